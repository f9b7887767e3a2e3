"""Pictures of positions: SVG (and PNG through cairosvg, an optional extra).

Rendering reads a :class:`~interpreter.engine.state.State` and its game's topology (site
positions, cell outlines, board lines, labels) and never runs on the hot path: the engine does
not import this package.

    >>> from interpreter import load
    >>> state = load("tic-tac-toe").initial_state()
    >>> state.apply("B2").text
    'B2'
    >>> svg = render_svg(state)
    >>> svg.count('class="piece"')
    1
"""

from .svg import PIECE_COLOURS, render_svg, svg_to_png, write_picture

__all__ = ["PIECE_COLOURS", "render_svg", "svg_to_png", "write_picture"]
