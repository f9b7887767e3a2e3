"""The ``ludeme`` command on what Ludii's files hold, tested as a new user would run it:
simultaneous moves (each legal move of a step has its own text; a person chooses only their
own), a folder given where a description is wanted, a hint that never keeps a person waiting."""

from __future__ import annotations

import io
import json
import sys

from interpreter import load
from interpreter.agents import make_agent
from interpreter.cli import main
from interpreter.cli.terminal import HINT_SPEC

# two players bet at once (Ludii's (mode Simultaneous) with (move Bet P ...)); P1 wins when the
# bets differ, P2 when they are equal (Morra's form: the same Bet/N for both players)
BETS = """
(game "Bets"
    (players 2)
    (mode Simultaneous)
    (equipment { (board (square 1)) })
    (rules
        (play (or {
            (move Bet P1 (range 0 2))
            (move Bet P2 (range 0 2))
        }))
        (end {
            (if (!= (amount P1) (amount P2)) (result P1 Win))
            (if (= (amount P1) (amount P2)) (result P2 Win))
        })
    )
)
"""


def _bets(tmp_path):
    path = tmp_path / "bets.lud"
    path.write_text(BETS, encoding="utf-8")
    return path


def test_a_simultaneous_step_writes_each_players_move_apart():
    state = load(BETS).initial_state()
    texts = [str(m) for m in state.legal_moves()]
    assert texts == ["Bet/0-P1", "Bet/1-P1", "Bet/2-P1", "Bet/0-P2", "Bet/1-P2", "Bet/2-P2"]
    assert len(set(texts)) == len(texts)
    state.apply("Bet/1-P1")  # P1 has chosen: P2's moves keep their text
    assert [str(m) for m in state.legal_moves()] == ["Bet/0-P2", "Bet/1-P2", "Bet/2-P2"]
    state.apply("Bet/1-P2")
    assert state.is_over() and state.result().winners == [2]


def test_the_mover_may_leave_their_own_player_out():
    state = load(BETS).initial_state()
    assert str(state.parse_move("Bet/2")) == "Bet/2-P1"  # P1 is to choose
    state.apply("bet/2")
    assert str(state.parse_move("Bet/0")) == "Bet/0-P2"


def test_records_of_simultaneous_moves_replay(tmp_path, capsys):
    record = tmp_path / "bets.jsonl"
    assert main(["run", str(_bets(tmp_path)), "-n", "3", "--seed", "7", "--record", str(record)]) == 0
    games = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert len(games) == 3 and all(len(g["moves"]) == 2 for g in games)
    assert all(g["moves"][0].endswith("-P1") and g["moves"][1].endswith("-P2") for g in games)
    capsys.readouterr()
    assert main(["replay", str(record)]) == 0
    out, err = capsys.readouterr()
    assert "3 games replayed, every move legal" in out and "internal error" not in err


def test_a_person_chooses_only_their_own_move(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("Bet/2-P2\nmoves\nBet/2\n"))
    assert main(["play", str(_bets(tmp_path)), "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert "P1 to move: Bet/0-P1 Bet/1-P1 Bet/2-P1\n" in out  # P2's bets are not offered to P1
    assert "INVALID 'Bet/2-P2' is P2's move, not P1's (P1's: Bet/0-P1 Bet/1-P1 Bet/2-P1)" in out
    assert "P1 plays Bet/2-P1" in out and "P2 plays Bet/" in out
    assert "internal error" not in err


def test_a_folder_is_not_a_description(tmp_path, capsys):
    for command in (["run", str(tmp_path), "-n", "1"], ["trace", str(tmp_path)], ["render", str(tmp_path), "-o",
                                                                                  str(tmp_path / "x.svg")]):
        assert main(command) == 2
        _, err = capsys.readouterr()
        assert f"'{tmp_path}' is a folder, not a description" in err
        assert "Traceback" not in err


def test_the_hint_has_a_time_bound():
    agent = make_agent(HINT_SPEC, 1)
    bound = agent.budget.seconds  # a configured budget, not a measured time
    assert bound is not None and bound <= 10
    assert agent.budget.iterations == 300
