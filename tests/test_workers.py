"""Worker processes: one bound on ``--jobs`` for every command and the API (twice the machine's
cores)."""

from __future__ import annotations

import pytest

from interpreter import load
from interpreter.cli import main
from interpreter.concept.metrics import run_playouts
from interpreter.match import play_match
from interpreter.workers import check_jobs, cores, max_jobs


def test_the_bound_follows_the_cores():
    assert max_jobs() == max(2, 2 * cores())
    assert check_jobs(max_jobs()) == max_jobs()
    for bad in (0, -1, max_jobs() + 1, 300, 1.5, True):
        with pytest.raises(ValueError, match=f"from 1 to {max_jobs()}"):
            check_jobs(bad)


@pytest.mark.parametrize("command", [
    ["match", "alak", "--agents", "random", "random"],
    ["concepts", "alak"],
    ["compare", "alak", "tic-tac-toe"],
])
def test_every_command_has_the_same_bound(command, capsys):
    assert main(command + ["--jobs", str(max_jobs() + 1), "--playouts" if command[0] != "match" else "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert f"must be from 1 to {max_jobs()} on this machine" in err


def test_the_api_has_the_same_bound():
    with pytest.raises(ValueError, match="jobs must be from 1"):
        play_match("tic-tac-toe", ["random", "random"], 4, jobs=max_jobs() + 1)
    with pytest.raises(ValueError, match="jobs must be from 1"):
        run_playouts(load("tic-tac-toe"), 4, jobs=300)


# that no worker outlives its command, however it ends, is a family of tests/test_hostile.py


def test_every_command_that_takes_jobs_has_the_one_bound():
    import argparse
    from interpreter.cli import build_parser
    from interpreter.workers import jobs_argument
    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)).choices
    taking = {}
    for name, sub in commands.items():
        for action in sub._actions:
            if "--jobs" in action.option_strings:
                taking[name] = action.type
    assert {"match", "concepts", "compare", "survey"} <= set(taking), taking
    assert all(kind is jobs_argument for kind in taking.values()), taking
