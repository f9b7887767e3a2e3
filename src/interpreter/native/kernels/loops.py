"""Kernels of loops (ludemes/loops.py): the length of a group's shortest loop, found by the
compiled search of :mod:`interpreter.native.graphs` (the same loops as engine.loops)."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any, Iterator

from ...ludemes import loops
from ...syntax.nodes import Const
from ..emit import Emitter, NoKernel, Region, kernel
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


def _length_of(self: Any, k: Emitter) -> str:
    if self.of is None or getattr(self.of, "kind", "") == "int" or not hasattr(self.of, "kind"):
        raise NoKernel(f"({self.name} <site>)", "the loop of the group on a site")
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


@kernel(loops.SitesLoop, "region")
def _sites_loop(self: loops.SitesLoop, k: Emitter) -> Region:
    if self.inside is not None and self.inside.value:
        raise NoKernel("(sites Loop inside:True)")
    return LoopSites(_length_of(self, k))


@kernel(loops.IsLoop, "bool")
def _is_loop(self: loops.IsLoop, k: Emitter) -> str:
    return f"({_length_of(self, k)} > 0)"
