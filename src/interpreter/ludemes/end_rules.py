"""Ludii's end by payoffs (``game.rules.end.Payoffs`` with ``game.util.end.Payoff``): each
player is given a payoff, a number that may have a fraction, and the players are ranked by it,
as ``byScore`` ranks them by score."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..syntax.nodes import Float
from .base import FLOAT_LIT, INT_FN, RESULT, ROLE, ArrayOf, BoundArray, Either, Instance, Ludeme, Param
from .floats import FLOAT_RANGE

if TYPE_CHECKING:
    from ..compile import Compiler
    from ..engine.env import Env
    from ..engine.state import State


class Payoff(Ludeme):
    """A player's payoff at the end of the game, in ``payoffs``.

    Parameters:
        role: the player
        value: the payoff (a number, with a fraction or not)

    Examples:
        (payoff P1 5.5)
    """

    name = "payoff"
    kind = "payoff"
    role: Any = Param(ROLE)
    value: Any = Param(Either((FLOAT_LIT, INT_FN)), range=FLOAT_RANGE)

    def compile_final(self, c: Compiler):
        """(player, value) functions: the payoff the player ends with."""
        if isinstance(self.value, Float):
            number = self.value.value
            value = lambda s, e: number  # noqa: E731
        else:
            value = c.int(self.value)
        return c.player(self.role), value


class Payoffs(Ludeme):
    """The game ends with each player's payoff (0 for a player not named): the best payoff
    wins, ranked as ``byScore`` ranks scores (a tie on top shares the victory, every player
    equal is a draw); alone, a player wins with a payoff above 0 and loses otherwise (Ludii's).

    Parameters:
        payoffs: each player's payoff

    Examples:
        (payoffs {(payoff P1 5.5) (payoff P2 1.2)})
    """

    name = "payoffs"
    kind = RESULT
    payoffs: Any = Param(ArrayOf(Instance("payoff")))

    def outcome_of(self) -> tuple[str, str]:
        """The best payoff wins: a win of no one named (as byScore's)."""
        return "All", "Win"

    def compile_outcome(self, c: Compiler):
        players = tuple(range(1, c.game.num_players + 1))
        items = self.payoffs.items if isinstance(self.payoffs, BoundArray) else [self.payoffs]
        finals = [item.compile_final(c) for item in items]

        def outcome(s: State, e: Env) -> Any:
            paid = dict.fromkeys(players, 0.0)
            for who, value in finals:  # one after the other, as Ludii sets them
                paid[who(s, e)] = value(s, e)
            said = "payoffs " + "; ".join(f"P{p}: {paid[p]:g}" for p in players)
            if len(players) == 1:
                won = paid[1] > 0
                return ((1,) if won else (), () if won else (1,), False, said)
            best = max(paid.values())
            winners = tuple(p for p in players if paid[p] == best)
            if len(winners) == len(players):  # every player on top: nobody wins
                return ((), (), True, said)
            return (winners, tuple(p for p in players if p not in winners), False, said)
        return outcome

    compile_end = compile_outcome


__all__ = ["Payoff", "Payoffs"]
