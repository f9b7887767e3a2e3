"""Where commands write (records, pictures, plots): never onto a file the command reads, never
into a folder that is not there, never into a named pipe, and over an existing record only when
asked (``--force`` writes it again, ``--append`` adds the new games to it).

Every command that writes a file checks its path here before it starts working, so a mistake
costs nothing: ``ludeme run g.lud --record g.lud`` is refused at once, not after the games.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from collections.abc import Iterable
from pathlib import Path

from ..resources import resolve_description
from .common import UsageError

REFUSE, OVERWRITE, APPEND = "refuse", "overwrite", "append"


def inputs_of(args: argparse.Namespace) -> list[str]:
    """The files a command reads: its description (a path, or a bundled game's file), its
    position, record and library folders."""
    found: list[str] = []
    for name in ("game", "position", "file", "description"):
        value = getattr(args, name, None)
        if isinstance(value, str) and value:
            path = resolve_description(value) if name in ("game", "description") else Path(value)
            if path is not None:
                found.append(str(path))
    for name in ("games", "defines"):
        values = getattr(args, name, None)
        for value in values if isinstance(values, list) else ():
            if isinstance(value, str):
                path = resolve_description(value.split(":")[0]) if name == "games" else Path(value)
                if path is not None:
                    found.append(str(path))
    return found


def output_path(path: str, what: str, inputs: Iterable[str] = (), existing: str = OVERWRITE) -> Path:
    """Check that ``path`` may be written (``what`` names it in messages: "record file",
    "picture"...) and return it. Refused, with a :class:`UsageError` saying why: one of the
    ``inputs``, a folder, a named pipe or a device (other than the null device), a file in a
    folder that does not exist, and, when ``existing`` is ``"refuse"``, any existing file."""
    if not path:
        raise UsageError(f"no name given for the {what}")
    out = Path(path)
    if str(out) == os.devnull:
        return out
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        raise UsageError(f"cannot write the {what} {path}: the folder {folder} does not exist")
    try:
        mode = os.stat(out).st_mode
    except FileNotFoundError:
        return out
    except OSError as err:
        raise UsageError(f"cannot write the {what} {path}: {err.strerror or err}") from None
    if stat.S_ISDIR(mode):
        raise UsageError(f"cannot write the {what} {path}: it is a folder")
    if not stat.S_ISREG(mode):
        raise UsageError(f"cannot write the {what} {path}: it is not a regular file (a named pipe or a device)")
    for source in inputs:
        try:
            same = os.path.samefile(out, source)
        except OSError:
            continue
        if same:
            raise UsageError(f"{path} is a file this command reads: writing the {what} there would destroy it")
    if existing == REFUSE:
        raise UsageError(f"the {what} {path} exists: give --force to write it again, or --append to add "
                         "the new games to it")
    return out


def record_options(p: argparse.ArgumentParser) -> None:
    """What ``--record FILE`` does with a file that exists: refuse it, unless one of these says."""
    group = p.add_mutually_exclusive_group()
    group.add_argument("--append", action="store_true", help="--record: add the games to an existing record file")
    group.add_argument("--force", action="store_true", help="--record: write an existing record file again")


def record_mode(args: argparse.Namespace) -> str | None:
    """How ``--record FILE`` opens its file: None without ``--record``; else ``"w"`` or ``"a"``,
    after the checks of :func:`output_path` (an existing file needs ``--force`` or
    ``--append``; the one chosen is said on standard error)."""
    path = getattr(args, "record", None)
    if not path:
        return None
    append, force = bool(getattr(args, "append", False)), bool(getattr(args, "force", False))
    if append and force:
        raise UsageError("--append adds to a record file and --force writes it again: give one of them")
    existing = APPEND if append else OVERWRITE if force else REFUSE
    out = output_path(path, "record file", inputs_of(args), existing)
    if not out.exists() or str(out) == os.devnull:
        return "a" if append else "w"
    if append:
        _check_record_file(path)
        print(f"appending the games to {path}", file=sys.stderr)
        return "a"
    print(f"writing {path} again (--force): its games are replaced", file=sys.stderr)
    return "w"


def _check_record_file(path: str) -> None:
    """An existing file that ``--append`` adds to must be a record file (or empty)."""
    from ..errors import LudError
    from ..records import parse_record_lines, read_record_text
    try:
        text = read_record_text(path)
    except LudError as err:
        raise UsageError(f"--append: {err.message}") from None
    if not text.strip():
        return
    first = next(iter(parse_record_lines(text.splitlines()[0], path)), None)
    if not hasattr(first, "moves"):
        raise UsageError(f"--append: {path} is not a record file (its first line is no game record), "
                         "so the games are not added to it")


__all__ = ["output_path", "record_mode", "record_options", "inputs_of", "REFUSE", "OVERWRITE", "APPEND"]
