"""Running on a Dask cluster (``pip install 'ludeme-interpreter[cluster]'``): connecting to its
scheduler, and the playouts of ``compare`` and the games of ``match`` as Dask tasks.

Every worker needs this package installed (the same version as the client's): tasks name its
functions, and games travel as their expanded text (options chosen, defines inlined), so a
worker needs no description file. A game's playouts and a match's games are seeded by their
number alone, so the results are those of ``--jobs``, however the cluster shares them out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .plan import SurveyError

if TYPE_CHECKING:
    from ..concept.metrics import GameRecord, Metric
    from ..engine.game import Game
    from ..match import GameOutcome

CONNECT_SECONDS = 20.0  # to reach the scheduler
WORKER_SECONDS = 60.0  # for a first worker to join it
BLOCK = 10  # playouts (or match games) per task


class ClusterError(SurveyError):
    """No cluster to run on: Dask missing, the scheduler out of reach, no worker."""


def connect(address: str, connect_seconds: float = CONNECT_SECONDS, worker_seconds: float = WORKER_SECONDS) -> Any:
    """A Dask client of the scheduler at ``address`` (``tcp://host:8786``, or ``host:port``),
    once one worker at least has joined and every worker can run this package's tasks."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("--cluster needs dask and distributed: pip install 'ludeme-interpreter[cluster]'") from None
    if not isinstance(address, str) or not address.strip() or len(address) > 300 or "\n" in address:
        raise ClusterError(f"--cluster takes a scheduler's address (tcp://host:8786), not {address!r}")
    _refused(address.strip())
    try:
        client = Client(address.strip(), timeout=connect_seconds, set_as_default=False)
    except Exception as err:  # an unknown scheme, a refused or timed-out connection...
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {type(err).__name__}: {err}") from None
    try:
        client.wait_for_workers(1, timeout=worker_seconds)
    except Exception:
        client.close()
        raise ClusterError(f"no worker joined the Dask scheduler at {address} within {worker_seconds:g} s") from None
    try:
        versions = client.run(worker_version)
    except Exception as err:
        client.close()
        raise ClusterError(f"the workers of {address} cannot run this package's tasks ({type(err).__name__}: "
                           f"{err}): install ludeme-interpreter on them") from None
    ours = worker_version()
    other = sorted({v for v in versions.values() if v != ours})
    if other:
        client.close()
        raise ClusterError(f"the workers of {address} run ludeme-interpreter {other[0]}, this client {ours}: "
                           "install the same version everywhere")
    return client


def _refused(address: str) -> None:
    """Say at once that nothing listens at a TCP address (Dask would retry until its timeout)."""
    import socket
    from urllib.parse import urlsplit
    if "://" in address and not address.startswith("tcp://"):
        return  # another protocol: Dask knows it
    try:
        parts = urlsplit(address if "://" in address else "tcp://" + address)
        host, port = parts.hostname, parts.port
    except ValueError:
        host = port = None
    if not host or not port:
        raise ClusterError(f"--cluster takes a scheduler's address with its port (tcp://host:8786), not {address!r}")
    try:
        socket.create_connection((host, port), timeout=CONNECT_SECONDS).close()
    except OSError as err:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {err.strerror or err}") from None


def worker_version() -> str:
    """This package's version (what every worker must share with the client)."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("ludeme-interpreter")
    except PackageNotFoundError:
        return "unknown (not installed)"


def workers(client: Any) -> int:
    """The number of workers of the client's scheduler now."""
    return len(client.scheduler_info().get("workers", {}))


# --- tasks -----------------------------------------------------------------------------------------
def _playouts(text: str, turn_limit: int, seed: int, agents: Sequence[str], indices: Sequence[int]) -> list:
    from ..concept.metrics import play_one
    from .tasks import cached_game
    game = cached_game(text, turn_limit)
    return [play_one(game, i, seed, agents) for i in indices]


def _match_games(text: str, turn_limit: int, specs: Sequence[str], seed: int, indices: Sequence[int]) -> list:
    from ..match import play_one
    from .tasks import cached_game
    game = cached_game(text, turn_limit)
    return [play_one(game, specs, i, seed)[0] for i in indices]


def _run_blocks(client: Any, func: Callable, args: tuple, count: int, each: Callable[[list], None]) -> list:
    """Run ``func(*args, indices)`` for blocks of ``range(count)``; the results in index order."""
    from distributed import as_completed

    from .plan import blocks
    futures = [client.submit(func, *args, list(range(start, stop)), pure=False) for start, stop in blocks(count, BLOCK)]
    out: list = []
    try:
        for future in as_completed(futures, loop=client.loop):
            part = future.result()
            out.extend(part)
            each(part)
    finally:
        client.cancel(futures)
    return out


def run_playouts(client: Any, game: Game, playouts: int, seed: int = 0, agents: Sequence[str] = ("random",),
                 progress: Callable[[int, int], None] | None = None) -> list[GameRecord]:
    """:func:`interpreter.concept.metrics.run_playouts` on the cluster: the same records."""
    from ..concept.metrics import game_text
    done = [0]

    def each(part: list) -> None:
        done[0] += len(part)
        if progress is not None:
            progress(done[0], playouts)
    records = _run_blocks(client, _playouts, (game_text(game), game.turn_limit, seed, list(agents) or ["random"]),
                          playouts, each)
    return sorted(records, key=lambda r: r.index)


def playout_metrics(client: Any, game: Game, playouts: int, seed: int = 0, agents: Sequence[str] = ("random",),
                    jobs: int = 1, progress: Callable[[int, int], None] | None = None) -> dict[str, Metric]:
    """:func:`interpreter.concept.metrics.playout_metrics` on the cluster (``jobs`` unused)."""
    from ..concept.metrics import summarise
    records = run_playouts(client, game, playouts, seed, agents, progress)
    return summarise(records, game.num_players, scores="Scoring" in game.concepts)


def play_match(client: Any, game: Game, specs: Sequence[str], games: int, seed: int = 0,
               on_game: Callable[[GameOutcome], None] | None = None) -> list[GameOutcome]:
    """:func:`interpreter.match.play_match` on the cluster (``game`` loaded with its options and
    turn limit): the same outcomes, in game order."""
    from ..concept.metrics import game_text

    def each(part: list) -> None:
        if on_game is not None:
            for outcome in part:
                on_game(outcome)
    outcomes = _run_blocks(client, _match_games, (game_text(game), game.turn_limit, list(specs), seed), games, each)
    return sorted(outcomes, key=lambda o: o.index)


__all__ = ["BLOCK", "ClusterError", "connect", "play_match", "playout_metrics", "run_playouts", "worker_version",
           "workers"]
