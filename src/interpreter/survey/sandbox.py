"""A worker process with a time and a memory bound per chunk.

A survey never runs a chunk in the process that drives it, nor in a Dask worker's own process:
each worker thread (a local job, or a thread of a Dask worker) keeps one *sandbox*, a child
process started with ``python -m interpreter.survey.sandbox`` that reads chunks on its standard
input and writes their results on its standard output (length-prefixed pickles, between two
processes of the same program). In it:

- the memory bound is the process's address space (``RLIMIT_AS``): a game that grows past it
  gets a ``MemoryError``, reported as such, and the sandbox is started afresh;
- the time bound is an alarm (``SIGALRM``) that stops the chunk between two Python steps;
  the parent waits the bound and a grace period more, then kills the sandbox (a hang in C);
- a sandbox that dies (killed, out of memory for the kernel, a crash) is reported ``died``:
  the survey retries those chunks, not the ones stopped by a bound (they would stop again).

A sandbox whose parent goes away reads the end of its input and leaves.
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, BinaryIO

if TYPE_CHECKING:
    from ..errors import LudError

GRACE = 30.0  # seconds the parent waits past a chunk's bound (the sandbox's start included)
HEADER = struct.Struct(">Q")
MAX_FRAME = 1 << 30  # bytes in one message


@dataclass(frozen=True)
class Bounds:
    """The bounds of every chunk: wall-clock seconds, and megabytes of the worker's address space."""

    seconds: float = 600.0
    memory_mb: int = 4096


class ChunkTimeout(BaseException):
    """The alarm of a chunk's time bound (a BaseException: ``except Exception`` lets it through)."""


def frame(obj: Any) -> bytes:
    """One message as bytes: its length, then its pickle."""
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data


def write_frame(stream: IO[bytes], obj: Any) -> None:
    """Send one message."""
    stream.write(frame(obj))
    stream.flush()


def read_frame(stream: IO[bytes]) -> Any:
    """The next message, or None at the end of the stream (or a message cut short)."""
    head = _read_exactly(stream, HEADER.size)
    if head is None:
        return None
    (size,) = HEADER.unpack(head)
    if size > MAX_FRAME:
        return None
    data = _read_exactly(stream, size)
    return None if data is None else pickle.loads(data)


def _read_exactly(stream: IO[bytes], size: int) -> bytes | None:
    parts = []
    while size:
        chunk = stream.read(size)
        if not chunk:
            return None
        parts.append(chunk)
        size -= len(chunk)
    return b"".join(parts)


# --- the parent's side ------------------------------------------------------------------------------
class Sandbox:
    """One child process that runs chunks one at a time, started when first needed."""

    def __init__(self, memory_mb: int):
        self.memory_mb = memory_mb
        self.proc: subprocess.Popen[bytes] | None = None
        self.retired = False  # stopped for good (the survey is over): runs nothing more
        self.busy = False  # running a chunk now
        self._stderr: BinaryIO | None = None

    @property
    def pid(self) -> int | None:
        """The child's process id (None before it starts)."""
        return self.proc.pid if self.proc is not None else None

    def _start(self) -> None:
        self.close()
        env = dict(os.environ)
        package_root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = package_root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
            env.setdefault(name, "1")  # one core per worker: the survey shares the cores out
        self._stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([sys.executable, "-m", "interpreter.survey.sandbox", str(self.memory_mb)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr,
                                     env=env, start_new_session=True)  # Ctrl-C reaches the driver only

    def run(self, request: Any, seconds: float,
            started: Callable[[int], None] | None = None) -> dict[str, Any]:
        """Run one chunk; its reply: ``status`` (ok, error, timeout, memory or died), ``data``
        or ``message``, and ``seconds``. ``started(pid)`` is told just before the chunk is sent."""
        if self.retired:
            return {"status": "died", "message": "the survey stopped its workers", "seconds": 0.0}
        self.busy = True
        try:
            return self._run(request, seconds, started)
        finally:
            self.busy = False

    def _run(self, request: Any, seconds: float, started: Callable[[int], None] | None) -> dict[str, Any]:
        if self.proc is None or self.proc.poll() is not None:
            self._start()
        assert self.proc is not None and self.proc.stdin is not None and self.proc.stdout is not None
        begun = time.perf_counter()
        if started is not None:  # before the chunk goes: a worker killed here never runs it
            started(self.proc.pid)
        try:
            write_frame(self.proc.stdin, (request, seconds))
        except (BrokenPipeError, OSError, ValueError):
            return self._died(begun)
        try:
            ready, _, _ = select.select([self.proc.stdout], [], [], seconds + GRACE)
            if not ready:
                self.close()
                return {"status": "timeout", "message": f"longer than {seconds:g} s (its worker was stopped)",
                        "seconds": time.perf_counter() - begun}
            reply = read_frame(self.proc.stdout)
        except (OSError, ValueError):  # the pipe closed under it: the survey is stopping
            reply = None
        if not isinstance(reply, dict):
            return self._died(begun)
        if reply.get("status") == "memory":
            self.close()  # a fresh process for the next chunk
        return reply

    def _died(self, begun: float) -> dict[str, Any]:
        code = None
        if self.proc is not None:
            try:
                code = self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
        if code is not None and code < 0:
            try:
                how = f"killed by {signal.Signals(-code).name}"
            except ValueError:
                how = f"killed by signal {-code}"
        elif code is not None:
            how = f"exited with status {code}"
        else:
            how = "stopped answering"
        tail = self._stderr_tail()
        self.close()
        return {"status": "died", "message": f"its worker process {how}" + (f": {tail}" if tail else ""),
                "seconds": time.perf_counter() - begun}

    def _stderr_tail(self) -> str:
        if self._stderr is None:
            return ""
        try:
            self._stderr.seek(0)
            lines = self._stderr.read()[-2000:].decode("utf-8", "replace").strip().splitlines()
        except (OSError, ValueError):
            return ""
        return lines[-1][:300] if lines else ""

    def retire(self) -> None:
        """Stop the child for good."""
        self.retired = True
        self.close()

    def close(self) -> None:
        """Stop the child (if any)."""
        proc, self.proc = self.proc, None
        if proc is not None:
            if proc.poll() is None:
                proc.kill()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
            for stream in (proc.stdin, proc.stdout):
                try:
                    if stream is not None:
                        stream.close()
                except OSError:
                    pass
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None


_LOCAL = threading.local()
_ALL: list[Sandbox] = []
_LOCK = threading.Lock()


def run_chunk(request: Any, bounds: Bounds, started: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Run a chunk in this thread's sandbox (started on first use): what a local job and a Dask
    task both call."""
    box = getattr(_LOCAL, "box", None)
    if box is None or box.retired or box.memory_mb != bounds.memory_mb:
        if box is not None:
            box.close()
        box = Sandbox(bounds.memory_mb)
        _LOCAL.box = box
        with _LOCK:
            _ALL.append(box)
    return box.run(request, bounds.seconds, started)


def close_sandboxes(idle_only: bool = False) -> int:
    """Stop the sandboxes of this process for good (``idle_only``: those running no chunk, as
    when a survey on a shared cluster ends while another runs); how many were stopped."""
    with _LOCK:
        boxes = [b for b in _ALL if not (idle_only and b.busy)]
        _ALL[:] = [b for b in _ALL if b not in boxes]
    for box in boxes:
        box.retire()
    return len(boxes)


# --- the child's side --------------------------------------------------------------------------------
def _alarm(signum, frame) -> None:
    raise ChunkTimeout()


def _serve(memory_mb: int) -> None:
    import resource

    from ..errors import LudError
    from .tasks import run_task
    protocol_in = sys.stdin.buffer
    protocol_out = os.fdopen(os.dup(1), "wb")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # what the engine might print never mixes with the replies
    sys.stdout = open(os.devnull, "w")
    import interpreter.concept.detect  # noqa: F401  (loaded before the bound: every chunk needs them)
    import interpreter.concept.metrics  # noqa: F401
    import interpreter.loader  # noqa: F401

    from ..syntax.parser import parse
    parse('(game "Warm" (players 2))')  # the grammar is built before the first chunk's clock starts
    # what the sandbox says when memory runs out, built while there is some: past the bound, even
    # building a reply or reporting an error may fail, and the reply must still be sent
    out_of_memory = frame({"status": "memory", "message": f"more memory than {memory_mb} MB", "seconds": 0.0})
    limit = memory_mb * 1024 * 1024
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ValueError, OSError):  # below what is already used, or not allowed: no bound
        pass
    signal.signal(signal.SIGALRM, _alarm)
    while True:
        try:
            if not _serve_one(protocol_in, protocol_out, LudError, run_task):
                return
        except MemoryError:  # anywhere in a chunk, its report included: the frames above are freed
            signal.setitimer(signal.ITIMER_REAL, 0)
            try:
                protocol_out.flush()
            except (MemoryError, OSError, ValueError):
                pass
            try:
                os.write(protocol_out.fileno(), out_of_memory)
            except OSError:
                pass
            return


def _serve_one(protocol_in: BinaryIO, protocol_out: BinaryIO, lud_error: type[LudError],
               run_task: Callable[[Any], Any]) -> bool:
    """Read one chunk, run it and send its reply; False when the sandbox should leave."""
    message = read_frame(protocol_in)
    if message is None:
        return False
    request, seconds = message
    begun = time.perf_counter()
    reply: dict[str, Any]
    try:
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            data = run_task(request)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        reply = {"status": "ok", "data": data}
    except ChunkTimeout:
        reply = {"status": "timeout", "message": f"longer than {seconds:g} s"}
    except RecursionError:
        reply = {"status": "error", "message": "engine error: the rules nest too deeply (RecursionError)"}
    except lud_error as err:
        reply = {"status": "error", "message": err.message}
    except MemoryError:
        raise
    except Exception as err:  # the engine's fault: reported in the row
        text = str(err).strip().splitlines()
        reply = {"status": "error", "message": f"engine error: {type(err).__name__}: {text[0][:200] if text else ''}"}
    reply["seconds"] = time.perf_counter() - begun
    write_frame(protocol_out, reply)
    return True


def main(argv: list[str] | None = None) -> int:
    """The sandbox's entry point: ``python -m interpreter.survey.sandbox MEMORY_MB``."""
    args = sys.argv[1:] if argv is None else argv
    _serve(int(args[0]) if args else Bounds().memory_mb)
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["Bounds", "ChunkTimeout", "GRACE", "Sandbox", "close_sandboxes", "main", "frame", "read_frame", "run_chunk",
           "write_frame"]
