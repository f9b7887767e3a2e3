"""Expansion: option items (defaults, user choices, rulesets), placeholders, defines, limits, spans."""

from __future__ import annotations

import pytest

from interpreter.errors import ExpansionError
from interpreter.syntax import expand as expand_module
from interpreter.syntax.expand import expand, load_library
from interpreter.syntax.format import format_inline
from interpreter.syntax.nodes import Call
from interpreter.syntax.parser import parse


def game(text: str, *options: str, ruleset: str | None = None, library=None) -> str:
    """The expanded (game ...) of ``text``, as one line."""
    result = expand(parse(text, "t.lud"), options=list(options), ruleset=ruleset, library=library)
    return format_inline(result.game)


def fails(text: str, *options: str, ruleset: str | None = None, library=None) -> ExpansionError:
    with pytest.raises(ExpansionError) as info:
        expand(parse(text, "t.lud"), options=list(options), ruleset=ruleset, library=library)
    return info.value


SIZES = '''
(game "G" (board (square <Size>)))
(option "Board Size" <Size> args:{<n>} {
    (item "5x5" <5> "Small.")
    (item "9x9" <9> "Medium.")**
    (item "13x13" <13> "Large.")*
})
'''

RULESETS = '''
(game "G" (board (<Board:shape> <Board:n>)) (end (is Line <Line>)))
(option "Board" <Board> args:{<shape> <n>} {
    (item "Square" <square> <19>)*
    (item "Hex" <hex> <7>)
})
(option "Line" <Line> args:{<k>} {
    (item "Five" <5>)*
    (item "Six" <6>)
})
(rulesets {
    (ruleset "Ruleset/Standard (Suggested)" {"Board/Square" "Line/Five"})
    (ruleset "Ruleset/Hexagonal" {"Board/Hex" "Line/Six"})
})
'''


# ---------------------------------------------------------------------------------------------
# option items


def test_default_item_is_the_one_with_most_stars():
    assert game(SIZES) == '(game "G" (board (square 9)))'


def test_default_item_without_stars_is_the_first():
    text = '(game "G" (f <A>)) (option "A" <A> args:{<v>} {(item "One" <1>) (item "Two" <2>)})'
    assert game(text) == '(game "G" (f 1))'


def test_option_without_args_uses_its_tag():
    text = '(game "G" (f <A>)) (option "A" <A> {(item "One" <1>) (item "Two" <2>)*})'
    assert game(text) == '(game "G" (f 2))'


def test_user_choice_label_slash_item():
    assert game(SIZES, "Board Size/13x13") == '(game "G" (board (square 13)))'
    assert game(SIZES, "Board Size/5x5") == '(game "G" (board (square 5)))'


def test_user_choice_is_case_insensitive():
    assert game(SIZES, "board size/13X13") == '(game "G" (board (square 13)))'


def test_expanded_records_the_choices():
    result = expand(parse(SIZES), options=["Board Size/5x5"])
    assert result.chosen == {"Board Size": "5x5"}
    assert result.choice_strings == ["Board Size/5x5"]
    assert [o.label for o in result.options] == ["Board Size"]


def test_unknown_option_lists_the_options():
    err = fails(SIZES, "Board Shape/5x5")
    assert 'unknown option "Board Shape"' in err.message
    assert "Board Size" in err.hint and "5x5" in err.hint and "13x13" in err.hint


def test_unknown_item_lists_the_valid_items():
    err = fails(SIZES, "Board Size/7x7")
    assert '"7x7"' in err.message
    assert all(f'"Board Size/{n}"' in err.hint for n in ("5x5", "9x9", "13x13"))


def test_choice_without_slash_is_an_error():
    err = fails(SIZES, "5x5")
    assert "Option Label/Item Name" in err.message


def test_two_items_of_one_option_is_an_error():
    err = fails(SIZES, "Board Size/5x5", "Board Size/9x9")
    assert "two items" in err.message and "5x5" in err.message and "9x9" in err.message


def test_the_same_item_twice_is_fine():
    assert game(SIZES, "Board Size/5x5", "board size/5x5") == '(game "G" (board (square 5)))'


def test_option_declared_twice_is_an_error():
    text = SIZES + '(option "Board Size" <Other> {(item "A" <1>)})'
    assert "declared twice" in fails(text).message


def test_item_with_more_values_than_args_is_an_error():
    text = '(game "G" (f <A>)) (option "A" <A> args:{<x> <y>} {(item "One" <1> <2> <3>)})'
    assert "2 args" in fails(text).message


def test_item_with_fewer_values_than_args_as_ludii():
    # Ludii's Option gives the values to the args in order: the last args may have none, an
    # error only where one of them is used (Ludii's LastEdge gives its boards no <start>)
    text = '(option "A" <A> args:{<x> <y>} {(item "One" <1>)})'
    assert game('(game "G" (f <A:x>)) ' + text) == '(game "G" (f 1))'
    assert "gives no value" in fails('(game "G" (f <A:y>)) ' + text).message


# ---------------------------------------------------------------------------------------------
# rulesets


def test_ruleset_by_name_applies_its_items():
    assert game(RULESETS, ruleset="Ruleset/Hexagonal") == '(game "G" (board (hex 7)) (end (is Line 6)))'
    assert game(RULESETS, ruleset="Hexagonal") == '(game "G" (board (hex 7)) (end (is Line 6)))'
    assert game(RULESETS, ruleset="standard") == '(game "G" (board (square 19)) (end (is Line 5)))'


def test_ruleset_is_recorded():
    result = expand(parse(RULESETS), ruleset="Hexagonal")
    assert result.ruleset == "Ruleset/Hexagonal"
    assert result.chosen == {"Board": "Hex", "Line": "Six"}


def test_user_options_override_the_ruleset():
    assert game(RULESETS, "Line/Five", ruleset="Hexagonal") == '(game "G" (board (hex 7)) (end (is Line 5)))'


def test_unknown_ruleset_lists_the_names():
    err = fails(RULESETS, ruleset="Tiny")
    assert 'unknown ruleset "Tiny"' in err.message
    assert "Ruleset/Standard (Suggested)" in err.hint and "Ruleset/Hexagonal" in err.hint


def test_a_starred_ruleset_is_not_applied_unless_asked_for():
    """As Ludii's loader: without options, each option takes its default item, whatever ruleset
    is starred (the starred one is the one to offer first; it applies when named)."""
    text = RULESETS.replace('(ruleset "Ruleset/Hexagonal" {"Board/Hex" "Line/Six"})',
                            '(ruleset "Ruleset/Hexagonal" {"Board/Hex" "Line/Six"})*')
    assert game(text) == '(game "G" (board (square 19)) (end (is Line 5)))'
    assert expand(parse(text)).ruleset is None
    assert game(text, ruleset="Hexagonal") == '(game "G" (board (hex 7)) (end (is Line 6)))'


def test_ruleset_naming_an_unknown_item_is_an_error():
    text = RULESETS.replace('"Line/Six"', '"Line/Seven"')
    err = fails(text, ruleset="Hexagonal")
    assert '"Seven"' in err.message and "Line/Six" in err.hint


# ---------------------------------------------------------------------------------------------
# placeholders


def test_multi_arg_option_placeholders():
    assert game(RULESETS) == '(game "G" (board (square 19)) (end (is Line 5)))'


def test_placeholder_in_head_position():
    text = '(game "G" (<B:type> 9)) (option "B" <B> args:{<type>} {(item "Hex" <hex>)})'
    assert game(text) == '(game "G" (hex 9))'


def test_bare_tag_means_the_first_arg():
    text = '(game "G" (f <B>)) (option "B" <B> args:{<x> <y>} {(item "I" <1> <2>)})'
    assert game(text) == '(game "G" (f 1))'


def test_empty_value_removes_the_placeholder():
    text = ('(game "G" (rules (play (move Add)) <Extra:rule>)) (option "Extra" <Extra> args:{<rule>} '
            '{(item "None" <>)* (item "Pass" <(pass)>)})')
    assert game(text) == '(game "G" (rules (play (move Add))))'
    assert game(text, "Extra/Pass") == '(game "G" (rules (play (move Add)) (pass)))'


def test_value_with_several_expressions_is_spliced():
    text = '(game "G" (board <B>)) (option "B" <B> {(item "V" <(square 3) use:Vertex>)})'
    assert game(text) == '(game "G" (board (square 3) use:Vertex))'


def test_placeholders_inside_strings():
    text = ('(game "G" (piece "Disc<Col:x>" Each) (name "<Col:x> on <Col:y> boards")) '
            '(option "Col" <Col> args:{<x> <y>} {(item "A" <Black> <"big">)})')
    assert game(text) == '(game "G" (piece "DiscBlack" Each) (name "Black on big boards"))'


def test_unknown_placeholder_in_a_string_is_left_alone():
    assert game('(game "<b>bold</b>")') == '(game "<b>bold</b>")'


def test_unknown_placeholder_is_an_error_with_a_suggestion():
    err = fails(SIZES.replace("<Size>)))", "<Sise>)))"))
    assert "<Sise>" in err.message and "<Size>" in err.hint
    assert err.span is not None and err.span.line == 2


def test_unknown_placeholder_argument():
    err = fails(SIZES.replace("<Size>)))", "<Size:m>)))"))
    assert "no argument 'm'" in err.message


def test_placeholder_substitution_reaches_define_bodies():
    text = ('(define "Board" (board (square <Size>))) (game "G" "Board") '
            '(option "Size" <Size> {(item "3" <3>) (item "4" <4>)*})')
    assert game(text) == '(game "G" (board (square 4)))'


# ---------------------------------------------------------------------------------------------
# defines


def test_define_with_parameters():
    text = ('(define "StepTo" (move Step #1 (to if:(is #2 (to))))) '
            '(game "G" (play ("StepTo" Orthogonal Empty)))')
    assert game(text) == '(game "G" (play (move Step Orthogonal (to if:(is Empty (to))))))'


def test_nested_defines():
    text = ('(define "Empty" (is Empty #1)) (define "StepToEmpty" (move Step (to if:("Empty" (to))))) '
            '(game "G" (play "StepToEmpty"))')
    assert game(text) == '(game "G" (play (move Step (to if:(is Empty (to))))))'


def test_define_argument_that_uses_a_define():
    text = '(define "Wrap" (w #1)) (define "One" 1) (game "G" ("Wrap" ("Wrap" "One")))'
    assert game(text) == '(game "G" (w (w 1)))'


def test_define_used_as_a_bare_string():
    text = '(define "Win" (result Mover Win)) (game "G" (end (if (is Line 5) "Win")))'
    assert game(text) == '(game "G" (end (if (is Line 5) (result Mover Win))))'


def test_define_with_omitted_argument():
    text = '(define "Hop" (move Hop #1 (to #2))) (game "G" ("Hop" ~ (sites Empty)) ("Hop" Diagonal ~))'
    assert game(text) == '(game "G" (move Hop (to (sites Empty))) (move Hop Diagonal (to)))'


def test_missing_argument_drops_a_named_parameter():
    text = '(define "Slide" (move Slide #1 stop:#2)) (game "G" ("Slide" N))'
    assert game(text) == '(game "G" (move Slide N))'


def test_define_parameter_inside_a_string():
    text = '(define "Named" (piece "Disc#1" Each)) (game "G" ("Named" Big))'
    assert game(text) == '(game "G" (piece "DiscBig" Each))'


def test_define_that_expands_to_several_forms_via_array():
    text = '(define "Pieces" {(piece "A" Each) (piece "B" Each)}) (game "G" (equipment "Pieces"))'
    assert game(text) == '(game "G" (equipment {(piece "A" Each) (piece "B" Each)}))'


def test_defines_declared_inside_metadata():
    text = '(game "G" (f "Size")) (metadata (define "Size" 19) (info {(rules "X")}))'
    result = expand(parse(text))
    assert format_inline(result.game) == '(game "G" (f 19))'
    assert format_inline(result.metadata) == '(metadata (info {(rules "X")}))'


def test_defines_from_a_library(tmp_path):
    lib = tmp_path / "common.def"
    lib.write_text('// shared defines\n(define "TwoPlayers" (players 2))\n'
                   '(define "StepToEmpty" (move Step #1 (to if:(is Empty (to)))))\n', encoding="utf-8")
    library = load_library([lib])
    assert set(library) == {"TwoPlayers", "StepToEmpty"}
    text = '(game "G" ("TwoPlayers") (play ("StepToEmpty" Forward)))'
    assert game(text, library=library) == \
        '(game "G" (players 2) (play (move Step Forward (to if:(is Empty (to))))))'


def test_local_define_overrides_the_library(tmp_path):
    lib = tmp_path / "common.def"
    lib.write_text('(define "N" 1)', encoding="utf-8")
    assert game('(define "N" 2) (game "G" (f "N"))', library=load_library([lib])) == '(game "G" (f 2))'


def test_unknown_define_suggests_a_close_name():
    err = fails('(define "StepToEmpty" (x)) (game "G" ("StepToEmty"))')
    assert 'unknown define "StepToEmty"' in err.message
    assert "StepToEmpty" in err.hint


def test_malformed_define():
    assert "malformed define" in fails('(define Name (x)) (game "G")').message


def test_a_define_body_of_several_forms_is_spliced():
    # Ludii splices a define's text: (define "N" (x) (y)) puts both forms where it is used
    doc = parse('(define "N" (x) (y)) (define "E") (game "G" ("N") ("E") (z))')
    game = expand(doc).game
    assert [a.name for a in game.args if isinstance(a, Call)] == ["x", "y", "z"]


def test_negated_define_reference():
    doc = parse('(define "Size" 3) (game "G" (f -"Size" "Size"))')
    f = expand(doc).game.args[1]
    assert [a.value for a in f.args] == [-3, 3]
    assert "one number" in fails('(define "S" (x)) (game "G" (f -"S"))').message


def test_no_game_is_an_error():
    assert "no (game ...)" in fails('(define "N" 1)').message


def test_two_games_is_an_error():
    assert "one (game ...)" in fails('(game "A") (game "B")').message


# ---------------------------------------------------------------------------------------------
# untrusted input: recursion and blow-up are errors (the node limit bounds the work, not a clock)


def test_self_recursive_define():
    err = fails('(define "A" ("A")) (game "G" ("A"))')
    assert "nested more than" in err.message and "uses itself" in err.hint


def test_self_recursive_bare_string_define():
    assert "nested more than" in fails('(define "A" (f "A")) (game "G" "A")').message


def test_mutually_recursive_defines():
    err = fails('(define "A" (a ("B"))) (define "B" (b ("A" 1))) (game "G" ("A"))')
    assert "nested more than" in err.message


def test_recursion_through_an_argument():
    assert isinstance(fails('(define "A" (f ("A" #1))) (game "G" ("A" 1))'), ExpansionError)


def test_exponential_define_chain_hits_the_node_limit(monkeypatch):
    # Each define uses the previous one twice: 2**30 nodes if nothing stopped it. The limit is
    # lowered here to keep the test fast; the mechanism is the same at the real limit.
    monkeypatch.setattr(expand_module, "MAX_NODES", 20_000)
    chain = '(define "D0" (x))' + "".join(
        f'(define "D{i}" {{("D{i - 1}") ("D{i - 1}")}})' for i in range(1, 31))
    err = fails(chain + '(game "G" ("D30"))')
    assert "more than 20000 nodes" in err.message


def test_deep_define_nesting_is_refused_not_a_recursion_error():
    # Each use doubles the nesting of the result: deeper than later stages could walk.
    wrap = '(define "W" ' + "(f " * 60 + "#1" + ")" * 60 + ")"
    chain = "".join(f'(define "D{i}" ("D{i - 1}" ("D{i - 1}" #1)))' for i in range(1, 8))
    err = fails(wrap + '(define "D0" ("W" #1))' + chain + '(game "G" ("D7" 1))')
    assert "nests more than" in err.message


# ---------------------------------------------------------------------------------------------
# spans


def test_error_inside_an_expanded_define_points_at_both_places():
    text = '(define "Bad" (move (to ("Nope"))))\n\n(game "G"\n    (play ("Bad")))\n'
    err = fails(text)
    assert (err.span.line, err.span.col) == (1, 25)
    assert len(err.span.via) == 1
    via = err.span.via[0]
    assert via.name == "Bad" and (via.span.line, via.span.col) == (4, 11)
    text_out = err.render()
    assert 't.lud:1:25: unknown define "Nope"' in text_out
    assert 't.lud:4:11: note: in define "Bad" used here' in text_out
    assert '(define "Bad" (move (to ("Nope"))))' in text_out and '(play ("Bad")))' in text_out


def test_placeholders_are_replaced_before_defines_expand():
    # So an unknown placeholder is reported where it is written, in the define's body.
    err = fails('(define "Bad" (move (to <Nope>)))\n(game "G" (play ("Bad")))')
    assert "<Nope>" in err.message and (err.span.line, err.span.col) == (1, 25)


def test_unknown_define_inside_a_define_shows_the_chain():
    text = '(define "Outer" (o ("Inner")))\n(define "Inner" (i ("Missing")))\n(game "G" ("Outer"))'
    err = fails(text)
    assert 'unknown define "Missing"' in err.message
    assert (err.span.line, err.span.col) == (2, 20)
    inner = err.span.via[0]
    assert inner.name == "Inner" and (inner.span.line, inner.span.col) == (1, 20)
    outer = inner.span.via[0]  # the use of "Inner" itself came out of "Outer"
    assert outer.name == "Outer" and (outer.span.line, outer.span.col) == (3, 11)
    assert 't.lud:1:20: note: in define "Inner" used here' in err.render()


def test_expanded_nodes_remember_the_define_use():
    text = '(define "P" (players 2))\n(game "G" ("P"))'
    players = expand(parse(text, "t.lud")).game.args[1]
    assert isinstance(players, Call) and players.name == "players"
    assert (players.span.line, players.span.col) == (1, 13)
    assert players.span.via[0].name == "P"
    assert (players.span.via[0].span.line, players.span.via[0].span.col) == (2, 11)


def test_arguments_keep_their_own_spans():
    text = '(define "W" (w #1))\n(game "G" ("W" (arg)))'
    arg = expand(parse(text, "t.lud")).game.args[1].args[0]
    assert (arg.span.line, arg.span.col) == (2, 16)
    assert arg.span.via == ()


def test_expansion_does_not_modify_the_document():
    doc = parse('(define "P" (players #1)) (game "G" ("P" 2) <A>) (option "A" <A> {(item "X" <(x)>)})')
    before = [format_inline(f) for f in doc.forms]
    expand(doc)
    expand(doc)
    assert [format_inline(f) for f in doc.forms] == before


# ---------------------------------------------------------------------------------------------
# implied items: (implies {"A/x" ...} "B/y") in the metadata

IMPLIES = '''
(game "G" (players <P>) (f <T>))
(option "Players" <P> args:{<n>} {(item "2" <2>)* (item "3" <3>) (item "4" <4>)})
(option "Teams" <T> args:{<on>} {(item "Off" <False>)* (item "On" <True>)})
(option "Opening" <O> args:{<x>} {(item "Plain" <1>)* (item "Pro" <2>)})
(metadata
    (implies {"Teams/On"} "Players/4")
    (incompatible {"Opening/Pro"} {"Players/3" "Players/4"})
)
'''


def test_an_implied_item_is_chosen_and_reported():
    result = expand(parse(IMPLIES, "t.lud"), options=["Teams/On"])
    assert format_inline(result.game) == '(game "G" (players 4) (f True))'
    assert "Players/4" in result.choice_strings


def test_an_implied_item_may_also_be_chosen():
    assert game(IMPLIES, "Teams/On", "Players/4") == '(game "G" (players 4) (f True))'


def test_choosing_another_item_of_an_implied_option_is_an_error_naming_both():
    err = fails(IMPLIES, "Teams/On", "Players/2")
    assert '"Teams/On"' in err.message and '"Players/2"' in err.message and "Players/4" in err.message


def test_an_implied_item_counts_as_chosen_for_incompatibilities():
    err = fails(IMPLIES, "Teams/On", "Opening/Pro")
    assert "Opening/Pro" in err.message and "Players/4" in err.message


def test_default_items_imply_nothing():
    assert game(IMPLIES) == '(game "G" (players 2) (f False))'


@pytest.mark.parametrize("form, message", [
    ('(implies "Teams/On")', "implies takes"),
    ('(implies {"Teams/On"} "Players/9")', 'no item "9"'),
    ('(implies {"Teams/On"} "Teams/Off")', "cannot imply another item of it"),
    ('(implies {} "Players/4")', "implies takes a string or an array"),
])
def test_malformed_implications_are_located_errors(form, message):
    text = IMPLIES.replace('(implies {"Teams/On"} "Players/4")', form)
    err = fails(text, "Teams/On")
    assert message in err.message and err.span is not None


# ---------------------------------------------------------------------------------------------
# limits that say what they are


def test_a_large_description_without_defines_is_not_called_recursive():
    # 150,000 nodes of plain text: more than MAX_NODES, but no define adds any
    text = '(game "G" (f ' + "1 " * 140_000 + "))"
    assert len(expand(parse(text, "t.lud")).game.args[1].args) == 140_000


def test_the_node_limit_counts_what_defines_add(monkeypatch):
    monkeypatch.setattr(expand_module, "MAX_NODES", 1_000)
    text = '(define "Many" (f #1 #1 #1 #1 #1 #1 #1 #1 #1 #1)) (game "G" ("Many" {' + "1 " * 200 + "}))"
    err = fails(text)
    assert "defines expand to more than 1000 nodes" in err.message


def test_option_values_that_multiply_are_bounded(monkeypatch):
    monkeypatch.setattr(expand_module, "MAX_NODES", 5_000)
    options = "".join(
        f'(option "O{i}" <O{i}> args:{{<v>}} {{(item "x" <' + f" <O{i + 1}>" * 4 + ">)})" for i in range(12))
    text = '(game "G" <O0>)' + options + '(option "O12" <O12> args:{<v>} {(item "x" <1>)})'
    err = fails(text)
    assert "option values expand to more than 5000 nodes" in err.message


def test_strings_that_grow_when_filled_in_are_bounded():
    big = "y" * 60_000
    text = f'(game "G" "<A> <A>") (option "A" <A> args:{{<v>}} {{(item "x" <"{big}">)}})'
    assert "a string grows to" in fails(text).message
    text = f'(define "D" (f "#1 #1")) (game "G" ("D" "{big}"))'
    assert "a string grows to" in fails(text).message


# ---------------------------------------------------------------------------------------------
# declarations that would silently lose or misplace a choice: located errors at load time


def at_fragment(err: ExpansionError, text: str, fragment: str, occurrence: int = 1) -> None:
    index = -1
    for _ in range(occurrence):
        index = text.index(fragment, index + 1)
    line = text[:index].count("\n") + 1
    col = index - (text[:index].rfind("\n") + 1) + 1
    assert err.span is not None and (err.span.line, err.span.col) == (line, col), err.render()


@pytest.mark.parametrize("options, fragment, occurrence, message", [
    ('(option "A" <A> {(item "One" <1>) (item "one" <2>)})', '(item "one"', 1, 'two items named "one"'),
    ('(option "A/B" <A> {(item "One" <1>)})', '"A/B"', 1, 'option label "A/B" contains "/"'),
    ('(option "" <A> {(item "One" <1>)})', '""', 1, 'option label "" is empty'),
    ('(option "A" <A> {(item "1/2" <1>)})', '(item "1/2"', 1, 'option item "1/2" contains "/"'),
    ('(option "A" <A> {(item "One" <1>)}) (option "a" <B> {(item "Two" <2>)})', '(option "a"', 1,
     'option "a" is declared twice'),
    ('(option "A" <A> args:{<x> <x>} {(item "One" <1> <2>)})', "{<x> <x>}", 1, "arg is declared twice"),
])
def test_option_declarations_are_checked(options, fragment, occurrence, message):
    text = '(game "G" (f <A>))\n' + options
    err = fails(text)
    assert message in err.message
    at_fragment(err, text, fragment, occurrence)


def test_of_two_defaults_the_first_is_the_default():
    """As Ludii's GameOptions: the default item is the first with the most stars."""
    text = '(game "G" (f <A>)) (option "A" <A> {(item "One" <1>)* (item "Two" <2>)*})'
    assert game(text) == '(game "G" (f 1))'
    assert game(text, "A/Two") == '(game "G" (f 2))'
    text += '(rulesets {(ruleset "Ruleset/R" {"A/Two"})*})'
    assert game(text) == '(game "G" (f 1))' and game(text, ruleset="R") == '(game "G" (f 2))'


@pytest.mark.parametrize("rulesets, fragment, message", [
    ('(ruleset "Ruleset/X" {"Line/Five"}) (ruleset "Ruleset/Y" {"Nope/Six"})', '"Nope/Six"', 'unknown option "Nope"'),
    ('(ruleset "Ruleset/X" {"Line/Five"}) (ruleset "Ruleset/Y" {"Line/Ten"})', '"Line/Ten"', 'has no item "Ten"'),
    ('(ruleset "Ruleset/X" {"Line/Five" "Line/Six"})', '"Line/Six"', 'chooses two items of option "Line"'),
    ('(ruleset "Ruleset/X" {"Line/Five" 7})', "7})", 'lists "Option/Item" strings only'),
    ('(ruleset "Ruleset/X" {"Line/Five"}) (ruleset "Ruleset/x" {"Line/Six"})', '(ruleset "Ruleset/x"',
     'ruleset "Ruleset/x" is declared twice'),
    ('(ruleset "Ruleset/X" {"Line/Five"})* (ruleset "Ruleset/Y" {"Line/Six"})*', '(ruleset "Ruleset/Y"',
     "both the default"),
])
def test_every_ruleset_is_checked_not_only_the_chosen_one(rulesets, fragment, message):
    text = RULESETS.split("(rulesets")[0] + "(rulesets {" + rulesets + "})"
    for ruleset in (None, "X"):
        err = fails(text, "Board/Square", ruleset=ruleset)
        assert message in err.message
        at_fragment(err, text, fragment)


def test_a_define_given_twice_reads_as_in_ludii():
    # Ludii's expander: the first define of a name reads the uses of the text (Kyoto Shogi's
    # "CapturePiece"); uses in the body of a define placed between the two read the second
    text = '(define "D" (f 1))\n(define "E" (g "D"))\n(define "D" (f 2))\n(game "G" ("D") ("E"))'
    assert game(text) == '(game "G" (f 1) (g (f 2)))'


def test_the_same_define_twice_is_harmless():
    # as in Ludii's Puluc: two identical copies
    assert game('(define "D" (f 1)) (define "D" (f 1)) (game "G" ("D"))') == '(game "G" (f 1))'


def test_a_define_given_twice_in_the_library_is_an_error(tmp_path):
    (tmp_path / "a.def").write_text('(define "L" (lib 1))')
    (tmp_path / "b.def").write_text('(define "L" (lib 2))')
    with pytest.raises(ExpansionError, match='define "L" is given twice'):
        load_library(sorted(tmp_path.glob("*.def")))


@pytest.mark.parametrize("define, top, missing", [
    ('(define "D" (is Line #5))', "#5", "#1, #2, #3, #4"),
    ('(define "D" (f #1 #3))', "#3", "#2"),
    ('(define "D" (f #1 "x#4"))', '"x#4"', "#2, #3"),  # in a text too
])
def test_a_gap_in_a_defines_parameters_is_a_located_error(define, top, missing):
    err = fails(define + ' (game "G" ("D" 3))')
    assert f"uses {top.strip(chr(34)).lstrip('x')} but not {missing}" in err.message
    assert err.span.col == define.index(top) + 1


def test_missing_trailing_arguments_are_still_left_out_as_in_ludii():
    text = '(define "D" (f #1 #2)) (game "G" ("D" 3))'
    from interpreter.syntax.format import format_node
    from interpreter.syntax.parser import parse
    assert format_node(expand(parse(text, "<t>")).game) == '(game "G" (f 3))'
