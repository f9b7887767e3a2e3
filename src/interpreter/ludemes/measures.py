"""Measures on the board: steps between sites, a site named by its coordinate, a region grown by
some steps, the sites along rays, whether all sites of a region meet a condition (Ludii's
``count Steps``, ``coord``, ``expand``, ``sites Direction``, ``all Sites``).

Each precomputes what depends only on the board: distances from a site are computed once per
origin and kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..engine.boards.sites import kind_plural
from ..engine.env import Env
from ..engine.values import INFINITY, const_fn, constant
from ..errors import BindError
from ..syntax.nodes import Const, Int, Str
from .base import (
    ANGLE,
    BOOL,
    BOOL_FN,
    DIRS,
    DISTANCE,
    INT,
    INT_FN,
    REGION,
    REGION_FN,
    SITE_FN,
    SITE_NUMBER,
    STR_LIT,
    BoundArray,
    Either,
    Enum,
    Instance,
    Ludeme,
    Param,
)

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State
    from ..native.emit import Emitter, Region

# Ludii's SiteType: our boards play on one kind of element, the one the board uses
SITE_TYPE = Enum(("Vertex", "Cell", "Edge"), "site type")
RELATIVE_DIRECTIONS = frozenset((
    "Forward", "Backward", "Rightward", "Leftward", "Forwards", "Backwards", "Rightwards", "Leftwards", "FL",
    "FLL", "FLLL", "BL", "BLL", "BLLL", "FR", "FRR", "FRRR", "BR", "BRR", "BRRR", "SameDirection",
    "OppositeDirection"))  # Ludii's RelativeDirection: turned by a piece's facing and rotation


def check_site_type(c: Compiler, ludeme: Ludeme, value) -> None:
    """A site type given to a ludeme must be the kind of site the board plays on, or ``Cell``
    in a game with hands (Ludii's hands are containers of cells, whatever the board plays on:
    ``(topLevel Cell at:(handSite Mover 1))`` on a board of vertices)."""
    if value is None:
        return
    use = getattr(c.topo, "use", None) or "Cell"
    if value.name != use and not (value.name == "Cell" and _has_hands(c)):
        raise BindError(f"{ludeme.name}: this board plays on its {kind_plural(use)}, not on {kind_plural(value.name)}",
                        value.span if hasattr(value, "span") else ludeme.span,
                        hint=f"write {use} or leave the site type out")


def _has_hands(c: Compiler) -> bool:
    from ..engine.sites import off_board_sites
    return off_board_sites(c.game) > 0


class CountSteps(Ludeme):
    """The number of steps (along a relation, ``Adjacent`` by default) from a site to the
    nearest site of a region: the length of the shortest path on the board's graph; 0 when a
    site is missing, as in Ludii.

    ``(count Steps Vertex All (last To) (to))`` is the king-move distance on a square grid.

    With a step move (``(step <directions> (to if:...))``), as Ludii's: the steps are that move's,
    from each site reached to the neighbours in its directions where its ``if:`` holds (``(from)``
    the site stepped from, ``(to)`` the one stepped to); Infinity when the region cannot be
    reached, 0 when the site is in it. Only the step's directions and ``if:`` count: its own
    ``from`` and ``then`` are not read (Ludii's ``CountSteps`` walks from its site argument).

    Parameters:
        type: the kind of site (the board's own kind when left out)
        relation: the steps allowed (``Adjacent`` when left out)
        step: a step move whose steps are counted
        newRotation: Ludii's rotation of the piece at each step (it turns relative directions
            only: taken with a step in absolute directions)
        site: the site the steps start from
        region: the region to reach

    Examples:
        (count Steps (last To) (to))
        (count Steps Vertex All (last To) (to))
        (count Steps (step Orthogonal (to if:(is Empty (to)))) (last To) (sites Top))
    """

    name = "count Steps"
    concepts = ("Distance",)
    kind = INT
    type: Any = Param(SITE_TYPE, optional=True)
    relation: Any = Param(DIRS, optional=True)
    step: Any = Param(Instance("step"), optional=True)
    new_rotation: Any = Param(INT_FN, optional=True, named=True, key="newRotation", range=ANGLE)
    site: Any = Param(SITE_FN)
    region: Any = Param(REGION_FN)

    def validate(self) -> None:
        if self.new_rotation is not None and self.step is None:
            raise BindError("count Steps: newRotation: turns the piece of a step move: give the step",
                            self.span)
        if self.step is not None:
            dirs = self.step.directions
            names = [d.name for d in (dirs.items if isinstance(dirs, BoundArray) else [dirs])
                     if isinstance(d, Const)]
            relative = [n for n in names if n in RELATIVE_DIRECTIONS]
            if relative:
                raise BindError(f"count Steps: a step in relative directions ({relative[0]}) is not supported "
                                "yet", self.step.span)

    def compile(self, c: Compiler):
        check_site_type(c, self, self.type)
        if self.step is not None:
            return self._stepped(c)
        dirs = c.directions(self.relation, "Adjacent")
        site = c.site(self.site)
        region = c.region(self.region)
        from_site = c.topo.distances_from  # the board's distances, worked out once per origin
        if isinstance(self.region, Ludeme) and self.region.kind == INT:  # one site: no region made
            target = c.site(self.region)

            def one(s: State, e: Env) -> int:
                a, t = site(s, e), target(s, e)
                if a < 0 or t < 0:
                    return 0
                d = from_site(a, dirs)[t]
                return d if d >= 0 else INFINITY
            return one

        def steps(s: State, e: Env) -> int:
            a = site(s, e)
            if a < 0:
                return 0
            dist = from_site(a, dirs)
            found = [d if d >= 0 else INFINITY for t in region(s, e) if t >= 0 for d in (dist[t],)]
            return min(found) if found else 0
        return steps

    def _stepped(self, c: Compiler):
        """Ludii's count of the steps of a step move: a walk by rounds from the site."""
        from .moves import _to_spec
        adjacency = c.adjacency(self.step.directions)
        _, go = _to_spec(c, self.step.to)
        site = c.site(self.site)
        region = c.region(self.region)
        n = c.topo.n

        def steps(s: State, e: Env) -> int:
            a = site(s, e)
            targets = {t for t in region(s, e) if t >= 0}
            if a < 0 or not targets:
                return 0
            if a >= n:
                return INFINITY
            targets = {t for t in targets if t < n}
            if not targets:
                return INFINITY
            if a in targets:
                return 0
            frame = e.child()

            def reached(x: int) -> list[int]:
                frame.frm = x
                out = []
                for y in adjacency[x]:
                    frame.to = y
                    if go is None or go(s, frame):
                        out.append(y)
                return out
            current = list(dict.fromkeys(reached(a)))
            checked = {a, *current}
            count = 1
            while current and not targets.intersection(current):
                following: list[int] = []
                for x in current:
                    for y in reached(x):
                        if y not in checked and y not in following:
                            following.append(y)
                checked.update(current)
                current = following
                count += 1
            return count if targets.intersection(current) else INFINITY
        return steps

    def kernel_int(self, k: Emitter) -> str:
        from ..native.emit import NoKernel, OneSite
        from ..native.kernels.measures import _same_type, steps_table
        if self.step is not None:
            raise NoKernel("(count Steps (step ...) ...)")
        from ..native.kernels.placement import _directions
        from ..native.kernels.regions import _fixed
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


class Expand(Ludeme):
    """A region grown by some steps (``steps:``, 1 by default) to its neighbours: along the
    board's adjacency, or only in one direction. The region itself stays in. Ludii's
    ``(expand (sites Outer))`` is the outer two rings.

    Parameters:
        container: the container whose graph the region grows in, by number or name (Ludii's;
            the board, 0 or "Board", the only one with a graph here)
        region: the region grown
        origin: one site to grow from, instead of a region
        steps: how many steps it grows by
        direction: grow only in these directions (along the board's adjacency when left out)
        type: the kind of site (the board's own kind when left out)

    Examples:
        (expand (sites Outer))
        (expand (sites Bottom) steps:2)
        (expand origin:(last To) steps:2)
        (expand 0 (sites Bottom))
    """

    name = "expand"
    kind = REGION
    container: Any = Param(Either((INT_FN, STR_LIT)), optional=True, range=SITE_NUMBER)
    region: Any = Param(REGION_FN, optional=True)
    origin: Any = Param(SITE_FN, optional=True, named=True)
    steps: Any = Param(INT_FN, optional=True, named=True, range=DISTANCE)
    direction: Any = Param(DIRS, optional=True)
    type: Any = Param(SITE_TYPE, optional=True)

    def validate(self) -> None:
        if self.container is not None and self.region is None and self.origin is None:
            # one positional argument: the region (a site standing for one), not a container
            self.region, self.container = self.container, None
        if self.container is not None:
            board = (isinstance(self.container, Int) and self.container.value == 0) or (
                isinstance(self.container, Str) and self.container.value == "Board")
            if not board:
                raise BindError("expand: only the board (container 0, \"Board\") has a graph to grow a "
                                "region in", self.container.span)
        if (self.region is None) == (self.origin is None):
            raise BindError("expand takes a region or an origin: (expand (sites Outer)) or "
                            "(expand origin:(last To))", self.span)

    def compile(self, c: Compiler):
        check_site_type(c, self, self.type)
        base = c.region(self.region if self.region is not None else self.origin)
        steps = c.int(self.steps) if self.steps is not None else const_fn(1)
        dirs = c.directions(self.direction, "Adjacent")
        topo = c.topo
        cache: dict[tuple, tuple[int, ...]] = {}

        def region(s: State, e: Env) -> tuple[int, ...]:
            key = (tuple(base(s, e)), steps(s, e))
            found = cache.get(key)
            if found is None:
                sites, n = key
                seen = set(sites)
                frontier = list(sites)
                for _ in range(max(n, 0)):
                    if not frontier:
                        break  # grown to all it can reach: more steps add nothing
                    nxt = []
                    for x in frontier:
                        for y in topo.neighbours_of(x, dirs):
                            if y not in seen:
                                seen.add(y)
                                nxt.append(y)
                    frontier = nxt
                if len(cache) > 4096:  # regions that change with the position: keep memory bounded
                    cache.clear()
                found = cache[key] = tuple(sorted(seen))
            return found
        return region

    def kernel_region(self, k: Emitter) -> Region:
        import numpy as np

        from ..native.emit import Buffered, Listed
        from ..native.kernels.measures import _grown, _same_type
        from ..native.kernels.placement import _directions
        _same_type(self, k)
        dirs = _directions(k, self.direction, "Adjacent")
        base = self.region if self.region is not None else self.origin
        static = k.static_region(base) if self.region is not None else None
        steps = k.static_int(self.steps) if self.steps is not None else 1
        if static is not None and steps is not None:  # known before play: the grown region itself
            return Listed(_grown(k, static, steps, dirs))
        # grown during play: the base's sites marked, then each step's new neighbours, the region
        # read in site order (as the reference's, sorted)
        width = max((len(k.topo.neighbours_of(site, dirs)) for site in range(k.n)), default=0)
        table = np.full((k.n, max(width, 1)), -1, dtype=np.int64)
        for site in range(k.n):
            row = k.topo.neighbours_of(site, dirs)
            table[site, :len(row)] = row
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


def rays_apart(rays: Sequence[Sequence[Sequence[int]]]) -> bool:
    """The rays from each site never meet each other nor the site itself (a square board's
    compass rays): a region of walks along them is as large as the number of sites walked."""
    return all(len({t for ray in out for t in ray} | {x}) == 1 + sum(map(len, out)) for x, out in enumerate(rays))


def _walk_to_owners(origin: Any, rays: Sequence[Sequence[Sequence[int]]], stoppers: Any):
    """count(state, env) -> the sites along the rays from the origin up to the first site of
    one of the owners ``stoppers`` gives (the usual walk of a line of one player's pieces)."""
    def count(s: State, e: Env) -> int:
        x = origin(s, e)
        if x < 0:
            return 0
        n, halt, who = 0, stoppers(s, e), s.who
        for ray in rays[x]:
            for t in ray:
                if who[t] in halt:
                    break
                n += 1
        return n
    return count


class SitesDirection(Ludeme):
    """The sites along the rays from a site in the given directions (``Adjacent`` by
    default): every site to the board's edge, or up to ``distance:`` steps, or until a site
    where ``stop:`` holds (``(to)`` being the site; kept with ``stopIncluded:True``). The site
    itself is left out unless ``included:True``.

    Parameters:
        from: the site the rays start from (or the sites of a region: the union of their rays)
        directions: the directions of the rays (``Adjacent`` when left out)
        included: True: the starting site is in the region too
        stop: the condition that stops a ray, ``(to)`` being the site
        stopIncluded: True: the site that stops a ray is in the region too
        distance: the longest a ray goes, in steps
        type: the kind of site (the board's own kind when left out)

    Examples:
        (sites Direction from:(to) Adjacent)
        (sites Direction from:(last To) Orthogonal stop:(is Occupied (to)) stopIncluded:True)
    """

    name = "sites Direction"
    kind = REGION
    origin: Any = Param(REGION_FN, named=True, key="from")
    directions: Any = Param(DIRS, optional=True)
    included: Any = Param(BOOL_FN, optional=True, named=True)
    stop: Any = Param(BOOL_FN, optional=True, named=True)
    stopIncluded: Any = Param(BOOL_FN, optional=True, named=True)
    distance: Any = Param(INT_FN, optional=True, named=True, range=DISTANCE)
    type: Any = Param(SITE_TYPE, optional=True)

    def _one_site(self) -> bool:
        return isinstance(self.origin, (Int, Str)) or (isinstance(self.origin, Ludeme) and self.origin.kind == INT)

    def compile(self, c: Compiler):
        check_site_type(c, self, self.type)
        if not self._one_site():  # from every site of a region: the union, in order
            self.origin, sites = None, self.origin
            try:
                one = self.compile_from(c)
            finally:
                self.origin = sites
            starts = c.region(sites)

            def union(s: State, e: Env) -> tuple[int, ...]:
                frame = e.child()
                out: dict[int, None] = {}
                for x in tuple(starts(s, e)):
                    frame.site = x
                    for y in one(s, e, x):
                        out[y] = None
                return tuple(out)
            return union
        return self.compile_from(c, fixed=c.site(self.origin))

    def compile_from(self, c: Compiler, fixed: Any = None):
        """region(state, env[, origin]): the sites from ``fixed`` (or the origin given)."""
        origin = fixed
        rays = c.topo.rays_for(c.directions(self.directions, "Adjacent"))
        included = c.bool(self.included) if self.included is not None else const_fn(False)
        stop = c.bool(self.stop) if self.stop is not None else None
        stop_in = c.bool(self.stopIncluded) if self.stopIncluded is not None else const_fn(False)
        distance = c.int(self.distance) if self.distance is not None else const_fn(INFINITY)

        def region(s: State, e: Env, start: int = -1) -> tuple[int, ...]:
            x = origin(s, e) if origin is not None else start
            if x < 0:
                return ()
            out = [x] if included(s, e) else []
            far = distance(s, e)
            keep_stop = stop is not None and stop_in(s, e)
            frame = e.child()  # stop: is tested with (to) at each site of a ray
            for ray in rays[x]:
                for k, t in enumerate(ray):
                    if k >= far:
                        break
                    if stop is not None:
                        frame.to = t
                        if stop(s, frame):
                            if keep_stop:
                                out.append(t)
                            break
                    out.append(t)
            return tuple(dict.fromkeys(out))
        return region

    def compile_count(self, c: Compiler):
        """count(state, env) -> the number of sites of the region, for (count Sites in:...):
        the sites walked are counted as they are met when the rays never meet (a stop: that
        tests the owner of ``(to)`` alone is read as the owners that stop a ray)."""
        check_site_type(c, self, self.type)
        rays = c.topo.rays_for(c.directions(self.directions, "Adjacent"))
        if not (self._one_site() and rays_apart(rays)):
            region = self.compile(c)
            return lambda s, e: len(region(s, e))
        origin = c.site(self.origin)
        included = c.bool(self.included) if self.included is not None else const_fn(False)
        stop = c.bool(self.stop) if self.stop is not None else None
        owners_of = getattr(self.stop, "owners_where", None)
        stoppers = owners_of(c) if owners_of is not None else None
        stop_in = c.bool(self.stopIncluded) if self.stopIncluded is not None else const_fn(False)
        distance = c.int(self.distance) if self.distance is not None else const_fn(INFINITY)

        if stoppers is not None and constant(included) is False and constant(stop_in) is False \
                and constant(distance) == INFINITY:
            return _walk_to_owners(origin, rays, stoppers)

        def count(s: State, e: Env) -> int:
            x = origin(s, e)
            if x < 0:
                return 0
            n = 1 if included(s, e) else 0
            far = distance(s, e)
            if stop is None:
                return n + sum(min(len(ray), far) for ray in rays[x])
            keep = 1 if stop_in(s, e) else 0
            frame = e.child()  # stop: is tested with (to) at each site of a ray
            for ray in rays[x]:
                for k, t in enumerate(ray):
                    if k >= far:
                        break
                    frame.to = t
                    if stop(s, frame):
                        n += keep
                        break
                    n += 1
            return n
        return count

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.emit import Buffered, NoKernel
        if not self._one_site():
            raise NoKernel("(sites Direction from:<region>)")
        buf, mark = k.buffer(), k.scratch(k.n)
        return Buffered(buf, self._kernel_walk(k, buf, mark))

    def kernel_count(self, k: Emitter) -> str | None:
        """The number of sites of the region, counted as they are walked when the rays never
        meet (see compile_count); None to count the region made."""
        from ..native.kernels.placement import _directions
        if not (self._one_site() and rays_apart(k.topo.rays_for(_directions(k, self.directions, "Adjacent")))):
            return None
        return self._kernel_walk(k, None, None)

    def _kernel_walk(self, k: Emitter, buf: str | None, mark: str | None) -> str:
        """Walk the rays: each site met written once into ``buf`` (``mark`` remembering those
        written), or only counted when there is no ``buf``; the count."""
        from ..native.kernels.capture import rays_table
        from ..native.kernels.placement import _directions
        from ..native.kernels.regions import _fixed
        rays = rays_table(k, _directions(k, self.directions, "Adjacent"))[0]  # -1 padded: its own ends
        origin = _fixed(k, k.site(self.origin))
        included = k.bool(self.included) if self.included is not None else "False"
        far = k.int(self.distance) if self.distance is not None else str(INFINITY)
        keep_stop = k.bool(self.stopIncluded) if (self.stop is not None and self.stopIncluded is not None) else "False"
        count = k.temp("c")
        d, j, t, fr, ks = k.temp("d"), k.temp("j"), k.temp("y"), k.temp("far"), k.temp("ks")

        def add(site: str, guard: str = "True") -> None:
            if buf is None or mark is None:
                if guard != "False":
                    k.line(f"{count} += 1" if guard == "True" else f"{count} += 1 if {guard} else 0")
                return
            with k.indented(f"if {guard} and {mark}[{site}] == 0:"):
                k.line(f"{mark}[{site}] = 1")
                k.line(f"{buf}[{count}] = {site}")
                k.line(f"{count} += 1")
        k.line(f"{count} = 0")
        with k.indented(f"if {origin} >= 0:"):
            # the region's sites once each, in the order first met (as dict.fromkeys keeps them)
            add(origin, included)
            k.line(f"{fr} = {far}")
            k.line(f"{ks} = {keep_stop}")
            with k.indented(f"for {d} in range({rays}.shape[1]):"):
                with k.indented(f"for {j} in range({rays}.shape[2]):"):
                    if self.distance is not None:
                        k.line(f"if {j} >= {fr}:")
                        k.line("    break")
                    k.line(f"{t} = {rays}[{origin}, {d}, {j}]")
                    k.line(f"if {t} < 0:")
                    k.line("    break")
                    if self.stop is not None:
                        with k.bind(to=t):
                            stop = k.bool(self.stop)
                        with k.indented(f"if {stop}:"):
                            add(t, ks)
                            k.line("break")
                    add(t)
            if buf is not None:
                i = k.temp("i")
                k.line(f"for {i} in range({count}):")
                k.line(f"    {mark}[{buf}[{i}]] = 0")
        return count


class AllSites(Ludeme):
    """Every site of a region meets a condition (``(site)`` being the site tested); true for
    an empty region.

    Parameters:
        region: the sites tested
        if: the condition every site must meet, ``(site)`` being the site

    Examples:
        (all Sites (sites Around (to)) if:(is Empty (site)))
    """

    name = "all Sites"

    def words(self, w):
        return f"{w.of(self.condition)} on every site of {w.of(self.region)}"
    kind = BOOL
    region: Any = Param(REGION_FN)
    condition: Any = Param(BOOL_FN, named=True, key="if")

    def concepts_at(self, where):
        # counting the pieces of every site of the board: whether none is left (Ludii's reading)
        if isinstance(self.region, Ludeme) and self.region.name == "sites Board" \
                and "PieceCount" in where.concepts_of(self.condition):
            return ("NoPiece",)
        return ()

    def compile(self, c: Compiler):
        region = c.region(self.region)
        cond = c.bool(self.condition)

        def every(s: State, e: Env) -> bool:
            frame = e.child()  # (site) at each site tested
            for x in region(s, e):
                frame.site = x
                if not cond(s, frame):
                    return False
            return True
        every.parts = (region, cond)  # type: ignore[attr-defined]  # one test per site (puzzles' satisfy)
        return every

    def kernel_bool(self, k: Emitter) -> str:
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


