"""Ludii's stored state: ``remember State`` keeps the position as it is now (Ludii's
``storedState``, a hash of the board), and ``avoidStoredState`` keeps only the moves that do
not bring it back (Arimaa: a turn must change the position)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import turns
from ..engine.env import Env
from ..engine.movegen import FnGen, MoveGen
from .base import MOVES, MOVES_T, THEN, Ludeme, Param, kind_of
from .effects import _Effect

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.move import Move
    from ..engine.state import State

STORED_STATE = "stored_state"  # [the position remembered] (None: none yet, Ludii's 0)
_THEN = kind_of(THEN)


def declare_stored_state(d: Declarations) -> None:
    d.array(STORED_STATE, [None])


def position_key(s: State) -> int:
    """The position as Ludii's state hash sees it: the pieces on every site with what each of
    them holds (states, values, counts, the stacks), not the player to move or the scores."""
    parts: list[Any] = [tuple(s.what)]
    game = s.game
    for name in game.piece_arrays:
        parts.append(tuple(s.arrays[name]))
    for name in ("count", "stack", "hand", "hand_sites"):  # what else holds pieces
        if name in s.arrays and name not in game.piece_arrays:
            parts.append(tuple(s.arrays[name]))
    return hash(tuple(parts))


class RememberState(_Effect):
    """Remember the position as it is now (one at a time: the last remembered), for
    ``avoidStoredState``.

    Parameters:
        then: consequences

    Examples:
        (remember State)
    """

    name = "remember State"
    then: Any = Param(_THEN, optional=True)

    def declare(self, d: Declarations, c: Any) -> None:
        declare_stored_state(d)

    def compile_effect(self, c: Compiler):
        then = self.then.compile_effect(c) if self.then is not None else None

        def run(s: State, e: Env) -> None:
            s.set_item(s.arrays[STORED_STATE], 0, position_key(s))
            if then is not None:
                then(s, e)
        return run


class AvoidStoredState(Ludeme):
    """Only the moves that do not bring back the position ``remember State`` remembered: each is
    tried (its action and consequences) and kept when the position it leaves differs (every move,
    before anything is remembered). As in Ludii, ``then`` is not added to the moves kept.

    Parameters:
        moves: the moves filtered
        then: consequences (not used, as in Ludii)

    Examples:
        (avoidStoredState (forEach Piece))
    """

    name = "avoidStoredState"
    kind = MOVES
    concepts = ("CopyContext", "PositionalSuperko")
    moves: Any = Param(MOVES_T)
    then: Any = Param(_THEN, optional=True)

    def declare(self, d: Declarations, c: Any) -> None:
        declare_stored_state(d)

    def compile(self, c: Compiler) -> MoveGen:
        inner = c.moves(self.moves)

        def changes(s: State, move: Move, stored: int) -> bool:
            mark = s.mark()
            try:
                s.ply += 1  # as a move played: it counts itself and becomes the last move
                turns.act(s, move)
                return position_key(s) != stored
            finally:
                s.rollback(mark)

        def gen(s: State, e: Env) -> list[Move]:
            found = list(inner.moves(s, e))
            stored = s.arrays[STORED_STATE][0]
            if stored is None:
                return found
            return [m for m in found if changes(s, m, stored)]
        return FnGen(gen, unique=inner.unique)


__all__ = ["AvoidStoredState", "RememberState", "STORED_STATE", "position_key"]
