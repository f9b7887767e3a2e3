"""Ludii's ``max Moves``: of the moves given, only those that let the player make the most
moves in the turn (a capture sequence that goes on longest, as the draughts rules ask).

Each move is played on the state (the whole turn machinery: consequences, moving again, the
end of the game) and the player's following moves in the same turn are explored, each taken
back after; a move's count is the longest such sequence (1 when the turn ends with it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import stacks, turns
from ..engine.env import ROOT, Env
from ..engine.move import MOVE
from ..engine.movegen import FnGen, MoveGen, with_rules
from ..engine.state import _restore_site
from .base import BOOL_FN, MOVES, MOVES_T, THEN, Ludeme, Param, kind_of
from .variables import PIECE_VALUES

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.move import Move
    from ..engine.state import State


def _taken(s: State, move: Move, start: int) -> list[int]:
    """The sites whose piece the move (applied since the journal's length ``start``) took off
    the board, once per piece taken (Ludii's ActionRemove): a site whose piece was replaced by
    nothing, not counting the move's own departure from its ``from`` site. In a stacking game,
    the pieces its counts lost (a level taken off the top of a stack leaves a piece there)."""
    log = s._log
    before: dict[int, list[int]] = {}
    for restore, _container, key, old in log[start:]:
        if restore is _restore_site:
            before.setdefault(key, []).append(old[0])
    out: list[int] = []
    for site, olds in before.items():
        values = olds + [s.what[site]]
        out.extend(site for a, b in zip(values, values[1:]) if a and not b)
    if move.kind == MOVE and move.frm in out:
        out.remove(move.frm)  # the piece that moved, not a capture
    return out


def _count(s: State, move: Move, so_far: int, with_value: bool, own: Any = None) -> int:
    """The longest number of moves (or captured value) of the turn ``move`` starts, from ``s``
    (taken back after). A capture's value is the value of its piece (Ludii's ``cs.value`` of
    the site: ``(place ... value:)``, ``(set Value at:...)``), read before the move. ``own``
    (see :func:`_own_moves`) gives the turn's next moves unfiltered when the legal moves are
    exactly this ``max Moves``' own: their longest is the longest of those it keeps, so each
    sequence is explored once, not again for every level of the filter (Ludii's result, in
    time linear in the sequences rather than growing with their depth)."""
    mover = s.mover
    values = s.arrays.get(PIECE_VALUES) if with_value else None
    before = list(values) if values is not None else None
    heights = [stacks.size(s, x) for x in range(len(s.what))] if before is not None and s.game.stacking else None
    start = len(s._log)
    turns.play(s, move)
    try:
        if not with_value:
            count = so_far + 1
        elif before is None:
            count = so_far
        elif heights is not None:  # a stacking game: each piece taken off a stack (Ludii's ActionRemove
            # per piece, count:), at the value of the stack's top
            count = so_far + sum(before[x] * (h - stacks.size(s, x)) for x, h in enumerate(heights)
                                 if h > stacks.size(s, x) and not (move.kind == MOVE and x == move.frm))
        else:
            count = so_far + sum(before[site] for site in _taken(s, move, start))
        if s.over or s.mover != mover:
            return count
        nexts = own(s, with_value) if own is not None else None
        best = 0
        for nxt in tuple(s.legal_moves()) if not nexts else nexts:
            best = max(best, _count(s, nxt, count, with_value, own))
        return best
    finally:
        s.undo()


class MaxMoves(Ludeme):
    """Only the moves that allow the most moves in the turn: each is tried with everything
    that follows it while the same player moves again (``moveAgain``), and the moves whose
    longest sequence is the longest of all are kept. With ``withValue:True``, the sum of the
    values of the pieces taken off the board along the sequence is maximised instead.

    Parameters:
        withValue: True: maximise the values of the pieces captured, not the number of moves
        moves: the moves filtered
        then: consequences of each move kept

    Examples:
        (max Moves (forEach Piece))
        (max Moves withValue:True (forEach Piece))
    """

    name = "max Moves"
    kind = MOVES
    concepts = ("MaxMovesInTurn", "CopyContext")
    withValue: Any = Param(BOOL_FN, optional=True, named=True)
    moves: Any = Param(MOVES_T)
    then: Any = Param(kind_of(THEN), optional=True)

    def compile(self, c: Compiler) -> MoveGen:
        inner = c.moves(self.moves)
        with_value = c.bool(self.withValue) if self.withValue is not None else (lambda s, e: False)
        def longest(s: State, e: Env) -> list:
            found = inner.moves(s, e)
            if len(found) <= 1:
                return found
            weigh = bool(with_value(s, e))
            counts = [_count(s, m, 0, weigh, own) for m in found]
            best = max(counts)
            return [m for m, n in zip(found, counts) if n == best]

        def own(s: State, weigh: bool) -> list | None:
            """The moves this ``max Moves`` filters, when they make the mover's legal moves:
            the phase's play rule is this ludeme itself (without ``then``), with no meta rule adding or forbidding
            moves and the same ``withValue:``; None otherwise (or when there is none: a pass)."""
            game = s.game
            if made is not gen or game.phases[s.phase].play is not gen or game.meta_moves or game.move_filters \
                    or game.simultaneous or game.simulation or bool(with_value(s, ROOT)) != weigh:
                return None
            s._moving.append(s.mover)
            try:
                return inner.moves(s, ROOT) or None
            finally:
                s._moving.pop()
        gen = _Longest(longest, inner)
        made = with_rules(gen, c.rule(after=self.then.compile_effect(c) if self.then is not None else None))
        return made


class _Longest(FnGen):
    """The longest moves; whether there is any is asked of the moves filtered, without trying
    them (as Ludii's canMove)."""

    def __init__(self, fn: Any, inner: MoveGen):
        super().__init__(fn, unique=inner.unique)
        self.inner = inner

    def first(self, s: State, e: Env):
        return self.inner.first(s, e)


__all__ = ["MaxMoves"]
