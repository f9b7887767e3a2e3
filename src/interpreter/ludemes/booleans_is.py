"""Ludii's conditions on the last move, the history and the board's configuration:
``is LastFrom`` / ``is LastTo`` (the kind of site of the last move), ``is Flat`` (a site of a
layered board rests on pieces), ``is Repeat`` (the position was seen before), ``is Target`` (a
configuration of pieces is on the board) and ``is Blocked`` (regions can no longer be joined).

Each keeps the reading of Ludii's class (``game.functions.booleans.is``: ``graph``,
``integer.IsFlat``, ``repeat``, ``target``, ``connect.IsBlocked``), quirks included.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..engine import repetition, stacks
from ..engine.env import Env
from ..errors import BindError
from ..syntax.nodes import Const, Int
from .base import (
    BOOL,
    DIRS,
    INT_FN,
    INT_LIT,
    PIECE_NUMBER,
    PLAYER,
    REGION_FN,
    SITE_FN,
    SITE_NUMBER,
    STR_LIT,
    ArrayOf,
    BoundArray,
    Either,
    Enum,
    Ludeme,
    Param,
)
from .connection import STATIC_REGIONS, static_regions
from .sitetypes import SITE_TYPE, site_type_param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State

def _kind_of_site(c: Compiler) -> Callable[[int], str]:
    """The kind of a site of the state: the board's, or ``Cell`` for a hand's (Ludii's hands are
    containers of cells)."""
    n, use = c.topo.n, c.topo.use
    return lambda site: use if site < n else "Cell"


class IsLastTo(Ludeme):
    """The last move went to a site of this kind (false before any move): the board's kind, or
    ``Cell`` for a hand, or the kind a move to another kind of site names (``Edge``: a wall
    put on an edge of a board of cells, :mod:`..engine.multisite`).

    Parameters:
        type: the kind of site asked about

    Examples:
        (is LastTo Cell)
    """

    name = "is LastTo"
    kind = BOOL
    type: Any = Param(SITE_TYPE)

    def compile(self, c: Compiler):
        kind_of, wanted = _kind_of_site(c), self.type.name
        from ..engine.multisite import KINDS, LAST_KIND
        if LAST_KIND in c.game.arrays:  # pieces on several kinds of site: the last move's kind
            def sited(s: State, e: Env) -> bool:
                last = s.arrays[LAST_KIND][0]
                return s.last_to >= 0 and (KINDS[last - 1] if last else kind_of(s.last_to)) == wanted
            return sited
        return lambda s, e: s.last_to >= 0 and kind_of(s.last_to) == wanted


class IsLastFrom(Ludeme):
    """The last move came from a site of this kind (a move that adds a piece comes from where it
    goes, as in Ludii's actions); false before any move.

    Parameters:
        type: the kind of site asked about

    Examples:
        (is LastFrom Vertex)
    """

    name = "is LastFrom"
    kind = BOOL
    type: Any = Param(SITE_TYPE)

    def compile(self, c: Compiler):
        kind_of, wanted = _kind_of_site(c), self.type.name

        from ..engine.multisite import KINDS, LAST_KIND
        sited = LAST_KIND in c.game.arrays  # pieces on several kinds of site (engine.multisite)

        def holds(s: State, e: Env) -> bool:
            if s.last_from < 0 and sited and s.arrays[LAST_KIND][0]:  # a piece added to another kind
                return s.last_to >= 0 and KINDS[s.arrays[LAST_KIND][0] - 1] == wanted
            site = s.last_from if s.last_from >= 0 else s.last_to
            return site >= 0 and kind_of(site) == wanted
        return holds


class IsFlat(Ludeme):
    """The site (``(to)`` by default) does not overhang (Ludii's ``is Flat``, for Shibumi-like
    games on a board of layers): a site of the bottom layer always is flat; one above it is
    when every site below it (its ``Downward`` steps) holds a piece. On a board of one layer
    every site of the board is flat; a site off the board is not.

    Parameters:
        site: the site tested (``(to)`` when left out)

    Examples:
        (is Flat)
        (is Flat (last To))
    """

    name = "is Flat"
    kind = BOOL
    site: Any = Param(SITE_FN, optional=True)

    def compile(self, c: Compiler):
        site = c.site(self.site) if self.site is not None else (lambda s, e: e.to)
        topo = c.topo
        n = topo.n
        if not topo.layers:
            return lambda s, e: 0 <= site(s, e) < n
        below = topo.steps_of("Downward") if "Downward" in topo.step else ((),) * n
        layers = topo.layers

        def flat(s: State, e: Env) -> bool:
            at = site(s, e)
            if not 0 <= at < n:
                return False
            return layers[at] == 0 or all(s.what[b] != 0 for b in below[at])
        return flat


REPETITION = Enum(("Positional", "Situational", "PositionalInTurn", "SituationalInTurn"),
                  "Positional | Situational | PositionalInTurn | SituationalInTurn")


class IsRepeat(Ludeme):
    """The position is one remembered before (Ludii's ``is Repeat``, which reads the lists of
    ``no Repeat``, engine.repetition): ``Positional`` (the default) the same pieces on the same
    sites as at the start or after the first move of an earlier turn; ``Situational`` also with
    the same mover, next player, scores, passes, values pending, amounts, events raised and
    players out or stalemated; the ``...InTurn`` kinds compare with the positions after the
    moves of the latest turn. In the end rules, the move just made is not remembered yet.

    Parameters:
        type: what must come back (``Positional`` when left out)

    Examples:
        (is Repeat)
        (is Repeat PositionalInTurn)
    """

    name = "is Repeat"
    kind = BOOL
    concepts = ("PositionalSuperko",)
    type: Any = Param(REPETITION, optional=True)

    def declare(self, d: Declarations, c: Any) -> None:
        repetition.declare(d, self._kind())

    def _kind(self) -> str:
        return self.type.name if self.type is not None else "Positional"

    def compile(self, c: Compiler):
        kind = self._kind()

        def seen(s: State, e: Env) -> bool:
            return repetition.seen(s, kind)
        return seen


class IsTarget(Ludeme):
    """The pieces on the board are the configuration (Ludii's ``is Target``): each site holds the
    piece of that number (0 for none), every site in order (when the board has as many cells as
    the configuration has numbers), or the sites given. In a stacking game, a stack holds the
    configuration bottom up: a site of those given, or the board's cells in order up to the
    first stack of another height (as Ludii reads it).

    Parameters:
        container: the container (only the board, ``0`` or ``"Board"``)
        container_name: the container by name
        configuration: the piece numbers
        site: the one site of the configuration
        sites: the sites of the configuration

    Examples:
        (is Target {2 2 2 2 0 0 1 1 1 1})
        (is Target {1 2} {4 5})
    """

    name = "is Target"
    kind = BOOL
    container: Any = Param(INT_FN, optional=True, range=(0, 100))
    container_name: Any = Param(STR_LIT, optional=True)
    configuration: Any = Param(ArrayOf(INT_LIT, single=False), range=PIECE_NUMBER)
    site: Any = Param(INT_LIT, optional=True, range=SITE_NUMBER)
    sites: Any = Param(ArrayOf(INT_LIT, single=False), optional=True, range=SITE_NUMBER)

    def validate(self) -> None:
        if self.container is not None and self.container_name is not None:
            raise BindError("is Target: give the container once", self.container_name.span)
        if self.site is not None and self.sites is not None:
            raise BindError("is Target: give one site or a list of sites", self.sites.span)
        named = self.container_name
        if named is not None and named.value != "Board":
            raise BindError("is Target: only the board's configuration is supported", named.span)
        if self.container is not None and not (isinstance(self.container, Int) and self.container.value == 0):
            raise BindError("is Target: only the board's configuration (container 0) is supported",
                            self.container.span)

    def compile(self, c: Compiler):
        config = tuple(x.value for x in self.configuration.items)
        sites: tuple[int, ...] | None = None
        if self.sites is not None:
            sites = tuple(x.value for x in self.sites.items)
        elif self.site is not None:
            sites = (self.site.value,)
        n = c.topo.n
        els = c.topo.elements
        cells = len(els.cells) if els is not None else n
        if c.game.stacking:
            return _stack_target(config, sites, n)

        def holds(s: State, e: Env) -> bool:
            if sites is None:
                if cells != len(config) or n > len(config):
                    return False  # Ludii compares with the board's cells (and fails past them)
                return all(s.what[x] == config[x] for x in range(n))
            if len(config) != len(sites):
                return False
            return all(0 <= x < n and s.what[x] == v for x, v in zip(sites, config))
        return holds


def _stack_target(config: tuple[int, ...], sites: tuple[int, ...] | None, n: int) -> Callable[[State, Env], bool]:
    def stack_is(s: State, x: int) -> bool:
        return all(stacks.what_at(s, x, level) == v for level, v in enumerate(config))

    def holds(s: State, e: Env) -> bool:
        if sites is None:
            for x in range(n):
                if stacks.size(s, x) != len(config):
                    break
                if stack_is(s, x):
                    return True
            return False
        return any(0 <= x < n and stacks.size(s, x) == len(config) and stack_is(s, x) for x in sites)
    return holds


class IsBlocked(Ludeme):
    """The regions can no longer be joined by the player (Ludii's ``is Blocked``): from no site
    of the first region does a group of the player's pieces and empty sites (joined along the
    directions) reach enough of the other regions (all of them, or ``number`` counting the
    first). The player is the role whose regions these are, or the mover. As in Ludii, a site
    of the first region that is neither the player's nor empty still counts the first region.

    Parameters:
        number: how many regions must be joinable (all of them when left out)
        type: the kind of site (the board's own; another kind is refused)
        at: not used (Ludii's ``is Blocked`` ignores it)
        directions: how sites join (``Adjacent`` when left out)
        regions: the regions: a list, a role (the regions that player owns), or a kind of region
            of the board (``Sides``, ``Corners``...)

    Examples:
        (is Blocked Mover)
        (is Blocked {(sites Side N) (sites Side S)})
        (is Blocked 2 SidesNoCorners)
    """

    name = "is Blocked"
    kind = BOOL
    checks_site_type = True  # pieces are on the board's kind of site only (see .sitetypes)
    number: Any = Param(INT_FN, optional=True, range=(0, 1000))
    type: Any = site_type_param()
    at: Any = Param(SITE_FN, optional=True, named=True, doc="not used, as in Ludii")
    directions: Any = Param(DIRS, optional=True)
    regions: Any = Param(Either((PLAYER, ArrayOf(REGION_FN, single=False), STATIC_REGIONS)))

    def compile(self, c: Compiler):
        adjacency = c.adjacency(self.directions)
        number = c.int(self.number) if self.number is not None else None
        role = None
        targets: Callable[[State, Env], Sequence[Sequence[int]]]
        if isinstance(self.regions, Const) and self.regions.name in STATIC_REGIONS.names:
            kinds = static_regions(c.topo, self.regions.name)
            targets = lambda s, e: kinds  # noqa: E731
        elif isinstance(self.regions, BoundArray):
            fns = [c.region(r) for r in self.regions.items]
            targets = lambda s, e: [tuple(f(s, e)) for f in fns]  # noqa: E731
        else:
            role = c.player(self.regions)
            owned = c.game.player_regions
            targets = lambda s, e: owned.get(role(s, e), ())  # noqa: E731

        def blocked(s: State, e: Env) -> bool:
            who = role(s, e) if role is not None else s.mover
            regions = list(targets(s, e))
            if not regions:
                return True  # Ludii's code fails there; nothing can be joined
            need = number(s, e) if number is not None else len(regions)
            return not any(_joins(s, adjacency, who, start, regions[1:], need) for start in regions[0])
        return blocked


def _joins(s: State, adjacency: Sequence[Sequence[int]], who: int, start: int,
           others: list[Sequence[int]], need: int) -> bool:
    """From ``start``, whether the player's pieces and empty sites reach enough regions."""
    joined = 1
    if joined == need:
        return True
    owners, what = s.who, s.what
    if not (owners[start] == who or what[start] == 0):
        return False
    left = [set(r) for r in others]
    group = [start]
    seen = {start}
    i = 0
    while i < len(group):
        for to in adjacency[group[i]]:
            if to in seen or not (owners[to] == who or what[to] == 0):
                continue
            seen.add(to)
            group.append(to)
            for k in range(len(left) - 1, -1, -1):
                if to in left[k]:
                    joined += 1
                    del left[k]
                if joined == need:
                    return True
        i += 1
    return False


__all__ = ["IsLastTo", "IsLastFrom", "IsFlat", "IsRepeat", "IsTarget", "IsBlocked"]
