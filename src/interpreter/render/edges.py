"""SVG pictures of boards played on their edges (``use:Edge``: Sim, Hackenbush, Dots and Boxes's
lines): the board's vertices are dots, each edge a line between them; an empty edge is thin
and grey with its number at its middle, an edge holding a piece is a thick stroke in its
owner's colour (``<g class="piece">`` with ``data-site``, ``data-owner``, ``data-piece``, as
the other pictures' pieces). The last move's edge is underlined in red.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

from .svg import (
    LAST_MOVE,
    LINE_COLOUR,
    MIN_WIDTH,
    TITLE_HEIGHT,
    UNIT,
    _f,
    _Frame,
    _last_move,
    caption_svg,
    piece_colours,
)

if TYPE_CHECKING:
    from ..engine.state import State


def render_edges(state: State, coordinates: bool = True, last_move: bool = True, title: bool = True,
                 unit: float = UNIT, targets: bool = False) -> str:
    """The position of a board played on its edges, as an SVG document (see the module docs)."""
    game = state.game
    topo = game.topology
    els = topo.elements
    assert els is not None
    points = list(els.vertices)
    lengths = [((points[a][0] - points[b][0]) ** 2 + (points[a][1] - points[b][1]) ** 2) ** 0.5
               for a, b in els.edges]
    s = min((d for d in lengths if d > 1e-9), default=1.0)
    k = unit / s
    room = [(x, y, 0.4 * s) for x, y in points]
    frame = _Frame(room, k)
    if frame.width < MIN_WIDTH:
        unit *= MIN_WIDTH / frame.width
        k = unit / s
        frame = _Frame(room, k)
    height = frame.height + (TITLE_HEIGHT if title else 0)
    thin = max(1.0, unit * 0.04)
    thick = max(4.0, unit * 0.16)

    def segment(edge: int) -> str:
        a, b = els.edges[edge]
        return (f'x1="{_f(frame.x(points[a][0]))}" y1="{_f(frame.y(points[a][1]))}" '
                f'x2="{_f(frame.x(points[b][0]))}" y2="{_f(frame.y(points[b][1]))}"')

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(frame.width)}" height="{_f(height)}" '
           f'viewBox="0 0 {_f(frame.width)} {_f(height)}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">',
           f'<title>{escape(game.name)}</title>',
           f'<rect class="background" x="0" y="0" width="{_f(frame.width)}" height="{_f(height)}" fill="#ffffff"/>']
    _, to, text = _last_move(state) if last_move else (-1, -1, "")
    if 0 <= to < topo.n:
        out.append(f'<g class="last-move" stroke="{LAST_MOVE}" stroke-linecap="round">'
                   f'<line class="to" {segment(to)} stroke-width="{_f(thick * 1.6)}"/></g>')
    out.append(f'<g class="board edges" stroke="#9a9a9a" stroke-width="{_f(thin)}" stroke-dasharray="5 4">')
    for edge in range(topo.n):
        if not state.what[edge]:
            out.append(f'<line class="edge" data-site={quoteattr(topo.labels[edge])} {segment(edge)}/>')
    out.append("</g>")
    out.append('<g class="pieces" stroke-linecap="round">')
    for edge in range(topo.n):
        what = state.what[edge]
        if not what:
            continue
        owner = state.who[edge]
        fill, outline, _ = piece_colours(game, what, owner)
        attrs = (f'data-site={quoteattr(topo.labels[edge])} data-owner="{owner}" '
                 f'data-piece={quoteattr(game.components[what].name)}')
        out.append(f'<g class="piece" {attrs}><line {segment(edge)} stroke="{outline}" '
                   f'stroke-width="{_f(thick)}"/><line {segment(edge)} stroke="{fill}" '
                   f'stroke-width="{_f(thick * 0.6)}"/></g>')
    out.append("</g>")
    out.append(f'<g class="board vertices" fill="{LINE_COLOUR}">')
    for x, y in points:
        out.append(f'<circle cx="{_f(frame.x(x))}" cy="{_f(frame.y(y))}" r="{_f(max(2.5, unit * 0.08))}"/>')
    out.append("</g>")
    if coordinates:
        size = max(8.0, min(13.0, unit * 0.28))
        out.append(f'<g class="site-labels" font-size="{_f(size)}" fill="#7a6642" text-anchor="middle" '
                   f'dominant-baseline="central">')
        for edge, (x, y) in enumerate(topo.positions):
            if not state.what[edge]:
                out.append(f'<text x="{_f(frame.x(x))}" y="{_f(frame.y(y))}">{escape(topo.labels[edge])}</text>')
        out.append("</g>")
    if targets:
        out.append(f'<g class="targets" stroke="#ffffff" stroke-opacity="0" stroke-width="{_f(thick * 2)}">')
        for edge in range(topo.n):
            out.append(f'<line class="target" data-site={quoteattr(topo.labels[edge])} {segment(edge)}/>')
        out.append("</g>")
    if title:
        out.append(caption_svg(state, text, frame.width, height))
    out.append("</svg>")
    return "\n".join(out) + "\n"


__all__ = ["render_edges"]
