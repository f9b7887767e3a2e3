"""Ludii's conditions on graphs of edges and on the board's geometry: ``is SpanningTree``,
``is CaterpillarTree``, ``is TreeCentre`` (the graph of the edges a player's pieces are on),
``is Crossing`` (two edges of the drawing cross), ``is Cycle`` (always false in Ludii), and the
angles ``is Acute`` / ``is Obtuse`` / ``is Reflex`` / ``is Right``.

Each keeps the reading of Ludii's class (``game.functions.booleans.is.tree``, ``.edge``,
``.simple``, ``.angle``), quirks included; where Ludii's code would fail (an index out of its
arrays) the answer here is false.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.boards.graph import segments_intersect
from ..engine.env import Env
from .base import BOOL, BOOL_FN, PLAYER, SITE_FN, Either, Instance, Ludeme, Param
from .graphs import _edge_colour, _elements, edge_pieces, role_number
from .sitetypes import site_type_param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.elements import Elements
    from ..engine.state import State

WHO = Either((PLAYER, Instance("player")))


def _root(parent: list[int], v: int) -> int:
    while parent[v] != v:
        v = parent[v]
    return v


def _unite(what: list[int], kind: int, ends: tuple[tuple[int, int], ...], nv: int,
           order: range) -> tuple[bool, int, list[int]]:
    """Ludii's union of the edges holding ``kind`` in ``order``: (no cycle met, edges joined,
    the parents)."""
    parent = list(range(nv))
    joined = 0
    for k in order:
        if what[k] == kind:
            ra, rb = _root(parent, ends[k][0]), _root(parent, ends[k][1])
            if ra == rb:
                return False, joined, parent
            parent[ra] = rb
            joined += 1
    return True, joined, parent


class IsSpanningTree(Ludeme):
    """The edges holding the player's kind of piece make a spanning tree of the board's vertices
    (no cycle, one edge fewer than the vertices); asked after a move (false before any). As in
    Ludii the player's number is compared with the kind of piece on each edge; for nobody, the
    kind on the last move's edge (the first kind when it is empty).

    Parameters:
        who: the owner (a role or a player)

    Examples:
        (is SpanningTree Mover)
    """

    name = "is SpanningTree"
    kind = BOOL
    who: Any = Param(WHO)

    def compile(self, c: Compiler):
        els = _elements(c, self)
        colour, pieces = _edge_colour(c, self.who), edge_pieces(c)
        nv, ends = len(els.vertices), els.edges

        def holds(s: State, e: Env) -> bool:
            if s.last_to < 0:
                return False
            tree, joined, _ = _unite(pieces(s)[0], colour(s, e), ends, nv, range(len(ends) - 1, -1, -1))
            return tree and joined == nv - 1
        return holds


class IsCaterpillarTree(Ludeme):
    """The edges holding the player's kind of piece make a spanning tree that is a caterpillar:
    its edges whose two ends both meet another of its edges (the backbone) lie on one path
    (Ludii's test: the longest backbone path through the first backbone edge has every
    backbone edge). False before any move, and when there is no backbone (where Ludii's code
    fails). The player is matched as in ``is SpanningTree``.

    Parameters:
        who: the owner (a role or a player)

    Examples:
        (is CaterpillarTree Mover)
    """

    name = "is CaterpillarTree"
    kind = BOOL
    who: Any = Param(WHO)

    def compile(self, c: Compiler):
        els = _elements(c, self)
        colour, pieces = _edge_colour(c, self.who), edge_pieces(c)
        nv, ends = len(els.vertices), els.edges

        def holds(s: State, e: Env) -> bool:
            if s.last_to < 0:
                return False
            kind = colour(s, e)
            what = pieces(s)[0]
            tree, joined, _ = _unite(what, kind, ends, nv, range(len(ends)))
            if not tree or joined != nv - 1:
                return False
            mine = [k for k in range(len(ends)) if what[k] == kind]
            degree = [0] * nv
            for k in mine:
                degree[ends[k][0]] += 1
                degree[ends[k][1]] += 1
            backbone = [k for k in mine if degree[ends[k][0]] > 1 and degree[ends[k][1]] > 1]
            if not backbone:
                return False
            first = backbone[0]
            a, b = ends[first]
            length = _deepest(ends, backbone, first, a) + _deepest(ends, backbone, first, b) + 1
            return length == len(backbone)
        return holds


def _deepest(ends: tuple[tuple[int, int], ...], backbone: list[int], start_edge: int, start: int) -> int:
    """The longest walk along backbone edges from ``start``, never back along the edge just
    taken (Ludii's ``dfsMinPathEdge``, whose depths are all set from 0 to the deepest)."""
    deepest = 0
    stack = [(start, start_edge, 0)]
    limit = 2 * (len(ends) + 1)
    while stack:
        at, came, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth >= limit:
            continue
        for k in backbone:
            if k == came:
                continue
            va, vb = ends[k]
            if va == at:
                stack.append((vb, k, depth + 1))
            elif vb == at:
                stack.append((va, k, depth + 1))
    return deepest


class IsTreeCentre(Ludeme):
    """The last move's site is the centre of the tree of the player's edges it is in (Ludii's
    ``is TreeCentre``): the edges whose piece the player owns (any piece for ``All``/``Shared``)
    must hold no cycle; the centre is found by subtree sizes from the tree's smallest vertex;
    the site is a centre when it is that vertex, or a leaf like it, or its neighbour as deep
    (by Ludii's greedy depth walk). As in Ludii, the last move's number is read as a vertex
    number.

    Parameters:
        who: the owner (a role or a player)

    Examples:
        (is TreeCentre Mover)
    """

    name = "is TreeCentre"
    kind = BOOL
    who: Any = Param(WHO)

    def compile(self, c: Compiler):
        els = _elements(c, self)
        who, pieces = role_number(c, self.who), edge_pieces(c)
        everyone = c.game.num_players + 1
        nv, ends = len(els.vertices), els.edges

        def holds(s: State, e: Env) -> bool:
            site = s.last_to
            if not 0 <= site < nv:
                return False  # Ludii's arrays end there
            p, (what, owners) = who(s, e), pieces(s)
            mine = [k for k in range(len(ends))
                    if (p == everyone and what[k] != 0) or (p < everyone and owners[k] == p)]
            return _centre(ends, nv, mine, site)
        return holds


def _centre(ends: tuple[tuple[int, int], ...], nv: int, mine: list[int], site: int) -> bool:
    parent = [-1] * nv
    items: list[set[int]] = [set() for _ in range(nv)]
    adjacent: list[set[int]] = [set() for _ in range(nv)]

    def find(v: int) -> int:
        while parent[v] != v and parent[v] != -1:
            v = parent[v]
        return v
    for k in mine:
        a, b = ends[k]
        adjacent[a].add(b)
        adjacent[b].add(a)
        ra, rb = find(a), find(b)
        if ra == rb:
            return False
        for r in (ra, rb):
            if parent[r] == -1:
                parent[r] = r
                items[r].add(r)
        parent[ra] = rb
        items[rb] |= items[ra]
    centre, tree = 0, set()
    for i in range(nv):
        if parent[i] == i and site in items[i]:
            centre = _centre_of(min(items[i]), adjacent)
            tree = set(items[i])
            break
    if site == centre:
        return True
    if len(adjacent[centre]) == len(adjacent[site]) == 1:
        return True
    if any({ends[k][0], ends[k][1]} == {site, centre} for k in mine):
        return _depth(site, set(tree), adjacent) == _depth(centre, set(tree), adjacent)
    return False


def _centre_of(root: int, adjacent: list[set[int]]) -> int:
    """Ludii's ``build``: the sizes of the subtrees from ``root``, then down to the child
    whose subtree holds more than half of the vertices, while there is one."""
    sub: dict[int, int] = {}
    order: list[tuple[int, int]] = []
    stack = [(root, -1)]
    while stack:
        u, up = stack.pop()
        order.append((u, up))
        stack.extend((v, u) for v in sorted(adjacent[u]) if v != u and v != up)
    for u, up in reversed(order):
        sub[u] = 1 + sum(sub[v] for v in adjacent[u] if v != u and v != up)
    total = sub[root]
    u, up = root, -1
    while True:
        nxt = next((v for v in sorted(adjacent[u]) if v != u and v != up and sub[v] > total // 2), None)
        if nxt is None:
            return u
        u, up = nxt, u


def _depth(u: int, tree: set[int], adjacent: list[set[int]]) -> int:
    """Ludii's ``depthLimit``: a walk to the smallest unvisited neighbour, counted."""
    depth = 0
    while True:
        tree.discard(u)
        depth += 1
        if not tree:
            return depth
        nxt = next((v for v in sorted(adjacent[u]) if v in tree), None)
        if nxt is None:
            return depth
        u = nxt


class IsCrossing(Ludeme):
    """The two edges cross in the board's drawing: their segments meet away from their end
    points (Ludii's precomputed ``doesCross``; false for an edge that is not the board's).

    Parameters:
        edge1: the first edge
        edge2: the second edge

    Examples:
        (is Crossing (last To) (to))
    """

    name = "is Crossing"
    kind = BOOL
    edge1: Any = Param(SITE_FN)
    edge2: Any = Param(SITE_FN)

    def compile(self, c: Compiler):
        els = _elements(c, self)
        first, second = c.int(self.edge1), c.int(self.edge2)
        crossing = _crossings(els)
        return lambda s, e: (first(s, e), second(s, e)) in crossing


def _crossings(els: Elements) -> frozenset[tuple[int, int]]:
    """Ludii's ``Topology.computeDoesCross``: each pair of edges whose segments intersect, no
    end point of one within 0.001 of an end point of the other."""
    pts, ends = els.vertices, els.edges
    found = set()
    for i, (a, b) in enumerate(ends):
        pa, pb = pts[a], pts[b]
        for j in range(i + 1, len(ends)):
            c, d = ends[j]
            pc, pd = pts[c], pts[d]
            if min(math.dist(pa, pc), math.dist(pa, pd), math.dist(pb, pc), math.dist(pb, pd)) < 0.001:
                continue
            if segments_intersect(pa, pb, pc, pd):
                found.add((i, j))
                found.add((j, i))
    return frozenset(found)


class IsCycle(Ludeme):
    """Ludii's ``(is Cycle)``: meant as "the same states repeated three times", its test is
    always false.

    Examples:
        (is Cycle)
    """

    name = "is Cycle"
    kind = BOOL

    def compile(self, c: Compiler):
        return lambda s, e: False


class _Angle(Ludeme):
    """Two sites meeting conditions, neither the site ``at:``, whose direction from the first to
    the second makes an angle with north (0 to 180 degrees, Ludii's ``abs(atan2(dx, -dy))``)
    of the kind asked. Each pair is looked at once, lowest numbers first; the first site is
    ``(site)`` for the first condition, the second for the second. As in Ludii, the site
    ``at:`` is only checked to be on the board.

    Parameters:
        type: the kind of site (the board's own; another kind is refused)
        at: the site
        cond1: the condition on the first site
        cond2: the condition on the second site
    """

    kind = BOOL
    checks_site_type = True  # pieces are on the board's kind of site only (see .sitetypes)
    type: Any = site_type_param()
    at: Any = Param(SITE_FN, named=True)
    cond1: Any = Param(BOOL_FN)
    cond2: Any = Param(BOOL_FN)
    test: Callable[[float], bool] = staticmethod(lambda angle: False)

    def compile(self, c: Compiler):
        at = c.site(self.at)
        first, second = c.bool(self.cond1), c.bool(self.cond2)
        points = c.topo.positions
        n = c.topo.n
        test = type(self).test

        def holds(s: State, e: Env) -> bool:
            site = at(s, e)
            if not 0 <= site < n:
                return False
            frame = e.child()
            for one in range(n):
                for two in range(one + 1, n):
                    if one == site or two == site:
                        continue
                    frame.site = one
                    ok1 = first(s, frame)
                    frame.site = two
                    if not (ok1 and second(s, frame)):
                        continue
                    dx = points[two][0] - points[one][0]
                    dy = points[two][1] - points[one][1]
                    if test(abs(math.degrees(math.atan2(dx, -dy)))):
                        return True
            return False
        return holds


class IsAcute(_Angle):
    """Two sites meeting the conditions make an acute angle (below 90 degrees; see the angle
    tests' reading in :class:`_Angle`).

    Examples:
        (is Acute at:(last To) (is Enemy (who at:(site))) (is Enemy (who at:(site))))
    """

    name = "is Acute"
    test = staticmethod(lambda angle: angle < 90)


class IsObtuse(_Angle):
    """Two sites meeting the conditions make an obtuse angle (above 90 degrees).

    Examples:
        (is Obtuse at:(last To) (is Occupied (site)) (is Occupied (site)))
    """

    name = "is Obtuse"
    test = staticmethod(lambda angle: angle > 90)


class IsReflex(_Angle):
    """Two sites meeting the conditions make a reflex angle (above 180 degrees: Ludii's angle
    is at most 180, so never).

    Examples:
        (is Reflex at:(last To) (is Occupied (site)) (is Occupied (site)))
    """

    name = "is Reflex"
    test = staticmethod(lambda angle: angle > 180)


class IsRight(_Angle):
    """Two sites meeting the conditions make a right angle (exactly 90 degrees).

    Examples:
        (is Right at:(last To) (is Occupied (site)) (is Occupied (site)))
    """

    name = "is Right"
    test = staticmethod(lambda angle: angle == 90)


__all__ = ["IsSpanningTree", "IsCaterpillarTree", "IsTreeCentre", "IsCrossing", "IsCycle",
           "IsAcute", "IsObtuse", "IsReflex", "IsRight"]
