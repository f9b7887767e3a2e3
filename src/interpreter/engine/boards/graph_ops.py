"""Two more of Ludii's graph operators: ``clip`` (a board with the part inside a polygon cut
away) and ``intersect`` (what several boards have in common), as
``game.functions.graph.operators.Clip`` and ``.Intersect`` compute them.

Both rebuild the graph as Ludii's ``new Graph(vertices, edges)`` does: the surviving vertices in
their order, the surviving edges in their order, the cells traced again from the drawing; nothing
is sorted again, and the board keeps no tiling.
"""

from __future__ import annotations

from collections.abc import Sequence

from .graph import BoardGraph
from .polygon import inflate, point_in_polygon

Pt = Sequence[float]

COINCIDENT = 0.01
"""Ludii's tolerance for two vertices at one place in ``intersect``: |dx| + |dy| below it."""


def _rebuilt(vertices: list[tuple[float, float]], edges: list[tuple[int, int]]) -> BoardGraph:
    """Ludii's ``new Graph(vertices, edges)``: edges found or added in order, cells traced."""
    out = BoardGraph(vertices=vertices, tiling="graph")
    for a, b in edges:
        out.add_edge(a, b)
    out.make_faces()
    return out


def _kept(g: BoardGraph, keep: list[bool]) -> BoardGraph:
    """The vertices marked kept (in order) and the edges of ``g`` with both ends kept."""
    new_id: dict[int, int] = {}
    vertices: list[tuple[float, float]] = []
    for vid, point in enumerate(g.vertices):
        if keep[vid]:
            new_id[vid] = len(vertices)
            vertices.append(point)
    edges = [(new_id[a], new_id[b]) for a, b in g.edges if a in new_id and b in new_id]
    return _rebuilt(vertices, edges)


def clip(g: BoardGraph, poly: Sequence[Pt]) -> BoardGraph:
    """Ludii's ``(clip graph (poly ...))``: every vertex inside the polygon (grown by 0.1) goes,
    with its edges; the other vertices and edges keep their order and the cells are traced
    again. A polygon of fewer than three corners leaves the board as it is (Ludii's)."""
    points = [(float(p[0]), float(p[1])) for p in poly]
    if len(points) < 3:
        return g.copy()
    shape = inflate(points, 0.1)
    return _kept(g, [not point_in_polygon(v, shape) for v in g.vertices])


def _coincident(p: tuple[float, float], q: tuple[float, float]) -> bool:
    return abs(p[0] - q[0]) + abs(p[1] - q[1]) < COINCIDENT


def intersect(graphs: Sequence[BoardGraph]) -> BoardGraph:
    """Ludii's ``(intersect A B ...)``: the vertices of the first board found (within 0.01) in
    every other, and its edges whose two ends are found, in some order, at the two ends of
    an edge of every other; in the first board's order, the cells traced again. One board
    alone is returned as it is."""
    if not graphs:
        return BoardGraph(tiling="graph")
    first, others = graphs[0], graphs[1:]
    if not others:
        return first.copy()

    def edge_in(a: tuple[float, float], b: tuple[float, float], g: BoardGraph) -> bool:
        for ea, eb in g.edges:
            pa, pb = g.vertices[ea], g.vertices[eb]
            if (_coincident(a, pa) and _coincident(b, pb)) or (_coincident(a, pb) and _coincident(b, pa)):
                return True
        return False

    keep = [all(any(_coincident(v, w) for w in g.vertices) for g in others) for v in first.vertices]
    new_id: dict[int, int] = {}
    vertices: list[tuple[float, float]] = []
    for vid, point in enumerate(first.vertices):
        if keep[vid]:
            new_id[vid] = len(vertices)
            vertices.append(point)
    edges = []
    for a, b in first.edges:
        pa, pb = first.vertices[a], first.vertices[b]
        if all(edge_in(pa, pb, g) for g in others) and a in new_id and b in new_id:
            edges.append((new_id[a], new_id[b]))
    return _rebuilt(vertices, edges)


__all__ = ["clip", "intersect"]
