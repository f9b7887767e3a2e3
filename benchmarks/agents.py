"""Search speed of the agents on every bundled game: MCTS iterations per second (and flat Monte
Carlo playouts, alpha-beta positions) from the start and from a mid-game position.

    PYTHONPATH=src python benchmarks/agents.py                     # every bundled game
    PYTHONPATH=src python benchmarks/agents.py --iterations 1000 alak  # some games, longer

The start is the first position with a choice (Pente's first stone is forced to the centre).
Each measurement is one decision with a fixed budget (``--iterations`` MCTS iterations or flat
playouts; alpha-beta to depth 2), timed in CPU time of this process (``time.process_time``), so
other programs running on the machine change the numbers little. The mid-game position is
halfway through a random game (seed 1), or the ply before when the mover could win at once
(MCTS plays such a move without searching). Compare numbers only between runs on one machine.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from interpreter import load  # noqa: E402
from interpreter.agents import make_agent  # noqa: E402
from interpreter.resources import bundled_descriptions  # noqa: E402

CONFIGS = [(name, ()) for name in bundled_descriptions()] + [("pente", ("Board Size/9x9",))]


def mid_game(game, seed: int = 1):
    rng = random.Random(seed)
    state = game.initial_state()
    moves = []
    while not state.is_over():
        moves.append(rng.choice(state.legal_moves()))
        state.apply(moves[-1])
    mid = game.initial_state()
    for move in moves[: len(moves) // 2]:
        mid.apply(str(move))
    return mid


def rate(spec: str, state) -> float:
    """Search steps per CPU second of one decision (nan when there was nothing to search)."""
    agent = make_agent(spec, seed=1)
    if len(state.legal_moves()) < 2:
        return float("nan")
    before = time.process_time()
    agent.choose(state)
    spent = time.process_time() - before
    return agent.stats.iterations / spent if agent.stats.iterations and spent > 0 else float("nan")


def searched(game, state, spec: str):
    """``state``, or an earlier ply of its game where ``spec`` has to search."""
    while state.ply > 0:
        probe = make_agent(spec, seed=1)
        probe.choose(state)
        if probe.stats.iterations:
            return state
        state.undo()
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="bundled game names (default: all, and Pente 9x9)")
    parser.add_argument("--iterations", type=int, default=300, help="MCTS iterations / flat playouts")
    args = parser.parse_args()
    configs = [(g, ()) for g in args.games] if args.games else CONFIGS
    n = args.iterations
    print("| game | options | MCTS it/s (start) | MCTS it/s (mid-game) | flat playouts/s (mid) | "
          "alpha-beta positions/s (mid) |")
    print("|---|---|---:|---:|---:|---:|")
    for name, options in configs:
        game = load(name, options=list(options))
        start = game.initial_state()
        while len(start.legal_moves()) < 2 and not start.is_over():  # a forced opening move
            start.apply(start.legal_moves()[0])
        mid = searched(game, mid_game(game), "mcts:iterations=2")
        row = [rate(f"mcts:iterations={n}", start), rate(f"mcts:iterations={n}", mid),
               rate(f"flat:iterations={n}", mid), rate("alphabeta:depth=2", mid)]
        print(f"| {game.name} | {', '.join(options) or 'defaults'} | "
              + " | ".join(f"{v:,.0f}" for v in row) + " |", flush=True)


if __name__ == "__main__":
    main()
