"""The ``ludeme`` command, tested as a user runs it: through a subprocess (``python -m
interpreter``), through a pseudo-terminal, and in-process with ``main([...])`` where that is
quicker."""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from interpreter import load
from interpreter.agents import (
    AgentSpec,
    AgentSpecError,
    RandomAgent,
    make_agent,
    parse_agent_spec,
    split_agent_list,
)
from interpreter.cli import main

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
ALAK = ROOT / "descriptions" / "alak.lud"


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(SRC) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.pop("PYTHONSTARTUP", None)
    return env


def cli(*args: str, input: str | None = None, timeout: float = 600) -> subprocess.CompletedProcess:
    """Run ``python -m interpreter ARGS`` in a fresh process."""
    return subprocess.run([sys.executable, "-m", "interpreter", *args], input=input, capture_output=True,
                          text=True, env=_env(), cwd=ROOT, timeout=timeout)


def call(capsys, *args: str) -> tuple[int, str, str]:
    """Run ``main(ARGS)`` in this process: (exit code, stdout, stderr)."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def random_game(name: str, seed: int) -> list[str]:
    """The move texts of one random game."""
    state = load(name).initial_state()
    rng = random.Random(seed)
    moves = []
    while not state.is_over():
        move = rng.choice(state.legal_moves())
        moves.append(str(move))
        state.apply(move)
    return moves


# ---------------------------------------------------------------------------------------------
# the command itself


def test_version_and_module_entry_point():
    proc = cli("--version")
    assert proc.returncode == 0
    assert proc.stdout.startswith("ludeme ")


def test_every_command_has_help(capsys):
    for command in ("check", "expand", "fmt", "list", "info", "run", "trace", "apply", "play"):
        code, out, _ = call(capsys, command, "--help")
        assert code == 0, command
        assert out.startswith("usage: ludeme " + command)


def test_no_command_and_bad_usage_exit_2(capsys):
    assert call(capsys)[0] == 2
    code, _, err = call(capsys, "run", "alak", "--playouts", "zero")
    assert code == 2 and "not a whole number" in err
    code, _, err = call(capsys, "frobnicate")
    assert code == 2


def test_engine_failure_exit_1_traceback_only_with_debug(capsys, monkeypatch):
    import interpreter.loader

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(interpreter.loader, "load", broken)
    code, out, err = call(capsys, "info", "alak")
    assert code == 1
    assert "internal error: RuntimeError: boom" in err and "Traceback" not in err
    code, out, err = call(capsys, "--debug", "info", "alak")
    assert code == 1 and "Traceback" in err
    code, out, err = call(capsys, "info", "alak", "--debug")  # after the command too
    assert code == 1 and "Traceback" in err


# ---------------------------------------------------------------------------------------------
# check


def test_check_bundled_and_paths(capsys):
    code, out, err = call(capsys, "check", "alak", str(ROOT / "descriptions" / "pente.lud"))
    assert code == 0, err
    assert "OK Alak" in out and "OK Pente" in out
    assert out.strip().splitlines()[-1] == "2 files, 0 failed"


def test_check_with_options(capsys):
    assert call(capsys, "check", "pente", "--option", "Board Size/9x9")[0] == 0
    code, _, err = call(capsys, "check", "pente", "--option", "Board Size/7x7")
    assert code == 2 and "7x7" in err and "Traceback" not in err


def test_check_missing_description(capsys):
    code, out, err = call(capsys, "check", "no-such-game")
    assert code == 2
    assert "no description named" in err


def test_check_typo_renders_location_caret_and_hint(tmp_path):
    bad = tmp_path / "typo.lud"
    bad.write_text(ALAK.read_text().replace("(move Hop ", "(move Hopp "))
    proc = cli("check", str(bad))
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr + proc.stdout
    assert re.search(r"typo\.lud:\d+:\d+: .*Hopp", proc.stderr)
    assert re.search(r"^\s+\|\s*\^", proc.stderr, re.M)  # the caret line
    assert "hint:" in proc.stderr and "move Hop" in proc.stderr


def test_check_unbalanced_bracket(capsys, tmp_path):
    bad = tmp_path / "unbalanced.lud"
    bad.write_text(ALAK.read_text().replace("(players 2)", "(players 2", 1))
    code, out, err = call(capsys, "check", str(bad), "alak")
    assert code == 2
    assert re.search(r"unbalanced\.lud:\d+:\d+: ", err)
    assert "^" in err and "Traceback" not in err
    assert "OK Alak" in out  # the other file is still checked
    assert out.strip().splitlines()[-1] == "2 files, 1 failed"


def test_check_syntax_directory(capsys, tmp_path):
    (tmp_path / "good.lud").write_text(ALAK.read_text())
    sub = tmp_path / "nested"
    sub.mkdir()
    (sub / "bad.lud").write_text('(game "X" (players 2) (equipment {(board (square 3)})')
    (tmp_path / "notes.txt").write_text("not a description")
    code, out, err = call(capsys, "check", "--syntax", str(tmp_path))
    assert code == 2
    lines = out.strip().splitlines()
    assert lines[-1] == "2 files, 1 failed"
    assert len(lines) == 2
    assert re.match(r"^.*bad\.lud:\d+:\d+: \S", lines[0])
    code, out, _ = call(capsys, "check", "--syntax", str(tmp_path / "good.lud"))
    assert code == 0 and out.strip() == "1 files, 0 failed"


# ---------------------------------------------------------------------------------------------
# expand, fmt, list, info


def test_expand_chooses_options_and_prints_metadata(capsys):
    code, out, _ = call(capsys, "expand", "pente", "--option", "Board Size/9x9")
    assert code == 0
    assert "(square 9)" in out and "<Board" not in out
    assert out.lstrip().startswith("// options: Board Size/9x9")
    code, out, _ = call(capsys, "expand", "alak")
    assert code == 0 and '(game "Alak"' in out and "(metadata" in out


def test_fmt_rewrites_and_checks(capsys, tmp_path):
    ugly = tmp_path / "ugly.lud"
    text = ('(game "X" (players 2)   (equipment {(board (square 3)) (piece "Disc" Each)})\n'
            '  (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))\n')
    ugly.write_text(text)
    code, out, _ = call(capsys, "fmt", "--check", str(ugly))
    assert code == 1 and "ugly.lud" in out
    assert ugly.read_text() == text  # --check never writes
    code, out, _ = call(capsys, "fmt", str(ugly))
    assert code == 0 and out.strip() == str(ugly)
    assert ugly.read_text() != text
    code, out, _ = call(capsys, "fmt", "--check", str(ugly))
    assert code == 0 and out == ""
    assert call(capsys, "check", str(ugly))[0] == 0


def test_fmt_broken_file_exit_2(capsys, tmp_path):
    bad = tmp_path / "bad.lud"
    bad.write_text('(game "X" (players 2)')
    code, _, err = call(capsys, "fmt", str(bad))
    assert code == 2 and "bad.lud:1:1" in err and "Traceback" not in err
    assert bad.read_text() == '(game "X" (players 2)'


RULESETS = """
(game "Mnk"
    (players 2)
    (equipment {(board (square <Size:n>)) (piece "Disc" Each)})
    (rules
        (play (move Add (to (sites Empty))))
        (end {(if (is Line <Line:k>) (result Mover Win)) (if (is Full) (result All Draw))})
    )
)
(option "Size" <Size> args:{<n>} {(item "3" <3>) (item "4" <4>)*})
(option "Line" <Line> args:{<k>} {(item "3" <3>)* (item "4" <4>)})
(rulesets {
    (ruleset "Ruleset/Classic (Described)" {"Size/3" "Line/3"})
    (ruleset "Ruleset/Big" {"Size/4" "Line/4"})*
})
"""


def test_rulesets_and_options(capsys, tmp_path):
    path = tmp_path / "mnk.lud"
    path.write_text(RULESETS)
    code, out, _ = call(capsys, "info", str(path))
    assert code == 0
    # as Ludii's loader: each option's default item, the starred ruleset only when named
    assert "options chosen: Size/4, Line/3" in out and "ruleset:" not in out
    assert "  Rulesets: Ruleset/Classic (Described) | Ruleset/Big (starred Ruleset/Big)" in out
    code, out, _ = call(capsys, "info", str(path), "--ruleset", "Big")
    assert code == 0 and "options chosen: Size/4, Line/4" in out and "ruleset: Ruleset/Big" in out
    code, out, _ = call(capsys, "expand", str(path), "--ruleset", "Classic")
    assert code == 0 and "(square 3)" in out and "(is Line 3)" in out
    code, out, _ = call(capsys, "run", str(path), "--ruleset", "Classic", "-n", "3", "--json")
    assert code == 0 and json.loads(out)["options"] == ["Size/3", "Line/3"]
    code, _, err = call(capsys, "check", str(path), "--ruleset", "Nope")
    assert code == 2 and "unknown ruleset" in err


def test_list_shows_options_with_defaults(capsys):
    code, out, _ = call(capsys, "list")
    assert code == 0
    for name in ("alak", "pente", "gomoku", "tic-tac-toe"):
        assert re.search(rf"^{name}\s", out, re.M), name
    assert "  Board Size: 9x9 | 13x13 | 15x15 | 19x19 (default 19x19)" in out


def test_info(capsys):
    code, out, _ = call(capsys, "info", "alak")
    assert code == 0
    assert "name: Alak" in out and "players: 2" in out
    assert "author: A. K. Dewdney" in out and "date: 1984" in out and "rules:" in out
    code, out, _ = call(capsys, "info", "pente", "--option", "Board Size/9x9", "--json")
    data = json.loads(out)
    assert data["name"] == "Pente" and data["players"] == 2 and data["sites"] == 81
    assert "Board Size/9x9" in data["options"]


# ---------------------------------------------------------------------------------------------
# run


RUN_KEYS = {"playouts": int, "wins": dict, "draws": int, "turn_limit_draws": int, "mean_length": float,
            "mean_branching": float, "playouts_per_second": float, "game": str, "options": list, "seed": int}


def test_run_json_shape_and_determinism(capsys):
    code, out, _ = call(capsys, "run", "alak", "--playouts", "5", "--seed", "3", "--json")
    assert code == 0
    data = json.loads(out)
    for key, kind in RUN_KEYS.items():
        assert isinstance(data[key], kind), key
    assert data["playouts"] == 5 and data["seed"] == 3 and data["game"] == "Alak"
    assert set(data["wins"]) == {"1", "2"}
    assert sum(data["wins"].values()) + data["draws"] == 5
    assert data["mean_length"] > 0 and data["mean_branching"] >= 1
    _, again, _ = call(capsys, "run", "alak", "--playouts", "5", "--seed", "3", "--json")
    timing = ("playouts_per_second", "seconds", "cpu_seconds", "compile_seconds", "total_seconds")
    strip = lambda d: {k: v for k, v in d.items() if k not in timing}  # noqa: E731
    assert strip(json.loads(again)) == strip(data)


def test_run_text_report(capsys):
    code, out, _ = call(capsys, "run", "tic-tac-toe", "--playouts", "5", "--seed", "1", "--agents", "random")
    assert code == 0
    for words in ("P1 wins", "P2 wins", "draws", "turn limit", "mean length", "mean branching",
                  "playouts per second"):
        assert words in out, words
    assert "\r" not in out  # no progress bar when stdout is not a terminal


def test_run_max_plies_counts_turn_limit_draws(capsys):
    code, out, _ = call(capsys, "run", "alak", "-n", "4", "--seed", "1", "--max-plies", "3", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["draws"] == data["turn_limit_draws"] == 4
    assert data["mean_length"] == 3


def test_run_agent_specs(capsys):
    assert call(capsys, "run", "alak", "-n", "2", "--p1", "random", "--p2", "random:seed=4")[0] == 0
    code, _, err = call(capsys, "run", "alak", "-n", "2", "--agents", "alphazero:iterations=2000")
    assert code == 2 and "unknown agent 'alphazero'" in err
    code, out, err = call(capsys, "run", "alak", "-n", "1", "--p2", "mcts:iterations=10,playout=20", "--json")
    assert code == 0, err
    code, _, err = call(capsys, "run", "alak", "-n", "2", "--p3", "random")
    assert code == 2 and "2 players" in err
    code, _, err = call(capsys, "run", "alak", "-n", "2", "--p2", "human")
    assert code == 2 and "human" in err
    code, _, err = call(capsys, "run", "alak", "-n", "2", "--agents", "random,random,random")
    assert code == 2
    code, _, err = call(capsys, "run", "alak", "-n", "2", "--agents", "random:depth=3")
    assert code == 2 and "depth" in err


# ---------------------------------------------------------------------------------------------
# trace


def test_trace_json_shape_and_replay(capsys):
    code, out, _ = call(capsys, "trace", "alak", "--seed", "5", "--json")
    assert code == 0
    data = json.loads(out)
    assert {"game", "options", "seed", "plies", "result", "board"} <= set(data)
    assert data["game"] == "Alak" and data["options"] == [] and data["seed"] == 5
    assert isinstance(data["board"], str)
    result = data["result"]
    assert isinstance(result["over"], bool) and result["over"]
    assert isinstance(result["draw"], bool)
    assert all(isinstance(p, int) for p in result["winners"])
    assert set(result["scores"]) == {"1", "2"}
    assert data["plies"]
    state = load("alak").initial_state()
    for ply in data["plies"]:
        assert set(ply) == {"mover", "legal", "move"}
        assert ply["mover"] == state.mover
        assert ply["move"] in ply["legal"]
        assert ply["legal"] == [str(m) for m in state.legal_moves()]
        state.apply(ply["move"])
    assert str(state) == data["board"]
    assert state.result().to_json()["winners"] == result["winners"]
    _, again, _ = call(capsys, "trace", "alak", "--seed", "5", "--json")
    assert again == out


def test_trace_same_seed_same_game_as_run(capsys):
    """The trace of seed S is the first game of ``run --seed S`` played through the reference
    engine from full lists of moves (``--list-moves``)."""
    _, out, _ = call(capsys, "trace", "tic-tac-toe", "--seed", "11", "--json")
    trace = json.loads(out)
    _, out, _ = call(capsys, "run", "tic-tac-toe", "-n", "1", "--seed", "11", "--json", "--list-moves",
                     "--engine", "reference")
    run = json.loads(out)
    assert run["mean_length"] == len(trace["plies"]) and run["engine"] == "reference"


@pytest.mark.xdist_group("tic-tac-toe-compiled")  # the worker that has compiled it for test_native
def test_run_plays_random_agents_on_the_compiled_tier(capsys):
    _, out, _ = call(capsys, "run", "tic-tac-toe", "-n", "4000", "--seed", "2", "--json", "--engine", "compiled")
    compiled = json.loads(out)
    assert compiled["engine"] == "compiled" and compiled["playouts"] == 4000
    # Tic-Tac-Toe between random players: P1 58.5%, draws 12.7%, 7.6 plies (the reference's figures)
    assert abs(compiled["wins"]["1"] / 4000 - 0.585) < 0.04 and abs(compiled["draws"] / 4000 - 0.127) < 0.03
    assert compiled["mean_branching"] is None and 7 < compiled["mean_length"] < 8.5
    _, again, _ = call(capsys, "run", "tic-tac-toe", "-n", "4000", "--seed", "2", "--json", "--engine", "compiled",
                       "--jobs", "2")
    assert json.loads(again)["wins"] == compiled["wins"]  # the same seed, the same games, whatever the jobs
    _, out, _ = call(capsys, "run", "tic-tac-toe", "-n", "500", "--seed", "2", "--json", "--engine", "compiled",
                     "--list-moves")
    assert 5 < json.loads(out)["mean_branching"] < 6.5
    # other agents and records play on the reference engine; --engine reference says so too
    for extra in (["--p2", "mcts:iterations=5"], ["--engine", "reference"], ["--agents", "random:seed=3"]):
        _, out, _ = call(capsys, "run", "tic-tac-toe", "-n", "2", "--json", *extra)
        assert json.loads(out)["engine"] == "reference", extra
    code, _, err = call(capsys, "run", "tic-tac-toe", "-n", "2", "--p2", "mcts:iterations=5", "--engine", "compiled")
    assert code == 2 and "random agents" in err
    code, out, _ = call(capsys, "run", "gomoku", "-n", "3")
    assert code == 0 and "engine:" in out


def test_trace_text_and_max_moves(capsys):
    code, out, _ = call(capsys, "trace", "tic-tac-toe", "--seed", "2")
    assert code == 0
    assert "   1. P1  9 legal: A1" in out
    assert "P1 plays" in out
    assert re.search(r"^(P\d WINS|DRAW)", out, re.M)
    code, out, _ = call(capsys, "trace", "alak", "--seed", "2", "--max-moves", "3", "--json")
    assert code == 0 and len(json.loads(out)["plies"]) == 3


def test_trace_from_position(capsys, tmp_path):
    state = load("alak").initial_state()
    for move in ("1-5", "8-7"):
        state.apply(move)
    position = tmp_path / "pos.yaml"
    position.write_text(state.to_text())
    code, out, _ = call(capsys, "trace", "alak", "--seed", "1", "--position", str(position), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["plies"][0]["legal"] == [str(m) for m in state.legal_moves()]
    (tmp_path / "bad.yaml").write_text("mover: [unclosed\n")
    code, _, err = call(capsys, "trace", "alak", "--position", str(tmp_path / "bad.yaml"))
    assert code == 2 and "Traceback" not in err


# ---------------------------------------------------------------------------------------------
# apply


def test_apply_legal_sequence(capsys):
    code, out, _ = call(capsys, "apply", "alak", "--moves", "1-5 8-7")
    assert code == 0
    assert "_xxxx_o_ooo" in out and "P1 to move" in out and "2-6" in out
    code, out, _ = call(capsys, "apply", "alak", "--moves", "1-5 8-7", "--json")
    data = json.loads(out)
    assert data["moves_applied"] == 2 and data["mover"] == 1
    assert data["board"] == "_xxxx_o_ooo"
    assert "2-6" in data["legal"] and data["result"]["over"] is False


def test_apply_illegal_move(capsys):
    code, out, err = call(capsys, "apply", "alak", "--moves", "1-5 1-5 8-7")
    assert code == 2
    text = out + err
    assert "INVALID 1-5" in text and "move 2" in text and "empty" in text
    assert "Traceback" not in text


def test_apply_whole_game_shows_result(capsys):
    moves = random_game("tic-tac-toe", 4)
    expected = load("tic-tac-toe")
    state = expected.initial_state()
    for move in moves:
        state.apply(move)
    code, out, _ = call(capsys, "apply", "tic-tac-toe", "--moves", " ".join(moves))
    assert code == 0
    assert state.result().headline() in out
    code, out, _ = call(capsys, "apply", "tic-tac-toe", "--moves", " ".join(moves + ["A1"]))
    assert code == 2 and "INVALID A1" in out and "over" in out


# ---------------------------------------------------------------------------------------------
# play


def test_play_piped_random_vs_human_bad_move_then_quit():
    proc = cli("play", "alak", "--p1", "random", "--p2", "human", "--seed", "1", input="9-9\nhello\nquit\n")
    assert proc.returncode == 0, proc.stderr
    assert "P1 plays" in proc.stdout
    assert "P2> " in proc.stdout
    assert proc.stdout.count("INVALID") == 2
    assert "  x   x   x   x   _   _   _   o   o   o   o\n  1   2   3   4   5   6   7   8   9  10  11" in proc.stdout
    assert "Traceback" not in proc.stderr


def test_play_piped_human_vs_human_to_the_end():
    moves = random_game("alak", 8)
    # a malformed and an illegal move in the middle: each is refused and the game goes on
    script = moves[:3] + ["nonsense", "1-1"] + moves[3:]
    # the slot-pair form "FROM TO" is accepted too
    script = [m.replace("-", " ") if i % 2 else m for i, m in enumerate(script)]
    proc = cli("play", "alak", "--p1", "human", "--p2", "human", input="\n".join(script) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("INVALID") == 2
    state = load("alak").initial_state()
    for move in moves:
        state.apply(move)
    last = proc.stdout.strip().splitlines()[-1]
    assert last == state.result().headline()
    assert re.fullmatch(r"P[12] WINS|DRAW|P\d( P\d)+ WIN", last)


def test_play_in_process_eof_and_empty_line(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, _ = call(capsys, "play", "tic-tac-toe")
    assert code == 0 and "P1> " in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("B2\n\n"))
    code, out, _ = call(capsys, "play", "tic-tac-toe", "--seed", "3")
    assert code == 0 and "P1 plays B2" in out and "P2 plays" in out


def test_play_random_vs_random_ends_with_headline(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, _ = call(capsys, "play", "alak", "--p1", "random", "--p2", "random", "--seed", "9")
    assert code == 0
    assert re.fullmatch(r"P[12] WINS|DRAW", out.strip().splitlines()[-1])


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_play_through_a_pseudo_terminal():
    import select

    master, slave = os.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "interpreter", "play", "alak", "--seed", "1"],
                            stdin=slave, stdout=slave, stderr=slave, env=_env(), cwd=ROOT, close_fds=True)
    os.close(slave)
    seen = ""

    def read_until(marker: str, timeout: float = 300) -> str:  # a hang guard, never a timing assert
        nonlocal seen
        deadline = time.monotonic() + timeout
        while marker not in seen:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {marker!r}; got {seen[-500:]!r}")
            ready, _, _ = select.select([master], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(master, 4096)
            except OSError:  # EIO: the child closed the terminal
                chunk = b""
            if not chunk:
                raise AssertionError(f"terminal closed before {marker!r}; got {seen[-500:]!r}")
            seen += chunk.decode("utf-8", "replace")
        found = seen
        seen = seen[seen.index(marker) + len(marker):]
        return found

    try:
        read_until("P1> ")
        os.write(master, b"9-9\n")
        read_until("INVALID")
        read_until("P1> ")
        os.write(master, b"1 5\n")
        read_until("P1 plays 1-5")
        read_until("P2 plays")
        read_until("P1> ")
        os.write(master, b"quit\n")
        assert proc.wait(timeout=300) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)


# ---------------------------------------------------------------------------------------------
# agents


def test_agent_specs():
    assert parse_agent_spec("random") == AgentSpec("random", {})
    spec = parse_agent_spec("mcts:iterations=2000,c=1.4,greedy=true,name=x")
    assert spec == AgentSpec("mcts", {"iterations": 2000, "c": 1.4, "greedy": True, "name": "x"})
    assert str(parse_agent_spec("mcts:iterations=20")) == "mcts:iterations=20"
    assert split_agent_list("random,mcts:iterations=2,c=1.4,human") == \
        ["random", "mcts:iterations=2,c=1.4", "human"]
    for bad in ("", "mcts:", "mcts:iterations", "mcts:=3", "9x", "mcts:a=1,a=2"):
        with pytest.raises(AgentSpecError):
            parse_agent_spec(bad)
    with pytest.raises(AgentSpecError, match="unknown agent"):
        make_agent("alphazero")
    assert isinstance(make_agent("random", 3), RandomAgent)


def test_random_agent_is_deterministic():
    state = load("tic-tac-toe").initial_state()
    a, b = RandomAgent(42), RandomAgent(42)
    picks_a = [str(a.choose(state)) for _ in range(20)]
    picks_b = [str(b.choose(state)) for _ in range(20)]
    assert picks_a == picks_b
    assert all(state.legal_moves().count(state.parse_move(p)) == 1 for p in picks_a)


# ---------------------------------------------------------------------------------------------
# robustness: broken descriptions never crash `check`


_CHARS = '(){}"<>:#*~.-_ 0123456789aZ\n\\/'
_WORDS = ["move", "Hop", "Add", "sites", "Empty", "Infinity", "0", "-1", "99999999", "(range 0 Infinity)",
          "Mover", "Next", "All", "(", ")", "{", "}", "#1", "<X>", '"', "..", "board", "players", "then",
          "if:", "True", "1.5", '(define "X" (x))', '"X"']


def _mutate(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(7)
        i = rng.randrange(len(text) + 1)
        if kind == 0:
            text = text[:i] + text[i + 1:]
        elif kind == 1:
            text = text[:i] + rng.choice(_CHARS) + text[i:]
        elif kind == 2:
            text = text[:i] + text[i + rng.randint(1, 40):]
        elif kind == 3:
            text = text[:i] + rng.choice(_WORDS) + text[i:]
        elif kind == 4:
            words = list(re.finditer(r"[A-Za-z0-9]+", text))
            if words:
                m = rng.choice(words)
                text = text[:m.start()] + rng.choice(_WORDS) + text[m.end():]
        elif kind == 5:
            j = i + rng.randint(1, 60)
            text = text[:j] + text[i:j] + text[j:]  # duplicate a stretch
        else:
            text = text[:i]  # truncate
    return text


def test_check_survives_random_mutations(tmp_path):
    rng = random.Random(20240611)
    source = ALAK.read_text()
    codes: dict[int, int] = {}
    for k in range(150):
        path = tmp_path / f"mutant{k}.lud"
        path.write_text(_mutate(source, rng))
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(["check", str(path)])
            except SystemExit as exc:  # main returns codes; this would be a bug too
                code = exc.code
        assert code in (0, 2), f"exit {code} on mutant {k}: {err.getvalue()[-800:]}"
        assert "Traceback" not in err.getvalue() + out.getvalue(), path.read_text()
        if code == 2:
            assert err.getvalue().strip(), "a failure must say why"
        else:
            assert out.getvalue().startswith("OK ")
        codes[code] = codes.get(code, 0) + 1
    assert codes.get(2, 0) > 50  # the mutations do break most files


def test_check_with_a_library_of_defines(capsys, tmp_path):
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "moves.def").write_text('(define "PlaceAnywhere" (move Add (to (sites Empty))))\n')
    game = tmp_path / "g.lud"
    game.write_text('(game "G" (players 2) (equipment {(board (square 3)) (piece "D" Each)})\n'
                    '  (rules (play ("PlaceAnywhere"))))\n')
    code, out, err = call(capsys, "check", str(game))
    assert code == 2 and 'unknown define "PlaceAnywhere"' in err
    code, out, err = call(capsys, "check", str(game), "--defines", str(lib))
    assert code == 0, err
    assert "OK G" in out
    code, out, err = call(capsys, "expand", str(game), "--defines", str(lib))
    assert code == 0 and "(move Add (to (sites Empty)))" in out


def test_a_path_with_brackets_is_a_path_not_a_description(capsys, tmp_path):
    game = tmp_path / "Go (Tibet).lud"
    game.write_text('(game "G" (players 2) (equipment {(board (square 3)) (piece "D" Each)})\n'
                    '  (rules (play (move Add (to (sites Empty))))))\n')
    code, out, err = call(capsys, "check", str(game))
    assert code == 0, err
    code, out, err = call(capsys, "check", "--syntax", str(game))
    assert code == 0 and "1 files, 0 failed" in out


# ---------------------------------------------------------------------------------------------
# paths that cannot be read: a clear message and exit 2, never an internal error


@pytest.mark.parametrize("command", ["run", "expand", "info", "trace", "apply", "play", "check"])
def test_a_folder_named_like_a_description_is_a_clear_error(capsys, tmp_path, monkeypatch, command):
    (tmp_path / "x.lud").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    code, out, err = call(capsys, command, "x.lud")
    assert code == 2, (out, err)
    assert "internal error" not in err and "Traceback" not in err
    assert "x.lud" in out + err


@pytest.mark.parametrize("command", ["run", "expand", "info", "trace", "apply", "play", "check"])
def test_an_unreadable_description_is_a_clear_error(capsys, tmp_path, monkeypatch, command):
    import interpreter.files
    path = tmp_path / "g.lud"
    path.write_text(ALAK.read_text())
    opened: set[int] = set()

    class FailingOs:  # the disk fails while the description is read
        def __getattr__(self, name):
            return getattr(os, name)

        def open(self, file, *args, **kwargs):
            fd = os.open(file, *args, **kwargs)
            if str(file) == str(path):
                opened.add(fd)
            return fd

        def read(self, fd, size):
            if fd in opened:
                raise OSError(5, "Input/output error")
            return os.read(fd, size)
    monkeypatch.setattr(interpreter.files, "os", FailingOs())
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    code, _, err = call(capsys, command, str(path))
    assert code == 2 and f"cannot read {path}: Input/output error" in err, err


def test_check_of_a_folder_without_descriptions_says_so(capsys, tmp_path):
    code, out, err = call(capsys, "check", str(tmp_path))
    assert code == 2 and "0 files" in out + err
    code, out, err = call(capsys, "check", "--syntax", str(tmp_path))
    assert code == 2 and "0 files" in out + err


def test_fmt_of_a_folder_and_an_unwritable_file(capsys, tmp_path, monkeypatch):
    (tmp_path / "x.lud").mkdir()
    code, _, err = call(capsys, "fmt", str(tmp_path / "x.lud"))
    assert code == 2 and "it is a folder" in err and "Errno" not in err
    messy = tmp_path / "messy.lud"
    messy.write_text('(game   "X")')

    def refuse(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(Path, "write_text", refuse)
    code, _, err = call(capsys, "fmt", str(messy))
    assert code == 2 and "cannot write" in err and "Permission denied" in err and "internal" not in err


@pytest.mark.parametrize("name", ["bad\x00name", "x" * 5000, "", "  "])
def test_strange_game_names_are_clear_errors(capsys, name):
    code, _, err = call(capsys, "info", name)
    assert code == 2 and "internal error" not in err and "Traceback" not in err


@pytest.mark.parametrize("args", [
    ["run", "tic-tac-toe", "--playouts", "99999999999"],
    ["run", "tic-tac-toe", "--max-plies", "0"],
    ["trace", "tic-tac-toe", "--max-moves", "1" + "0" * 30],
    ["run", "tic-tac-toe", "--p2", "mcts:c=nan"],
    ["run", "tic-tac-toe", "--p2", "mcts:iterations=1.5"],
    ["run", "tic-tac-toe", "--agents", "mcts:c=inf,random"],
    ["run", "tic-tac-toe", "--seed", "9" * 5000],
])
def test_out_of_range_command_line_numbers_are_usage_errors(capsys, args):
    code, _, err = call(capsys, *args)
    assert code == 2 and "internal error" not in err and "Traceback" not in err
