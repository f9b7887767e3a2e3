"""Ludii's amounts and pot (``amount``, ``set Amount``, ``pot``, ``set Pot``): money each
player holds and money in the middle, for games with bets; and ``note`` (a message shown to a
player, which changes nothing in the game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import arrays
from ..engine.env import Env
from ..syntax.nodes import Const
from .base import (
    ANY_INT,
    BOOL_FN,
    DIRS,
    FLOAT_LIT,
    INT,
    INT_FN,
    INTS,
    MOVES,
    REGION_FN,
    ROLE,
    START_RULE,
    STR_LIT,
    THEN,
    Either,
    Instance,
    Kind,
    Ludeme,
    Param,
    kind_of,
)
from .functions import INT_MAX, INT_MIN, out_of_range

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State

AMOUNTS = arrays.AMOUNTS  # per player (index 0 unused): the money they hold
POT = "pot"  # one entry: the money in the pot


def _amounts(d: Declarations) -> None:
    d.array(AMOUNTS, [0] * (d.num_players + 1))


class Amount(Ludeme):
    """The money a player holds (0 until ``set Amount`` or a bet changes it).

    Parameters:
        player: whose money (a role, a number or Ludii's ``(player N)``)

    Examples:
        (amount Mover)
        (amount (player 2))
    """

    name = "amount"
    kind = INT
    player: Any = Param(Either((INT_FN, ROLE, Instance("player"))), range=(0, 16))

    def declare(self, d: Declarations, c: Any) -> None:
        _amounts(d)

    def compile(self, c: Compiler):
        who = c.player(self.player)
        return lambda s, e: s.arrays[AMOUNTS][p] if 0 <= (p := who(s, e)) < len(s.arrays[AMOUNTS]) else 0


class SetAmount(Ludeme):
    """Start rule: the money a player holds at the start (every player's when no player is
    named).

    Parameters:
        role: whose money (every player's when left out)
        value: the amount

    Examples:
        (set Amount 100)
        (set Amount P1 50)
    """

    name = "set Amount"
    kind = START_RULE
    role: Any = Param(ROLE, optional=True)
    value: Any = Param(INT_FN, range=ANY_INT)

    def declare(self, d: Declarations, c: Any) -> None:
        _amounts(d)

    def compile_effect(self, c: Compiler):
        value = c.int(self.value)
        if self.role is None or self.role.name in ("All", "Each", "Shared"):
            players = c.players(Const("All")) if self.role is None else c.players(self.role)
        else:
            players = c.players(self.role)

        def run(s: State, e: Env) -> None:
            v = value(s, e)
            for p in players(s, e):
                s.set_item(s.arrays[AMOUNTS], p, v)
        return run


class Pot(Ludeme):
    """The money in the pot (0 until ``set Pot`` changes it).

    Examples:
        (pot)
    """

    name = "pot"
    kind = INT

    def declare(self, d: Declarations, c: Any) -> None:
        d.array(POT, [0])

    def compile(self, c: Compiler):
        return lambda s, e: s.arrays[POT][0]


class SetPot(Ludeme):
    """Effect: set the money in the pot.

    Parameters:
        value: the new amount
        then: consequences

    Examples:
        (set Pot (+ (pot) (amount Next)))
    """

    name = "set Pot"
    always_a_move = True  # as Ludii's SetPot.eval: its move whatever the pot (effect_moves)
    kind = MOVES
    value: Any = Param(INT_FN, optional=True, range=ANY_INT)
    then: Any = Param(kind_of(THEN), optional=True)

    def declare(self, d: Declarations, c: Any) -> None:
        d.array(POT, [0])

    def where_for(self, param, where):
        return where.as_effect()

    def compile(self, c: Compiler):
        from ..errors import BindError
        raise BindError("(set Pot ...) is an effect: use it in (then ...), not as a move", self.span)

    def compile_effect(self, c: Compiler):
        value = c.int(self.value) if self.value is not None else (lambda s, e: 0)
        then = self.then.compile_effect(c) if self.then is not None else None

        def run(s: State, e: Env) -> None:
            v = value(s, e)
            if not INT_MIN <= v <= INT_MAX:
                raise out_of_range(v, self, "the pot")
            if s.arrays[POT][0] != v:
                s.set_item(s.arrays[POT], 0, v)
            if then is not None:
                then(s, e)
        return run


_MESSAGE = Either((STR_LIT, INT_FN, Kind((INTS,), "ints"), FLOAT_LIT, BOOL_FN, REGION_FN, Kind(("range",), "range"),
                   DIRS, Kind(("board shape",), "graph")))


class Note(Ludeme):
    """Effect: a message for a player (the mover, or the player of ``player:``), addressed
    ``to:`` a player; it changes nothing in the game (Ludii shows it to the player).

    Parameters:
        player: the player whose message it is
        message: what is said (a text, a number, a region, a graph...)
        to: the player it is for

    Examples:
        (note "Your turn")
        (note player:Next "Pays into the pot" to:Next)
        (note (square 3) to:(player 2))
    """

    name = "note"
    kind = MOVES
    player: Any = Param(Either((INT_FN, ROLE)), optional=True, named=True, range=(0, 16))
    message: Any = Param(_MESSAGE, range=ANY_INT)
    to: Any = Param(Either((INT_FN, ROLE)), optional=True, named=True, range=(0, 16))

    def where_for(self, param, where):
        return where.as_effect()

    def compile(self, c: Compiler):
        from ..errors import BindError
        raise BindError("(note ...) is an effect: use it in (then ...), not as a move", self.span)

    def compile_effect(self, c: Compiler):
        return lambda s, e: None  # a message only: nothing in the game changes


__all__ = ["Amount", "SetAmount", "Pot", "SetPot", "Note", "AMOUNTS", "POT"]


class MoveBet(Ludeme):
    """A bet: the player (the mover, or the player named) chooses an amount in the range, which
    becomes the money they hold (``amount``). One move per amount, written ``Bet/N``.

    Parameters:
        player: who bets (a role or a number)
        range: the amounts that may be bet
        then: consequences of the bet

    Examples:
        (move Bet Mover (range 0 100))
    """

    name = "move Bet"
    kind = MOVES
    concepts = ("BetDecision",)
    player: Any = Param(Either((INT_FN, ROLE)), range=(0, 16))
    range: Any = Param(Kind(("range",), "range"))
    then: Any = Param(kind_of(THEN), optional=True)

    def declare(self, d: Declarations, c: Any) -> None:
        _amounts(d)
        lo, hi = self.range.bounds(c)
        for v in range(lo, hi + 1):
            d.word(f"Bet/{v}")

    def compile(self, c: Compiler):
        from ..engine.move import CHOICE, Move
        from ..engine.movegen import FnGen
        lo, hi = self.range.bounds(c)
        who = c.player(self.player)

        def bet(s: State, e: Env) -> None:
            p = who(s, e)
            if 0 < p < len(s.arrays[AMOUNTS]):
                s.set_item(s.arrays[AMOUNTS], p, e.value)
        then = self.then.compile_effect(c) if self.then is not None else None
        rules = c.rule(before=bet, after=then)
        moves = [Move(CHOICE, word=f"Bet/{v}", game_id=c.game.uid, rules=rules, bound=(("value", v),))
                 for v in range(lo, hi + 1)]
        if not c.game.simultaneous or isinstance(self.player, Const) and self.player.name == "Mover":
            return FnGen(lambda s, e: list(moves), unique=True)
        # in simultaneous play the bet is the named player's move (Ludii's Bet: its mover is
        # the player betting there, the mover otherwise)
        by: dict[int, list[Move]] = {}

        def bets(s: State, e: Env) -> list[Move]:
            p = who(s, e)
            if p not in by:
                by[p] = [m.with_mover(p) for m in moves]
            return list(by[p])
        return FnGen(bets, unique=True)


__all__ += ["MoveBet"]
