"""Several pieces on one site (Ludii's *count* of a site): the seeds of a mancala pit, the
pieces in a player's hand.

A game whose rules count pieces per site has the state array ``count`` (:data:`COUNT`), one
entry per site: the board's sites first, then one site per player's hand (Ludii numbers the
sites of the hands after the board's: P1's hand is site ``n``, P2's ``n + 1``...). On the board
the array belongs to the piece on the site (a *piece array*): a site holds ``count`` pieces of
the kind ``what`` says, a piece placed there by an ordinary move is one piece (its count reads
0 and means 1), and a site emptied by a capture holds none. A hand's site has no ``what``: only
its count.

Every change goes through :func:`set_pieces`, which keeps ``what`` and ``count`` together and is
journaled (undo restores both).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .arrays import COUNT, EFFECT_TO, HAND, HAND_SHARED, HAND_SITES  # noqa: F401  (EFFECT_TO: the names counted pieces use)

if TYPE_CHECKING:
    from .game import Declarations, Game
    from .state import State

MAX_COUNT = 2 ** 31 - 1  # Ludii's counts are ints


def declare(d: Declarations) -> None:
    """Declare the ``count`` array (once; a ludeme that counts pieces calls this from its
    ``declare``): a count per board site and per hand site, belonging to the piece on the site.
    The hands are declared by the equipment, which the collect pass visits before the rules."""
    d.array(COUNT, [0] * (d.num_sites + hand_sites(d)), per_piece=True)


def cover(d: Declarations) -> None:
    """Make the ``count`` array, if declared before the hands (a ludeme of the equipment
    written before them), cover their sites too (a counted hand declaring itself calls this)."""
    data = d.arrays.get(COUNT)
    if data is not None:
        data.extend([0] * (d.num_sites + hand_sites(d) - len(data)))


def hand_sites(game: Game | Declarations) -> int:
    """How many hand sites the game (or its declarations) has after the board's: one per player
    with ``(hand Each)``, and one more with ``(hand Shared)``."""
    from .handsites import hand_players
    owners = len(hand_players(game.arrays, game.num_players)) if HAND in game.arrays else 0
    return owners + (1 if HAND_SHARED in game.arrays else 0)


def hand_site(game: Game, player: int) -> int:
    """The site number of ``player``'s hand (Ludii's ``(handSite P)``; -1, Ludii's Off, when
    the player has no hand)."""
    from .handsites import hand_slot
    slot = hand_slot(game.arrays, game.num_players, player)
    return game.topology.n + slot if slot >= 0 else -1


def hand_owner(game: Game, site: int) -> int:
    """The player whose counted hand ``site`` is (0 for none)."""
    from .handsites import slot_player
    return slot_player(game.arrays, game.num_players, site - game.topology.n)


def _supply(state: State, site: int) -> list[int]:
    """The kinds of piece of the player whose hand ``site`` is that their supply holds (a game
    with ``(hand Each)`` keeps a player's own pieces in hand by kind: ``hand``), in order."""
    game = state.game
    supply = state.arrays.get(HAND)
    player = hand_owner(game, site)
    if supply is None or not player:
        return []
    return [w for w, held in enumerate(supply) if held and game.owner_of[w] == player]


def pieces_at(state: State, site: int) -> int:
    """How many pieces are on ``site`` (a board or hand site; 0 for a site that is neither): on
    a hand's site, its counted pieces and its player's supply."""
    n = state.game.topology.n
    if 0 <= site < n:
        if not state.what[site]:
            return 0
        data = state.arrays.get(COUNT)
        return (data[site] or 1) if data is not None else 1
    if _of_hand_sites(state, site):  # Ludii's hands of sites, each holding pieces of one kind
        from .handsites import count_at
        return count_at(state, site)
    data = state.arrays.get(COUNT)
    counted = data[site] if data is not None and 0 <= site < len(data) else 0
    supply = state.arrays.get(HAND)
    return counted + sum(supply[w] for w in _supply(state, site)) if supply is not None else counted


def _of_hand_sites(state: State, site: int) -> bool:
    """Whether ``site`` is a site of Ludii's hands of sites (``(hand Each size:N)``)."""
    hands = state.arrays.get(HAND_SITES)
    return hands is not None and 0 <= site - len(state.what) < len(hands)


def _empty(state: State, site: int) -> None:
    """Empty ``site`` as :meth:`State.clear` does, but as part of a move or a count that changes,
    not a removal (the tracks' counts, engine.ontrack, see only removals there)."""
    if state.what[site]:
        if state.game.stacking:
            from .stacks import pop
            pop(state, site)
        else:
            state.place(site, 0)


def set_pieces(state: State, site: int, number: int, what: int) -> None:
    """Put exactly ``number`` pieces of kind ``what`` on ``site`` (0 empties it; a game that
    does not count pieces holds one on a site of the board)."""
    data = state.arrays.get(COUNT)
    if data is None:
        if site < state.game.topology.n:
            if number <= 0:
                _empty(state, site)
            elif state.what[site] != what:
                state.place(site, what)
        return
    if number < 0:
        number = 0
    if number > MAX_COUNT:
        number = MAX_COUNT
    if site >= state.game.topology.n:  # a hand
        if 0 <= site < len(data) and data[site] != number:
            state.set_item(data, site, number)
        return
    if number == 0:
        _empty(state, site)  # the piece array goes back to 0 with the piece
        return
    if state.what[site] != what:
        state.place(site, what)
    if data[site] != number:
        state.set_item(data, site, number)


def add_pieces(state: State, site: int, number: int, what: int) -> None:
    """Add ``number`` pieces of kind ``what`` to ``site`` (to a hand: its player's own pieces
    go back to the supply, when the game keeps one; others are counted on the hand's site)."""
    if number <= 0:
        return
    game = state.game
    if _of_hand_sites(state, site):  # a site of one kind: the pieces join its own (or an empty one)
        from .handsites import set_count, what_at
        here = what_at(state, site)
        set_count(state, site, here or what, pieces_at(state, site) + number)
        return
    if site >= game.topology.n:
        supply = state.arrays.get(HAND)
        if supply is not None and 0 < what < len(supply) and game.owner_of[what] == hand_owner(game, site) != 0:
            state.set_item(supply, what, supply[what] + number)
            return
        data = state.arrays.get(COUNT)
        if data is not None and 0 <= site < len(data):
            state.set_item(data, site, min(data[site] + number, MAX_COUNT))
        return
    current = pieces_at(state, site)
    kind = state.what[site] if current else what
    set_pieces(state, site, current + number, kind)


def take_pieces(state: State, site: int, number: int) -> int:
    """Take up to ``number`` pieces from ``site``; returns how many were taken (from a hand:
    its supply first, then its counted pieces)."""
    current = pieces_at(state, site)
    taken = min(max(number, 0), current)
    if not taken:
        return 0
    if _of_hand_sites(state, site):
        from .handsites import set_count, what_at
        set_count(state, site, what_at(state, site), current - taken)
        return taken
    if site >= state.game.topology.n:
        left = taken
        supply = state.arrays.get(HAND, [])  # (a hand holds kinds of its supply only when there is one)
        for w in _supply(state, site):
            if not left:
                break
            out = min(left, supply[w])
            state.set_item(supply, w, supply[w] - out)
            left -= out
        data = state.arrays.get(COUNT)
        if left and data is not None:
            state.set_item(data, site, data[site] - left)
        return taken
    set_pieces(state, site, current - taken, state.what[site])
    return taken


def kind_at(state: State, site: int, default: int) -> int:
    """The kind of piece on ``site``: the board's; on a hand's site the first kind of its
    player's supply it holds; else ``default`` (counted pieces in a hand, an empty site)."""
    if 0 <= site < state.game.topology.n:
        return state.what[site] or default
    if _of_hand_sites(state, site):  # Ludii's hands of sites: the piece the site holds
        from .handsites import what_at
        return what_at(state, site) or default
    held = _supply(state, site)
    return held[0] if held else default


__all__ = ["COUNT", "declare", "cover", "hand_site", "hand_owner", "hand_sites", "pieces_at", "set_pieces", "add_pieces",
           "take_pieces", "kind_at"]
