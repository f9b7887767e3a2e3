"""Ludii's int functions (issue 24, the ``ints`` family): each form on a small position, its value
read where Ludii reads it. A value is observed by a game that sets the mover's score to it after
every move (``(then (set Score Mover <value>))``)."""

from __future__ import annotations

import pytest

from interpreter import load
from interpreter.errors import LudError

SQUARE3 = '(board (square 3)) (piece "Disc" Each)'


def scored(value: str, moves: tuple[str, ...] = ("A1",), equipment: str = SQUARE3, start: str = "",
           play: str = "(move Add (to (sites Empty)) (then (set Score Mover {value})))", players: int = 2,
           player: int = 0) -> int:
    """The value of ``value`` right after the last of ``moves`` (each mover's score is set to it)."""
    start_rule = f"(start {start})" if start else ""
    g = load(f'(game "T" (players {players}) (equipment {{{equipment}}}) (rules {start_rule} '
             f'(play {play.format(value=value)}) (end (if (is Full) (result All Draw)))))')
    s = g.initial_state()
    for move in moves:
        s.apply(move)
    if player:
        return s.scores[player]
    return s.scores[1 + (len(moves) - 1) % players]  # players alternate: the last mover's score


# --- counts of what the game is at --------------------------------------------------------------------
def test_simple_counts_take_a_site_type_and_ignore_it():
    assert scored("(count Players Cell)") == 2
    assert scored("(count Moves Vertex)", ("A1", "B1")) == 2
    assert scored("(count MovesThisTurn Cell)") == 0
    assert scored("(count Active Edge)") == 2


def test_count_of_the_board_elements():
    assert scored("(count Cells)") == 9
    assert scored("(count Vertices)") == 16
    assert scored("(count Edges)") == 24
    assert scored("(count Edges Vertex)") == 24  # the site type is ignored, as in Ludii


def test_count_of_neighbours_of_one_site():
    # A1 is a corner of a square board: 3 adjacent (orthogonal and diagonal), 2 orthogonal, 1 diagonal
    assert scored("(count Adjacent)", ("A1",)) == 3
    assert scored("(count Orthogonal at:(last To))", ("A1",)) == 2
    assert scored("(count Diagonal in:(sites {4}))", ("A1",)) == 4
    assert scored("(count Adjacent at:4)", ("A1",)) == 8
    assert scored("(count Off at:4)", ("A1",)) == 0
    assert scored('(count Orthogonal "ignored" at:1)', ("A1",)) == 3


def test_count_of_neighbours_of_an_edge_counts_the_edges_at_both_ends():
    # on a square 3 board of cells, edge 0 joins two corner-ish vertices: Ludii adds both ends' edges
    from interpreter.engine.elements import Elements  # noqa: F401  (the tables read)
    g = load(f'(game "T" (players 2) (equipment {{{SQUARE3}}}) (rules (play (move Add (to (sites Empty)))) '
             '(end (if (is Full) (result All Draw)))))')
    els = g.topology.elements
    a, b = els.edges[0]
    want = len(els.vertex_edges[a]) + len(els.vertex_edges[b])
    assert scored("(count Adjacent Edge at:0)") == want
    assert scored("(count Off Edge at:0)") == 0


def test_count_of_neighbours_outside_the_board_is_undefined():
    assert scored("(count Adjacent at:99)") == -1


# --- count Sites, count Pieces, count ------------------------------------------------------------------
def test_count_sites_at_counts_the_sites_of_the_container_of_the_site():
    assert scored("(count Sites at:(last To))") == 9
    assert scored("(count Sites Cell in:(sites Empty))", ("A1", "B1")) == 7
    assert scored("(count Sites)") == 1  # Ludii's region of the last move's site
    hands = SQUARE3 + " (hand Each size:3)"
    assert scored("(count Sites at:(handSite P2 1))", equipment=hands) == 3


def test_count_pieces_of_a_player_by_number_and_with_a_condition_on_the_site():
    moves = ("A1", "A2", "B1", "C3")  # P1: A1, B1; P2: A2, C3
    assert scored("(count Pieces of:1)", moves) == 2
    assert scored("(count Pieces of:(next))", moves) == 2
    assert scored("(count Pieces Cell P1)", moves) == 2
    # (site) is the site of each piece counted: P2's pieces in the top row
    assert scored("(count Pieces of:2 if:(is In (site) (sites Top)))", moves) == 1
    assert scored("(count Pieces if:(is In (site) (sites Bottom)))", moves) == 2
    assert scored('(count Pieces All "Disc" if:(!= (site) 0))', moves) == 3


def test_count_pieces_refuses_both_a_role_and_of():
    with pytest.raises(LudError, match="role or of:"):
        scored("(count Pieces P1 of:1)")


def test_count_of_pieces_on_a_site_defaults_to_the_last_move_and_ignores_a_string():
    assert scored("(count)") == 1
    assert scored('(count "ignored" at:(last To))') == 1
    assert scored("(count in:(sites Board))", ("A1", "A2")) == 2


def test_count_in_a_stacking_game_counts_the_stack():
    stacking = '(board (square 3)) (piece "Disc" Each)'
    g = load(f'(game "T" (players 2) (equipment {{{stacking}}}) (rules (start (place Stack "Disc1" 0 count:3)) '
             '(play (move Add (to (sites Board)) stack:True (then (set Score Mover (count at:(last To)))))) '
             '(end (if (= (count Moves) 4) (result All Draw)))))')
    s = g.initial_state()
    s.apply("A1")
    assert s.scores[1] == 4


# --- a player as (player N) ----------------------------------------------------------------------------
def test_score_amount_and_territory_take_ludii_player():
    assert scored("(+ 5 (score (player 1)))", ("A1",)) == 5
    assert scored("(size Territory (player 2))", ("A1",)) == 0
    assert scored("(size Territory (player 1))", ("A1",)) == 8


# --- groups --------------------------------------------------------------------------------------------
# P1 at A1, B1 (a group of 2 orthogonally) and A3; P2 at C1, C3
GROUPS = ("A1", "C1", "B1", "C3", "A3")


def test_count_groups_with_a_least_size_and_a_site_type():
    assert scored("(count Groups Orthogonal if:(= (who at:(to)) 1))", GROUPS) == 2
    assert scored("(count Groups Cell Orthogonal if:(= (who at:(to)) 1) min:2)", GROUPS) == 1
    assert scored("(count Groups Orthogonal min:3)", GROUPS) == 1  # A1 B1 C1, any owner's
    assert scored("(count Groups Orthogonal min:4)", GROUPS) == 0
    assert scored("(count Groups Orthogonal if:(= (who at:(to)) 1) isVisible:True)", GROUPS) == 2  # ignored


def test_count_size_biggest_group():
    assert scored("(count SizeBiggestGroup Orthogonal if:(= (who at:(to)) 1))", GROUPS) == 2
    assert scored("(count SizeBiggestGroup Orthogonal)", GROUPS) == 3
    assert scored("(count SizeBiggestGroup)", ("A1", "C3", "B2")) == 3  # Adjacent: diagonals join
    assert scored("(count SizeBiggestGroup Orthogonal)", ("A1", "C3", "B2")) == 1
    assert scored("(count SizeBiggestGroup if:(= (who at:(to)) 2))", GROUPS) == 1
    # isVisible (Ludii's test for pyramid boards) changes nothing on a small flat board
    assert scored("(count SizeBiggestGroup Orthogonal isVisible:True)", GROUPS) == 3


def test_size_group_joins_the_same_kind_of_piece_or_sites_meeting_the_condition():
    # a group of the same piece as the site's (Disc1 A1, B1; C1 holds Disc2, another piece)
    assert scored("(size Group at:0 Orthogonal)", GROUPS) == 2
    shared = '(board (square 3)) (piece "Disc" Shared)'
    assert scored("(size Group at:0 Orthogonal)", GROUPS, equipment=shared,
                  play='(move Add (piece "Disc0") (to (sites Empty)) (then (set Score Mover {value})))') == 3
    assert scored("(size Group at:0 Orthogonal if:(= (who at:(to)) 1))", GROUPS) == 2
    assert scored("(size Group at:4)", ("A1",)) == 8  # an empty site: the empty sites joined to it
    assert scored("(size Group at:4 if:(is Occupied (to)))", ("A1",)) == 0
    assert scored("(size Group at:99)", ("A1",)) == 0


# --- where, * ----------------------------------------------------------------------------------------
def test_where_with_a_local_state_and_a_site_type():
    # every piece gets the state of the number of moves played: A1 has 1, B1 3 (P1's)
    play = ("(move Add (to (sites Empty)) (then (and (set State at:(last To) (count Moves)) "
            "(set Score Mover {value}))))")
    moves = ("A1", "A2", "B1", "B2")
    assert scored('(where "Disc" P1 state:3)', moves, play=play) == 1
    assert scored('(where "Disc" P1 state:1 Cell)', moves, play=play) == 0
    assert scored('(where "Disc" P1 state:2)', moves, play=play) == -1
    assert scored('(where "Disc" P2)', moves, play=play) == 3


def test_where_in_a_stacking_game_looks_at_every_level():
    g = load('(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) '
             '(rules (start {(place Stack "Disc1" 4) (place Stack "Disc2" 4)}) '
             '(play (move Add (to (sites Board)) stack:True (then (set Score Mover (where (id "Disc" P1)))))) '
             '(end (if (= (count Moves) 4) (result All Draw)))))')
    s = g.initial_state()
    s.apply("C3")
    assert s.scores[1] == 4  # under P2's disc, on B2


def test_product_of_an_array():
    assert scored("(* (values Group Orthogonal if:(is Mover (who at:(to))) (count Sites in:(sites))))", GROUPS) == 2
    assert scored("(* 3 (values Group Orthogonal if:(is Mover (who at:(to))) (count Sites in:(sites))))", GROUPS) == 6
    assert scored("(* 2 3 4)") == 24


# --- count Liberties -----------------------------------------------------------------------------------
def test_count_liberties_of_the_group_of_the_same_piece_and_with_a_condition():
    # P1 at A1, B1; P2 at C1, C3; P1 at A3: the group A1 B1 has A2, B2 free
    assert scored("(count Liberties at:0 Orthogonal)", GROUPS) == 2
    assert scored("(count Liberties Orthogonal)", GROUPS) == 2  # A3: A2 and B3
    assert scored("(count Liberties at:0 Orthogonal if:(!= (to) 1))", GROUPS) == 1  # A1 alone: A2
    assert scored("(count Liberties at:0 Orthogonal if:(!= (to) 0))", GROUPS) == 0  # A1 fails: no group
    assert scored("(count Liberties at:4 Orthogonal)", GROUPS) == 0  # an empty site


# --- phase, layer, rotation ----------------------------------------------------------------------------
def test_phase_of_a_site_is_its_colour_in_the_board_colouring():
    # a square board's cells alternate like a chess board's: A1 and B2 share a phase, B1 not
    a1, b1, b2 = (scored(f"(phase of:{x})") for x in (0, 1, 4))
    assert a1 == b2 and a1 != b1 and {a1, b1} == {0, 1}
    assert scored("(phase of:(last To))", ("B1",)) == b1
    assert scored("(phase of:99)") == -1
    assert scored("(phase Vertex of:0)") in (0, 1)


def test_phase_as_a_game_phase_still_binds_as_one():
    g = load('(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) (rules '
             'phases:{(phase "A" (play (move Add (to (sites Empty)))) (nextPhase (= (phase of:(last To)) 1) "B")) '
             '(phase "B" (play (move Add (to (sites Empty)))))} (end (if (is Full) (result All Draw)))))')
    s = g.initial_state()
    s.apply("A1")
    assert s.phase == 0  # A1's phase is 0: still in "A"
    s.apply("B1")
    assert s.phase == 1


def test_layer_and_rotation_on_flat_boards_without_rotations():
    assert scored("(layer of:(last To))") == 0
    assert scored("(layer of:99 Cell)") == -1
    assert scored("(rotation at:(last To))") == 0


# --- expand in a container --------------------------------------------------------------------------
def test_expand_in_the_board_container_and_a_site_alone():
    assert scored("(count Sites in:(expand 0 (sites Bottom)))") == 6
    assert scored('(count Sites in:(expand "Board" (sites Bottom) steps:2))') == 9
    assert scored("(count Sites in:(expand (last To)))", ("B2",)) == 9
    with pytest.raises(LudError, match="only the board"):
        scored("(count Sites in:(expand 1 (sites Bottom)))")


# --- lines, last Between, edge -------------------------------------------------------------------------
def test_count_size_biggest_line():
    assert scored("(count SizeBiggestLine)", ("A1", "A3", "B2", "C2", "C3")) == 3  # A1 B2 C3
    assert scored("(count SizeBiggestLine Orthogonal)", ("A1", "A3", "B2", "C2", "C3")) == 2
    assert scored("(count SizeBiggestLine if:(= (who at:(to)) 2))", ("A1", "A3", "B2", "C2", "C3")) == 1  # A3, C2 apart
    assert scored("(count SizeBiggestLine if:(= (who at:(to)) 2))", ("A1",)) == 0


def test_last_between_is_what_the_last_move_jumped():
    g = load('(game "T" (players 2) (equipment {(board (square 4)) (piece "Disc" Each (move Hop Orthogonal '
             '(between if:True) (to if:(is Empty (to))) (then (set Score Mover (count Sites in:(last Between))))))}) '
             '(rules (start {(place "Disc1" "A1") (place "Disc2" "D4")}) (play (forEach Piece)) '
             '(end (if (= (count Moves) 6) (result All Draw)))))')
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == 2))
    assert s.scores[1] == 1


def test_edge_between_two_vertices():
    graph = '(board (square 3) use:Vertex) (piece "Disc" Each)'
    assert scored("(edge 0 1)", ("A1",), equipment=graph) >= 0
    assert scored("(edge 0 5)", ("A1",), equipment=graph) == -1
    assert scored("(edge 1 0)", ("A1",), equipment=graph) == scored("(edge 0 1)", ("A1",), equipment=graph)


# --- from at:StartOfTurn -----------------------------------------------------------------------------
def test_from_at_start_of_turn_is_where_the_turn_began():
    play = ("(move Add (to (sites Empty)) (then (and (if (= 0 (count MovesThisTurn)) (moveAgain)) "
            "(set Score Mover {value}))))")
    assert scored("(from at:StartOfTurn)", ("B1", "C1"), play=play, player=1) == 1  # P1's turn began at B1
    assert scored("(from at:StartOfTurn)", ("B1", "C1", "A2", "A3"), play=play, player=2) == 3  # P2's at A2
    assert scored("(+ 5 (from at:EndOfTurn))", ("B1", "C1"), play=play, player=1) == 5 + -1  # (from): none


# --- floats --------------------------------------------------------------------------------------------
def test_float_functions_read_back_by_toint_and_tobool():
    assert scored("(toInt (* 1.5 (toFloat (count Moves))))", ("A1", "A2", "A3")) == 4  # 4.5 truncated
    assert scored("(toInt (+ {0.1 0.2 0.3}))") == 0
    assert scored("(toInt (* 10.0 (+ 0.1 0.2)))") == 3  # 32-bit floats: 3.0000001
    assert scored("(toInt (- 2.5 5.0))") == -2  # toward zero
    assert scored("(toInt (/ 7.0 2.0))") == 3
    assert scored("(toInt (^ 2.0 10.0))") == 1024
    assert scored("(toInt (abs (- 1.0 4.5)))") == 3
    assert scored("(toInt (max 2.5 (toFloat (count Moves))))", ("A1", "A2", "A3")) == 3
    assert scored("(toInt (min {2.5 7.0 (toFloat (count Moves))}))") == 1
    assert scored("(toInt (sqrt 17.0))") == 4
    assert scored("(toInt (* 1000.0 (cos 0.0)))") == 1000
    assert scored("(toInt (* 1000.0 (sin 1.0)))") == 841
    assert scored("(toInt (* 1000.0 (tan 1.0)))") == 1557
    assert scored("(toInt (exp 2.0))") == 7
    assert scored("(toInt (* 100.0 (log 10.0)))") == 230
    assert scored("(toInt (log10 1000.0))") == 3
    assert scored("(toInt (toFloat (is Full)))") == 0
    assert scored("(toInt (toBool (- 2.5 2.5)))") == 0
    assert scored("(toInt (toBool (- 2.5 2.0)))") == 1


def test_float_errors_as_ludii_refuses_them():
    with pytest.raises(LudError, match="division by zero"):
        scored("(toInt (/ 1.0 (toFloat (- (count Moves) 1))))")
    with pytest.raises(LudError, match="logarithm of zero"):
        scored("(toInt (log (toFloat (- (count Moves) 1))))")
    with pytest.raises(LudError, match="square root"):
        scored("(toInt (sqrt -1.0))")
    assert scored("(toInt (log -1.0))") == 0  # NaN, as Java's (int) makes it 0


def test_int_arithmetic_still_binds_as_ints():
    assert scored("(+ 1 2)") == 3
    assert scored("(max 1 (count Moves))", ("A1", "A2")) == 2
    assert scored("(abs (- 1 4))") == 3


def test_count_pieces_with_a_condition_counts_each_level_of_a_stack():
    g = load('(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) (rules '
             '(start {(place Stack "Disc1" 4 count:2) (place Stack "Disc2" 4)}) '
             '(play (move Add (to (sites Board)) stack:True (then (set Score Mover '
             '(count Pieces P1 if:(= (site) 4)))))) (end (if (= (count Moves) 4) (result All Draw)))))')
    s = g.initial_state()
    s.apply("A1")
    assert s.scores[1] == 2  # the two P1 discs under P2's on B2


# --- count Steps of a step move ------------------------------------------------------------------------
def test_count_steps_of_a_step_move_walks_where_its_condition_lets_it():
    # on a 4x4 board, a wall on B1 B2 B3: from A1 to C1 orthogonally through empty sites goes
    # round by row 4 (A2 A3 A4 B4 C4 C3 C2 C1: 8 steps)
    board = '(board (square 4)) (piece "Disc" Each)'
    moves = ("B1", "D4", "B2", "D3", "B3")
    step = "(step Orthogonal (to if:(is Empty (to))))"
    assert scored(f"(count Steps {step} 0 2)", moves, equipment=board) == 8
    assert scored("(count Steps Orthogonal 0 2)", moves, equipment=board) == 2  # the board's distance
    assert scored(f"(count Steps {step} 0 (sites {{0 5}}))", moves, equipment=board) == 0  # already there
    assert scored(f"(count Steps {step} newRotation:(+ (value) 1) 0 4)", moves, equipment=board) == 1
    walled = ("B1", "D4", "B2", "D3", "B3", "C4", "B4")  # B4 closes the way
    assert scored(f"(count Steps {step} 0 2)", walled, equipment=board) > 10 ** 9  # Infinity
    with pytest.raises(LudError, match="relative directions"):
        scored("(count Steps (step Forward (to if:(is Empty (to)))) 0 2)")


def test_count_neighbours_is_the_all_relation():
    assert scored("(count Neighbours at:0)") == 3
    assert scored("(count Neighbours at:4)") == 8
    hexes = '(board (hex 3)) (piece "Disc" Each)'
    assert scored("(count Neighbours at:(centrePoint))", equipment=hexes) == 12  # 6 sides, 6 "diagonals"
    assert scored("(count Adjacent at:(centrePoint))", equipment=hexes) == 6
