"""Boards on the square tiling: Ludii's ``(square ...)`` and ``(rectangle ...)``."""

from __future__ import annotations

from .graph import BoardGraph, check_size
from .uses import check_dim, check_use, shape_and_dims


def rectangle(rows: int, cols: int | None = None, *, use: str = "Cell") -> BoardGraph:
    """Ludii's ``(rectangle rows cols)`` (``RectangleOnSquare``): ``rows`` x ``cols`` cells, or,
    with ``use="Vertex"``, ``rows`` x ``cols`` points. Ludii builds the graph for the site type
    it will use: a board of cells gets one more row and column of vertices than it has cells, a
    board of vertices gets exactly ``rows`` x ``cols`` vertices (so ``(square 19) use:Vertex``
    is the 19 x 19 Go board, 361 points A1..S19)."""
    check_use(use)
    cols = rows if cols is None else cols
    check_dim(rows, "rows")
    check_dim(cols, "columns")
    check_size(rows * cols, f"(rectangle {rows} {cols})")
    extra = 1 if use == "Cell" else 0
    graph = BoardGraph(tiling="square")
    for row in range(rows + extra):
        for col in range(cols + extra):
            graph.add_vertex(col, row)
    graph.connect_unit_edges()
    graph.make_faces()
    graph.reorder()
    return graph


def square(*args: object, use: str = "Cell") -> BoardGraph:
    """Ludii's ``(square [Square|Limping] n)``: an n x n board of cells (n x n points with
    ``use="Vertex"``); ``Limping`` makes it n x (n + 1)."""
    shape, dims = shape_and_dims("square", args, ("Square", "Limping"))
    n = dims[0]
    if len(dims) != 1:
        raise ValueError("(square ...) takes one dimension")
    if shape == "Limping":
        return rectangle(n, n + 1, use=use)
    return rectangle(n, n, use=use)

