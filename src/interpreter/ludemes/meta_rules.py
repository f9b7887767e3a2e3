"""Ludii's meta rules about moves and passing (``game.rules.meta``): ``(no Suicide)`` forbids
a move that makes its mover lose at once, ``(passEnd ...)`` says whether all players passing
ends the game, ``(automove)`` makes the forced moves that follow a move with it. Each is an
engine hook declared by the ludeme."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import turns
from ..engine.env import ROOT, Env
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


class Automove(Ludeme):
    """Meta rule: after a move, each move its mover could then make to a site that no other of
    their moves goes to is made too, as part of the same move, and so on while there are such
    moves (Ludii's ``automove``: the moves forced, one per site).

    Examples:
        (automove)
    """

    name = "automove"
    kind = META_RULE
    concepts = ("AutoMove",)
    # no parameters

    def declare(self, d: Declarations, c: Any) -> None:
        holder = self

        def forced_too(s: State, moves: list[Move]) -> list[Move]:
            extra = holder.extra  # the consequence registered by configure
            return [m.with_rules(m.rules + extra) for m in moves]
        self.extra: tuple[int, ...] = ()
        d.move_filters.append(forced_too)

    def configure(self, c: Compiler) -> None:
        """The consequence every legal move gets: the forced moves made after it."""
        game = c.game

        def forced(s: State, e: Env) -> None:
            for _ in range(_MOST_ROUNDS):
                moves = game.phases[s.phase].play.moves(s, ROOT)
                sites: dict[int, int] = {}
                for m in moves:
                    sites[m.to] = sites.get(m.to, 0) + 1
                alone = [m for m in moves if sites[m.to] == 1]
                if not alone:
                    return
                for m in alone:  # one after the other (Ludii chains them)
                    turns.act(s, m, as_last=False, outer=e)
        self.extra = c.rule(after=forced)


_MOST_ROUNDS = 1000  # rounds of forced moves after one move (Ludii's would not stop)

__all__ = ["NoSuicide", "PassEnd", "Automove"]
