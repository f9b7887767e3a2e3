"""Playout metrics: how a game plays, measured over N games between agents.

Each game ``i`` of a run gets its own seed, derived from the run's seed and ``i`` alone
(:func:`game_seed`), and its agents are seeded from it; so the games, and every number, are the
same whatever the number of processes (``jobs``) that play them. Games are measured one by one
(:class:`GameRecord`), then the records are summed up in game order (:func:`summarise`).

The definitions (``docs/concepts.md`` says the same with formulas); N games, ``n_i`` moves in
game ``i``, ``b_{i,t}`` legal moves before move ``t``:

- ``DurationMoves``: mean of ``n_i`` (its spread is ``DurationMovesStdDev``);
- ``DurationTurns``: mean number of turns (a turn is the moves of one player in a row);
  ``DurationTurnsStdDev`` its standard deviation;
- ``BranchingFactorAverage``: mean over games of the mean of ``b_{i,t}`` over the game's moves;
- ``DecisionMoves``: mean over games of the share of moves with ``b_{i,t} > 1``;
- ``AdvantageP1``: share of games won by P1; ``WinsP2`` ... the same for the others;
- ``Balance``: ``1 - max |w_a - w_b|`` over pairs of players, ``w_p`` the share of games P won;
- ``Completion``: share of games with a winner (Ludii's); ``Finished``: share ended by the rules
  before the turn limit; ``Timeouts``: share ended by the turn limit (``1 - Finished``);
- ``Drawishness``: share of draws by the rules; ``DrawRate``: share of draws, time-outs included;
- ``OutcomeUniformity``: ``1 - (1/P) sum_p Var_i(u_{p,i})``, ``u`` a player's utility (1 first,
  -1 last, shared ranks averaged: a two-player draw is 0 for both), ``Var`` the population variance;
- ``RemoveEffectFrequency``: mean over games of the share of moves that took pieces off the board;
  ``PiecesRemovedAverage``: mean number of pieces taken off in a game;
- ``BoardCoverageDefault``: mean share of the board's sites that held a piece at some time;
- ``ScoreDifferenceAverage`` (games with scores): mean over games of the mean, over the positions
  after each move, of the best score minus the second best.

Every metric has a mean over games and a spread: the population standard deviation of the
per-game values (for shares, of the 0/1 outcome); ``Balance`` and ``OutcomeUniformity`` are
properties of the whole sample and have no spread.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import as_completed
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.move import ADD
from ..engine.result import Termination
from ..workers import check_jobs, worker_pool

if TYPE_CHECKING:
    from ..engine.game import Game

Progress = Callable[[int, int], None]  # (games done, games in all)


@dataclass(frozen=True)
class Metric:
    """A measured value: the mean over the games and its spread (None where it has none)."""

    mean: float
    spread: float | None = None

    def to_dict(self) -> dict:
        return {"mean": self.mean, "spread": self.spread}


@dataclass
class GameRecord:
    """What one game showed: its length, choices, outcome, removals, coverage and scores."""

    index: int
    moves: int = 0
    turns: int = 0
    branching: float = 0.0  # mean number of legal moves before a move
    decisions: float = 0.0  # share of moves chosen among more than one
    winners: tuple[int, ...] = ()
    draw: bool = False
    timeout: bool = False
    utilities: tuple[float, ...] = ()
    removal_moves: int = 0
    removed: int = 0
    coverage: float = 0.0
    score_difference: float = 0.0


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with ``seed``: it depends on nothing else."""
    return random.Random(f"ludeme-playout/{seed}/{index}").getrandbits(63)


def utilities(winners: Sequence[int], draw: bool, players: int) -> tuple[float, ...]:
    """Each player's utility: 1 for first, -1 for last, players sharing ranks share their mean
    (everybody 0 in a draw); index 0 is unused."""
    if players < 2:
        return (0.0, 1.0 if winners and not draw else -1.0)
    winners = () if draw else tuple(winners)
    w = len(winners)
    first = (1 + w) / 2  # the mean of ranks 1..w
    rest = (w + 1 + players) / 2  # the mean of ranks w+1..P
    out = [0.0]
    for p in range(1, players + 1):
        rank = first if p in winners else rest
        if not winners:
            rank = (1 + players) / 2
        out.append(1 - 2 * (rank - 1) / (players - 1))
    return tuple(out)


def play_one(game: Game, index: int, seed: int, agent_specs: Sequence[str]) -> GameRecord:
    """Play game ``index`` of a run and measure it."""
    from ..agents import make_agent
    rng = random.Random(game_seed(seed, index))
    players = game.num_players
    agents = {p: make_agent(agent_specs[(p - 1) % len(agent_specs)], rng.getrandbits(63))
              for p in range(1, players + 1)}
    state = game.initial_state()
    record = GameRecord(index)
    n = game.topology.n
    covered = {site for site in range(n) if state.what[site]}
    branching = decisions = 0
    turns = 0
    last_mover = None
    guard = game.turn_limit + 10
    score_total = 0.0
    while not state.is_over() and record.moves < guard:
        legal = state.legal_moves()
        branching += len(legal)
        decisions += len(legal) > 1
        mover = state.mover
        if mover != last_mover:
            turns += 1
            last_mover = mover
        move = agents[mover].choose(state)
        before = sum(state.counts)
        state.apply(move)
        record.moves += 1
        removed = before + (1 if move.kind is ADD else 0) - sum(state.counts)
        if removed > 0:
            record.removal_moves += 1
            record.removed += removed
        what = state.what
        if move.to >= 0 and what[move.to]:
            covered.add(move.to)
        if removed or move.kind is not ADD:  # pieces may have moved anywhere: look at the board
            covered.update(site for site in range(n) if what[site])
        if players > 1:
            best = sorted(state.scores[1:], reverse=True)
            score_total += best[0] - best[1]
    result = state.result()
    record.turns = turns
    moves = max(record.moves, 1)
    record.branching = branching / moves
    record.decisions = decisions / moves
    record.coverage = len(covered) / n if n else 0.0
    record.score_difference = score_total / moves
    record.timeout = not result.over or result.termination is Termination.TURN_LIMIT
    record.draw = not result.over or result.draw or not result.winners
    record.winners = () if record.draw else tuple(result.winners)
    record.utilities = utilities(record.winners, record.draw, players)
    return record


# --- running many games, in processes or not ---------------------------------------------------------
_WORKER: dict = {}


def _load_worker(text: str, options: Sequence[str], turn_limit: int) -> None:
    from ..loader import load
    game = load(text)
    if game.turn_limit != turn_limit:
        game = game.with_turn_limit(turn_limit)
    _WORKER["game"] = game


def _play_chunk(indices: Sequence[int], seed: int, agent_specs: Sequence[str]) -> list[GameRecord]:
    game = _WORKER["game"]
    return [play_one(game, i, seed, agent_specs) for i in indices]


def game_text(game: Game) -> str:
    """The game's expanded description (options chosen, defines inlined): a text that loads as
    the same game in another process."""
    from ..syntax.format import format_node
    description = game.info.description
    if description is None:
        raise ValueError("this game has no description to play it in other processes: use jobs=1")
    return format_node(description.game)


def native_records(native, playouts: int, seed: int, first: int = 0) -> list[GameRecord]:
    """Random games ``first`` .. ``first + playouts - 1`` measured on the compiled tier (the same
    measures as :func:`play_one`; game i depends only on the seed and i)."""
    from ..native.layout import TERMINATIONS
    game = native.game
    players = game.num_players
    n = game.topology.n
    limit = TERMINATIONS.index(Termination.TURN_LIMIT)
    records = []
    for i, row in enumerate(native.measured(playouts, seed, first).tolist(), start=first):
        moves = max(row[0], 1)
        winners = tuple(p for p in range(1, players + 1) if row[8] >> p & 1)
        draw = bool(row[9]) or not winners
        record = GameRecord(i, moves=row[0], turns=row[1], branching=row[2] / moves,
                            decisions=row[3] / moves, removal_moves=row[4], removed=row[5],
                            coverage=row[6] / n if n else 0.0, score_difference=row[7] / moves,
                            timeout=row[10] == limit, draw=draw, winners=() if draw else winners)
        record.utilities = utilities(record.winners, record.draw, players)
        records.append(record)
    return records


def _native_for(game: Game, playouts: int, agents: Sequence[str]):
    """The compiled tier for random agents, when compiling pays for the playouts."""
    if any(a.strip().lower() != "random" for a in agents):
        return None
    from ..native.choice import compiled_form, engine_mode, expected_compile_seconds, native_for
    form = compiled_form(game)
    estimate = None
    if engine_mode() == "auto" and not isinstance(form, Exception) and expected_compile_seconds(form) > 1.0:
        import time
        started = time.process_time()
        play_one(game, 0, 0, ["random"])
        estimate = (time.process_time() - started) * playouts
    return native_for(game, estimate)


def run_playouts(game: Game, playouts: int, seed: int = 0, agents: Sequence[str] = ("random",),
                 jobs: int = 1, progress: Progress | None = None) -> list[GameRecord]:
    """Play ``playouts`` games (agents by spec, in player order, repeated if fewer) and measure
    each; ``jobs`` processes share them (the compiled tier plays random agents in one process,
    faster than processes of the reference engine). The records come back in game order."""
    if playouts < 0:
        raise ValueError("the number of playouts is at least 0")
    agents = list(agents) or ["random"]
    native = _native_for(game, playouts, agents) if playouts else None
    if native is not None:
        played = native_records(native, playouts, seed)
        if progress is not None:
            progress(playouts, playouts)
        return played
    jobs = min(check_jobs(jobs), playouts or 1)
    indices = list(range(playouts))
    records: list[GameRecord] = []
    if jobs == 1:
        for i in indices:
            records.append(play_one(game, i, seed, agents))
            if progress is not None:
                progress(i + 1, playouts)
        return records
    text = game_text(game)
    size = max(1, min(50, playouts // (jobs * 8) or 1))
    chunks = [indices[k:k + size] for k in range(0, playouts, size)]
    done = 0
    with worker_pool(jobs, _load_worker, (text, list(game.options), game.turn_limit)) as pool:
        futures = [pool.submit(_play_chunk, chunk, seed, agents) for chunk in chunks]
        for future in as_completed(futures):
            part = future.result()
            records.extend(part)
            done += len(part)
            if progress is not None:
                progress(done, playouts)
    records.sort(key=lambda r: r.index)
    return records


# --- summing up ----------------------------------------------------------------------------------------
def _stats(values: Sequence[float]) -> Metric:
    n = len(values)
    if not n:
        return Metric(0.0, 0.0)
    mean = math.fsum(values) / n
    variance = math.fsum((v - mean) ** 2 for v in values) / n
    return Metric(mean, math.sqrt(variance))


def summarise(records: Sequence[GameRecord], players: int, scores: bool = False) -> dict[str, Metric]:
    """The metrics (module docs) of a sample of games, by concept name."""
    if not records:
        return {}
    n = len(records)
    out: dict[str, Metric] = {}
    moves = _stats([r.moves for r in records])
    out["DurationMoves"] = moves
    out["DurationMovesStdDev"] = Metric(moves.spread or 0.0)
    turns = _stats([r.turns for r in records])
    out["DurationTurns"] = turns
    out["DurationTurnsStdDev"] = Metric(turns.spread or 0.0)
    out["BranchingFactorAverage"] = _stats([r.branching for r in records])
    out["DecisionMoves"] = _stats([r.decisions for r in records])
    rates = {}
    for p in range(1, players + 1):
        rates[p] = _stats([1.0 if p in r.winners else 0.0 for r in records])
    out["AdvantageP1"] = rates[1]
    for p in range(2, min(players, 4) + 1):
        out[f"WinsP{p}"] = rates[p]
    if players > 1:
        gap = max(abs(rates[a].mean - rates[b].mean) for a in rates for b in rates)
        out["Balance"] = Metric(1.0 - gap)
    out["Completion"] = _stats([1.0 if r.winners else 0.0 for r in records])
    out["Finished"] = _stats([0.0 if r.timeout else 1.0 for r in records])
    out["Timeouts"] = _stats([1.0 if r.timeout else 0.0 for r in records])
    out["Drawishness"] = _stats([1.0 if r.draw and not r.timeout else 0.0 for r in records])
    out["DrawRate"] = _stats([1.0 if r.draw else 0.0 for r in records])
    variance = 0.0
    for p in range(1, players + 1):
        variance += (_stats([r.utilities[p] for r in records]).spread or 0.0) ** 2
    out["OutcomeUniformity"] = Metric(1.0 - variance / players)
    out["RemoveEffectFrequency"] = _stats([r.removal_moves / r.moves if r.moves else 0.0 for r in records])
    out["PiecesRemovedAverage"] = _stats([r.removed for r in records])
    out["BoardCoverageDefault"] = _stats([r.coverage for r in records])
    if scores:
        out["ScoreDifferenceAverage"] = _stats([r.score_difference for r in records])
    del n
    return out


def playout_metrics(game: Game, playouts: int, seed: int = 0, agents: Sequence[str] = ("random",),
                    jobs: int = 1, progress: Progress | None = None) -> dict[str, Metric]:
    """Play ``playouts`` games and return their metrics by concept name (module docs)."""
    records = run_playouts(game, playouts, seed, agents, jobs, progress)
    return summarise(records, game.num_players, scores="Scoring" in game.concepts)


__all__ = ["Metric", "GameRecord", "game_seed", "utilities", "play_one", "run_playouts", "summarise",
           "playout_metrics", "game_text"]
