"""Kernels of regions (ludemes/regions.py, filters.py): neighbours of a site, flanked runs,
differences, the sites of a region meeting a condition; and the regions they are made of."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any, Callable, Iterator

import numpy as np

from ...ludemes import filters, regions
from ...syntax.nodes import Const
from ..emit import Buffered, Emitter, Listed, NoKernel, Region, kernel
from .core import _friends
from .placement import _directions, axes_table


# --- regions as kernels see them ------------------------------------------------------------------
@dataclass
class Filtered(Region):
    """The sites of a region that pass a test (``test(k, site)`` -> a condition, which may
    emit statements first)."""

    inner: Region
    test: Callable[[Emitter, str], str]

    @contextlib.contextmanager
    def loop(self, k: Emitter, var: str) -> Iterator[None]:
        with self.inner.loop(k, var):
            k.line(f"if not ({self.test(k, var)}):")
            k.line("    continue")
            yield

    def contains(self, k: Emitter, site: str) -> str:
        found = k.temp("b")
        k.line(f"{found} = False")
        with k.indented(f"if {self.inner.contains(k, site)}:"):
            k.line(f"{found} = {self.test(k, site)}")
        return found


@dataclass
class Slice(Region):
    """Sites ``buf[start:end]`` written by statements already emitted (a group among others)."""

    buf: str
    start: str
    end: str

    @contextlib.contextmanager
    def loop(self, k: Emitter, var: str) -> Iterator[None]:
        i = k.temp("i")
        with k.indented(f"for {i} in range({self.start}, {self.end}):"):
            k.line(f"{var} = {self.buf}[{i}]")
            yield

    def contains(self, k: Emitter, site: str) -> str:
        found, i = k.temp("b"), k.temp("i")
        k.line(f"{found} = False")
        with k.indented(f"for {i} in range({self.start}, {self.end}):"):
            k.line(f"if {self.buf}[{i}] == {site}:")
            k.line(f"    {found} = True")
            k.line("    break")
        return found

    def fill(self, k: Emitter) -> tuple[str, str]:
        if self.start == "0":
            return self.buf, self.end
        return super().fill(k)

    def count(self, k: Emitter) -> str:
        return f"(({self.end}) - ({self.start}))"


@dataclass
class Around(Region):
    """The neighbours of one site (``nbrs``: per site, -1 padded; none when the site is -1)
    that pass a test (``keep(k, x)`` -> a condition, or None)."""

    site: str
    nbrs: str
    keep: Callable[[Emitter, str], str] | None

    @contextlib.contextmanager
    def loop(self, k: Emitter, var: str) -> Iterator[None]:
        j = k.temp("j")
        with k.indented(f"for {j} in range({self.nbrs}.shape[1] if {self.site} >= 0 else 0):"):
            k.line(f"{var} = {self.nbrs}[{self.site}, {j}]")
            k.line(f"if {var} < 0:")
            k.line("    break")
            if self.keep is not None:
                k.line(f"if not ({self.keep(k, var)}):")
                k.line("    continue")
            yield

    def contains(self, k: Emitter, site: str) -> str:
        found, x = k.temp("b"), k.temp("x")
        k.line(f"{found} = False")
        with self.loop(k, x):
            k.line(f"if {x} == {site}:")
            k.line(f"    {found} = True")
            k.line("    break")
        return found

    def count(self, k: Emitter) -> str:
        total, x = k.temp("c"), k.temp("x")
        k.line(f"{total} = 0")
        with self.loop(k, x):
            k.line(f"{total} += 1")
        return total


def _fixed(k: Emitter, expr: str, prefix: str = "s") -> str:
    """An expression's value now, in a variable (regions are read later, where they are used)."""
    if expr.lstrip("-").isdigit():
        return expr
    var = k.temp(prefix)
    k.line(f"{var} = {expr}")
    return var


# --- sites Around -------------------------------------------------------------------------------------
def neighbour_rows(k: Emitter, directions: Any, along: Callable[[Any, tuple[str, ...], int], tuple[int, ...]]
                   ) -> list[tuple[int, ...]]:
    """Per site its neighbours: a relation's own lists (``Adjacent`` by default), or, for
    compass directions, ``along(topology, directions, site)``."""
    topo = k.topo
    relation = directions.name if isinstance(directions, Const) else "Adjacent" if directions is None else None
    if relation in topo.neighbours:
        return [tuple(r) for r in topo.neighbours[relation]]
    dirs = _directions(k, directions, "Adjacent")
    return [along(topo, dirs, x) for x in range(topo.n)]


def padded(k: Emitter, rows: list[tuple[int, ...]]) -> str:
    """A table of one row of sites per site, -1 padded."""
    width = max((len(r) for r in rows), default=0)
    table = np.full((k.n, max(width, 1)), -1, dtype=np.int64)
    for s, row in enumerate(rows):
        table[s, :len(row)] = row
    return k.table(table)


def around_table(k: Emitter, directions: Any) -> str:
    """Per site its neighbours as sites Around reads them (-1 padded): a relation's own lists,
    or the next site in each compass direction."""
    return padded(k, neighbour_rows(k, directions, lambda topo, dirs, x: tuple(topo.neighbours_of(x, dirs))))


@kernel(regions.SitesAround, "region")
def _sites_around(self: regions.SitesAround, k: Emitter) -> Region:
    site = _fixed(k, k.site(self.site))
    nbrs = around_table(k, self.directions)
    kind = self.type.name if self.type is not None else None
    st = k.st
    mover = _fixed(k, k.mover, "p")
    tests: dict[str, Callable[[str], str]] = {
        "Empty": lambda t: f"{st}[WHAT + {t}] == 0",
        "NotEmpty": lambda t: f"{st}[WHAT + {t}] != 0",
        "Own": lambda t: f"{st}[WHO + {t}] == {mover}",
        "NotOwn": lambda t: f"{st}[WHO + {t}] != {mover}",
        "Enemy": lambda t: f"({st}[WHO + {t}] != 0 and not {_friends(k, f'{st}[WHO + {t}]', mover)})",
        "NotEnemy": lambda t: f"({st}[WHO + {t}] == 0 or {_friends(k, f'{st}[WHO + {t}]', mover)})",
    }
    typed = tests[kind] if kind is not None else None
    cond = self.condition

    def keep(e: Emitter, t: str) -> str:
        parts = [typed(t)] if typed is not None else []
        if cond is not None:
            if parts:  # the condition is read only for the neighbours of the type (as the reference)
                ok = e.temp("b")
                e.line(f"{ok} = False")
                with e.indented(f"if {parts[0]}:"):
                    with e.bind(to=t):
                        e.line(f"{ok} = {e.bool(cond)}")
                return ok
            with e.bind(to=t):
                return e.bool(cond)
        return parts[0]
    return Around(site, nbrs, keep if (typed is not None or cond is not None) else None)


# --- sites Flanked ---------------------------------------------------------------------------------
@kernel(regions.SitesFlanked, "region")
def _sites_flanked(self: regions.SitesFlanked, k: Emitter) -> Region:
    axes = axes_table(k, _directions(k, self.directions, "All"))
    p, q = _fixed(k, k.player(self.of), "p"), _fixed(k, k.player(self.by), "q")
    st = k.st
    buf, count, seen = k.scratch(k.n), k.temp("c"), k.scratch(k.n)
    site, a, j, x, i, y = (k.temp(v) for v in ("s", "a", "j", "x", "i", "y"))
    k.line(f"{count} = 0")
    k.line(f"for {site} in range(N):")
    k.line(f"    {seen}[{site}] = 0")
    with k.indented(f"for {site} in range(N):"):
        k.line(f"if {st}[WHO + {site}] != {p}:")
        k.line("    continue")
        with k.indented(f"for {a} in range({axes}.shape[1]):"):
            k.line(f"{x} = {axes}[{site}, {a}, 1, 0]")
            k.line(f"if {x} < 0 or {st}[WHO + {x}] != {q}:")
            k.line("    continue")
            # the run of p from the site forward, closed by a piece of q
            with k.indented(f"for {j} in range({axes}.shape[3] + 1):"):
                k.line(f"{x} = {axes}[{site}, {a}, 0, {j}] if {j} < {axes}.shape[3] else -1")
                k.line(f"if {x} >= 0 and {st}[WHO + {x}] == {p}:")
                k.line("    continue")
                with k.indented(f"if {x} >= 0 and {st}[WHO + {x}] == {q}:"):
                    with k.indented(f"for {i} in range({j} + 1):"):
                        k.line(f"{y} = {site} if {i} == 0 else {axes}[{site}, {a}, 0, {i} - 1]")
                        with k.indented(f"if {seen}[{y}] == 0:"):
                            k.line(f"{seen}[{y}] = 1")
                            k.line(f"{buf}[{count}] = {y}")
                            k.line(f"{count} += 1")
                k.line("break")
    return Buffered(buf, count)


# --- difference ------------------------------------------------------------------------------------
@kernel(regions.Difference, "region")
def _difference(self: regions.Difference, k: Emitter) -> Region:
    a = k.region(self.region)
    from ...ludemes.base import Ludeme
    if isinstance(self.minus, Ludeme) and self.minus.kind == "int":  # one site: (to), (from)...
        y = _fixed(k, k.site(self.minus))
        return Filtered(a, lambda e, x: f"{x} != {y}")
    buf, count = k.region(self.minus).fill(k)  # the sites dropped, worked out first
    dropped = Buffered(buf, count)
    return Filtered(a, lambda e, x: f"not {dropped.contains(e, x)}")


@kernel(regions.Intersection, "region")
def _intersection(self: regions.Intersection, k: Emitter) -> Region:
    first, *rest = [k.region(r) for r in self.regions.items]
    others = [Buffered(*r.fill(k)) for r in rest]  # worked out first, as the reference's sets

    def test(e: Emitter, x: str) -> str:
        return " and ".join(o.contains(e, x) for o in others) or "True"
    return Filtered(first, test)


@kernel(regions.Union, "region")
def _union(self: regions.Union, k: Emitter) -> Region:
    parts = [k.region(r) for r in self.regions.items]
    if all(isinstance(p, Listed) for p in parts):  # known before play
        return Listed(tuple(dict.fromkeys(x for p in parts for x in p.sites)))
    # the sites of each in turn, each once where first met (as the reference's list)
    buf, count, x = k.buffer(), k.temp("c"), k.temp("x")
    k.line(f"{count} = 0")
    seen = Buffered(buf, count)
    for part in parts:
        with part.loop(k, x):
            k.line(f"if not {seen.contains(k, x)}:")
            k.line(f"    {buf}[{count}] = {x}")
            k.line(f"    {count} += 1")
        if x in k.hand_vars:
            k.hand_vars.add(buf)
    return seen


@kernel(regions.SitesLineOfSight, "region")
def _sites_line_of_sight(self: regions.SitesLineOfSight, k: Emitter) -> Region:
    from .capture import rays_table
    kind = self.type.name if self.type is not None else "Piece"
    rays, lengths, counts = rays_table(k, _directions(k, self.directions, "Adjacent"))
    x = _fixed(k, k.site(self.at), "s")
    buf, count = k.buffer(), k.temp("c")
    seen = Buffered(buf, count)
    d, j, y, last = k.temp("d"), k.temp("j"), k.temp("y"), k.temp("l")

    def add(site: str) -> None:  # each site once, where first seen
        k.line(f"if not {seen.contains(k, site)}:")
        k.line(f"    {buf}[{count}] = {site}")
        k.line(f"    {count} += 1")
    k.line(f"{count} = 0")
    with k.indented(f"if {x} >= 0:"):
        with k.indented(f"for {d} in range({counts}[{x}]):"):
            if kind == "First":
                add(f"{rays}[{x}, {d}, 0]")
                k.line("continue")
                return seen
            k.line(f"{last} = -1")
            with k.indented(f"for {j} in range({lengths}[{x}, {d}]):"):
                k.line(f"{y} = {rays}[{x}, {d}, {j}]")
                with k.indented(f"if {k.what(y)} != 0:"):
                    if kind == "Piece":
                        add(y)
                    k.line("break")
                if kind == "Empty":
                    add(y)
                k.line(f"{last} = {y}")
            if kind == "Farthest":
                with k.indented(f"if {last} >= 0:"):
                    add(last)
    return seen


# --- the sites of a region meeting a condition ---------------------------------------------------
@kernel(filters.ForEachOf, "region")
def _for_each_of(self: filters.ForEachOf, k: Emitter) -> Region:
    inner = k.region(self.region)
    cond = self.condition

    def test(e: Emitter, x: str) -> str:
        with e.bind(site=x):
            return e.bool(cond)
    return Filtered(inner, test)


__all__ = ["Around", "Filtered", "Slice", "around_table", "NoKernel"]
