"""The topology of every kind of board, through descriptions: directions per tiling, rays,
regions, pictures that read back, graph boards, removed sites, the networkx graph."""

from __future__ import annotations

import random

import pytest

from interpreter import LudError, load


def board_game(board: str, end: str = "(if (is Line 4) (result Mover Win))") -> str:
    return (f'(game "B" (players 2) (equipment {{{board} (piece "Disc" Each)}}) '
            f"(rules (play (move Add (to (sites Empty)))) (end {end})))")


@pytest.mark.parametrize("board, sites, adjacent, directions", [
    ("(board (square 3))", 9, 8, 8),
    ("(board (square 3) use:Vertex)", 9, 4, 8),
    ("(board (hex 3))", 19, 6, 12),
    ("(board (hex Diamond 4))", 16, 6, 12),
    ("(board (tri Hexagon 3) use:Vertex)", 19, 6, 6),
    ("(board (tri 4))", 16, 12, None),
])
def test_directions_resolve_per_tiling(board, sites, adjacent, directions):
    topo = load(board_game(board)).topology
    assert topo.n == sites
    inner = max(range(topo.n), key=lambda s: len(topo.neighbours["Adjacent"][s]))
    assert len(topo.neighbours["Adjacent"][inner]) == adjacent
    if directions is not None:
        assert len(topo.directions) == directions


def test_hexagonal_lines_have_three_axes():
    game = load(board_game("(board (hex 4))"))
    topo = game.topology
    centre = topo.regions["Centre"]
    assert len(centre) == 1
    axes = topo.axes_for(topo.expand_directions(["Adjacent"]))[centre[0]]
    assert len(axes) == 3 and all(len(f) == 3 and len(b) == 3 for f, b in axes)
    # four in a row along any axis through the centre wins
    state = game.initial_state()
    fwd, back = axes[0]
    line = [back[0], centre[0], fwd[0], fwd[1]]
    other = [s for s in range(topo.n) if s not in line and s not in fwd and s not in back]
    for a, b in zip(line, other):
        state.apply(topo.labels[a])
        if state.is_over():
            break
        state.apply(topo.labels[b])
    assert state.is_over() and state.result().winners == [1]


@pytest.mark.parametrize("board", [
    "(board (hex Diamond 5))", "(board (hex 3))", "(board (tri Hexagon 4) use:Vertex)",
    "(board (tri 4))", "(board (square 4))", "(board (rectangle 1 7))",
    "(board (tiling T33434 1) use:Vertex)",
    "(board (graph vertices:{{0 0} {1 0} {0.5 0.8} {1.5 0.8}} edges:{{0 1} {1 2} {2 0} {1 3} {2 3}}) use:Vertex)",
    "(board (remove (hex 3) cells:{\"C3\"}))",
])
def test_every_board_prints_a_picture_that_reads_back(board):
    game = load(board_game(board, "(if (is Full) (result All Draw))"))
    rng = random.Random(5)
    state = game.initial_state()
    for _ in range(game.topology.n // 2):
        state.apply(rng.choice(state.legal_moves()))
    picture = str(state)
    text = f"mover: {state.mover}\nply: {state.ply}\nboard: |2\n" + \
        "\n".join("  " + line for line in picture.splitlines()) + "\n"
    again = game.state_from_text(text)
    assert again.what == state.what and again.who == state.who


def test_a_graph_board_prints_as_a_list_with_neighbours():
    game = load(board_game("(board (graph vertices:{{0 0} {1 0} {0.5 0.8}} edges:{{0 1} {1 2} {2 0}}) use:Vertex)",
                           "(if (is Full) (result All Draw))"))
    lines = str(game.initial_state()).splitlines()
    assert len(lines) == 3
    label, symbol = lines[0].split()[:2]
    assert symbol == "." and game.topology.site(label) >= 0 and "(" in lines[0]


def test_removed_cells_are_holes():
    game = load(board_game('(board (remove (hex Diamond 5) cells:{"C3"}))'))
    topo = game.topology
    assert topo.n == 24 and topo.site("C3") < 0 or topo.labels.count("C3") == 0
    with pytest.raises(LudError, match="no cell 'Z9'"):
        load(board_game('(board (remove (hex Diamond 5) cells:{"Z9"}))'))


def test_shapes_take_expressions_known_before_play():
    game = load(board_game("(board (tri Limping (- 4 1)) use:Vertex)"))
    assert game.topology.n > 0
    with pytest.raises(LudError):
        load(board_game("(board (hex (count Moves)))"))


def test_board_sizes_are_bounded():
    with pytest.raises(LudError, match="hex: size is 1000, out of its range from 1 to 100"):
        load(board_game("(board (hex 1000))"))  # the declared range of a dimension
    with pytest.raises(LudError, match="limited to 10000 sites"):
        load(board_game("(board (hex 90))"))  # each dimension in range, the board too large


def test_networkx_graph_of_a_hex_board():
    topo = load(board_game("(board (hex 3))")).topology
    g = topo.graph
    assert g.number_of_nodes() == 19
    orthogonal = sum(1 for _, _, r in g.edges(data="relation") if r == "Orthogonal")
    # a hexagon of side n has 3(3n^2 - 5n + 2) shared sides between its cells: 42 for n = 3
    assert orthogonal == sum(len(t) for t in topo.neighbours["Orthogonal"]) // 2 == 42
