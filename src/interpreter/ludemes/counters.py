"""What moves leave for later moves: the game's move counter (Ludii's ``(counter)``: the moves
played since it was last set, for rules such as Chess's fifty-move draw) and pending values
(``set Pending``: an en passant square, seen by the next move only)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import repetition, turns
from ..engine.arrays import PENDING, PENDING_SITES
from ..engine.env import Env
from ..engine.values import const_fn
from .base import ANY_INT, INT, INT_FN, MOVES, REGION_FN, Enum, Kind, Ludeme, Param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State
    from ..native.emit import Emitter

_COUNTER = turns.COUNTER  # the state array holding the counter (engine.turns counts the moves)


class Counter(Ludeme):
    """The game's counter (Ludii's): -1 at the start, one more after each move, once the end
    rules and phases have looked at it (so a move's consequences and the end rules after it
    see the count of the moves before it, minus one); ``(set Counter)`` sets it.

    Examples:
        (counter)
    """

    name = "counter"
    kind = INT
    concepts = ("InternalCounter",)
    # no parameters

    def declare(self, d: Declarations, c: Any) -> None:
        d.array(_COUNTER, [-1])

    def compile(self, c: Compiler):
        return lambda s, e: s.arrays[_COUNTER][0]


class SetCounter(Ludeme):
    """Set the game's counter (as a consequence): by default to -1, so that it reads 0 once the
    move is over (Ludii counts the move after the end rules).

    Parameters:
        value: the counter's new value
        then: consequences, after

    Examples:
        (set Counter)
        (set Counter 0 (then (moveAgain)))
    """

    name = "set Counter"
    always_a_move = True  # as Ludii's SetCounter.eval: its move whatever the counter (effect_moves)
    kind = MOVES
    concepts = ("SetInternalCounter",)
    value: Any = Param(INT_FN, optional=True, range=ANY_INT)
    then: Any = Param(Kind(("then",), "then"), optional=True)

    def declare(self, d: Declarations, c: Any) -> None:
        d.array(_COUNTER, [-1])

    def compile_effect(self, c: Compiler):
        value = c.int(self.value) if self.value is not None else const_fn(-1)

        def run(s: State, e: Env) -> None:
            s.set_item(s.arrays[_COUNTER], 0, value(s, e))
        from .moves_then import and_then, then_of
        return and_then(run, then_of(c, self.then))


_PENDING = PENDING  # [value, ply it was set at]: a move's pending value, for the next move
_PENDING_SITES = PENDING_SITES  # [values, ply they were set at]: the pending values of a region


def _keep(s: State, values: tuple[int, ...]) -> Any:
    """Add values to the pending values of the move being played (Ludii's set of them)."""
    held = s.arrays[_PENDING_SITES]
    before = held[0] if held[1] == s.ply else ()
    s.set_item(held, 0, before + tuple(x for x in values if x not in before))
    s.set_item(held, 1, s.ply)
    return held


class _UsesPending(Ludeme):
    """A ludeme reading or writing the pending value (the state array ``pending``)."""

    def declare(self, d: Declarations, c: Any) -> None:
        d.array(_PENDING, [-1, -1])


class _ReadsPending(_UsesPending):
    """A ludeme reading the values the previous move left pending. Ludii clears them when it
    applies a move (State.rebootPending, before the move's actions), so where a move's own
    effects read them (``(to ... (apply ...))``, a ``do``'s prior: worked out as Ludii lists
    the move) they are the previous move's still: read at :attr:`State.listed_ply`."""

    reads_listed_ply = True


def _pending_now(s: State, held: Any) -> bool:
    """Whether ``held`` (``[value(s), ply set at]``) was set by the move before the one listed."""
    ply = s.listed_ply
    return held[1] == ply and ply > 0


class SetPending(_UsesPending):
    """Mark a value as pending (as a consequence): the next move sees it (``(is Pending)``,
    ``(value Pending)``: an en passant square, say), the move after does not.

    Parameters:
        value: the value left pending (e.g. an en passant site)
        region: sites left pending, each a value (``(sites Pending)`` gives them back)
        then: consequences

    Examples:
        (set Pending (ahead (last To) Backward))
        (set Pending (sites From (forEach Piece)))
    """

    name = "set Pending"
    kind = MOVES
    concepts = ("SetPending",)
    value: Any = Param(INT_FN, optional=True, range=ANY_INT)
    region: Any = Param(REGION_FN, optional=True)
    then: Any = Param(Kind(("then",), "then"), optional=True)

    @property
    def always_a_move(self) -> bool:
        """As Ludii's SetPending.eval: a move whatever is pending, but of a region only when it
        has sites (effect_moves)."""
        return self.region is None

    def declare(self, d: Declarations, c: Any) -> None:
        super().declare(d, c)
        if self.region is not None:
            d.array(_PENDING_SITES, [(), -1])

    def compile_effect(self, c: Compiler):
        value = c.int(self.value) if self.value is not None else const_fn(1)
        then = self.then.compile_effect(c) if self.then is not None else None
        if self.region is not None:
            region = c.region(self.region)

            def run_sites(s: State, e: Env) -> None:
                held = _keep(s, tuple(x for x in region(s, e) if x >= 0))
                if held[0]:  # pending values: (is Pending) holds
                    pending = s.arrays[_PENDING]
                    s.set_item(pending, 0, held[0][0])
                    s.set_item(pending, 1, s.ply)
                if then is not None:
                    then(s, e)
            return run_sites

        kept = _PENDING_SITES in c.game.arrays  # (sites Pending) is read: every value is kept

        def run(s: State, e: Env) -> None:
            pending = s.arrays[_PENDING]
            v = value(s, e)
            if kept:  # Ludii's pending values are a set of any numbers (Kassle's sums of sites)
                _keep(s, (v,))
            if pending[1] == s.ply and pending[0] != v:
                v = 0  # several values pending: Ludii's (value Pending) is 0
            s.set_item(pending, 0, v)
            s.set_item(pending, 1, s.ply)  # the move being played: pending until the next one
            if then is not None:
                then(s, e)
        return run

    def kernel_effect(self, k: Emitter) -> None:
        from ..native import abi
        if self.region is not None or self.then is not None or _PENDING_SITES in k.game.arrays:
            from ..native.emit import NoKernel
            raise NoKernel("(set Pending <region>)", "the pending values (sites Pending) keeps")
        v = k.temp("v")
        k.line(f"{v} = {k.int(self.value) if self.value is not None else '1'}")
        k.line(f"if {k.st}[PENDING + 1] == {k.var(abi.PLY)} and {k.st}[PENDING] != {v}:")
        k.line(f"    {v} = 0")  # several values pending: Ludii's (value Pending) is 0
        k.line(f"{k.st}[PENDING] = {v}")
        k.line(f"{k.st}[PENDING + 1] = {k.var(abi.PLY)}")  # this move's ply: pending until the next


class IsPending(_ReadsPending):
    """The previous move left a pending value (``set Pending``).

    Examples:
        (is Pending)
    """

    name = "is Pending"
    kind = "boolean"
    # no parameters

    def compile(self, c: Compiler):
        return lambda s, e: _pending_now(s, s.arrays[_PENDING])

    def kernel_bool(self, k: Emitter) -> str:
        from ..native.kernels.variables import _pending
        return _pending(k)


class ValuePending(_ReadsPending):
    """The value the previous move left pending; 0 when there is none, or when it left several
    (Ludii's).

    Examples:
        (value Pending)
    """

    name = "value Pending"
    kind = INT
    # no parameters

    def compile(self, c: Compiler):
        def value(s: State, e: Env) -> int:
            pending = s.arrays[_PENDING]
            return pending[0] if _pending_now(s, pending) else 0
        return value

    def kernel_int(self, k: Emitter) -> str:
        from ..native.kernels.variables import _pending
        return f"({k.st}[PENDING] if {_pending(k)} else 0)"


class SitesPending(_ReadsPending):
    """The sites the previous move left pending (``set Pending`` of sites, or of one site),
    as Ludii's pending values; none when it left none.

    Parameters:
        type: the kind of site (the board's own kind when left out)

    Examples:
        (sites Pending)
    """

    name = "sites Pending"
    kind = "region"
    type: Any = Param(Enum(("Vertex", "Cell", "Edge"), "site type"), optional=True)

    def declare(self, d: Declarations, c: Any) -> None:
        super().declare(d, c)
        d.array(_PENDING_SITES, [(), -1])

    def compile(self, c: Compiler):

        def pending(s: State, e: Env) -> list[int]:
            held = s.arrays[_PENDING_SITES]  # every value set pending, sites or not (Ludii's
            # region of the pending values: Kassle's sums of two sites)
            return sorted(held[0]) if _pending_now(s, held) else []
        return pending


class NoRepeat(Ludeme):
    """Meta rule: no move may leave a position remembered before (Ludii's ``NoRepeat``):
    ``Positional`` (the default) the same pieces on the same sites as at the start or after the
    first move of an earlier turn; ``Situational`` also with the same mover, next player, scores,
    passes, values pending, amounts, events raised and players out or stalemated, after such a
    move; the ``...InTurn`` kinds look only at the positions after the
    moves of the latest turn (engine.repetition). Passing is always allowed; when every move is
    forbidden, the mover passes.

    Parameters:
        type: what may not come back: the same pieces on the same sites (``Positional``), that and
            the same player to move (``Situational``), or either within one turn only

    Examples:
        (no Repeat)
        (no Repeat Situational)
    """

    name = "no Repeat"
    kind = "meta rule"
    concepts = ("PositionalSuperko",)
    type: Any = Param(Enum(("Positional", "Situational", "PositionalInTurn", "SituationalInTurn"),
                                 "Positional | Situational | PositionalInTurn | SituationalInTurn"), optional=True)

    def declare(self, d: Declarations, c: Any) -> None:
        """The positions remembered (engine.repetition) and the filter that forbids the moves
        that bring one back."""
        kind = self.type.name if self.type is not None else "Positional"
        repetition.declare(d, kind)
        d.move_filters.append(lambda s, moves: repetition.allowed(s, moves, kind))

    def configure(self, c: Compiler) -> None:
        """Nothing to compile: the rule is made of engine hooks (:meth:`declare`)."""


class NoRepeatMeta(NoRepeat):
    """Meta rule ``(noRepeat ...)``: Ludii's older spelling of ``(no Repeat ...)``
    (``game.rules.meta.NoRepeat``), the same rule: no move may bring back a position seen before
    (``Positional`` by default); passing is always allowed.

    Parameters:
        type: what may not come back, as for ``no Repeat``

    Examples:
        (noRepeat)
        (noRepeat PositionalInTurn)
    """

    name = "noRepeat"



__all__ = ["Counter", "SetCounter", "SetPending", "IsPending", "ValuePending", "NoRepeat", "NoRepeatMeta"]
