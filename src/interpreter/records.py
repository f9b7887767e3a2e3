"""Game records: saved games that replay.

A record file is **JSON Lines**: one game per line, each a JSON object, so a run or a match of
many games is one file that grows a line at a time and can be read with any JSON tool
(``jq -c .result``). A line holds::

    {"format": "ludeme-record", "version": 1,
     "game": "Alak",                      the game's name
     "source": "alak",                    how to load it: a bundled name or a path
     "fingerprint": "3f2a...",            a hash of the expanded description (options included)
     "options": ["Board Size/9x9"], "ruleset": null,
     "seed": 7, "index": 0,               the seed it was played with; its number in the file's run
     "agents": {"1": "mcts:iterations=200", "2": "random"},
     "start": null,                       the starting position (YAML) when it was not the initial one
     "turn_limit": 300,                   the plies after which the game ended as a draw (--max-plies)
     "moves": ["4-5", "8-7", ...],        every move in its text form
     "result": {"over": true, "winners": [1], ...},   as Result.to_json()
     "board": "_x______o_o"}              the final board as text (State's picture), checked by replay

:func:`replay` plays the moves again through the rules: a move that is not legal stops it with
a :class:`ReplayError` naming the ply and the move (and saying so when the description has
changed since the record was written). Anything that is not a record (bad JSON, missing or
wrongly typed fields, a record of another game) is a :class:`RecordError`: a message, never a
traceback. A damaged line (a write cut short by a full disk) spoils only its own game:
:func:`parse_record_lines` gives the records of the other lines, and the error of that one.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import LudError, MoveError
from .resources import bundled_descriptions, resolve_description

if TYPE_CHECKING:
    from .engine.game import Game
    from .engine.move import Move
    from .engine.state import State

FORMAT = "ludeme-record"
VERSION = 1
MAX_FILE = 200_000_000  # bytes: a record file larger than this is refused
MAX_MOVES = 1_000_000


class RecordError(LudError):
    """A file or object that is not a game record of the expected game (exit 2 at the CLI)."""

    kind = "record error"
    line: int | None = None  # the line of the file it is about, when it is about one


class ReplayError(RecordError):
    """A recorded move that the rules refuse (``ply`` is 1-based, ``move`` its text)."""

    def __init__(self, message: str, ply: int, move: str, hint: str | None = None):
        super().__init__(message, None, hint)
        self.ply = ply
        self.move = move


@dataclass
class GameRecord:
    """One recorded game (see the module docs for the fields)."""

    game: str
    source: str
    fingerprint: str
    options: list[str]
    moves: list[str]
    result: dict[str, Any]
    agents: dict[int, str] = field(default_factory=dict)
    seed: int | None = None
    index: int | None = None
    ruleset: str | None = None
    start: str | None = None
    board: str | None = None
    turn_limit: int | None = None  # None in records written before it was kept: the game's own

    def to_json(self) -> dict[str, Any]:
        """The JSON object of one line."""
        return {"format": FORMAT, "version": VERSION, "game": self.game, "source": self.source,
                "fingerprint": self.fingerprint, "options": list(self.options), "ruleset": self.ruleset,
                "seed": self.seed, "index": self.index,
                "agents": {str(p): spec for p, spec in sorted(self.agents.items())},
                "start": self.start, "turn_limit": self.turn_limit, "moves": list(self.moves),
                "result": self.result, "board": self.board}

    def to_line(self) -> str:
        """The record as one line of JSON (no newline)."""
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, obj: Any, where: str = "record") -> GameRecord:
        """A record from a parsed JSON object; :class:`RecordError` saying what is wrong where."""
        _check_format(obj, where)

        def get(name: str, types: type | tuple[type, ...], required: bool = True, what: str = "") -> Any:
            return _field(obj, where, name, types, required, what)

        game = get("game", str, what="the game's name (a string)")
        source = get("source", str, what="a bundled name or a path (a string)")
        fingerprint = get("fingerprint", str, what="a string")
        options = get("options", list, what="a list of \"Label/Item\" strings")
        if not all(isinstance(o, str) for o in options):
            raise RecordError(f"{where}: field \"options\" must hold strings only")
        moves = _moves(get("moves", list, what="a list of move texts"), where)
        result = get("result", dict, what="a result object")
        agents = _agents(get("agents", dict, required=False, what="an object of player -> agent spec") or {}, where)
        turn_limit = get("turn_limit", int, required=False, what="a number of plies")
        if turn_limit is not None and not 1 <= turn_limit <= MAX_MOVES:
            raise RecordError(f"{where}: field \"turn_limit\" must be from 1 to {MAX_MOVES}, not {turn_limit}")
        return cls(game=game, source=source, fingerprint=fingerprint, options=list(options),
                   moves=moves, result=result, agents=agents, turn_limit=turn_limit,
                   seed=get("seed", int, required=False, what="an integer"),
                   index=get("index", int, required=False, what="an integer"),
                   ruleset=get("ruleset", str, required=False, what="a ruleset name"),
                   start=get("start", str, required=False, what="a position text"),
                   board=get("board", str, required=False, what="a board picture (text)"))


def _check_format(obj: Any, where: str) -> None:
    """A record is a JSON object of this format and version."""
    if not isinstance(obj, dict):
        raise RecordError(f"{where}: a record is a JSON object, not {_kind(obj)}")
    if obj.get("format") != FORMAT:
        raise RecordError(f"{where}: not a game record (its \"format\" is {_show(obj.get('format'))}, "
                          f"expected \"{FORMAT}\")", hint="records are written by --record FILE")
    version = obj.get("version")
    if version != VERSION:
        raise RecordError(f"{where}: record version {_show(version)} is not supported (this is "
                          f"version {VERSION})")


def _field(obj: dict[str, Any], where: str, name: str, types: type | tuple[type, ...], required: bool,
           what: str) -> Any:
    """The field ``name`` of a record, of one of ``types`` (a boolean is no number); None for an
    optional field that is missing or null."""
    if name not in obj:
        if required:
            raise RecordError(f"{where}: field \"{name}\" is missing")
        return None
    value = obj[name]
    if value is None and not required:
        return None
    if isinstance(value, bool) and bool not in (types if isinstance(types, tuple) else (types,)) \
            or not isinstance(value, types):
        raise RecordError(f"{where}: field \"{name}\" must be {what}, not {_kind(value)}")
    return value


def _moves(moves: list[Any], where: str) -> list[str]:
    """A record's moves: texts, at most MAX_MOVES of them."""
    if len(moves) > MAX_MOVES:
        raise RecordError(f"{where}: more than {MAX_MOVES} moves")
    texts: list[str] = []
    for i, m in enumerate(moves, 1):
        if not isinstance(m, str):
            raise RecordError(f"{where}: move {i} must be a move text (a string), not {_kind(m)}")
        texts.append(m)
    return texts


def _agents(agents_obj: dict[Any, Any], where: str) -> dict[int, str]:
    """A record's agents: player numbers (JSON keys, so strings) to agent specs."""
    agents: dict[int, str] = {}
    for key, spec in agents_obj.items():
        if not (isinstance(key, str) and key.isdigit() and isinstance(spec, str)):
            raise RecordError(f"{where}: field \"agents\" maps player numbers to agent specs "
                              f"(\"1\": \"random\"), not {_show(key)}: {_show(spec)}")
        agents[int(key)] = spec
    return agents


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean", int: "a number",
             float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, (set, bytes)) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# --- writing ---------------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def source_name(source: str | Path) -> str:
    """How a record names a description: a bundled game by its name, a file by its absolute path
    (a text given inline is kept as it is)."""
    text = str(source)
    path = resolve_description(text)
    if path is None:
        return text
    bundled = {p.resolve(): name for name, p in bundled_descriptions().items()}
    return bundled.get(path.resolve(), str(path.resolve()))


def make_record(game: Game, source: str | Path, moves: Sequence[Any], final: State,
                agents: dict[int, str] | None = None, seed: int | None = None, index: int | None = None,
                ruleset: str | None = None, start: State | None = None) -> GameRecord:
    """The record of a game of ``game`` whose ``moves`` (Moves or texts) led to ``final``;
    ``start`` is the starting state when it was not the initial one."""
    return GameRecord(game=game.name, source=source_name(source), fingerprint=game.info.fingerprint,
                      options=list(game.options), moves=[str(m) for m in moves],
                      result=final.result().to_json(), agents=dict(agents or {}), seed=seed, index=index,
                      ruleset=ruleset, start=start.to_text() if start is not None else None,
                      board=str(final), turn_limit=game.turn_limit)


class RecordWriter:
    """Writes records to a JSON Lines file, a line at a time: created or emptied when opened
    (``mode="w"``), or added to (``mode="a"``; after a last line cut short, on a line of its
    own)."""

    def __init__(self, path: str | Path, mode: str = "w"):
        self.path = Path(path)
        if mode not in ("w", "a"):
            raise ValueError(f"a record file is written (w) or added to (a), not {mode!r}")
        try:
            self._file = open(self.path, mode, encoding="utf-8")
            if mode == "a" and self._file.tell() and not _ends_with_newline(self.path):
                self._file.write("\n")
        except OSError as err:
            raise RecordError(f"cannot write record file {path}: {err.strerror or err}") from None

    def write(self, record: GameRecord) -> None:
        """One more line, written whole and flushed (a failure leaves at most that line short)."""
        try:
            self._file.write(record.to_line() + "\n")
            self._file.flush()
        except OSError as err:
            raise RecordError(f"cannot write record file {self.path}: {err.strerror or err}; the games "
                              "written before are complete") from None

    def close(self) -> None:
        """Close the file."""
        self._file.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _ends_with_newline(path: Path) -> bool:
    with open(path, "rb") as f:
        f.seek(-1, 2)
        return f.read(1) == b"\n"


def write_records(path: str | Path, records: Iterable[GameRecord]) -> None:
    """Write ``records`` to a JSON Lines file."""
    with RecordWriter(path) as writer:
        for record in records:
            writer.write(record)


# --- reading ---------------------------------------------------------------------------------------
def parse_records(text: str, name: str = "<records>") -> list[GameRecord]:
    """The records of a JSON Lines text (blank lines are skipped; a file holding one JSON object
    over several lines is read too); the first damaged line is a :class:`RecordError`."""
    records = []
    for entry in parse_record_lines(text, name):
        if isinstance(entry, RecordError):
            raise entry
        records.append(entry)
    return records


def parse_record_lines(text: str, name: str = "<records>") -> list[GameRecord | RecordError]:
    """Each game of a JSON Lines text, in order: its record, or the :class:`RecordError` of a
    damaged line (cut short by a full disk, edited by hand), so the games on the other lines
    stay readable. Blank lines are skipped; a text holding one JSON object over several lines
    is one game. A text without any line is a :class:`RecordError`."""
    entries: list[GameRecord | RecordError] = []
    lines = text.removeprefix("\ufeff").splitlines()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except (json.JSONDecodeError, RecursionError) as err:
            if not entries:
                whole = _whole_document(text)
                if whole is not None:
                    return [GameRecord.from_json(whole, name)]
            detail = err.msg if isinstance(err, json.JSONDecodeError) else "nested too deeply"
            last = all(not rest.strip() for rest in lines[number:])
            cut = " (cut short: the write of this game did not finish)" if last else ""
            damaged = RecordError(f"{name}:{number}: not JSON ({detail}){cut}",
                                  hint="a record file has one JSON object per line, written by --record FILE")
            damaged.line = number
            entries.append(damaged)
            continue
        try:
            entries.append(GameRecord.from_json(obj, f"{name}:{number}"))
        except RecordError as err:
            err.line = number
            entries.append(err)
    if not entries:
        raise RecordError(f"{name}: no game records in the file")
    return entries


def _whole_document(text: str) -> Any:
    try:
        obj = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return None
    return obj if isinstance(obj, dict) else None


def read_records(path: str | Path) -> list[GameRecord]:
    """The records of a file (:class:`RecordError` for a missing, unreadable or bad file)."""
    return parse_records(read_record_text(path), str(path))


def read_record_text(path: str | Path) -> str:
    """The text of a record file (:class:`RecordError` for a missing, unreadable, too large or
    binary file)."""
    from .files import read_bytes
    try:
        data = read_bytes(path, MAX_FILE)
    except OSError as err:
        raise RecordError(f"cannot read record file {path}: {err.strerror or err}") from None
    if len(data) > MAX_FILE:
        raise RecordError(f"{path}: record file too large (more than {MAX_FILE} bytes)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a text file (not UTF-8)",
                          hint="a record file has one JSON object per line, written by --record FILE") from None
    return text


# --- replaying -------------------------------------------------------------------------------------
def load_game(record: GameRecord, description: str | Path | None = None) -> Game:
    """The game a record was played with: its ``source`` (or ``description`` instead) loaded with
    its options. A description of another game is a :class:`RecordError`."""
    from .loader import load
    source = description if description is not None else record.source
    try:
        game = load(source, options=record.options, ruleset=record.ruleset)
    except RecordError:
        raise
    except LudError as err:
        if err.span is not None:
            raise
        raise RecordError(f"cannot load the record's game from {str(source)!r}: {err.message}",
                          hint=err.hint or "give the description with --description FILE") from None
    if game.name != record.game:
        raise RecordError(f"the record is a game of {record.game!r}, not of {game.name!r} "
                          f"(loaded from {str(source)!r})")
    if record.turn_limit is not None and record.turn_limit != game.turn_limit:
        game = game.with_turn_limit(record.turn_limit)  # as it was played (--max-plies)
    return game


def start_state(game: Game, record: GameRecord) -> State:
    """The state the recorded game started from."""
    if record.start is None:
        return game.initial_state()
    from .engine.position import PositionError
    try:
        return game.state_from_text(record.start)
    except PositionError as err:
        raise RecordError(f"the record's starting position: {err.message}", hint=err.hint) from None


def changed_note(game: Game, record: GameRecord) -> str:
    """A sentence when the description is not the one the record was played with, else ''."""
    if record.fingerprint and game.info.fingerprint and record.fingerprint != game.info.fingerprint:
        return (f"the description has changed since the record was written (fingerprint "
                f"{record.fingerprint}, now {game.info.fingerprint})")
    return ""


def replay(record: GameRecord, game: Game | None = None,
           on_move: Callable[[State, int, Move], object] | None = None) -> State:
    """Play the record's moves again from its start; the final state. ``on_move(state, ply, move)``
    is called after each move. A move the rules refuse raises :class:`ReplayError`; a replay that
    ends otherwise than the record says raises :class:`RecordError`."""
    if game is None:
        game = load_game(record)
    elif record.turn_limit is not None and record.turn_limit != game.turn_limit:
        game = game.with_turn_limit(record.turn_limit)  # as it was played (--max-plies)
    state = start_state(game, record)
    note = changed_note(game, record)
    first = state.ply
    for i, text in enumerate(record.moves):
        ply = first + i + 1
        mover = state.mover
        try:
            move = state.apply(text)
        except MoveError as err:
            hint = note or None
            raise ReplayError(f"ply {ply}: move {text!r} by P{mover} is not legal: {err}", ply, text,
                              hint=hint) from None
        if on_move is not None:
            on_move(state, ply, move)
    expected = record.result
    got = state.result().to_json()
    keys = ("over", "winners", "losers", "draw")
    if any(expected.get(k) != got.get(k) for k in keys):
        raise RecordError(f"the replay ends with {_headline(got)} but the record says {_headline(expected)}",
                          hint=note or None)
    if record.board is not None and str(state) != record.board:
        raise RecordError("the replay ends on another board than the record's:\n" + str(state)
                          + "\ninstead of\n" + record.board, hint=note or None)
    return state


def _headline(result: dict[str, Any]) -> str:
    if not result.get("over"):
        return "the game not over"
    winners = result.get("winners") or []
    if result.get("draw") or not winners:
        return "a draw"
    return " ".join(f"P{p}" for p in winners) + " winning"


__all__ = ["GameRecord", "RecordError", "ReplayError", "RecordWriter", "make_record", "parse_records",
           "parse_record_lines", "read_records", "read_record_text", "replay", "load_game", "write_records", "source_name", "FORMAT", "VERSION"]
