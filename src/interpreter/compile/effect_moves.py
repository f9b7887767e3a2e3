"""An effect where moves are listed (Ludii's effects are moves too: ``(can Move (surround ...))``,
``(and (set Var 0) (move ...))`` where a player chooses).

In Ludii every effect (``custodial``, ``surround``, ``intervene``, ``remove``, ``set Var``...) is
a kind of ``Moves``: evaluated where moves are listed, it gives the moves holding the actions it
would make. Which effects give a move depends on the class, as Ludii's ``eval`` of each does:
most effects that set one thing (``set Var``, ``addScore``, ``set Score``, ``set Counter``,
``moveAgain``, ``promote``...) make their move whatever it changes (an effect ludeme says so
with its ``always_a_move``, and the test its ``eval`` makes first, if any, with
``move_guard(c)``: a site off the board makes none); the others (a capture effect:
``custodial``, ``surround``, ``intervene``, ``enclose``; ``remove`` of an empty site) give none
when they change nothing, one move holding all they do otherwise. Here an effect of the second
kind gives one move when running it would write something to the position (a capture found),
none otherwise; the move carries the effect, run again when the move is applied, with the frame
it was listed in. This holds where moves are only tested too (``(can Move (set Var 1))`` holds,
as Ludii's CanMove asks whether the list is empty). Where
a player chooses it, the move is a decision of its own named after the effect (``set-Var``): as
Ludii's move of an effect's actions it is no pass and has no site, so ``(last To)`` after it is
no site (Ludii's actions of an effect keep no from or to).

Some effects make several moves in Ludii's eval, one per player or site (``addScore`` and ``set
Score`` of several players, ``take Control`` of several pieces): applied as a consequence, all
of them act; where a player chooses, each is a decision of its own. Such an effect says which
moves it makes with ``move_parts(c)`` (:class:`PartMoves`): the choices are then named after
the effect and numbered (``addScore``, ``addScore/2``...).
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

    def __init__(self, effect: Callable[[State, Env], None], rules: tuple[int, ...], uid: str, word: str = "",
                 listed: Callable[[State, Env], bool] | None = None):
        self.effect = effect
        self.rules = rules
        self.uid = uid
        self.word = word  # a decision's name (empty: a move that only says the effect would act)
        # whether Ludii's eval makes the move whatever it changes (its own test, if any); None:
        # a move only when the effect acts
        self.listed = listed

    def acts(self, s: State, e: Env) -> bool:
        """Whether running the effect writes anything (tried, then taken back)."""
        mark = s.mark()
        try:
            self.effect(s, e)
            return len(s._log) > mark[0] or s.mark()[1] != mark[1]
        finally:
            s.rollback(mark)

    def moves(self, s: State, e: Env) -> list[Move]:
        if not (self.acts(s, e) if self.listed is None else self.listed(s, e)):
            return []
        if self.word:
            return [Move(CHOICE, word=self.word, game_id=self.uid, rules=self.rules, bound=_bound(e))]
        return [Move(PASS, game_id=self.uid, rules=self.rules, bound=_bound(e))]


class PartMoves(MoveGen):
    """The decisions of an effect that Ludii's eval lists as several moves (one per player
    whose score changes, one per piece whose owner changes): ``parts(state, env)`` gives each
    move's site (-1: none) and consequences (its own part of the effect, then the ``then``);
    the first is named after the effect, the others numbered (``addScore/2``)."""

    def __init__(self, parts: Callable[[State, Env], list[tuple[int, tuple[int, ...]]]], uid: str, word: str):
        self.parts = parts
        self.uid = uid
        self.word = word

    def moves(self, s: State, e: Env) -> list[Move]:
        bound = _bound(e)
        sited = tuple(pair for pair in bound if pair[0] not in ("to", "frm"))  # a move at a site is (from)/(to) there
        return [Move(CHOICE, frm=site, to=site, word=self.word if i == 0 else f"{self.word}/{i + 1}",
                     game_id=self.uid, rules=rules, bound=sited if site >= 0 else bound)
                for i, (site, rules) in enumerate(self.parts(s, e))]


def effect_moves(c: Any, value: Any, decision: bool = False) -> MoveGen:
    """The move generator of an effect ludeme (see the module's docs); with ``decision``, the
    move a player chooses (named after the effect), or the moves (``move_parts``)."""
    word = value.name.replace(" ", "-") if decision else ""
    if decision and hasattr(value, "move_parts"):
        return PartMoves(value.move_parts(c), c.game.uid, word)
    effect = c.effect(value)
    return EffectMoves(effect, c.rule(before=effect), c.game.uid, word, listed_when(c, value))


def _always(s: State, e: Env) -> bool:
    return True


def listed_when(c: Any, value: Any) -> Callable[[State, Env], bool] | None:
    """When Ludii's eval of the effect ``value`` makes its move whatever the move changes
    (``always_a_move``): the test its eval makes first (``move_guard(c)``, e.g. a site on the
    board; for an effect planned before it applies, that its plan is made), or always. None: the effect gives a move only when it acts."""
    if not getattr(value, "always_a_move", False):
        return None
    guard = getattr(value, "move_guard", None)
    made = guard(c) if guard is not None else None
    if made is None and hasattr(value, "plan_effect"):  # its plan is None where its eval makes no move
        plan = value.plan_effect(c)
        return lambda s, e: plan(s, e) is not None
    return made if made is not None else _always


__all__ = ["EffectMoves", "PartMoves", "effect_moves", "listed_when"]
