"""The ``survey`` command (a table of every description's concepts and playout metrics, on
local processes or a Dask cluster), and the ``--jobs`` and ``--cluster`` arguments it shares."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from ..workers import jobs_argument as jobs_arg, max_jobs
from .common import EXIT_OK, UsageError

INTERRUPTED = 130


def cluster_arg(p: argparse.ArgumentParser, what: str) -> None:
    """``--cluster ADDRESS``: run on a Dask scheduler's workers instead of local processes."""
    p.add_argument("--cluster", metavar="ADDRESS", default=None,
                   help=f"play {what} on the workers of the Dask scheduler at ADDRESS (tcp://host:8786) "
                        "instead of local processes; needs pip install 'ludeme-interpreter[cluster]' here and "
                        "on the workers")


def cluster_client(args: argparse.Namespace) -> Any:
    """The Dask client of ``--cluster`` (None without it); a usage error when it cannot be had."""
    address = getattr(args, "cluster", None)
    if address is None:
        return None
    if getattr(args, "jobs", 1) != 1:
        raise UsageError("give --jobs (local processes) or --cluster (a Dask cluster), not both")
    from ..survey.cluster import ClusterError, connect
    try:
        return connect(address)
    except ClusterError as err:
        raise UsageError(str(err)) from None


# --- the progress bar -------------------------------------------------------------------------------
class _Bar:
    """Games done, playouts per second and the time left, on standard error when a terminal."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self._last = 0.0
        self._width = 0

    def __call__(self, state) -> None:
        now = time.monotonic()
        if not self.enabled or now - self._last < 0.2:
            return
        self._last = now
        rate = state.playouts_done / state.elapsed if state.elapsed > 0 else 0.0
        work = state.chunks_done / state.chunks if state.chunks else 0.0
        left = state.elapsed * (1 - work) / work if work > 0 else None
        filled = int(24 * work)
        text = (f"\r[{'#' * filled}{'.' * (24 - filled)}] {state.rows_done}/{state.rows} games, "
                f"{state.playouts_done}/{state.playouts} playouts, {rate:.1f} playouts/s"
                + (f", {_duration(left)} left" if left is not None else "")
                + (f", {state.failed} failed" if state.failed else ""))
        self._width = max(self._width, len(text))
        sys.stderr.write(text.ljust(self._width))
        sys.stderr.flush()

    def close(self) -> None:
        if self.enabled and self._width:
            sys.stderr.write("\r" + " " * self._width + "\r")
            sys.stderr.flush()
            self._width = 0


def _duration(seconds: float) -> str:
    seconds = int(seconds + 0.5)
    if seconds >= 3600:
        return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
    return f"{seconds // 60}m{seconds % 60:02d}s" if seconds >= 60 else f"{seconds}s"


# --- survey ------------------------------------------------------------------------------------------
def cmd_survey(args: argparse.Namespace) -> int:
    from ..survey.plan import SurveyError, targets
    from ..survey.runner import DaskPool, Journal, LocalPool, Settings, SurveyRun
    from ..survey.sandbox import Bounds
    from ..survey.table import table_format, write_table
    from .concepts import _agents, _check_agents
    agents = _agents(args)
    _check_agents(agents)
    if not 0 < args.timeout <= 7 * 86400:
        raise UsageError("--timeout is a number of seconds above 0 (at most a week)")
    if Path(args.out).is_dir():
        raise UsageError(f"--out {args.out} is a folder: name the table's file (FILE.parquet or FILE.csv)")
    try:
        if table_format(args.out) == "parquet":
            from ..survey.table import _pyarrow
            _pyarrow()
        found = targets(args.paths)
    except SurveyError as err:
        raise UsageError(str(err)) from None
    settings = Settings(args.playouts, args.seed, tuple(agents), args.option_sets, args.chunk, tuple(args.defines))
    journal = Journal.beside(args.out)
    timing = not args.no_timing
    bar = _Bar(sys.stderr.isatty())
    run: SurveyRun | None = None
    pool = None
    client = cluster_client(args)  # before the journal is touched: a cluster out of reach changes nothing
    try:
        if args.resume and not journal.path.is_file():
            print(f"no journal {journal.path} to resume: the survey starts afresh", file=sys.stderr)
        finished = journal.open(settings, args.resume)
        started = time.perf_counter()
        bounds = Bounds(args.timeout, args.memory)
        pool = DaskPool(client, bounds) if client is not None else LocalPool(args.jobs, bounds)
        where = f"the cluster at {args.cluster}" if client is not None else \
            f"{args.jobs} local worker{'s' if args.jobs != 1 else ''}"

        def partial(rows: list) -> None:
            write_table(rows, args.out, timing)
        run = SurveyRun(found, settings, pool, journal, finished, progress=bar, partial=partial)
        rows = run.run()
    except KeyboardInterrupt:
        bar.close()
        if pool is not None:
            pool.close()
        if run is not None:
            rows = run.complete_rows()
            write_table(rows, args.out, timing)
            print(f"interrupted: {run.state.chunks_done} of {run.state.chunks} chunks done, {len(rows)} rows in "
                  f"{args.out}; the same command with --resume goes on (from {journal.path})", file=sys.stderr)
        return INTERRUPTED
    except SurveyError as err:
        raise UsageError(str(err)) from None
    finally:
        bar.close()
        if pool is not None:
            pool.close()
        if client is not None:
            client.close()
        journal.close()
    try:
        write_table(rows, args.out, timing)
    except SurveyError as err:
        raise UsageError(str(err)) from None
    journal.remove()
    wall = time.perf_counter() - started
    _summary(args, rows, run, where, wall)
    return EXIT_OK


def _summary(args: argparse.Namespace, rows: list, run, where: str, wall: float) -> None:
    from ..survey.stages import FileResult, Survey, format_survey
    from ..survey.table import columns, label
    report = Survey([FileResult(label(r), r["stage"], r["reason"], r["error"]) for r in rows])
    names = {"playout": f"play its {args.playouts} playouts" if args.playouts else "play (no playouts asked)"}
    print(format_survey(report, verbose=args.verbose, title=", ".join(args.paths), stage_names=names,
                        unit="rows (games and option sets)"))
    state = run.state
    played = sum(r["playouts"] for r in rows)
    print(f"\ntable: {args.out} ({len(rows)} rows, {len(columns(not args.no_timing))} columns)")
    print(f"time: {wall:.1f} s on {where}; {played} playouts measured"
          + (f" ({state.playouts_done / wall:.1f} playouts/s)" if wall > 0 and state.playouts_done else "")
          + (f"; {state.failed} chunks failed" if state.failed else "")
          + (f"; {state.retried} retried after their worker died" if state.retried else ""))


def add_commands(command, positive_int) -> None:
    """Declare ``survey`` with the parser's helpers."""
    from ..survey.plan import BUNDLED
    from .concepts import _count
    p = command("survey", cmd_survey, "survey a library of games: concepts and playout metrics in one table",
                "Take every description as far as it goes (parse, expand, load, N seeded playouts) and write\n"
                "one table (Parquet or CSV) with a row per game and option set: how far it got and why it\n"
                "stopped, its fingerprint, its compilation concepts and playout metrics (named as 'ludeme\n"
                "concepts' names them), the seed, the engine tier and the time taken. The work is cut into\n"
                "seeded chunks (a load, a block of playouts), so --jobs J or --cluster give the same table\n"
                "(but for the timing columns). A chunk whose worker dies is tried again (twice at most);\n"
                "one past its --timeout or --memory is reported. Chunks are kept in TABLE.journal as they\n"
                "finish, and the table is rewritten as rows finish; after an interruption, --resume goes on.\n"
                "'ludeme compare --from TABLE' compares the games of a table. See docs/survey.md.")
    p.add_argument("paths", nargs="+", metavar="DIR_OR_LIST",
                   help=f"folders of .lud files, .lud files, bundled names, '{BUNDLED}' (every bundled game), or "
                        "list files (one of those a line)")
    p.add_argument("--playouts", "-n", type=_count, default=20, metavar="N",
                   help="playouts per game and option set (default 20; 0: concepts only)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (default 0)")
    p.add_argument("--agents", metavar="SPECS", default=None,
                   help="agent specs in player order, comma-separated, used in turn (default: random)")
    p.add_argument("--option-sets", choices=("default", "all"), default="default",
                   help="default: each description's default options; all: also every ruleset and every "
                        "item of every option (the others at their defaults)")
    p.add_argument("--out", "-o", default="survey.csv", metavar="FILE",
                   help="the table: FILE.parquet (needs pyarrow) or FILE.csv (default survey.csv)")
    p.add_argument("--jobs", "-j", type=jobs_arg, default=1, metavar="J", help="local worker processes (default 1)")
    cluster_arg(p, "the chunks")
    p.add_argument("--chunk", type=positive_int, default=10, metavar="N", help="playouts per chunk (default 10)")
    p.add_argument("--timeout", type=float, default=600.0, metavar="SEC",
                   help="a chunk running longer is stopped and reported (default 600)")
    p.add_argument("--memory", type=_memory, default=4096, metavar="MB",
                   help="a worker process growing past this is stopped and its chunk reported (default 4096)")
    p.add_argument("--resume", action="store_true", help="go on with an interrupted survey (TABLE.journal)")
    p.add_argument("--no-timing", action="store_true",
                   help="leave out the timing columns (two runs then give the same bytes)")
    p.add_argument("--defines", action="append", default=[], metavar="DIR",
                   help="a folder (or file) of library defines (.def) to use as well; repeatable")
    p.add_argument("-v", "--verbose", action="store_true", help="a line per row as well")


def _memory(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number of megabytes: {text[:40]!r}") from None
    if not 256 <= value <= 1 << 20:
        raise argparse.ArgumentTypeError(f"must be from 256 to {1 << 20} (MB), not {value}")
    return value


__all__ = ["add_commands", "cluster_arg", "cluster_client", "cmd_survey", "jobs_arg", "max_jobs"]
