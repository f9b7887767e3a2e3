"""Ludii's loops that bind a value, a player or a track while a rule is worked out:
``forEach Value`` (moves and start rules), the end rule ``forEach`` over players or tracks,
and ``forEach Team``.

Each makes one child frame and binds the variable there (``(value)``, ``Player``), as every
rule that visits things does (see :mod:`interpreter.engine.env`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..engine.movegen import FnGen, MoveGen, with_rules
from ..errors import BindError
from ..syntax.nodes import Const
from .base import (
    ANY_INT,
    BOOL_FN,
    DIRS,
    END_RULE,
    INT,
    INT_FN,
    INTS,
    MOVES,
    MOVES_T,
    RESULT,
    ROLE,
    START_RULE,
    THEN,
    Enum,
    Instance,
    Kind,
    Ludeme,
    Param,
    kind_of,
    uses_facing,
)

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State

_THEN = kind_of(THEN)
_INTS = Kind((INTS,), "ints")


def _then(c: Compiler, then: Any) -> Any:
    return then.compile_effect(c) if then is not None else None


class ForEachValue(Ludeme):
    """The moves (or the effect, or the start rule) for each value of an array, or for each
    number from ``min:`` to ``max:`` (both included; none when ``max:`` is below ``min:``),
    ``(value)`` being the value, as Ludii's ``forEach Value``: the moves of every value
    together, each with the ``then`` consequences.

    Parameters:
        values: the values visited, in order
        min: the first value visited
        max: the last value visited
        moves: the moves, effect or start rule for each value, ``(value)`` being the value
        then: consequences of each move

    Examples:
        (forEach Value min:1 max:3 (move Add (to (sites Empty)) (then (set Var (value)))))
        (forEach Value (values Remembered) (set State at:(value) 1))
    """

    name = "forEach Value"
    concepts = ("ControlFlowStatement",)
    kind = MOVES
    values: Any = Param(_INTS, optional=True)
    min: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)
    max: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)
    moves: Any = Param(Kind((MOVES, START_RULE), "moves | start rule"))
    then: Any = Param(_THEN, optional=True)

    def validate(self) -> None:
        ranged = self.min is not None or self.max is not None
        if ranged and (self.min is None or self.max is None):
            raise BindError("forEach Value needs both min: and max:", self.span)
        if ranged == (self.values is not None):
            raise BindError("forEach Value takes an array of values, or min: and max:", self.span,
                            hint="(forEach Value min:1 max:6 ...) or (forEach Value (values Remembered) ...)")

    def _values(self, c: Compiler):
        """values(state, env) -> the values visited, in order."""
        if self.values is not None:
            array = self.values.compile(c)
            return lambda s, e: tuple(array(s, e))
        lo, hi = c.int(self.min), c.int(self.max)
        return lambda s, e: range(lo(s, e), hi(s, e) + 1)

    def compile(self, c: Compiler) -> MoveGen:
        values = self._values(c)
        inner = c.moves(self.moves)

        def gen(s: State, e: Env) -> list:
            frame = e.child()
            out: list = []
            for v in values(s, e):
                frame.value = v
                # each move remembers its value: its own effects (a do's prior) read it again
                out.extend(m.with_bound("value", v) for m in inner.moves(s, frame))
            return out

        def reach(s: State, e: Env, site: int) -> list:
            """The moves onto ``site`` (a threat test's): each value's moves onto it."""
            frame = e.child()
            out: list = []
            for v in values(s, e):
                frame.value = v
                out.extend(m.with_bound("value", v) for m in inner.reaching(s, frame, site))
            return out
        return with_rules(FnGen(gen, reach=reach), c.rule(after=_then(c, self.then)))

    def compile_effect(self, c: Compiler):
        from .moves_then import run_planned
        return run_planned(self.plan_effect(c))

    def plan_effect(self, c: Compiler):
        """plan(state, env) -> the effect of every value, each worked out in the position
        given before any applies (Ludii's ForEachValue.eval lists the moves of every value,
        which are then applied in order, each with the consequences): a sowing that moves
        the levels ``(- (size Stack at:(last From)) (value))`` of a stack reads the sizes of
        the stack before any level has gone."""
        from .logic import _plan
        values = self._values(c)
        inner = _plan(c, self.moves)
        then = _then(c, self.then)

        def plan(s: State, e: Env):
            chosen = []
            for v in tuple(values(s, e)):
                frame = e.child()
                frame.value = v
                chosen.append((inner(s, frame), frame))

            def run(s: State, e: Env) -> None:
                for effect, frame in chosen:
                    if effect is None:  # no move for this value (a remembered unique value...):
                        continue        # nor its consequences
                    effect(s, frame)
                    if then is not None:  # each value's move carries the consequences
                        then(s, frame)
            return run
        return plan


class ForEachEnd(Ludeme):
    """End rule: the result for each player of a kind whose condition holds, ``Player`` being
    the player tested (Ludii's end ``forEach``): ``NonMover`` tests every player but the mover,
    any other role (``Shared`` when left out) every player; players out of a ranked game are
    skipped. With ``Track``, the condition is tested once per track of the board instead.

    Parameters:
        role: the players tested (every player when left out; ``NonMover``: all but the mover)
        track: ``Track``: test once per track instead of per player
        if: the condition, ``Player`` being the player tested
        result: the result for that player

    Examples:
        (forEach NonMover if:(no Pieces Player) (result Player Loss))
        (forEach if:(>= (score Player) 10) (result Player Win))
    """

    name = "forEach"
    overload = True
    kind = END_RULE  # no ControlFlowStatement: Ludii's end forEach has none of its own
    role: Any = Param(ROLE, optional=True)
    track: Any = Param(Enum(("Track",), "Track"), optional=True)
    condition: Any = Param(BOOL_FN, named=True, key="if")
    result: Any = Param(kind_of(RESULT))

    def validate(self) -> None:
        if self.role is not None and self.track is not None:
            raise BindError("forEach: a role or Track, not both", self.span)

    def end_rule(self):
        return self.condition, [self.result]

    def compile_end(self, c: Compiler):
        return self.each_player_end(c, self.condition, self.result, self.role, self.track)

    @staticmethod
    def each_player_end(c: Compiler, condition: Any, result: Any, role: Any = None, track: Any = None):
        """The end rule giving ``result`` to the first player (or once per track) for whom
        ``condition`` holds; also (forEach Player if:C (result ...))'s."""
        cond = c.bool(condition)
        outcome = result.compile_outcome(c)
        if track is not None:
            tracks = len(c.game.tracks)

            def by_track(s: State, e: Env) -> Any:
                frame = e.child()
                for index in range(tracks):  # (track) is the index of the track tested
                    frame.track = index
                    if cond(s, frame):
                        return outcome(s, frame)
                return None
            return by_track
        n = c.game.num_players
        non_mover = isinstance(role, Const) and role.name == "NonMover"
        ranked = c.game.ranked

        def by_player(s: State, e: Env) -> Any:
            frame = e.child()
            for p in range(1, n + 1):
                if non_mover and p == s.mover:
                    continue
                if ranked and s.arrays["ranks"][p]:
                    continue  # out of the game: not active
                frame.player = p
                if cond(s, frame):
                    return outcome(s, frame)
            return None
        return by_player





class ValueIterator(Ludeme):
    """The value visited by ``forEach Value`` (Ludii's ``(value)``); 0 elsewhere.

    Examples:
        (value)
    """

    name = "value"
    kind = INT

    def words(self, w):
        return "the value"

    def compile(self, c: Compiler):
        return lambda s, e: e.value

    def kernel_int(self, k: Any) -> str:
        return k.bound("value", "(value)")

__all__ = ["ForEachValue", "ForEachEnd", "ValueIterator"]  # (extended below)


class ForEachDirection(Ludeme):
    """The moves of a rule for each site reached from a site (``(from)`` by default) along each
    direction (``Adjacent`` by default), as Ludii's ``forEach Direction``: along each line, the
    sites one step away and further up to the between range's most (1 by default), the sites
    before the range's least meeting the between condition; a site where the ``to`` condition
    fails ends the line. At each site reached (``(to)`` bound to it) the rule's moves (the
    ``to``'s ``(apply ...)``, or the moves given) are made. Directions relative to a facing
    (``FR``...) are read relative to the direction from ``(from)`` to ``(to)`` where the rule
    stands (the step just made), else the piece's facing.

    Parameters:
        from: the site the lines start from (``(from)`` when left out)
        directions: the directions of the lines (``Adjacent`` when left out)
        between: how far the lines go (a range, 1 when left out) and what the sites passed must be
        to: the condition of the sites reached, and the moves made there (its apply)
        moves: the moves made at each site reached (instead of the to's apply)
        then: consequences of each move

    Examples:
        (forEach Direction Orthogonal (to if:(is Empty (to)) (apply (move (from) (to)))))
        (forEach Direction (from (to)) (directions {FR FL} of:All) (if (is Empty (to)) (move (from) (to))))
    """

    name = "forEach Direction"
    kind = MOVES
    concepts = ("ControlFlowStatement",)
    source: Any = Param(Instance("from"), optional=True, key="from")
    directions: Any = Param(DIRS, optional=True)
    between: Any = Param(Instance("between"), optional=True)
    to: Any = Param(Instance("to"), optional=True)
    moves: Any = Param(MOVES_T, optional=True)
    then: Any = Param(_THEN, optional=True)

    def validate(self) -> None:
        apply = getattr(self.to, "apply", None) if self.to is not None else None
        inner = apply.effect if apply is not None else None
        if (inner is None) == (self.moves is None):
            raise BindError("forEach Direction takes (to ... (apply MOVES)) or MOVES", self.span)

    def _relative(self) -> bool:
        from ..engine.facing import RELATIVE
        if isinstance(self.directions, Const):
            return self.directions.name in RELATIVE
        return self.directions is not None and any(
            isinstance(n, Const) and n.name in RELATIVE for n in self.directions.children())

    def compile(self, c: Compiler) -> MoveGen:
        if not self._relative():
            gen = self._compile_facing(c)
        else:  # relative to the step from (from) to (to): compiled once per compass facing
            from ..engine.movegen import Switch
            from .directionfns import _compass_keys
            keys = _compass_keys(c)
            saved = c.facing
            gens = []
            parts = c.facing_free_parts(self)  # the parts that read no facing, compiled once for all
            try:
                for key in keys:
                    c.facing = key
                    gens.append(self._compile_facing(c, parts))
            finally:
                c.facing = saved
            gens.append(self._compile_facing(c, parts) if saved is not None else FnGen(lambda s, e: []))
            steps = {key: c.topo.step[key] for key in keys}
            none = len(keys)

            def which(s: State, e: Env) -> int:
                a, b = e.frm, e.to
                if a < 0 or b < 0:
                    return none
                for i, key in enumerate(keys):
                    if steps[key][a] == b:
                        return i
                return none
            gen = Switch(which, gens)
        return with_rules(gen, c.rule(after=_then(c, self.then)))

    def _compile_facing(self, c: Compiler, parts: dict[str, Any] | None = None) -> MoveGen:
        """The rule compiled for the compiler's facing; ``parts`` keeps the parts that read no
        facing (compiled once for all the facings of a rule compiled per facing)."""
        from .functions import range_bounds

        def once(key: str, node: Any, make: Callable[[], Any]) -> Any:
            if node is None:
                return None
            if parts is None:
                return make()
            if "?" + key not in parts:  # whether the part reads no facing, asked once
                parts["?" + key] = not (isinstance(node, Ludeme) and uses_facing(node))
            if not parts["?" + key]:
                return make()
            if key not in parts:
                parts[key] = make()
            return parts[key]
        source = self.source.sites if self.source is not None else None
        start = once("from", source, lambda: c.site(source)) or (lambda s, e: e.frm)
        dirs = c.directions(self.directions, "Adjacent")
        rays_at = c.topo.rays_for(dirs)
        between = self.between
        length = once("length", between.length if between is not None else None,
                      lambda: range_bounds(c, between.length)) or (1, 1)
        hurdle = once("between", between.condition if between is not None else None,
                      lambda: c.bool(between.condition))
        cond = once("to", self.to.condition if self.to is not None else None, lambda: c.bool(self.to.condition))
        body = self.moves if self.moves is not None else self.to.apply.effect
        inner = once("moves", body, lambda: c.moves(body))

        def gen(s: State, e: Env) -> list:
            x = start(s, e)
            if x < 0:
                return []
            lo, hi = length(s, e) if callable(length) else length
            frame = e.child()
            out: list = []
            for ray in rays_at[x]:
                for i, site in enumerate(ray[:hi], start=1):
                    if hurdle is not None and lo > 1 and i < lo:
                        frame.between = site
                        if not hurdle(s, frame):
                            break
                    frame.to = site
                    if cond is None or cond(s, frame):
                        if i >= lo:
                            out.extend(inner.moves(s, frame))
                    else:
                        break
            return out
        return FnGen(gen)


__all__ += ["ForEachDirection"]


class PlayerIterator(Ludeme):
    """The player visited by ``forEach Player`` (Ludii's ``(player)`` among its int functions);
    0 elsewhere. Written where a number or a player is wanted, ``(player)`` is this, not the
    ``(player ...)`` of the equipment.

    Examples:
        (player)
    """

    name = "player"
    overload = True
    bare = True  # (player) with no argument is this (the equipment's reading where a player is wanted)
    kind = INT

    def words(self, w):
        return "the player"

    def compile(self, c: Compiler):
        return lambda s, e: e.player


__all__ += ["PlayerIterator"]
