"""Arrays of ints: a region as its site numbers, the least of several numbers (Ludii's
``array``, ``min``)."""

from __future__ import annotations

from typing import Any, TYPE_CHECKING

from ..errors import LudError
from .base import ANY_INT, INT, INT_FN, INTS, REGION_FN, Either, Kind, Ludeme, Param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler


class ArrayFn(Ludeme):
    """The sites of a region as an array of numbers, in order.

    Parameters:
        region: the region whose sites are listed

    Examples:
        (array (sites Empty))
    """

    name = "array"
    kind = INTS
    region: Any = Param(REGION_FN)

    def compile(self, c: "Compiler"):
        region = c.region(self.region)
        return lambda s: tuple(sorted(region(s)))


class Min(Ludeme):
    """The least of two numbers, or of an array of numbers; an array with nothing in it has
    no least number (an error, as Ludii's has none to give).

    Parameters:
        values: a number or an array of numbers
        other: a second number, compared with the first

    Examples:
        (min 3 (count Moves))
        (min (array (sites Empty)))
    """

    name = "min"
    kind = INT
    values: Any = Param(Either((Kind((INTS,), "ints"), INT_FN)), range=ANY_INT)
    other: Any = Param(INT_FN, optional=True, range=ANY_INT)

    def compile(self, c: "Compiler"):
        if self.other is not None:
            a, b = c.int(self.values), c.int(self.other)
            return lambda s: min(a(s), b(s))
        if isinstance(self.values, Ludeme) and self.values.kind == INTS:
            values = self.values.compile(c)
            span = self.span

            def least(s):
                found = values(s)
                if not found:
                    raise LudError("(min ...) of an empty array", span)
                return min(found)
            return least
        return c.int(self.values)
