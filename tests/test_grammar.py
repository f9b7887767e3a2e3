"""The grammar and the parser: every construct of the .lud syntax, and located syntax errors."""

from __future__ import annotations

import pytest

from interpreter.errors import LudError, LudSyntaxError
from interpreter.syntax.format import format_inline
from interpreter.syntax.nodes import (
    Array,
    Bool,
    Call,
    Const,
    DefineRef,
    Float,
    Hole,
    Int,
    Item,
    Named,
    NegatedRef,
    Omit,
    Param,
    Placeholder,
    Range,
    Str,
    Value,
)
from interpreter.syntax.parser import MAX_DEPTH, parse, parse_file, scan_comments


def one(text: str):
    """The single top-level form of ``text``."""
    forms = parse(text).forms
    assert len(forms) == 1, forms
    return forms[0]


def error(text: str, file: str = "bad.lud") -> LudSyntaxError:
    with pytest.raises(LudSyntaxError) as info:
        parse(text, file)
    return info.value


def at(err: LudError) -> tuple[int, int]:
    assert err.span is not None
    return err.span.line, err.span.col


# ---------------------------------------------------------------------------------------------
# calls and names


def test_call_with_word_head_and_nested_calls():
    form = one('(game "Pente" (players 2) (equipment {(board (square 19) use:Vertex)}))')
    assert form == Call("game", [
        Str("Pente"),
        Call("players", [Int(2)]),
        Call("equipment", [Array([
            Call("board", [Call("square", [Int(19)]), Named("use", Const("Vertex"))]),
        ])]),
    ])
    assert form.name == "game"


def test_empty_call_and_call_without_args():
    assert one("(from)") == Call("from", [])
    assert one("(sites Empty)") == Call("sites", [Const("Empty")])


@pytest.mark.parametrize("symbol", ["=", "<=", ">=", "!=", "+", "-", "*", "/", "%", "<", ">"])
def test_symbol_heads(symbol):
    assert one(f"({symbol} (count Pieces Mover) 2)") == Call(
        symbol, [Call("count", [Const("Pieces"), Const("Mover")]), Int(2)])


def test_symbol_head_then_negative_number():
    assert one("(- 1 -2)") == Call("-", [Int(1), Int(-2)])


def test_named_arguments_with_every_kind_of_value():
    form = one('(move Step (to if:(is Empty (to))) dirs:{N S} count:3 name:"x" use:Vertex '
               'size:<Board:size> at:#1 flag:True)')
    named = form.named()
    assert named["dirs"] == Array([Const("N"), Const("S")])
    assert named["count"] == Int(3)
    assert named["name"] == Str("x")
    assert named["use"] == Const("Vertex")
    assert named["size"] == Placeholder("Board", "size")
    assert named["at"] == Param(1)
    assert named["flag"] == Bool(True)
    assert form.positional()[0] == Const("Step")
    to = form.positional()[1]
    assert to == Call("to", [Named("if", Call("is", [Const("Empty"), Call("to", [])]))])


def test_space_after_the_colon_is_allowed():
    assert one("(f x: 1)") == Call("f", [Named("x", Int(1))])


def test_named_argument_nested():
    assert one("(f a:b:c)") == Call("f", [Named("a", Named("b", Const("c")))])


# ---------------------------------------------------------------------------------------------
# arrays, ranges


def test_nested_and_empty_arrays():
    assert one("{}") == Array([])
    assert one("{{} {1 {2}} {}}") == Array([Array([]), Array([Int(1), Array([Int(2)])]), Array([])])
    assert one("(f {})") == Call("f", [Array([])])


@pytest.mark.parametrize("text, lo, hi", [("{1..5}", 1, 5), ("{0..19}", 0, 19), ("{ 3 .. 7 }", 3, 7)])
def test_ranges(text, lo, hi):
    assert one(text) == Array([Range(Int(lo), Int(hi))])


def test_range_among_items_and_with_params():
    assert one("(sites {0 2..4 9})") == Call("sites", [Array([Int(0), Range(Int(2), Int(4)), Int(9)])])
    assert one("{#1..#2}") == Array([Range(Param(1), Param(2))])


# ---------------------------------------------------------------------------------------------
# atoms


def test_strings_multi_line_and_escaped_quote():
    assert one('(rules "Line one.\nLine two.")') == Call("rules", [Str("Line one.\nLine two.")])
    assert one(r'(source "<a href=\"x\">W</a>")') == Call("source", [Str('<a href="x">W</a>')])
    assert one('""') == Str("")


def test_a_backslash_other_than_before_a_quote_is_kept():
    assert one(r'"a\nb"') == Str("a\\nb")


@pytest.mark.parametrize("text, value", [("0", 0), ("19", 19), ("-3", -3), ("+4", 4), ("007", 7)])
def test_ints(text, value):
    node = one(f"(f {text})").args[0]
    assert isinstance(node, Int) and node.value == value


@pytest.mark.parametrize("text, value", [("0.5", 0.5), (".8", 0.8), ("-.5", -0.5), ("+0.94", 0.94),
                                         ("-2.25", -2.25), ("10.0", 10.0)])
def test_floats(text, value):
    node = one(f"(f {text})").args[0]
    assert isinstance(node, Float) and node.value == value
    assert node.text == text


@pytest.mark.parametrize("text, value", [("True", True), ("False", False), ("true", True),
                                         ("FALSE", False), ("tRuE", True)])
def test_booleans_in_any_case(text, value):
    assert one(f"(f {text})") == Call("f", [Bool(value)])


def test_words_that_start_like_booleans_are_constants():
    assert one("(f Truex falsehood)") == Call("f", [Const("Truex"), Const("falsehood")])


def test_constants():
    assert one("(result Mover Win)") == Call("result", [Const("Mover"), Const("Win")])
    assert one("(f P1 Infinity _x)").args == [Const("P1"), Const("Infinity"), Const("_x")]


# ---------------------------------------------------------------------------------------------
# comments


def test_comments_are_ignored_and_kept():
    doc = parse('// header\n(game "X" // trailing\n    (players 2)) // after\n')
    assert doc.forms == [Call("game", [Str("X"), Call("players", [Int(2)])])]
    assert [(c.text, c.line, c.col) for c in doc.comments] == [
        ("// header", 1, 1), ("// trailing", 2, 11), ("// after", 3, 18)]


def test_double_slash_inside_a_string_is_not_a_comment():
    doc = parse('(source "https://ludii.games") // real')
    assert doc.forms == [Call("source", [Str("https://ludii.games")])]
    assert [c.text for c in doc.comments] == ["// real"]
    assert [(c.text, c.col) for c in scan_comments('"a // b" // c')] == [("// c", 10)]


def test_comment_right_after_an_open_bracket():
    # The comment must not be read as a `//` operator naming the call.
    doc = parse("( // what follows\n  players 2)")
    assert doc.forms == [Call("players", [Int(2)])]
    assert [c.text for c in doc.comments] == ["// what follows"]
    assert one("(/ 6 3)") == Call("/", [Int(6), Int(3)])
    assert parse("(+// note\n 1)").forms == [Call("+", [Int(1)])]


def test_comment_at_end_of_text_without_newline():
    doc = parse("(f) // end")
    assert [c.text for c in doc.comments] == ["// end"]


# ---------------------------------------------------------------------------------------------
# defines


def test_define_with_parameters():
    form = one('(define "StepToEmpty" (move Step #1 (to if:(is Empty (to)))))')
    assert form.name == "define"
    body = form.args[1]
    assert body.args[1] == Param(1)


def test_define_uses_with_and_without_arguments():
    assert one('(play "StepToEmpty")') == Call("play", [Str("StepToEmpty")])
    form = one('(if ("IntolerableSite" (to) (from)) (x))')
    use = form.args[0]
    assert use == Call(DefineRef("IntolerableSite"), [Call("to", []), Call("from", [])])
    assert use.name == ""
    assert isinstance(use.head, DefineRef)


def test_omitted_define_argument():
    assert one('("Hop" ~ (to))') == Call(DefineRef("Hop"), [Omit(), Call("to", [])])
    assert one('("Hop" ~ ~)').args == [Omit(), Omit()]


def test_param_as_call_head():
    assert one("(#1 Mover)") == Call(Param(1), [Const("Mover")])


# ---------------------------------------------------------------------------------------------
# options, items, rulesets


def test_option_with_several_args_and_default_marks():
    form = one('''(option "Board" <Board> args:{<type> <size>} {
        (item "Square 19" <square> <19> "A square board.")**
        (item "Hex 7" <hex> <7> "A hex board.")*
        (item "Tri" <tri> <>)
    })''')
    assert form.positional()[:2] == [Str("Board"), Placeholder("Board")]
    assert form.named()["args"] == Array([Placeholder("type"), Placeholder("size")])
    items = form.positional()[2].items
    assert items[0] == Item("Square 19", [Value([Const("square")]), Value([Int(19)])], "A square board.", 2)
    assert items[1].stars == 1 and items[1].help == "A hex board."
    assert items[2] == Item("Tri", [Value([Const("tri")]), Value([])], None, 0)


def test_item_values_hold_any_expressions():
    item = one('(item "Big" <(square 19) use:Vertex> <{1 2}> <"Name">)')
    assert item.values == [
        Value([Call("square", [Int(19)]), Named("use", Const("Vertex"))]),
        Value([Array([Int(1), Int(2)])]),
        Value([Str("Name")]),
    ]


def test_placeholders_with_args_and_spaces():
    assert one("(square <Board>)") == Call("square", [Placeholder("Board")])
    assert one("(square <Board:size>)") == Call("square", [Placeholder("Board", "size")])
    assert one("(square < Board : size >)") == Call("square", [Placeholder("Board", "size")])
    assert one("args:{ <size > }") == Named("args", Array([Placeholder("size")]))
    assert one("(f <Rows:1>)") == Call("f", [Placeholder("Rows", "1")])


def test_placeholder_in_head_position():
    assert one("(<Board:type> 9)") == Call(Placeholder("Board", "type"), [Int(9)])
    assert one("(<Board> 9)") == Call(Placeholder("Board"), [Int(9)])


def test_comparison_is_not_a_placeholder():
    assert one("(< a b)") == Call("<", [Const("a"), Const("b")])
    assert one("(<= (count) 3)") == Call("<=", [Call("count", []), Int(3)])


def test_rulesets_with_default_mark():
    form = one('''(rulesets {
        (ruleset "Ruleset/Standard (Suggested)" {"Board/Square 19" "End/Five"})*
        (ruleset "Ruleset/Small" {"Board/Hex 7"})
    })''')
    first, second = form.args[0].items
    assert first == Call("ruleset", [Str("Ruleset/Standard (Suggested)"),
                                     Array([Str("Board/Square 19"), Str("End/Five")])], stars=1)
    assert second.stars == 0


def test_stars_on_a_call_and_many_stars():
    assert one("(f)***").stars == 3


# ---------------------------------------------------------------------------------------------
# whole files


def test_metadata_block_and_several_top_level_forms():
    doc = parse('''
(define "Five" 5)
(game "X" (players 2))
(metadata
    (info {(description "A game.") (rules "Make a line.")})
    (graphics {(player Colour P1 (colour Black))})
    (ai "X_ai")
)''')
    assert [f.name for f in doc.forms] == ["define", "game", "metadata"]
    meta = doc.forms[2]
    assert [a.name for a in meta.args] == ["info", "graphics", "ai"]
    assert meta.args[2] == Call("ai", [Str("X_ai")])


def test_empty_text_and_only_comments():
    assert parse("").forms == []
    doc = parse("// nothing here\n")
    assert doc.forms == [] and len(doc.comments) == 1


def test_spans_are_one_based_line_and_column():
    doc = parse('\n  (game "X"\n    (players 2))', "g.lud")
    game = doc.forms[0]
    assert (game.span.file, game.span.line, game.span.col) == ("g.lud", 2, 3)
    players = game.args[1]
    assert (players.span.line, players.span.col, players.span.end_line, players.span.end_col) == (3, 5, 3, 16)
    assert str(players.span) == "g.lud:3:5"


def test_deep_nesting_is_refused_cleanly():
    ok = "(a x:" * (MAX_DEPTH - 1) + "1" + ")" * (MAX_DEPTH - 1)
    assert parse(ok).forms
    err = error("(a " * (MAX_DEPTH + 5) + ")" * (MAX_DEPTH + 5))
    assert "nested" in err.message


def test_overlong_number_is_a_syntax_error():
    err = error("(f " + "9" * 5000 + ")")
    assert "too long" in err.message and at(err) == (1, 4)


# ---------------------------------------------------------------------------------------------
# errors


def test_missing_close_paren():
    err = error('(game "X"\n  (players 2)\n  (rules (play (move Pass)))\n')
    assert at(err) == (1, 1)
    assert "never closed" in err.message
    assert "')'" in err.hint
    text = err.render()
    assert text.startswith("bad.lud:1:1: ")
    assert '(game "X"' in text and "^" in text


def test_extra_close_paren():
    # (one left over after the last form is skipped, as Ludii's reader does: test_ludii_line8)
    err = error("(players 2)) (mode Alternating)\n")
    assert at(err) == (1, 12)
    assert "')'" in err.message and "no matching" in err.message


def test_mismatched_brace():
    err = error("(equipment {\n  (board (square 3)}\n)")
    assert at(err) == (2, 20)
    assert "'}'" in err.message and "'('" in err.message and "2:3" in err.message
    assert "')'" in err.hint


def test_unterminated_string():
    err = error('(game "Pente\n  (players 2))')
    assert at(err) == (1, 7)
    assert "unterminated string" in err.message
    assert '"' in err.hint


def test_unterminated_string_after_escaped_quote():
    err = error(r'(f "a \")')
    assert "unterminated" in err.message and at(err) == (1, 4)


def test_stray_character():
    err = error("(players 2 $)")
    assert at(err) == (1, 12)
    assert "'$'" in err.message


def test_space_before_the_colon():
    err = error("(board (square 3) use :Vertex)")
    assert at(err) == (1, 23)
    assert "no space before the colon" in err.hint


def test_call_must_start_with_a_name():
    err = error("(3 4)")
    assert at(err) == (1, 2)
    assert "name" in err.hint


def test_stray_hash():
    err = error("(f #x)")
    assert at(err)[0] == 1
    assert "#1" in err.hint


def test_unexpected_token_lists_what_was_expected():
    err = error("(f x:)")
    assert at(err) == (1, 6)
    assert err.hint and err.hint.startswith("expected")


def test_error_line_and_column_on_later_lines():
    err = error('(game "X"\n    (players 2)\n    (rules ? )\n)')
    assert at(err) == (3, 12)
    assert "    3 |     (rules ? )" in err.render()


def test_non_utf8_file(tmp_path):
    path = tmp_path / "latin.lud"
    path.write_bytes(b'(game "Caf\xe9")')
    with pytest.raises(LudSyntaxError) as info:
        parse_file(path)
    assert "UTF-8" in info.value.message


# ---------------------------------------------------------------------------------------------
# real Ludii files


def test_every_ludii_sample_parses(ludii_sample_files):
    failures = []
    for path in ludii_sample_files:
        try:
            parse_file(path)
        except LudError as err:
            failures.append(err.render().splitlines()[0])
    assert failures == [], f"{len(failures)} of {len(ludii_sample_files)} failed:\n" + "\n".join(failures)


# --- forms seen in Ludii's larger corpus -----------------------------------------------------------

def test_redundant_brackets_around_a_call():
    assert one("(not ((is Prev Mover)))") == one("(not (is Prev Mover))")
    assert one('(if:((and {(a) (b)})))'.replace("(if:", "(f if:")) == one("(f if:(and {(a) (b)}))")


def test_reconstruction_holes():
    node = one("(players [2..16])")
    hole = node.args[0]
    assert isinstance(hole, Hole) and isinstance(hole.items[0], Range)
    node = one("(dice d:6 num:[#])")
    assert isinstance(node.args[1].value, Hole) and node.args[1].value.items == [Const("#")]
    assert isinstance(one("{[#] (a)}").items[0], Hole)


def test_range_bound_may_be_a_placeholder():
    node = one("(sites {0..<Board:aTri>})")
    rng = node.args[0].items[0]
    assert isinstance(rng, Range) and rng.hi == Placeholder("Board", "aTri")


def test_backslash_escapes_only_a_quote():
    # \\" is a literal backslash then an escaped quote: the string goes on
    node = one(r'(source "<a href=\\"http://x\\" />Site</a>")')
    assert node.args[0].value == r'<a href=\"http://x\" />Site</a>'
    assert one(r'(f "C:\path")').args[0].value == r"C:\path"


def test_negated_define_reference():
    node = one('(f #1 -"Size1" -"Size1")')
    assert node.args[1] == NegatedRef("Size1")


def test_reconstruction_alternatives_and_stray_separator():
    hole = one('(place "Marker" "Hand" count:[3 | 6 | 20])').args[2].value
    assert isinstance(hole, Hole) and [format_inline(i) for i in hole.items] == ["3", "|", "6", "|", "20"]
    forms = parse('(game "X")\n---------------------\n(metadata)').forms
    assert [type(f).__name__ for f in forms] == ["Call", "Const", "Call"]


# ---------------------------------------------------------------------------------------------
# what editors and file systems hand us


def test_a_byte_order_mark_at_the_start_is_accepted(tmp_path):
    assert one('\ufeff(game "X")') == Call("game", [Str("X")])
    path = tmp_path / "bom.lud"
    path.write_bytes('(game "X")'.encode("utf-8-sig"))
    doc = parse_file(path)
    assert doc.forms == [Call("game", [Str("X")])] and doc.forms[0].span.col == 1


def test_a_byte_order_mark_elsewhere_is_still_an_error():
    assert "'\\ufeff'" in error('(game \ufeff"X")').message


def test_a_folder_is_not_a_description(tmp_path):
    folder = tmp_path / "x.lud"
    folder.mkdir()
    with pytest.raises(LudError, match="cannot read .*x.lud: it is a folder"):
        parse_file(folder)


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(LudError, match="cannot read .*nope.lud: No such file"):
        parse_file(tmp_path / "nope.lud")


def test_an_io_error_is_a_clear_error(tmp_path, monkeypatch):
    import os

    import interpreter.files
    path = tmp_path / "g.lud"
    path.write_text('(game "X")')

    class BrokenDisk:  # every read fails
        def __getattr__(self, name):
            return getattr(os, name)

        def read(self, fd, size):
            raise OSError(5, "Input/output error")
    monkeypatch.setattr(interpreter.files, "os", BrokenDisk())
    with pytest.raises(LudError, match="cannot read .*g.lud: Input/output error"):
        parse_file(path)


def test_descriptions_beyond_the_size_limits_are_refused_at_once():
    from interpreter.syntax.parser import MAX_TEXT, MAX_TOKENS
    assert "too large" in error("(f " + " " * MAX_TEXT + ")").message
    assert "too large" in error("(f " + "1 " * (MAX_TOKENS + 1) + ")").message


def test_a_floating_point_number_too_large_is_an_error():
    assert "too large" in error("(f " + "9" * 400 + ".5)").message


@pytest.mark.parametrize("text, ok", [
    ("(f 2147483647)", True), ("(f -2147483648)", True), ("(f 2147483648)", False),
    ("(f -2147483649)", False), ("(f #2147483648)", False), ("{1..99999999999}", False),
])
def test_numbers_are_32_bit(text, ok):
    if ok:
        parse(text)
    else:
        err = error(text)
        assert "out of range" in err.message and "32-bit" in err.hint


def test_named_arguments_nested_without_brackets_are_bounded():
    ok = "(f " + "x:" * (MAX_DEPTH - 1) + "1)"
    parse(ok)
    err = error("(f " + "x:" * 5000 + "1)")
    assert "named arguments nested more than" in err.message
