"""Directions made of other directions (Ludii's ``game.functions.directions``): the union and
the difference of two sets of directions, both known before play (``(if C A B)`` chooses
directions by a condition: see :class:`~.logic.If`)."""

from __future__ import annotations

from typing import Any, TYPE_CHECKING

from .base import DIRECTIONS, DIRS, Ludeme, Param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler


class DirectionsUnion(Ludeme):
    """The directions of both sets.

    Parameters:
        first: some directions
        second: more directions

    Examples:
        (union Orthogonal (directions {NE SW}))
    """

    name = "union"
    overload = True
    kind = DIRECTIONS
    first: Any = Param(DIRS)
    second: Any = Param(DIRS)

    def static_directions(self, c: "Compiler") -> tuple[str, ...]:
        first = c.directions(self.first)
        return first + tuple(d for d in c.directions(self.second) if d not in first)


class DirectionsDifference(Ludeme):
    """The directions of the first set that are not in the second.

    Parameters:
        first: the directions
        second: the directions taken out

    Examples:
        (difference Diagonal N)
        (difference Adjacent (directions {N S}))
    """

    name = "difference"
    overload = True
    kind = DIRECTIONS
    first: Any = Param(DIRS)
    second: Any = Param(DIRS)

    def static_directions(self, c: "Compiler") -> tuple[str, ...]:
        gone = set(c.directions(self.second))
        return tuple(d for d in c.directions(self.first) if d not in gone)


__all__ = ["DirectionsUnion", "DirectionsDifference"]
