"""Boards with a build of their own (Ludii's ``game.equipment.container.board.custom``):
``surakartaBoard``, a board of points with loops pieces travel around to capture.

Its tracks are made from the board as Ludii makes them (``SurakartaBoard.createTracksSquare``
and ``createTracksTriangular``), so their names (``Track1F``, ``Track1B``...) and sites are
Ludii's; ``(move Slide "AllTracks" ...)`` and ``(sites Track ...)`` read them like any track.
"""

from __future__ import annotations

from typing import Any

from ..engine.topology import Topology
from ..engine.tracks import Track as LaidTrack, make_track
from ..errors import BindError
from .base import (
    BOOL_LIT,
    EQUIPMENT_ITEM,
    INT_LIT,
    SITE_NUMBER,
    STR_LIT,
    ArrayOf,
    BoundArray,
    Either,
    Enum,
    Instance,
    Ludeme,
    Param,
)
from .boards import SHAPE, Board


class SurakartaBoard(Board):
    """A Surakarta board: the points of a board of squares (or triangles), with loops round
    its corners that pieces travel along (Ludii's). Each loop is two tracks, ``Track<R>F`` and
    ``Track<R>B`` (the two ways round), for R from ``from:`` (1 by default: the row next to the
    edge) up, ``loops:`` of them (by default (the smaller side in cells - 1) / 2 on squares,
    half the side on triangles). Every track is a closed loop, ``directed``, owned by nobody;
    where it turns a corner it passes the corner point twice (Ludii's "speed bump"), which a
    track counts as one site.

    Parameters:
        shape: the board (``(square 6)``: 6 x 6 points; ``(tri 5)``...)
        loops: the number of loops
        frm: the row the first loop runs along (corners are row 0)
        largeStack: as the board's ``largeStack:`` (play is the same)

    Examples:
        (surakartaBoard (square 6))
        (surakartaBoard (square 6) loops:2)
        (surakartaBoard (square 7) loops:2 from:2)
    """

    name = "surakartaBoard"
    shape: Any = Param(SHAPE)
    loops: Any = Param(INT_LIT, optional=True, named=True, range=(0, 100))
    frm: Any = Param(INT_LIT, optional=True, named=True, key="from", range=(0, 100))
    largeStack: Any = Param(BOOL_LIT, optional=True, named=True)
    tracks = None
    values = None
    use = None
    labels = None

    def concepts_at(self, where):
        # a board's tracks bring Track, and their own (every loop is a closed track)
        if self.loops is not None and self.loops.value == 0:
            return ()
        return ("Track", "TrackLoop")

    @property
    def site_type(self) -> str:
        return "Vertex"  # Ludii's Surakarta boards are always played on the points

    def build_tracks(self, topo: Topology, num_players: int) -> list[LaidTrack]:
        """The loops' tracks, forward then backward for each loop (Ludii's order)."""
        dim0 = len(set(topo.rows)) - 1
        dim1 = len(set(topo.columns)) - 1
        start = 1 if self.frm is None else self.frm.value
        if topo.tiling == "square":
            count = (min(dim0, dim1) - 1) // 2 if self.loops is None else self.loops.value
            loops = [surakarta_square_loop(dim0 + 1, dim1 + 1, start + n) for n in range(count)]
        elif topo.tiling == "triangular":
            count = dim0 // 2 if self.loops is None else self.loops.value
            loops = [surakarta_triangle_loop(dim0 + 1, start + n) for n in range(count)]
        else:
            raise BindError("a Surakarta board is made of squares or triangles", self.shape.span,
                            hint="(surakartaBoard (square 6)) or (surakartaBoard (tri 5))")
        out: list[LaidTrack] = []
        for n, loop in enumerate(loops):
            for way, sites in (("F", loop), ("B", loop[::-1])):
                name = f"Track{start + n}{way}"
                for site in sites:
                    if not 0 <= abs(site) < topo.n:
                        raise BindError(f"loop {start + n} runs off this board (site {abs(site)})", self.span,
                                        hint="fewer loops:, or a lower from:")
                out.append(make_track(topo, name, _with_bumps(sites), True, 0, True))
        return out


def _with_bumps(loop: list[int]) -> list[int]:
    """Ludii's track of a loop: each site in order, a corner (two marked sites in a row, the
    mark being a negative number) given twice."""
    out: list[int] = []
    for n, a in enumerate(loop):
        b = loop[(n + 1) % len(loop)]
        out.append(abs(a))
        if a < 0 and b < 0:
            out.append(abs(a))
    return out


def _mark(site: int, corner: bool) -> int:
    return -site if corner else site


def surakarta_square_loop(rows: int, cols: int, loop: int) -> list[int]:
    """The sites of loop ``loop`` on a grid of ``rows`` x ``cols`` points numbered row by row
    from the bottom left, as Ludii lists them: bottom row rightwards, right column upwards, top
    row leftwards, left column downwards, each run's ends marked (negative) as corners."""
    out = [_mark(loop * cols + c, c in (0, cols - 1)) for c in range(cols)]
    out += [_mark(cols - 1 - loop + r * cols, r in (0, rows - 1)) for r in range(rows)]
    out += [_mark(rows * cols - 1 - loop * cols - c, c in (0, cols - 1)) for c in range(cols)]
    out += [_mark(rows * cols - cols + loop - r * cols, r in (0, rows - 1)) for r in range(rows)]
    return out


def surakarta_triangle_loop(size: int, loop: int) -> list[int]:
    """The sites of loop ``loop`` on a triangle of points ``size`` a side (rows of size,
    size - 1, ... points from the bottom), as Ludii lists them: three runs parallel to the
    sides, each run's ends marked (negative) as corners."""
    run = size - loop
    v, dec = 0, size
    for _ in range(loop):
        v += dec
        dec -= 1
    out = []
    for step in range(run):
        out.append(_mark(v, step == 0 or step >= run - 1))
        v += 1
    v, dec = size - 1 - loop, size - 1
    for step in range(run):
        out.append(_mark(v, step == 0 or step >= run - 1))
        v += dec
        dec -= 1
    dec += 3
    for step in range(run):
        out.append(_mark(v, step == 0 or step >= run - 1))
        v -= dec
        dec += 1
    return out


HINTS = "hints"  # per site type: the hints of a deduction puzzle, ((sites...), value) each


class Hint(Ludeme):
    """One hint of a deduction puzzle: a value given to a region (or one site), as Ludii's
    ``hint`` (the value is 0 when left out).

    Parameters:
        sites: the sites the hint is about (or one site)
        value: the hint's value

    Examples:
        (hint {0 5 10 15} 3)
        (hint 1 1)
    """

    name = "hint"
    kind = "hint"
    sites: Any = Param(Either((ArrayOf(INT_LIT, single=False), INT_LIT)), range=SITE_NUMBER)
    value: Any = Param(INT_LIT, optional=True, range=(-(1 << 30), 1 << 30))

    def record(self) -> tuple[tuple[int, ...], int]:
        """(its sites, its value)."""
        items = self.sites.items if isinstance(self.sites, BoundArray) else [self.sites]
        return tuple(i.value for i in items), (0 if self.value is None else self.value.value)


class Hints(Ludeme):
    """The hints of a deduction puzzle (Ludii's ``hints``): values given to regions of its
    cells (or of its vertices or edges). ``(regions {HintRegions})`` makes their regions the
    puzzle's constraint regions.

    Parameters:
        label: the name of these hints
        records: the hints
        type: the kind of site they are about (cells when left out)

    Examples:
        (hints {(hint {0 5 10 15} 3) (hint {1 2 3 4} 4)})
        (hints "Clues" {(hint {0 1} 2)} Vertex)
    """

    name = "hints"
    kind = EQUIPMENT_ITEM
    concepts = ("Hints",)
    label: Any = Param(STR_LIT, optional=True)
    records: Any = Param(ArrayOf(Instance("hint")))
    type: Any = Param(Enum(("Vertex", "Cell", "Edge")), optional=True)

    def declare(self, d: Any, c: Any) -> None:
        kind = "Cell" if self.type is None else self.type.name
        items = self.records.items if isinstance(self.records, BoundArray) else [self.records]
        name = f"{HINTS} {kind}"
        d.array(name, [])
        d.arrays[name].extend(item.record() for item in items)
        # regions of hints asked for before the hints were declared (equipment order)
        for label in d.arrays.get(_WAITING, ()):
            from .puzzles import declare_regions
            declare_regions(d, _hint_lists(d, label))


_WAITING = "hints waiting"  # the (regions {HintRegions}) declared before their hints: label flags


def _hint_lists(d: Any, labelled: bool) -> list[tuple[int, ...]]:
    order = ("Vertex", "Cell", "Edge") if labelled else ("Cell",)
    for kind in order:
        found = d.arrays.get(f"{HINTS} {kind}")
        if found:
            return [tuple(sites) for sites, _ in found]
    return []


def hint_regions(d: Any, labelled: bool) -> list[tuple[int, ...]]:
    """The regions of ``HintRegions`` (Ludii's ``Regions.convertStaticRegionOnLocs``): with a
    hint label, the vertices' hints if any, else the cells', else the edges'; without, the
    cells'. Hints declared later in the equipment add theirs when they come."""
    if not any(k.startswith(HINTS + " ") for k in d.arrays):
        d.array(_WAITING, [])
        d.arrays[_WAITING].append(labelled)
        return []
    return _hint_lists(d, labelled)


__all__ = ["SurakartaBoard", "Hint", "Hints", "hint_regions", "surakarta_square_loop", "surakarta_triangle_loop"]
