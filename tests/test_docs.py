"""The vocabulary reference stays true: ludemes.md is current, and every documented example binds."""

from __future__ import annotations

from pathlib import Path

import pytest

import interpreter.ludemes  # noqa: F401  (registers the vocabulary)
from interpreter.bind import bind
from interpreter.docs import anchor, generate_ludemes_md, main
from interpreter.errors import LudError
from interpreter.ludemes.base import REGISTRY
from interpreter.syntax.nodes import Call
from interpreter.syntax.parser import parse

# the checked-in reference at the top of the repository (tests may run against an installed package)
LUDEMES_MD = Path(__file__).resolve().parents[1] / "ludemes.md"

NAMES = sorted(REGISTRY)
EXAMPLES = [(name, example) for name in NAMES for example in REGISTRY[name].examples()]


def test_ludemes_md_is_current():
    expected = generate_ludemes_md()
    assert LUDEMES_MD.exists(), "ludemes.md is missing: run `PYTHONPATH=src python -m interpreter.docs`"
    assert LUDEMES_MD.read_text(encoding="utf-8") == expected, (
        "ludemes.md is out of date with the ludeme registry: regenerate it with "
        "`PYTHONPATH=src python -m interpreter.docs` (never edit it by hand)")


def test_check_mode_reports_a_stale_file(tmp_path, capsys):
    stale = tmp_path / "ludemes.md"
    stale.write_text("# old\n", encoding="utf-8")
    assert main(["--check", "--output", str(stale)]) == 1
    assert "python -m interpreter.docs" in capsys.readouterr().err
    assert main(["--output", str(stale)]) == 0
    assert main(["--check", "--output", str(stale)]) == 0
    assert main(["--check", "--output", str(tmp_path / "missing.md")]) == 1


def test_generation_is_deterministic_and_complete():
    text = generate_ludemes_md()
    assert text == generate_ludemes_md()
    assert text.startswith("# Ludeme reference\n")
    assert "Generated from the ludeme registry by `python -m interpreter.docs`; do not edit." in text
    for name in NAMES:
        assert f"\n### {name}\n" in text, name
        assert f'<a id="{anchor(name)}"></a>' in text, name
    anchors = [anchor(name) for name in NAMES]
    assert len(set(anchors)) == len(anchors), "two ludemes share an anchor"


@pytest.mark.parametrize("name", NAMES)
def test_every_ludeme_is_documented(name):
    cls = REGISTRY[name]
    assert cls.summary().strip(), f"{name} ({cls.__module__}.{cls.__qualname__}) has no docstring summary"
    assert cls.examples(), f"{name} ({cls.__module__}.{cls.__qualname__}) has no Examples: block"


@pytest.mark.parametrize("name,example", EXAMPLES, ids=[f"{n}:{e}" for n, e in EXAMPLES])
def test_docstring_example_parses_and_binds(name, example):
    cls = REGISTRY[name]
    doc = parse(example, f"<{name} example>")
    assert len(doc.forms) == 1, f"example of {name} should be one call: {example}"
    assert isinstance(doc.forms[0], Call), f"example of {name} should be a call: {example}"
    try:
        bound = bind(doc.forms[0])
    except LudError as err:
        problem = err.render()
    else:
        problem = None
    if problem is not None:
        pytest.fail(f"example of {name} does not bind:\n{problem}", pytrace=False)
    assert type(bound) is cls, f"{example} binds to {type(bound).__name__}, not {cls.__name__}"
