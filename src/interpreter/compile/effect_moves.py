"""An effect where moves are listed (Ludii's effects are moves too: ``(can Move (surround ...))``,
``(and (set Var 0) (move ...))`` where a player chooses).

In Ludii every effect (``custodial``, ``surround``, ``intervene``, ``remove``, ``set Var``...) is
a kind of ``Moves``: evaluated where moves are listed, it gives the moves holding the actions it
would make (a capture effect gives none when it captures nothing, one move holding all its
captures otherwise). Here an effect used there gives one move when running it would write
something to the position (a capture found, a variable changed), none otherwise; the move
carries the effect, run again when the move is applied, with the frame it was listed in. Where
a player chooses it, the move is a decision of its own named after the effect (``set-Var``): as
Ludii's move of an effect's actions it is no pass and has no site, so ``(last To)`` after it is
no site (Ludii's actions of an effect keep no from or to).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..engine.move import CHOICE, PASS, Move
from ..engine.movegen import MoveGen

if TYPE_CHECKING:
    from ..engine.state import State


def _bound(e: Env) -> tuple[tuple[str, Any], ...]:
    """The variables bound in a frame (what the move carries to re-run the effect)."""
    empty = Env()
    return tuple((name, getattr(e, name)) for name in Env.FIELDS
                 if name != "path" and getattr(e, name) != getattr(empty, name))


class EffectMoves(MoveGen):
    """The moves of an effect: one when it would act on the position, else none."""

    unique = True

    def __init__(self, effect: Callable[[State, Env], None], rules: tuple[int, ...], uid: str, word: str = ""):
        self.effect = effect
        self.rules = rules
        self.uid = uid
        self.word = word  # a decision's name (empty: a move that only says the effect would act)

    def acts(self, s: State, e: Env) -> bool:
        """Whether running the effect writes anything (tried, then taken back)."""
        mark = s.mark()
        try:
            self.effect(s, e)
            return len(s._log) > mark[0] or s.mark()[1] != mark[1]
        finally:
            s.rollback(mark)

    def moves(self, s: State, e: Env) -> list[Move]:
        if not self.acts(s, e):
            return []
        if self.word:
            return [Move(CHOICE, word=self.word, game_id=self.uid, rules=self.rules, bound=_bound(e))]
        return [Move(PASS, game_id=self.uid, rules=self.rules, bound=_bound(e))]


def effect_moves(c: Any, value: Any, decision: bool = False) -> MoveGen:
    """The move generator of an effect ludeme (see the module's docs); with ``decision``, the
    move a player chooses (named after the effect)."""
    effect = c.effect(value)
    word = value.name.replace(" ", "-") if decision else ""
    return EffectMoves(effect, c.rule(before=effect), c.game.uid, word)


__all__ = ["EffectMoves", "effect_moves"]
