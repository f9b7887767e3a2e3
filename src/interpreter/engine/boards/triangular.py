"""Boards of triangles: Ludii's ``(tri ...)`` (``game.functions.graph.generators.basis.tri``).

Ludii builds these graphs for the site type the board uses: a board of cells with side n has
n + 1 vertices per side, a board of vertices has n."""

from __future__ import annotations

import math

from .graph import BoardGraph, PointList, check_size, f32
from .polygon import inflate, point_in_polygon, polygon_from_sides, star_rhombus
from .uses import check_use, shape_and_dims

SHAPES = ("Triangle", "Hexagon", "Diamond", "Limping", "Star", "Prism", "Square", "Rectangle")


def tri_xy(row: int, col: int) -> tuple[float, float]:
    """Vertex (row, col) of Ludii's triangular grid (rows slant up-left)."""
    return 1.0 * (col - 0.5 * row), math.sqrt(3) / 2.0 * row


def tri(*args: object, use: str = "Cell") -> BoardGraph:
    """Ludii's ``(tri [Triangle|Hexagon|Diamond|Limping] n)``.

    - ``tri(5)`` / ``tri("Triangle", 5)``: triangle of side 5 (25 cells; 15 points as vertices);
    - ``tri("Hexagon", n)``: hexagon of side n (``(tri Hexagon 9) use:Vertex`` has 217 points);
    - ``tri("Diamond", n)``: rhombus of n x n pairs of triangles;
    - ``tri("Limping", n)``: hexagon of points with sides of n and n + 1 points alternately
      (the same for cells and vertices, as in Ludii);
    - ``tri("Star", n)``: a six-pointed star of points, a triangle of n rows on each side of a
      hexagon (StarOnTri; the same for cells and vertices)."""
    check_use(use)
    shape, dims = shape_and_dims("tri", args, SHAPES)
    if len(dims) not in (1, 2):
        raise ValueError(f"(tri {shape} ...) takes one or two dimensions")
    n = dims[0]
    cell = 1 if use == "Cell" else 0
    # Ludii's Tri reads the second dimension for a prism and a rectangle only
    m = dims[1] if len(dims) > 1 else n
    if shape == "Prism":
        return _prism(n + cell, m + cell, use, n)
    if shape in ("Square", "Rectangle"):
        return _rectangle(n + cell, (n if shape == "Square" else m) + cell, use, n)
    if shape == "Triangle":
        return _triangle(n + cell, use, n)
    if shape == "Hexagon":
        return _hexagon(n + cell, use, n)
    if shape == "Diamond":
        return _diamond(n + cell, use, n)
    if shape == "Star":
        return _star(n, use)
    return _limping(n, use)


def _estimate(cells: int, vertices: int, use: str, what: str) -> None:
    check_size(cells if use == "Cell" else vertices, what)


def _triangle(d: int, use: str, n: int) -> BoardGraph:
    """TriangleOnTri: points (r, c) with r <= c < d."""
    _estimate((d - 1) ** 2, d * (d + 1) // 2, use, f"(tri {n})")
    points = PointList()
    for r in range(d):
        for c in range(d):
            if r <= c:
                points.add(*tri_xy(r, c))
    return points.graph("triangular", single_precision=True)


def _hexagon(d: int, use: str, n: int) -> BoardGraph:
    """HexagonOnTri: the points of a hexagon with d points per side."""
    _estimate(6 * (d - 1) ** 2, 3 * d * d - 3 * d + 1, use, f"(tri Hexagon {n})")
    span = 2 * d - 1
    points = PointList()
    for row in range(span):
        for col in range(span):
            if col > span // 2 + row or row - col > span // 2:
                continue
            points.add(*tri_xy(row, col))
    return points.graph("triangular", single_precision=False)


def _diamond(d: int, use: str, n: int) -> BoardGraph:
    """DiamondOnTri: a d x d rhombus of points standing on one corner."""
    _estimate(2 * (d - 1) ** 2, d * d, use, f"(tri Diamond {n})")
    points = PointList()
    for r in range(d):
        for c in range(d):
            points.add(math.sqrt(3) / 2.0 * (c - r), 1.0 * (r + c) * 0.5)
    return points.graph("triangular", single_precision=True)


def _prism(rows: int, cols: int, use: str, n: int) -> BoardGraph:
    """DiamondOnTri with two dimensions (a prism): the points (r, c) with |r - c| < rows of a
    (rows + cols - 1)-square, laid as the diamond's."""
    _estimate(2 * rows * cols, (rows + cols) ** 2, use, f"(tri Prism {n})")
    points = PointList()
    for r in range(rows + cols - 1):
        for c in range(cols + rows - 1):
            if abs(r - c) >= rows:
                continue
            points.add(math.sqrt(3) / 2.0 * (c - r), 1.0 * (r + c) * 0.5)
    return points.graph("triangular", single_precision=True)


def _rectangle(rows: int, cols: int, use: str, n: int) -> BoardGraph:
    """RectangleOnTri: rows of ``cols`` points, each row shifted half a step to keep the
    rectangle upright (the points (r, c) with (r + 1) // 2 <= c < cols + r // 2)."""
    _estimate(2 * rows * cols, rows * cols, use, f"(tri Rectangle {n})")
    points = PointList()
    for r in range(rows):
        for c in range(cols + rows):
            if c < (r + 1) // 2 or c >= cols + r // 2:
                continue
            points.add(*tri_xy(r, c))
    return points.graph("triangular", single_precision=True)


def _star(d: int, use: str) -> BoardGraph:
    """StarOnTri: the points (row, col) of a (4d+1) x (4d+1) rhombus that lie in the star."""
    _estimate(24 * d * d, 12 * d * d + 6 * d + 1, use, f"(tri Star {d})")
    points = PointList()
    for r, c in star_rhombus(d):
        points.add(*tri_xy(r, c))
    return points.graph("triangular", single_precision=True)


def _limping(n: int, use: str) -> BoardGraph:
    """CustomOnTri with sides {n, n+1}: the points inside the (inflated) polygon they walk."""
    _estimate(6 * n * n, 3 * n * n + 3 * n + 1, use, f"(tri Limping {n})")
    poly = inflate(polygon_from_sides((n, n + 1), tri_xy), 0.1)
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    margin = n
    points = PointList()
    for r in range(int(min(ys)) - margin, int(max(ys)) + margin + 1):
        for c in range(int(min(xs)) - margin, int(max(xs)) + margin + 1):
            pt = tri_xy(r, c)
            if point_in_polygon(pt, poly):
                points.add(*pt)
    return points.graph("triangular", single_precision=True)


def tri_custom(sides: tuple[int, ...] = (), poly: list[tuple[float, float]] | None = None, *,
               use: str = "Cell") -> BoardGraph:
    """Ludii's ``(tri {sides...})`` and ``(tri (poly ...))`` (CustomOnTri): the points of the
    triangular grid inside the polygon (given, or walked by the side lengths), grown by 0.1; the
    grid is searched that far around it (the first side for a limping pair of sides, else 2)."""
    check_use(use)
    if poly is None:
        if not sides:
            raise ValueError("(tri {...}) needs side lengths")
        shape = inflate(polygon_from_sides(tuple(sides), tri_xy), 0.1)
        margin = sides[0] if len(sides) == 2 and sides[0] == sides[1] - 1 else 2
    else:
        shape = inflate([(f32(x), f32(y)) for x, y in poly], 0.1)
        margin = 2
    xs = [p[0] for p in shape]
    ys = [p[1] for p in shape]
    area = int((max(xs) - min(xs) + 2) * (max(ys) - min(ys) + 2))
    _estimate(2 * area, area, use, "(tri {...})")
    points = PointList()
    for r in range(int(min(ys)) - margin, int(max(ys)) + margin + 1):
        for c in range(int(min(xs)) - margin, int(max(xs)) + margin + 1):
            pt = tri_xy(r, c)
            if point_in_polygon(pt, shape):
                points.add(*pt)
    return points.graph("triangular", single_precision=True)

