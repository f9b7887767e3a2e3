"""Every error of a description in one run (``ludeme check``, ``interpreter.check``): each
independent mistake once, in source order, located, with a hint; nothing that follows from an
earlier one; "did you mean" for every closed set of names."""

from __future__ import annotations

import re

import pytest

from interpreter.check import check, check_text
from interpreter.cli import main
from interpreter.errors import MAX_SHOWN

GAME = """(game "Lines"
    (players 2)
    (equipment {(board (square 15) use:Vertex) (piece "Ball" Each)})
    (rules
        (play
            (move Add
                (to (sites Empty))
                (then (custodial (from (last To)) All (between (exact 2)) (to if:(is Enemy (who at:(to))))))
            )
        )
        (end (if (is Line 5) (result Mover Win)))
    )
)
"""

THREE = (GAME.replace("(custodial", "(custodail").replace("(is Line 5)", '(is Line "five")')
         .replace("(sites Empty)", "(sites Emtpy)"))


def messages(text: str, **kwargs) -> list[str]:
    return [e.message for e in check_text(text, "game.lud", **kwargs).errors]


def test_the_game_itself_is_valid():
    result = check_text(GAME, "game.lud")
    assert result.ok and result.errors == [] and result.game is not None


def test_three_mistakes_give_three_errors_in_source_order():
    result = check_text(THREE, "game.lud")
    assert result.total == 3
    assert [e.message for e in result.errors] == [
        "unknown ludeme 'sites Emtpy'",
        "unknown ludeme 'custodail'",
        "is Line: argument 'length' expects int, got string \"five\"",
    ]
    lines = [(e.span.line, e.span.col) for e in result.errors]
    assert lines == sorted(lines) and [line for line, _ in lines] == [7, 8, 11]
    assert "'sites Empty'" in result.errors[0].hint and "'custodial'" in result.errors[1].hint
    assert result.game is None


def test_check_prints_every_error_with_caret_and_hint(tmp_path, capsys):
    path = tmp_path / "three.lud"
    path.write_text(THREE)
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(re.findall(r"^\S*three\.lud:\d+:\d+: ", err, re.M)) == 3
    assert err.count("hint: ") == 3 and err.count("^") >= 3
    assert err.rstrip().endswith("3 errors")
    assert "Traceback" not in err


def test_a_part_already_reported_is_not_blamed_again():
    # (sites Emtpy) is unknown: (to ...) must not also miss its region, nor (move Add) its (to)
    assert messages(GAME.replace("(sites Empty)", "(sites Emtpy)")) == ["unknown ludeme 'sites Emtpy'"]
    # a broken condition is still a condition: (if ...) and (end ...) say nothing more
    assert messages(GAME.replace("(is Line 5)", "(is Line 5 6 7 8)")) == [
        "is Line: too many arguments, or int 6 fits no parameter"]
    # an unknown ludeme among positional arguments: its call says nothing about their places
    assert messages(GAME.replace("(from (last To))", "(frm (last To))")) == ["unknown ludeme 'frm'"]


def test_errors_inside_an_unknown_call_are_reported():
    text = GAME.replace("(custodial (from (last To))", "(custodail (from (lst To))")
    assert messages(text) == ["unknown ludeme 'custodail'", "unknown ludeme 'lst To'"]


@pytest.mark.parametrize("old, new, hint", [
    (" All (between", " Alll (between", "All"),  # a constant where a ludeme is expected
    ("use:Vertex", "use:Vertx", "Vertex"),  # a site type
    ('"Ball" Each', '"Ball" Eahc', "Each"),  # a role
    ("(result Mover Win)", "(result Movr Win)", "Mover"),
    ("(result Mover Win)", "(result Mover Winn)", "Win"),
])
def test_did_you_mean_for_constants(old, new, hint):
    errors = check_text(GAME.replace(old, new, 1), "game.lud").errors
    assert len(errors) == 1, [e.message for e in errors]
    assert re.search(rf"did you mean .*\b{hint}\b", errors[0].hint or ""), errors[0].render()


def test_did_you_mean_for_directions():
    text = GAME.replace("(move Add\n                (to (sites Empty))", "(move Step Orthogonl\n                (to if:(is Empty (to)))", 1)
    errors = check_text(text, "game.lud").errors
    assert len(errors) == 1 and "Orthogonal" in errors[0].hint, errors[0].render()


def test_unknown_constant_is_said_as_such():
    errors = check_text(GAME.replace(" All (between", " Alll (between"), "game.lud").errors
    assert errors[0].message == "custodial: unknown constant Alll"
    assert (errors[0].span.line, errors[0].span.col) == (8, 51)


def test_did_you_mean_for_named_arguments():
    errors = check_text(GAME.replace("(is Line 5)", "(is Line 5 exatc:True)"), "game.lud").errors
    assert [e.message for e in errors] == ["unknown named argument 'exatc:' for is Line"]
    assert "exact:" in errors[0].hint


DEFINED = """(define "Place" (move Add (to (sites Empty))))
(game "Defined"
    (players 2)
    (equipment {(board (square 3)) (piece "Disc" Each)})
    (rules (play ("Plcae")) (end (if (is Line 3) (result Mover Win))))
)
"""


def test_did_you_mean_for_defines():
    errors = check_text(DEFINED, "game.lud").errors
    assert [e.message for e in errors] == ['unknown define "Plcae"']
    assert "'Place'" in errors[0].hint


def test_an_error_inside_a_define_is_reported_once_with_its_use():
    text = DEFINED.replace("(sites Empty)", "(sites Emtpy)").replace('("Plcae")', '(or ("Place") ("Place"))')
    errors = check_text(text, "game.lud").errors
    assert [e.message for e in errors] == ["unknown ludeme 'sites Emtpy'"]
    assert errors[0].span.line == 1 and errors[0].span.via  # at the definition, through a use
    assert 'note: in define "Place" used here' in errors[0].render()


OPTIONS = """(game "Sized"
    (players 2)
    (equipment {(board (square <Size>)) (piece "Disc" Each)})
    (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win))))
)
(option "Board Size" <Size> {(item "3x3" <3> "small")* (item "4x4" <4> "larger")})
"""


def test_did_you_mean_for_option_labels_and_items():
    assert check_text(OPTIONS, "game.lud", options=["Board Size/4x4"]).ok
    item = check_text(OPTIONS, "game.lud", options=["Board Size/4x5"]).errors[0]
    assert 'did you mean "Board Size/4x4"' in item.hint
    label = check_text(OPTIONS, "game.lud", options=["Board Sise/4x4"]).errors[0]
    assert "did you mean 'Board Size'" in label.hint
    tag = check_text(OPTIONS.replace("(square <Size>)", "(square <Sise>)"), "game.lud").errors
    assert [e.message for e in tag] == ["unknown option placeholder <Sise>"] and "<Size>" in tag[0].hint


def test_syntax_errors_are_read_past_and_binding_goes_on():
    text = GAME.replace("(from (last To))", "(5 (last To))").replace("(is Line 5)", "(is Line 5 : 4)") \
        .replace("(result Mover Win)", "(result Mover Winn)")
    errors = check_text(text, "game.lud").errors
    assert [(e.kind, e.span.line) for e in errors] == [("syntax error", 8), ("syntax error", 11), ("bind error", 11)]
    assert "a call starts with a ludeme name" in errors[0].hint
    assert "Win" in errors[2].hint


def test_an_unbalanced_bracket_stops_the_reading():
    errors = check_text(GAME.replace("(to (sites Empty))", "(to (sites Empty)") + "\n(sites Emtpy)", "game.lud").errors
    assert len(errors) == 1 and errors[0].kind == "syntax error"


def test_a_limit_and_a_count_of_the_rest(tmp_path, capsys):
    body = " ".join(f"(unknown{i % 7} {i})" for i in range(MAX_SHOWN + 10))
    path = tmp_path / "many.lud"
    path.write_text(GAME.replace("(players 2)", f"(players 2) {body}"))
    result = check(path)
    assert result.total == MAX_SHOWN + 10
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(re.findall(r"^\S*many\.lud:\d+:\d+: ", err, re.M)) == MAX_SHOWN
    assert err.rstrip().endswith(f"{MAX_SHOWN + 10} errors (10 more not shown)")
    assert main(["check", str(path), "--max-errors", "3"]) == 2
    err = capsys.readouterr().err
    assert len(re.findall(r"^\S*many\.lud:\d+:\d+: ", err, re.M)) == 3
    assert main(["check", str(path), "--max-errors", "0"]) == 2  # a usage error
    assert "must be from 1" in capsys.readouterr().err


def test_a_huge_number_of_errors_is_counted():
    body = " ".join("(nope)" for _ in range(11_000))
    result = check_text(GAME.replace("(players 2)", f"(players 2) {body}"), "big.lud")
    assert result.total == 11_000 and len(result.errors) == 10_000  # kept; the rest counted


def test_syntax_check_of_a_folder_lists_every_error(tmp_path, capsys):
    (tmp_path / "good.lud").write_text(GAME)
    (tmp_path / "bad.lud").write_text(GAME.replace("(from (last To))", "(5 (last To))")
                                      .replace("(is Line 5)", "(is Line 5 : 4)"))
    assert main(["check", "--syntax", str(tmp_path)]) == 2
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == "2 files, 1 failed, 2 errors"
    assert [re.match(r"^\S*bad\.lud:(\d+):\d+: ", line).group(1) for line in lines[:-1]] == ["8", "11"]


def test_several_files_give_each_their_errors_then_totals(tmp_path, capsys):
    (tmp_path / "a.lud").write_text(THREE)
    (tmp_path / "b.lud").write_text(GAME)
    assert main(["check", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.out.strip().splitlines()[-1] == "2 files, 1 failed, 3 errors"
    assert "OK Lines" in captured.out
