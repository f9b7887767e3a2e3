"""Cards (Ludii's ``set TrumpSuit``, ``card TrumpSuit``).

The trump suit is a number of the state (Ludii's ``trumpSuit``: -1, Off, until a rule sets it);
``(set TrumpSuit ...)`` chooses it, one move per suit offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..engine.move import CHOICE, Move
from ..engine.movegen import FnGen, MoveGen
from .base import INT, INT_FN, MOVES, THEN, Either, Instance, Ludeme, Param, kind_of

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State

TRUMP_SUIT = "trump_suit"  # [the trump suit, -1 (Off) until set]
MAX_SUITS = 16  # the suits a trump may be (Ludii's decks have 4 by default)


def declare_trump(d: Declarations) -> None:
    """Declare the trump suit (once), Off (-1) at the start as Ludii's state holds it."""
    d.array(TRUMP_SUIT, [-1])


class SetTrumpSuit(Ludeme):
    """Choose the trump suit: a move for each suit offered (one suit, or the suits of a
    ``(difference ...)``), which makes it the trump suit (``card TrumpSuit``).

    Parameters:
        suits: the suit, or the suits to choose from (``(difference {1 2 3 4} ...)``)
        then: consequences of the choice

    Examples:
        (set TrumpSuit 2)
        (set TrumpSuit (difference {1 2 3 4} (card TrumpSuit)))
    """

    name = "set TrumpSuit"
    kind = MOVES
    suits: Any = Param(Either((INT_FN, Instance("difference"))))
    then: Any = Param(kind_of(THEN), optional=True)

    def concepts_at(self, where):
        return where.either("ChooseTrumpSuitDecision", "SetTrumpSuit") + ("Card",)

    def declare(self, d: Declarations, c: Any) -> None:
        declare_trump(d)
        for suit in range(-1, MAX_SUITS + 1):
            d.word(f"Trump/{suit}")

    def _suits(self, c: Compiler):
        if isinstance(self.suits, Ludeme) and self.suits.name == "difference":
            many = c.ints(self.suits)
            return lambda s, e: [x for x in many(s, e) if -1 <= x <= MAX_SUITS]
        one = c.int(self.suits)
        return lambda s, e: [x] if -1 <= (x := one(s, e)) <= MAX_SUITS else []

    def compile(self, c: Compiler) -> MoveGen:
        suits = self._suits(c)
        then = self.then.compile_effect(c) if self.then is not None else None

        def choose(s: State, e: Env) -> None:
            s.set_item(s.arrays[TRUMP_SUIT], 0, e.value)
        rules = c.rule(before=choose, after=then)
        uid = c.game.uid

        def moves(s: State, e: Env) -> list[Move]:
            return [Move(CHOICE, word=f"Trump/{x}", game_id=uid, rules=rules, bound=(("value", x),))
                    for x in dict.fromkeys(suits(s, e))]
        return FnGen(moves, unique=True)

    def compile_effect(self, c: Compiler):
        suits = self._suits(c)
        then = self.then.compile_effect(c) if self.then is not None else None

        def run(s: State, e: Env) -> None:
            for x in suits(s, e):  # as a consequence, each suit's move is applied in turn
                s.set_item(s.arrays[TRUMP_SUIT], 0, x)
            if then is not None:
                then(s, e)
        return run


class MoveSetTrumpSuit(SetTrumpSuit):
    """Choose the trump suit (Ludii's ``(move Set TrumpSuit ...)``, as ``set TrumpSuit``).

    Examples:
        (move Set TrumpSuit (difference {1 2 3 4} (card TrumpSuit)))
    """

    name = "move Set TrumpSuit"


class CardTrumpSuit(Ludeme):
    """The trump suit (-1 until it is chosen).

    Examples:
        (card TrumpSuit)
    """

    name = "card TrumpSuit"
    kind = INT
    concepts = ("Card",)

    def declare(self, d: Declarations, c: Any) -> None:
        declare_trump(d)

    def compile(self, c: Compiler):
        return lambda s, e: s.arrays[TRUMP_SUIT][0]


__all__ = ["SetTrumpSuit", "MoveSetTrumpSuit", "CardTrumpSuit", "TRUMP_SUIT"]
