"""Where the grammar and the bundled descriptions live, installed or in a source checkout.

A wheel carries them inside the package (``interpreter/_data/``); a source checkout or an
editable install finds them at the top of the repository.
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_CANDIDATES = (_PACKAGE / "_data", _PACKAGE.parent.parent)


def _find(name: str) -> Path:
    for root in _CANDIDATES:
        path = root / name
        if path.exists():
            return path
    raise FileNotFoundError(f"cannot find the bundled '{name}' folder (looked in {_CANDIDATES})")


def grammar_path() -> Path:
    return _find("grammar") / "lud.lark"


def descriptions_dir() -> Path:
    return _find("descriptions")


def bundled_descriptions() -> dict[str, Path]:
    """Bundled games by short name (file stem): ``{'alak': .../alak.lud, ...}``."""
    return {p.stem: p for p in sorted(descriptions_dir().glob("*.lud"))}


def resolve_description(name_or_path: str) -> Path | None:
    """A path to a .lud file, or a bundled game's name; None when neither exists."""
    if "\n" in name_or_path or len(name_or_path) > 1024:
        return None
    path = Path(name_or_path)
    try:
        path.exists()
        path.is_file()
    except (OSError, ValueError):  # not something a file system would accept as a name
        return None
    if path.suffix == ".lud" and path.exists():
        return path
    bundled = bundled_descriptions()
    key = name_or_path.lower().replace(" ", "-")
    if key.endswith(".lud"):
        key = key[:-4]
    if key in bundled:
        return bundled[key]
    if path.exists() and path.is_file():
        return path
    return None


LUDII_DEFINES_ENV = "LUDEME_LUDII_DEFINES"


def ludii_defines_dir(beside: Path | None = None) -> Path | None:
    """Ludii's library of defines (``Common/res/def`` in Ludii's repository: ``"StepToEmpty"``,
    ``"BlockWin"``...), which Ludii's own files use without declaring. Looked for, in order:

    - the folder named by the ``LUDEME_LUDII_DEFINES`` environment variable;
    - beside the description: in each folder from the description's own up to the root, a
      ``ludii-defines`` folder, or Ludii's ``res/def`` (so a file inside a Ludii checkout finds
      its library: ``Ludii/Common/res/lud/.../Hex.lud`` uses ``Ludii/Common/res/def``);
    - beside the package: ``ludii-defines`` in the installed package's data, at the top of a
      source checkout, beside it, or in a ``shared`` folder beside it.

    None when there is no such folder."""
    env = os.environ.get(LUDII_DEFINES_ENV)
    if env:
        return Path(env)
    candidates: list[Path] = []
    if beside is not None:
        folder = Path(beside).resolve()
        for ancestor in (folder, *folder.parents):
            candidates += [ancestor / "ludii-defines", ancestor / "res" / "def", ancestor / "Common" / "res" / "def"]
    root = _CANDIDATES[1]
    candidates += [_PACKAGE / "_data" / "ludii-defines", root / "ludii-defines", root.parent / "ludii-defines",
                   root.parent / "shared" / "ludii-defines"]
    for path in candidates:
        try:
            if path.is_dir():
                return path
        except OSError:
            continue
    return None
