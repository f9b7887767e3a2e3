"""Matches: agents play a game against each other many times, seats rotating, and the results
are counted fairly.

Game ``i`` of a match (0-based) seats agent ``a`` (in the order given) as player
``(a + i) mod P + 1``, so with P agents each sits in every seat equally often over P games.
Every game takes its own seed from the match seed and its number (:func:`game_seed`), and its
agents are made afresh with seeds from that, so a game's moves depend only on (match seed,
game number): playing the games in ``jobs`` processes gives the same results as one process
(for agents with iteration or depth budgets; a time budget depends on the machine's speed).

A win rate comes with a 95% **Wilson score interval**, which stays inside [0, 1] and behaves
at 0% and 100% where the normal approximation does not.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

Z95 = 1.959963984540054  # the 97.5th percentile of the normal distribution


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n`` (95% by default)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def game_seed(match_seed: int, index: int) -> int:
    """The seed of game ``index`` of a match: a hash of both, 63 bits."""
    digest = hashlib.sha256(f"ludeme-match/{match_seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def agent_seed(seed: int, player: int) -> int:
    """The seed of the agent in seat ``player`` of a game played with ``seed``."""
    digest = hashlib.sha256(f"ludeme-agent/{seed}/{player}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def seating(index: int, agents: int, players: int) -> dict[int, int]:
    """Player -> agent number (0-based) in game ``index``: the seats rotate every game."""
    return {(a + index) % players + 1: a for a in range(agents)}


@dataclass
class GameOutcome:
    """One game of a match: who sat where, the moves, the result and what the agents spent."""

    index: int
    seed: int
    seats: dict[int, int]  # player -> agent number
    moves: list[str]
    result: dict[str, Any]  # Result.to_json()
    seconds: float
    search: dict[int, tuple[int, float]] = field(default_factory=dict)  # agent -> (iterations, seconds)
    board: str = ""  # the final board as text (str(State)), for records

    def outcome_of(self, player: int) -> str:
        """``win``, ``loss`` or ``draw`` for the player in that seat."""
        result = self.result
        if not result["over"] or result["draw"] or not result["winners"]:
            return "draw"
        return "win" if player in result["winners"] else "loss"


def play_one(game, specs: Sequence[str], index: int, match_seed: int,
             guard: int | None = None) -> tuple[GameOutcome, Any]:
    """Play game ``index`` of a match between ``specs`` (agent specs in order): the outcome and
    the final state."""
    from .agents import make_agent
    seed = game_seed(match_seed, index)
    seats = seating(index, len(specs), game.num_players)
    agents = {p: make_agent(specs[a], agent_seed(seed, p)) for p, a in seats.items()}
    state = game.initial_state()
    from .engine.matchplay import max_plies
    limit = guard if guard is not None else max_plies(game) + 10
    moves: list[str] = []
    started = time.perf_counter()
    while not state.over and len(moves) < limit:
        move = state.apply(agents[state.mover].choose(state))
        moves.append(str(move))
    seconds = time.perf_counter() - started
    search = {}
    for p, agent in agents.items():
        stats = getattr(agent, "stats", None)
        if stats is not None:
            search[seats[p]] = (stats.iterations, stats.seconds)
    return GameOutcome(index, seed, seats, moves, state.result().to_json(), seconds, search,
                       str(state)), state


# --- worker processes --------------------------------------------------------------------------------
_WORKER: dict[str, Any] = {}


def _init_worker(source: str, options: Sequence[str], ruleset: str | None, max_plies: int | None,
                 specs: Sequence[str], seed: int) -> None:
    from .loader import load
    game = load(source, options=list(options), ruleset=ruleset)
    if max_plies is not None:
        game = game.with_turn_limit(max_plies)
    _WORKER.update(game=game, specs=list(specs), seed=seed)


def _play_in_worker(index: int) -> GameOutcome:
    return play_one(_WORKER["game"], _WORKER["specs"], index, _WORKER["seed"])[0]


def play_match(source: str, specs: Sequence[str], games: int, seed: int = 0,
               options: Sequence[str] = (), ruleset: str | None = None, jobs: int = 1,
               max_plies: int | None = None,
               on_game: Callable[[GameOutcome], None] | None = None) -> list[GameOutcome]:
    """Play a match; the outcomes in game order. ``on_game`` is called as each game ends (in
    the order they end)."""
    outcomes: list[GameOutcome] = []
    if jobs <= 1 or games <= 1:
        _init_worker(source, options, ruleset, max_plies, specs, seed)
        try:
            for index in range(games):
                outcome = _play_in_worker(index)
                outcomes.append(outcome)
                if on_game is not None:
                    on_game(outcome)
        finally:
            _WORKER.clear()
        return outcomes
    from concurrent.futures import as_completed

    from .workers import check_jobs, worker_pool
    with worker_pool(min(check_jobs(jobs), games), _init_worker,
                     (source, list(options), ruleset, max_plies, list(specs), seed)) as pool:
        futures = [pool.submit(_play_in_worker, index) for index in range(games)]
        for future in as_completed(futures):
            outcome = future.result()
            outcomes.append(outcome)
            if on_game is not None:
                on_game(outcome)
    outcomes.sort(key=lambda o: o.index)
    return outcomes


# --- statistics ------------------------------------------------------------------------------------
@dataclass
class Tally:
    """Wins, losses and draws of one agent (overall or in one seat)."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0

    def add(self, outcome: str) -> None:
        """Count one game: ``win``, ``loss`` or ``draw``."""
        self.games += 1
        if outcome == "win":
            self.wins += 1
        elif outcome == "loss":
            self.losses += 1
        else:
            self.draws += 1

    @property
    def win_rate(self) -> float:
        """Wins per game."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson(self.wins, self.games)

    def to_json(self) -> dict[str, Any]:
        """A plain dict."""
        lo, hi = self.interval
        return {"games": self.games, "wins": self.wins, "losses": self.losses, "draws": self.draws,
                "win_rate": self.win_rate, "win_rate_95": [lo, hi]}


@dataclass
class MatchSummary:
    """The statistics of a match: per agent, and per agent and seat."""

    specs: list[str]
    players: int
    games: int
    agents: list[Tally]
    seats: list[dict[int, Tally]]  # agent -> player -> tally
    mean_plies: float
    seconds: float  # summed over the games (the wall time is shorter with jobs)
    iterations_per_second: list[float | None]
    turn_limit_draws: int

    @classmethod
    def of(cls, specs: Sequence[str], players: int, outcomes: Sequence[GameOutcome]) -> MatchSummary:
        """Count the outcomes."""
        agents = [Tally() for _ in specs]
        seats = [{p: Tally() for p in range(1, players + 1)} for _ in specs]
        work = [[0, 0.0] for _ in specs]
        turn_limit = 0
        for o in outcomes:
            for p, a in o.seats.items():
                result = o.outcome_of(p)
                agents[a].add(result)
                seats[a][p].add(result)
            for a, (iterations, seconds) in o.search.items():
                work[a][0] += iterations
                work[a][1] += seconds
            if o.result.get("termination") == "turn limit" or not o.result["over"]:
                turn_limit += 1
        seats = [{p: t for p, t in s.items() if t.games} for s in seats]
        n = len(outcomes)
        rates = [w[0] / w[1] if w[1] > 0 else None for w in work]
        return cls(list(specs), players, n, agents, seats,
                   sum(len(o.moves) for o in outcomes) / n if n else 0.0,
                   sum(o.seconds for o in outcomes), rates, turn_limit)

    def to_json(self) -> dict[str, Any]:
        """A plain dict for ``--json``."""
        return {
            "games": self.games,
            "interval": "Wilson score, 95%",
            "agents": [dict(spec=spec, **tally.to_json(),
                            seats={str(p): t.to_json() for p, t in self.seats[a].items()},
                            iterations_per_second=self.iterations_per_second[a])
                       for a, (spec, tally) in enumerate(zip(self.specs, self.agents))],
            "mean_plies": self.mean_plies,
            "turn_limit_draws": self.turn_limit_draws,
            "seconds": self.seconds,
        }

    def table(self) -> list[str]:
        """The summary as lines of text."""
        width = max(len(s) for s in self.specs) + 4
        lines = [f"{'agent':<{width}} {'games':>5} {'wins':>5} {'losses':>6} {'draws':>5}  "
                 f"win rate [95% Wilson]"]

        def row(label: str, t: Tally) -> str:
            lo, hi = t.interval
            return (f"{label:<{width}} {t.games:>5} {t.wins:>5} {t.losses:>6} {t.draws:>5}  "
                    f"{100 * t.win_rate:5.1f}% [{100 * lo:5.1f}, {100 * hi:5.1f}]")

        for a, spec in enumerate(self.specs):
            label = f"{a + 1}. {spec}"
            lines.append(row(label, self.agents[a]))
            for p, t in self.seats[a].items():
                lines.append(row(f"   as P{p}", t))
        return lines


__all__ = ["GameOutcome", "MatchSummary", "Tally", "agent_seed", "game_seed", "play_match", "play_one",
           "seating", "wilson"]
