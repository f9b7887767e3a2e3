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
    from collections.abc import Mapping

    from .game import Game
    from .state import State


def shared_sites(arrays: Mapping[str, object]) -> int:
    """How many sites the shared hand has (``(hand Shared size:N)``): the last ones of
    :data:`~.arrays.HAND_SITES`; 0 when it has none."""
    marker = arrays.get(HAND_SHARED_SITES)
    return int(marker[0]) if marker else 0  # type: ignore[index]


def player_hand_size(arrays: Mapping[str, object], num_players: int) -> int:
    """The sites of each player's hand (Ludii's ``(hand Each size:N)``): 0 when they have none;
    the shared hand's sites, after theirs, are not counted."""
    hands = arrays.get(HAND_SITES)
    if hands is None:
        return 0
    return (len(hands) - shared_sites(arrays)) // max(1, num_players)  # type: ignore[arg-type]


def hand_owner_of(game: Game) -> tuple[int, ...]:
    """The owner of each kind of piece when that owner has a counted hand, else 0: every
    player has one with ``(hand Each)``, P1 to P[k] only with ``(hand P1)``... (Ludii's hands
    declared for some players)."""
    from .arrays import HAND_PLAYERS
    marker = game.arrays.get(HAND_PLAYERS)
    last = int(marker[0]) if marker else game.num_players
    return tuple(o if 0 < o <= last else 0 for o in game.owner_of)


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
    hands = state.arrays[HAND_SITES]
    if hands[site - n] != what:
        state.set_item(hands, site - n, what)


def hand_sites_of(state: State, player: int) -> range:
    """The sites of a player's hand."""
    hands = state.arrays.get(HAND_SITES)
    if hands is None:
        return range(0)
    size = player_hand_size(state.arrays, state.game.num_players)
    n = len(state.what)
    return range(n + (player - 1) * size, n + player * size)


__all__ = ["shared_sites", "player_hand_size", "hand_owner_of", "has_hand_sites", "what_at", "who_at", "put", "hand_sites_of"]
