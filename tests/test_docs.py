"""The vocabulary reference stays true: ludemes.md is current, and every documented example binds."""

from __future__ import annotations

from pathlib import Path

import pytest

import interpreter.ludemes  # noqa: F401  (registers the vocabulary)
from interpreter.bind import bind
from interpreter.docs import anchor, class_anchor, generate_ludemes_md, main
from interpreter.errors import LudError
from interpreter.ludemes.base import OVERLOADS, REGISTRY, ludeme_classes
from interpreter.syntax.nodes import Call
from interpreter.syntax.parser import parse

# the checked-in reference at the top of the repository (tests may run against an installed package)
LUDEMES_MD = Path(__file__).resolve().parents[1] / "ludemes.md"

NAMES = sorted(REGISTRY)


def _key(cls) -> str:
    """A ludeme class by name, and by family for a second class of an overloaded name."""
    return cls.name if OVERLOADS[cls.name][0] is cls else f"{cls.name}/{cls.family}"


CLASSES = {_key(cls): cls for cls in ludeme_classes()}
KEYS = sorted(CLASSES)
EXAMPLES = [(key, example) for key in KEYS for example in CLASSES[key].examples()]


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
    anchors = [class_anchor(cls) for cls in CLASSES.values()]
    assert len(set(anchors)) == len(anchors), "two ludemes share an anchor"
    assert all(f'<a id="{a}"></a>' in text for a in anchors)


@pytest.mark.parametrize("name", KEYS)
def test_every_ludeme_is_documented(name):
    cls = CLASSES[name]
    assert cls.summary().strip(), f"{name} ({cls.__module__}.{cls.__qualname__}) has no docstring summary"
    assert cls.examples(), f"{name} ({cls.__module__}.{cls.__qualname__}) has no Examples: block"


@pytest.mark.parametrize("name,example", EXAMPLES, ids=[f"{n}:{e}" for n, e in EXAMPLES])
def test_docstring_example_parses_and_binds(name, example):
    cls = CLASSES[name]
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


# --- every parameter explained ---------------------------------------------------------------

PARAMS = [(name, p.word) for name in KEYS for p in CLASSES[name].params]


@pytest.mark.parametrize("name,word", PARAMS, ids=[f"{n}:{w}" for n, w in PARAMS])
def test_every_parameter_has_a_meaning(name, word):
    cls = CLASSES[name]
    param = next(p for p in cls.params if p.word == word)
    meaning = cls.meanings.get(param.word) or cls.meanings.get(param.name) or ""
    assert meaning.strip(), (f"{name}: parameter '{word}' has no meaning: add it to the Parameters: block "
                             f"of {cls.__module__}.{cls.__qualname__}'s docstring (or of the base class "
                             "that declares it)")
    assert cls.meaning(param) == meaning  # the docstring is the one source of the reference


def _ludeme_classes():
    from interpreter.ludemes.base import Ludeme
    stack, seen = [Ludeme], []
    while stack:
        cls = stack.pop()
        for sub in cls.__subclasses__():
            if sub not in seen:
                seen.append(sub)
                stack.append(sub)
    return seen


def test_every_parameters_block_names_real_parameters():
    from interpreter.ludemes.base import parameters_block
    wrong = []
    for cls in _ludeme_classes():
        words = {p.word for p in cls.params} | {p.name for p in cls.params}
        for word in parameters_block(cls.__dict__.get("__doc__")):
            if word not in words:
                wrong.append(f"{cls.__module__}.{cls.__qualname__}: {word}")
    assert not wrong, "Parameters: entries that name no parameter: " + ", ".join(wrong)


def test_parameters_block_parsing():
    from interpreter.ludemes.base import parameters_block
    doc = """Summary.

    Parameters:
        to: where the piece
            goes, over two lines
        then: what follows

    Examples:
        (x)
    """
    assert parameters_block(doc) == {"to": "where the piece goes, over two lines", "then": "what follows"}
    assert parameters_block("No block.") == {} and parameters_block(None) == {}


def test_the_reference_shows_every_meaning():
    text = LUDEMES_MD.read_text(encoding="utf-8")
    heads = [line for line in text.splitlines() if line.startswith("| Parameter |")]
    assert heads and all(line.rstrip().endswith("| Meaning |") for line in heads)
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    assert len(rows) == len(PARAMS)
    assert not [r for r in rows if r.rstrip().endswith("| — |")], "a parameter shown without a meaning"


def test_a_declared_range_is_shown():
    from types import SimpleNamespace

    from interpreter.docs import param_range
    assert param_range(SimpleNamespace(range=(1, 16))) == "`1..16`"
    assert param_range(SimpleNamespace(range=(0, None))) == "`0..`"
    assert param_range(SimpleNamespace()) == ""


def test_ludeme_doc_prints_one_entry(capsys):
    from interpreter.cli import main as cli
    assert cli(["doc", "is Line"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("is Line  ->  boolean\n")
    cls = REGISTRY["is Line"]
    for p in cls.params:
        assert p.word in out
    assert "the least number of pieces in the line" in out and "(is Line 5)" in out
    assert cli(["doc", "move", "Add"]) == 0 and capsys.readouterr().out.startswith("move Add  ->  moves")
    assert cli(["doc", "is Lin"]) == 2
    assert "did you mean 'is Line'" in capsys.readouterr().err
    assert cli(["doc", "is"]) == 0 and "is Line" in capsys.readouterr().out
    assert cli(["doc"]) == 0 and "is Line" in capsys.readouterr().out
