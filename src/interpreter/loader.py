"""From a name, a path or a text to a playable :class:`Game`: parse, expand, bind, compile."""

from __future__ import annotations

import gc
import hashlib
import os
from collections import ChainMap
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import cast

from .engine.game import Game
from .errors import BindError, LudError
from .resources import descriptions_dir, ludii_defines_dir, resolve_description
from .syntax.expand import Define, Expanded, define_folder, expand, load_library
from .syntax.format import format_node
from .syntax.nodes import Call, Document, Node, Str
from .syntax.parser import parse, parse_file

DEFINES_ENV = "LUDEME_DEFINES"  # folders of library defines every load uses (os.pathsep-separated)


def extra_defines(extra: Sequence[str | Path] = ()) -> list[Path]:
    """The folders of library defines to use: ``extra``, then those the ``LUDEME_DEFINES``
    environment variable names (``ludeme COMMAND --defines DIR`` sets it for the command, so every
    game the command loads, in this process or its workers, uses them), each once."""
    folders = [Path(p) for p in extra] + [Path(p) for p in os.environ.get(DEFINES_ENV, "").split(os.pathsep) if p]
    seen: set[Path] = set()
    unique: list[Path] = []
    for folder in folders:
        if folder.absolute() not in seen:
            seen.add(folder.absolute())
            unique.append(folder)
    return unique


def library(extra: Sequence[str | Path] = (), beside: Path | None = None) -> Mapping[str, Define]:
    """The defines a description may use without declaring them, first found first: the ``.def``
    files of the ``extra`` folders (``--defines``, then the ``LUDEME_DEFINES`` environment
    variable's: :func:`extra_defines`), then those shared by the bundled descriptions
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
            elif required and folder.exists():
                raise LudError(f"defines '{folder}': it is not a regular file or a folder (a named pipe or a device)")
            elif required:
                raise LudError(f"no defines folder '{folder}'")
        return files

    layers: list[Mapping[str, Define]] = [
        load_library(files_of(extra_defines(extra), True)),
        load_library(files_of([descriptions_dir() / "defines"], False)),
    ]
    ludii = ludii_defines_dir(beside)
    if ludii is not None:
        layers.append(define_folder(ludii))
    # a read-only view: ChainMap wants mutable maps, but only the first would ever be written
    return ChainMap(*layers)  # type: ignore[arg-type]


def _strings(value: object, what: str, example: str) -> list[str | Path]:
    """``options=``/``defines=`` as given to :func:`load`: one string, or a list of strings."""
    if value is None:
        return []
    if isinstance(value, (str, Path)):
        return [value]
    items: list[object] | None
    try:
        items = list(cast("Iterable[object]", value))  # anything iterable: a TypeError says it is not
    except TypeError:
        items = None
    strings = [v for v in items or () if isinstance(v, (str, Path))]
    if items is None or len(strings) != len(items):
        raise LudError(f"{what} is a string or a list of strings, not {type(value).__name__}",
                       hint=f"e.g. {what}={example}")
    return strings


def _is_folder(name: str) -> bool:
    try:
        return Path(name).is_dir()
    except (OSError, ValueError):  # a name too long, or with a NUL, names no folder
        return False


def read_description(source: str | Path | Document) -> Document:
    """Parse a description given as a bundled name, a path, or the text itself (or take one
    already parsed: ``load(parse(text))`` reads no file whatever the text says)."""
    if isinstance(source, Document):
        return source
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
    if _is_folder(source):
        raise LudError(f"'{source}' is a folder, not a description",
                       hint="give one .lud file of it (ludeme check takes folders)")
    raise LudError(f"no description named '{source}'",
                   hint="give a path to a .lud file or a bundled name: ludeme list")


def expand_description(source: str | Path | Document, options: Sequence[str] = (), ruleset: str | None = None,
                       defines: Sequence[str | Path] = ()) -> Expanded:
    """Read and expand a description: options chosen, defines inlined, a ruleset applied."""
    options = [str(o) for o in _strings(options, "options", '["Board Size/9x9"]')]
    defines = _strings(defines, "defines", '["my-defines/"]')
    if ruleset is not None and not isinstance(ruleset, str):
        raise LudError(f"ruleset is a name, not {type(ruleset).__name__}")
    doc = read_description(source)
    beside = Path(str(doc.file)).parent if not str(doc.file).startswith("<") else None
    return expand(doc, options=options, ruleset=ruleset, library=library(defines, beside))


def load(source: str | Path | Document, options: Sequence[str] = (), ruleset: str | None = None,
         defines: Sequence[str | Path] = ()) -> Game:
    """Load a game: ``load("pente")``, ``load("my.lud", options=["Board Size/9x9"])``.
    ``source`` is a bundled name, a path or the text itself; ``options`` is a list of
    ``"Label/Item"`` choices, or one such string; ``defines`` adds folders of library defines
    (``.def`` files), a list or one path. Raises :class:`LudError` (located) for a wrong
    description."""
    with _collector_paused():
        return game_from_expanded(expand_description(source, options, ruleset, defines))


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while a game is built: the trees of a large description
    are many objects, all alive, that the collector would walk again and again (more than half
    of a large shogi's loading time) for nothing to free."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def game_from_expanded(expanded: Expanded) -> Game:
    """Bind and compile an expanded description: the game :func:`load` gives (and what a
    pickled game is built from again, in another process)."""
    from .bind import bind

    return game_of(expanded, bind(expanded.game))


def game_of(expanded: Expanded, bound: object) -> Game:
    """The game of an expanded description whose tree is bound (``bound``)."""
    from .compile import build_game
    from .compile.build import player_count
    from .ludemes.structure import GameLudeme
    from .matchgames import build_match, matches
    if matches(bound):  # a series of games (engine.matchplay)
        return build_match(expanded, bound)  # type: ignore[return-value]
    if not isinstance(bound, GameLudeme):
        raise BindError("a description must be a (game ...) or a (match ...)", expanded.game.span)
    colours = metadata_colours(expanded.metadata, player_count(bound))
    return build_game(bound, options=expanded.choice_strings, metadata=metadata_info(expanded.metadata),
                      source=str(expanded.document.file), fingerprint=fingerprint(expanded),
                      description=expanded, colours=colours, rebuild=game_from_expanded)


def fingerprint(expanded: Expanded) -> str:
    """A short hash of the expanded game (and its options): equal for the same game."""
    text = format_node(expanded.game) + "\n" + "\n".join(expanded.choice_strings)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


#: Ludii's colour names that descriptions use most, as RGB (others keep the picture's default)
COLOUR_NAMES = {
    "black": (0, 0, 0), "white": (255, 255, 255), "red": (220, 30, 30), "green": (40, 160, 60),
    "blue": (40, 90, 210), "yellow": (245, 210, 40), "orange": (245, 140, 20), "purple": (140, 60, 170),
    "pink": (240, 140, 180), "brown": (130, 80, 40), "grey": (150, 150, 150), "gray": (150, 150, 150),
    "lightgrey": (211, 211, 211), "darkgrey": (90, 90, 90), "cyan": (30, 190, 210),
    "darkblue": (20, 40, 130), "darkgreen": (20, 90, 30), "darkred": (130, 10, 10),
    "lightblue": (150, 190, 240), "lightgreen": (150, 220, 150), "gold": (220, 180, 40),
    "silver": (192, 192, 192), "navy": (0, 0, 128), "marron": (128, 0, 0), "maroon": (128, 0, 0),
}


MAX_METADATA_PLAYERS = 16  # as many as a game may have


def metadata_colours(metadata: Call | None, players: int = MAX_METADATA_PLAYERS) -> dict[int, str]:
    """Each player's colour from Ludii's ``(graphics {(player Colour P1 (colour Black)) ...})``
    (a name or ``(colour R G B)``), as ``{1: "#000000"}``; Neutral's under 0, Shared's under the
    player count + 1 (:data:`ROLE_COLOUR_KEYS`). What it cannot read it leaves out, since
    the metadata only dresses the game. A player the game does not have (P3 in a game of
    two: Ludii's roles are read without the player count, and Tower of Hanoi, for one player,
    colours P2) is left unread; a role beyond Ludii's P16 and a colour's number beyond 0 to 255
    are mistakes, refused where they are written."""
    colours: dict[int, str] = {}
    if metadata is None:
        return colours
    _check_metadata(metadata, players)
    for node in metadata.walk():
        if not (isinstance(node, Call) and node.head == "player" and len(node.args) >= 3):
            continue
        kind, who, colour = node.args[0], node.args[1], node.args[2]
        if getattr(kind, "name", None) != "Colour" or not isinstance(colour, Call) or colour.head != "colour":
            continue
        player = getattr(who, "name", "")
        if player in ROLE_COLOUR_KEYS:  # the neutral pieces' colour, the shared pieces'
            key = 0 if player == "Neutral" else players + 1
        elif player.startswith("P") and player[1:].isdigit() and int(player[1:]) <= players:
            key = int(player[1:])
        else:
            continue
        rgb = _rgb(colour.args)
        if rgb is not None:
            red, green, blue = rgb
            colours[key] = f"#{red:02x}{green:02x}{blue:02x}"
    return colours


# Ludii's roles that are no player and have a colour: Neutral's is kept under 0, Shared's under
# the player count + 1 (as Ludii numbers them), so that a picture tells the pieces of each apart
ROLE_COLOUR_KEYS = ("Neutral", "Shared")


def _check_metadata(metadata: Call, players: int) -> None:
    """Roles beyond the players, and colour numbers beyond a byte, are located errors."""
    from .syntax.nodes import Const, Float, Int
    for node in metadata.walk():
        if isinstance(node, Const) and node.name[:1] == "P" and node.name[1:].isdigit():
            if not 1 <= int(node.name[1:]) <= MAX_METADATA_PLAYERS:
                raise BindError(f"metadata: {node.name} is not a player of any game (P1 to P{MAX_METADATA_PLAYERS})",
                                node.span, hint=f"players are P1 to P{players}")
        if isinstance(node, Call) and node.head == "colour":
            for arg in node.args:
                if isinstance(arg, (Int, Float)) and not 0 <= arg.value <= 255:
                    raise BindError(f"metadata: a colour's number is from 0 to 255, not {arg.value}", arg.span,
                                    hint="(colour R G B) or (colour R G B A), each from 0 to 255")


def _rgb(args: Sequence[Node]) -> tuple[int, int, int] | None:
    name = getattr(args[0], "name", None) if len(args) == 1 else None
    if name is not None:
        return COLOUR_NAMES.get(str(name).lower())
    values = [getattr(a, "value", None) for a in args[:3]]
    numbers = [v for v in values if isinstance(v, int) and 0 <= v <= 255]
    if len(numbers) == 3:
        red, green, blue = numbers
        return (red, green, blue)
    return None


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
