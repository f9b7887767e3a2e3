"""Graph theory on the board's graph: Ludii's ``is Path``, ``is Tree``, ``is RegularGraph`` and
``sites Incident`` (``game.functions.booleans.is.path``, ``.tree``, ``.regularGraph``,
``game.functions.region.sites.incidents``).

Graph games (Sim, Hackenbush, Nedilmarth...) put pieces on a board's edges: the pieces of a
player colour a subgraph of the board's graph, whose vertices are the edges' end points
(:class:`~interpreter.engine.elements.Elements`). These ludemes ask about that subgraph as
Ludii does, quirks included (each is marked ``Ludii quirk``), since games are checked against
Ludii itself.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..engine.values import INFINITY, const_fn
from ..errors import BindError
from ..syntax.nodes import Str
from .base import (
    BOOL,
    BOOL_FN,
    DISTANCE,
    INT_FN,
    PLAYER,
    RANGE,
    REGION,
    ROLE,
    SITE_FN,
    Either,
    Instance,
    Ludeme,
    Param,
    kind_of,
)
from .sitetypes import SITE_TYPE

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.elements import Elements
    from ..engine.state import State


def _elements(c: Compiler, where: Ludeme) -> Elements:
    els = c.topo.elements
    if els is None:
        raise BindError(f"{where.name}: this board has no graph of vertices and edges", where.span)
    return els


def role_number(c: Compiler, value: Any) -> Callable[[State, Env], int]:
    """Ludii's ``RoleType.toIntFunction``: a role or a player as a number (``Shared`` and ``All``
    are one more than the number of players, ``Neutral`` 0)."""
    from .logic import role_value
    number = role_value(value, c.game.num_players)
    return const_fn(number) if number is not None else c.player(value)


def _last_to(s: State, e: Env) -> int:
    return s.last_to


# ------------------------------------------------------------------------------ is Path

class IsPath(Ludeme):
    """A path or a cycle of a given length through the last move (Ludii's ``(is Path ...)``, for
    graph games): the pieces of ``who`` on sites of the given kind, seen as a graph, hold a path
    (or, with ``closed:True``, a cycle) whose length is in the range and that goes through the
    site ``from:`` (the last move's by default). On edges: the subgraph of the player's edges;
    on vertices or cells: the player's sites joined along the board's adjacency. Computed as
    Ludii computes it (a strong component of the player's graph at the site, then the shortest
    cycle or the path's two halves).

    Parameters:
        type: the kind of site the pieces are on (Ludii requires it)
        from: the site the path goes through (the last move's when left out)
        who: the owner of the pieces (a role or a player)
        length: the lengths allowed (``(exact 3)``, ``(range 3 5)``...)
        closed: True: a cycle; False (the default): an open path

    Examples:
        (is Path Edge Mover length:(exact 3) closed:True)
        (is Path Vertex Mover length:(exact 4))
    """

    name = "is Path"
    checks_site_type = True  # pieces are on the board's kind of site only (see .sitetypes)
    reads_other_kinds = True  # (is Path Edge ...) on a board of vertices or cells: its edges' pieces
    kind = BOOL
    type: Any = Param(SITE_TYPE)
    frm: Any = Param(SITE_FN, optional=True, named=True, key="from")
    who: Any = Param(Either((PLAYER, Instance("player"))))
    length: Any = Param(kind_of(RANGE), named=True)
    closed: Any = Param(BOOL_FN, optional=True, named=True)

    def compile(self, c: Compiler):
        els = _elements(c, self)
        kind = self.type.name
        site = c.site(self.frm) if self.frm is not None else _last_to
        who = role_number(c, self.who)
        closed = c.bool(self.closed) if self.closed is not None else (lambda s, e: False)
        from .functions import range_bounds
        length = range_bounds(c, self.length)  # Icosian's (exact (count Moves)): known in play only
        bounds = length if callable(length) else (lambda s, e, known=length: known)
        finder = _PathFinder(els, kind, c.topo.neighbours["Adjacent"])
        if kind != c.topo.use:
            return self._on_other_kind(c, finder, site, who, closed, bounds)

        def holds(s: State, e: Env) -> bool:
            at = site(s, e)
            if at < 0:
                return False
            lo, hi = bounds(s, e)
            return finder.holds(s.who, at, who(s, e), lo, hi, closed(s, e))
        return holds

    def _on_other_kind(self, c: Compiler, finder: _PathFinder, site: Any, who: Any, closed: Any,
                       bounds: Any) -> Any:
        """The path of pieces on the edges of a board played on its vertices or cells (MaxMatch
        adds its pieces to the edges of a graph of vertices): their owners, from the pieces
        there (:mod:`..engine.multisite`), make the player's graph."""
        from ..engine.multisite import pieces_array
        if self.type.name != "Edge":
            raise BindError(f"is Path {self.type.name}: this board plays on its {c.topo.use.lower()}s; "
                            f"paths of pieces on its {self.type.name.lower()}s are not supported yet",
                            self.type.span, hint=f"write {c.topo.use} or Edge")
        name = pieces_array("Edge")
        owners = [comp.owner for comp in c.game.components]
        count = len(finder.els.edges)
        held = name in c.game.arrays

        def holds(s: State, e: Env) -> bool:
            at = site(s, e)
            if at < 0:
                return False
            mine = [owners[w] for w in s.arrays[name]] if held else [0] * count
            lo, hi = bounds(s, e)
            return finder.holds(mine, at, who(s, e), lo, hi, closed(s, e))
        return holds


class _PathFinder:
    """Ludii's ``IsPath`` for one kind of site (see :class:`IsPath`)."""

    def __init__(self, els: Elements, kind: str, adjacent: tuple[tuple[int, ...], ...]):
        self.els = els
        self.kind = kind
        self.adjacent = adjacent  # the board's own sites' neighbours (vertices or cells)

    # the neighbours of a site in the player's graph ---------------------------------------
    def _edge_nbors(self, who: list[int], v: int, p: int) -> list[int]:
        """Ludii's ``vertexToAdjacentNeighbourVertices``: the other end of every edge of the
        player at vertex ``v``, in edge order."""
        out = []
        for k, (a, b) in enumerate(self.els.edges):
            if who[k] == p:
                if a == v:
                    out.append(b)
                elif b == v:
                    out.append(a)
        return out

    def _site_nbors(self, who: list[int], v: int, p: int) -> list[int]:
        return [o for o in self.adjacent[v] if o != v and who[o] == p]

    def _nbors(self, who: list[int], v: int, p: int) -> list[int]:
        return self._edge_nbors(who, v, p) if self.kind == "Edge" else self._site_nbors(who, v, p)

    def _component(self, who: list[int], p: int, v1: int, v2: int, size: int) -> tuple[int, set[int]]:
        """Ludii's ``strongComponent`` from ``v1``: a depth-first search numbering sites by their
        depth (Ludii quirk: the depth, not a counter), popping a component when a site's low
        mark is its own; the size of the component holding both v1 and v2 found at the root
        (0 when none), and its sites."""
        visit = [0] * size
        low = [0] * size
        stack: list[int] = []
        on_stack = [False] * size
        found: set[int] = set()

        def visit_site(here: int, parent: int, depth: int) -> int:
            visit[here] = low[here] = depth
            stack.append(here)
            on_stack[here] = True
            for v in self._nbors(who, here, p):
                if v == parent:
                    continue
                if visit[v] == 0:
                    visit_site(v, here, depth + 1)
                    low[here] = min(low[here], low[v])
                elif on_stack[v]:
                    low[here] = min(low[here], visit[v])
            popped: set[int] = set()
            if low[here] == visit[here]:
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    popped.add(w)
                    if w == here:
                        break
            if v1 in popped and v2 in popped:
                found.update(popped)
                return len(popped)
            return 0
        return visit_site(v1, -1, 1), found

    # the answer ---------------------------------------------------------------------------------
    def holds(self, who: list[int], at: int, p: int, lo: int, hi: int, closed: bool) -> bool:
        if self.kind == "Edge":
            return self._edge(who, at, p, lo, hi, closed)
        return self._sites(who, at, p, lo, hi, closed)

    def _edge(self, who: list[int], at: int, p: int, lo: int, hi: int, closed: bool) -> bool:
        els = self.els
        if at >= len(els.edges):
            return False
        v1, v2 = els.edges[at]
        size = len(els.vertices)
        count, component = self._component(who, p, v1, v2, size)
        mine = [k for k in range(len(els.edges)) if who[k] == p]
        if closed:
            inside = [k for k in mine if els.edges[k][0] in component and els.edges[k][1] in component]
            if lo == hi:
                if count == len(inside) and count == lo:
                    return True
            elif hi > 2 and count <= hi:
                if count == len(inside) and count > 2:
                    return True
            if len(inside) > count:
                adjacency: list[set[int]] = [set() for _ in range(size)]
                for k in mine:
                    a, b = els.edges[k]
                    adjacency[a].add(b)
                    adjacency[b].add(a)
                path = _shortest(adjacency, v1, v2, size)
                i, depth = v2, 1
                while path[i] != i:
                    depth += 1
                    i = path[i]
                if lo == hi and depth == lo:
                    return True
                if hi > 2 and depth <= hi:
                    return True
            return False
        if count != 0:
            return False
        target = lo if lo == hi else hi
        visited: set[int] = set()
        depths1 = self._walk_edges(who, p, mine, at, visited, 0, v1, target)
        depths2 = self._walk_edges(who, p, mine, at, visited, 0, v2, target)
        length = (len(depths1) - 1) + (len(depths2) - 1) + 1
        if lo == hi and length == lo and len(visited) + 1 == length:
            return True
        if hi > lo and length <= hi and len(visited) + 1 == length:
            return True
        return False

    def _walk_edges(self, who: list[int], p: int, mine: list[int], edge: int, visited: set[int],
                    depth: int, here: int, target: int) -> set[int]:
        """Ludii's ``dfsMinPathEdge``: every depth reached walking the player's edges from
        ``here`` (never straight back along the edge just taken), up to twice the target."""
        depths: set[int] = set()

        def walk(edge: int, depth: int, here: int) -> None:
            if depth == target * 2:
                return
            for k in mine:
                if k == edge:
                    continue
                a, b = self.els.edges[k]
                if a == here:
                    visited.add(k)
                    walk(k, depth + 1, b)
                elif b == here:
                    visited.add(k)
                    walk(k, depth + 1, a)
            depths.add(depth)
        walk(edge, depth, here)
        return depths

    def _sites(self, who: list[int], at: int, p: int, lo: int, hi: int, closed: bool) -> bool:
        """Ludii's ``evalVertex`` / ``evalCell``: the player's sites joined along adjacency."""
        size = len(self.adjacent)
        if at >= size:
            return False
        nbors = self._site_nbors(who, at, p)
        v1 = at
        v2 = nbors[0] if nbors else 0
        isolated = not nbors
        if isolated and closed:
            return False
        if isolated and not closed:
            if self.kind == "Vertex" and (lo == 1 or hi == 1):
                return True
            if self.kind == "Cell" and lo == 1 and hi == 1:
                return True
        count, _ = self._component(who, p, v1, v2, size)
        if closed:
            return self._closed_holds(who, p, at, nbors, count, lo, hi)
        return self._open_holds(who, p, at, nbors, count, lo, hi)

    def _closed_holds(self, who: list[int], p: int, at: int, nbors: list[int], count: int, lo: int,
                      hi: int) -> bool:
        """A closed path (a cycle) of ``lo`` to ``hi`` sites through ``at`` (``count``: its
        component's cycle measure)."""
        if lo == hi:
            if count == lo:
                return True
            if lo < count:
                return any(2 < d == lo for d in self._cycle_depths(who, p, at, nbors))
        elif hi > (lo if self.kind == "Vertex" else 0):
            if count <= hi and count > 2:
                return True
            if count > hi:
                return any(2 < d <= hi for d in self._cycle_depths(who, p, at, nbors))
        return False

    def _open_holds(self, who: list[int], p: int, at: int, nbors: list[int], count: int, lo: int,
                    hi: int) -> bool:
        """An open path of ``lo`` to ``hi`` sites through ``at`` (none when a cycle passes)."""
        if count != 0:
            return False
        if hi > (lo if self.kind == "Vertex" else 0) and (self.kind == "Cell" or hi > lo):
            return True  # Ludii quirk: any open range holds once no cycle passes here
        if len(nbors) > 2 or len(nbors) < 1:
            return False
        if len(nbors) == 1:
            return self._path_size(who, p, 0, at, at, -1, lo) + 1 == lo
        first = self._path_size(who, p, 1, at, nbors[0], -1, lo)
        second = self._path_size(who, p, 1, at, nbors[1], nbors[0], lo)
        return first + second + 1 == lo

    def _cycle_depths(self, who: list[int], p: int, at: int, nbors: list[int]) -> list[int]:
        """Ludii's ``dfsMinCycleSzVertexCell`` from each of the site's neighbours of the player
        (the value each call returns)."""
        size = len(self.adjacent)
        degree = [len(self.els.vertex_edges[v]) if v < len(self.els.vertices) else 0 for v in range(size)]
        visits = [0] * size
        index = [0] * size

        def search(depth: int, start: int, here: int, parent: int, best: int) -> int:
            visits[here] += 1
            # Ludii quirk: a site's visits are bounded by the degree of the vertex of its number
            if visits[here] > degree[here]:
                return depth
            if best == 3:
                return best
            if index[here] == 0:
                index[here] = depth
                mine = depth
            else:
                mine = index[here]
            if start == here and best > depth:
                return depth + 1
            if self.kind == "Cell":
                for o in self.adjacent[here]:
                    if o != parent and who[o] == p:
                        search(mine + 1, start, o, here, best)
            else:
                for o in self._site_nbors(who, here, p):
                    if mine == 1 and o != start and here != o:
                        search(mine + 1, start, o, here, best)
            return mine + 1
        return [search(1, at, o, -1, INFINITY) for o in nbors]

    def _path_size(self, who: list[int], p: int, depth: int, start: int, here: int, parent: int,
                   target: int) -> int:
        """Ludii's ``dfsMinPathSzVertexCell``: how far a single line of the player's sites runs
        from ``here`` (``Infinity`` at a fork)."""
        while True:
            if depth == target * 2:
                return depth
            nbors = self._site_nbors(who, here, p)
            if len(nbors) > 2:
                return INFINITY
            if not nbors:
                return depth
            step = next((o for o in nbors if o != parent and o != start), None)
            if step is None:
                return depth
            depth, parent, here = depth + 1, here, step


def _shortest(adjacency: list[set[int]], frm: int, to: int, size: int) -> list[int]:
    """Ludii's ``findShortestDistance``: parents along shortest walks from ``frm``, never over the
    edge frm-to itself, sites taken from the queue lowest number first (Ludii quirk: a
    priority queue of site numbers, not of distances); unreached sites keep the parent 0."""
    dist = [INFINITY] * size
    path = [0] * size
    seen = [False] * size
    queue = [frm]
    dist[frm] = 0
    path[frm] = frm
    skip = frozenset((frm, to))
    while queue:
        u = heapq.heappop(queue)
        if u == to:
            return path
        if seen[u]:
            continue
        seen[u] = True
        for v in sorted(adjacency[u]):
            if frozenset((u, v)) == skip:
                continue
            if dist[v] > dist[u] + 1:
                dist[v] = dist[u] + 1
                path[v] = u
                heapq.heappush(queue, v)
    return path


# ------------------------------------------------------------------------------ is Tree, is RegularGraph

def edge_pieces(c: Compiler) -> Callable[[State], tuple[list[int], list[int]]]:
    """fn(s) -> (the piece on each edge, its owner): Ludii's graph ludemes read the pieces on
    the edges (``state.what(k, SiteType.Edge)``) whatever the board is played on; on a board of
    vertices or cells they are those the start rules put there (:mod:`.other_sites`)."""
    if c.topo.use == "Edge":
        return lambda s: (s.what, s.who)
    from .other_sites import pieces_array, sited_count
    name, owner_of = pieces_array("Edge"), c.game.owner_of
    none = [0] * sited_count(c, "Edge")

    def pieces(s: State) -> tuple[list[int], list[int]]:
        what = s.arrays.get(name)
        if what is None:  # no piece is ever put on an edge
            return none, none
        return what, [owner_of[w] for w in what]
    return pieces


def _edge_colour(c: Compiler, who: Any) -> Callable[[State, Env], int]:
    """The kind of piece whose edges make the graph (Ludii quirk: the player's number is compared
    with the *kind* of piece on each edge; for nobody, the kind on the edge numbered as the last
    move's site, or 1 when it is empty)."""
    player = role_number(c, who)
    pieces = edge_pieces(c)

    def colour(s: State, e: Env) -> int:
        p = player(s, e)
        if p == 0:
            at, what = s.last_to, pieces(s)[0]
            kind = what[at] if 0 <= at < len(what) else 0
            return kind if kind else 1
        return p
    return colour


class IsTree(Ludeme):
    """The edges holding the player's kind of piece make a forest: no cycle among them (Ludii's
    ``(is Tree ...)``, asked after the last move; false before any move). Ludii compares the
    player's number with the kind of piece on each edge; for ``Neutral``, the kind is the one
    on the last move's edge (the first kind when that edge is empty).

    Parameters:
        who: the owner (a role or a player)

    Examples:
        (is Tree Neutral)
        (is Tree Mover)
    """

    name = "is Tree"
    kind = BOOL
    who: Any = Param(Either((PLAYER, Instance("player"))))

    def compile(self, c: Compiler):
        els = _elements(c, self)
        colour, pieces = _edge_colour(c, self.who), edge_pieces(c)
        nv = len(els.vertices)
        ends = els.edges

        def holds(s: State, e: Env) -> bool:
            if s.last_to < 0:
                return False
            kind = colour(s, e)
            parent = list(range(nv))

            def root(v: int) -> int:
                while parent[v] != v:
                    v = parent[v]
                return v
            what = pieces(s)[0]
            for k in range(len(ends) - 1, -1, -1):
                if what[k] == kind:
                    ra, rb = root(ends[k][0]), root(ends[k][1])
                    if ra == rb:
                        return False
                    parent[ra] = rb
            return True
        return holds


class IsRegularGraph(Ludeme):
    """Every vertex of the board meets the same number of the player's edges (Ludii's ``(is
    RegularGraph ...)``: the graph of the edges holding the player's kind of piece, with all
    the board's vertices, is regular; asked after the last move). ``k:`` fixes the degree (by
    default the degree of the first vertex that has an edge); ``odd:True`` / ``even:True`` also
    ask that it be odd / even. The player is matched as in ``is Tree``.

    Parameters:
        who: the owner (a role or a player)
        k: the degree every vertex must have
        odd: True: the degree must be odd
        even: True: the degree must be even

    Examples:
        (is RegularGraph Neutral)
        (is RegularGraph Mover k:2)
    """

    name = "is RegularGraph"
    kind = BOOL
    who: Any = Param(Either((PLAYER, Instance("player"))))
    k: Any = Param(INT_FN, optional=True, named=True, range=DISTANCE)  # a degree: up to the sites
    odd: Any = Param(BOOL_FN, optional=True, named=True)
    even: Any = Param(BOOL_FN, optional=True, named=True)

    def validate(self) -> None:
        given = [p for p in (self.k, self.odd, self.even) if p is not None]
        if len(given) > 1:
            raise BindError("is RegularGraph: give only one of k:, odd: and even:", given[1].span)

    def compile(self, c: Compiler):
        els = _elements(c, self)
        colour, pieces = _edge_colour(c, self.who), edge_pieces(c)
        k = c.int(self.k) if self.k is not None else (lambda s, e: 0)
        odd = c.bool(self.odd) if self.odd is not None else (lambda s, e: False)
        even = c.bool(self.even) if self.even is not None else (lambda s, e: False)
        nv = len(els.vertices)
        ends = els.edges

        def holds(s: State, e: Env) -> bool:
            if s.last_to < 0:
                return False
            kind = colour(s, e)
            nbors: list[set[int]] = [set() for _ in range(nv)]
            what = pieces(s)[0]
            for j, (a, b) in enumerate(ends):
                if what[j] == kind:
                    nbors[a].add(b)
                    nbors[b].add(a)
            degree = k(s, e)
            if degree == 0:
                degree = next((len(n) for n in nbors if n), degree)
            if any(len(n) != degree for n in nbors):
                return False
            if odd(s, e):
                return degree % 2 == 1
            if even(s, e):
                return degree % 2 == 0
            return True
        return holds


# ------------------------------------------------------------------------------ sites Incident

class SitesIncident(Ludeme):
    """The elements of one kind touching an element of a kind (Ludii's ``(sites Incident RESULT
    of:KIND at:SITE)``): an edge's two end points (``Vertex of:Edge``), the edges sharing an
    end point with it (``Edge of:Edge``), the cells either side (``Cell of:Edge``); a cell's
    edges, corners, or the cells across its edges; a vertex's edges or cells. Numbers are
    Ludii's numbers of those elements, in Ludii's order (repeats kept). With an owner, only
    those holding a piece of that player (``Shared``/``All``: anyone's), on whichever kind of
    site they are (:mod:`.other_sites`).

    Parameters:
        result: the kind of the elements returned
        of: the kind of the element given
        at: the element given
        owner: the player whose pieces the returned sites must hold
        role: the owner as a role (instead of ``owner:``)

    Examples:
        (sites Incident Cell of:Edge at:(last To))
        (sites Incident Edge of:Cell at:(site))
        (sites Incident Edge of:Vertex at:(to) Mover)
        (sites Incident Edge of:Edge at:(last To) owner:(mover))
    """

    name = "sites Incident"
    kind = REGION
    result: Any = Param(SITE_TYPE)
    of: Any = Param(SITE_TYPE, named=True)
    at: Any = Param(SITE_FN, named=True)
    owner: Any = Param(Either((PLAYER, Instance("player"))), optional=True, named=True)
    role: Any = Param(ROLE, optional=True)

    def validate(self) -> None:
        if self.owner is not None and self.role is not None:
            raise BindError("sites Incident: give the owner once (owner: or a role)", self.role.span)

    def compile(self, c: Compiler):
        els = _elements(c, self)
        result, of = self.result.name, self.of.name
        # a number of an element of the kind of:, which Elements.incident checks (an edge's
        # number may lie beyond the board's cells: (last To) of a move to an edge); a label is
        # one of the board's sites
        at = c.site(self.at) if isinstance(self.at, Str) or of == c.topo.use else c.int(self.at)
        who = self.owner if self.owner is not None else self.role
        if who is None:
            return lambda s, e: els.incident(result, of, at(s, e))
        owner = role_number(c, who)
        everyone = c.game.num_players + 1
        if result != c.topo.use:  # the owners of pieces on another kind of site (.other_sites)
            from .other_sites import pieces_array
            name, owner_of = pieces_array(result), c.game.owner_of
            if name not in c.game.arrays:  # no piece is ever put there: nobody's
                return lambda s, e: [t for t in els.incident(result, of, at(s, e)) if owner(s, e) == 0]

            def owned_there(s: State, e: Env) -> list[int]:
                p, pieces = owner(s, e), s.arrays[name]
                return [t for t in els.incident(result, of, at(s, e))
                        if (pieces[t] != 0 and p == everyone) or owner_of[pieces[t]] == p]
            return owned_there

        def owned(s: State, e: Env) -> list[int]:
            p = owner(s, e)
            who = s.who
            return [t for t in els.incident(result, of, at(s, e))
                    if (who[t] != 0 and p == everyone) or who[t] == p]
        return owned


__all__ = ["IsPath", "IsTree", "IsRegularGraph", "SitesIncident", "role_number", "edge_pieces"]
