"""Worker processes: one bound on ``--jobs`` for every command (twice the machine's cores), and
no worker outlives its command, however the command ends (SIGTERM, SIGKILL)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.concept.metrics import run_playouts
from interpreter.match import play_match
from interpreter.workers import check_jobs, cores, max_jobs
from interpreter import load

LUDEME = [sys.executable, "-m", "interpreter"]


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


# --- no worker outlives its command ------------------------------------------------------------------
def _children(pid: int) -> list[int]:
    """The live (not zombie) children of a process, from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry))
    return found


def _alive(pids: list[int]) -> list[int]:
    out = []
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            out.append(pid)
    return out


def _wait_for(predicate, seconds: float) -> bool:
    """Poll ``predicate`` for at most ``seconds`` (a bound on waiting, not a measure of speed)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.1)
    return predicate()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
@pytest.mark.parametrize("command", [
    ["match", "alak", "--agents", "random", "random", "--games", "100000", "--jobs", "2"],
    ["compare", "alak", "pente", "--playouts", "100000", "--jobs", "2"],
])
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_no_worker_outlives_its_command(command, how, tmp_path):
    log = open(tmp_path / "err.txt", "w")
    process = subprocess.Popen(LUDEME + command, stdout=subprocess.DEVNULL, stderr=log)
    workers: list[int] = []
    try:
        assert _wait_for(lambda: len(_children(process.pid)) >= 2, 120), "the workers never started"
        workers = _children(process.pid)
        process.send_signal(how)
        process.wait(timeout=60)
        if how == signal.SIGTERM:
            assert process.returncode == 128 + signal.SIGTERM
        assert _wait_for(lambda: not _alive(workers), 60), f"workers left alive: {_alive(workers)}"
    finally:
        for pid in _alive(workers):
            os.kill(pid, signal.SIGKILL)
        if process.poll() is None:
            process.kill()
        log.close()
