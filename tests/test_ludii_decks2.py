"""Ludii's deck of cards as a container (issue 24, decks): ``(deck ...)`` makes its cards
(``Card1``... suit by suit) and stacks them on its one site before the start rules; ``(split
Deck)`` deals the whole deck from the bottom of its stack to the hands in turn; ``(deal Cards
N)`` deals from the top; the functions reading cards read the stacks of the hands' sites.

Ludii draws the deck's order at random (``Game.start``: a card drawn among those left goes on
top, until none is left). Most tests make every draw take the first card left, so the deck is
``Card1`` (bottom) to ``CardN`` (top), and what the rules then do is known exactly."""

from __future__ import annotations

import pytest

from interpreter import load
from interpreter.engine import dice as engine_dice, stacks
from interpreter.engine.sites import site_label, site_of_label
from interpreter.ludemes.decks import Deck, Split


def game(equipment: str, start: str = "", players: int = 2, value: str = "0"):
    start_rule = f"(start {start})" if start else ""
    return load(f'(game "T" (players {players}) (equipment {{(board (square 2)) {equipment}}}) (rules {start_rule} '
                f'(play (move Pass (then (set Score Mover {value})))) (end (if (> (count Moves) 9) (result Mover Win)))))')


@pytest.fixture
def in_order(monkeypatch):
    """Every random draw takes the first of the cards left: the deck is Card1 (bottom) to CardN."""
    monkeypatch.setattr(engine_dice, "draw", lambda state, salt, key, n: 0)


def stack(state, site):
    """The names of the cards stacked on a site, bottom first."""
    return [state.game.components[level[0]].name for level in stacks.levels(state, site)]


def test_the_deck_makes_ace_to_king_of_four_suits_by_default():
    g = game("(deck) (hand Each)")
    cards = g.components[1:]
    assert [c.name for c in cards[:3]] == ["Card1", "Card2", "Card3"] and len(cards) == 52
    # Ludii's Deck.generateCards: suit 1 first, Ace (1) to King (13), worth their number
    data = [dict(c.data) for c in cards]
    assert [(d["type"], d["rank"], d["suit"]) for d in data[:2]] == [(1, 1, 1), (2, 2, 1)]
    assert (data[13]["type"], data[13]["suit"], cards[13].value) == (1, 2, 1)
    assert (data[51]["type"], data[51]["trumpValue"], cards[51].value) == (13, 13, 13)
    assert all(c.owner == 0 for c in cards)  # the deck's owner: Shared


def test_the_cards_given_are_made_for_each_suit_with_their_data():
    g = game("(deck {(card Seven rank:0 value:0) (card Ace rank:7 value:11 trumpRank:5)} suits:2 cardsBySuit:9)")
    data = [(dict(c.data)["type"], dict(c.data)["rank"], dict(c.data)["trumpRank"], dict(c.data)["suit"], c.value)
            for c in g.components[1:]]
    # cardsBySuit: is not read when the cards are given (Ludii's); trumps default to rank and value
    assert data == [(7, 0, 0, 1, 0), (1, 7, 5, 1, 11), (7, 0, 0, 2, 0), (1, 7, 5, 2, 11)]


def test_the_cards_come_before_the_pieces():
    g = game('(piece "Disc" Each) (deck cardsBySuit:2 suits:1)')
    assert [c.name for c in g.components[1:]] == ["Card1", "Card2", "Disc1", "Disc2"]


def test_a_deck_without_its_cards_has_at_most_thirteen_by_suit():
    with pytest.raises(Exception, match="Ace to King"):
        game("(deck cardsBySuit:14)")


def test_the_deck_is_one_site_holding_every_card_in_a_stack(in_order):
    g = game("(deck cardsBySuit:3 suits:2)")
    s = g.initial_state()
    deck = site_of_label(g, "Deck")
    assert deck == 4 and site_label(g, 4) == "Deck"  # the first site after the board's 4
    assert stack(s, deck) == ["Card1", "Card2", "Card3", "Card4", "Card5", "Card6"]
    assert stacks.size(s, deck) == 6 and s.arrays["hand_sites"][0] == 6  # its top card: Card6


def test_the_random_order_holds_each_card_once_and_is_the_same_for_a_new_game():
    g = game("(deck)")
    first, again = g.initial_state(), g.initial_state()
    order = stack(first, 4)
    assert sorted(order) == sorted(f"Card{k}" for k in range(1, 53)) and order == stack(again, 4)
    assert order != [f"Card{k}" for k in range(1, 53)]


def test_the_containers_are_numbered_in_the_order_declared():
    deck_first = game("(deck cardsBySuit:2 suits:1) (hand Each)")
    assert [site_label(deck_first, x) for x in (4, 5, 6)] == ["Deck", "Hand1", "Hand2"]
    hands_first = game("(hand Each) (deck cardsBySuit:2 suits:1)")
    assert [site_label(hands_first, x) for x in (4, 5, 6)] == ["Hand1", "Hand2", "Deck"]


def test_split_deals_the_deck_from_its_bottom_to_each_hand_in_turn(in_order):
    g = game("(deck cardsBySuit:7 suits:1) (hand Each)", start="(split Deck)", players=3)
    s = g.initial_state()
    # Ludii's Split: the card at level 0 of the deck goes on top of P1's hand, the next to P2's...
    assert stack(s, 4) == []
    assert stack(s, 5) == ["Card1", "Card4", "Card7"]
    assert stack(s, 6) == ["Card2", "Card5"]
    assert stack(s, 7) == ["Card3", "Card6"]


def test_split_does_nothing_without_hands(in_order):
    g = game("(deck cardsBySuit:2 suits:1)", start="(split Deck)")
    assert stack(g.initial_state(), 4) == ["Card1", "Card2"]


def test_deal_cards_takes_the_top_card_for_each_hand_in_turn_from_begin_with(in_order):
    g = game("(hand Each) (deck cardsBySuit:7 suits:1)", start="(deal Cards 2 beginWith:2)", players=3)
    s = g.initial_state()
    deck = site_of_label(g, "Deck")
    assert deck == 7
    assert stack(s, deck) == ["Card1"]
    assert stack(s, 4) == ["Card5", "Card2"]  # P1 (third dealt to)
    assert stack(s, 5) == ["Card7", "Card4"]  # P2 first
    assert stack(s, 6) == ["Card6", "Card3"]


def test_deal_cards_refuses_to_deal_more_cards_than_the_deck_holds(in_order):
    with pytest.raises(Exception, match="not so many cards"):
        game("(deck cardsBySuit:3 suits:1) (hand Each)", start="(deal Cards 2)").initial_state()


@pytest.mark.parametrize("value, expected", [
    # P1's hand (site 5) holds Card1 (bottom), Card4, Card7 (top); Ace..Seven of suit 1
    ("(card Rank at:(handSite P1) level:1)", 4),
    ("(card Suit at:(handSite P1))", 1),
    ("(what at:(handSite P1))", 1),  # level 0: the bottom of the stack, as Ludii's what
    ("(what at:(handSite P1) level:-1)", 7),  # the top
    ("(value Piece at:(handSite P1) level:(topLevel at:(handSite P1)))", 7),
    ("(value Piece at:(handSite P2))", 5),  # P2's hand: Card2, Card5 (top)
    ("(size Stack at:(handSite P3))", 2),
    ("(topLevel at:(handSite P1))", 2),
    ("(size Stack at:(handSite P1))", 3),
])
def test_what_reads_the_cards_of_a_dealt_position(in_order, value, expected):
    g = game("(deck cardsBySuit:7 suits:1) (hand Each)", start="(split Deck)", players=3, value=value)
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.scores[1] == expected


def test_the_deck_and_split_set_the_card_concept():
    # Ludii's Deck.concepts and Split.concepts: Card (the util card sets none)
    assert Deck.concepts == Split.concepts == ("Card",)
    assert "Card" in game("(deck) (hand Each)", start="(split Deck)").info.concepts


def test_the_position_text_keeps_the_stacks_of_the_hands_and_the_deck(in_order):
    g = game("(deck cardsBySuit:5 suits:1) (hand Each)", start="(deal Cards 1)")
    s = g.initial_state()
    text = s.to_text()
    assert "Deck: [Card1, Card2, Card3]" in text
    again = g.state_from_text(text)
    assert stack(again, 4) == ["Card1", "Card2", "Card3"] and stack(again, 5) == ["Card5"]
    assert again.to_text() == text


@pytest.mark.parametrize("value, expected", [("(handSite P2)", 6), ("(handSite P1)", 5)])
def test_the_hands_sites_follow_a_deck_declared_first(value, expected):
    g = game("(deck cardsBySuit:2 suits:1) (hand Each)", value=value)
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.scores[1] == expected


def test_a_card_moved_from_a_hand_is_its_top_card_and_uncovers_the_next(in_order):
    g = load('(game "T" (players 2) (equipment {(board (square 2)) (deck cardsBySuit:4 suits:1) (hand Each)}) '
             '(rules (start (split Deck)) (play (move (from (handSite Mover)) (to (sites Empty)))) '
             '(end (if (no Moves Next) (result Mover Win)))))')
    s = g.initial_state()
    assert stack(s, 5) == ["Card1", "Card3"]
    s.apply(s.legal_moves()[0])
    assert stack(s, 5) == ["Card1"] and s.what[0] == 3
