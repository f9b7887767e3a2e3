"""Board topology: the sites of any board as a graph with coordinates, precomputed once.

Every board, whatever its tiling (square, hexagonal, triangular, semi-regular, an explicit
graph), becomes the same tables (built by :func:`from_graph` from a generator of
:mod:`.boards`), so the rules never ask what the board looks like:

- ``labels``, ``positions`` (x right, y up), Ludii's ``rows`` and ``columns`` per site;
- ``neighbours[relation][s]``: the sites next to ``s`` under Ludii's relations (``Orthogonal``,
  ``Diagonal``, ``OffDiagonal``, ``Adjacent``, ``All``);
- ``step[d][s]``: the neighbour of ``s`` in compass direction ``d`` (or -1), for the directions
  of the tiling (square: N NE E ...; hexagons and triangles: six or twelve of the sixteen);
- ``rays[d][s]``: the straight line of sites beyond ``s`` in direction ``d``, nearest first;
- ``radials[key][s]``: every radial from ``s`` for a *direction key*, as Ludii's
  ``Trajectories``: a compass direction (usually one radial; two when two steps share the
  label) or a relation (``Orthogonal``, ``Adjacent``...: one radial per step of the relation,
  each continued along the relation's steps that bend least). Rules name directions by keys
  (:meth:`Topology.keys`): ``Adjacent`` is the relation itself, not the compass directions
  its steps use somewhere on the board, because on an irregular board a compass direction
  that is orthogonal at one site may be a diagonal step at another. The walks along lines
  that every ludeme uses are :meth:`Topology.rays_for`, :meth:`Topology.axes_for` and
  :meth:`Topology.neighbours_of`;
- ``regions``: Ludii's regions of the board (Top, Bottom, Left, Right, Centre, Corners, Perimeter,
  Outer, Inner, Major, Minor, Phase0..., ``Side N`` ... ``Side NW``: see
  :mod:`.boards.regions`), plus the description's named regions.

A networkx graph of the board is built on first use, for graph algorithms.
"""

from __future__ import annotations

import hashlib
import math
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from .boards import RELATIONS, BoardGraph, Sites, build_sites
from .boards.lines import LineTable, oriented
from .elements import Elements

if TYPE_CHECKING:
    import networkx as nx

MAX_SITES = 10_000
#: Ludii's classes of absolute directions that are no relation, by the compass names they match
COMPASS_GROUPS = {
    "Axial": ("N", "E", "S", "W", "U", "D"),
    "Angled": ("NE", "SE", "SW", "NW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW", "NNW"),
}
DISTANCE_CACHE_SITES = 1 << 22  # numbers kept per relation by Topology.distances_from
Point = tuple[float, float]
Ray = tuple[int, ...]
Axis = tuple[Ray, Ray]  # a line through a site: (forward half, backward half)


def column_letters(index: int) -> str:
    """0 → A, 25 → Z, 26 → AA (Ludii's column names)."""
    text = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        text = chr(ord("A") + rem) + text
    return text


@dataclass
class Topology:
    """The precomputed tables of one board (see the module docs)."""

    labels: list[str]
    positions: list[Point]
    rows: list[int]
    columns: list[int]
    step: dict[str, list[int]]
    neighbours: dict[str, tuple[tuple[int, ...], ...]]
    rays: dict[str, tuple[tuple[int, ...], ...]]
    relation_directions: dict[str, tuple[str, ...]]
    opposite: dict[str, str]
    tiling: str = "square"
    use: str = "Cell"
    perimeter: tuple[int, ...] = ()
    shapes: tuple[tuple[Point, ...], ...] = ()  # the outline of each cell (boards of cells)
    lines: tuple[tuple[int, int], ...] = ()  # the board's drawn lines between sites (vertices)
    regions: dict[str, tuple[int, ...]] = field(default_factory=dict)
    radials: Mapping[str, Sequence[tuple[tuple[int, ...], ...]]] = field(default_factory=dict)
    steps_all: Mapping[str, tuple[tuple[int, ...], ...]] = field(default_factory=dict)
    elements: Elements | None = None  # the board's vertices, edges and cells (see .elements)
    layers: tuple[int, ...] = ()  # Ludii's layer of each site on a board of layers (empty: all 0)
    # the sites of each row and column where they are not the sites of that index (a board of
    # layers in a game that is 3D, see with_ground_lines): "rows"/"columns" -> index -> sites
    members: Mapping[str, Mapping[int, tuple[int, ...]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.n = len(self.labels)
        self.label_index = {label: i for i, label in enumerate(self.labels)}
        self.label_index.update({label.upper(): i for i, label in enumerate(self.labels)})
        self.directions = tuple(self.step)
        pairs = []
        for d in self.directions:
            o = self.opposite.get(d)
            if o in self.step and (o, d) not in pairs:
                pairs.append((d, o))
        self.axes = tuple(pairs)
        self._rays_cache: dict[tuple[str, ...], list[tuple[Ray, ...]]] = {}
        self._kind_regions: dict[str, Mapping[str, tuple[int, ...]]] = {}
        self._kind_topologies: dict[str, Topology] = {}
        self._axes_cache: dict[tuple[str, ...], list[tuple[Axis, ...]]] = {}
        # per relation, the steps from the origins asked so far (distances_from)
        self._distance_cache: dict[tuple[str, ...], dict[int, list[int]]] = {}
        self._lines = LineTable(self.positions, self.radials, self.directions, RELATIONS) \
            if self.radials else None
        self.derived: dict[str, tuple[tuple[str, ...], ...]] = {}  # see derive()
        self._derived_tables: dict[str, tuple[tuple[tuple[int, ...], ...], list[tuple[Ray, ...]]]] = {}

    # --- sites -------------------------------------------------------------------------------------
    def site(self, label: str) -> int:
        """The site with this label (case-insensitive), or -1."""
        index = self.label_index.get(label, self.label_index.get(label.upper(), -1))
        return index

    def layer(self, site: int) -> int:
        """The layer of a site (Ludii's; 0 on a flat board)."""
        return self.layers[site] if self.layers else 0

    def count_lines(self, table: str) -> int:
        """Ludii's number of rows (``table`` "rows") or columns ("columns"): one per index,
        or, on a board of layers in a 3D game (:meth:`with_ground_lines`), the ground's."""
        return len(self.line_sites(table))

    def line_sites(self, table: str) -> Mapping[int, tuple[int, ...]]:
        """The sites of each row (``table`` "rows") or column ("columns"), by index: Ludii's
        ``Topology.rows(type)``, the sites of that index (but see :meth:`with_ground_lines`)."""
        members = self.members.get(table)
        if members is not None:
            return members
        by_index: dict[int, tuple[int, ...]] = {}
        for site, k in enumerate(getattr(self, table)):
            by_index[k] = by_index.get(k, ()) + (site,)
        return by_index

    def line_of(self, table: str) -> list[int]:
        """The row (or column) whose sites each site is among (-1: none, see
        :meth:`with_ground_lines`)."""
        line = [-1] * self.n
        for k, sites in self.line_sites(table).items():
            for site in sites:
                line[site] = k
        return line

    def with_ground_lines(self) -> Topology:
        """The board as Ludii measures it in a 3D game (its ``GameType.ThreeDimensions`` flag,
        which ``(layer of:...)`` raises): ``Topology.computeRows`` and ``computeColumns`` then
        make a row for each y (a column for each x) of the ground's sites, bottom (left) first,
        and put in it every site of any layer at that y (x) within 0.001, each taking that row
        (column) as its own; a site of another layer that stands over no ground row (the odd
        layers of a square pyramid, between the ground's rows) is in no row and keeps the row
        the board's clustering gave it (Ludii's ``situation().rcl()``). Labels stay the
        clustered ones (``A1/0``, ``B2/1``...). Unchanged on a board of one layer."""
        if not self.layers or len(set(self.layers)) < 2:
            return self
        rows, row_sites = _ground_lines([p[1] for p in self.positions], self.layers, self.rows)
        columns, column_sites = _ground_lines([p[0] for p in self.positions], self.layers, self.columns)
        return Topology(list(self.labels), self.positions, rows, columns, self.step, self.neighbours,
                        self.rays, self.relation_directions, self.opposite, self.tiling, self.use,
                        self.perimeter, self.shapes, self.lines, dict(self.regions), self.radials,
                        self.steps_all, self.elements, self.layers,
                        {"rows": row_sites, "columns": column_sites})

    @property
    def is_row(self) -> bool:
        """A board of one row (Alak's), printed as a string of slots."""
        return self.n > 1 and len(set(self.rows)) == 1 and self.tiling == "square"

    # --- directions --------------------------------------------------------------------------------
    def expand_directions(self, names: Iterable[str]) -> tuple[str, ...]:
        """Direction names or relations (Orthogonal, All...) → the compass directions of this
        board their steps use anywhere on it (none for a direction the tiling lacks)."""
        out: list[str] = []
        for name in names:
            for d in self.relation_directions.get(name) or self.grouped(name) or (name,):
                if d in self.step and d not in out:
                    out.append(d)
        return tuple(out)

    def grouped(self, name: str) -> tuple[str, ...]:
        """The compass directions of this board in one of Ludii's classes of absolute directions
        that name no relation (Axial: N, E, S, W, U, D; Angled: the others of the plane), as its
        AbsoluteDirection.matches picks them among every direction of the board: none for any
        other name, or where the board has none of them."""
        group = COMPASS_GROUPS.get(name)
        if group is None:
            return ()
        every = self.relation_directions.get("All", ())
        return tuple(d for d in (*every, *(d for d in self.step if d not in every)) if d in group)

    def keys(self, names: Iterable[str]) -> tuple[str, ...]:
        """Direction names → the direction keys the rules walk (Ludii's absolute directions):
        a relation (Orthogonal, Adjacent, All...) stays itself when the board has steps under
        it; a compass direction stays when the board has it; others are dropped."""
        out: list[str] = []
        for name in names:
            if name in COMPASS_GROUPS:  # Axial, Angled: their compass directions on this board
                out.extend(d for d in self.grouped(name) if d not in out)
                continue
            present = bool(self.relation_directions.get(name)) if name in RELATIONS else name in self.step
            if present and name not in out:
                out.append(name)
        return tuple(out)

    def derive(self, per_site: Sequence[tuple[str, ...]]) -> str:
        """A direction key whose compass directions change from site to site (Ludii's directions
        read on each element: ``(difference Diagonal N)`` is, at each site, the compass
        directions of that site's own diagonal steps but N): ``per_site`` gives them; its steps
        and radials are those of its directions at each site. Named by what it holds, so
        that the same directions are the same key on this board."""
        table = tuple(tuple(d for d in dirs if d in self.step) for dirs in per_site)
        name = "<directions " + hashlib.sha1(repr(table).encode()).hexdigest()[:12] + ">"
        self.derived.setdefault(name, table)
        return name

    def _derived(self, key: str) -> tuple[tuple[tuple[int, ...], ...], list[tuple[Ray, ...]]]:
        made = self._derived_tables.get(key)
        if made is None:
            dirs = self.derived[key]
            steps = tuple(tuple(t for d in dirs[s] for t in self.steps_of(d)[s]) for s in range(self.n))
            radials = [tuple(r for d in dirs[s] for r in self.radials_of(d)[s]) for s in range(self.n)]
            made = self._derived_tables[key] = (steps, radials)
        return made

    def walkable(self, key: str) -> bool:
        """Whether the rules can walk this direction key on this board."""
        return key in self.step or key in RELATIONS or key in self.derived

    def steps_of(self, key: str) -> tuple[tuple[int, ...], ...]:
        """Per site, the sites one step away along a direction key: a relation's neighbours, or
        every step with that compass label (clockwise from north)."""
        if key in RELATIONS:
            return self.neighbours[key]
        if key in self.derived:
            return self._derived(key)[0]
        table = self.steps_all.get(key)
        if table is None:
            return tuple((t,) if t >= 0 else () for t in self.step[key])
        return table

    def radials_of(self, key: str) -> Sequence[tuple[tuple[int, ...], ...]]:
        """Per site, its radials along a direction key (see the module docs)."""
        if key in self.derived:
            return self._derived(key)[1]
        table = self.radials.get(key) if self.radials else None
        if table is None:
            return tuple((r,) if r else () for r in self.rays[key])
        return table

    def ray(self, site: int, direction: str) -> tuple[int, ...]:
        """The sites beyond ``site`` along a direction key (its first radial), nearest first,
        to the edge of the board."""
        if not self.walkable(direction):
            return ()
        found = self.radials_of(direction)[site]
        return found[0] if found else ()

    def rays_for(self, directions: Sequence[str]) -> list[tuple[tuple[int, ...], ...]]:
        """Per site, its non-empty radials along the given direction keys, key by key: the one
        shared walk along lines (steps take the first site of each ray, hops and captures walk
        on)."""
        key = tuple(directions)
        cached = self._rays_cache.get(key)
        if cached is None:
            tables = [self.radials_of(d) for d in key if self.walkable(d)]
            cached = [tuple(r for t in tables for r in t[s] if r) for s in range(self.n)]
            self._rays_cache[key] = cached
        return cached

    def axes_for(self, directions: Sequence[str]) -> list[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]]:
        """Per site, the lines through it along the given direction keys, each as (forward
        half, backward half): a radial and its opposite as Ludii pairs them
        (:mod:`.boards.lines`), each line once, its halves in a fixed order (the half heading
        N to SE first). What lines through a site are made of."""
        key = tuple(directions)
        cached = self._axes_cache.get(key)
        if cached is None:
            if self._lines is None:
                axes = [(self.rays[a], self.rays[b]) for a, b in self.axes if a in key or b in key]
                cached = [tuple((fwd[s], back[s]) for fwd, back in axes) for s in range(self.n)]
            else:
                lines = self._lines
                tables = [lines(d) for d in key if d in self.step or d in RELATIONS]
                derived = [self.derived[d] for d in key if d in self.derived]  # its own directions at each site
                cached = []
                for s in range(self.n):
                    seen: dict[Axis, None] = {}
                    own = [lines(d) for dirs in derived for d in dirs[s]]
                    for table in tables + own:
                        for fwd, back in table[s]:
                            seen.setdefault(oriented(self.positions, s, fwd, back))
                    cached.append(tuple(seen))
            self._axes_cache[key] = cached
        return cached

    def neighbours_of(self, site: int, directions: Sequence[str]) -> list[int]:
        """The sites one step from ``site`` along the given direction keys."""
        return [n for d in directions if self.walkable(d) for n in self.steps_of(d)[site]]

    def distances(self, origin: int, directions: Sequence[str]) -> list[int]:
        """Steps from ``origin`` to every site along ``directions`` (-1 when unreachable)."""
        tables = [self.steps_of(d) for d in directions if self.walkable(d)]  # looked up once, not per site
        dist = [-1] * self.n
        dist[origin] = 0
        queue = deque([origin])
        while queue:
            s = queue.popleft()
            step = dist[s] + 1
            for table in tables:
                for n in table[s]:
                    if dist[n] < 0:
                        dist[n] = step
                        queue.append(n)
        return dist

    def distances_from(self, origin: int, directions: Sequence[str]) -> Sequence[int]:
        """:meth:`distances`, kept: a property of the board, worked out once per origin and
        relation and shared by every rule asking it (count Steps, sites Distance). The cache
        holds at most :data:`DISTANCE_CACHE_SITES` numbers per relation (all the origins of a
        board of up to 2,048 sites); past that it starts again. Read it, never change it."""
        key = tuple(directions)
        table = self._distance_cache.get(key)
        if table is None:
            table = self._distance_cache[key] = {}
        dist = table.get(origin)
        if dist is None:
            if (len(table) + 1) * self.n > DISTANCE_CACHE_SITES:
                table.clear()
            dist = table[origin] = self.distances(origin, directions)
        return dist

    def regions_of(self, kind: str) -> Mapping[str, tuple[int, ...]]:
        """Ludii's named regions of the board for a kind of element (``Cell``, ``Vertex`` or
        ``Edge``): the board's own regions for the kind it is played on; for another kind, its
        elements' regions measured as Ludii does (numbers of those elements), made when first
        asked for."""
        if kind == self.use or self.elements is None:
            return self.regions
        cached = self._kind_regions.get(kind)
        if cached is None:
            from .boards.graph import BoardGraph
            from .boards.regions import board_regions
            els = self.elements
            graph = BoardGraph(list(els.vertices), list(els.edges), [list(c) for c in els.cells], self.tiling)
            cached = self._kind_regions[kind] = board_regions(graph, kind)
        return cached

    def of_kind(self, kind: str) -> Topology:
        """The board seen as its elements of ``kind`` (``Cell``, ``Vertex`` or ``Edge``), as if
        it were played on them (``use:``): Ludii's per-type topology of one graph, its labels,
        neighbours and directions among those elements (the cells' diagonals of a board of
        vertices), made when first asked for."""
        if kind == self.use or self.elements is None:
            return self
        cached = self._kind_topologies.get(kind)
        if cached is None:
            from .boards.graph import BoardGraph
            els = self.elements
            graph = BoardGraph(list(els.vertices), list(els.edges), [list(c) for c in els.cells], self.tiling)
            cached = self._kind_topologies[kind] = build(lambda: graph, kind)
        return cached

    def side(self, direction: str) -> tuple[int, ...]:
        """The sites on one side of the board (Ludii's ``(sites Side D)``; D is N, NE ... NW)."""
        return self.regions.get(f"Side {direction}", ())

    @cached_property
    def spacing(self) -> float:
        """The usual distance between neighbouring sites (the shortest orthogonal step)."""
        best = math.inf
        for s, nbrs in enumerate(self.neighbours.get("Orthogonal", ())):
            x, y = self.positions[s]
            for t in nbrs:
                tx, ty = self.positions[t]
                best = min(best, math.hypot(tx - x, ty - y))
        return best if best < math.inf else 1.0

    @cached_property
    def graph(self) -> nx.Graph[int]:
        """The board as a networkx graph: nodes are sites (with ``label`` and ``pos``), edges
        join neighbours under ``All`` (``relation`` says Orthogonal, Diagonal...)."""
        import networkx as nx
        g: nx.Graph[int] = nx.Graph()
        for s in range(self.n):
            g.add_node(s, label=self.labels[s], pos=self.positions[s])
        for relation in ("OffDiagonal", "Diagonal", "Orthogonal"):
            for s, nbrs in enumerate(self.neighbours.get(relation, ())):
                for t in nbrs:
                    g.add_edge(s, t, relation=relation)
        return g

    def with_labels(self, labels: Sequence[str]) -> Topology:
        """The same board with its sites relabelled (in site order)."""
        if len(labels) != self.n:
            raise ValueError(f"{len(labels)} labels for {self.n} sites")
        return Topology(list(labels), self.positions, self.rows, self.columns, self.step,
                        self.neighbours, self.rays, self.relation_directions, self.opposite,
                        self.tiling, self.use, self.perimeter, self.shapes, self.lines,
                        dict(self.regions), self.radials, self.steps_all, self.elements, self.layers,
                        self.members)


def _ground_lines(values: Sequence[float], layers: Sequence[int], clustered: Sequence[int]
                  ) -> tuple[list[int], dict[int, tuple[int, ...]]]:
    """Ludii's ``Topology.computeRows`` (``values`` the y of each site) or ``computeColumns``
    (the x) on a 3D board: the distinct values of the ground's sites, in ascending order, each a
    line of every site at that value within 0.001; the line of each site (the ``clustered`` one
    for a site on none) and the sites of each line."""
    centres: list[float] = []
    for v, layer in zip(values, layers):
        if layer == 0 and not any(abs(v - c) < 0.001 for c in centres):
            centres.append(v)
    centres.sort()
    index = list(clustered)
    members: dict[int, tuple[int, ...]] = {}
    for i, c in enumerate(centres):
        members[i] = tuple(site for site, v in enumerate(values) if abs(v - c) < 0.001)
        for site in members[i]:
            index[site] = i
    return index, members




def from_sites(sites: Sites, shapes: Sequence[Sequence[Point]] = (),
               lines: Sequence[tuple[int, int]] = ()) -> Topology:
    """The engine's tables from the sites a board generator built."""
    n = len(sites)
    if n > MAX_SITES:
        raise ValueError(f"board too large ({n} sites, at most {MAX_SITES})")
    step = {}
    rays = {}
    for d in sites.directions:
        step[d] = [t[0] if t else -1 for t in sites.steps[d]]
        rays[d] = tuple(r[0] if r else () for r in sites.rays[d])
    neighbours = {r: sites.relations[r] for r in RELATIONS}
    return Topology(
        labels=list(sites.labels), positions=list(sites.positions), rows=list(sites.rows),
        columns=list(sites.columns), step=step, neighbours=neighbours, rays=rays,
        relation_directions={r: tuple(d for d in sites.relation_directions.get(r, ()) if d in step)
                             for r in RELATIONS},
        opposite=dict(sites.opposite), tiling=sites.tiling, use=sites.use,
        perimeter=tuple(sites.perimeter), shapes=tuple(tuple(p) for p in shapes),
        lines=tuple(lines), regions=dict(sites.regions), radials=sites.rays,
        steps_all={d: sites.steps[d] for d in sites.directions},
        layers=sites.layers if any(sites.layers) else ())


_BUILT: dict[tuple[tuple[object, ...], str], Topology] = {}  # boards already built in this process, by description
_BUILT_MAX = 64


def build(graph_of: Callable[[], BoardGraph], use: str, key: tuple[object, ...] | None = None) -> Topology:
    """The topology of the board ``graph_of()`` builds, its sites used as ``use`` (``Cell``,
    ``Vertex`` or ``Edge``). With a ``key`` (a value naming the board, e.g. ``("hex", "Diamond", 11)``), a
    board built before in this process is reused: generators are pure geometry."""
    if key is not None and (key, use) in _BUILT:
        return _BUILT[key, use].with_labels(_BUILT[key, use].labels)
    graph = graph_of()
    sites = build_sites(graph, use)
    if use == "Cell":
        shapes = [tuple(graph.vertices[v] for v in face) for face in graph.faces]
        lines: list[tuple[int, int]] = []
    elif use == "Edge":  # the picture draws the edges themselves (Topology.elements)
        shapes, lines = [], []
    else:
        shapes = []
        lines = [(a, b) for a, b in graph.edges]
    topo = from_sites(sites, shapes, lines)
    topo.elements = Elements.of(graph)
    if key is not None:
        if len(_BUILT) >= _BUILT_MAX:
            _BUILT.pop(next(iter(_BUILT)))
        _BUILT[key, use] = topo
    return topo.with_labels(topo.labels)
