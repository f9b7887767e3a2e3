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


class MCTSAgent:
    """UCT: ``iterations`` simulations per move, exploration constant ``c``, random playouts of
    at most ``playout`` plies (unfinished playouts count as draws)."""

    name = "mcts"

    def __init__(self, seed: int | None = None, iterations: int = 1000, c: float = 1.4,
                 playout: int = 400):
        try:
            iterations, playout, c = int(iterations), int(playout), float(c)
        except (TypeError, ValueError):
            raise ValueError("iterations and playout are whole numbers, c is a number") from None
        if iterations < 1 or playout < 0:
            raise ValueError("iterations must be at least 1 and playout at least 0")
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
