"""Boards played on their edges (``use:Edge``) and graph games: the edges as sites, the board's
vertices, edges and cells with their incidences, Ludii's graph-theory ludemes, pictures, and
Ludii's own games on such boards replayed against its traces."""

from __future__ import annotations

import json

import pytest

from interpreter import load
from interpreter.engine.boards import build_sites, rectangle
from interpreter.engine.boards.regions import board_regions
from interpreter.engine.elements import Elements
from interpreter.render.svg import render_svg
from test_ludii_traces import SAMPLE, TRACES, ludii_texts  # tests/ is on the path

GAME = """(game "G" (players 2) (equipment {{(board {board} use:Edge) (piece "Marker" Each)}})
  (rules {start} (play {play}) (end (if {end} (result Mover Win)))))"""


def game(board: str = "(square 2)", play: str = "(move Add (to Edge (sites Empty Edge)))",
         end: str = "(no Moves Next)", start: str = ""):
    return load(GAME.format(board=board, play=play, end=end, start=start))


def play(state, *labels: str) -> None:
    for label in labels:
        state.apply(state.parse_move(label))


# --- the board ---------------------------------------------------------------------------------------

def test_a_square_of_two_by_two_points_has_four_edges_numbered_bottom_first():
    """(square 2) use:Edge is built as for vertices (2 x 2 points, as Ludii does), its edges
    numbered by their middles, bottom row first; an edge is labelled by its number."""
    g = game()
    topo = g.topology
    assert topo.use == "Edge" and topo.n == 4
    assert topo.labels == ["0", "1", "2", "3"]
    assert [topo.positions[e] for e in range(4)] == [(0.5, 0.0), (0.0, 0.5), (1.0, 0.5), (0.5, 1.0)]
    # steps join the edges sharing an end point (orthogonal, adjacent: Ludii's Edge.stepsTo)
    assert sorted(topo.neighbours["Orthogonal"][0]) == [1, 2]
    assert topo.neighbours["Diagonal"][0] == ()
    assert topo.regions["Bottom"] == (0,) and topo.regions["Top"] == (3,)
    assert topo.regions["Left"] == (1,) and topo.regions["Right"] == (2,)
    assert set(topo.regions["Perimeter"]) == {0, 1, 2, 3}


def test_edge_regions_follow_ludiis_measures():
    """On a 3 x 3 grid of cells (16 points, 24 edges): the outline's 12 edges are the perimeter,
    the edges at the corners (joining a corner point) are the corners, and an edge is on every
    side one of its end points is on."""
    graph = rectangle(3, 3)
    regions = board_regions(graph, "Edge")
    assert len(regions["Board"]) == 24
    assert len(regions["Perimeter"]) == 12 and len(regions["Inner"]) == 12
    assert len(regions["Corners"]) == 8  # two edges at each of the 4 corners
    assert len(regions["Side S"]) == 3 + 4  # the bottom edges and the four rising from it
    sites = build_sites(graph, "Edge")
    assert len(sites) == 24 and sites.labels[0] == "0"


def test_elements_and_their_incidences():
    els = Elements.of(rectangle(1, 1))  # one square: 4 points, 4 edges, 1 cell
    assert len(els.vertices) == 4 and len(els.edges) == 4 and len(els.cells) == 1
    assert els.incident("Edge", "Cell", 0) == list(els.cell_edges[0])
    assert els.incident("Cell", "Edge", 0) == [0]
    assert sorted(els.incident("Vertex", "Edge", 0)) == sorted(els.edges[0])
    assert len(els.incident("Edge", "Edge", 0)) == 2
    assert els.incident("Edge", "Vertex", 0) == list(els.vertex_edges[0])
    assert els.incident("Cell", "Cell", 0) == []
    assert els.incident("Edge", "Cell", 5) == []  # out of range: nothing
    # Ludii quirk: the vertices incident to a vertex are the cells beside its edges (but for a
    # cell numbered as the vertex)
    assert els.incident("Vertex", "Vertex", 1) == [0, 0]
    assert els.incident("Vertex", "Vertex", 0) == []


def test_sites_incident_in_a_game():
    g = load("""(game "G" (players 2) (equipment {(board (square 2)) (piece "Disc" Each)})
      (rules (play (move Add (to (sites Incident Cell of:Cell at:0))))
             (end (if (is Full) (result Mover Win)))))""")
    assert sorted(m.text for m in g.initial_state().legal_moves()) == ["A2", "B1"]


def test_site_types_of_other_kinds():
    """A board's own kind may be named; another kind holds pieces of its own (Ludii's state per
    site type): the one cell of a board of edges, written as Ludii writes a typed site."""
    assert [m.text for m in game(play="(move Add (to Cell (sites Empty Cell)))").initial_state().legal_moves()] == \
        ["Cell 0"]
    assert game(play="(move Add (to (sites Empty)))").topology.n == 4


def test_a_game_without_pieces_gets_a_ball_per_player():
    g = load("""(game "G" (players 2) (equipment {(board (square 2) use:Edge)})
      (rules (play (move Add (to Edge (sites Empty Edge)))) (end (if (is Full) (result Mover Win)))))""")
    assert [c.name for c in g.components[1:]] == ["Ball1", "Ball2"]
    state = g.initial_state()
    play(state, "0")
    assert state.who[0] == 1


# --- graph theory ---------------------------------------------------------------------------------------

def test_is_path_closed_finds_a_triangle_of_the_movers_edges():
    """Sim: the loser is the first to close a triangle of their own edges."""
    g = game("(complete (regular Star 6))", end="(is Path Edge Mover length:(exact 3) closed:True)")
    els = g.topology.elements
    # a triangle on points 0, 1, 2
    e01, e12, e02 = (next(i for i, ab in enumerate(els.edges) if set(ab) == pair)
                     for pair in ({0, 1}, {1, 2}, {0, 2}))
    others = [e for e in range(15) if e not in (e01, e12, e02)]
    state = g.initial_state()
    play(state, str(e01), str(others[0]), str(e12), str(others[1]))
    assert not state.is_over()
    play(state, str(e02))
    assert state.is_over() and state.result().winners == [1]


def test_is_path_open_counts_a_line_of_edges():
    g = game("(rectangle 1 5)", end="(is Path Edge Mover length:(exact 3))",
             play="(move Add (to Edge (sites Empty Edge)) (then (moveAgain)))")
    state = g.initial_state()
    play(state, "0", "1")
    assert not state.is_over()
    play(state, "2")
    assert state.is_over()


def test_is_tree_and_is_regular_graph():
    start = '(start (set Neutral Edge (sites Board Edge)))'
    g = load(GAME.replace('(piece "Marker" Each)', '(piece "Marker" Neutral)').format(
        board="(square 3)", start=start, play="(move Remove (sites Occupied by:Neutral on:Edge))",
        end="(is Tree Neutral)"))
    state = g.initial_state()
    assert g.topology.n == 12  # 9 points
    for label in ("x3", "x5", "x6"):  # three inner edges: 9 edges left, 4 cells' worth of cycles
        play(state, label)
        assert not state.is_over()
    play(state, "x8")  # the last inner edge: the outline's cycle remains, no tree
    assert not state.is_over()
    play(state, "x0")  # the outline opened: a tree
    assert state.is_over()
    regular = game("(square 2)", end="(is RegularGraph Mover)")
    s = regular.initial_state()
    play(s, "0")
    assert not s.is_over()  # points of degree 1 and 0


# --- pictures ---------------------------------------------------------------------------------------------

def test_svg_draws_edges_as_lines():
    g = game("(complete (regular Star 6))")
    state = g.initial_state()
    play(state, "3", "5")
    svg = render_svg(state)
    assert svg.count('<g class="piece"') == 2
    assert 'data-site="3" data-owner="1"' in svg and 'data-site="5" data-owner="2"' in svg
    assert svg.count('class="edge"') == 13
    assert '<g class="last-move"' in svg


# --- Ludii's games ------------------------------------------------------------------------------------

REPLAYS = ["math__graph__Sim_seed101.json", "experimental__graph_theory__Nedilmarth_seed101.json",
           "experimental__graph_theory__Windir_seed101.json"]


def replay_sample(name: str, plies: int | None = None) -> None:
    """Replay a sample trace: the mover and the legal moves ply by ply, then the end."""
    path = TRACES / "sample" / name
    if not path.exists():
        pytest.skip(f"{path} not present")
    trace = json.loads(path.read_text(encoding="utf-8"))
    steps = trace["plies"] if plies is None else trace["plies"][:plies]
    state = load(SAMPLE / trace["sample_file"], options=trace["options"]).initial_state()
    for ply, step in enumerate(steps):
        assert not state.is_over(), f"ply {ply}: our game is over"
        assert state.mover == step["mover"], f"ply {ply}: mover"
        legal = state.legal_moves()
        ours = ludii_texts(state, legal)
        assert sorted(ours) == sorted(step["legal"]), f"ply {ply}: legal moves differ"
        state.apply(legal[ours.index(step["move"])])
    if plies is None:
        assert state.is_over() == trace["result"]["over"]
        assert sorted(state.result().winners) == sorted(trace["result"]["winners"])


@pytest.mark.parametrize("name", REPLAYS)
def test_ludiis_graph_games_agree(name):
    replay_sample(name)

