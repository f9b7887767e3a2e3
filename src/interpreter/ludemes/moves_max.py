"""Ludii's ``max Captures`` and ``max Distance``: filters of moves (with ``max Moves``, in
:mod:`.maxmoves`), each move tried on the position and taken back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import turns
from ..engine.env import Env
from ..engine.move import ADD
from ..engine.movegen import FnGen, MoveGen
from .base import BOOL_FN, MOVES, MOVES_T, ROLE, STR_LIT, THEN, Either, Instance, Ludeme, Param, kind_of
from .containers import owner_fn
from .maxmoves import _Longest, _taken
from .tracks import _players, _tracks
from .variables import PIECE_VALUES

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.move import Move
    from ..engine.state import State


def _captures(s: State, move: Move, weigh: bool) -> int:
    """How many pieces ``move`` takes (with its consequences), or the sum of their values
    (``weigh``: the value of their sites before the move, as Ludii's)."""
    values = s.arrays.get(PIECE_VALUES)
    before_values = list(values) if weigh and values is not None else None
    stacking = s.game.stacking
    pieces = sum(s.counts) if stacking else 0
    mark = s.mark()
    try:
        start = len(s._log)
        s.ply += 1  # as a move played: it counts itself and becomes the last move
        turns.act(s, move)
        taken = _taken(s, move, start)
        if stacking and not weigh:
            return max(len(taken), pieces - sum(s.counts) + (1 if move.kind == ADD else 0))
        if not weigh:
            return len(taken)
        return sum(before_values[site] for site in taken) if before_values is not None else 0
    finally:
        s.rollback(mark)


class MaxCaptures(Ludeme):
    """Only the moves that take the most pieces: each move is tried with its consequences and
    the pieces it takes off the board are counted (a replacement without a removal counts
    none, as Ludii's ActionRemove). With ``withValue:True``, the values of the pieces taken
    (the value ``set Value at:`` gave their sites, 0 otherwise) are summed instead. As in
    Ludii, ``then`` is not added to the moves kept.

    Parameters:
        withValue: True: maximise the values of the pieces taken, not their number
        moves: the moves filtered
        then: consequences (not used, as in Ludii)

    Examples:
        (max Captures (forEach Piece))
        (max Captures withValue:True (forEach Piece))
    """

    name = "max Captures"
    kind = MOVES
    concepts = ("MaxCapture", "CopyContext")
    withValue: Any = Param(BOOL_FN, optional=True, named=True)
    moves: Any = Param(MOVES_T)
    then: Any = Param(kind_of(THEN), optional=True)

    def compile(self, c: Compiler) -> MoveGen:
        inner = c.moves(self.moves)
        with_value = c.bool(self.withValue) if self.withValue is not None else (lambda s, e: False)

        def most(s: State, e: Env) -> list[Move]:
            found = list(inner.moves(s, e))
            if not found:
                return found
            weigh = bool(with_value(s, e))
            counts = [_captures(s, m, weigh) for m in found]
            best = max(0, *counts)
            return [m for m, n in zip(found, counts) if n == best]
        return _Longest(most, inner)


class MaxDistance(Ludeme):
    """Ludii's ``max Distance``: meant to keep the moves going furthest along a track, but as
    Ludii's class does (it works the distances out, then returns the moves unfiltered), the
    moves given, all of them, when the track exists; none when it does not (the first track,
    the track of that exact name without an owner, or the owner's first track whose name
    contains it). As in Ludii, ``then`` is not added to the moves.

    Parameters:
        title: the track's name, or part of it
        role: the owner of the track
        moves: the moves filtered
        then: consequences (not used, as in Ludii)

    Examples:
        (max Distance (forEach Piece))
        (max Distance "Track" Mover (forEach Piece))
    """

    name = "max Distance"
    kind = MOVES
    concepts = ("MaxDistance", "CopyContext")
    title: Any = Param(STR_LIT, optional=True)
    role: Any = Param(Either((ROLE, Instance("player"))), optional=True)
    moves: Any = Param(MOVES_T)
    then: Any = Param(kind_of(THEN), optional=True)

    def compile(self, c: Compiler) -> MoveGen:
        tracks = _tracks(c, self)
        title = self.title.value if self.title is not None else None
        inner = c.moves(self.moves)
        if title is None:
            table = {p: tracks[0] for p in _players(c)}
            who: Any = lambda s, e: 0  # noqa: E731
        elif self.role is None:
            named = next((t for t in tracks if t.name == title), None)
            table = {p: named for p in _players(c)}
            who = lambda s, e: 0  # noqa: E731
        else:
            who = owner_fn(c, self.role)
            table = {p: next((t for t in tracks if t.owner == p and title in t.name), None) for p in _players(c)}

        def gen(s: State, e: Env) -> list[Move]:
            if table.get(who(s, e)) is None:
                return []
            return list(inner.moves(s, e))
        return FnGen(gen, unique=inner.unique)


__all__ = ["MaxCaptures", "MaxDistance"]
