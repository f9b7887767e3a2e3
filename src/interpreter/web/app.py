"""The web app (Starlette): a JSON API over game sessions, and the page that uses it.

Every answer that refuses something is JSON ``{"error": message}`` with a 4xx status (400 a
malformed request, 404 no such game, 409 not now (an illegal move, an agent thinking), 413 too
large, 422 a wrong description, record, position or seat, 503 the server is full), so the page
shows it as it is. Request bodies are read up to a limit and no further.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from importlib import resources
from typing import TYPE_CHECKING, Any, Literal, overload

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..errors import LudError
from .games import (
    MAX_DESCRIPTION,
    DescriptionError,
    GameShelf,
    GameSource,
    catalogue,
    concepts_text,
    description_text,
    expanded_text,
)
from .sessions import MAX_DELAY, Session, SessionError, SessionStore, checked_seat, new_seed
from .view import state_view
from .workers import WorkerPool

if TYPE_CHECKING:
    from ..records import GameRecord

MAX_BODY = 2 * 1024 * 1024  # bytes of a request (a record, a position, a description)
MAX_RECORD_MOVES = 20_000  # moves of a record opened in the page
SWEEP_SECONDS = 30.0
MAX_SEATS = 8  # how often idle sessions are looked for
# the description pane of each game, made once (games are read-only: the cache is kept beside them)
_PANES: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()


class BadRequest(Exception):
    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message, self.status = message, status


def _error(message: str, status: int, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


async def _body(request: Request, limit: int = MAX_BODY) -> dict[str, Any]:
    """The request's JSON object, read up to ``limit`` bytes (413 beyond)."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise BadRequest(f"the request is over {limit // 1024} KiB", 413)
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > limit:
            raise BadRequest(f"the request is over {limit // 1024} KiB", 413)
    if not data:
        return {}
    try:
        obj = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise BadRequest("the request is not JSON") from None
    if not isinstance(obj, dict):
        raise BadRequest("the request is a JSON object")
    return obj


def _strings(obj: dict[str, Any], name: str) -> list[str]:
    value = obj.get(name) or []
    if not isinstance(value, list) or not all(isinstance(v, str) and len(v) < 200 for v in value) \
            or len(value) > 50:
        raise BadRequest(f'"{name}" is a list of strings such as "Board Size/9x9"')
    return value


@overload
def _text(obj: dict[str, Any], name: str, required: Literal[True]) -> str: ...


@overload
def _text(obj: dict[str, Any], name: str, required: bool = False) -> str | None: ...


def _text(obj: dict[str, Any], name: str, required: bool = False) -> str | None:
    """The text ``name`` of a request (None when it is left out, unless ``required``)."""
    value = obj.get(name)
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise BadRequest(f'"{name}" is a text')
    return value


class Server:
    """The sessions, the games and the workers of one app."""

    def __init__(self, workers: int = 2, sessions: int = 200, idle: float = 3600.0,
                 load_seconds: float = 20.0, initial: dict[str, str] | None = None):
        self.initial = initial  # the game the page opens on (ludeme serve GAME)
        self.pool = WorkerPool(workers)
        self.shelf = GameShelf(self.pool, load_seconds)
        self.store = SessionStore(sessions, idle)
        self._catalogue: list[dict[str, Any]] | None = None
        self._sweeper: asyncio.Task | None = None

    def catalogue(self) -> list[dict[str, Any]]:
        if self._catalogue is None:
            self._catalogue = catalogue()
        return self._catalogue

    def session(self, request: Request) -> Session:
        return self.store.get(request.path_params["sid"])

    async def source(self, obj: dict[str, Any]) -> tuple[GameSource, Any]:
        """The game a request asks for: ``game`` (a bundled name) or ``text`` (a description)."""
        options = tuple(_strings(obj, "options"))
        ruleset = _text(obj, "ruleset")
        name, text = _text(obj, "game"), _text(obj, "text")
        if name is not None and text is None:
            if name not in {g["name"] for g in self.catalogue()}:
                raise BadRequest(f"no bundled game {name[:40]!r} (see /api/games)", 404)
            source = GameSource(name, False, options, ruleset)
        elif text is not None and name is None:
            if len(text) > MAX_DESCRIPTION:
                raise BadRequest(f"the description is over {MAX_DESCRIPTION // 1024} KiB", 413)
            source = GameSource(text, True, options, ruleset)
        else:
            raise BadRequest('give "game" (a bundled name) or "text" (a description), one of them')
        return source, await self.shelf.get(source)

    async def sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            self.store.expire()

    async def aclose(self) -> None:
        """Close every session and stop the workers."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        self.store.close()
        await asyncio.sleep(0)  # let cancelled agents' tasks end
        await self.pool.aclose()


def _seats(obj: dict[str, Any], players: int) -> dict[int, str]:
    given = obj.get("seats") or {}
    if not isinstance(given, dict):
        raise BadRequest('"seats" maps players to "human" or agent specs: {"1": "human", "2": "random"}')
    seats = {p: "human" if p == 1 else "random" for p in range(1, players + 1)}
    for key, spec in given.items():
        if not (isinstance(key, str) and key.isdigit() and 1 <= int(key) <= MAX_SEATS):
            raise BadRequest(f"seat {str(key)[:10]!r}: seats are numbered 1 to {MAX_SEATS}")
        checked = checked_seat(spec)
        if int(key) <= players:  # the page offers four seats; a game of two uses the first two
            seats[int(key)] = checked
    return seats


def _delay(obj: dict[str, Any], default: float = 0.0) -> float:
    value = obj.get("delay", default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= MAX_DELAY:
        raise BadRequest(f'"delay" is a number of seconds from 0 to {MAX_DELAY:g}')
    return float(value)


def _seed(obj: dict[str, Any]) -> int:
    value = obj.get("seed")
    if value is None:
        return new_seed()
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**63:
        raise BadRequest('"seed" is a whole number from 0')
    return value


def create_app(server: Server | None = None, allowed_hosts: list[str] | None = None) -> Starlette:
    """The app; ``allowed_hosts`` (when given) are the only Host headers answered."""
    server = server or Server()
    middleware = [Middleware(_Headers)]
    if allowed_hosts:
        middleware.insert(0, Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts))
    app = Starlette(routes=_Api(server).routes(), middleware=middleware, lifespan=_lifespan(server))
    app.state.server = server
    return app


Endpoint = Callable[[Request], Awaitable[Response]]


def _handler(fn: Endpoint) -> Endpoint:
    """An endpoint whose refusals answer as JSON errors (``{"error": message}``, a 4xx status)."""
    async def wrapped(request: Request) -> Response:
        try:
            return await fn(request)
        except BadRequest as err:
            return _error(err.message, err.status)
        except SessionError as err:
            return _error(err.message, err.status)
        except DescriptionError as err:
            return _error(err.message, err.status, errors=err.errors)
        except LudError as err:
            return _error(err.render(), 422)
    return wrapped


def _view(session: Session, **extra: Any) -> JSONResponse:
    return JSONResponse({**state_view(session), **extra})


def _file_name(session: Session) -> str:
    """The session's game's name as a file name (``tic-tac-toe``)."""
    return "".join(c if c.isalnum() else "-" for c in session.game.name.lower()).strip("-") or "game"


#: what a session does on ``POST /api/s/{sid}/NAME`` (each answers with the session's view)
ACTIONS = ("undo", "redo", "goto", "resign", "stop", "resume", "hint", "new", "seats")


async def _act(session: Session, name: str, obj: dict[str, Any]) -> None:
    """One of the :data:`ACTIONS` on ``session``, ``obj`` the request's body."""
    if name == "undo":
        session.undo()
    elif name == "redo":
        session.redo()
    elif name == "goto":
        session.goto(obj.get("ply"))
    elif name == "resign":
        session.resign()
    elif name == "stop":
        session.stop()
    elif name == "resume":
        session.resume()
    elif name == "hint":
        await session.suggest()
    elif name == "new":
        session.setup(session.source, session.game, session.seats, new_seed(), session.start_text,
                      session.delay)
    elif name == "seats":
        seats = _seats(obj, session.game.num_players)
        session.cancel_thinking()
        session.seats = seats
        session.delay = _delay(obj, session.delay)
        session.paused = False
        session.changed()


async def _index(request: Request) -> Response:
    page = resources.files(__package__).joinpath("static/index.html").read_text(encoding="utf-8")
    return Response(page, media_type="text/html; charset=utf-8")


class _Api:
    """The endpoints of the JSON API, over one server's sessions and games."""

    def __init__(self, server: Server):
        self.server = server

    def routes(self) -> list[BaseRoute]:
        static = str(resources.files(__package__).joinpath("static"))
        sid = "/api/s/{sid}"
        return [
            Route("/", _index),
            Route("/api/games", _handler(self.games)),
            Route("/api/sessions", _handler(self.new_session), methods=["POST"]),
            Route("/api/check", _handler(self.check), methods=["POST"]),
            Route(sid, _handler(self.get_state)),
            Route(sid + "/move", _handler(self.move), methods=["POST"]),
            *[Route(f"{sid}/{name}", _handler(self.action(name)), methods=["POST"]) for name in ACTIONS],
            Route(sid + "/record", _handler(self.record), methods=["GET"]),
            Route(sid + "/record", _handler(self.open_record), methods=["POST"]),
            Route(sid + "/position", _handler(self.position), methods=["GET"]),
            Route(sid + "/position", _handler(self.open_position), methods=["POST"]),
            Route(sid + "/description", _handler(self.description)),
            Mount("/static", StaticFiles(directory=static), name="static"),
        ]

    async def games(self, request: Request) -> Response:
        from ..agents import known_agents
        server = self.server
        return JSONResponse({"games": server.catalogue(), "agents": known_agents(), "initial": server.initial,
                             "limits": {"description": MAX_DESCRIPTION, "body": MAX_BODY}})

    async def new_session(self, request: Request) -> Response:
        server = self.server
        obj = await _body(request)
        server.store.room()
        source, game = await server.source(obj)
        seats = _seats(obj, game.num_players)
        position = _text(obj, "position")
        session = Session(server.store.new_id(), source, game, seats, _seed(obj), server.pool,
                          delay=_delay(obj))
        if position:
            session.setup(source, game, seats, session.seed, position, session.delay)
        server.store.add(session)
        session.kick()
        return _view(session)

    async def get_state(self, request: Request) -> Response:
        return _view(self.server.session(request))

    async def move(self, request: Request) -> Response:
        session = self.server.session(request)
        obj = await _body(request, 4096)
        session.play(obj.get("move"))
        session.kick()
        return _view(session)

    def action(self, name: str) -> Endpoint:
        """The endpoint of one of the :data:`ACTIONS`."""
        async def run(request: Request) -> Response:
            session = self.server.session(request)
            obj = await _body(request, 4096)
            await _act(session, name, obj)
            session.kick()
            return _view(session)
        return run

    async def record(self, request: Request) -> Response:
        session = self.server.session(request)
        return Response(session.record_line(), media_type="application/x-ndjson",
                        headers={"Content-Disposition": f'attachment; filename="{_file_name(session)}.jsonl"'})

    async def open_record(self, request: Request) -> Response:
        from ..records import RecordError, parse_records, replay
        server = self.server
        session = server.session(request)
        obj = await _body(request)
        text = _text(obj, "text", required=True)
        index = obj.get("index", 0)
        try:
            records = parse_records(text, "record")
        except RecordError as err:
            raise BadRequest(err.render(), 422) from None
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(records):
            raise BadRequest(f"the file has {len(records)} record(s): game 0 to {len(records) - 1}", 422)
        rec = records[index]
        if len(rec.moves) > MAX_RECORD_MOVES:
            raise BadRequest(f"the record has {len(rec.moves)} moves, more than {MAX_RECORD_MOVES}", 413)
        source = _record_source(server, session, rec)
        game = await server.shelf.get(source)
        if game.name != rec.game:
            raise BadRequest(f"the record is a game of {rec.game!r}, not of {game.name!r}", 422)
        try:
            replay(rec, game)
        except RecordError as err:
            raise BadRequest(err.render(), 422) from None
        seats = {p: "human" for p in range(1, game.num_players + 1)}
        session.setup(source, game, seats, rec.seed or 0, rec.start, 0.0, line=rec.moves)
        session.message = f"record opened: {len(rec.moves)} moves; step through them"
        return _view(session)

    async def position(self, request: Request) -> Response:
        session = self.server.session(request)
        name = f"{_file_name(session)}-ply{session.state.ply}.yaml"
        return Response(session.state.to_text(), media_type="application/yaml",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def open_position(self, request: Request) -> Response:
        session = self.server.session(request)
        obj = await _body(request)
        text = _text(obj, "text", required=True)
        session.game.state_from_text(text)  # a PositionError (a LudError) says what is wrong
        session.setup(session.source, session.game, session.seats, session.seed, text, session.delay)
        session.message = "position opened"
        session.kick()
        return _view(session)

    async def description(self, request: Request) -> Response:
        session = self.server.session(request)
        game = session.game
        cached = _PANES.get(game)
        if cached is None:
            cached = {"name": game.name, "text": description_text(session.source),
                      "expanded": expanded_text(game), "concepts": concepts_text(game, session.source.label)}
            _PANES[game] = cached
        return JSONResponse({**cached, "errors": []})

    async def check(self, request: Request) -> Response:
        obj = await _body(request)
        source, game = await self.server.source(obj)
        return JSONResponse({"ok": True, "name": game.name, "players": game.num_players, "errors": []})


def _lifespan(server: Server) -> Callable[[Starlette], AbstractAsyncContextManager[None]]:
    """The app's life: the sweeper of idle sessions runs while it serves; every session and
    worker is closed when it stops."""
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server._sweeper = asyncio.get_running_loop().create_task(server.sweep())
        try:
            yield
        finally:
            await server.aclose()
    return lifespan


class _Headers:
    """Adds the page's security headers to every answer (scripts and styles from the server
    only, no framing) and keeps answers out of caches."""

    HEADERS = [
        (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; style-src 'self' "
                                     b"'unsafe-inline'; script-src 'self'; connect-src 'self'; "
                                     b"frame-ancestors 'none'"),
        (b"x-content-type-options", b"nosniff"),
        (b"cache-control", b"no-store"),
    ]

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": list(message.get("headers", [])) + self.HEADERS}
            await send(message)
        await self.app(scope, receive, send_with_headers)


def _record_source(server: Server, session: Session, rec: GameRecord) -> GameSource:
    """What loads a record's game in the server: a bundled name, a description's text, or the
    session's own description when the record names a file (the server opens no path)."""
    names = {g["name"] for g in server.catalogue()}
    options, ruleset = tuple(rec.options), rec.ruleset
    if rec.source in names:
        return GameSource(rec.source, False, options, ruleset)
    if "(" in rec.source:
        return GameSource(rec.source, True, options, ruleset)
    if session.game.name == rec.game:
        return GameSource(session.source.source, session.source.is_text, options, ruleset)
    raise BadRequest(f"the record's game {rec.game!r} was loaded from a file ({rec.source[:80]}) that the "
                     "server does not open: paste that description first, then open the record", 422)
