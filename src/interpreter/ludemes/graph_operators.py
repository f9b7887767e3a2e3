"""More of Ludii's graph operators (``game.functions.graph.operators``): ``clip`` (a board with
the part inside a polygon cut away) and ``intersect`` (what several boards have in common).

Like the other operators (:mod:`.shapes`), they build a board graph as Ludii does, so the
sites keep Ludii's numbers; neither keeps its boards' tiling or shape concepts (Ludii's say
nothing of them: the board they make may have neither).
"""

from __future__ import annotations

from typing import Any

from ..engine import boards as gen
from ..errors import BindError
from .base import ArrayOf, Either, Kind, Param
from .boards import SHAPE, StaticInt, _items, _Shape

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


__all__ = ["Clip", "Intersect"]
