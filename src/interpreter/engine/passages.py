"""Loops through passages: which sets of passages a player's pieces close into circuits.

A *passage* is a way through the board (a hole in it, or the board's outer border seen as
one) that a player may go round, with two *rims*, regions on either side of it. The player's
position is read as a graph:

- its *nodes* are the player's groups (pieces joined by the given neighbour relation) joined
  with the rims they touch: a piece on a rim joins the rim's node, so two groups touching one
  rim (e.g. the top edge of the board) are one node, and a rim that no piece touches is a node
  of its own;
- each passage is an *edge*, from the node holding one of its rims to the node holding the
  other (a loop on one node when both rims are in it).

A *loop* is a set of passages whose edges, and only they, make a closed circuit: connected,
every node of even degree. Loops are told apart by their sets of passages: two ways round the
same passage are one loop. The circuits are the connected members of the graph's cycle space,
found from a spanning forest (one fundamental cycle per edge outside it), one component of
the graph at a time, so the work grows with the number of independent circuits, not of
passages.

Groups come from :func:`.groups.flood_owned` (only those with a piece on a rim: the others join
nothing) and rims are joined with :class:`.groups.UnionFind`; nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .groups import UnionFind, flood_owned

Neighbours = Sequence[Sequence[int]]


@dataclass(frozen=True)
class Passage:
    """A passage of one player: its ``name`` and its two rims (site tuples)."""

    name: str
    rim_a: tuple[int, ...]
    rim_b: tuple[int, ...]


class PassageGraph:
    """The passages of one player on one board, precomputed: rims shared by several passages
    are one node; :meth:`loops` reads a position."""

    def __init__(self, passages: Sequence[Passage], neighbours: Neighbours, size: int):
        self.passages = tuple(passages)
        self.size = size
        self.neighbours = tuple(tuple(nbrs) for nbrs in neighbours)
        rims: dict[tuple[int, ...], int] = {}
        ends = []
        for p in self.passages:
            a = rims.setdefault(tuple(sorted(set(p.rim_a))), len(rims))
            b = rims.setdefault(tuple(sorted(set(p.rim_b))), len(rims))
            ends.append((a, b))
        self.rims = tuple(rims)
        self.ends = tuple(ends)  # per passage, its two rim numbers
        self._circuits: dict[tuple[tuple[int, int], ...], tuple[int, ...]] = {}  # by the rims joined

    def nodes(self, who: Sequence[int], player: int) -> list[tuple[int, int]]:
        """Per passage, the numbers of the two nodes its rims are in. Only the groups with a
        piece on a rim are walked (each numbered): the others join nothing."""
        group = [0] * self.size  # the number of the group found on each site (0: none)
        neighbours = self.neighbours
        count = 0
        # rims holding pieces of one group are one node
        joined = UnionFind(len(self.rims))
        first_rim: dict[int, int] = {}
        for k, rim in enumerate(self.rims):
            for site in rim:
                if who[site] == player and not group[site]:
                    count += 1
                    flood_owned((site,), neighbours, who, player, group, count)
            for g in {group[site] for site in rim}:  # each group on the rim once
                if g:
                    first = first_rim.setdefault(g, k)
                    if first != k:
                        joined.union(first, k)
        find = joined.find
        return [(find(a), find(b)) for a, b in self.ends]

    def loops(self, who: Sequence[int], player: int) -> tuple[int, ...]:
        """The player's loops, as bit masks over the passages (bit i: passage i), fewest
        passages first. The loops depend only on which rims are joined: each way of joining
        them is worked out once."""
        ends = self.nodes(who, player)
        cached = self._circuits.get(tuple(ends))
        if cached is None:
            if len(self._circuits) >= 4096:
                self._circuits.clear()
            cached = self._circuits[tuple(ends)] = tuple(circuits(ends))
        return cached

    def names(self, mask: int) -> list[str]:
        """The names of the passages in a loop, in declaration order."""
        return [p.name for i, p in enumerate(self.passages) if mask >> i & 1]


def circuits(edges: Sequence[tuple[int, int]]) -> list[int]:
    """The sets of edges (bit masks over ``edges``, a multigraph given as node pairs) that form
    a connected circuit with every node of even degree, fewest edges first."""
    ids: dict[int, int] = {}
    pairs = [(ids.setdefault(a, len(ids)), ids.setdefault(b, len(ids))) for a, b in edges]
    found: list[int] = []
    # the components of the edge graph: a circuit lies within one
    comp = UnionFind(len(ids))
    for a, b in pairs:
        comp.union(a, b)
    by_component: dict[int, list[int]] = {}
    for i, (a, _) in enumerate(pairs):
        by_component.setdefault(comp.find(a), []).append(i)
    for members in by_component.values():
        basis = _cycle_basis(pairs, members, len(ids))
        # every non-empty combination of the basis is an even subgraph; keep the connected ones
        for combo in range(1, 1 << len(basis)):
            mask = 0
            for j, cycle in enumerate(basis):
                if combo >> j & 1:
                    mask ^= cycle
            if _connected(pairs, mask, len(ids)):
                found.append(mask)
    return sorted(found, key=_order)


def _order(mask: int) -> tuple[int, list[int]]:
    return bin(mask).count("1"), [i for i in range(mask.bit_length()) if mask >> i & 1]


def _cycle_basis(edges: Sequence[tuple[int, int]], members: list[int], nodes: int) -> list[int]:
    """Fundamental cycles (bit masks) of the edges ``members`` from a spanning forest: one per
    edge that closes a cycle (a loop edge is a cycle by itself)."""
    adjacency: list[list[tuple[int, int]]] = [[] for _ in range(nodes)]
    tree = UnionFind(nodes)
    closing = []
    for i in members:
        a, b = edges[i]
        if tree.same(a, b):  # a loop edge, or a second way between two joined nodes
            closing.append(i)
        else:
            tree.union(a, b)
            adjacency[a].append((b, i))
            adjacency[b].append((a, i))
    # root each tree of the forest, to walk the path between two of its nodes
    depth = [-1] * nodes
    parent: list[tuple[int, int]] = [(-1, -1)] * nodes  # (parent node, edge to it)
    for root in range(nodes):
        if depth[root] >= 0 or not adjacency[root]:
            continue
        depth[root] = 0
        stack = [root]
        while stack:
            x = stack.pop()
            for y, i in adjacency[x]:
                if depth[y] < 0:
                    depth[y] = depth[x] + 1
                    parent[y] = (x, i)
                    stack.append(y)
    basis = []
    for i in closing:
        a, b = edges[i]
        mask = 1 << i
        while a != b:  # up the tree from the deeper end until the ends meet
            if depth[a] < depth[b]:
                a, b = b, a
            a, e = parent[a]
            mask ^= 1 << e
        basis.append(mask)
    return basis


def _connected(edges: Sequence[tuple[int, int]], mask: int, nodes: int) -> bool:
    """Whether the edges of ``mask`` form one connected piece."""
    comp = UnionFind(nodes)
    chosen = [edges[i] for i in range(mask.bit_length()) if mask >> i & 1]
    for a, b in chosen:
        comp.union(a, b)
    root = comp.find(chosen[0][0])
    return all(comp.find(a) == root for a, _ in chosen)
