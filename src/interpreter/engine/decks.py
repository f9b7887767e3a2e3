"""Ludii's deck of cards (``(deck)``): a container of one site, after the board's, whose site
holds a stack of the cards (the components the deck makes, ``Card1``, ``Card2``...).

As Ludii numbers every container's sites in the order the equipment declares them (its deck
and hands are items of one type), the deck's site is one of the sites after the board's, kept
in :data:`~.arrays.HAND_SITES` with the hands' (its top card there, the cards below in the
stacks of :mod:`.stacks`): before the players' hands when the deck is declared first (Ludii's
War: ``(deck) (hand Each)``: the deck's site is the first after the board's, P1's hand the
next), after them otherwise. :data:`DECK` says where: ``[index of the deck's site in
HAND_SITES, index of P1's hand's first site in HAND_SITES]``.

At the start, before the start rules (Ludii's ``Game.start``), the deck's cards are stacked on
its site in a random order (:func:`fill`): card after card drawn among those left, each put on
top of the ones before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from .arrays import HAND_SITES

if TYPE_CHECKING:
    from .state import State

DECK = "deck"  # [index of the deck's site in HAND_SITES, index of P1's hand's first site there]


def deck_sites(arrays: Mapping[str, object]) -> int:
    """How many sites of :data:`~.arrays.HAND_SITES` are a deck's (0 or 1)."""
    return 1 if DECK in arrays else 0


def hands_first(arrays: Mapping[str, object]) -> int:
    """The index in :data:`~.arrays.HAND_SITES` of P1's hand's first site: after a deck
    declared before the hands, else 0."""
    marker = arrays.get(DECK)
    return int(marker[1]) if marker else 0  # type: ignore[index]


def deck_site(state: State, n: int) -> int:
    """The deck's site (after the board's ``n`` sites); -1 without a deck."""
    marker = state.arrays.get(DECK)
    return n + int(marker[0]) if marker else -1


def fill(state: State, cards: Sequence[int], salt: int) -> None:
    """Stack the deck's ``cards`` (components) on its site in a random order, as Ludii's start
    does: while cards are left, one drawn among them goes on top of the stack."""
    from . import dice as engine_dice, stacks
    n = len(state.what)
    site = deck_site(state, n)
    left = list(cards)
    k = 0
    while left:
        what = left.pop(engine_dice.draw(state, salt, k, len(left)))
        stacks.push(state, site, stacks.new_entry(state, what))
        k += 1


def players_hand_sites(arrays: Mapping[str, Sequence[int]], n: int, num_players: int,
                       size: int) -> list[int]:
    """The first site of each player's hand (Ludii's ``sitesFrom`` of its hands), P1's first."""
    first = n + hands_first(arrays)
    return [first + p * size for p in range(num_players)] if HAND_SITES in arrays else []


__all__ = ["DECK", "deck_sites", "hands_first", "deck_site", "fill", "players_hand_sites"]
