"""``ludeme check --report``: how many files of a folder parse, expand, load and finish a random
playout, and why the others stop (the first unknown ludeme, else the first error)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.resources import descriptions_dir
from interpreter.survey import first_unknown_ludeme, survey
from interpreter.syntax.parser import parse

GAME = '''(game "{name}"
    (players 2)
    (equipment {{(board {board}) (piece "Disc" Each) {extra}}})
    (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win))))
)
'''


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "ok.lud").write_text((descriptions_dir() / "tic-tac-toe.lud").read_text())
    (tmp_path / "wheel-1.lud").write_text(GAME.format(name="M1", board="(wheelBoard 2 6)", extra=""))
    sub = tmp_path / "more"
    sub.mkdir()
    (sub / "wheel-2.lud").write_text(GAME.format(name="M2", board="(wheelBoard 2 4)", extra=""))
    (sub / "hand.lud").write_text(GAME.format(name="H", board="(square 3)", extra="(spinner 2)"))
    (tmp_path / "broken.lud").write_text('(game "B"\n  (players 2)\n')
    (tmp_path / "define.lud").write_text(GAME.format(name="D", board='("NoSuchBoard")', extra=""))
    (tmp_path / "notes.txt").write_text("not a description")
    return tmp_path


def test_counts_and_reasons(folder):
    report = survey([folder], seed=1)
    assert report.counts() == {"files": 6, "parse": 5, "expand": 4, "load": 1, "playout": 1}
    reasons = report.reasons()
    assert reasons[0] == ("unknown ludeme 'wheelBoard'", 2)  # most frequent first
    assert ("unknown ludeme 'spinner'", 1) in reasons
    assert ("'(' is never closed", 1) in reasons
    assert ('unknown define "NoSuchBoard"', 1) in reasons
    ok = next(f for f in report.files if f.path.endswith("ok.lud"))
    assert ok.stage == "playout" and ok.reason == "" and 5 <= ok.plies <= 9
    broken = next(f for f in report.files if f.path.endswith("broken.lud"))
    assert broken.stage == "" and broken.error.startswith(f"{folder / 'broken.lud'}:1:1: ")


def test_the_same_seed_gives_the_same_report(folder):
    assert survey([folder], seed=3).to_json() == survey([folder], seed=3).to_json()


def test_first_unknown_ludeme_reads_in_order_with_the_first_constant():
    game = parse('(game "G" (players 2) (equipment {(board (square 3)) (spinner 2) (track "T" {1 2})}))').forms[0]
    assert first_unknown_ludeme(game) == "spinner"
    game = parse('(game "G" (players 2) (rules (end (if (= (count Stairs) 2) (result Mover Win)))))').forms[0]
    assert first_unknown_ludeme(game) == "count Stairs"
    game = parse('(game "G" (players 2) (equipment {(board (wheelBoard 2 6))}))').forms[0]
    assert first_unknown_ludeme(game) == "wheelBoard"
    game = parse('(game "G" (players 2) (rules (play (move Add (to (sites Empty))))))').forms[0]
    assert first_unknown_ludeme(game) is None


def test_check_report_command(folder, capsys):
    assert main(["check", "--report", str(folder)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == f"{folder}: 6 files"
    assert lines[1].split() == ["5", "83.3%", "parse"]
    assert "1   16.7%  finish a random playout" in out
    first = lines.index(next(line for line in lines if line.startswith("why")))
    assert lines[first + 1].split() == ["2", "unknown", "ludeme", "'wheelBoard'"]


def test_check_report_json_and_verbose(folder, capsys):
    assert main(["check", "--report", "--json", str(folder)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["counts"]["playout"] == 1 and data["reasons"][0]["files"] == 2
    assert len(data["files"]) == 6
    assert main(["check", "--report", "-v", str(folder)]) == 0
    out = capsys.readouterr().out
    assert f"playout  {folder / 'ok.lud'}" in out and "plies" in out


def test_check_report_usage_errors(folder, capsys):
    assert main(["check", "--report", "--option", "Size/3", str(folder)]) == 2
    assert "default options" in capsys.readouterr().err
    assert main(["check", "--report", "--syntax", str(folder)]) == 2
