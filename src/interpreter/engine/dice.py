"""Dice: a game's set of dice, rolled from the state's own random sequence.

The faces of each die are the game's (``Game.dice``: one tuple of face values per die). A state
keeps the values last rolled (the array ``dice``) and its random sequence (the array ``rng``,
one number; both in :attr:`State.arrays`): rolling draws each die's face from that sequence, mixed with the ply, and writes
both arrays through the journal. So a position decides its rolls: legal moves are a function of
the position, undo takes a roll back, and replaying a game's moves rolls the same dice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import State

DICE = "dice"
RNG = "rng"
SEED = 0x5EED  # the random sequence a new game starts from
_MASK = (1 << 64) - 1


def _mix(x: int) -> int:
    """SplitMix64's finaliser: a well-spread 64-bit number from any 64-bit number."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def roll(state: "State") -> None:
    """Roll every die of the game: new values in the ``dice`` array, the sequence moved on."""
    faces = state.game.dice
    rng = state.arrays[RNG]
    x = rng[0]
    values = state.arrays[DICE]
    for i, die in enumerate(faces):
        x = _mix(x ^ (state.ply * 0x1000193 + i))
        value = die[(x >> 33) % len(die)]
        if values[i] != value:
            state.set_item(values, i, value)
    state.set_item(rng, 0, x & 0x7FFFFFFF)


def pips(state: "State") -> int:
    """The sum of the dice's values."""
    return sum(state.arrays[DICE])


__all__ = ["DICE", "RNG", "SEED", "roll", "pips"]
