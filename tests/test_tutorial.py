"""The tutorial (docs/tutorial.md) holds: each step is a file of docs/tutorial/ shown whole on
the page, it loads, its random games end, and its rules do what the page says."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from interpreter import load
from interpreter.cli import main

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "tutorial.md"
STEPS = sorted((ROOT / "docs" / "tutorial").glob("*.lud"))


def blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def test_the_page_shows_every_step_whole_and_in_order():
    assert [p.name for p in STEPS] == ["1-tic-tac-toe.lud", "2-options.lud", "3-custodial.lud", "4-moving.lud"]
    assert blocks("lud") == [p.read_text(encoding="utf-8") for p in STEPS]


@pytest.mark.parametrize("path", STEPS, ids=[p.stem for p in STEPS])
def test_each_step_loads_and_its_games_end(path, capsys):
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.startswith("OK ")
    options = [[]] + ([["Board Size/4x4"], ["Ending/Misere"]] if "options" in path.name else [])
    for chosen in options:
        game = load(path, options=chosen)
        for seed in range(5):
            state = game.initial_state()
            rng = random.Random(seed)
            while not state.is_over():
                state.play_random(rng)
            result = state.result()
            assert result.over and (result.draw or result.winners), result


def play(path: Path, moves: str, options=()):
    state = load(path, options=list(options)).initial_state()
    for move in moves.split():
        state.apply(move)
    return state


def test_step_1_three_in_a_row_wins():
    state = play(STEPS[0], "A1 B1 A2 B2 A3")
    assert state.is_over() and state.result().winners == [1]
    assert not play(STEPS[0], "A1 B1 A2 B2").is_over()


def test_step_2_options_change_the_board_and_the_ending():
    assert play(STEPS[1], "A1 B1 A2 B2 A3").result().winners == [1]
    misere = play(STEPS[1], "A1 B1 A2 B2 A3", ["Ending/Misere"])
    assert misere.is_over() and misere.result().winners == [2]
    bigger = play(STEPS[1], "A1 B1 A2 B2 A3", ["Board Size/4x4"])
    assert not bigger.is_over() and bigger.game.topology.n == 16
    four = play(STEPS[1], "A1 B1 A2 B2 A3 B3 A4", ["Board Size/4x4"])
    assert four.result().winners == [1]


def test_step_3_custodial_capture_takes_exactly_two():
    state = play(STEPS[2], "C3 D3 A9 E3 F3")
    labels = state.game.topology.labels
    text = state.to_text()
    assert state.scores[1] == 2 and state.scores[2] == 0
    row = str(state).splitlines()[7]  # row 3 of the picture
    assert row.split()[1:7] == [".", ".", "x", ".", ".", "x"], text
    three = play(STEPS[2], "C3 D3 A9 E3 B9 F3 G3")  # three enemy stones are not taken
    assert three.scores[1] == 0 and "C3" in labels


def test_step_4_pieces_step_hop_and_reach_the_far_row():
    state = play(STEPS[3], "B1-B2 C5-C4 B2-B3")
    moves = {m.text for m in state.legal_moves()}
    assert {"C4-C3", "C4-D3", "C4-A2"} <= moves  # steps ahead, and a hop over B3
    assert "C4-C5" not in moves and "C4-B4" not in moves  # never back, never sideways
    state.apply("C4-A2")
    assert str(state).splitlines()[3].split()[1:6] == [".", ".", ".", ".", "."]  # B3 was taken
    state = play(STEPS[3], "B1-B2 C5-C4 B2-B3 C4-A2 A1-A3 E5-E4 A3-B4 E4-E3")
    assert not state.is_over()
    state.apply("B4-C5")
    assert state.is_over() and state.result().winners == [1]


def test_the_mistake_shown_on_the_page_is_what_check_says(tmp_path, monkeypatch, capsys):
    shown = next(b for b in blocks("text") if "my-game.lud" in b)
    (tmp_path / "my-game.lud").write_text(STEPS[0].read_text().replace("(sites Empty)", "(sites Emtpy)"))
    monkeypatch.chdir(tmp_path)
    assert main(["check", "my-game.lud"]) == 2
    assert capsys.readouterr().err == shown
