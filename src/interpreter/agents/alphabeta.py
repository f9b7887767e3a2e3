"""Alpha-beta search with a generic evaluation: a player for any description that needs no
playouts.

The evaluation knows nothing of one game: for each player it adds their **score**, their
**material** (pieces on the board) and a small share of their **mobility** (legal moves), and
values a position for the searching player as their own total minus the best opponent's (the
opponents are assumed to play together against them: the *paranoid* search, which works for
any number of players). A won game is worth more than any evaluation, sooner better than
later; a draw is worth 0. A turn of several plies by one mover (``moveAgain``) is searched as
several plies of that player.

The budget is a ``depth`` in plies, or ``seconds`` of iterative deepening (depth 1, 2, ...
until the time is up or ``depth`` is reached; the best move of the deepest finished search is
played; with seconds alone the depth goes up to 64).

    >>> from interpreter import load
    >>> state = load("tic-tac-toe").state_from_text("board: |\\n  3 . . .\\n  2 . x .\\n  1 o o x\\nmover: 2\\n")
    >>> str(AlphaBetaAgent(seed=1, depth=2).choose(state))
    'A3'
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

from ..engine import turns
from ..engine.simultaneous import choices
from .budget import MAX_SECONDS, Stats, compiled_tier, number, whole

if TYPE_CHECKING:
    from ..engine.move import Move
    from ..engine.state import State
    from ..native.api import NativeGame

WIN = 1_000_000.0
MOBILITY = 0.05  # one legal move is worth a twentieth of a piece


class _OutOfTime(Exception):
    pass


class AlphaBetaAgent:
    """Iterative-deepening alpha-beta (paranoid for more than two players) to ``depth`` plies
    (default 2) and/or for ``seconds``; the evaluation weighs score, material and mobility.
    ``stats`` counts the positions evaluated (iterations) and the time."""

    name = "alphabeta"

    MAX_DEPTH = 64

    def __init__(self, seed: int | None = None, depth: int | None = None, seconds: float | None = None):
        if seconds is not None:
            seconds = number("seconds", seconds, 0.0, MAX_SECONDS, open_low=True)
        if depth is None:
            depth = self.MAX_DEPTH if seconds is not None else 2
        self.depth = whole("depth", depth, 1, self.MAX_DEPTH)
        self.seconds = seconds
        self.seed = seed
        self.rng = random.Random(seed)
        self.stats = Stats()
        self._deadline = math.inf
        self._nodes = 0

    def choose(self, state: State) -> Move:
        """The best move of the deepest search finished within the budget."""
        legal = list(choices(state))
        if len(legal) == 1:
            return legal[0]
        self.rng.shuffle(legal)  # equal moves: a random one, not the first generated
        native = compiled_tier(state.game, "alphabeta")
        if native is not None:
            return self._choose_native(native, state, legal)
        started = time.perf_counter()
        self._deadline = started + self.seconds if self.seconds is not None else math.inf
        self._nodes = 0
        work = state.clone()
        me = state.mover
        best = legal[0]
        for depth in range(1, self.depth + 1):
            try:
                value, move = self._root(work, legal, depth, me)
            except _OutOfTime:
                break
            best = move
            legal.remove(move)
            legal.insert(0, move)  # searched first next time: better cut-offs
            if value >= WIN - self.MAX_DEPTH or value <= -WIN + self.MAX_DEPTH:
                break  # a forced result: deeper search changes nothing
        self.stats.add(self._nodes, time.perf_counter() - started)
        return best

    def _choose_native(self, native: NativeGame, state: State, legal: list[Move]) -> Move:
        """The same iterative deepening on the compiled tier: each depth searched natively,
        giving up (and keeping the deeper search's move) past the positions the time allows."""
        import numpy as np
        started = time.perf_counter()
        st = native.from_state(state)
        order = list(legal)
        codes = dict(zip(order, native.codes(st, order)))
        me = state.mover
        best = order[0]
        nodes = 0
        rate = 1e6  # positions per second, measured as the search goes
        for depth in range(1, self.depth + 1):
            limit = 1 << 62
            if self.seconds is not None:
                left = started + self.seconds - time.perf_counter()
                if left <= 0:
                    break
                limit = max(64, int(rate * left))
            begun = time.perf_counter()
            index, value, done, gave_up = native.alphabeta(
                st, np.array([codes[m] for m in order], dtype=np.int64), depth, me, limit)
            nodes += done
            rate = max(rate if done < 1000 else done / max(time.perf_counter() - begun, 1e-6), 1.0)
            if gave_up:
                break
            best = order[index]
            order.remove(best)
            order.insert(0, best)  # searched first next time: better cut-offs
            if value >= WIN - self.MAX_DEPTH or value <= -WIN + self.MAX_DEPTH:
                break
        self.stats.add(nodes, time.perf_counter() - started)
        return best

    def _root(self, work: State, legal: list[Move], depth: int, me: int) -> tuple[float, Move]:
        alpha, beta = -math.inf, math.inf
        best_value, best_move = -math.inf, legal[0]
        for move in legal:
            work.apply(move)
            try:
                value = self._search(work, depth - 1, alpha, beta, me, 1)
            finally:
                work.undo()
            if value > best_value:
                best_value, best_move = value, move
            alpha = max(alpha, value)
        return best_value, best_move

    def _search(self, work: State, depth: int, alpha: float, beta: float, me: int, ply: int) -> float:
        self._nodes += 1
        if self._nodes & 63 == 0 and time.perf_counter() >= self._deadline:
            raise _OutOfTime
        if work.over:
            return self._final(work, me, ply)
        if depth == 0:
            return self.evaluate(work, me)
        maximise = work.game.friends(work.mover, me)
        value = -math.inf if maximise else math.inf
        for move in choices(work):
            work.apply(move)
            try:
                child = self._search(work, depth - 1, alpha, beta, me, ply + 1)
            finally:
                work.undo()
            if maximise:
                value = max(value, child)
                alpha = max(alpha, value)
            else:
                value = min(value, child)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return value

    @staticmethod
    def _final(work: State, me: int, ply: int) -> float:
        if work.draw or not work.winners:
            return 0.0
        return WIN - ply if me in work.winners else -WIN + ply

    @staticmethod
    def evaluate(state: State, player: int) -> float:
        """The position for ``player``: their score + material + mobility, minus the best
        opponent's (see the module docs)."""
        game = state.game

        def value(p: int) -> float:
            if p == state.mover:
                mobility = len(state.legal_moves())
            else:
                mobility = len(turns.moves_for(state, p))
            return state.scores[p] + state.counts[p] + MOBILITY * mobility

        mine = value(player)
        others = [value(p) for p in range(1, game.num_players + 1) if not game.friends(p, player)]
        return mine - max(others) if others else mine

    def __repr__(self) -> str:
        budget = f"depth={self.depth}" + (f", seconds={self.seconds:g}" if self.seconds is not None else "")
        return f"AlphaBetaAgent(seed={self.seed!r}, {budget})"


__all__ = ["AlphaBetaAgent"]
