"""How far a folder of descriptions (Ludii's own, say) gets: parse, expand, load, play.

    >>> from interpreter.survey import survey
    >>> report = survey(["descriptions"])           # doctest: +SKIP
    >>> report.counts()                             # doctest: +SKIP
    {'files': 6, 'parse': 6, 'expand': 6, 'load': 6, 'playout': 6}

Each file goes as far as it can: it is parsed, expanded (its default options, its defines and
Ludii's library), bound and compiled into a game (*loaded*), and played once by random agents
to the end (*a playout*). A file that stops on the way is filed under a *reason*: the first
ludeme of its game that the vocabulary lacks (a call in the expanded game, first in reading
order, whose name, or name and first constant, is not registered): ``unsupported: forEach Die``
when Ludii's vocabulary has it (:mod:`interpreter.ludii`), ``unknown ludeme 'forEch'`` when
it does not; or else the first error's message. ``ludeme check --report DIR`` prints the
counts and the reasons, most frequent first.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import LudError

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..syntax.expand import Expanded

STAGES = ("parse", "expand", "load", "playout")
PLAYOUT_SECONDS = 20.0  # a playout still running after this long is reported as too slow


@dataclass
class FileResult:
    """How far one file got: ``stage`` is the last stage it passed ("" when it did not parse)."""

    path: str
    stage: str = ""
    reason: str = ""  # why it stopped: "unsupported: X", an unknown ludeme or the first error ("" when it played)
    error: str = ""  # the first line of the error, with its location
    plies: int | None = None  # length of the playout

    def passed(self, stage: str) -> bool:
        return bool(self.stage) and STAGES.index(self.stage) >= STAGES.index(stage)


@dataclass
class Survey:
    files: list[FileResult] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        out = {"files": len(self.files)}
        for stage in STAGES:
            out[stage] = sum(1 for f in self.files if f.passed(stage))
        return out

    def reasons(self) -> list[tuple[str, int]]:
        """Why files stopped, most frequent first (then alphabetically)."""
        counter = Counter(f.reason for f in self.files if f.reason)
        return sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))

    def to_json(self) -> dict:
        return {"counts": self.counts(), "reasons": [{"reason": r, "files": n} for r, n in self.reasons()],
                "files": [asdict(f) for f in self.files]}


def description_files(paths: Iterable[str | Path]) -> list[Path]:
    """The ``.lud`` files of ``paths`` (folders searched recursively, sorted)."""
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out.extend(sorted(p for p in path.rglob("*.lud") if p.is_file()))
        else:
            out.append(path)
    return out


def survey(paths: Iterable[str | Path], defines: Sequence[str | Path] = (), seed: int = 0,
           playout_seconds: float = PLAYOUT_SECONDS, progress=None) -> Survey:
    """Take every ``.lud`` file of ``paths`` as far as it goes (see the module's text).
    ``progress(i, n, path)`` is called before each file."""
    files = description_files(paths)
    report = Survey()
    for i, path in enumerate(files):
        if progress is not None:
            progress(i, len(files), path)
        report.files.append(survey_file(path, defines, seed, playout_seconds))
    return report


def survey_file(path: Path, defines: Sequence[str | Path] = (), seed: int = 0,
                playout_seconds: float = PLAYOUT_SECONDS) -> FileResult:
    """Take one file as far as it goes: parse, expand, load, one random playout."""
    try:
        text = read_text(path)
    except LudError as err:
        return _stop(FileResult(str(path)), err.message, err)
    result, game, _ = load_stage(str(path), text, defines=defines)
    if game is None:
        return result
    try:
        rng = random.Random(seed)
        state = game.initial_state()
        from ..engine.matchplay import max_plies
        guard = max_plies(game) + 10  # the engine ends every game by then
        deadline = time.monotonic() + playout_seconds
        plies = 0
        while not state.is_over() and plies < guard:
            state.apply(rng.choice(state.legal_moves()))
            plies += 1
            if plies % 16 == 0 and time.monotonic() > deadline:
                return _stop(result, f"playout longer than {playout_seconds:g} s")
        result.plies = plies
        if not state.is_over():
            return _stop(result, f"playout did not end after {plies} plies")
    except LudError as err:
        return _stop(result, f"playout: {err.message}", err)
    except Exception as err:
        return _stop(result, f"engine error in a playout: {type(err).__name__}: {_first_line(err)}")
    result.stage = "playout"
    return result


def read_text(path: str | Path) -> str:
    """A description file's text, or a :class:`LudError` saying why it cannot be read (as the
    parser says it: not UTF-8, a folder, no permission, too long)."""
    from ..syntax.parser import MAX_TEXT, parse_file
    path = Path(path)
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_TEXT + 2)
        return data.decode("utf-8")
    except (OSError, ValueError, UnicodeDecodeError):
        parse_file(path)  # raises the parser's own message for the same file
        raise


def load_stage(path: str, text: str, options: Sequence[str] = (), ruleset: str | None = None,
               defines: Sequence[str | Path] = ()) -> tuple[FileResult, Game | None, Expanded | None]:
    """Parse, expand and load a description's text (read from ``path``): how far it got, the
    game when it loaded, and its expansion when it expanded. Never raises for a wrong
    description: the reason is in the result (the first unknown ludeme, else the first error)."""
    from ..bind import bind
    from ..compile import build_game
    from ..loader import fingerprint, library, metadata_info
    from ..ludemes.structure import GameLudeme
    from ..syntax.expand import expand
    from ..syntax.parser import parse

    result = FileResult(str(path))
    try:
        document = parse(text, str(path))
    except LudError as err:
        return _stop(result, err.message, err), None, None
    except RecursionError:
        return _stop(result, "the description nests too deeply"), None, None
    result.stage = "parse"
    try:
        expanded = expand(document, options=list(options), ruleset=ruleset,
                          library=library(defines, Path(path).parent))
    except LudError as err:
        return _stop(result, err.message, err), None, None
    except RecursionError:
        return _stop(result, "expansion nests too deeply"), None, None
    result.stage = "expand"
    missing = first_unknown_ludeme(expanded.game)
    try:
        bound = bind(expanded.game)
        if not isinstance(bound, GameLudeme):
            return _stop(result, "not a (game ...)"), None, expanded
        game = build_game(bound, options=expanded.choice_strings, metadata=metadata_info(expanded.metadata),
                          source=str(path), fingerprint=fingerprint(expanded), description=expanded)
    except LudError as err:
        return _stop(result, unknown_reason(missing, err), err), None, expanded
    except MemoryError:  # a bound of the process, not the description's fault: the caller reports it
        raise
    except Exception as err:  # the engine's fault: reported, never raised
        return _stop(result, f"engine error in loading: {type(err).__name__}: {_first_line(err)}"), None, expanded
    result.stage = "load"
    return result, game, expanded


def first_unknown_ludeme(game) -> str | None:
    """The first call of an expanded game, in reading order, that names no registered ludeme:
    ``name Constant`` when its first argument is a constant (``hand Each``, ``move Slide``),
    else ``name``. None when every call is known."""
    from ..ludemes import REGISTRY  # the package registers every ludeme
    from ..syntax.nodes import Call, Const, Named

    stack = [game]
    while stack:
        node = stack.pop()
        if isinstance(node, Call) and isinstance(node.head, str):
            first = next((a for a in node.args if not isinstance(a, Named)), None)
            two = f"{node.head} {first.name}" if isinstance(first, Const) else None
            if two not in REGISTRY:
                single = REGISTRY.get(node.head)
                if single is None:
                    return two or node.head
                # as the binder reads it: (count Stairs) is the ludeme 'count' only when 'count'
                # takes the constant Stairs
                if two is not None and not any(p.type.accepts(first) for p in single.params if not p.named) \
                        and any(name.startswith(node.head + " ") for name in REGISTRY):
                    return two
        stack.extend(reversed(list(node.children())))
    return None


def unknown_reason(missing: str | None, err: LudError) -> str:
    """Why a file that did not load stops: ``unsupported: forEach Die`` for a ludeme of Ludii's
    vocabulary not supported yet, ``unknown ludeme 'forEch'`` for a name in neither vocabulary,
    else the error's message."""
    from ..errors import UnsupportedLudeme
    from ..ludii import ludii_form_of
    if missing:
        head, _, constant = missing.partition(" ")
        form = ludii_form_of(head, constant or None)
        return f"unsupported: {form}" if form else f"unknown ludeme '{missing}'"
    if isinstance(err, UnsupportedLudeme):
        return f"unsupported: {err.form}"
    return err.message


def _stop(result: FileResult, reason: str, err: LudError | None = None) -> FileResult:
    result.reason = reason
    if err is not None:
        where = f"{err.span}: " if err.span is not None else ""
        result.error = where + err.message
    else:
        result.error = reason
    return result


def _first_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return text[0][:200] if text else ""


def format_survey(report: Survey, verbose: bool = False, title: str = "", stage_names: dict | None = None,
                  unit: str = "files") -> str:
    """The counts of each stage, then the reasons, most frequent first (``verbose``: a line per
    file too). ``stage_names`` renames stages (a survey plays N playouts, not one)."""
    counts = report.counts()
    n = counts["files"]
    lines = [f"{title + ': ' if title else ''}{n} {unit}"]
    names = {"parse": "parse", "expand": "expand (options, defines)", "load": "load (bind, compile)",
             "playout": "finish a random playout", **(stage_names or {})}
    for stage in STAGES:
        rate = 100.0 * counts[stage] / n if n else 100.0
        lines.append(f"  {counts[stage]:>6}  {rate:5.1f}%  {names[stage]}")
    reasons = report.reasons()
    if reasons:
        lines.append("")
        lines.append("why the others stop (the first ludeme not supported yet or unknown, else the first error), most frequent first:")
        for reason, count in reasons:
            lines.append(f"  {count:>6}  {reason}")
    if verbose:
        lines.append("")
        for f in report.files:
            status = f.stage or "(no parse)"
            detail = f"  {f.error}" if f.error else (f"  {f.plies} plies" if f.plies is not None else "")
            lines.append(f"{status:<8} {f.path}{detail}")
    return "\n".join(lines)
