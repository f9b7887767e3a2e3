"""Boards: the board itself and the shapes it is made of, one ludeme per Ludii generator.

A shape ludeme builds a board graph (vertices, edges, cells with coordinates) with a
generator of :mod:`interpreter.engine.boards`; ``(board SHAPE use:Cell|Vertex)`` turns it into
the engine's topology (sites, labels, neighbours, directions, rays and regions). Sizes may be
int expressions known before play (``(tri Limping (- 4 1))``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

from ..engine import boards as gen
from ..engine.boards.tiling_more import ALL_TILINGS
from ..engine.boards.uses import check_use
from ..engine.topology import Topology, build
from ..errors import BindError
from ..syntax.nodes import Bool, Float, Int, Str
from .base import (
    ANGLE,
    ANY_INT,
    BOARD_SHAPE,
    BOARD_SIZE,
    BOOL_LIT,
    COORDINATE,
    EQUIPMENT_ITEM,
    INT_FN,
    INT_LIT,
    SITE_NUMBER,
    STR_LIT,
    VERTEX_NUMBER,
    ArrayOf,
    BoundArray,
    Either,
    Enum,
    Instance,
    Kind,
    Ludeme,
    Param,
    kind_of,
)

if TYPE_CHECKING:
    pass

StaticInt = Callable[[Any], int]  # evaluates an int expression known before play
SHAPE = kind_of(BOARD_SHAPE)
_NUMBER = Kind(("int",), "number", literals=(Int, Float))
_POINT = ArrayOf(_NUMBER, single=False)
_POLYGON = Kind(("polygon",), "polygon")  # a (poly ...): see .shapes


class GraphMaker(Protocol):
    """What builds a board's graph: a shape, or an operator on boards."""

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph: ...


@runtime_checkable
class Keyed(Protocol):
    """What names a board exactly, for reuse: a shape, an operator on one, a (poly ...)."""

    def key(self, static_int: StaticInt) -> tuple: ...


class Board(Ludeme):
    """The board: a shape, whether pieces go on its cells or its vertices (``use:``, cells by
    default as in Ludii), and optional site labels.

    ``(square N) use:Vertex`` is an N x N grid of intersections (a Go board for N=19); with
    cells it is N x N squares. Sites are numbered and labelled like Ludii's: column letter, row
    number from the bottom (``A1``, ``J10``), rows and columns found from the positions on
    every tiling. ``labels:`` gives every site its own label instead, in site order (bottom row
    first, left to right), e.g. ``labels:{1..11}``.

    Parameters:
        shape: the shape of the board (``square``, ``hex``, ``graph``...)
        tracks: the board's tracks: named paths of sites that pieces follow (races, sowing)
        values: in a deduction puzzle, the values its sites may take (``(values Cell (range 1 9))``)
        use: where pieces go: on the cells, the vertices (intersections) or the edges
        largeStack: Ludii keeps the board's stacks in a form made for tall stacks; ours hold
            stacks of any height either way, so play is the same
        labels: every site's own label, in site order, instead of the coordinates

    Examples:
        (board (square 19) use:Vertex)
        (board (rectangle 1 11) labels:{1..11})
        (board (hex Diamond 11))
        (board (tri Hexagon 7) use:Vertex)
        (board (rectangle 3 14) {(track "Track1" "0,E,N1,W,N1,E" P1 directed:True)})
        (board (square 3) (values Cell (range 1 9)))
        (board (square 8) largeStack:True)
    """

    name = "board"
    kind = EQUIPMENT_ITEM
    shape: Any = Param(SHAPE)
    tracks: Any = Param(ArrayOf(Instance("track")), optional=True)
    values: Any = Param(ArrayOf(Kind(("values",), "values")), optional=True)
    use: Any = Param(Enum(("Vertex", "Cell", "Edge")), optional=True, named=True)
    largeStack: Any = Param(BOOL_LIT, optional=True, named=True)
    labels: Any = Param(ArrayOf(Either((STR_LIT, INT_LIT)), single=False), optional=True, named=True, range=ANY_INT)

    def validate(self) -> None:
        # labels are how moves and positions name sites: each must read back as its one site
        if self.labels is None:
            return
        seen: dict[str, Any] = {}
        for item in self.labels.items:
            text = str(item.value)
            problem = _label_problem(text)
            if problem:
                raise BindError(f"board label {text!r}: {problem}", item.span,
                                hint="labels are words or numbers such as A1, 12 or x (no spaces, '-', '@', ':' or '/')")
            keys = {text.lower(), text.upper()}  # moves and labels are read without regard to case
            first = next((seen[k] for k in keys if k in seen), None)
            if first is not None:
                raise BindError(f"board label {text!r} is given twice", item.span,
                                hint=f"the first is at {first.span}; every site needs its own label "
                                     "(labels are compared without regard to case)")
            seen.update(dict.fromkeys(keys, item))

    def build_tracks(self, topo: Topology, num_players: int) -> list:
        """The board's tracks laid on it (``(board SHAPE {(track ...)})``; see :mod:`.containers`)."""
        from .containers import build_tracks
        return build_tracks(self.tracks, topo, num_players)

    @property
    def site_type(self) -> str:
        """``Cell``, ``Vertex`` or ``Edge``."""
        return self.use.name if self.use is not None else "Cell"

    def whole_graph(self, static_int: StaticInt) -> gen.BoardGraph:
        """The board's whole graph (vertices, edges, cells), that its topology is built from;
        every kind of board has one (concepts count its parts)."""
        return self.shape.graph(self.site_type, static_int)

    def topology(self, static_int: StaticInt) -> Topology:
        """The board's topology (``static_int`` evaluates the sizes)."""
        use = self.site_type
        shape = self.shape
        try:
            key = shape.key(static_int)
            topo = build(lambda: shape.graph(use, static_int), use, key)
        except gen.BoardSizeError as err:
            raise BindError(str(err), self.shape.span) from None
        except ValueError as err:
            raise BindError(f"this board cannot be built: {err}", self.shape.span) from None
        if self.labels is not None:
            labels = [str(v.value) for v in self.labels.items]
            if len(labels) != topo.n:
                raise BindError(f"{len(labels)} labels for {topo.n} sites", self.labels.span)
            clash = _removal_clash(labels)
            if clash >= 0:
                raise BindError(f"board label {labels[clash]!r} reads as taking the piece off "
                                f"{labels[clash][1:]!r} (moves that remove a piece are written x + the site)",
                                self.labels.items[clash].span, hint="give the site a label that does not start with x")
            topo = topo.with_labels(labels)
        return topo


def _label_problem(text: str) -> str:
    """Why a board label could not name its site in a move text, or ''."""
    if not text:
        return "an empty label"
    if any(ch.isspace() for ch in text):
        return "contains a space"
    if any(ch in text for ch in "-@:/") or text.lower() == "pass":
        return "reads as a move (FROM-TO, PIECE@SITE, Ludii's SITE:PIECE, a second choice B1/2, or pass)"
    return ""


def _removal_clash(labels: list[str]) -> int:
    """The index of a label that reads as the removal of another site (``xA1`` beside ``A1``:
    the move taking A1's piece is written xA1), or -1."""
    known = {label.lower() for label in labels}
    for i, label in enumerate(labels):
        if label[:1] in "xX" and label[1:].lower() in known:
            return i
    return -1


class _Shape(Ludeme):
    """A board shape: ``graph(use, static_int)`` builds it, ``key`` names it for reuse."""

    kind = BOARD_SHAPE

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        raise NotImplementedError

    def key(self, static_int: StaticInt) -> tuple:
        """A value naming this board exactly (equal keys, equal boards)."""
        return (self.name,) + tuple(_key(getattr(self, p.name), static_int) for p in self.params)

    def where_for(self, param, where):
        """A shape's concepts are its own (Ludii's graph functions): its sizes bring none, and
        an operator on boards (``merge``, ``dual``, ``trim``...) keeps none of its boards'
        tiling and shape, as the board it makes may have neither; those that only move a
        board (``shift``, ``rotate``, ``add``) name it in ``passes_shape``."""
        if param.name in self.passes_shape:
            return where
        return None

    passes_shape: ClassVar[tuple[str, ...]] = ()


def _key(value: Any, static_int: StaticInt) -> Any:
    if value is None:
        return None
    if isinstance(value, Ludeme) and isinstance(value, Keyed):
        return value.key(static_int)  # a shape, an operator on one such as (remove ...), a (poly ...)
    if isinstance(value, BoundArray):
        return tuple(_key(v, static_int) for v in value.items)
    if isinstance(value, (Int, Float, Str, Bool)):
        return value.value
    if isinstance(value, Ludeme):
        return static_int(value)
    return getattr(value, "name", repr(value))


# a shape word -> Ludii's shape concept
_SHAPES = {"Hexagon": "HexShape", "Diamond": "DiamondShape", "Limping": "HexShape", "Rectangle": "RectangleShape",
           "Square": "SquareShape", "Triangle": "TriangleShape", "Star": "StarShape"}


def _dims(values: list[Any], static_int: StaticInt) -> list[int]:
    return [static_int(v) for v in values if v is not None]


_DIAGONALS = Param(Enum(gen.DIAGONALS), optional=True, named=True)


def _diagonal_concepts(ludeme: Any, plain: str) -> tuple[str, ...]:
    """The tiling of a square grid (Ludii's): plain without diagonals, Alquerque's with
    alternating ones, none with others (the grid is no longer a tiling of squares)."""
    if ludeme.diagonals is None:
        return (plain,)
    return ("AlquerqueTiling",) if ludeme.diagonals.name == "Alternating" else ()


def _static(value: Any, where: Any) -> int | None:
    """The number a size argument gives before play (``where.static_int`` evaluates
    expressions, when the walk has one), None when it cannot be known here."""
    if value is None:
        return None
    if isinstance(value, Int):
        return value.value
    evaluate = getattr(where, "static_int", None)
    if evaluate is None:
        return None
    try:
        return evaluate(value)
    except Exception:  # a size known only with the game around it
        return None


def _grid_shape(rows: int | None, columns: int | None) -> tuple[str, ...]:
    """A grid of rows x columns: square when they are equal, as Ludii's shapes."""
    shape = "SquareShape" if rows is not None and rows == columns else "RectangleShape"
    return (shape, "RegularShape", "PolygonShape")


class Square(_Shape):
    """A square grid of N x N cells (or, with ``use:Vertex``, N x N points, as Ludii builds it);
    ``Limping`` makes it N x (N + 1), ``Diamond`` a square standing on a corner (N points a
    side). ``diagonals:`` draws lines between opposite corners:
    ``Alternating`` (one per square, alternately: Alquerque), ``Solid`` (both, crossing at a new
    centre point), ``SolidNoSplit`` (both, no centre point), ``Concentric`` (diamonds around the
    centre), ``Radiating`` (out from the centre), ``Implied`` (none, the default).

    ``pyramidal:True`` stacks a pyramid of points on a plain or limping board, as Ludii's:
    layer k (from 1) has one point fewer each way than the one below, over the middles of its
    squares, each joined to the four below it; sites are labelled with their layer (``A1/0``,
    ``B2/1``) and the directions between layers are ``UNE``, ``DSW``... (``Upward``,
    ``Downward``, ``SameLayer`` gather them). A Diamond has no pyramid. ``diagonals:`` and
    ``pyramidal:`` exclude each other (either given, even ``False``, as Ludii's).

    A custom outline instead: ``(square {4 3 -1 2 3})`` walks sides of those lengths (turning
    right, or left after a negative one), ``(square (poly ...))`` is a polygon; the grid points
    inside it make the board (Ludii's CustomOnSquare), with ``diagonals:`` as above.

    Parameters:
        shape: a plain square, a limping one (N x N+1) or a diamond
        custom: a custom outline: a polygon, or the sides' lengths in clockwise order
        size: cells (or, with ``use:Vertex``, points) along a side
        diagonals: diagonal lines drawn across the squares, as Ludii's (``Alternating``,
            ``Solid``...)
        pyramidal: whether a pyramid of layers stands on the board

    Examples:
        (square 19)
        (square 5 pyramidal:True)
        (square 5 diagonals:Alternating)
        (square {4 3 -1 2 3})
        (square (poly {{1 2} {1 6} {3 6} {3 4} {4 4} {4 2}}))
    """

    name = "square"
    shape: Any = Param(Enum(("Square", "Limping", "Diamond")), optional=True)
    custom: Any = Param(Either((_POLYGON, ArrayOf(INT_FN, single=False))), optional=True, range=(-1000, 1000))
    size: Any = Param(INT_FN, optional=True, range=BOARD_SIZE)
    diagonals: Any = _DIAGONALS
    pyramidal: Any = Param(BOOL_LIT, optional=True, named=True)
    concepts = ("SquareTiling", "SquareShape")

    def validate(self) -> None:
        _custom_or_size(self)
        if self.pyramidal is not None and self.diagonals is not None:
            raise BindError("(square ...) takes diagonals: or pyramidal:, not both (as Ludii's)", self.span)
        if self.pyramidal is not None and self.custom is not None:
            raise BindError("(square ...) with a custom outline takes no pyramidal:", self.pyramidal.span)

    def _pyramid(self) -> bool:
        return bool(self.pyramidal is not None and self.pyramidal.value)

    def concepts_at(self, where):
        if self.custom is not None:
            return _diagonal_concepts(self, "SquareTiling")  # Ludii's CustomOnSquare: its tiling only
        word = getattr(self.shape, "name", "Square")
        if word == "Diamond":
            return _diagonal_concepts(self, "SquareTiling") + ("DiamondShape",)
        size = _static(self.size, where)
        columns = size + 1 if word == "Limping" and size is not None else size
        shapes = _grid_shape(size, columns)
        if self._pyramid():  # Ludii's RectangleOnSquare names the pyramidal shapes instead
            shapes = tuple(s.replace("Shape", "PyramidalShape") if s in ("SquareShape", "RectangleShape") else s
                           for s in shapes)
        return _diagonal_concepts(self, "SquareTiling") + shapes

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        if self.custom is not None:
            return gen.square_custom(*_custom_args(self.custom, static_int),
                                     diagonals=getattr(self.diagonals, "name", None))
        shape = self.shape.name if self.shape is not None else "Square"
        return gen.square(shape, static_int(self.size), use=use,
                          diagonals=getattr(self.diagonals, "name", None), pyramidal=self._pyramid())


class Rectangle(_Shape):
    """A grid of ROWS x COLUMNS squares; ``(rectangle 1 11)`` is a one-row board; without
    COLUMNS, a square of ROWS x ROWS (Ludii's). ``diagonals:`` as for ``square``.

    Parameters:
        rows: the number of rows
        columns: the number of columns (``rows`` when left out)
        diagonals: how diagonals are drawn on the grid (as for ``square``)

    Examples:
        (rectangle 1 11)
        (rectangle 5 9 diagonals:Alternating)
        (rectangle 4)
    """

    name = "rectangle"
    rows: Any = Param(INT_FN, range=(1, 10_000))
    columns: Any = Param(INT_FN, optional=True, range=(1, 10_000))
    diagonals: Any = _DIAGONALS
    concepts = ("SquareTiling", "RectangleShape")

    def concepts_at(self, where):
        columns = self.rows if self.columns is None else self.columns
        return _diagonal_concepts(self, "SquareTiling") + _grid_shape(_static(self.rows, where), _static(columns, where))

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        columns = None if self.columns is None else static_int(self.columns)
        return gen.rectangle(static_int(self.rows), columns, use=use,
                             diagonals=getattr(self.diagonals, "name", None))


class Hex(_Shape):
    """A board of hexagons: ``Hexagon`` (the default: N cells a side, 61 cells for 5),
    ``Diamond`` (an N x N rhombus, Hex's board), ``Limping`` (sides of N and N+1 cells),
    ``Rectangle`` (ROWS x COLUMNS), ``Triangle`` (a triangle of side N: Tabu Y's board),
    ``Star`` (a hexagon of side N + 1 with a triangle of side N on each side), ``Prism``
    (Ludii's prism of two dimensions A and B: the rhombus of side A + B - 1 cut to the cells
    fewer than A rows off its long diagonal).

    A custom outline instead: ``(hex {4 3 -1 2 3})`` walks sides of those numbers of cells
    (turning the other way after a negative one), ``(hex (poly ...))`` is a polygon; the
    hexagons whose centres lie inside are the board (Ludii's CustomOnHex).

    Parameters:
        shape: the outline of the board of hexagons (``Hexagon`` when left out)
        custom: a custom outline: a polygon, or the sides' lengths in clockwise order
        size: cells along a side (for a rhombus or rectangle, the first dimension)
        size2: the second dimension of a rectangle or limping board

    Examples:
        (hex 5)
        (hex Triangle 11)
        (hex Diamond 11)
        (hex Rectangle 4 6)
        (hex Prism 7 6)
        (hex {4 3 -1 2 3})
        (hex (poly {{0 0} {0 6} {6 6} {6 0}}))
    """

    name = "hex"
    shape: Any = Param(Enum(("Hexagon", "Diamond", "Limping", "Rectangle", "Square", "Triangle", "Star", "Prism")),
                       optional=True)
    custom: Any = Param(Either((_POLYGON, ArrayOf(INT_FN, single=False))), optional=True, range=(-1000, 1000))
    size: Any = Param(INT_FN, optional=True, range=BOARD_SIZE)
    size2: Any = Param(INT_FN, optional=True, range=BOARD_SIZE)
    concepts = ("HexTiling",)

    def validate(self) -> None:
        _custom_or_size(self)

    def concepts_at(self, where):
        if self.custom is not None:
            return ("HexTiling", "PolygonShape")  # Ludii's CustomOnHex
        shape = self.shape.name if self.shape is not None else "Hexagon"
        if shape == "Limping" or (shape == "Hexagon" and self.size2 is not None):
            return ("HexTiling", "PolygonShape")  # Ludii's custom outline on hexagons
        if shape == "Prism" or shape == "Diamond" and self.size2 is not None:
            return ("HexTiling", "PrismShape", "RegularShape", "PolygonShape")
        named = "RectangleShape" if shape == "Square" else _SHAPES[shape]
        return ("HexTiling", named, "RegularShape", "PolygonShape")

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        if self.custom is not None:
            return gen.hex_custom(*_custom_args(self.custom, static_int), use=use)
        shape = self.shape.name if self.shape is not None else "Hexagon"
        return gen.hex(shape, *_dims([self.size, self.size2], static_int), use=use)


class Tri(_Shape):
    """A board of triangles: ``Triangle`` (the default: a triangle of side N, 25 cells for
    5), ``Hexagon`` (side N; ``(tri Hexagon 9) use:Vertex`` has 217 points), ``Diamond``,
    ``Limping`` (a hexagon of points with sides of N and N+1), ``Star`` (a six-pointed star),
    ``Prism`` (a rhombus stretched to N x M), ``Square`` and ``Rectangle`` (N x M, rows of
    triangles kept upright). Only a prism and a rectangle read the second size (Ludii's). A
    custom outline instead, ``(tri {4 3 -1 2 3})`` (sides' lengths) or ``(tri (poly ...))``:
    the points inside it (Ludii's CustomOnTri).

    Parameters:
        shape: the outline of the board of triangles (``Triangle`` when left out)
        custom: a custom outline: a polygon, or the sides' lengths in clockwise order
        size: cells along a side
        size2: for a prism or a rectangle, cells along the other side (``size`` when left out)

    Examples:
        (tri 5)
        (tri Hexagon 7)
        (tri Limping 3)
        (tri Rectangle 3 5)
        (tri Prism 2 4)
        (tri {4 3 -1 2 3})
        (tri (poly {{1 2} {1 6} {3 6} {3 4}}))
    """

    name = "tri"
    shape: Any = Param(Enum(("Triangle", "Hexagon", "Diamond", "Limping", "Star", "Prism", "Square", "Rectangle")),
                       optional=True)
    custom: Any = Param(Either((_POLYGON, ArrayOf(INT_FN, single=False))), optional=True, range=(-1000, 1000))
    size: Any = Param(INT_FN, optional=True, range=(1, 200))
    size2: Any = Param(INT_FN, optional=True, range=(1, 200))
    concepts = ("TriangleTiling",)

    def validate(self) -> None:
        _custom_or_size(self)

    def concepts_at(self, where):
        if self.custom is not None:
            return ("TriangleTiling", "PolygonShape")  # Ludii's CustomOnTri
        shape = self.shape.name if self.shape is not None else "Triangle"
        if shape == "Limping":
            return ("TriangleTiling", "PolygonShape")  # Ludii's custom outline on triangles
        if shape == "Prism":
            return ("TriangleTiling", "PrismShape", "RegularShape", "PolygonShape")
        if shape in ("Square", "Rectangle"):
            columns = self.size if shape == "Square" or self.size2 is None else self.size2
            return ("TriangleTiling",) + _grid_shape(_static(self.size, where), _static(columns, where))
        return ("TriangleTiling", _SHAPES[shape], "RegularShape", "PolygonShape")

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        if self.custom is not None:
            return gen.tri_custom(*_custom_args(self.custom, static_int), use=use)
        shape = self.shape.name if self.shape is not None else "Triangle"
        return gen.tri(shape, *_dims([self.size, self.size2], static_int), use=use)


class Tiling(_Shape):
    """A semi-regular tiling (Ludii's ``tiling``, named by the polygons meeting at a vertex):
    ``T33434`` squares and triangles on an N x N diamond of tiles; ``T33336`` triangles around
    hexagons, ``T3464`` hexagons, squares and triangles, ``T31212`` dodecagons and triangles,
    ``T4612`` dodecagons, hexagons and squares, ``T333333_33434`` hexagons ringed by squares and
    triangles, each a hexagon of N tiles a side; ``T3636`` triangles and hexagons (a hexagon of
    side N, or an N x M rhombus); ``T488`` octagons and squares (N x N or N x M octagons);
    ``T33344`` rows of squares and triangles (N x N or N x M squares). A second size also makes
    a parallelogram of ``T3464``; the other tilings pass it over (Ludii's).

    A custom outline instead, a polygon or the sides' lengths (``(tiling T3636 {4 3 -1 2 3})``),
    keeps the tiles whose centre is inside it, on T3636, T3464, T33344 and T488; on T33434 a
    polygon keeps the part of a diamond of 5 inside it (its sides give a diamond of 3); the
    other tilings have no custom outline and give their board of 3 (of 2 for T333333_33434),
    as Ludii's do.

    Parameters:
        tiling: which semi-regular tiling
        custom: a custom outline: a polygon, or the sides' lengths in clockwise order
        size: tiles along a side
        size2: tiles along the other side, when it differs

    Examples:
        (tiling T33434 2)
        (tiling T3464 2)
        (tiling T31212 2)
        (tiling T33344 3 4)
        (tiling T3636 {3 4})
        (tiling T488 (poly {{0 0} {0 5} {5 5} {5 0}}))
    """

    name = "tiling"
    tiling: Any = Param(Enum(ALL_TILINGS))
    custom: Any = Param(Either((_POLYGON, ArrayOf(INT_FN, single=False))), optional=True, range=(-1000, 1000))
    size: Any = Param(INT_FN, optional=True, range=BOARD_SIZE)
    size2: Any = Param(INT_FN, optional=True, range=BOARD_SIZE)
    concepts = ("SemiRegularTiling", "PolygonShape")

    def validate(self) -> None:
        if self.custom is not None:
            if self.size is not None or self.size2 is not None:
                raise BindError("(tiling ...) takes a custom outline, or sizes, not both", self.span)
        elif self.size is None:
            raise BindError("(tiling ...) needs a size (or a custom outline)", self.span,
                            hint="(tiling T3636 3), or (tiling T3636 {4 3 -1 2 3})")

    def concepts_at(self, where):
        kind = self.tiling.name
        if self.custom is not None:
            if kind == "T33434" and not isinstance(self.custom, BoundArray):
                return ()  # Ludii's Keep of a diamond: no tiling nor shape of its own
            return self.concepts
        # Ludii's T3464 of one size is a hexagon (HexagonOn3464), of two a parallelogram
        if kind == "T3464":
            return self.concepts + (("HexShape",) if self.size2 is None else ("ParallelogramShape",))
        return self.concepts

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        from ..engine.boards.tiling_more import tiling_of, tiling_outline
        check_use(use)
        if self.custom is not None:
            sides, poly = _custom_args(self.custom, static_int)
            return tiling_outline(self.tiling.name, sides, poly)
        size2 = None if self.size2 is None else static_int(self.size2)
        return tiling_of(self.tiling.name, static_int(self.size), size2)


class Graph(_Shape):
    """A board given as a graph: vertices by position ``{x y}`` and edges by vertex number;
    the cells are the faces the edges enclose.

    Parameters:
        vertices: the points, each by its position ``{x y}``
        edges: the lines, each by the numbers of its two vertices

    Examples:
        (graph vertices:{{0 0} {1 0} {0.5 0.87}} edges:{{0 1} {1 2} {2 0}})
    """

    name = "graph"
    vertices: Any = Param(ArrayOf(_POINT, single=False), named=True, range=COORDINATE)
    edges: Any = Param(ArrayOf(ArrayOf(INT_LIT, single=False), single=False), optional=True, named=True, range=VERTEX_NUMBER)

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        return gen.graph(_points(self.vertices, static_int), _pairs(self.edges, static_int))


class AddToBoard(_Shape):
    """A board with vertices (by position), edges (by vertex numbers or end positions), curved
    edges and cells added (Ludii's graph operator ``add``; its effect of the same name places a
    piece). Without a board, the elements alone make one.

    Parameters:
        board: the board shape to add to (none: an empty one)
        vertices: points to add, each by its position ``{x y}``
        edges: lines to add, each by its two vertex numbers or its two end positions
        edgesCurved: curved lines to add, each ``{{end} {end} {tangent} {tangent}}`` (steps
            ``CW``/``CCW`` run along them)
        cells: cells to add, each by its corners (vertex numbers or positions)
        connect: join each point added by ``vertices:`` to the points nearer than 1.1 times
            the mean edge length

    Examples:
        (add (square 2) edges:{{0 4}})
        (add (square 2) vertices:{{2.5 0.5}})
        (add edges:{{{0 0} {1 1}}})
        (add (square 2) edgesCurved:{{{0 0} {1 0} {1 2} {-1 2}}})
    """

    name = "add"
    overload = True
    board: Any = Param(SHAPE, optional=True)
    vertices: Any = Param(ArrayOf(_POINT, single=False), optional=True, named=True, range=COORDINATE)
    edges: Any = Param(ArrayOf(Either((_POINT, ArrayOf(_POINT, single=False))), single=False), optional=True, named=True, range=COORDINATE)
    edgesCurved: Any = Param(ArrayOf(ArrayOf(_POINT, single=False), single=False), optional=True, named=True,
                             range=COORDINATE)
    cells: Any = Param(ArrayOf(Either((_POINT, ArrayOf(_POINT, single=False))), single=False), optional=True, named=True, range=COORDINATE)
    connect: Any = Param(BOOL_LIT, optional=True, named=True)

    passes_shape = ("board",)

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        base = self.board.graph(use, static_int) if self.board is not None else None
        curved = [[tuple(_values(p, static_int)) for p in _items(edge)] for edge in _items(self.edgesCurved)]
        return gen.add(base, vertices=_points(self.vertices, static_int),
                       edges=_pairs(self.edges, static_int),
                       cells=[_cell(c, static_int) for c in _items(self.cells)],
                       curved=curved, connect=_flag(self.connect, False))


class RemoveFromBoard(_Shape):
    """A board with cells, vertices and edges taken off (Ludii's graph operator ``remove``; its
    effect of the same name removes pieces). ``cells:``/``vertices:`` list them by number (or
    label), or by position: a cell by its corners' positions, a vertex by its own;
    ``edges:`` each by its two vertex numbers or end positions. A position where nothing is
    found is passed over (Ludii's). ``(remove BOARD (poly ...))`` takes off every vertex inside
    the polygon. Taking cells off takes off the sides no other cell has, unless
    ``trimEdges:False``.

    Parameters:
        board: the board shape to take from
        poly: a polygon: the vertices inside it are taken off
        cells: the cells taken off, by number, label or corner positions
        vertices: the vertices taken off, by number, label or position
        edges: the edges taken off, each by its two vertex numbers or end positions
        trimEdges: whether the sides of cells taken off go with them (True by default)

    Examples:
        (remove (square 5) cells:{"C3"})
        (remove (hex 4) vertices:{0 1})
        (remove (square 4) vertices:{{0.0 3.0} {0.5 2}})
        (remove (square 8) (poly {{2.5 2.5} {2.5 5.5} {5.5 5.5} {5.5 2.5}}))
        (remove (square 3) cells:{4} trimEdges:False)
    """

    name = "remove"
    overload = True
    board: Any = Param(SHAPE)
    poly: Any = Param(_POLYGON, optional=True)
    # Ludii's dim[]: numbers, or sums and products of numbers known before play (Allemande's
    # cells:{0 (+ "Order" 1) ...})
    cells: Any = Param(Either((ArrayOf(Either((STR_LIT, INT_FN))), ArrayOf(ArrayOf(_POINT, single=False), single=False))),
                       optional=True, named=True, range=SITE_NUMBER)
    vertices: Any = Param(Either((ArrayOf(Either((STR_LIT, INT_FN))), ArrayOf(_POINT, single=False))),
                          optional=True, named=True, range=SITE_NUMBER)
    edges: Any = Param(ArrayOf(Either((ArrayOf(INT_FN, single=False), ArrayOf(_POINT, single=False))), single=False),
                       optional=True, named=True, range=VERTEX_NUMBER)
    trimEdges: Any = Param(BOOL_LIT, optional=True, named=True)

    def validate(self) -> None:
        if self.poly is not None and any(v is not None for v in (self.cells, self.vertices, self.edges)):
            raise BindError("remove takes a polygon, or cells:/edges:/vertices:, not both", self.span)

    def where_for(self, param, where):
        return None  # a board with parts taken away keeps no tiling nor shape (Ludii's)

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        trim = _flag(self.trimEdges, True)
        if self.poly is not None:
            return gen.remove(self.board.graph(use, static_int), poly=self.poly.corners(static_int), trim_edges=trim)
        return remove_from_board(self.board, self.cells, self.vertices, use, static_int, self.edges, trim)


class Rotate(_Shape):
    """A board turned DEGREES anticlockwise about its centre (Ludii's ``rotate``). Sites keep
    their order; labels are measured again on the turned board, so give ``labels:`` to the
    board when the usual ones do not read well. ``(rotate -30 (hex Diamond 19))`` lays Hex's
    rhombus down with its rows of hexagons horizontal.

    Parameters:
        degrees: the angle, anticlockwise
        board: the board turned

    Examples:
        (rotate 45 (square 5))
        (rotate -30 (hex Diamond 11))
    """

    name = "rotate"
    degrees: Any = Param(_NUMBER, range=ANGLE)
    board: Any = Param(SHAPE)
    passes_shape = ("board",)

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        degrees = self.degrees.value if isinstance(self.degrees, (Int, Float)) else static_int(self.degrees)
        return gen.rotate(self.board.graph(use, static_int), degrees)


class Trim(_Shape):
    """A board without its loose ends: edges with a free end point, then vertices left with no
    edge (Ludii's ``trim``).

    Parameters:
        board: the board whose loose ends are cut off

    Examples:
        (trim (tri Limping 2))
    """

    name = "trim"
    board: Any = Param(SHAPE)

    def graph(self, use: str, static_int: StaticInt) -> gen.BoardGraph:
        return gen.trim(self.board.graph(use, static_int))


def _custom_or_size(shape: Any) -> None:
    """A board of one tiling is given a size (with an optional shape) or a custom outline."""
    if shape.custom is not None:
        if shape.shape is not None or shape.size is not None or getattr(shape, "size2", None) is not None:
            raise BindError(f"({shape.name} ...) takes a custom outline, or a shape and sizes, not both", shape.span)
    elif shape.size is None:
        raise BindError(f"({shape.name} ...) needs a size (or a custom outline)", shape.span,
                        hint=f"({shape.name} 5), or ({shape.name} {{4 3 -1 2 3}})")


def _custom_args(custom: Any, static_int: StaticInt) -> tuple[tuple[int, ...], Any]:
    """(the sides' lengths, the polygon or None) of a custom outline."""
    if isinstance(custom, BoundArray):
        return tuple(static_int(v) for v in custom.items), None
    return (), [(p[0], p[1]) for p in custom.corners(static_int)]


def remove_from_board(shape: GraphMaker, cells: Any, vertices: Any, use: str, static_int: StaticInt,
                      edges: Any = None, trim_edges: bool = True) -> gen.BoardGraph:
    """``(remove BOARD cells:{...} edges:{{a b}...} vertices:{...})``: cells and vertices named by
    number, by the label they have on the whole board, or by position (a cell by its corners),
    edges by their end points' numbers or positions."""
    base = shape.graph(use, static_int)
    labelled: Topology | None = None

    def indices(values: Any, kind: str) -> list:
        nonlocal labelled
        out: list = []
        for item in _items(values):
            if isinstance(item, BoundArray):  # a position (a vertex), or corner positions (a cell)
                out.append(_cell(item, static_int) if kind == "Cell" else tuple(_values(item, static_int)))
            elif isinstance(item, Str):
                if kind != use:
                    raise BindError(f"{kind.lower()}s named by label on a board of {use.lower()}s: use numbers",
                                    item.span)
                if labelled is None:
                    labelled = build(lambda: base, use)
                site = labelled.site(item.value)
                if site < 0:
                    raise BindError(f"no {kind.lower()} '{item.value}' on this board", item.span)
                out.append(site)
            else:
                out.append(static_int(item))
        return out

    return gen.remove(base, cells=indices(cells, "Cell"), vertices=indices(vertices, "Vertex"),
                      edges=_pairs(edges, static_int), trim_edges=trim_edges)


def _flag(value: Any, default: bool) -> bool:
    """A named boolean argument's value (``default`` when left out)."""
    return default if value is None else bool(value.value)


def _items(value: Any) -> list:
    if value is None:
        return []
    return list(value.items) if isinstance(value, BoundArray) else [value]


def _values(value: Any, static_int: StaticInt) -> list[float]:
    out = []
    for v in _items(value):
        if isinstance(v, (Int, Float)):
            out.append(v.value)
        else:
            out.append(static_int(v))
    return out


def _points(value: Any, static_int: StaticInt) -> list[tuple[float, ...]]:
    return [tuple(_values(p, static_int)) for p in _items(value)]


def _cell(value: Any, static_int: StaticInt) -> list:
    items = _items(value)
    if items and all(isinstance(i, BoundArray) for i in items):
        return [tuple(_values(p, static_int)) for p in items]  # corner positions
    return [int(v) for v in _values(value, static_int)]


def _pairs(value: Any, static_int: StaticInt) -> list:
    out: list[tuple[Any, ...]] = []  # pairs of site numbers, or of positions
    for pair in _items(value):
        items = _items(pair)
        if items and all(isinstance(i, BoundArray) for i in items):
            out.append(tuple(tuple(_values(p, static_int)) for p in items))  # end positions
        else:
            out.append(tuple(int(v) for v in _values(pair, static_int)))
    return out
