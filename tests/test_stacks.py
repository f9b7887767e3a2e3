"""Stacks of pieces (Ludii's stacking games): the engine's stacks (engine/stacks.py) and the
ludemes that use them, checked on small positions against Ludii's meaning, and the sample files
that stack pieces replayed against Ludii's own games."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path

import pytest

from interpreter import LudError, load
from interpreter.engine import stacks
from interpreter.engine.move import MOVE, Move
from interpreter.ludii import traces

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
if not SHARED.is_dir():
    SHARED = Path("/work/shared")
TRACES = SHARED / "ludii-traces" / "sample"
SAMPLE = SHARED / "ludii-sample"


def game(play: str, start: str = '(place Stack "Disc1" 0 count:3) (place "Disc2" 2)', extra: str = "",
         end: str = "(end (if (no Moves Next) (result Mover Win)))"):
    return load(f'''(game "Stacks" (players 2)
        (equipment {{(board (square 3)) (piece "Disc" Each (move Step (to if:(is Empty (to))))) {extra}}})
        (rules (start {{{start}}}) (play {play}) {end}))''')


def heights(state) -> list[int]:
    return [stacks.size(state, site) for site in range(state.game.topology.n)]


# --- the engine ------------------------------------------------------------------------------------------
def test_place_stack_puts_count_pieces_and_the_top_stays_in_what_and_who():
    g = game("(forEach Piece)")
    s = g.initial_state()
    assert g.stacking
    assert heights(s)[:3] == [3, 0, 1]
    assert s.what[0] == g.component_index["Disc1"] and s.who[0] == 1
    assert s.counts[1] == 3 and s.counts[2] == 1  # every piece of a stack counts


def test_push_pop_keep_levels_counts_and_undo():
    g = game("(forEach Piece)")
    s = g.initial_state()
    snap = s.snapshot()
    mark = s.mark()
    disc2 = g.component_index["Disc2"]
    stacks.push(s, 0, stacks.new_entry(s, disc2))
    assert stacks.size(s, 0) == 4 and s.who[0] == 2
    assert [stacks.who_at(s, 0, lv) for lv in range(4)] == [1, 1, 1, 2]
    assert s.counts[1] == 3 and s.counts[2] == 2
    stacks.remove_level(s, 0, 1)
    assert stacks.owners(s, 0) == [1, 1, 2] and s.counts[1] == 2
    stacks.move_stack(s, 0, 4)
    assert stacks.size(s, 0) == 0 and stacks.owners(s, 4) == [1, 1, 2]
    stacks.move_level(s, 4, 0, 8)
    assert stacks.owners(s, 4) == [1, 2] and stacks.owners(s, 8) == [1]
    assert s.counts[1] == 2 and s.counts[2] == 2
    s.rollback(mark)
    assert s.snapshot() == snap


def test_clone_pickle_and_position_text_keep_the_stacks():
    g = game("(forEach Piece)")
    s = g.initial_state()
    stacks.push(s, 2, stacks.new_entry(s, g.component_index["Disc1"]))
    text = s.to_text()
    assert "stacks:" in text and "Disc2, Disc1" in text
    back = g.state_from_text(text)
    assert back.snapshot() == s.snapshot()
    assert s.clone().snapshot() == s.snapshot()
    assert pickle.loads(pickle.dumps(s)).snapshot() == s.snapshot()
    assert "stacks (bottom first): A1 x x x, C1 o x" in str(s)


# --- moves in a stacking game ------------------------------------------------------------------------------
def test_a_step_moves_the_top_piece_onto_the_pieces_there():
    g = load('''(game "S" (players 2) (equipment {(board (square 3)) (piece "Disc" Each (move Step Orthogonal (to)))})
        (rules (start {(place Stack "Disc1" 0 count:2) (place "Disc2" 1)}) (play (forEach Piece top:True))
        (end (if (no Moves Next) (result Mover Win)))))''')
    s = g.initial_state()
    legal = sorted(m.text for m in s.legal_moves())
    assert legal == ["A1-A2", "A1-B1"]
    s.apply("A1-B1")  # onto P2's piece: it goes on top (nothing captured in a stacking game)
    assert stacks.owners(s, 1) == [2, 1] and stacks.owners(s, 0) == [1]
    s.undo()
    assert stacks.owners(s, 0) == [1, 1]


def test_stack_true_moves_the_whole_stack_and_says_so_in_its_text():
    g = load('''(game "S" (players 2) (equipment {(board (square 3)) (piece "Disc" Each
            (move Step Orthogonal (to if:(is Empty (to))) stack:True))})
        (rules (start {(place Stack "Disc1" 0 count:2) (place "Disc2" 8)}) (play (forEach Piece top:True))
        (end (if (no Moves Next) (result Mover Win)))))''')
    s = g.initial_state()
    assert sorted(m.text for m in s.legal_moves()) == ["A1-A2^", "A1-B1^"]
    s.apply("A1-B1^")
    assert stacks.size(s, 0) == 0 and stacks.owners(s, 1) == [1, 1]
    assert Move.from_text("A1-B1^", g).levels == (-1, -1, True)


def test_forEach_piece_visits_every_level_and_from_level_takes_that_piece():
    g = load('''(game "S" (players 2) (equipment {(board (square 3)) (piece "Disc" Each
            (move (from (from) level:(level)) (to (sites Empty))))})
        (rules (start {(place Stack items:{"Disc2" "Disc1" "Disc1"} 0)}) (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))))''')
    s = g.initial_state()
    froms = sorted({m.text.split("-")[0] for m in s.legal_moves()})
    assert froms == ["A1/1", "A1/2"]  # P1's pieces at levels 1 and 2, not P2's at 0
    s.apply("A1/1-C3")
    assert stacks.owners(s, 0) == [2, 1] and stacks.owners(s, 8) == [1]


def test_a_from_level_with_stack_true_moves_that_piece_alone():
    # Ludii's FromTo: with a from's level (and no to's level), stack:True is not the whole stack
    g = load('''(game "S" (players 2) (equipment {(board (square 3)) (piece "Disc" Each
            (move (from (from) level:(level)) (to (sites Empty)) stack:True))})
        (rules (start {(place Stack items:{"Disc1" "Disc2" "Disc2"} 0)}) (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))))''')
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == 8))  # P1's piece, at the bottom
    assert stacks.owners(s, 0) == [2, 2] and stacks.owners(s, 8) == [1]


def test_pieces_entering_from_a_hand_with_stack_true_are_stacked_not_counted():
    g = load('''(game "S" (players 2) (equipment {(board (rectangle 1 4)) (hand Each)
            (piece "Marker" Each (move (from (from) level:(level))
                (to (if (= (from) (handSite Mover)) 1 (+ (from) 1))) stack:True))})
        (rules (start (place "Marker" "Hand")) (play (or (forEach Piece) (forEach Piece container:(mover))))
        (end (if (no Moves Next) (result Mover Win)))))''')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])  # P1 enters B1
    s.apply(s.legal_moves()[0])  # P2 enters B1, onto P1's marker
    assert stacks.owners(s, 1) == [1, 2]
    moves = [m for m in s.legal_moves() if m.frm == 1]  # P1 moves its own marker, from under P2's
    assert len(moves) == 1
    s.apply(moves[0])
    assert stacks.owners(s, 1) == [2] and stacks.owners(s, 2) == [1]


def test_hop_capture_removes_only_the_top_piece_of_a_stack():
    g = load('''(game "S" (players 2) (equipment {(board (square 3)) (piece "Disc" Each
            (move Hop Orthogonal (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                (to if:(is Empty (to)))))})
        (rules (start {(place Stack "Disc2" 1 count:3) (place "Disc1" 0)}) (play (forEach Piece top:True))
        (end (if (no Moves Next) (result Mover Win)))))''')
    s = g.initial_state()
    s.apply("A1-C1")
    assert stacks.size(s, 1) == 2 and s.counts[2] == 2


# --- values ---------------------------------------------------------------------------------------------------
def run_end(body: str, start: str) -> bool:
    """Whether an end condition holds in the start position (the first move ends the game)."""
    g = load(f'''(game "S" (players 2) (equipment {{(board (square 3)) (piece "Disc" Each)}})
        (rules (start {{{start}}}) (play (move Pass))
        (end (if {body} (result Mover Win)))))''')
    s = g.initial_state()
    s.apply("pass")
    return s.is_over()


START = '(place Stack items:{"Disc2" "Disc1" "Disc1"} 0) (place "Disc2" 8) (place Stack "Disc1" 4 state:5)'


@pytest.mark.parametrize("body, holds", [
    ("(= 3 (size Stack at:0))", True),
    ("(= 4 (size Stack in:(sites {0 8})))", True),
    ("(= 2 (topLevel at:0))", True),
    ("(= 0 (topLevel at:4))", True),
    ("(= 0 (topLevel at:5))", True),
    # (what at:) is the bottom piece in a stacking game, as in Ludii; level -1 is the top
    ("(= (what at:0 level:1) (id \"Disc1\"))", True),
    ("(= (what at:0 level:3) 0)", True),
    ("(= (what at:0) (id \"Disc\" P2))", True),
    ("(= (what at:0 level:-1) (id \"Disc\" P1))", True),
    ("(= (who at:0) 1)", True),
    ("(= (who at:0 level:0) 2)", True),
    ("(= (who at:0 level:5) 0)", True),
    ("(= 2 (count Stack at:0 if:(= (who at:(to) level:(level)) 1)))", True),
    ("(= 2 (count Stack FromTop at:0 stop:(= (who at:(to) level:(level)) 2)))", True),
    ("(= 0 (count Stack at:0 stop:(= (who at:(to) level:(level)) 2)))", True),
    ("(= 1 (where Level \"Disc\" P1 at:0))", True),
    ("(= 2 (where Level \"Disc\" P1 at:0 fromTop:True))", True),
    ("(= -1 (where Level \"Disc\" P2 at:4))", True),
    ("(= 5 (state at:4))", True),
    ("(= 0 (state at:0))", True),
    ("(= 5 (state at:4 level:0))", True),
    ("(is In 0 (sites Occupied by:P1))", True),
    ("(is In 0 (sites Occupied by:P2))", False),
    ("(is In 0 (sites Occupied by:P2 top:False))", True),
    ("(is In 0 (sites Occupied by:Enemy top:False))", True),  # a role: each level's owner
    ("(is In 4 (sites Occupied by:Enemy top:False))", False),
    ("(is In 4 (sites Occupied by:Friend top:False))", True),
    ("(= 2 (count Sites in:(sites Occupied by:Enemy top:False)))", True),
])
def test_values_of_stacks(body, holds):
    assert run_end(body, START) is holds


def test_forEach_level_and_remove_level_and_count():
    g = load('''(game "S" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
        (rules (start {(place Stack items:{"Disc2" "Disc1" "Disc2" "Disc1"} 0) (place Stack "Disc1" 8 count:4)})
        (play (move Pass (then (and (forEach Level 0 FromTop (if (is Enemy (who at:0 level:(level)))
                                                             (remove 0 level:(level))))
                                     (remove 8 count:3)))))
        (end (if (no Moves Next) (result Mover Win)))))''')
    s = g.initial_state()
    s.apply("pass")  # P1 moves: P2's pieces of the stack on A1 go
    assert stacks.owners(s, 0) == [1, 1]
    assert stacks.size(s, 8) == 1


def test_add_with_stack_and_count_puts_pieces_on_top():
    g = load('''(game "S" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
        (rules (start {(place "Disc2" 0)})
        (play (move Add (to (sites {0})) count:2 stack:True))
        (end (if (no Moves Next) (result Mover Win)))))''')
    s = g.initial_state()
    s.apply("A1")
    assert stacks.owners(s, 0) == [2, 1, 1]


def test_stacks_are_refused_where_they_make_no_sense():
    with pytest.raises(LudError):
        load('''(game "S" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
            (rules (start {(place Stack "Disc1" 0 count:2 counts:{1})}) (play (move Pass))
            (end (if (no Moves Next) (result Mover Win)))))''')


def test_games_without_stacks_do_not_stack():
    g = load("tic-tac-toe")
    assert not g.stacking
    assert "stack" not in g.arrays


# --- Ludii's own games ---------------------------------------------------------------------------------
def _replay(name: str) -> None:
    trace = json.loads((TRACES / f"{name}_seed101.json").read_text(encoding="utf-8"))
    found = traces.replay(trace, load(SAMPLE / trace["sample_file"], options=trace["options"]))
    assert found.agree, str(found)


@pytest.mark.parametrize("name", ["board__hunt__Mao Naga Tiger Game",
                                  "board__war__replacement__eliminate__target__King And Courtesan"])
def test_ludii_stacking_games_agree_with_ludii(name):
    if not TRACES.is_dir():
        pytest.skip(f"{TRACES} not present")
    _replay(name)


def test_random_playouts_of_stacking_games_undo_exactly():
    g = load(SAMPLE / "board__war__replacement__eliminate__target__King And Courtesan.lud") \
        if SAMPLE.is_dir() else None
    if g is None:
        pytest.skip("no sample")
    s = g.initial_state()
    first = s.snapshot()
    rng = random.Random(7)
    while not s.is_over() and len(s.history) < 60:
        s.play_random(rng)
    while s.history:
        s.undo()
    assert s.snapshot() == first
    assert isinstance(Move(MOVE, 0, 1, levels=(1, -1, False)).key(), tuple)


def test_move_remove_takes_a_level_or_the_top_pieces():
    g = load('''(game "S" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
        (rules (start {(place Stack items:{"Disc2" "Disc1" "Disc1"} 0) (place Stack "Disc1" 8 count:3)})
        (play (or (move Remove 0 level:0) (move Remove 8 count:2)))
        (end (if (no Moves Next) (result Mover Win)))))''')
    s = g.initial_state()
    assert sorted(m.text for m in s.legal_moves()) == ["xA1/0", "xC3"]
    s.apply("xA1/0")
    assert stacks.owners(s, 0) == [1, 1]
    s.undo()
    s.apply("xC3")
    assert stacks.size(s, 8) == 1


def test_lasca_like_captures_go_under_the_capturing_stack():
    defines = SHARED / "ludii-defines"
    if not defines.is_dir():
        pytest.skip("no Ludii defines")
    g = load('''(game "L" (players 2) (equipment {(board (square 3)) (piece "Counter" Each)})
        (rules (start {(place "Counter1" 0) (place Stack "Counter2" 4 count:2)})
        (play (forEach Piece "Counter" ("HopStackEnemyCaptureTop" Diagonal) top:True))
        (end (if (no Moves Next) (result Mover Win)))))''', defines=[defines])
    s = g.initial_state()
    assert [m.text for m in s.legal_moves()] == ["A1-C3^"]
    s.apply("A1-C3^")
    assert stacks.owners(s, 8) == [2, 1] and stacks.owners(s, 4) == [2]
    assert s.counts[1] == 1 and s.counts[2] == 2


def test_last_level_from_and_to():
    g = load('''(game "S" (players 2) (equipment {(board (square 3)) (piece "Disc" Each
            (move Step Orthogonal (to) (then (if (and (= 2 (last LevelFrom)) (= 0 (last LevelTo)))
                                                 (set Score Mover 1)))))})
        (rules (start {(place Stack "Disc1" 0 count:3) (place "Disc2" 8)}) (play (forEach Piece top:True))
        (end (if (no Moves Next) (result Mover Win)))))''')
    s = g.initial_state()
    s.apply("A1-B1")  # the top piece was at level 2; a step says no level to go to (Ludii's 0)
    assert s.scores[1] == 1


def test_a_stacked_piece_moved_onto_a_plain_hand_joins_its_count():
    # a stacking game's hands hold stacks (Ludii's containers): a piece moved there is one more
    from interpreter.engine.stacks import size
    g = load('''(game "T" (players 2) (equipment {(board (square 2)) (piece "Disc" Each) (hand Each)})
     (rules (start {(place Stack "Disc1" 0 count:2) (place Stack "Disc2" 3)})
     (play (move (from (sites Occupied by:Mover)) (to (sites Occupied by:Next)
                 (apply (fromTo (from (to)) (to (handSite (who at:(to)))))))))
     (end (if (no Moves Mover) (result Mover Loss)))))''')
    s = g.initial_state()
    hand2 = g.topology.n + 1
    assert size(s, hand2) == 0
    s.apply(s.legal_moves()[0])  # the Disc2 captured goes to its owner's hand
    assert size(s, hand2) == 1 and s.arrays["hand_sites"][1] == g.component_index["Disc2"]
