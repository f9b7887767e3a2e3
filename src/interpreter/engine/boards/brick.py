"""Boards of bricks: Ludii's ``(brick ...)`` (``game.functions.graph.generators.basis.brick``),
1 x 2 bricks laid in courses, each course shifted by one unit; the bricks are the cells, given
as they are laid (not traced), then everything sorted as Ludii does."""

from __future__ import annotations

from .graph import BoardGraph, check_size

SHAPES = ("Square", "Rectangle", "Limping", "Diamond", "Prism")
"""The brick shapes built here (Ludii's Spiral is not)."""


def _vertex(g: BoardGraph, x: float, y: float) -> int:
    vid = g.find_vertex(x, y)
    return vid if vid >= 0 else g.add_vertex(x, y)


def _cell(g: BoardGraph, corners: list[tuple[int, int]]) -> None:
    """Ludii's ``Brick.addBrick`` and ``addHalfBrick``: the corners (clockwise from the lower
    left), their sides, and the cell, each found or added."""
    vids = [_vertex(g, x, y) for x, y in corners]
    for i, a in enumerate(vids):
        g.add_edge(a, vids[(i + 1) % len(vids)])
    if not any(sorted(face) == sorted(vids) for face in g.faces):
        g.faces.append(vids)


def _brick(g: BoardGraph, row: int, col: int) -> None:
    _cell(g, [(col, row), (col, row + 1), (col + 1, row + 1), (col + 2, row + 1), (col + 2, row), (col + 1, row)])


def _half(g: BoardGraph, row: int, col: int) -> None:
    _cell(g, [(col, row), (col, row + 1), (col + 1, row + 1), (col + 1, row)])


def _lay(g: BoardGraph, row: int, col: int, cols: int, trim: bool) -> None:
    if trim and col == 0:
        _half(g, row, col + 1)  # (Ludii puts the trimmed first brick's half one unit in)
    elif trim and col >= cols - 1:
        _half(g, row, col)
    else:
        _brick(g, row, col)


def brick(shape: str, a: int, b: int | None = None, trim: bool = False) -> BoardGraph:
    """Ludii's ``(brick [shape] a [b] [trim:])``: ``Square``/``Rectangle`` (a courses of b
    bricks, SquareOrRectangleOnBrick), ``Limping`` (a courses of a + 1), ``Diamond`` and
    ``Prism`` (DiamondOrPrismOnBrick: a diamond of side a, stretched by b courses for a prism).
    ``trim`` halves the bricks sticking out at the ends of the courses."""
    if shape not in SHAPES:
        raise ValueError(f"(brick {shape} ...): shape not supported; use one of {', '.join(SHAPES)}")
    if a < 1 or (b is not None and b < 1):
        raise ValueError("a brick board's dimensions are at least 1")
    g = BoardGraph(tiling="graph")
    if shape in ("Square", "Rectangle", "Limping"):
        columns = a + 1 if shape == "Limping" else (a if b is None else b)
        rows, cols = a, columns * 2 + 1
        check_size(rows * columns, f"(brick {a})")
        for r in range(rows):
            for c in range(r % 2, cols, 2):
                _lay(g, r, c, cols, trim)
    else:
        side, mid = a, (0 if shape == "Diamond" else (a if b is None else b))
        rows, cols = 2 * side + 2 * mid, 2 * side
        check_size(rows * side, f"(brick {shape} {a})")
        for r in range(rows):
            for c in range((r + 1) % 2, cols, 2):
                if r + c < side - 1 or c - r >= side or r + c >= 3 * side - 1 or r - c > side:
                    continue
                _lay(g, r, c, cols, trim)
    g.reorder()
    return g


__all__ = ["brick", "SHAPES"]
