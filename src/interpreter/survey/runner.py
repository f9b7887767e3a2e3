"""Running a survey: chunks on local worker processes or a Dask cluster, retried when their
worker dies, kept in a journal as they finish, and summed up into rows.

A row's values come from its chunks' results only, each computed from its key's inputs, and
rows are put in the descriptions' order, then their option sets': so the table is the same for
any number of workers and any order of completion (but for the timing columns).

A chunk whose worker dies (the process killed, a Dask worker lost) is run again, at most
:data:`RETRIES` more times, then reported as failed; a chunk stopped by its time or memory bound
is reported at once (it would stop again). On a Dask cluster the scheduler also moves the tasks
of a lost worker to another by itself, up to its ``distributed.scheduler.allowed-failures``
(then the client sees ``KilledWorker``, counted here as one death).

The *journal* (``TABLE.journal``, JSON lines) holds the survey's settings, then one line per
chunk finished: ``--resume`` reads it and runs only the others (and those that failed by a bound
or a death, which a second try may pass); an engine error is kept, as it would come again.
"""

from __future__ import annotations

import hashlib
import json
import queue
import time
import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TextIO

from .plan import (
    LoadRequest,
    OptionSet,
    PlayRequest,
    SurveyError,
    Target,
    blocks,
    load_key,
    play_key,
)
from .sandbox import Bounds, close_sandboxes, run_chunk

RETRIES = 2  # more tries of a chunk whose worker died
KEPT = ("ok", "error")  # chunk results a resumed survey keeps (the others are tried again)
NO_WORKER_SECONDS = 120.0  # a cluster without any worker for this long stops the survey
JOURNAL_VERSION = 1


@dataclass(frozen=True)
class Settings:
    """What a survey computes (the journal's header: a resumed survey must have the same)."""

    playouts: int = 20
    seed: int = 0
    agents: tuple[str, ...] = ("random",)
    option_sets: str = "default"  # or "all"
    chunk: int = 10  # playouts per chunk
    defines: tuple[str, ...] = ()

    def header(self) -> dict[str, Any]:
        """The settings as the journal's first line."""
        return {"journal": JOURNAL_VERSION, "playouts": self.playouts, "seed": self.seed,
                "agents": list(self.agents), "option_sets": self.option_sets, "chunk": self.chunk,
                "defines": list(self.defines)}


@dataclass
class Progress:
    """How far a survey is: rows (games and option sets), chunks and playouts, done and known."""

    rows_done: int = 0
    rows: int = 0
    chunks_done: int = 0
    chunks: int = 0
    playouts_done: int = 0
    playouts: int = 0
    elapsed: float = 0.0
    failed: int = 0  # chunks reported failed (a bound, or their worker died too often)
    retried: int = 0  # chunks run again after their worker died


# --- the journal -----------------------------------------------------------------------------------
class Journal:
    """Finished chunks, one JSON line each after the settings, appended as they come."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._file: TextIO | None = None

    @staticmethod
    def beside(table: str | Path) -> Journal:
        """The journal of a table: ``TABLE.journal`` in the same folder."""
        table = Path(table)
        return Journal(table.with_name(table.name + ".journal"))

    def open(self, settings: Settings, resume: bool) -> dict[str, dict[str, Any]]:
        """Start the journal (afresh, or going on with ``resume``): the chunks already finished."""
        entries: dict[str, dict[str, Any]] = {}
        if resume and self.path.is_file():
            entries = self._read(settings)
        else:
            try:
                with open(self.path, "w", encoding="utf-8") as f:
                    f.write(json.dumps(settings.header()) + "\n")
            except OSError as err:
                raise SurveyError(f"cannot write {self.path}: {err.strerror or err}") from None
        self._file = open(self.path, "a", encoding="utf-8")
        return entries

    def _read(self, settings: Settings) -> dict[str, dict[str, Any]]:
        try:
            with open(self.path, encoding="utf-8") as f:
                lines = f.read().splitlines()
        except (OSError, UnicodeDecodeError) as err:
            raise SurveyError(f"cannot read {self.path}: {getattr(err, 'strerror', None) or err}") from None
        try:
            header = json.loads(lines[0]) if lines else None
        except json.JSONDecodeError:
            header = None
        if not isinstance(header, dict) or header.get("journal") != JOURNAL_VERSION:
            raise SurveyError(f"{self.path} is not a survey journal: remove it, or run without --resume")
        wanted = settings.header()
        changed = [k for k in wanted if header.get(k) != wanted[k]]
        if changed:
            was = ", ".join(f"{k} {header.get(k)!r} (now {wanted[k]!r})" for k in changed)
            raise SurveyError(f"{self.path} holds a survey made with other settings: {was}; "
                              "give the same settings to resume it, or run without --resume to start afresh")
        entries = {}
        for line in lines[1:]:
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:  # the last line of a survey stopped while writing it
                continue
            if isinstance(entry, dict) and isinstance(entry.get("key"), str) and entry.get("status") in KEPT:
                entries[entry["key"]] = entry
        return entries

    def append(self, entry: dict[str, Any]) -> None:
        """Keep one finished chunk (on disk at once: a crash loses no finished chunk)."""
        if self._file is not None:
            self._file.write(json.dumps(entry, ensure_ascii=False) + "\n")
            self._file.flush()

    def close(self) -> None:
        """Stop writing."""
        if self._file is not None:
            self._file.close()
            self._file = None

    def remove(self) -> None:
        """Forget the journal (the survey is done and its table written)."""
        self.close()
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass


# --- where chunks run ------------------------------------------------------------------------------
Done = Callable[[dict[str, Any]], None]


class Pool(Protocol):
    """Workers that run chunks and tell ``done(reply)`` when each ends (from any thread)."""

    def submit(self, request: LoadRequest | PlayRequest, done: Done, attempt: int) -> None: ...

    def workers(self) -> int: ...

    def close(self) -> None: ...


class LocalPool:
    """``jobs`` worker processes on this machine (a thread drives each one's sandbox).
    ``started(key, pid)`` is told just before a chunk is sent to a worker (tests kill it then:
    the worker dies without running it, whatever the machine's load)."""

    def __init__(self, jobs: int, bounds: Bounds,
                 started: Callable[[str, int], None] | None = None):
        self.jobs, self.bounds, self.started = jobs, bounds, started
        self._executor = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="survey-worker")

    def submit(self, request: LoadRequest | PlayRequest, done: Done, attempt: int) -> None:
        """Run a chunk on the next free worker."""
        hook = None
        if self.started is not None:
            hook = lambda pid, key=request.key: self.started(key, pid)  # noqa: E731
        future = self._executor.submit(run_chunk, request, self.bounds, hook)
        future.add_done_callback(lambda f: done(_reply(f)))

    def workers(self) -> int:
        """How many workers there are."""
        return self.jobs

    def close(self) -> None:
        """Stop the workers (the chunks still running are lost)."""
        self._executor.shutdown(wait=False, cancel_futures=True)
        close_sandboxes()
        self._executor.shutdown(wait=True)
        close_sandboxes()


class DaskPool:
    """The workers of a Dask cluster (each of its threads drives a sandbox on its machine)."""

    def __init__(self, client: Any, bounds: Bounds):
        self.client, self.bounds = client, bounds
        self._futures: set = set()

    def submit(self, request: LoadRequest | PlayRequest, done: Done, attempt: int) -> None:
        """Send a chunk to the scheduler (a fresh task key for every try)."""
        name = hashlib.sha256(request.key.encode("utf-8")).hexdigest()[:16]
        future = self.client.submit(run_chunk, request, self.bounds, key=f"ludeme-survey-{name}-{attempt}-"
                                    f"{uuid.uuid4().hex[:8]}", pure=False)
        self._futures.add(future)

        def finished(f) -> None:
            self._futures.discard(f)
            done(_reply(f))
        future.add_done_callback(finished)

    def workers(self) -> int:
        """How many workers the scheduler has now."""
        try:
            return len(self.client.scheduler_info().get("workers", {}))
        except Exception:  # the scheduler went away: no worker
            return 0

    def close(self) -> None:
        """Cancel what is left and stop the sandboxes on every worker."""
        try:
            if self._futures:
                self.client.cancel(list(self._futures))
            self.client.run(close_sandboxes, True)  # the idle ones: another survey may share the workers
        except Exception:  # a cluster going away: nothing more to stop
            pass


def _reply(future: Any) -> dict[str, Any]:
    """A finished future's reply; a worker lost on the way is a death (tried again)."""
    try:
        reply = future.result()
    except BaseException as err:  # noqa: B902  (a cancelled or lost task, from any executor)
        name = type(err).__name__
        status = "died" if name in ("KilledWorker", "CancelledError", "CommClosedError", "FutureCancelledError") \
            else "error"
        return {"status": status, "message": f"{name}: {str(err)[:200]}", "seconds": 0.0}
    if not isinstance(reply, dict) or "status" not in reply:
        return {"status": "error", "message": "a worker gave no reply", "seconds": 0.0}
    return reply


# --- the survey -------------------------------------------------------------------------------------
@dataclass
class RowState:
    """One row while its chunks run: its description and option set, and their results."""

    target: Target
    options: OptionSet
    order: tuple[int, int]  # (description, option set): the table's order
    load: dict[str, Any] | None = None
    blocks: list[tuple[int, int]] = field(default_factory=list)
    plays: dict[int, dict[str, Any]] = field(default_factory=dict)

    def complete(self) -> bool:
        """Every chunk of the row has finished."""
        if self.target.reason:
            return True
        if self.load is None:
            return False
        return len(self.plays) == len(self.blocks)


class SurveyRun:
    """A survey of ``targets``: :meth:`run` gives the rows (plain dicts by column name)."""

    def __init__(self, targets: Sequence[Target], settings: Settings, pool: Pool,
                 journal: Journal | None = None, finished: dict[str, dict[str, Any]] | None = None,
                 progress: Callable[[Progress], None] | None = None,
                 partial: Callable[[list[dict[str, Any]]], None] | None = None, partial_seconds: float = 30.0):
        self.targets, self.settings, self.pool = list(targets), settings, pool
        self.journal, self.finished = journal, dict(finished or {})
        self.on_progress, self.on_partial, self.partial_seconds = progress, partial, partial_seconds
        self.rows: list[RowState] = []
        self.state = Progress()
        self._replies: queue.Queue[tuple[str, dict[str, Any]]] = queue.Queue()
        self._running: dict[str, list] = {}  # key -> [request, row, attempts]
        self._ready: list[tuple[Any, RowState, dict[str, Any]]] = []
        self._started = 0.0

    def run(self) -> list[dict[str, Any]]:
        """Run every chunk (those of the journal excepted) and return the rows in order."""
        self._started = time.monotonic()
        for i, target in enumerate(self.targets):
            row = self._row(target, OptionSet(), (i, 0))
            if not target.reason:
                self._load(row, self.settings.option_sets == "all")
        last_partial = time.monotonic()
        no_worker_since: float | None = None
        while self._ready or self._running:
            while self._ready:
                request, row, entry = self._ready.pop(0)
                self._done(request, row, entry)
            if not self._running:
                break
            try:
                key, reply = self._replies.get(timeout=0.5)
            except queue.Empty:
                no_worker_since = self._check_workers(no_worker_since)
                self._report()
                continue
            self._reply(key, reply)
            if self.on_partial is not None and time.monotonic() - last_partial > self.partial_seconds:
                last_partial = time.monotonic()
                self.on_partial(self.complete_rows())
        self._report()
        return self.complete_rows()

    def complete_rows(self) -> list[dict[str, Any]]:
        """The rows whose chunks have all finished, in the table's order."""
        from .rows import build_row
        return [build_row(r, self.settings) for r in sorted(self.rows, key=lambda r: r.order) if r.complete()]

    # -- chunks --
    def _row(self, target: Target, options: OptionSet, order: tuple[int, int]) -> RowState:
        row = RowState(target, options, order)
        self.rows.append(row)
        self.state.rows += 1
        if row.complete():
            self.state.rows_done += 1
        return row

    def _load(self, row: RowState, list_option_sets: bool) -> None:
        t = row.target
        self._submit(LoadRequest(load_key(t, row.options), t.path, t.text, row.options.options,
                                 row.options.ruleset, self.settings.defines, list_option_sets), row)

    def _submit(self, request: LoadRequest | PlayRequest, row: RowState) -> None:
        self.state.chunks += 1
        kept = self.finished.get(request.key)
        if kept is not None:
            self._ready.append((request, row, kept))
            return
        self._running[request.key] = [request, row, 0]
        self.pool.submit(request, self._deliver(request.key), 0)

    def _deliver(self, key: str) -> Done:
        """Where the reply to the chunk ``key`` goes: the queue of replies, with its key."""
        def deliver(reply: dict[str, Any]) -> None:
            self._replies.put((key, reply))
        return deliver

    def _reply(self, key: str, reply: dict[str, Any]) -> None:
        slot = self._running.get(key)
        if slot is None:  # a reply to a chunk given up already
            return
        request, row, attempts = slot
        status = reply.get("status")
        if status == "died" and attempts < RETRIES:
            slot[2] = attempts + 1
            self.state.retried += 1
            self.pool.submit(request, self._deliver(key), attempts + 1)
            return
        del self._running[key]
        entry: dict[str, Any] = {"key": key, "status": status, "seconds": float(reply.get("seconds") or 0.0)}
        if status == "ok":
            entry["data"] = reply.get("data")
        else:
            message = str(reply.get("message") or "")
            if status == "died":
                status = entry["status"] = "failed"
                message = f"its worker died {attempts + 1} times (the last: {message})"
            entry["message"] = message
            if status != "error":
                self.state.failed += 1
        if self.journal is not None:
            self.journal.append(entry)
        self._done(request, row, entry)

    def _done(self, request: LoadRequest | PlayRequest, row: RowState, entry: dict[str, Any]) -> None:
        self.state.chunks_done += 1
        was_complete = row.complete()
        if isinstance(request, LoadRequest):
            row.load = entry
            data = entry.get("data") if entry.get("status") == "ok" else None
            if isinstance(data, dict):
                if request.list_option_sets:
                    for j, (options, ruleset) in enumerate(data.get("option_sets") or [], 1):
                        extra = self._row(row.target, OptionSet(tuple(options), ruleset), (row.order[0], j))
                        self._load(extra, False)
                if data.get("stage") == "load" and self.settings.playouts > 0:
                    row.blocks = blocks(self.settings.playouts, self.settings.chunk)
                    self.state.playouts += self.settings.playouts
                    for start, stop in row.blocks:
                        self._submit(PlayRequest(play_key(row.target, row.options, start, stop), data["game_text"],
                                                 int(data["turn_limit"]), self.settings.seed,
                                                 tuple(self.settings.agents), start, stop), row)
        else:
            row.plays[request.start] = entry
            self.state.playouts_done += request.stop - request.start
        if row.complete() and not was_complete:
            self.state.rows_done += 1
        self._report()

    def _check_workers(self, since: float | None) -> float | None:
        if self.pool.workers() > 0:
            return None
        now = time.monotonic()
        if since is not None and now - since > NO_WORKER_SECONDS:
            raise SurveyError(f"the cluster has had no worker for {NO_WORKER_SECONDS:g} s: the survey stops "
                              "(--resume goes on from its journal)")
        return since if since is not None else now

    def _report(self) -> None:
        self.state.elapsed = time.monotonic() - self._started
        if self.on_progress is not None:
            self.on_progress(self.state)


__all__ = ["DaskPool", "Journal", "KEPT", "LocalPool", "Pool", "Progress", "RETRIES", "RowState", "Settings",
           "SurveyRun"]
