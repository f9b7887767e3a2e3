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


class FakeClock:
    """A clock that moves on by ``step`` seconds each time it is read: a time budget runs out
    after a number of readings, whatever the machine's speed (no test asserts on wall time)."""

    def __init__(self, step: float):
        self.now, self.step = 1000.0, step
        self.readings = 0

    def perf_counter(self) -> float:
        self.readings += 1
        self.now += self.step
        return self.now


@pytest.fixture
def clock(monkeypatch):
    """The agents' clock replaced by a :class:`FakeClock` reading 1 ms more each time (a test
    may change its ``step``)."""
    import types

    from interpreter.agents import alphabeta, budget, flat, mcts
    fake = FakeClock(0.001)
    for module in (budget, mcts, alphabeta, flat):
        monkeypatch.setattr(module, "time", types.SimpleNamespace(perf_counter=fake.perf_counter))
    return fake


def bound_examples() -> list:
    """(ludeme class, example text, bound node) for every docstring example of the registry that
    binds on its own (the others need a game around them; test_docs checks them there)."""
    import interpreter.ludemes  # noqa: F401  (registers the vocabulary)
    from interpreter import LudError
    from interpreter.bind import bind
    from interpreter.ludemes.base import ludeme_classes
    from interpreter.syntax.parser import parse
    found = []
    for cls in sorted(ludeme_classes(), key=lambda c: (c.name, c.family)):
        for example in cls.examples():
            try:
                found.append((cls, example, bind(parse(example, "<example>").forms[0])))
            except LudError:
                continue
    return found


def ranged_numbers() -> list:
    """(example, the Int node of a number written in it, its parameter) for every number the
    examples write for a parameter that declares a range."""
    from interpreter.ludemes.base import BoundArray, Ludeme
    from interpreter.syntax.nodes import Int
    uses = []
    for _, example, node in bound_examples():
        for ludeme in node.walk() if isinstance(node, Ludeme) else ():
            for param in ludeme.params:
                value = getattr(ludeme, param.name)
                for item in value.items if isinstance(value, BoundArray) else [value]:
                    if param.range is not None and isinstance(item, Int) and item.span.line == 1 \
                            and example[item.span.col - 1:].startswith(str(item.value)):
                        uses.append((example, item, param))
    return uses
