"""From a name, a path or a text to a playable :class:`Game`: parse, expand, bind, compile."""

from __future__ import annotations

import hashlib
from collections import ChainMap
from pathlib import Path
from typing import Mapping, Sequence

from .errors import BindError, LudError
from .resources import descriptions_dir, ludii_defines_dir, resolve_description
from .engine.game import Game
from .syntax.expand import Define, Expanded, define_folder, expand, load_library
from .syntax.format import format_node
from .syntax.nodes import Call, Str
from .syntax.parser import parse, parse_file


def library(extra: Sequence[str | Path] = (), beside: Path | None = None) -> Mapping[str, Define]:
    """The defines a description may use without declaring them, first found first: the ``.def``
    files of the ``extra`` folders (``--defines``), then those shared by the bundled descriptions
    (``descriptions/defines/``), then Ludii's library (:func:`ludii_defines_dir`, looked for
    beside the folder ``beside``), read as its defines are used. A description's own defines
    come before all of these."""
    def files_of(folders: Sequence[Path], required: bool) -> list[Path]:
        files: list[Path] = []
        for folder in folders:
            if folder.is_file():
                files.append(folder)
            elif folder.is_dir():
                files.extend(sorted(folder.rglob("*.def")))
            elif required:
                raise LudError(f"no defines folder '{folder}'")
        return files

    layers: list[Mapping[str, Define]] = [
        load_library(files_of([Path(p) for p in extra], True)),
        load_library(files_of([descriptions_dir() / "defines"], False)),
    ]
    ludii = ludii_defines_dir(beside)
    if ludii is not None:
        layers.append(define_folder(ludii))
    return ChainMap(*layers)


def _strings(value, what: str, example: str) -> list[str]:
    """``options=``/``defines=`` as given to :func:`load`: one string, or a list of strings."""
    if value is None:
        return []
    if isinstance(value, (str, Path)):
        return [value]  # type: ignore[list-item]
    try:
        items = list(value)
    except TypeError:
        items = None
    if items is None or not all(isinstance(v, (str, Path)) for v in items):
        raise LudError(f"{what} is a string or a list of strings, not {type(value).__name__}",
                       hint=f"e.g. {what}={example}")
    return items


def read_description(source: str | Path):
    """Parse a description given as a bundled name, a path, or the text itself."""
    if isinstance(source, Path):
        return parse_file(source)
    if not isinstance(source, str):
        raise LudError(f"a description is a bundled name, a path or a text, not {type(source).__name__}",
                       hint='e.g. load("pente") or load("my-game.lud")')
    path = resolve_description(source)  # a file or bundled name first: paths may hold "("
    if path is not None:
        return parse_file(path)
    if "(" in source:
        return parse(source, "<text>")
    raise LudError(f"no description named '{source}'",
                   hint="give a path to a .lud file or a bundled name: ludeme list")


def expand_description(source: str | Path, options: Sequence[str] = (), ruleset: str | None = None,
                       defines: Sequence[str | Path] = ()) -> Expanded:
    """Read and expand a description: options chosen, defines inlined, a ruleset applied."""
    options = [str(o) for o in _strings(options, "options", '["Board Size/9x9"]')]
    defines = _strings(defines, "defines", '["my-defines/"]')
    if ruleset is not None and not isinstance(ruleset, str):
        raise LudError(f"ruleset is a name, not {type(ruleset).__name__}")
    doc = read_description(source)
    beside = Path(str(doc.file)).parent if doc.file != "<text>" else None
    return expand(doc, options=options, ruleset=ruleset, library=library(defines, beside))


def load(source: str | Path, options: Sequence[str] = (), ruleset: str | None = None,
         defines: Sequence[str | Path] = ()) -> Game:
    """Load a game: ``load("pente")``, ``load("my.lud", options=["Board Size/9x9"])``.
    ``source`` is a bundled name, a path or the text itself; ``options`` is a list of
    ``"Label/Item"`` choices, or one such string; ``defines`` adds folders of library defines
    (``.def`` files), a list or one path. Raises :class:`LudError` (located) for a wrong
    description."""
    from .bind import bind
    from .compile import build_game
    from .ludemes.structure import GameLudeme

    expanded = expand_description(source, options, ruleset, defines)
    bound = bind(expanded.game)
    if not isinstance(bound, GameLudeme):
        raise BindError("a description must be a (game ...)", expanded.game.span)
    return build_game(bound, options=expanded.choice_strings, metadata=metadata_info(expanded.metadata),
                      source=str(expanded.document.file), fingerprint=fingerprint(expanded),
                      description=expanded)


def fingerprint(expanded: Expanded) -> str:
    """A short hash of the expanded game (and its options): equal for the same game."""
    text = format_node(expanded.game) + "\n" + "\n".join(expanded.choice_strings)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


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
