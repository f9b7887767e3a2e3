"""What the search agents share: checked parameters, a search budget (iterations and/or
seconds), the reward of a finished game for one player, and a seeded random playout.

A budget counts *iterations* (simulations, or nodes for alpha-beta) or *seconds* of thinking,
or both (whichever runs out first). Iteration budgets make an agent deterministic for a seed;
time budgets depend on the machine.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import Result, State
    from ..native.api import NativeGame

MAX_SECONDS = 3600.0


def whole(name: str, value: object, lo: int, hi: int) -> int:
    """A parameter that must be a whole number in [lo, hi] (1.5, true or 'many' are refused, not
    rounded)."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ValueError(f"{name} must be a whole number from {lo} to {hi}, not {value!r}")
    return value


def number(name: str, value: object, lo: float, hi: float, open_low: bool = False) -> float:
    """A parameter that must be a number in [lo, hi] (``(lo, hi]`` with ``open_low``); nan and
    infinities are refused."""
    if (not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value)
            and (lo < value if open_low else lo <= value) and value <= hi):
        return float(value)
    bound = f"more than {lo:g} and at most {hi:g}" if open_low else f"from {lo:g} to {hi:g}"
    raise ValueError(f"{name} must be a number {bound}, not {value!r}")


class Budget:
    """How long one decision may think: ``iterations`` (None: no count limit) and ``seconds``
    (None: no time limit). ``start()`` then ``spent(done)`` after each iteration."""

    __slots__ = ("iterations", "seconds", "_deadline", "started")

    def __init__(self, iterations: int | None, seconds: float | None):
        self.iterations = iterations
        self.seconds = seconds
        self._deadline = math.inf
        self.started = 0.0

    @classmethod
    def of(cls, iterations: object, seconds: object, default_iterations: int, max_iterations: int) -> Budget:
        """The budget given by an agent's parameters: iterations only (the default), seconds
        only, or both; checked."""
        limit = None if seconds is None else number("seconds", seconds, 0.0, MAX_SECONDS, open_low=True)
        if iterations is None and limit is None:
            iterations = default_iterations
        count = None if iterations is None else whole("iterations", iterations, 1, max_iterations)
        return cls(count, limit)

    def start(self) -> None:
        """Start the clock of one decision."""
        self.started = time.perf_counter()
        self._deadline = self.started + self.seconds if self.seconds is not None else math.inf

    def spent(self, done: int) -> bool:
        """True once ``done`` iterations use the budget up. The first iteration is always
        allowed, however short the time: a search that has looked at nothing has no move to
        choose."""
        if done == 0:
            return False
        if self.iterations is not None and done >= self.iterations:
            return True
        return self._deadline != math.inf and time.perf_counter() >= self._deadline

    def describe(self) -> str:
        """``iterations=1000``, ``seconds=0.5`` or both."""
        parts = []
        if self.iterations is not None:
            parts.append(f"iterations={self.iterations}")
        if self.seconds is not None:
            parts.append(f"seconds={self.seconds:g}")
        return ", ".join(parts)


class Stats:
    """What an agent's searches cost: decisions, iterations and seconds, summed."""

    __slots__ = ("decisions", "iterations", "seconds")

    def __init__(self) -> None:
        self.decisions = 0
        self.iterations = 0
        self.seconds = 0.0

    def add(self, iterations: int, seconds: float) -> None:
        """Count one decision."""
        self.decisions += 1
        self.iterations += iterations
        self.seconds += seconds

    @property
    def per_second(self) -> float:
        """Iterations per second over every decision so far."""
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


def reward(result: Result, player: int) -> float:
    """A finished game for ``player``: 1 for a win, 0 for a loss (or someone else's win), 0.5 for
    a draw or an unfinished game. Each player of a many-player game maximises their own."""
    if not result.over or result.draw or not result.winners:
        return 0.5
    return 1.0 if player in result.winners else 0.0


def compiled_tier(game: Game, search: str) -> NativeGame | None:
    """The compiled tier a search agent (``search``: mcts, flat, alphabeta) plays ``game`` on
    (None: the reference engine): searches play many moves, so compiling pays once the game has
    a kernel for every ludeme (see interpreter.native.choice; ``--engine`` or LUDEME_ENGINE
    choose otherwise)."""
    from ..native.choice import native_for
    native: NativeGame | None = native_for(game)
    if native is not None:
        native.warm_search(search)  # compiled once, before any decision is timed
    return native


def random_playout(work: State, rng: random.Random, limit: int) -> int:
    """Play at most ``limit`` uniformly random plies on ``work``; the number played (to undo)."""
    plies = 0
    while plies < limit and not work.over:
        work.play_random(rng)
        plies += 1
    return plies
