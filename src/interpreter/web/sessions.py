"""Game sessions of the server: one game each, kept on the server under an unguessable id.

A session holds a game, the position it started from, the *line* of moves played from there
and a cursor in it (undo and redo move the cursor; a new move at the cursor cuts the line
there), the seat of each player (a person or an agent spec), and the agent thinking now, if
any. Stepping through a record is the same thing: the record's moves are the line and the
cursor walks along it.

Agents move by themselves when it is their turn at the end of the line: a random agent at once,
a searching one in a worker process (:mod:`.workers`), so a search never blocks the server and
can be stopped. Their budgets are capped (:func:`checked_seat`). Sessions are bounded in number
and expire when idle (:class:`SessionStore`).
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import secrets
import time
from collections.abc import Callable
from typing import Any

from ..errors import MoveError
from .games import GameSource
from .workers import WorkerError, WorkerPool

MAX_ITERATIONS = 20_000  # an agent's iterations in the server
MAX_SECONDS = 10.0  # an agent's thinking time per move in the server
MAX_DEPTH = 8  # alpha-beta's depth in the server
HINT_SPEC = "mcts:iterations=400"
MAX_DELAY = 5.0  # seconds between two agents' moves when watching
AGENTS = ("random", "mcts", "flat", "alphabeta")


class SessionError(Exception):
    """A request a session cannot serve: ``status`` is the HTTP status that says why (404 no
    such session, 409 not now, 422 not a valid request)."""

    def __init__(self, message: str, status: int = 422):
        super().__init__(message)
        self.message = message
        self.status = status


def checked_seat(text: Any) -> str:
    """A seat's spec, checked and capped for the server: ``human``, or an agent spec whose
    iterations, depth and thinking time stay within the server's limits (a time limit is
    added when none is given, so that every search ends)."""
    from ..agents import AgentSpecError, make_agent, parse_agent_spec
    from ..agents.spec import AgentSpec
    if not isinstance(text, str) or not text.strip() or len(text) > 200:
        raise SessionError("a seat is 'human' or an agent spec such as 'mcts:iterations=200'")
    try:
        spec = parse_agent_spec(text)
    except AgentSpecError as err:
        raise SessionError(str(err)) from None
    if spec.name == "human":
        if spec.params:
            raise SessionError("a human seat takes no parameters")
        return "human"
    if spec.name not in AGENTS:
        raise SessionError(f"unknown agent {spec.name!r} (agents: human, {', '.join(AGENTS)})")
    params = dict(spec.params)
    limits = {"iterations": MAX_ITERATIONS, "depth": MAX_DEPTH, "seconds": MAX_SECONDS}
    for name, limit in limits.items():
        value = params.get(name)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value > limit:
            raise SessionError(f"{spec.name}: {name} is at most {limit:g} in the server, not {value:g}")
    if spec.name != "random" and "seconds" not in params:
        params["seconds"] = MAX_SECONDS
    checked = str(AgentSpec(spec.name, params))
    try:
        make_agent(checked, 0)
    except AgentSpecError as err:
        raise SessionError(str(err)) from None
    return checked


def _seed_of(seed: int, ply: int) -> int:
    digest = hashlib.sha256(f"ludeme-serve/{seed}/{ply}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


class Session:
    """One game in the server (see the module docs)."""

    def __init__(self, sid: str, source: GameSource, game, seats: dict[int, str], seed: int,
                 pool: WorkerPool, start_text: str | None = None, delay: float = 0.0):
        self.id = sid
        self.pool = pool
        self.clock: Callable[[], float] = time.monotonic
        self.used = self.clock()
        self.version = 0  # counts changes: the page redraws when it grows
        self.thinking: asyncio.Task | None = None
        self.hint: str | None = None
        self.message = ""  # the last thing worth telling (an agent stopped, a record opened...)
        self.closed = False
        self.picture: tuple[int, str] | None = None  # (version, SVG): the last picture drawn (web.view)
        self.setup(source, game, seats, seed, start_text, delay)

    # --- set-up -------------------------------------------------------------------------------
    def setup(self, source: GameSource, game, seats: dict[int, str], seed: int,
              start_text: str | None = None, delay: float = 0.0, line: list[str] | None = None) -> None:
        """A new game (or a record to step through: its ``line`` of moves, the cursor at 0)."""
        self.cancel_thinking()
        self.source, self.game = source, game
        self.seats = dict(seats)
        self.seed = seed
        self.delay = delay
        self.start_text = start_text
        self.state = game.state_from_text(start_text) if start_text else game.initial_state()
        self.first = len(self.state.history)
        self.line: list[str] = list(line or [])
        self.paused = False
        self.resigned = 0  # the player who resigned, if one did
        self.hint = None
        self.changed()

    @property
    def cursor(self) -> int:
        """How many moves of the line are on the board."""
        return len(self.state.history) - self.first

    def changed(self) -> None:
        self.version += 1
        self.used = self.clock()

    # --- moves ----------------------------------------------------------------------------------
    def over(self) -> bool:
        return self.state.is_over() or bool(self.resigned)

    def seat_of_mover(self) -> str:
        return self.seats.get(self.state.seat(self.state.mover), "human")

    def play(self, text: Any, by_agent: bool = False) -> str:
        """Play a move (its text) at the cursor; the line is cut there. A person may move only
        on a person's turn, with no agent thinking."""
        if not isinstance(text, str) or not text.strip() or len(text) > 100:
            raise SessionError("a move is its text, e.g. 'C3', '1-4' or 'pass'")
        if self.over():
            raise SessionError("the game is over", 409)
        if not by_agent:
            if self.thinking is not None:
                raise SessionError(f"P{self.state.mover}'s agent is thinking: stop it first", 409)
            if self.seat_of_mover() != "human":
                raise SessionError(f"it is P{self.state.mover}'s turn, played by {self.seat_of_mover()}", 409)
        try:
            move = self.state.apply(text.strip())
        except MoveError as err:
            from ..why import refusal
            raise SessionError(refusal(self.state, text, err), 409) from None
        del self.line[self.cursor - 1:]
        self.line.append(move.text)
        self.hint = None
        self.changed()
        return move.text

    def undo(self) -> None:
        """Back to the last turn a person was to move (one move when only agents play)."""
        self.cancel_thinking()
        if not self.cursor:
            raise SessionError("nothing to undo", 409)
        self.resigned = 0
        self.state.undo()
        humans = any(spec == "human" for spec in self.seats.values())
        while humans and self.cursor and self.seat_of_mover() != "human":
            self.state.undo()
        if not humans:
            self.paused = True
        self.hint = None
        self.changed()

    def redo(self) -> None:
        """Forward one move along the line."""
        self.cancel_thinking()
        if self.cursor >= len(self.line):
            raise SessionError("nothing to redo", 409)
        self.state.apply(self.line[self.cursor])
        self.hint = None
        self.changed()

    def goto(self, ply: Any) -> None:
        """Put the cursor at ``ply`` moves from the start (0 .. the line's length)."""
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(self.line):
            raise SessionError(f"a step is a whole number from 0 to {len(self.line)}")
        self.cancel_thinking()
        self.resigned = 0
        while self.cursor > ply:
            self.state.undo()
        while self.cursor < ply:
            self.state.apply(self.line[self.cursor])
        self.paused = self.cursor < len(self.line) or self.paused
        self.hint = None
        self.changed()

    def resign(self) -> None:
        """The person to move gives up."""
        if self.over():
            raise SessionError("the game is over", 409)
        if self.seat_of_mover() != "human":
            raise SessionError("only a person resigns, on their turn", 409)
        self.cancel_thinking()
        self.resigned = self.state.mover
        self.changed()

    # --- agents ---------------------------------------------------------------------------------
    def agent_due(self) -> bool:
        """An agent should move now: its turn, at the end of the line, not paused."""
        return (not self.closed and not self.over() and not self.paused and self.thinking is None
                and self.cursor == len(self.line) and self.seat_of_mover() != "human")

    def kick(self) -> None:
        """Start the agent whose turn it is, if any (a background task)."""
        if self.agent_due():
            self.thinking = asyncio.get_running_loop().create_task(self._agent_turn())

    def cancel_thinking(self) -> None:
        task, self.thinking = self.thinking, None
        if task is not None and not task.done():
            task.cancel()

    def stop(self) -> None:
        """Stop the agent thinking now and pause the agents (resume starts them again)."""
        stopped = self.thinking is not None
        self.cancel_thinking()
        self.paused = True
        self.message = "agent stopped" if stopped else "agents paused"
        self.changed()

    def resume(self) -> None:
        self.paused = False
        self.message = ""
        self.changed()
        self.kick()

    def _job(self, spec: str, seed: int) -> dict[str, Any]:
        return {"kind": "think", "game": self.source.key(), "start": self.start_text,
                "moves": self.line[:self.cursor], "spec": spec, "seed": seed}

    async def _agent_turn(self) -> None:
        me = asyncio.current_task()
        try:
            if self.delay:
                await asyncio.sleep(self.delay)
            spec = self.seat_of_mover()
            version = self.version
            seed = _seed_of(self.seed, self.state.ply)
            if spec == "random":
                from ..agents import RandomAgent
                text = RandomAgent(seed).choose(self.state).text
            else:
                answer = await self.pool.run(self._job(spec, seed), MAX_SECONDS + 20)
                if "error" in answer:
                    raise WorkerError(answer["error"])
                text = answer["move"]
            if self.version != version or self.thinking is not me:
                return  # the position changed meanwhile: that answer is for another one
            self.thinking = None
            self.play(text, by_agent=True)
        except asyncio.CancelledError:
            raise
        except (WorkerError, SessionError) as err:
            self.paused = True
            self.message = f"P{self.state.mover}'s agent failed: {err}; agents paused"
            self.changed()
        finally:
            if self.thinking is me:
                self.thinking = None
        await asyncio.sleep(0)  # let requests in between two agents' moves
        self.kick()

    async def suggest(self) -> str:
        """A hint: what an agent would play here."""
        if self.over():
            raise SessionError("the game is over", 409)
        try:
            answer = await self.pool.run(self._job(HINT_SPEC + f",seconds={MAX_SECONDS:g}",
                                                   _seed_of(self.seed ^ 0x5EED, self.state.ply)),
                                         MAX_SECONDS + 20)
        except WorkerError as err:
            raise SessionError(f"no hint: {err}", 503) from None
        if "error" in answer:
            raise SessionError(f"no hint: {answer['error']}", 503)
        self.hint = answer["move"]
        self.changed()
        return self.hint

    def close(self) -> None:
        self.closed = True
        self.cancel_thinking()

    # --- records and positions -----------------------------------------------------------------
    def record_line(self) -> str:
        """The game as a record (one JSON line, what ``ludeme replay`` reads): the moves up to
        the cursor."""
        from ..records import make_record
        start = self.game.state_from_text(self.start_text) if self.start_text else None
        record = make_record(self.game, self.source.source, self.line[:self.cursor], self.state,
                             agents={p: s for p, s in self.seats.items()}, seed=self.seed,
                             ruleset=self.source.ruleset, start=start)
        return record.to_line() + "\n"


class SessionStore:
    """Sessions by id: at most ``limit`` at once; one idle for ``idle`` seconds is closed."""

    def __init__(self, limit: int = 200, idle: float = 3600.0, clock: Callable[[], float] = time.monotonic):
        self.limit = limit
        self.idle = idle
        self.clock = clock
        self._sessions: dict[str, Session] = {}

    def __len__(self) -> int:
        return len(self._sessions)

    def new_id(self) -> str:
        """An unguessable id (128 random bits)."""
        return secrets.token_urlsafe(16)

    def room(self) -> None:
        """Make sure a new session fits: expired ones leave; :class:`SessionError` (503) when
        the server is full."""
        self.expire()
        if len(self._sessions) >= self.limit:
            raise SessionError(f"the server has {self.limit} games open, its limit: try again later", 503)

    def add(self, session: Session) -> None:
        self.room()
        session.clock = self.clock
        session.used = self.clock()
        self._sessions[session.id] = session

    def get(self, sid: str) -> Session:
        session = self._sessions.get(sid) if isinstance(sid, str) else None
        if session is not None and self.clock() - session.used > self.idle:
            self.drop(sid)
            session = None
        if session is None:
            raise SessionError("no such game: it never existed, or it expired after "
                               f"{self.idle / 60:g} idle minutes; start a new one", 404)
        session.used = self.clock()
        return session

    def drop(self, sid: str) -> None:
        session = self._sessions.pop(sid, None)
        if session is not None:
            session.close()

    def expire(self) -> int:
        """Close the sessions idle for too long; how many."""
        now = self.clock()
        old = [sid for sid, s in self._sessions.items() if now - s.used > self.idle]
        for sid in old:
            self.drop(sid)
        return len(old)

    def close(self) -> None:
        for sid in list(self._sessions):
            self.drop(sid)


def new_seed() -> int:
    return random.randrange(2**31)


__all__ = ["Session", "SessionStore", "SessionError", "checked_seat", "new_seed"]
