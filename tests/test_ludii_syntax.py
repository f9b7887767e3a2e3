"""Ludii's own syntax, read as Ludii reads it: the shapes of real files that Ludii compiles
(an extra '>' in option args, brackets holding several calls, ranges of quoted labels, a named
argument alone in brackets, option values holding brackets and '<'/'>', a separator line that
lost a slash, '..' between define names), a fixture corpus of real and constructed files, the
154 sample files and Ludii's library of defines."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import LUDII_SAMPLE
from interpreter.cli import main
from interpreter.errors import LudError
from interpreter.loader import expand_description
from interpreter.syntax.expand import expand
from interpreter.syntax.format import format_document, format_inline, format_node
from interpreter.syntax.nodes import Call, Const, Float, Int, Named, Range, Str, Value
from interpreter.syntax.parser import parse, parse_file

FIXTURES = Path(__file__).parent / "fixtures" / "ludii"
LUDII_DEFINES = LUDII_SAMPLE.parent / "ludii-defines"


def one(text: str):
    forms = parse(text).forms
    assert len(forms) == 1, forms
    return forms[0]


def inline(text: str) -> str:
    return " ".join(format_inline(f) for f in parse(text).forms)


def expanded(path: Path, options=()) -> str:
    return format_node(expand_description(path, options).game)


# ---------------------------------------------------------------------------------------------
# each shape, and what it means


def test_a_bracket_holding_calls_splices_them_into_the_enclosing_call():
    assert inline("(and ((= (id P1) (mover)) (is Line 4)))") == "(and (= (id P1) (mover)) (is Line 4))"
    assert inline('(!= (("Define") (to)))') == '(!= ("Define") (to))'
    assert inline("(f ((a)) ((b) 2 (c)))") == "(f (a) (b) 2 (c))"  # anything between two calls
    assert inline("(f k:((a) (b)))") == "(f k:(a) (b))"  # the name goes to the first, as in Ludii
    assert inline("{((a) (b))}") == "{(a) (b)}"
    assert [f.name for f in parse("((a) (b))").forms] == ["a", "b"]


def test_a_bracket_holding_calls_must_end_with_a_call():
    with pytest.raises(LudError) as info:
        parse("(rules\n  (play ((move Pass) 3)))", "g.lud")
    err = info.value
    assert (err.span.line, err.span.col) == (2, 9) and "end with" in err.message and "(a) (b)" in err.hint


def test_a_named_argument_alone_in_brackets_is_a_call_of_that_name():
    assert one('(place "Disc1" (coord:"A1"))').args[1] == Call("coord", [Str("A1")])
    assert one("(from:(last To))") == Call("from", [Call("last", [Const("To")])])


def test_ranges_of_quoted_labels():
    rng = one('(sites {"D2".."K2"})').args[0].items[0]
    assert rng == Range(Str("D2"), Str("K2"))
    doc = parse('(game "G" (f {"D2".."F3" "H8"} {"b1".."B2"}))')
    game = expand(doc).game
    assert format_inline(game) == '(game "G" (f {"D2" "D3" "E2" "E3" "F2" "F3" "H8"} {"B1" "B2"}))'


def test_a_range_between_define_names_is_a_range_of_their_numbers():
    doc = parse('(define "Entry" 2) (define "EndInner" 5) (game "G" (track "T" {"Entry".."EndInner" End}))')
    assert format_inline(expand(doc).game) == '(game "G" (track "T" {2..5 End}))'
    doc = parse('(define "N" 4) (game "G" (f {1..("N")} {("N")..#1}))')
    assert format_inline(expand(doc).game) == '(game "G" (f {1..4} {4..#1}))'


@pytest.mark.parametrize("text, message", [
    ('{"A1".."Centre"}', '"Centre" is not a site label'),
    ('{"A1"..5}', "mixes a site label and a number"),
    ('{"AA1".."AB2"}', '"AA1" is not a site label'),
])
def test_a_bad_site_range_is_a_located_error(text, message):
    with pytest.raises(LudError) as info:
        expand(parse(f'(game "G"\n  (f {text}))', "g.lud"))
    assert message in info.value.message and info.value.span.line == 2


def test_an_extra_angle_bracket_in_option_args_is_ignored():
    path = FIXTURES / "shapes" / "option-args-extra-angle.lud"
    assert "(square 4)" in expanded(path, ["Size/4x4"]) and "(is Line 4)" in expanded(path, ["Size/4x4"])
    assert one("args:{<a> <b>>}") == Named("args", one("{<a> <b> >}"))


def test_option_values_run_to_the_first_angle_bracket_as_in_ludii():
    item = one('(item "E" <=> "Equal")')
    assert item.values == [Value([Const("=")])] and item.help == "Equal"
    assert one('(item "L" <<> "Less")').values == [Value([Const("<")])]
    cmp = one('(item "C" <(>= (count Moves) 2)> "")').values[0].items[0]
    assert cmp.name == ">=" and cmp.args[1] == Int(2)
    assert one('(item "S" <"a>b" (f)> "")').values[0].items == [Str("a>b"), Call("f", [])]
    # <Tag> inside a value is another option's placeholder (our descriptions use them)
    assert one('(item "P" <(f <Size:n>)> "")').values[0].items[0].args[0].tag == "Size"


def test_option_values_with_half_brackets_are_spliced_as_text():
    dual = one('(item "Dual" <(dual > <)> "Its dual.")')
    assert dual.values == [Value([], raw="(dual "), Value([], raw=")")]
    assert format_inline(dual) == '(item "Dual" <(dual > <)> "Its dual.")'  # prints back as written
    path = FIXTURES / "shapes" / "option-values-with-brackets.lud"
    text = expanded(path)
    assert "(board (dual (square 5)))" in text and "(= (count Pieces Mover) 4)" in text
    assert "(>= (count Moves) 20)" in text
    text = expanded(path, ["Board/Square", "Rule/Fewer"])
    assert "(board (square 5))" in text and "(< (count Pieces Mover) 4)" in text


def test_an_error_after_splicing_text_values_points_at_the_description():
    text = '(game "G"\n  (f <B:e> <B:e>))\n(option "B" <B> args:{<s> <e>} {(item "X" <(h> <)> "")})'
    with pytest.raises(LudError) as info:
        expand(parse(text, "g.lud"))
    assert str(info.value.span).startswith("g.lud:2:")


def test_an_operator_may_stand_alone():
    define = one('(define "LessThan" <)')
    assert define.args == [Str("LessThan"), Const("<")]
    doc = parse('(define "Op" >=) (game "G" (f ("Op" 1 2)))')
    assert format_inline(expand(doc).game) == '(game "G" (f >=))'  # Ludii splices the body alone


def test_a_separator_line_that_lost_a_slash():
    doc = parse('(define "A" 1)\n/--------------\n(game "G" (f "A"))\n/------')
    assert [type(f).__name__ for f in doc.forms] == ["Call", "Const", "Call", "Const"]
    assert format_inline(expand(doc).game) == '(game "G" (f 1))'


def test_numbers_as_java_writes_them():
    assert one("(f 1.5E-4 2e3 1. -3.)").args == [Float(1.5e-4), Float(2000.0), Float(1.0), Float(-3.0)]
    assert one("{1..5}").items[0] == Range(Int(1), Int(5))


def test_the_game_name_is_never_a_define():
    doc = parse('(define "Hex" (hex 5)) (game "Hex" (board "Hex"))')
    assert format_inline(expand(doc).game) == '(game "Hex" (board (hex 5)))'


# ---------------------------------------------------------------------------------------------
# the fixture corpus (tests/fixtures/ludii: real files from Ludii's repository, see its
# ATTRIBUTION.md, and constructed files, one per shape)


def fixture_files(folder: str) -> list[Path]:
    files = sorted((FIXTURES / folder).glob("*.lud"))
    assert files
    return files


@pytest.mark.parametrize("path", fixture_files("real") + fixture_files("shapes"), ids=lambda p: p.name)
def test_every_fixture_parses_and_formats_stably(path):
    doc = parse_file(path)
    text = format_document(doc)
    again = parse(text, str(path))
    assert again.forms == doc.forms and format_document(again) == text


@pytest.mark.parametrize("path", fixture_files("shapes"), ids=lambda p: p.name)
def test_every_shape_expands(path):
    assert expand_description(path).game.name == "game"


def test_real_files_expand_with_ludii_meaning():
    site = FIXTURES / "real" / "test__Test - Site Range.lud"
    text = expanded(site, ["Start/D"])
    assert '(place "Marker1" {"A1" "A2" "A3" "B1" "B2" "B3"})' in text
    assert '(place "Marker2" {"E1" "F1"})' in text
    options = FIXTURES / "real" / "test__Test Options.lud"
    equal = format_inline(expand_description(options).game)
    larger = format_inline(expand_description(options, ["Capture Rule/Capture larger stacks"]).game)
    assert "(= (size Stack at:(last To))" in equal and "(< (size Stack at:(last To))" not in equal
    assert "(< (size Stack at:(last To))" in larger


@pytest.mark.parametrize("name, where, message", [
    ("group-ending-with-a-number.lud", (3, 18), "must end with"),
    ("site-range-bad-label.lud", (4, 41), "not a site label"),
    ("unclosed-option-value.lud", (7, 49), "unexpected '<'"),
    ("value-unbalanced-in-use.lud", (7, 93), "does not match"),
])
def test_invalid_fixtures_give_located_errors(name, where, message):
    path = FIXTURES / "invalid" / name
    with pytest.raises(LudError) as info:
        expand_description(path)
    err = info.value
    assert message in err.message
    assert (err.span.file, err.span.line, err.span.col) == (str(path), *where)
    assert "^" in err.render()


def test_a_recursive_define_is_a_located_error():
    path = FIXTURES / "real" / "test__Recursive.lud"
    with pytest.raises(LudError) as info:
        expand_description(path)
    assert "nested more than" in info.value.message and info.value.span.line == 1


def test_check_syntax_on_the_fixture_folders(capsys):
    assert main(["check", "--syntax", str(FIXTURES / "real"), str(FIXTURES / "shapes")]) == 0
    assert capsys.readouterr().out.strip().endswith("0 failed")
    assert main(["check", "--syntax", str(FIXTURES / "invalid")]) == 2
    out = capsys.readouterr().out
    assert "group-ending-with-a-number.lud:3:18:" in out and "unclosed-option-value.lud:7:49:" in out


# ---------------------------------------------------------------------------------------------
# Ludii's sample and its library of defines


def test_ludii_library_defines_parse(capsys):
    if not LUDII_DEFINES.is_dir():
        pytest.skip(f"{LUDII_DEFINES} not present")
    assert main(["check", "--syntax", str(LUDII_DEFINES)]) == 0
    out = capsys.readouterr().out
    assert out.strip().endswith(f"{len(list(LUDII_DEFINES.glob('*.def')))} files, 0 failed")


def test_every_sample_file_expands_with_ludii_library(ludii_sample_files):
    failures = []
    for path in ludii_sample_files:
        try:
            expand_description(path)
        except LudError as err:
            failures.append(err.render().splitlines()[0])
    assert failures == []
