"""Monte Carlo tree search (UCT) with random playouts: a general player for any description.

Each node keeps the result of its simulations from the point of view of the player who made
its move, and selection maximises that player's own value (Ludii's UCT, max-n): so it plays
games of any number of players, and turns of several plies by one mover (``moveAgain``)
need nothing special: the mover of each ply is whoever is to move then.

A move that wins at once is played without searching (when every move seems to win in random
playouts, the search alone may not tell the one that wins now). It plays on a private clone of the position and walks back with ``undo`` after every
simulation, so a simulation costs the moves it plays and nothing more. The budget is a number
of ``iterations``, a time in ``seconds``, or both (whichever runs out first).

    >>> from interpreter import load
    >>> state = load("tic-tac-toe").initial_state()
    >>> str(MCTSAgent(seed=1, iterations=50).choose(state)) in {str(m) for m in state.legal_moves()}
    True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine.simultaneous import choices
from .budget import Budget, Stats, compiled_tier, number, random_playout, reward, whole

if TYPE_CHECKING:
    from ..engine.move import Move
    from ..engine.state import State
    from ..native.api import NativeGame


class _Node:
    __slots__ = ("parent", "move", "mover", "children", "untried", "visits", "score")

    def __init__(self, parent: _Node | None, move: Move | None, mover: int):
        self.parent = parent
        self.move = move
        self.mover = mover  # the player who made ``move`` (whose point of view ``score`` takes)
        self.children: list[_Node] = []
        self.untried: list[Move] | None = None
        self.visits = 0
        self.score = 0.0


def _winning_move(work: State, legal: Sequence[Move]) -> Move | None:
    """A legal move that ends the game with the mover among the winners, if there is one."""
    mover = work.mover
    for move in legal:
        work.apply(move)
        won = work.over and mover in work.winners
        work.undo()
        if won:
            return move
    return None


class MCTSAgent:
    """UCT: ``iterations`` simulations per move (default 1000) and/or ``seconds`` of thinking,
    exploration constant ``c``, random playouts of at most ``playout`` plies (unfinished
    playouts count as draws). ``stats`` sums the iterations and time of its decisions."""

    name = "mcts"

    MAX_ITERATIONS = MAX_PLAYOUT = 1_000_000
    MAX_C = 100.0

    def __init__(self, seed: int | None = None, iterations: int | None = None, c: float = 1.4,
                 playout: int = 400, seconds: float | None = None):
        self.budget = Budget.of(iterations, seconds, 1000, self.MAX_ITERATIONS)
        self.playout = whole("playout", playout, 0, self.MAX_PLAYOUT)
        self.c = number("c", c, 0.0, self.MAX_C)
        self.seed = seed
        self.rng = random.Random(seed)
        self.stats = Stats()

    @property
    def iterations(self) -> int | None:
        """The iteration budget (None when only time counts)."""
        return self.budget.iterations

    def choose(self, state: State) -> Move:
        """The move with the most visits after the search (the only move, without searching)."""
        legal = choices(state)
        if len(legal) == 1:
            return legal[0]
        native = compiled_tier(state.game, "mcts")
        if native is not None:  # the whole search in native code (interpreter.native)
            return self._choose_native(native, state)
        rng = self.rng
        budget = self.budget
        work = state.clone()
        winning = _winning_move(work, legal)
        if winning is not None:  # a move that wins at once: no search can do better
            self.stats.add(0, 0.0)
            return winning
        root = _Node(None, None, 0)
        budget.start()
        done = 0
        while not budget.spent(done):
            done += 1
            node, plies = root, 0
            # selection: descend through fully expanded nodes
            while node.untried == [] and node.children and not work.over:
                node = self._best_child(node)
                assert node.move is not None  # only the root has no move
                work.apply(node.move)
                plies += 1
            # expansion: one new child
            if not work.over:
                if node.untried is None:
                    node.untried = list(choices(work))
                    rng.shuffle(node.untried)
                if node.untried:
                    move = node.untried.pop()
                    mover = work.mover
                    work.apply(move)
                    plies += 1
                    child = _Node(node, move, mover)
                    node.children.append(child)
                    node = child
            plies += random_playout(work, rng, self.playout)
            result = work.result()
            # back-propagation: each node scores for the player who made its move
            up: _Node | None = node
            while up is not None:
                up.visits += 1
                if up.mover:
                    up.score += reward(result, up.mover)
                up = up.parent
            for _ in range(plies):
                work.undo()
        self.stats.add(done, time.perf_counter() - budget.started)
        best = max(root.children, key=lambda n: (n.visits, n.score))
        assert best.move is not None  # only the root has no move
        return best.move

    def _choose_native(self, native: NativeGame, state: State) -> Move:
        """The same search on the compiled tier: the tree, the playouts and the moves in native
        code; the move chosen is the reference state's (equal moves do the same thing)."""
        started = time.perf_counter()
        st = native.from_state(state)
        code = native.winning_move(st)
        done = 0
        if code < 0:
            code, done = native.mcts(st, self.budget.iterations, self.budget.seconds, self.c, self.playout,
                                     self.rng.getrandbits(62))
        self.stats.add(done, time.perf_counter() - started)
        return native.move(state, code)

    def _best_child(self, node: _Node) -> _Node:
        log_n = math.log(node.visits)
        c = self.c
        return max(node.children,
                   key=lambda ch: ch.score / ch.visits + c * math.sqrt(log_n / ch.visits))

    def __repr__(self) -> str:
        return f"MCTSAgent(seed={self.seed!r}, {self.budget.describe()}, c={self.c:g})"
