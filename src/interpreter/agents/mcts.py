"""Monte Carlo tree search (UCT) with random playouts: a general player for any description.

It plays on a private clone of the position and walks back with ``undo`` after every
simulation, so a simulation costs the moves it plays and nothing more.

    >>> from interpreter import load
    >>> state = load("tic-tac-toe").initial_state()
    >>> str(MCTSAgent(seed=1, iterations=50).choose(state)) in {str(m) for m in state.legal_moves()}
    True
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from ..engine.move import Move
    from ..engine.state import Result, State


class _Node:
    __slots__ = ("parent", "move", "mover", "children", "untried", "visits", "score")

    def __init__(self, parent: Optional["_Node"], move: Optional["Move"], mover: int):
        self.parent = parent
        self.move = move
        self.mover = mover  # the player who made ``move`` (whose point of view ``score`` takes)
        self.children: list[_Node] = []
        self.untried: Optional[list[Move]] = None
        self.visits = 0
        self.score = 0.0


def _reward(result: "Result", player: int) -> float:
    """1 for a win, 0.5 for a draw (or an unfinished game), 0 for a loss."""
    if not result.over or result.draw or not result.winners:
        return 0.5
    return 1.0 if player in result.winners else 0.0


def _whole(name: str, value, lo: int, hi: int) -> int:
    """A parameter that must be a whole number in [lo, hi] (1.5, true or 'many' are refused, not
    rounded)."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ValueError(f"{name} must be a whole number from {lo} to {hi}, not {value!r}")
    return value


class MCTSAgent:
    """UCT: ``iterations`` simulations per move, exploration constant ``c``, random playouts of
    at most ``playout`` plies (unfinished playouts count as draws)."""

    name = "mcts"

    MAX_ITERATIONS = MAX_PLAYOUT = 1_000_000
    MAX_C = 100.0

    def __init__(self, seed: int | None = None, iterations: int = 1000, c: float = 1.4,
                 playout: int = 400):
        iterations = _whole("iterations", iterations, 1, self.MAX_ITERATIONS)
        playout = _whole("playout", playout, 0, self.MAX_PLAYOUT)
        if isinstance(c, bool) or not isinstance(c, (int, float)) or not 0 <= c <= self.MAX_C:
            # nan fails every comparison, so it is refused here too
            raise ValueError(f"c must be a number from 0 to {self.MAX_C:g}, not {c!r}")
        c = float(c)
        self.seed = seed
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.c = c
        self.playout = playout

    def choose(self, state: "State") -> "Move":
        legal = state.legal_moves()
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        work = state.clone()
        root = _Node(None, None, 0)
        for _ in range(self.iterations):
            node, plies = root, 0
            # selection: descend through fully expanded nodes
            while node.untried == [] and node.children and not work.is_over():
                node = self._best_child(node)
                work.apply(node.move)
                plies += 1
            # expansion: one new child
            if not work.is_over():
                if node.untried is None:
                    node.untried = list(work.legal_moves())
                    rng.shuffle(node.untried)
                if node.untried:
                    move = node.untried.pop()
                    mover = work.mover
                    work.apply(move)
                    plies += 1
                    child = _Node(node, move, mover)
                    node.children.append(child)
                    node = child
            # playout
            for _ in range(self.playout):
                if work.is_over():
                    break
                work.apply(rng.choice(work.legal_moves()))
                plies += 1
            result = work.result()
            # back-propagation
            while node is not None:
                node.visits += 1
                if node.mover:
                    node.score += _reward(result, node.mover)
                node = node.parent
            for _ in range(plies):
                work.undo()
        best = max(root.children, key=lambda n: (n.visits, n.score))
        return best.move

    def _best_child(self, node: _Node) -> _Node:
        log_n = math.log(node.visits)
        c = self.c
        return max(node.children,
                   key=lambda ch: ch.score / ch.visits + c * math.sqrt(log_n / ch.visits))

    def __repr__(self) -> str:
        return f"MCTSAgent(seed={self.seed!r}, iterations={self.iterations}, c={self.c})"
