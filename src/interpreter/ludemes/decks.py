"""Ludii's deck of cards (``deck``) and its split among the hands (``(split Deck)``).

The deck is a container of one site (after the board's, numbered with the hands' in the order
the equipment declares them: :mod:`~..engine.decks`) whose site holds a stack of the cards it
makes: for each suit (1 to ``suits:``, 4 by default), one card of each kind given (``(card
Seven rank:0 value:0 ...)``), else Ace to King (``cardsBySuit:`` of them, 13 by default) with
their number as value and rank. The cards are components named ``Card1``, ``Card2``... in
that order (before the pieces, as Ludii makes its containers' items first). At the start,
before the start rules, they are stacked on the deck's site in a random order; the players'
hands (``(hand Each)``) then have a site each, which holds a stack too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.arrays import HAND, HAND_PLAYERS, HAND_SHARED, HAND_SHARED_SITES, HAND_SITES
from ..errors import BindError
from ..syntax.nodes import Const, Int, Str
from .base import EQUIPMENT_ITEM, INT_LIT, START_RULE, ArrayOf, BoundArray, Enum, Ludeme, Param, kind_of
from .cards import CARD_TYPES, Card

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.game import Declarations
    from ..engine.state import State

MAX_CARDS = 10_000  # cards of a deck
_ROLES = ("Shared", "Neutral", "All") + tuple(f"P{i}" for i in range(1, 17))  # Ludii's owners of a deck


class Deck(Ludeme):
    """A deck of cards: a container of one site whose site holds a stack of its cards, shuffled
    at the start. For each suit (``suits:``, 4 by default) one card of each kind ``cards``
    lists (type, rank, value, trump rank and value), else of Ace to King (the first
    ``cardsBySuit:`` of them, 13 by default) worth their number (Ace 1... King 13, as rank,
    value, trump rank and trump value). The cards are components ``Card1``, ``Card2``... in
    that order, owned by the deck's owner; ``cardsBySuit:`` is not read when ``cards`` are
    given (Ludii's). A card's ``biased:`` value is kept by Ludii for its random draws only.

    Parameters:
        role: the owner of the deck and of its cards (Shared by default)
        cardsBySuit: the number of cards of each suit (13 by default; the number of ``cards``)
        suits: the number of suits (4 by default)
        cards: the kinds of card of each suit (Ace to King by default)

    Examples:
        (deck)
        (deck cardsBySuit:8 suits:2)
        (deck {(card Seven rank:0 value:0 trumpRank:0 trumpValue:0) (card Ace rank:7 value:11)})
    """

    name = "deck"
    kind = EQUIPMENT_ITEM
    concepts = ("Card",)
    pieces_first = True  # Ludii makes the containers' items (a deck's cards) before the pieces
    role: Any = Param(Enum(_ROLES, "Shared | Neutral | All | P1 ... P16"), optional=True)
    cardsBySuit: Any = Param(INT_LIT, optional=True, named=True, range=(1, MAX_CARDS))
    suits: Any = Param(INT_LIT, optional=True, named=True, range=(1, MAX_CARDS))
    cards: Any = Param(ArrayOf(kind_of("card")), optional=True)

    def validate(self) -> None:
        kinds = (self.cards.items if isinstance(self.cards, BoundArray) else [self.cards]) if self.cards is not None \
            else None
        if kinds is None:
            number = self.cardsBySuit.value if self.cardsBySuit is not None else 13
            if number > len(CARD_TYPES) - 1:  # Ludii's types Ace to King: no more
                raise BindError(f"a deck without its cards has Ace to King: at most {len(CARD_TYPES) - 1} cards "
                                f"by suit, not {number}", self.cardsBySuit.span,
                                hint="list the cards: (deck {(card Ace rank:1 value:1) ...})")
            self.kinds = [{"type": t, "rank": t, "value": t, "trumpRank": t, "trumpValue": t}
                          for t in range(1, number + 1)]
        else:
            self.kinds = [card.data() for card in kinds]
        self.num_suits = self.suits.value if self.suits is not None else 4
        if len(self.kinds) * self.num_suits > MAX_CARDS:
            raise BindError(f"a deck of more than {MAX_CARDS} cards", self.span)

    def owner_name(self) -> str:
        return self.role.name if self.role is not None else "Shared"

    def container_sites(self, num_players: int, static_int: Any) -> int:
        """How many sites Ludii numbers for the deck after the board's: one."""
        return 1

    def pieces_made(self) -> list[Card]:
        """The deck's cards, suit by suit (1 first), each kind in the order given: ``Card1``..."""
        span = self.span
        role = Const(self.owner_name(), span=span)
        made: list[Card] = []
        for suit in range(1, self.num_suits + 1):
            for kind in self.kinds:
                card = Card(span, piece_name=Str(f"Card{len(made) + 1}", span=span), role=role,
                            type=Const(CARD_TYPES[kind["type"]], span=span), rank=Int(kind["rank"], span=span),
                            value=Int(kind["value"], span=span), trumpRank=Int(kind["trumpRank"], span=span),
                            trumpValue=Int(kind["trumpValue"], span=span), suit=Int(suit, span=span))
                card.named_as_is = True  # type: ignore[attr-defined]  # Ludii names a deck's cards CardN, whoever owns them
                made.append(card)
        return made

    def declare(self, d: Declarations, c: Any) -> None:
        """The deck's site (after the hands declared so far, before those declared later), the
        hands of one site each (their pieces counted so far: Ludii's hands of one site), the
        stacks, and the shuffle of the cards onto the deck's site before the start rules."""
        from ..engine import dice as engine_dice, stacks
        from ..engine.decks import DECK, fill
        from .chance import salt_of
        if DECK in d.arrays:
            raise BindError("a second deck is not supported yet", self.span)
        if HAND_SHARED in d.arrays or HAND_SHARED_SITES in d.arrays or HAND_PLAYERS in d.arrays:
            raise BindError("a deck beside a shared hand or hands for some players is not supported yet", self.span)
        if HAND in d.arrays and HAND_SITES not in d.arrays:  # (hand Each) before: a site each
            del d.arrays[HAND]
            d.array(HAND_SITES, [0] * d.num_players)
        d.array(HAND_SITES, [])
        d.array(DECK, [len(d.arrays[HAND_SITES]), 0])
        d.arrays[HAND_SITES].append(0)
        stacks.declare(d)
        engine_dice.declare_random(d)
        cards = [d.component_index[str(card.piece_name)] for card in self.pieces_made()]
        salt = salt_of(self)
        d.before_start.append(lambda s: fill(s, cards, salt))


SPLIT_TYPE = Enum(("Deck",), "split type")


class Split(Ludeme):
    """Start rule: deal the whole deck to the players' hands, as Ludii's ``(split Deck)``: the
    card at the bottom of the deck's stack goes on top of P1's hand's (first) site, the next
    bottom one to P2's, and so on in turn until the deck is empty. Nothing happens without a
    deck, or when the players have no hands (a hand each, none shared).

    Parameters:
        type: what is split (the deck)

    Examples:
        (split Deck)
    """

    name = "split"
    kind = START_RULE
    concepts = ("Card",)
    type: Any = Param(SPLIT_TYPE)

    def compile_effect(self, c: Compiler):
        from ..engine import stacks
        from ..engine.decks import DECK, deck_site, players_hand_sites
        from ..engine.handsites import player_hand_size
        game = c.game
        n = c.topo.n
        if DECK not in game.arrays or HAND_SHARED in game.arrays or HAND_SHARED_SITES in game.arrays:
            return lambda s, e: None
        size = player_hand_size(game.arrays, game.num_players)
        hands = players_hand_sites(game.arrays, n, game.num_players, size) if size else []

        def run(s: State, e: Env) -> None:
            deck = deck_site(s, n)
            if not hands:
                return
            for k in range(stacks.size(s, deck)):
                stacks.move_level(s, deck, 0, hands[k % len(hands)])
        return run


__all__ = ["Deck", "Split", "SPLIT_TYPE"]
