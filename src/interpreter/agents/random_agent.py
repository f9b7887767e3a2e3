"""The uniformly random agent: the baseline for playouts and the opponent of quick tests."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..engine.simultaneous import choices

if TYPE_CHECKING:
    from ..engine.move import Move
    from ..engine.state import State


class RandomAgent:
    """Picks one of the legal moves uniformly at random from its own seeded stream.

        >>> from interpreter import load
        >>> state = load("tic-tac-toe").initial_state()
        >>> str(RandomAgent(7).choose(state)) == str(RandomAgent(7).choose(state))
        True
    """

    name = "random"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        return self.rng.choice(choices(state))

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed!r})"
