"""The board graph: vertices with positions, edges, faces (cells), as Ludii's ``game.util.graph.Graph``.

Positions are Ludii's own coordinates (x right, y up, one unit per edge), because Ludii's site
order and coordinate labels are computed from them and depend on their exact values. The
operations that Ludii's generators and operators use are kept with Ludii's meaning:

- ``make_faces`` traces the bounded faces of the planar drawing (Ludii's ``makeFaces``);
- ``reorder`` sorts vertices, edges and faces by ``y * 100 + x`` (Ludii's ``reorder``), which is
  where Ludii's site order comes from;
- ``remove_vertex`` / ``remove_edge`` / ``remove_face`` renumber the survivors without reordering;
- ``trim`` drops edges with a dangling end point, then vertices left without edges.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Iterator
from dataclasses import dataclass, field

MAX_SITES = 10_000
"""Largest number of sites a board may have (cells or vertices, whichever the board uses)."""

MAX_VERTICES = 4 * MAX_SITES
"""Hard limit on graph vertices while building (a board of cells has more vertices than cells)."""

MAX_FACE_SIDES = 32  # Ludii's makeFaces gives up on longer face boundaries

TILINGS = ("square", "hexagonal", "triangular", "semiregular", "graph")
"""Values of ``BoardGraph.tiling``."""


class BoardSizeError(ValueError):
    """A board asked for more sites than the engine allows."""


def check_size(count: int, what: str) -> None:
    """Raise BoardSizeError when a board would have more than MAX_SITES sites."""
    if count > MAX_SITES:
        raise BoardSizeError(
            f"{what} would have {count} sites; boards are limited to {MAX_SITES} sites"
        )


def f32(value: float) -> float:
    """Round to single precision, as Ludii does for vertices made from float lists."""
    rounded: float = struct.unpack("f", struct.pack("f", value))[0]
    return rounded


Point = tuple[float, float]


def score(x: float, y: float) -> float:
    """Ludii's ordering key for graph elements: rows bottom to top, then left to right."""
    return y * 100 + x


@dataclass
class BoardGraph:
    """Vertices (x, y), edges (vertex pairs) and faces (vertex cycles, clockwise) of a board.

    ``tiling`` is one of ``square``, ``hexagonal``, ``triangular``, ``semiregular`` (3.3.4.3.4)
    or ``graph`` (anything else, including boards changed by an operator).
    """

    vertices: list[tuple[float, float]] = field(default_factory=list)
    edges: list[tuple[int, int]] = field(default_factory=list)
    faces: list[list[int]] = field(default_factory=list)
    tiling: str = "graph"
    pivots: dict[int, int] = field(default_factory=dict)
    """Ludii's ``Vertex.pivot``: vertex -> the vertex its circular directions turn about (the
    centre of a concentric board). Kept through reordering and removals, as the vertices are."""
    curved: set[frozenset[int]] = field(default_factory=set)
    """The end points of the curved edges (Ludii's edges with tangents: the rings of a
    concentric board), which CW and CCW steps run along."""
    heights: list[float] = field(default_factory=list)
    """Ludii's z of each vertex on a board of layers (a pyramidal one); empty on a flat board
    (every z is 0). Positions stay (x, y): Ludii orders, labels and walks sites by them."""

    # ------------------------------------------------------------------ queries

    def copy(self) -> BoardGraph:
        """An independent copy."""
        return BoardGraph(list(self.vertices), list(self.edges), [list(f) for f in self.faces],
                          self.tiling, dict(self.pivots), set(self.curved), list(self.heights))

    def z(self, vid: int) -> float:
        """The height of a vertex (0 on a flat board)."""
        return self.heights[vid] if self.heights else 0.0

    def element_z(self, kind: str, index: int) -> float:
        """The height of a site of a kind (``Vertex``, ``Edge``, ``Cell``): a vertex's own, the
        mean of an edge's or a cell's vertices (Ludii's centroids)."""
        if not self.heights:
            return 0.0
        if kind == "Vertex":
            return self.heights[index]
        vids = self.edges[index] if kind == "Edge" else self.faces[index]
        return sum(self.heights[v] for v in vids) / len(vids)

    def _renumber_marks(self, new_id: dict[int, int]) -> None:
        """Carry the pivots and curved edges over to new vertex numbers (a vertex missing from
        ``new_id`` is gone: its marks go with it)."""
        self.pivots = {new_id[v]: new_id[p] for v, p in self.pivots.items() if v in new_id and p in new_id}
        self.curved = {frozenset(new_id[v] for v in pair) for pair in self.curved
                       if all(v in new_id for v in pair)}

    def face_centre(self, fid: int) -> tuple[float, float]:
        """Centre of a face: the mean of its vertices (Ludii's ``Face.setMidpoint``)."""
        face = self.faces[fid]
        xs = sum(self.vertices[v][0] for v in face)
        ys = sum(self.vertices[v][1] for v in face)
        return xs / len(face), ys / len(face)

    def edge_centre(self, eid: int) -> tuple[float, float]:
        """The middle of an edge."""
        a, b = self.edges[eid]
        (ax, ay), (bx, by) = self.vertices[a], self.vertices[b]
        return (ax + bx) / 2, (ay + by) / 2

    def face_edges(self, fid: int) -> list[int]:
        """Edge ids around a face, in the face's vertex order."""
        index = self.edge_index()
        face = self.faces[fid]
        return [index[frozenset((face[i], face[(i + 1) % len(face)]))] for i in range(len(face))]

    def edge_index(self) -> dict[frozenset[int], int]:
        """Edge number by its pair of end points."""
        return {frozenset(e): i for i, e in enumerate(self.edges)}

    def vertex_edges(self) -> list[list[int]]:
        """Edge ids at each vertex, sorted by direction counterclockwise from -pi (Ludii's order)."""
        out: list[list[int]] = [[] for _ in self.vertices]
        for eid, (a, b) in enumerate(self.edges):
            out[a].append(eid)
            out[b].append(eid)
        for vid, eids in enumerate(out):
            x, y = self.vertices[vid]

            def angle(eid: int, vid: int = vid, x: float = x, y: float = y) -> float:
                a, b = self.edges[eid]
                ox, oy = self.vertices[b if a == vid else a]
                return math.atan2(oy - y, ox - x)

            eids.sort(key=angle)
        return out

    def degrees(self) -> list[int]:
        """The number of edges at each vertex."""
        deg = [0] * len(self.vertices)
        for a, b in self.edges:
            deg[a] += 1
            deg[b] += 1
        return deg

    def find_vertex(self, x: float, y: float, tolerance: float = 0.001) -> int:
        """Index of the vertex at (x, y) within Ludii's tolerance (sum of |dx| and |dy|), or -1."""
        for vid, (vx, vy) in enumerate(self.vertices):
            if abs(vx - x) + abs(vy - y) < tolerance:
                return vid
        return -1

    # ------------------------------------------------------------------ building

    def add_vertex(self, x: float, y: float) -> int:
        """Add a vertex at (x, y); its number."""
        if len(self.vertices) >= MAX_VERTICES:
            raise BoardSizeError(f"the board graph would have more than {MAX_VERTICES} vertices")
        self.vertices.append((float(x), float(y)))
        if self.heights:
            self.heights.append(0.0)
        return len(self.vertices) - 1

    def add_vertex_3d(self, x: float, y: float, z: float) -> int:
        """Add a vertex at (x, y) with height z (a board of layers); its number."""
        heights = self.heights or [0.0] * len(self.vertices)
        self.heights = []  # add_vertex leaves it alone
        vid = self.add_vertex(x, y)
        heights.append(float(z))
        self.heights = heights
        return vid

    def connect_unit_edges_3d(self, unit: float = 1.0, tolerance: float = 0.05) -> None:
        """Ludii's ``Graph.makeEdges``: join every pair of vertices one unit apart in space
        (within 0.05), each pair from its lower-numbered vertex, after the edges already made."""
        pts = [(x, y, self.z(v)) for v, (x, y) in enumerate(self.vertices)]
        for a, pa in enumerate(pts):
            for b in range(a + 1, len(pts)):
                if abs(math.dist(pa, pts[b]) - unit) < tolerance:
                    self.add_edge(a, b)

    def add_edge(self, a: int, b: int) -> int:
        """Add the edge a-b unless it exists (Ludii's ``findOrAddEdge``); return its index."""
        n = len(self.vertices)
        if not (0 <= a < n and 0 <= b < n):
            raise ValueError(f"edge {a}-{b} names a vertex that does not exist ({n} vertices)")
        if a == b:
            raise ValueError(f"edge {a}-{b} joins a vertex to itself")
        index = self._edge_lookup()
        key = (a, b) if a < b else (b, a)
        if key in index:
            return index[key]
        self.edges.append((a, b))
        index[key] = len(self.edges) - 1
        self._lookup = (self.edges, len(self.edges), index)
        return len(self.edges) - 1

    def _edge_lookup(self) -> dict[tuple[int, int], int]:
        """Edge number by (low, high) end points, kept while only add_edge changes the list
        (any other change replaces the list or its length, and the table is rebuilt)."""
        cached: tuple[list[tuple[int, int]], int, dict[tuple[int, int], int]] | None = \
            getattr(self, "_lookup", None)
        if cached is not None and cached[0] is self.edges and cached[1] == len(self.edges):
            return cached[2]
        index: dict[tuple[int, int], int] = {}
        for eid, (p, q) in enumerate(self.edges):
            index.setdefault((p, q) if p < q else (q, p), eid)
        self._lookup = (self.edges, len(self.edges), index)
        return index

    def connect_unit_edges(self, unit: float = 1.0, tolerance: float = 0.01) -> None:
        """Join every pair of vertices one unit apart (Ludii's ``createGraphFromVertexList``)."""
        cells: dict[tuple[int, int], list[int]] = {}
        for vid, (x, y) in enumerate(self.vertices):
            cells.setdefault((math.floor(x / unit), math.floor(y / unit)), []).append(vid)
        existing = {frozenset(e) for e in self.edges}
        for aid, (ax, ay) in enumerate(self.vertices):
            cx, cy = math.floor(ax / unit), math.floor(ay / unit)
            near = [b for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                    for b in cells.get((cx + dx, cy + dy), ()) if b > aid]
            for bid in sorted(near):
                bx, by = self.vertices[bid]
                if abs(math.hypot(bx - ax, by - ay) - unit) < tolerance:
                    key = frozenset((aid, bid))
                    if key not in existing:
                        existing.add(key)
                        self.edges.append((aid, bid))

    def make_faces(self, check_crossings: bool = False) -> None:
        """Trace the bounded faces (Ludii's ``makeFaces``): from each vertex and each of its edges,
        keep turning to the next edge counterclockwise around the vertex reached; a walk that
        closes with at least three vertices in clockwise order is a face. With
        ``check_crossings``, a walk stops at an edge that crosses an edge listed before it (as
        Ludii's ``isEdgeCrossing``), so drawings with crossing lines get no face there."""
        self.faces = []
        around = self.vertex_edges()
        seen: set[frozenset[int]] = set()
        crossings = _CrossingIndex(self) if check_crossings else None
        for start in range(len(self.vertices)):
            for first in around[start]:
                vids = [start]
                vert, edge = start, first
                closed = False
                while len(vids) <= MAX_FACE_SIDES:
                    eids = around[vert]
                    if len(eids) < 2:
                        break
                    nxt = self._next_on_level(eids, edge, vert, start)
                    if nxt < 0:
                        break  # no next edge on the start's level (a board of layers)
                    edge = nxt
                    a, b = self.edges[edge]
                    prev, vert = vert, (b if a == vert else a)
                    if vert == start:
                        closed = True
                        break
                    if vert in vids:
                        break
                    vids.append(vert)
                    if crossings is not None and crossings.crosses(prev, vert):
                        break
                if not closed or len(vids) < 3:
                    continue
                if _signed_area([self.vertices[v] for v in vids]) >= 0:
                    continue  # counterclockwise: the outside of the board, or a hole
                key = frozenset(vids)
                if key in seen:
                    continue
                seen.add(key)
                self.faces.append(vids)

    def _next_on_level(self, eids: list[int], edge: int, vert: int, start: int) -> int:
        """The edge after ``edge`` counterclockwise round ``vert`` whose far end is on the
        level of ``start`` (Ludii traces faces on one level; every edge on a flat board)."""
        at = eids.index(edge)
        if not self.heights:
            return eids[(at + 1) % len(eids)]
        level = self.heights[start]
        for m in range(1, len(eids)):
            cand = eids[(at + m) % len(eids)]
            a, b = self.edges[cand]
            if abs(self.heights[b if a == vert else a] - level) < 0.0001:
                return cand
        return -1

    def reorder(self) -> None:
        """Sort vertices, edges and faces by ``y * 100 + x`` (Ludii's ``Graph.reorder``)."""
        order = sorted(range(len(self.vertices)), key=lambda v: score(*self.vertices[v]))
        new_id = {old: new for new, old in enumerate(order)}
        self.vertices = [self.vertices[v] for v in order]
        if self.heights:
            self.heights = [self.heights[v] for v in order]
        self._renumber_marks(new_id)
        self.edges = [(new_id[a], new_id[b]) for a, b in self.edges]
        self.faces = [[new_id[v] for v in face] for face in self.faces]
        eorder = sorted(range(len(self.edges)), key=lambda e: score(*self.edge_centre(e)))
        self.edges = [self.edges[e] for e in eorder]
        forder = sorted(range(len(self.faces)), key=lambda f: score(*self.face_centre(f)))
        self.faces = [self.faces[f] for f in forder]

    # ------------------------------------------------------------------ removing

    def remove_vertex(self, vid: int) -> None:
        """Remove a vertex with its edges and faces; later indices shift down by one."""
        if not 0 <= vid < len(self.vertices):
            raise ValueError(f"no vertex {vid} to remove ({len(self.vertices)} vertices)")
        self.faces = [f for f in self.faces if vid not in f]
        self.edges = [e for e in self.edges if vid not in e]
        del self.vertices[vid]
        if self.heights:
            del self.heights[vid]

        def shift(v: int) -> int:
            return v - 1 if v > vid else v

        self.edges = [(shift(a), shift(b)) for a, b in self.edges]
        if self.pivots or self.curved:
            self._renumber_marks({v: shift(v) for v in range(len(self.vertices) + 1) if v != vid})
        self.faces = [[shift(v) for v in f] for f in self.faces]

    def remove_edge(self, eid: int) -> None:
        """Remove an edge and every face that uses it."""
        if not 0 <= eid < len(self.edges):
            raise ValueError(f"no edge {eid} to remove ({len(self.edges)} edges)")
        pair = set(self.edges[eid])
        self.faces = [f for f in self.faces if not _face_has_edge(f, pair)]
        del self.edges[eid]

    def remove_face(self, fid: int, remove_orphans: bool = True) -> None:
        """Remove a face; with ``remove_orphans``, also the edges no other face uses."""
        if not 0 <= fid < len(self.faces):
            raise ValueError(f"no cell {fid} to remove ({len(self.faces)} cells)")
        face = self.faces.pop(fid)
        if not remove_orphans:
            return
        index = self.edge_index()
        used = {index[frozenset((f[i], f[(i + 1) % len(f)]))]
                for f in self.faces for i in range(len(f))}
        sides = [index[frozenset((face[i], face[(i + 1) % len(face)]))] for i in range(len(face))]
        for eid in sorted((e for e in sides if e not in used), reverse=True):
            del self.edges[eid]

    def trim(self) -> None:
        """Ludii's ``Graph.trim``: drop edges with an end point of degree one (scanning from the
        last edge), then vertices without edges (from the last vertex)."""
        deg = self.degrees()
        for eid in range(len(self.edges) - 1, -1, -1):
            a, b = self.edges[eid]
            if deg[a] == 1 or deg[b] == 1:
                self.remove_edge(eid)
                deg[a] -= 1
                deg[b] -= 1
        for vid in range(len(self.vertices) - 1, -1, -1):
            if deg[vid] == 0:
                self.remove_vertex(vid)


class _CrossingIndex:
    """Ludii's ``isEdgeCrossing`` for many queries: whether a segment va-vb crosses, away from
    the end points, an edge listed before the edge va-vb (edges after it are not looked at). The
    edges are bucketed on a grid by their bounding boxes (only edges near a segment can cross
    it) and each answer is remembered, so tracing the faces of a large drawing is not quadratic."""

    def __init__(self, graph: BoardGraph):
        self.graph = graph
        self.order = {frozenset(e): i for i, e in reversed(list(enumerate(graph.edges)))}
        lengths = [math.dist(graph.vertices[a], graph.vertices[b]) for a, b in graph.edges]
        self.cell = max(sum(lengths) / len(lengths), 1e-6) if lengths else 1.0
        self.grid: dict[tuple[int, int], list[int]] = {}
        for i, (a, b) in enumerate(graph.edges):
            for key in self._cells(graph.vertices[a], graph.vertices[b]):
                self.grid.setdefault(key, []).append(i)
        self.known: dict[tuple[int, int], bool] = {}

    def _cells(self, p: tuple[float, float], q: tuple[float, float]) -> Iterator[tuple[int, int]]:
        k = self.cell
        x0, x1 = sorted((p[0], q[0]))
        y0, y1 = sorted((p[1], q[1]))
        for gx in range(math.floor(x0 / k), math.floor(x1 / k) + 1):
            for gy in range(math.floor(y0 / k), math.floor(y1 / k) + 1):
                yield gx, gy

    def crosses(self, va: int, vb: int) -> bool:
        found = self.known.get((va, vb))
        if found is None:
            found = self.known[va, vb] = self._crosses(va, vb)
        return found

    def _crosses(self, va: int, vb: int) -> bool:
        graph = self.graph
        limit = self.order.get(frozenset((va, vb)), len(graph.edges))  # only edges listed before it
        pa, pb = graph.vertices[va], graph.vertices[vb]
        near = sorted({i for key in self._cells(pa, pb) for i in self.grid.get(key, ()) if i < limit})
        for i in near:
            a, b = graph.edges[i]
            ea, eb = graph.vertices[a], graph.vertices[b]
            if (math.dist(pa, ea) < 0.001 or math.dist(pa, eb) < 0.001 or math.dist(pb, ea) < 0.001
                    or math.dist(pb, eb) < 0.001):
                continue
            if segments_intersect(pa, pb, ea, eb):
                return True
        return False


def _face_has_edge(face: list[int], pair: set[int]) -> bool:
    n = len(face)
    return any({face[i], face[(i + 1) % n]} == pair for i in range(n))


def segments_intersect(a0: Point, a1: Point, b0: Point, b1: Point) -> bool:
    """Whether segments a0-a1 and b0-b1 meet, end points included (Ludii's
    ``lineSegmentsIntersect``)."""
    xlk, ylk = a1[0] - a0[0], a1[1] - a0[1]
    xnm, ynm = b1[0] - b0[0], b1[1] - b0[1]
    xmk, ymk = b0[0] - a0[0], b0[1] - a0[1]
    det = xnm * ylk - ynm * xlk
    if abs(det) < 1e-7:
        return False
    s = (xnm * ymk - ynm * xmk) / det
    t = (xlk * ymk - ylk * xmk) / det
    return -1e-7 <= s <= 1 + 1e-7 and -1e-7 <= t <= 1 + 1e-7


def crossing_point(a0: Point, a1: Point, b0: Point, b1: Point) -> tuple[float, float] | None:
    """Where segments a0-a1 and b0-b1 cross away from their ends (Ludii's ``crossingPoint``:
    both within 1% of their length from an end do not count), or None."""
    xlk, ylk = a1[0] - a0[0], a1[1] - a0[1]
    xnm, ynm = b1[0] - b0[0], b1[1] - b0[1]
    xmk, ymk = b0[0] - a0[0], b0[1] - a0[1]
    det = xnm * ylk - ynm * xlk
    if abs(det) < 1e-7:
        return None
    s = (xnm * ymk - ynm * xmk) / det
    t = (xlk * ymk - ylk * xmk) / det
    if 0.01 < s < 0.99 and 0.01 < t < 0.99:
        return a0[0] + s * xlk, a0[1] + s * ylk
    return None


def _signed_area(points: list[tuple[float, float]]) -> float:
    area = 0.0
    n = len(points)
    for i in range(n):
        x0, y0 = points[i]
        x1, y1 = points[(i + 1) % n]
        area += x0 * y1 - x1 * y0
    return area / 2.0


class PointList:
    """Points added once each: a point closer than 0.1 to an earlier one is the same point
    (the ``dist < 0.1`` test of Ludii's generators), found through a grid instead of a scan."""

    def __init__(self) -> None:
        self.points: list[tuple[float, float]] = []
        self._grid: dict[tuple[int, int], list[int]] = {}

    def add(self, x: float, y: float) -> int:
        """The number of the point at (x, y), added if new."""
        gx, gy = math.floor(x / 0.1), math.floor(y / 0.1)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for pid in self._grid.get((gx + dx, gy + dy), ()):
                    px, py = self.points[pid]
                    if math.hypot(px - x, py - y) < 0.1:
                        return pid
        if len(self.points) >= MAX_VERTICES:
            raise BoardSizeError(f"the board graph would have more than {MAX_VERTICES} vertices")
        self.points.append((x, y))
        self._grid.setdefault((gx, gy), []).append(len(self.points) - 1)
        return len(self.points) - 1

    def graph(self, tiling: str, single_precision: bool, reorder: bool = True) -> BoardGraph:
        """The graph of these points joined at unit distance, with its faces, in Ludii's order.

        ``single_precision`` rounds positions to floats as Ludii's ``createGraphFromVertexList``
        does (edges are still found from the exact positions, as there)."""
        graph = BoardGraph(vertices=list(self.points), tiling=tiling)
        graph.connect_unit_edges()
        if single_precision:
            graph.vertices = [(f32(x), f32(y)) for x, y in graph.vertices]
        graph.make_faces()
        if reorder:  # Ludii's generators all sort their graph, but for a few (4.8.8)
            graph.reorder()
        return graph
