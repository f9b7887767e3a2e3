"""What a survey does: the descriptions it reads, their option sets, and the chunks of work.

A survey has one *row* per description and option set. Its work is cut into *chunks*, each
named by a key that depends only on what it computes (never on a worker or an order):

- a *load* chunk per row: parse, expand, load, and take the compilation concepts; the default
  option set's chunk also lists the description's other option sets (``--option-sets all``);
- a *play* chunk per row and block of playouts ``[start, stop)``: playout ``i`` is seeded from
  the survey's seed and ``i`` alone (:func:`interpreter.concept.metrics.game_seed`), so a row's
  metrics are those of ``ludeme concepts GAME --playouts N --seed S``, however the blocks are
  shared out.

"All" option sets are the default, every ruleset the description declares (but the one its
default already applies), and every item of every option with the other options at their
defaults. The full product of the options is left out on purpose: Pente's ten options make
41,472 combinations.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import LudError

BUNDLED = "bundled"  # the word that names every bundled game
MAX_TARGETS = 100_000  # descriptions in one survey
MAX_OPTION_SETS = 1_000  # option sets of one description (the others are left out)
MAX_LIST_LINES = 100_000  # lines of a list file


class SurveyError(Exception):
    """A survey that cannot start as asked (no such file, a journal of another survey...)."""


@dataclass(frozen=True)
class Target:
    """One description: ``label`` as the user named it (a path, or a bundled game's name), the
    file read, its text and a digest of it; ``error`` says why it could not be read."""

    label: str
    path: str
    text: str
    digest: str
    reason: str = ""  # why it could not be read ("" when it was)
    error: str = ""  # the same with its location


@dataclass(frozen=True)
class OptionSet:
    """Option items chosen (``Label/Item``) and a ruleset; nothing chosen is the default."""

    options: tuple[str, ...] = ()
    ruleset: str | None = None

    def text(self) -> str:
        """The items as ``compare`` reads them after a colon: ``Label/Item,Label/Item``."""
        return ",".join(self.options)


@dataclass(frozen=True)
class LoadRequest:
    """A load chunk: the description's text and what to choose in it."""

    key: str
    path: str
    text: str
    options: tuple[str, ...]
    ruleset: str | None
    defines: tuple[str, ...]
    list_option_sets: bool


@dataclass(frozen=True)
class PlayRequest:
    """A play chunk: playouts ``start`` to ``stop - 1`` of a loaded game (its expanded text)."""

    key: str
    game_text: str
    turn_limit: int
    seed: int
    agents: tuple[str, ...]
    start: int
    stop: int


def digest(text: str) -> str:
    """A short hash of a description's text: a changed file is surveyed again on resume."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def row_key(target: Target, options: OptionSet) -> list:
    """What names a row: the description (label and digest) and the option set."""
    return [target.label, target.digest, list(options.options), options.ruleset]


def load_key(target: Target, options: OptionSet) -> str:
    """The key of a row's load chunk."""
    return json.dumps(["load"] + row_key(target, options), ensure_ascii=False)


def play_key(target: Target, options: OptionSet, start: int, stop: int) -> str:
    """The key of a row's play chunk for playouts ``start`` to ``stop - 1``."""
    return json.dumps(["play"] + row_key(target, options) + [start, stop], ensure_ascii=False)


def blocks(playouts: int, size: int) -> list[tuple[int, int]]:
    """The blocks ``[start, stop)`` of ``size`` playouts (the last may be shorter)."""
    return [(start, min(start + size, playouts)) for start in range(0, playouts, size)]


# --- the descriptions ------------------------------------------------------------------------------
def targets(items: Sequence[str]) -> list[Target]:
    """The descriptions named by ``items``: folders (their ``.lud`` files, recursively, sorted),
    ``.lud`` files, bundled games' names, the word ``bundled`` (every bundled game), or list
    files (any other file: one such item a line, ``#`` comments, paths relative to the list's
    folder). The same description named twice is surveyed once."""
    found = _Found()
    for item in items:
        found.visit(item, None, 0)
    if not found.targets:
        raise SurveyError("no description to survey")
    return list(found.targets.values())


class _Found:
    """The descriptions the items of a survey name, each once, in the order named."""

    def __init__(self) -> None:
        self.targets: dict[str, Target] = {}

    def add(self, label: str, path: Path) -> None:
        if label not in self.targets:
            if len(self.targets) >= MAX_TARGETS:
                raise SurveyError(f"more than {MAX_TARGETS} descriptions in one survey")
            self.targets[label] = read_target(label, path)

    def visit(self, item: str, base: Path | None, depth: int) -> None:
        """One item: a folder, a description, a list (``depth`` 0 only), a bundled game or ``bundled``."""
        from ..resources import bundled_descriptions
        path = Path(item) if base is None or Path(item).is_absolute() else base / item
        try:
            is_dir, is_file = path.is_dir(), path.is_file()
        except (OSError, ValueError):
            is_dir = is_file = False
        if is_dir:
            files = sorted(p for p in path.rglob("*.lud") if p.is_file())
            if not files:
                raise SurveyError(f"no .lud file in {path}")
            for file in files:
                self.add(str(file), file)
        elif is_file and path.suffix == ".lud":
            self.add(str(path), path)
        elif is_file:
            if depth > 0:
                raise SurveyError(f"{path}: a list names descriptions, folders or bundled games, not other lists")
            for line in _list_lines(path):
                self.visit(line, path.parent, depth + 1)
        elif item == BUNDLED:
            for name, file in bundled_descriptions().items():
                self.add(name, file)
        elif item in bundled_descriptions():
            self.add(item, bundled_descriptions()[item])
        else:
            where = f" (in a list file, relative to {base})" if base is not None else ""
            raise SurveyError(f"no such file, folder or bundled game: {item}{where}")


def _list_lines(path: Path) -> list[str]:
    try:
        with open(path, encoding="utf-8") as f:
            lines = []
            for number, line in enumerate(f, 1):
                if number > MAX_LIST_LINES:
                    raise SurveyError(f"{path}: more than {MAX_LIST_LINES} lines")
                line = line.split("#", 1)[0].strip()
                if line:
                    lines.append(line)
    except (OSError, UnicodeDecodeError) as err:
        raise SurveyError(f"cannot read {path}: {getattr(err, 'strerror', None) or err}") from None
    if not lines:
        raise SurveyError(f"{path}: the list names no description")
    return lines


def read_target(label: str, path: Path) -> Target:
    """A description as a survey reads it (unreadable files become rows that say why)."""
    from .stages import read_text
    try:
        text = read_text(path)
    except LudError as err:
        where = f"{err.span}: " if err.span is not None else ""
        return Target(label, str(path), "", "", err.message, where + err.message)
    return Target(label, str(path), text, digest(text))


# --- option sets ------------------------------------------------------------------------------------
def option_sets(text: str, path: str) -> list[OptionSet]:
    """The default and the other option sets of a description (module text); only the default
    when it does not parse or its options are wrong (its load says why)."""
    from ..syntax.expand import read_options
    from ..syntax.parser import parse
    try:
        options, rulesets = read_options(parse(text, path))
    except (LudError, RecursionError):
        return [OptionSet()]
    out = [OptionSet()]
    # every ruleset (the default set is each option's default item, as Ludii's loader: a starred
    # ruleset applies only when named)
    out.extend(OptionSet((), r.name) for r in rulesets)
    for option in options:
        default = option.default
        out.extend(OptionSet((f"{option.label}/{item.name}",)) for item in option.items if item is not default)
    return _unique(out)[:MAX_OPTION_SETS]


def _unique(sets: Iterable[OptionSet]) -> list[OptionSet]:
    seen: set[OptionSet] = set()
    out = []
    for s in sets:
        if s not in seen:
            seen.add(s)
            out.append(s)
    return out


__all__ = ["BUNDLED", "LoadRequest", "OptionSet", "PlayRequest", "SurveyError", "Target", "blocks", "digest",
           "load_key", "option_sets", "play_key", "read_target", "row_key", "targets"]
