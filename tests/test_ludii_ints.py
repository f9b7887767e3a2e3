"""Ludii's int functions (issue 24, the ``ints`` family): each form on a small position, its value
read where Ludii reads it. A value is observed by a game that sets the mover's score to it after
every move (``(then (set Score Mover <value>))``)."""

from __future__ import annotations

from interpreter import load

SQUARE3 = '(board (square 3)) (piece "Disc" Each)'


def scored(value: str, moves: tuple[str, ...] = ("A1",), equipment: str = SQUARE3, start: str = "",
           play: str = "(move Add (to (sites Empty)) (then (set Score Mover {value})))", players: int = 2) -> int:
    """The value of ``value`` right after the last of ``moves`` (each mover's score is set to it)."""
    start_rule = f"(start {start})" if start else ""
    g = load(f'(game "T" (players {players}) (equipment {{{equipment}}}) (rules {start_rule} '
             f'(play {play.format(value=value)}) (end (if (is Full) (result All Draw)))))')
    s = g.initial_state()
    for move in moves:
        s.apply(move)
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
