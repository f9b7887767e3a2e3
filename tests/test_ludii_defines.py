"""Ludii's library of defines ("StepToEmpty", "Line3Win"...), found without --defines: beside
the description (a ludii-defines folder, or Ludii's Common/res/def in a checkout), beside the
package, or where LUDEME_LUDII_DEFINES says; after the description's own defines and --defines."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import LUDII_SAMPLE
from interpreter import load
from interpreter.cli import main
from interpreter.errors import LudError
from interpreter.loader import expand_description
from interpreter.resources import LUDII_DEFINES_ENV, ludii_defines_dir
from interpreter.syntax.expand import define_folder
from interpreter.syntax.format import format_inline

LUDII_DEFINES = LUDII_SAMPLE.parent / "ludii-defines"

GAME = '''(game "G"
    (players 2)
    (equipment {(board (square 3)) (piece "Disc" Each)})
    (rules (play (move Add (to (sites Empty)))) (end (if (is Line "N") (result Mover Win))))
)
'''


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def line_length(source, **kwargs) -> str:
    text = format_inline(expand_description(source, **kwargs).game)
    return text.split("(is Line ")[1].split(")")[0]


@pytest.fixture
def no_env(monkeypatch):
    monkeypatch.delenv(LUDII_DEFINES_ENV, raising=False)


def test_a_ludii_checkout_finds_its_own_library(tmp_path, no_env):
    ludii = tmp_path / "Ludii" / "Common" / "res"
    write(ludii / "def" / "misc" / "N.def", '(define "N" 3)\n')
    game = write(ludii / "lud" / "board" / "space" / "line" / "G.lud", GAME)
    assert ludii_defines_dir(game.parent) == ludii / "def"
    assert line_length(game) == "3"
    assert main(["check", str(game)]) == 0


def test_a_ludii_defines_folder_beside_the_description(tmp_path, no_env):
    write(tmp_path / "ludii-defines" / "N.def", '(define "N" 4)\n')
    game = write(tmp_path / "sample" / "G.lud", GAME)
    assert line_length(game) == "4"


def test_precedence_own_then_defines_option_then_ludii_library(tmp_path, monkeypatch):
    write(tmp_path / "lib" / "N.def", '(define "N" 5)\n')
    monkeypatch.setenv(LUDII_DEFINES_ENV, str(tmp_path / "lib"))
    game = write(tmp_path / "G.lud", GAME)
    assert line_length(game) == "5"
    write(tmp_path / "mine" / "N.def", '(define "N" 6)\n')
    assert line_length(game, defines=[tmp_path / "mine"]) == "6"  # --defines before Ludii's
    own = write(tmp_path / "own.lud", '(define "N" 7)\n' + GAME)
    assert line_length(own, defines=[tmp_path / "mine"]) == "7"  # the description's own first


def test_an_unknown_define_still_says_so(tmp_path, monkeypatch):
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv(LUDII_DEFINES_ENV, str(tmp_path / "empty"))
    with pytest.raises(LudError, match='unknown define "N"'):
        expand_description(write(tmp_path / "G.lud", GAME.replace('"N"', '("N")')))


def test_the_library_is_read_as_it_is_used(tmp_path):
    for i in range(20):
        write(tmp_path / "lib" / f"D{i}.def", f'(define "D{i}" {i})\n')
    write(tmp_path / "lib" / "broken.def", '(define "Broken" (f\n')  # never used: never read
    folder = define_folder(tmp_path / "lib")
    assert "D7" in folder and "Broken" in folder and len(folder) == 21
    assert folder["D7"].body[0].value == 7
    assert len(folder._parsed) == 1
    with pytest.raises(LudError, match="never closed"):
        folder["Broken"]


@pytest.mark.parametrize("name, uses", [
    ("board__space__group__Groups.lud", "StepToEmpty"),
    ("board__space__line__Tic-Tac-Toe.lud", "Line3Win"),
])
def test_ludii_sample_files_load_without_defines_option(name, uses, no_env, capsys):
    path = LUDII_SAMPLE / name
    if not (path.is_file() and LUDII_DEFINES.is_dir()):
        pytest.skip("Ludii's sample and library are not present")
    assert uses in path.read_text(encoding="utf-8")
    assert ludii_defines_dir(path.parent) == LUDII_DEFINES
    game = load(path)
    assert game.initial_state().legal_moves()
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.startswith("OK ")
