"""Every error of a description at once: what ``ludeme check`` and the language server show.

:func:`load` stops at the first mistake; :func:`check_text` reads past each one. Syntax errors
are read past form by form (:func:`~interpreter.syntax.parser.parse_all`), unknown defines and
option placeholders by the expansion, and every binding error by the binder
(:func:`~interpreter.bind.bind_all`); a part already reported is never blamed again, so each
error is independent of the others. A description with no error is then compiled, which may
find one more (a board too large, a region that does not exist).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .bind import bind_all
from .engine.game import Game
from .errors import Collected, LudError
from .loader import game_of, library
from .resources import resolve_description
from .syntax.expand import Expanded, expand
from .syntax.nodes import Document
from .syntax.parser import parse_all, read_text


@dataclass
class Checked:
    """What a check found: the errors in source order (at most ``Collected``'s limit, ``total``
    counting every one), and what could be built on the way."""

    file: str
    errors: list[LudError] = field(default_factory=list)
    total: int = 0
    document: Document | None = None
    expanded: Expanded | None = None
    game: Game | None = None

    @property
    def ok(self) -> bool:
        return self.total == 0


def check_text(text: str, file: str = "<text>", options: Sequence[str] = (), ruleset: str | None = None,
               defines: Sequence[str | Path] = (), build: bool = True) -> Checked:
    """Check a description's text (``file`` names it, and its folder is where Ludii's library is
    looked for). ``build=False`` stops after binding (the language server, on every keystroke)."""
    found = Collected()
    result = Checked(file)
    doc, syntax_errors = parse_all(text, file)
    found.extend(syntax_errors)
    result.document = doc
    if doc is not None:
        beside = Path(str(file)).parent if not str(file).startswith("<") else None
        try:
            result.expanded = expand(doc, options=list(options), ruleset=ruleset,
                                     library=library(defines, beside), errors=found)
        except LudError as err:
            found.add(err)
        if result.expanded is not None:
            bound, _ = bind_all(result.expanded.game, defines=result.expanded.defines, into=found)
            if build and not found and bound is not None:
                try:
                    result.game = game_of(result.expanded, bound)
                except LudError as err:
                    found.add(err)
    result.errors = found.sorted(doc.file if doc is not None else file)
    result.total = len(found)
    return result


def check(source: str | Path, options: Sequence[str] = (), ruleset: str | None = None,
          defines: Sequence[str | Path] = (), build: bool = True) -> Checked:
    """Check a bundled description, a file, or a text (as :func:`~interpreter.loader.load` takes
    them)."""
    path = Path(source) if isinstance(source, Path) else resolve_description(str(source))
    if path is None:
        if isinstance(source, str) and "(" in source:
            return check_text(source, "<text>", options, ruleset, defines, build)
        error = LudError(f"no description named '{source}'",
                         hint="give a path to a .lud file or a bundled name: ludeme list")
        return Checked(str(source), [error], 1)
    try:
        text = read_text(path)
    except LudError as err:
        return Checked(str(path), [err], 1)
    return check_text(text, str(path), options, ruleset, defines, build)
