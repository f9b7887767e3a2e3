"""One error type for everything a description can get wrong.

A :class:`LudError` carries a span and renders as a person would want to read it::

    pente.lud:12:7: unknown ludeme 'move Ad'
       12 |     (move Ad (to (sites Empty)))
          |       ^^^^^^
    hint: did you mean 'move Add'?

Errors inside an expanded define also show where that define was used. Errors that are the
engine's fault (bugs) are ordinary Python exceptions and never LudError.
"""

from __future__ import annotations

from collections.abc import Iterable

from .syntax.nodes import Span

MAX_SHOWN = 50  # errors ``ludeme check`` prints for one file; the rest are counted
MAX_KEPT = 10_000  # errors kept in memory for one file (a huge broken file counts the rest)

def source_line(span: Span, line: int) -> str | None:
    """Line ``line`` of the text ``span`` is in (spans carry their text: see SourceName)."""
    text = span.source
    if text is None or line < 1:
        return None
    lines = text.splitlines()
    return lines[line - 1] if line <= len(lines) else None


class LudError(Exception):
    """A problem in a description (syntax, expansion or binding). Exit code 2 at the CLI."""

    kind = "error"

    def __init__(self, message: str, span: Span | None = None, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.span = span
        self.hint = hint

    def __str__(self) -> str:
        return self.render()

    def render(self) -> str:
        parts = []
        if self.span is None:
            parts.append(f"error: {self.message}")
        else:
            parts.append(f"{self.span}: {self.message}")
            parts.extend(_quote(self.span))
            pending = list(self.span.via)
            seen = 0
            while pending and seen < 20:  # every define use on the way, innermost first
                via = pending.pop(0)
                seen += 1
                parts.append(f"{via.span}: note: in define \"{via.name}\" used here")
                parts.extend(_quote(via.span))
                pending[:0] = list(via.span.via)
        if self.hint:
            parts.append(f"hint: {self.hint}")
        return "\n".join(parts)


class Collected:
    """The errors of one description, gathered by reading past each one (``ludeme check``, the
    language server). The same message at the same place is kept once (a define used many times
    brings its error once, at its first use); ``sorted`` gives them in source order."""

    def __init__(self, limit: int = MAX_KEPT):
        self.errors: list[LudError] = []
        self.limit = limit
        self.dropped = 0  # errors past ``limit``, counted only
        self._seen: set[tuple] = set()

    def add(self, err: LudError) -> None:
        span = err.span
        key = (str(span.file), span.line, span.col, err.message) if span is not None else (err.message,)
        if key in self._seen:
            return
        self._seen.add(key)
        if len(self.errors) >= self.limit:
            self.dropped += 1
        else:
            self.errors.append(err)

    def extend(self, errors: Iterable[LudError]) -> None:
        for err in errors:
            self.add(err)

    def __len__(self) -> int:
        return len(self.errors) + self.dropped

    def __bool__(self) -> bool:
        return bool(self.errors)

    def sorted(self, file: str | None = None) -> list[LudError]:
        """The errors in source order of ``file`` (errors in other files, a library define's,
        stand at the use in ``file`` that brought them)."""
        return sorted(self.errors, key=lambda e: source_key(e, file))


def source_key(err: LudError, file: str | None = None) -> tuple[int, int, int]:
    """Where an error stands in ``file``: its own place, or the outermost define use there."""
    span = err.span
    if span is None:
        return (0, 0, 0)
    place = span
    if file is not None and str(span.file) != str(file):
        for via in reversed(span.via):
            if str(via.span.file) == str(file):
                place = via.span
                break
    return (1, place.line, place.col)


def render_all(errors: list[LudError], total: int | None = None, limit: int = MAX_SHOWN) -> str:
    """``errors`` rendered one after the other (at most ``limit``), then how many there are."""
    total = len(errors) if total is None else total
    text = "\n\n".join(e.render() for e in errors[:limit])
    if total > 1:
        rest = total - min(limit, len(errors))
        text += f"\n\n{total} errors" + (f" ({rest} more not shown)" if rest > 0 else "")
    return text


class LudSyntaxError(LudError):
    kind = "syntax error"
    #: set by :func:`interpreter.syntax.parser.parse` when reading can go on past the error:
    #: ``"lark"`` (the grammar's) or ``"node"`` (one node the builder could not make)
    recoverable: str | None = None


class ExpansionError(LudError):
    kind = "expansion error"


class BindError(LudError):
    kind = "bind error"


class UnsupportedLudeme(BindError):
    """A call of a ludeme Ludii defines that this interpreter does not have yet (``forEach Die``):
    the description is right by Ludii's language, the vocabulary here is short of it. Its message
    says so in one line (``Ludii's `forEach Die` is not supported yet``); the CLI exits with 3
    when every error is of this kind. A name in neither vocabulary stays a :class:`BindError`
    with the closest names."""

    kind = "unsupported ludeme"

    def __init__(self, form: str, span: Span | None = None, hint: str | None = None):
        super().__init__(f"Ludii's `{form}` is not supported yet", span, hint)
        self.form = form


class MoveError(ValueError):
    """A move that cannot be played (not a description error). Subclasses say why, as
    python-chess's do: the text is no move, the move is not legal here, or it is ambiguous."""


class InvalidMoveError(MoveError):
    """The text is not a move of this game (empty, unknown site, malformed)."""


class IllegalMoveError(MoveError):
    """A move of this game that is not legal in this position (or another game's move)."""


class AmbiguousMoveError(MoveError):
    """The text could mean several legal moves (e.g. which piece to place)."""


def _quote(span: Span) -> list[str]:
    line = source_line(span, span.line)
    if line is None:
        return []
    width = 1
    if span.end_line == span.line and span.end_col > span.col:
        width = span.end_col - span.col
    width = max(1, min(width, len(line) - span.col + 2))
    gutter = f"{span.line:>5}"
    return [f"{gutter} | {line}", f"{' ' * len(gutter)} | {' ' * (span.col - 1)}{'^' * width}"]
