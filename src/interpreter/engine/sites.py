"""The labels of the sites after the board's: the hands' (Ludii numbers every container's sites
in turn: the board's, then each player's hand, then the dice's).

A player's hand of one site (``(hand Each)``) is ``Hand1``, ``Hand2``...; a hand of several
sites (``(hand Each size:3)``) has ``Hand1_1``, ``Hand1_2``...; the shared hand (``(hand
Shared)``) is ``HandShared``; the dice are ``Die1``,
``Die2``... Moves name hand sites by these labels (``Hand1-A2``), and read them back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .arrays import HAND, HAND_SHARED, HAND_SITES
from .handsites import hand_players, hand_slot, player_hand_size, shared_sites, slot_player

if TYPE_CHECKING:
    from .game import Game


def hand_layout(game: Game) -> tuple[int, int]:
    """(sites per hand, number of sites of the players' hands) after the board's; (0, 0)
    without them. A shared hand's sites come after (:func:`shared_hand_site`)."""
    arrays = game.arrays
    owners = len(hand_players(arrays, game.num_players))
    if HAND_SITES in arrays:
        size = player_hand_size(arrays, game.num_players)
        return size, size * owners
    if HAND in arrays:  # counted hands: one site each, for every player or for those declared
        return 1, owners
    return 0, 0


def shared_hand_site(game: Game) -> int:
    """The (first) site of the shared hand (``(hand Shared)``, ``(hand Shared size:N)``), after
    the players' hands; -1 for none."""
    if HAND_SHARED not in game.arrays and not shared_sites(game.arrays):
        return -1
    return game.topology.n + hand_layout(game)[1]


def off_board_sites(game: Game) -> int:
    """How many sites the hands (and a deck) have after the board's (the dice's come next)."""
    from .decks import deck_sites
    return (hand_layout(game)[1] + (1 if HAND_SHARED in game.arrays else shared_sites(game.arrays))
            + deck_sites(game.arrays))


def container_sites(game: Game, k: int) -> range:
    """The sites of Ludii's container number ``k``: 0 the board, then each player's hand (of
    one site or of several), then the shared hand; none for a number that names no container."""
    n = game.topology.n
    if k == 0:
        return range(n)
    per_hand, hands = hand_layout(game)
    players = hands // per_hand if per_hand else 0
    if 1 <= k <= players:
        return range(n + (k - 1) * per_hand, n + k * per_hand)
    shared = shared_hand_site(game)
    if k == players + 1 and shared >= 0:
        return range(shared, shared + max(1, shared_sites(game.arrays)))
    return range(0)


def site_label(game: Game, site: int) -> str:
    """The label of any site: the board's own, a hand's (``Hand1``, ``Hand1_2``) or a die's
    (``Die1``); the number itself for a site that is none of these."""
    labels = game.topology.labels
    if 0 <= site < len(labels):
        return labels[site]
    per_hand, hands = hand_layout(game)
    from .decks import DECK, hands_first
    k = site - len(labels)
    if DECK in game.arrays and k == game.arrays[DECK][0]:
        return "Deck"
    h = k - hands_first(game.arrays)
    if 0 <= h < hands:
        slot, index = divmod(h, per_hand)
        player = slot_player(game.arrays, game.num_players, slot)  # Ludii's name: Hand + its owner
        return f"Hand{player}" if per_hand == 1 else f"Hand{player}_{index + 1}"
    shared = shared_sites(game.arrays)
    if shared and 0 <= k - hands < shared:
        return "HandShared" if shared == 1 else f"HandShared_{k - hands + 1}"
    if site == shared_hand_site(game):
        return "HandShared"
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
    from .decks import DECK, hands_first
    if text == "deck" and DECK in game.arrays:
        return len(game.topology.labels) + int(game.arrays[DECK][0])
    if text == "handshared":
        return shared_hand_site(game)
    shared = shared_sites(game.arrays)
    if shared > 1 and text.startswith("handshared_") and text[11:].isdigit():
        k = int(text[11:])
        return shared_hand_site(game) + k - 1 if 1 <= k <= shared else -1
    if not per_hand or not text.startswith("hand"):
        return -1
    player, _, index = text[4:].partition("_")
    if not player.isdigit() or (per_hand > 1) != bool(index) or (index and not index.isdigit()):
        return -1
    p, k = int(player), int(index) if index else 1
    slot = hand_slot(game.arrays, game.num_players, p)
    if not (slot >= 0 and 1 <= k <= per_hand):
        return -1
    return len(game.topology.labels) + hands_first(game.arrays) + slot * per_hand + k - 1


__all__ = ["hand_layout", "container_sites", "shared_hand_site", "off_board_sites", "site_label", "site_of_label"]
