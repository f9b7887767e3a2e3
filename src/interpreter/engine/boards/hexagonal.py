"""Boards of hexagons: Ludii's ``(hex ...)`` (``game.functions.graph.generators.basis.hex``)."""

from __future__ import annotations

import math

from .graph import BoardGraph, PointList, check_size, f32
from .polygon import inflate, point_in_polygon, polygon_from_sides, star_rhombus
from .uses import check_use, shape_and_dims

SHAPES = ("Hexagon", "Diamond", "Limping", "Rectangle", "Square", "Triangle", "Star", "Prism")

UX = math.sqrt(3) / 2
# Corners of a pointy-topped hexagon around its centre, one unit from it (Ludii's Hex.ref).
CORNERS = ((0.0, 1.0), (UX, 0.5), (UX, -0.5), (0.0, -1.0), (-UX, -0.5), (-UX, 0.5))


def hex_xy(row: int, col: int) -> tuple[float, float]:
    """Centre of hexagon (row, col) on Ludii's hex grid (rows slant up-left)."""
    return math.sqrt(3) * (col - 0.5 * row), 1.5 * row


def hex(*args: object, use: str = "Cell") -> BoardGraph:  # noqa: A001 - Ludii's name
    """Ludii's ``(hex [Hexagon|Diamond|Limping|Rectangle|Square] a [b])``.

    - ``hex(5)`` / ``hex("Hexagon", 5)``: hexagon of side 5 (61 cells), pointy-topped cells;
    - ``hex("Diamond", 11)``: the 11 x 11 rhombus of the game Hex, flat-topped cells, one corner
      at the bottom;
    - ``hex("Limping", n)``: hexagon with sides n and n + 1 alternately;
    - ``hex("Rectangle", rows, cols)`` and ``hex("Square", n)``: rows of cells, odd rows offset;
    - ``hex("Triangle", n)``: a triangle of side n (n(n+1)/2 cells), the board of Tabu Y;
    - ``hex("Star", n)``: a six-pointed star, a hexagon of side n + 1 with a triangle of side n
      on each of its sides (StarOnHex);
    - ``hex("Prism", a, b)``: Ludii's prism, the rhombus of side a + b - 1 cut to the cells at most
      a - 1 rows off its long diagonal (DiamondOnHex with two dimensions; b is a when left out).

    The same graph serves ``use="Vertex"`` (its sites are then the corners of the cells)."""
    check_use(use)
    shape, dims = shape_and_dims("hex", args, SHAPES)
    a = dims[0]
    b = dims[1] if len(dims) > 1 else None
    if shape == "Hexagon":
        return _hexagon(a, use) if b is None else _custom((a, b), use)
    if shape == "Diamond":
        return _diamond(a, use)  # Ludii's Diamond takes one dimension (a second is ignored)
    if shape == "Prism":
        return _diamond(a, use, a if b is None else b)
    if shape == "Limping":
        return _custom((a, a + 1), use)
    if shape == "Triangle":
        return _triangle(a, use)
    if shape == "Star":
        return _star(a, use)
    return _rectangle(a, a if b is None else b, use)


def _estimate(cells: int, use: str, what: str) -> None:
    check_size(cells if use == "Cell" else 2 * cells + 4 * math.isqrt(cells) + 6, what)


def _hexagon(n: int, use: str) -> BoardGraph:
    """HexagonOnHex: cells (row, col) of the (2n-1) x (2n-1) rhombus minus two corners."""
    _estimate(3 * n * n - 3 * n + 1, use, f"(hex {n})")
    span = 2 * n - 1
    points = PointList()
    for row in range(span):
        for col in range(span):
            if col > span // 2 + row or row - col > span // 2:
                continue
            _add_cell(points, hex_xy(row, col), flat=False)
    return points.graph("hexagonal", single_precision=False)


def _diamond(n: int, use: str, prism: int | None = None) -> BoardGraph:
    """DiamondOnHex: an n x n rhombus of flat-topped hexagons standing on one corner; as a prism
    (second dimension ``prism``), the rhombus of side n + prism - 1 keeping the cells fewer than
    n rows off its long diagonal."""
    span = n if prism is None else n + prism - 1
    _estimate(span * span, use, f"(hex Diamond {n})" if prism is None else f"(hex Prism {n} {prism})")
    points = PointList()
    for row in range(span):
        for col in range(span):
            if prism is not None and abs(row - col) >= n:
                continue
            centre = (1.5 * (col - row), math.sqrt(3) * (row + col) * 0.5)
            _add_cell(points, centre, flat=True)
    return points.graph("hexagonal", single_precision=True)


def _triangle(n: int, use: str) -> BoardGraph:
    """TriangleOnHex: the cells (row, col) of the n x n rhombus with row <= col."""
    _estimate(n * (n + 1) // 2, use, f"(hex Triangle {n})")
    points = PointList()
    for row in range(n):
        for col in range(n):
            if row <= col:
                _add_cell(points, hex_xy(row, col), flat=False)
    return points.graph("hexagonal", single_precision=True)


def _star(d: int, use: str) -> BoardGraph:
    """StarOnHex: the cells (row, col) of a (4d+1) x (4d+1) rhombus that lie in the star."""
    _estimate(12 * d * d + 6 * d + 1, use, f"(hex Star {d})")
    points = PointList()
    for r, c in star_rhombus(d):
        _add_cell(points, hex_xy(r, c), flat=False)
    return points.graph("hexagonal", single_precision=True)


def _rectangle(rows: int, cols: int, use: str) -> BoardGraph:
    """RectangleOnHex: ``rows`` rows of ``cols`` cells, alternate rows offset by half a cell."""
    _estimate(rows * cols, use, f"(hex Rectangle {rows} {cols})")
    points = PointList()
    for r in range(rows):
        for c in range(cols + rows):
            if c < (r + 1) // 2 or c >= cols + r // 2:
                continue
            _add_cell(points, hex_xy(r, c), flat=False)
    return points.graph("hexagonal", single_precision=True)


def _custom(sides: tuple[int, ...], use: str) -> BoardGraph:
    """CustomOnHex from side lengths: the cells whose centres fall in the polygon walked by the
    sides (slightly inflated, as Ludii does, so that centres on the outline count)."""
    _estimate(3 * max(sides) ** 2 + 3 * max(sides) + 1, use, f"(hex {' '.join(map(str, sides))})")
    poly = inflate(polygon_from_sides(sides, hex_xy), 0.1)
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    points = PointList()
    for r in range(int(min(ys)) - 3, int(max(ys)) + 4):
        for c in range(int(min(xs)) - 3, int(max(xs)) + 4):
            centre = hex_xy(r, c)
            if point_in_polygon(centre, poly):
                _add_cell(points, centre, flat=False)
    return points.graph("hexagonal", single_precision=True)


def _add_cell(points: PointList, centre: tuple[float, float], flat: bool) -> None:
    cx, cy = centre
    for dx, dy in CORNERS:
        if flat:
            dx, dy = dy, dx
        points.add(cx + dx, cy + dy)


def hex_custom(sides: tuple[int, ...] = (), poly: list[tuple[float, float]] | None = None, *,
               use: str = "Cell") -> BoardGraph:
    """Ludii's ``(hex {sides...})`` and ``(hex (poly ...))`` (CustomOnHex): the hexagons whose
    centres fall in the polygon (given, or walked by the side lengths), grown by 0.1."""
    check_use(use)
    if poly is None:
        if not sides:
            raise ValueError("(hex {...}) needs side lengths")
        return _custom(tuple(sides), use)
    shape = inflate([(f32(x), f32(y)) for x, y in poly], 0.1)
    xs = [p[0] for p in shape]
    ys = [p[1] for p in shape]
    _estimate(int((max(xs) - min(xs) + 2) * (max(ys) - min(ys) + 2)), use, "(hex (poly ...))")
    points = PointList()
    for r in range(int(min(ys)) - 3, int(max(ys)) + 4):
        for c in range(int(min(xs)) - 3, int(max(xs)) + 4):
            centre = hex_xy(r, c)
            if point_in_polygon(centre, shape):
                _add_cell(points, centre, flat=False)
    return points.graph("hexagonal", single_precision=True)

