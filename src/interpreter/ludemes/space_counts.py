"""Pieces held off the board, as Ludii's ``count Pieces`` counts them (issue 24, space games).

Ludii's CountPieces walks every site a player owns a piece on (``State.owned()``), in every
container: the hands as well as the board, adding each site's count. So ``(count Pieces P2)``
without ``in:`` counts the pieces in P2's hand too (Moxie: eight pieces in hand are not "at most
two"). These helpers give the pieces the hands hold, for the counts that take no region.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.arrays import HAND, HAND_SITE_COUNT, HAND_SITES

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State

#: held(state, player or None for everybody's) -> how many pieces the hands hold
Held = Callable[["State", "int | None"], int]


def pieces_in_hands(c: Compiler, kinds: frozenset[int] | None) -> Held | None:
    """How many pieces of a player (of ``kinds`` only, when given) the hands hold: the pieces
    counted by kind (``(hand Each)``) and those on the sites of hands (``(hand Each size:N)``,
    each site with its count); None when the game has no hand."""
    arrays = c.game.arrays
    if HAND not in arrays and HAND_SITES not in arrays:
        return None
    owner_of = c.game.owner_of

    def wanted(piece: int, p: int | None) -> bool:
        return bool(piece) and (p is None or owner_of[piece] == p) and (kinds is None or piece in kinds)

    def held(s: State, p: int | None) -> int:
        total = 0
        by_kind = s.arrays.get(HAND)
        if by_kind is not None:
            total += sum(n for piece, n in enumerate(by_kind) if n and wanted(piece, p))
        sites = s.arrays.get(HAND_SITES)
        if sites is not None:
            counts: Any = s.arrays.get(HAND_SITE_COUNT)
            for i, piece in enumerate(sites):
                if wanted(piece, p):
                    total += max(counts[i], 1) if counts is not None else 1
        return total
    return held


__all__ = ["pieces_in_hands"]
