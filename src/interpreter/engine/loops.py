"""Loops: the shortest closed path of a group's pieces around something that is not the group.

A *loop* of a group G (a set of sites joined by a neighbour relation) is a cycle of G's sites,
each joined to the next under the relation, that goes around at least one site not in G. The
board is drawn in the plane (the sites' positions, the relation's lines between them, which
must not cross, as on triangular, hexagonal and orthogonal square boards), so a cycle
separates the sites inside it from those outside, and:

- the sites not in G fall into connected pieces (:func:`~.groups.groups` under the same
  relation) that a cycle of G cannot cut: each piece is wholly inside or wholly outside any
  cycle of G. A piece holding a site of the board's perimeter is outside every cycle (the edge
  of the board never closes a loop). The other pieces are the *holes* of G: a loop of G is a
  cycle of G around a hole.
- The shortest cycle of G around a point t (a site of a hole) is found exactly with the
  classical parity cover: draw a ray from t to infinity; a closed walk goes around t an odd
  number of times exactly when it crosses the ray an odd number of times. A breadth-first
  search over (site, parity of crossings) from a site u back to u with odd parity gives the
  shortest such walk through u, and the shortest odd closed walk is a simple cycle (were it to
  visit a site twice, one of its two halves would be a shorter odd walk). Every cycle around t
  crosses the ray, so only the ends of the edges that cross it need to be tried.
- The group's loop is the shortest cycle around any of its holes. Sites that lie on no cycle
  of G (branches) are pruned first; each search is cut off at the length of the best loop found.

The answer depends only on the group's sites and the board, so it is kept per group
(:class:`LoopFinder` caches the last few thousand groups): a value that asks for a group's
loop twice computes it once.

Loupe values a group by its shortest loop; Ludii's ``(is Loop)`` and ``(sites Loop)`` are built
on the same search.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from .groups import group_at

if TYPE_CHECKING:
    from .topology import Topology

Neighbours = Sequence[Sequence[int]]

# Directions of the rays drawn from a hole: irregular angles, never along a lattice line, so a
# ray passes between sites; the one crossing the fewest edges of the group is used.
_RAY_ANGLES = (0.3217, 1.3579, 2.4173, 3.5531, 4.4919, 5.6473)
_EPS = 1e-9
CACHE_SIZE = 4096


class LoopFinder:
    """Shortest loops of groups on one board under one neighbour relation (see the module docs).
    Get one with :func:`finder`, which keeps one per board and relation."""

    def __init__(self, neighbours: Neighbours, positions: Sequence[tuple[float, float]],
                 perimeter: Iterable[int]):
        self.neighbours = neighbours
        self.xs = [p[0] for p in positions]
        self.ys = [p[1] for p in positions]
        self.perimeter = frozenset(perimeter)
        self.n = len(positions)
        self._cache: dict[tuple[int, ...], tuple[int, ...]] = {}
        # the longest step between neighbours: a cycle of L steps around a site stays within
        # L/2 such steps of it, so a search for short cycles only looks near the site
        self.reach = max((math.hypot(self.xs[a] - self.xs[b], self.ys[a] - self.ys[b])
                          for a in range(self.n) for b in neighbours[a]), default=1.0)

    # --- the public face ---------------------------------------------------------------------
    def shortest(self, group: Iterable[int]) -> tuple[int, ...]:
        """The sites of the group's shortest loop, in order around it (empty when the group
        has no loop). When several loops are equally short, the first one found."""
        key = tuple(sorted(set(group)))
        found = self._cache.get(key)
        if found is None:
            found = self._search(key)
            if len(self._cache) >= CACHE_SIZE:
                self._cache.clear()
            self._cache[key] = found
        return found

    def enclosed(self, loop: Sequence[int]) -> tuple[int, ...]:
        """The sites strictly inside a loop (a cycle of sites, in order)."""
        if len(loop) < 3:
            return ()
        xs, ys = self.xs, self.ys
        polygon = [(xs[s], ys[s]) for s in loop]
        on_loop = set(loop)
        return tuple(s for s in range(self.n) if s not in on_loop and _inside(xs[s], ys[s], polygon))

    # --- the search ----------------------------------------------------------------------------
    def _holes(self, gset: set[int]) -> list[list[int]]:
        """The pieces of the board outside the group that no path avoiding the group joins to
        the perimeter (see the module docs), smallest first."""
        nb = self.neighbours
        seen: set[int] = set()
        holes = []
        outside = lambda t: t not in gset  # noqa: E731
        for s in gset:
            for t in nb[s]:
                if t in gset or t in seen:
                    continue
                piece = group_at(t, nb, outside)
                seen.update(piece)
                if self.perimeter.isdisjoint(piece):
                    holes.append(piece)
        holes.sort(key=len)
        return holes

    def _search(self, sites: tuple[int, ...]) -> tuple[int, ...]:
        gset = set(sites)
        core = _two_core(sites, gset, self.neighbours)
        if len(core) < 3:
            return ()
        holes = self._holes(gset)
        if not holes:
            return ()
        best: list[int] | None = None
        for hole in holes:
            limit = len(best) if best is not None else len(core) + 1
            cycle = self._around(hole[0], core, limit)
            if cycle is not None:
                best = cycle
        return tuple(best) if best is not None else ()

    def _around(self, t: int, core: set[int], limit: int) -> list[int] | None:
        """The shortest cycle of the ``core`` sites around site ``t`` shorter than ``limit``, or
        None. Only the sites near enough to ``t`` to be on such a cycle are looked at."""
        xs, ys = self.xs, self.ys
        tx, ty = xs[t], ys[t]
        radius = (limit - 1) / 2 * self.reach + _EPS
        near = {v for v in core if math.hypot(xs[v] - tx, ys[v] - ty) <= radius}
        nb = self.neighbours
        adjacency = {v: [u for u in nb[v] if u in near] for v in near}
        edges = [(a, b) for a in near for b in adjacency[a] if a < b]
        crossing = self._ray(t, edges)
        if not crossing:
            return None
        flips = {}
        for a, b in crossing:
            flips[a, b] = flips[b, a] = 1
        starts = sorted({min(a, b) for a, b in crossing})
        blocked: set[int] = set()
        best: list[int] | None = None
        for u in starts:
            cycle = _odd_cycle(u, adjacency, flips, blocked, limit)
            if cycle is not None:
                best = cycle
                limit = len(cycle)
            blocked.add(u)  # every cycle through u is now known: search the others without it
        return best

    def _ray(self, t: int, edges: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The edges crossed by a ray from ``t`` (the direction crossing the fewest of them)."""
        xs, ys = self.xs, self.ys
        tx, ty = xs[t], ys[t]
        best: list[tuple[int, int]] | None = None
        for angle in _RAY_ANGLES:
            dx, dy = math.cos(angle), math.sin(angle)
            crossed = []
            degenerate = False
            for a, b in edges:
                ax, ay = xs[a] - tx, ys[a] - ty
                bx, by = xs[b] - tx, ys[b] - ty
                ca = dx * ay - dy * ax  # which side of the ray's line each end is on
                cb = dx * by - dy * bx
                if abs(ca) < _EPS or abs(cb) < _EPS:
                    if (ax * dx + ay * dy > 0 and abs(ca) < _EPS) or (bx * dx + by * dy > 0 and abs(cb) < _EPS):
                        degenerate = True  # the ray passes through a site: try another angle
                        break
                    continue
                if (ca > 0) == (cb > 0):
                    continue
                k = ca / (ca - cb)  # where the edge meets the line
                if (ax + (bx - ax) * k) * dx + (ay + (by - ay) * k) * dy > 0:
                    crossed.append((a, b))
            if degenerate:
                continue
            if best is None or len(crossed) < len(best):
                best = crossed
                if len(best) <= 1:
                    break
        if best is None:  # pragma: no cover - six irregular angles all through sites
            raise ValueError("no ray from the site avoids the other sites")
        return best


def _two_core(sites: Sequence[int], gset: set[int], nb: Neighbours) -> set[int]:
    """The sites of the group that lie on some cycle's support: those left after removing,
    again and again, the sites with fewer than two neighbours in the group."""
    degree = {v: sum(1 for u in nb[v] if u in gset) for v in sites}
    removed: set[int] = set()
    stack = [v for v in sites if degree[v] < 2]
    while stack:
        v = stack.pop()
        if v in removed:
            continue
        removed.add(v)
        for u in nb[v]:
            if u in gset and u not in removed:
                degree[u] -= 1
                if degree[u] < 2:
                    stack.append(u)
    return gset - removed


def _odd_cycle(u: int, adjacency: dict[int, list[int]], flips: dict[tuple[int, int], int],
               blocked: set[int], limit: int) -> list[int] | None:
    """The shortest closed walk from ``u`` crossing the ray an odd number of times, avoiding
    ``blocked``, if it is shorter than ``limit`` (a simple cycle, in order, starting at u)."""
    start = (u, 0)
    goal = (u, 1)
    parent: dict[tuple[int, int], tuple[int, int]] = {start: start}
    frontier = deque([start])
    depth = {start: 0}
    while frontier:
        node = frontier.popleft()
        d = depth[node]
        if d + 1 >= limit:
            break
        v, p = node
        for w in adjacency[v]:
            if w in blocked:
                continue
            nxt = (w, p ^ flips.get((v, w), 0))
            if nxt in parent:
                continue
            parent[nxt] = node
            depth[nxt] = d + 1
            if nxt == goal:
                cycle = []
                step = node
                while step != start:
                    cycle.append(step[0])
                    step = parent[step]
                cycle.append(u)
                cycle.reverse()
                return cycle
            frontier.append(nxt)
    return None


def _inside(x: float, y: float, polygon: Sequence[tuple[float, float]]) -> bool:
    """Point in polygon (even-odd rule; the point is never on the polygon's edges here)."""
    inside = False
    j = len(polygon) - 1
    for i, (xi, yi) in enumerate(polygon):
        xj, yj = polygon[j]
        if (yi > y) != (yj > y) and x < xi + (y - yi) * (xj - xi) / (yj - yi):
            inside = not inside
        j = i
    return inside


def forget(topology: Topology) -> None:
    """Empty the caches of a board's loop finders (to time a search from scratch)."""
    for found in topology.__dict__.get("_loop_finders", {}).values():
        found._cache.clear()


def finder(topology: Topology, neighbours: Neighbours, key: tuple[object, ...]) -> LoopFinder:
    """The loop finder of a board for one relation (``key`` names it, e.g. the directions),
    made once and shared by every rule that asks for loops along it."""
    finders: dict[tuple[object, ...], LoopFinder] = topology.__dict__.setdefault("_loop_finders", {})
    found = finders.get(key)
    if found is None:
        found = finders[key] = LoopFinder(neighbours, topology.positions, topology.perimeter)
    return found


__all__ = ["LoopFinder", "finder", "forget"]
