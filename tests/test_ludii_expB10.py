"""Ludii's graph-theory conditions read the pieces on the board's edges whatever the board is
played on (``state.what(k, SiteType.Edge)`` in ``IsTreeCentre``, ``IsTree``,
``IsRegularGraph``...): a game on a board's vertices (Ilpion: add a piece to a vertex, score when
it is the centre of the tree of shared edges) asks about the edges its start rules coloured."""

from __future__ import annotations

from interpreter import load

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
