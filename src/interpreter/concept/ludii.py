"""Our compilation concepts beside Ludii's own, file by file.

Ludii's values (``game.booleanConcepts()`` and ``game.nonBooleanConcepts()`` of Ludii 1.3.13, for
each file of the shared sample) are read from a TSV (``file``, ``error``, ``boolean``, ``values``);
:func:`compare_file` sets ours beside them: precision and recall of the true boolean concepts
(over Ludii's concepts only: ours, marked ``ours`` in the catalogue, are left out) and the numeric
concepts that differ. ``scripts/concepts_vs_ludii.py`` prints the sweep; a test holds it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .catalogue import catalogue
from .detect import boolean_concepts, numeric_concepts

if TYPE_CHECKING:
    from ..engine.game import Game


@dataclass(frozen=True)
class LudiiConcepts:
    """Ludii's compilation concepts of one file: the true boolean ones and the numbers."""

    file: str
    boolean: frozenset[str]
    numbers: dict[str, float]
    error: str = ""


def read_ludii_concepts(path: str | Path) -> dict[str, LudiiConcepts]:
    """Ludii's concepts by file name, from the TSV (``#`` lines are comments, then a header)."""
    out: dict[str, LudiiConcepts] = {}
    header: list[str] | None = None
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        cells = line.split("\t")
        if header is None:
            header = cells
            continue
        row = dict(zip(header, cells + [""] * (len(header) - len(cells))))
        numbers = {}
        for item in row.get("values", "").split():
            name, _, value = item.partition("=")
            numbers[name] = float(value)
        out[row["file"]] = LudiiConcepts(row["file"], frozenset(row.get("boolean", "").split()), numbers,
                                         row.get("error", ""))
    return out


def _close(a: float, b: float) -> bool:
    """Equal as Ludii prints them (two decimals at most)."""
    return math.isclose(a, b, abs_tol=0.006)


@dataclass
class FileComparison:
    """Ours beside Ludii's for one file."""

    file: str
    missing: frozenset[str]  # true in Ludii, not here
    extra: frozenset[str]  # true here, not in Ludii
    agreed: int  # true in both
    numbers: dict[str, tuple[float | None, float]] = field(default_factory=dict)  # differing: ours, Ludii's

    @property
    def precision(self) -> float:
        found = self.agreed + len(self.extra)
        return self.agreed / found if found else 1.0

    @property
    def recall(self) -> float:
        wanted = self.agreed + len(self.missing)
        return self.agreed / wanted if wanted else 1.0

    @property
    def boolean_equal(self) -> bool:
        return not self.missing and not self.extra

    @property
    def equal(self) -> bool:
        return self.boolean_equal and not self.numbers


def ludii_names(names: Iterable[str]) -> frozenset[str]:
    """The names among ``names`` that are Ludii's concepts (not ours)."""
    cat = catalogue()
    return frozenset(n for n in names if n in cat and not cat[n].ours)


def compare_file(game: Game, ludii: LudiiConcepts) -> FileComparison:
    """Our compilation concepts of ``game`` beside Ludii's for its file."""
    found = boolean_concepts(game)
    ours = ludii_names(found)
    theirs = ludii.boolean
    numbers = numeric_concepts(game, found)
    differing: dict[str, tuple[float | None, float]] = {}
    for name, value in ludii.numbers.items():
        mine = numbers.get(name)
        if mine is None or not _close(float(mine), value):
            differing[name] = (mine, value)
    return FileComparison(ludii.file, theirs - ours, ours - theirs, len(ours & theirs), differing)


@dataclass
class Sweep:
    """Every file compared, and the files that did not load here."""

    files: list[FileComparison]
    failed: dict[str, str]  # file -> why it did not load here

    def summary(self) -> dict[str, float]:
        n = len(self.files)
        return {
            "files": n,
            "failed": len(self.failed),
            "precision": round(sum(f.precision for f in self.files) / n, 4) if n else 1.0,
            "recall": round(sum(f.recall for f in self.files) / n, 4) if n else 1.0,
            "boolean_equal": sum(f.boolean_equal for f in self.files),
            "numbers_equal": sum(not f.numbers for f in self.files),
            "equal": sum(f.equal for f in self.files),
        }

    def most_missing(self) -> list[tuple[str, int]]:
        return Counter(c for f in self.files for c in f.missing).most_common()

    def most_extra(self) -> list[tuple[str, int]]:
        return Counter(c for f in self.files for c in f.extra).most_common()

    def numbers_differing(self) -> list[tuple[str, int]]:
        return Counter(c for f in self.files for c in f.numbers).most_common()


def sweep(folder: str | Path, table: str | Path, only: Iterable[str] = ()) -> Sweep:
    """Load every file of ``folder`` that Ludii loaded and compare (``only``: these names)."""
    from ..errors import LudError
    from ..loader import load
    ludii = read_ludii_concepts(table)
    wanted = set(only)
    files, failed = [], {}
    for name in sorted(ludii):
        if (wanted and name not in wanted) or ludii[name].error:
            continue
        path = Path(folder) / name
        if not path.is_file():
            continue
        try:
            game = load(path)
        except (LudError, RecursionError, ValueError, NotImplementedError) as err:
            failed[name] = str(err).splitlines()[0] if str(err) else type(err).__name__
            continue
        files.append(compare_file(game, ludii[name]))
    return Sweep(files, failed)


__all__ = ["LudiiConcepts", "FileComparison", "Sweep", "read_ludii_concepts", "compare_file", "sweep",
           "ludii_names"]
