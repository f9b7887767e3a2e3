"""Hidden information (Ludii's ``set Hidden``, ``is Hidden``, ``sites Hidden`` and its
``HiddenData``: What, Who, State, Count, Rotation, Value).

A site may be hidden to a player whole (invisible: no data type given) or in part: the kind of
its piece (What), its owner (Who), its local state, count, rotation or value. The flags are
kept per player and per site (:mod:`interpreter.engine.hidden`): they belong to the site (a
piece placed or removed leaves them), and go with a piece that moves. What a player may see of
a position (its observation) leaves out what is hidden to them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ..engine import hidden as engine_hidden
from ..engine.env import Env
from ..engine.values import const_fn
from ..errors import BindError
from ..syntax.nodes import Const
from .base import (
    BOOL,
    BOOL_FN,
    INT_FN,
    LEVEL,
    MOVES,
    PLAYER,
    REGION,
    REGION_FN,
    SITE_FN,
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
from .measures import SITE_TYPE, check_site_type

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State

HIDDEN_DATA = Enum(engine_hidden.DATA, "hidden data")
_TO = Either((PLAYER, Instance("player")))  # a role, a number, or (player N)
# Ludii's roles naming several players (RoleType.manyIds): the flags are set for each of them
_MANY = ("All", "Each", "NonMover", "Enemy", "Friend", "Ally") + tuple(f"Team{i}" for i in range(1, 17))
# the concepts of each data type: (HidePiece..., SetHidden...); None: the whole site
_CONCEPTS: dict[str | None, tuple[str, str]] = {
    None: ("InvisiblePiece", "SetInvisible"), "What": ("HidePieceType", "SetHiddenWhat"),
    "Who": ("HidePieceOwner", "SetHiddenWho"), "Count": ("HidePieceCount", "SetHiddenCount"),
    "Value": ("HidePieceValue", "SetHiddenValue"), "Rotation": ("HidePieceRotation", "SetHiddenRotation"),
    "State": ("HidePieceState", "SetHiddenState"),
}


def _data_of(value: Any) -> list[str | None]:
    """The data types named (``What`` or ``{What Who}``); [None] (the whole site) for none."""
    if value is None:
        return [None]
    items = value.items if isinstance(value, BoundArray) else [value]
    return [item.name for item in items]


def players_fn(c: Compiler, value: Any) -> Callable[[State, Env], tuple[int, ...]]:
    """The players a role or player names (Ludii: a role naming several players, All, NonMover,
    Enemy..., names each real player of its kind; one naming a single player, that player
    when it is a real one, else nobody)."""
    if isinstance(value, Const) and value.name in _MANY:
        from .valuearrays import _players_of
        game = c.game
        test = _players_of("All" if value.name == "Each" else value.name)
        everyone = range(1, game.num_players + 1)
        return lambda s, e: tuple(p for p in everyone if test(game, s, s.mover, p))
    one = c.player(value)
    n = c.game.num_players
    return lambda s, e: (p,) if 1 <= (p := one(s, e)) <= n else ()


def _level_fn(c: Compiler, ludeme: Any) -> Callable[[State, Env], int]:
    """``level:`` (Ludii's default 0): in a stacking game, the level of the site's stack whose
    flags are read or written; in a game whose sites hold one piece, Ludii's flags are the
    site's whatever the level (its flat container state)."""
    return c.int(ludeme.level) if ludeme.level is not None else const_fn(0)


def _hand_cells(c: Compiler, ludeme: Any) -> Callable[[int], bool] | None:
    """The site type of a hidden-information ludeme. ``Cell`` on a board of vertices (or edges)
    names the sites of the hands when the hands have sites (Ludii's hands are containers of
    cells numbered after the board's sites: Ashere's ``(set Hidden Cell at:(last To) to:Next)``
    on a hand's site): fn(site) -> whether a site is such a hand's cell (the board's own cells
    hold no piece here, so nothing of them is kept). None: the sites are the board's own kind."""
    from ..engine.handsites import has_hand_sites
    kind = getattr(ludeme.type, "name", None)
    if kind == "Cell" and kind != (getattr(c.topo, "use", None) or "Cell") and has_hand_sites(c.game):
        n = c.topo.n
        return lambda site: site >= n
    check_site_type(c, ludeme, ludeme.type)
    return None


class _Hidden(Ludeme):
    """A ludeme reading or writing the hidden information."""

    def declare(self, d: Declarations, c: Any) -> None:
        engine_hidden.declare(d)
        if getattr(self, "level", None) is not None:  # the flags of each level of a stack
            engine_hidden.declare_levels(d)


class SetHidden(_Hidden):
    """Effect (and start rule): hide the sites of a region (or the site ``at:``) from a player
    (``value`` True, the default) or show them (False): whole when no data type is given
    (invisible), else only the data named: the kind of piece (What), its owner (Who), its
    State, Count, Rotation or Value. ``to:`` a role naming several players (All, NonMover,
    Enemy...) sets it for each of them. In a game whose sites hold one piece, Ludii's flags are
    the site's, whatever the level; in a stacking game each level of a stack has its own, set
    only while the stack reaches that level (they stay with the level, not the piece).

    Parameters:
        data: the data hidden (What, Who, State, Count, Rotation, Value; all of the site when left out)
        type: the kind of site (the board's own when left out)
        region: the sites
        at: one site, instead of a region
        level: the level in a stack (0 by default)
        value: True to hide, False to show
        to: the player (or players) it is hidden to
        then: consequences applied after it

    Examples:
        (set Hidden What (sites Hand P1) to:P2)
        (set Hidden What at:(last To) False to:P1)
        (set Hidden {What Who} (sites Board) to:All)
        (set Hidden (sites Occupied by:Mover) to:Next)
    """

    name = "set Hidden"
    always_a_move = True  # as Ludii's SetHidden.eval: its move always, even of no site (effect_moves)
    kind = MOVES
    data: Any = Param(ArrayOf(HIDDEN_DATA), optional=True)
    type: Any = Param(SITE_TYPE, optional=True)
    region: Any = Param(REGION_FN, optional=True)
    at: Any = Param(SITE_FN, optional=True, named=True)
    level: Any = Param(INT_FN, optional=True, named=True, range=LEVEL)
    value: Any = Param(BOOL_FN, optional=True)
    to: Any = Param(_TO, named=True)
    then: Any = Param(kind_of(THEN), optional=True)

    def validate(self) -> None:
        if (self.region is None) == (self.at is None):
            raise BindError("set Hidden takes a region or at:, one of them", self.span,
                            hint="(set Hidden What (sites Hand P1) to:P2) or (set Hidden at:(last To) to:P1)")

    def where_for(self, param, where):
        return where.as_effect()

    def concepts_at(self, where: Any) -> Iterable[str]:
        out = ["HiddenInformation"]
        for data in _data_of(self.data):
            hide, implementation = _CONCEPTS[data]
            out.append(hide)
            if not where.start:  # Ludii's start rule says only what is hidden
                out.append(implementation)
        return out

    def compile(self, c: Compiler):
        raise BindError("(set Hidden ...) is an effect: use it in (then ...), not as a move", self.span)

    def compile_effect(self, c: Compiler):
        in_hand = _hand_cells(c, self)
        sites = c.region(self.region) if self.region is not None else None
        at = c.site(self.at) if self.at is not None else None
        level = _level_fn(c, self)
        value = c.bool(self.value) if self.value is not None else const_fn(True)
        who = players_fn(c, self.to)
        datas = _data_of(self.data)
        then = self.then.compile_effect(c) if self.then is not None else None
        set_hidden = engine_hidden.set_hidden

        def run(s: State, e: Env) -> None:
            where = sites(s, e) if sites is not None else ((x,) if (x := at(s, e)) >= 0 else ())  # type: ignore[misc]
            on = bool(value(s, e))
            players = who(s, e)
            lv = level(s, e)
            if in_hand is not None:
                where = tuple(x for x in where if in_hand(x))
            for data in datas:
                for site in where:
                    for p in players:
                        set_hidden(s, data, p, site, on, lv)
            if then is not None:
                then(s, e)
        return run


class IsHidden(_Hidden):
    """Whether something of a site is hidden to a player: the whole site (invisible) when no
    data type is given, else the data named (What, Who, State, Count, Rotation, Value). In a
    stacking game, of the piece at ``level`` of its stack (nothing is hidden of a level the
    stack does not reach).

    Parameters:
        data: the data asked about (the whole site when left out)
        type: the kind of site (the board's own when left out)
        at: the site
        level: the level in a stack (0 by default)
        to: the player

    Examples:
        (is Hidden at:(to) to:Mover)
        (is Hidden What at:(last To) to:P2)
    """

    name = "is Hidden"
    kind = BOOL
    data: Any = Param(HIDDEN_DATA, optional=True)
    type: Any = Param(SITE_TYPE, optional=True)
    at: Any = Param(SITE_FN, named=True)
    level: Any = Param(INT_FN, optional=True, named=True, range=LEVEL)
    to: Any = Param(_TO, named=True)

    def concepts_at(self, where: Any) -> Iterable[str]:
        return ("HiddenInformation", _CONCEPTS[_data_of(self.data)[0]][0])

    def compile(self, c: Compiler):
        in_hand = _hand_cells(c, self)
        at = c.site(self.at)
        level = _level_fn(c, self)
        who = c.player(self.to)
        data = _data_of(self.data)[0]
        is_hidden = engine_hidden.is_hidden
        if in_hand is not None:
            return lambda s, e: in_hand(x := at(s, e)) and is_hidden(s, data, who(s, e), x, level(s, e))
        return lambda s, e: (x := at(s, e)) >= 0 and is_hidden(s, data, who(s, e), x, level(s, e))


class SitesHidden(_Hidden):
    """The sites of the board with something hidden to a player: hidden whole (invisible) when
    no data type is given, else the data named. A role naming several players (All, NonMover,
    Enemy...) gives the sites hidden to any of them. In a stacking game, as Ludii, the bottom
    level's (level 0) of the sites holding a stack.

    Parameters:
        data: the data hidden (the whole site when left out)
        type: the kind of site (the board's own when left out)
        to: the player (or players)

    Examples:
        (sites Hidden to:Mover)
        (sites Hidden What to:P1)
    """

    name = "sites Hidden"
    kind = REGION
    data: Any = Param(HIDDEN_DATA, optional=True)
    type: Any = Param(SITE_TYPE, optional=True)
    to: Any = Param(_TO, named=True)

    def concepts_at(self, where: Any) -> Iterable[str]:
        return ("HiddenInformation", _CONCEPTS[_data_of(self.data)[0]][0])

    def compile(self, c: Compiler):
        check_site_type(c, self, self.type)
        who = players_fn(c, self.to)
        name = engine_hidden.ARRAYS[_data_of(self.data)[0]]
        n = c.topo.n  # Ludii reads the board's container only
        stacking = c.game.stacking

        def sites(s: State, e: Env) -> tuple[int, ...]:
            flags = s.arrays[name]
            mask = 0
            for p in who(s, e):
                mask |= 1 << p
            found = (x for x in range(min(n, len(flags))) if flags[x] & mask)
            if stacking:  # level 0 of a stack: read only while the site holds one
                return tuple(x for x in found if s.what[x])
            return tuple(found)
        return sites


__all__ = ["SetHidden", "IsHidden", "SitesHidden", "HIDDEN_DATA", "players_fn"]
