"""Arrays of ints: a region as its site numbers, the least of several numbers (Ludii's
``array``, ``min``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import BindError
from .base import ANY_INT, INT, INT_FN, INTS, RANGE, REGION_FN, Either, Kind, Ludeme, Param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.state import State
    from ..native.emit import Emitter


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

    def compile(self, c: Compiler):
        region = c.sites_in_order(self.region)  # Ludii's Region: each site once, in order
        return lambda s, e: tuple(region(s, e))

    def kernel_ints(self, k: Emitter, each: Callable[[Emitter, str], None]) -> None:
        """Each site of the region, as a number (in any order: what reads arrays here sums them,
        sorts them or takes the least)."""
        region = k.region(self.region, hands=True)
        x = k.temp("x")
        with region.loop(k, x):
            k.line(f"if {x} < 0:")
            k.line("    continue")
            each(k, x)


class Min(Ludeme):
    """The least of two numbers, or of an array of numbers; of an array with nothing in it,
    -1 (Ludii's undefined). One number alone is Ludii's range ``min``: from N up, with no
    upper bound (a distance or length of at least N).

    Parameters:
        values: a number or an array of numbers; one number alone: the least of a range
        other: a second number, compared with the first

    Examples:
        (min 3 (count Moves))
        (min (array (sites Empty)))
        (min 1)
    """

    name = "min"
    concepts = ("Minimum",)
    kind = INT
    values: Any = Param(Either((Kind((INTS,), "ints"), INT_FN)), range=ANY_INT)
    other: Any = Param(INT_FN, optional=True, range=ANY_INT)

    def validate(self) -> None:
        if self.other is None and not (isinstance(self.values, Ludeme) and self.values.kind == INTS):
            self.kind = RANGE  # type: ignore[misc]  # Ludii's range Min: one number, no int form

    def concepts_at(self, where):
        # Ludii's int min (of two numbers or an array) is Minimum; its range min says nothing
        return ("Minimum",) if self.kind == INT else ()

    def bounds(self, c: Compiler) -> tuple[int, int]:
        """The range min: from N to Ludii's Infinity."""
        from ..engine.values import INFINITY
        n = c.static_int(self.values)
        if n < 0:
            raise BindError(f"a length or distance is at least 0, not {n}", self.span)
        return n, INFINITY

    def dynamic_bounds(self, c: Compiler):
        """bounds(state, env) -> (low, high), for a least value known only during play."""
        from ..engine.values import INFINITY
        n = c.int(self.values)
        return lambda s, e: (max(0, n(s, e)), INFINITY)

    def compile(self, c: Compiler):
        if self.other is not None:
            a, b = c.int(self.values), c.int(self.other)
            return lambda s, e: min(a(s, e), b(s, e))
        if isinstance(self.values, Ludeme) and self.values.kind == INTS:
            values = c.ints(self.values)

            def least(s: State, e: Env) -> int:
                found = values(s, e)
                return min(found) if found else -1  # Ludii's min of nothing: undefined (-1)
            return least
        return c.int(self.values)

    def kernel_int(self, k: Emitter) -> str:
        from ..native.kernels.regions import _fixed
        if self.other is not None:
            a, b = _fixed(k, k.int(self.values), "a"), _fixed(k, k.int(self.other), "b")
            return f"min({a}, {b})"
        if not (isinstance(self.values, Ludeme) and self.values.kind == "ints"):
            return k.int(self.values)
        from ..native.emit import kernel_of
        best, found = k.temp("m"), k.temp("b")
        k.line(f"{best} = 0")
        k.line(f"{found} = False")

        def least(e: Emitter, value: str) -> None:
            with e.indented(f"if not {found} or {value} < {best}:"):
                e.line(f"{best} = {value}")
                e.line(f"{found} = True")
        kernel_of(self.values, "ints")(self.values, k, least)
        k.line(f"if not {found}:")  # the least of nothing: Ludii's undefined (-1)
        k.line(f"    {best} = -1")
        return best
