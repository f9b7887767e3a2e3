"""Ludii's decisions about turns and seats: ``move Set NextPlayer`` (the mover chooses who
moves next) and ``move Swap Players`` (two players exchange seats), and the effect form of a
bet, ``bet``.

Ludii's ``(move Swap Players A B)`` makes one move, its ActionSwap (the two players exchange
their places in the order of play: here their seats, :attr:`State.seats`, as the swap rule
does) with an ActionSetNextPlayer of the mover (the mover's player moves again, now played by
the other seat). The move is written ``swap`` (the trace format's word for Ludii's swap).
``(move Set NextPlayer ...)`` makes one move per player given, written ``Next/P2``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.move import CHOICE, Move
from ..engine.movegen import FnGen, MoveGen
from ..syntax.nodes import Const
from .base import INTS, MOVES, PLAYER, THEN, Ludeme, Param, kind_of
from .money import MoveBet
from .turnstate import NEXT_PLAYER, SetNextPlayer, again

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.game import Declarations
    from ..engine.state import State

SWAP = "swap"  # the word of a swap of players (the swap rule's too)


def next_word(player: int) -> str:
    """The word of the decision that ``player`` moves next."""
    return f"Next/P{player}"


def choose_next(player: int):
    """The consequence of choosing ``player`` to move next (Ludii's ActionSetNextPlayer): the
    mover chosen is the mover moving again."""
    def run(s: State, e: Env) -> None:
        if player == s.mover:
            again(s)
        else:
            s.set_item(s.arrays[NEXT_PLAYER], 0, player)
            if s.move_again:
                s.set_var("move_again", False)
    return run


class MoveSetNextPlayer(SetNextPlayer):
    """A decision: the mover chooses who moves next, one move per player given (written
    ``Next/P2``; choosing themselves is moving again). A number that is no player gives no
    move; a player given twice, two moves, as in Ludii.

    Parameters:
        who: the next player (``(player 2)``, ``(next)``...), or an array of players
        then: taken as Ludii's grammar takes it, and never applied, as in Ludii (its
            SetNextPlayer makes its moves without the consequences)

    As an effect, as ``set NextPlayer``: the last player given that exists moves next.

    Examples:
        (move Set NextPlayer (player (next)))
        (move Set NextPlayer (players All))
    """

    name = "move Set NextPlayer"
    concepts = ("SetNextPlayer",)

    def concepts_at(self, where: Any) -> tuple[str, ...]:
        return self.concepts

    def declare(self, d: Declarations, c: Any) -> None:
        super().declare(d, c)
        for p in range(1, d.num_players + 1):
            d.word(next_word(p))

    def compile(self, c: Compiler) -> MoveGen:
        if isinstance(self.who, Ludeme) and self.who.kind == INTS:
            ids = c.ints(self.who)
        else:
            one = c.player(self.who) if isinstance(self.who, Const) else c.int(self.who)
            ids = lambda s, e: (one(s, e),)  # noqa: E731
        n = c.game.num_players
        uid = c.game.uid
        made = {p: Move(CHOICE, word=next_word(p), game_id=uid, rules=c.rule(after=choose_next(p)))
                for p in range(1, n + 1)}

        def gen(s: State, e: Env) -> list[Move]:
            return [made[p] for p in ids(s, e) if p in made]
        return FnGen(gen)


def swap_seats(a: int, b: int, s: State) -> None:
    """Players ``a`` and ``b`` exchange seats (Ludii's ActionSwap: their places in the order of
    play)."""
    if a == b or not (0 < a < len(s.seats) and 0 < b < len(s.seats)):
        return
    seats = list(s.seats)
    seats[a], seats[b] = seats[b], seats[a]
    s.seats = tuple(seats)


def swap_players(a: int, b: int, s: State) -> None:
    """Ludii's swap of players (its SwapPlayers move, the decision's, the effect's and the swap
    rule's): ``a`` and ``b`` exchange seats (ActionSwap) and the mover moves next
    (ActionSetNextPlayer of the mover), now played by the other seat."""
    swap_seats(a, b, s)
    again(s)


class MoveSwapPlayers(Ludeme):
    """A decision: two players exchange seats (Ludii's swap of the order of play): each then
    plays the other's pieces and goal; the mover's player moves again, now played by the other
    seat, as Ludii's move adds the mover as the next player. One move, written ``swap``.

    Parameters:
        first: one of the players (a number or a role)
        second: the other
        then: consequences of the swap

    Examples:
        (move Swap Players P1 P2)
        (move Swap Players 1 2 (then (note "swapped")))
    """

    name = "move Swap Players"
    kind = MOVES
    concepts = ("SwapPlayersDecision",)
    first: Any = Param(PLAYER, range=(0, 16))
    second: Any = Param(PLAYER, range=(0, 16))
    then: Any = Param(kind_of(THEN), optional=True)

    def declare(self, d: Declarations, c: Any) -> None:
        d.word(SWAP)
        if NEXT_PLAYER not in d.arrays:
            d.array(NEXT_PLAYER, [0])

    def compile(self, c: Compiler) -> MoveGen:
        from .moves_then import then_of
        a_fn, b_fn = c.player(self.first), c.player(self.second)
        uid = c.game.uid

        def exchange(s: State, e: Env) -> None:
            swap_players(a_fn(s, e), b_fn(s, e), s)
        # the players are worked out when the move is applied, from the mover's position: the
        # same as when it was made (the move's own action comes first)
        move = Move(CHOICE, word=SWAP, game_id=uid, rules=c.rule(before=exchange, after=then_of(c, self.then)))
        return FnGen(lambda s, e: [move], unique=True)


class Bet(MoveBet):
    """Effect (or moves): a bet, as ``move Bet`` but not a decision (Ludii's ``bet``): the
    player (the mover, or the player named) bets an amount of the range, which becomes the
    money they hold (``amount``); one move per amount, written ``Bet/N``. As an effect, every
    amount is applied in turn: the last, the range's greatest, stays.

    Parameters:
        player: who bets (a role or a number)
        range: the amounts that may be bet
        then: consequences of the bet

    Examples:
        (bet P1 (range 0 5))
    """

    name = "bet"
    concepts = ("BetEffect",)


__all__ = ["MoveSetNextPlayer", "MoveSwapPlayers", "Bet", "swap_seats", "swap_players", "choose_next", "next_word", "SWAP"]
