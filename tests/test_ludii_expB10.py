"""Ludii's graph-theory conditions read the pieces on the board's edges whatever the board is
played on (``state.what(k, SiteType.Edge)`` in ``IsTreeCentre``, ``IsTree``,
``IsRegularGraph``...): a game on a board's vertices (Ilpion: add a piece to a vertex, score when
it is the centre of the tree of shared edges) asks about the edges its start rules coloured."""

from __future__ import annotations

import pytest

from interpreter import LudError, load

PATH = "(graph vertices:{{0 0} {1 0} {2 0} {3 0} {4 0}} edges:{{0 1} {1 2} {2 3} {3 4}})"
TRIANGLE = "(graph vertices:{{0 0} {2 0} {1 2}} edges:{{0 1} {1 2} {2 0}})"
TAILED = "(graph vertices:{{0 0} {2 0} {1 2} {1 4}} edges:{{0 1} {1 2} {2 0} {2 3}})"


def on_vertices(board: str, start: str, then: str):
    return load(f'''(game "T" (players 2)
        (equipment {{(board {board} use:Vertex) (piece "Disc" Each) (piece "Marker" Shared)}})
        (rules (start {start}) (play (move Add (to (sites Empty)) (then {then})))
               (end (if (is Full) (result Mover Draw)))))''')


def scores_after(g, moves: list[str]) -> list[int]:
    s = g.initial_state()
    for m in moves:
        s.apply(m)
    return list(s.scores)


def test_tree_centre_of_shared_edges_on_a_board_of_vertices():
    g = on_vertices(PATH, "(set Shared Edge (sites Board Edge))",
                    "(if (is TreeCentre Shared) (addScore Mover 1))")
    # the path 0-1-2-3-4: from vertex 0 the subtrees hold 4, then 3 (> 5/2) vertices: centre 2
    assert scores_after(g, ["C1"]) == [0, 1, 0]
    assert scores_after(g, ["A1"]) == [0, 0, 0]
    # vertex 3 is the centre's neighbour, but Ludii's walk from it (3, 2, 1, 0) is deeper than
    # the centre's (2, 1, 0): not a centre
    assert scores_after(g, ["D1"]) == [0, 0, 0]


def test_tree_centre_is_false_on_a_cycle_of_edges_there():
    g = on_vertices(TRIANGLE, "(set Shared Edge (sites Board Edge))",
                    "(if (is TreeCentre Shared) (addScore Mover 1))")
    assert scores_after(g, ["A1"]) == [0, 0, 0]


def test_regular_graph_of_a_players_edges_on_a_board_of_vertices():
    then = "(if (is RegularGraph P1) (addScore Mover 1))"
    # the triangle: every vertex meets two of P1's edges
    assert scores_after(on_vertices(TRIANGLE, "(set P1 Edge (sites Board Edge))", then), ["A1"]) == [0, 1, 0]
    # the tail's vertex meets one edge, the others two or three: not regular
    assert scores_after(on_vertices(TAILED, "(set P1 Edge (sites Board Edge))", then), ["A1"]) == [0, 0, 0]


def test_tree_of_a_players_edges_on_a_board_of_vertices():
    then = "(if (is Tree P1) (addScore Mover 1))"
    assert scores_after(on_vertices(TRIANGLE, "(set P1 Edge (sites Board Edge))", then), ["A1"]) == [0, 0, 0]
    assert scores_after(on_vertices(TRIANGLE, "(set P1 Edge (sites {0 1}))", then), ["A1"]) == [0, 1, 0]


# --- a placement's own effects: what they set stays, and they see their loop's group -------------

def play_after(rules: str, moves: list[str], equipment: str = '(board (square 4)) (piece "Disc" Each)'):
    g = load(f'(game "T" (players 2) (equipment {{{equipment}}}) (rules {rules}))')
    s = g.initial_state()
    for m in moves:
        s.apply(m)
    return s


def test_a_placement_keeps_the_state_its_apply_set_on_the_empty_site():
    # Ludii's ActionAdd sets no state (setSite with UNDEFINED): the state the to's apply put on
    # the empty site is the new piece's
    s = play_after("(play (move Add (to (sites Empty) (apply (set State at:(to) 2))))) "
                   "(end (if (= 2 (state at:(last To))) (result Mover Win)))", ["A1"])
    assert s.is_over() and list(s.winners) == [1]


def test_the_apply_of_a_move_made_for_a_group_sees_that_group():
    # P1's groups {A1} and {D4}: the placement at A2 is made for the group of A1, whose sites
    # its apply marks (Ludii works the apply out as it lists the move, (sites) being the group)
    rules = ('(start (place "Disc1" {0 15})) '
             "(play (forEach Group Orthogonal if:(= (mover) (who at:(to))) "
             "(move Add (to (sites Around (sites) Orthogonal if:(is Empty (to))) "
             "(apply (forEach Site (sites) (set State at:(site) 1)))) "
             "(then (set Score Mover (count Sites in:(sites State 1))))))) "
             "(end (if (is Full) (result Mover Draw)))")
    s = play_after(rules, [])
    assert sorted(str(m) for m in s.legal_moves()) == ["A2", "B1", "C4", "D3"]
    s.apply("A2")
    assert list(s.scores)[1] == 1  # A1 only: D4's group was not the one A2 was made for


# --- hands of several sites declared player by player ---------------------------------------------

HANDS = '(board (square 3)) (hand P1 size:2) (hand P2 size:2) (piece "Disc" Each)'


def test_hands_of_several_sites_per_player_follow_the_board_in_declared_order():
    # Ludii numbers containers as declared: P1's hand holds sites 9 and 10, P2's 11 and 12
    s = play_after("(play (move Add (to (sites Empty)))) "
                   "(end (if (and (= (handSite P1 1) 10) (= (handSite P2 1) 12)) (result Mover Win)))",
                   ["A1"], HANDS)
    assert s.is_over() and list(s.winners) == [1]


def test_place_random_fills_the_sites_of_a_hand():
    s = play_after('(start (place Random (sites Hand P2) {"Disc2"} count:2)) '
                   "(play (move Add (to (sites Empty)))) "
                   "(end (if (and (not (is Empty (handSite P2 0))) (not (is Empty (handSite P2 1)))) "
                   "(result Mover Win)))", ["A1"], HANDS)
    assert s.is_over() and list(s.winners) == [1]


def test_players_hands_of_different_sizes_are_refused_with_a_located_error():
    with pytest.raises(LudError, match="different sizes"):
        load('(game "T" (players 2) (equipment {(board (square 3)) (hand P1 size:2) (hand P2 size:3) '
             '(piece "Disc" Each)}) (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Draw)))))')


# --- push along a direction worked out in play -------------------------------------------------------

def test_push_along_the_direction_between_two_sites_and_none_when_no_line_joins_them():
    # P2's piece on B2 (site 5); P1 places, then pushes from B2 along the direction from the
    # placement to B2: from A2 (4) that is E, so B2's piece goes to C2 (6); from A4 (12, a
    # knight's leap away) no direction joins them: nothing moves
    rules = ('(start (place "Disc2" 5)) '
             "(play (move Add (to (sites Empty)) (then (push (from 5) (directions Cell from:(last To) to:5))))) "
             "(end (if (is Full) (result Mover Draw)))")
    s = play_after(rules, ["A2"])
    assert s.what[6] != 0 and s.what[5] == 0
    s = play_after(rules, ["A4"])
    assert s.what[5] != 0 and s.what[6] == 0
