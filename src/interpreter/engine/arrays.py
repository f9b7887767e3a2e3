"""The names of the state arrays (:attr:`State.arrays`) that the engine and the rules share.

A game declares the arrays its rules need (:class:`~.game.Declarations`); these are the ones
read in more than one place.
"""

from collections.abc import Mapping, Sequence

HAND = "hand"  # pieces in hand per kind of piece (games with (hand Each))
HAND_SITES = "hand_sites"  # Ludii's hands of sites: the piece per site, players in turn
HAND_SITE_COUNT = "hand_site_count"  # their counts: how many pieces a hand's site holds (0 read as 1)
HAND_SHARED = "hand_shared"  # the game has a shared hand ((hand Shared)): one site after the players'
# the shared hand has sites ((hand Shared size:N)): [N]; its sites are the last N of HAND_SITES
HAND_SHARED_SITES = "hand_shared_sites"
HAND_PLAYERS = "hand_players"  # the game has counted hands for P1 to P[k] only ((hand P1)): [k]
COUNT = "count"  # pieces per site (engine.counts)
# (ply noted, site, site): where the last move's effects last put and took pieces (ply -1: none
# yet; cleared when a move becomes the last one, engine.turns.act)
EFFECT_TO = "effect_to"
RANKS = "ranks"  # each player's rank once out of a ranked game (0 while they play)
# per player, 1 once a result of a ranked game made them a winner, at whatever rank (Ludii's
# Context.winners: who wins second is one; the match's points go by it)
WON = "won"
PENDING = "pending"  # [value, ply it was set at]: a move's pending value ((set Pending ...)), for the next move
PENDING_SITES = "pending_sites"  # [values, ply they were set at]: every value a move set pending
AMOUNTS = "amounts"  # per player (index 0 unused): the money they hold ((set Amount ...))
TRIGGERED = "triggered_"  # the start of the name of an event's array: per player, whether it was raised
PUZZLE = "puzzle"  # a deduction puzzle's sites: per site, the bit mask of the values still possible


def resolved(mask: int) -> bool:
    """Whether a puzzle site of this mask has one value left (its value is known)."""
    return mask != 0 and mask & (mask - 1) == 0


def value_of(mask: int) -> int:
    """The value of a resolved puzzle site."""
    return mask.bit_length() - 1


def puzzle_values(arrays: Mapping[str, Sequence[int]], n: int) -> list[int | None] | None:
    """Each of the ``n`` sites' value in a deduction puzzle (None while more than one is
    possible), for pictures; None when the game is no puzzle on those sites."""
    masks = arrays.get(PUZZLE)
    if masks is None or len(masks) != n:
        return None
    return [value_of(m) if resolved(m) else None for m in masks]

__all__ = ["HAND", "HAND_SITES", "HAND_SITE_COUNT", "HAND_SHARED", "HAND_SHARED_SITES", "HAND_PLAYERS", "COUNT",
           "EFFECT_TO", "RANKS", "WON", "PENDING", "PENDING_SITES", "AMOUNTS", "TRIGGERED", "PUZZLE", "resolved",
           "value_of", "puzzle_values"]
