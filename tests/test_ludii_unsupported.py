"""A call of a ludeme Ludii has and the registry lacks is said as such ("Ludii's `deck` is not
supported yet"), apart from real mistakes (names in neither vocabulary, with the closest
names): in the binder, ``ludeme check`` and the other commands (exit 3), and the survey's reasons."""

from __future__ import annotations

import pytest

from interpreter import load
from interpreter.check import check_text
from interpreter.cli import main
from interpreter.errors import BindError, UnsupportedLudeme
from interpreter.ludemes.base import REGISTRY
from interpreter.ludii import ludii_form_of
from interpreter.survey.stages import load_stage

PLAY = "(move Add (to (sites Empty)))"
GAME = ('(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})\n'
        '    (rules (play PLAY) (end (if (no Moves Mover) (result Mover Loss)))))\n')


def game(play: str = PLAY, board: str = "(board (square 3))") -> str:
    return GAME.replace("PLAY", play).replace("(board (square 3))", board)


def test_the_game_itself_loads():
    assert load(game()).name == "T"


def test_a_ludii_form_we_lack_is_unsupported(monkeypatch):
    hide(monkeypatch, "deck")
    with pytest.raises(UnsupportedLudeme) as info:
        load(game("(if (deck) (move Pass))"))
    err = info.value
    assert err.message == "Ludii's `deck` is not supported yet"
    assert err.form == "deck" and err.hint is None
    assert isinstance(err, BindError) and err.kind == "unsupported ludeme"
    assert (err.span.line, err.span.col, err.span.end_col) == (2, 23, 27)  # "deck"
    lines = err.render().splitlines()
    assert lines[0] == "<text>:2:23: Ludii's `deck` is not supported yet"
    assert lines[-1].strip().endswith("^" * len("deck"))


def hide(monkeypatch, name: str) -> None:
    """Take a supported ludeme out of the registry for one test: Ludii's one-word forms are all
    supported now (``deck`` was the last: see docs/ludii-coverage.md), so one stands for a form
    the registry lacks."""
    monkeypatch.delitem(REGISTRY, name)


def test_one_word_forms_and_forms_with_a_constant_argument(monkeypatch):
    hide(monkeypatch, "deck")
    with pytest.raises(UnsupportedLudeme, match="Ludii's `deck` is not supported yet"):
        load(game(board="(board (square 3)) (deck)"))
    assert ludii_form_of("boardless", "Hexagonal") == "boardless"
    assert ludii_form_of("forEach", "Die") == "forEach Die"
    assert ludii_form_of("forEch", "Die") is None


def test_typos_keep_their_hints():
    for play, wanted, hint in [("(forEch Die (move Pass))", "forEch Die", "did you mean"),
                               ("(forEach Dice (move Pass))", "forEach Dice", "did you mean 'forEach"),
                               ("(mov Add (to (sites Empty)))", "mov Add", "did you mean")]:
        with pytest.raises(BindError) as info:
            load(game(play))
        assert not isinstance(info.value, UnsupportedLudeme), play
        assert info.value.message == f"unknown ludeme '{wanted}'"
        assert hint in (info.value.hint or "")


def test_check_collects_both_kinds(monkeypatch):
    hide(monkeypatch, "deck")
    result = check_text(game("(or (if (deck) (move Pass)) (forEch Die (move Pass)))"))
    kinds = [type(e) for e in result.errors]
    assert kinds == [UnsupportedLudeme, BindError]


def test_cli_exit_codes(tmp_path, capsys, monkeypatch):
    hide(monkeypatch, "deck")
    unsupported = tmp_path / "unsupported.lud"
    unsupported.write_text(game("(if (deck) (move Pass))"), encoding="utf-8")
    typo = tmp_path / "typo.lud"
    typo.write_text(game("(forEch Die (move Pass))"), encoding="utf-8")
    assert main(["check", str(unsupported)]) == 3
    err = capsys.readouterr().err
    assert f"{unsupported}:2:23: Ludii's `deck` is not supported yet" in err and "hint" not in err
    assert main(["check", str(typo)]) == 2
    assert main(["check", str(unsupported), str(typo)]) == 2  # a real mistake among them
    capsys.readouterr()
    assert main(["run", str(unsupported), "-n", "1"]) == 3
    assert "Ludii's `deck` is not supported yet" in capsys.readouterr().err
    assert main(["trace", str(typo)]) == 2


def test_survey_reasons(monkeypatch):
    hide(monkeypatch, "deck")
    result, loaded, _ = load_stage("u.lud", game("(if (deck) (move Pass))"))
    assert loaded is None and result.stage == "expand"
    assert result.reason == "unsupported: deck"
    assert "Ludii's `deck` is not supported yet" in result.error
    result, _, _ = load_stage("t.lud", game("(forEch Die (move Pass))"))
    assert result.reason == "unknown ludeme 'forEch Die'"
    result, _, _ = load_stage("b.lud", game(board="(board (square 3)) (deck)"))
    assert result.reason == "unsupported: deck"
