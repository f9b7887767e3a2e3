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
    from .loops import IsLoop


def compile_loop(c: Compiler, loop: IsLoop) -> Callable[[State, Env], bool]:
    """fn(s, e) -> Ludii's answer to the ``(is Loop ...)`` call ``loop``."""
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

    def holds(s: State, e: Env) -> bool:
        at = start(s, e)
        if not 0 <= at < n:
            return False
        what, who = s.what, s.who
        kind = what[at]
        if kind <= 0:
            return False
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
            if _closed(ring, what, kind, along):
                return True
        return False
    return holds


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


def _closed(ring: list[int], what: Sequence[int], kind: int, along: Sequence[Sequence[int]]) -> bool:
    """Ludii's walk round the ring: from its first site to a next one (the first neighbour
    along the directions still in the ring with the same kind of piece), dropping the sites
    that have none, until as many steps were taken as the ring has sites."""
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
            return True
        previous, index = index, loop.index(nxt)
    return False


__all__ = ["compile_loop"]
