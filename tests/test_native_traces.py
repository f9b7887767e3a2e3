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


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_ludii_games_agree_on_both_tiers(path: Path) -> None:
    trace = json.loads(path.read_text(encoding="utf-8"))
    try:
        game = load(_file(trace), options=trace["options"])
    except LudError as error:
        pytest.skip(f"does not load: {error}")
    compiled = native_game(game)
    if compiled is None:
        pytest.skip("not covered by the compiled tier")
    plies = trace["plies"]

    def ludii_move(state, ply):
        if ply >= len(plies):
            return None
        legal = state.legal_moves()
        texts = ludii_texts(state, legal)
        wanted = plies[ply]["move"]
        return legal[texts.index(wanted)] if wanted in texts else None
    assert compare_line(game, compiled, ludii_move) is None
