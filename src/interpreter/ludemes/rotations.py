"""Piece rotations (Ludii's rotation state: ``ContainerState.rotation``, ``ActionSetRotation``;
``rotations``, ``set Rotation``, ``move Set Rotation``, ``(to ... (rotations ...))``).

A piece on a site has a rotation, a number kept per site beside its local state: 0 until a rule
turns it, moving with the piece when it moves and back to 0 when the piece leaves or another
takes the site (the array ``rotation``, a piece array of the state: :mod:`engine.state`).

Ludii counts rotations on the 16-point compass divided by the board's *ratio*: how many of its
supported directions (every compass direction a step of the board takes, ``All``) there are per
side of a cell (``numEdges``). On a square board (8 directions, 4 sides) North is rotation 0, East
2, South 4 and West 6; on a board of hexagons each supported direction is one. The rotations a
piece may have are ``maximalRotationStates``: the number of the board's supported directions
(``set Rotation``'s previous and next turn among them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..engine.move import CHOICE, Move
from ..engine.movegen import FnGen, MoveGen
from .base import (
    ANY_INT,
    BOOL_FN,
    INT_FN,
    INTS,
    MOVES,
    THEN,
    ArrayOf,
    BoundArray,
    Either,
    Enum,
    Instance,
    Ludeme,
    Param,
    kind_of,
)

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State
    from ..engine.topology import Topology

ROTATION = "rotation"  # [the rotation of the piece on each site] (a piece array)
COMPASS16 = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")
# Ludii's AbsoluteDirection constants that stand for a relation (converToRelationType)
RELATIONS = ("Adjacent", "Orthogonal", "Diagonal", "OffDiagonal", "All")
ABSOLUTE = Enum(COMPASS16 + RELATIONS + ("Angled", "Axial", "SameLayer", "Upward", "Downward", "Rotational",
                                         "Base", "Support", "CW", "CCW", "In", "Out"), "absolute direction")


def declare_rotation(d: Declarations) -> None:
    """Declare the rotation of the pieces (once): a piece array of the board's sites."""
    d.array(ROTATION, [0] * d.num_sites, per_piece=True)


def supported(topo: Topology, relation: str = "All") -> tuple[str, ...]:
    """The board's supported directions of ``relation`` (Ludii's ``supportedDirections``): the
    compass directions its steps take anywhere, in compass order from North."""
    have = set(topo.expand_directions([relation]))
    return tuple(d for d in COMPASS16 if d in have)


def num_edges(topo: Topology) -> int:
    """The sides of a cell (Ludii's ``Topology.numEdges`` on a regular tiling): one per
    orthogonal direction."""
    return max(1, len(supported(topo, "Orthogonal")))


def max_rotations(topo: Topology) -> int:
    """Ludii's ``maximalRotationStates``: the board's supported directions (of its own kind of
    site here; Ludii takes the greater of cells' and vertices')."""
    return max(1, len(supported(topo, "All")))


def ratio(topo: Topology) -> int:
    """Supported directions per side: a compass direction's rotation is its index over this."""
    return max(1, len(supported(topo, "All")) // num_edges(topo))


def rotation_at(s: State, site: int) -> int:
    """The rotation of the piece on ``site`` (0 off the board, or when no rule turns pieces)."""
    data = s.arrays.get(ROTATION)
    return data[site] if data is not None and 0 <= site < len(data) else 0


def set_rotation(s: State, site: int, value: int) -> None:
    """Ludii's ``ActionSetRotation``: the rotation of the piece on ``site`` becomes ``value``."""
    data = s.arrays.get(ROTATION)
    if data is not None and 0 <= site < len(data) and data[site] != value:
        s.set_item(data, site, value)


def rotation_rules(c: Compiler, values: Any, after: Any = None) -> dict[int, tuple[int, ...]]:
    """For each rotation in ``values``, the consequences of a move that leaves its piece turned
    to it on the move's ``(to)`` (then runs ``after``): registered once, at compile time."""
    out: dict[int, tuple[int, ...]] = {}
    for value in values:
        def turn(s: State, e: Env, value: int = value) -> None:
            set_rotation(s, e.to, value)
            if after is not None:
                after(s, e)
        out[value] = c.rule(None, turn)
    return out


def turned(facing: str, turns: int, among: tuple[str, ...]) -> str:
    """The facing of a piece turned ``turns`` times (Ludii's ``FR`` step per turn: the next
    direction of ``among`` clockwise)."""
    if not among:
        return facing
    for _ in range(turns):
        base = COMPASS16.index(facing)
        facing = next(COMPASS16[(base + k) % 16] for k in range(1, 17) if COMPASS16[(base + k) % 16] in among)
    return facing


class TurnedFacing:
    """The facing of the piece on ``(from)`` as its rotation turns it (Ludii's relative
    directions read the piece's rotation): a rule reading relative directions is compiled once
    per number of turns (none, then 1 to one full round of the relation's directions), the one
    used chosen by the rotation when the rule runs (see :class:`~.base.DirectionsByCondition`)."""

    def __init__(self, among: tuple[str, ...]):
        self.among = among
        self.forced: Any = None

    def branches(self, c: Compiler):
        count = max(1, len(self.among))

        def which(s: State, e: Env) -> int:
            r = rotation_at(s, e.frm)
            return 0 if r <= 0 else (r - 1) % count + 1
        return count + 1, which

    def facing(self, facing: str) -> str:
        from .base import DirectionsByCondition
        if self.forced is None:
            raise DirectionsByCondition(self)
        return turned(facing, self.forced, self.among)


def turned_facing(c: Compiler, facing: str, of: str, where: Any) -> str:
    """``facing`` as the rotation of the piece on ``(from)`` turns it, in a game whose pieces
    turn (the facing itself in others)."""
    game = getattr(c, "game", None)
    if game is None or ROTATION not in game.arrays:
        return facing
    cache = c.__dict__.setdefault("_turned_facings", {})
    key = (id(where), of)
    node = cache.get(key)
    if node is None:
        node = cache[key] = TurnedFacing(supported(c.topo, of))
    return node.facing(facing)


class SiteDirections:
    """The directions of a relation the site moved from has steps in (Ludii's ``bySite:True``):
    a rule reading relative directions among them is compiled once per distinct set of them on
    the board, the one used chosen by ``(from)`` when the rule runs."""

    def __init__(self, sets: tuple[tuple[str, ...], ...], of_site: tuple[int, ...]):
        self.sets = sets
        self.of_site = of_site  # per site, the index of its set
        self.forced: Any = None

    def branches(self, c: Compiler):
        of_site = self.of_site

        def which(s: State, e: Env) -> int:
            x = e.frm
            return of_site[x] if 0 <= x < len(of_site) else 0
        return len(self.sets), which

    def among(self) -> tuple[str, ...]:
        from .base import DirectionsByCondition
        if self.forced is None:
            if len(self.sets) == 1:
                return self.sets[0]
            raise DirectionsByCondition(self)
        return self.sets[self.forced]


def site_directions(c: Compiler, names: list[str], where: Any, of: str) -> tuple[str, ...]:
    """``names`` on this board, relative ones among the directions of ``of`` that the site
    moved from has steps in (Ludii's ``(directions ... bySite:True)``)."""
    from ..engine.facing import RELATIVE, relative
    cache = c.__dict__.setdefault("_site_directions", {})
    key = (id(where), of)
    node = cache.get(key)
    topo = c.topo
    if node is None:
        wanted = supported(topo, of)
        sets: list[tuple[str, ...]] = []
        of_site = []
        for x in range(topo.n):
            own = tuple(d for d in wanted if topo.step[d][x] >= 0)
            if own not in sets:
                sets.append(own)
            of_site.append(sets.index(own))
        node = cache[key] = SiteDirections(tuple(sets) or ((),), tuple(of_site))
    out: list[str] = []
    for name in names:
        if name in RELATIVE:
            if c.facing is None:
                raise c.error(f"{name} is relative to a piece's facing, which is not known here", where)
            found = relative(name, turned_facing(c, c.facing, of, where), node.among())
        else:
            found = topo.keys([name])
        out.extend(d for d in found if d not in out)
    return tuple(out)


class Rotations(Ludeme):
    """The rotations of the directions given (Ludii's ``(rotations ...)``): each compass
    direction's index on the 16-point compass over the board's ratio (on a square board N 0,
    E 2, S 4, W 6), a relation (``Orthogonal``...) each of its supported directions; each once,
    in order. As Ludii's, fixed by the board.

    Parameters:
        directions: the direction, or the directions, of the rotations

    Examples:
        (rotations Orthogonal)
        (rotations {N E})
    """

    name = "rotations"
    kind = INTS
    directions: Any = Param(ArrayOf(ABSOLUTE))

    def concepts_at(self, where):
        from .concepts import DIRECTION_CONCEPTS
        return {DIRECTION_CONCEPTS[n] for n in self.names() if n in DIRECTION_CONCEPTS}

    def names(self) -> list[str]:
        items = self.directions.items if isinstance(self.directions, BoundArray) else [self.directions]
        return [i.name for i in items]

    def values(self, topo: Topology) -> tuple[int, ...]:
        """The rotation indices, fixed by the board (Ludii precomputes them)."""
        per = ratio(topo)
        out: list[int] = []
        for name in self.names():
            if name in COMPASS16:
                found: tuple[str, ...] = (name,)
            elif name in RELATIONS:
                found = supported(topo, name)
            else:
                continue  # no relation stands for it: Ludii gives no rotation
            for d in found:
                r = COMPASS16.index(d) // per
                if r not in out:
                    out.append(r)
        return tuple(out)

    def compile(self, c: Compiler):
        values = self.values(c.topo)
        return lambda s, e: values


def _site_of_to(c: Compiler, to: Any, where: Ludeme) -> Any:
    """The one site a ``(to ...)`` names (Ludii's ``to.loc()``); ``(from)`` when it names none,
    a region too (Ludii's ``to.loc()`` is then null)."""
    if to is None or to.sites is None or isinstance(to.sites, Ludeme) and to.sites.kind != "int":
        return lambda s, e: e.frm
    return c.site(to.sites)


class SetRotation(Ludeme):
    """Turn the piece on a site (Ludii's ``SetRotation``): one move per rotation given, then,
    unless ``previous:False``, one to the previous rotation (0 goes round to the last) and,
    unless ``next:False``, one to the next (the last goes round to 0), out of the board's
    rotations (:func:`max_rotations`). As an effect each of those moves is applied in turn.
    Ludii's move of it is written as its site.

    Parameters:
        to: the site of the piece (``(from)`` when left out, or given a region, as Ludii's)
        directions: the rotation, or the rotations, to turn it to
        previous: whether it may turn back one rotation [True]
        next: whether it may turn on one rotation [True]
        then: consequences

    Examples:
        (set Rotation)
        (set Rotation (to (last To)) 2 previous:False next:False)
        (set Rotation (to (last To)) {0 4} next:False)
    """

    name = "set Rotation"
    kind = MOVES
    to: Any = Param(Instance("to"), optional=True)
    directions: Any = Param(Either((ArrayOf(INT_FN, single=False), INT_FN)), optional=True, range=ANY_INT)
    previous: Any = Param(BOOL_FN, optional=True, named=True)
    next: Any = Param(BOOL_FN, optional=True, named=True)
    then: Any = Param(kind_of(THEN), optional=True)

    def concepts_at(self, where):
        return where.either("RotationDecision", "SetRotation") + ("PieceRotation",)

    def declare(self, d: Declarations, c: Any) -> None:
        declare_rotation(d)

    def _rotations(self, c: Compiler):
        """fn(s, e, site) -> the rotations the moves turn the piece to, in Ludii's order."""
        if isinstance(self.directions, BoundArray):
            given = [c.int(x) for x in self.directions.items]
        elif self.directions is not None:
            given = [c.int(self.directions)]
        else:
            given = []
        previous = c.bool(self.previous) if self.previous is not None else None
        nxt = c.bool(self.next) if self.next is not None else None
        last = max_rotations(c.topo) - 1

        def rotations(s: State, e: Env, site: int) -> list[int]:
            out = [f(s, e) for f in given]
            current = rotation_at(s, site)
            if previous is None or previous(s, e):
                out.append(current - 1 if current > 0 else last)
            if nxt is None or nxt(s, e):
                out.append(current + 1 if current < last else 0)
            return out
        return rotations

    def compile(self, c: Compiler) -> MoveGen:
        from .functions import check_site_type
        if self.to is not None:
            check_site_type(c, self, self.to.type)
        site_of = _site_of_to(c, self.to, self)
        rotations = self._rotations(c)
        then = self.then.compile_effect(c) if self.then is not None else None

        def turn(s: State, e: Env) -> None:
            set_rotation(s, e.to, e.value)
        rules = c.rule(turn, then)
        game = c.game
        uid = game.uid
        labels = game.topology.labels

        def moves(s: State, e: Env) -> list[Move]:
            site = site_of(s, e)
            if not 0 <= site < len(labels):
                return []
            return [Move(CHOICE, site, site, word=labels[site], game_id=uid, rules=rules, bound=(("value", r),))
                    for r in rotations(s, e, site)]
        return FnGen(moves)

    def compile_effect(self, c: Compiler):
        site_of = _site_of_to(c, self.to, self)
        rotations = self._rotations(c)
        then = self.then.compile_effect(c) if self.then is not None else None

        def run(s: State, e: Env) -> None:
            site = site_of(s, e)
            if site < 0:
                return
            for r in rotations(s, e, site):  # Ludii lists them all, then applies each in turn
                set_rotation(s, site, r)
                if then is not None:
                    then(s, e)
        return run


class MoveSetRotation(SetRotation):
    """Choose how to turn the piece on a site (Ludii's ``(move Set Rotation ...)``, as ``set
    Rotation``).

    Examples:
        (move Set Rotation (to (last To)) next:False)
    """

    name = "move Set Rotation"

    def concepts_at(self, where):
        return ("RotationDecision", "PieceRotation")


__all__ = ["ROTATION", "Rotations", "SetRotation", "MoveSetRotation", "declare_rotation", "rotation_at",
           "set_rotation", "rotation_rules", "supported", "num_edges", "max_rotations"]
