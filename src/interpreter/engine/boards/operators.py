"""Explicit graphs and graph operators: Ludii's ``(graph ...)``, ``(add ...)``, ``(remove ...)``,
``(rotate ...)``, ``(trim ...)``, ``(merge ...)``, ``(shift ...)``, ``(scale ...)``, ``(dual ...)``,
``(complete ...)``, ``(splitCrossings ...)``, ``(subdivide ...)``, ``(hole ...)``, ``(keep ...)`` and
``(renumber ...)``
(``game.functions.graph.operators``).

Each operator takes a built graph and returns a new one; the argument is left unchanged. As in
Ludii, removals renumber the survivors (later indices shift down) without sorting them again,
additions append. Removing sites keeps the tiling (a board with holes); adding edges or cells
makes the result a ``graph``: it is no longer regular."""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterator, Sequence
from typing import TypeGuard

from .graph import BoardGraph, BoardSizeError, check_size, crossing_point, f32, score
from .polygon import bounds, inflate, point_in_polygon

Pt = Sequence[float]

MAX_LINES = 600
"""Most lines ``complete`` may draw (its cells are traced with a check for crossings)."""
MAX_SPLIT_LINES = 1000
"""Most lines ``splitCrossings`` takes (each pair of lines is tested once, and each new line
against the others: 1,000 lines are half a million tests)."""


def graph(vertices: Sequence[Pt], edges: Sequence[Sequence[int]] = ()) -> BoardGraph:
    """Ludii's ``(graph vertices:{{x y} ...} edges:{{a b} ...})``: vertices in the given order
    (single precision, as Ludii reads them), edges by vertex index, faces traced from them. A
    vertex ``{x y z}`` stands at height z (a board of layers: faces are traced on each level)."""
    check_size(len(vertices), "(graph ...)")
    g = BoardGraph(tiling="graph")
    spatial = any(isinstance(v, (list, tuple)) and len(v) == 3 and v[2] for v in vertices)
    for v in vertices:
        x, y = _point(v)
        if spatial:
            g.add_vertex_3d(f32(x), f32(y), f32(float(v[2])) if len(v) == 3 else 0.0)
        else:
            g.add_vertex(f32(x), f32(y))
    for e in edges:
        a, b = _pair(e)
        g.add_edge(a, b)
    g.make_faces()
    return g


def add(g: BoardGraph | None, *, vertices: Sequence[Pt] = (), edges: Sequence[object] = (),
        cells: Sequence[Sequence[object]] = (), curved: Sequence[Sequence[Pt]] = (),
        connect: bool = False) -> BoardGraph:
    """Ludii's ``(add [graph] vertices:{...} edges:{...} edgesCurved:{...} cells:{...} connect:...)``
    (no graph: an empty one).

    ``curved`` edges (two end points, then two tangents) come first, their end points found or
    made: they are curved edges (CW and CCW steps run along them). ``vertices`` are positions
    (one already there is not added twice). ``edges`` are either vertex index pairs ``(a, b)``
    or position pairs ``((x, y), (x, y))`` (missing end points are created); ``cells`` are
    lists of vertex indices or of positions, with their sides added as needed. Ludii adds
    positions first, then index-based edges and cells. With ``connect``, each vertex
    ``vertices`` added is joined to every vertex nearer than 1.1 times the mean edge length."""
    out = g.copy() if g is not None else BoardGraph(tiling="graph")
    for edge in curved:
        if len(edge) != 4:
            continue  # Ludii skips a curved edge without its two tangents
        va, vb = _find_or_add(out, edge[0]), _find_or_add(out, edge[1])
        if va != vb:
            out.add_edge(va, vb)
            out.curved.add(frozenset((va, vb)))
    added: list[int] = []
    for v in vertices:
        x, y = _point(v)
        if out.find_vertex(x, y) < 0:
            added.append(out.add_vertex(x, y))
    by_index = []
    for e in edges:
        if _is_index_pair(e):
            by_index.append(_pair(e))
        else:
            a, b = _ends(e)
            out.add_edge(_find_or_add(out, a), _find_or_add(out, b))
    cells_by_index = []
    for cell in cells:
        indices = _indices(cell)
        if indices is not None:
            cells_by_index.append(indices)
        else:
            _add_face(out, [_find_or_add(out, p) for p in cell])
    for a, b in by_index:
        out.add_edge(a, b)
    for vids in cells_by_index:
        for vid in vids:
            if not 0 <= vid < len(out.vertices):
                raise ValueError(f"add: cell vertex {vid} does not exist ({len(out.vertices)} vertices)")
        _add_face(out, vids, add_sides=False)
    if connect:
        connect_near(out, added)
    out.tiling = "graph"
    check_size(len(out.vertices), "(add ...)")
    return out


def connect_near(g: BoardGraph, sources: Sequence[int] | None = None) -> None:
    """Ludii's ``connect:True``: join each vertex of ``sources`` (every vertex when None) to
    every other vertex nearer than 1.1 times the mean edge length (edges found or added in
    that order; the cells are not traced again here)."""
    if not g.edges:
        return  # Ludii's mean length of no edges is 0: nothing is near enough
    threshold = 1.1 * sum(math.dist(g.vertices[a], g.vertices[b]) for a, b in g.edges) / len(g.edges)
    for a in (range(len(g.vertices)) if sources is None else sources):
        for b in range(len(g.vertices)):
            if a != b and math.dist(g.vertices[a], g.vertices[b]) < threshold:
                g.add_edge(a, b)


def remove(g: BoardGraph, *, cells: Sequence[object] = (), edges: Sequence[object] = (),
           vertices: Sequence[object] = (), trim_edges: bool = True,
           poly: Sequence[Pt] | None = None) -> BoardGraph:
    """Ludii's ``(remove graph cells:{...} edges:{...} vertices:{...} trimEdges:...)`` and
    ``(remove graph (poly ...))``.

    ``poly`` first removes every vertex inside the polygon (from the last vertex down). Each
    list holds indices (removed from the highest down, so that the indices all refer to the
    graph as given) or positions (cells by their corner positions, edges by their end
    points); a position where no vertex, edge or cell is found is passed over, as Ludii does.
    Cells go first, then edges, then vertices; removing a vertex removes its edges and cells;
    removing cells also removes the sides no other cell uses unless ``trim_edges`` is false."""
    out = g.copy()
    if poly is not None:
        shape = [_point(p) for p in poly]
        for vid in range(len(out.vertices) - 1, -1, -1):
            if point_in_polygon(out.vertices[vid], shape):
                out.remove_vertex(vid)
    cell_indices = _indices(cells)
    if cells and cell_indices is not None:
        for fid in sorted(set(cell_indices), reverse=True):
            out.remove_face(fid, trim_edges)
    else:
        for cell in cells:
            vids = sorted(out.find_vertex(*_point(p)) for p in _corners(cell))
            match = [i for i, f in enumerate(out.faces) if sorted(f) == vids]
            if match:
                out.remove_face(match[0], trim_edges)
    for e in edges:
        if _is_index_pair(e):
            a, b = _pair(e)
        else:
            pa, pb = _ends(e)
            a, b = out.find_vertex(*_point(pa)), out.find_vertex(*_point(pb))
        index = out.edge_index().get(frozenset((a, b)))
        if index is not None:
            out.remove_edge(index)
    vertex_indices = _indices(vertices)
    if vertices and vertex_indices is not None:
        for vid in sorted(set(vertex_indices), reverse=True):
            out.remove_vertex(vid)
    else:
        for p in vertices:
            x, y = _point(p)
            vid = out.find_vertex(x, y)
            if vid >= 0:
                out.remove_vertex(vid)
    return out  # holes keep the tiling: a hex board with windows is still a hex board


def rotate(g: BoardGraph, degrees: float) -> BoardGraph:
    """Ludii's ``(rotate DEGREES graph)``: every vertex turned ``degrees`` anticlockwise about
    the centre of the vertices' bounding box. Nothing is renumbered (Ludii does not reorder a
    rotated graph) and the tiling is kept: a rotated hex board is still a hex board."""
    out = g.copy()
    if not out.vertices:
        return out
    x0, y0, w, h = bounds(out.vertices)
    px, py = x0 + w / 2, y0 + h / 2
    theta = math.radians(degrees)
    cos, sin = math.cos(theta), math.sin(theta)
    out.vertices = [(px + (x - px) * cos - (y - py) * sin, py + (y - py) * cos + (x - px) * sin)
                    for x, y in out.vertices]
    return out


def merge(graphs: Sequence[BoardGraph], connect: bool = False) -> BoardGraph:
    """Ludii's ``(merge A B ... connect:...)``: the graphs overlaid. Vertices come in the order
    of the graphs and of their own vertices; a vertex within 0.01 (sum of |dx| and |dy|) of an
    earlier one is that vertex; edges are kept once; the cells are traced again from the
    drawing; nothing is reordered. With ``connect``, every two vertices nearer than 1.1 times
    the mean edge length are joined and the cells traced again (stopping at crossings). The
    result is a ``graph``: it has no one tiling."""
    out = BoardGraph(tiling="graph")
    grid: dict[tuple[int, int], list[int]] = {}  # vertices by 0.01-square, to find them fast

    def find_or_add(x: float, y: float) -> int:
        gx, gy = math.floor(x / 0.01), math.floor(y / 0.01)
        near = [v for dx in (-1, 0, 1) for dy in (-1, 0, 1) for v in grid.get((gx + dx, gy + dy), ())]
        for vid in sorted(near):  # the earliest vertex at that place, as Ludii's scan finds it
            vx, vy = out.vertices[vid]
            if abs(vx - x) + abs(vy - y) < 0.01:
                return vid
        vid = out.add_vertex(x, y)
        grid.setdefault((gx, gy), []).append(vid)
        return vid

    for g in graphs:
        new_id = [find_or_add(x, y) for x, y in g.vertices]
        for a, b in g.edges:
            if new_id[a] != new_id[b]:
                out.add_edge(new_id[a], new_id[b])
    check_size(len(out.vertices), "(merge ...)")
    out.make_faces()
    if connect:
        connect_near(out)
        out.make_faces(check_crossings=True)
    return out


def union(graphs: Sequence[BoardGraph], connect: bool = False) -> BoardGraph:
    """Ludii's graph ``(union A B ... connect:...)``: the graphs side by side in one, their
    vertices, edges and cells in order, renumbered after those of the graphs before; nothing is
    joined, even points at the same place, unless ``connect``: then every two vertices nearer
    than 1.1 times the mean edge length are joined and the cells traced again."""
    out = BoardGraph(tiling="graph")
    for g in graphs:
        base = len(out.vertices)
        for x, y in g.vertices:
            out.add_vertex(x, y)
        out.edges.extend((a + base, b + base) for a, b in g.edges)
        out.faces.extend([v + base for v in face] for face in g.faces)
    check_size(len(out.vertices), "(union ...)")
    if connect:
        connect_near(out)
        out.make_faces(check_crossings=True)
    return out


def skew(g: BoardGraph, amount: float) -> BoardGraph:
    """Ludii's ``(skew amount graph)``: each vertex moved right by ``amount`` times its height
    above the lowest vertex; nothing renumbered."""
    out = g.copy()
    if not out.vertices:
        return out
    y0 = min(y for _, y in out.vertices)
    out.vertices = [(x + (y - y0) * amount, y) for x, y in out.vertices]
    if amount:
        out.tiling = "graph"
    return out


def shift(g: BoardGraph, dx: float, dy: float) -> BoardGraph:
    """Ludii's ``(shift dx dy graph)``: every vertex moved by (dx, dy); nothing renumbered."""
    out = g.copy()
    out.vertices = [(x + dx, y + dy) for x, y in out.vertices]
    return out


def scale(g: BoardGraph, sx: float, sy: float | None = None) -> BoardGraph:
    """Ludii's ``(scale sx [sy] graph)``: every position multiplied by sx horizontally and sy
    (sx by default) vertically, about the origin; nothing renumbered. A scaled board no longer
    has unit edges, so it is a ``graph``."""
    sy = sx if sy is None else sy
    out = g.copy()
    out.vertices = [(x * sx, y * sy) for x, y in out.vertices]
    if (sx, sy) != (1, 1):
        out.tiling = "graph"
    return out


def dual(g: BoardGraph) -> BoardGraph:
    """Ludii's ``(dual graph)``, the weak dual: a vertex at the centre of each cell (in cell
    order), an edge between the centres of two cells that share a side (in the order of those
    sides), cells traced from the drawing, then everything sorted by ``y * 100 + x``."""
    if not g.vertices or not g.edges or not g.faces:
        raise ValueError("the dual of a board needs cells")
    out = BoardGraph(tiling="graph")
    for fid in range(len(g.faces)):
        out.add_vertex(*g.face_centre(fid))
    sides: dict[int, list[int]] = {}
    for fid in range(len(g.faces)):
        for eid in g.face_edges(fid):
            sides.setdefault(eid, []).append(fid)
    for eid in range(len(g.edges)):
        faces = sides.get(eid, [])
        if len(faces) == 2:
            out.add_edge(faces[0], faces[1])
    out.make_faces()
    out.reorder()
    return out


def complete(g: BoardGraph, each_cell: bool = False) -> BoardGraph:
    """Ludii's ``(complete graph [eachCell:True])``: an edge between every pair of vertices
    (the old edges go, the cells are traced again, stopping at crossings), or with
    ``each_cell`` between every pair of corners of each cell (the cells kept)."""
    out = g.copy()
    out.tiling = "graph"
    if each_cell:
        for face in g.faces:
            for i, a in enumerate(face):
                for b in face[i + 1:]:
                    out.add_edge(a, b)
        return out
    n = len(out.vertices)
    if n * (n - 1) // 2 > MAX_LINES:
        raise BoardSizeError(f"(complete ...) would draw {n * (n - 1) // 2} lines; at most {MAX_LINES}")
    out.edges = [(a, b) for a in range(n) for b in range(a + 1, n)]
    out.make_faces(check_crossings=True)
    return out


def split_crossings(g: BoardGraph) -> BoardGraph:
    """Ludii's ``(splitCrossings graph)``: wherever two edges cross, a new vertex splits both
    (first pair of crossing edges first, again until none cross); then an edge passing through
    a vertex is split there; the cells are traced again.

    Ludii looks for the first crossing pair again after each split. Edges keep their order
    (a split removes two and appends the new ones), so the first pair is the least pair of
    creation numbers among the crossings there are: the crossings are found once, those of
    each new edge when it is made, and taken least first."""
    out = g.copy()
    out.tiling = "graph"
    if len(out.edges) > MAX_SPLIT_LINES:
        raise BoardSizeError(f"(splitCrossings ...) of {len(out.edges)} lines; at most {MAX_SPLIT_LINES}")
    ids = list(range(len(out.edges)))  # the creation number of each edge, in the edges' order
    crossings = [(ia, ib, point) for ia, ib, point in _crossings(out, ids, ids)]
    heapq.heapify(crossings)
    made = len(ids)
    while crossings:
        ia, ib, (x, y) = heapq.heappop(crossings)
        if ia not in ids or ib not in ids:
            continue  # an edge split already
        ea, eb = ids.index(ia), ids.index(ib)
        (a0, a1), (b0, b1) = out.edges[ea], out.edges[eb]
        vid = out.add_vertex(x, y)
        check_size(len(out.vertices), "(splitCrossings ...)")
        out.remove_edge(eb)
        del ids[eb]
        out.remove_edge(ea)
        del ids[ea]
        new = []
        for p, q in ((a0, vid), (vid, a1), (b0, vid), (vid, b1)):
            before = len(out.edges)
            out.add_edge(p, q)
            if len(out.edges) > before:  # a new edge (Ludii finds one that exists)
                ids.append(made)
                new.append(made)
                made += 1
        for found in _crossings(out, new, ids):
            heapq.heappush(crossings, found)
    while True:
        touch = _first_touch(out)
        if touch is None:
            break
        eid, vid = touch
        a, b = out.edges[eid]
        out.remove_edge(eid)
        out.add_edge(a, vid)
        out.add_edge(vid, b)
    out.make_faces(check_crossings=True)
    return out


def _crossings(g: BoardGraph, these: Sequence[int], ids: Sequence[int]) -> Iterator[tuple[int, int, tuple[float, float]]]:
    """(first, second, point) for each crossing of an edge of ``these`` with an edge of
    ``ids`` (creation numbers; ``ids`` in the edges' order), each pair once, the edge made
    first given first, as Ludii tests them."""
    where = {i: k for k, i in enumerate(ids)}
    mine = set(these)
    pts = g.vertices
    for ia in these:
        a0, a1 = g.edges[where[ia]]
        for ib in ids:
            if ib == ia or (ib in mine and ib < ia):
                continue  # itself, or a pair seen from the other side
            b0, b1 = g.edges[where[ib]]
            if ia < ib:
                point = crossing_point(pts[a0], pts[a1], pts[b0], pts[b1])
                if point is not None:
                    yield ia, ib, point
            else:
                point = crossing_point(pts[b0], pts[b1], pts[a0], pts[a1])
                if point is not None:
                    yield ib, ia, point


def _first_touch(g: BoardGraph) -> tuple[int, int] | None:
    """The first edge passing through a vertex away from its ends, and that vertex."""
    for eid, (a, b) in enumerate(g.edges):
        for vid in range(len(g.vertices)):
            if vid not in (a, b) and _touches(g.vertices[vid], g.vertices[a], g.vertices[b]):
                return eid, vid
    return None


def subdivide(g: BoardGraph, minimum: int = 1, *, use: str = "Cell") -> BoardGraph:
    """Ludii's ``(subdivide graph [min:N])``: each cell of at least ``minimum`` sides (every
    cell by default) gets a vertex at its centre joined to its corners, so a cell of N sides
    becomes N triangles (cells traced again; a board of vertices keeps no cells)."""
    out = g.copy()
    out.tiling = "graph"
    if use == "Vertex":
        out.make_faces(check_crossings=True)
    split = []
    for fid in range(len(out.faces) - 1, -1, -1):
        face = out.faces[fid]
        if len(face) < minimum:
            continue
        pivot = out.add_vertex(*out.face_centre(fid))
        for v in face:
            out.add_edge(pivot, v)
        split.append(fid)
    check_size(len(out.vertices), "(subdivide ...)")
    if use == "Cell":
        out.make_faces(check_crossings=True)
    else:
        out.faces = []
    return out


def hole(g: BoardGraph, poly: Sequence[Pt]) -> BoardGraph:
    """Ludii's ``(hole graph (poly ...))``: every cell whose centre lies in the polygon (grown
    by 0.1) is removed, with the sides no other cell uses; nothing is renumbered."""
    shape = _polygon(poly, "hole")
    out = g.copy()
    out.tiling = "graph"
    for fid in range(len(out.faces) - 1, -1, -1):
        if point_in_polygon(out.face_centre(fid), shape):
            out.remove_face(fid, True)
    return out


def keep(g: BoardGraph, poly: Sequence[Pt]) -> BoardGraph:
    """Ludii's ``(keep graph (poly ...))``: only the vertices inside the polygon (grown by 0.1)
    stay, with the edges between them (in their order); the cells are traced again."""
    shape = _polygon(poly, "keep")
    inside = [point_in_polygon(v, shape) for v in g.vertices]
    new_id: dict[int, int] = {}
    vertices: list[tuple[float, float]] = []
    for vid, (v, keep_it) in enumerate(zip(g.vertices, inside)):
        if keep_it:
            new_id[vid] = len(vertices)
            vertices.append(v)
    out = BoardGraph(vertices=vertices, tiling="graph")
    for a, b in g.edges:
        if a in new_id and b in new_id:
            out.add_edge(new_id[a], new_id[b])
    out.make_faces()
    return out


def renumber(g: BoardGraph, kinds: Sequence[str] = ()) -> BoardGraph:
    """Ludii's ``(renumber [Vertex] [Edge] [Cell] graph)``: the elements of the kinds given (all
    by default) sorted by ``y * 100 + x``, from the bottom row up, left to right."""
    out = g.copy()
    if not kinds or "Vertex" in kinds:
        order = sorted(range(len(out.vertices)), key=lambda v: score(*out.vertices[v]))
        new_id = {old: new for new, old in enumerate(order)}
        out.vertices = [out.vertices[v] for v in order]
        if out.heights:  # a board of layers keeps each point's height
            out.heights = [out.heights[v] for v in order]
        out.edges = [(new_id[a], new_id[b]) for a, b in out.edges]
        out.faces = [[new_id[v] for v in face] for face in out.faces]
    if not kinds or "Edge" in kinds:
        out.edges = sorted(out.edges, key=lambda e: score(*_mid(out, e)))
    if not kinds or "Cell" in kinds:
        order = sorted(range(len(out.faces)), key=lambda f: score(*out.face_centre(f)))
        out.faces = [out.faces[f] for f in order]
    return out


def trim(g: BoardGraph) -> BoardGraph:
    """Ludii's ``(trim graph)``: removes orphan edges (an end point with no other edge) and
    then vertices left without any edge. Faces are kept unless one of their sides goes."""
    out = g.copy()
    out.trim()
    return out


# ---------------------------------------------------------------------- helpers

def _polygon(poly: Sequence[Pt], who: str) -> list[tuple[float, float]]:
    points = [_point(p) for p in poly]
    if len(points) < 3:
        raise ValueError(f"{who}: a polygon needs at least three points")
    return inflate(points, 0.1)


def _mid(g: BoardGraph, e: tuple[int, int]) -> tuple[float, float]:
    (ax, ay), (bx, by) = g.vertices[e[0]], g.vertices[e[1]]
    return (ax + bx) / 2, (ay + by) / 2


def _touches(pt: Pt, a: Pt, b: Pt) -> bool:
    """Whether pt lies on segment a-b away from its ends (Ludii's ``touchingPoint``, 0.001)."""
    if math.dist(pt, a) < 0.001 or math.dist(pt, b) < 0.001:
        return False
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return False
    t = max(0.0, min(1.0, ((pt[0] - a[0]) * dx + (pt[1] - a[1]) * dy) / length2))
    return math.dist(pt, (a[0] + t * dx, a[1] + t * dy)) <= 0.001


def _point(v: object) -> tuple[float, float]:
    if not isinstance(v, (list, tuple)) or len(v) not in (2, 3):
        raise ValueError(f"a position needs two numbers {{x y}}, got {v!r}")
    if not all(isinstance(c, (int, float)) and not isinstance(c, bool) for c in v):
        raise ValueError(f"a position needs numbers, got {v!r}")
    return float(v[0]), float(v[1])


def _pair(e: object) -> tuple[int, int]:
    if not _is_index_pair(e):
        raise ValueError(f"an edge needs two vertex indices {{a b}}, got {e!r}")
    a, b = e
    return int(a), int(b)


def _is_index_pair(e: object) -> TypeGuard[Sequence[int]]:
    return (isinstance(e, (list, tuple)) and len(e) == 2
            and all(isinstance(i, int) and not isinstance(i, bool) for i in e))


def _indices(items: Sequence[object]) -> list[int] | None:
    """The items as vertex or cell indices when they all are numbers, else None."""
    numbers = [int(i) for i in items if isinstance(i, int)]
    return numbers if len(numbers) == len(items) else None


def _ends(e: object) -> tuple[object, object]:
    """The two end points of an edge given by its positions."""
    if not isinstance(e, (list, tuple)) or len(e) != 2:
        raise ValueError(f"an edge needs two vertex indices {{a b}} or two positions, got {e!r}")
    return e[0], e[1]


def _corners(cell: object) -> Sequence[object]:
    """The corner positions of a cell given by them."""
    if not isinstance(cell, (list, tuple)):
        raise ValueError(f"a cell needs a list of corner positions, got {cell!r}")
    return cell


def _find(g: BoardGraph, p: object) -> int:
    x, y = _point(p)
    vid = g.find_vertex(x, y)
    if vid < 0:
        raise ValueError(f"no vertex at {p!r}")
    return vid


def _find_or_add(g: BoardGraph, p: object) -> int:
    x, y = _point(p)
    vid = g.find_vertex(x, y)
    return vid if vid >= 0 else g.add_vertex(x, y)


def _add_face(g: BoardGraph, vids: list[int], add_sides: bool = True) -> None:
    if len(vids) < 3:
        raise ValueError("a cell needs at least three corners")
    edges = g.edge_index()
    for i, a in enumerate(vids):
        b = vids[(i + 1) % len(vids)]
        if frozenset((a, b)) not in edges:
            if not add_sides:
                raise ValueError(f"add: cell side {a}-{b} is not an edge")
            g.add_edge(a, b)
            edges = g.edge_index()
    if any(sorted(f) == sorted(vids) for f in g.faces):
        return
    g.faces.append(list(vids))
