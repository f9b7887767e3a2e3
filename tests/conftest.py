"""Shared test fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

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
