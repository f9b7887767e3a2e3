"""Our compilation concepts are Ludii's own, file by file, over Ludii's sample.

Ludii 1.3.13's values (``game.booleanConcepts()`` and ``game.nonBooleanConcepts()``) for every
file of the shared sample are in ``ludii-concepts-sample.tsv`` beside it; each file that loads
here must give the same true boolean concepts and the same numbers (Ludii prints them with two
decimals). ``scripts/concepts_vs_ludii.py`` shows the differences when one fails.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from conftest import LUDII_SAMPLE
from interpreter import LudError, load
from interpreter.concept.ludii import compare_file, read_ludii_concepts

TABLE = LUDII_SAMPLE.parent / "ludii-concepts-sample.tsv"

# Files whose concepts may differ from Ludii's, each with its reason. Empty: every file that
# loads here gives Ludii's concepts exactly.
KNOWN_DIFFERENCES: dict[str, str] = {}

# How many of the sample's files load here (and are compared): a file that stops loading would
# otherwise silently leave the comparison.
LOADED_AT_LEAST = 152


def _ludii() -> dict:
    if not TABLE.is_file():
        return {}
    return {name: row for name, row in read_ludii_concepts(TABLE).items() if not row.error}


LUDII = _ludii()


@cache
def _load(name: str):
    """The game of a sample file, None when it does not load here (loaded once per run)."""
    try:
        return load(LUDII_SAMPLE / name)
    except (LudError, RecursionError, ValueError, NotImplementedError):
        return None


SHARDS = 4  # the files in a few tests (each loads a quarter of the sample)


def _differences(name: str) -> list[str]:
    """How our concepts differ from Ludii's on one file (none when it does not load here)."""
    game = _load(name)
    if game is None or name in KNOWN_DIFFERENCES:
        return []
    found = compare_file(game, LUDII[name])
    out = []
    if found.missing:
        out.append(f"{name}: Ludii's, not ours: {sorted(found.missing)}")
    if found.extra:
        out.append(f"{name}: ours, not Ludii's: {sorted(found.extra)}")
    if found.numbers:
        out.append(f"{name}: numbers (ours, Ludii's): {found.numbers}")
    return out


@pytest.mark.parametrize("shard", range(SHARDS))
def test_concepts_are_ludiis(shard: int):
    """Every sample file that loads here has Ludii's concepts exactly (booleans and numbers)."""
    assert LUDII, f"{TABLE} is missing"
    names = [name for name in sorted(LUDII) if (LUDII_SAMPLE / name).is_file()][shard::SHARDS]
    assert [line for name in names for line in _differences(name)] == []


def test_the_comparison_covers_the_files_that_load():
    loaded = [name for name in LUDII if (LUDII_SAMPLE / name).is_file() and _load(name) is not None]
    assert len(loaded) >= LOADED_AT_LEAST, f"only {len(loaded)} of Ludii's sample files load here"


def test_the_table_reads_as_ludii_wrote_it(tmp_path: Path):
    table = tmp_path / "t.tsv"
    table.write_text("# comment\nfile\terror\tboolean\tvalues\n"
                     "a.lud\t\tProperties Format\tNumPlayers=2 NumDirections=4.48\n"
                     "b.lud\tcould not load\t\t\n", encoding="utf-8")
    rows = read_ludii_concepts(table)
    assert rows["a.lud"].boolean == {"Properties", "Format"}
    assert rows["a.lud"].numbers == {"NumPlayers": 2.0, "NumDirections": 4.48}
    assert rows["b.lud"].error == "could not load"
