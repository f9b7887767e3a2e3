"""Ludii's moves made of other moves: ``allCombinations`` (every move of one list with every
move of another) and ``append`` (all the moves of a list as one move). Both as effects (in
``then``, ``apply``...); ``append`` as a decision too (one move that applies them all).
``allCombinations`` as a decision of its own is not supported yet (one move per pair, each made
of several actions)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import turns
from ..engine.env import ROOT as ROOT_ENV, Env
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


def _lists_moves(c: Compiler, value: Any) -> bool:
    """Whether ``value`` is a generator of moves (else an effect only)."""
    try:
        c.moves(value)
    except BindError:
        return False
    return True


def _first_change(s: State, e: Env, found: list[Any]) -> int:
    """Apply ``found`` on the position and take them back: the first site of the board they
    changed; -1 when they changed something else only, -2 when they changed nothing."""
    from ..engine.state import _restore_site
    mark = s.mark()
    start = len(s._log)
    try:
        for apply in found:
            apply(s, e)
        entries = s._log[start:]
    finally:
        s.rollback(mark)
    if not entries:
        return -2
    for restore, _, key, _ in entries:
        if restore is _restore_site:
            return int(key)
    return -1


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
        """As a decision (Ludii's Append.eval): one move made of all the moves listed, none
        when they are none (an effect listing moves of its own, a custodial capture, lists
        none when it changes nothing). The move is applied by listing the moves again in the
        frame it was made in (the position is the same: the move itself does nothing else
        first); its site, for its text, is the first site its actions change (Ludii's move
        takes its first action's)."""
        from ..engine.env import Env
        from ..engine.move import CHOICE, Move
        from ..engine.movegen import FnGen
        from ..engine.sites import site_label
        listed = _listed(c, self.moves)
        effect_only = not _lists_moves(c, self.moves)
        then = self.then.compile_effect(c) if self.then is not None else None

        def apply_all(s: State, e: Env) -> None:
            for apply in listed(s, e):
                apply(s, e)
        rules = c.rule(apply_all, then)
        game = c.game

        def gen(s: State, e: Env) -> list[Move]:
            found = listed(s, e)
            if not found:
                return []
            site = _first_change(s, e, found)
            if effect_only and site == -2:
                return []  # nothing done: no move (Ludii's effect lists no action)
            label = site_label(game, site) if site >= 0 else self.name
            frame = tuple((name, getattr(e, name)) for name in Env.FIELDS
                          if name in ("to", "frm") or getattr(e, name) != getattr(ROOT_ENV, name))
            return [Move(CHOICE, to=site if site >= 0 else -1, word=label, game_id=game.uid, rules=rules,
                         bound=frame)]
        return FnGen(gen)

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
