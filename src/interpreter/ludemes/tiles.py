"""Tiles (Ludii's ``tile``, ``path``, ``is SidesMatch``, ``pathExtent`` and the tile paths of
``is Loop path:True``; ``game.equipment.component.tile``).

A tile is a kind of piece whose sides carry coloured paths: ``(path from:0 to:2 colour:1)``
joins side 0 to side 2 in colour 1. Side 0 is the board's first orthogonal direction (North on a
square board), the others follow clockwise. A tile on a site is turned by its rotation
(:mod:`.rotations`): a quarter turn on a square board (rotation 2) brings what was on side 0 to
side 1. A side may hold several slots (``slots:``/``slotsPerSide:``, one by default), each the
end of a path.

The tile's sides and paths are kept as the component's data (``tile.sides``, ``tile.path.<i>``);
:func:`tile_of` reads them back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import BindError
from ..syntax.nodes import Const
from .base import (
    BOOL,
    INT,
    INT_FN,
    INT_LIT,
    MISC,
    MOVES_T,
    REGION_FN,
    ROLE,
    STR_LIT,
    ArrayOf,
    BoundArray,
    Either,
    Enum,
    Instance,
    Ludeme,
    Param,
)
from .rotations import num_edges, rotation_at, supported
from .structure import PieceDecl

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.game import Component
    from ..engine.state import State
    from ..engine.topology import Topology

MAX_SIDES = 16  # Ludii's Constants.MAX_SIDES_TILE
SIDES, SLOTS, PATH = "tile.sides", "tile.slots", "tile.path"
STEP = Enum(("F", "L", "R"), "step type (F, L or R)")  # Ludii's StepType
_PATH_FIELDS = 5  # from, slotsFrom, to, slotsTo, colour


class Path(Ludeme):
    """A path of a tile: from a side (its slot ``slotsFrom:``, 0 by default) to another (its
    slot ``slotsTo:``), in a colour.

    Parameters:
        from: the first side
        slotsFrom: its slot [0]
        to: the second side
        slotsTo: its slot [0]
        colour: the path's colour

    Examples:
        (path from:0 to:2 colour:1)
        (path from:1 slotsFrom:1 to:3 colour:2)
    """

    name = "path"
    kind = MISC
    frm: Any = Param(INT_LIT, named=True, key="from", range=(0, MAX_SIDES))
    slotsFrom: Any = Param(INT_LIT, optional=True, named=True, range=(0, 64))
    to: Any = Param(INT_LIT, named=True, range=(0, MAX_SIDES))
    slotsTo: Any = Param(INT_LIT, optional=True, named=True, range=(0, 64))
    colour: Any = Param(INT_LIT, named=True, range=(0, 1 << 20))

    def fields(self) -> tuple[int, int, int, int, int]:
        def lit(x: Any) -> int:
            return x.value if x is not None else 0
        return (self.frm.value, lit(self.slotsFrom), self.to.value, lit(self.slotsTo), self.colour.value)


class Tile(PieceDecl):
    """A tile: a kind of piece with coloured paths between its sides (shared by default, as
    Ludii's). ``numSides:`` is how many sides it has (Ludii's default: the board's); each side
    has ``slotsPerSide:`` slots (1 by default), or side by side ``slots:``.

    With a walk (Ludii's ``stepType[]``, or ``stepType[][]`` for several: ``F`` a step forward,
    ``L``/``R`` a quarter turn), the tile is a large piece covering the cells its walk traces
    from its site (see :mod:`.large` and :mod:`.large_pieces`).

    Parameters:
        piece_name: its name
        role: its owner [Shared]
        steps: its walk, or its walks (a large piece)
        numSides: its number of sides
        slots: the slots of each side
        slotsPerSide: the slots of every side [1]
        paths: its paths
        flips: the two states ``flip`` turns into each other
        moves: its own moves
        maxState: the greatest local state (Ludii's storage bound)
        maxCount: the greatest count (Ludii's storage bound)
        maxValue: the greatest value (Ludii's storage bound)

    Examples:
        (tile "TileX" numSides:4 {(path from:0 to:2 colour:1) (path from:1 to:3 colour:2)})
        (tile "Square" Each)
        (tile "Horz" P1 {R F} numSides:4)
        (tile "L" Each {{L F R F F} {R F L F F}})
    """

    name = "tile"
    concepts = ("Tile",)
    piece_name: Any = Param(STR_LIT)
    role: Any = Param(ROLE, optional=True)
    steps: Any = Param(Either((ArrayOf(STEP, single=False), ArrayOf(ArrayOf(STEP, single=False), single=False))),
                       optional=True)
    facing = None
    value = None
    numSides: Any = Param(INT_LIT, optional=True, named=True, range=(0, MAX_SIDES))
    slots: Any = Param(ArrayOf(INT_LIT, single=False), optional=True, named=True, range=(0, 64))
    slotsPerSide: Any = Param(INT_LIT, optional=True, named=True, range=(0, 64))
    paths: Any = Param(ArrayOf(Instance("path")), optional=True)
    flips: Any = Param(Instance("flips"), optional=True)
    moves: Any = Param(MOVES_T, optional=True)
    maxState: Any = Param(INT_LIT, optional=True, named=True, range=(0, 1 << 30))
    maxCount: Any = Param(INT_LIT, optional=True, named=True, range=(0, 1 << 30))
    maxValue: Any = Param(INT_LIT, optional=True, named=True, range=(0, 1 << 30))

    def validate(self) -> None:
        if self.slots is not None and self.slotsPerSide is not None:
            raise BindError("a tile takes slots: or slotsPerSide:, not both", self.slotsPerSide.span)
        if self.role is None:  # Ludii's tiles are shared unless an owner is given
            self.role = Const("Shared", span=self.span)
        super().validate()

    def walks(self) -> list[tuple[str, ...]]:
        """Its walks (Ludii's ``stepType[][]``; one walk for ``stepType[]``), none when not a
        large piece."""
        if self.steps is None:
            return []
        items = self.steps.items if isinstance(self.steps, BoundArray) else [self.steps]
        if items and all(isinstance(x, Const) for x in items):
            return [tuple(x.name for x in items)]
        return [tuple(x.name for x in (w.items if isinstance(w, BoundArray) else [w])) for w in items]

    def concepts_at(self, where: Any):
        return ("Tile", "LargePiece") if self.steps is not None else ("Tile",)

    def declare(self, d: Any, c: Any) -> None:
        super().declare(d, c)
        if self.steps is not None:
            from .large_pieces import declare_cover
            declare_cover(d)

    def component_data(self) -> tuple[tuple[str, int], ...]:
        from .large import walk_data
        out: list[tuple[str, int]] = list(walk_data(self.walks()))  # a large piece's walks (none: one cell)
        out.append((SIDES, self.numSides.value if self.numSides is not None else -1))
        if self.slots is not None:
            out += [(f"{SLOTS}.{i}", x.value) for i, x in enumerate(self.slots.items)]
        else:
            out.append((SLOTS, self.slotsPerSide.value if self.slotsPerSide is not None else 1))
        paths = self.paths.items if hasattr(self.paths, "items") else ([self.paths] if self.paths is not None else [])
        for i, path in enumerate(paths):
            out += [(f"{PATH}.{i}.{k}", v) for k, v in enumerate(path.fields())]
        return tuple(out)


@dataclass(frozen=True)
class TileData:
    """A tile's sides, slots (per side: None when every side has ``per_side``) and paths
    (from, slotsFrom, to, slotsTo, colour)."""

    slots: tuple[int, ...] | None
    per_side: int
    paths: tuple[tuple[int, int, int, int, int], ...]

    def slots_of(self, side: int) -> int:
        if self.slots is None:
            return self.per_side
        return self.slots[side] if side < len(self.slots) else 0


def tile_of(component: Component) -> TileData | None:
    """The tile data of a component (None: not a tile)."""
    data = dict(component.data)
    if SIDES not in data:
        return None
    slots = tuple(v for k, v in component.data if k.startswith(SLOTS + "."))
    paths: dict[int, list[int]] = {}
    for k, v in component.data:
        if k.startswith(PATH + "."):
            _, _, i, _ = k.split(".")
            paths.setdefault(int(i), []).append(v)
    return TileData(slots if slots else None, data.get(SLOTS, 1),
                    tuple(tuple(p) for _, p in sorted(paths.items())))  # type: ignore[misc]


def _tiles(c: Compiler) -> dict[int, TileData]:
    """The game's tiles by component number."""
    out = {}
    for comp in c.game.components:
        found = tile_of(comp)
        if found is not None:
            out[comp.index] = found
    return out


def _coloured_sides(tile: TileData, edges: int, turns: int) -> list[list[int]]:
    """Each side's slots, coloured by the tile's paths, after ``turns`` turns of one side each
    (what was on side i is on side i+1 after one: Ludii's)."""
    sides = [[0] * tile.slots_of(i) for i in range(edges)]
    for a, slot_a, b, slot_b, colour in tile.paths:
        if a < edges and slot_a < len(sides[a]):
            sides[a][slot_a] = colour
        if b < edges and slot_b < len(sides[b]):
            sides[b][slot_b] = colour
    turns %= max(1, edges)
    return sides[-turns:] + sides[:-turns] if turns else sides


def _side_directions(topo: Topology) -> tuple[str, ...]:
    """The direction of each side: the board's orthogonal directions from North, clockwise."""
    return supported(topo, "Orthogonal")


class IsSidesMatch(Ludeme):
    """Whether the tile on a site matches its orthogonal neighbours' (Ludii's ``(is
    SidesMatch)``): on each side that touches a tile, its slots have the colours of the
    neighbour's facing side, read the other way round. False on an empty site; True when the
    piece there is not a tile.

    Parameters:
        to: the site of the tile [(last To)]

    Examples:
        (is SidesMatch)
        (is SidesMatch (last To))
    """

    name = "is SidesMatch"
    kind = BOOL
    to: Any = Param(INT_FN, optional=True, range=(-1, 20_000))

    def compile(self, c: Compiler):
        to = c.int(self.to) if self.to is not None else (lambda s, e: s.last_to)
        topo = c.topo
        tiles = _tiles(c)
        edges = num_edges(topo)
        per = max(1, len(supported(topo, "Adjacent")) // edges)  # Ludii's ratio of adjacent to orthogonal
        sides = _side_directions(topo)
        step = topo.step
        n = topo.n

        def side_towards(x: int, y: int) -> int:
            for i, d in enumerate(sides):
                if step[d][x] == y:
                    return i
            return len(sides)

        # per site, its orthogonal neighbours on the board and the side of the site facing each
        facing_sides = [tuple((y, side_towards(x, y)) for d in sides if (y := step[d][x]) >= 0) for x in range(n)]
        coloured: dict[tuple[int, int], list[list[int]]] = {}  # (tile, turns) -> its sides' colours

        def colours(what: int, tile: TileData, turns: int) -> list[list[int]]:
            found = coloured.get((what, turns))
            if found is None:
                found = coloured[(what, turns)] = _coloured_sides(tile, edges, turns)
            return found

        def holds(s: State, e: Env) -> bool:
            x = to(s, e)
            if not 0 <= x < n:
                return False
            what = s.what[x]
            if not what:
                return False
            tile = tiles.get(what)
            if tile is None:
                return True
            mine = colours(what, tile, rotation_at(s, x) // per)
            for y, side in facing_sides[x]:
                other = tiles.get(s.what[y])
                if other is None:
                    continue
                theirs = colours(s.what[y], other, rotation_at(s, y) // per)
                if side >= edges:
                    return False  # Ludii reads past its sides there
                facing = theirs[(side + edges // 2) % edges]
                own = mine[side]
                for i, colour in enumerate(own):
                    if i >= len(facing) or colour != facing[len(facing) - 1 - i]:
                        return False
            return True
        return holds


def path_neighbours(c: Compiler):
    """fn(s, site, colour) -> for each end of the paths of ``colour`` of the tile on ``site``,
    the site it leads to (-1: off the board), as Ludii follows a tile's paths: a path's side,
    turned by the tile's rotation (times 2 over the sides: Ludii's), is the direction that many
    orthogonal directions clockwise from North."""
    topo = c.topo
    tiles = _tiles(c)
    edges = num_edges(topo)
    sides = _side_directions(topo)
    step = topo.step

    def ends(s: State, site: int, colour: int) -> list[int]:
        tile = tiles.get(s.what[site])
        if tile is None:
            return []
        turns = (rotation_at(s, site) * 2) // edges
        out = []
        for a, _, b, _, col in tile.paths:
            if col != colour:
                continue
            for side in (a, b):
                d = sides[(side + turns) % edges] if sides else None
                out.append(step[d][site] if d is not None else -1)
        return out
    return ends, tiles


def _starts(c: Compiler, start: Any):
    """The sites a tile path is followed from: ``start`` (one site or a region), else Ludii's
    default, the last move's site (``SitesLastTo``)."""
    if start is None:
        return lambda s, e: (s.last_to,)
    if isinstance(start, Ludeme) and start.kind == INT:
        one = c.int(start)
        return lambda s, e: (one(s, e),)
    return c.region(start)


class PathExtent(Ludeme):
    """How far a path of a colour reaches (Ludii's ``pathExtent``): following the tiles' paths of
    that colour from a site, the greatest difference in rows or columns between that site and a
    site a path leads to (an empty one too); 0 when the site holds no tile.

    Parameters:
        colour: the path's colour [(mover)]
        start: the site it is followed from
        regionStart: the sites it is followed from [the last move's site]

    Examples:
        (pathExtent (mover))
        (pathExtent 2 (last To))
    """

    name = "pathExtent"
    kind = INT
    concepts = ("PathExtent",)
    colour: Any = Param(INT_FN, optional=True, range=(-1, 1 << 20))
    start: Any = Param(INT_FN, optional=True, range=(-1, 20_000))
    regionStart: Any = Param(REGION_FN, optional=True)

    def compile(self, c: Compiler):
        colour = c.int(self.colour) if self.colour is not None else (lambda s, e: s.mover)
        start = _starts(c, self.start if self.start is not None else self.regionStart)
        ends, tiles = path_neighbours(c)
        rows, cols = c.topo.rows, c.topo.columns
        n = c.topo.n

        def extent(s: State, e: Env) -> int:
            best = 0
            for origin in start(s, e):
                if not 0 <= origin < n:
                    return best
                if s.what[origin] not in tiles:
                    return best
                col = colour(s, e)
                r0, c0 = rows[origin], cols[origin]
                queue = [(origin, origin)]
                seen = {(origin, origin)}  # Ludii follows a loop round for ever: once is the same
                i = 0
                while i < len(queue):
                    site, came = queue[i]
                    i += 1
                    for y in ends(s, site, col):
                        if y < 0:
                            continue
                        best = max(best, abs(rows[y] - r0), abs(cols[y] - c0))
                        if y != came and s.what[y] in tiles and (y, site) not in seen:
                            seen.add((y, site))
                            queue.append((y, site))
            return best
        return extent


def tile_loop(c: Compiler, colour: Any, start: Any):
    """Ludii's loop of a tile path (``(is Loop ... path:True)`` on a tile): fn(s, e) -> whether
    a path of the colour followed from a start site comes back to it."""
    colour_fn = c.int(colour) if colour is not None else (lambda s, e: s.mover)
    starts = _starts(c, start)
    ends, tiles = path_neighbours(c)
    n = c.topo.n

    def holds(s: State, e: Env) -> bool:
        for origin in starts(s, e):
            if not 0 <= origin < n or s.what[origin] not in tiles:
                continue
            col = colour_fn(s, e)
            queue = [(origin, origin)]
            seen = {(origin, origin)}
            i = 0
            while i < len(queue):
                site, came = queue[i]
                i += 1
                for y in ends(s, site, col):
                    if y < 0:
                        continue
                    if y != came and y == origin:
                        return True
                    if y != came and s.what[y] in tiles and (y, site) not in seen:
                        seen.add((y, site))
                        queue.append((y, site))
        return False
    return holds


__all__ = ["Path", "Tile", "TileData", "tile_of", "IsSidesMatch", "PathExtent", "tile_loop"]
