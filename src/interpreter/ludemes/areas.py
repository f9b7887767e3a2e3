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
    """The number of empty sites in the player's territory: the empty sites are joined into
    areas along the direction (``Orthogonal`` when left out); an area whose bordering pieces
    are all the player's (or that no piece borders) counts all its sites, as Ludii's.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        player: the player whose territory is measured
        direction: how empty sites join into areas (``Orthogonal`` when left out)

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

        def territory(s: State, e: Env) -> int:
            owners = s.who
            player = who(s, e)
            seen = [False] * n
            total = 0
            for start in range(n):
                if seen[start] or owners[start]:
                    continue
                area = [start]
                seen[start] = True
                mine = True
                i = 0
                while i < len(area):
                    for y in adjacency[area[i]]:
                        o = owners[y]
                        if o:
                            if o != player:
                                mine = False
                        elif not seen[y]:
                            seen[y] = True
                            area.append(y)
                    i += 1
                if mine:
                    total += len(area)
            return total
        return territory


__all__ = ["SizeTerritory"]
