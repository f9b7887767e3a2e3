"""Ludii's graph family (board generators and operators), equipment and util forms completed
in session 30: each with Ludii's meaning on small boards whose answer is worked out by hand
from Ludii's Java classes (``Rectangle``, ``Remove``, ``Add``, ``Merge``, ``Union``...)."""

from __future__ import annotations

import pytest

from interpreter import LudError, load
from interpreter.engine import boards as gen

GAME = '''(game "B" (players 2) (equipment {{(board {board}{use}) (piece "Disc" Each)}})
    (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result All Draw)))))'''


def topo(shape: str, use: str = ""):
    return load(GAME.format(board=shape, use=f" use:{use}" if use else "")).topology


def edges(t) -> int:
    return sum(len(x) for x in t.neighbours["Orthogonal"]) // 2


# --- rectangle -------------------------------------------------------------------------------------

def test_rectangle_without_columns_is_square():
    assert topo("(rectangle 4)").n == 16
    assert topo("(rectangle 4)").labels == topo("(square 4)").labels
    assert topo("(rectangle 3)", "Vertex").n == 9


# --- remove ----------------------------------------------------------------------------------------

def test_remove_vertices_by_position_and_index():
    t = topo("(remove (square 4) vertices:{{0.0 3.0} {0.5 2}})", "Vertex")
    assert t.n == 15  # (0, 3) goes; no vertex at (0.5, 2): passed over, as Ludii does
    assert (0.0, 3.0) not in t.positions
    assert topo("(remove (square 4) vertices:{1 4})", "Vertex").n == 14


def test_remove_cells_by_corners_and_trim_edges():
    by_corners = topo("(remove (square 3) cells:{{{1 1} {1 2} {2 2} {2 1}}})")
    by_index = topo("(remove (square 3) cells:{4})")
    assert by_corners.n == by_index.n == 8
    g = gen.remove(gen.square(3), cells=[0])
    kept = gen.remove(gen.square(3), cells=[0], trim_edges=False)
    assert len(g.edges) == 24 - 2 and len(kept.edges) == 24  # the corner's outer sides go only when trimmed


def test_remove_edge_by_end_positions():
    assert edges(topo("(remove (square 3) edges:{{{0 0} {1 0}}})", "Vertex")) == 11
    # a missing edge is passed over (Ludii's Graph.removeEdge)
    assert len(gen.remove(gen.square(2), edges=[(0, 5)]).edges) == len(gen.square(2).edges)


def test_remove_poly_takes_the_vertices_inside():
    t = topo("(remove (square 8) (poly {{2.5 2.5} {2.5 5.5} {5.5 5.5} {5.5 2.5}}))")
    assert t.n == 64 - 16  # the 9 points inside go, with every cell touching them
    assert topo("(remove (square 8) (poly {{2.5 2.5} {2.5 5.5} {5.5 5.5} {5.5 2.5}}))", "Vertex").n == 64 - 9


def test_remove_poly_and_lists_are_either_or():
    with pytest.raises(LudError, match="polygon"):
        topo("(remove (square 3) (poly {{0 0} {0 1} {1 1}}) cells:{0})")


# --- add -------------------------------------------------------------------------------------------

def test_add_without_a_board():
    t = topo("(add edges:{{{0 0} {1 1}}})", "Vertex")
    assert t.n == 2 and edges(t) == 1


def test_add_curved_edges_are_curved():
    g = gen.add(gen.square(2, use="Vertex"), curved=[((0, 0), (1, 0), (1, 2), (-1, 2))])
    assert g.curved == {frozenset((0, 1))}
    g = gen.add(gen.square(2, use="Vertex"), curved=[((0, 0), (3, 0), (1, 2), (-1, 2))])
    assert len(g.vertices) == 5 and frozenset((0, 4)) in g.curved  # the end point is made


def test_add_connect_joins_new_vertices_only_to_near_ones():
    g = gen.add(gen.square(2, use="Vertex"), vertices=[(2, 0)], connect=True)
    assert (4, 1) in g.edges and len(g.edges) == 5  # (1,0) is 1 away; (1,1) is 1.41 away
    g = gen.add(gen.square(2, use="Vertex"), vertices=[(2, 0)])
    assert len(g.edges) == 4


# --- merge / union connect: ---------------------------------------------------------------------------

def test_merge_connect_joins_near_points():
    apart = topo("(merge (square 2) (shift 2 0 (square 2)))", "Vertex")
    joined = topo("(merge (square 2) (shift 2 0 (square 2)) connect:True)", "Vertex")
    assert apart.n == joined.n == 8
    assert edges(apart) == 8 and edges(joined) == 10


def test_union_connect_joins_near_points():
    g = gen.union([gen.square(2, use="Vertex"), gen.shift(gen.square(2, use="Vertex"), 2, 0)], connect=True)
    assert len(g.vertices) == 8 and len(g.edges) == 10
    assert len(gen.union([gen.square(1), gen.shift(gen.square(1), 2, 0)]).edges) == 8


def test_union_connect_is_for_boards():
    with pytest.raises(LudError, match="connect"):
        load('''(game "B" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
            (rules (play (move Add (to (union (sites Top) (sites Bottom) connect:True))))
            (end (if (is Full) (result All Draw)))))''')


# --- equipment: piece max*:, board largeStack: -----------------------------------------------------

def test_piece_capacities_and_large_stacks_load_and_play_alike():
    text = '''(game "S" (players 2)
        (equipment {{(board (square 3){large}) (piece "Disc" Each{caps})}})
        (rules (play (move Add (to (sites Board)) stack:True)) (end (if (= (count Moves) 12) (result Mover Win)))))'''
    plain = load(text.format(large="", caps=""))
    other = load(text.format(large=" largeStack:True", caps=" maxState:4 maxCount:2 maxValue:9"))
    a, b = plain.initial_state(), other.initial_state()
    for _ in range(12):
        ma, mb = a.legal_moves(), b.legal_moves()
        assert [str(m) for m in ma] == [str(m) for m in mb]
        a.apply(ma[-1])
        b.apply(mb[-1])
    assert a.is_over() and a.outcome() == b.outcome()


# --- surakartaBoard --------------------------------------------------------------------------------

SURAKARTA = '''(game "S" (players 2) (equipment {{{board} (piece "Marker" Each (step (to if:(is Empty (to)))))}})
    (rules (start {{(place "Marker1" (sites Bottom)) (place "Marker2" (sites Top))}})
    (play (forEach Piece)) (end (if (no Moves Next) (result Mover Loss)))))'''


def test_surakarta_board_has_ludiis_loops():
    g = load(SURAKARTA.format(board="(surakartaBoard (square 6))"))
    assert g.topology.n == 36  # the points of a 6 x 6 grid
    names = [t.name for t in g.tracks]
    assert names == ["Track1F", "Track1B", "Track2F", "Track2B"]  # (6 - 1 - 1) // 2 loops
    inner = g.tracks[0]
    # bottom row 1 rightwards, then (the corner passed twice, one site) up column 4...
    assert inner.sites[:8] == (6, 7, 8, 9, 10, 11, 4, 10)
    assert inner.looped and inner.directed and inner.owner == 0
    assert g.tracks[1].sites[:7] == (1, 7, 13, 19, 25, 31, 24)  # the other way round
    assert len(inner.sites) == 24


def test_surakarta_loops_and_from():
    g = load(SURAKARTA.format(board="(surakartaBoard (square 7) loops:1 from:2)"))
    assert [t.name for t in g.tracks] == ["Track2F", "Track2B"]
    assert g.tracks[0].sites[:7] == tuple(range(14, 21))


def test_surakarta_triangle_loops():
    from interpreter.ludemes.graph_equipment import surakarta_triangle_loop
    # (tri 5) use:Vertex has points in rows of 5, 4, 3, 2, 1; loop 1 starts on the second row (site 5)
    loop = surakarta_triangle_loop(5, 1)
    assert [abs(x) for x in loop[:4]] == [5, 6, 7, 8]
    assert [x < 0 for x in loop[:4]] == [True, False, False, True]  # the run's ends
    g = load(SURAKARTA.format(board="(surakartaBoard (tri 5))"))
    assert [t.name for t in g.tracks] == ["Track1F", "Track1B", "Track2F", "Track2B"]


# --- makeFaces, boardless, poly rotns: ----------------------------------------------------------------

def test_make_faces_traces_the_cells_again():
    # Ludii's graph (add ...) adds no face: the diagonal splits no cell until the faces are made again
    added = topo("(add (square 2) edges:{{0 4}})")
    remade = topo("(makeFaces (add (square 2) edges:{{0 4}}))")
    assert added.n == 4 and remade.n == 5  # the square's first cell is now two triangles


def test_boardless_is_ludiis_large_board():
    def table(word: str) -> object:
        return load(f'''(game "T" (players 2) (equipment {{{word} (piece "Disc" Each)}})
            (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result All Draw)))))''')
    square = table("(boardless Square)")
    assert square.topology.n == 41 * 41
    assert "Boardless" in square.concepts and "SquareTiling" in square.concepts
    assert table("(boardless Hexagonal)").topology.n == 3 * 21 * 20 + 1
    assert table("(boardless Triangular 5)").topology.n == 25


def test_poly_rotations_as_ludii_computes_them():
    from interpreter.ludemes.shapes import rotated_copies
    pts = rotated_copies([(1.0, 0.0), (1.0, 1.0)], 4)
    assert len(pts) == 8 and pts[:2] == [(1.0, 0.0), (1.0, 1.0)]
    x, y = pts[3]  # (1, 1) turned a quarter: Ludii's y is x sin + y sin = 2
    assert abs(x + 1) < 1e-9 and abs(y - 2) < 1e-9
    assert rotated_copies([(1.0, 0.0), (2.0, 0.0)], -2)[:2] == [(2.0, 0.0), (1.0, 0.0)]  # reversed first
    t = topo("(keep (square 6) (poly {{0 0} {4 0} {4 4} {0 4}} rotns:1))", "Vertex")
    assert t.n == topo("(keep (square 6) (poly {{0 0} {4 0} {4 4} {0 4}}))", "Vertex").n


SURAKARTA_GAME = '''(game "S" (players 2)
    (equipment {(surakartaBoard (square 6))
        (piece "Marker" Each (or (move Step All (to if:(is Empty (to))))
            (move Slide "AllTracks" (between if:(or (= (between) (from)) (is Empty (between))))
                (to if:(is Enemy (who at:(to))) (apply (remove (to)))))))})
    (rules (start {(place "Marker1" {6}) (place "Marker2" {4 35})})
    (play (forEach Piece)) (end (if (no Pieces Next) (result Mover Win)))))'''


def test_slide_along_all_tracks_needs_a_loop_to_capture():
    g = load(SURAKARTA_GAME)
    s = g.initial_state()
    slides = {(m.frm, m.to) for m in s.legal_moves() if m.frm == 6 and m.to not in (0, 1, 7, 12, 13)}
    # along loop 1 forwards (row 1 rightwards, round the corner at 11, down column 4) the
    # enemy on 4 is taken, and nothing stops before the corner; backwards, 6 is itself a corner
    # (the loop's first bump counts, as Ludii's nbBump), so the piece goes round the whole loop
    # to 10 and stops at 4 again: 8, 9 and 11 are never reached
    assert (6, 4) in slides and (6, 10) in slides
    assert not slides & {(6, 8), (6, 9), (6, 11)}
    capture = next(m for m in s.legal_moves() if (m.frm, m.to) == (6, 4))
    s.apply(capture)
    assert s.who[4] == 1 and s.who[6] == 0


def test_slide_along_a_named_track_stops_anywhere():
    g = load(SURAKARTA_GAME.replace('"AllTracks"', '"Track1F"'))
    s = g.initial_state()
    tos = {m.to for m in s.legal_moves() if m.frm == 6}
    assert {7, 8, 9, 10, 11} <= tos  # a named track needs no loop


def test_slide_trail_leaves_pieces_behind():
    g = load('''(game "T" (players 2)
        (equipment {(board (square 5)) (piece "Queen" Each (move Slide Orthogonal (between trail:(id "Wall" Neutral))))
            (piece "Wall" Neutral)})
        (rules (start {(place "Queen1" {0}) (place "Queen2" {24})})
        (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))''')
    s = g.initial_state()
    move = next(m for m in s.legal_moves() if (m.frm, m.to) == (0, 3))
    s.apply(move)
    wall = s.what[1]
    assert wall and s.who[1] == 0
    assert [s.what[x] for x in (0, 1, 2)] == [wall, wall, wall]  # the site left and those slid over
    assert s.who[3] == 1 and s.what[4] == 0


# --- hints, hint, regions' hint label ------------------------------------------------------------------

PUZZLE = '''(game "K" (players 1) (equipment {{(board (square 2) (values Cell (range 1 9))) {items}}})
    (rules (play (satisfy {{(all Different)}})) (end (if (is Solved) (result P1 Win)))))'''


@pytest.mark.parametrize("items", [
    '(regions {HintRegions}) (hints {(hint {0 1} 3) (hint {2 3} 7)})',
    '(hints {(hint {0 1} 3) (hint {2 3} 7)}) (regions {HintRegions})',
])
def test_hint_regions_are_the_hints_regions_in_any_order(items):
    g = load(PUZZLE.format(items=items))
    assert g.arrays["puzzle_regions"] == ((0, 1), (2, 3))
    assert "Hints" in g.concepts


def test_labelled_hint_regions_prefer_vertices():
    both = '(hints {(hint {0 1} 3)}) (hints {(hint {2 3} 7) (hint 1)} Vertex)'
    assert load(PUZZLE.format(items=both + ' (regions {HintRegions} "H")')).arrays["puzzle_regions"] == ((2, 3), (1,))
    assert load(PUZZLE.format(items=both + ' (regions {HintRegions})')).arrays["puzzle_regions"] == ((0, 1),)


# --- tri's second dimension: Prism, Square, Rectangle ----------------------------------------------------

def test_tri_rectangle_prism_and_square_as_ludii_builds_them():
    # RectangleOnTri: rows of 5, 4, 5 points (c from (r + 1) // 2 to cols + r // 2)
    assert topo("(tri Rectangle 3 5)", "Vertex").n == 14
    assert topo("(tri Square 3)", "Vertex").n == 8
    assert topo("(tri Rectangle 3)", "Vertex").n == 8  # no second size: square
    # DiamondOnTri as a prism: |r - c| < rows on a (rows + cols - 1) square of points
    assert topo("(tri Prism 2 4)", "Vertex").n == 13
    # the other shapes do not read the second size (Ludii's)
    assert topo("(tri Triangle 4 7)", "Vertex").n == topo("(tri 4)", "Vertex").n == 10
    g = load(GAME.format(board="(tri Rectangle 3 5)", use=" use:Vertex"))
    assert {"TriangleTiling", "RectangleShape"} <= g.concepts


# --- custom outlines of hex and tri -----------------------------------------------------------------

def test_custom_sides_are_ludiis_limping_boards_and_more():
    assert topo("(hex {3 4})").labels == topo("(hex Limping 3)").labels  # CustomOnHex {3 4} is limping
    assert topo("(tri {3 4})", "Vertex").labels == topo("(tri Limping 3)", "Vertex").labels
    assert topo("(hex {4 3 -1 2 3})").n == 8
    g = load(GAME.format(board="(hex {4 3 -1 2 3})", use=""))
    assert {"HexTiling", "PolygonShape"} <= g.concepts and "HexShape" not in g.concepts


def test_custom_polygons():
    # CustomOnTri: the points of the grid inside the polygon grown by 0.1 (margin 2)
    assert topo("(tri (poly {{1 2} {1 6} {3 6} {3 4}}))", "Vertex").n == 7
    assert topo("(hex (poly {{0 0} {0 6} {6 6} {6 0}}))").n == 18


def test_custom_outline_or_size():
    with pytest.raises(LudError, match="not both"):
        topo("(hex Diamond {3 4})")
    with pytest.raises(LudError, match="needs a size"):
        topo("(tri Hexagon)")


def test_custom_square_outlines():
    # CustomOnSquare: sides walked from (0, 0), turning right (left after a negative side)
    assert topo("(square {3 3 3 3})", "Vertex").labels == topo("(square 4)", "Vertex").labels
    t = topo("(square (poly {{1 2} {1 6} {3 6} {3 4} {4 4} {4 2}}))")
    assert t.n == 10  # the grid points inside make an L of 10 squares
    g = load(GAME.format(board="(square {3 3 3 3} diagonals:Alternating)", use=" use:Vertex"))
    assert "AlquerqueTiling" in g.concepts and "SquareShape" not in g.concepts
    assert len(g.topology.neighbours["Orthogonal"][g.topology.site("A1")]) == 3  # A2, B1 and the diagonal


def test_pair_keys_may_be_site_labels():
    g = load('''(game "M" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)
        (map "Jump" {(pair "A1" "C3") (pair "B1" P2)})})
        (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result All Draw)))))''')
    assert dict(g.maps["Jump"]) == {0: 8, 1: 2}  # Ludii's Map.computeMap: a label is its site


def test_quadhex_as_ludii_builds_it():
    t = topo("(quadhex 4)")
    assert t.n == 6 * 4 * 4  # Three Player Chess: 96 quadrilaterals
    assert topo("(quadhex 4)", "Vertex").n == 121
    thirds = topo("(quadhex 2 thirds:True)")
    assert thirds.n == 6 * 2 * 2 + 4  # the middle triangle and the three joins between sections
    g = load(GAME.format(board="(quadhex 3)", use=""))
    assert {"QuadHexTiling", "HexShape", "PolygonShape"} <= g.concepts


def test_brick_boards_as_ludii_lays_them():
    assert topo("(brick 3)").n == 4 + 3 + 4  # courses of 4 and 3 bricks (cols = 2 * 3 + 1)
    assert topo("(brick Rectangle 3 5)").n == 6 + 5 + 6
    assert topo("(brick 3 trim:True)").n == 11  # the end bricks halved, not removed
    assert topo("(brick Diamond 3)").n == 9
    g = load(GAME.format(board="(brick 3)", use=""))
    assert {"BrickTiling", "SquareShape", "PolygonShape"} <= g.concepts
    g = load(GAME.format(board="(brick 3 3)", use=""))
    assert "RectangleShape" in g.concepts  # Ludii compares the sizes as objects
