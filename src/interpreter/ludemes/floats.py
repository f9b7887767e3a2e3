"""Ludii's float functions (``functions.floats``): ``toFloat``, and the arithmetic and maths of
decimal numbers (``+ - * / ^ abs max min``, ``cos sin tan exp log log10 sqrt``), read back as
ints by ``toInt`` and as conditions by ``toBool``.

Ludii computes them in Java's ``float`` (32-bit): each result here is rounded to the nearest
32-bit float, as Java's is (for ``+ - * /`` the exact result rounded once; for the functions of
``Math``, its double result rounded, as Ludii's ``(float) Math.cos(x)``). What Ludii refuses
while playing (a division by zero, the logarithm of zero, the root of a negative number) is an
error here too; what Java makes NaN (the logarithm of a negative number) is NaN.

The arithmetic names are those of Ludii's int functions too: each float function here is an
overload, chosen when its first argument is a decimal number (``2.5``) or a float function.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.values import const_fn
from ..errors import BindError, LudError
from ..syntax.nodes import Float, Int
from .base import ANY_INT, BOOL_FN, INT_FN, ArrayOf, BoundArray, Either, Kind, Ludeme, Param, Range

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.state import State

FLOAT = "float"  # the kind of Ludii's FloatFunction
FLOAT_FN = Kind((FLOAT,), "float", literals=(Float, Int))
FloatFn = Callable[["State", "Env"], float]
FLOAT_RANGE = Range(-3.4028235e38, 3.4028235e38, "a 32-bit float")  # Java's float


def f32(x: float) -> float:
    """``x`` rounded to the nearest 32-bit float (Java's ``(float)``): beyond its range,
    infinite."""
    if math.isnan(x) or math.isinf(x):
        return x
    try:
        return struct.unpack("f", struct.pack("f", x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def float_fn(c: Compiler, value: Any) -> FloatFn:
    """A float argument compiled: a decimal or whole number, or a float function."""
    if isinstance(value, (Float, Int)):
        return const_fn(f32(float(value.value)))
    compiled = getattr(value, "compile", None) if isinstance(value, Ludeme) and value.kind == FLOAT else None
    if compiled is not None:
        return compiled(c)
    raise BindError("a decimal number or a float function is wanted here", getattr(value, "span", None))


def _items(value: Any) -> list[Any]:
    return list(value.items) if isinstance(value, BoundArray) else [value]


class ToFloat(Ludeme):
    """A condition or an int as a decimal number (a condition: 1.0 when it holds, else 0.0).

    Parameters:
        value: the condition or the int

    Examples:
        (toFloat (count Moves))
        (toFloat (is Full))
    """

    name = "toFloat"
    kind = FLOAT
    value: Any = Param(Either((BOOL_FN, INT_FN)), range=ANY_INT)

    def compile(self, c: Compiler):
        value = self.value
        if isinstance(value, Ludeme) and value.kind == "boolean":
            cond = c.bool(value)
            return lambda s, e: 1.0 if cond(s, e) else 0.0
        number = c.int(value)
        return lambda s, e: f32(float(number(s, e)))


class _Unary(Ludeme):
    """A function of one decimal number (Java's ``Math``, rounded to a 32-bit float).

    Parameters:
        value: the number
    """

    kind = FLOAT
    value: Any = Param(FLOAT_FN, range=FLOAT_RANGE)

    def compile(self, c: Compiler):
        value = float_fn(c, self.value)
        apply = UNARY[self.name]
        span = self.span
        name = self.name

        def run(s: State, e: Env) -> float:
            try:
                return f32(apply(value(s, e)))
            except ArithmeticError as problem:  # what Ludii refuses while playing
                raise LudError(f"({name} ...): {problem}", span) from None
        return run


def _java(fn: Callable[[float], float]) -> Callable[[float], float]:
    """A math function as Java's: NaN where Python's raises a domain error, infinite where it
    overflows."""
    def safe(x: float) -> float:
        try:
            return fn(x)
        except ValueError:
            return math.nan
        except OverflowError:
            return math.inf
    return safe


class AbsFloat(_Unary):
    """The absolute value of a decimal number.

    Examples:
        (abs (- 8.2 5.1))
    """

    name = "abs"
    overload = True  # beside Ludii's int function of this name
    concepts = ("Float", "Absolute")


class Cos(_Unary):
    """The cosine of a decimal number (in radians).

    Examples:
        (cos 5.5)
    """

    name = "cos"
    concepts = ("Float", "Cosine")


class Sin(_Unary):
    """The sine of a decimal number (in radians).

    Examples:
        (sin 5.5)
    """

    name = "sin"
    concepts = ("Float", "Sine")


class Tan(_Unary):
    """The tangent of a decimal number (in radians).

    Examples:
        (tan 5.5)
    """

    name = "tan"
    concepts = ("Float", "Tangent")


class Exp(_Unary):
    """e raised to a decimal number.

    Examples:
        (exp 5.5)
    """

    name = "exp"
    concepts = ("Float", "Exponential")


def _log(base: Callable[[float], float]) -> Callable[[float], float]:
    def log(x: float) -> float:
        if x == 0:
            raise ArithmeticError("the logarithm of zero is undefined")
        return _java(base)(x)
    return log


class Log(_Unary):
    """The natural logarithm of a decimal number (an error for 0, as in Ludii; NaN below 0).

    Examples:
        (log 5.5)
    """

    name = "log"
    concepts = ("Float", "Logarithm")


class Log10(_Unary):
    """The logarithm in base 10 of a decimal number (an error for 0, as in Ludii).

    Examples:
        (log10 5.5)
    """

    name = "log10"
    concepts = ("Float", "Logarithm")


def _sqrt(x: float) -> float:
    if x < 0:
        raise ArithmeticError("the square root of a negative number is undefined")
    return math.sqrt(x)


class Sqrt(_Unary):
    """The square root of a decimal number (an error below 0, as in Ludii).

    Examples:
        (sqrt 5.5)
    """

    name = "sqrt"
    concepts = ("Float", "Roots")


# --- two numbers, or a list ------------------------------------------------------------------------
class _Binary(Ludeme):
    """Two decimal numbers combined.

    Parameters:
        a: the first number
        b: the second number
    """

    kind = FLOAT
    a: Any = Param(FLOAT_FN, range=FLOAT_RANGE)
    b: Any = Param(FLOAT_FN, range=FLOAT_RANGE)

    def compile(self, c: Compiler):
        a, b = float_fn(c, self.a), float_fn(c, self.b)
        combine = BINARY[self.name]
        span, name = self.span, self.name

        def run(s: State, e: Env) -> float:
            try:
                return f32(combine(a(s, e), b(s, e)))
            except ArithmeticError as problem:
                raise LudError(f"({name} ...): {problem}", span) from None
        return run


def _divide(a: float, b: float) -> float:
    if b == 0:
        raise ArithmeticError("division by zero")
    return a / b


def _power(a: float, b: float) -> float:
    try:
        return math.pow(a, b)
    except ValueError:
        return math.nan
    except OverflowError:
        return math.inf


class SubFloat(_Binary):
    """The first decimal number minus the second.

    Examples:
        (- 5.6 1.1)
    """

    name = "-"
    overload = True  # beside Ludii's int function of this name
    concepts = ("Float", "Subtraction")


class DivFloat(_Binary):
    """The first decimal number divided by the second (an error for 0, as in Ludii).

    Examples:
        (/ 5.5 2.32)
    """

    name = "/"
    overload = True  # beside Ludii's int function of this name
    concepts = ("Float", "Division")


class PowFloat(_Binary):
    """The first decimal number raised to the second.

    Examples:
        (^ 5.5 2.32)
    """

    name = "^"
    overload = True  # beside Ludii's int function of this name
    concepts = ("Float", "Exponentiation")


class _Fold(Ludeme):
    """Decimal numbers combined, two of them or a list ``{...}``.

    Parameters:
        values: the numbers (two, or a list)
        other: the second number, when two are given
    """

    kind = FLOAT
    values: Any = Param(ArrayOf(FLOAT_FN), range=FLOAT_RANGE)
    other: Any = Param(FLOAT_FN, optional=True, range=FLOAT_RANGE)

    def validate(self) -> None:
        if isinstance(self.values, BoundArray) and self.other is not None:
            raise BindError(f"({self.name} ...) takes two numbers or one list", self.span)
        if not isinstance(self.values, BoundArray) and self.other is None:
            raise BindError(f"({self.name} ...) takes two numbers or one list", self.span)

    def compile(self, c: Compiler):
        items = _items(self.values) + ([self.other] if self.other is not None else [])
        fns = [float_fn(c, v) for v in items]
        fold = FOLDS[self.name]
        return lambda s, e: fold([f(s, e) for f in fns])


def _sum(values: list[float]) -> float:
    total = 0.0
    for v in values:
        total = f32(total + v)
    return total


def _product(values: list[float]) -> float:
    total = 1.0
    for v in values:
        total = f32(total * v)
    return total


def _java_max(a: float, b: float) -> float:
    return math.nan if math.isnan(a) or math.isnan(b) else max(a, b)


def _java_min(a: float, b: float) -> float:
    return math.nan if math.isnan(a) or math.isnan(b) else min(a, b)


def _max(values: list[float]) -> float:
    out = values[0]
    for v in values[1:]:
        out = _java_max(out, v)
    return out


def _min(values: list[float]) -> float:
    out = values[0]
    for v in values[1:]:
        out = _java_min(out, v)
    return out


class AddFloat(_Fold):
    """The sum of decimal numbers.

    Examples:
        (+ 5.5 2.32)
        (+ {10.1 2.8 5.1})
    """

    name = "+"
    overload = True  # beside Ludii's int function of this name
    concepts = ("Float", "Addition")


class MulFloat(_Fold):
    """The product of decimal numbers.

    Examples:
        (* 5.5 2.32)
        (* {10.1 2.8 5.1})
    """

    name = "*"
    overload = True  # beside Ludii's int function of this name
    concepts = ("Float", "Multiplication")


class MaxFloat(_Fold):
    """The largest of decimal numbers.

    Examples:
        (max 5.5 2.32)
        (max {10.1 2.8 5.1})
    """

    name = "max"
    overload = True  # beside Ludii's int function of this name
    concepts = ("Float", "Maximum")


class MinFloat(_Fold):
    """The smallest of decimal numbers.

    Examples:
        (min 5.5 2.32)
        (min {10.1 2.8 5.1})
    """

    name = "min"
    overload = True  # beside Ludii's int function of this name
    concepts = ("Float", "Minimum")


# the functions of each name (the classes above say what they mean)
UNARY: dict[str, Callable[[float], float]] = {
    "abs": abs,
    "cos": _java(math.cos),
    "sin": _java(math.sin),
    "tan": _java(math.tan),
    "exp": _java(math.exp),
    "log": _log(math.log),
    "log10": _log(math.log10),
    "sqrt": _sqrt,
}
BINARY: dict[str, Callable[[float, float], float]] = {
    "-": lambda a, b: a - b,
    "/": _divide,
    "^": _power,
}
FOLDS: dict[str, Callable[[list[float]], float]] = {
    "+": _sum,
    "*": _product,
    "max": _max,
    "min": _min,
}


def to_int(value: float) -> int:
    """Java's ``(int)`` of a float: toward zero, NaN as 0, clamped to the 32-bit range."""
    if math.isnan(value):
        return 0
    if value >= 2 ** 31 - 1:
        return 2 ** 31 - 1
    if value <= -(2 ** 31):
        return -(2 ** 31)
    return int(value)


__all__ = ["FLOAT", "FLOAT_FN", "f32", "float_fn", "to_int", "ToFloat", "AbsFloat", "Cos", "Sin", "Tan", "Exp",
           "Log", "Log10", "Sqrt", "SubFloat", "DivFloat", "PowFloat", "AddFloat", "MulFloat", "MaxFloat",
           "MinFloat"]
