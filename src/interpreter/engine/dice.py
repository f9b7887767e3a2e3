"""Dice: a game's sets of dice, rolled from the state's own random sequence (Ludii's ``Dice``
containers and their ``Die`` pieces).

A game has one set of dice per owner (Ludii merges the dice of one owner into one container):
:class:`DiceSet` says whose it is and the face values of each of its dice. The state keeps, for
every die of every set in order (all in :attr:`State.arrays`, written through the journal):

- ``dice``: the value it shows now, 0 once a move used it (Ludii's ``currentDice``);
- ``dice_face``: the face it rests on (an index into its faces; Ludii's die site state), from
  which ``(count Pips)`` and ``(face ...)`` read the value rolled, used or not;
- ``dice_equal``: 1 when the dice were all equal when last rolled (``(all DiceEqual)``);
- ``temp``: Ludii's state value ``temp`` (the value of a double being replayed, -1 for none);
- ``rng``: the random sequence, one number.

Rolling draws each die's face from that sequence, mixed with the ply, so a position decides its
rolls: legal moves are a function of the position, undo takes a roll back, and replaying a
game's moves rolls the same dice. The chance outcome can also be given instead of drawn
(:func:`given`): the faces a roll then shows, e.g. to follow a game recorded elsewhere.
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Declarations
    from .state import State

DICE = "dice"
DICE_FACE = "dice_face"
DICE_EQUAL = "dice_equal"
TEMP = "temp"
RNG = "rng"
SEED = 0x5EED  # the random sequence a new game starts from
UNDEFINED = -1  # Ludii's Constants.UNDEFINED (no temp value)
_MASK = (1 << 64) - 1


@dataclass(frozen=True)
class DiceSet:
    """One of Ludii's dice containers: the dice of one owner (a player; 0 for Neutral; the
    number of players plus one for Shared, as Ludii numbers that role), each with its face
    values, and the index of its first die among all the game's dice."""

    owner: int
    faces: tuple[tuple[int, ...], ...]
    first: int = 0

    @property
    def size(self) -> int:
        """How many dice the set has."""
        return len(self.faces)

    @property
    def dice(self) -> range:
        """The indices of its dice among all the game's dice."""
        return range(self.first, self.first + len(self.faces))


def all_faces(sets: Sequence[DiceSet]) -> list[tuple[int, ...]]:
    """The faces of every die of the game, in order."""
    return [f for ds in sets for f in ds.faces]


def initial_arrays(sets: Sequence[DiceSet]) -> dict[str, list[int]]:
    """The dice arrays of a new game: every die on its first face (Ludii places each die with
    state 0), nothing used, no double."""
    faces = all_faces(sets)
    return {DICE: [f[0] for f in faces], DICE_FACE: [0] * len(faces), DICE_EQUAL: [0], TEMP: [UNDEFINED],
            RNG: [SEED]}


def _mix(x: int) -> int:
    """SplitMix64's finaliser: a well-spread 64-bit number from any 64-bit number."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


# chance outcomes given instead of drawn, per state (see given()); rolls made, per state
_GIVEN: weakref.WeakKeyDictionary[State, tuple[int, ...]] = weakref.WeakKeyDictionary()
_ROLLS: weakref.WeakKeyDictionary[State, int] = weakref.WeakKeyDictionary()
_DRAWN: weakref.WeakKeyDictionary[State, tuple[int, ...]] = weakref.WeakKeyDictionary()  # the last roll's faces


def roll(state: State) -> None:
    """Roll every die of the game (Ludii's ``(roll)``): each rests on a face drawn from the
    state's random sequence (or given, see :func:`given`) and shows its value, unused; the dice
    are all equal when they rest on the same face (Ludii compares the faces drawn)."""
    faces = all_faces(state.game.dice)
    arrays = state.arrays
    rng = arrays[RNG]
    x = rng[0]
    forced = _GIVEN.get(state)
    values, rest = arrays[DICE], arrays[DICE_FACE]
    drawn = []
    for i, die in enumerate(faces):
        x = _mix(x ^ (state.ply * 0x1000193 + i))
        index = forced[i] if forced is not None else (x >> 33) % len(die)
        drawn.append(index)
        if rest[i] != index:
            state.set_item(rest, i, index)
        if values[i] != die[index]:
            state.set_item(values, i, die[index])
    equal = int(len(set(drawn)) <= 1)
    if arrays[DICE_EQUAL][0] != equal:
        state.set_item(arrays[DICE_EQUAL], 0, equal)
    state.set_item(rng, 0, x & 0x7FFFFFFF)
    _ROLLS[state] = _ROLLS.get(state, 0) + 1
    _DRAWN[state] = tuple(drawn)


def _rolling(state: State) -> tuple[State, ...]:
    """The states whose rolls ``state``'s moves make: itself, and in a match the state of the
    game being played (engine.matchplay: a match plays its games' own states)."""
    inner = state.__dict__.get("sub")
    return (state,) if inner is None else (state, inner)


def rolls(state: State) -> int:
    """How many rolls were made on ``state`` so far, tried ones included (a roll before the
    legal moves are listed is made, then taken back): tells whether listing moves rolled."""
    return sum(_ROLLS.get(s, 0) for s in _rolling(state))


@contextmanager
def given(state: State, faces: Sequence[int]) -> Iterator[None]:
    """Within the block, the rolls made on ``state`` rest each die on the face given (an index
    into its faces) instead of drawing it: the legal moves listed and the moves played show that
    chance outcome. The legal moves are worked out afresh inside and after the block."""
    targets = _rolling(state)
    for target in targets:
        _GIVEN[target] = tuple(faces)
        target._legal = None
    try:
        yield
    finally:
        for target in targets:
            _GIVEN.pop(target, None)
            target._legal = None


def advance(state: State) -> None:
    """Move the random sequence on (after every move, in a game drawing random values): the
    next position draws afresh."""
    rng = state.arrays[RNG]
    state.set_item(rng, 0, _mix(rng[0]) & 0x7FFFFFFF)


def declare_random(d: Declarations) -> None:
    """Declare the random sequence (the ``rng`` array) and its moving on after every move, for
    the rules that draw random values (``value Random``, ``sites Random``...)."""
    d.array(RNG, [SEED])
    if advance not in d.after_move:
        d.after_move.append(advance)


def draw(state: State, salt: int, key: int, n: int) -> int:
    """A random number below ``n`` (n > 0), a function of the state's random sequence, of what
    draws it (``salt``: which rule) and of where (``key``: the frame it is evaluated in), so
    that the moves listed and the moves played draw alike."""
    x = _mix((state.arrays[RNG][0] ^ (salt * 0x9E3779B1) ^ (key * 0x85EBCA77)) & _MASK)
    return (x >> 33) % n


def uniform(state: State, salt: int, key: int) -> float:
    """A random number in [0, 1), drawn as :func:`draw` draws."""
    return draw(state, salt, key, 1 << 30) / float(1 << 30)


def outcomes(sets: Sequence[DiceSet]) -> Iterator[tuple[int, ...]]:
    """Every chance outcome of a roll: the face of each die, in order."""
    return itertools.product(*(range(len(f)) for f in all_faces(sets)))


def pips(state: State, dice_set: DiceSet | None = None) -> int:
    """The sum of the values the dice of a set (of all sets by default) were rolled on, used or
    not (Ludii's ``sumDice``)."""
    sets = state.game.dice if dice_set is None else (dice_set,)
    rest = state.arrays[DICE_FACE]
    return sum(ds.faces[j][rest[ds.first + j]] for ds in sets for j in range(ds.size))


def shown(state: State, dice_set: DiceSet) -> list[int]:
    """The values the dice of a set show now (0 for a die already used)."""
    return state.arrays[DICE][dice_set.first:dice_set.first + dice_set.size]


def to_play(state: State) -> list[list[int]]:
    """The values each set's dice show for the move to be chosen in ``state`` (0 for a die
    used): when listing the legal moves rolls them (a roll before the moves, as Ludii's
    ``(do (roll) next:...)``, made and taken back while listing), that roll's; else what they
    show now. For a person choosing a move."""
    probe = state.clone()
    inner = _rolling(probe)[-1]
    probe.legal_moves()
    drawn = _DRAWN.get(inner)
    if not rolls(probe) or drawn is None:
        return [shown(inner, ds) for ds in inner.game.dice]
    faces = all_faces(inner.game.dice)
    values = [faces[i][f] for i, f in enumerate(drawn)]
    return [values[ds.first:ds.first + ds.size] for ds in inner.game.dice]


__all__ = ["DICE", "DICE_FACE", "DICE_EQUAL", "TEMP", "RNG", "SEED", "UNDEFINED", "DiceSet", "all_faces",
           "initial_arrays", "roll", "rolls", "given", "outcomes", "pips", "shown", "to_play", "advance", "declare_random",
           "draw", "uniform"]
