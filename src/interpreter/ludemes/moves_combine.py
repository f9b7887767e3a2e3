"""Ludii's moves made of other moves: ``allCombinations`` (every move of one list with every
move of another) and ``append`` (all the moves of a list as one move). Here as effects (in
``then``, ``apply``...): a combined move as a decision of its own is not supported yet (it
would need a move made of several actions, which the move values here do not have)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import turns
from ..engine.env import Env
from ..errors import BindError
from .base import MOVES, MOVES_T, THEN, Ludeme, Param, kind_of

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State

_THEN = kind_of(THEN)


def _listed(c: Compiler, value: Any) -> Any:
    """fn(s, e) -> the moves ``value`` lists now, each as a function applying it: the moves of a
    generator, or (an effect that lists no moves of its own here) the effect as one move."""
    try:
        gen = c.moves(value)
    except BindError:
        effect = c.effect(value)
        return lambda s, e: [effect]

    def listed(s: State, e: Env) -> list[Any]:
        return [lambda s2, e2, m=m: turns.act(s2, m, as_last=False, outer=e2) for m in gen.moves(s, e)]
    return listed


def _not_a_decision(ludeme: Ludeme) -> BindError:
    return BindError(f"({ludeme.name} ...) as a decision (a move made of several moves) is not supported yet",
                     ludeme.span, hint="use it as an effect, in (then ...) or (apply ...)")


class AllCombinations(Ludeme):
    """Every move of the first list with every move of the second (the cross product), both
    lists worked out on the position before any is applied: as an effect, each pair applied in
    turn (the first move, the second, then ``then``).

    Parameters:
        first: the first list of moves
        second: the second list of moves
        then: consequences of each pair

    Examples:
        (allCombinations (add (piece "Disc0") (to (site))) (flip (between)))
    """

    name = "allCombinations"
    kind = MOVES
    first: Any = Param(MOVES_T)
    second: Any = Param(MOVES_T)
    then: Any = Param(_THEN, optional=True)

    def compile(self, c: Compiler):
        raise _not_a_decision(self)

    def compile_effect(self, c: Compiler):
        first, second = _listed(c, self.first), _listed(c, self.second)
        then = self.then.compile_effect(c) if self.then is not None else None

        def run(s: State, e: Env) -> None:
            ones, twos = first(s, e), second(s, e)
            for one in ones:
                for two in twos:
                    one(s, e)
                    two(s, e)
                    if then is not None:
                        then(s, e)
        return run


class Append(Ludeme):
    """All the moves a rule lists, as one move: as an effect, each applied in turn, then
    ``then`` once (nothing, ``then`` included, when the rule lists none).

    Parameters:
        moves: the moves put together
        then: consequences of the whole

    Examples:
        (append (custodial (between if:(is Enemy (state at:(between))) (apply (flip (between)))) (to if:(is Friend (state at:(to))))))
    """

    name = "append"
    kind = MOVES
    moves: Any = Param(MOVES_T)
    then: Any = Param(_THEN, optional=True)

    def compile(self, c: Compiler):
        raise _not_a_decision(self)

    def compile_effect(self, c: Compiler):
        listed = _listed(c, self.moves)
        then = self.then.compile_effect(c) if self.then is not None else None

        def run(s: State, e: Env) -> None:
            found = listed(s, e)
            if not found:
                return
            for apply in found:
                apply(s, e)
            if then is not None:
                then(s, e)
        return run


__all__ = ["AllCombinations", "Append"]
