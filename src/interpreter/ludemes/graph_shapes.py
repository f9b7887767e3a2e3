"""More of Ludii's graph functions (``game.functions.graph``) and the boardless board:
``makeFaces`` (the cells traced again), ``quadhex`` (a hexagon of quadrilaterals) and
``boardless`` (a large board of one tiling whose sites fill as pieces are played, Ludii's
``Boardless``).

They build board graphs like the shapes of :mod:`.boards`, so they number sites as Ludii does.
"""

from __future__ import annotations

from typing import Any

from ..engine import boards as gen
from .base import BOOL_LIT, INT_FN, Enum, Param
from .boards import SHAPE, Board, StaticInt, _Shape

SIZE_BOARDLESS = 41
"""Ludii's ``Constants.SIZE_BOARDLESS``: the side of a boardless board of squares or triangles."""
SIZE_HEX_BOARDLESS = 21
"""Ludii's ``Constants.SIZE_HEX_BOARDLESS``: the side of a boardless board of hexagons."""


class MakeFaces(_Shape):
    """A board whose cells are traced again from its lines: every face its lines enclose, up
    to a line that crosses one drawn before it (Ludii's ``makeFaces``); its points and lines
    keep their numbers.

    Parameters:
        board: the board whose cells are traced again

    Examples:
        (makeFaces (square 5))
        (makeFaces (add (square 2) edges:{{0 4}}))
    """

    name = "makeFaces"
    board: Any = Param(SHAPE)

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        out = self.board.graph(use, static_int).copy()
        out.make_faces(check_crossings=True)
        return out


class Quadhex(_Shape):
    """A hexagon tessellated by quadrilaterals, 2 x LAYERS cells a side (Ludii's ``quadhex``,
    Three Player Chess's board): six sections of LAYERS x LAYERS cells about the centre, or,
    with ``thirds:True``, three sections of two mirrored halves joined by a triangle in the
    middle.

    Parameters:
        layers: the number of layers
        thirds: three sections instead of six (``False`` by default)

    Examples:
        (quadhex 4)
        (quadhex 3 thirds:True)
    """

    name = "quadhex"
    concepts = ("QuadHexTiling", "HexShape", "PolygonShape")
    layers: Any = Param(INT_FN, range=(1, 40))
    thirds: Any = Param(BOOL_LIT, optional=True, named=True)

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        from ..engine.boards.quadhex import quadhex
        return quadhex(static_int(self.layers), self.thirds is not None and bool(self.thirds.value))


class Brick(_Shape):
    """A board of 1 x 2 bricks laid in courses, each shifted by one unit (Ludii's ``brick``):
    ``Square`` (A courses of A bricks, the default), ``Rectangle`` (A courses of B),
    ``Limping`` (A courses of A + 1), ``Diamond`` (a diamond of side A), ``Prism`` (a diamond
    stretched by B). ``trim:True`` halves the bricks sticking out at the ends of the courses.
    (Ludii's ``Spiral`` of bricks is not built here.)

    Parameters:
        shape: the outline (``Square`` when left out)
        size: the number of courses, or the diamond's side
        size2: bricks a course (a rectangle), or the prism's stretch
        trim: halve the bricks sticking out (``False`` by default)

    Examples:
        (brick 4)
        (brick Rectangle 3 5)
        (brick Diamond 4 trim:True)
    """

    name = "brick"
    shape: Any = Param(Enum(("Square", "Rectangle", "Limping", "Diamond", "Prism")), optional=True)
    size: Any = Param(INT_FN, range=(1, 100))
    size2: Any = Param(INT_FN, optional=True, range=(1, 100))
    trim: Any = Param(BOOL_LIT, optional=True, named=True)
    concepts = ("BrickTiling", "PolygonShape")

    def concepts_at(self, where):
        word = self.shape.name if self.shape is not None else "Square"
        if word in ("Diamond", "Prism"):
            return ("BrickTiling", f"{word}Shape", "PolygonShape")
        # Ludii compares the two sizes as objects: any second size (or a limping board's)
        # makes a rectangle
        square = word != "Limping" and self.size2 is None
        return ("BrickTiling", "SquareShape" if square else "RectangleShape", "PolygonShape")

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        from ..engine.boards.brick import brick
        word = self.shape.name if self.shape is not None else "Square"
        size2 = None if self.size2 is None else static_int(self.size2)
        return brick(word, static_int(self.size), size2, self.trim is not None and bool(self.trim.value))


class Boardless(Board):
    """A table with no board (Ludii's ``boardless``): a large board of the tiling, squares
    (``Square``, 41 x 41 cells), triangles (``Triangular``, a triangle of side 41) or hexagons
    (``Hexagonal``, a hexagon of side 21), or of side DIMENSION, played on its cells; its centre
    (``(centrePoint)``) is where play begins and the pieces played show where the table is.

    Parameters:
        tiling: the tiling: ``Square``, ``Triangular`` or ``Hexagonal``
        dimension: the side of the board behind the table (Ludii's defaults when left out)

    Examples:
        (boardless Square)
        (boardless Hexagonal)
        (boardless Triangular 11)
    """

    name = "boardless"
    concepts = ("Boardless",)
    tiling: Any = Param(Enum(("Square", "Triangular", "Hexagonal")))
    dimension: Any = Param(INT_FN, optional=True, range=(1, 100))
    shape = None
    tracks = None
    values = None
    use = None
    largeStack = None
    labels = None

    def concepts_at(self, where):
        word = self.tiling.name
        tiling = {"Square": "SquareTiling", "Triangular": "TriangleTiling", "Hexagonal": "HexTiling"}[word]
        shape = {"Square": "SquareShape", "Triangular": "TriangleShape", "Hexagonal": "HexShape"}[word]
        return ("Boardless", tiling, shape, "RegularShape", "PolygonShape")

    @property
    def site_type(self) -> str:
        return "Cell"

    def _shape(self, static_int: StaticInt) -> tuple[str, int]:
        word = self.tiling.name
        default = SIZE_HEX_BOARDLESS if word == "Hexagonal" else SIZE_BOARDLESS
        return word, default if self.dimension is None else static_int(self.dimension)

    def whole_graph(self, static_int: StaticInt) -> gen.BoardGraph:
        word, size = self._shape(static_int)
        if word == "Square":
            return gen.rectangle(size, size, use="Cell")
        if word == "Hexagonal":
            return gen.hex("Hexagon", size, use="Cell")
        return gen.tri("Triangle", size, use="Cell")

    def declare(self, d: Any, c: Any) -> None:
        from .large_dominoes import declare_playable
        if c.topo is not None:  # Ludii's boardless table: its playable cells, the centre at the start
            declare_playable(d, list(c.topo.regions.get("Centre", ())))

    def topology(self, static_int: StaticInt):
        from ..engine.topology import build
        word, size = self._shape(static_int)
        return build(lambda: self.whole_graph(static_int), "Cell", ("boardless", word, size))

    def build_tracks(self, topo, num_players: int) -> list:
        return []


__all__ = ["MakeFaces", "Quadhex", "Brick", "Boardless", "SIZE_BOARDLESS", "SIZE_HEX_BOARDLESS"]
