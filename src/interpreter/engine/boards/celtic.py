"""Ludii's ``celtic`` board (``game.functions.graph.generators.basis.celtic.Celtic``): a board
of Celtic knotwork, a grid of diamonds (a square grid turned 45 degrees) whose outline is
rounded off by curved edges, each closing a small cell outside the grid.

Built step by step as Ludii builds it, so its sites have Ludii's numbers: four points around
each grid point kept (a rows x columns grid, or the grid points inside a polygon), joined at
unit distance, the cells traced; then, walking the outline from its leftmost point (Ludii's
``measurePerimeter``), a curve at each convex corner and at every second point of a straight
run: across a notch of the outline (a curved edge and a triangle), or round a new point just
outside it (two curved edges and a triangle); last, everything sorted as Ludii's ``reorder``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .graph import BoardGraph, check_size, f32
from .polygon import bounds, inflate, point_in_polygon
from .regions import perimeter_walks

Point = tuple[float, float]

_UU = 1 / math.sqrt(2)
_UU2 = 2 * _UU
_REF = ((_UU, 0.0), (0.0, _UU), (-_UU, 0.0), (0.0, -_UU))
_STEPS = ((_UU2, 0.0), (0.0, _UU2), (-_UU2, 0.0), (0.0, -_UU2))


def _walk_sides(sides: Sequence[int]) -> list[Point]:
    """Ludii's ``Polygon.fromSides`` with Celtic's steps: from (0, 0), each side that many grid
    steps on after a quarter turn (the other way for a negative one)."""
    step, x, y = len(_STEPS) - 1, 0.0, 0.0
    poly = [(x, y)]
    for n in sides:
        step = (step + (-1 if n < 0 else 1) + len(_STEPS)) % len(_STEPS)
        x += n * _STEPS[step][0]
        y += n * _STEPS[step][1]
        poly.append((x, y))
    return poly


def _angle_difference(a: Point, b: Point, c: Point) -> float:
    """Ludii's ``MathRoutines.angleDifference``: the turn at b from a to c (left positive)."""
    vx, vy = b[0] - a[0], b[1] - a[1]
    ux, uy = c[0] - b[0], c[1] - b[1]
    return math.atan2(ux * -vy + uy * vx, ux * vx + uy * vy)


def celtic(rows: int = 0, columns: int = 0, sides: Sequence[int] = (),
           poly: Sequence[Sequence[float]] | None = None) -> BoardGraph:
    """Ludii's ``(celtic rows [columns])``, ``(celtic {sides...})`` and ``(celtic (poly ...))``."""
    outline: list[Point] = []
    if poly is not None:
        outline = [(f32(p[0]), f32(p[1])) for p in poly]
    elif sides:
        outline = _walk_sides(sides)
    if outline:
        shape = inflate(outline, 0.1)
        x0, y0, w, h = bounds(shape)
        from_col, from_row = int(x0) - 1, int(y0) - 1
        to_col, to_row = int(x0 + w) + 1, int(y0 + h) + 1
    else:
        shape = []
        from_col = from_row = 0
        to_col, to_row = columns - 1, rows - 1
    check_size(4 * (to_col - from_col + 1) * (to_row - from_row + 1), "(celtic ...)")

    graph = BoardGraph(tiling="graph")
    for row in range(from_row, to_row + 1):
        for col in range(from_col, to_col + 1):
            ref = (col * _UU2, row * _UU2)
            if shape and not point_in_polygon(ref, shape):
                continue
            for dx, dy in _REF:
                x, y = ref[0] + dx, ref[1] + dy
                if graph.find_vertex(x, y) < 0:
                    graph.add_vertex(x, y)
    graph.connect_unit_edges(tolerance=0.05)
    graph.make_faces(check_crossings=True)
    if graph.vertices:
        _round_outline(graph, perimeter_walks(graph)[0])
    graph.reorder()
    return graph


def _round_outline(graph: BoardGraph, walk: list[int]) -> None:
    """Ludii's Celtic curves along the outline ``walk``."""
    count = len(walk)
    pts = graph.vertices

    def at(n: int) -> int:
        return walk[n % count]

    keypoints: list[int] = []
    flat_run = 0
    for n in range(count):
        diff = _angle_difference(pts[at(n - 1)], pts[at(n)], pts[at(n + 1)])
        if diff > 0.25 * math.pi:
            keypoints.append(n)  # a convex corner
            flat_run = 0
        elif abs(diff) < 0.1 * math.pi:
            flat_run += 1  # a straight step: every second one
            if flat_run % 2 == 0:
                keypoints.append(n)
    for n in keypoints:
        vb, vc, vd, ve = at(n - 1), at(n), at(n + 1), at(n + 2)
        b, c, d, e = pts[vb], pts[vc], pts[vd], pts[ve]
        diff_c = _angle_difference(b, c, d)
        diff_d = _angle_difference(c, d, e)
        if diff_d < -0.25 * math.pi:
            # across the notch at D: C joined to E by a curve, closing the cell D C E
            _add_curved(graph, vc, ve)
            _add_face(graph, [vd, vc, ve])
            continue
        # round a new point X beyond the middle of C D
        tx, ty = c[0] - b[0], c[1] - b[1]
        if abs(diff_c) < 0.1 * math.pi:
            tx, ty = d[1] - c[1], -(d[0] - c[0])  # a straight step: outwards, square to C D
        mx, my = (c[0] + d[0]) / 2, (c[1] + d[1]) / 2
        vx = graph.add_vertex(mx + 0.9 * tx, my + 0.9 * ty)
        _add_curved(graph, vc, vx)
        _add_curved(graph, vx, vd)
        _add_face(graph, [vc, vx, vd])


def _add_curved(graph: BoardGraph, a: int, b: int) -> None:
    """Ludii's ``addEdge`` with tangents: a new edge, curved."""
    graph.edges.append((a, b))
    graph.curved.add(frozenset((a, b)))


def _add_face(graph: BoardGraph, vids: list[int]) -> None:
    """Ludii's ``findOrAddFace``: a new cell with these corners in this order, unless one
    already has them or a side is missing."""
    if any(sorted(f) == sorted(vids) for f in graph.faces):
        return
    sides = {frozenset(e) for e in graph.edges}
    if any(frozenset((vids[i], vids[(i + 1) % len(vids)])) not in sides for i in range(len(vids))):
        return
    graph.faces.append(list(vids))


__all__ = ["celtic"]
