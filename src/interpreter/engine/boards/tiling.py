"""Semi-regular tilings: Ludii's ``(tiling T33434 n)`` (squares and pairs of triangles),
``(tiling T33336 n)`` (triangles around hexagons) and ``(tiling T3464 n)`` (hexagons, squares and
triangles, a hexagon of side n)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from .graph import BoardGraph, PointList, check_size
from .uses import check_dim, check_use

TILINGS = ("T33434", "T33336", "T3464", "T3636", "T488")

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


# Tiling33336: a hexagon and the triangles around it, around each reference point
_UX, _UY = 0.5, math.sqrt(3) / 2
_REF_33336 = tuple((a * _UX, b * _UY) for a, b in (
    (-1, 1), (1, 1), (2, 0), (1, -1), (-1, -1), (-2, 0),
    (-2, 2), (0, 2), (2, 2), (3, 1), (4, 0), (3, -1), (2, -2), (0, -2), (-2, -2), (-3, -1), (-4, 0), (-3, 1),
))

# HexagonOn3464: a hexagon's corners, then the outer corners of the squares around it
_H3464 = (1 + math.sqrt(3) / 2) / math.cos(math.radians(15))
_REF_3464 = ((-0.5, _UY), (0.5, _UY), (1.0, 0.0), (0.5, -_UY), (-0.5, -_UY), (-1.0, 0.0)) + tuple(
    (_H3464 * math.cos(math.radians(15 + k * 30)), _H3464 * math.sin(math.radians(15 + k * 30))) for k in range(12))


def tiling(kind: str, n: int, m: int | None = None, *, use: str = "Cell") -> BoardGraph:
    """Ludii's ``(tiling T33434 n)``: the 3.3.4.3.4 tiling (each vertex meets two squares and
    three triangles) on an n x n diamond of tiles; a tile of 14 points, neighbouring tiles
    sharing their border points (14 vertices for n = 1, 34 for n = 2). ``T33336``: triangles
    around hexagons, a hexagon of n hexagons a side (Tiling33336); ``T3464``: hexagons, squares
    and triangles, n hexagons a side (HexagonOn3464); ``T3636``: triangles and hexagons, a
    hexagon of side n, or with ``m`` an n x m rhombus (Tiling3636); ``T488``: octagons and
    squares, n x n (or n x m) octagons (SquareOrRectangleOn488, not reordered, as Ludii)."""
    check_use(use)
    if kind not in TILINGS:
        raise ValueError(f"(tiling {kind} ...) is not supported; use one of {', '.join(TILINGS)}")
    check_dim(n, "dimension")
    if m is not None:
        check_dim(m, "dimension")
        if kind not in ("T3636", "T488"):
            raise ValueError(f"(tiling {kind} ...) takes one dimension")
    if kind == "T3636":
        return _t3636(n, m)
    if kind == "T488":
        return _t488(n, n if m is None else m)
    check_size(18 * (3 * n * n - 3 * n + 1) if kind != "T33434" else 10 * n * n + 8 * n, f"(tiling {kind} {n})")
    if kind == "T33336":
        return _hexagon_of_tiles(n, _REF_33336, lambda r, c: (c * 5 * _UX - r * 4 * _UX, r * 2 * _UY + c * _UY),
                                 skip=lambda r, c, span: abs(r - c) > span // 2)
    if kind == "T3464":
        hx, hy = 1 + math.sqrt(3), (3 + math.sqrt(3)) / 2
        return _hexagon_of_tiles(n, _REF_3464, lambda r, c: (hy * (c - r), hx * (r + c) * 0.5),
                                 skip=lambda r, c, span: c > span // 2 + r or r - c > span // 2)
    h = (1 + math.sqrt(3)) / 2
    points = PointList()
    for r in range(n):
        for c in range(n):
            x0, y0 = h * (c - r), h * (r + c)
            for dx, dy in _REF:
                points.add(x0 + dx, y0 + dy)
    return points.graph("semiregular", single_precision=True)


def _hexagon_of_tiles(n: int, ref: Sequence[tuple[float, float]], xy: Callable[[int, int], tuple[float, float]],
                      skip: Callable[[int, int, int], bool]) -> BoardGraph:
    """Tiles of ``ref`` points around the reference points (row, col) of a (2n-1) x (2n-1)
    rhombus, those ``skip`` leaves out removed, joined at unit distance (Ludii's
    ``createGraphFromVertexList``)."""
    span = 2 * n - 1
    points = PointList()
    for r in range(span):
        for c in range(span):
            if skip(r, c, span):
                continue
            x0, y0 = xy(r, c)
            for dx, dy in ref:
                points.add(x0 + dx, y0 + dy)
    return points.graph("semiregular", single_precision=True)


_U3636 = math.sqrt(3) / 2
# Tiling3636: a flat-topped hexagon of unit side around each reference point (Ludii swaps the
# columns of its table: x takes the second number)
_REF_3636 = ((1.0, 0.0), (0.5, _U3636), (-0.5, _U3636), (-1.0, 0.0), (-0.5, -_U3636), (0.5, -_U3636))


def _t3636(n: int, m: int | None) -> BoardGraph:
    rows, cols = 2 * n - 1, 2 * (n if m is None else m) - 1
    check_size(6 * rows * cols, f"(tiling T3636 {n})")
    points = PointList()
    for r in range(rows):
        for c in range(cols):
            if m is None and (c > cols // 2 + r or r - c > cols // 2):
                continue  # a hexagon; with two dimensions a rhombus
            x0, y0 = 2 * (c - 0.5 * r), math.sqrt(3) * r
            for dx, dy in _REF_3636:
                points.add(x0 + dx, y0 + dy)
    return points.graph("semiregular", single_precision=True)


_V488 = 1 + 2 / math.sqrt(2)
_REF_488 = ((0.5, _V488 / 2), (_V488 / 2, 0.5), (_V488 / 2, -0.5), (0.5, -_V488 / 2),
            (-0.5, -_V488 / 2), (-_V488 / 2, -0.5), (-_V488 / 2, 0.5), (-0.5, _V488 / 2))


def _t488(rows: int, cols: int) -> BoardGraph:
    check_size(8 * rows * cols, f"(tiling T488 {rows} {cols})")
    points = PointList()
    for r in range(rows):
        for c in range(cols):
            for dx, dy in _REF_488:
                points.add(c * _V488 + dx, r * _V488 + dy)
    return points.graph("semiregular", single_precision=True, reorder=False)
