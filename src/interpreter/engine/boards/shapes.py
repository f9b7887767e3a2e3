"""Board shapes that are not a tiling: Ludii's ``(wedge ...)`` and ``(concentric ...)``
(``game.functions.graph.generators.shape``).

As in Ludii, each generator keeps its own element order: a wedge and a circle of points are not
reordered (their vertices come in the order they are made), a concentric polygon is sorted by
``y * 100 + x`` before its cells are traced, a circle of cells keeps its centre point first.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .graph import BoardGraph, check_size, f32
from .uses import check_use

CONCENTRIC_SHAPES = ("Triangle", "Square", "Hexagon", "Target")
"""Ludii's ``ConcentricShapeType``."""


def regular(sides: int, star: bool = False, *, use: str = "Cell") -> BoardGraph:
    """Ludii's ``(regular [Star] N)``: N points evenly on a circle (the first at the top, or at
    45 degrees for a square), joined around the rim, or with ``Star`` each to the point
    (N - 1) // 2 further on (a pentagram for 5); cells traced for boards of cells."""
    check_use(use)
    if sides < 3:
        raise ValueError("a regular polygon needs at least three sides")
    check_size(sides, f"(regular {sides})")
    graph = BoardGraph(tiling="graph")
    r = sides / (2 * math.pi)
    offset = math.pi / 4 if sides == 4 else math.pi / 2
    for k in range(sides):
        theta = offset + k / sides * 2 * math.pi
        graph.add_vertex(r * math.cos(theta), r * math.sin(theta))
    for k in range(sides):
        graph.add_edge(k, (k + ((sides - 1) // 2 if star else 1)) % sides)
    if use == "Cell":
        graph.make_faces(check_crossings=True)
    graph.reorder()
    return graph



_FIND = 0.001  # Ludii's tolerance when it looks a vertex up by position


def _find_or_add(graph: BoardGraph, x: float, y: float) -> int:
    vid = graph.find_vertex(x, y, _FIND)
    return vid if vid >= 0 else graph.add_vertex(x, y)


def wedge(rows: int, columns: int | None = None) -> BoardGraph:
    """Ludii's ``(wedge rows [columns])``: an apex over ``rows - 1`` rows of ``columns`` points
    (3 by default) spreading out below it, joined across each row, down each line from the apex
    and to the apex; no cells. ``(wedge 3)`` is the triangle added to Alquerque boards."""
    cols = 3 if columns is None else columns
    if rows < 1 or cols < 2:
        raise ValueError("a wedge needs at least one row and two columns")
    check_size(1 + (rows - 1) * cols, f"(wedge {rows} {cols})")
    graph = BoardGraph(tiling="graph")
    mid = rows - 1
    for r in range(rows):
        if r == 0:
            graph.add_vertex(mid, mid)
            continue
        left, right = mid - r, mid + r
        for c in range(cols):
            t = c / (cols - 1)
            graph.add_vertex(left + t * (right - left), mid - r)
    for r in range(rows):
        if r == 0:
            for c in range(cols):
                if c + 1 < len(graph.vertices):
                    graph.add_edge(0, c + 1)
            continue
        first = r * cols - cols + 1
        for c in range(cols - 1):
            graph.add_edge(first + c, first + c + 1)
        if r < rows - 1:
            for c in range(cols):
                graph.add_edge(first + c, first + cols + c)
    return graph


def concentric_regular(sides: int, rings: int, *, midpoints: bool = True, join_midpoints: bool = True,
                       join_corners: bool = False, use: str = "Cell") -> BoardGraph:
    """Ludii's ``(concentric Square|Triangle|Hexagon rings:N)`` and ``(concentric sides:S
    rings:N)`` (``ConcentricRegular``): ``rings`` regular polygons around one centre (a Morris
    board), each corner and, with ``midpoints``, each side's middle a point, the rings joined
    at their midpoints (``joinMidpoints``) and/or corners (``joinCorners``)."""
    check_use(use)
    if sides < 3:
        raise ValueError("a concentric board's rings need at least three sides")
    if rings < 1:
        raise ValueError("a concentric board needs at least one ring")
    check_size(rings * sides * 2, f"(concentric sides:{sides} rings:{rings})")
    graph = BoardGraph(tiling="graph")
    arc = 2 * math.pi / sides
    ref = math.pi / 2 + (arc / 2 if sides % 2 == 0 else 0)
    base = 0
    for ring in range(rings):
        radius = 1 + ring * (2 if sides == 3 else 1)
        for side in range(sides):
            xa, ya = radius * math.cos(ref + arc * side), radius * math.sin(ref + arc * side)
            xc, yc = radius * math.cos(ref + arc * (side + 1)), radius * math.sin(ref + arc * (side + 1))
            _find_or_add(graph, xa, ya)
            if midpoints:
                _find_or_add(graph, (xa + xc) / 2, (ya + yc) / 2)
        n = len(graph.vertices)
        for v in range(base, n):
            graph.add_edge(v, v + 1 if v < n - 1 else base)
        base = n
    if (midpoints and join_midpoints) or join_corners:
        per_side = 2 if midpoints else 1
        per_ring = sides * per_side
        for ring in range(rings - 1):
            for side in range(sides):
                if join_corners:
                    v = ring * per_ring + side * per_side
                    graph.add_edge(v, v + per_ring)
                if join_midpoints:  # Ludii joins "midpoints" even without them: the next corner
                    v = ring * per_ring + side * per_side + 1
                    graph.add_edge(v, v + per_ring)
    graph.reorder()
    if use == "Cell":
        graph.make_faces(check_crossings=True)
    return graph


def concentric_circle(cells: Sequence[int], *, stagger: bool = False, use: str = "Cell") -> BoardGraph:
    """Ludii's ``(concentric {n0 n1 ...})`` (``ConcentricCircle``): rings of cells around a
    centre, ``cells[i]`` in ring i (0 or 1 for the centre), the first of each ring at the top,
    then clockwise; ``stagger`` turns every second ring by half a cell.

    On vertices the rings are points: ring i (radius i) has ``cells[i]`` points (a first count
    above 1 means there is no centre point), each ring joined around, each point joined to the
    point of the next ring in line with it, the centre to every point of ring 1; the points come
    in Ludii's order (the centre, then each ring by angle from -pi). A single count is a plain
    polygon of that many points. A negative count (on vertices) is a ring of that many points
    not joined around (Ludii's). On cells, ring i lies between radii i - 0.5 and i + 0.5 and the
    cells are traced from the drawing (the centre point is vertex 0).

    As in Ludii, the lines around the rings are curved and every point has a pivot, which the
    circular directions (In, Out, CW, CCW) turn about: the centre point, or when there is none
    the point inside it on the same spoke."""
    check_use(use)
    counts = [abs(int(c)) for c in cells]
    if not counts:
        raise ValueError("a concentric board needs at least one ring")
    check_size(sum(counts) * 2 + 1, "(concentric {...})")
    graph = BoardGraph(tiling="graph")
    ref = math.pi / 2
    if use == "Cell":
        _circle_cells(graph, counts, stagger, ref)
        return graph
    if len(counts) == 1:
        _circle_polygon(graph, counts[0])
        return graph
    verts = [0] + counts if counts[0] > 1 else list(counts)
    signed = [int(c) for c in cells]  # Ludii: a ring given as a negative count has no edges around it
    signed = [0] + signed if counts[0] > 1 else signed
    samples = _ring_points(verts, stagger, ref)
    for row in samples:
        for x, y, _ in row:
            _find_or_add(graph, x, y)
    _join_rings_around(graph, signed, samples)
    _join_rings_outwards(graph, verts, samples)
    if verts[0]:  # the centre point is every point's pivot (else each point's is the one inside it)
        centre = graph.find_vertex(0.0, 0.0, _FIND)
        if centre >= 0:
            graph.pivots = {v: centre for v in range(len(graph.vertices))}
    return graph


# a point of a ring drawn by (concentric ...): x, y and its angle
_Sample = tuple[float, float, float]


def _circle_polygon(graph: BoardGraph, n: int) -> None:
    """A single ring of ``n`` points: a plain polygon."""
    if n < 3:
        raise ValueError(f"a polygon of {n} points: a single ring needs at least three")
    r = n / (2 * math.pi)
    offset = math.pi / 4 if n == 4 else math.pi / 2
    for k in range(n):
        theta = offset + k / n * 2 * math.pi
        graph.add_vertex(r * math.cos(theta), r * math.sin(theta))
    for k in range(n):
        graph.add_edge(k, (k + 1) % n)
    graph.reorder()


def _drop_close(row: list[_Sample], tolerance: float) -> None:
    """Remove the points of a ring (sorted by angle) that lie on the point before them."""
    for k in range(len(row) - 1, 0, -1):
        a, b = row[k], row[(k + len(row) - 1) % len(row)]
        if math.hypot(a[0] - b[0], a[1] - b[1]) < tolerance:
            del row[k]


def _ring_points(verts: list[int], stagger: bool, ref: float) -> list[list[_Sample]]:
    """The points of each ring (ring i at radius i), the rings after the centre by angle."""
    samples: list[list[_Sample]] = []
    for ring, count in enumerate(verts):
        offset = 2 * math.pi / count / 2 if stagger and ring % 2 == 1 and count else 0.0
        row = []
        for step in range(count):
            theta = ref + offset - 2 * math.pi * step / count
            row.append((ring * math.cos(theta), ring * math.sin(theta), theta))
        if ring > 0:
            row.sort(key=lambda s: s[2])
            _drop_close(row, 0.1)
        samples.append(row)
    return samples


def _join_rings_around(graph: BoardGraph, verts: list[int], samples: list[list[_Sample]]) -> None:
    """Each ring's points joined around it."""
    for ring in range(1, len(verts)):
        row = samples[ring]
        if verts[ring] < 2 or len(row) < 2:
            continue
        for k in range(len(row)):
            a = _find_or_add(graph, row[k][0], row[k][1])
            b = _find_or_add(graph, row[(k + 1) % len(row)][0], row[(k + 1) % len(row)][1])
            if a != b:
                graph.add_edge(a, b)
                graph.curved.add(frozenset((a, b)))


def _join_rings_outwards(graph: BoardGraph, verts: list[int], samples: list[list[_Sample]]) -> None:
    """Each point joined to the point of the next ring in line with it; the centre to every
    point of ring 1."""
    for ring in range(len(verts) - 1):
        for x, y, _ in samples[ring]:
            a = graph.find_vertex(x, y, _FIND)
            if a < 0:
                continue
            if ring == 0:
                for bx, by, _ in samples[1]:
                    b = graph.find_vertex(bx, by, _FIND)
                    if b >= 0 and b != a:
                        graph.add_edge(a, b)
            else:
                ratio = (ring + 1) / ring
                b = graph.find_vertex(x * ratio, y * ratio, _FIND)
                if b >= 0:
                    graph.add_edge(a, b)
                    if not verts[0]:  # no centre: the point inside is this one's pivot
                        graph.pivots[b] = a


def _cell_spokes(counts: list[int], ring: int, stagger: bool, ref: float) -> list[_Sample]:
    """The lines between the cells of a ring of (concentric ...) cells: inner radius, outer
    radius, angle."""
    count = counts[ring]
    if count < 2:
        return []
    r_in, r_out = max(0.0, ring - 0.5), ring + 0.5
    offset = 2 * math.pi / count / 2 if stagger and ring % 2 == 1 else 0.0
    out = []
    for step in range(count):
        theta = ref + offset - 2 * math.pi * step / count
        out.append((r_in, r_out, theta))
    return out


def _circle_cells(graph: BoardGraph, counts: list[int], stagger: bool, ref: float) -> None:
    rings = len(counts)
    graph.add_vertex(0.0, 0.0)  # the pivot
    samples: list[list[_Sample]] = [[] for _ in range(rings + 1)]
    for ring in range(rings):
        for r_in, r_out, theta in _cell_spokes(counts, ring, stagger, ref):
            while theta < -math.pi:
                theta += 2 * math.pi
            while theta > math.pi:
                theta -= 2 * math.pi
            samples[ring].append((r_in * math.cos(theta), r_in * math.sin(theta), theta))
            samples[ring + 1].append((r_out * math.cos(theta), r_out * math.sin(theta), theta))
    for row in samples:
        row.sort(key=lambda s: s[2])
        _drop_close(row, _FIND)
    for row in samples:
        for x, y, _ in row:
            _find_or_add(graph, x, y)
    for row in samples:
        if len(row) < 2:
            continue
        for k in range(len(row)):
            a = graph.find_vertex(row[k][0], row[k][1], _FIND)
            b = graph.find_vertex(row[(k + 1) % len(row)][0], row[(k + 1) % len(row)][1], _FIND)
            if a != b:
                graph.add_edge(a, b)
                graph.curved.add(frozenset((a, b)))
    for ring in range(rings):
        for r_in, r_out, theta in _cell_spokes(counts, ring, stagger, ref):
            a = _find_or_add(graph, r_in * math.cos(theta), r_in * math.sin(theta))
            b = _find_or_add(graph, r_out * math.cos(theta), r_out * math.sin(theta))
            if a != b:
                graph.add_edge(a, b)
    graph.pivots = {v: 0 for v in range(len(graph.vertices))}  # the centre point
    graph.make_faces(check_crossings=True)


def spiral(turns: int, sites: int, clockwise: bool = True) -> BoardGraph:
    """Ludii's ``(spiral turns:T sites:N [clockwise:False])`` (the Mehen board): a centre point
    and N - 1 points along a spiral (radius growing with the angle) of T turns, the inner rings
    with fewer points than the outer ones, each point joined to the next; nothing is sorted."""
    if sites > 1000:
        raise ValueError(f"{sites} sites in a spiral exceeds the limit of 1000 (Ludii's)")
    if turns < 1 or sites < 2:
        raise ValueError("a spiral needs at least one turn and two sites")
    base = _spiral_base(turns, sites)
    thetas = [0.0] * (4 * sites)
    index, steps = 1, base
    for ring in range(1, turns + 2):
        if steps <= 0:
            break
        d_theta = math.pi * 2 / steps
        theta = math.pi * 2 * ring
        if ring <= 2 or ring % 2 == 1:
            theta -= d_theta / 2  # so that the lines of two rings do not meet
        for _ in range(steps):
            if index >= len(thetas):
                raise ValueError(f"a spiral of {turns} turns cannot hold {sites} sites")
            thetas[index] = theta
            index += 1
            theta += d_theta
        if ring <= 2:
            steps *= 2
    for _ in range(2):  # two smoothing passes, as Ludii
        for vid in range(2, sites):
            thetas[vid] = (thetas[vid - 1] + thetas[vid + 1]) / 2.0
    thetas[1] -= 0.5 * (thetas[2] - thetas[1])
    graph = BoardGraph(tiling="graph")
    graph.add_vertex(0.0, 0.0)
    for vid in range(1, sites):
        theta = thetas[vid]
        x = -theta * math.cos(theta) if clockwise else theta * math.cos(theta)
        graph.add_vertex(x, theta * math.sin(theta))
    for vid in range(len(graph.vertices) - 1):
        graph.add_edge(vid, vid + 1)
    return graph


def _spiral_base(turns: int, sites: int) -> int:
    """Ludii's ``Spiral.baseNumber``: the number of points of the inner ring."""
    for base in range(1, sites):
        steps, total = base, 1
        for ring in range(1, turns):
            total += steps
            if total > sites:
                return base - 1
            if ring <= 2:
                steps *= 2
    return 0


def repeat(rows: int, columns: int, step_column: tuple[float, float], step_row: tuple[float, float],
           polygons: Sequence[Sequence[tuple[float, float]]]) -> BoardGraph:
    """Ludii's ``(repeat ROWS COLUMNS step:{{cx cy} {rx ry}} (poly ...))``: the polygons drawn
    again at ``col * step_column + row * step_row`` for each row and column (row by row),
    points at one place shared; cells traced, then sorted by ``y * 100 + x``."""
    if rows < 1 or columns < 1:
        raise ValueError("repeat needs at least one row and one column")
    check_size(rows * columns * sum(len(p) for p in polygons), f"(repeat {rows} {columns})")
    graph = BoardGraph(tiling="graph")
    cx, cy = f32(step_column[0]), f32(step_column[1])
    rx, ry = f32(step_row[0]), f32(step_row[1])
    for row in range(rows):
        for col in range(columns):
            x0, y0 = col * cx + row * rx, col * cy + row * ry
            for poly in polygons:
                pts = [(f32(x), f32(y)) for x, y in poly]
                for n, (ax, ay) in enumerate(pts):
                    bx, by = pts[(n + 1) % len(pts)]
                    a = _find_or_add(graph, x0 + ax, y0 + ay)
                    b = _find_or_add(graph, x0 + bx, y0 + by)
                    if a != b:
                        graph.add_edge(a, b)
    graph.make_faces()
    graph.reorder()
    return graph
