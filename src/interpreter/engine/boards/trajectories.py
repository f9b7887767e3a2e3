"""Steps, directions and radials between sites, as Ludii's ``Trajectories`` computes them.

Relations (Ludii's ``Vertex.stepsTo`` and ``Face.stepsTo``):

- cells: ``Orthogonal`` = cells sharing an edge; ``Diagonal`` = at each corner, the cell
  sharing only that corner whose centre lies closest to the line through the corner (square
  grid: the 4 diagonal cells; triangles: the cell opposite each corner), plus, at corners where
  exactly three edges meet, the cell beyond the edge leaving the corner when that edge lies on
  the line between the two centres (hex grid: the 6 "diagonal" hexagons two steps away);
  ``OffDiagonal`` = the other cells sharing a corner (triangles: 6); ``Adjacent`` = Orthogonal +
  the corner-sharing diagonals + OffDiagonal (not the hex diagonals); ``All`` = all of these.
- vertices: ``Orthogonal`` = joined by an edge; ``Diagonal`` = the opposite corner across each
  cell of four or more sides; ``Adjacent`` = Orthogonal; ``All`` = Orthogonal + Diagonal.
- edges (Ludii's ``Edge.stepsTo``): ``Orthogonal`` = ``Adjacent`` = ``All`` = the edges sharing an
  end point (those at the first end point, then those at the second); no diagonals.

Compass directions: each step (including the steps to the site's edges and corners or cells,
which Ludii also makes) gets one of 8 directions by its angle; if two steps of a site share one
of the 8, all of that site's steps use 16 (N, NNE, NE, ENE, E, ...). Radials: from a site, a
first step in a direction, then at each site the step in the same direction whose heading turns
least (less than 0.25 radian), until none or a site repeats. Lists are sorted clockwise from N.

Boards of layers (``BoardGraph.heights``: a pyramid, ``layers``): a step rising or falling is
named in space (``UNE``, ``DSW``, ``U``...: :func:`compass_3d`), and ``SameLayer``, ``Upward``
and ``Downward`` gather each site's level, rising and falling steps; walks still bend in the
plane, as Ludii's.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import circular
from .graph import BoardGraph
from .polygon import distance_to_line

COMPASS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
           "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")
RELATIONS = ("Orthogonal", "Diagonal", "OffDiagonal", "Adjacent", "All")

_PLANAR8 = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
SPATIAL = ("U", *(f"U{d}" for d in _PLANAR8), "D", *(f"D{d}" for d in _PLANAR8))
"""Ludii's directions between layers (``UNE``: up and north-east; ``U``: straight up), in the
order of its ``AbsoluteDirection``."""
LAYERED = ("SameLayer", "Upward", "Downward")
"""Ludii's directions gathering a board of layers' steps: in the plane, up, down."""
_SPATIAL_OPPOSITE = {"U": "D", "D": "U", **{f"U{d}": f"D{_PLANAR8[(i + 4) % 8]}" for i, d in enumerate(_PLANAR8)},
                     **{f"D{d}": f"U{_PLANAR8[(i + 4) % 8]}" for i, d in enumerate(_PLANAR8)},
                     "Upward": "Downward", "Downward": "Upward", "SameLayer": "SameLayer"}
_COLLAPSE = {"ENE": "NE", "NNE": "NE", "NNW": "NW", "WNW": "NW", "WSW": "SW", "SSW": "SW",
             "SSE": "SE", "ESE": "SE"}

ORTH, DIAG, OFF, ADJ, ALL = (1 << i for i in range(5))
_BITS = {"Orthogonal": ORTH, "Diagonal": DIAG, "OffDiagonal": OFF, "Adjacent": ADJ, "All": ALL}

VERTEX, EDGE, CELL = 0, 1, 2

_EIGHT = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")
_SIXTEEN = ("E", "ENE", "NE", "NNE", "N", "NNW", "NW", "WNW",
            "W", "WSW", "SW", "SSW", "S", "SSE", "SE", "ESE")


def opposite(direction: str) -> str:
    """The compass direction pointing the other way (N -> S, NNE -> SSW, UNE -> DSW, ...)."""
    if direction in _SPATIAL_OPPOSITE:
        return _SPATIAL_OPPOSITE[direction]
    return COMPASS[(COMPASS.index(direction) + 8) % 16]


def compass_3d(dx: float, dy: float, dz: float, unit: float, sixteen: bool) -> str:
    """Ludii's ``mapAngleToAbsoluteDirection`` in space: a step rising or falling more than a
    tenth of a unit is U or D (straight up or down, less than a tenth of a unit apart in the
    plane) or U/D and one of the 8 compass directions (with 16, the in-between ones fall to
    the nearest diagonal); a level one is a compass direction."""
    elevation = 1 if dz > 0.1 * unit else (-1 if dz < -0.1 * unit else 0)
    if elevation == 0:
        return compass(dx, dy, sixteen)
    prefix = "U" if elevation > 0 else "D"
    if math.hypot(dx, dy) < 0.1 * unit:
        return prefix
    name = compass(dx, dy, sixteen)
    return prefix + _COLLAPSE.get(name, name)


def compass(dx: float, dy: float, sixteen: bool) -> str:
    """Ludii's ``mapAngleToAbsoluteDirection`` in the plane."""
    angle = math.atan2(dy, dx)
    while angle < 0:
        angle += 2 * math.pi
    while angle > 2 * math.pi:
        angle -= 2 * math.pi
    if not sixteen:
        off = 2 * math.pi / 16
        if angle < off:
            return "E"
        for k in range(1, 8):
            if angle < off + 2 * k * math.pi / 8:
                return _EIGHT[k]
        return "E"
    off = 2 * math.pi / 32
    if angle < off:
        return "E"
    for k in range(1, 16):
        if angle < off + 2 * k * math.pi / 16:
            return _SIXTEEN[k]
    return "E"


def _cw_order(here: tuple[float, float], where: Sequence[tuple[float, float]]) -> Callable[[circular.Ray], float]:
    """The clockwise sort key of the rays from ``here`` (by their first site, ``where``'s)."""
    def key(ray: circular.Ray) -> float:
        return _cw_key(here, where[ray[0]])
    return key


def _cw_key(frm: tuple[float, float], to: tuple[float, float]) -> float:
    """Ludii's sort key for steps and radials: clockwise from north."""
    theta = math.atan2(to[1] - frm[1], to[0] - frm[0])
    value = math.pi / 2 - theta + 0.0001
    while value < 0:
        value += 2 * math.pi
    return value


@dataclass
class Trajectories:
    """Neighbours of each site (same site type) by relation and by compass direction, and
    the radials."""

    relations: dict[str, list[list[int]]]
    steps: dict[str, list[list[int]]]
    rays: Mapping[str, list[list[tuple[int, ...]]]]  # walked when first asked for (Lazy)
    directions: tuple[str, ...]
    relation_directions: dict[str, tuple[str, ...]]


class _Board:
    """Incidence tables of a graph that both kinds of sites need."""

    def __init__(self, graph: BoardGraph) -> None:
        self.graph = graph
        self.around = graph.vertex_edges()
        self.edge_of = graph.edge_index()
        self.centres = [graph.face_centre(f) for f in range(len(graph.faces))]
        self.mids = [graph.edge_centre(e) for e in range(len(graph.edges))]
        self.faces_of: list[list[int]] = [[] for _ in graph.vertices]
        self.edge_faces: list[list[int]] = [[] for _ in graph.edges]
        self.face_edges: list[list[int]] = []
        for fid, face in enumerate(graph.faces):
            eids = []
            for i, v in enumerate(face):
                self.faces_of[v].append(fid)
                eid = self.edge_of[frozenset((v, face[(i + 1) % len(face)]))]
                eids.append(eid)
                self.edge_faces[eid].append(fid)
            self.face_edges.append(eids)

    def pos(self, kind: int, index: int) -> tuple[float, float]:
        if kind == VERTEX:
            return self.graph.vertices[index]
        if kind == EDGE:
            return self.mids[index]
        return self.centres[index]

    def other(self, eid: int, vid: int) -> int:
        a, b = self.graph.edges[eid]
        return b if a == vid else a


def _vertex_steps(b: _Board, vid: int) -> list[list[int]]:
    """Ludii's ``Vertex.stepsTo``: [kind, index, relation bits] in Ludii's insertion order."""
    here = b.graph.vertices[vid]
    steps: list[list[int]] = []
    for eid in b.around[vid]:
        steps.append([VERTEX, b.other(eid, vid), ORTH | ADJ | ALL])
    for fid in b.faces_of[vid]:
        face = b.graph.faces[fid]
        if len(face) < 4:
            continue
        best, best_dist = -1, 1000000.0
        for to in face:
            if to == vid:
                continue
            dist = distance_to_line(b.centres[fid], here, b.graph.vertices[to])
            if dist < best_dist:
                best, best_dist = to, dist
        steps.append([VERTEX, best, DIAG | ALL])
    for eid in b.around[vid]:
        steps.append([EDGE, eid, ORTH | ADJ | ALL])
    for fid in b.faces_of[vid]:
        steps.append([CELL, fid, ORTH | ADJ | ALL])
    return steps


def _cell_steps(b: _Board, fid: int) -> list[list[int]]:
    """Ludii's ``Face.stepsTo``: [kind, index, relation bits] in Ludii's insertion order."""
    face = b.graph.faces[fid]
    centre = b.centres[fid]
    used = {fid}
    steps: list[list[int]] = []
    for eid in b.face_edges[fid]:
        for other in b.edge_faces[eid]:
            if other != fid:
                used.add(other)
                steps.append([CELL, other, ORTH | ADJ | ALL])
    for vid in face:
        best, best_dist = -1, 1000000.0
        for other in b.faces_of[vid]:
            if other in used:
                continue
            dist = distance_to_line(b.graph.vertices[vid], centre, b.centres[other])
            if dist < best_dist:
                best, best_dist = other, dist
        if best >= 0:
            used.add(best)
            steps.append([CELL, best, DIAG | ADJ | ALL])
    for vid in face:
        for other in b.faces_of[vid]:
            if other not in used:
                used.add(other)
                steps.append([CELL, other, OFF | ADJ | ALL])
    steps.extend(_cells_beyond_corners(b, fid, used))
    for vid in face:
        steps.append([VERTEX, vid, ORTH | ADJ | ALL])
    for eid in b.face_edges[fid]:
        steps.append([EDGE, eid, ORTH | ADJ | ALL])
    return steps


def _cells_beyond_corners(b: _Board, fid: int, used: set[int]) -> list[list[int]]:
    """The diagonal steps of ``Face.stepsTo`` past a corner where three edges meet: to a cell
    (not ``used`` yet) at the far end of the corner's edge that leaves the cell, when it lies in
    line with the cell's centre and the corner. Marks them used."""
    centre = b.centres[fid]
    own_edges = set(b.face_edges[fid])
    steps: list[list[int]] = []
    for vid in b.graph.faces[fid]:
        if len(b.around[vid]) != 3:
            continue
        away = next((e for e in b.around[vid] if e not in own_edges), -1)
        if away < 0:
            continue
        beyond = b.other(away, vid)
        for other in b.faces_of[beyond]:
            if other in used:
                continue
            far = b.centres[other]
            dist_v = distance_to_line(b.graph.vertices[vid], centre, far)
            dist_ov = distance_to_line(b.graph.vertices[beyond], centre, far)
            dist_ab = math.hypot(far[0] - centre[0], far[1] - centre[1])
            near = dist_v + dist_ov
            # as Ludii's Java floats: two cells at one place (a board squashed flat) divide by
            # zero to infinity, or to NaN when nothing is apart, which passes the test
            ratio = near / dist_ab if dist_ab else (math.inf if near else math.nan)
            if ratio > 0.1:
                continue
            used.add(other)
            steps.append([CELL, other, DIAG | ALL])
    return steps


def _edge_steps(b: _Board, eid: int) -> list[list[int]]:
    """Ludii's ``Edge.stepsTo``: [kind, index, relation bits] in Ludii's insertion order: the
    edges at each end point, the end points, the cells either side, the other cells at the end
    points (all orthogonal)."""
    bits = ORTH | ADJ | ALL
    ends = b.graph.edges[eid]
    steps: list[list[int]] = []
    for vid in ends:
        steps.extend([EDGE, other, bits] for other in b.around[vid] if other != eid)
    steps.extend([VERTEX, vid, bits] for vid in ends)
    used = set()
    for fid in b.edge_faces[eid]:
        used.add(fid)
        steps.append([CELL, fid, bits])
    for vid in ends:
        for fid in b.faces_of[vid]:
            if fid not in used:
                used.add(fid)
                steps.append([CELL, fid, bits])
    return steps


def _merged(steps: list[list[int]]) -> list[list[int]]:
    """Ludii's ``Steps.add``: a second step to the same element only adds its relations."""
    out: list[list[int]] = []
    index: dict[tuple[int, int], list[int]] = {}
    for kind, target, bits in steps:
        key = (kind, target)
        if key in index:
            index[key][2] |= bits
        else:
            step = [kind, target, bits]
            index[key] = step
            out.append(step)
    return out


def trajectories(graph: BoardGraph, use: str) -> Trajectories:
    """Relations, compass steps and radials between the sites of one type (``Cell``,
    ``Vertex`` or ``Edge``)."""
    board = _Board(graph)
    kind = {"Cell": CELL, "Vertex": VERTEX, "Edge": EDGE}[use]
    count = {CELL: len(graph.faces), VERTEX: len(graph.vertices), EDGE: len(graph.edges)}[kind]
    make = {CELL: _cell_steps, VERTEX: _vertex_steps, EDGE: _edge_steps}[kind]

    relations: dict[str, list[list[int]]] = {r: [[] for _ in range(count)] for r in RELATIONS}
    steps: dict[str, list[list[int]]] = {}
    supported: set[str] = set()
    by_relation: dict[str, set[str]] = {r: set() for r in RELATIONS}

    own_steps: list[list[tuple[int, bool]]] = []  # per site: (target, diagonal), clockwise
    name_of = _direction_namer(graph, board)
    gathered: dict[str, list[list[int]]] = {}  # SameLayer, Upward, Downward (boards of layers)
    for site in range(count):
        here = board.pos(kind, site)
        raw = _merged(make(board, site))
        eight = [name_of(kind, site, k, t, False) for k, t, _ in raw]
        sixteen = len(set(eight)) < len(eight)
        mine = [(t, bits, name_of(kind, site, k, t, sixteen)) for k, t, bits in raw if k == kind]
        mine.sort(key=lambda item: _cw_key(here, board.pos(kind, item[0])))
        own_steps.append([(t, bool(bits & DIAG)) for t, bits, _ in mine])
        for target, bits, direction in mine:
            if direction not in steps:
                steps[direction] = [[] for _ in range(count)]
            steps[direction][site].append(target)
            if graph.heights and direction in COMPASS + SPATIAL:  # a board of layers
                gathered.setdefault(_group_of(direction), [[] for _ in range(count)])[site].append(target)
            for name, bit in _BITS.items():
                if bits & bit:
                    relations[name][site].append(target)
                    by_relation[name].add(direction)
            supported.add(direction)

    ordered = tuple(d for d in COMPASS + SPATIAL if d in supported)
    if gathered:  # a board of layers: Ludii's SameLayer, Upward and Downward
        steps.update(gathered)
        ordered += tuple(d for d in LAYERED if d in gathered)
    table = {**relations, **{d: steps[d] for d in ordered}}
    where = [board.pos(kind, i) for i in range(count)]
    if graph.pivots:  # Ludii's circular directions: boards with a pivot (concentric ones)
        turning = circular.classify(graph, use, where, own_steps)
        turning[circular.ROTATIONAL] = [[t for t, _ in own if any(t in turning[d][i] for d in circular.CIRCULAR)]
                                        for i, own in enumerate(own_steps)]
        steps.update(turning)
        ordered += circular.DIRECTIONS
    done: list[tuple[list[list[int]], list[list[tuple[int, ...]]]]] = []

    def radials_of(name: str) -> list[list[tuple[int, ...]]]:
        if name in circular.DIRECTIONS:
            return _circular_radials(name, where, steps, radials_of)
        neighbours = table[name]
        same = next((r for t, r in done if t == neighbours), None)  # e.g. Adjacent == All
        if same is None:
            tails: dict[tuple[int, int], tuple[int, ...]] = {}
            walk = _Straightest(where, neighbours)
            same = [_radials(where, walk, tails, site) for site in range(count)]
            done.append((neighbours, same))
        return same
    # a relation's radials are walked when first asked for: on a dense board they are most of
    # the work of building it, and the engine's rules walk the compass directions' only
    rays = Lazy(tuple(table) + tuple(d for d in ordered if d not in table), radials_of)
    return Trajectories(
        relations=relations,
        steps={d: steps[d] for d in ordered},
        rays=rays,
        directions=ordered,
        relation_directions={r: tuple(d for d in COMPASS + SPATIAL if d in by_relation[r])
                             for r in RELATIONS},
    )


_KIND_NAMES = {VERTEX: "Vertex", EDGE: "Edge", CELL: "Cell"}


def _direction_namer(graph: BoardGraph, board: _Board) -> Callable[[int, int, int, int, bool], str]:
    """The direction of a step between two elements (kind, index): Ludii's compass direction
    in the plane, or, on a board of layers, its direction in space (:func:`compass_3d`, the
    unit being the mean length of an edge)."""
    if not graph.heights:
        def flat(kind: int, site: int, k: int, t: int, sixteen: bool) -> str:
            return compass(*_delta(board.pos(kind, site), board.pos(k, t)), sixteen=sixteen)
        return flat
    points = [(x, y, graph.z(v)) for v, (x, y) in enumerate(graph.vertices)]
    unit = sum(math.dist(points[a], points[b]) for a, b in graph.edges) / len(graph.edges) \
        if graph.edges else 1.0

    def spatial(kind: int, site: int, k: int, t: int, sixteen: bool) -> str:
        dx, dy = _delta(board.pos(kind, site), board.pos(k, t))
        dz = graph.element_z(_KIND_NAMES[k], t) - graph.element_z(_KIND_NAMES[kind], site)
        return compass_3d(dx, dy, dz, unit, sixteen)
    return spatial


def _group_of(direction: str) -> str:
    """Which of Ludii's SameLayer, Upward, Downward a direction's steps belong to."""
    if direction in COMPASS:
        return "SameLayer"
    return "Upward" if direction.startswith("U") else "Downward"


def _circular_radials(name: str, where: list[tuple[float, float]], steps: dict[str, list[list[int]]],
                      radials_of: Callable[[str], list[list[tuple[int, ...]]]]) -> list[list[tuple[int, ...]]]:
    """The radials of a circular direction (see :mod:`.circular`), per site."""
    table = steps[name]
    if name != circular.ROTATIONAL:
        return [circular.follow(table, site) for site in range(len(where))]
    straight = _Straightest(where, table)
    tails: dict[tuple[int, int], tuple[int, ...]] = {}
    out = []
    for site in range(len(where)):
        here = where[site]
        parts = [radials_of(d)[site] for d in circular.CIRCULAR]
        out.append(circular.rotational(_radials(where, straight, tails, site), parts,
                                       key=_cw_order(here, where)))
    return out


class Lazy(Mapping[str, Any]):
    """A read-only mapping whose values are made when first asked for (then kept)."""

    def __init__(self, keys: Sequence[str], make: Callable[[str], Any]):
        self._keys = tuple(keys)
        self._make = make
        self._made: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        if key not in self._made:
            if key not in self._keys:
                raise KeyError(key)
            self._made[key] = self._make(key)
        return self._made[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


def _delta(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    return b[0] - a[0], b[1] - a[1]


_TAN_BEND = math.tan(0.25)


def _radials(where: list[tuple[float, float]], table: _Straightest,
             tails: dict[tuple[int, int], tuple[int, ...]], site: int) -> list[tuple[int, ...]]:
    """Ludii's radials from one site along one direction or relation: the first step may be any
    step in it; each next step is the one in it that bends least (less than 0.25 rad), until
    there is none or it comes back to a site already on the radial. ``tails`` caches the rest
    of a line after each (previous, current) pair, shared by all the sites along it."""
    out: list[tuple[int, ...]] = []
    kept: set[tuple[int, ...]] = set()
    for first in table.table[site]:
        ray = _tail(where, table, tails, site, first)
        if site in ray or len(set(ray)) < len(ray):
            ray = _direct(where, table, site, first)  # a line that loops back on itself
        if ray not in kept:
            kept.add(ray)
            out.append(ray)
    here = where[site]
    out.sort(key=lambda ray: _cw_key(here, where[ray[0]]))
    return out


def _tail(where: list[tuple[float, float]], table: _Straightest, tails: dict[tuple[int, int], tuple[int, ...]],
          prev: int, cur: int) -> tuple[int, ...]:
    """The sites from ``cur`` onwards along the line entered from ``prev`` (memoised)."""
    keys: list[tuple[int, int]] = []
    seen: set[tuple[int, int]] = set()
    key = (prev, cur)
    rest: tuple[int, ...] = ()
    while key not in tails:
        if key in seen:
            break  # the line runs round a loop: the caller checks and walks it directly
        seen.add(key)
        keys.append(key)
        nxt = table.next(*key)
        if nxt < 0:
            break
        key = (key[1], nxt)
    else:
        rest = tails[key]
    for k in reversed(keys):
        rest = (k[1],) + rest
        tails[k] = rest
    return tails.get((prev, cur), rest)


def _direct(where: list[tuple[float, float]], table: _Straightest, site: int, first: int) -> tuple[int, ...]:
    """Ludii's radial walk, stopping at a site already on it."""
    radial = [site, first]
    while True:
        nxt = table.next(radial[-2], radial[-1])
        if nxt < 0 or nxt in radial:
            return tuple(radial[1:])
        radial.append(nxt)


_BEND = 0.25 + 1e-6  # the bend allowed (radians), with room for rounding: candidates only


class _Straightest:
    """The next step of a radial: after the step ``prev`` -> ``cur``, the step from ``cur`` in
    the table that bends least. Each site's neighbours are kept sorted by the angle of the step
    to them, so only those within the allowed bend are looked at (a dense graph's sites have
    dozens of neighbours: looking at all of them at every step made such boards load in
    minutes); the choice among them is :func:`_least_bend`'s, exactly."""

    FEW = 8  # neighbours below which looking at all of them is as quick

    def __init__(self, where: list[tuple[float, float]], table: list[list[int]]):
        self.where, self.table = where, table
        self._angles: dict[int, tuple[list[float], list[int]]] = {}

    def next(self, prev: int, cur: int) -> int:
        options = self.table[cur]
        if len(options) <= self.FEW:
            return _least_bend(self.where, options, prev, cur)
        angles, order = self._sorted(cur)
        (ax, ay), (bx, by) = self.where[prev], self.where[cur]
        heading = math.atan2(by - ay, bx - ax)
        near: list[int] = []
        for lo, hi in _windows(heading - _BEND, heading + _BEND):
            near.extend(order[bisect.bisect_left(angles, lo):bisect.bisect_right(angles, hi)])
        near.sort()  # in the table's order, as _least_bend looks at them
        return _least_bend(self.where, [options[i] for i in near], prev, cur)

    def _sorted(self, cur: int) -> tuple[list[float], list[int]]:
        found = self._angles.get(cur)
        if found is None:
            bx, by = self.where[cur]
            pairs = sorted((math.atan2(self.where[n][1] - by, self.where[n][0] - bx), i)
                           for i, n in enumerate(self.table[cur]))
            found = self._angles[cur] = ([a for a, _ in pairs], [i for _, i in pairs])
        return found


def _windows(lo: float, hi: float) -> list[tuple[float, float]]:
    """The angle interval [lo, hi] as intervals within [-pi, pi] (it may wrap round)."""
    if lo < -math.pi:
        return [(-math.pi, hi), (lo + 2 * math.pi, math.pi)]
    if hi > math.pi:
        return [(lo, math.pi), (-math.pi, hi - 2 * math.pi)]
    return [(lo, hi)]


def _least_bend(where: list[tuple[float, float]], options: list[int], prev: int, cur: int) -> int:
    """Of the steps ``options`` from ``cur``, the first that bends least after ``prev`` ->
    ``cur`` (and less than 0.25 rad), or -1."""
    (ax, ay), (bx, by) = where[prev], where[cur]
    vx, vy = bx - ax, by - ay
    best, best_tan = -1, _TAN_BEND
    for nxt in options:
        cx, cy = where[nxt]
        ux, uy = cx - bx, cy - by
        x = ux * vx + uy * vy
        if x <= 0.0:
            continue  # turns back: infinitely bent (abs_tan_turn)
        t = abs((ux * -vy + uy * vx) / x)
        if t < best_tan:
            best, best_tan = nxt, t
            if t == 0.0:
                break
    return best
