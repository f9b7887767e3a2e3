"""The sites of Ludii's hands (``(hand Each size:N)``): pieces off the board, one per site, on
sites numbered after the board's (P1's hand first). The state keeps their pieces in the array
:data:`~.arrays.HAND_SITES` (the kind of piece per site, 0 when empty); a site's owner is its
piece's. These helpers read and change a site whichever container it belongs to, so rules may
move a piece from a hand to the board (``(move (from (sites Hand Mover)) (to (sites Empty)))``,
``(move (from (handSite Mover)) (to ...))``) or back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .arrays import HAND_SHARED_SITES, HAND_SITES

if TYPE_CHECKING:
    from .game import Game
    from .state import State


def has_hand_sites(game: Game) -> bool:
    """Whether the game's hands have sites."""
    return HAND_SITES in game.arrays


def what_at(state: State, site: int) -> int:
    """The kind of piece on a site of the board or of a hand (0: empty or no such site)."""
    n = len(state.what)
    if 0 <= site < n:
        return state.what[site]
    hands = state.arrays.get(HAND_SITES)
    if hands is not None and 0 <= site - n < len(hands):
        return int(hands[site - n])
    shared = state.arrays.get(HAND_SHARED_SITES)
    if shared is not None:  # the shared hand's sites, after the players'
        k = site - n - (len(hands) if hands is not None else 0)
        if 0 <= k < len(shared):
            return int(shared[k])
    return 0


def who_at(state: State, site: int) -> int:
    """The owner of the piece on a site of the board or of a hand (0: nobody)."""
    n = len(state.what)
    if 0 <= site < n:
        return state.who[site]
    return state.game.owner_of[what_at(state, site)]


def put(state: State, site: int, what: int) -> None:
    """Put a piece (0: none) on a site of the board or of a hand, journaled."""
    n = len(state.what)
    if 0 <= site < n:
        state.place(site, what)
        return
    hands = state.arrays.get(HAND_SITES)
    k = site - n
    if hands is None or k >= len(hands):  # a site of the shared hand, after the players'
        k -= len(hands) if hands is not None else 0
        hands = state.arrays[HAND_SHARED_SITES]
    if hands[k] != what:
        state.set_item(hands, k, what)


def hand_sites_of(state: State, player: int) -> range:
    """The sites of a player's hand."""
    hands = state.arrays.get(HAND_SITES)
    if hands is None:
        return range(0)
    size = len(hands) // state.game.num_players
    n = len(state.what)
    return range(n + (player - 1) * size, n + player * size)


__all__ = ["has_hand_sites", "what_at", "who_at", "put", "hand_sites_of"]
