"""Many games between agents, counted: what ``ludeme run`` reports, on the compiled tier when
the agents are all random and compiling pays (:mod:`interpreter.native.choice`), else on the
reference engine, in ``jobs`` processes either way.

Game ``i`` depends only on the run's seed and ``i`` (game 0 is the game ``ludeme trace`` plays
with the same seed), so the totals are the same whatever the number of processes. The two tiers
draw their random numbers differently: the same seed gives other games on each, from the same
distribution (the conformance tests check that both tiers play every game alike).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .engine.result import Termination

Progress = Callable[[int], None]


@dataclass
class RunTotals:
    """Counts over a run's games."""

    games: int = 0
    wins: dict[int, int] = field(default_factory=dict)  # by seat
    draws: int = 0
    turn_limit_draws: int = 0
    unfinished: int = 0
    plies: int = 0
    decisions: int = 0  # plies whose legal moves were listed
    legal: int = 0  # legal moves summed over those plies

    def add(self, other: RunTotals) -> None:
        self.games += other.games
        for p, n in other.wins.items():
            self.wins[p] = self.wins.get(p, 0) + n
        self.draws += other.draws
        self.turn_limit_draws += other.turn_limit_draws
        self.unfinished += other.unfinished
        self.plies += other.plies
        self.decisions += other.decisions
        self.legal += other.legal


def run_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: the run's own for game 0 (``ludeme trace``'s game),
    a hash of both for the others."""
    if index == 0:
        return seed
    return random.Random(f"ludeme-run/{seed}/{index}").getrandbits(63)


def _random_only(specs: dict[int, str]) -> bool:
    return all(s.strip().lower() == "random" for s in specs.values())


# --- the reference engine ---------------------------------------------------------------------------
def reference_games(game: Any, specs: dict[int, str], seed: int, first: int, count: int,
                    list_moves: bool, record: Callable[[int, Any, int], None] | None = None,
                    progress: Progress | None = None) -> RunTotals:
    """Games ``first`` .. ``first + count - 1`` on the reference engine."""
    from .cli.common import _make_agents
    from .engine import turns
    totals = RunTotals()
    sampled = not list_moves and _random_only(specs) and any(turns.can_draw(p.play) for p in game.phases)
    from .engine.matchplay import max_plies
    guard = max_plies(game) + 10  # the engine ends every game by then; never loop forever
    for i in range(first, first + count):
        game_seed = run_seed(seed, i)
        agents = _make_agents(specs, game_seed)
        state = game.initial_state()
        plies = 0
        while not state.is_over() and plies < guard:
            agent = agents[state.seat(state.mover)]
            if sampled:  # random agents: a move drawn without listing them all
                state.play_random(agent.rng)
            else:
                totals.decisions += 1
                totals.legal += len(state.legal_moves())
                state.apply(agent.choose(state))
            plies += 1
        _count(totals, state.result(), plies)
        if record is not None:
            record(i, state, game_seed)
        if progress is not None:
            progress(1)
    return totals


def _count(totals: RunTotals, result: Any, plies: int) -> None:
    totals.games += 1
    totals.plies += plies
    if not result.over:
        totals.unfinished += 1
        totals.draws += 1
        totals.turn_limit_draws += 1
    elif result.draw or not result.winners:
        totals.draws += 1
        if result.termination is Termination.TURN_LIMIT:
            totals.turn_limit_draws += 1
    else:
        for p in result.winning_seats:
            totals.wins[p] = totals.wins.get(p, 0) + 1


# --- the compiled tier --------------------------------------------------------------------------------
def native_games(native: Any, seed: int, first: int, count: int, list_moves: bool) -> RunTotals:
    """Games ``first`` .. ``first + count - 1`` on the compiled tier (random agents)."""
    from .native.layout import TERMINATIONS
    out = native.playouts(count, seed, full=list_moves, first=first)
    totals = RunTotals(games=count, plies=int(out.plies.sum()))
    limit = TERMINATIONS.index(Termination.TURN_LIMIT)
    players = native.game.num_players
    drawn = out.draw | ~out.winners[:, 1:].any(axis=1)
    totals.draws = int(drawn.sum())
    totals.turn_limit_draws = int((drawn & (out.termination == limit)).sum())
    won = out.seats & ~drawn[:, None]  # by seat, as the reference's winning_seats (swaps move them)
    totals.wins = {p: int(won[:, p].sum()) for p in range(1, players + 1)}
    if list_moves:
        totals.decisions = totals.plies
        totals.legal = int(out.legal.sum())
    return totals


# --- processes ------------------------------------------------------------------------------------------
_WORKER: dict[str, Any] = {}


def _chunks(count: int, jobs: int) -> list[tuple[int, int]]:
    size = -(-count // max(1, jobs * 4))  # a few chunks per job: the slow ones balance out
    return [(start, min(size, count - start)) for start in range(0, count, size)]


def _work(chunk: tuple[int, int]) -> RunTotals:
    first, count = chunk
    w = _WORKER
    if w["native"] is not None:
        return native_games(w["native"], w["seed"], first, count, w["list_moves"])
    return reference_games(w["game"], w["specs"], w["seed"], first, count, w["list_moves"])


def play_run(game: Any, specs: dict[int, str], count: int, seed: int, native: Any = None, jobs: int = 1,
             list_moves: bool = False, record: Callable[[int, Any, int], None] | None = None,
             progress: Progress | None = None) -> RunTotals:
    """Play a run's games (on ``native``, a NativeGame, when given) in ``jobs`` processes."""
    if native is not None and record is not None:
        raise ValueError("the compiled tier does not record its games")
    if jobs <= 1 or count <= 1 or record is not None:
        if native is not None:
            totals = RunTotals()
            for first, n in _chunks(count, 1):
                totals.add(native_games(native, seed, first, n, list_moves))
                if progress is not None:
                    progress(n)
            return totals
        return reference_games(game, specs, seed, 0, count, list_moves, record, progress)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    _WORKER.update(game=game, specs=specs, seed=seed, native=native, list_moves=list_moves)
    totals = RunTotals()
    # fork: the workers start with the game built and its compiled functions loaded
    context = multiprocessing.get_context("fork") if hasattr(os, "fork") else None
    try:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            chunks = _chunks(count, jobs)
            for chunk, part in zip(chunks, pool.map(_work, chunks)):
                totals.add(part)
                if progress is not None:
                    progress(chunk[1])
    finally:
        _WORKER.clear()
    return totals


def choose_native(game: Any, specs: dict[int, str], count: int, list_moves: bool,
                  record: bool) -> tuple[Any, Any]:
    """(NativeGame or None, the Tier chosen) for a run: the compiled tier only plays random
    agents without records; it runs when compiling pays for the work (see native.choice)."""
    from .native.choice import Tier, engine_mode, tier_for
    if not _random_only(specs) or record:
        if engine_mode() == "compiled":
            from .errors import LudError
            raise LudError("the compiled tier plays random agents without records in 'run'",
                           hint="agents other than random search on the compiled tier by themselves")
        return None, Tier("reference", "agents other than random, or a record")

    def reference_seconds() -> float:
        started = time.process_time()
        reference_games(game, specs, 0, 0, 1, list_moves)
        return (time.process_time() - started) * count

    from .native.choice import compiled_form, expected_compile_seconds
    form = compiled_form(game)
    estimate = None
    if engine_mode() == "auto" and not isinstance(form, Exception) and expected_compile_seconds(form) > 1.0:
        estimate = reference_seconds()
    tier = tier_for(game, estimate)
    if tier.name != "compiled":
        return None, tier
    from .native.api import native_game
    return native_game(game), tier


__all__ = ["RunTotals", "play_run", "choose_native", "reference_games", "native_games", "run_seed",
           "Sequence"]
