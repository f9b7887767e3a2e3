"""The compiled tier against the reference engine on everything it covers (a heavy suite: it
compiles a module per distinct game, seconds each).

Every bundled description under every option item (each item alone, on the smallest board, as
``test_conformance.py`` chooses them), and every Ludii sample file, is played from fixed seeds
through both tiers at once, ply by ply: the same legal move set, the same position, the same
result. Every bundled description must be covered; of the Ludii files, those that load and
that the compiled tier covers must agree (the others are counted and named in the output).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import LudError, load
from interpreter.native.api import native_game, why_not
from interpreter.native.conformance import compare_game
from test_conformance import CONFIGS, IDS  # tests/ is on the path (no package)

pytestmark = pytest.mark.heavy

SEEDS = range(4)
SAMPLE = Path(__file__).resolve().parents[1].parent / "shared" / "ludii-sample"
SAMPLE_FILES = sorted(SAMPLE.rglob("*.lud")) if SAMPLE.is_dir() else []


@pytest.mark.parametrize("name,options", CONFIGS, ids=IDS)
def test_bundled_descriptions_agree(name, options):
    game = load(name, options=list(options))
    compiled = native_game(game)
    assert compiled is not None, f"reference engine only: {why_not(game)}"
    for seed in SEEDS:
        assert compare_game(game, compiled, seed) is None, f"seed {seed}"


SHARDS = 8  # a module to compile per file: the sample in a few tests, each well under the time bound


@pytest.mark.parametrize("shard", range(SHARDS))
def test_ludii_sample_files_that_the_compiled_tier_covers_agree(shard):
    assert SAMPLE_FILES, f"{SAMPLE} not present"
    disagree = []
    for path in SAMPLE_FILES[shard::SHARDS]:
        try:
            game = load(path)
        except LudError:
            continue
        compiled = native_game(game)
        if compiled is None:
            continue
        for seed in SEEDS[:2]:
            problem = compare_game(game, compiled, seed, max_plies=400)
            if problem:
                disagree.append(f"{path.stem} seed {seed}: {problem}")
                break
    assert not disagree, disagree
