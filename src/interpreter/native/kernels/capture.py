"""Kernels of captures and the regions they read: custodial captures, claims settled together,
bracketed runs, distances, surrounded pieces, interventions."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...ludemes import regions
from ...syntax.nodes import Bool
from ..emit import Emitter, NoKernel
from .core import _friends, _value
from .placement import _directions, axes_table


class _Static:
    """What a range's ``bounds`` asks of a compiler: numbers known before play."""

    def __init__(self, k: Emitter):
        self.k = k

    def static_int(self, value: Any) -> int:
        n = self.k.static_int(value)
        if n is None:
            raise NoKernel("a range", "bounds known only during play")
        return n


def bounds(k: Emitter, length: Any) -> tuple[int, int]:
    return length.bounds(_Static(k))


def rays_table(k: Emitter, dirs: tuple[str, ...]) -> tuple[str, str, str]:
    """(rays, lengths, counts): per site its non-empty rays in these directions, in order (-1
    padded), as Topology.rays_for gives them, each ray's length, and their number per site."""
    rays_at = k.topo.rays_for(dirs)
    width = max((len(r) for r in rays_at), default=0)
    depth = max((len(ray) for r in rays_at for ray in r), default=0)
    table = np.full((k.n, max(width, 1), max(depth, 1)), -1, dtype=np.int64)
    lengths = np.zeros((k.n, max(width, 1)), dtype=np.int64)
    counts = np.zeros(k.n, dtype=np.int64)
    for s, rays in enumerate(rays_at):
        counts[s] = len(rays)
        for d, ray in enumerate(rays):
            table[s, d, :len(ray)] = ray
            lengths[s, d] = len(ray)
    return k.table(table), k.table(lengths), k.table(counts)


# --- custodial ---------------------------------------------------------------------------------------


# --- claims -----------------------------------------------------------------------------------------
def _claims(k: Emitter) -> str:
    """The claims of the move being applied: per site a bitmask of claimants, then the list of
    claimed sites and its length (a work table of the claim and resolve kernels)."""
    array = k.notes.get("claims")
    if array is None:
        array = k.notes["claims"] = np.zeros(2 * k.n + 2, dtype=np.int64)
        array[-1] = -7  # distinct from every other table
    return k.table(array)


# --- bracketed runs -------------------------------------------------------------------------------------
def _bracketed(self: regions.SitesBracketed, k: Emitter, first_only: bool) -> tuple[str, str]:
    """Emit the scan of regions.SitesBracketed.scanner; (buffer, count) of the runs found (the
    first only, or every site once)."""
    axes = axes_table(k, _directions(k, self.directions, "All"))
    lo, hi = bounds(k, self.length)
    if lo < 1:
        raise NoKernel("(sites Bracketed ...)", "a run shorter than 1")
    mixed = isinstance(self.mixed, Bool) and self.mixed.value
    st = k.st
    site, own = k.temp("s"), k.temp("own")
    buf, count = k.buffer(), k.temp("c")
    k.line(f"{count} = 0")
    k.line(f"{site} = {k.site(self.at)}")
    by = k.temp("by")
    k.line(f"{by} = {_value(k, self.by) if self.by is not None else -1}")
    run = k.buffer()
    done = k.temp("done")
    k.line(f"{done} = False")
    with k.indented(f"if {site} >= 0:"):
        k.line(f"{own} = {st}[WHO + {site}]")
        k.line(f"if {own} == 0:")
        k.line(f"    {own} = {k.mover}")
        q, a, side, i, x, r, ok, end = (k.temp(v) for v in ("q", "a", "side", "i", "x", "r", "ok", "end"))
        with k.indented(f"for {q} in range(1, {k.players + 1}):"):
            k.line(f"if {done} or {q} == {own} or ({by} >= 0 and {q} != {by}):")
            k.line("    continue")
            with k.indented(f"for {a} in range({axes}.shape[1]):"):
                k.line(f"{r} = 1")
                k.line(f"{run}[0] = {site}")
                k.line(f"{ok} = True")
                # back (side 1), then forward (side 0): each must end on a piece of q
                with k.indented(f"for {side} in (1, 0):"):
                    k.line(f"{end} = -1")
                    with k.indented(f"for {i} in range({axes}.shape[3]):"):
                        k.line(f"{x} = {axes}[{site}, {a}, {side}, {i}]")
                        k.line(f"if {x} < 0:")
                        k.line("    break")
                        stop = (f"({st}[WHO + {x}] == 0 or {st}[WHO + {x}] == {q})" if mixed
                                else f"{st}[WHO + {x}] != {own}")
                        k.line(f"if {r} > {hi} or {stop}:")
                        k.line(f"    {end} = {x}")
                        k.line("    break")
                        k.line(f"{run}[{r}] = {x}")
                        k.line(f"{r} += 1")
                    k.line(f"if {end} < 0 or {st}[WHO + {end}] != {q}:")
                    k.line(f"    {ok} = False")
                    k.line("    break")
                with k.indented(f"if {ok} and {lo} <= {r} <= {hi}:"):
                    j, y, seen = k.temp("j"), k.temp("y"), k.temp("seen")
                    with k.indented(f"for {j} in range({r}):"):
                        k.line(f"{seen} = False")
                        with k.indented(f"for {y} in range({count}):"):
                            k.line(f"if {buf}[{y}] == {run}[{j}]:")
                            k.line(f"    {seen} = True")
                            k.line("    break")
                        k.line(f"if not {seen}:")
                        k.line(f"    {buf}[{count}] = {run}[{j}]")
                        k.line(f"    {count} += 1")
                    if first_only:
                        k.line(f"{done} = True")
                        k.line("break")
    return buf, count


# --- distances --------------------------------------------------------------------------------------------


def _enemy_at(k: Emitter, site: str) -> str:
    """A piece on the site whose owner is no friend of the mover."""
    who = f"{k.st}[WHO + {site}]"
    return f"({who} != 0 and not {_friends(k, who, k.mover)})"


# --- surround ------------------------------------------------------------------------------------------


# --- intervention ----------------------------------------------------------------------------------------
