"""The sites of Ludii's hands (``(hand Each size:N)``): pieces off the board, one per site, on
sites numbered after the board's (P1's hand first). The state keeps their pieces in the array
:data:`~.arrays.HAND_SITES` (the kind of piece per site, 0 when empty); a site's owner is its
piece's. These helpers read and change a site whichever container it belongs to, so rules may
move a piece from a hand to the board (``(move (from (sites Hand Mover)) (to (sites Empty)))``,
``(move (from (handSite Mover)) (to ...))``) or back.

A hand's site may hold several pieces of its kind (``(place "Pawn1" (handSite P1 0) count:8)``):
the game then keeps :data:`~.arrays.HAND_SITE_COUNT`, the number per site (0 read as 1 while the
site holds a piece), and a piece moved off such a site leaves the others there (as Ludii's flat
site with a count).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .arrays import COUNT, HAND_SHARED_SITES, HAND_SITE_COUNT, HAND_SITES

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .game import Declarations, Game
    from .state import State


def spread_piece_arrays(d: Declarations) -> None:
    """Give the pieces of the hands' sites their local state too (Ludii's ContainerState keeps
    state, rotation and value per site in every container): each per-piece array declared for
    the board's sites (piece states, values, rotations) also covers the hands' sites, numbered
    after the board's. Run once the collect pass is over, whatever order the ludemes declared
    in; a game whose hands have no sites (counted by kind) keeps the board's only."""
    hands = d.arrays.get(HAND_SITES)
    if not hands:
        return
    for name in d.piece_arrays:
        data = d.arrays[name]
        if name != COUNT and len(data) == d.num_sites:
            data.extend([0] * len(hands))


def hands_of_sites(d: Declarations) -> None:
    """Make the counted hands (``(hand Each)``, ``(hand P1)`` without ``size:``) Ludii's own:
    containers of one site each, in the order of the players' hands. Ludii's hand is always a
    container whose site holds what a board's does: a stack in a stacking game, a piece with
    its local state and value. Counting pieces by kind is this engine's shorter form of it,
    the same while neither matters; a game that stacks, or puts a piece with a state or a
    value in a hand, calls this while it declares (a shared counted hand stays as it is)."""
    from .arrays import HAND, HAND_SHARED
    if HAND not in d.arrays or HAND_SITES in d.arrays or HAND_SHARED in d.arrays:
        return
    owners = len(hand_players(d.arrays, d.num_players))
    del d.arrays[HAND]
    d.array(HAND_SITES, [0] * owners)
    if not d.stacking:  # a site holding several pieces of a kind counts them (Ludii's count)
        d.array(HAND_SITE_COUNT, [0] * owners)
    from . import stacks
    stacks.cover(d)


def hand_piece_arrays(state: State) -> list[list[int]]:
    """The per-piece arrays that cover the hands' sites (:func:`spread_piece_arrays`)."""
    n = len(state.what)
    return [state.arrays[name] for name in state.game.piece_arrays
            if name != COUNT and len(state.arrays[name]) > n]


def carried(state: State, site: int) -> list[tuple[list[int], int]]:
    """The local state of the piece on a site of the board or of a hand (each per-piece array
    that covers the site, with its value there): what a move takes with the piece."""
    arrays = state.arrays
    return [(arrays[name], arrays[name][site]) for name in state.game.piece_arrays
            if name != COUNT and 0 <= site < len(arrays[name])]


def give(state: State, site: int, local: list[tuple[list[int], int]]) -> None:
    """Give the piece on ``site`` the local state taken by :func:`carried` (Ludii's ActionMove
    copies the state, rotation and value of the site moved from to the site moved to)."""
    for data, value in local:
        if site < len(data) and data[site] != value:
            state.set_item(data, site, value)


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
    from .decks import deck_sites
    owners = len(hand_players(arrays, num_players))
    return (len(hands) - shared_sites(arrays) - deck_sites(arrays)) // max(1, owners)  # type: ignore[arg-type]


def hand_players(arrays: Mapping[str, object], num_players: int) -> tuple[int, ...]:
    """The players who have a hand, in Ludii's order of its containers: every player with
    ``(hand Each)``; with hands declared for some players (``(hand P1) (hand P3)``), those
    players in the order declared (:data:`~.arrays.HAND_PLAYERS`)."""
    from .arrays import HAND_PLAYERS
    marker = arrays.get(HAND_PLAYERS)
    if marker is None:
        return tuple(range(1, num_players + 1))
    return tuple(int(p) for p in marker)  # type: ignore[attr-defined]


def hand_slot(arrays: Mapping[str, object], num_players: int, player: int) -> int:
    """Which of the players' hands is ``player``'s (0 for the first container after the
    board); -1 when the player has none (Ludii's handSite is then Off)."""
    players = hand_players(arrays, num_players)
    return players.index(player) if player in players else -1


def slot_player(arrays: Mapping[str, object], num_players: int, slot: int) -> int:
    """The owner of the ``slot``-th players' hand (0 for none)."""
    players = hand_players(arrays, num_players)
    return players[slot] if 0 <= slot < len(players) else 0


def hand_owner_of(game: Game) -> tuple[int, ...]:
    """The owner of each kind of piece when that owner has a counted hand, else 0: every
    player has one with ``(hand Each)``, the players declared only with ``(hand P1)``...
    (Ludii's hands declared for some players)."""
    players = set(hand_players(game.arrays, game.num_players))
    return tuple(o if o in players else 0 for o in game.owner_of)


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
    """Put a piece (0: none) on a site of the board or of a hand, journaled (one piece: a hand's
    site that counted several holds just this one)."""
    n = len(state.what)
    if 0 <= site < n:
        state.place(site, what)
        return
    hands = state.arrays[HAND_SITES]
    if hands[site - n] != what:
        state.set_item(hands, site - n, what)
        for data in hand_piece_arrays(state):  # another piece, or none: its local state is 0
            if data[site]:
                state.set_item(data, site, 0)
    counts = state.arrays.get(HAND_SITE_COUNT)
    if counts is not None and counts[site - n]:
        state.set_item(counts, site - n, 0)


def count_at(state: State, site: int) -> int:
    """How many pieces a site of a hand holds (0 when empty)."""
    n = len(state.what)
    hands = state.arrays.get(HAND_SITES)
    if hands is None or not 0 <= site - n < len(hands) or not hands[site - n]:
        return 0
    counts = state.arrays.get(HAND_SITE_COUNT)
    return (counts[site - n] or 1) if counts is not None else 1


def set_count(state: State, site: int, what: int, number: int) -> None:
    """Put ``number`` pieces of kind ``what`` on a site of a hand (0 empties it). In a game
    that counts no pieces on its hands' sites a site holds one: as Ludii's ActionMove and
    ActionAdd where the game does not require counts, a piece brought onto a site holding
    its kind leaves the count at 1 (Castello's second castle stored on the same site)."""
    put(state, site, what if number > 0 else 0)
    if number > 1:
        counts = state.arrays.get(HAND_SITE_COUNT)
        if counts is not None:
            state.set_item(counts, site - len(state.what), number)


def take_one(state: State, site: int) -> None:
    """Take one piece off a site of the board or of a hand (a hand's site counting several
    keeps the others)."""
    number = count_at(state, site) if site >= len(state.what) else 1
    if number > 1:
        set_count(state, site, what_at(state, site), number - 1)
    else:
        put(state, site, 0)


def add_one(state: State, site: int, what: int) -> None:
    """Ludii's ActionAdd on a site of a hand: an empty site takes the piece; one holding a
    piece keeps it, one more of them where the game counts its hands' pieces. A counted hand
    (``(hand Each)`` without sites) holds one more of the piece."""
    if HAND_SITES not in state.arrays:
        from .counts import add_pieces
        add_pieces(state, site, 1, what)
        return
    held = what_at(state, site)
    if not held:
        put(state, site, what)
    elif HAND_SITE_COUNT in state.arrays:
        set_count(state, site, held, count_at(state, site) + 1)


def hand_sites_of(state: State, player: int) -> range:
    """The sites of a player's hand."""
    hands = state.arrays.get(HAND_SITES)
    if hands is None:
        return range(0)
    size = player_hand_size(state.arrays, state.game.num_players)
    slot = hand_slot(state.arrays, state.game.num_players, player)
    if slot < 0:
        return range(0)
    from .decks import hands_first
    n = len(state.what) + hands_first(state.arrays)  # after a deck declared before the hands
    return range(n + slot * size, n + (slot + 1) * size)


__all__ = ["spread_piece_arrays", "hands_of_sites", "hand_piece_arrays", "carried", "give", "shared_sites", "player_hand_size", "hand_players", "hand_slot",
           "slot_player", "hand_owner_of", "has_hand_sites", "what_at", "who_at", "put", "add_one", "count_at",
           "set_count", "take_one", "hand_sites_of"]
