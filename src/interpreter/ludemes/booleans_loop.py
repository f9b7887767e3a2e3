"""Ludii's reading of ``(is Loop ...)`` (``game.functions.booleans.is.loop.IsLoop``), kept
exactly: from the last move's site (or the site given), it looks at each neighbour (``Adjacent``)
that is not on the board's outer edge (and, with ``surround:``, holds a piece of one of those
players) and grows from it, along orthogonal lines, the sites that do not hold the kind of piece
of the starting site; a growth that meets the outer edge is no loop. Otherwise the sites around
it must all be the player's (``colour``, the mover by default) and, walking among them along
the directions, two of them must follow each other. A ring around the player's own stones is a
loop (the growth from a stone of the ring's inside stays inside).

Ludii's loops of tile paths (``path:True`` with tiles, Trax) need tiles, which the boards here
do not have: with pieces that are not tiles Ludii reads ``path:`` as nothing, as here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..engine.env import Env

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State
    from .loops import IsLoop, SitesLoop


def compile_loop(c: Compiler, loop: IsLoop) -> Callable[[State, Env], bool]:
    """fn(s, e) -> Ludii's answer to the ``(is Loop ...)`` call ``loop``."""
    found = _search(c, loop)
    return lambda s, e: found(s, e) is not None


def compile_sites_loop(c: Compiler, loop: SitesLoop,
                       inside: Callable[[State, Env], bool] | None) -> Callable[[State, Env], Sequence[int]]:
    """fn(s, e) -> Ludii's ``(sites Loop ...)`` (``SitesLoop``): the same search as ``is
    Loop``; the first loop found gives the sites grown inside it (``inside``) or its ring, cut
    down by Ludii's filter (:func:`_fewest`)."""
    found = _search(c, loop)
    along = c.adjacency(loop.directions)

    def sites(s: State, e: Env) -> Sequence[int]:
        within = inside(s, e) if inside is not None else False
        hit = found(s, e)
        if hit is None:
            return ()
        region, ring = hit
        return tuple(region) if within else tuple(_fewest(ring, along))
    return sites


def _search(c: Compiler, loop: Any) -> Callable[[State, Env], tuple[list[int], list[int]] | None]:
    """fn(s, e) -> the first loop Ludii's walk finds for the call ``loop`` (``is Loop`` or
    ``sites Loop``: the same parameters), as (the sites grown inside it, its ring as the walk
    left it), or None."""
    from .graphs import role_number
    topo = c.topo
    n = topo.n
    outer = frozenset(topo.regions.get("Outer", ()))
    adjacent = topo.neighbours["Adjacent"]
    orthogonal = topo.neighbours["Orthogonal"]
    halves = [tuple(h for axis in axes for h in axis if h) for axes in topo.axes_for(c.directions(None, "Orthogonal"))]
    along = c.adjacency(loop.directions)
    start = c.site(loop.start) if loop.start is not None else (lambda s, e: s.last_to)
    colour = c.int(loop.colour) if loop.colour is not None else (lambda s, e: s.mover)
    roles: list[Any] = []
    if loop.surround is not None:
        roles = [loop.surround]
    elif loop.roles is not None:
        roles = list(loop.roles.items) if hasattr(loop.roles, "items") else [loop.roles]
    surround = [role_number(c, r) for r in roles]

    def first(s: State, e: Env) -> tuple[list[int], list[int]] | None:
        at = start(s, e)
        if not 0 <= at < n:
            return None
        what, who = s.what, s.who
        kind = what[at]
        if kind <= 0:
            return None
        owner = colour(s, e)
        inside = {f(s, e) for f in surround} if surround else None
        around = [t for t in adjacent[at] if t not in outer and (inside is None or who[t] in inside)]
        for origin in reversed(around):
            region = _grow(origin, halves, what, who, kind, inside, outer)
            if region is None:
                continue
            ring: list[int] = []
            for x in region:
                for t in orthogonal[x]:
                    if t not in region and t not in ring:
                        ring.append(t)
            if any(who[t] != owner for t in ring):
                continue
            walked = _closed(ring, what, kind, along)
            if walked is not None:
                return region, walked
        return None
    return first


def _grow(origin: int, halves: Sequence[tuple[tuple[int, ...], ...]], what: Sequence[int], who: Sequence[int],
          kind: int, inside: set[int] | None, outer: frozenset[int]) -> list[int] | None:
    """The sites grown from ``origin`` along orthogonal lines through sites not holding
    ``kind`` (Ludii's walk: a line goes on past the sites already grown and stops at ``kind``);
    None when it meets the outer edge."""
    group = [origin]
    members = {origin}
    i = 0
    while i < len(group):
        for line in halves[group[i]]:
            for to in line:
                if to in members:
                    continue
                if what[to] == kind:
                    break
                if inside is None or who[to] in inside and to not in outer:
                    group.append(to)
                    members.add(to)
                if to in outer:
                    return None
        i += 1
    return group


def _closed(ring: list[int], what: Sequence[int], kind: int, along: Sequence[Sequence[int]]) -> list[int] | None:
    """Ludii's walk round the ring: from its first site to a next one (the first neighbour
    along the directions still in the ring with the same kind of piece), dropping the sites
    that have none, until as many steps were taken as the ring has sites: the ring left then
    (None when nothing is left)."""
    loop = list(ring)
    explored: list[int] = []
    previous, index = 0, 0
    while loop:
        if index >= len(loop):
            index = len(loop) - 1
        site = loop[index]
        if what[site] != kind:
            loop.remove(site)
            index = previous
            continue
        nxt = next((t for t in along[site] if t in loop and what[t] == kind), None)
        if nxt is None:
            loop.remove(site)
            if site in explored:
                explored.remove(site)
            index = previous
            continue
        explored.append(site)
        if len(explored) == len(loop):
            return loop
        previous, index = index, loop.index(nxt)
    return None


def _fewest(ring: list[int], along: Sequence[Sequence[int]]) -> list[int]:
    """Ludii's filter of a loop's ring (``SitesLoop.filterWinningSites``): from the last site
    to the first, a site goes when the others, walked from the first of them (each step to
    the first neighbour along the directions not walked yet), are all reached and the last
    reached is next to the first."""
    fewest = list(ring)
    for i in range(len(fewest) - 1, -1, -1):
        others = fewest[:i] + fewest[i + 1:]
        if not others:
            continue  # Ludii's filter would fail on a ring of one site; it keeps it here
        members = set(others)
        first = last = others[0]
        walked = [first]
        seen = {first}
        k = 0
        while k < len(walked):
            nxt = next((t for t in along[walked[k]] if t not in seen and t in members), None)
            if nxt is not None:
                walked.append(nxt)
                seen.add(nxt)
                last = nxt
            k += 1
        if len(walked) == len(others) and first in along[last]:
            del fewest[i]
    return fewest


__all__ = ["compile_loop", "compile_sites_loop"]
