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
from ...ludemes import board_sites, measures
from ..emit import Buffered, Emitter, Everywhere, Listed, NoKernel, OneSite, Region, kernel
from .core import _value
from .placement import _directions
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
                     dtype=np.int64).reshape(k.n, k.n)
    return k.table(table)


# --- count Steps ---------------------------------------------------------------------------------
@kernel(measures.CountSteps, "int")
def _count_steps(self: measures.CountSteps, k: Emitter) -> str:
    _same_type(self, k)
    dist = steps_table(k, _directions(k, self.relation, "Adjacent"))
    a = _fixed(k, k.site(self.site))
    region = k.region(self.region)
    if isinstance(region, OneSite):  # one site: its steps, or 0 when it is missing
        t = _fixed(k, region.site)
        return f"({dist}[{a}, {t}] if {a} >= 0 and {t} >= 0 else 0)"
    best, found, t = k.temp("c"), k.temp("b"), k.temp("x")
    k.line(f"{best} = {INFINITY}")
    k.line(f"{found} = False")
    with k.indented(f"if {a} >= 0:"):
        with region.loop(k, t):
            k.line(f"if {t} < 0:")
            k.line("    continue")
            k.line(f"{found} = True")
            k.line(f"if {dist}[{a}, {t}] < {best}:")
            k.line(f"    {best} = {dist}[{a}, {t}]")
    return f"({best} if {found} else 0)"


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


@kernel(measures.Expand, "region")
def _expand(self: measures.Expand, k: Emitter) -> Region:
    _same_type(self, k)
    dirs = _directions(k, self.direction, "Adjacent")
    base = self.region if self.region is not None else self.origin
    static = k.static_region(base) if self.region is not None else None
    steps = k.static_int(self.steps) if self.steps is not None else 1
    if static is not None and steps is not None:  # known before play: the grown region itself
        return Listed(_grown(k, static, steps, dirs))
    # grown during play: the base's sites marked, then each step's new neighbours, the region
    # read in site order (as the reference's, sorted)
    width = max((len(k.topo.neighbours_of(x, dirs)) for x in range(k.n)), default=0)
    table = np.full((k.n, max(width, 1)), -1, dtype=np.int64)
    for x in range(k.n):
        row = k.topo.neighbours_of(x, dirs)
        table[x, :len(row)] = row
    nbrs = k.table(table)
    mark, frontier = k.scratch(k.n), k.scratch(2 * k.n)
    x, head, tail, end, i, j, y, c, s = (k.temp(v) for v in ("x", "h", "tl", "e", "i", "j", "y", "c", "s"))
    k.line(f"for {x} in range(N):")
    k.line(f"    {mark}[{x}] = 0")
    k.line(f"{tail} = 0")
    with k.region(base).loop(k, x):
        with k.indented(f"if 0 <= {x} < N and {mark}[{x}] == 0:"):
            k.line(f"{mark}[{x}] = 1")
            k.line(f"{frontier}[{tail}] = {x}")
            k.line(f"{tail} += 1")
    k.line(f"{head} = 0")
    k.line(f"{s} = {k.int(self.steps) if self.steps is not None else '1'}")
    with k.indented(f"for {i} in range({s}):"):
        k.line(f"{end} = {tail}")
        with k.indented(f"while {head} < {end}:"):
            k.line(f"{x} = {frontier}[{head}]")
            k.line(f"{head} += 1")
            with k.indented(f"for {j} in range({nbrs}.shape[1]):"):
                k.line(f"{y} = {nbrs}[{x}, {j}]")
                k.line(f"if {y} < 0:")
                k.line("    break")
                with k.indented(f"if {mark}[{y}] == 0:"):
                    k.line(f"{mark}[{y}] = 1")
                    k.line(f"{frontier}[{tail}] = {y}")
                    k.line(f"{tail} += 1")
        k.line(f"if {head} == {tail}:")
        k.line("    break")
    buf = k.buffer()
    k.line(f"{c} = 0")
    with k.indented(f"for {x} in range(N):"):
        with k.indented(f"if {mark}[{x}] != 0:"):
            k.line(f"{buf}[{c}] = {x}")
            k.line(f"{c} += 1")
    return Buffered(buf, c)


# --- sites Direction, all Sites --------------------------------------------------------------------
@kernel(measures.SitesDirection, "region")
def _sites_direction(self: measures.SitesDirection, k: Emitter) -> Region:
    from .capture import rays_table
    rays, lengths, counts = rays_table(k, _directions(k, self.directions, "Adjacent"))
    origin = _fixed(k, k.site(self.origin))
    included = k.bool(self.included) if self.included is not None else "False"
    far = k.int(self.distance) if self.distance is not None else str(INFINITY)
    keep_stop = k.bool(self.stopIncluded) if (self.stop is not None and self.stopIncluded is not None) else "False"
    buf, count, mark = k.buffer(), k.temp("c"), k.scratch(k.n)
    d, j, t, fr, ks = k.temp("d"), k.temp("j"), k.temp("y"), k.temp("far"), k.temp("ks")
    k.line(f"{count} = 0")
    with k.indented(f"if {origin} >= 0:"):
        # the region's sites once each, in the order first met (as dict.fromkeys keeps them)
        with k.indented(f"if {included}:"):
            k.line(f"{buf}[{count}] = {origin}")
            k.line(f"{count} += 1")
            k.line(f"{mark}[{origin}] = 1")
        k.line(f"{fr} = {far}")
        k.line(f"{ks} = {keep_stop}")
        with k.indented(f"for {d} in range({counts}[{origin}]):"):
            with k.indented(f"for {j} in range({lengths}[{origin}, {d}]):"):
                k.line(f"if {j} >= {fr}:")
                k.line("    break")
                k.line(f"{t} = {rays}[{origin}, {d}, {j}]")
                if self.stop is not None:
                    with k.bind(to=t):
                        stop = k.bool(self.stop)
                    with k.indented(f"if {stop}:"):
                        with k.indented(f"if {ks} and {mark}[{t}] == 0:"):
                            k.line(f"{mark}[{t}] = 1")
                            k.line(f"{buf}[{count}] = {t}")
                            k.line(f"{count} += 1")
                        k.line("break")
                with k.indented(f"if {mark}[{t}] == 0:"):
                    k.line(f"{mark}[{t}] = 1")
                    k.line(f"{buf}[{count}] = {t}")
                    k.line(f"{count} += 1")
        i = k.temp("i")
        k.line(f"for {i} in range({count}):")
        k.line(f"    {mark}[{buf}[{i}]] = 0")
    return Buffered(buf, count)


@kernel(measures.AllSites, "bool")
def _all_sites(self: measures.AllSites, k: Emitter) -> str:
    region = k.region(self.region)
    every, x = k.temp("b"), k.temp("x")
    k.line(f"{every} = True")
    with region.loop(k, x):
        with k.bind(site=x):
            cond = k.bool(self.condition)
        with k.indented(f"if not ({cond}):"):
            k.line(f"{every} = False")
            k.line("break")
    return every


# --- sites named by the board's shape ---------------------------------------------------------------
@kernel(board_sites.Coord, "int")
def _coord(self: board_sites.Coord, k: Emitter) -> str:
    _same_type(self, k)
    topo = k.topo
    if self.label is not None:
        return board_value(k, topo.site(self.label.value))
    rows, cols = list(topo.rows), list(topo.columns)
    r0, c0 = min(rows, default=0), min(cols, default=0)
    table = np.full((max(rows, default=0) - r0 + 1, max(cols, default=0) - c0 + 1), -1, dtype=np.int64)
    for site in range(topo.n):  # the last site at a place, as the reference's dict keeps it
        table[rows[site] - r0, cols[site] - c0] = site
    at = k.table(table)
    offsets = k.table(np.array([r0, c0], dtype=np.int64))
    r, c = k.temp("r"), k.temp("c")
    k.line(f"{r} = {_value(k, self.row)} - {offsets}[0]")
    k.line(f"{c} = {_value(k, self.column)} - {offsets}[1]")
    return f"({at}[{r}, {c}] if 0 <= {r} < {at}.shape[0] and 0 <= {c} < {at}.shape[1] else -1)"


@kernel(board_sites.CentrePoint, "int")
def _centre_point(self: board_sites.CentrePoint, k: Emitter) -> str:
    _same_type(self, k)
    centre = k.topo.regions.get("Centre") or ()
    if not centre:
        raise NoKernel("(centrePoint)", "this board has no centre")
    return board_value(k, centre[0])


def _index(self: Any, k: Emitter) -> str:
    _same_type(self, k)
    values = k.table(np.array(getattr(k.topo, self.table), dtype=np.int64))
    site = k.site(self.of)
    if getattr(self.of, "context_site", False) or site.isdigit():
        return f"{values}[{site}]"
    return f"({values}[{site}] if {site} >= 0 else -1)"


kernel(board_sites.Row, "int")(_index)
kernel(board_sites.Column, "int")(_index)


def _sites_index(self: Any, k: Emitter) -> Region:
    _same_type(self, k)
    values = list(getattr(k.topo, self.table))
    fixed = k.static_int(self.index)
    if fixed is not None:
        return Listed(tuple(s for s, v in enumerate(values) if v == fixed))
    table = k.table(np.array(values, dtype=np.int64))
    index = _fixed(k, _value(k, self.index), "v")
    return Everywhere(lambda x: f"{table}[{x}] == {index}")


kernel(board_sites.SitesRow, "region")(_sites_index)
kernel(board_sites.SitesColumn, "region")(_sites_index)


def _sites_outer(self: board_sites.SitesOuter, k: Emitter) -> Region:
    _same_type(self, k)
    return Listed(tuple(k.topo.regions.get("Outer", ())))


_sites_outer.static = True  # type: ignore[attr-defined]
kernel(board_sites.SitesOuter, "region")(_sites_outer)


def _count_index(self: Any, k: Emitter) -> str:
    _same_type(self, k)
    return board_value(k, len(set(getattr(k.topo, self.table))))


kernel(board_sites.CountRows, "int")(_count_index)
kernel(board_sites.CountColumns, "int")(_count_index)
