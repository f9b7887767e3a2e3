"""Worker processes for the commands that play many games (match, concepts, compare, and any
other that takes ``--jobs``): how many a machine allows, and a pool that ends its workers on
every way out.

:func:`max_jobs` is the one bound on ``--jobs`` for every command: twice the cores this process
may run on (more processes than that only share the same cores, and each holds a game in
memory). :func:`check_jobs` says so when a number is beyond it. :func:`worker_pool` runs a
``ProcessPoolExecutor`` whose workers never outlive the command: they are ended when it returns,
fails, is interrupted (Ctrl-C) or is terminated (``SIGTERM``), and each worker ends itself if the
main process disappears without a word (``SIGKILL``).
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

JOBS_PER_CORE = 2
PARENT_POLL_SECONDS = 0.5  # how often a worker looks whether its main process is still there


def cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not Linux
        return max(1, os.cpu_count() or 1)


def max_jobs() -> int:
    """The most worker processes a command may start on this machine."""
    return max(2, JOBS_PER_CORE * cores())


def check_jobs(jobs: int) -> int:
    """``jobs`` when it is from 1 to :func:`max_jobs`; else a :class:`ValueError` saying the
    bound (for ``--jobs`` of every command, and for the Python API)."""
    bound = max_jobs()
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= bound:
        raise ValueError(f"jobs must be from 1 to {bound} on this machine ({cores()} cores), not {jobs!r}")
    return jobs


def jobs_argument(text: str) -> int:
    """The ``--jobs`` value of a command line (``type=`` for argparse): a whole number from 1 to
    :func:`max_jobs`."""
    import argparse
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]!r}") from None
    try:
        return check_jobs(value)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err).replace("jobs must be", "must be")) from None


class Terminated(SystemExit):
    """Raised in the main process by ``SIGTERM`` while a pool runs, so the pool is ended on the
    way out (the exit status is 128 + the signal's number, as the shell reports a killed process)."""


@contextlib.contextmanager
def worker_pool(jobs: int, initializer: Callable[..., None], initargs: Sequence[Any] = ()) \
        -> Iterator[ProcessPoolExecutor]:
    """A pool of ``jobs`` worker processes (checked by :func:`check_jobs`), each set up by
    ``initializer(*initargs)``; its workers are ended however the block is left."""
    check_jobs(jobs)
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker,
                               initargs=(os.getpid(), initializer, tuple(initargs)))
    previous = _on_sigterm(pool)
    finished = False
    try:
        yield pool
        finished = True
    finally:
        try:
            if finished:
                pool.shutdown(wait=True)
            else:
                _end(pool)
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)


def _on_sigterm(pool: ProcessPoolExecutor):
    """Make SIGTERM end the pool's workers at once and raise :class:`Terminated` in the main
    thread; the handler it replaces (None when signals cannot be handled here: not the main
    thread)."""
    if threading.current_thread() is not threading.main_thread():
        return None

    def terminated(signum, frame):
        # the workers first, whatever the main thread was doing when the signal came
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()
        raise Terminated(128 + signum)
    try:
        return signal.signal(signal.SIGTERM, terminated)
    except (ValueError, OSError):
        return None


def _end(pool: ProcessPoolExecutor) -> None:
    """Stop a pool now: no more work, and its workers terminated (not waited for)."""
    ending = getattr(pool, "terminate_workers", None)  # Python 3.14
    if ending is not None:
        ending()
        return
    # the processes before shutdown forgets them; no public way to end them before 3.14
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)
        if process.is_alive():
            process.kill()


def _start_worker(parent: int, initializer: Callable[..., None], initargs: Sequence[Any]) -> None:
    """In a worker: leave Ctrl-C to the main process (which ends the pool), watch that the main
    process is still there, then set up the worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    initializer(*initargs)


def _watch_parent(parent: int) -> None:
    """End this worker when its main process is gone (killed without a chance to end the pool)."""
    import time
    while True:
        time.sleep(PARENT_POLL_SECONDS)
        try:
            os.kill(parent, 0)  # no signal sent: only whether the process is there
        except ProcessLookupError:
            os._exit(1)
        except OSError:
            pass  # there, but not ours to signal


__all__ = ["cores", "max_jobs", "check_jobs", "jobs_argument", "worker_pool", "Terminated"]
