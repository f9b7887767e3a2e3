"""Ludii's ``(quadhex N)`` (``game.functions.graph.generators.basis.quadhex.Quadhex``): a
hexagon tessellated by quadrilaterals, 2N cells a side (Three Player Chess's board)."""

from __future__ import annotations

import math

from .graph import BoardGraph, check_size

Pt = tuple[float, float]


def _lerp(t: float, a: Pt, b: Pt) -> Pt:
    return a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])


def _rotate(theta: float, p: Pt) -> Pt:
    """Ludii's ``MathRoutines.rotate``: counterclockwise about the origin."""
    return (p[0] * math.cos(theta) - p[1] * math.sin(theta),
            p[1] * math.cos(theta) + p[0] * math.sin(theta))


def _find_or_add(g: BoardGraph, p: Pt) -> int:
    vid = g.find_vertex(*p)
    return vid if vid >= 0 else g.add_vertex(*p)


def quadhex(layers: int, thirds: bool = False) -> BoardGraph:
    """The quadhex board of ``layers`` layers: six sections of ``layers`` x ``layers``
    quadrilaterals about the centre, or (``thirds``) three sections, each two mirrored halves,
    joined by a middle triangle; the cells traced from the lines (stopping at crossings), all
    sorted as Ludii does."""
    if layers < 1:
        raise ValueError(f"(quadhex {layers}): at least one layer")
    check_size(6 * layers * layers, f"(quadhex {layers})")
    graph = BoardGraph(tiling="graph")
    if thirds:
        _three_sections(graph, layers)
    else:
        _six_sections(graph, layers)
    graph.make_faces(check_crossings=True)
    graph.reorder()
    return graph


def _six_sections(graph: BoardGraph, layers: int) -> None:
    a: Pt = (0.0, 0.0)
    b: Pt = (0.0, layers * math.sqrt(3) / 2)
    c: Pt = (layers / 2.0, layers * math.sqrt(3) / 2)
    e: Pt = (float(layers), 0.0)
    d: Pt = ((c[0] + e[0]) / 2, (c[1] + e[1]) / 2)
    for rotn in range(6):
        theta = rotn * math.pi / 3
        for row in range(layers):
            r0, r1 = row / layers, (row + 1) / layers
            ad0, ad1 = _rotate(theta, _lerp(r0, a, d)), _rotate(theta, _lerp(r1, a, d))
            bc0, bc1 = _rotate(theta, _lerp(r0, b, c)), _rotate(theta, _lerp(r1, b, c))
            for col in range(layers):
                c0, c1 = col / layers, (col + 1) / layers
                va = _find_or_add(graph, _lerp(c0, ad0, bc0))
                vb = _find_or_add(graph, _lerp(c1, ad0, bc0))
                vc = _find_or_add(graph, _lerp(c1, ad1, bc1))
                graph.add_edge(va, vb)
                graph.add_edge(vb, vc)
                if row == layers - 1:
                    vd = _find_or_add(graph, _lerp(c0, ad1, bc1))
                    graph.add_edge(vc, vd)


def _three_sections(graph: BoardGraph, layers: int) -> None:
    l32 = layers * math.sqrt(3) / 2
    o: Pt = (0.0, 0.0)
    a: Pt = (-layers / 2.0, -l32)
    c: Pt = (-float(layers), 0.0)
    e: Pt = (0.0, -l32)
    ratio = layers / (layers + 0.5)
    f = _lerp(ratio, e, o)
    g = _lerp(ratio / 2, a, c)
    section = BoardGraph(tiling="graph")
    for row in range(layers):
        r0, r1 = row / layers, (row + 1) / layers
        ae0, ae1 = _lerp(r0, a, e), _lerp(r1, a, e)
        gf0, gf1 = _lerp(r0, g, f), _lerp(r1, g, f)
        for col in range(layers):
            c0, c1 = col / layers, (col + 1) / layers
            quad = (_lerp(c0, ae0, gf0), _lerp(c1, ae0, gf0), _lerp(c0, ae1, gf1), _lerp(c1, ae1, gf1))
            for corners in (quad, tuple((-x, y) for x, y in quad)):  # the half and its mirror
                va, vb, vc, vd = (_find_or_add(section, p) for p in corners)
                section.add_edge(va, vb)
                section.add_edge(vc, vd)
                section.add_edge(va, vc)
                section.add_edge(vb, vd)
    per = len(section.vertices)
    theta = 2 * math.pi / 3
    save: list[list[int]] = [[0] * 3 for _ in range(3)]
    points = list(section.vertices)
    for rotn in range(3):
        for x, y in points:
            graph.add_vertex(x, y)  # Ludii adds each section's points as they are, unmerged
        for p, q in section.edges:
            graph.add_edge(p + rotn * per, q + rotn * per)
        points = [(x * math.cos(theta) - y * math.sin(theta), y * math.cos(theta) + x * math.sin(theta))
                  for x, y in points]
        save[0][rotn] = rotn * per + 4 * layers
        save[1][rotn] = rotn * per + 4 * layers + 2
        save[2][rotn] = rotn * per + layers * (2 * layers + 3)
    graph.add_edge(save[2][0], save[2][1])  # the middle triangle
    graph.add_edge(save[2][1], save[2][2])
    graph.add_edge(save[2][2], save[2][0])
    graph.add_edge(save[1][0], save[0][1])  # the corners of the sections joined
    graph.add_edge(save[1][1], save[0][2])
    graph.add_edge(save[1][2], save[0][0])


__all__ = ["quadhex"]
