"""How a survey scales: the same survey on 1, 2 and 4 local worker processes (or a Dask
cluster), and what one chunk and one Dask task cost beside the work they carry.

    PYTHONPATH=src python benchmarks/survey.py                          # ../shared/ludii-sample, 20 playouts
    PYTHONPATH=src python benchmarks/survey.py --jobs 1 2 4 --playouts 10 --limit 40
    PYTHONPATH=src python benchmarks/survey.py --cluster 2              # also a LocalCluster of 2 workers
    PYTHONPATH=src python benchmarks/survey.py --overhead-only          # the per-chunk and per-task costs

Each run surveys the same descriptions with the same seed and checks that every run gives the
same table (the timing columns left out). Times are wall-clock seconds of the whole survey,
worker start-up included: other work on the machine slows them, so the load average before
each run is printed beside it. Not a test: nothing here asserts a time.

The overheads: a *chunk* through a local worker (a pipe to a sandbox process and back, a
pickle each way) beside the time its work took inside the sandbox; a *Dask task* (no work) sent
to a LocalCluster and back, one at a time and many at once.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from interpreter.survey.plan import PlayRequest, targets  # noqa: E402
from interpreter.survey.runner import DaskPool, LocalPool, Settings, SurveyRun  # noqa: E402
from interpreter.survey.sandbox import Bounds, close_sandboxes, run_chunk  # noqa: E402
from interpreter.survey.table import without_timing  # noqa: E402

SAMPLE = ROOT.parent / "shared" / "ludii-sample"


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def survey_once(found, settings: Settings, pool) -> tuple[float, list, SurveyRun]:
    started = time.perf_counter()
    run = SurveyRun(found, settings, pool)
    try:
        rows = run.run()
    finally:
        pool.close()
    return time.perf_counter() - started, rows, run


def chunk_overhead(count: int = 200) -> tuple[float, float, float]:
    """(first chunk's seconds, start-up included; mean wall seconds of a chunk; mean seconds of
    its work inside the sandbox) for one-playout chunks of tic-tac-toe."""
    from interpreter import load
    from interpreter.concept.metrics import game_text
    game = load("tic-tac-toe")
    text, limit = game_text(game), game.turn_limit
    bounds = Bounds()
    started = time.perf_counter()
    run_chunk(PlayRequest("warm", text, limit, 0, ("random",), 0, 1), bounds)
    first = time.perf_counter() - started
    inside = 0.0
    started = time.perf_counter()
    for i in range(count):
        reply = run_chunk(PlayRequest(f"k{i}", text, limit, 0, ("random",), i, i + 1), bounds)
        inside += reply["seconds"]
    wall = (time.perf_counter() - started) / count
    close_sandboxes()
    return first, wall, inside / count


def _nothing(i: int) -> int:
    return i


def dask_overhead(client, count: int = 500) -> tuple[float, float]:
    """(seconds of one no-op task's round trip, one at a time; seconds per task of ``count`` sent
    at once) on the client's cluster."""
    client.submit(_nothing, -1, pure=False).result()
    started = time.perf_counter()
    for i in range(50):
        client.submit(_nothing, i, pure=False).result()
    serial = (time.perf_counter() - started) / 50
    started = time.perf_counter()
    futures = [client.submit(_nothing, i, pure=False) for i in range(count)]
    client.gather(futures)
    return serial, (time.perf_counter() - started) / count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", default=[str(SAMPLE)], help="descriptions (default: Ludii's sample)")
    parser.add_argument("--playouts", type=int, default=20)
    parser.add_argument("--chunk", type=int, default=10)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--limit", type=int, default=None, help="survey only the first N descriptions")
    parser.add_argument("--cluster", type=int, default=0, metavar="W",
                        help="also survey on a LocalCluster of W single-threaded workers")
    parser.add_argument("--overhead-only", action="store_true")
    args = parser.parse_args()

    print(f"machine: {platform.platform()}; {os.cpu_count()} CPUs; Python {platform.python_version()}")
    first, wall, inside = chunk_overhead()
    print(f"local chunk: first {first:.2f} s (the worker's start-up: Python, the package, the grammar); then "
          f"{1000 * wall:.2f} ms a chunk, {1000 * inside:.2f} ms of it playing (overhead "
          f"{1000 * (wall - inside):.2f} ms: the pipe, two pickles, the thread)")
    client = cluster = None
    if args.cluster or args.overhead_only:
        from distributed import Client, LocalCluster
        cluster = LocalCluster(n_workers=max(args.cluster, 2), threads_per_worker=1, processes=True,
                               host="127.0.0.1", dashboard_address=None, silence_logs=50)
        client = Client(cluster.scheduler_address, set_as_default=False)
        serial, batch = dask_overhead(client)
        print(f"dask task ({max(args.cluster, 2)} workers): {1000 * serial:.2f} ms round trip one at a time, "
              f"{1000 * batch:.2f} ms per task when 500 are sent at once")
    if args.overhead_only:
        client.close()
        cluster.close()
        return 0

    found = targets(args.paths)[:args.limit]
    settings = Settings(playouts=args.playouts, chunk=args.chunk)
    print(f"survey: {len(found)} descriptions, {args.playouts} playouts each, chunks of {args.chunk}")
    results = {}
    for jobs in args.jobs:
        before = load_average()
        seconds, rows, run = survey_once(found, settings, LocalPool(jobs, Bounds()))
        results[f"{jobs} local"] = (seconds, rows)
        print(f"  {jobs} local worker{'s' if jobs != 1 else ' '}: {seconds:7.1f} s  ({run.state.chunks} chunks, "
              f"{run.state.playouts_done} playouts, load average before: {before})", flush=True)
    if client is not None:
        before = load_average()
        seconds, rows, run = survey_once(found, settings, DaskPool(client, Bounds()))
        results[f"cluster of {args.cluster}"] = (seconds, rows)
        print(f"  LocalCluster of {args.cluster}: {seconds:7.1f} s  (load average before: {before})", flush=True)
        client.close()
        cluster.close()
    base_name = next(iter(results))
    base_seconds, base_rows = results[base_name]
    for name, (seconds, rows) in results.items():
        same = without_timing(rows) == without_timing(base_rows)
        print(f"  {name:>16}: speed-up {base_seconds / seconds:4.2f} over {base_name}; same table: {same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
