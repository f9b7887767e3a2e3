"""Variables the rules keep besides the pieces: a value per player, a local state per piece, and
whether the last move was a pass (Ludii's ``value Player``, ``set Value``, ``state``,
``set State``, ``was Pass``).

Each is an array of the state, created when a description uses it (``player_values``: one
entry per player, index 0 unused; ``piece_states``: one per site), so every move's changes are
journaled and undone like the board's, and positions write them (``vars:``). A piece's state
belongs to the piece: it moves with it and is 0 again when the piece leaves its site.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..engine.result import Termination
from .base import ANY_INT, BOOL, INT, INT_FN, MOVES, PLAYER, REGION, SITE_FN, THEN, Kind, Ludeme, Param, kind_of
from .functions import INT_MAX, INT_MIN, out_of_range
from .measures import SITE_TYPE, check_site_type
from .moves_then import and_then, run_planned

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State
    from ..native.emit import Emitter, Region

PLAYER_VALUES = "player_values"
PIECE_STATES = "piece_states"


def player_values(d: Declarations) -> None:
    """Declare the game's array of player values (once), each Undefined (-1) at the start as
    Ludii's state holds them."""
    d.array(PLAYER_VALUES, [-1] * (d.num_players + 1))  # Ludii: Undefined (-1) until set


def piece_states(d: Declarations) -> None:
    """Declare the game's array of piece states (once), states that follow their pieces."""
    d.array(PIECE_STATES, [0] * d.num_sites, per_piece=True)


def _no_level(ludeme: Ludeme, c: Compiler) -> None:
    """A level of a stack other than 0 in a game whose sites hold one piece each: refused (a
    located error; level 0, the only one, is as Ludii's)."""
    from ..syntax.nodes import Int
    level = getattr(ludeme, "level", None)
    if level is not None and not c.game.stacking and not (isinstance(level, Int) and level.value in (0, -1)):
        from ..errors import BindError
        raise BindError(f"({ludeme.name} level:...) reads a stack's level: this game's sites hold one piece each",
                        level.span, hint="declare stacking pieces, or leave level: out")


class _PlayerValues(Ludeme):
    """A ludeme that reads or writes the players' values."""

    def declare(self, d: Declarations, c: Any) -> None:
        player_values(d)


class _PieceStates(Ludeme):
    """A ludeme that reads or writes the pieces' states (on the board's own kind of site, or on
    the kind its ``type`` names: Ludii keeps them per site type, :mod:`..engine.multisite`)."""

    def declare(self, d: Declarations, c: Any) -> None:
        piece_states(d)
        kind = self._kind(c)
        if kind is not None:
            from ..engine.multisite import states_array
            from .other_sites import declare_pieces, sited_count
            declare_pieces(d, c, kind)
            d.array(states_array(kind), [0] * sited_count(c, kind))

    def _kind(self, c: Any) -> str | None:
        """The kind of site named when not the board's own."""
        from .other_sites import other_kind
        return other_kind(c, getattr(self, "type", None))

    def _states_of(self, c: Compiler) -> Any:
        """fn(state) -> what holds the states this ludeme reads or writes: the state itself, or
        the view of the pieces on the other kind of site its ``type`` names."""
        kind = self._kind(c)
        if kind is None:
            check_site_type(c, self, getattr(self, "type", None))
            return lambda s: s
        from ..engine.multisite import KindView
        return lambda s: KindView(s, kind)

    def _no_kernel_elsewhere(self, k: Emitter) -> None:
        from .other_sites import no_sited_kernel
        no_sited_kernel(self, k, getattr(self, "type", None))


class ValuePlayer(_PlayerValues):
    """The value a player holds (Undefined, -1, until ``set Value`` changes it, as Ludii's
    state holds it), e.g. a count of turns.

    Parameters:
        player: whose value

    Examples:
        (value Player Mover)
    """

    name = "value Player"
    kind = INT
    player: Any = Param(PLAYER)
    concepts = ("PlayerValue",)

    def compile(self, c: Compiler):
        who = c.player(self.player)
        return lambda s, e: s.arrays[PLAYER_VALUES][who(s, e)]

    def kernel_int(self, k: Emitter) -> str:
        return f"{k.st}[PLAYER_VALUES + {k.player(self.player)}]"


PIECE_VALUES = "piece_values"  # per site: the value given to the piece there ((set Value at:...))
PIECE_VALUED = "piece_valued"  # per site: 1 when the piece there was given a value


def piece_values(d: Declarations) -> None:
    """Declare the arrays of the values given to pieces (once): they follow their pieces."""
    d.array(PIECE_VALUES, [0] * d.num_sites, per_piece=True)
    d.array(PIECE_VALUED, [0] * d.num_sites, per_piece=True)


class SetValue(_PlayerValues):
    """Effect: set the value a player holds (read by ``(value Player ...)``); or, with
    ``at:``, the value of the piece on a site (read by ``(value Piece at:...)``, instead of its
    kind's value; it follows the piece and is lost when the piece leaves the board).

    Parameters:
        player: whose value
        type: the kind of site (the board's own kind when left out)
        at: the site of the piece whose value is set
        level: the level in a stack (refused here: no stacks)
        value: the new value
        then: consequences

    Examples:
        (set Value Mover 0)
        (set Value Mover (+ (value Player Mover) 1))
        (set Value at:(last To) 3)
    """

    name = "set Value"
    kind = MOVES
    # as Ludii's SetValue/SetValuePlayer.eval: a move whatever the value, once the value (of a
    # piece: not below 0) is good (effect_moves: its plan)
    always_a_move = True
    player: Any = Param(PLAYER, optional=True)
    type: Any = Param(SITE_TYPE, optional=True)
    at: Any = Param(SITE_FN, optional=True, named=True)
    level: Any = Param(INT_FN, optional=True, named=True, range=(0, 1000))
    value: Any = Param(INT_FN, optional=True, range=ANY_INT)
    then: Any = Param(Kind(("then",), "then"), optional=True)
    concepts = ("SetValue", "PlayerValue")

    def concepts_at(self, where: Any) -> Iterable[str]:
        # Ludii's two classes: SetValuePlayer says PlayerValue only; the site's SetValue says
        # SetValue and PieceValue
        return ("PlayerValue",) if self.at is None else ("SetValue", "PieceValue")

    def validate(self) -> None:
        from ..errors import BindError
        if self.value is None and self.at is not None and self.player is not None:
            self.value, self.player = self.player, None  # (set Value at:SITE VALUE)
        if self.value is None:
            raise BindError("set Value: missing the value", self.span)
        if (self.player is None) == (self.at is None):
            raise BindError("set Value takes a player, or the site of a piece (at:)", self.span)
        if self.level is not None:
            raise BindError("(set Value level:...) needs stacks, which this engine does not have", self.level.span)

    def declare(self, d: Declarations, c: Any) -> None:
        if self.at is not None:
            piece_values(d)
        else:
            player_values(d)

    def compile(self, c: Compiler):
        from ..errors import BindError
        raise BindError("(set Value ...) is an effect: use it in (then ...), not as a move", self.span)

    def compile_effect(self, c: Compiler):
        return run_planned(self.plan_effect(c))

    def plan_effect(self, c: Compiler):
        """plan(state, env) -> the effect, its site and value worked out in that position (in
        an ``(and ...)`` Ludii works out every part before any applies); as Ludii's SetValue, a
        piece's value below 0 makes no move (nor its consequences)."""
        value = c.int(self.value)
        then = self.then.compile_effect(c) if self.then is not None else None
        if self.at is not None:
            check_site_type(c, self, self.type)
            at = c.site(self.at)

            def plan_at(s: State, e: Env) -> Any:
                x, v = at(s, e), value(s, e)
                if v < 0:
                    return None
                if v > INT_MAX:
                    raise out_of_range(v, self, "a piece's value")

                def run_at(s: State, e: Env) -> None:
                    if 0 <= x < len(s.arrays[PIECE_VALUES]):
                        s.set_item(s.arrays[PIECE_VALUES], x, v)
                        if not s.arrays[PIECE_VALUED][x]:
                            s.set_item(s.arrays[PIECE_VALUED], x, 1)
                return and_then(run_at, then)
            return plan_at
        who = c.player(self.player)

        def plan(s: State, e: Env) -> Any:
            p, v = who(s, e), value(s, e)
            if not INT_MIN <= v <= INT_MAX:
                raise out_of_range(v, self, f"the value of P{p}")

            def run(s: State, e: Env) -> None:
                values = s.arrays[PLAYER_VALUES]
                if values[p] != v:
                    s.set_item(values, p, v)
            return and_then(run, then)
        return plan

    def kernel_plan(self, k: Emitter) -> Any:
        """Emit now the player and the value (as :meth:`plan_effect`); return what emits the change."""
        from ..native.kernels.variables import _in_range
        if self.at is not None or self.then is not None:
            from ..native.emit import NoKernel
            raise NoKernel("(set Value at:...)")
        p, v = k.temp("p"), k.temp("v")
        k.line(f"{p} = {k.player(self.player)}")
        k.line(f"{v} = {k.int(self.value)}")
        _in_range(k, v)
        return lambda: k.line(f"{k.st}[PLAYER_VALUES + {p}] = {v}")

    def kernel_effect(self, k: Emitter) -> None:
        self.kernel_plan(k)()


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

    def compile(self, c: Compiler):
        of = self._states_of(c)
        _no_level(self, c)
        at = c.site(self.at)
        if self.level is not None and c.game.stacking:
            from ..engine import stacks
            level = c.int(self.level)

            def state_level(s: State, e: Env) -> int:
                x = at(s, e)
                return stacks.value_at(of(s), x, level(s, e), PIECE_STATES) if x >= 0 else 0
            return state_level
        if self._kind(c) is not None:
            return lambda s, e: states[x] if 0 <= (x := at(s, e)) < len(states := of(s).arrays[PIECE_STATES]) else 0
        # a site the states do not cover (a counted hand's: Ludii's hand site holds no state set)
        # has state 0; a die's site, the face the die rests on (Ludii's die state)
        from ..engine.dice import DICE_FACE
        from .dice import on_die_site
        return on_die_site(c, self.at, self.type, lambda s, e: states[x] if 0 <= (x := at(s, e)) < len(
            states := s.arrays[PIECE_STATES]) else 0, lambda s, die: s.arrays[DICE_FACE][die])

    def kernel_int(self, k: Emitter) -> str:
        self._no_kernel_elsewhere(k)
        if self.level is not None:
            from ..native.emit import NoKernel
            raise NoKernel("(state level:...)")
        if not getattr(self.at, "context_site", False):
            from .dice import no_die_kernel
            no_die_kernel(k, "state")
        site = k.site(self.at)
        length = k.layout.arrays[PIECE_STATES][1]
        if site.isdigit() and int(site) < length:
            return f"{k.st}[PIECE_STATES + {site}]"
        return f"({k.st}[PIECE_STATES + {site}] if 0 <= {site} < {length} else 0)"


class SitesState(_PieceStates):
    """The sites of the board whose local state is a value (empty sites included: their state
    is 0 unless ``set State`` gave them another).

    Parameters:
        type: the kind of site (the board's own kind when left out)
        value: the state looked for (Ludii's signature has it optional, but Ludii fails without
            it: it is required here, with an error that says so)

    Examples:
        (sites State 1)
    """

    name = "sites State"
    kind = REGION
    type: Any = Param(SITE_TYPE, optional=True)
    value: Any = Param(INT_FN, range=ANY_INT, optional=True)
    concepts = ("SiteState",)

    def validate(self) -> None:
        if self.value is None:  # Ludii's signature lets it out, and Ludii then fails on it
            from ..errors import BindError
            raise BindError("(sites State) needs the state looked for: (sites State 1)", self.span)

    def compile(self, c: Compiler):
        of = self._states_of(c)
        value = c.int(self.value)
        return lambda s, e: [x for x, v in enumerate(of(s).arrays[PIECE_STATES]) if v == value(s, e)]

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.emit import Everywhere
        self._no_kernel_elsewhere(k)
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
    # as Ludii's SetState.eval: a move whatever the state, once the site and the state are good
    # (effect_moves: its plan)
    always_a_move = True
    type: Any = Param(SITE_TYPE, optional=True)
    at: Any = Param(SITE_FN, named=True)
    level: Any = Param(INT_FN, optional=True, named=True, range=(-1, 1000))
    value: Any = Param(INT_FN, range=ANY_INT)
    then: Any = Param(kind_of(THEN), optional=True)
    concepts = ("SetSiteState",)

    def compile(self, c: Compiler):
        from ..errors import BindError
        raise BindError("(set State ...) is an effect: use it in (then ...), not as a move", self.span)

    def compile_effect(self, c: Compiler):
        return run_planned(self.plan_effect(c))

    def plan_effect(self, c: Compiler):
        """plan(state, env) -> the effect, its site, level and state worked out in that position
        (in an ``(and ...)`` Ludii works out every part before any applies); as Ludii's SetState,
        a state below 0 makes no move (nor its consequences), and a level left out is the top
        of the stack when it applies."""
        of = self._states_of(c)
        _no_level(self, c)
        at = c.site(self.at)
        value = c.int(self.value)
        level = c.int(self.level) if self.level is not None and c.game.stacking else None
        then = self.then.compile_effect(c) if self.then is not None else None

        def plan(s: State, e: Env) -> Any:
            x, v = at(s, e), value(s, e)
            lv = level(s, e) if level is not None else -1
            if x < 0 or v < 0 or lv < -1:
                return None
            if v > INT_MAX:
                raise out_of_range(v, self, "a piece's state")

            def run(s: State, e: Env) -> None:
                held = of(s)
                if level is not None:
                    from ..engine import stacks
                    stacks.set_value(held, x, stacks.top_level(held, x) if lv == -1 else lv, PIECE_STATES, v)
                else:
                    states = held.arrays[PIECE_STATES]
                    if x < len(states) and states[x] != v:
                        s.set_item(states, x, v)
            return and_then(run, then)
        return plan

    def kernel_effect(self, k: Emitter) -> None:
        self.kernel_plan(k)()

    def kernel_plan(self, k: Emitter) -> Any:
        """Emit now the site and the state (as :meth:`plan_effect`); return what emits the change."""
        from ..native.emit import NoKernel
        from ..native.kernels.variables import _in_range
        self._no_kernel_elsewhere(k)
        if self.level is not None or self.then is not None:
            raise NoKernel("(set State level:/then)")
        x, v = k.temp("x"), k.temp("v")
        k.line(f"{x} = {k.site(self.at)}")
        k.line(f"{v} = {k.int(self.value)}")
        _in_range(k, v)

        def emit() -> None:
            with k.indented(f"if {x} >= 0 and {v} >= 0:"):
                k.line(f"{k.st}[PIECE_STATES + {x}] = {v}")
        return emit


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

    def compile(self, c: Compiler):
        return lambda s, e: s.passes > 0

    def kernel_bool(self, k: Emitter) -> str:
        from ..native import abi
        return f"({k.var(abi.PASSES)} > 0)"
