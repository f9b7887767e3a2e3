"""Binding: names, arity and types are checked against the registry, with errors a designer can act on.

Each error test checks the message, the exact ``line:col`` of the offending text, the caret under
it in ``render()`` and the hint. Games are given to :func:`interpreter.load` as text.
"""

from __future__ import annotations

import pytest

import interpreter
import interpreter.ludemes  # noqa: F401  (registers the vocabulary)
from interpreter.bind import bind
from interpreter.errors import BindError
from interpreter.ludemes.base import REGISTRY, BoundArray, Ludeme
from interpreter.syntax.nodes import Bool, Const, Int, Str
from interpreter.syntax.parser import parse

# A small game; {play} and {board} are filled in by each test. Kept short on purpose (see
# test_load_accepts_a_long_description_text).
GAME = """(game "T" (players 2)
 (equipment {{{board} (piece "Disc" Each)}})
 (rules
  (play {play})
  (end (if (is Line 3) (result Mover Win)))))"""

ADD_EMPTY = "(move Add (to (sites Empty)))"
SQUARE3 = "(board (square 3))"


def game_text(play: str = ADD_EMPTY, board: str = SQUARE3) -> str:
    return GAME.format(play=play, board=board)


def bind_error(text: str) -> BindError:
    with pytest.raises(BindError) as info:
        interpreter.load(text)
    return info.value


def position_of(text: str, fragment: str, occurrence: int = 1) -> tuple[int, int]:
    """1-based (line, col) of the ``occurrence``-th ``fragment`` in ``text``."""
    index = -1
    for _ in range(occurrence):
        index = text.index(fragment, index + 1)
    before = text[:index]
    return before.count("\n") + 1, index - (before.rfind("\n") + 1) + 1


def assert_points_at(err: BindError, text: str, fragment: str, occurrence: int = 1) -> None:
    """The error's span starts at ``fragment``; render() quotes that line with a caret under it."""
    line, col = position_of(text, fragment, occurrence)
    assert (err.span.line, err.span.col) == (line, col), err.render()
    rendered = err.render()
    assert rendered.splitlines()[0] == f"{err.span.file}:{line}:{col}: {err.message}"
    assert_caret(rendered, line, col, text.splitlines()[line - 1], len(fragment))


def assert_caret(rendered: str, line: int, col: int, source_line: str, min_width: int = 1) -> None:
    lines = rendered.splitlines()
    quoted = f"{line:>5} | {source_line}"
    assert quoted in lines, f"line {line} is not quoted in:\n{rendered}"
    caret = lines[lines.index(quoted) + 1]
    gutter, bar, marks = caret.partition(" | ")
    assert bar and not gutter.strip(), f"no caret line under line {line}:\n{rendered}"
    assert marks.lstrip(" ").startswith("^") and set(marks.strip()) == {"^"}, rendered
    assert len(marks) - len(marks.lstrip(" ")) == col - 1, f"caret not under column {col}:\n{rendered}"
    assert len(marks.strip()) >= min_width, rendered


def bind_text(text: str) -> Ludeme:
    doc = parse(text)
    assert len(doc.forms) == 1
    return bind(doc.forms[0])


# --- errors ------------------------------------------------------------------------------------
def test_unknown_two_word_ludeme_suggests_the_closest_names():
    text = game_text(play="(move Ad (to (sites Empty)))")
    err = bind_error(text)
    assert err.message == "unknown ludeme 'move Ad'"
    assert_points_at(err, text, "Ad")  # at the unknown word: (move ...) alone is a ludeme, Ludii's FromTo
    assert err.hint and "'move Add'" in err.hint
    assert err.hint.startswith("did you mean")
    assert err.render().splitlines()[-1] == f"hint: {err.hint}"


def test_unknown_one_word_ludeme_suggests_the_closest_names():
    text = game_text(board="(board (sqare 3))")
    err = bind_error(text)
    assert err.message == "unknown ludeme 'sqare'"
    assert_points_at(err, text, "sqare")  # the name, not the whole call
    assert "'square'" in err.hint


def test_misspelt_second_word_suggests_the_two_word_name():
    # ``sites`` alone is a ludeme too, so the binder must still see that ``sites Emty`` is a
    # misspelt ``sites Empty`` rather than only complain about the argument's type.
    text = game_text(play="(move Add (to (sites Emty)))")
    err = bind_error(text)
    assert_points_at(err, text, "Emty")
    assert err.hint and "sites Empty" in err.hint, err.render()


def test_too_many_arguments():
    text = game_text(play="(move Add (to (sites Empty)) (to (sites Empty)))")
    err = bind_error(text)
    assert err.message.startswith("move Add: too many arguments")
    assert_points_at(err, text, "(to (sites Empty))", occurrence=2)
    assert err.hint == f"signature: {REGISTRY['move Add'].signature()}"


def test_too_many_arguments_for_a_literal_parameter():
    text = '(game "T" (players 2 3)\n (equipment {(board (square 3)) (piece "Disc" Each)})\n (rules (play (move Add (to (sites Empty))))))'
    err = bind_error(text)
    assert err.message == "players: too many arguments, or int 3 fits no parameter"
    assert_points_at(err, text, "3")
    assert err.hint == f"signature: {REGISTRY['players'].signature()}"
    assert REGISTRY["players"].signature() == "(players <int | {(player ...)}>)"


def test_wrong_type():
    text = game_text().replace("(players 2)", '(players "two")')
    err = bind_error(text)
    assert err.message == "players: argument 'count' expects int | {(player ...)}, got string \"two\""
    assert_points_at(err, text, '"two"')
    assert err.hint == f"signature: {REGISTRY['players'].signature()}"
    assert REGISTRY["players"].signature() == "(players <int | {(player ...)}>)"


def test_wrong_constant():
    text = game_text().replace("(result Mover Win)", "(result Mover Winn)")
    err = bind_error(text)
    assert "expects Win | Loss | Draw" in err.message and "Winn" in err.message
    assert_points_at(err, text, "Winn")
    assert "result" in err.hint


def test_unknown_named_argument():
    text = game_text(board="(board (square 3) usr:Vertex)")
    err = bind_error(text)
    assert err.message == "unknown named argument 'usr:' for board"
    assert_points_at(err, text, "usr:Vertex")
    assert "use:" in err.hint


def test_named_argument_on_a_ludeme_without_named_parameters():
    text = game_text(board="(board (hex 3 use:Vertex))")
    err = bind_error(text)
    assert err.message == "unknown named argument 'use:' for hex"
    assert_points_at(err, text, "use:Vertex")
    assert err.hint == "hex takes no named arguments"


def test_named_argument_given_twice():
    text = game_text(board="(board (square 3) use:Vertex use:Cell)")
    err = bind_error(text)
    assert err.message == "argument 'use:' given twice"
    assert_points_at(err, text, "use:Cell")


def test_missing_required_argument():
    text = game_text(board="(board (square) use:Vertex)")
    err = bind_error(text)
    assert err.message == "(square ...) needs a size (or a custom outline)"
    assert_points_at(err, text, "(square)")


def test_error_inside_a_define_shows_the_define_and_the_use():
    text = ('(define "Place" (move Add (to (sites Emty))))\n'
            + game_text(play='("Place")'))
    err = bind_error(text)
    assert "Emty" in err.message
    # the error is reported where the define says it ...
    assert_points_at(err, text, "Emty")
    # ... and render() shows where that define was used, with its own caret
    rendered = err.render()
    use_line, use_col = position_of(text, '("Place")')
    assert f'<text>:{use_line}:{use_col}: note: in define "Place" used here' in rendered
    assert_caret(rendered, use_line, use_col, text.splitlines()[use_line - 1], len('("Place")'))
    assert [via.name for via in err.span.via] == ["Place"]


def test_error_in_a_define_argument_points_at_the_argument():
    text = ('(define "Place" (move Add (to (sites #1))))\n'
            + game_text(play='("Place" Emty)'))
    err = bind_error(text)
    assert_points_at(err, text, "Emty")


def test_bind_error_is_a_lud_error_and_never_a_traceback():
    err = bind_error(game_text(play="(move Ad (to (sites Empty)))"))
    assert isinstance(err, interpreter.LudError)
    assert "Traceback" not in str(err)
    assert str(err) == err.render()


def test_load_accepts_a_long_description_text():
    # Descriptions are given to load() as text when they contain "(" -- whatever their length.
    comment = "// " + "a long comment line to make this text longer than a file name may be " * 4 + "\n"
    text = comment + game_text()
    assert len(text) > 300
    game = interpreter.load(text)
    assert game.name == "T"
    one_line = " ".join(game_text().split()).replace('"T"', '"' + "T" * 300 + '"')
    assert interpreter.load(one_line).name == "T" * 300


# --- successful bindings --------------------------------------------------------------------------
def test_two_word_names_bind_to_their_own_classes():
    add = bind_text("(move Add (to (sites Empty)))")
    assert type(add) is REGISTRY["move Add"] and add.name == "move Add"
    assert add.piece is None and add.then is None
    assert type(add.to) is REGISTRY["to"]
    assert type(add.to.sites) is REGISTRY["sites Empty"]
    line = bind_text("(is Line 5)")
    assert type(line) is REGISTRY["is Line"]
    assert line.length == Int(5)
    assert line.directions is None and line.who is None


def test_result_has_a_role_and_an_outcome():
    result = bind_text("(result Mover Win)")
    assert type(result) is REGISTRY["result"]
    assert result.role == Const("Mover") and result.outcome == Const("Win")
    draw = bind_text("(result All Draw)")
    assert (draw.role, draw.outcome) == (Const("All"), Const("Draw"))


def test_optional_parameters_are_skipped_by_type():
    hop = bind_text("(move Hop Orthogonal (between (range 0 Infinity) if:(is Occupied (between))) "
                    "(to if:(is Empty (to))))")
    assert hop.__class__ is REGISTRY["move Hop"]
    assert hop.source is None  # optional (from ...) skipped: Orthogonal is a direction
    assert hop.directions == Const("Orthogonal")
    assert type(hop.between) is REGISTRY["between"] and type(hop.to) is REGISTRY["to"]
    assert hop.then is None
    piece = bind_text('(piece "Ball" Each)')
    assert piece.role == Const("Each") and piece.moves is None
    phase = bind_text('(nextPhase "General")')
    assert phase.condition is None and phase.target == "General"  # optional condition skipped
    line = bind_text("(is Line 5 who:Mover)")
    assert line.directions is None and line.through is None


def test_named_arguments_in_any_order():
    a = bind_text("(is Line 5 Orthogonal who:Mover exact:True)")
    b = bind_text("(is Line 5 exact:True who:Mover)")
    assert (a.who, a.exact, a.directions) == (Const("Mover"), Bool(True), Const("Orthogonal"))
    assert (b.who, b.exact, b.directions) == (Const("Mover"), Bool(True), None)
    board = bind_text("(board (square 19) use:Vertex)")
    assert board.use == Const("Vertex") and type(board.shape) is REGISTRY["square"]
    occupied = bind_text("(sites Occupied by:Mover)")
    assert occupied.by == Const("Mover")


def test_array_parameters_take_an_array_or_a_single_value():
    one = bind_text("(end (if (is Full) (result All Draw)))")
    two = bind_text("(end {(if (is Full) (result All Draw)) (if (is Line 3) (result Mover Win))})")
    assert isinstance(one.rules, BoundArray) and len(one.rules.items) == 1
    assert isinstance(two.rules, BoundArray) and len(two.rules.items) == 2
    assert all(type(r) is REGISTRY["if"] for r in one.rules.items + two.rules.items)
    labels = bind_text('(sites {"A1" "B1"})')
    assert isinstance(labels.sites, BoundArray) and labels.sites.items == [Str("A1"), Str("B1")]
    single = bind_text('(sites "A1")')
    assert single.sites == Str("A1")
    dirs = bind_text("(directions {N S})")
    assert [d.name for d in dirs.names.items] == ["N", "S"]
    assert bind_text("(directions N)").names == Const("N")


def test_variadic_parameters_collect_every_argument():
    both = bind_text("(and (is Full) (is Line 3) (no Moves Next))")
    assert [item.name for item in both.items.items] == ["is Full", "is Line", "no Moves"]
    braced = bind_text("(and {(is Full) (is Line 3)})")
    assert [item.name for item in braced.items.items] == ["is Full", "is Line"]
    total = bind_text("(+ 1 2 3)")
    assert total.values.items == [Int(1), Int(2), Int(3)]


def test_bound_ludemes_keep_their_spans():
    text = '(and (is Full)\n     (is Line 3))'
    both = bind_text(text)
    full, line = both.items.items
    assert (full.span.line, full.span.col) == (1, 6)
    assert (line.span.line, line.span.col) == (2, 6)


def test_a_whole_game_loads_from_text():
    game = interpreter.load(game_text(board="(board (square 4) use:Vertex)"))
    assert game.name == "T" and game.num_players == 2
    assert game.topology.n == 16
    state = game.initial_state()
    assert len(state.legal_moves()) == 16


def test_misspelt_constant_suggests_the_valid_one():
    from interpreter import LudError, load
    text = ('(game "X" (players 2) (equipment {(board (square 3)) (piece "D" Each)})\n'
            '  (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Wins)))))')
    with pytest.raises(LudError) as err:
        load(text)
    assert (err.value.span.line, err.value.span.col) == (2, 82)
    assert "did you mean Win?" in err.value.render()


# --- site labels and piece names that moves and positions could not tell apart ---------------
@pytest.mark.parametrize("labels, bad, message", [
    ("{1 1 1}", "1", "label '1' is given twice"),
    ('{"a" "b" "A"}', '"A"', "label 'A' is given twice"),
    ('{"" "b" "c"}', '""', "an empty label"),
    ('{"a" "b c" "d"}', '"b c"', "contains a space"),
    ('{"a" "pass" "d"}', '"pass"', "reads as a move"),
    ('{"a" "1-2" "d"}', '"1-2"', "reads as a move"),
    ('{"a" "2@3" "d"}', '"2@3"', "reads as a move"),
    ('{"a" "b" -3}', "-3", "reads as a move"),
    ('{"a" "x:y" "d"}', '"x:y"', "Ludii's SITE:PIECE"),  # x:y would be read as piece y on x
    ('{"a" "a:Disc1" "d"}', '"a:Disc1"', "Ludii's SITE:PIECE"),
    ('{"a" "b/2" "d"}', '"b/2"', "a second choice"),
])
def test_board_labels_that_moves_could_not_tell_apart_are_located_errors(labels, bad, message):
    text = game_text(board=f"(board (rectangle 1 3) labels:{labels})")
    err = bind_error(text)
    assert message in err.message, err.render()
    assert_points_at(err, text, bad, occurrence=3 if bad == "1" else 1)  # the second "1" label


def test_a_label_that_reads_as_removing_another_site_is_a_located_error():
    from interpreter import LudError, load
    text = game_text(board='(board (rectangle 1 3) labels:{"a" "xa" "b"})')
    with pytest.raises(LudError) as info:
        load(text)
    assert "reads as taking the piece off 'a'" in info.value.message
    assert_points_at(info.value, text, '"xa"')


def test_a_wrong_number_of_labels_points_at_the_labels():
    text = game_text(board='(board (rectangle 1 3) labels:{"a" "b"})')
    err = bind_error(text)
    assert "2 labels for 3 sites" in err.message
    assert_points_at(err, text, '{"a" "b"}')


@pytest.mark.parametrize("name, message", [
    ('""', "empty"),
    ('"Disc@"', "'@'"),
])  # a number is a name (Ludii's N Puzzles): test_ludii_heldout3misc; a space is allowed (test_ludii_left5)
def test_piece_names_that_move_texts_could_not_tell_apart_are_located_errors(name, message):
    text = game_text(board=f'(board (square 3)) (piece {name} P1)')
    err = bind_error(text)
    assert message in err.message, err.render()
    assert_points_at(err, text, name)


# --- argument ranges: nonsense numbers are refused at load time, where they are written ----------
RANGE_GAME = """(game "T" (players 2)
 (equipment {{(board (square 5)) (piece "Disc" Each) {equipment}}})
 (rules
  (play {play})
  (end (if {end} (result Mover Win)))))"""


def range_error(play: str = ADD_EMPTY, end: str = "(is Line 3)", equipment: str = "") -> tuple[BindError, str]:
    text = RANGE_GAME.format(play=play, end=end, equipment=equipment)
    with pytest.raises(interpreter.LudError) as info:
        interpreter.load(text)
    return info.value, text


@pytest.mark.parametrize("end, bad, message", [
    ("(is Line 0)", "0", "is Line: length is 0, out of its range from 1"),
    ("(is Line -2)", "-2", "is Line: length is -2, out of its range from 1"),
    ("(is Line (- 1 3))", "(- 1 3)", "a line is at least 1 long, not -2"),
    ("(> (count Lines 0 of:Mover) 0)", "0", "count Lines: length is 0, out of its range from 1"),
    ("(= (score 3) 1)", "3", "there is no player 3"),
    ("(= (score 0) 1)", "0", "there is no player 0"),
    ("(= (count Pieces 7) 1)", "7", "there is no player 7"),
    ("(is In (last To) (sites Distance All from:(sites {\"A1\"}) (range -1 2)))", "-1", "range: min is -1, out of its range from 0"),
])
def test_nonsense_numbers_in_conditions_are_located_load_errors(end, bad, message):
    err, text = range_error(end=end)
    assert message in err.message, err.render()
    assert (err.span.line, err.span.col) == position_of(text, bad)


@pytest.mark.parametrize("play, bad, message", [
    ('(move Add (to (sites {(coord "Q17")})))', '"Q17"', "no site 'Q17' on this board"),
    ("(move Add (to (sites {(coord row:9 column:1)})))", "(coord row:9 column:1)", "no site at row 9, column 1"),
    ("(move Add (to (sites Row 99)))", "99", "no row 99 on this board"),
    ("(move Add (to (sites Column 7)))", "7", "no column 7 on this board"),
])
def test_regions_off_the_board_are_located_errors_not_empty(play, bad, message):
    err, text = range_error(play=play)
    assert message in err.message, err.render()
    assert (err.span.line, err.span.col) == position_of(text, bad)


@pytest.mark.parametrize("play, bad, message", [
    ("(move Add (to (sites Empty)) (then (custodial (between (range -3 2) (apply (remove (between)))) "
     "(to if:(is Mover (who at:(to)))))))", "-3", "range: min is -3, out of its range from 0"),
    ("(move Add (to (sites Empty)) (then (addScore 9 1)))", "9", "there is no player 9"),
    ("(move Add (to (sites Empty) if:(is Bracketed at:(to) (exact 0))))", "(exact 0)", "at least 1"),
    ("(move Hop (between (max 0)) (to if:(is Empty (to))))", "0", "max: n is 0, out of its range from 1"),
])
def test_nonsense_numbers_in_moves_are_located_load_errors(play, bad, message):
    err, text = range_error(play=play)
    assert message in err.message, err.render()
    assert (err.span.line, err.span.col) == position_of(text, bad)


@pytest.mark.parametrize("equipment, bad, occurrence, message", [
    ("(team 1 {P1}) (team 1 {P2})", "1", 3, "team 1 is declared twice"),
    ("(team 1 {P1 P2}) (team 2 {P2})", "P2})", 2, "P2 is already in team 1"),
    ("(team 1 {P1 P1})", "P1})", 1, "P1 is already in team 1"),
    ("(team 0 {P1})", "0", 1, "team: number is 0, out of its range from 1 to 16"),
])
def test_nonsense_teams_are_located_load_errors(equipment, bad, occurrence, message):
    err, text = range_error(equipment=equipment)
    assert message in err.message, err.render()
    assert (err.span.line, err.span.col) == position_of(text, bad, occurrence)


def test_a_player_computed_out_of_range_is_a_clear_error_in_play():
    text = RANGE_GAME.format(play="(move Add (to (sites Empty)) (then (addScore (+ (mover) 1) 1)))",
                             end="(is Line 3)", equipment="")
    state = interpreter.load(text).initial_state()
    state.apply("A1")  # P1 scores for P2
    with pytest.raises(interpreter.LudError, match="there is no player 3"):
        state.apply("B1")


def test_a_meta_rule_given_twice_is_refused():
    text = game_text().replace("(rules\n", "(rules (meta {(turnLimit 5) (turnLimit 7)})\n")
    err = bind_error(text)
    assert "(turnLimit ...) is given twice" in err.message
    assert_points_at(err, text, "(turnLimit 7)")


@pytest.mark.parametrize("graphics, bad, message", [
    ("(player Colour P17 (colour Red))", "P17", "P17 is not a player of any game (P1 to P16)"),
    ("(player Colour P1 (colour 300 0 0))", "300", "a colour's number is from 0 to 255, not 300"),
    ("(player Colour P2 (colour 0 -4 0))", "-4", "not -4"),
])
def test_nonsense_in_the_metadata_is_a_located_error(graphics, bad, message):
    text = RANGE_GAME.format(play=ADD_EMPTY, end="(is Line 3)", equipment="") + f"\n(metadata (graphics {{{graphics}}}))"
    with pytest.raises(interpreter.LudError) as info:
        interpreter.load(text)
    assert message in info.value.message
    assert (info.value.span.line, info.value.span.col) == position_of(text, bad)
