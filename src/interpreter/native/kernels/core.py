"""Kernels of the values and logic every game uses: context sites, the mover, counts,
scores, owners, comparisons, arithmetic, and/or/not/if (as conditions and values)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...compile.compiler import pieces_named
from ...ludemes import functions
from ...ludemes.base import BoundArray, Ludeme
from ...syntax.nodes import Const
from .. import abi
from ..emit import Emitter, NoKernel

# --- context sites: lexical variables ---------------------------------------------------------------


def _plain(ludeme: Any) -> None:
    """A context-site ludeme used as a value must carry no parameters of its own."""
    for p in ludeme.params:
        if getattr(ludeme, p.name) is not None:
            raise NoKernel(f"({ludeme.name} {p.word}:...)", "a parameter read only where it stands in a move")


for _cls in (functions.To, functions.From, functions.Between, functions.Site):
    # always on the board (Emitter.site); a mark read with getattr(value, "context_site", False)
    _cls.context_site = True  # type: ignore[union-attr]  # a class attribute only these ludemes have
# the last move's sites: the compiled tier makes no move that starts or ends in a hand, so
# they are board sites (or -1) even in games with Ludii's hands of sites (Emitter.site)
# (marks read with getattr(value, "board_site", False): only these ludeme classes have them)
functions.LastTo.board_site = True  # type: ignore[attr-defined]  # a mark of these classes only
functions.LastFrom.board_site = True  # type: ignore[attr-defined]  # a mark of these classes only


# --- counts, scores, owners ------------------------------------------------------------------------------


def _components_named(k: Emitter, name: str) -> list[int]:
    found = pieces_named(k.game, name)
    if not found:
        raise NoKernel(f'"{name}"', "no such piece")
    return found


# --- logic ------------------------------------------------------------------------------------------------
def _items(value: Any) -> list[Any]:
    return list(value.items) if isinstance(value, BoundArray) else [value]


def _junction(parts: list[Any], k: Emitter, conjunction: bool) -> str:
    """``and`` (or ``or``) of conditions: one expression when no part emits statements, else
    each part evaluated only when it can still change the answer."""
    unit, absorbing, word = ("True", "False", " and ") if conjunction else ("False", "True", " or ")
    simple = []
    for item in parts:  # conditions that emit no statements join one expression
        mark = len(k.fn.lines)
        expr = k.bool(item)
        if len(k.fn.lines) != mark:
            del k.fn.lines[mark:]
            return _and_lazy(parts, k) if conjunction else _or_lazy(parts, k)
        simple.append(expr)
    simple = [e for e in simple if e != unit]
    if absorbing in simple:
        return absorbing
    return "(" + word.join(simple) + ")" if simple else unit


def _and_lazy(parts: list[Any], k: Emitter) -> str:
    """A conjunction whose parts need statements: each evaluated only if those before held."""
    result = k.temp("b")
    k.line(f"{result} = False")
    opened = 0
    for item in parts:
        expr = k.bool(item)
        k.line(f"if {expr}:")
        k.depth += 1
        opened += 1
    k.line(f"{result} = True")
    k.depth -= opened
    return result


def _or_lazy(parts: list[Any], k: Emitter) -> str:
    result = k.temp("b")
    k.line(f"{result} = False")
    opened = 0
    for item in parts:
        expr = k.bool(item)
        k.line(f"if {expr}:")
        k.line(f"    {result} = True")
        k.line("else:")
        k.depth += 1
        opened += 1
    k.line("pass")
    k.depth -= opened
    return result


def _value(k: Emitter, value: Any) -> str:
    """logic.value_fn: an int expression or a player role."""
    if isinstance(value, Const) and value.name not in ("Infinity", "Off", "End", "Undefined"):
        from ...ludemes.logic import role_value
        number = role_value(value, k.players)
        return str(number) if number is not None else k.player(value)
    return k.int(value)


def _regions_compared(self: Any, k: Emitter) -> str:
    """``(= A B)``, ``(!= A B)`` of regions: the same sites, whatever their order (the
    reference compares them as sets; its subset orders are not compiled)."""
    if self.name not in ("=", "!="):
        raise NoKernel(f"({self.name} <region> <region>)", "regions ordered by inclusion")
    a, b = k.region(self.left), k.region(self.right)
    same, x = k.temp("b"), k.temp("x")
    k.line(f"{same} = True")
    for one, other in ((a, b), (b, a)):  # each one's sites are in the other
        with one.loop(k, x):
            k.line(f"if not {other.contains(k, x)}:")
            k.line(f"    {same} = False")
            k.line("    break")
        k.line(f"if {same}:")
        k.depth += 1
    k.line("pass")
    k.depth -= 2
    return same if self.name == "=" else f"(not {same})"


# --- arithmetic (32-bit values, as Ludii's: beyond them an error, as the reference's) --------------------
INT_MIN, INT_MAX = functions.INT_MIN, functions.INT_MAX


def _checked(k: Emitter, expr: str) -> str:
    """A value checked against 32 bits: out of range marks the state (the caller raises)."""
    v = k.temp("a")
    k.line(f"{v} = {expr}")
    k.line(f"if {v} < {INT_MIN} or {v} > {INT_MAX}:")
    k.line(f"    {k.st}[{abi.ERROR}] = {abi.ERR_RANGE}")
    return v


def _folded(self: Any, parts: list[str]) -> str | None:
    """The value of arithmetic on numbers known before play (worked out now, as the reference
    does at load time), else None."""
    if not all(p.lstrip("-").isdigit() for p in parts):
        return None
    value = self.combine([int(p) for p in parts])
    if not INT_MIN <= value <= INT_MAX:
        raise NoKernel(f"({self.name} ...)", "out of range before play")
    return str(value)


def _add_arrays(self: Any, k: Emitter) -> str:
    """A sum with arrays of values among its terms (each array adds all of its values)."""
    from ..emit import kernel_of
    total = k.temp("a")
    k.line(f"{total} = 0")
    for v in self.values.items:
        if isinstance(v, Ludeme) and v.kind == "ints":
            kernel_of(v, "ints")(v, k, lambda e, x: e.line(f"{total} += {x}"))
        else:
            k.line(f"{total} += {_value(k, v)}")
    return _checked(k, total)


def _divmod(self: Any, k: Emitter) -> str:
    a, b = _value(k, self.a), _value(k, self.b)
    if a.lstrip("-").isdigit() and b.lstrip("-").isdigit():
        if int(b) == 0:
            raise NoKernel(f"({self.name} ...)", "divides by zero")
        return str(self.apply(int(a), int(b)))
    va, vb = k.temp("a"), k.temp("d")
    k.line(f"{va} = {a}")
    k.line(f"{vb} = {b}")
    k.line(f"if {vb} == 0:")
    k.line(f"    {k.st}[{abi.ERROR}] = {abi.ERR_RANGE}")
    k.line(f"    {vb} = 1")
    fn = "java_div" if self.name == "/" else "java_mod"
    return f"{fn}({va}, {vb})"


# --- conditions on sites ------------------------------------------------------------------------------------


def _friends(k: Emitter, a: str, b: str) -> str:
    if k.game.team_of == list(range(k.players + 1)):
        return f"({a} != 0 and {a} == {b})"
    team = k.table(np.array(k.game.team_of, dtype=np.int64))  # the Shared role (players + 1): no one's friend
    return f"({a} > 0 and {a} <= {k.players} and {b} != 0 and {team}[{a}] == {team}[{b}])"


