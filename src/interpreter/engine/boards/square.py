"""Boards on the square tiling: Ludii's ``(square ...)`` and ``(rectangle ...)``."""

from __future__ import annotations

import math

from .graph import BoardGraph, check_size
from .uses import check_dim, check_use, shape_and_dims

DIAGONALS = ("Implied", "Solid", "SolidNoSplit", "Alternating", "Concentric", "Radiating")
"""Ludii's ``DiagonalsType``: how a square grid draws lines between opposite corners."""


def rectangle(rows: int, cols: int | None = None, *, use: str = "Cell",
              diagonals: str | None = None, pyramidal: bool = False) -> BoardGraph:
    """Ludii's ``(rectangle rows cols)`` (``RectangleOnSquare``): ``rows`` x ``cols`` cells, or,
    with ``use="Vertex"``, ``rows`` x ``cols`` points. Ludii builds the graph for the site type
    it will use: a board of cells gets one more row and column of vertices than it has cells, a
    board of vertices gets exactly ``rows`` x ``cols`` vertices (so ``(square 19) use:Vertex``
    is the 19 x 19 Go board, 361 points A1..S19).

    ``diagonals`` (Ludii's ``diagonals:``) adds lines between opposite corners before the
    cells are traced: ``Alternating`` one diagonal per square, alternately (Alquerque),
    ``Solid`` both, meeting at a new centre point, ``SolidNoSplit`` both without a centre point,
    ``Concentric`` diamonds around the centre, ``Radiating`` lines out from the centre;
    ``Implied`` (or none) adds nothing.

    ``pyramidal`` (Ludii's ``pyramidal:True``) stacks layers of points above the grid, each
    over the middles of the squares of the one below (one point fewer each way, at height
    ``layer / sqrt 2``: every side of the pyramid is one unit long), joined to the points one
    unit away in space; cells are traced on each level."""
    check_use(use)
    cols = rows if cols is None else cols
    check_dim(rows, "rows")
    check_dim(cols, "columns")
    check_size(rows * cols, f"(rectangle {rows} {cols})")
    extra = 1 if use == "Cell" else 0
    graph = BoardGraph(tiling="square" if diagonals in (None, "Implied") else "graph")
    for row in range(rows + extra):
        for col in range(cols + extra):
            graph.add_vertex(col, row)
    graph.connect_unit_edges()
    if pyramidal:
        add_pyramid(graph, rows + extra, cols + extra)
    add_diagonals(graph, rows + extra, cols + extra, diagonals)
    graph.make_faces()
    graph.reorder()
    return graph


def add_pyramid(graph: BoardGraph, rows: int, cols: int) -> None:
    """The layers of Ludii's pyramidal ``RectangleOnSquare`` above a grid of rows x cols points:
    ``rows - 1`` layers, layer k has (rows - k) x (cols - k) points offset by k/2 each way at
    height k / sqrt 2; then every pair one unit apart in space is joined (``makeEdges``)."""
    dz = 1.0 / math.sqrt(2)
    check_size(sum(max(rows - k, 0) * max(cols - k, 0) for k in range(rows)), "the pyramid")
    for layer in range(1, rows):
        for row in range(rows - layer):
            for col in range(cols - layer):
                graph.add_vertex_3d(layer * 0.5 + col, layer * 0.5 + row, layer * dz)
    if not graph.heights:
        graph.heights = [0.0] * len(graph.vertices)
    graph.connect_unit_edges_3d()


def add_diagonals(graph: BoardGraph, to_row: int, to_col: int, diagonals: str | None,
                  from_row: int = 0, from_col: int = 0) -> None:
    """Ludii's ``Square.handleDiagonals`` on a grid of points (col, row): the lines a
    ``diagonals:`` type draws. ``to_row`` and ``to_col`` (and ``from_row``, ``from_col``, 0 for
    the generated boards) bound the rows and columns of points as Ludii passes them (the centre
    of Concentric and Radiating is halfway between them, rounded towards zero as Java does)."""
    if diagonals is None or diagonals == "Implied":
        return
    if diagonals not in DIAGONALS:
        raise ValueError(f"diagonals:{diagonals} is not one of {', '.join(DIAGONALS)}")
    at = {(round(x), round(y)): v for v, (x, y) in enumerate(graph.vertices)
          if x == round(x) and y == round(y)}
    mid_r, mid_c = int((to_row + from_row) / 2), int((to_col + from_col) / 2)
    if diagonals == "Radiating":
        for n in range(max(int((to_row - from_row) / 2), int((to_col - from_col) / 2)) + 1):
            for dr, dc in ((1, 1), (1, -1), (-1, -1), (-1, 1)):
                # Ludii looks the points up as (row, column) here: on a square board the same
                a = at.get((mid_r + n * dr, mid_c + n * dc))
                b = at.get((mid_r + (n + 1) * dr, mid_c + (n + 1) * dc))
                if a is not None and b is not None:
                    graph.add_edge(a, b)
        return
    for r in range(from_row, to_row + 1):
        for c in range(from_col, to_col + 1):
            a, b, cc, d = at.get((c, r)), at.get((c, r + 1)), at.get((c + 1, r + 1)), at.get((c + 1, r))
            if a is None or b is None or cc is None or d is None:
                continue
            if diagonals == "Alternating":
                graph.add_edge(*((a, cc) if (r + c) % 2 == 0 else (b, d)))
            elif diagonals == "Solid":
                x = graph.find_vertex(c + 0.5, r + 0.5)
                if x < 0:
                    x = graph.add_vertex(c + 0.5, r + 0.5)
                for corner in (a, b, cc, d):
                    graph.add_edge(corner, x)
            elif diagonals == "SolidNoSplit":
                graph.add_edge(a, cc)
                graph.add_edge(b, d)
            else:  # Concentric
                inner = (r < mid_r and c < mid_c) or (r >= mid_r and c >= mid_c)
                graph.add_edge(*((b, d) if inner else (a, cc)))


def square(*args: object, use: str = "Cell", diagonals: str | None = None,
           pyramidal: bool = False) -> BoardGraph:
    """Ludii's ``(square [Square|Limping|Diamond] n)``: an n x n board of cells (n x n points
    with ``use="Vertex"``); ``Limping`` makes it n x (n + 1); ``Diamond`` a square standing on
    a corner, n points a side (the same for cells and points, as Ludii). ``pyramidal`` stacks
    a pyramid of points on a Square or Limping board (see :func:`rectangle`); Ludii's Diamond
    has none."""
    shape, dims = shape_and_dims("square", args, ("Square", "Limping", "Diamond"))
    n = dims[0]
    if len(dims) != 1:
        raise ValueError("(square ...) takes one dimension")
    if shape == "Diamond":
        return diamond(n, diagonals=diagonals)
    if shape == "Limping":
        return rectangle(n, n + 1, use=use, diagonals=diagonals, pyramidal=pyramidal)
    return rectangle(n, n, use=use, diagonals=diagonals, pyramidal=pyramidal)



def diamond(d: int, *, diagonals: str | None = None) -> BoardGraph:
    """Ludii's ``DiamondOnSquare``: the points (col, row) of a 2d x 2d grid inside the diamond
    ``d - 1 <= row + col < 3d``, ``|col - row| <= d``, joined at unit distance, with
    ``diagonals`` drawn as on a square board."""
    check_dim(d, "dimension")
    check_size(2 * d * d + 2 * d, f"(square Diamond {d})")
    graph = BoardGraph(tiling="square" if diagonals in (None, "Implied") else "graph")
    for r in range(2 * d):
        for c in range(2 * d):
            if r + c < d - 1 or c - r > d or r - c > d or r + c >= 3 * d:
                continue
            graph.add_vertex(c, r)
    graph.connect_unit_edges()
    add_diagonals(graph, 2 * d, 2 * d, diagonals)
    graph.make_faces()
    graph.reorder()
    return graph


SQUARE_STEPS = ((1, 0), (0, 1), (-1, 0), (0, -1))
"""Ludii's ``Square.steps``: (row, column) steps of a walk round a square grid."""


def square_custom(sides: tuple[int, ...] = (), poly: list[tuple[float, float]] | None = None, *,
                  diagonals: str | None = None) -> BoardGraph:
    """Ludii's ``(square {sides...})`` and ``(square (poly ...))`` (CustomOnSquare): the grid
    points inside the polygon (given, or walked by the sides: each a number of units along the
    next direction, a negative one backwards after turning the other way), grown by 0.1; then
    the ``diagonals`` and the cells, as on a generated board."""
    from .graph import f32
    from .polygon import bounds, inflate, point_in_polygon
    if poly is not None:
        outline = [(f32(x), f32(y)) for x, y in poly]
    else:
        if not sides:
            raise ValueError("(square {...}) needs side lengths")
        step, row, col = len(SQUARE_STEPS) - 1, 0, 0
        outline = [(0.0, 0.0)]
        for n in sides:
            step = (step + (-1 if n < 0 else 1) + len(SQUARE_STEPS)) % len(SQUARE_STEPS)
            row += n * SQUARE_STEPS[step][0]
            col += n * SQUARE_STEPS[step][1]
            outline.append((float(col), float(row)))
    shape = inflate(outline, 0.1)
    x0, y0, w, h = bounds(shape)
    from_col, from_row = int(x0) - 2, int(y0) - 2
    to_col, to_row = int(x0 + w) + 2, int(y0 + h) + 2
    check_size((to_col - from_col + 1) * (to_row - from_row + 1), "(square {...})")
    graph = BoardGraph(tiling="square" if diagonals in (None, "Implied") else "graph")
    for row in range(from_row, to_row + 1):
        for col in range(from_col, to_col + 1):
            if point_in_polygon((col, row), shape):
                graph.add_vertex(col, row)
    graph.connect_unit_edges()
    add_diagonals(graph, to_row, to_col, diagonals, from_row, from_col)
    graph.make_faces()
    graph.reorder()
    return graph

