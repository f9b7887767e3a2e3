"""Worker processes that think for the server: agents' searches and first loads of pasted texts.

Searching (MCTS, alpha-beta) and loading an unknown description take CPU time the server cannot
spare in its own process: the page would freeze, and a thread cannot be stopped. So each job
goes to a worker process that keeps the games it has loaded (a small cache), the server waits
for the answer without blocking (:meth:`WorkerPool.run` is a coroutine), and a job that is
stopped or runs past its time limit ends by killing its worker, which is replaced. A worker
knows a game by what loads it (a bundled name, or a description's text, parsed as text and
never opened as a path), the options, and a position plus moves, never by a shared object.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections import OrderedDict
from typing import Any

GAMES_PER_WORKER = 8  # games each worker keeps loaded (least recently used leave first)
MEMORY_LIMIT = 4 << 30  # bytes of address space a worker may use (Linux; elsewhere no limit)
ANSWER_LIMIT = 1 << 20  # bytes of one answer line


class WorkerError(Exception):
    """A job that did not give an answer: it ran out of time, or its worker died."""


def game_key(source: str, is_text: bool, options: list[str], ruleset: str | None) -> dict[str, Any]:
    """How a job names its game (what :func:`load_game` needs)."""
    return {"source": source, "is_text": is_text, "options": list(options), "ruleset": ruleset}


def load_game(key: dict[str, Any]):
    """The game ``key`` names: a bundled game by name, or a description's text read as text
    (never as a path, whatever it holds)."""
    from ..loader import load
    from ..syntax.parser import parse
    source = parse(key["source"], "<text>") if key["is_text"] else key["source"]
    return load(source, options=key["options"], ruleset=key["ruleset"])


# --- the worker's side -----------------------------------------------------------------------------
def _limit_memory() -> None:
    try:
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ImportError, ValueError, OSError):  # not Linux, or a lower hard limit: keep it
        pass


def _handle(job: dict[str, Any], games: OrderedDict[str, Any]) -> dict[str, Any]:
    from ..errors import LudError, MoveError
    cache_key = repr(sorted(job["game"].items()))
    try:
        game = games.pop(cache_key, None) or load_game(job["game"])
    except LudError as err:
        return {"error": err.render(), "message": err.message, "hint": err.hint, "located": _located(err)}
    except RecursionError:
        return {"error": "the description is nested too deeply to load"}
    games[cache_key] = game
    while len(games) > GAMES_PER_WORKER:
        games.popitem(last=False)
    if job["kind"] == "load":
        return {"ok": True, "name": game.name}
    from ..agents import make_agent
    try:
        state = game.state_from_text(job["start"]) if job.get("start") else game.initial_state()
        for text in job["moves"]:
            state.apply(text)
    except (LudError, MoveError) as err:
        return {"error": f"cannot set up the position: {err}"}
    agent = make_agent(job["spec"], job["seed"])
    move = agent.choose(state)
    return {"move": move.text}


def _located(err) -> dict[str, Any] | None:
    span = getattr(err, "span", None)
    return {"line": span.line, "col": span.col} if span is not None else None


def worker_main() -> None:
    """A worker's loop: a job in (one JSON line on standard input), an answer out (one JSON
    line on standard output), until the input closes."""
    import json
    import sys
    out = sys.stdout
    sys.stdout = sys.stderr  # nothing but answers on the answers' stream
    _limit_memory()
    games: OrderedDict[str, Any] = OrderedDict()
    for line in sys.stdin:
        try:
            answer = _handle(json.loads(line), games)
        except MemoryError:
            games.clear()
            answer = {"error": "out of memory"}
        except Exception as err:  # an engine failure: said, and the worker goes on
            answer = {"error": f"internal error: {type(err).__name__}: {err}"}
        try:
            out.write(json.dumps(answer) + "\n")
            out.flush()
        except (OSError, ValueError):
            return


# --- the server's side -----------------------------------------------------------------------------
class _Worker:
    """One worker process (``python -m interpreter.web.workers``) and its pipes."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @classmethod
    async def start(cls) -> _Worker:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "interpreter.web.workers", stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, limit=ANSWER_LIMIT)
        return cls(process)

    def kill(self) -> None:
        if self.process.returncode is None:
            try:
                self.process.kill()
            except ProcessLookupError:
                pass

    async def reap(self) -> None:
        """Kill the process and wait for its end (so that nothing of it outlives the loop)."""
        self.kill()
        try:
            await asyncio.wait_for(self.process.wait(), 10)
        except asyncio.TimeoutError:
            pass
        transport = getattr(self.process, "_transport", None)
        if transport is not None:
            transport.close()


class WorkerPool:
    """At most ``size`` worker processes, started when first needed; :meth:`run` lends one to
    a job."""

    def __init__(self, size: int = 2) -> None:
        self.size = max(1, size)
        self._idle: list[_Worker] = []
        self._count = 0
        self._free: asyncio.Condition | None = None
        self._all: set[_Worker] = set()
        self.jobs = 0  # jobs answered
        self.killed = 0  # workers killed (stopped or out of time)

    def _condition(self) -> asyncio.Condition:
        if self._free is None:
            self._free = asyncio.Condition()
        return self._free

    async def _acquire(self) -> _Worker:
        free = self._condition()
        async with free:
            while not self._idle and self._count >= self.size:
                await free.wait()
            if self._idle:
                return self._idle.pop()
            self._count += 1
        try:
            worker = await _Worker.start()
        except BaseException:
            async with free:
                self._count -= 1
                free.notify()
            raise
        self._all.add(worker)
        return worker

    async def _release(self, worker: _Worker, alive: bool) -> None:
        free = self._condition()
        async with free:
            if alive:
                self._idle.append(worker)
            else:
                self._count -= 1
                self._all.discard(worker)
            free.notify()
        if not alive:
            await worker.reap()

    async def run(self, job: dict[str, Any], timeout: float) -> dict[str, Any]:
        """The answer to ``job`` (a dict, see :func:`_handle`); :class:`WorkerError` when it
        takes longer than ``timeout`` seconds or the worker dies. Cancelling the caller kills
        the worker (that is how a search is stopped)."""
        worker = await self._acquire()
        alive = False
        try:
            process = worker.process
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write((json.dumps(job) + "\n").encode("utf-8"))
            try:
                await process.stdin.drain()
                line = await asyncio.wait_for(process.stdout.readline(), timeout)
            except asyncio.TimeoutError:
                raise WorkerError(f"no answer within {timeout:g} seconds") from None
            except (ConnectionError, ValueError, asyncio.LimitOverrunError) as err:
                raise WorkerError(f"the worker failed ({type(err).__name__})") from None
            if not line:
                raise WorkerError("the worker stopped (out of memory?)")
            answer = json.loads(line)
            alive = True
            self.jobs += 1
            return answer
        finally:
            if not alive:
                self.killed += 1
                worker.kill()
            await asyncio.shield(self._release(worker, alive))

    def close(self) -> None:
        """Kill every worker (:meth:`aclose` waits for them too)."""
        for worker in list(self._all):
            worker.kill()

    async def aclose(self) -> None:
        """Stop every worker and wait for their ends."""
        workers = list(self._all)
        self._all.clear()
        self._idle.clear()
        self._count = 0
        for worker in workers:
            if worker.process.stdin is not None:
                worker.process.stdin.close()
            await worker.reap()


if __name__ == "__main__":
    worker_main()
