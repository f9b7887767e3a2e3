"""Kernels of loops (ludemes/loops.py): the length of a group's shortest loop, found by the
compiled search of :mod:`interpreter.native.graphs` (the same loops as engine.loops)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ...syntax.nodes import Const
from ..emit import Buffered, Emitter, NoKernel, Region
from .placement import neighbour_table

RUNTIME = "interpreter.native.graphs"


def _tables(k: Emitter, directions: Any) -> tuple[str, ...]:
    """The tables of the loop search along these directions (made once per game)."""
    from ..graphs import loop_tables
    key = ("loop tables", directions.name if isinstance(directions, Const) else None)
    found = k.notes.get(key)
    if found is None:
        nbrs = neighbour_table(k, directions)
        array = k.tables[int(nbrs[1:])]
        found = (nbrs,) + tuple(k.table(t) for t in loop_tables(k.topo.positions, array, k.topo.perimeter))
        k.notes[key] = found
    for name in found:
        k.table(k.tables[int(name[1:])])  # the function being written reads them too
    return found


def loop_length(k: Emitter, directions: Any, group: Region) -> str:
    """Emit the search of the shortest loop of a group (a region); its number of sites."""
    if directions is not None and not isinstance(directions, Const):
        raise NoKernel("(sites Loop <directions>)", "directions given by a ludeme")
    nbrs, cross, ncross, perim, pos, unit = _tables(k, directions)
    k.runtime(RUNTIME, "shortest_loop")
    from .regions import Slice
    if isinstance(group, Slice):
        buf, start, end = group.buf, group.start, group.end
    else:
        buf, end = group.fill(k)
        start = "0"
    length = k.temp("lp")
    k.line(f"{length} = shortest_loop({buf}, {start}, {end}, {nbrs}, {cross}, {ncross}, {perim}, {pos}, {unit})")
    return length


def _group_on(k: Emitter, site: str, directions: Any) -> tuple[str, str]:
    """Emit the group of the piece on a site (sites of its owner joined along the directions,
    none when the site is empty or -1), into a work table; (table, number of sites)."""
    nbrs = neighbour_table(k, directions)
    work = k.scratch(2 * k.n + 1)  # the group's sites, then a mark per site (left all 0)
    at, owner, count, head, x, j, y = (k.temp(v) for v in ("at", "o", "c", "h", "x", "j", "y"))
    st = k.st
    k.line(f"{at} = {site}")
    k.line(f"{count} = 0")
    with k.indented(f"if {at} >= 0 and {st}[WHO + {at}] != 0:"):
        k.line(f"{owner} = {st}[WHO + {at}]")
        k.line(f"{work}[0] = {at}")
        k.line(f"{work}[N + {at}] = 1")
        k.line(f"{count} = 1")
        k.line(f"{head} = 0")
        with k.indented(f"while {head} < {count}:"):
            k.line(f"{x} = {work}[{head}]")
            k.line(f"{head} += 1")
            with k.indented(f"for {j} in range({nbrs}.shape[1]):"):
                k.line(f"{y} = {nbrs}[{x}, {j}]")
                k.line(f"if {y} < 0:")
                k.line("    break")
                with k.indented(f"if {work}[N + {y}] == 0 and {st}[WHO + {y}] == {owner}:"):
                    k.line(f"{work}[N + {y}] = 1")
                    k.line(f"{work}[{count}] = {y}")
                    k.line(f"{count} += 1")
        k.line(f"for {head} in range({count}):")
        k.line(f"    {work}[N + {work}[{head}]] = 0")
    return work, count


def _length_of(self: Any, k: Emitter) -> str:
    from ...ludemes.base import Ludeme
    from ...syntax.nodes import Int, Str
    if self.of is None or isinstance(self.of, (Int, Str)) or (isinstance(self.of, Ludeme) and self.of.kind == "int"):
        # the group of the piece on a site (the last move's by default)
        from .. import abi
        site = k.site(self.of) if self.of is not None else k.var(abi.LAST_TO)
        work, count = _group_on(k, site, self.directions)
        length = k.temp("lp")
        k.line(f"{length} = 0")
        with k.indented(f"if {count} > 0:"):
            k.line(f"{length} = {loop_length(k, self.directions, Buffered(work, count))}")
        return length
    group = k.region(self.of)
    key = self.directions.name if self.directions is not None else None
    known = getattr(group, "loops", {}).get(key)
    return known if known is not None else loop_length(k, self.directions, group)


@dataclass
class LoopSites(Region):
    """A shortest loop known by its length only: which of several equally short loops the
    reference finds is its own search's order, so only the number of sites is compiled."""

    length: str

    @contextlib.contextmanager
    def loop(self, k: Emitter, var: str) -> Iterator[None]:
        raise NoKernel("(sites Loop ...)", "its sites (only their number is compiled)")
        yield

    def contains(self, k: Emitter, site: str) -> str:
        raise NoKernel("(sites Loop ...)", "its sites (only their number is compiled)")

    def fill(self, k: Emitter) -> tuple[str, str]:
        raise NoKernel("(sites Loop ...)", "its sites (only their number is compiled)")

    def count(self, k: Emitter) -> str:
        return self.length


