"""The named regions of a board, measured as Ludii's ``MeasureGraph`` measures them.

Ludii measures the whole board graph once (vertices, edges and cells together), marks each
element with properties, and then lists, for each site type, the elements that carry each
property in index order (``Topology.convertPropertiesToList``). ``(sites Top)``, ``(sites
Corners)``, ``(sites Side NE)``... read those lists. This module reproduces the measures that
vertices and cells need, step by step in Ludii's order, because later steps read earlier ones:

1. **Perimeter** (``measurePerimeter``): from the leftmost vertex not yet covered, walk the
   outline clockwise; every vertex inside the walk is covered; repeat; drop walks whose start
   lies inside another walk. Vertices on a kept walk are on the perimeter, and so are the
   outline's edges.
2. **Outer, inner** (``measureInnerOuter``): a cell is on the perimeter (and outer) when one of
   its corners is a perimeter vertex; an edge with both ends on the perimeter and a missing
   cell on one side is too. Everything else is inner.
3. **Top, bottom, left, right** (``measureExtremes``): within 0.01 of the largest / smallest
   y / x among the sites of that type (cell centres for cells).
4. **Major, minor** (``measureMajorMinor``): cells with the most sides / the others. Vertices
   have neither.
5. **Corners** (``measureCorners``): along each perimeter walk of six or more vertices, each
   vertex gets a score of how sharply the outline turns there (signed distances to the chords
   to the 1st, 2nd and 3rd vertices either side, weighted 1, 1/2, 1/3, then smoothed once);
   convex corners are local maxima scoring at least 0.32 (plus neighbours within 95% of a
   kept score, spreading forwards along the walk), concave corners local minima at most
   -0.25; a shorter walk is all corners. A cell is a corner when an edge joining two corner
   vertices borders it, or, for a corner vertex with no corner neighbour, when a perimeter
   edge at that vertex borders it (concave: every cell at the vertex with only that one
   perimeter vertex).
6. **Sides** (``measureSides``): the walk between consecutive corner vertices is one side
   (both corners included); its direction is the compass direction, in 16ths, from the mean
   of all vertices to the mean of the run, folded onto N, NE, E, SE, S, SW, W, NW. A cell is on
   every side that one of its corners is on.
7. **Phases** (``measurePhase``): a greedy colouring spread from the first site, so that no
   two neighbours (vertices joined by an edge; cells sharing an edge) share a phase.
7b. **Edge orientation** (``measureEdgeOrientation``): each edge is axial (horizontal or
   vertical) or angled (slash or slosh) by its direction in 16ths of a turn.
8. **Centre** (``measureCentre``): the sites with the least sum of squared distances to the
   corner sites and, on boards of fewer than 100 sites of that type, to the perimeter sites
   (ties within 0.0001).

Ludii's quirks are kept on purpose, since games are checked against Ludii itself; each is
marked ``Ludii quirk`` below.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field

from .graph import BoardGraph
from .polygon import clockwise3, distance_to_line, point_in_polygon
from .uses import check_use

SIDES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
"""The board sides Ludii measures, as used in ``(sites Side D)``."""

MAX_PHASES = 6  # Ludii's PHASE_0 .. PHASE_5

REGION_NAMES = ("Board", "Top", "Bottom", "Left", "Right", "Centre", "Corners", "CornersConvex",
                "CornersConcave", "Perimeter", "Outer", "Inner", "Major", "Minor")
"""Keys of ``board_regions`` that are always present (possibly empty); ``Phase0``..``Phase5``
and ``Side N``..``Side NW`` are present only when the board has such sites."""

EDGE_ORIENTATIONS = ("Axial", "Horizontal", "Vertical", "Angled", "Slash", "Slosh")
"""Keys of ``board_regions`` for the edges' orientations (Ludii's ``measureEdgeOrientation``);
always present, empty but for edges (Ludii measures them for edges only)."""

_EXTREME_TOLERANCE = 0.01
_CORNER_TOLERANCE = 0.001
_CONVEX_MIN = 0.320  # "catches bad corners in rectangular shapes on hex"
_CONCAVE_MAX = -0.25
_SIMILAR = 0.95
_CENTRE_TOLERANCE = 0.0001
_CENTRE_PERIMETER_LIMIT = 100  # larger boards measure the centre from the corners only
_CENTRE_DIRECT = 250_000  # point-reference pairs summed one by one; beyond, the sums are expanded


def board_regions(graph: BoardGraph, use: str = "Cell") -> dict[str, tuple[int, ...]]:
    """Ludii's named regions of ``graph`` for one site type (``Cell`` or ``Vertex``), each a
    tuple of site numbers in ascending order (Ludii's order for these lists).

    Keys: ``Board``, ``Top``, ``Bottom``, ``Left``, ``Right``, ``Centre``, ``Corners``,
    ``CornersConvex``, ``CornersConcave``, ``Perimeter``, ``Outer``, ``Inner``, ``Major``,
    ``Minor`` (always), ``Phase0``..``Phase5`` and ``Side N``, ``Side NE``, ... ``Side NW``
    (only those that are not empty: Ludii gives an empty region for the others)."""
    check_use(use)
    m = measure(graph)
    props = {"Cell": m.cells, "Vertex": m.vertices, "Edge": m.edges}[use]
    n = {"Cell": len(graph.faces), "Vertex": len(graph.vertices), "Edge": len(graph.edges)}[use]
    out = {"Board": tuple(range(n))}
    for name in REGION_NAMES[1:] + EDGE_ORIENTATIONS:
        out[name] = tuple(sorted(props.get(name, ())))
    for p in range(MAX_PHASES):
        sites = tuple(sorted(props.get(f"Phase{p}", ())))
        if sites:
            out[f"Phase{p}"] = sites
    for d in SIDES:
        sites = tuple(sorted(props.get(f"Side {d}", ())))
        if sites:
            out[f"Side {d}"] = sites
    return out


# ------------------------------------------------------------------------------ the measures

@dataclass
class Measures:
    """The properties of the vertices, cells and edges of a graph: property name -> set of
    element numbers (names as the keys of ``board_regions``), plus the perimeter walks."""

    vertices: dict[str, set[int]] = field(default_factory=dict)
    cells: dict[str, set[int]] = field(default_factory=dict)
    edges: dict[str, set[int]] = field(default_factory=dict)
    walks: list[list[int]] = field(default_factory=list)


class _Edges:
    """Edge look-ups Ludii's measures need: edges at each vertex in Ludii's order (by
    direction, counterclockwise from -pi), and the cell left and right of each edge."""

    def __init__(self, graph: BoardGraph) -> None:
        self.graph = graph
        self.around = graph.vertex_edges()
        self.index = graph.edge_index()
        n = len(graph.edges)
        self.left: list[int | None] = [None] * n
        self.right: list[int | None] = [None] * n
        # Ludii's findOrAddFace: the edge's right cell is the one whose (clockwise) outline
        # runs from the edge's first vertex to its second; otherwise it is the left cell.
        # (This assumes our edges keep Ludii's vertexA/vertexB orientation; the difference
        # shows only where both sides of an edge are cells, see _corner_cells.)
        self.cell_edges: list[list[int]] = []
        for f, face in enumerate(graph.faces):
            eids = []
            for i, a in enumerate(face):
                b = face[(i + 1) % len(face)]
                e = self.index.get(frozenset((a, b)))
                if e is None:
                    continue
                eids.append(e)
                if graph.edges[e][0] == a:
                    self.right[e] = f
                else:
                    self.left[e] = f
            self.cell_edges.append(eids)
        self.vertex_cells: list[list[int]] = [[] for _ in graph.vertices]
        for f, face in enumerate(graph.faces):
            for v in face:
                self.vertex_cells[v].append(f)

    def other(self, e: int, v: int) -> int:
        a, b = self.graph.edges[e]
        return b if a == v else a

    def other_cell(self, e: int, f: int) -> int | None:
        if self.left[e] == f:
            return self.right[e]
        if self.right[e] == f:
            return self.left[e]
        return None


def measure(graph: BoardGraph) -> Measures:
    """Measure a board graph as Ludii does (see the module docstring for each step)."""
    edges = _Edges(graph)
    m = Measures()
    V, F, E = m.vertices, m.cells, m.edges
    for props in (V, F, E):
        for name in REGION_NAMES[1:]:
            props[name] = set()
    edge_perimeter = _measure_perimeter(graph, edges, m)  # 1-2

    # 3. extremes
    vertex_points = list(graph.vertices)
    cell_points = [graph.face_centre(f) for f in range(len(graph.faces))]
    edge_points = [graph.edge_centre(e) for e in range(len(graph.edges))]
    for props, points in ((V, vertex_points), (F, cell_points), (E, edge_points)):
        props.update(_extremes(points))

    # 4. major and minor cells
    if graph.faces:
        most = max(len(face) for face in graph.faces)
        F["Major"] = {f for f, face in enumerate(graph.faces) if len(face) == most}
        F["Minor"] = {f for f, face in enumerate(graph.faces) if len(face) != most}

    # 5. corners
    for walk in m.walks:
        convex, concave = walk_corners([graph.vertices[v] for v in walk])
        V["CornersConvex"].update(walk[i] for i in convex)
        V["CornersConcave"].update(walk[i] for i in concave)
    V["Corners"] = V["CornersConvex"] | V["CornersConcave"]
    _corner_cells(graph, edges, V, F, edge_perimeter)
    _corner_edges(edges, V, E, edge_perimeter)

    _measure_sides(graph, m)  # 6
    _measure_phases(graph, edges, m)  # 7
    E.update(edge_orientations(graph))  # 7b

    # 8. centre
    for props, points in ((V, vertex_points), (F, cell_points), (E, edge_points)):
        props["Centre"] = _centre(points, props["Perimeter"], props["Corners"])
    return m


def _measure_perimeter(graph: BoardGraph, edges: _Edges, m: Measures) -> set[int]:
    """Steps 1-2: the perimeter walks, the perimeter, outer and inner sites; returns the edges on
    the perimeter."""
    V, F, E = m.vertices, m.cells, m.edges
    m.walks = perimeter_walks(graph, edges.around)
    edge_perimeter: set[int] = set()
    for walk in m.walks:
        V["Perimeter"].update(walk)
        for i, a in enumerate(walk):
            b = walk[(i + 1) % len(walk)]
            e = edges.index.get(frozenset((a, b)))
            if e is not None and a != b:
                edge_perimeter.add(e)
    on_rim = V["Perimeter"]
    F["Perimeter"] = {f for f, face in enumerate(graph.faces) if any(v in on_rim for v in face)}
    for e, (a, b) in enumerate(graph.edges):
        if a in on_rim and b in on_rim and (edges.left[e] is None or edges.right[e] is None):
            edge_perimeter.add(e)
    E["Perimeter"] = set(edge_perimeter)
    for props, count in ((V, len(graph.vertices)), (F, len(graph.faces)), (E, len(graph.edges))):
        props["Outer"] = set(props["Perimeter"])
        props["Inner"] = set(range(count)) - props["Outer"]
    return edge_perimeter


def _measure_sides(graph: BoardGraph, m: Measures) -> None:
    """Step 6: the sites of each side of the board (the perimeter between corners)."""
    V, F, E = m.vertices, m.cells, m.edges
    for d in SIDES:
        V[f"Side {d}"] = set()
    if graph.vertices:
        mid = (sum(x for x, _ in graph.vertices) / len(graph.vertices),
               sum(y for _, y in graph.vertices) / len(graph.vertices))
        for walk in m.walks:
            for side, run in walk_sides(walk, V["Corners"], graph.vertices, mid):
                V[f"Side {side}"].update(run)
    for d in SIDES:
        on_side = V[f"Side {d}"]
        F[f"Side {d}"] = {f for f, face in enumerate(graph.faces)
                          if any(v in on_side for v in face)}
        # an edge is on every side one of its end points is on (Ludii's edges inherit the
        # sides of their vertices)
        E[f"Side {d}"] = {e for e, (a, b) in enumerate(graph.edges) if a in on_side or b in on_side}


def _measure_phases(graph: BoardGraph, edges: _Edges, m: Measures) -> None:
    """Step 7: the phases (a colouring of the sites by their neighbours)."""
    vertex_nbors = [[edges.other(e, v) for e in edges.around[v]]
                    for v in range(len(graph.vertices))]
    cell_nbors = [[c for e in edges.cell_edges[f] if (c := edges.other_cell(e, f)) is not None]
                  for f in range(len(graph.faces))]
    # an edge's neighbours: the other edges at its first end point, then at its second
    edge_nbors = [[o for v in graph.edges[e] for o in edges.around[v] if o != e]
                  for e in range(len(graph.edges))]
    for props, nbors in ((m.vertices, vertex_nbors), (m.cells, cell_nbors), (m.edges, edge_nbors)):
        for p, sites in enumerate(phases(nbors)):
            props[f"Phase{p}"] = sites


# ------------------------------------------------------------------------------ 1. perimeter

def perimeter_walks(graph: BoardGraph, around: list[list[int]] | None = None) -> list[list[int]]:
    """The outer perimeter of each connected part of the graph, as a clockwise walk of vertex
    numbers from its leftmost vertex (Ludii's ``measurePerimeter``)."""
    if around is None:
        around = graph.vertex_edges()
    points = graph.vertices
    covered = [False] * len(points)
    found: list[list[int]] = []
    # the leftmost uncovered vertex (the first of them in order): the next in this order that
    # is not covered yet, since covering only grows
    order = sorted(range(len(points)), key=lambda v: (points[v][0], v))
    grid = _Grid(points)
    first = 0
    while True:
        while first < len(order) and covered[order[first]]:
            first += 1
        if first == len(order) or points[order[first]][0] >= 1000000.0:
            break
        walk = _follow_clockwise(graph, around, order[first])
        for v in walk:
            covered[v] = True
        poly = [points[v] for v in walk]
        for v in grid.within(_box(poly)):  # no point outside a polygon's box is inside it
            if not covered[v] and point_in_polygon(points[v], poly):
                covered[v] = True
        found.append(walk)
    # Drop walks that start inside another, scanning from the last and comparing with the
    # walks still kept (Ludii removes as it goes).
    boxes = [_box([points[v] for v in walk]) for walk in found]
    for a in range(len(found) - 1, -1, -1):
        start_pt = points[found[a][0]]
        if any(_in_box(start_pt, boxes[b]) and point_in_polygon(start_pt, [points[v] for v in found[b]])
               for b in range(len(found)) if b != a):
            del found[a]
            del boxes[a]
    return found


Box = tuple[float, float, float, float]


def _box(poly: list[tuple[float, float]]) -> Box:
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def _in_box(pt: tuple[float, float], box: Box) -> bool:
    return box[0] <= pt[0] <= box[2] and box[1] <= pt[1] <= box[3]


class _Grid:
    """Points bucketed on a grid of about one point per cell, to find those in a box without
    looking at every point (a board of many small parts has many perimeters)."""

    def __init__(self, points: list[tuple[float, float]]):
        self.points = points
        self.cells: dict[tuple[int, int], list[int]] = {}
        if not points:
            self.size, self.x0, self.y0 = 1.0, 0.0, 0.0
            return
        x0, y0, x1, y1 = _box(points)
        self.x0, self.y0 = x0, y0
        self.size = max(x1 - x0, y1 - y0, 1e-9) / max(1.0, math.sqrt(len(points)))
        for v, pt in enumerate(points):
            self.cells.setdefault(self._cell(pt), []).append(v)

    def _cell(self, pt: tuple[float, float]) -> tuple[int, int]:
        return int((pt[0] - self.x0) // self.size), int((pt[1] - self.y0) // self.size)

    def within(self, box: Box) -> list[int]:
        """The points in the box (edges included), in order."""
        (i0, j0), (i1, j1) = self._cell((box[0], box[1])), self._cell((box[2], box[3]))
        if (i1 - i0 + 1) * (j1 - j0 + 1) >= len(self.cells):
            found = [v for bucket in self.cells.values() for v in bucket]
        else:
            found = [v for i in range(i0, i1 + 1) for j in range(j0, j1 + 1) for v in self.cells.get((i, j), ())]
        return sorted(v for v in found if _in_box(self.points[v], box))


def _follow_clockwise(graph: BoardGraph, around: list[list[int]], start: int) -> list[int]:
    if not around[start]:
        return [start]  # a vertex on its own
    sx, sy = graph.vertices[start]
    best, best_angle = -1, 1000000.0
    for e in around[start]:
        a, b = graph.edges[e]
        ox, oy = graph.vertices[b if a == start else a]
        angle = math.atan2(ox - sx, -(oy - sy))  # least for the edge pointing up
        if angle < best_angle:
            best, best_angle = e, angle
    walk: list[int] = []
    vertex, edge = start, best
    limit = 4 * len(graph.edges) + 4  # the walk closes on any planar graph; guards bad input
    while len(walk) < limit:
        walk.append(vertex)
        prev = vertex
        a, b = graph.edges[edge]
        vertex = b if a == vertex else a
        eids = around[vertex]
        i = eids.index(edge)
        for k in range(1, len(eids)):
            edge = eids[(i + k) % len(eids)]
            a, b = graph.edges[edge]
            if (b if a == vertex else a) != prev:
                break  # do not step back along a doubled edge
        if vertex == start:
            break
    return walk


# ------------------------------------------------------------------------------ 3. extremes

def _extremes(points: list[tuple[float, float]]) -> dict[str, set[int]]:
    if not points:
        return {"Left": set(), "Right": set(), "Top": set(), "Bottom": set()}
    min_x = min(x for x, _ in points)
    max_x = max(x for x, _ in points)
    min_y = min(y for _, y in points)
    max_y = max(y for _, y in points)
    t = _EXTREME_TOLERANCE
    return {
        "Left": {i for i, (x, _) in enumerate(points) if x - min_x < t},
        "Right": {i for i, (x, _) in enumerate(points) if max_x - x < t},
        "Bottom": {i for i, (_, y) in enumerate(points) if y - min_y < t},
        "Top": {i for i, (_, y) in enumerate(points) if max_y - y < t},
    }


# ------------------------------------------------------------------------------ 5. corners

def walk_corners(poly: list[tuple[float, float]]) -> tuple[list[int], list[int]]:
    """Positions along a perimeter walk that are convex and concave corners (Ludii's
    ``cornersFromPerimeter``)."""
    num = len(poly)
    if num < 6:
        return list(range(num)), []  # a small polygon: every vertex is a convex corner
    scores = []
    for n, pt in enumerate(poly):
        score = 0.0
        for k in range(1, 4):
            a = poly[(n - k) % num]
            b = poly[(n + k) % num]
            dist = distance_to_line(pt, a, b)
            if clockwise3(a, pt, b):
                dist = -dist
            score += dist / k
        scores.append(score)
    scores = [(4 * scores[n] + scores[(n + 1) % num] + scores[(n - 1) % num]) / 6
              for n in range(num)]

    tol = _CORNER_TOLERANCE
    keep = [not (scores[n] < _CONVEX_MIN
                 or scores[n] < scores[(n - 1) % num] - tol
                 or scores[n] < scores[(n + 1) % num] - tol) for n in range(num)]
    # Ludii quirk: neighbours within 95% of a kept score are kept too, and since the scan
    # walks forwards over the bits it is setting, a kept neighbour ahead is scanned in turn
    # (a run of similar scores spreads forwards, not backwards; the last site can add the
    # first only after the scan has passed it).
    n = _next_set(keep, 0)
    while n >= 0:
        if scores[(n - 1) % num] >= _SIMILAR * scores[n]:
            keep[(n - 1) % num] = True
        if scores[(n + 1) % num] >= _SIMILAR * scores[n]:
            keep[(n + 1) % num] = True
        n = _next_set(keep, n + 1)
    convex = [n for n in range(num) if keep[n]]

    concave = [n for n in range(num)
               if not (scores[n] > _CONCAVE_MAX
                       or scores[n] > scores[(n - 1) % num] + tol
                       or scores[n] > scores[(n + 1) % num] + tol)]
    return convex, concave


def _next_set(bits: list[bool], start: int) -> int:
    for i in range(start, len(bits)):
        if bits[i]:
            return i
    return -1


def _corner_cells(graph: BoardGraph, edges: _Edges, V: dict[str, set[int]],
                  F: dict[str, set[int]], edge_perimeter: set[int]) -> None:
    """Cells at the corner vertices (the second half of Ludii's ``measureCorners``)."""
    corners = V["Corners"]
    rim = V["Perimeter"]

    def mark(f: int, concave: bool) -> None:
        F["Corners"].add(f)
        F["CornersConcave" if concave else "CornersConvex"].add(f)

    for v in sorted(corners):
        concave = v in V["CornersConcave"]
        joined = False
        for e in edges.around[v]:
            if edges.other(e, v) in corners:
                # An edge between two corners: the cell on its left, else on its right.
                cell = edges.left[e] if edges.left[e] is not None else edges.right[e]
                if cell is not None:
                    mark(cell, concave)
                joined = True  # Ludii does not stop here: a lone square has four such edges
        if joined:
            continue
        for e in edges.around[v]:
            if e not in edge_perimeter:
                continue
            if concave:
                for f in edges.vertex_cells[v]:
                    if sum(1 for u in graph.faces[f] if u in rim) == 1:
                        mark(f, True)
            else:
                cell = edges.left[e] if edges.left[e] is not None else edges.right[e]
                if cell is not None:
                    mark(cell, False)


def _corner_edges(edges: _Edges, V: dict[str, set[int]], E: dict[str, set[int]],
                  edge_perimeter: set[int]) -> None:
    """Edges at the corner vertices (Ludii's ``measureCorners``): an edge joining two corners,
    else, at a corner with no corner neighbour, its perimeter edges; convex or concave as the
    corner it is marked from."""
    corners = V["Corners"]

    def mark(e: int, concave: bool) -> None:
        E["Corners"].add(e)
        E["CornersConcave" if concave else "CornersConvex"].add(e)

    for v in sorted(corners):
        concave = v in V["CornersConcave"]
        joined = [e for e in edges.around[v] if edges.other(e, v) in corners]
        for e in joined:
            mark(e, concave)
        if not joined:
            for e in edges.around[v]:
                if e in edge_perimeter:
                    mark(e, concave)


# ------------------------------------------------------------------------------ 6. sides

def walk_sides(walk: list[int], corners: set[int], points: list[tuple[float, float]],
               mid: tuple[float, float]) -> list[tuple[str, list[int]]]:
    """The sides along one perimeter walk: (direction, vertices from one corner to the next,
    both included), as Ludii's ``findSides`` and ``sideFromRun``."""
    num = len(walk)
    out = []
    for start in range(num):
        if walk[start] not in corners:
            continue
        end = start + 1
        while walk[end % num] not in corners:
            end += 1
        run = [walk[(start + r) % num] for r in range(end - start + 1)]
        avg_x = sum(points[v][0] for v in run) / len(run)
        avg_y = sum(points[v][1] for v in run) / len(run)
        out.append((_side_direction(_discrete_direction(mid, (avg_x, avg_y), 16), 16), run))
    return out


def _discrete_direction(a: tuple[float, float], b: tuple[float, float], count: int) -> int:
    """Ludii's ``discreteDirection``: the arc (of ``count``, counterclockwise from east, each
    centred on its direction) in which the direction from a to b lies."""
    arc = 2 * math.pi / count
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    while angle < 0:
        angle += 2 * math.pi
    while angle > 2 * math.pi:
        angle -= 2 * math.pi
    return (int((angle + arc / 2) / arc) + count) % count


def _side_direction(dirn: int, count: int) -> str:
    # Ludii quirk: ``sideFromRun`` tests ``dirn > dirn / 4`` and ``dirn > dirn / 2`` (integer
    # division) where ``numDirections / 4`` and ``/ 2`` were meant. Both are true for every
    # dirn > 0, and dirn == 0 was taken first, so the result is what was meant; the tests are
    # kept as Ludii writes them all the same.
    if dirn == 0:
        return "E"
    if dirn == count // 4:
        return "N"
    if dirn == count // 2:
        return "W"
    if dirn == 3 * count // 4:
        return "S"
    if 0 < dirn < count // 4:
        return "NE"
    if dirn > dirn // 4 and dirn < count // 2:
        return "NW"
    if dirn > dirn // 2 and dirn < 3 * count // 4:
        return "SW"
    return "SE"


# ------------------------------------------------------------------------------ 7b. edge orientation

def edge_orientations(graph: BoardGraph) -> dict[str, set[int]]:
    """Ludii's ``measureEdgeOrientation``: the direction from an edge's first end to its
    second, in 16ths of a turn counterclockwise from east; east or west: axial and horizontal;
    north or south: axial and vertical; strictly between east and north (or west and south):
    angled and slash; else angled and slosh. Which end comes first does not matter (a half
    turn keeps each class)."""
    out: dict[str, set[int]] = {name: set() for name in EDGE_ORIENTATIONS}
    count = 16
    for e, (a, b) in enumerate(graph.edges):
        d = _discrete_direction(graph.vertices[a], graph.vertices[b], count)
        if d in (0, count // 2):
            names = ("Axial", "Horizontal")
        elif d in (count // 4, 3 * count // 4):
            names = ("Axial", "Vertical")
        elif 0 < d < count // 4 or count // 2 < d < 3 * count // 4:
            names = ("Angled", "Slash")
        else:
            names = ("Angled", "Slosh")
        for name in names:
            out[name].add(e)
    return out


# ------------------------------------------------------------------------------ 7. phases

def phases(nbors: list[list[int]]) -> list[set[int]]:
    """Ludii's ``measurePhase`` for one site type: from the first site without a phase, take
    sites from a queue and give each the least phase (0-3, else 4) none of its neighbours
    has; queue its unvisited neighbours, at the front those whose own neighbours already show
    more than one phase, else at the back. Repeat for each unreached part."""
    n = len(nbors)
    phase = [-1] * n
    while True:
        start = next((i for i in range(n) if phase[i] < 0), -1)
        if start < 0:
            break
        visited = [False] * n
        phase[start] = 0
        queue = deque([start])
        while queue:
            site = queue.popleft()
            if visited[site]:
                continue
            seen = {phase[o] for o in nbors[site] if phase[o] >= 0}
            p = 0
            while p < 4 and p in seen:
                p += 1
            phase[site] = p
            visited[site] = True
            for o in nbors[site]:
                if visited[o]:
                    continue
                if len({phase[x] for x in nbors[o] if phase[x] >= 0}) > 1:
                    queue.appendleft(o)
                else:
                    queue.append(o)
    out: list[set[int]] = [set() for _ in range(MAX_PHASES)]
    for i, p in enumerate(phase):
        out[p].add(i)
    return out


# ------------------------------------------------------------------------------ 8. centre

def _centre(points: list[tuple[float, float]], perimeter: set[int], corners: set[int]) -> set[int]:
    if not points:
        return set()
    refs: list[tuple[float, float]] = []
    if len(points) < _CENTRE_PERIMETER_LIMIT:
        refs.extend(points[i] for i in sorted(perimeter))
    refs.extend(points[i] for i in sorted(corners))
    distances = []
    if len(points) * len(refs) <= _CENTRE_DIRECT:
        for x, y in points:
            acc = 0.0
            for rx, ry in refs:
                dx, dy = rx - x, ry - y
                acc += dx * dx + dy * dy
            distances.append(acc)
    else:  # the same sums, expanded: linear in the points and the references, not their product
        n = len(refs)
        sx, sy = math.fsum(r[0] for r in refs), math.fsum(r[1] for r in refs)
        sq = math.fsum(r[0] * r[0] + r[1] * r[1] for r in refs)
        distances = [n * (x * x + y * y) - 2 * (x * sx + y * sy) + sq for x, y in points]
    # Ludii quirk: the running minimum starts at 1000000, so a board whose every sum exceeds
    # that (a very large board) has no centre at all.
    least = min(min(distances), 1000000.0)
    return {i for i, d in enumerate(distances) if abs(d - least) < _CENTRE_TOLERANCE}
