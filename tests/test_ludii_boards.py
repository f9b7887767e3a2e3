"""Ludii's board generators and operators beyond the tilings (diagonals on square grids, wedge,
concentric, merge, shift, scale, dual, hex Triangle, T33336, T3464, remove edges:), their
regions (expand, centrePoint, rows, columns, sites Outer), and the sample files they let run.

The figures are worked out by hand from Ludii's generators (``Square.handleDiagonals``,
``ConcentricRegular``, ``ConcentricCircle``, ``Merge``, ``Dual``, ``TriangleOnHex``...): site
counts, the order Ludii numbers sites in, and which sites are joined."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter import LudError, load

SAMPLE = Path(__file__).resolve().parents[2] / "shared" / "ludii-sample"
if not SAMPLE.is_dir():
    SAMPLE = Path("/work/shared/ludii-sample")

GAME = '''(game "B" (players 2)
    (equipment {{(board {board}{use}) (piece "Disc" Each)}})
    (rules (play (move Add (to {to}))) (end (if (is Full) (result All Draw)))))'''


def board(shape: str, use: str = "", to: str = "(sites Empty)"):
    """A game on the board ``shape`` (``use`` is ``Vertex`` or ``Cell``)."""
    return load(GAME.format(board=shape, use=f" use:{use}" if use else "", to=to))


def around(topo, label: str, relation: str = "Orthogonal") -> set[str]:
    return {topo.labels[t] for t in topo.neighbours[relation][topo.site(label)]}


def needs_sample():
    if not SAMPLE.is_dir():
        pytest.skip(f"{SAMPLE} not present")


# --- diagonals ------------------------------------------------------------------------------------

def test_alternating_diagonals_are_alquerque_lines():
    topo = board("(square 5 diagonals:Alternating)", "Vertex").topology
    assert topo.n == 25
    assert around(topo, "A1") == {"A2", "B1", "B2"}  # the square at (0, 0) has the rising diagonal
    assert around(topo, "B1") == {"A1", "C1", "B2"}  # its neighbour square the falling one
    assert around(topo, "B2") == {"A1", "A2", "A3", "B1", "B3", "C1", "C2", "C3"}
    assert len(topo.neighbours["Orthogonal"][topo.site("C3")]) == 8


def test_solid_diagonals_add_a_centre_point_to_every_square():
    topo = board("(square 5 diagonals:Solid)", "Vertex").topology
    assert topo.n == 25 + 16
    corner = topo.site("A1")
    (centre,) = [t for t in topo.neighbours["Orthogonal"][corner] if topo.positions[t] == (0.5, 0.5)]
    assert len(topo.neighbours["Orthogonal"][centre]) == 4


def test_diagonals_on_cells_split_the_squares():
    assert board("(rectangle 2 3 diagonals:Alternating)").topology.n == 12  # two triangles a square
    assert board("(square 2 diagonals:Solid)").topology.n == 16  # four a square


# --- wedge, merge, shift, scale ------------------------------------------------------------------

def test_wedge_keeps_its_apex_first():
    topo = board("(wedge 3)", "Vertex").topology
    assert topo.n == 7
    assert topo.positions[0] == (2.0, 2.0)  # the apex, not reordered
    assert len(topo.neighbours["Orthogonal"][0]) == 3


def test_merge_joins_points_at_the_same_place_and_keeps_the_order_of_the_boards():
    topo = board("(merge (square 2) (shift 1 0 (square 2)))", "Vertex").topology
    assert topo.n == 4 + 2  # the shared side's two points count once
    assert topo.positions[:4] == [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
    cells = board("(merge {(square 4) (shift 5 0 (square 4)) (shift 0 5 (square 4)) (shift 5 5 (square 4))})")
    assert cells.topology.n == 64  # Shobu: four boards that do not touch
    topo = cells.topology
    assert all(len(topo.neighbours["Orthogonal"][s]) <= 4 for s in range(64))


def test_scale_stretches_and_merge_retraces_the_cells():
    topo = board("(merge (square 10) (shift -3 3 (rectangle 4 16)))").topology
    assert topo.n == 100 + 64 - 40  # Dragonchess: the overlap counts once
    topo = board("(scale 2 1 (square 2))", "Vertex").topology
    assert max(x for x, _ in topo.positions) == 2.0
    topo = board("(skew 0.5 (square 3))", "Vertex").topology
    assert topo.positions[8] == (3.0, 2.0)  # the last point, two rows up: one unit right


def test_remove_edges_by_their_end_points():
    topo = board("(remove (square 3) edges:{{0 1} {1 2}})", "Vertex").topology  # Tugul Shodra
    assert topo.labels[topo.neighbours["Orthogonal"][1][0]] == "B2"
    assert around(topo, "B1") == {"B2"}
    # an edge that is not there is passed over, as Ludii's Graph.removeEdge does
    assert board("(remove (square 3) edges:{{0 4}})", "Vertex").topology.n == 9


# --- concentric -----------------------------------------------------------------------------------

def test_concentric_triangles_joined_at_the_corners():
    topo = board("(concentric Triangle rings:3 joinMidpoints:False joinCorners:True)", "Vertex").topology
    assert topo.n == 18  # Six-Penny Madell: three rings of three corners and three midpoints
    degrees = sorted(len(topo.neighbours["Orthogonal"][s]) for s in range(18))
    assert degrees == [2] * 9 + [3] * 6 + [4] * 3


def test_concentric_squares_are_a_morris_board():
    topo = board("(concentric Square rings:3)", "Vertex").topology
    assert topo.n == 24
    assert sorted(len(n) for n in topo.neighbours["Orthogonal"]).count(4) == 4  # the middle midpoints


def test_circle_of_points_in_ludii_order():
    # Toono: centre, an empty ring, two rings of 8; Ludii sorts each ring by angle from -pi
    topo = board("(add (concentric {1 0 8 8}) edges:{{0 2} {0 4} {0 6} {0 8}})", "Vertex").topology
    assert topo.n == 17
    assert topo.positions[0] == (0.0, 0.0)
    spokes = {tuple(round(c, 6) for c in topo.positions[t]) for t in topo.neighbours["Orthogonal"][0]}
    assert spokes == {(-2.0, 0.0), (0.0, -2.0), (2.0, 0.0), (0.0, 2.0)}  # a cross: W, S, E, N
    topo = board("(concentric {1 8 8 8})", "Vertex").topology  # Bara Guti (Bihar)
    assert topo.n == 25 and set(topo.neighbours["Orthogonal"][0]) == set(range(1, 9))


def test_circle_of_cells_has_its_centre_as_cell_1():
    topo = board("(concentric {0 0 0 16 16 16 16})").topology
    assert topo.n == 65 and sorted(len(s) for s in topo.shapes)[-1] == 16
    assert len(topo.shapes[1]) == 16  # the hole in the middle, which Shatranj ar-Rumiya removes
    topo = board("(remove (concentric {0 0 0 16 16 16 16}) cells:{1})").topology
    assert topo.n == 64 and all(len(s) == 4 for s in topo.shapes)


def test_concentric_needs_rings_with_a_shape():
    with pytest.raises(LudError, match="rings:"):
        board("(concentric Square)", "Vertex")


# --- hex Triangle, tilings, dual -----------------------------------------------------------------

def test_hex_triangle():
    topo = board("(hex Triangle 11)").topology
    assert topo.n == 66  # Tabu Y
    assert len(topo.regions["Corners"]) == 3
    assert len(topo.neighbours["Orthogonal"][topo.regions["Corners"][0]]) == 2


def test_stars_and_diamonds():
    assert board("(hex Star 1)").topology.n == 13  # a hexagon of 7 and six triangles of 1
    assert board("(hex Star 2)").topology.n == 19 + 6 * 3
    assert board("(tri Star 1)", "Vertex").topology.n == 13  # points: a hexagon of 7 and six tips
    diamond = board("(square Diamond 2)", "Vertex").topology
    assert diamond.n == 12  # (col, row) of a 4 x 4 grid with 1 <= row + col < 6 and |col - row| <= 2
    assert len(board("(square Diamond 2)").topology.shapes) == 5


def test_tilings_3636_and_488():
    t3636 = board("(tiling T3636 2)").topology
    assert t3636.n == 7 + 12 and sorted({len(s) for s in t3636.shapes}) == [3, 6]  # hexagons, triangles
    assert board("(tiling T3636 2 3)").topology.n == 15 + 28  # a 3 x 5 rhombus of hexagons
    t488 = board("(tiling T488 3)").topology
    assert t488.n == 9 + 4  # octagons and the squares between them
    assert sorted(len(s) for s in t488.shapes).count(8) == 9
    assert board("(tiling T488 2 3)").topology.n == 6 + 2


def test_tilings_33336_and_3464_and_the_dual():
    flowers = board("(dual (tiling T33336 3))").topology
    assert flowers.n == 114 and all(len(s) == 5 for s in flowers.shapes)  # floret pentagons
    lotus = board("(rotate 90 (tiling T3464 2))", "Vertex").topology
    assert lotus.n == 72 and max(len(n) for n in lotus.neighbours["Orthogonal"]) == 4


def test_regular_star_complete_split_and_subdivide():
    star = board("(regular Star 5)", "Vertex").topology
    assert star.n == 5 and all(len(n) == 2 for n in star.neighbours["Orthogonal"])  # a pentagram
    split = board("(splitCrossings (regular Star 5))", "Vertex").topology  # Jiu Zi Xian Qi
    assert split.n == 10  # the five crossings become points
    assert sorted(len(n) for n in split.neighbours["Orthogonal"]) == [2] * 5 + [4] * 5
    k6 = board("(complete (regular 6))", "Vertex").topology
    assert all(len(n) == 5 for n in k6.neighbours["Orthogonal"])
    assert board("(subdivide (square 2))").topology.n == 16  # four triangles a square
    assert board("(subdivide (regular 6) min:7)").topology.n == 1  # a hexagon is left whole


def test_spiral_is_one_line_of_points_from_the_centre():
    topo = board("(spiral turns:5 sites:84)", "Vertex").topology  # Mehen
    assert topo.n == 84 and topo.positions[0] == (0.0, 0.0)
    degrees = [len(n) for n in topo.neighbours["Orthogonal"]]
    assert degrees[0] == degrees[-1] == 1 and set(degrees[1:-1]) == {2}
    radius = [abs(complex(*p)) for p in topo.positions]
    assert radius[1] < radius[40] < radius[83]  # outwards along the line
    with pytest.raises(LudError, match="sites is 1001, out of its range from 1 to 1000"):
        board("(spiral turns:5 sites:1001)", "Vertex")


def test_repeat_draws_a_shape_again_and_shares_its_points():
    topo = board("(repeat 2 3 step:{{1 0} {0 1}} (poly {{0 0} {0 1} {1 1} {1 0}}))", "Vertex").topology
    assert topo.n == 3 * 4  # a 2 x 3 grid of squares: 3 rows of 4 points
    cells = board("(repeat 2 3 step:{{1 0} {0 1}} (poly {{0 0} {0 1} {1 1} {1 0}}))").topology
    assert cells.n == 6 and cells.labels[:3] == ["A1", "B1", "C1"]


def test_union_of_boards_keeps_them_apart():
    topo = board("(union (square 2) (shift 1 0 (square 2)))", "Vertex").topology
    assert topo.n == 8  # no point is shared, unlike merge
    assert all(len(n) == 2 for n in topo.neighbours["Orthogonal"])
    game = board("(union (square 1) (shift 0 2 (square 1)))", to="(union (sites Top) (sites Bottom))")
    assert game.topology.n == 2  # Rock-Paper-Scissors' two cells


def test_hole_keep_and_renumber():
    holed = board("(hole (square 8) (poly {{2.5 2.5} {2.5 5.5} {5.5 5.5} {5.5 2.5}}))").topology
    assert holed.n == 64 - 16  # cells whose centres are in the (slightly grown) square go
    assert "D4" not in holed.labels and "C3" not in holed.labels and "B2" in holed.labels
    kept = board("(keep (square 4) (poly {{0 0} {0 2} {2 2} {2 0}}))", "Vertex").topology
    assert kept.n == 9  # the 3 x 3 points of the corner, those on the outline included
    merged = board("(merge (shift 0 5 (square 2)) (square 2))", "Vertex").topology
    assert merged.positions[0] == (0.0, 5.0)  # merge keeps the order of its boards
    renumbered = board("(renumber (merge (shift 0 5 (square 2)) (square 2)))", "Vertex").topology
    assert renumbered.positions[0] == (0.0, 0.0)  # bottom row first


def test_many_crossings_split_as_ludii_does():
    # every crossing of the diagonals of a regular 11-gon is a point of its own (no three
    # meet): 11 corners and C(11, 4) = 330 crossings
    assert board("(splitCrossings (complete (regular 11)))", "Vertex").topology.n == 11 + 330


def test_line_drawings_too_large_to_split_are_refused():
    with pytest.raises(LudError, match="at most 1000"):
        board("(splitCrossings (square 23))", "Vertex")
    with pytest.raises(LudError, match="at most 600"):
        board("(complete (regular 40))", "Vertex")


def test_boards_played_on_their_edges():
    """Sim's board: the 15 edges of the complete graph on 6 points, numbered as Ludii numbers
    them (labels are the numbers)."""
    game = board("(complete (regular Star 6))", "Edge", to="Edge (sites Empty Edge)")
    assert game.topology.n == 15 and game.topology.labels[:3] == ["0", "1", "2"]
    assert len(game.initial_state().legal_moves()) == 15


# --- regions --------------------------------------------------------------------------------------

def test_expand_row_column_centre_point_and_outer():
    game = board("(square 5)", to="(expand (sites Bottom) steps:2)")
    assert len(game.initial_state().legal_moves()) == 15
    game = board("(square 5)", to="(expand origin:(centrePoint))")
    assert sorted(m.text for m in game.initial_state().legal_moves()) == [
        "B2", "B3", "B4", "C2", "C3", "C4", "D2", "D3", "D4"]
    game = board("(square 5)", to="(expand origin:(centrePoint) steps:2 N)")
    assert sorted(m.text for m in game.initial_state().legal_moves()) == ["C3", "C4", "C5"]
    game = board("(square 5)", to="(intersection (sites Row 1) (sites Column (column of:(centrePoint))))")
    assert [m.text for m in game.initial_state().legal_moves()] == ["C2"]
    game = board("(square 4)", to="(sites Outer)")
    assert len(game.initial_state().legal_moves()) == 12
    game = board("(square 5)", to="(sites Row (/ (- 9 2) 2))")  # 3, as Java's integer division
    assert [m.text for m in game.initial_state().legal_moves()] == ["A4", "B4", "C4", "D4", "E4"]
    with pytest.raises(LudError, match="no row -1 on this board"):  # a row written out must exist
        board("(square 5)", to="(sites Row (% -7 3))")


def test_coord_by_label_or_row_and_column():
    game = board("(square 5)", to='(sites {(coord "E5") (coord row:0 column:1)})')
    # a region is Ludii's bitset: its sites in increasing order, whatever order they were written in
    assert [m.text for m in game.initial_state().legal_moves()] == ["B1", "E5"]
    with pytest.raises(LudError, match="no site 'Z9' on this board"):  # not silently off the board
        board("(square 5)", to='(sites {(coord "E5") (coord "Z9")})')
    game = board("(square 5)", to="(sites {(coord row:(- (count Moves) 1) column:0)})")  # computed: -1 allowed
    assert [m.text for m in game.initial_state().legal_moves()] == ["pass"]


def test_regions_of_a_player_by_name():
    text = GAME.format(board="(square 3)", use="", to='(sites Mover "Home")').replace(
        '(piece "Disc" Each)',
        '(piece "Disc" Each) (regions "Home" P1 (sites Bottom)) (regions "Home" P2 (sites Top)) (regions P2 {"B2"})')
    game = load(text)
    state = game.initial_state()
    assert [m.text for m in state.legal_moves()] == ["A1", "B1", "C1"]
    state.apply("A1")
    assert [m.text for m in state.legal_moves()] == ["A3", "B3", "C3"]
    assert game.topology.regions["Home"] == (0, 1, 2, 6, 7, 8)  # (sites "Home"): every player's
    everything = load(text.replace('(sites Mover "Home")', "(sites P2)"))
    assert sorted(m.text for m in everything.initial_state().legal_moves()) == ["A3", "B2", "B3", "C3"]
    twice = load(text.replace('(regions "Home" P2 (sites Top))', '(regions "Home" P1 (sites Top))'))
    assert len(twice.initial_state().legal_moves()) == 6  # one player's two "Home"s are one region


def test_count_rows_and_all_sites():
    text = GAME.format(board="(rectangle 4 6)", use="", to="(sites Row (- (count Rows) 1))").replace(
        "(is Full)", "(all Sites (sites Top) if:(is Occupied (site)))")
    game = load(text)
    state = game.initial_state()
    assert [m.text for m in state.legal_moves()] == ["A4", "B4", "C4", "D4", "E4", "F4"]
    for move in ["A4", "B4", "C4", "D4", "E4"]:
        state.apply(move)
        assert not state.is_over()
    state.apply("F4")
    assert state.result().draw and "on every site of" in state.result().reason  # the top row is full
    columns = load(GAME.format(board="(rectangle 4 6)", use="", to="(sites Column (- (count Columns) 1))"))
    assert [m.text for m in columns.initial_state().legal_moves()] == ["F1", "F2", "F3", "F4"]


def test_division_by_zero_is_located():
    with pytest.raises(LudError, match="divides by zero"):
        board("(square 5)", to="(sites Row (/ 1 0))")


def test_site_types_other_than_the_board_s_hold_their_own_pieces():
    """A move to an edge of a board of cells puts a piece on that edge (Ludii's state per site
    type); the board's regions of another kind are Ludii's numbers of those elements."""
    outer = board("(square 4)", to="Edge (sites Outer Edge)")
    assert len(outer.initial_state().legal_moves()) == 16
    game = board("(square 4)")
    assert len(game.topology.regions_of("Edge")["Outer"]) == 16  # edges along the outline
    assert len(game.topology.regions_of("Vertex")["Corners"]) == 4
    assert game.topology.regions_of("Cell") is game.topology.regions


# --- sample files ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name, sites", [
    ("board__space__line__Six-Penny Madell.lud", 18),
    ("board__war__direction__linear__Fanorona.lud", 45),
    ("board__war__leaping__lines__Bis Gutiya.lud", 41),
    ("board__war__custodial__Awithlaknakwe.lud", 365),
    ("board__hunt__Mao Naga Tiger Game.lud", 37),
    ("experimental__Morpharaoh.lud", 48),  # "an order 1 board with 48 cells"
    ("board__war__replacement__checkmate__chaturanga__Shatranj ar-Rumiya.lud", 64),
])
def test_sample_boards(name, sites):
    needs_sample()
    from interpreter.loader import expand_description
    from interpreter.syntax.format import format_inline
    from interpreter.syntax.nodes import Call

    game = expand_description(SAMPLE / name).game
    stack, found = [game], None
    while stack and found is None:
        node = stack.pop()
        if isinstance(node, Call) and node.head == "board":
            found = node
        else:
            stack.extend(node.children())
    text = format_inline(found)
    loaded = load(f'(game "B" (players 2) (equipment {{{text} (piece "Disc" Each)}}) '
                  '(rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result All Draw)))))')
    assert loaded.topology.n == sites


def test_refskak_starts_with_the_fox_on_the_centre_point():
    needs_sample()
    game = load(SAMPLE / "board__hunt__Refskak.lud")
    state = game.initial_state()
    assert game.topology.n == 33  # two 3 x 7 rectangles with Alquerque diagonals, crossed
    fox = [s for s in range(33) if state.who[s] == 2]
    assert [game.topology.labels[s] for s in fox] == ["D4"]
    assert state.who.count(1) == 13  # two rows of the bottom arm and row 3: 6 + 3 + 4
    assert sorted(m.text for m in state.legal_moves()) == sorted(
        ["A3-A4", "A3-B4", "B3-B4", "C3-C4", "C3-B4", "E3-E4", "E3-F4", "F3-F4", "G3-G4", "G3-F4"])


def test_flume_starts_with_neutral_stones_on_the_outer_ring():
    needs_sample()
    game = load(SAMPLE / "board__space__territory__Flume.lud")
    state = game.initial_state()
    assert game.topology.n == 81
    assert [game.components[state.what[s]].name for s in game.topology.regions["Outer"]] == ["Disc0"] * 32
    assert len(state.legal_moves()) == 49


def test_flowers_is_four_in_a_row_on_pentagons():
    needs_sample()
    game = load(SAMPLE / "experimental__Flowers.lud")
    assert game.topology.n == 114
    state = game.initial_state()
    assert len(state.legal_moves()) == 114


def test_wagner_sets_the_players_vertices_at_the_start():
    needs_sample()
    game = load(SAMPLE / "math__graph__Wagner.lud")
    state = game.initial_state()
    assert [state.who[v] for v in range(8)] == [1, 2, 2, 0, 0, 1, 1, 2]  # (set P1 Vertex (sites {0 5 6}))
    # only vertices 5 and 6 have an empty neighbour (4 and 3): the graph's own numbering
    assert sorted(m.text for m in state.legal_moves()) == ["B4-A3", "D3-D2"]
    assert (game.topology.labels[5], game.topology.labels[4]) == ("D3", "D2")


def test_tugul_shodra_has_no_line_from_b1_to_its_side_neighbours():
    needs_sample()
    state = load(SAMPLE / "board__space__blocking__Tugul Shodra.lud").initial_state()
    # (remove (square 3) edges:{{0 1} {1 2}}): C1 cannot step to B1, the only empty point next to it
    assert sorted(m.text for m in state.legal_moves()) == ["C2-B2", "C3-B3"]


@pytest.mark.parametrize("name", [
    "board__hunt__Refskak.lud", "board__space__blocking__Tugul Shodra.lud", "board__space__territory__Flume.lud", "experimental__Flowers.lud",
    "math__graph__Wagner.lud", "experimental__HopThrough.lud",
])
def test_sample_files_play_to_the_end(name):
    needs_sample()
    game = load(SAMPLE / name)
    rng = random.Random(7)
    state = game.initial_state()
    while not state.is_over():
        state.apply(rng.choice(state.legal_moves()))
    assert state.result().over
