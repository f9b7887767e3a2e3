"""Pieces in stacks and the lines of a pyramid, as Ludii's Java has them (issue 24, session 36).
Each on a small position, by its meaning in Ludii's Java."""

from __future__ import annotations

import pytest

from interpreter import load
from interpreter.engine import stacks


def _texts(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


# --- (no Pieces ...) in a stacking game: every level of every stack -----------------------------
# Ludii's NoPieces visits the positions a player owns (its owned lists hold every level of a
# stack) and, in a stacking game, every level of the stack there: a piece buried under an
# enemy's top piece is still one its owner has, whether a kind of piece or a region is named.
# Ours looked at the top piece of each site only. The mover passes when the condition holds.
BURIED = '''(game "S" (players 2)
 (equipment {(board (square 3)) (piece "Disc" Each (move Step (to if:(is Empty (to))))) (piece "Cross" Each)})
 (rules (start {(place Stack items:{"Disc1" "Disc2"} 0) (place Stack "Cross2" 8)})
  (play (if %s (move Pass) (forEach Piece)))
  (end (if (no Moves Next) (result Mover Win)))))'''


def _passes(condition: str) -> bool:
    state = load(BURIED % condition).initial_state()
    assert stacks.owners(state, 0) == [1, 2]  # P1's disc under P2's
    return _texts(state) == ["pass"]


@pytest.mark.parametrize("condition", [
    '(no Pieces P1 "Disc")', "(no Pieces P1 in:(sites {0}))", "(no Pieces P1 in:(sites {0 1}))",
    '(no Pieces P1 "Disc" in:(sites {0}))', "(no Pieces P1)"])
def test_a_buried_piece_is_one_its_owner_has(condition):
    assert not _passes(condition)


@pytest.mark.parametrize("condition", [
    '(no Pieces P1 "Cross")', "(no Pieces P1 in:(sites {1 8}))", '(no Pieces P2 "Disc" in:(sites {8}))'])
def test_no_pieces_where_none_of_the_kind_or_region_is(condition):
    assert _passes(condition)


def test_no_pieces_of_a_kind_at_any_level_for_every_player():
    # All (no role): nobody's disc anywhere; both discs are in the one stack
    assert not _passes('(no Pieces All "Disc" in:(sites {0}))')
    assert _passes('(no Pieces All "Disc" in:(sites {1 2 3}))')


# --- count Pieces and sites Occupied on stacks: their defaults -----------------------------------
# Ludii's CountPieces counts every level of a stack (with a kind or a region too); its
# SitesOccupied keeps, unless top:False, only the sites whose top piece the player owns.
@pytest.mark.parametrize("condition, passes", [
    ("(= 1 (count Pieces P1))", True),
    ('(= 1 (count Pieces P1 "Disc1" in:(sites {0})))', True),
    ("(= 2 (count Pieces P2))", True),
    ("(= 0 (count Sites in:(sites Occupied by:P1)))", True),
    ("(= 1 (count Sites in:(sites Occupied by:P1 top:False)))", True),
    ("(= 2 (count Sites in:(sites Occupied by:P2)))", True),
])
def test_count_pieces_and_sites_occupied_defaults_on_stacks(condition, passes):
    assert _passes(condition) is passes


# --- rows and columns of a pyramid ---------------------------------------------------------------
# Ludii's Board copies each element's row and column from the graph's clustering
# (MeasureGraph.clusterByRowAndColumn, over every layer's positions: a (square 3 pyramidal:True)
# of points has rows at y 0, 0.5, 1, 1.5 and 2); its labels are made from them (A1/0, B2/1,
# C3/2...). Only in a game whose GameType.ThreeDimensions flag is up (a (layer of:...) in its
# rules) do Topology.computeRows and computeColumns take the ground's rows and columns instead:
# one per y (x) of the layer-0 sites, with every site of any layer at that y (x), each taking
# that row as its own; a site between them (layer 1) is in no row and keeps its clustered row.
PYRAMID = '''(game "P" (players 2)
 (equipment {(board (square 3 pyramidal:True) use:Vertex) (piece "Ball" Each)})
 (rules (play (move Add (to (sites Empty))))
  (end (if (or (is Full) %s) (result Mover Win)))))'''
THREE_D = "(= 9 (layer of:(last To)))"  # never true: only makes the game 3D


def test_a_pyramids_labels_are_its_clustered_rows_and_columns():
    for extra in ("(is Full)", THREE_D):
        topo = load(PYRAMID % extra).topology
        assert topo.labels[:5] == ["A1/0", "C1/0", "E1/0", "B2/1", "D2/1"]
        assert topo.labels[7] == "C3/2"


def test_without_the_3d_flag_every_clustered_row_is_a_row():
    game = load(PYRAMID % "(and (= (count Rows) 5) (= (count Columns) 5))")
    s = game.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.is_over() and s.result().winners == [1]
    topo = game.topology
    assert [topo.labels[x] for x in topo.line_sites("rows")[1]] == ["B2/1", "D2/1"]


def test_in_a_3d_game_the_rows_are_the_grounds():
    game = load(PYRAMID % f"(or {THREE_D} (and (= (count Rows) 3) (= (count Columns) 3)))")
    s = game.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.is_over() and s.result().winners == [1]


def _move_sites(region: str, extra: str) -> list[str]:
    text = PYRAMID.replace("(move Add (to (sites Empty)))", f"(move Add (to {region}))")
    game = load(text % extra)
    topo = game.topology
    return sorted(topo.labels[m.to] for m in game.initial_state().legal_moves())


def test_sites_row_and_column_of_a_3d_pyramid():
    # row 1 is the ground's y = 1, with the apex above its middle; the layer-1 points are in none
    assert _move_sites("(sites Row 1)", THREE_D) == ["A3/0", "C3/0", "C3/2", "E3/0"]
    assert _move_sites("(sites Column 1)", THREE_D) == ["C1/0", "C3/0", "C3/2", "C5/0"]
    # without the flag, row 1 is the clustered one: the layer-1 points at y = 0.5
    assert _move_sites("(sites Row 1)", "(is Full)") == ["B2/1", "D2/1"]


def test_row_and_column_of_a_site_of_a_3d_pyramid():
    # the apex (C3/2) takes the ground's row and column it stands on; B2/1 stands on none and
    # keeps its clustered row 1 and column 1, which are the ground's second row and column
    region = "(sites Row (row of:(coord \"B2/1\")))"
    assert _move_sites(region, THREE_D) == ["A3/0", "C3/0", "C3/2", "E3/0"]
    region = "(sites Column (column of:(coord \"C3/2\")))"
    assert _move_sites(region, THREE_D) == ["C1/0", "C3/0", "C3/2", "C5/0"]
    region = "(intersection (sites Row (row of:(coord \"E5/0\"))) (sites Column (column of:(coord \"E5/0\"))))"
    assert _move_sites(region, THREE_D) == ["E5/0"]
    assert _move_sites("(sites Row (row of:(coord \"E5/0\")))", "(is Full)") == ["A5/0", "C5/0", "E5/0"]


def test_the_compiled_tier_agrees_on_a_3d_pyramids_lines():
    from interpreter.native.api import native_game
    from interpreter.native.conformance import compare_game
    text = PYRAMID.replace(
        "(move Add (to (sites Empty)))",
        "(move Add (to (intersection (sites Empty) (union (sites Row (row of:(last To))) "
        "(sites Column (column of:(last To))))) ))")
    text = text.replace("(play ", "(start (place \"Ball1\" 7)) (play ")
    for extra in (THREE_D, "(is Full)"):
        game = load(text % extra)
        native = native_game(game)
        assert native is not None
        for seed in range(6):
            assert compare_game(game, native, seed) is None


# --- a hand's site by its number ---------------------------------------------------------------
# Ludii numbers the sites of the containers after the board's: (hand Shared size:3) after a
# pyramid of 30 points has sites 30, 31 and 32, and a rule may name them so (Spaniel's
# (move (from 30) ...)); ours refused a site number past the board's.
SHARED_SITES = '''(game "H" (players 2)
 (equipment {(board (square 4 pyramidal:True) use:Vertex) (piece "Ball" Each) (hand Shared size:3)})
 (rules (start {(place "Ball1" 30 count:4) (place "Ball2" 32 count:4)})
  (play (if (is Mover P1) (move (from 30) (to (sites Empty) if:(is Flat)))
            (move (from 32) (to (sites Empty) if:(is Flat)))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_rule_names_a_hands_site_by_its_number():
    s = load(SHARED_SITES).initial_state()
    moves = s.legal_moves()
    assert len(moves) == 16 and {m.frm for m in moves} == {30}
    s.apply(moves[0])
    assert {m.frm for m in s.legal_moves()} == {32}


# --- (is Line ... isVisible:True) on a pyramid: a ball covered along an edge --------------------
# Ludii's IsLine, isVisible:True: walking a radial, each site gathers the occupied sites one step
# Upward from it; a site whose gathered sites share two or more with those of the last site
# counted is hidden (the two balls above their common edge cover it) and ends the line. The
# pivot's own are not kept: the first site of each radial is always seen. Ours only knew the
# sites Ludii hard-codes (8, 10, 14, 18, 20 covered by the next one).
VISIBLE = '''(game "V" (players 2)
 (equipment {(board (square 3 pyramidal:True) use:Vertex) (piece "Ball" Each)})
 (rules (start {(place "Ball1" {%s}) (place "Ball2" {%s})})
  (play (move Add (to (sites {%d}))))
  (end (if (is Line 3 isVisible:True) (result Mover Win)))))'''


@pytest.mark.parametrize("own, covering, pivot, line", [
    ("6 12", "0", 1, True),  # nothing above B1-C3-C5 (sites 1, 6, 12)
    ("6 12", "9", 1, True),  # one ball above the edge of 6 and 12: still seen
    ("6 12", "9 10", 1, False),  # both balls above that edge: 12 is hidden
    ("1 6", "3 4", 12, False),  # walking down from 12: 1 is hidden under 3 and 4
    ("1 6", "9 10", 12, True),  # the balls above the pivot's edge are not kept
    ("1 12", "3 4 9 10", 6, True),  # from the middle each radial's first site is seen
])
def test_a_line_is_visible_unless_covered_along_an_edge(own, covering, pivot, line):
    s = load(VISIBLE % (own, covering, pivot)).initial_state()
    s.apply(s.legal_moves()[0])
    assert s.is_over() is line
