"""Ludii's own games on the compiled tier (a heavy suite: a module to compile per game).

Every Ludii trace (``../shared/ludii-traces/``, and its ``sample/`` games, one per Ludii sample
file) whose file the compiled tier covers is replayed along Ludii's moves through both tiers at
once (:func:`compare_line`): ply by ply the same legal move set and the same position. Where the
reference engine itself has no move with Ludii's text the replay stops there (that the reference
plays Ludii's games is ``test_ludii_traces.py``'s to check, not this file's).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter import LudError, load
from interpreter.native.api import native_game
from interpreter.native.conformance import compare_line
from test_ludii_traces import SAMPLE, TRACES, ludii_file, ludii_texts  # tests/ is on the path

pytestmark = pytest.mark.heavy

FILES = sorted(TRACES.glob("*.json")) + sorted((TRACES / "sample").glob("*.json")) if TRACES.is_dir() else []


def _file(trace: dict) -> Path:
    sample = trace.get("sample_file")
    return SAMPLE / sample if sample else ludii_file(trace["ludii_file"])


SHARDS = 8  # the traces in a few tests, each under the suite's time bound (a module to compile a file)


def _replay(path: Path) -> str | None:
    """Replay one trace through both tiers: None when they agree, or the file is not one the
    compiled tier covers (it does not load, or a ludeme has no kernel); else where they part."""
    trace = json.loads(path.read_text(encoding="utf-8"))
    try:
        game = load(_file(trace), options=trace["options"])
    except LudError:
        return None
    compiled = native_game(game)
    if compiled is None:
        return None
    plies = trace["plies"]

    def ludii_move(state, ply):
        if ply >= len(plies):
            return None
        legal = state.legal_moves()
        texts = ludii_texts(state, legal)
        wanted = plies[ply]["move"]
        return legal[texts.index(wanted)] if wanted in texts else None
    found = compare_line(game, compiled, ludii_move)
    return None if found is None else f"{path.parent.name}/{path.stem}: {found}"


@pytest.mark.parametrize("shard", range(SHARDS))
def test_ludii_games_agree_on_both_tiers(shard: int) -> None:
    parted = [found for path in FILES[shard::SHARDS] if (found := _replay(path)) is not None]
    assert parted == []


def test_the_traces_cover_the_compiled_files():
    """The replays above reach the files the compiled tier covers: at least the 55 Ludii files
    (trace targets and sample files) it compiled when this was written (generation only)."""
    from interpreter.native.api import compiled_form
    covered = set()
    for path in FILES:
        trace = json.loads(path.read_text(encoding="utf-8"))
        try:
            game = load(_file(trace), options=trace["options"])
        except LudError:
            continue
        if not isinstance(compiled_form(game), Exception):
            covered.add(_file(trace).name)
    assert len(covered) >= 55, sorted(covered)
