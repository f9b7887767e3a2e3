"""Measures on the board: steps between sites, a site named by its coordinate, a region grown by
some steps (Ludii's ``count Steps``, ``coord``, ``expand``).

Each precomputes what depends only on the board: distances from a site are computed once per
origin and kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.values import INFINITY
from ..errors import BindError
from .base import (
    DIRS, INT, INT_FN, REGION, REGION_FN, SITE_FN, STR_LIT, Enum, Ludeme, Param,
)

if TYPE_CHECKING:
    from ..compile.compiler import Compiler

# Ludii's SiteType: our boards play on one kind of element, the one the board uses
SITE_TYPE = Enum(("Vertex", "Cell", "Edge"), "site type")


def check_site_type(c: "Compiler", ludeme: Ludeme, value) -> None:
    """A site type given to a ludeme must be the kind of site the board plays on."""
    if value is None:
        return
    use = getattr(c.topo, "use", None) or "Cell"
    if value.name != use:
        raise BindError(f"{ludeme.name}: this board plays on its {use.lower()}s, not on {value.name.lower()}s",
                        value.span if hasattr(value, "span") else ludeme.span,
                        hint=f"write {use} or leave the site type out")


class CountSteps(Ludeme):
    """The number of steps (along a relation, ``Adjacent`` by default) from a site to the
    nearest site of a region: the length of the shortest path on the board's graph; 0 when a
    site is missing, as in Ludii.

    ``(count Steps Vertex All (last To) (to))`` is the king-move distance on a square grid.

    Examples:
        (count Steps (last To) (to))
        (count Steps Vertex All (last To) (to))
    """

    name = "count Steps"
    concepts = ("Distance",)
    kind = INT
    params = (
        Param("type", SITE_TYPE, optional=True),
        Param("relation", DIRS, optional=True),
        Param("site", SITE_FN),
        Param("region", REGION_FN),
    )

    def compile(self, c: "Compiler"):
        check_site_type(c, self, self.type)
        dirs = c.directions(self.relation, "Adjacent")
        site = c.site(self.site)
        region = c.region(self.region)
        topo = c.topo
        table: dict[int, list[int]] = {}  # origin -> steps to every site (computed once)

        def steps(s):
            a = site(s)
            if a < 0:
                return 0
            targets = [t for t in region(s) if t >= 0]
            if not targets:
                return 0
            dist = table.get(a)
            if dist is None:
                dist = table[a] = [d if d >= 0 else INFINITY for d in topo.distances(a, dirs)]
            return min(dist[t] for t in targets)
        return steps


class Coord(Ludeme):
    """The site with a given label (Ludii's coordinate), e.g. ``(coord "J10")``.

    Examples:
        (coord "J10")
        (coord Vertex "A1")
    """

    name = "coord"
    kind = INT
    params = (
        Param("type", SITE_TYPE, optional=True),
        Param("label", STR_LIT),
    )

    def compile(self, c: "Compiler"):
        check_site_type(c, self, self.type)
        site = c.label(self.label)
        return lambda s: site


class Expand(Ludeme):
    """A region grown by some steps (``steps:``, 1 by default) to its neighbours: along the
    board's adjacency, or only in one direction. The region itself stays in. Ludii's
    ``(expand (sites Outer))`` is the outer two rings.

    Examples:
        (expand (sites Outer))
        (expand (sites Bottom) steps:2)
        (expand origin:(last To) steps:2)
    """

    name = "expand"
    kind = REGION
    params = (
        Param("region", REGION_FN, optional=True),
        Param("origin", SITE_FN, optional=True, named=True),
        Param("steps", INT_FN, optional=True, named=True),
        Param("direction", DIRS, optional=True),
        Param("type", SITE_TYPE, optional=True),
    )

    def validate(self) -> None:
        if (self.region is None) == (self.origin is None):
            raise BindError("expand takes a region or an origin: (expand (sites Outer)) or "
                            "(expand origin:(last To))", self.span)

    def compile(self, c: "Compiler"):
        check_site_type(c, self, self.type)
        base = c.region(self.region if self.region is not None else self.origin)
        steps = c.int(self.steps) if self.steps is not None else (lambda s: 1)
        dirs = c.directions(self.direction, "Adjacent")
        topo = c.topo
        cache: dict[tuple, tuple[int, ...]] = {}

        def region(s):
            key = (tuple(base(s)), steps(s))
            found = cache.get(key)
            if found is None:
                sites, n = key
                seen = set(sites)
                frontier = list(sites)
                for _ in range(max(n, 0)):
                    nxt = []
                    for x in frontier:
                        for y in topo.neighbours_of(x, dirs):
                            if y not in seen:
                                seen.add(y)
                                nxt.append(y)
                    frontier = nxt
                found = cache[key] = tuple(sorted(seen))
            return found
        return region
