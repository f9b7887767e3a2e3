"""SVG pictures of positions, drawn from the board's topology and nothing else.

- a board of cells (square grids, hexagons, triangles, one row...) draws each cell's outline
  (``Topology.shapes``);
- a board of points (``use:Vertex``: Go-style intersections, triangular lattices, a graph)
  draws the board's lines (``Topology.lines``) on a board-coloured hull;
- a board with neither (a bare graph) draws its adjacencies and a ring per site;
- a board played on its edges (``use:Edge``) draws its edges as lines, and a piece on an edge
  as a thick line in its owner's colour (:mod:`.edges`).

Pieces are coloured by owner (P1 light, P2 dark, then red, blue, green...; neutral grey), drawn
as the shape their name suggests (``Cross``, ``Square``, ``Triangle``; anything else a disc),
with their value written on them when the piece has one. Coordinates go on the edges: for
labels such as ``C7`` whose columns and rows are straight lines, each column letter past one
end of its column and each row number past one end of its row (whatever the board's angle);
on one row, each slot's label below it; on any other board (a graph, a semi-regular tiling),
each empty site's label on the site. The last move is ringed (its origin ringed with a dashed line).

Every piece is one ``<g class="piece">`` element carrying ``data-site``, ``data-owner`` and
``data-piece``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from ..engine.arrays import puzzle_values

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import State
    from ..engine.topology import Topology

UNIT = 44.0  # pixels between neighbouring sites
MARGIN = 12.0
TITLE_HEIGHT = 30.0
MIN_WIDTH = 360.0  # pixels: a smaller board is drawn larger
BOARD_FILL = "#e9c98b"
BOARD_EDGE = "#6b4f1d"
LINE_COLOUR = "#3b2a10"
LAST_MOVE = "#e0301e"
# owner -> (fill, outline, text on the piece); 0 is a neutral piece
PIECE_COLOURS: dict[int, tuple[str, str, str]] = {
    0: ("#9e9e9e", "#4a4a4a", "#000000"),
    1: ("#f7f7f2", "#222222", "#000000"),
    2: ("#202020", "#000000", "#ffffff"),
    3: ("#d0342c", "#7a1510", "#ffffff"),
    4: ("#2f6fd0", "#143a77", "#ffffff"),
    5: ("#3aa655", "#1d5a2c", "#ffffff"),
    6: ("#f0a020", "#8a5a00", "#000000"),
    7: ("#8e44ad", "#4a1f5c", "#ffffff"),
    8: ("#17a2b8", "#0b5561", "#000000"),
}
_COORD = re.compile(r"^([A-Za-z]+)(\d+)$")


def _colours(owner: int, chosen: dict[int, str] | None = None) -> tuple[str, str, str]:
    """(fill, outline, text) of a player's pieces: the description's own colour for the player
    (``(graphics {(player Colour P1 (colour Black))})``) when it gives one, else the default."""
    if chosen and owner in chosen:
        fill = chosen[owner]
        r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
        light = 0.299 * r + 0.587 * g + 0.114 * b > 140
        edge = "#222222" if light else "#000000"
        return fill, edge, "#000000" if light else "#ffffff"
    return PIECE_COLOURS.get(owner, ("#ffffff", "#000000", "#000000"))


def piece_colours(game: Game, what: int, owner: int) -> tuple[str, str, str]:
    """(fill, outline, text) of a piece ``what`` of ``owner`` on the board: a Shared piece
    (owner 0 here, as a neutral one) takes the description's colour of Ludii's Shared role (the
    player count + 1) when it gives one, else the neutral pieces' colour."""
    chosen = game.info.colours
    if owner == 0 and game.components[what].shared and chosen and game.num_players + 1 in chosen:
        return _colours(game.num_players + 1, chosen)
    return _colours(owner, chosen)


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".") if v != int(v) else str(int(v))


class _Frame:
    """Board coordinates (x right, y up) to picture pixels (y down)."""

    def __init__(self, points: Sequence[tuple[float, float, float]], scale: float):
        """``points``: (x, y, room needed around it), in board units."""
        points = list(points) or [(0.0, 0.0, 1.0)]
        self.minx = min(x - r for x, y, r in points)
        self.maxx = max(x + r for x, y, r in points)
        self.miny = min(y - r for x, y, r in points)
        self.maxy = max(y + r for x, y, r in points)
        self.k = scale
        self.width = (self.maxx - self.minx) * scale + 2 * MARGIN
        self.height = (self.maxy - self.miny) * scale + 2 * MARGIN

    def x(self, x: float) -> float:
        return (x - self.minx) * self.k + MARGIN

    def y(self, y: float) -> float:
        return (self.maxy - y) * self.k + MARGIN

    def xy(self, p: tuple[float, float]) -> str:
        return f"{_f(self.x(p[0]))},{_f(self.y(p[1]))}"


# --- coordinates ---------------------------------------------------------------------------------------
def coordinate_labels(topo: Topology, gap: float = 0.85) -> list[tuple[float, float, str]]:
    """Where the coordinates go, in board units: (x, y, text); ``gap`` is their distance past
    the last site of a line, in site spacings."""
    pos = topo.positions
    n = topo.n
    if not n:
        return []
    s = topo.spacing
    cx = sum(p[0] for p in pos) / n
    cy = sum(p[1] for p in pos) / n

    def outward(site: int) -> tuple[float, float]:
        dx, dy = pos[site][0] - cx, pos[site][1] - cy
        d = math.hypot(dx, dy)
        return (dx / d, dy / d) if d > 1e-9 else (0.0, -1.0)

    def past(end: int, inner: int | None, gap: float) -> tuple[float, float]:
        if inner is None:
            ux, uy = outward(end)
        else:
            dx, dy = pos[end][0] - pos[inner][0], pos[end][1] - pos[inner][1]
            d = math.hypot(dx, dy)
            ux, uy = (dx / d, dy / d) if d > 1e-9 else outward(end)
        return pos[end][0] + ux * gap, pos[end][1] + uy * gap

    grid = _grid_lines(topo)
    out: list[tuple[float, float, str]] = []
    if grid is not None:
        letters, numbers = grid
        gap = gap * s
        for letter, line in letters.items():
            x, y = past(line[0], line[1] if len(line) > 1 else None, gap)
            out.append((x, y, letter))
        for number, line in numbers.items():
            x, y = past(line[0], line[1] if len(line) > 1 else None, gap)
            out.append((x, y, str(number)))
        return out
    if topo.is_row:  # one row: each slot's label below it
        return [(x, y - 0.8 * s, label) for (x, y), label in zip(pos, topo.labels)]
    return []  # no lines of coordinates: the labels are written on the empty sites instead


def _grid_lines(topo: Topology) -> tuple[dict[str, list[int]], dict[int, list[int]]] | None:
    """Sites by column letter and by row number, each line ordered from its first site, when the
    labels are coordinates (``C7``) whose columns and rows are straight lines of consecutive
    sites; else None (a graph, a semi-regular tiling)."""
    if topo.n < 2:
        return None
    letters: dict[str, list[tuple[int, int]]] = {}
    numbers: dict[int, list[tuple[int, int]]] = {}
    for site, label in enumerate(topo.labels):
        m = _COORD.match(label)
        if m is None:
            return None
        letter, number = m.group(1).upper(), int(m.group(2))
        letters.setdefault(letter, []).append((number, site))
        numbers.setdefault(number, []).append((_column_index(letter), site))
    pos = topo.positions
    tolerance = 0.05 * topo.spacing * topo.spacing

    def straight(members: list[tuple[int, int]]) -> list[int] | None:
        members.sort()
        keys = [k for k, _ in members]
        if keys != list(range(keys[0], keys[0] + len(keys))):
            return None  # not consecutive: not a line of the grid
        sites = [site for _, site in members]
        if len(sites) >= 3:
            (x0, y0), (x1, y1) = pos[sites[0]], pos[sites[1]]
            for site in sites[2:]:
                x, y = pos[site]
                if abs((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)) > tolerance:
                    return None
        return sites

    columns = {k: line for k, v in letters.items() if (line := straight(v)) is not None}
    rows = {k: line for k, v in numbers.items() if (line := straight(v)) is not None}
    if len(columns) < len(letters) or len(rows) < len(numbers):
        return None
    if max(map(len, columns.values())) < 2 and max(map(len, rows.values())) < 2:
        return None
    return columns, rows


def _column_index(letters: str) -> int:
    index = 0
    for ch in letters:
        index = index * 26 + (ord(ch) - ord("A") + 1)
    return index


# --- the picture -------------------------------------------------------------------------------------
def _distance_to_outline(p: tuple[float, float], shape: Sequence[tuple[float, float]]) -> float:
    best = math.inf
    for i, a in enumerate(shape):
        b = shape[(i + 1) % len(shape)]
        ax, ay, bx, by = a[0], a[1], b[0], b[1]
        dx, dy = bx - ax, by - ay
        length = dx * dx + dy * dy
        t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length))
        best = min(best, math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy)))
    return best


def _hull(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    hull: list[tuple[float, float]] = []
    for sweep in (pts, list(reversed(pts))):
        part: list[tuple[float, float]] = []
        for p in sweep:
            while len(part) >= 2 and cross(part[-2], part[-1], p) <= 1e-9:
                part.pop()
            part.append(p)
        hull.extend(part[:-1])
    return hull


def _piece(kind: str, x: float, y: float, r: float, colours: tuple[str, str, str], text: str | None,
           attrs: str) -> str:
    fill, edge, ink = colours
    base = kind.lower()
    sw = _f(max(1.0, r * 0.09))
    if base in ("cross", "x"):
        d = r * 0.8
        w = _f(r * 0.38)
        shape = (f'<path d="M{_f(x - d)},{_f(y - d)}L{_f(x + d)},{_f(y + d)}M{_f(x + d)},{_f(y - d)}'
                 f'L{_f(x - d)},{_f(y + d)}" stroke="{edge}" stroke-width="{w}" stroke-linecap="round"/>'
                 f'<path d="M{_f(x - d)},{_f(y - d)}L{_f(x + d)},{_f(y + d)}M{_f(x + d)},{_f(y - d)}'
                 f'L{_f(x - d)},{_f(y + d)}" stroke="{fill}" stroke-width="{_f(r * 0.22)}" '
                 f'stroke-linecap="round"/>')
    elif base in ("square", "cube", "tile"):
        d = r * 0.85
        shape = (f'<rect x="{_f(x - d)}" y="{_f(y - d)}" width="{_f(2 * d)}" height="{_f(2 * d)}" '
                 f'fill="{fill}" stroke="{edge}" stroke-width="{sw}"/>')
    elif base in ("triangle", "pyramid"):
        pts = " ".join(f"{_f(x + r * math.cos(a))},{_f(y - r * math.sin(a))}"
                       for a in (math.pi / 2, math.pi / 2 + 2 * math.pi / 3, math.pi / 2 + 4 * math.pi / 3))
        shape = f'<polygon points="{pts}" fill="{fill}" stroke="{edge}" stroke-width="{sw}"/>'
    else:  # Disc, Ball, Marker, Stone... and any other name
        shape = (f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="{fill}" stroke="{edge}" '
                 f'stroke-width="{sw}"/>')
    label = ""
    if text:
        size = r * (1.1 if len(text) <= 1 else 0.85 if len(text) == 2 else 0.6)
        colour = ink if base not in ("cross", "x") else "#000000"
        label = (f'<text x="{_f(x)}" y="{_f(y)}" font-size="{_f(size)}" fill="{colour}" '
                 f'text-anchor="middle" dominant-baseline="central" font-weight="bold">{escape(text)}</text>')
    return f'<g class="piece" {attrs}>{shape}{label}</g>'


def _owned_sides(game: Game, frame: _Frame, unit: float) -> list[str]:
    """The outer edges of the cells of each player's regions (Hex's sides), in their colour."""
    topo = game.topology
    regions = {p: {s for region in rs for s in region} for p, rs in game.player_regions.items() if p and rs}
    if not regions:
        return []

    def key(p: tuple[float, float]) -> tuple[int, int]:
        return round(p[0] * 1000), round(p[1] * 1000)

    uses: dict[frozenset[tuple[int, int]], int] = {}
    for shape in topo.shapes:
        for i, a in enumerate(shape):
            edge = frozenset((key(a), key(shape[(i + 1) % len(shape)])))
            uses[edge] = uses.get(edge, 0) + 1
    out = []
    width = max(3.0, unit * 0.16)
    for player, sites in sorted(regions.items()):
        fill, edge_colour, _ = _colours(player, game.info.colours)
        segments = []
        for site in sorted(sites):
            shape = topo.shapes[site]
            for i, a in enumerate(shape):
                b = shape[(i + 1) % len(shape)]
                if uses.get(frozenset((key(a), key(b)))) == 1:
                    segments.append(f"M{frame.xy(a)}L{frame.xy(b)}")
        if segments:
            d = "".join(segments)
            out.append(f'<g class="side" data-owner="{player}" fill="none" stroke-linecap="round">'
                       f'<path d="{d}" stroke="{edge_colour}" stroke-width="{_f(width)}"/>'
                       f'<path d="{d}" stroke="{fill}" stroke-width="{_f(width * 0.55)}"/></g>')
    return out


def _last_move(state: State) -> tuple[int, int, str]:
    """(from, to, text) of the last move: from the history, else the position's last move."""
    history = state.history
    if history:
        move = history[-1]
        return move.frm, move.to, move.text
    if state.ply:
        return state.last_from, state.last_to, ""
    return -1, -1, ""


def _last(state: State) -> Any:
    history = state.history
    return history[-1] if history else None


def _last_kind(state: State) -> str:
    """The kind of element the last move went to when it is not the board's own (``Edge`` in
    Dots and Boxes), else ''."""
    from ..engine.multisite import KINDS, LAST_KIND
    move = _last(state)
    if move is not None:
        return getattr(move, "on", "") or ""
    kind = state.arrays.get(LAST_KIND, (0,))[0] if state.ply else 0
    return KINDS[kind - 1] if kind else ""


def _other_kinds(state: State, pic: _Picture, last_on: str, last_to: int) -> list[str]:
    """The pieces on another kind of element than the board's (Dots and Boxes's lines on the
    edges of a board of cells, a maze's walls): on an edge a stroke along it, on a vertex or a
    cell a small piece there, in the owner's colour; the last move's element marked in red."""
    from ..engine.multisite import KINDS, pieces_array
    topo, frame, game = pic.topo, pic.frame, state.game
    els = topo.elements
    if els is None:
        return []
    out: list[str] = []
    width = max(3.0, pic.unit * 0.12)
    for kind in KINDS:
        data = state.arrays.get(pieces_array(kind))
        if data is None or kind == topo.use:
            continue
        out.append(f'<g class="pieces on-{kind.lower()}" stroke-linecap="round">')
        for site, what in enumerate(data):
            marked = kind == last_on and site == last_to
            if not what and not marked:
                continue
            if kind == "Edge":
                a, b = els.edges[site]
                (x1, y1), (x2, y2) = els.vertices[a], els.vertices[b]
                xy = (f'x1="{_f(frame.x(x1))}" y1="{_f(frame.y(y1))}" '
                      f'x2="{_f(frame.x(x2))}" y2="{_f(frame.y(y2))}"')
                if marked:
                    out.append(f'<line class="last-move" {xy} stroke="{LAST_MOVE}" stroke-width="{_f(width * 1.8)}"/>')
            else:
                corners = els.cells[site] if kind == "Cell" else (site,)
                x = sum(els.vertices[v][0] for v in corners) / len(corners)
                y = sum(els.vertices[v][1] for v in corners) / len(corners)
                r = pic.unit * (0.3 if kind == "Cell" else 0.16)
                if marked:
                    out.append(f'<circle class="last-move" cx="{_f(frame.x(x))}" cy="{_f(frame.y(y))}" '
                               f'r="{_f(r * 1.25)}" fill="none" stroke="{LAST_MOVE}" stroke-width="{_f(width * 0.6)}"/>')
            if not what:
                continue
            comp = game.components[what]
            fill, outline, _ = piece_colours(game, what, comp.owner)
            attrs = (f'data-kind="{kind}" data-site="{site}" data-owner="{comp.owner}" '
                     f'data-piece={quoteattr(comp.name)}')
            if kind == "Edge":
                out.append(f'<g class="piece" {attrs}><line {xy} stroke="{outline}" stroke-width="{_f(width)}"/>'
                           f'<line {xy} stroke="{fill}" stroke-width="{_f(width * 0.6)}"/></g>')
            else:
                out.append(_piece(comp.base or comp.name, frame.x(x), frame.y(y), r, (fill, outline, "#000000"),
                                  None, attrs))
        out.append("</g>")
    return out


def _value_of(game: Game, what: int) -> str | None:
    value = getattr(game.components[what], "value", 0)
    if not value or isinstance(value, bool):  # 0: the piece has no value
        return None
    return str(value)


def render_svg(state: State, coordinates: bool = True, last_move: bool = True, title: bool = True,
               unit: float = UNIT, targets: bool = False) -> str:
    """The position as an SVG document (a string). With ``targets``, a transparent shape over
    every site (``<g class="targets">``: each cell's outline, or a disc around each point), each
    carrying its site's ``data-site``, so a page can take clicks and highlight sites."""
    game = state.game
    topo = game.topology
    if topo.use == "Edge" and topo.elements is not None:  # pieces on lines: drawn as lines
        from .edges import render_edges
        return render_edges(state, coordinates, last_move, title, unit, targets)
    pic = _layout(game.topology, unit, coordinates)
    frame = pic.frame
    height = frame.height + (TITLE_HEIGHT if title else 0)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(frame.width)}" height="{_f(height)}" '
           f'viewBox="0 0 {_f(frame.width)} {_f(height)}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">',
           f'<title>{escape(game.name)}</title>',
           f'<rect class="background" x="0" y="0" width="{_f(frame.width)}" height="{_f(height)}" fill="#ffffff"/>']
    out += _cells(game, pic) if pic.cells else _points(pic)
    out += _coordinates(state, pic, coordinates)
    out += _pieces(state, pic)
    out += _puzzle_values(state, pic)
    frm, to, text = _last_move(state) if last_move else (-1, -1, "")
    last_on = _last_kind(state) if last_move else ""
    out += _other_kinds(state, pic, last_on, to)
    out += _last_move_rings(pic, -1 if getattr(_last(state), "frm_on", "") else frm, -1 if last_on else to)
    if targets:
        out += _targets(pic)
    if title:
        out.append(caption_svg(state, text, frame.width, height))
    out.append("</svg>")
    return "\n".join(out) + "\n"


@dataclass
class _Picture:
    """What each part of a picture is drawn with: the board's geometry and its frame."""

    topo: Topology
    unit: float  # pixels between neighbouring sites (more than asked for a small board)
    k: float  # pixels per board unit
    cells: bool  # a board of cells (else of points)
    lines: list[tuple[int, int]]  # the board's lines (boards of points)
    radii: list[float]  # each site's piece radius, in board units
    rim: float  # the board's wood around the outermost points, in board units
    labels: list[tuple[float, float, str]]  # the coordinates on the edges (coordinate_labels)
    frame: _Frame


def _layout(topo: Topology, unit: float, coordinates: bool) -> _Picture:
    """The picture's geometry: pieces' radii, the coordinates' places, and a frame with room for
    them all (a small board drawn larger)."""
    pos = topo.positions
    s = topo.spacing or 1.0
    cells = bool(topo.shapes) and len(topo.shapes) == topo.n
    lines = list(topo.lines)
    if cells:
        radii = [min(0.4 * s, 0.85 * _distance_to_outline(pos[i], topo.shapes[i])) for i in range(topo.n)]
    else:
        radii = [0.45 * s if lines else 0.35 * s] * topo.n
    rim = 0.0 if cells else 0.6 * s  # the board's wood around the outermost points
    labels = coordinate_labels(topo, 0.85 if cells else 1.05) if coordinates else []
    room = [(x, y, rim + radii[i] * 0.1) for i, (x, y) in enumerate(pos)]
    room += [(x, y, 0.02 * s) for shape in topo.shapes for x, y in shape]
    room += [(x, y, 0.35 * s) for x, y, _ in labels]
    frame = _Frame(room, unit / s)
    if frame.width < MIN_WIDTH:  # small boards (tic-tac-toe, Alak) drawn larger
        unit *= MIN_WIDTH / frame.width
        frame = _Frame(room, unit / s)
    return _Picture(topo, unit, unit / s, cells, lines, radii, rim, labels, frame)


def _cells(game: Game, pic: _Picture) -> list[str]:
    """A board of cells: each cell's outline, and the sides players own."""
    topo, frame = pic.topo, pic.frame
    out = [f'<g class="board cells" fill="{BOARD_FILL}" stroke="{BOARD_EDGE}" '
           f'stroke-width="{_f(max(1.0, pic.unit * 0.03))}" stroke-linejoin="round">']
    for site, shape in enumerate(topo.shapes):
        out.append(f'<polygon class="cell" data-site={quoteattr(topo.labels[site])} '
                   f'points="{" ".join(frame.xy(p) for p in shape)}"/>')
    out.append("</g>")
    out.extend(_owned_sides(game, frame, pic.unit))
    return out


def _points(pic: _Picture) -> list[str]:
    """A board of points: its hull in wood, its lines (a bare graph: its adjacencies), and a ring
    per site when it has no lines."""
    topo, frame, pos, k = pic.topo, pic.frame, pic.topo.positions, pic.k
    out = []
    hull = _hull(pos)
    if len(hull) >= 3:
        out.append(f'<polygon class="board" points="{" ".join(frame.xy(p) for p in hull)}" '
                   f'fill="{BOARD_FILL}" stroke="{BOARD_FILL}" stroke-width="{_f(2 * pic.rim * k)}" '
                   f'stroke-linejoin="round"/>')
    edges = pic.lines
    if not edges:  # a bare graph: its adjacencies
        adjacent = topo.neighbours.get("Adjacent") or topo.neighbours.get("Orthogonal") or ()
        edges = [(a, b) for a, nbrs in enumerate(adjacent) for b in nbrs if a < b]
    out.append(f'<g class="board lines" stroke="{LINE_COLOUR}" stroke-width="{_f(max(1.0, pic.unit * 0.03))}" '
               f'stroke-linecap="round">')
    for a, b in edges:
        out.append(f'<line x1="{_f(frame.x(pos[a][0]))}" y1="{_f(frame.y(pos[a][1]))}" '
                   f'x2="{_f(frame.x(pos[b][0]))}" y2="{_f(frame.y(pos[b][1]))}"/>')
    out.append("</g>")
    if not pic.lines:
        out.append(f'<g class="board sites" fill="{BOARD_FILL}" stroke="{LINE_COLOUR}" stroke-width="1.5">')
        for site, p in enumerate(pos):
            out.append(f'<circle cx="{_f(frame.x(p[0]))}" cy="{_f(frame.y(p[1]))}" '
                       f'r="{_f(pic.radii[site] * k)}"/>')
        out.append("</g>")
    return out


def _coordinates(state: State, pic: _Picture, coordinates: bool) -> list[str]:
    """The coordinates on the edges; on a board without lines of coordinates, each empty site's
    label on it."""
    topo, frame = pic.topo, pic.frame
    out = []
    if pic.labels:
        size = max(9.0, min(16.0, pic.unit * 0.32))
        out.append(f'<g class="coordinates" font-size="{_f(size)}" fill="#444444" text-anchor="middle" '
                   f'dominant-baseline="central">')
        for x, y, text in pic.labels:
            out.append(f'<text x="{_f(frame.x(x))}" y="{_f(frame.y(y))}">{escape(text)}</text>')
        out.append("</g>")
    elif coordinates and not topo.is_row:  # no lines of coordinates: each empty site's label
        size = max(7.0, min(13.0, min(pic.radii) * pic.k * 0.6))
        out.append(f'<g class="site-labels" font-size="{_f(size)}" fill="#7a6642" text-anchor="middle" '
                   f'dominant-baseline="central">')
        values = puzzle_values(state.arrays, topo.n) or [None] * topo.n
        for site, (x, y) in enumerate(topo.positions):
            if not state.what[site] and values[site] is None:
                out.append(f'<text x="{_f(frame.x(x))}" y="{_f(frame.y(y))}">{escape(topo.labels[site])}</text>')
        out.append("</g>")
    return out


def _pieces(state: State, pic: _Picture) -> list[str]:
    game, topo, frame, pos = state.game, pic.topo, pic.frame, pic.topo.positions
    out = ['<g class="pieces">']
    stacked = game.stacking
    for site, what in enumerate(state.what):
        if not what:
            continue
        comp = game.components[what]
        owner = state.who[site]
        attrs = (f'data-site={quoteattr(topo.labels[site])} data-owner="{owner}" '
                 f'data-piece={quoteattr(comp.name)}')
        x, y, r = frame.x(pos[site][0]), frame.y(pos[site][1]), pic.radii[site] * pic.k
        text = _value_of(game, what)
        if stacked:  # the pieces under the top one, each a little lower; the top says the height
            from ..engine import stacks
            under = stacks.below(state, site)
            lift = r * 0.22 * min(len(under), 4) / max(min(len(under), 4), 1)
            for level, piece in enumerate(under):
                low = game.components[piece[0]]
                shift = lift * (len(under) - level) / max(len(under), 1)
                out.append(_piece(low.base or low.name, x, y + shift, r, piece_colours(game, piece[0], low.owner),
                                  None, f'data-site={quoteattr(topo.labels[site])} data-level="{level}" '
                                        f'data-owner="{low.owner}" data-piece={quoteattr(low.name)}')
                           .replace('class="piece"', 'class="piece covered"', 1))
            if under:
                text = str(len(under) + 1) if text is None else f"{text}/{len(under) + 1}"
                attrs += f' data-level="{len(under)}"'
        out.append(_piece(comp.base or comp.name, x, y, r, piece_colours(game, what, owner), text, attrs))
    out.append("</g>")
    return out


def _puzzle_values(state: State, pic: _Picture) -> list[str]:
    """A deduction puzzle's known values (the givens and the values set), each on its site."""
    values = puzzle_values(state.arrays, pic.topo.n)
    if values is None or all(v is None for v in values):
        return []
    frame, pos = pic.frame, pic.topo.positions
    out = ['<g class="values" fill="#222222" text-anchor="middle" dominant-baseline="central">']
    for site, value in enumerate(values):
        if value is not None:
            size = max(8.0, pic.radii[site] * pic.k * 1.2)
            out.append(f'<text data-site={quoteattr(pic.topo.labels[site])} x="{_f(frame.x(pos[site][0]))}" '
                       f'y="{_f(frame.y(pos[site][1]))}" font-size="{_f(size)}">{value}</text>')
    out.append("</g>")
    return out


def _last_move_rings(pic: _Picture, frm: int, to: int) -> list[str]:
    """The last move's destination ringed, its origin ringed with a dashed line."""
    if to < 0 and frm < 0:
        return []
    topo, frame, pos, radii, k = pic.topo, pic.frame, pic.topo.positions, pic.radii, pic.k
    out = [f'<g class="last-move" fill="none" stroke="{LAST_MOVE}" stroke-width="{_f(max(2.0, pic.unit * 0.07))}">']
    if 0 <= frm < topo.n and frm != to:
        out.append(f'<circle class="from" cx="{_f(frame.x(pos[frm][0]))}" cy="{_f(frame.y(pos[frm][1]))}" '
                   f'r="{_f(radii[frm] * k * 1.08)}" stroke-dasharray="4 3"/>')
    if 0 <= to < topo.n:
        out.append(f'<circle class="to" cx="{_f(frame.x(pos[to][0]))}" cy="{_f(frame.y(pos[to][1]))}" '
                   f'r="{_f(radii[to] * k * 1.08)}"/>')
    out.append("</g>")
    return out


def _targets(pic: _Picture) -> list[str]:
    """A transparent shape over every site, carrying its ``data-site``, for a page's clicks."""
    topo, frame = pic.topo, pic.frame
    out = ['<g class="targets" fill="#ffffff" fill-opacity="0" stroke="none">']
    for site, p in enumerate(topo.positions):
        label = quoteattr(topo.labels[site])
        if pic.cells:
            points = " ".join(frame.xy(q) for q in topo.shapes[site])
            out.append(f'<polygon class="target" data-site={label} points="{points}"/>')
        else:
            out.append(f'<circle class="target" data-site={label} cx="{_f(frame.x(p[0]))}" '
                       f'cy="{_f(frame.y(p[1]))}" r="{_f(pic.radii[site] * pic.k)}"/>')
    out.append("</g>")
    return out


def caption_svg(state: State, last: str, width: float, height: float) -> str:
    """The picture's caption (the game, its options, the last move or the result) as an SVG
    text along the bottom, sized to fit ``width``."""
    caption = _caption(state, last)
    size = max(7.0, min(14.0, (width - 8) / (0.6 * max(1, len(caption)))))
    return (f'<text class="caption" x="{_f(width / 2)}" y="{_f(height - TITLE_HEIGHT / 2)}" '
            f'font-size="{_f(size)}" fill="#222222" text-anchor="middle" dominant-baseline="central">'
            f'{escape(caption)}</text>')


def _caption(state: State, last: str) -> str:
    parts = [state.game.name]
    chosen = _chosen_options(state.game)
    if chosen:
        parts.append(", ".join(o.split("/", 1)[-1] for o in chosen))
    parts.append(f"ply {state.ply}" + (f" ({last})" if last else ""))
    result = state.result()
    if result.over:
        parts.append(result.headline() + (f": {result.reason}" if result.reason else ""))
    else:
        parts.append(f"P{state.mover} to move")
    return " · ".join(parts)


def _chosen_options(game: Game) -> list[str]:
    """The game's option items that are not their option's default."""
    expanded = game.info.description
    defaults = set()
    for option in getattr(expanded, "options", None) or ():
        default = getattr(option, "default", None)
        if default is not None:
            defaults.add(f"{option.label}/{default.name}")
    return [o for o in game.options if o not in defaults]


class PNGUnavailable(RuntimeError):
    """PNG pictures need cairosvg (``pip install 'ludeme-interpreter[png]'``)."""


def svg_to_png(svg: str) -> bytes:
    """An SVG document as PNG bytes, through cairosvg (:class:`PNGUnavailable` without it)."""
    try:
        import cairosvg
    except (ImportError, OSError) as err:  # OSError: the cairo library itself is missing
        raise PNGUnavailable(f"PNG pictures need cairosvg and the cairo library ({err}); "
                             "install them with: pip install 'ludeme-interpreter[png]'") from None
    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"))
    return png


def write_picture(state: State, path: str | Path, **options: Any) -> None:
    """Write the position to ``path``: SVG, or PNG when the name ends in ``.png``; ``options``
    are :func:`render_svg`'s."""
    path = Path(path)
    svg = render_svg(state, **options)
    if path.suffix.lower() == ".png":
        path.write_bytes(svg_to_png(svg))
    elif path.suffix.lower() == ".svg":
        path.write_text(svg, encoding="utf-8")
    else:
        raise ValueError(f"a picture's name ends in .svg or .png, not {path.name!r}")


__all__ = ["PIECE_COLOURS", "PNGUnavailable", "coordinate_labels", "piece_colours", "render_svg", "svg_to_png",
           "write_picture"]
