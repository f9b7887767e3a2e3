"""Declared ranges: every numeric parameter of every ludeme says which numbers it accepts
(``Param(..., range=...)``), and the binder refuses a number outside it with a located error.

The registry is walked, so a new ludeme with a numeric parameter and no range fails here; and
for every declared range, a number just outside it is written into the parameter's place and
must be refused at its own line and column.
"""

from __future__ import annotations

import pytest

import interpreter.ludemes  # noqa: F401  (registers the vocabulary)
from conftest import ranged_numbers
from interpreter import LudError, load
from interpreter.bind import bind
from interpreter.ludemes import base
from interpreter.ludemes.base import REGISTRY, Range
from interpreter.syntax.nodes import Float, Int, Span
from interpreter.syntax.parser import parse

SPAN = Span("<test>", 1, 1)
# parameters whose numbers are sites or players: the compiler checks them against the board and
# the players (a site off the board, P5 in a 2-player game), which no fixed range can know
CHECKED_WHEN_COMPILED = (base.SITE_FN, base.REGION_FN, base.PLAYER)


def numeric(ptype: base.PType) -> bool:
    """Does the parameter take numbers (an int or a float written in the description)?"""
    if ptype in CHECKED_WHEN_COMPILED:
        return False
    if isinstance(ptype, base.ArrayOf):
        return numeric(ptype.item)
    if isinstance(ptype, base.Either):
        return any(numeric(o) for o in ptype.options)
    return ptype.accepts(Int(1, span=SPAN)) or ptype.accepts(Float(1.5, span=SPAN))


NUMERIC = sorted((cls.name, p.name) for cls in REGISTRY.values() for p in cls.params if numeric(p.type))


def test_the_registry_has_numeric_parameters():
    assert len(NUMERIC) > 100  # the walk sees them: a type test that missed them would pass below


@pytest.mark.parametrize("ludeme, param", NUMERIC)
def test_every_numeric_parameter_declares_its_range(ludeme, param):
    declared = next(p for p in REGISTRY[ludeme].params if p.name == param)
    assert isinstance(declared.range, Range), f"({ludeme} ...) {param}: no range declared"
    assert declared.range.lo <= declared.range.hi


GAME = """(game "G" (players 2) (equipment {{(board (square 3)) (piece "Disc" Each)}})
    (rules (play (move Add (to (sites Empty)))) (end (if {CONDITION} (result Mover Win)))))"""


@pytest.mark.parametrize("text, word", [
    ("(is Line 0)", "length"),
    ("(is Line 100000)", "length"),
    ("(= (count Sites in:(expand (sites Centre) steps:2000000000)) 1)", "steps"),
    ("(= (count Sites in:(expand (sites Centre) steps:-1)) 1)", "steps"),
])
def test_a_number_out_of_its_range_is_refused_where_it_is_written(text, word):
    description = GAME.format(CONDITION=text)
    number = text.split(word + ":")[-1].split(")")[0] if word + ":" in text else text.split()[-1].rstrip(")")
    with pytest.raises(LudError) as info:
        load(description)
    err = info.value
    assert err.span is not None and err.span.line == 2
    assert description.splitlines()[1][err.span.col - 1:].startswith(number)
    assert word in err.message and "range" in err.message


def test_the_bounds_are_inclusive():
    load(GAME.format(CONDITION="(is Line 3)"))
    with pytest.raises(LudError, match="out of its range from 1"):
        bind(parse("(is Line 0)", "<t>").forms[0])


USES = [(example, f"{param.name}", param.range, item.span.col) for example, item, param in ranged_numbers()]


def test_the_examples_write_numbers_for_many_ranged_parameters():
    assert len({u[1] for u in USES}) > 40


@pytest.mark.parametrize("example, where, bounds, column", USES, ids=[f"{u[1]}@{u[3]}" for u in USES])
def test_a_number_just_outside_each_declared_range_is_refused_at_its_place(example, where, bounds, column):
    start = column - 1
    end = start + len(example[start:].split()[0].split(")")[0].split("}")[0])
    for outside in (bounds.lo - 1, bounds.hi + 1):
        if not base.INT_MIN <= outside <= base.INT_MAX:
            continue  # the parser refuses numbers beyond 32 bits already
        text = example[:start] + str(int(outside)) + example[end:]
        with pytest.raises(LudError) as info:
            bind(parse(text, "<example>").forms[0])
        assert info.value.span is not None and info.value.span.col == column, (text, info.value.message)
        assert "out of its range" in info.value.message


def test_docs_limits_states_the_shared_ranges_as_declared():
    """docs/limits.md states the bounds chosen; each shared range it names must read as declared."""
    from pathlib import Path
    text = (Path(__file__).resolve().parents[1] / "docs" / "limits.md").read_text()

    def shown(value: float) -> str:
        return f"{int(value):,}" if float(value).is_integer() else str(value)
    for name in ("BOARD_SIZE", "COUNT", "PIECES", "LENGTH", "DISTANCE", "INDEX", "SCALE", "COORDINATE",
                 "FACTOR", "ANGLE", "PLAYER_NUMBER"):
        bounds = getattr(base, name)
        assert f"{shown(bounds.lo)} to {shown(bounds.hi)}" in text, (name, bounds)
