"""Worker processes: one bound on ``--jobs`` for every command and the API (twice the machine's
cores)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import interpreter
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

# a pool busy submitting many small tasks (the main thread mostly inside the executor, holding its
# locks), which sends itself SIGTERM a given time after the pool starts
_EARLY_SIGTERM = """
import os, signal, sys, threading
from concurrent.futures import as_completed
from interpreter.workers import worker_pool
with worker_pool(2, int) as pool:
    threading.Timer(float(sys.argv[1]), os.kill, (os.getpid(), signal.SIGTERM)).start()
    for future in as_completed([pool.submit(pow, 3, i) for i in range(200_000)]):
        future.result()
sys.exit(5)  # never: the signal comes long before the work is done
"""


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name != "posix", reason="POSIX signals")
def test_sigterm_right_after_a_pool_starts_ends_the_process_with_143():
    """The handler once raised in the main thread wherever it was, even inside the executor
    holding its queue's lock: the process then hung (or failed with a broken pool) instead of
    ending. Several early moments, a few times each (the race is a matter of luck)."""
    src = str(Path(interpreter.__file__).resolve().parents[1])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [src, os.environ.get("PYTHONPATH")])))
    for _ in range(3):
        for delay in ("0", "0.001", "0.002", "0.005", "0.01", "0.02", "0.05"):
            done = subprocess.run([sys.executable, "-c", _EARLY_SIGTERM, delay], env=env,
                                  capture_output=True, text=True, timeout=60)  # a hang guard only
            assert done.returncode == 128 + signal.SIGTERM, (delay, done.returncode, done.stderr[-800:])


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
