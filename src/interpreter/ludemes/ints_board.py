"""Ludii's int functions that read a board element's own properties (``functions.ints.board``:
``phase``, ``layer``; ``functions.ints.state.Rotation``): numbers fixed by the board's shape, or
by the pieces' rotations.

- ``(phase of:x)``: the phase of an element, Ludii's colouring of the board's elements so that
  no two neighbours share one (the same colouring as ``(sites Phase n)``); an overload of the
  name ``phase`` beside a game's phases, chosen by its ``of:``.
- ``(layer of:x)``: the layer of an element on a board of several layers (0 on a flat one); as
  Ludii's, it makes the game 3D, whose rows and columns are then the ground's
  (``Topology.with_ground_lines``).
- ``(rotation at:x)``: the rotation of the piece on a site (:mod:`.rotations`): 0 until a rule
  turns it.
- ``(edge a b)``: the edge joining two vertices; ``(last Between)``: the sites the last move
  passed over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.dice import UNDEFINED
from ..errors import BindError
from .base import INT, INT_FN, REGION, SITE_NUMBER, Ludeme, Param
from .measures import check_site_type
from .sitetypes import kind_of_site, site_type_param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.state import State
    from ..native.emit import Emitter

OFF = -1  # Ludii's Constants.OFF
PHASES = 6  # Ludii's regions Phase0 .. Phase5


def element_count(c: Compiler, kind: str) -> int:
    """How many elements of a kind the board has."""
    els = c.topo.elements
    return els.count(kind) if els is not None else c.topo.n


class PhaseOf(Ludeme):
    """The phase of a board element (Ludii's int function ``phase``: its colour in the board's
    colouring where no two neighbours share one, as ``(sites Phase n)`` gives them); -1 for a
    site off the board.

    Parameters:
        type: the kind of element (the board's own when left out)
        of: the element

    Examples:
        (phase of:(last To))
        (phase Vertex of:(to))
    """

    name = "phase"
    overload = True
    kind = INT
    type: Any = site_type_param()
    of: Any = Param(INT_FN, named=True, range=SITE_NUMBER)

    def compile(self, c: Compiler):
        kind = kind_of_site(self.type, c.topo.use)
        if f"phases {kind}" in c.game.arrays:  # phases set by the start rules (set Phase)
            name, of_ = f"phases {kind}", c.int(self.of)

            def set_(s: State, e: Env) -> int:
                table = s.arrays[name]
                return table[x] if 0 <= (x := of_(s, e)) < len(table) else UNDEFINED
            return set_
        regions = c.topo.regions_of(kind)
        table = [UNDEFINED] * element_count(c, kind)
        for p in range(PHASES):
            for site in regions.get(f"Phase{p}", ()):
                if 0 <= site < len(table):
                    table[site] = p
        of = c.int(self.of)
        size = len(table)
        return lambda s, e: table[x] if 0 <= (x := of(s, e)) < size else UNDEFINED


class Layer(Ludeme):
    """The layer of a board element (Ludii's: a pyramidal board's layers count from 0 at the
    bottom; every element of a flat board is on layer 0); Off (-1) for a site off the board.

    Parameters:
        of: the element
        type: the kind of element (the board's own when left out)

    Examples:
        (layer of:(to))
    """

    name = "layer"
    kind = INT
    concepts = ()
    # Ludii's Layer raises the game's ThreeDimensions flag: its board's rows and columns are
    # then the ground's (Topology.with_ground_lines)
    three_dimensions = True
    of: Any = Param(INT_FN, named=True, range=SITE_NUMBER)
    type: Any = site_type_param()

    def compile(self, c: Compiler):
        kind = kind_of_site(self.type, c.topo.use)
        size = element_count(c, kind)
        of = c.int(self.of)
        layers = c.topo.layers if kind == c.topo.use else ()
        if layers:
            return lambda s, e: layers[x] if 0 <= (x := of(s, e)) < size else OFF
        return lambda s, e: 0 if 0 <= of(s, e) < size else OFF

    def kernel_int(self, k: Emitter) -> str:
        import numpy as np

        from ..native.emit import NoKernel
        from ..native.kernels.core import _value
        if kind_of_site(self.type, k.topo.use) != k.topo.use:
            raise NoKernel("(layer ...) of another kind of site than the board's")
        layers = np.array(k.topo.layers or [0] * k.topo.n, dtype=np.int64)
        table, x = k.table(layers), k.temp("x")
        k.line(f"{x} = {_value(k, self.of)}")
        return f"({table}[{x}] if 0 <= {x} < {k.topo.n} else {OFF})"


class Rotation(Ludeme):
    """The rotation of the piece on a site (in a stacking game, at a level; the top one when
    left out): 0 until a rule turns it (see :mod:`.rotations`), and 0 where there is no piece.

    Parameters:
        type: the kind of site (the board's own when left out)
        at: the site of the piece
        level: the level of the stack

    Examples:
        (rotation at:(to))
        (rotation at:(last To) level:0)
    """

    name = "rotation"
    kind = INT
    checks_site_type = True
    type: Any = site_type_param()
    at: Any = Param(INT_FN, named=True, range=SITE_NUMBER)
    level: Any = Param(INT_FN, optional=True, named=True, range=(-1, 1000))

    def declare(self, d: Any, c: Any) -> None:
        from .rotations import declare_rotation
        declare_rotation(d)

    def compile(self, c: Compiler):
        from .rotations import ROTATION, rotation_at
        check_site_type(c, self, self.type)
        at = c.int(self.at)
        if self.level is not None and c.game.stacking:
            from ..engine import stacks
            level = c.int(self.level)

            def stacked(s: State, e: Env) -> int:
                x = at(s, e)
                if not 0 <= x < len(s.what):
                    return 0
                lv = level(s, e)
                return stacks.value_at(s, x, stacks.top_level(s, x) if lv < 0 else lv, ROTATION)
            return stacked
        if self.level is not None:
            c.int(self.level)  # a site holds one piece: any level reads it, as Ludii's flat containers
        return lambda s, e: rotation_at(s, at(s, e))


__all__ = ["PhaseOf", "Layer", "Rotation"]


class LastBetween(Ludeme):
    """The sites the last move passed over (Ludii's ``(last Between)``: its between sites, the
    sites a hop jumps), none before any move.

    Examples:
        (last Between)
    """

    name = "last Between"
    kind = REGION

    def compile(self, c: Compiler):
        def between(s: State, e: Env) -> tuple[int, ...]:
            move = s.last_move
            return tuple(sorted(set(move.between))) if move is not None else ()
        return between


class EdgeBetween(Ludeme):
    """The edge joining two vertices of the board, Off (-1) when none does (Ludii's ``(edge
    vA vB)``). The bare ``(edge)`` is Ludii's context edge value: the number of edges a
    deduction puzzle's ``(forAll Hint ...)`` counts at each hint (the one rule of Ludii's that
    binds it; not supported here yet), Off (-1) everywhere else.

    Parameters:
        a: the first vertex
        b: the second vertex

    Examples:
        (edge (from) (to))
        (edge 0 1)
        (edge)
    """

    name = "edge"
    kind = INT
    a: Any = Param(INT_FN, optional=True, range=SITE_NUMBER)
    b: Any = Param(INT_FN, optional=True, range=SITE_NUMBER)

    def validate(self) -> None:
        if (self.a is None) != (self.b is None):
            raise BindError("edge takes two vertices, or none (the context's edge)", self.span,
                            hint="(edge (from) (to)), or (edge)")

    def compile(self, c: Compiler):
        if self.a is None:
            return lambda s, e: e.edge
        els = c.topo.elements
        table = {frozenset(pair): i for i, pair in enumerate(els.edges)} if els is not None else {}
        a, b = c.int(self.a), c.int(self.b)
        return lambda s, e: table.get(frozenset((a(s, e), b(s, e))), OFF)


__all__ += ["LastBetween", "EdgeBetween"]
