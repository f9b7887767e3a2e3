"""The labels of the sites after the board's: the hands' (Ludii numbers every container's sites
in turn: the board's, then each player's hand, then the dice's).

A player's hand of one site (``(hand Each)``) is ``Hand1``, ``Hand2``...; a hand of several
sites (``(hand Each size:3)``) has ``Hand1_1``, ``Hand1_2``...; the shared hand (``(hand
Shared)``) is ``HandShared``; the dice are ``Die1``,
``Die2``... Moves name hand sites by these labels (``Hand1-A2``), and read them back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .arrays import HAND, HAND_SHARED, HAND_SHARED_SITES, HAND_SITES

if TYPE_CHECKING:
    from .game import Game


def hand_layout(game: Game) -> tuple[int, int]:
    """(sites per hand, number of sites of the players' hands) after the board's; (0, 0)
    without them. A shared hand's site comes after (:func:`shared_hand_site`)."""
    arrays = game.arrays
    if HAND_SITES in arrays:
        total = len(arrays[HAND_SITES])
        return total // game.num_players, total
    if HAND in arrays:
        return 1, game.num_players
    return 0, 0


def shared_hand_site(game: Game) -> int:
    """The site of the shared hand (``(hand Shared)``), after the players' hands; -1 for none."""
    if HAND_SHARED not in game.arrays:
        return -1
    return game.topology.n + hand_layout(game)[1]


def shared_hand_size(game: Game) -> int:
    """How many sites the shared hand has: its size (``(hand Shared size:N)``), else one
    (a counted supply); 0 without a shared hand."""
    if HAND_SHARED not in game.arrays:
        return 0
    sited = game.arrays.get(HAND_SHARED_SITES)
    return len(sited) if sited is not None else 1


def off_board_sites(game: Game) -> int:
    """How many sites the hands have after the board's (the dice's come next)."""
    return hand_layout(game)[1] + shared_hand_size(game)


def site_label(game: Game, site: int) -> str:
    """The label of any site: the board's own, a hand's (``Hand1``, ``Hand1_2``) or a die's
    (``Die1``); the number itself for a site that is none of these."""
    labels = game.topology.labels
    if 0 <= site < len(labels):
        return labels[site]
    per_hand, hands = hand_layout(game)
    k = site - len(labels)
    if 0 <= k < hands:
        player, index = divmod(k, per_hand)
        return f"Hand{player + 1}" if per_hand == 1 else f"Hand{player + 1}_{index + 1}"
    shared = shared_hand_site(game)
    if shared >= 0 and 0 <= site - shared < shared_hand_size(game):
        return "HandShared" if site == shared else f"HandShared_{site - shared + 1}"
    k -= off_board_sites(game)
    if 0 <= k < sum(ds.size for ds in game.dice):
        return f"Die{k + 1}"
    return str(site)


def site_of_label(game: Game, label: str) -> int:
    """The site a label names (case-insensitive), a board's or a hand's; -1 for none."""
    site = game.topology.site(label)
    if site >= 0:
        return site
    per_hand, hands = hand_layout(game)
    text = label.strip().lower()
    if text == "handshared":
        return shared_hand_site(game)
    if text.startswith("handshared_") and text[11:].isdigit() and 2 <= int(text[11:]) <= shared_hand_size(game):
        return shared_hand_site(game) + int(text[11:]) - 1
    if not per_hand or not text.startswith("hand"):
        return -1
    player, _, index = text[4:].partition("_")
    if not player.isdigit() or (per_hand > 1) != bool(index) or (index and not index.isdigit()):
        return -1
    p, k = int(player), int(index) if index else 1
    if not (1 <= p <= game.num_players and 1 <= k <= per_hand):
        return -1
    return len(game.topology.labels) + (p - 1) * per_hand + k - 1


__all__ = ["hand_layout", "shared_hand_site", "shared_hand_size", "off_board_sites", "site_label", "site_of_label"]
