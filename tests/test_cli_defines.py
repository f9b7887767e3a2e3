"""``--defines DIR`` on every command that loads a description: a game whose defines live in a
folder of its own plays with ``run``, ``trace`` and the others given that folder, and says which
define is unknown without it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from interpreter.cli import build_parser, main
from interpreter.loader import DEFINES_ENV, extra_defines

GAME = '''(game "Defined"
    (players 2)
    (equipment {(board (square 3)) (piece "Disc" Each)})
    (rules (play ("PlaceAnywhere")) (end (if ("Full") (result Mover Draw))))
)
'''
DEFINES = '''(define "PlaceAnywhere" (move Add (to (sites Empty))))
(define "Full" (is Full))
'''

# every command that takes a description to load (check, expand and survey had it before)
COMMANDS = ["check", "expand", "info", "run", "trace", "apply", "play", "match", "concepts", "compare",
            "replay", "render", "serve", "survey"]


@pytest.fixture
def game(tmp_path: Path) -> tuple[str, str]:
    folder = tmp_path / "my-defines"
    folder.mkdir()
    (folder / "mine.def").write_text(DEFINES, encoding="utf-8")
    path = tmp_path / "defined.lud"
    path.write_text(GAME, encoding="utf-8")
    return str(path), str(folder)


def test_every_loading_command_takes_defines():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for name in COMMANDS:
        options = {o for a in sub.choices[name]._actions for o in a.option_strings}
        assert "--defines" in options, name


def test_run_with_defines(game, capsys):
    path, folder = game
    assert main(["run", path, "-n", "3", "--defines", folder, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "Defined" and out["playouts"] == 3 and out["draws"] == 3  # a full 3x3 board
    assert DEFINES_ENV not in os.environ  # the command's folders go with it
    assert main(["run", path, "-n", "1"]) == 2
    assert 'unknown define "PlaceAnywhere"' in capsys.readouterr().err


def test_trace_with_defines(game, capsys):
    path, folder = game
    assert main(["trace", path, "--defines", folder, "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "DRAW (the board is full) after 9 plies" in out
    assert main(["trace", path]) == 2
    assert 'unknown define "PlaceAnywhere"' in capsys.readouterr().err


def test_other_commands_with_defines(game, tmp_path, capsys):
    path, folder = game
    assert main(["info", path, "--defines", folder]) == 0
    assert main(["expand", path, "--defines", folder]) == 0
    assert "(move Add (to (sites Empty)))" in capsys.readouterr().out
    assert main(["apply", path, "--defines", folder]) == 0
    assert main(["concepts", path, "--defines", folder]) == 0
    picture = tmp_path / "board.svg"
    assert main(["render", path, "--defines", folder, "-o", str(picture)]) == 0
    assert "<svg" in picture.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["render", path, "-o", str(picture)]) == 2


def test_match_workers_find_the_defines(game, capsys):
    path, folder = game
    assert main(["match", path, "--agents", "random", "random", "-n", "2", "--jobs", "2",
                 "--defines", folder, "--json"]) == 0
    assert DEFINES_ENV not in os.environ


def test_a_missing_defines_folder_is_said(game, tmp_path, capsys):
    path, _ = game
    assert main(["run", path, "-n", "1", "--defines", str(tmp_path / "nowhere")]) == 2
    assert "no defines folder" in capsys.readouterr().err


def test_extra_defines_order(monkeypatch, tmp_path):
    monkeypatch.setenv(DEFINES_ENV, os.pathsep.join([str(tmp_path / "a"), str(tmp_path / "b")]))
    assert extra_defines([tmp_path / "b", tmp_path / "c"]) == [tmp_path / "b", tmp_path / "c", tmp_path / "a"]
