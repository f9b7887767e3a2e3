"""Connection tests kept up to date as pieces are added: a union-find of each player's groups in
the state vector, each group's root holding the regions the group touches, so ``(is Connected
...)`` asks one root instead of flooding a group after every move.

It holds only in games whose pieces are only ever added: no move of a piece, no capture, no
change of owner (a move generator or effect of any other kind makes the kernel flood the group
as the reference engine does). The union-find is state: it is copied with the state vector, and
worked out from the position when a reference State is converted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..ludemes import connection, effects, logic, moves, structure
from ..ludemes.base import BoundArray, Ludeme
from ..syntax.nodes import Const

# the moves and effects that only add pieces, pass, choose, score, or organise the turn
ADD_ONLY = (moves.MoveAdd, moves.MovePass, moves.MoveChoose, moves.Then, moves.Priority, moves.Do,
            logic.If, logic.And, logic.Or, effects.MoveAgain, effects.AddScore, effects.SetScore,
            effects.ForEachPlayer, structure.NextPhase, effects.Apply)


@dataclass
class UnionFind:
    """One union-find: the adjacency it joins along, the regions (global numbering), each site's
    region bits, and each player's wanted regions (index 0 for regions given outright)."""

    neighbours: np.ndarray  # (n, width), -1 padded
    site_bits: np.ndarray  # (n,)
    need: np.ndarray  # (players + 1,)
    key: tuple  # what (is Connected ...) it serves: its directions and regions

    def derive(self, state: Any, st: np.ndarray, at: int, who_at: int) -> None:
        """Work the union-find out from a position (a reference State converted)."""
        n = len(self.site_bits)
        for site in range(n):
            st[at + site] = site
            st[at + n + site] = 0
        seen = [False] * n
        for site in range(n):
            owner = state.who[site]
            if not owner or seen[site]:
                continue
            group, todo = [site], [site]
            seen[site] = True
            while todo:
                s = todo.pop()
                for t in self.neighbours[s]:
                    if t < 0:
                        break
                    if not seen[t] and state.who[t] == owner:
                        seen[t] = True
                        group.append(t)
                        todo.append(t)
            bits = 0
            for s in group:
                st[at + s] = site
                bits |= int(self.site_bits[s])
            st[at + n + site] = bits


def _key(ludeme: Any) -> tuple:
    directions = ludeme.directions.name if isinstance(ludeme.directions, Const) else ludeme.directions
    regions = ludeme.regions.name if isinstance(ludeme.regions, Const) else id(ludeme.regions)
    return (directions, regions)


def plan(bound: Any, game: Any) -> UnionFind | None:
    """A union-find for the game's ``(is Connected ...)`` tests, when its pieces are only ever
    added and every such test joins along the same directions towards the players' own
    regions; else None (the kernel floods)."""
    tests = [node for node in bound.rules.walk() if isinstance(node, connection.IsConnected)]
    if not tests:
        return None
    for node in bound.rules.walk():
        if isinstance(node, Ludeme) and node.kind == "moves" and not isinstance(node, ADD_ONLY):
            return None
    keys = {_key(t) for t in tests}
    first = tests[0]
    if len(keys) != 1 or first.type is not None or first.at is not None or isinstance(first.regions, BoundArray) \
            or (isinstance(first.regions, Const) and first.regions.name in connection.STATIC_REGIONS.names):
        return None
    topo = game.topology
    name = first.directions.name if isinstance(first.directions, Const) else "Adjacent" if first.directions is None else None
    if name is None or name not in topo.neighbours:
        return None
    nbrs = topo.neighbours[name]
    width = max((len(x) for x in nbrs), default=1)
    table = np.full((topo.n, max(width, 1)), -1, dtype=np.int64)
    for s, row in enumerate(nbrs):
        table[s, :len(row)] = row
    owned = game.player_regions
    regions: list[tuple[int, ...]] = []
    need = np.zeros(game.num_players + 1, dtype=np.int64)
    for p in range(1, game.num_players + 1):
        for sites in owned.get(p, ()):
            need[p] |= 1 << len(regions)
            regions.append(tuple(sites))
    if not regions or len(regions) > 62:
        return None
    bits = np.zeros(topo.n, dtype=np.int64)
    for r, sites in enumerate(regions):
        for s in sites:
            bits[s] |= 1 << r
    return UnionFind(table, bits, need, _key(first))
