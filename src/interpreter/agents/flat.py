"""Flat Monte Carlo: random playouts from each legal move in turn, then the move whose playouts
went best for the mover. No tree: a baseline between random and MCTS.

    >>> from interpreter import load
    >>> state = load("tic-tac-toe").state_from_text("board: |\\n  3 . . .\\n  2 o o .\\n  1 x x .\\nmover: 1\\n")
    >>> str(FlatMCAgent(seed=1, iterations=200).choose(state))
    'C1'
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

from ..engine.simultaneous import choices
from .budget import Budget, Stats, compiled_tier, random_playout, reward, whole

if TYPE_CHECKING:
    from ..engine.move import Move
    from ..engine.state import State
    from ..native.api import NativeGame


class FlatMCAgent:
    """``iterations`` playouts per decision (default 1000), shared round-robin among the legal
    moves, and/or ``seconds``; playouts of at most ``playout`` plies (unfinished: draws)."""

    name = "flat"

    MAX_ITERATIONS = MAX_PLAYOUT = 1_000_000

    def __init__(self, seed: int | None = None, iterations: int | None = None, playout: int = 400,
                 seconds: float | None = None):
        self.budget = Budget.of(iterations, seconds, 1000, self.MAX_ITERATIONS)
        self.playout = whole("playout", playout, 0, self.MAX_PLAYOUT)
        self.seed = seed
        self.rng = random.Random(seed)
        self.stats = Stats()

    def choose(self, state: State) -> Move:
        """The legal move with the best mean playout result for the mover."""
        legal = list(choices(state))
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        rng.shuffle(legal)  # ties go to a random move, not the first generated
        native = compiled_tier(state.game, "flat")
        if native is not None:
            return self._choose_native(native, state, legal)
        mover = state.mover
        work = state.clone()
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        budget = self.budget
        budget.start()
        done = 0
        while not budget.spent(done):
            i = done % len(legal)
            done += 1
            work.apply(legal[i])
            plies = 1 + random_playout(work, rng, self.playout)
            totals[i] += reward(work.result(), mover)
            counts[i] += 1
            for _ in range(plies):
                work.undo()
        self.stats.add(done, time.perf_counter() - budget.started)
        best = max(range(len(legal)), key=lambda i: totals[i] / counts[i] if counts[i] else -1.0)
        return legal[best]

    def _choose_native(self, native: NativeGame, state: State, legal: list[Move]) -> Move:
        """The same playouts on the compiled tier (time budgets in slices of playouts)."""
        import numpy as np
        st = native.from_state(state)
        moves = np.array(native.codes(st, legal), dtype=np.int64)
        totals = np.zeros(len(legal))
        counts = np.zeros(len(legal), dtype=np.int64)
        budget = self.budget
        budget.start()
        done = 0
        step = len(legal)
        while not budget.spent(done):
            want = step if budget.iterations is None else min(step, budget.iterations - done)
            native.flat(st, moves, done, want, self.playout, self.rng.getrandbits(62), totals, counts)
            done += want
            step = min(step * 2, 1 << 14)
        self.stats.add(done, time.perf_counter() - budget.started)
        means = [totals[i] / counts[i] if counts[i] else -1.0 for i in range(len(legal))]
        return legal[max(range(len(legal)), key=lambda i: means[i])]

    def __repr__(self) -> str:
        return f"FlatMCAgent(seed={self.seed!r}, {self.budget.describe()})"
