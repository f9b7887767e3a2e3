"""Semi-regular tilings: Ludii's ``(tiling T33434 n)`` (squares and pairs of triangles)."""

from __future__ import annotations

import math

from .graph import BoardGraph, PointList, check_size
from .uses import check_dim, check_use

TILINGS = ("T33434",)

_U2 = 0.5
_U3 = math.sqrt(3) / 2
# The 14 points of one tile around its reference point (Ludii's Tiling33434.ref).
_REF = (
    (-1 * _U2 + 0 * _U3, -1 * _U2 - 1 * _U3),
    (1 * _U2 + 0 * _U3, -1 * _U2 - 1 * _U3),
    (-1 * _U2 - 1 * _U3, 0 * _U2 - 1 * _U3),
    (1 * _U2 + 1 * _U3, 0 * _U2 - 1 * _U3),
    (0 * _U2 + 0 * _U3, -1 * _U2 + 0 * _U3),
    (-2 * _U2 - 1 * _U3, 0 * _U2 + 0 * _U3),
    (0 * _U2 - 1 * _U3, 0 * _U2 + 0 * _U3),
    (0 * _U2 + 1 * _U3, 0 * _U2 + 0 * _U3),
    (2 * _U2 + 1 * _U3, 0 * _U2 + 0 * _U3),
    (0 * _U2 + 0 * _U3, 1 * _U2 + 0 * _U3),
    (-1 * _U2 - 1 * _U3, 0 * _U2 + 1 * _U3),
    (1 * _U2 + 1 * _U3, 0 * _U2 + 1 * _U3),
    (-1 * _U2 + 0 * _U3, 1 * _U2 + 1 * _U3),
    (1 * _U2 + 0 * _U3, 1 * _U2 + 1 * _U3),
)


def tiling(kind: str, n: int, *, use: str = "Cell") -> BoardGraph:
    """Ludii's ``(tiling T33434 n)``: the 3.3.4.3.4 tiling (each vertex meets two squares and
    three triangles) on an n x n diamond of tiles; a tile of 14 points, neighbouring tiles
    sharing their border points (14 vertices for n = 1, 34 for n = 2)."""
    check_use(use)
    if kind not in TILINGS:
        raise ValueError(f"(tiling {kind} ...) is not supported; use one of {', '.join(TILINGS)}")
    check_dim(n, "dimension")
    check_size(10 * n * n + 8 * n, f"(tiling {kind} {n})")
    h = (1 + math.sqrt(3)) / 2
    points = PointList()
    for r in range(n):
        for c in range(n):
            x0, y0 = h * (c - r), h * (r + c)
            for dx, dy in _REF:
                points.add(x0 + dx, y0 + dy)
    return points.graph("semiregular", single_precision=True)
