"""The games a server offers: the bundled catalogue, loaded games kept for reuse, and the
description pane's views (the text, its errors located, the expanded form, the concepts).

A bundled game is loaded by name; a pasted or uploaded description is only ever parsed as
text (:func:`.workers.load_game`), first in a worker process with a time limit (a description
that loads too slowly is refused and the worker killed), then in the server.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from ..errors import LudError
from .workers import WorkerError, WorkerPool, game_key, load_game

MAX_DESCRIPTION = 256 * 1024  # characters of a pasted or uploaded description
LOAD_SECONDS = 20.0  # a description that takes longer to load is refused
CACHED_GAMES = 32  # loaded games kept for new sessions (least recently used leave first)


class DescriptionError(Exception):
    """A description that cannot be played: ``errors`` are its located messages (``line``,
    ``col``, ``message``, ``text``: the same rendering as ``ludeme check``); ``status`` the
    HTTP status that says so (422 a wrong description, 413 too large, 408 too slow)."""

    def __init__(self, message: str, errors: list[dict[str, Any]] | None = None, status: int = 422):
        super().__init__(message)
        self.message = message
        self.errors = errors or []
        self.status = status


def located(err: LudError) -> dict[str, Any]:
    """A description error as the page shows it: where, what, and ``ludeme check``'s text."""
    span = err.span
    return {"line": span.line if span else None, "col": span.col if span else None,
            "message": err.message, "hint": err.hint, "text": err.render()}


def first_line(err: LudError) -> str:
    return err.render().splitlines()[0]


@dataclass(frozen=True)
class GameSource:
    """What loads a game: a bundled name or a description's text, with options and ruleset."""

    source: str
    is_text: bool
    options: tuple[str, ...] = ()
    ruleset: str | None = None

    def key(self) -> dict[str, Any]:
        return game_key(self.source, self.is_text, list(self.options), self.ruleset)

    @property
    def label(self) -> str:
        return "pasted description" if self.is_text else self.source


def catalogue() -> list[dict[str, Any]]:
    """The bundled games with their options (label, items, default) and rulesets, for the
    game picker."""
    from ..loader import expand_description
    from ..resources import bundled_descriptions
    out = []
    for name, path in bundled_descriptions().items():
        try:
            expanded = expand_description(path)
        except LudError:
            continue
        title = name
        head = expanded.game.args[0] if expanded.game.args else None
        if head is not None and hasattr(head, "value") and isinstance(head.value, str):
            title = head.value
        out.append({
            "name": name, "title": title,
            "options": [{"label": o.label, "items": [i.name for i in o.items], "default": o.default.name,
                         "help": {i.name: i.help for i in o.items if i.help}}
                        for o in expanded.options],
            "rulesets": [r.name for r in expanded.rulesets],
        })
    return out


class GameShelf:
    """Loaded games by what loads them (games are read-only once built, so sessions share
    them); pasted texts are tried in a worker first, with a time limit."""

    def __init__(self, pool: WorkerPool, load_seconds: float = LOAD_SECONDS, size: int = CACHED_GAMES):
        self.pool = pool
        self.load_seconds = load_seconds
        self.size = size
        self._games: OrderedDict[GameSource, Any] = OrderedDict()
        self._lock = asyncio.Lock()

    async def get(self, source: GameSource):
        """The game ``source`` loads; :class:`DescriptionError` when it does not."""
        game = self._games.get(source)
        if game is not None:
            self._games.move_to_end(source)
            return game
        if source.is_text:
            if len(source.source) > MAX_DESCRIPTION:
                raise DescriptionError(f"the description is over {MAX_DESCRIPTION // 1024} KiB", status=413)
            await self._try_in_worker(source)
        async with self._lock:  # one load at a time in the server
            game = self._games.get(source)
            if game is None:
                try:
                    game = await asyncio.to_thread(load_game, source.key())
                except LudError as err:
                    raise DescriptionError(first_line(err), [located(err)]) from None
                except RecursionError:
                    raise DescriptionError("the description is nested too deeply to load") from None
                self._games[source] = game
                while len(self._games) > self.size:
                    self._games.popitem(last=False)
        return game

    async def _try_in_worker(self, source: GameSource) -> None:
        try:
            answer = await self.pool.run({"kind": "load", "game": source.key()}, self.load_seconds)
        except WorkerError:
            raise DescriptionError(f"the description took more than {self.load_seconds:g} seconds to load: "
                                   "refused", status=422) from None
        if "error" in answer:
            where = answer.get("located") or {}
            first = answer["error"].splitlines()[0] if answer["error"] else "the description does not load"
            raise DescriptionError(first, [{"line": where.get("line"), "col": where.get("col"),
                                            "message": answer.get("message") or first,
                                            "hint": answer.get("hint"), "text": answer["error"]}])


def description_text(source: GameSource) -> str:
    """The description's own text (a bundled file's, or the pasted one)."""
    if source.is_text:
        return source.source
    from ..resources import resolve_description
    path = resolve_description(source.source)
    return path.read_text(encoding="utf-8") if path is not None else ""


def expanded_text(game) -> str:
    """The expanded description, as ``ludeme expand`` prints it."""
    from ..syntax.format import format_node
    expanded = game.info.description
    if expanded is None:
        return ""
    lines = []
    if expanded.chosen:
        lines.append("// options: " + ", ".join(expanded.choice_strings))
    if expanded.ruleset:
        lines.append(f"// ruleset: {expanded.ruleset}")
    lines.append(format_node(expanded.game))
    if expanded.metadata is not None:
        lines += ["", format_node(expanded.metadata)]
    return "\n".join(lines) + "\n"


def concepts_text(game, label: str) -> str:
    """What the rules use, as ``ludeme concepts GAME --playouts 0`` prints it."""
    from ..concept.comparison import GameConcepts
    from ..concept.detect import boolean_concepts, numeric_concepts
    from ..concept.report import render
    data = GameConcepts(label, game.name, tuple(game.options), boolean_concepts(game), numeric_concepts(game),
                        {}, 0, 0, ())
    return render(data, "table")
