"""Ludii's ``(layers N graph)``: a board stacked N times, each copy one unit above the last,
each point joined to the one right under it (the layers of 3D games)."""

from __future__ import annotations

from .graph import BoardGraph, check_size


def layers(g: BoardGraph, count: int) -> BoardGraph:
    """``count`` copies of ``g``, copy k at height k (Ludii's ``Layers``): each copy's points,
    lines (with their curves and pivots) and cells after those of the copies below, a line
    from each point of a copy to the same point of the copy below, then everything sorted
    again by ``y * 100 + x`` (copies of one point stay in layer order)."""
    if count < 1:
        raise ValueError(f"(layers {count} ...) needs at least one layer")
    check_size(len(g.vertices) * count, f"(layers {count} ...)")
    out = g.copy()
    base = [g.z(v) for v in range(len(g.vertices))]
    out.heights = list(base)
    n = len(g.vertices)
    for layer in range(1, count):
        start = len(out.vertices)
        for v, (x, y) in enumerate(g.vertices):
            out.add_vertex_3d(x, y, base[v] + layer)
        out.pivots.update({start + v: start + p for v, p in g.pivots.items()})
        for a, b in g.edges:
            out.edges.append((start + a, start + b))
        out.curved.update(frozenset(start + v for v in pair) for pair in g.curved)
        for v in range(n):
            out.edges.append((start - n + v, start + v))
        out.faces.extend([start + v for v in face] for face in g.faces)
    out.reorder()
    return out
