"""Ludii's board generators and graph operators completed in session 31 (``clip``,
``intersect``, ``scale``/``shift`` with their third float, the semi-regular tilings, ``celtic``)
and the int forms beside them (``union`` of arrays, ``(edge)``, ``(track)``): each with Ludii's
meaning on small boards whose answer is worked out by hand from Ludii's Java classes."""

from __future__ import annotations

import pytest

from interpreter import LudError, load

GAME = '''(game "B" (players 2) (equipment {{(board {board}{use}) (piece "Disc" Each)}})
    (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result All Draw)))))'''


def topo(shape: str, use: str = ""):
    return load(GAME.format(board=shape, use=f" use:{use}" if use else "")).topology


# --- clip ------------------------------------------------------------------------------------------

def test_clip_cuts_away_the_points_inside_the_grown_polygon():
    # Ludii's example: the points of the triangle (1,1) (1,3) (4,0), its border included
    # (grown by 0.1), go with their lines; the others keep their order
    t = topo("(clip (square 4) (poly {{1 1} {1 3} {4 0}}))", "Vertex")
    assert t.positions == [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (0.0, 1.0), (0.0, 2.0),
                           (3.0, 2.0), (0.0, 3.0), (2.0, 3.0), (3.0, 3.0)]
    assert t.elements.edges == ((0, 1), (1, 2), (2, 3), (0, 4), (4, 5), (5, 7), (6, 9), (8, 9))


def test_clip_keeps_the_cells_whose_corners_all_stay():
    t = topo("(clip (square 4) (poly {{1 1} {1 3} {4 0}}))")
    assert len(t.elements.vertices) == 25 - 7  # the corner (4, 0) goes too
    assert t.positions == [(3.5, 2.5), (2.5, 3.5), (3.5, 3.5)]


def test_clip_with_a_hole_in_the_middle():
    t = topo("(clip (square 5) (poly {{1.5 1.5} {1.5 3.5} {3.5 3.5} {3.5 1.5}}))", "Vertex")
    assert t.n == 25 - 4 and (2.0, 2.0) not in t.positions and (1.0, 1.0) in t.positions


# --- intersect -------------------------------------------------------------------------------------

def test_intersect_of_two_boards():
    t = topo("(intersect (square 4) (rectangle 2 5))")
    assert t.n == 8  # the 4 x 2 cells both boards have
    assert len(t.elements.vertices) == 15 and len(t.elements.edges) == 22
    assert t.positions[:4] == [(0.5, 0.5), (1.5, 0.5), (2.5, 0.5), (3.5, 0.5)]


def test_intersect_of_a_list_of_boards():
    t = topo("(intersect {(rectangle 6 2) (square 4) (rectangle 7 2)})", "Vertex")
    assert t.positions == [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (0.0, 2.0), (1.0, 2.0),
                           (0.0, 3.0), (1.0, 3.0)]


def test_intersect_keeps_only_edges_found_in_every_board():
    # a diagonal of one board is no edge of the other: the points stay, the line goes
    t = topo("(intersect (square 2 diagonals:Solid) (square 2))", "Vertex")
    assert t.n == 4 and len(t.elements.edges) == 4


def test_intersect_needs_two_boards():
    with pytest.raises(LudError, match="two boards"):
        topo("(intersect (square 4))")


# --- scale and shift: the third float ----------------------------------------------------------------

def test_scale_third_factor_leaves_a_flat_board_flat():
    assert topo("(scale 1 2 3 (square 2))", "Vertex").positions == [(0.0, 0.0), (1.0, 0.0), (0.0, 2.0), (1.0, 2.0)]
    assert topo("(scale 2 (square 2))", "Vertex").positions == [(0.0, 0.0), (2.0, 0.0), (0.0, 2.0), (2.0, 2.0)]


def test_shift_in_z_zero_and_otherwise():
    assert topo("(shift 1 2 0 (square 2))", "Vertex").positions == [(1.0, 2.0), (2.0, 2.0), (1.0, 3.0), (2.0, 3.0)]
    with pytest.raises(LudError, match="flat"):
        topo("(shift 1 2 1.5 (square 2))", "Vertex")


# --- union of arrays, (edge), (track) ----------------------------------------------------------------

INT_GAME = '''(game "T" (players 2) (equipment {{(board (square 3){tracks}) (piece "Disc" Each)}})
    (rules (play (move Add (to (sites Empty)))) (end {end})))'''


def wins(end: str, tracks: str = "") -> bool:
    s = load(INT_GAME.format(end=end, tracks=tracks)).initial_state()
    s.apply("A1")
    return s.is_over() and s.result().winners == [1]


@pytest.mark.parametrize("expr, value", [
    # the first array as it is, then the values of the next ones not in it yet
    ("(size Array (union (array (sites {1 2 3})) (array (sites {3 2 7}))))", 4),
    ("(arrayValue (union (array (sites {5 1})) (array (sites {0 1}))) index:2)", 0),
    ("(size Array (union {(array (sites {1 2})) (array (sites {2 3})) (array (sites {3 4}))}))", 4),
    ("(arrayValue (union {(array (sites {4})) (array (sites {2 3})) (array (sites {1 4}))}) index:3)", 1),
    ("(size Array (union (results from:(sites {0 1}) to:0 (to)) (array (sites {1}))))", 3),
    ("(edge)", -1),
    ("(edge 0 1)", 0),
    ("(track)", -1),
])
def test_int_forms(expr, value):
    assert wins(f"(if (= {expr} {value}) (result Mover Win))"), expr


def test_track_is_the_index_of_the_track_tested():
    tracks = ' {(track "T1" {0 1 2}) (track "T2" {3 4 5})}'
    assert wins("(forEach Track if:(= (track) 1) (result Mover Win))", tracks)
    assert not wins("(forEach Track if:(= (track) 2) (result Mover Win))", tracks)


def test_edge_takes_two_vertices_or_none():
    with pytest.raises(LudError, match="two vertices"):
        wins("(if (= (edge 0) 0) (result Mover Win))")


# --- tiling: the tilings we lacked, the second size, custom outlines ---------------------------------

def counts(shape: str) -> tuple[int, int, int]:
    els = topo(shape, "Vertex").elements
    return len(els.vertices), len(els.edges), len(els.cells)


@pytest.mark.parametrize("shape, expected", [
    # 7 dodecagons sharing 12 edges (84 - 24 points), 12 triangles between them
    ("(tiling T31212 2)", (60, 78, 19)),
    ("(tiling T31212 1)", (12, 12, 1)),
    # 7 dodecagons apart, 12 squares and 6 hexagons between them
    ("(tiling T4612 2)", (84, 108, 25)),
    # a hexagon ringed by 6 squares and 6 triangles
    ("(tiling T333333_33434 1)", (18, 30, 13)),
    ("(tiling T333333_33434 2)", (102, 202, 101)),
    # 2 rows of 2 unit squares, the second half a square on, 4 triangles between them
    ("(tiling T33344 2)", (12, 19, 8)),
    ("(tiling T33344 2 3)", (16, 27, 12)),
    # the parallelogram of 2 x 3 hexagons (Ludii's ParallelogramOn3464)
    ("(tiling T3464 2 3)", (66, 120, 55)),
])
def test_tilings_we_lacked(shape, expected):
    v, e, f = counts(shape)
    assert (v, e, f) == expected
    assert v - e + f == 1  # one board, no holes: Euler's formula


def test_tilings_of_one_shape_pass_the_second_size_over():
    for kind in ("T33434", "T33336", "T31212", "T4612", "T333333_33434"):
        assert topo(f"(tiling {kind} 2 5)", "Vertex").positions == topo(f"(tiling {kind} 2)", "Vertex").positions


def test_t31212_sites_in_ludii_order():
    t = topo("(tiling T31212 1)", "Vertex")
    ys = [round(y, 4) for _, y in t.positions]
    assert ys == sorted(ys)  # bottom row first (Ludii's reorder), left to right within a row
    assert t.positions[0][0] < t.positions[1][0]


def test_custom_outline_on_3636_is_the_hexagon_for_equal_sides():
    from interpreter.engine.boards.tiling_more import tiling_custom, tiling_of
    walked, generated = tiling_custom("T3636", [3]), tiling_of("T3636", 3)
    assert len(walked.vertices) == len(generated.vertices) == 72
    assert walked.edges == generated.edges and walked.faces == generated.faces  # the same board, moved


@pytest.mark.parametrize("shape, expected", [
    ("(tiling T3636 {3 4})", (99, 177, 79)),  # a limping hexagon of sides 3 and 4
    ("(tiling T3636 (poly {{0 0} {0 5} {5 5} {5 0}}))", (38, 62, 25)),
    ("(tiling T488 (poly {{0 0} {0 5} {5 5} {5 0}}))", (48, 60, 13)),  # 4 octagons, their squares
    ("(tiling T3464 {2 3})", (111, 207, 97)),
    ("(tiling T33344 {3 3})", (48, 94, 47)),
    # T33434 keeps the part of a diamond of 5 inside the polygon; its sides give a diamond of 3
    ("(tiling T33434 (poly {{0 0} {0 5} {5 5} {5 0}}))", (28, 53, 26)),
])
def test_custom_outlines(shape, expected):
    assert counts(shape) == expected


def test_custom_outline_on_a_tiling_without_one_is_its_board_of_3():
    assert counts("(tiling T4612 {7})") == counts("(tiling T4612 3)")
    assert counts("(tiling T33434 {7})") == counts("(tiling T33434 3)")
    assert counts("(tiling T333333_33434 (poly {{0 0} {0 5} {5 5}}))") == counts("(tiling T333333_33434 2)")


def test_tiling_concepts():
    from interpreter import concepts

    def has(shape: str) -> set[str]:
        found = concepts(load(GAME.format(board=shape, use=""))).boolean
        return {c for c in ("SemiRegularTiling", "PolygonShape", "ParallelogramShape", "HexShape") if c in found}
    assert has("(tiling T3464 2 3)") == {"SemiRegularTiling", "PolygonShape", "ParallelogramShape"}
    assert has("(tiling T3464 2)") == {"SemiRegularTiling", "PolygonShape", "HexShape"}
    assert has("(tiling T31212 2)") == {"SemiRegularTiling", "PolygonShape"}
    assert has("(tiling T33434 (poly {{0 0} {0 5} {5 5} {5 0}}))") == set()


def test_tiling_takes_sizes_or_an_outline():
    with pytest.raises(LudError, match="not both"):
        topo("(tiling T3636 {3 4} 2)")
    with pytest.raises(LudError, match="needs a size"):
        topo("(tiling T3636)")


# --- celtic ----------------------------------------------------------------------------------------

def test_celtic_one_diamond_rounded_at_its_four_corners():
    # the 4 points round one grid point; each is a convex corner of the outline, the next one
    # too: a new point beyond the middle of each side, two curved edges and a small cell
    v, e, f = counts("(celtic 1)")
    assert (v, e, f) == (4 + 4, 4 + 8, 1 + 4)


def test_celtic_2x2_rounds_its_corners_and_crosses_its_notches():
    # 4 diamonds and the one between them (12 points); at each of the 4 corners of the board a
    # new point (single step), at each of the 4 notches a curve across it (double step)
    assert counts("(celtic 2)") == (12 + 4, 16 + 4 * 2 + 4, 5 + 8)


@pytest.mark.parametrize("shape, expected", [
    ("(celtic 3)", (28, 52, 25)),
    ("(celtic 2 3)", (21, 38, 18)),
    ("(celtic {4 3 -1 2 3})", (32, 59, 28)),
    ("(celtic (poly {{1 2} {1 6} {3 6} {3 4} {4 4} {4 2}}))", (21, 38, 18)),
])
def test_celtic_boards(shape, expected):
    v, e, f = counts(shape)
    assert (v, e, f) == expected and v - e + f == 1


def test_celtic_sites_in_ludii_order_and_curved_edges():
    from interpreter.engine.boards.celtic import celtic
    g = celtic(1, 1)
    assert [round(y, 3) for _, y in g.vertices] == sorted(round(y, 3) for _, y in g.vertices)
    assert len(g.curved) == 8  # every rounding edge is curved (Ludii's edges with tangents)
    assert all(len(face) == 3 for face in g.faces if any(frozenset((face[i], face[(i + 1) % 3])) in g.curved
                                                         for i in range(len(face))))


def test_celtic_concepts():
    from interpreter import concepts

    def has(shape: str) -> set[str]:
        found = concepts(load(GAME.format(board=shape, use=""))).boolean
        return {c for c in ("CelticTiling", "SquareShape", "RectangleShape", "PolygonShape") if c in found}
    assert has("(celtic 3)") == {"CelticTiling", "SquareShape", "PolygonShape"}
    # Ludii compares the two sizes as objects: two sizes make a rectangle, even equal ones
    assert has("(celtic 3 3)") == {"CelticTiling", "RectangleShape", "PolygonShape"}
    assert has("(celtic {3 3})") == {"CelticTiling", "RectangleShape", "PolygonShape"}


def test_celtic_takes_sizes_or_an_outline():
    with pytest.raises(LudError, match="not both"):
        topo("(celtic {3 3} 2)")
