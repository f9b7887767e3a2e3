"""Board shapes beyond the tilings, and operators that place and combine boards: Ludii's
``wedge``, ``spiral``, ``concentric``, ``regular``, ``complete``, ``splitCrossings``, ``subdivide``, ``dual``,
``merge``, ``shift``, ``scale``, ``skew``, ``repeat``, ``hole``, ``keep``, ``renumber`` (and ``poly``, the polygon the
last two take)
(``game.functions.graph.generators.shape`` and ``game.functions.graph.operators``).

They build board graphs like the shapes of :mod:`.boards` (whose helpers they share), so
``(board (merge (square 5 diagonals:Alternating) (shift 0 4 (wedge 3))) use:Vertex)`` is a board
like any other: Ludii's vertex order, labels measured from the positions, relations from the
edges.
"""

from __future__ import annotations

from typing import Any

from ..engine import boards as gen
from ..errors import BindError
from ..syntax.nodes import Float, Int
from .base import (
    BOARD_SIZE,
    BOOL_LIT,
    COORDINATE,
    FACTOR,
    INT_FN,
    INT_LIT,
    SCALE,
    ArrayOf,
    Either,
    Enum,
    Kind,
    Ludeme,
    Param,
)
from .boards import _NUMBER, _POINT, SHAPE, StaticInt, _items, _points, _Shape


def _number(value: Any, static_int: StaticInt) -> float:
    if isinstance(value, (Int, Float)):
        return float(value.value)
    return float(static_int(value))


class Wedge(_Shape):
    """A triangular wedge of points: an apex over ROWS - 1 rows of COLUMNS points (3 by default)
    that spread out below it, joined across each row and along each line from the apex. Wedges
    add triangular arms to Alquerque boards; the apex is vertex 0 and nothing is reordered.

    Parameters:
        rows: the number of rows, apex included
        columns: points in each row below the apex

    Examples:
        (wedge 3)
        (wedge 5 4)
    """

    name = "wedge"
    rows: Any = Param(INT_FN, range=BOARD_SIZE)
    columns: Any = Param(INT_FN, optional=True, range=BOARD_SIZE)
    concepts = ("PolygonShape",)

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        cols = None if self.columns is None else static_int(self.columns)
        return gen.wedge(static_int(self.rows), cols)


class Concentric(_Shape):
    """Concentric rings. ``(concentric Square|Triangle|Hexagon rings:N)`` or ``(concentric
    sides:S rings:N)``: N regular polygons around one centre (Morris boards), a point at each
    corner and, with ``midpoints:`` (True), at the middle of each side; the rings are joined at
    their midpoints (``joinMidpoints:``, True) and/or corners (``joinCorners:``, False).
    ``(concentric {n0 n1 ...})``: a circular board of rings of n0, n1 ... cells (the first 0 or
    1: a centre point or cell; on vertices, rings of points joined around and to the next
    ring; a negative count, on vertices, a ring of points not joined around it), ``stagger:True``
    turning every second ring by half a cell.

    Parameters:
        shape: the polygon of the rings, or the number of cells of each ring
        sides: the number of sides of each ring
        rings: the number of rings
        steps: points between two corners of a ring
        midpoints: a point at the middle of each side
        joinMidpoints: rings joined at the middles of their sides
        joinCorners: rings joined at their corners
        stagger: True: every second ring turned by half a cell

    Examples:
        (concentric Square rings:3)
        (concentric Triangle rings:3 joinMidpoints:False joinCorners:True)
        (concentric {1 8 8 8})
        (concentric {0 0 0 16 16 16 16})
    """

    name = "concentric"
    shape: Any = Param(Either((Enum(gen.CONCENTRIC_SHAPES), ArrayOf(INT_FN, single=False))), optional=True,
                       range=(-1000, 1000))  # Ludii: a negative ring count, a ring of points not joined around
    sides: Any = Param(INT_FN, optional=True, named=True, range=(3, 100))
    rings: Any = Param(INT_FN, optional=True, named=True, range=(1, 100))
    steps: Any = Param(INT_FN, optional=True, named=True, range=(1, 1000))
    midpoints: Any = Param(BOOL_LIT, optional=True, named=True)
    joinMidpoints: Any = Param(BOOL_LIT, optional=True, named=True)
    joinCorners: Any = Param(BOOL_LIT, optional=True, named=True)
    stagger: Any = Param(BOOL_LIT, optional=True, named=True)
    concepts = ("ConcentricTiling",)

    def validate(self) -> None:
        word = getattr(self.shape, "name", None)
        if self.shape is not None and self.sides is not None:
            raise BindError("give either a shape, sides: or a list of ring sizes, not two of them", self.span)
        if self.shape is None and self.sides is None:
            raise BindError("a concentric board needs a shape, sides: or a list of ring sizes", self.span,
                            hint="e.g. (concentric Square rings:3) or (concentric {1 8 8})")
        if (word is not None or self.sides is not None) and self.rings is None:
            raise BindError("this concentric board needs rings:", self.span,
                            hint="e.g. (concentric Square rings:3)")
        if word == "Target" and self.steps is None:
            raise BindError("(concentric Target ...) without steps: (a target of one cell per ring) "
                            "is not supported yet", self.span, hint="give steps:N for a wheel of N cells a ring")

    def concepts_at(self, where):
        word = getattr(self.shape, "name", None)
        if word is None and self.sides is None:
            return self.concepts + ("CircleTiling", "CircleShape")
        shape = {"Triangle": "TriangleShape", "Square": "SquareShape", "Hexagon": "HexShape"}.get(word or "", "RegularShape")
        return self.concepts + ("MorrisTiling", shape, "RegularShape", "PolygonShape")  # Ludii's ConcentricRegular

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        flag = lambda v, default: default if v is None else bool(v.value)  # noqa: E731
        word = getattr(self.shape, "name", None)
        if word == "Target":
            count = static_int(self.steps)
            return gen.concentric_circle([count] * static_int(self.rings), use=use)
        if word is not None or self.sides is not None:
            sides = {"Triangle": 3, "Square": 4, "Hexagon": 6}[word] if word else static_int(self.sides)
            return gen.concentric_regular(
                sides, static_int(self.rings), midpoints=flag(self.midpoints, True),
                join_midpoints=flag(self.joinMidpoints, True), join_corners=flag(self.joinCorners, False), use=use)
        cells = [static_int(v) for v in _items(self.shape)]
        return gen.concentric_circle(cells, stagger=flag(self.stagger, False), use=use)


class Spiral(_Shape):
    """A spiral of SITES points around a centre point, in TURNS turns, each joined to the next
    (the Mehen board), turning clockwise unless ``clockwise:False``; at most 1000 sites.

    Parameters:
        turns: the number of turns
        sites: the number of points
        clockwise: False: the spiral turns anticlockwise

    Examples:
        (spiral turns:5 sites:84)
    """

    name = "spiral"
    turns: Any = Param(INT_FN, named=True, range=(1, 100))
    sites: Any = Param(INT_FN, named=True, range=(1, 1000))
    clockwise: Any = Param(BOOL_LIT, optional=True, named=True)
    concepts = ("SpiralTiling", "SpiralShape")

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        clockwise = True if self.clockwise is None else bool(self.clockwise.value)
        return gen.spiral(static_int(self.turns), static_int(self.sites), clockwise)


class Regular(_Shape):
    """A regular polygon of N points on a circle (the first at the top), joined around its rim,
    or with ``Star`` each to the point (N - 1) / 2 further on (a pentagram for 5).

    Parameters:
        star: ``Star``: each point joined to the one (N - 1) / 2 further on
        sides: the number of points

    Examples:
        (regular 6)
        (regular Star 5)
    """

    name = "regular"
    star: Any = Param(Enum(("Star",)), optional=True)
    sides: Any = Param(INT_FN, range=(3, 1000))
    concepts = ("RegularShape", "PolygonShape")

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        return gen.regular(static_int(self.sides), self.star is not None, use=use)


class Complete(_Shape):
    """A board with a line between every two of its points (its old lines replaced), or with
    ``eachCell:True`` between every two corners of each cell.

    Parameters:
        board: the board
        eachCell: True: lines between the corners of each cell only

    Examples:
        (complete (regular Star 6))
        (complete (hex 3) eachCell:True)
    """

    name = "complete"
    board: Any = Param(SHAPE)
    eachCell: Any = Param(BOOL_LIT, optional=True, named=True)

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        return gen.complete(self.board.graph(use, static_int), bool(self.eachCell and self.eachCell.value))


class SplitCrossings(_Shape):
    """A board whose crossing lines are split where they cross: a new point at each crossing
    (and where a line passes through a point), so that lines only meet at points.

    Parameters:
        board: the board whose crossings are split

    Examples:
        (splitCrossings (regular Star 5))
    """

    name = "splitCrossings"
    board: Any = Param(SHAPE)

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        return gen.split_crossings(self.board.graph(use, static_int))


class Subdivide(_Shape):
    """A board whose cells (those of at least ``min:`` sides; all by default) are split about
    their centre: a cell of N sides becomes N triangles.

    Parameters:
        board: the board
        min: only cells with at least this many sides are split

    Examples:
        (subdivide (square 3))
        (subdivide (tiling T3464 2) min:6)
    """

    name = "subdivide"
    board: Any = Param(SHAPE)
    min: Any = Param(INT_FN, optional=True, named=True, range=(1, 1000))

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        minimum = 1 if self.min is None else static_int(self.min)
        return gen.subdivide(self.board.graph(use, static_int), minimum, use=use)


POLYGON = "polygon"


class Poly(Ludeme):
    """A polygon given by its corners ``{x y}``, in board coordinates (one unit per edge of a
    square grid), for ``hole``, ``keep`` and ``remove``. ``rotns:N`` adds the corners turned
    about the origin by 1/N of a turn, 2/N... (N - 1 copies; a negative N lists the corners
    backwards first), with Ludii's arithmetic (its turned y is x sin + y sin).

    Parameters:
        points: the corners, each ``{x y}``
        rotns: how many turned copies of the corners make the polygon

    Examples:
        (poly {{8 8} {8 11} {11 11} {11 8}})
        (poly {{0 1} {1 1}} rotns:4)
    """

    name = "poly"
    kind = POLYGON
    family = "shapes"
    points: Any = Param(ArrayOf(_POINT, single=False), range=COORDINATE)
    rotns: Any = Param(INT_LIT, optional=True, named=True, range=(-360, 360))

    def validate(self) -> None:
        count = len(_items(self.points)) * max(1, abs(self.rotns.value) if self.rotns is not None else 1)
        if count < 3:
            from ..errors import BindError
            raise BindError("a polygon needs at least three corners", self.span)

    def corners(self, static_int: StaticInt) -> list[tuple[float, ...]]:
        points = _points(self.points, static_int)
        if self.rotns is None or self.rotns.value == 0:
            return points
        return rotated_copies([(p[0], p[1]) for p in points], self.rotns.value)

    def key(self, static_int: StaticInt) -> tuple:
        return ("poly",) + tuple(self.corners(static_int))


_POLY = Kind((POLYGON,), "polygon")


def rotated_copies(points: list[tuple[float, float]], rotations: int) -> list[tuple[float, ...]]:
    """Ludii's ``Polygon.addRotations``: the points, then |rotations| - 1 copies turned by
    multiples of 2 pi / rotations, as it computes them (x cos - y sin, x sin + y sin)."""
    import math
    base = list(reversed(points)) if rotations < 0 else list(points)
    out: list[tuple[float, ...]] = list(base)
    step = 2.0 * math.pi / rotations
    angle = step
    for _ in range(1, abs(rotations)):
        sin, cos = math.sin(angle), math.cos(angle)
        out.extend((x * cos - y * sin, x * sin + y * sin) for x, y in base)
        angle += step
    return out


class Repeat(_Shape):
    """A shape (or several) drawn again ROWS x COLUMNS times, each column ``step:``'s first
    vector further and each row its second; points at one place are one point.

    Parameters:
        rows: how many rows of copies
        columns: how many copies in a row
        step: two vectors: from one column to the next, and from one row to the next
        polys: the shape or shapes repeated

    Examples:
        (repeat 3 4 step:{{-0.5 0.75} {1 0}} (poly {{0 0} {0 1} {1 1} {1 0}}))
    """

    name = "repeat"
    rows: Any = Param(INT_FN, range=BOARD_SIZE)
    columns: Any = Param(INT_FN, range=BOARD_SIZE)
    step: Any = Param(ArrayOf(_POINT, single=False), named=True, range=COORDINATE)
    polys: Any = Param(Either((_POLY, ArrayOf(_POLY, single=False))))

    def validate(self) -> None:
        if len(_items(self.step)) != 2:
            from ..errors import BindError
            raise BindError("step: needs two vectors, {{to the next column} {to the next row}}", self.step.span)

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        steps = _points(self.step, static_int)
        polys = [p.corners(static_int) for p in _items(self.polys)]
        (dx, dy, *_), (ex, ey, *_) = steps[0], steps[1]  # two vectors, of two numbers each
        return gen.repeat(static_int(self.rows), static_int(self.columns), (dx, dy), (ex, ey),
                          [[tuple(c[:2]) for c in poly] for poly in polys])


class Hole(_Shape):
    """A board with a hole: every cell whose centre lies in the polygon goes, with the sides no
    other cell uses; the other sites keep their numbers' order.

    Parameters:
        board: the board
        poly: the polygon cut out

    Examples:
        (hole (square 8) (poly {{2.5 2.5} {2.5 5.5} {5.5 5.5} {5.5 2.5}}))
    """

    name = "hole"
    board: Any = Param(SHAPE)
    poly: Any = Param(_POLY)

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        return gen.hole(self.board.graph(use, static_int), self.poly.corners(static_int))


class Keep(_Shape):
    """Only the part of a board inside a polygon: the points inside it, the lines between them,
    the cells these enclose.

    Parameters:
        board: the board
        poly: the polygon kept

    Examples:
        (keep (square 4) (poly {{1 1} {1 3} {4 0}}))
    """

    name = "keep"
    board: Any = Param(SHAPE)
    poly: Any = Param(_POLY)

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        return gen.keep(self.board.graph(use, static_int), self.poly.corners(static_int))


class Renumber(_Shape):
    """A board whose points, lines and cells (or only the kinds named) are numbered again from
    the bottom row up, left to right (useful after ``merge``).

    Parameters:
        type1: a kind of site renumbered (every kind when none is given)
        type2: another kind renumbered
        type3: a third kind renumbered
        board: the board renumbered

    Examples:
        (renumber (merge (rectangle 2 5) (square 5)))
        (renumber Vertex (merge (rectangle 2 5) (square 5)))
    """

    name = "renumber"
    type1: Any = Param(Enum(("Vertex", "Edge", "Cell")), optional=True)
    type2: Any = Param(Enum(("Vertex", "Edge", "Cell")), optional=True)
    type3: Any = Param(Enum(("Vertex", "Edge", "Cell")), optional=True)
    board: Any = Param(SHAPE)
    passes_shape = ("board",)  # Ludii's Renumber has its board's concepts (graph/operators)

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        kinds = [k.name for k in (self.type1, self.type2, self.type3) if k is not None]
        return gen.renumber(self.board.graph(use, static_int), kinds)


class Dual(_Shape):
    """The weak dual of a board: a point at the centre of each cell, joined to the centres of
    the cells that share a side with it; its cells are the faces these lines enclose.

    Parameters:
        board: the board whose dual is taken

    Examples:
        (dual (square 5))
        (dual (tiling T33336 3))
    """

    name = "dual"
    board: Any = Param(SHAPE)

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        return gen.dual(self.board.graph(use, static_int))


class Merge(_Shape):
    """Boards overlaid into one: points at the same place (within 0.01) become one point,
    lines are kept once, and the cells are traced again from the drawing. Points keep the
    order of the boards given, each board's own order within.

    With ``connect:True``, every two points nearer than 1.1 times the mean length of a line are
    joined, and the cells traced again.

    Parameters:
        boards: the boards overlaid
        board2: a second board, when the first is given alone
        connect: join the points near each other (``False`` by default)

    Examples:
        (merge (rectangle 6 2) (rectangle 3 5))
        (merge {(square 4) (shift 5 0 (square 4))})
        (merge (square 2) (shift 2.5 0 (square 2)) connect:True)
    """

    name = "merge"
    boards: Any = Param(Either((ArrayOf(SHAPE, single=False), SHAPE)))
    board2: Any = Param(SHAPE, optional=True)
    connect: Any = Param(BOOL_LIT, optional=True, named=True)

    def validate(self) -> None:
        if self.board2 is None and not hasattr(self.boards, "items"):
            raise BindError("merge needs two boards, or a list of boards", self.span,
                            hint="e.g. (merge (square 3) (shift 3 0 (square 3)))")

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        shapes = _items(self.boards) + ([self.board2] if self.board2 is not None else [])
        connect = self.connect is not None and bool(self.connect.value)
        return gen.merge([s.graph(use, static_int) for s in shapes], connect=connect)


class Shift(_Shape):
    """A board moved DX to the right and DY up (Ludii's ``shift``); its sites keep their order.
    Ludii's third distance, DZ, lifts the board off the plane; boards here are flat, so only
    0 is taken (a board raised in z is not supported).

    Parameters:
        dx: the distance right
        dy: the distance up
        dz: the distance up out of the plane (0, the default)
        board: the board moved

    Examples:
        (shift 0 10 (square 5))
        (shift -3.5 5.5 (rectangle 2 7))
        (shift 1 2 0 (square 3))
    """

    name = "shift"
    dx: Any = Param(_NUMBER, range=COORDINATE)
    dy: Any = Param(_NUMBER, range=COORDINATE)
    dz: Any = Param(_NUMBER, optional=True, range=COORDINATE)
    board: Any = Param(SHAPE)
    passes_shape = ("board",)

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        if self.dz is not None and _number(self.dz, static_int) != 0:
            raise BindError("shift: boards here are flat; a shift in z (out of the plane) is not supported",
                            self.dz.span, hint="give 0, or leave the third distance out")
        return gen.shift(self.board.graph(use, static_int), _number(self.dx, static_int),
                         _number(self.dy, static_int))


class Skew(_Shape):
    """A board slanted: each point moved right by AMOUNT times its height above the lowest
    point (Ludii's ``skew``); its sites keep their order.

    Parameters:
        amount: how far a point moves right per unit of height
        board: the board slanted

    Examples:
        (skew 0.5 (square 5))
    """

    name = "skew"
    amount: Any = Param(_NUMBER, range=FACTOR)
    board: Any = Param(SHAPE)
    passes_shape = ("board",)  # Ludii's Skew has its board's concepts (graph/operators)

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        return gen.skew(self.board.graph(use, static_int), _number(self.amount, static_int))


class Scale(_Shape):
    """A board stretched by SX across and SY (SX by default) up, about the origin (Ludii's
    ``scale``); its sites keep their order. Ludii's third factor, SZ (1 by default), stretches
    heights out of the plane: every point of a flat board is at height 0, which it leaves
    at 0, so it changes nothing here.

    Parameters:
        sx: the factor across
        sy: the factor up (``sx`` when left out)
        sz: the factor out of the plane (1 when left out)
        board: the board stretched

    Examples:
        (scale 2 (square 5))
        (scale 8 2 (rectangle 3 2))
        (scale 1 2 3 (square 3))
    """

    name = "scale"
    sx: Any = Param(_NUMBER, range=SCALE)
    sy: Any = Param(_NUMBER, optional=True, range=SCALE)
    sz: Any = Param(_NUMBER, optional=True, range=SCALE)
    board: Any = Param(SHAPE)
    passes_shape = ("board",)  # Ludii's Scale has its board's concepts (graph/operators)

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        sy = None if self.sy is None else _number(self.sy, static_int)
        return gen.scale(self.board.graph(use, static_int), _number(self.sx, static_int), sy)


__all__ = ["Skew", "Wedge", "Spiral", "Repeat", "Concentric", "Poly", "Hole", "Keep", "Renumber", "Regular", "Complete", "SplitCrossings", "Subdivide", "Dual", "Merge", "Shift", "Scale"]
