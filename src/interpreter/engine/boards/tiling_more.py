"""The rest of Ludii's semi-regular tilings (``game.functions.graph.generators.basis.tiling``):
``T31212`` (dodecagons and triangles), ``T4612`` (dodecagons, hexagons and squares),
``T333333_33434`` (hexagons ringed by squares and triangles), ``T33344`` (rows of squares and
triangles), the parallelogram of ``T3464``, and the custom outlines (a polygon, or the lengths
of the sides) on ``T3636``, ``T3464``, ``T33344`` and ``T488`` (Ludii's ``CustomOn...``).

Each lays a tile of reference points around the centre of each tile kept, merges points closer
than 0.1, joins points at unit distance and sorts the graph, as Ludii's
``createGraphFromVertexList`` and ``reorder`` do, so the sites have Ludii's numbers.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from .graph import BoardGraph, PointList, check_size, f32
from .polygon import bounds, inflate, point_in_polygon, polygon_from_sides
from .tiling import _REF_488, _REF_3464, _REF_3636, _V488

Point = tuple[float, float]

# a dodecagon of unit sides, its first corner at 15 degrees (Tiling31212.ref, Tiling4612.ref)
_R12 = 1 / math.sqrt(2 - math.sqrt(3))
_REF_12 = tuple((_R12 * math.cos(math.pi / 12 + s / 12.0 * 2 * math.pi),
                 _R12 * math.sin(math.pi / 12 + s / 12.0 * 2 * math.pi)) for s in range(12))

# Tiling33344.ref, x and y taken the other way round as Ludii reads it: a unit square
_REF_33344 = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))

# CustomOn3464 reads its table with x and y swapped: hexagons with a corner up
_REF_3464_SWAPPED = tuple((y, x) for x, y in _REF_3464)


def _tiles(cells: Sequence[tuple[int, int]], xy: Callable[[int, int], Point], ref: Sequence[Point],
           what: str) -> BoardGraph:
    """The reference points around each tile centre, in order, joined at unit distance."""
    check_size(len(cells) * len(ref), what)
    points = PointList()
    for r, c in cells:
        x0, y0 = xy(r, c)
        for dx, dy in ref:
            points.add(x0 + dx, y0 + dy)
    return points.graph("semiregular", single_precision=True)


def _hexagon(n: int) -> list[tuple[int, int]]:
    """The (row, col) of a (2n-1) x (2n-1) rhombus with |row - col| at most n - 1: a hexagon
    of n tiles a side."""
    span = 2 * n - 1
    return [(r, c) for r in range(span) for c in range(span) if abs(r - c) <= span // 2]


def t31212(n: int) -> BoardGraph:
    """Ludii's ``(tiling T31212 n)``: dodecagons with triangles between them, a hexagon of n
    dodecagons a side."""
    dx = 3.7320508
    dy = dx * math.sqrt(3) / 2
    return _tiles(_hexagon(n), lambda r, c: ((c - 0.5 * r) * dx, r * dy), _REF_12, f"(tiling T31212 {n})")


def t4612(n: int) -> BoardGraph:
    """Ludii's ``(tiling T4612 n)``: dodecagons with squares and hexagons between them, a
    hexagon of n dodecagons a side."""
    dx = 4.7320508
    dy = dx * math.sqrt(3) / 2
    return _tiles(_hexagon(n), lambda r, c: ((c - 0.5 * r) * dx, r * dy), _REF_12, f"(tiling T4612 {n})")


def t333333_33434(n: int) -> BoardGraph:
    """Ludii's ``(tiling T333333_33434 n)``: hexagons ringed by squares and triangles, a hexagon
    of n hexagons a side."""
    hx, hy = 1.5 + math.sqrt(3), 2 + math.sqrt(3)
    return _tiles(_hexagon(n), lambda r, c: (hx * (c - r), hy * (r + c) * 0.5), _REF_3464,
                  f"(tiling T333333_33434 {n})")


def _xy_33344(r: int, c: int) -> Point:
    return c + 0.5 * r, r * (1 + math.sqrt(3) / 2)


def t33344(rows: int, cols: int) -> BoardGraph:
    """Ludii's ``(tiling T33344 rows cols)``: rows of unit squares, each row half a square
    further right, with triangles between the rows (a rhombus of rows x cols squares)."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    return _tiles(cells, _xy_33344, _REF_33344, f"(tiling T33344 {rows} {cols})")


def t3464_parallelogram(rows: int, cols: int) -> BoardGraph:
    """Ludii's ``(tiling T3464 rows cols)`` (ParallelogramOn3464): a parallelogram of rows x
    cols hexagons ringed by squares and triangles."""
    hx, hy = 1 + math.sqrt(3), (3 + math.sqrt(3)) / 2
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    return _tiles(cells, lambda r, c: (hy * (c - r), hx * (r + c) * 0.5), _REF_3464, f"(tiling T3464 {rows} {cols})")


# ------------------------------------------------------------------------------ custom outlines

def _xy_3636(r: int, c: int) -> Point:
    return 2 * (c - 0.5 * r), math.sqrt(3) * r


def _xy_3464(r: int, c: int) -> Point:
    return (1 + math.sqrt(3)) * (c - 0.5 * r), (3 + math.sqrt(3)) / 2 * r


def _xy_488(r: int, c: int) -> Point:
    return c * _V488, r * _V488


def _square_walk(sides: Sequence[int]) -> list[Point]:
    """Ludii's ``Polygon.fromSides`` with the square steps of CustomOn488: from (0, 0), each
    side that many units on after a quarter turn (back the other way for a negative one),
    as (column, row)."""
    steps = ((0, 1), (1, 0), (0, -1), (-1, 0))
    step, row, col = len(steps) - 1, 0, 0
    poly: list[Point] = [(0.0, 0.0)]
    for n in sides:
        step = (step + (-1 if n < 0 else 1) + len(steps)) % len(steps)
        row += n * steps[step][0]
        col += n * steps[step][1]
        poly.append((float(col), float(row)))
    return poly


_CUSTOM: dict[str, tuple[Callable[[int, int], Point], tuple[Point, ...]]] = {
    "T3636": (_xy_3636, _REF_3636),
    "T3464": (_xy_3464, _REF_3464_SWAPPED),
    "T33344": (_xy_33344, _REF_33344),
    "T488": (_xy_488, _REF_488),
}
"""The tilings with a custom outline of their own: where tile (row, col) is, its points."""

CUSTOM_TILINGS = tuple(_CUSTOM)


def tiling_custom(kind: str, sides: Sequence[int] = (), poly: Sequence[Sequence[float]] | None = None) -> BoardGraph:
    """Ludii's ``(tiling KIND (poly ...))`` and ``(tiling KIND {sides...})`` on a tiling with
    custom outlines (``CustomOn3636``, ``CustomOn3464``, ``CustomOn33344``, ``CustomOn488``):
    the tiles whose centre lies in the polygon (given, or walked by the sides) grown by 0.1,
    the grid searched 2 further around it."""
    xy, ref = _CUSTOM[kind]
    if poly is not None:
        outline = [(f32(p[0]), f32(p[1])) for p in poly]
    elif not sides:
        raise ValueError(f"(tiling {kind} {{...}}) needs side lengths")
    elif kind == "T488":
        outline = _square_walk(sides)
    else:
        outline = polygon_from_sides(tuple(sides), xy)
    if len(outline) < 3:
        raise ValueError(f"(tiling {kind} ...): the outline needs at least three corners")
    shape = inflate(outline, 0.1)
    x0, y0, w, h = bounds(shape)
    from_col, from_row = int(x0) - 2, int(y0) - 2
    to_col, to_row = int(x0 + w) + 2, int(y0 + h) + 2
    check_size((to_col - from_col + 1) * (to_row - from_row + 1), f"(tiling {kind} ...)")
    cells = [(r, c) for r in range(from_row, to_row + 1) for c in range(from_col, to_col + 1)
             if point_in_polygon(xy(r, c), shape)]
    return _tiles(cells, xy, ref, f"(tiling {kind} ...)")


ALL_TILINGS = ("T31212", "T33434", "T33336", "T33344", "T3464", "T3636", "T4612", "T488", "T333333_33434")
"""Ludii's TilingType, in its order."""


def tiling_of(kind: str, n: int, m: int | None = None) -> BoardGraph:
    """Ludii's ``(tiling KIND n [m])`` as its ``Tiling.construct`` dispatches it: the second
    size makes a rhombus of T3636, a parallelogram of T3464, a rectangle of T488 or T33344;
    the other tilings have one shape only and pass it over."""
    from .tiling import tiling
    if kind == "T31212":
        return t31212(n)
    if kind == "T4612":
        return t4612(n)
    if kind == "T333333_33434":
        return t333333_33434(n)
    if kind == "T33344":
        return t33344(n, n if m is None else m)
    if kind == "T3464" and m is not None:
        return t3464_parallelogram(n, m)
    return tiling(kind, n, m if kind in ("T3636", "T488") else None)


def tiling_outline(kind: str, sides: Sequence[int] = (), poly: Sequence[Sequence[float]] | None = None) -> BoardGraph:
    """Ludii's ``(tiling KIND (poly ...))`` / ``(tiling KIND {sides...})``: a custom outline on
    T3636, T3464, T33344 and T488; T33434 keeps the part of a diamond of 5 inside a polygon
    (its sides give a diamond of 3); the other tilings have no custom outline and give their
    board of 3 (of 2 for T333333_33434), whatever the outline (Ludii's)."""
    if kind in _CUSTOM:
        return tiling_custom(kind, sides, poly)
    if kind == "T33434":
        from .operators import keep
        from .tiling import tiling
        if poly is None:
            return tiling("T33434", 3)
        return keep(tiling("T33434", 5), [(f32(p[0]), f32(p[1])) for p in poly])
    return tiling_of(kind, 2 if kind == "T333333_33434" else 3)


__all__ = ["ALL_TILINGS", "tiling_of", "tiling_outline", "t31212", "t4612", "t333333_33434", "t33344", "t3464_parallelogram", "tiling_custom", "CUSTOM_TILINGS"]
