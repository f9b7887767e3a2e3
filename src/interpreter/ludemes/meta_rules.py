"""Ludii's meta rules about moves and passing (``game.rules.meta``): ``(no Suicide)`` forbids
a move that makes its mover lose at once, ``(passEnd ...)`` says whether all players passing
ends the game. Both are engine hooks declared by the ludeme (no compiled rule of their own)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import turns
from .base import META_RULE, Enum, Ludeme, Param

if TYPE_CHECKING:
    from ..compile import Compiler
    from ..engine.game import Declarations
    from ..engine.move import Move
    from ..engine.state import State


class NoSuicide(Ludeme):
    """Meta rule: a move after which its mover has lost (the move played out, end rules
    included) is not legal (Ludii's ``NoSuicide``: the mover must stay in the game, or leave it
    otherwise than as a loser: by a win or a draw). A pass is tried like any move.

    Examples:
        (no Suicide)
    """

    name = "no Suicide"
    kind = META_RULE
    # no parameters (Ludii's sets no concept)

    def declare(self, d: Declarations, c: Any) -> None:
        d.move_filters.append(_not_suicide)

    def configure(self, c: Compiler) -> None:
        """Nothing to compile: the rule is an engine hook (:meth:`declare`)."""


def _not_suicide(s: State, moves: list[Move]) -> list[Move]:
    """The moves after which the mover has not lost."""
    mover = s.mover
    return [m for m in moves if not _loses(s, m, mover)]


def _loses(s: State, move: Move, mover: int) -> bool:
    """Whether playing ``move`` (its whole turn: consequences, end rules) makes ``mover`` lose."""
    mark = s.mark()
    ranks = s.arrays.get("ranks")
    before = list(ranks) if ranks is not None else None
    try:
        turns.turn(s, move)
        if s.over:
            return mover in s.losers
        if ranks is not None and before is not None and ranks[mover] and not before[mover]:
            # out of a game of more players: lost when ranked next from the bottom
            n = s.game.num_players
            wins = turns._top_ranks(before, n)
            losses = n - sum(1 for p in range(1, n + 1) if not before[p]) - wins
            return ranks[mover] == n - losses and ranks[mover] != wins + 1
        return False
    finally:
        s.rollback(mark)


class PassEnd(Ludeme):
    """Meta rule: what happens when every player passed in turn: ``NoEnd``, the game goes on
    (Ludii's NotAllPass: the rules decide); ``Draw``, it ends as a draw (as without the rule).

    Parameters:
        type: ``NoEnd`` or ``Draw``

    Examples:
        (passEnd NoEnd)
    """

    name = "passEnd"
    kind = META_RULE
    type: Any = Param(Enum(("NoEnd", "Draw"), "NoEnd | Draw"))

    def declare(self, d: Declarations, c: Any) -> None:
        if self.type.name == "NoEnd":
            d.not_all_pass = True

    def configure(self, c: Compiler) -> None:
        """Nothing to compile: the rule is part of the game's layout (:meth:`declare`)."""


__all__ = ["NoSuicide", "PassEnd"]
