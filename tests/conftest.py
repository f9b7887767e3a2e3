"""Shared test fixtures."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# compiled game modules (the compiled tier) cached once for the whole run, every worker sharing
# them; a fresh checkout compiles them once
os.environ.setdefault("LUDEME_CACHE", str(Path(__file__).resolve().parents[1] / ".pytest_cache" / "ludeme"))
# tests play on the reference engine unless they ask for the compiled tier (compiling every game
# any test touches would cost minutes): the compiled tier's tests say --engine compiled
os.environ.setdefault("LUDEME_ENGINE", "reference")

# Ludii's sample descriptions live in the shared folder beside the repository (and beside CI's
# clone); tests that need them skip only when that folder is absent.
LUDII_SAMPLE = Path(__file__).resolve().parents[1].parent / "shared" / "ludii-sample"


@pytest.fixture(scope="session")
def ludii_sample_files() -> list[Path]:
    if not LUDII_SAMPLE.is_dir():
        pytest.skip(f"{LUDII_SAMPLE} not present")
    files = sorted(LUDII_SAMPLE.rglob("*.lud"))
    assert files
    return files
