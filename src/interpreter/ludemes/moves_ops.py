"""Ludii's effect forms of two decisions (``pass``, ``select``) and its move sequences
(``seq``, ``while``): moves worked out one after the other on a copy of the position."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import turns
from ..engine.env import Env
from ..engine.movegen import FnGen, MoveGen
from ..errors import LudError
from .base import BOOL_FN, MOVES, MOVES_T, THEN, ArrayOf, Ludeme, Param, kind_of
from .moves import MovePass
from .sowing import MoveSelect

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.move import Move
    from ..engine.state import State
    from ..native.emit import Emitter

_THEN = kind_of(THEN)
MAX_ITERATIONS = 10000  # Ludii's Constants.MAX_NUM_ITERATION: a (while ...) that never ends is an error


class Pass(MovePass):
    """Pass: the effect form of ``move Pass`` (Ludii's ``pass``); where it stands as a
    decision, the pass a player may choose.

    Parameters:
        then: consequences of the pass

    Examples:
        (pass)
        (pass (then (addScore Mover 1)))
    """

    name = "pass"


class Select(MoveSelect):
    """Select a site, or a ``from`` site and a ``to`` site: the effect form of ``move Select``
    (Ludii's ``select``); the selection does nothing itself, its consequences say what it does.

    Parameters:
        frm: the sites that may be selected, and their condition (``(from)`` and ``(to)`` both
            being the site tested)
        to: a second site selected with the first, and its condition
        role: whose move it is (the mover's when left out)
        then: consequences of the selection

    Examples:
        (select (from (sites Occupied by:Mover)) (then (remove (last To))))
        (select (from (sites Board)) (to (sites Empty)))
    """

    name = "select"


def _endless(where: Any) -> LudError:
    return LudError("(while ...) goes on for ever: its condition never becomes false", where,
                    hint="its moves must make the condition false")


def _played(s: State, e: Env, gens: list[MoveGen], rounds: Any = None, where: Any = None) -> list[Move]:
    """The moves ``gens`` give one after the other, each applied (with its consequences) on the
    position before the next are worked out, the position put back after (Ludii's TempContext).
    ``rounds(s, e)``: while it holds, all the generators again (``while``, ``where`` its span);
    None: once."""
    mark = s.mark()
    out: list[Move] = []
    try:
        count = 0
        while rounds is None or rounds(s, e):
            for gen in gens:
                for m in gen.moves(s, e):
                    turns.act(s, m, as_last=False, outer=e)
                    out.append(m)
            if rounds is None:
                break
            count += 1
            if count > MAX_ITERATIONS:
                raise _endless(where)
    finally:
        s.rollback(mark)
    return out


class Seq(Ludeme):
    """Moves applied one by one: each list of moves is worked out on the position the moves
    before it left (on a copy of it), and all of them are the result. As an effect, each is
    applied in turn; as a decision, each move found is a move the player may choose.

    Parameters:
        moves: the moves applied one after the other

    Examples:
        (seq {(remove 1) (remove 2)})
        (seq {(set Var 1) (addScore Mover (var))})
    """

    name = "seq"
    kind = MOVES
    concepts = ("CopyContext",)
    moves: Any = Param(ArrayOf(MOVES_T, single=False))

    def compile(self, c: Compiler) -> MoveGen:
        gens = [c.moves(item) for item in self.moves.items]
        return FnGen(lambda s, e: _played(s, e, gens))

    def compile_effect(self, c: Compiler):
        effects = [c.effect(item) for item in self.moves.items]

        def run(s: State, e: Env) -> None:
            for effect in effects:  # on the position itself: what Ludii's copy would show
                effect(s, e)
        return run

    def kernel_effect(self, k: Emitter) -> None:
        for item in self.moves.items:  # one after the other, each on what the one before left
            k.effect(item)


class While(Ludeme):
    """The moves applied again and again while the condition holds: worked out on a copy of
    the position (each round's moves applied, consequences and all, before the condition is
    asked again), then all of them applied, each followed by ``then``. A condition that never
    becomes false is an error (after 10000 rounds, as Ludii).

    Parameters:
        condition: the condition asked before each round
        moves: the moves of each round
        then: consequences of each move applied

    Examples:
        (while (!= 100 (score P1)) (addScore P1 1))
        (while (is Occupied (last To)) (remove (last To)))
    """

    name = "while"
    kind = MOVES
    concepts = ("CopyContext",)
    condition: Any = Param(BOOL_FN)
    moves: Any = Param(MOVES_T)
    then: Any = Param(_THEN, optional=True)

    def _moves_of(self, c: Compiler) -> Any:
        cond = c.bool(self.condition)
        gen = c.moves(self.moves)
        return lambda s, e: _played(s, e, [gen], cond, self.span)

    def _extra(self, c: Compiler) -> tuple[int, ...]:
        return c.rule(after=self.then.compile_effect(c)) if self.then is not None else ()

    def compile(self, c: Compiler) -> MoveGen:
        moves_of, extra = self._moves_of(c), self._extra(c)
        if not extra:
            return FnGen(moves_of)
        return FnGen(lambda s, e: [m.with_rules(m.rules + extra) for m in moves_of(s, e)])

    def compile_effect(self, c: Compiler):
        cond = c.bool(self.condition)
        effect = c.effect(self.moves)
        where = self.span
        if self.then is None:
            def run(s: State, e: Env) -> None:
                # no consequences of its own: the copy Ludii works on would only show this
                count = 0
                while cond(s, e):
                    effect(s, e)
                    count += 1
                    if count > MAX_ITERATIONS:
                        raise _endless(where)
            return run
        then = self.then.compile_effect(c)

        def rounds(s: State, e: Env) -> int:
            """How many rounds the condition allows, counted on a copy (then's effects unseen)."""
            mark = s.mark()
            try:
                count = 0
                while cond(s, e):
                    effect(s, e)
                    count += 1
                    if count > MAX_ITERATIONS:
                        raise _endless(where)
                return count
            finally:
                s.rollback(mark)

        def run_then(s: State, e: Env) -> None:
            for _ in range(rounds(s, e)):
                effect(s, e)
                then(s, e)
        return run_then

__all__ = ["MAX_ITERATIONS", "Pass", "Select", "Seq", "While"]
