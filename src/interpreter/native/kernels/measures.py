"""Kernels of measures on the board and of sites found from its shape (ludemes/measures.py,
board_sites.py): ``count Steps``, ``expand``, ``sites Direction``, ``all Sites``, ``coord``,
``centrePoint``, ``row``, ``column``, ``sites Row``, ``sites Column``, ``sites Outer``, ``count
Rows``, ``count Columns``.

What depends only on the board (distances between sites, rows and columns, the outer sites)
is a table made before play, so every board size of a game shares one module.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...engine.values import INFINITY
from ...ludemes import board_sites
from ..emit import Emitter, Everywhere, Listed, NoKernel, Region
from .core import _value
from .regions import _fixed

MAX_DISTANCE_SITES = 2048  # a table of steps between every two sites: n * n numbers


def _same_type(self: Any, k: Emitter) -> None:
    """The site type a ludeme names is the board's (the game was built: it was checked)."""
    kind = getattr(getattr(self, "type", None), "name", None)
    if kind is not None and kind != (getattr(k.topo, "use", None) or "Cell"):
        raise NoKernel(f"({self.name} {kind} ...)", "another site type")


def board_value(k: Emitter, value: int) -> str:
    """A number that depends on the board, read from a table (board sizes share a module)."""
    return f"{k.table(np.array([value], dtype=np.int64))}[0]"


def steps_table(k: Emitter, dirs: tuple[str, ...]) -> str:
    """Per pair of sites, the steps from the first to the second along ``dirs`` (INFINITY when
    unreachable), as measures.CountSteps measures them."""
    if k.n > MAX_DISTANCE_SITES:
        raise NoKernel("(count Steps ...)", f"a board of more than {MAX_DISTANCE_SITES} sites")
    table = np.array([[d if d >= 0 else INFINITY for d in k.topo.distances(a, dirs)] for a in range(k.n)],
                     dtype=np.int32).reshape(k.n, k.n)
    return k.table(table)


# --- count Steps ---------------------------------------------------------------------------------


# --- expand ------------------------------------------------------------------------------------
def _grown(k: Emitter, sites: tuple[int, ...], steps: int, dirs: tuple[str, ...]) -> tuple[int, ...]:
    seen = set(sites)
    frontier = list(sites)
    for _ in range(max(steps, 0)):
        nxt = []
        for x in frontier:
            for y in k.topo.neighbours_of(x, dirs):
                if y not in seen:
                    seen.add(y)
                    nxt.append(y)
        frontier = nxt
    return tuple(sorted(seen))


# --- sites Direction, all Sites --------------------------------------------------------------------


# --- sites named by the board's shape ---------------------------------------------------------------


def _index(self: Any, k: Emitter) -> str:
    _same_type(self, k)
    values = k.table(np.array(getattr(k.topo, self.table), dtype=np.int64))
    site = k.site(self.of)
    if getattr(self.of, "context_site", False) or site.isdigit():
        return f"{values}[{site}]"
    return f"({values}[{site}] if {site} >= 0 else -1)"


def _sites_index(self: Any, k: Emitter) -> Region:
    _same_type(self, k)
    values = k.topo.line_of(self.table)  # the line whose sites each site is among (-1: none)
    fixed = k.static_int(self.index)
    if fixed is not None:
        return Listed(tuple(k.topo.line_sites(self.table).get(fixed, ())))
    table = k.table(np.array(values, dtype=np.int64))
    index = _fixed(k, _value(k, self.index), "v")
    return Everywhere(lambda x: f"{table}[{x}] == {index} and {index} >= 0")  # -1: on no line


def _sites_outer(self: board_sites.SitesOuter, k: Emitter) -> Region:
    _same_type(self, k)
    return Listed(tuple(k.topo.regions.get("Outer", ())))


def _count_index(self: Any, k: Emitter) -> str:
    _same_type(self, k)
    return board_value(k, k.topo.count_lines(self.table))


