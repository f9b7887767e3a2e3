"""From a name, a path or a text to a playable :class:`Game`: parse, expand, bind, compile."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from .errors import BindError, LudError
from .resources import descriptions_dir, resolve_description
from .syntax.expand import Expanded, expand, load_library
from .syntax.nodes import Call, Str
from .syntax.parser import parse, parse_file


def library(extra: Sequence[str | Path] = ()):
    """Defines shared by every description (``descriptions/defines/*.def``), plus the ``.def``
    files of any extra folders (e.g. Ludii's library, for checking Ludii files)."""
    files: list[Path] = []
    for folder in [descriptions_dir() / "defines", *map(Path, extra)]:
        if folder.is_file():
            files.append(folder)
        elif folder.exists():
            files.extend(sorted(folder.rglob("*.def")))
        elif folder != descriptions_dir() / "defines":
            raise LudError(f"no defines folder '{folder}'")
    return load_library(files)


def read_description(source: str | Path):
    """Parse a description given as a bundled name, a path, or the text itself."""
    if isinstance(source, Path):
        return parse_file(source)
    path = resolve_description(source)  # a file or bundled name first: paths may hold "("
    if path is not None:
        return parse_file(path)
    if "(" in source:
        return parse(source, "<text>")
    raise LudError(f"no description named '{source}'",
                   hint="give a path to a .lud file or a bundled name: ludeme list")


def expand_description(source: str | Path, options: Sequence[str] = (), ruleset: str | None = None,
                       defines: Sequence[str | Path] = ()) -> Expanded:
    doc = read_description(source)
    return expand(doc, options=options, ruleset=ruleset, library=library(defines))


def load(source: str | Path, options: Sequence[str] = (), ruleset: str | None = None,
         defines: Sequence[str | Path] = ()):
    """Load a game: ``load("pente")``, ``load("my.lud", options=["Board Size/9x9"])``.
    ``defines`` adds folders of library defines (``.def`` files)."""
    from . import ludemes  # noqa: F401  (registers the vocabulary)
    from .bind import bind
    from .ludemes.structure import GameLudeme

    expanded = expand_description(source, options, ruleset, defines)
    bound = bind(expanded.game)
    if not isinstance(bound, GameLudeme):
        raise BindError("a description must be a (game ...)", expanded.game.span)
    game = bound.build()
    game.description = expanded
    game.options = expanded.choice_strings
    game.info = metadata_info(expanded.metadata)
    return game


def metadata_info(metadata: Call | None) -> dict[str, str]:
    """``(info {(description "...") (rules "...") (author "...") ...})`` as a dict."""
    info: dict[str, str] = {}
    if metadata is None:
        return info
    for node in metadata.walk():
        if isinstance(node, Call) and node.name == "info":
            for entry in node.walk():
                if isinstance(entry, Call) and entry is not node and entry.args \
                        and isinstance(entry.args[0], Str) and isinstance(entry.head, str):
                    info.setdefault(entry.head, entry.args[0].value)
    return info
