"""Kernels of values of several things and the results comparing players (ludemes/values.py,
``byScore``): ``values Group``, ``byValues``, ``byScore``."""

from __future__ import annotations

from typing import Any, Callable

from ...ludemes import structure, values
from ...ludemes.base import BoundArray, Ludeme
from ..emit import Emitter, NoKernel, kernel, kernel_of
from .connection import each_group
from .structure import end_rule


@kernel(values.ValuesGroup, "ints")
def _values_group(self: values.ValuesGroup, k: Emitter, each: Callable[[Emitter, str], None]) -> None:
    """Each group's value (groups for which ``when:`` fails have none)."""
    with each_group(k, self.directions, self.condition, [self.when, self.value]):
        cond = k.bool(self.when) if self.when is not None else "True"
        with k.indented(f"if {cond}:"):
            each(k, k.int(self.value))
        k.line("pass")


def _everyone(k: Emitter) -> int:
    return sum(1 << p for p in range(1, k.players + 1))


def _outcome(self: Any, k: Emitter, body: Callable[[str, str, str, str], None]) -> None:
    """An outcome that names its winners itself: ``body(hit, w, l, d)`` writes them (the game
    ends at once, ranked or not)."""
    if k.notes.get("end_vars") is None:  # a bare result
        end_rule(self, k)
        return
    hit, w, l, d, rk, rw = k.notes["end_vars"]
    k.line(f"{hit} = 1")
    k.line(f"{rk} = 0")
    k.line(f"{rw} = 0")
    body(hit, w, l, d)


@kernel(structure.ByScore, "outcome", "end")
def _by_score(self: structure.ByScore, k: Emitter) -> None:
    items = self.finalScore.items if isinstance(self.finalScore, BoundArray) else \
        [self.finalScore] if self.finalScore is not None else []

    def body(hit: str, w: str, l: str, d: str) -> None:
        st = k.st
        for item in items:  # one after the other, as the reference sets them
            if item.value is None:
                raise NoKernel("(byScore {(score P)})", "a final score without its value")
            p, v = k.temp("p"), k.temp("v")
            k.line(f"{p} = {k.player(item.role)}")
            k.line(f"{v} = {k.int(item.value)}")
            k.line(f"{st}[SCORES + {p}] = {v}")
        _best_of(k, lambda p: f"{st}[SCORES + {p}]", w, l, d)
    _outcome(self, k, body)


def _best_of(k: Emitter, value: Callable[[str], str], w: str, l: str, d: str) -> None:
    """The players whose value is the highest win (all of them: a draw)."""
    best, p, mask = k.temp("best"), k.temp("p"), k.temp("m")
    k.line(f"{best} = {value('1')}")
    with k.indented(f"for {p} in range(2, {k.players + 1}):"):
        k.line(f"if {value(p)} > {best}:")
        k.line(f"    {best} = {value(p)}")
    k.line(f"{mask} = 0")
    with k.indented(f"for {p} in range(1, {k.players + 1}):"):
        k.line(f"if {value(p)} == {best}:")
        k.line(f"    {mask} |= 1 << {p}")
    _winners(k, mask, w, l, d)


def _winners(k: Emitter, mask: str, w: str, l: str, d: str) -> None:
    everyone = _everyone(k)
    with k.indented(f"if {mask} == {everyone}:"):
        k.line(f"{d} = 1")
    with k.indented("else:"):
        k.line(f"{w} |= {mask}")
        k.line(f"{l} |= {everyone} & ~{mask}")


@kernel(values.ByValues, "outcome", "end")
def _by_values(self: values.ByValues, k: Emitter) -> None:
    many = isinstance(self.values, Ludeme) and self.values.kind == "ints"

    def body(hit: str, w: str, l: str, d: str) -> None:
        st = k.st
        p = k.temp("pl")
        if not many:  # one number each: they become the scores, the highest wins
            with k.indented(f"for {p} in range(1, {k.players + 1}):"):
                with k.bind(player=p):
                    v = k.temp("v")
                    k.line(f"{v} = {k.int(self.values)}")
                    k.line(f"{st}[SCORES + {p}] = {v}")
            _best_of(k, lambda q: f"{st}[SCORES + {q}]", w, l, d)
            return
        # an array each: sorted from the highest, compared value by value (0 for those missing)
        n = k.n + 1
        vals = k.scratch((k.players + 1) * n)
        cnt = k.scratch(k.players + 1)
        with k.indented(f"for {p} in range(1, {k.players + 1}):"):
            k.line(f"{cnt}[{p}] = 0")
            with k.bind(player=p):
                def collect(e: Emitter, value: str) -> None:
                    i, x = e.temp("i"), e.temp("x")
                    e.line(f"{x} = {value}")
                    e.line(f"{i} = {cnt}[{p}]")  # insertion, from the highest down
                    with e.indented(f"while {i} > 0 and {vals}[{p} * (N + 1) + {i} - 1] < {x}:"):
                        e.line(f"{vals}[{p} * (N + 1) + {i}] = {vals}[{p} * (N + 1) + {i} - 1]")
                        e.line(f"{i} -= 1")
                    e.line(f"{vals}[{p} * (N + 1) + {i}] = {x}")
                    e.line(f"{cnt}[{p}] += 1")
                kernel_of(self.values, "ints")(self.values, k, collect)
        width, q, i, a, b, c, best, mask = (k.temp(x) for x in ("wd", "q", "i", "a", "b", "c", "bp", "m"))
        k.line(f"{width} = 0")
        k.line(f"for {q} in range(1, {k.players + 1}):")
        k.line(f"    {width} = max({width}, {cnt}[{q}])")

        def compare(x: str, y: str) -> None:
            """c = the sign of x's values against y's."""
            k.line(f"{c} = 0")
            with k.indented(f"for {i} in range({width}):"):
                k.line(f"{a} = {vals}[{x} * (N + 1) + {i}] if {i} < {cnt}[{x}] else 0")
                k.line(f"{b} = {vals}[{y} * (N + 1) + {i}] if {i} < {cnt}[{y}] else 0")
                k.line(f"if {a} != {b}:")
                k.line(f"    {c} = 1 if {a} > {b} else -1")
                k.line("    break")
        k.line(f"{best} = 1")
        with k.indented(f"for {q} in range(2, {k.players + 1}):"):
            compare(q, best)
            k.line(f"if {c} > 0:")
            k.line(f"    {best} = {q}")
        k.line(f"{mask} = 0")
        with k.indented(f"for {q} in range(1, {k.players + 1}):"):
            compare(q, best)
            k.line(f"if {c} == 0:")
            k.line(f"    {mask} |= 1 << {q}")
        _winners(k, mask, w, l, d)
    _outcome(self, k, body)
