"""Kernels of the values and logic every game uses: context sites, the mover, counts,
scores, owners, comparisons, arithmetic, and/or/not/if (as conditions and values)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...ludemes import arithmetic, conditions, functions, logic, ranking
from ...ludemes.base import BoundArray, Ludeme
from ...syntax.nodes import Const
from .. import abi
from ...compile.compiler import pieces_named
from ..emit import Emitter, NoKernel, kernel

# --- context sites: lexical variables ---------------------------------------------------------------


def _plain(ludeme: Any) -> None:
    """A context-site ludeme used as a value must carry no parameters of its own."""
    for p in ludeme.params:
        if getattr(ludeme, p.name) is not None:
            raise NoKernel(f"({ludeme.name} {p.word}:...)", "a parameter read only where it stands in a move")


@kernel(functions.To, "int")
def _to(self: functions.To, k: Emitter) -> str:
    _plain(self)
    return k.bound("to", "(to)")


@kernel(functions.From, "int")
def _from(self: functions.From, k: Emitter) -> str:
    _plain(self)
    return k.bound("frm", "(from)")


@kernel(functions.Between, "int")
def _between(self: functions.Between, k: Emitter) -> str:
    _plain(self)
    return k.bound("between", "(between)")


@kernel(functions.Site, "int")
def _site(self: functions.Site, k: Emitter) -> str:
    return k.bound("site", "(site)")


for _cls in (functions.To, functions.From, functions.Between, functions.Site):
    _cls.context_site = True  # type: ignore[attr-defined]  (always on the board: Emitter.site)
# the last move's sites: the compiled tier makes no move that starts or ends in a hand, so
# they are board sites (or -1) even in games with Ludii's hands of sites (Emitter.site)
functions.LastTo.board_site = True  # type: ignore[attr-defined]
functions.LastFrom.board_site = True  # type: ignore[attr-defined]


@kernel(functions.LastTo, "int")
def _last_to(self: functions.LastTo, k: Emitter) -> str:
    if self.afterConsequence is not None and self.afterConsequence.value:
        raise NoKernel("(last To afterConsequence:True)")
    return k.var(abi.LAST_TO)


@kernel(functions.LastFrom, "int")
def _last_from(self: functions.LastFrom, k: Emitter) -> str:
    if self.afterConsequence is not None and self.afterConsequence.value:
        raise NoKernel("(last From afterConsequence:True)")
    return k.var(abi.LAST_FROM)


@kernel(functions.MoverFn, "int")
def _mover(self: Any, k: Emitter) -> str:
    return k.mover


@kernel(functions.NextFn, "int")
def _next(self: Any, k: Emitter) -> str:
    st = k.st
    return f"({st}[{abi.MOVER}] if {st}[{abi.MOVE_AGAIN}] != 0 else ({st}[{abi.MOVER}] % {k.players} + 1))"


@kernel(functions.CountMoves, "int")
def _count_moves(self: Any, k: Emitter) -> str:
    return k.var(abi.PLY)


@kernel(ranking.CountPlayers, "int")
def _count_players(self: Any, k: Emitter) -> str:
    return str(k.players)


@kernel(ranking.CountActive, "int")
def _count_active(self: Any, k: Emitter) -> str:
    if not k.game.ranked:
        return str(k.players)
    c, p = k.temp("c"), k.temp("p")
    k.line(f"{c} = 0")
    with k.indented(f"if {k.st}[{abi.OVER}] == 0:"):
        k.line(f"for {p} in range(1, {k.players + 1}):")
        k.line(f"    if {k.st}[RANKS + {p}] == 0:")
        k.line(f"        {c} += 1")
    return c


# --- counts, scores, owners ------------------------------------------------------------------------------
@kernel(functions.CountPieces, "int")
def _count_pieces(self: functions.CountPieces, k: Emitter) -> str:
    everyone = k.players_of(self.role) is not None or self.role is None
    if self.piece is None and self.region is None:
        if everyone:
            total = k.temp("c")
            k.line(f"{total} = 0")
            k.line(f"for {total}_p in range({k.players + 1}):")
            k.line(f"    {total} += {k.st}[COUNTS + {total}_p]")
            return total
        return f"{k.st}[COUNTS + {k.player(self.role)}]"
    kinds = None
    if self.piece is not None:
        mask = np.zeros(len(k.game.components), dtype=np.int64)
        mask[_components_named(k, self.piece.value)] = 1
        kinds = k.table(mask)
    who = None if everyone else k.player(self.role)
    # the region may hold hand sites: WHAT + site and WHO + site read them as the board's
    region = k.region(self.region, hands=True) if self.region is not None else None
    total = k.temp("c")
    x = k.temp("x")
    k.line(f"{total} = 0")

    def body() -> None:
        tests = [f"{k.what(x)} != 0"]
        if who is not None:
            tests.append(f"{k.who(x)} == {who}")
        if kinds is not None:
            tests.append(f"{kinds}[{k.what(x)}] != 0")
        k.line(f"if {' and '.join(tests)}:")
        k.line(f"    {total} += 1")
    if region is None:
        with k.indented(f"for {x} in range(N):"):
            body()
    else:
        with region.loop(k, x):
            body()
    return total


def _components_named(k: Emitter, name: str) -> list[int]:
    found = pieces_named(k.game, name)
    if not found:
        raise NoKernel(f'"{name}"', "no such piece")
    return found


@kernel(functions.Score, "int")
def _score(self: functions.Score, k: Emitter) -> str:
    if self.value is not None:
        raise NoKernel("(score P <value>)", "a final score is read by byScore")
    return f"{k.st}[SCORES + {k.player(self.role)}]"


@kernel(functions.Who, "int")
def _who(self: functions.Who, k: Emitter) -> str:
    site = k.site(self.at)
    if getattr(self.at, "context_site", False) or site.isdigit():
        return k.who(site)
    return f"({k.who(site)} if {site} >= 0 else 0)"


# --- logic ------------------------------------------------------------------------------------------------
def _items(value: Any) -> list[Any]:
    return list(value.items) if isinstance(value, BoundArray) else [value]


@kernel(logic.And, "bool")
def _and(self: logic.And, k: Emitter) -> str:
    return _junction(_items(self.items), k, True)


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


@kernel(logic.Or, "bool")
def _or(self: logic.Or, k: Emitter) -> str:
    return _junction(_items(self.items), k, False)


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


@kernel(logic.Not, "bool")
def _not(self: logic.Not, k: Emitter) -> str:
    expr = k.bool(self.condition)
    if expr in ("True", "False"):
        return "False" if expr == "True" else "True"
    return f"(not {expr})"


def _value(k: Emitter, value: Any) -> str:
    """logic.value_fn: an int expression or a player role."""
    if isinstance(value, Const) and value.name != "Infinity":
        return k.player(value)
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


@kernel(logic._Compare, "bool")
def _compare(self: Any, k: Emitter) -> str:
    if any(isinstance(side, Ludeme) and side.kind == "region" for side in (self.left, self.right)):
        return _regions_compared(self, k)
    symbol = {"=": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}[self.name]
    return f"({_value(k, self.left)} {symbol} {_value(k, self.right)})"


@kernel(logic.If, "int", "bool")
def _if_value(self: logic.If, k: Emitter) -> str:
    cond = k.bool(self.condition)
    role = "int" if self.kind == "int" else "bool"
    if role == "int":
        yes = k.int(self.then_branch)
        no = k.int(self.else_branch) if self.else_branch is not None else "0"
    else:
        yes = k.bool(self.then_branch)
        no = k.bool(self.else_branch) if self.else_branch is not None else "False"
    if cond == "True":
        return yes
    if cond == "False":
        return no
    return f"({yes} if {cond} else {no})"


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


@kernel(functions.Add, "int")
def _add(self: Any, k: Emitter) -> str:
    if any(isinstance(v, Ludeme) and v.kind == "ints" for v in self.values.items):
        return _add_arrays(self, k)
    parts = [_value(k, v) for v in self.values.items]
    return _folded(self, parts) or _checked(k, "(" + " + ".join(parts) + ")")


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


@kernel(functions.Sub, "int")
def _sub(self: Any, k: Emitter) -> str:
    parts = [_value(k, v) for v in self.values.items]
    folded = _folded(self, parts)
    if folded is not None:
        return folded
    if len(parts) == 1:
        return _checked(k, f"(-{parts[0]})")
    return _checked(k, "(" + " - ".join(parts) + ")")


@kernel(functions.Mul, "int")
def _mul(self: Any, k: Emitter) -> str:
    parts = [_value(k, v) for v in self.values.items]
    return _folded(self, parts) or _checked(k, "(" + " * ".join(parts) + ")")


@kernel(arithmetic.Div, "int")
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


kernel(arithmetic.Mod, "int")(_divmod)


# --- conditions on sites ------------------------------------------------------------------------------------
@kernel(conditions.IsEmpty, "bool")
def _is_empty(self: Any, k: Emitter) -> str:
    site = k.site(self.site)
    if getattr(self.site, "context_site", False) or site.isdigit():
        return f"({k.what(site)} == 0)"
    return f"({site} >= 0 and {k.what(site)} == 0)"


@kernel(conditions.IsOccupied, "bool")
def _is_occupied(self: Any, k: Emitter) -> str:
    site = k.site(self.site)
    if getattr(self.site, "context_site", False) or site.isdigit():
        return f"({k.what(site)} != 0)"
    return f"({site} >= 0 and {k.what(site)} != 0)"


@kernel(conditions.IsMover, "bool")
def _is_mover(self: Any, k: Emitter) -> str:
    return f"({_value(k, self.player)} == {k.mover})"


@kernel(conditions.IsNext, "bool")
def _is_next(self: Any, k: Emitter) -> str:
    return f"({_value(k, self.player)} == ({k.mover} % {k.players} + 1))"


@kernel(conditions.IsPrev, "bool")
def _is_prev(self: Any, k: Emitter) -> str:
    return f"({_value(k, self.player)} == {k.player(Const('Prev', span=self.span))})"


def _friends(k: Emitter, a: str, b: str) -> str:
    if k.game.team_of == list(range(k.players + 1)):
        return f"({a} != 0 and {a} == {b})"
    team = k.table(np.array(k.game.team_of, dtype=np.int64))
    return f"({a} != 0 and {b} != 0 and {team}[{a}] == {team}[{b}])"


@kernel(conditions.IsEnemy, "bool")
def _is_enemy(self: Any, k: Emitter) -> str:
    q = k.temp("q")
    k.line(f"{q} = {_value(k, self.player)}")
    return f"({q} != 0 and not {_friends(k, q, k.mover)})"


@kernel(conditions.IsFriend, "bool")
def _is_friend(self: Any, k: Emitter) -> str:
    q = k.temp("q")
    k.line(f"{q} = {_value(k, self.player)}")
    return _friends(k, q, k.mover)


@kernel(conditions.IsIn, "bool")
def _is_in(self: Any, k: Emitter) -> str:
    site = k.site(self.site)
    return k.region(self.region).contains(k, site)


@kernel(conditions.IsFull, "bool")
def _is_full(self: Any, k: Emitter) -> str:
    full = k.temp("b")
    x = k.temp("x")
    k.line(f"{full} = True")
    k.line(f"for {x} in range(N):")
    k.line(f"    if {k.what(x)} == 0:")
    k.line(f"        {full} = False")
    k.line("        break")
    return full

