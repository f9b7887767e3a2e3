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

from .arrays import COUNT, EFFECT_TO, HAND  # noqa: F401  (EFFECT_TO: the names counted pieces use)

if TYPE_CHECKING:
    from .game import Declarations, Game
    from .state import State

MAX_COUNT = 2 ** 31 - 1  # Ludii's counts are ints


def declare(d: "Declarations") -> None:
    """Declare the ``count`` array (once; a ludeme that counts pieces calls this from its
    ``declare``): a count per board site and per hand site, belonging to the piece on the site.
    The hands are declared by the equipment, which the collect pass visits before the rules."""
    d.array(COUNT, [0] * (d.num_sites + hand_sites(d)), per_piece=True)


def hand_sites(game: "Game | Declarations") -> int:
    """How many hand sites the game (or its declarations) has after the board's: one per player
    with ``(hand Each)``."""
    return game.num_players if HAND in game.arrays else 0


def hand_site(game: "Game", player: int) -> int:
    """The site number of ``player``'s hand (Ludii's ``(handSite P)``)."""
    return game.topology.n + player - 1


def pieces_at(state: "State", site: int) -> int:
    """How many pieces are on ``site`` (a board or hand site; 0 for a site that is neither)."""
    n = state.game.topology.n
    if 0 <= site < n:
        if not state.what[site]:
            return 0
        data = state.arrays.get(COUNT)
        return (data[site] or 1) if data is not None else 1
    data = state.arrays.get(COUNT)
    if data is None or not 0 <= site < len(data):
        return 0
    return data[site]


def set_pieces(state: "State", site: int, number: int, what: int) -> None:
    """Put exactly ``number`` pieces of kind ``what`` on ``site`` (0 empties it)."""
    data = state.arrays[COUNT]
    if number < 0:
        number = 0
    if number > MAX_COUNT:
        number = MAX_COUNT
    if site >= state.game.topology.n:  # a hand
        if 0 <= site < len(data) and data[site] != number:
            state.set_item(data, site, number)
        return
    if number == 0:
        state.clear(site)  # the piece array goes back to 0 with the piece
        return
    if state.what[site] != what:
        state.place(site, what)
    if data[site] != number:
        state.set_item(data, site, number)


def add_pieces(state: "State", site: int, number: int, what: int) -> None:
    """Add ``number`` pieces of kind ``what`` to ``site``."""
    if number > 0:
        current = pieces_at(state, site)
        kind = state.what[site] if site < state.game.topology.n and current else what
        set_pieces(state, site, current + number, kind)


def take_pieces(state: "State", site: int, number: int) -> int:
    """Take up to ``number`` pieces from ``site``; returns how many were taken."""
    current = pieces_at(state, site)
    taken = min(max(number, 0), current)
    if taken:
        kind = state.what[site] if site < state.game.topology.n else 0
        set_pieces(state, site, current - taken, kind)
    return taken


def kind_at(state: "State", site: int, default: int) -> int:
    """The kind of piece on ``site`` (``default`` for a hand or an empty site)."""
    if 0 <= site < state.game.topology.n and state.what[site]:
        return state.what[site]
    return default


__all__ = ["COUNT", "declare", "hand_site", "hand_sites", "pieces_at", "set_pieces", "add_pieces",
           "take_pieces", "kind_at"]
