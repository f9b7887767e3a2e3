"""Ludii's own war, hunt and race files (``../shared/ludii-sample/``), loaded unmodified: pieces
that step, slide and leap, facings, captures by replacement and by hopping, promotion, threats
and checkmate. Each position below was worked out by hand from the rules (Ludii's classes:
Slide, Leap, Step, IsThreatened, Promote; the library's defines)."""

from __future__ import annotations

import random

import pytest

from conftest import LUDII_SAMPLE
from interpreter import load

pytestmark = pytest.mark.skipif(not LUDII_SAMPLE.is_dir(), reason=f"{LUDII_SAMPLE} not present")

_GAMES: dict[str, object] = {}


def game(name: str, options: tuple[str, ...] = ()):
    key = (name, options)
    if key not in _GAMES:
        _GAMES[key] = load(str(LUDII_SAMPLE / f"{name}.lud"), options=list(options))
    return _GAMES[key]


def position(g, pieces: dict[str, str], mover: int = 1):
    text = f"mover: {mover}\npieces: {{{', '.join(f'{k}: {v}' for k, v in pieces.items())}}}\n"
    return g.state_from_text(text)


def moves(state) -> set[str]:
    return {m.text for m in state.legal_moves()}


# --- leaps, forward only; capture by replacement --------------------------------------------------
def test_knightthrough_knights_leap_forward_and_capture_by_replacement():
    g = game("board__race__reach__Knightthrough")
    state = g.initial_state()
    # rows 1-2 of knights: 14 + 12 leaps from row 2, 14 from row 1 (row 2 is friendly)
    assert len(state.legal_moves()) == 40
    assert all(g.topology.rows[m.to] > g.topology.rows[m.frm] for m in state.legal_moves())
    state = position(g, {"D4": "Knight1", "E6": "Knight2", "C6": "Knight1", "A8": "Knight2"})
    assert moves(state) == {"D4-B5", "D4-C6", "D4-E6", "D4-F5", "C6-A7", "C6-B8", "C6-D8", "C6-E7"} - {"D4-C6"}
    state.apply("D4-E6")  # the knight on E6 is taken, the leaper takes its place
    assert state.counts[2] == 1 and g.components[state.what[g.topology.site("E6")]].name == "Knight1"
    state.apply("A8-B6")
    state.apply("C6-D8")  # a knight on the far row wins
    assert state.result().winners == [1]


# --- steps onto enemies; no moves loses -------------------------------------------------------------
def test_clobber_every_piece_can_clobber_its_neighbours():
    g = game("board__war__replacement__stalemate__Clobber")
    state = g.initial_state()
    assert len(state.legal_moves()) == 2 * 10 * 9  # one move per orthogonal pair of a 10x10 board
    move = state.legal_moves()[0]
    state.apply(move)
    assert state.counts == [0, 50, 49]
    small = game("board__war__replacement__stalemate__Clobber", ("Rows/1", "Columns/3"))
    state = small.initial_state()  # x o x (phase 1 first: A1 is P1's)
    state.apply(sorted(moves(state))[0])
    assert state.is_over() and state.result().winners == [1]  # P2 cannot move


# --- slides with capture, leaps, kings; stalemate --------------------------------------------------
def test_1d_chess_opening_moves_and_a_stalemate():
    g = game("board__war__replacement__checkmate__chess__1D Chess")
    state = g.initial_state()
    # king A1 is blocked; knight B1 leaps two to D1; rook C1 slides to D1, E1 or takes on F1
    assert moves(state) == {"B1-D1", "C1-D1", "C1-E1", "C1-F1"}
    state.apply("C1-F1")
    # Black's knight G1 is pinned against its king (rook F1 would see H1), its king hemmed in
    assert moves(state) == {"pass"}
    state.apply("pass")
    assert state.result().draw


# --- check, checkmate, promotion ------------------------------------------------------------------
def test_los_alamos_checkmate_and_no_moving_into_check():
    g = game("board__war__replacement__checkmate__chess__Los Alamos Chess")
    state = position(g, {"C5": "King1", "B1": "Queen1", "A6": "King2"})
    # the white king may not step next to the black king (B5, B6 are attacked by it)
    assert {m for m in moves(state) if m.startswith("C5")} == {"C5-B4", "C5-C4", "C5-C6", "C5-D4", "C5-D5",
                                                               "C5-D6"}
    state.apply("B1-B6")  # protected by the king: mate
    assert state.is_over() and state.result().winners == [1]


def test_los_alamos_pawn_promotes_on_the_far_row_by_choice():
    g = game("board__war__replacement__checkmate__chess__Los Alamos Chess")
    state = position(g, {"A1": "King1", "E5": "Pawn1", "A6": "King2", "F6": "Rook2"})
    assert {"E5-E6", "E5-F6"} <= moves(state)  # forward onto empty, diagonally forward onto an enemy
    assert "E5-D6" not in moves(state)
    state.apply("E5-F6")
    assert state.mover == 1  # the same turn: the pawn is promoted
    assert moves(state) == {"Queen1@F6", "Knight1@F6", "Rook1@F6"}
    state.apply("Knight1@F6")
    assert g.components[state.what[g.topology.site("F6")]].name == "Knight1" and state.mover == 2


@pytest.mark.parametrize("name", [
    "board__race__reach__Jeson Mor", "board__race__reach__Knightthrough",
    "board__war__leaping__lines__Felli", "board__war__leaping__orthogonal__Xarajlt",
    "board__war__replacement__checkmate__chaturanga__Saxun",
    "board__war__replacement__checkmate__chess__Half Chess",
    "board__war__replacement__checkmate__chess__Viking Chess",
    "board__war__replacement__checkmate__shogi__Tobi Shogi",
    "board__war__replacement__eliminate__all__Addi Kul",
    "board__war__replacement__eliminate__target__Capture the Queen",
])
def test_random_moves_are_legal_and_undo_restores(name):
    g = game(name)
    state = g.initial_state()
    start = state.snapshot()
    rng = random.Random(7)
    for _ in range(12):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_moves()))
    while state.history:
        state.undo()
    assert state.snapshot() == start


# --- moves to the farthest site in sight ------------------------------------------------------------
def test_kings_valley_pieces_slide_as_far_as_they_can():
    g = game("board__race__reach__King's Valley")
    state = g.initial_state()
    # the king on C1: up to C4 (C5 is taken), diagonally to A3 and E3; sideways is blocked
    assert {m for m in moves(state) if m.startswith("C1")} == {"C1-A3", "C1-C4", "C1-E3"}
    assert len(state.legal_moves()) == 13  # 2 + 3 + 3 + 3 + 2 from A1 ... E1
    state = position(g, {"C2": "King1", "A1": "Disc1", "E5": "King2", "A5": "Disc2"})
    # one step is not a move: it must go as far as it can (C5, not C3)
    assert {m for m in moves(state) if m.startswith("C2")} == {"C2-A2", "C2-A4", "C2-B1", "C2-C1", "C2-C5",
                                                               "C2-D1", "C2-E2", "C2-E4"}
    state = position(g, {"C1": "King1", "C4": "Disc2", "E5": "King2"})
    state.apply("C1-C3")  # stops in front of the disc: on the centre, the king wins
    assert state.result().winners == [1]


# --- pawns: double step from the start, en passant ---------------------------------------------------
def test_pawn_game_double_step_and_en_passant():
    g = game("board__race__reach__The Pawn Game")
    state = g.initial_state()
    assert len(state.legal_moves()) == 16  # each pawn one or two steps (from its start square)
    for move in ("E2-E4", "D7-D5", "E4-E5", "F7-F5"):
        state.apply(move)
    # F5 just passed E5's capture square: E5 may take it en passant on F6, this move only
    assert {m for m in moves(state) if m.startswith("E5")} == {"E5-E6", "E5-F6"}
    state.apply("E5-F6")
    assert not state.what[g.topology.site("F5")] and state.counts == [0, 8, 7]
    state = g.initial_state()
    for move in ("E2-E4", "F7-F5", "E4-E5", "A7-A6"):
        state.apply(move)
    assert "E5-F6" not in moves(state)  # too late


# --- captures that convert, turtle walks that leave a trail ------------------------------------------
def test_crusade_converts_the_neighbours_of_a_capture():
    g = game("board__war__replacement__eliminate__all__Crusade")
    state = position(g, {"C3": "Ball1", "C4": "Ball2", "D4": "Ball2", "B5": "Ball2", "H8": "Ball2", "A1": "Ball1"})
    state.apply("C3-C4")  # takes C4, then every enemy around C4 becomes P1's
    owners = {label: state.who[g.topology.site(label)] for label in ("C4", "D4", "B5", "H8")}
    assert owners == {"C4": 1, "D4": 1, "B5": 1, "H8": 2}


def test_knights_tour_leaves_a_trail():
    g = game("puzzle__planning__Knight's Tour")
    state = g.initial_state()
    assert len(state.legal_moves()) == 64
    state.apply("A1")
    assert moves(state) == {"A1-B3", "A1-C2"}
    state.apply("A1-C2")  # the knight leaves a piece where it was
    assert state.what[g.topology.site("A1")] and moves(state) == {"C2-A3", "C2-B4", "C2-D4", "C2-E3", "C2-E1"}


def test_doov_counters_step_and_capture_forwards_only():
    g = game("board__war__leaping__diagonal__Doov")
    state = g.initial_state()
    assert moves(state) == {"B2-A3", "B2-C3", "D2-C3", "D2-E3", "F2-E3", "F2-G3", "H2-G3"}
    state.apply("B2-C3")
    assert {m for m in moves(state) if m.startswith("A7")} == {"A7-B6"}  # P2's forward is south


# --- intervention and corner surrounds ----------------------------------------------------------------
def test_maak_yek_intervention_takes_both_flanking_enemies():
    g = game("board__war__custodial__Maak Yek")
    state = position(g, {"D1": "Marker1", "C4": "Marker2", "E4": "Marker2", "D5": "Marker2", "H8": "Marker2",
                         "A8": "Marker1"})
    state.apply("D1-D4")  # between C4 and E4: both go; D5 has no partner on D3 and stays
    assert [g.topology.labels[i] for i, w in enumerate(state.who) if w == 2] == ["D5", "H8"]


def test_hasami_shogi_a_corner_piece_is_taken_by_surrounding():
    g = game("board__war__replacement__checkmate__shogi__Hasami Shogi")
    state = position(g, {"A2": "Fuhyo1", "B9": "Fuhyo1", "A9": "Tokin2", "E5": "Tokin2", "E1": "Fuhyo1",
                         "H5": "Tokin2"})  # Ludii's names: the owner's number after the name
    state.apply("A2-A8")  # A9's two neighbours are now P1's
    assert not state.what[g.topology.site("A9")] and state.counts[2] == 2
    state.apply("H5-F5")
    state.apply("E1-E4")  # one side only: no custodial capture
    assert state.counts[2] == 2


# --- pieces of one name per player, each facing its own way; leaving the board ----------------------
def test_dodgem_cars_face_their_own_way_and_leave_the_board():
    g = game("board__race__escape__Dodgem")
    state = g.initial_state()
    # P1's cars face east: forward E, leftward N, rightward S
    assert moves(state) == {"A2-A1", "A2-B2", "A3-B3"}
    state.apply("A2-B2")
    assert moves(state) == {"B1-A1", "C1-C2"}  # P2's face north
    state = position(g, {"C2": "Car1", "A3": "Car1", "B1": "Car2"})
    assert moves(state) == {"A3-A2", "A3-B3", "xC2"}  # a car on the far side may leave
    state.apply("xC2")
    assert state.counts == [0, 1, 1] and not state.what[g.topology.site("C2")]


def test_ataxx_clones_stay_and_jumps_leave():
    g = game("board__space__territory__Ataxx")
    state = position(g, {"D4": "Marker1", "A1": "Marker2", "G7": "Marker2"})
    texts = moves(state)
    # clone one step, jump two: both read FROM-TO, as Ludii's moves (a copy: True move too)
    assert "D4-F6" in texts and "D4-C3" in texts and "C3" not in texts
    state.apply("D4-C3")  # the clone leaves its parent where it was
    assert state.who[g.topology.site("D4")] == 1 and state.who[g.topology.site("C3")] == 1
    state = position(g, {"D4": "Marker1", "A1": "Marker2", "G7": "Marker2"})
    state.apply("D4-F6")  # the jump leaves
    assert state.who[g.topology.site("D4")] == 0 and state.who[g.topology.site("F6")] == 1


# --- hops at a distance (flying kings) ----------------------------------------------------------------
def test_makvoer_a_king_captures_from_afar_and_lands_beyond():
    g = game("board__war__leaping__diagonal__Makvoer")
    state = position(g, {"A1": "DoubleCounter1", "D4": "Counter2", "G7": "Counter2", "H1": "Counter2"})
    # it slides along any line, or hops over D4 from afar, landing on E5 or F6 (G7 stops it)
    assert {m for m in moves(state) if m in ("A1-C3", "A1-E5", "A1-F6", "A1-H8")} == {"A1-C3", "A1-E5", "A1-F6"}
    state.apply("A1-F6")
    assert not state.what[g.topology.site("D4")] and state.counts[2] == 2


# --- lines with gaps ------------------------------------------------------------------------------------
def test_three_musketeers_in_one_column_lose_even_apart():
    g = game("board__hunt__Three Musketeers")
    state = g.initial_state()
    assert len(state.legal_moves()) == 8  # each musketeer takes an orthogonal neighbour
    state = position(g, {"A1": "Musketeer", "A3": "Musketeer", "B5": "Musketeer", "A5": "Enemy", "B1": "Enemy"})
    state.apply("B5-A5")  # A1, A3, A5: one column, with gaps
    assert state.result().winners == [2]


# --- sites along lines, conditions on every site of a region --------------------------------------------
def test_first_attack_a_ball_goes_where_no_line_meets_another():
    g = game("board__space__blocking__First Attack")
    state = g.initial_state()
    assert len(state.legal_moves()) == 64
    state.apply("Ball@D4")  # a shared ball, named in the move
    # not on D4's row (7), column (7) nor diagonals (7 + 6)
    assert len(state.legal_moves()) == 64 - 1 - 27
    assert "Ball@H8" not in moves(state) and "Ball@E6" in moves(state)


# --- pieces removed at the end of the turn -------------------------------------------------------------
HOPS = """(define "Jumpable" (and (not (is In (between) (sites ToClear))) (is Enemy (who at:(between)))))
(define "Again" (then (if (can Move (hop (from (last To)) (between if:"Jumpable") (to if:(is Empty (to)))))
    (moveAgain))))
(game "Sequence" (players 2)
    (equipment {(board (square 5)) (piece "Marker" Each
        (move Hop (between if:"Jumpable" (apply (remove (between) at:EndOfTurn))) (to if:(is Empty (to))) "Again"))})
    (rules (start {(place "Marker1" {"A1"}) (place "Marker2" {"A2" "B3" "E5"})})
        (play (if (is Prev Mover)
            (move Hop (from (last To)) (between if:"Jumpable" (apply (remove (between) at:EndOfTurn)))
                (to if:(is Empty (to))) "Again")
            (forEach Piece)))
        (end (if (no Pieces Next) (result Mover Win)))))"""


def test_pieces_removed_at_the_end_of_the_turn_stay_until_then():
    g = load(HOPS)
    state = g.initial_state()
    state.apply("A1-A3")
    a2 = g.topology.site("A2")
    assert state.mover == 1 and state.what[a2]  # jumped, marked, still there
    assert moves(state) == {"A3-C3"}  # and not jumped again (back over A2)
    state.apply("A3-C3")
    assert not state.what[a2] and not state.what[g.topology.site("B3")] and state.mover == 2
    state.undo()
    assert state.what[a2] and state.arrays["to_clear"][a2] == 1


# --- no repeated positions ----------------------------------------------------------------------------
SHUFFLE = """(game "Shuffle" (players 2)
    (equipment {(board (rectangle 1 4)) (piece "Disc" Each (move Step Orthogonal (to if:(is Empty (to)))))})
    (rules (meta (no Repeat)) (start {(place "Disc1" {"A1"}) (place "Disc2" {"D1"})})
        (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))"""


def test_no_repeat_forbids_a_move_back_to_a_position_seen_before():
    g = load(SHUFFLE)
    state = g.initial_state()
    start = state.snapshot()
    for move in ("A1-B1", "D1-C1", "B1-A1"):
        state.apply(move)
    assert moves(state) == {"C1-B1"}  # C1-D1 would bring back the starting position
    assert moves(state.clone()) == {"C1-B1"}
    for _ in range(3):
        state.undo()
    assert state.snapshot() == start
    free = load(SHUFFLE.replace("(meta (no Repeat)) ", ""))
    state = free.initial_state()
    for move in ("A1-B1", "D1-C1", "B1-A1"):
        state.apply(move)
    assert moves(state) == {"C1-B1", "C1-D1"}
