"""Plane geometry as Ludii computes it (``main.math.MathRoutines`` and ``main.math.Polygon``).

Kept separate so that the generators and the site-building step share one copy of each rule.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence

Point = tuple[float, float]

EPSILON = 0.0000001


def distance_to_line(pt: Point, a: Point, b: Point) -> float:
    """Unsigned distance from pt to the infinite line through a and b (a itself if a == b)."""
    dx = b[0] - a[0]
    dy = b[1] - a[1]
    if abs(dx) + abs(dy) < EPSILON:
        return math.hypot(pt[0] - a[0], pt[1] - a[1])
    a2 = (pt[1] - a[1]) * dx - (pt[0] - a[0]) * dy
    return math.sqrt(a2 * a2 / (dx * dx + dy * dy))


def clockwise3(a: Point, b: Point, c: Point) -> bool:
    """Whether a, b, c turn clockwise (or are collinear), as MathRoutines.clockwise."""
    return (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]) < EPSILON


def point_in_polygon(pt: Point, poly: Sequence[Point]) -> bool:
    """Even-odd test, exactly as Ludii's ``pointInPolygon`` (boundary cases included)."""
    x, y = pt
    odd = False
    j = len(poly) - 1
    for i in range(len(poly)):
        ix, iy = poly[i]
        jx, jy = poly[j]
        if ((iy < y <= jy) or (jy < y <= iy)) and (ix <= x or jx <= x):
            odd ^= (ix + (y - iy) / (jy - iy) * (jx - ix) < x)
        j = i
    return odd


def inflate(poly: list[Point], amount: float) -> list[Point]:
    """Push each corner of a polygon outwards by ``amount`` (Ludii's ``Polygon.inflate``)."""
    n = len(poly)
    adjustments = []
    for i in range(n):
        a, b, c = poly[i], poly[(i + 1) % n], poly[(i + 2) % n]
        if clockwise3(a, b, c):
            vin = (b[0] - a[0], b[1] - a[1])
            vout = (b[0] - c[0], b[1] - c[1])
        else:
            vin = (a[0] - b[0], a[1] - b[1])
            vout = (c[0] - b[0], c[1] - b[1])
        vin = _normalised(vin)
        vout = _normalised(vout)
        adjustments.append(((vin[0] * amount + vout[0] * amount) * 0.5,
                            (vin[1] * amount + vout[1] * amount) * 0.5))
    return [(poly[i][0] + adjustments[(i - 1) % n][0], poly[i][1] + adjustments[(i - 1) % n][1])
            for i in range(n)]


def bounds(points: Sequence[Point]) -> tuple[float, float, float, float]:
    """(min x, min y, width, height) of a set of points (all zero when empty)."""
    if not points:
        return 0.0, 0.0, 0.0, 0.0
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def polygon_from_sides(sides: Sequence[int], xy: Callable[[int, int], Point]) -> list[Point]:
    """Ludii's ``polygonFromSides`` for hex and tri boards: walk the sides (each counted in
    sites, so one less step), turning 60 degrees after each, starting from row 0, column 0."""
    steps = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))
    dirn, row, col = 1, 0, 0
    poly = [xy(row, col)]
    for n in range(max(5, len(sides))):
        step = sides[n % len(sides)]
        step = step + 1 if step < 0 else step - 1
        dirn = (dirn - 1 if step < 0 else dirn + 1) % 6
        if step > 0:
            row += step * steps[dirn][0]
            col += step * steps[dirn][1]
            poly.append(xy(row, col))
    return poly


def _normalised(v: Point) -> Point:
    length = math.hypot(v[0], v[1])
    if length == 0:
        return v
    return v[0] / length, v[1] / length


def star_rhombus(d: int) -> Iterator[tuple[int, int]]:
    """The (row, col) of a (4d+1) x (4d+1) rhombus that lie in Ludii's six-pointed star of size
    ``d`` (StarOnHex and StarOnTri lay the same star on hexagons or on triangle points)."""
    size = 4 * d + 1
    for r in range(size):
        for c in range(size):
            if r < d:
                out = c < d or c - r > d
            elif r <= 2 * d:
                out = r - c > d or c >= size - d
            elif r <= 3 * d:
                out = c < d or c - r > d
            else:
                out = c > 3 * d or r - c > d
            if not out:
                yield r, c
