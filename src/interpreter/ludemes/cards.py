"""Cards (Ludii's ``card``, ``card Rank``, ``card Suit``, ``card TrumpRank``, ``card
TrumpValue``, ``playCard``, ``set TrumpSuit``, ``card TrumpSuit``; CardType).

A card is a kind of piece with a type (Ace, Two... King, Joker), a rank, a value, a trump rank,
a trump value and a suit (the component's data); ``(card Rank at:...)`` and the others read
them off the card on a site (-1 when there is none). The trump suit is a number of the state
(Ludii's ``trumpSuit``: -1, Off, until a rule sets it); ``(set TrumpSuit ...)`` chooses it, one
move per suit offered. Ludii's decks (``deck``, and its cards ``(card Seven rank:...)``) are
not here yet: a card is declared one by one, and cards go one per site.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import handsites
from ..engine.env import Env
from ..engine.move import CHOICE, MOVE, Move
from ..engine.movegen import FnGen, MoveGen
from .base import (
    ANY_INT,
    INT,
    INT_FN,
    INT_LIT,
    LEVEL,
    MOVES,
    MOVES_T,
    ROLE,
    SITE_FN,
    STR_LIT,
    THEN,
    Either,
    Enum,
    Instance,
    Ludeme,
    Param,
    kind_of,
)
from .structure import PieceDecl

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
    suits: Any = Param(Either((INT_FN, Instance("difference"))), range=(1, MAX_SUITS))
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


# Ludii's CardType, in order (a card's type is its index)
CARD_TYPES = ("Joker", "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
              "Queen", "King")
CARD_TYPE = Enum(CARD_TYPES, "card type")
_DATA = ("type", "rank", "trumpRank", "trumpValue", "suit")  # a card's data (its value is the piece's)


class Card(PieceDecl):
    """A card: a kind of piece of a type (Ace, Two... King, Joker), with a rank, a value, a
    trump rank, a trump value and a suit (read by ``card Rank``, ``value Piece``...). Ludii's
    ``maxState:``, ``maxCount:`` and ``maxValue:`` bound what its own storage holds; here a
    site holds any number, so they change nothing.

    Parameters:
        piece_name: its name
        role: its owner
        type: its type
        rank: its rank
        value: its value
        trumpRank: its rank as a trump
        trumpValue: its value as a trump
        suit: its suit
        moves: its own moves
        maxState: the greatest local state (Ludii's storage bound)
        maxCount: the greatest count (Ludii's storage bound)
        maxValue: the greatest value (Ludii's storage bound)

    Examples:
        (card "Card" Shared King rank:6 value:4 trumpRank:3 trumpValue:4 suit:1)
    """

    name = "card"
    concepts = ("Card",)
    piece_name: Any = Param(STR_LIT)
    role: Any = Param(ROLE)
    type: Any = Param(CARD_TYPE)
    facing = None
    state = None  # a card is equipment: no placed piece's state (Ludii's card has none)
    rank: Any = Param(INT_LIT, named=True, range=ANY_INT)
    value: Any = Param(INT_LIT, named=True, range=ANY_INT)
    trumpRank: Any = Param(INT_LIT, named=True, range=ANY_INT)
    trumpValue: Any = Param(INT_LIT, named=True, range=ANY_INT)
    suit: Any = Param(INT_LIT, named=True, range=ANY_INT)
    moves: Any = Param(MOVES_T, optional=True)
    maxState: Any = Param(INT_LIT, optional=True, named=True, range=ANY_INT)
    maxCount: Any = Param(INT_LIT, optional=True, named=True, range=ANY_INT)
    maxValue: Any = Param(INT_LIT, optional=True, named=True, range=ANY_INT)

    def component_data(self) -> tuple[tuple[str, int], ...]:
        return (("type", CARD_TYPES.index(self.type.name)), ("rank", self.rank.value),
                ("trumpRank", self.trumpRank.value), ("trumpValue", self.trumpValue.value),
                ("suit", self.suit.value))


class _CardData(Ludeme):
    """One of the data of the card on a site (at a level of its stack: 0 by default; a site
    holding one piece is read at any level, as Ludii's flat containers); -1 when there is no
    card there.

    Parameters:
        at: the site
        level: the level in the stack (0 by default)
    """

    kind = INT
    concepts = ("Card",)
    data = ""
    at: Any = Param(SITE_FN, named=True)
    level: Any = Param(INT_FN, optional=True, named=True, range=LEVEL)

    def compile(self, c: Compiler):
        at = c.site(self.at)
        level = c.int(self.level) if self.level is not None else None
        table = [dict(comp.data).get(self.data, -1) for comp in c.game.components]
        stacking = c.game.stacking

        def read(s: State, e: Env) -> int:
            x = at(s, e)
            if x < 0:
                return -1
            if stacking:  # a hand's or a deck's site holds a stack too
                from ..engine import stacks
                what = stacks.what_at(s, x, level(s, e) if level is not None else 0)
            else:  # a site holding one piece: Ludii's flat container reads it at any level
                what = handsites.what_at(s, x)
            return table[what] if 0 < what < len(table) else -1
        return read


class CardRank(_CardData):
    """The rank of the card on a site (-1 when there is none).

    Examples:
        (card Rank at:(from))
    """

    name = "card Rank"
    data = "rank"


class CardSuit(_CardData):
    """The suit of the card on a site (-1 when there is none).

    Examples:
        (card Suit at:(from) level:0)
    """

    name = "card Suit"
    data = "suit"


class CardTrumpRank(_CardData):
    """The trump rank of the card on a site (-1 when there is none).

    Examples:
        (card TrumpRank at:(from))
    """

    name = "card TrumpRank"
    data = "trumpRank"


class CardTrumpValue(_CardData):
    """The trump value of the card on a site (-1 when there is none).

    Examples:
        (card TrumpValue at:(from))
    """

    name = "card TrumpValue"
    data = "trumpValue"


class PlayCard(Ludeme):
    """Play a card: a move for each card in the mover's hand, to the board site numbered one
    less than the mover (Ludii's: P1 plays to site 0, P2 to site 1...).

    Parameters:
        then: consequences of the move

    Examples:
        (playCard)
    """

    name = "playCard"
    kind = MOVES
    then: Any = Param(kind_of(THEN), optional=True)

    def declare(self, d: Declarations, c: Any) -> None:
        d.not_all_pass = True  # Ludii's NotAllPass flag: every player passing does not end the game

    def compile(self, c: Compiler) -> MoveGen:
        then = self.then.compile_effect(c) if self.then is not None else None
        rules = c.rule(after=then)
        uid = c.game.uid

        def moves(s: State, e: Env) -> list[Move]:
            to = s.mover - 1
            return [Move(MOVE, x, to, game_id=uid, rules=rules)
                    for x in handsites.hand_sites_of(s, s.mover) if handsites.what_at(s, x)]
        return FnGen(moves)

    def compile_effect(self, c: Compiler):
        gen = self.compile(c)
        from ..engine import turns

        def run(s: State, e: Env) -> None:
            for move in gen.moves(s, e):
                turns.act(s, move, outer=e)
        return run


class MovePlayCard(PlayCard):
    """Play a card (Ludii's ``(move PlayCard)``, as ``playCard``).

    Examples:
        (move PlayCard)
    """

    name = "move PlayCard"


class DeckCard(Ludeme):
    """One kind of card of a deck (Ludii's util ``card``, an argument of ``deck``): its type,
    rank and value; its trump rank and trump value are its rank and value unless given; its
    ``biased:`` value is -1 (Ludii's UNDEFINED) unless given. It holds data only: Ludii's deck
    makes one card component of it per suit (``deck`` itself is not here yet: its single site
    holds a stack of cards, and stacks live on board sites only here).

    Parameters:
        type: its type (Ace, Two... King, Joker)
        rank: its rank
        value: its value
        trumpRank: its rank as a trump (its rank by default)
        trumpValue: its value as a trump (its value by default)
        biased: its biased value (-1 by default)

    Examples:
        (card Seven rank:0 value:0 trumpRank:0 trumpValue:0)
        (card Ace rank:7 value:11)
        (card Jack rank:4 value:2 trumpRank:7 trumpValue:20 biased:1)
    """

    name = "card"
    overload = True  # beside the card component (card "Card" Shared King rank:... suit:...)
    kind = "card"
    type: Any = Param(CARD_TYPE)
    rank: Any = Param(INT_LIT, named=True, range=ANY_INT)
    value: Any = Param(INT_LIT, named=True, range=ANY_INT)
    trumpRank: Any = Param(INT_LIT, optional=True, named=True, range=ANY_INT)
    trumpValue: Any = Param(INT_LIT, optional=True, named=True, range=ANY_INT)
    biased: Any = Param(INT_LIT, optional=True, named=True, range=ANY_INT)

    def data(self) -> dict[str, int]:
        """Its data as Ludii's ``game.util.equipment.Card`` holds them (defaults filled in)."""
        rank, value = self.rank.value, self.value.value
        return {"type": CARD_TYPES.index(self.type.name), "rank": rank, "value": value,
                "trumpRank": self.trumpRank.value if self.trumpRank is not None else rank,
                "trumpValue": self.trumpValue.value if self.trumpValue is not None else value,
                "biased": self.biased.value if self.biased is not None else -1}


__all__ = ["SetTrumpSuit", "MoveSetTrumpSuit", "CardTrumpSuit", "TRUMP_SUIT", "Card", "CardRank", "CardSuit",
           "CardTrumpRank", "CardTrumpValue", "PlayCard", "MovePlayCard", "CARD_TYPES", "DeckCard"]
