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

from .syntax.nodes import Span

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


class LudSyntaxError(LudError):
    kind = "syntax error"


class ExpansionError(LudError):
    kind = "expansion error"


class BindError(LudError):
    kind = "bind error"


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
