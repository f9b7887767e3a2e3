"""Directions relative to a facing (Ludii's ``RelativeDirection``): ``Forward``, ``FL``,
``Rightward``, ``Backwards``... turned into the compass directions of a board.

A piece faces a compass direction: the one its declaration gives (``(piece "Pawn" Each N)``),
else its owner's (``(players {(player N) (player S)})``), else North. Relative directions are
read from there: ``Forward`` is the facing itself, ``Backward`` its opposite, ``Leftward`` and
``Rightward`` a quarter turn, ``FL``/``FR`` the nearest directions of the board between forward
and the side (forward-left/right: a Chess pawn's captures), ``BL``/``BR`` the same behind;
``Forwards``, ``Backwards``, ``Leftwards``, ``Rightwards`` every direction of the board in that
half-plane.
"""

from __future__ import annotations

from typing import Sequence

from .boards.trajectories import COMPASS

# relative name -> (first offset, step, count): the compass offsets (16ths of a turn) tried in
# order from the facing; the first the board has is taken
_SINGLE = {
    "Forward": (0,), "Backward": (8,), "Leftward": (12,), "Rightward": (4,),
    "FL": (14, 13, 15), "FR": (2, 3, 1), "BL": (10, 11, 9), "BR": (6, 5, 7),
}
_HALF = {  # every direction whose offset from the facing is in the set
    "Forwards": {13, 14, 15, 0, 1, 2, 3}, "Backwards": {5, 6, 7, 8, 9, 10, 11},
    "Leftwards": {9, 10, 11, 12, 13, 14, 15}, "Rightwards": {1, 2, 3, 4, 5, 6, 7},
}
RELATIVE = tuple(_SINGLE) + tuple(_HALF)
FACINGS = tuple(COMPASS)


def relative(name: str, facing: str, available: Sequence[str]) -> tuple[str, ...]:
    """The compass directions among ``available`` (a board's) that ``name`` means for a piece
    facing ``facing``; empty when the board has none there."""
    base = COMPASS.index(facing)
    if name in _SINGLE:
        for offset in _SINGLE[name]:
            d = COMPASS[(base + offset) % 16]
            if d in available:
                return (d,)
        return ()
    wanted = _HALF[name]
    return tuple(d for d in available if (COMPASS.index(d) - base) % 16 in wanted)


__all__ = ["RELATIVE", "FACINGS", "relative"]
