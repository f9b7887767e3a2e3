"""Kernels of regions (ludemes/regions.py, filters.py): neighbours of a site, flanked runs,
differences, the sites of a region meeting a condition; and the regions they are made of."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...syntax.nodes import Const
from ..emit import Emitter, NoKernel, Region
from .placement import _directions


# --- regions as kernels see them ------------------------------------------------------------------
@dataclass
class Filtered(Region):
    """The sites of a region that pass a test (``test(k, site)`` -> a condition, which may
    emit statements first)."""

    inner: Region
    test: Callable[[Emitter, str], str]

    @property
    def ascending(self) -> bool:  # type: ignore[override]
        return self.inner.ascending  # the sites kept in the inner region's order

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
        # a site off the board (a hand's) has none, as Ludii's SitesAround
        with k.indented(f"for {j} in range({self.nbrs}.shape[1] if 0 <= {self.site} < {self.nbrs}.shape[0] else 0):"):
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


# --- sites Flanked ---------------------------------------------------------------------------------


# --- difference ------------------------------------------------------------------------------------


# --- the sites of a region meeting a condition ---------------------------------------------------


__all__ = ["Around", "Filtered", "Slice", "around_table", "NoKernel"]
