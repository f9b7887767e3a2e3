"""Integer division and remainder: Ludii's ``(/ a b)`` and ``(% a b)``
(``game.functions.ints.math.Div`` and ``Mod``), with Java's integer arithmetic: the quotient
is truncated towards zero and the remainder takes the sign of ``a``. Dividing by zero is an
error at the place of the division (in Ludii, an exception)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.values import const_fn, constant
from ..errors import LudError
from .base import ANY_INT, INT, INT_FN, Ludeme, Param
from .logic import value_fn

if TYPE_CHECKING:
    from ..compile import Compiler
    from ..engine.env import Env
    from ..engine.state import State
    from ..native.emit import Emitter


class _Binary(Ludeme):
    """Two numbers combined into one (the parameters of ``%`` and ``/``).

    Parameters:
        a: the number divided
        b: the number it is divided by (not 0)
    """

    kind = INT
    a: Any = Param(INT_FN, range=ANY_INT)
    b: Any = Param(INT_FN, range=ANY_INT)

    @staticmethod
    def apply(a: int, b: int) -> int:
        raise NotImplementedError

    def compile(self, c: Compiler):
        fa, fb = value_fn(c, self.a), value_fn(c, self.b)
        apply, where = self.apply, self

        def value_of(s: State | None, e: Env | None) -> int:  # None, None: at load time
            b = fb(s, e)
            if b == 0:
                raise LudError(f"({where.name} ...) divides by zero", where.span)
            return apply(fa(s, e), b)
        ca, cb = constant(fa), constant(fb)
        if isinstance(ca, int) and isinstance(cb, int):  # known before play: worked out at load time
            return const_fn(value_of(None, None))
        return value_of


class Div(_Binary):
    """A divided by B, as a whole number truncated towards zero (Java's ``/``: ``(/ 7 2)`` is 3,
    ``(/ -7 2)`` is -3).

    Examples:
        (/ (- 19 3) 2)
        (/ (count Pieces Mover) 2)
    """

    name = "/"
    family = "functions"
    concepts = ("Division",)

    @staticmethod
    def apply(a: int, b: int) -> int:
        q = abs(a) // abs(b)
        return q if (a >= 0) == (b > 0) else -q

    def kernel_int(self, k: Emitter) -> str:
        from ..native.kernels.core import _divmod
        return _divmod(self, k)


class Mod(_Binary):
    """The remainder of A divided by B, with the sign of A (Java's ``%``: ``(% -7 2)`` is -1).

    Examples:
        (% (count Moves) 2)
    """

    name = "%"
    family = "functions"
    concepts = ("Modulo",)

    @staticmethod
    def apply(a: int, b: int) -> int:
        r = abs(a) % abs(b)
        return r if a >= 0 else -r

    def kernel_int(self, k: Emitter) -> str:
        from ..native.kernels.core import _divmod
        return _divmod(self, k)
