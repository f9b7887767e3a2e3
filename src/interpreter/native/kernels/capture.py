"""Kernels of captures and the regions they read: custodial captures, claims settled together,
bracketed runs, distances, surrounded pieces, interventions."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...ludemes import effects, regions, war
from ...syntax.nodes import Bool
from .. import abi
from ..emit import INFINITY, Buffered, Emitter, Listed, NoKernel, Region, kernel
from .core import _friends, _value
from .placement import _directions, axes_table, neighbour_table


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


def rays_table(k: Emitter, dirs: tuple[str, ...]) -> tuple[str, str]:
    """(rays, lengths): per site its non-empty rays in these directions, in order (-1 padded),
    as Topology.rays_for gives them, and each ray's length."""
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
@kernel(effects.Custodial, "effect")
def _custodial(self: effects.Custodial, k: Emitter) -> None:
    frm = self.source
    if frm is not None and (frm.condition is not None or frm.level is not None):
        raise NoKernel("(custodial (from ... if:...))")
    origin = k.site(frm.sites) if frm is not None and frm.sites is not None else k.var(abi.LAST_TO)
    rays, lengths, counts = rays_table(k, _directions(k, self.directions, "All"))
    between = self.between
    if between.before is not None or between.after is not None:
        raise NoKernel("(custodial (between before:/after:))")
    lo, hi = (1, INFINITY)
    if between.length is not None:
        lo, hi = bounds(k, between.length)
        if lo < 1:
            raise NoKernel("(custodial ...)", "a run shorter than 1")
    same = between.sameOwner is not None and between.sameOwner.value
    st = k.st
    start = k.temp("o")
    k.line(f"{start} = {origin}")
    with k.indented(f"if {start} >= 0:"):
        found = k.scratch(2 * 64)  # the captures (ray, length) found before any is made
        nfound = k.temp("nf")
        k.line(f"{nfound} = 0")
        d, j, end, b = k.temp("d"), k.temp("j"), k.temp("e"), k.temp("b")
        with k.indented(f"for {d} in range({counts}[{start}]):"):
            k.line(f"{end} = min({lengths}[{start}, {d}], {min(hi + 1, INFINITY)})")
            k.line(f"{j} = 0")
            if between.condition is not None:
                with k.indented(f"while {j} < {end}:"):
                    k.line(f"{b} = {rays}[{start}, {d}, {j}]")
                    with k.bind(between=b):
                        cond = k.bool(between.condition)
                    k.line(f"if not ({cond}):")
                    k.line("    break")
                    k.line(f"{j} += 1")
            else:
                k.line(f"{j} = {end}")
            k.line(f"if {j} >= {lengths}[{start}, {d}] or {j} < {lo} or {j} > {hi}:")
            k.line("    continue")
            if same:
                first, same_v, i = k.temp("f"), k.temp("same"), k.temp("i")
                k.line(f"{first} = {st}[WHO + {rays}[{start}, {d}, 0]]")
                k.line(f"{same_v} = True")
                with k.indented(f"for {i} in range(1, {j}):"):
                    k.line(f"if {st}[WHO + {rays}[{start}, {d}, {i}]] != {first}:")
                    k.line(f"    {same_v} = False")
                    k.line("    break")
                k.line(f"if not {same_v}:")
                k.line("    continue")
            to = k.temp("to")
            k.line(f"{to} = {rays}[{start}, {d}, {j}]")
            with k.bind(to=to):
                cond = k.bool(self.to.condition) if self.to.condition is not None else "True"
            with k.indented(f"if {cond}:"):
                k.line(f"{found}[2 * {nfound}] = {d}")
                k.line(f"{found}[2 * {nfound} + 1] = {j}")
                k.line(f"{nfound} += 1")
        c, i = k.temp("c"), k.temp("i")
        with k.indented(f"for {c} in range({nfound}):"):
            k.line(f"{d} = {found}[2 * {c}]")
            with k.indented(f"for {i} in range({found}[2 * {c} + 1]):"):
                k.line(f"{b} = {rays}[{start}, {d}, {i}]")
                with k.bind(between=b):
                    if between.apply is not None:
                        k.effect(between.apply)
                k.line("pass")
            if self.then is not None:
                k.effect(self.then)


# --- claims -----------------------------------------------------------------------------------------
def _claims(k: Emitter) -> str:
    """The claims of the move being applied: per site a bitmask of claimants, then the list of
    claimed sites and its length (a work table of the claim and resolve kernels)."""
    array = k.notes.get("claims")
    if array is None:
        array = k.notes["claims"] = np.zeros(2 * k.n + 2, dtype=np.int64)
        array[-1] = -7  # distinct from every other table
    return k.table(array)


@kernel(effects.Claim, "effect")
def _claim(self: effects.Claim, k: Emitter) -> None:
    claims = _claims(k)
    p = k.temp("p")
    k.line(f"{p} = {k.player(self.by)}")
    region = k.region(self.sites)
    x = k.temp("x")
    with region.loop(k, x):
        with k.indented(f"if {x} >= 0 and {k.what(x)} != 0:"):
            k.line(f"if {claims}[{x}] == 0:")
            k.line(f"    {claims}[N + {claims}[2 * N]] = {x}")
            k.line(f"    {claims}[2 * N] += 1")
            k.line(f"{claims}[{x}] |= 1 << {p}")


@kernel(effects.ResolveClaims, "effect")
def _resolve_claims(self: effects.ResolveClaims, k: Emitter) -> None:
    claims = _claims(k)
    scoring = not (isinstance(self.score, Bool) and not self.score.value)
    st = k.st
    i, x, m, p, q = k.temp("i"), k.temp("x"), k.temp("m"), k.temp("p"), k.temp("q")
    gains = k.scratch(k.players + 1)
    k.line(f"for {p} in range({k.players + 1}):")
    k.line(f"    {gains}[{p}] = 0")
    with k.indented(f"for {i} in range({claims}[2 * N]):"):
        k.line(f"{x} = {claims}[N + {i}]")
        k.line(f"{m} = {claims}[{x}]")
        k.line(f"{claims}[{x}] = 0")
        if scoring:
            with k.indented(f"if {m} & ({m} - 1) == 0:"):  # one claimant
                k.line(f"{p} = 0")
                k.line(f"while (1 << {p}) != {m}:")
                k.line(f"    {p} += 1")
                k.line(f"{q} = {st}[WHO + {x}]")
                k.line(f"if not {_friends(k, p, q)}:")
                k.line(f"    {gains}[{p}] += 1")
        with k.indented(f"if {k.what(x)} != 0:"):
            k.place(x, "0")
    k.line(f"{claims}[2 * N] = 0")
    if scoring:
        with k.indented(f"for {p} in range(1, {k.players + 1}):"):
            with k.indented(f"if {gains}[{p}] != 0:"):
                k.line(f"{st}[SCORES + {p}] += {gains}[{p}]")
                k.line(f"if {st}[SCORES + {p}] > 2147483647:")
                k.line(f"    {st}[{abi.ERROR}] = {abi.ERR_RANGE}")


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


@kernel(regions.SitesBracketed, "region")
def _sites_bracketed(self: regions.SitesBracketed, k: Emitter) -> Region:
    buf, count = _bracketed(self, k, False)
    return Buffered(buf, count)


@kernel(regions.IsBracketed, "bool")
def _is_bracketed(self: regions.IsBracketed, k: Emitter) -> str:
    _, count = _bracketed(self, k, True)
    return f"({count} > 0)"


# --- distances --------------------------------------------------------------------------------------------
@kernel(regions.SitesDistance, "region")
def _sites_distance(self: regions.SitesDistance, k: Emitter) -> Region:
    if k.n > 2048:
        raise NoKernel("(sites Distance ...)", "a board of more than 2048 sites")
    dirs = _directions(k, self.directions, "Adjacent")
    lo, hi = bounds(k, self.distance)
    static = k.static_region(self.origin)
    topo = k.topo
    if static is not None:  # from sites known before play: the region itself is known
        best = [INFINITY] * k.n
        for o in static:
            for i, d in enumerate(topo.distances(o, dirs)):
                if 0 <= d < best[i]:
                    best[i] = d
        return Listed(tuple(i for i, d in enumerate(best) if lo <= d <= hi))
    table = np.array([topo.distances(o, dirs) for o in range(k.n)], dtype=np.int64)
    dist = k.table(table)
    origin = k.region(self.origin)
    best, buf, count, x, y, o = k.buffer(), k.buffer(), k.temp("c"), k.temp("x"), k.temp("y"), k.temp("o")
    k.line(f"for {x} in range(N):")
    k.line(f"    {best}[{x}] = {INFINITY}")
    with origin.loop(k, o):
        with k.indented(f"for {y} in range(N):"):
            k.line(f"if 0 <= {dist}[{o}, {y}] < {best}[{y}]:")
            k.line(f"    {best}[{y}] = {dist}[{o}, {y}]")
    k.line(f"{count} = 0")
    with k.indented(f"for {x} in range(N):"):
        k.line(f"if {lo} <= {best}[{x}] <= {hi}:")
        k.line(f"    {buf}[{count}] = {x}")
        k.line(f"    {count} += 1")
    return Buffered(buf, count)


def _enemy_at(k: Emitter, site: str) -> str:
    """A piece on the site whose owner is no friend of the mover."""
    who = f"{k.st}[WHO + {site}]"
    return f"({who} != 0 and not {_friends(k, who, k.mover)})"


# --- surround ------------------------------------------------------------------------------------------
@kernel(war.Surround, "effect")
def _surround(self: war.Surround, k: Emitter) -> None:
    frm = self.source
    if frm is not None and (frm.condition is not None or frm.level is not None):
        raise NoKernel("(surround (from ... if:/level:))")
    between = self.between
    if between is not None and any(v is not None for v in (between.before, between.after, between.sameOwner,
                                                           between.length)):
        raise NoKernel("(surround (between before:/after:/sameOwner:/<range>))")
    to = self.to
    if to is not None and (to.sites is not None or to.level is not None or to.apply is not None):
        raise NoKernel("(surround (to <sites>/level:/apply))")
    origin = k.site(frm.sites) if frm is not None and frm.sites is not None else k.var(abi.LAST_TO)
    nbrs = neighbour_table(k, self.directions)
    st = k.st
    start, found, nf = k.temp("o"), k.buffer(), k.temp("nf")
    j, b, i, t, sides = k.temp("j"), k.temp("b"), k.temp("i"), k.temp("y"), k.temp("n")
    k.line(f"{start} = {origin}")
    with k.indented(f"if {start} >= 0:"):
        # the surrounded neighbours found first, then each taken
        k.line(f"{nf} = 0")
        with k.indented(f"for {j} in range({nbrs}.shape[1]):"):
            k.line(f"{b} = {nbrs}[{start}, {j}]")
            k.line(f"if {b} < 0:")
            k.line("    break")
            with k.bind(between=b):
                if between is not None and between.condition is not None:
                    caught = k.bool(between.condition)
                else:  # an enemy
                    caught = _enemy_at(k, b)
                k.line(f"if not ({caught}):")
                k.line("    continue")
                k.line(f"{sides} = 0")
                with k.indented(f"for {i} in range({nbrs}.shape[1]):"):
                    k.line(f"{t} = {nbrs}[{b}, {i}]")
                    k.line(f"if {t} < 0:")
                    k.line("    break")
                    with k.bind(to=t):
                        closed = k.bool(to.condition) if to is not None and to.condition is not None else \
                            _friends(k, f"{st}[WHO + {t}]", k.mover)
                        k.line(f"if not ({closed}):")
                        k.line(f"    {sides} += 1")
                    allowed = k.int(self.exceptions) if self.exceptions is not None else "0"
                with k.indented(f"if {sides} <= {allowed}:"):
                    k.line(f"{found}[{nf}] = {b}")
                    k.line(f"{nf} += 1")
        c = k.temp("c")
        with k.indented(f"for {c} in range({nf}):"):
            k.line(f"{b} = {found}[{c}]")
            with k.bind(between=b):
                if between is not None and between.apply is not None:
                    k.effect(between.apply)
                else:  # removed
                    with k.indented(f"if {k.what(b)} != 0:"):
                        k.place(b, "0")
            k.line("pass")
        if self.then is not None:
            k.effect(self.then)


# --- intervention ----------------------------------------------------------------------------------------
@kernel(war.Intervene, "effect")
def _intervene(self: war.Intervene, k: Emitter) -> None:
    frm = self.source
    if frm is not None and (frm.condition is not None or frm.level is not None):
        raise NoKernel("(intervene (from ... if:/level:))")
    between = self.between
    if between is not None and any(v is not None for v in (between.before, between.after, between.sameOwner,
                                                           between.condition, between.apply)):
        raise NoKernel("(intervene (between ...))", "anything but a range")
    to = self.to
    if to is not None and (to.sites is not None or to.level is not None):
        raise NoKernel("(intervene (to <sites>/level:))")
    lo, hi = (1, 1)
    if between is not None and between.length is not None:
        lo, hi = bounds(k, between.length)
    origin = k.site(frm.sites) if frm is not None and frm.sites is not None else k.var(abi.LAST_TO)
    axes = axes_table(k, _directions(k, self.directions, "Adjacent"))
    st = k.st
    start, found, nf = k.temp("o"), k.buffer(), k.temp("nf")
    a, j, y, n1, n2 = k.temp("a"), k.temp("j"), k.temp("y"), k.temp("n"), k.temp("m")
    taken = Buffered(found, nf)

    def run(side: int, n: str) -> None:
        """The length of the run of targets on one side of the axis, up to the range's most."""
        k.line(f"{n} = 0")
        with k.indented(f"for {j} in range({axes}.shape[3]):"):
            k.line(f"{y} = {axes}[{start}, {a}, {side}, {j}]")
            k.line(f"if {y} < 0 or {j} >= {hi}:")
            k.line("    break")
            with k.bind(to=y):
                if to is not None and to.condition is not None:
                    target = k.bool(to.condition)
                else:  # an enemy
                    target = _enemy_at(k, y)
            k.line(f"if not ({target}):")
            k.line("    break")
            k.line(f"{n} += 1")

    def take(side: int, n: str) -> None:
        with k.indented(f"for {j} in range({n}):"):
            k.line(f"{y} = {axes}[{start}, {a}, {side}, {j}]")
            k.line(f"if not {taken.contains(k, y)}:")  # each site once
            k.line(f"    {found}[{nf}] = {y}")
            k.line(f"    {nf} += 1")
    k.line(f"{start} = {origin}")
    with k.indented(f"if {start} >= 0:"):
        # the runs found on both sides of each axis first, then every site of them taken
        k.line(f"{nf} = 0")
        with k.indented(f"for {a} in range({axes}.shape[1]):"):
            run(0, n1)
            k.line(f"if {n1} < {lo}:")
            k.line("    continue")
            run(1, n2)
            with k.indented(f"if {n2} >= {lo}:"):
                take(0, n1)
                take(1, n2)
        c, x = k.temp("c"), k.temp("x")
        with k.indented(f"for {c} in range({nf}):"):
            k.line(f"{x} = {found}[{c}]")
            with k.bind(to=x):
                if to is not None and to.apply is not None and to.apply.effect is not None:
                    k.effect(to.apply)
                else:  # removed
                    with k.indented(f"if {k.what(x)} != 0:"):
                        k.place(x, "0")
            k.line("pass")
        if self.then is not None:
            k.effect(self.then)
