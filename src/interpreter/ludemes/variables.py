"""Variables the rules keep besides the pieces: a value per player, a local state per piece, and
whether the last move was a pass (Ludii's ``value Player``, ``set Value``, ``state``,
``set State``, ``was Pass``).

Each is an array of the state, created when a description uses it (``player_values``: one
entry per player, index 0 unused; ``piece_states``: one per site), so every move's changes are
journaled and undone like the board's, and positions write them (``vars:``). A piece's state
belongs to the piece: it moves with it and is 0 again when the piece leaves its site.
"""

from __future__ import annotations

from typing import Any, TYPE_CHECKING

from ..engine.env import Env
from ..engine.result import Termination
from .base import ANY_INT, BOOL, INT, INT_FN, MOVES, PLAYER, REGION, SITE_FN, THEN, Ludeme, Param, kind_of
from .functions import INT_MAX, INT_MIN, out_of_range
from .measures import SITE_TYPE, check_site_type

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State
    from ..native.emit import Emitter, Region

PLAYER_VALUES = "player_values"
PIECE_STATES = "piece_states"


def player_values(d: "Declarations") -> None:
    """Declare the game's array of player values (once)."""
    d.array(PLAYER_VALUES, [0] * (d.num_players + 1))


def piece_states(d: "Declarations") -> None:
    """Declare the game's array of piece states (once), states that follow their pieces."""
    d.array(PIECE_STATES, [0] * d.num_sites, per_piece=True)


class _PlayerValues(Ludeme):
    """A ludeme that reads or writes the players' values."""

    def declare(self, d: "Declarations", c: Any) -> None:
        player_values(d)


class _PieceStates(Ludeme):
    """A ludeme that reads or writes the pieces' states."""

    def declare(self, d: "Declarations", c: Any) -> None:
        piece_states(d)


class ValuePlayer(_PlayerValues):
    """The value a player holds (0 until ``set Value`` changes it), e.g. a count of turns.

    Parameters:
        player: whose value

    Examples:
        (value Player Mover)
    """

    name = "value Player"
    kind = INT
    player: Any = Param(PLAYER)
    concepts = ("PlayerValue",)

    def compile(self, c: "Compiler"):
        who = c.player(self.player)
        return lambda s, e: s.arrays[PLAYER_VALUES][who(s, e)]

    def kernel_int(self, k: Emitter) -> str:
        return f"{k.st}[PLAYER_VALUES + {k.player(self.player)}]"


class SetValue(_PlayerValues):
    """Effect: set the value a player holds (read by ``(value Player ...)``).

    Parameters:
        player: whose value
        value: the new value

    Examples:
        (set Value Mover 0)
        (set Value Mover (+ (value Player Mover) 1))
    """

    name = "set Value"
    kind = MOVES
    player: Any = Param(PLAYER)
    value: Any = Param(INT_FN, range=ANY_INT)
    concepts = ("SetValue", "PlayerValue")

    def compile(self, c: "Compiler"):
        from ..errors import BindError
        raise BindError("(set Value ...) is an effect: use it in (then ...), not as a move", self.span)

    def compile_effect(self, c: "Compiler"):
        who = c.player(self.player)
        value = c.int(self.value)

        def run(s: "State", e: Env) -> None:
            p, v = who(s, e), value(s, e)
            if not INT_MIN <= v <= INT_MAX:
                raise out_of_range(v, self, f"the value of P{p}")
            values = s.arrays[PLAYER_VALUES]
            if values[p] != v:
                s.set_item(values, p, v)
        return run

    def kernel_effect(self, k: Emitter) -> None:
        from ..native.kernels.variables import _in_range
        p, v = k.temp("p"), k.temp("v")
        k.line(f"{p} = {k.player(self.player)}")
        k.line(f"{v} = {k.int(self.value)}")
        _in_range(k, v)
        k.line(f"{k.st}[PLAYER_VALUES + {p}] = {v}")


class StateAt(_PieceStates):
    """The local state of the piece on a site (0 until ``set State`` changes it; 0 again once the
    piece has left the site); in a stacking game, of the top piece, or of the piece at the level
    given.

    Parameters:
        type: the kind of site (the board's own when left out)
        at: the site of the piece
        level: the level of the stack (the top when left out)

    Examples:
        (state at:(from))
        (state at:(last From) level:(level))
    """

    name = "state"
    kind = INT
    type: Any = Param(SITE_TYPE, optional=True)
    at: Any = Param(SITE_FN, named=True)
    level: Any = Param(INT_FN, optional=True, named=True, range=(-1, 1000))
    concepts = ("SiteState",)

    def compile(self, c: "Compiler"):
        check_site_type(c, self, self.type)
        at = c.site(self.at)
        if self.level is not None and c.game.stacking:
            from ..engine import stacks
            level = c.int(self.level)

            def state_level(s: "State", e: Env) -> int:
                x = at(s, e)
                return stacks.value_at(s, x, level(s, e), PIECE_STATES) if x >= 0 else 0
            return state_level
        return lambda s, e: s.arrays[PIECE_STATES][x] if (x := at(s, e)) >= 0 else 0

    def kernel_int(self, k: Emitter) -> str:
        if self.level is not None:
            from ..native.emit import NoKernel
            raise NoKernel("(state level:...)")
        site = k.site(self.at)
        if getattr(self.at, "context_site", False) or site.isdigit():
            return f"{k.st}[PIECE_STATES + {site}]"
        return f"({k.st}[PIECE_STATES + {site}] if {site} >= 0 else 0)"


class SitesState(_PieceStates):
    """The sites of the board whose local state is a value (empty sites included: their state
    is 0 unless ``set State`` gave them another).

    Parameters:
        type: the kind of site (the board's own kind when left out)
        value: the state looked for

    Examples:
        (sites State 1)
    """

    name = "sites State"
    kind = REGION
    type: Any = Param(SITE_TYPE, optional=True)
    value: Any = Param(INT_FN, range=ANY_INT)
    concepts = ("SiteState",)

    def compile(self, c: "Compiler"):
        check_site_type(c, self, self.type)
        value = c.int(self.value)
        return lambda s, e: [x for x, v in enumerate(s.arrays[PIECE_STATES]) if v == value(s, e)]

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.emit import Everywhere
        value = k.temp("v")
        k.line(f"{value} = {k.int(self.value)}")
        st = k.st
        return Everywhere(lambda x: f"{st}[PIECE_STATES + {x}] == {value}")


class SetState(_PieceStates):
    """Effect: set the local state of the piece on a site (in a stacking game, of its top piece,
    or of the piece at the level given). The state stays with the piece when it moves, and goes
    back to 0 when the piece is removed or replaced.

    Parameters:
        type: the kind of site (the board's own when left out)
        at: the site of the piece
        level: the level of the stack (the top when left out)
        value: its new state
        then: consequences applied after it

    Examples:
        (set State at:(last To) 1)
        (set State at:(last To) level:(level) 2)
    """

    name = "set State"
    kind = MOVES
    type: Any = Param(SITE_TYPE, optional=True)
    at: Any = Param(SITE_FN, named=True)
    level: Any = Param(INT_FN, optional=True, named=True, range=(-1, 1000))
    value: Any = Param(INT_FN, range=ANY_INT)
    then: Any = Param(kind_of(THEN), optional=True)
    concepts = ("SetSiteState",)

    def compile(self, c: "Compiler"):
        from ..errors import BindError
        raise BindError("(set State ...) is an effect: use it in (then ...), not as a move", self.span)

    def compile_effect(self, c: "Compiler"):
        check_site_type(c, self, self.type)
        at = c.site(self.at)
        value = c.int(self.value)
        level = c.int(self.level) if self.level is not None and c.game.stacking else None
        then = self.then.compile_effect(c) if self.then is not None else None

        def run(s: "State", e: Env) -> None:
            x, v = at(s, e), value(s, e)
            if x >= 0:
                if not INT_MIN <= v <= INT_MAX:
                    raise out_of_range(v, self, "a piece's state")
                if level is not None:
                    from ..engine import stacks
                    lv = level(s, e)
                    stacks.set_value(s, x, stacks.top_level(s, x) if lv == -1 else lv, PIECE_STATES, v)
                else:
                    states = s.arrays[PIECE_STATES]
                    if states[x] != v:
                        s.set_item(states, x, v)
            if then is not None:
                then(s, e)
        return run

    def kernel_effect(self, k: Emitter) -> None:
        from ..native.emit import NoKernel
        from ..native.kernels.variables import _in_range
        if self.level is not None or self.then is not None:
            raise NoKernel("(set State level:/then)")
        x, v = k.temp("x"), k.temp("v")
        k.line(f"{x} = {k.site(self.at)}")
        with k.indented(f"if {x} >= 0:"):
            k.line(f"{v} = {k.int(self.value)}")
            _in_range(k, v)
            k.line(f"{k.st}[PIECE_STATES + {x}] = {v}")


class WasPass(Ludeme):
    """The last move was a pass. As an end condition it ends the game by stalemate: a player
    who passes is one who could not move (a forced pass, or the pass a rule leaves them).

    Examples:
        (was Pass)
    """

    name = "was Pass"

    def words(self, w):
        return "the last move was a pass"
    kind = BOOL
    termination = Termination.STALEMATE
    # no parameters

    def compile(self, c: "Compiler"):
        return lambda s, e: s.passes > 0

    def kernel_bool(self, k: Emitter) -> str:
        from ..native import abi
        return f"({k.var(abi.PASSES)} > 0)"
