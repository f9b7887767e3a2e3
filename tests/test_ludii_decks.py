"""Decks and cards as Ludii defines them: the deck's card description (Ludii's util ``card``,
``game.util.equipment.Card``: a type, ``rank:``, ``value:``, optional ``trumpRank:``,
``trumpValue:`` and ``biased:``), beside the card component of the same name. ``deck`` and
``(split Deck)`` are not here yet (see the coverage table)."""

from __future__ import annotations

import pytest

import interpreter.ludemes  # noqa: F401  (registers the vocabulary)
from interpreter.bind import bind
from interpreter.errors import BindError
from interpreter.ludemes.cards import Card, DeckCard
from interpreter.syntax.parser import parse


def bound(text: str):
    return bind(parse(text).forms[0])


def test_the_deck_card_defaults_its_trumps_to_its_rank_and_value_and_biased_to_undefined():
    card = bound("(card Ace rank:7 value:11)")
    assert isinstance(card, DeckCard)
    # Ludii: trumpRank = rank, trumpValue = value when absent; biased = Constants.UNDEFINED (-1)
    assert card.data() == {"type": 1, "rank": 7, "value": 11, "trumpRank": 7, "trumpValue": 11, "biased": -1}


def test_the_deck_card_keeps_the_trumps_and_bias_it_is_given():
    card = bound("(card Jack rank:4 value:2 trumpRank:7 trumpValue:20 biased:3)")
    # Jack is the 12th of Ludii's CardType (Joker, Ace, Two... Jack, Queen, King): index 11
    assert card.data() == {"type": 11, "rank": 4, "value": 2, "trumpRank": 7, "trumpValue": 20, "biased": 3}


def test_the_joker_is_card_type_zero():
    assert bound("(card Joker rank:0 value:0)").data()["type"] == 0


def test_the_component_card_is_still_chosen_by_its_name_and_owner():
    card = bound('(card "Card" Shared King rank:6 value:4 trumpRank:3 trumpValue:4 suit:1)')
    assert isinstance(card, Card)
    assert dict(card.component_data())["type"] == 13


@pytest.mark.parametrize("text", ["(card Seven value:0)", "(card Seven rank:0)", "(card Eleven rank:0 value:0)"])
def test_the_deck_card_needs_a_type_a_rank_and_a_value(text):
    with pytest.raises(BindError):
        bound(text)


def test_the_deck_card_sets_no_concept_of_its_own():
    # Ludii's util Card is a BaseLudeme without concepts (the deck and the card components set Card)
    assert DeckCard.concepts == ()
