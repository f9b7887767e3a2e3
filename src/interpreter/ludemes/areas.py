"""Ludii's ``size Territory``: the empty sites a player's pieces alone surround (Go's area
scoring)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from .base import DIRS, INT, PLAYER, Either, Instance, Ludeme, Param
from .measures import SITE_TYPE, check_site_type

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State


class SizeTerritory(Ludeme):
    """The number of empty sites in the player's territory, counted as Ludii's
    ``SizeTerritory`` counts it (a union-find over the empty sites, in site order).

    Ludii's count is not the textbook one: the list of neighbours it gathers is never emptied
    between sites, so an empty site joins every lower empty site that neighbours any empty site
    seen so far (not only its own neighbours), and an area's frontier is every site neighbouring
    any empty site up to its last one. An area counts its empty sites when no site of that
    frontier holds another player's piece. Sites holding neutral pieces count as empty (their
    owner is 0), as in Ludii.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        player: the player whose territory is measured
        direction: the neighbours of a site (``Orthogonal`` when left out)

    Examples:
        (size Territory P1)
        (size Territory Mover)
        (size Territory (player 1))
    """

    name = "size Territory"
    kind = INT
    concepts = ("Territory",)
    type: Any = Param(SITE_TYPE, optional=True)
    player: Any = Param(Either((PLAYER, Instance("player"))))
    direction: Any = Param(DIRS, optional=True)

    def compile(self, c: Compiler):
        check_site_type(c, self, self.type)
        adjacency = c.adjacency(self.direction, "Orthogonal")
        who = c.player(self.player)
        n = c.topo.n
        around = [sum(1 << y for y in adjacency[x]) for x in range(n)]

        def territory(s: State, e: Env) -> int:
            return ludii_territory(s.who, around, who(s, e))
        return territory


def ludii_territory(owners: Any, around: list[int], player: int) -> int:
    """Ludii's ``SizeTerritory.eval`` over site owners (0: empty), ``around[x]`` the bit mask of
    x's neighbours: for each empty site k in order, the neighbours of every empty site up to k
    gathered so far (``nList``, never cleared) are k's frontier, and k joins each empty site
    below k among them; an area counts its empty sites when its frontier (its sites' frontiers
    together) holds no other player's piece."""
    n = len(around)
    empty = other = 0
    for x in range(n):
        o = owners[x]
        if o == 0:
            empty |= 1 << x
        elif o != player:
            other |= 1 << x
    parent = list(range(n))
    frontier = [0] * n

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    gathered = 0
    for k in range(n):
        if not empty >> k & 1:
            continue
        gathered |= around[k]
        frontier[k] = gathered | 1 << k
        below = gathered & empty & ((1 << k) - 1)
        root = find(k)
        while below:
            low = below & -below
            other_root = find(low.bit_length() - 1)
            if other_root != root:
                parent[other_root] = root
                frontier[root] |= frontier[other_root]
            below ^= low
    total = 0
    for k in range(n):
        if empty >> k & 1 and parent[k] == k and not frontier[k] & other:
            total += bin(frontier[k] & empty).count("1")
    return total


__all__ = ["SizeTerritory", "ludii_territory"]
