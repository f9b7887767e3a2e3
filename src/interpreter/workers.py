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
    """Raised in the main process when ``SIGTERM`` came while a pool ran, once the pool is ended
    (the exit status is 128 + the signal's number, as the shell reports a killed process)."""


@contextlib.contextmanager
def worker_pool(jobs: int, initializer: Callable[..., None], initargs: Sequence[Any] = ()) \
        -> Iterator[ProcessPoolExecutor]:
    """A pool of ``jobs`` worker processes (checked by :func:`check_jobs`), each set up by
    ``initializer(*initargs)``; its workers are ended however the block is left."""
    check_jobs(jobs)
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker,
                               initargs=(os.getpid(), initializer, tuple(initargs)))
    watch = _SigtermWatch.start(pool)
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
            signum = watch.stop() if watch is not None else None
        if signum is not None:  # whatever the block raised meanwhile (a broken pool, a cancelled
            raise Terminated(128 + signum) from None  # future) was the pool ending on SIGTERM


class _SigtermWatch:
    """SIGTERM while a pool runs: the handler only notes the signal and writes a byte to a pipe
    (no lock taken, nothing raised: the main thread may be inside the executor's code holding
    its locks, and an exception there left them held and hung the process). A thread reading
    the pipe ends the pool, which wakes the main thread with a cancelled or broken future, and
    :func:`worker_pool` raises :class:`Terminated` on the way out, a point where no lock is held."""

    def __init__(self, pool: ProcessPoolExecutor) -> None:
        self.pool = pool
        self.signum: int | None = None
        self.read_end, self.write_end = os.pipe()
        os.set_blocking(self.write_end, False)
        self.thread = threading.Thread(target=self._wait, name="sigterm-watch", daemon=True)
        self.previous: Any = None

    @classmethod
    def start(cls, pool: ProcessPoolExecutor) -> _SigtermWatch | None:
        """Watch for SIGTERM while ``pool`` runs; None when signals cannot be handled here (not
        the main thread)."""
        if threading.current_thread() is not threading.main_thread():
            return None
        watch = cls(pool)
        watch.thread.start()
        try:
            watch.previous = signal.signal(signal.SIGTERM, watch._handle)
        except (ValueError, OSError):
            watch.stop()
            return None
        return watch

    def _handle(self, signum: int, frame: object) -> None:
        """The signal handler: note it and wake the thread; nothing that may block or raise."""
        self.signum = signum
        with contextlib.suppress(OSError):  # the pipe full: the thread is woken already
            os.write(self.write_end, b"T")

    def _wait(self) -> None:
        """The thread: wait for a byte; ``T`` (the signal) ends the pool, ``S`` (stop) does not."""
        while True:
            try:
                byte = os.read(self.read_end, 1)
            except InterruptedError:
                continue
            except OSError:
                return
            if byte == b"T":
                _end(self.pool)
            return

    def stop(self) -> int | None:
        """Put the previous handler back and stop the thread; the signal's number if it came."""
        if self.previous is not None:  # None: a handler not set from Python, which stays
            with contextlib.suppress(ValueError, OSError):
                signal.signal(signal.SIGTERM, self.previous)
        with contextlib.suppress(OSError):
            os.write(self.write_end, b"S")
        self.thread.join()
        self._close()
        return self.signum

    def _close(self) -> None:
        for fd in (self.read_end, self.write_end):
            with contextlib.suppress(OSError):
                os.close(fd)


def _end(pool: ProcessPoolExecutor) -> None:
    """Stop a pool now: no more work, and its workers terminated (not waited for)."""
    ending = getattr(pool, "terminate_workers", None)  # Python 3.14
    if ending is not None:
        ending()
        return
    # the processes before shutdown forgets them, and any a submit in another thread started
    # meanwhile (the same table, read again); no public way to end them before 3.14
    table = getattr(pool, "_processes", None) or {}
    processes = list(table.values())
    pool.shutdown(wait=False, cancel_futures=True)
    processes += [p for p in list(table.values()) if p not in processes]
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
