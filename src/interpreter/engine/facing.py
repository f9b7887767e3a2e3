"""Directions relative to a facing (Ludii's ``RelativeDirection``): ``Forward``, ``FL``,
``Rightward``, ``Backwards``... turned into the compass directions of a board.

A piece faces a compass direction: the one its declaration gives (``(piece "Pawn" Each N)``),
else its owner's (``(players {(player N) (player S)})``), else North. Relative directions are
read from there, on the 16-point compass, among the directions the board *supports* for a
relation (Ludii's ``Topology.supportedDirections``: the compass labels of the relation's steps
anywhere on the board; ``Adjacent`` unless ``(directions ... of:...)`` names another, so a
board of vertices, whose adjacent steps are its lines, has no diagonal FL or FR):

- ``Forward`` the facing, ``Backward`` its opposite, ``Leftward``/``Rightward`` a quarter turn,
  each if supported;
- ``FR`` the first supported direction turning clockwise from the facing (one 16th of a turn
  on, then the next...), ``FL`` the same anticlockwise; ``BR``/``BL`` the same from the
  opposite of the facing (so, as in Ludii, ``BR`` of a piece facing North is South-West and
  ``BL`` South-East); ``FRR``... are Ludii's spellings of the same;
- ``Forwards``, ``Backwards``, ``Leftwards``, ``Rightwards`` every supported direction in that
  half-plane (excluding the two directions on its edge).
"""

from __future__ import annotations

from collections.abc import Sequence

from .boards.trajectories import COMPASS

# relative name -> (start offset in 16ths of a turn from the facing, turn per try: +1 clockwise)
_TURNING = {
    "FR": (1, 1), "FRR": (1, 1), "FRRR": (1, 1), "FL": (15, -1), "FLL": (15, -1), "FLLL": (15, -1),
    "BR": (9, 1), "BRR": (9, 1), "BRRR": (9, 1), "BL": (7, -1), "BLL": (7, -1), "BLLL": (7, -1),
}
_FIXED = {"Forward": 0, "Backward": 8, "Leftward": 12, "Rightward": 4}
_HALF = {  # every direction whose offset from the facing is in the set
    "Forwards": {13, 14, 15, 0, 1, 2, 3}, "Backwards": {5, 6, 7, 8, 9, 10, 11},
    "Leftwards": {9, 10, 11, 12, 13, 14, 15}, "Rightwards": {1, 2, 3, 4, 5, 6, 7},
}
RELATIVE = tuple(_FIXED) + tuple(_TURNING) + tuple(_HALF)
FACINGS = tuple(COMPASS)


def relative(name: str, facing: str, supported: Sequence[str]) -> tuple[str, ...]:
    """The compass directions among ``supported`` (a board's, for the relation asked) that
    ``name`` means for a piece facing ``facing``; empty when there is none."""
    base = COMPASS.index(facing)
    if name in _FIXED:
        d = COMPASS[(base + _FIXED[name]) % 16]
        return (d,) if d in supported else ()
    if name in _TURNING:
        start, turn = _TURNING[name]
        for k in range(16):
            d = COMPASS[(base + start + turn * k) % 16]
            if d in supported:
                return (d,)
        return ()
    wanted = _HALF[name]
    return tuple(d for d in COMPASS if d in supported and (COMPASS.index(d) - base) % 16 in wanted)


__all__ = ["RELATIVE", "FACINGS", "relative"]
