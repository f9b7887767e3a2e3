"""Board generators as Ludii builds them (pure geometry), and the step that turns a board graph
into sites.

Generators return a ``BoardGraph`` (vertices, edges, cells with Ludii's own coordinates);
``build_sites(graph, use)`` gives the ``Sites`` of the board in Ludii's order with Ludii's
labels, relations, directions, rays and named regions (``Sites.regions``: Top, Centre,
Corners, Side NE, Phase0, ...). ``use`` must be passed to the generator as well,
because Ludii builds some boards differently for cells and for vertices (``(square 19)
use:Vertex`` has 19 x 19 points).

    >>> from interpreter.engine.boards import hex, build_sites
    >>> sites = build_sites(hex("Diamond", 11))
    >>> len(sites), sites.labels[:3]
    (121, ('A1', 'A2', 'B1'))
"""

from .graph import MAX_SITES, BoardGraph, BoardSizeError
from .hexagonal import hex, hex_custom
from .operators import (
    add,
    complete,
    dual,
    graph,
    hole,
    keep,
    merge,
    remove,
    renumber,
    rotate,
    scale,
    shift,
    skew,
    split_crossings,
    subdivide,
    trim,
    union,
)
from .regions import SIDES, board_regions
from .shapes import CONCENTRIC_SHAPES, concentric_circle, concentric_regular, regular, repeat, spiral, wedge
from .sites import Sites, build_sites
from .square import DIAGONALS, rectangle, square, square_custom
from .tiling import TILINGS, tiling
from .trajectories import COMPASS, RELATIONS, opposite
from .triangular import tri, tri_custom

__all__ = [
    "MAX_SITES", "BoardGraph", "BoardSizeError", "Sites", "build_sites",
    "square", "rectangle", "hex", "tri", "hex_custom", "tri_custom", "square_custom", "tiling", "graph", "add", "remove", "rotate", "trim",
    "merge", "union", "dual", "hole", "keep", "renumber", "complete", "split_crossings", "subdivide", "regular", "repeat", "spiral", "shift", "skew", "scale", "wedge", "concentric_regular", "concentric_circle", "CONCENTRIC_SHAPES",
    "DIAGONALS", "TILINGS", "COMPASS", "RELATIONS", "opposite", "SIDES", "board_regions",
]
