"""Where the grammar and the bundled descriptions live, installed or in a source checkout.

A wheel carries them inside the package (``interpreter/_data/``); a source checkout or an
editable install finds them at the top of the repository.
"""

from __future__ import annotations

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
