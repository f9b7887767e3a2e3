"""The canonical formatter (``ludeme fmt``): fixtures, real files, comments, random trees."""

from __future__ import annotations

import bisect
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from interpreter.syntax.format import WIDTH, format_document, format_inline, format_node
from interpreter.syntax.nodes import (
    Array,
    Bool,
    Call,
    Const,
    DefineRef,
    Document,
    Float,
    Int,
    Item,
    Named,
    Omit,
    Param,
    Placeholder,
    Range,
    Str,
    Value,
)
from interpreter.syntax.parser import parse, parse_file

FIXTURES = Path(__file__).parent / "fixtures" / "fmt"


def fmt(text: str) -> str:
    return format_document(parse(text))


def anchors(doc: Document) -> list[int]:
    """For each comment, how many nodes start before it: where it sits among the nodes."""
    starts = sorted((n.span.line, n.span.col) for form in doc.forms for n in form.walk())
    return [bisect.bisect_left(starts, (c.line, c.col)) for c in doc.comments]


def check_round_trip(text: str, file: str = "<text>", in_place: bool = True) -> str:
    """Format ``text`` and check every promise of format_document; return the formatted text.
    ``in_place``: every comment is still before the same node (false where a comment sits inside
    something that cannot be split across lines, such as ``1..5`` or ``key:value``)."""
    doc = parse(text, file)
    out = format_document(doc)
    again = parse(out, file + " (formatted)")
    assert again.forms == doc.forms, "formatting changed the tree"
    assert [c.text for c in again.comments] == [c.text for c in doc.comments], "comments changed"
    if in_place:
        assert anchors(again) == anchors(doc), "a comment moved to another node"
    assert format_document(again) == out, "formatting is not stable"
    return out


# ---------------------------------------------------------------------------------------------
# fixtures and real files


def test_canonical_fixture_is_left_unchanged():
    path = FIXTURES / "canonical.lud"
    text = path.read_text(encoding="utf-8")
    assert format_document(parse_file(path)) == text
    assert check_round_trip(text) == text


def test_fixture_is_realistic():
    doc = parse_file(FIXTURES / "canonical.lud")
    names = [f.name for f in doc.forms]
    assert names == ["define", "define", "game", "option", "rulesets", "metadata"]
    assert len(doc.comments) >= 8


def test_every_ludii_sample_formats_stably_with_all_comments(ludii_sample_files):
    failures = []
    for path in ludii_sample_files:
        try:
            check_round_trip(path.read_text(encoding="utf-8"), str(path))
        except AssertionError as err:
            failures.append(f"{path.name}: {err}")
    assert failures == []


def test_bundled_descriptions_format_stably_with_all_comments():
    files = sorted((Path(__file__).parents[1] / "descriptions").glob("*.lud"))
    if not files:
        pytest.skip("no bundled descriptions yet")
    for path in files:
        check_round_trip(path.read_text(encoding="utf-8"), str(path))


# ---------------------------------------------------------------------------------------------
# layout


def test_short_forms_stay_on_one_line():
    assert fmt('(game   "X"\n  (players\n 2))') == '(game "X" (players 2))\n'


def test_long_forms_break_with_four_space_indent():
    text = '(game "Hex" (players 2) (equipment {(board (hex Diamond 11)) (piece "Marker" Each)}) ' \
           '(rules (start (set Score Each 0)) (play (move Add (to (sites Empty)))) ' \
           '(end (if (is Connected Mover) (result Mover Win)))))'
    assert fmt(text) == '''(game "Hex"
    (players 2)
    (equipment {(board (hex Diamond 11)) (piece "Marker" Each)})
    (rules
        (start (set Score Each 0))
        (play (move Add (to (sites Empty))))
        (end (if (is Connected Mover) (result Mover Win)))
    )
)
'''


def test_lines_fit_the_width_unless_an_atom_is_too_long():
    out = (FIXTURES / "canonical.lud").read_text(encoding="utf-8")
    for line in out.splitlines():
        if '"' not in line:
            assert len(line.split(" //")[0]) <= WIDTH, line


def test_call_hugs_its_one_long_array():
    items = " ".join(f'(piece "Piece{i}" Each)' for i in range(6))
    assert fmt(f"(equipment {{{items}}})") == "(equipment {\n" + "".join(
        f'    (piece "Piece{i}" Each)\n' for i in range(6)) + "})\n"


def test_long_atom_keeps_its_call_on_one_line():
    long = "x" * 120
    assert fmt(f'(rules "{long}")') == f'(rules "{long}")\n'


def test_multi_line_string_is_kept_exactly():
    text = '(rules "First line.\n  Second line, indented.\nThird with \\"quotes\\".")'
    out = check_round_trip(text)
    assert out == text + "\n"


def test_canonical_atoms():
    assert fmt("(f true FALSE .8 -.5 +0.94 +3 007 < T : a >)") == "(f True False 0.8 -0.5 0.94 3 7 <T:a>)\n"


def test_top_level_forms_are_separated_by_one_blank_line():
    assert fmt("(a)\n\n\n\n(b)(c)") == "(a)\n\n(b)\n\n(c)\n"


def test_empty_document():
    assert format_document(parse("")) == ""
    assert format_document(parse("\n\n")) == ""


def test_format_node_and_format_inline_api():
    node = parse('(game "X" (players 2))').forms[0]
    assert format_inline(node) == '(game "X" (players 2))'
    assert format_node(node) == '(game "X" (players 2))'
    assert format_node(node, 2) == '        (game "X" (players 2))'
    assert format_inline(Str("a"), unquote_strings=True) == "a"
    wide = Call("f", [Str("y" * 60), Call("g", [Str("z" * 60)])])
    assert format_node(wide, 1) == f'    (f "{"y" * 60}"\n        (g "{"z" * 60}")\n    )'


# ---------------------------------------------------------------------------------------------
# comments


def test_comment_before_a_child_keeps_the_child_indent():
    text = '(game "X"\n// who plays\n(players 2)\n  (equipment {(board (square 3))\n    // pieces\n(piece "Disc" Each)}))'
    assert check_round_trip(text) == '''(game "X"
    // who plays
    (players 2)
    (equipment {
        (board (square 3))
        // pieces
        (piece "Disc" Each)
    })
)
'''


def test_trailing_comment_stays_at_the_end_of_its_line():
    text = '(game "X" (players 2) // two\n (rules (play (pass)))) // end of game\n(metadata) // meta'
    assert check_round_trip(text) == '''(game "X"
    (players 2) // two
    (rules (play (pass)))
) // end of game

(metadata) // meta
'''


def test_comment_after_the_last_child_goes_before_the_closing_bracket():
    text = '(rules (play (pass))\n   // nothing else\n)'
    assert check_round_trip(text) == "(rules\n    (play (pass))\n    // nothing else\n)\n"
    text = "{1 2 3 // numbers\n}"
    assert check_round_trip(text) == "{\n    1\n    2\n    3 // numbers\n}\n"


def test_comment_after_the_head_line():
    text = '(game "X" // the name\n (players 2))'
    assert check_round_trip(text) == '(game "X" // the name\n    (players 2)\n)\n'


def test_comments_between_top_level_forms_keep_their_blank_lines():
    text = "// header\n\n// about a\n(a)\n//---\n\n(b)\n\n\n// tail\n"
    assert check_round_trip(text) == "// header\n\n// about a\n(a)\n\n//---\n\n(b)\n\n// tail\n"


def test_only_comments():
    assert check_round_trip("  // one\n// two\n\n\n// three") == "// one\n// two\n\n// three\n"


@pytest.mark.parametrize("text", [
    "( // after the bracket\n f 1)",
    "(f 1..// inside a range\n5)",
    "(f {1..\n// own line inside a range\n5} 2)",
    "(f key: // between key and value\n (g))",
    "(f key: // between key and value\n 3)",
    "(ruleset \"R\" {}) // before the stars\n*",
    '(item "A" <1> // before the help\n "help")',
    '(item "A" < // inside a value\n 1 >)',
    "(equipment {(a) (b)} // between brace and bracket\n)",
    '(equipment {("a" 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30)'
    ' (b)} // after a hugged array\n)',
    '("Define" // after a define name\n ~ #1)',
    "(<Tag:a> // after a placeholder head\n 9)",
    "(f // one\n// two\n// three\n)",
    "(f (g 1..// a\n2) // b\n)",
    '(f "multi\nline" // after a multi-line string\n (g))',
])
def test_comments_in_odd_places_are_kept_and_stable(text):
    check_round_trip(text, in_place=False)


# ---------------------------------------------------------------------------------------------
# random syntax trees

NAMES = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,7}", fullmatch=True).filter(
    lambda s: s.lower() not in ("true", "false"))
HEAD_NAMES = NAMES.filter(lambda s: s != "item")
SYMBOLS = st.sampled_from(["=", "<=", ">=", "!=", "+", "-", "*", "/", "%", "<", ">", "^", "&&", "||"])
TEXT = st.text(alphabet=st.sampled_from(list('aZ0 "\n\t/<>#:(){}.*~-;é')), max_size=14)

INTS = st.builds(Int, st.integers(-10**9, 10**9))
PARAMS = st.builds(Param, st.integers(0, 30))
LEAVES = st.one_of(
    st.builds(Str, TEXT),
    INTS,
    st.builds(Float, st.floats(-1e22, 1e22, allow_nan=False, allow_infinity=False)),
    st.builds(Bool, st.booleans()),
    st.builds(Const, NAMES),
    PARAMS,
    st.builds(Placeholder, NAMES, st.none() | st.from_regex(r"[A-Za-z0-9_]{1,5}", fullmatch=True)),
    st.builds(Omit),
    st.builds(Range, INTS | PARAMS, INTS | PARAMS),
)
HEADS = st.one_of(
    HEAD_NAMES, SYMBOLS, st.builds(DefineRef, TEXT), PARAMS,
    st.builds(Placeholder, NAMES, st.none() | NAMES),
)


def _extend_values(children):
    many = st.lists(children, max_size=4)
    return st.one_of(st.builds(Call, HEADS, many, st.integers(0, 2)), st.builds(Named, NAMES, children),
                     st.builds(Array, many))


# What an option value holds: anything but another option item (its <...> would end the value,
# as in Ludii).
VALUE_TREES = st.recursive(LEAVES, _extend_values, max_leaves=8)


def _extend(children):
    many = st.lists(children, max_size=5)
    return st.one_of(
        st.builds(Call, HEADS, many, st.integers(0, 2)),
        st.builds(Named, NAMES, children),
        st.builds(Array, many),
        st.builds(Item, TEXT, st.lists(st.builds(Value, st.lists(VALUE_TREES, max_size=3)), max_size=3),
                  st.none() | TEXT, st.integers(0, 2)),
    )


# generated cases a property test tries in the default run (the same ones every run); the heavy
# run tries each property on 300 others (the end of this file)
EXAMPLES = 100
MORE_EXAMPLES = 300

TREES = st.recursive(LEAVES, _extend, max_leaves=30)
# Wide trees, so that the multi-line layouts (breaks, hugs, leading atoms) are exercised too.
WIDE_TREES = st.recursive(
    LEAVES | st.builds(Str, st.text(alphabet="abc ", min_size=20, max_size=60)), _extend, max_leaves=60)


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True)
@given(TREES)
def test_random_trees_round_trip(tree):
    out = format_document(Document([tree], []))
    assert parse(out).forms == [tree]


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(WIDE_TREES)
def test_random_wide_trees_round_trip_and_are_stable(tree):
    out = format_document(Document([tree], []))
    doc = parse(out)
    assert doc.forms == [tree]
    assert format_document(doc) == out


def _comment_sites(text: str) -> list[int]:
    """Offsets of whitespace outside strings: a comment may be inserted there."""
    sites, in_string, i = [], False, 0
    while i < len(text):
        c = text[i]
        if in_string:
            if c == "\\" and text[i + 1:i + 2] == '"':
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in " \n":
            sites.append(i)
        i += 1
    return sites


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(WIDE_TREES, st.integers(0, 2**32))
def test_random_comments_are_kept_in_place(tree, seed):
    text = format_document(Document([tree], []))
    rng = random.Random(seed)
    sites = _comment_sites(text)
    chosen = sorted(rng.sample(sites, min(len(sites), rng.randint(1, 6))), reverse=True)
    for n, at in enumerate(chosen):
        newline = "\n" if rng.random() < 0.5 else "\n\n"
        text = text[:at] + f" // c{n}{newline}" + text[at:]
    if rng.random() < 0.5:
        text = "// head\n" + text + "// tail\n"
    check_round_trip(text)


def _token_boundaries(text: str) -> list[int]:
    """Offsets where a comment can go without changing the tree: the start and end of every node,
    just inside every opening bracket, and before default stars."""
    line_starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]

    def offset(line: int, col: int) -> int:
        return line_starts[line - 1] + col - 1

    sites = set()
    for form in parse(text).forms:
        for node in form.walk():
            start, end = offset(node.span.line, node.span.col), offset(node.span.end_line, node.span.end_col)
            sites.update((start, end))
            if isinstance(node, (Call, Item, Array, Value)):
                sites.add(start + 1)
            if isinstance(node, (Call, Item)) and node.stars:
                sites.add(end - node.stars)
    return sorted(sites)


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(WIDE_TREES, st.integers(0, 2**32))
def test_comments_anywhere_between_tokens_are_kept_and_stable(tree, seed):
    text = format_document(Document([tree], []))
    rng = random.Random(seed)
    sites = _token_boundaries(text)
    chosen = sorted(rng.sample(sites, min(len(sites), rng.randint(1, 8))), reverse=True)
    for n, at in enumerate(chosen):
        text = text[:at] + f" // c{n}\n" + text[at:]
    check_round_trip(text, in_place=False)


# --- the properties above on more generated cases (heavy) --------------------------------------
MORE = settings(max_examples=MORE_EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.heavy
@MORE
@given(TREES)
def test_more_random_trees_round_trip(tree):
    test_random_trees_round_trip.hypothesis.inner_test(tree)


@pytest.mark.heavy
@MORE
@given(WIDE_TREES)
def test_more_random_wide_trees_round_trip_and_are_stable(tree):
    test_random_wide_trees_round_trip_and_are_stable.hypothesis.inner_test(tree)


@pytest.mark.heavy
@MORE
@given(WIDE_TREES, st.integers(0, 2**32))
def test_more_random_comments_are_kept_in_place(tree, seed):
    test_random_comments_are_kept_in_place.hypothesis.inner_test(tree, seed)


@pytest.mark.heavy
@MORE
@given(WIDE_TREES, st.integers(0, 2**32))
def test_more_comments_anywhere_between_tokens_are_kept_and_stable(tree, seed):
    test_comments_anywhere_between_tokens_are_kept_and_stable.hypothesis.inner_test(tree, seed)


def test_a_comment_before_the_head_of_a_call_in_an_option_value_is_kept():
    """Found by the heavy run's sweep of the property above: a value runs past a > that heads a
    call after spaces, line breaks or comments, whatever the operator."""
    check_round_trip('(option "A" <A> {(item "I" <( // c\n> 1 2)>)})\n(game "G")\n', in_place=False)
    for head in (">", ">=", "<", "<=", "!="):
        check_round_trip(f'(option "A" <A> {{(item "I" <(\n  {head} 1 2)> <( // c > d\n\n{head} 3 4)>)}})\n'
                         '(game "G")\n', in_place=False)
