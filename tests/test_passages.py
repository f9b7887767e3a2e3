"""Passages and loops (``passage``, ``count Loops``) on hand-made boards: one inner window, three
inner windows, rims shared between passages, errors; and the circuit finder underneath."""

from __future__ import annotations

import pytest

from interpreter import load
from interpreter.engine.passages import Passage, PassageGraph, circuits
from interpreter.errors import LudError

# A 9x9 square board with three single-cell windows; P1 goes round each from the cell above it
# to the cell below it, and round the border from the top row to the bottom row.
THREE = """
(game "Three Windows"
    (players 2)
    (equipment {
        (board (remove (square 9) cells:{"C7" "G7" "E3"}))
        (piece "Disc" Each)
        (passage "W0" P1 (sites Top) (sites Bottom))
        (passage "W1" P1 "C8" "C6")
        (passage "W2" P1 "G8" "G6")
        (passage "W3" P1 "E4" "E2")
        (passage "W0" P2 (sites {"A1" "A2" "A3" "A4" "A5" "A6" "A7" "A8" "A9"})
                         (sites {"I1" "I2" "I3" "I4" "I5" "I6" "I7" "I8" "I9"}))
    })
    (rules
        (play (move Add (to (sites Empty))))
        (end (if (>= (count Loops Orthogonal Mover) 1) (result Mover Win)))
    )
)
"""

# One window (D4) on a 7x7 board: the border and the window, for P1 only.
ONE = """
(game "One Window"
    (players 2)
    (equipment {
        (board (remove (square 7) cells:{"D4"}))
        (piece "Disc" Each)
        (passage "Border" P1 (sites Top) (sites Bottom))
        (passage "Hole" P1 "D5" "D3")
    })
    (rules
        (play (move Add (to (sites Empty))))
        (end (if (>= (count Loops Orthogonal Mover) <Loops>) (result Mover Win)))
    )
)
"""


def loops_after(text: str, picture: str, move: str):
    """Load ``picture`` (P1 to move), let P1 play ``move``; the result's reason lists the loops."""
    game = load(text)
    state = game.state_from_text("mover: 1\nboard: |\n" + "".join(f"  {line}\n" for line in picture.strip().splitlines()))
    state.apply(move)
    return state.result()


def one(loops: int) -> str:
    return ONE.replace("<Loops>", str(loops))


# --- one inner window --------------------------------------------------------------------------
ONE_EMPTY = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . .   . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
"""


def test_no_pieces_no_loop():
    result = loops_after(one(1), ONE_EMPTY, "A1")
    assert not result.over


def test_one_window_a_ring_round_the_hole_is_one_loop():
    ring = """
7 . . . . . . .
6 . . . . . . .
5 . . x x x . .
4 . . x   x . .
3 . . x . x . .
2 . . . . . . .
1 . . . . . . .
"""
    result = loops_after(one(1), ring, "D3")  # D5 joined to D3 round both sides
    assert result.winners == [1] and result.reason == "one loop: {Hole}"


def test_one_window_both_sides_of_the_hole_and_the_border_make_three_loops():
    picture = """
7 . . . x . . .
6 . . . x . . .
5 . . x x . . .
4 . . x   . . .
3 . . x x . . .
2 . . . x . . .
1 . . . . . . .
"""
    assert loops_after(one(1), picture, "D1").reason == "three loops: {Border} {Hole} {Border,Hole}"
    # with one more stone short of the bottom, top and window rims are still one node
    assert loops_after(one(1), picture, "F6").reason == "one loop: {Hole}"


def test_one_window_top_to_window_and_window_to_bottom_is_a_double_loop():
    picture = """
7 . . . x . . .
6 . . . x . . .
5 . . . x . . .
4 . . .   . . .
3 . . . x . . .
2 . . . x . . .
1 . . . . . . .
"""
    result = loops_after(one(1), picture, "D1")
    assert result.reason == "one loop: {Border,Hole}"
    assert not loops_after(one(2), picture, "D1").over  # one loop is not two


def test_diagonal_neighbours_do_not_join_groups_under_orthogonal():
    picture = """
7 . . . . . . .
6 . . . . . . .
5 . . x x . . .
4 . x .   . . .
3 . . x x . . .
2 . . . . . . .
1 . . . . . . .
"""
    assert not loops_after(one(1), picture, "G1").over  # B4 touches C5 and C3 only at corners
    assert loops_after(one(1), picture, "C4").reason == "one loop: {Hole}"


# --- three inner windows -----------------------------------------------------------------------
THREE_RING = """
9 . . . . . . . . .
8 . . x x x x x . .
7 . .   . . .   . .
6 . . x . . . x x .
5 . . x x x . . x .
4 . . . . x . . x .
3 . . . .   . . x .
2 . . . . x x x x .
1 . . . . . . . . .
"""


def test_three_windows_in_a_ring_make_one_triple_loop():
    # W1 top joined to W2 top, W1 bottom to W3 top, W3 bottom to W2 bottom: a triangle
    result = loops_after(THREE, THREE_RING.replace("x x x x x . .\n7", "x x x . x . .\n7"), "F8")
    assert result.reason == "one loop: {W1,W2,W3}"


def test_three_windows_each_window_alone():
    picture = """
9 . . . . . . . . .
8 . x x . . . x x .
7 . x   . . .   . .
6 . x x . . . x x .
5 . . . . . . . . .
4 . . . x x . . . .
3 . . . x   . . . .
2 . . . x x . . . .
1 . . . . . . . . .
"""
    assert loops_after(THREE, picture, "A5").reason == "two loops: {W1} {W3}"
    # rings round separate windows never join into one loop
    assert loops_after(THREE, picture, "H7").reason == "three loops: {W1} {W2} {W3}"


def test_windows_joined_through_the_border_rims():
    # top row to W2's top rim, W2's bottom rim to the bottom row: {W0, W2}; W1 goes nowhere
    picture = """
9 . . . . . . x . .
8 . . . . . . x . .
7 . .   . . .   . .
6 . . . . . . x . .
5 . . . . . . x . .
4 . . . . . . x . .
3 . . . .   . x . .
2 . . . . . . x . .
1 . . . . . . . . .
"""
    assert loops_after(THREE, picture, "G1").reason == "one loop: {W0,W2}"


def test_loops_are_counted_for_their_own_player():
    row = """
9 . . . . . . . . .
8 . . . . . . . . .
7 . .   . . .   . .
6 . . . . . . . . .
5 S S S S S S S S .
4 . . . . . . . . .
3 . . . .   . . . .
2 . . . . . . . . .
1 . . . . . . . . .
"""
    game = load(THREE)
    # a row from the left edge to the right edge is P2's way round the border, not P1's
    state = game.state_from_text("mover: 2\nboard: |\n" + "".join(
        f"  {line}\n" for line in row.replace("S", "o").strip().splitlines()))
    state.apply("I5")
    assert state.result().winners == [2] and state.result().reason == "one loop: {W0}"
    assert not loops_after(THREE, row.replace("S", "x"), "I5").over


# --- the graph underneath ----------------------------------------------------------------------
@pytest.mark.parametrize("edges, expected", [
    ([], []),
    ([(0, 1)], []),
    ([(0, 0)], [{0}]),
    ([(0, 0), (1, 1)], [{0}, {1}]),  # two loops on different nodes, never together
    ([(0, 0), (0, 0)], [{0}, {1}, {0, 1}]),  # two loops on one node: also both together
    ([(0, 1), (0, 1)], [{0, 1}]),
    ([(0, 1), (1, 2), (2, 0)], [{0, 1, 2}]),
    ([(0, 1), (1, 0), (0, 0)], [{2}, {0, 1}, {0, 1, 2}]),
    ([(0, 1), (0, 1), (0, 1)], [{0, 1}, {0, 2}, {1, 2}]),
    ([(0, 1), (1, 2), (2, 0), (3, 3)], [{3}, {0, 1, 2}]),
    ([(0, 1), (0, 1), (2, 3), (2, 3)], [{0, 1}, {2, 3}]),  # two separate double loops
    ([(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)], [{0, 1, 4}, {2, 3, 4}, {0, 1, 2, 3}]),
])
def test_circuits(edges, expected):
    found = [{i for i in range(len(edges)) if mask >> i & 1} for mask in circuits(edges)]
    assert found == expected


def test_a_figure_eight_of_circuits_through_one_node_is_one_loop():
    # two triangles sharing node 0: each, and both together (connected through node 0)
    edges = [(0, 1), (1, 2), (2, 0), (0, 3), (3, 4), (4, 0)]
    found = [{i for i in range(6) if mask >> i & 1} for mask in circuits(edges)]
    assert found == [{0, 1, 2}, {3, 4, 5}, set(range(6))]


def test_passage_graph_joins_rims_through_groups_and_shared_rims():
    # a path of five sites 0-1-2-3-4; rims {0} {4} and {2}: two passages share the rim {2}
    line = [(1,), (0, 2), (1, 3), (2, 4), (3,)]
    graph = PassageGraph([Passage("A", (0,), (2,)), Passage("B", (2,), (4,))], line, 5)
    assert graph.loops([1, 1, 1, 0, 0], 1) == (1,)  # 0-1-2 joins A's rims
    assert graph.loops([1, 1, 1, 1, 1], 1) == (1, 2, 3)
    assert graph.loops([1, 1, 1, 1, 1], 2) == ()
    assert graph.names(3) == ["A", "B"]


# --- errors --------------------------------------------------------------------------------------
def errors(text: str) -> str:
    with pytest.raises(LudError) as info:
        load(text)
    return info.value.render()


def test_count_loops_needs_passages():
    text = one(1).replace('(passage "Border" P1 (sites Top) (sites Bottom))', "").replace(
        '(passage "Hole" P1 "D5" "D3")', "")
    message = errors(text)
    assert "no passages" in message and "(passage" in message and "count Loops" in message


@pytest.mark.parametrize("passage, words", [
    ('(passage "Hole" P1 "D5" "D3")', 'two passages named "Hole"'),
    ('(passage "Other" P1 "D5" "D5")', "the same sites"),
    ('(passage "Other" P3 "D5" "D3")', "P3 is not a player"),
    ('(passage "Other" P1 "D5" "Z9")', "no site 'Z9'"),
    ('(passage "Other" P1 "D5" (sites Empty))', "fixed list of sites"),
    ('(passage "two words" P1 "D5" "D3")', "use a word"),
])
def test_bad_passages_are_located_errors(passage, words):
    text = one(1).replace('(passage "Hole" P1 "D5" "D3")', '(passage "Hole" P1 "D5" "D3") ' + passage)
    message = errors(text)
    assert words in message and ":" in message.splitlines()[0]


def test_too_many_passages():
    many = " ".join(f'(passage "P{i}" P1 "A1" "B{i % 7 + 1}")' for i in range(17))
    assert "more than 16 passages" in errors(one(1).replace('(passage "Hole" P1 "D5" "D3")', many))
