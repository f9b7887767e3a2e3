"""More of Ludii's graph functions (``game.functions.graph``): the operators ``clip`` (a board
with the part inside a polygon cut away) and ``intersect`` (what several boards have in
common), and the generator ``celtic`` (a board of Celtic knotwork).

Like the other shapes (:mod:`.shapes`), they build a board graph as Ludii does, so the sites
keep Ludii's numbers; the operators keep none of their boards' tiling or shape concepts
(Ludii's say nothing of them: the board they make may have neither).
"""

from __future__ import annotations

from typing import Any

from ..engine import boards as gen
from ..errors import BindError
from .base import INT_FN, ArrayOf, Either, Kind, Param
from .boards import SHAPE, StaticInt, _custom_args, _items, _Shape

_POLY = Kind(("polygon",), "polygon")


class Clip(_Shape):
    """A board with every point inside a polygon cut away (Ludii's ``clip``), with the lines
    that meet them; the other points and lines keep their order and the cells are traced
    again from what is left. The polygon is grown by 0.1 first, so points on its border go.

    Parameters:
        board: the board clipped
        poly: the polygon whose inside is cut away

    Examples:
        (clip (square 4) (poly {{1 1} {1 3} {4 0}}))
        (clip (square 5) (poly {{1.5 1.5} {1.5 3.5} {3.5 3.5} {3.5 1.5}}))
    """

    name = "clip"
    board: Any = Param(SHAPE)
    poly: Any = Param(_POLY)

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        from ..engine.boards.graph_ops import clip
        return clip(self.board.graph(use, static_int), self.poly.corners(static_int))


class Intersect(_Shape):
    """What boards have in common (Ludii's ``intersect``): the points of the first board that
    lie (within 0.01) on a point of every other, and its lines that join two such places in
    every other, in the first board's order; the cells are traced again from these.

    Parameters:
        boards: the boards (the first given alone, or ``{...}`` all of them)
        board2: the second board, when the first is given alone

    Examples:
        (intersect (square 4) (rectangle 2 5))
        (intersect {(rectangle 6 2) (square 4) (rectangle 7 2)})
    """

    name = "intersect"
    boards: Any = Param(Either((ArrayOf(SHAPE, single=False), SHAPE)))
    board2: Any = Param(SHAPE, optional=True)

    def validate(self) -> None:
        braced = hasattr(self.boards, "items")
        if braced and self.board2 is not None:
            raise BindError("intersect takes two boards, or one list of boards, not both", self.board2.span)
        if not braced and self.board2 is None:
            raise BindError("intersect needs two boards, or a list of boards", self.span,
                            hint="e.g. (intersect (square 4) (rectangle 2 5))")

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        from ..engine.boards.graph_ops import intersect
        shapes = _items(self.boards) + ([self.board2] if self.board2 is not None else [])
        return intersect([s.graph(use, static_int) for s in shapes])


class Celtic(_Shape):
    """A board of Celtic knotwork (Ludii's ``celtic``): a grid of diamonds, ROWS x COLUMNS
    (COLUMNS = ROWS by default), or those inside a custom outline (a polygon, or the sides'
    lengths in grid steps), its outline rounded off by curved edges: at each convex corner
    and every second point of a straight run, a curve across the notch beside it, or round a
    new point just outside, each closing a small cell. Knotwork has few continuous paths
    through the whole board, often one: a board for path games.

    Parameters:
        custom: a custom outline: a polygon, or the sides' lengths in clockwise order
        rows: the number of rows
        columns: the number of columns (``rows`` when left out)

    Examples:
        (celtic 3)
        (celtic 2 3)
        (celtic {4 3 -1 2 3})
        (celtic (poly {{1 2} {1 6} {3 6} {3 4} {4 4} {4 2}}))
    """

    name = "celtic"
    custom: Any = Param(Either((_POLY, ArrayOf(INT_FN, single=False))), optional=True, range=(-1000, 1000))
    rows: Any = Param(INT_FN, optional=True, range=(1, 100))
    columns: Any = Param(INT_FN, optional=True, range=(1, 100))

    def validate(self) -> None:
        if self.custom is not None:
            if self.rows is not None or self.columns is not None:
                raise BindError("(celtic ...) takes a custom outline, or rows and columns, not both", self.span)
        elif self.rows is None:
            raise BindError("(celtic ...) needs a number of rows (or a custom outline)", self.span,
                            hint="(celtic 3), or (celtic {4 3 -1 2 3})")

    def concepts_at(self, where):
        # Ludii's shape is a square only for one size given (it compares the two sizes as
        # objects); a custom outline has no shape, which its concepts count as a rectangle
        square = self.custom is None and self.columns is None
        return ("CelticTiling", "SquareShape" if square else "RectangleShape", "PolygonShape")

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        from ..engine.boards.celtic import celtic
        if self.custom is not None:
            sides, poly = _custom_args(self.custom, static_int)
            return celtic(sides=sides, poly=poly)
        rows = static_int(self.rows)
        return celtic(rows, rows if self.columns is None else static_int(self.columns))


__all__ = ["Clip", "Intersect", "Celtic"]
