"""Connectivity shared by every ludeme that needs it: groups (flood fill) and union-find.

A *group* is a maximal set of sites, each satisfying a membership test, joined by neighbour
relations (a relation's neighbour lists, e.g. ``topology.neighbours["Orthogonal"]``, or the
union of several). Ludemes such as ``sites Group``, ``count Groups``, ``forEach Group`` and
``is Connected`` are built on :func:`group_at`, :func:`groups` and :func:`connects`;
``count Loops`` on :func:`flood` (groups grown from several sites at once) and
:class:`UnionFind`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

Neighbours = Sequence[Sequence[int]]


def group_at(start: int, neighbours: Neighbours, member: Callable[[int], bool]) -> list[int]:
    """The group containing ``start`` (empty if ``start`` is not a member), in the order found."""
    if start < 0 or not member(start):
        return []
    seen = {start}
    out = [start]
    i = 0
    while i < len(out):
        for t in neighbours[out[i]]:
            if t not in seen and member(t):
                seen.add(t)
                out.append(t)
        i += 1
    return out


def flood(starts: Iterable[int], neighbours: Neighbours, member: Sequence[bool],
          seen: list[Any], mark: object = True) -> list[int]:
    """The sites joined to any of ``starts`` through members (``member[s]`` true; ``starts``
    included when they are members), skipping the sites already marked in ``seen`` and marking
    those found with ``mark`` (any true value, e.g. a group number): calls sharing one ``seen``
    list walk each group once, and can tell the groups apart. Made for hot paths: membership is
    a list, not a function."""
    out = [s for s in starts if member[s] and not seen[s]]
    for s in out:
        seen[s] = mark
    for s in out:  # grows while it is read
        for t in neighbours[s]:
            if member[t] and not seen[t]:
                seen[t] = mark
                out.append(t)
    return out


def flood_owned(starts: Iterable[int], neighbours: Neighbours, owners: Sequence[int], player: int,
                seen: list[Any], mark: object = True) -> list[int]:
    """:func:`flood` with the members being the sites whose owner is ``player`` (``owners`` is
    the state's ``who``): no membership list made of the whole board first."""
    out = [s for s in starts if owners[s] == player and not seen[s]]
    for s in out:
        seen[s] = mark
    for s in out:  # grows while it is read
        for t in neighbours[s]:
            if owners[t] == player and not seen[t]:
                seen[t] = mark
                out.append(t)
    return out


def groups(sites: Iterable[int], neighbours: Neighbours, member: Callable[[int], bool]) -> list[list[int]]:
    """Every group among ``sites`` (each group once, in the order of its first site; each
    group's sites in the order :func:`group_at` finds them)."""
    seen: set[int] = set()
    out = []
    for s in sites:
        if s in seen or not member(s):
            continue
        seen.add(s)
        group = [s]
        i = 0
        while i < len(group):  # the flood fill of group_at, sharing one set of sites seen
            for t in neighbours[group[i]]:
                if t not in seen and member(t):
                    seen.add(t)
                    group.append(t)
            i += 1
        out.append(group)
    return out


def owner_groups(who: Sequence[int], player: int, neighbours: Neighbours) -> list[list[int]]:
    """The groups of one player's pieces (``who[s] == player``)."""
    return groups((s for s, p in enumerate(who) if p == player), neighbours, lambda s: who[s] == player)


def connects(group: Iterable[int], regions: Sequence[Iterable[int]]) -> bool:
    """True when ``group`` has a site in every one of ``regions`` (and there is a region)."""
    sites = set(group)
    return bool(regions) and all(not sites.isdisjoint(region) for region in regions)


def merged(relations: Sequence[Neighbours]) -> tuple[tuple[int, ...], ...]:
    """One neighbour table from several (each site's neighbours under any of them, once)."""
    if len(relations) == 1:
        return tuple(tuple(n) for n in relations[0])
    return tuple(tuple(dict.fromkeys(t for table in relations for t in table[s]))
                 for s in range(len(relations[0])))


class UnionFind:
    """Disjoint sets of ``size`` elements with path halving and union by size."""

    def __init__(self, size: int):
        self.parent = list(range(size))
        self.size = [1] * size

    def find(self, x: int) -> int:
        """The representative of ``x``'s set."""
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(self, a: int, b: int) -> int:
        """Join the sets of ``a`` and ``b``; the representative of the result."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ra
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.size[ra] += self.size[rb]
        return ra

    def same(self, a: int, b: int) -> bool:
        """True when ``a`` and ``b`` are in one set."""
        return self.find(a) == self.find(b)


# Ludii hard-codes these sites (of one 3D board) in its isVisible tests (IsLine, sites Group,
# count SizeBiggestGroup): a site among them whose next site holds a piece is hidden from above,
# on any board.
HIDDEN_BY_NEXT = (8, 10, 14, 18, 20)


def hidden_by_next(n: int) -> list[tuple[int, int]]:
    """The pairs (hidden site, the site after it) of ``HIDDEN_BY_NEXT`` on a board of ``n`` sites."""
    return [(x, x + 1) for x in HIDDEN_BY_NEXT if x + 1 < n]


def upward_steps(topo: Any) -> Sequence[Sequence[int]]:
    """Per site, the sites one step up (Ludii's ``Upward``; none on a flat board)."""
    try:
        steps: Sequence[Sequence[int]] = topo.steps_of("Upward")
        return steps
    except (KeyError, ValueError):  # a flat board: nothing above any site
        return tuple(() for _ in range(topo.n))


def shares_two_above(upward: Sequence[Sequence[int]], what: Sequence[int], site: int, other: int) -> bool:
    """Ludii's ``isVisible`` test of pyramid boards (``sizes Group``, ``count SizeBiggestGroup``):
    ``site`` and ``other`` have two or more occupied sites one step up in common, so ``other``
    does not join ``site``'s group."""
    above = [y for y in upward[site] if what[y]]
    return len(above) >= 2 and sum(1 for y in upward[other] if what[y] and y in above) >= 2


def grown(start: int, neighbours: Neighbours, takes: Callable[[int, int], bool]) -> list[int]:
    """The group grown from ``start`` (breadth first): a neighbour ``y`` of a site ``x`` of the
    group joins when ``takes(x, y)`` (the test may depend on the site it grows from)."""
    group = [start]
    inside = {start}
    i = 0
    while i < len(group):
        site = group[i]
        for y in neighbours[site]:
            if y not in inside and takes(site, y):
                inside.add(y)
                group.append(y)
        i += 1
    return group
