"""The files a user names are read only when they are regular files: a named pipe, a device
or a folder given as a description, a position, a record or a library of defines is refused at
once with exit 2 (it used to block forever waiting for a writer)."""

from __future__ import annotations

import io
import os
import sys

import pytest

from interpreter import LudError, load
from interpreter.cli import main
from interpreter.files import read_text

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")


@pytest.fixture
def pipes(tmp_path):
    for name in ("p.lud", "p.yaml", "p.jsonl", "lib.def"):
        os.mkfifo(tmp_path / name)
    return tmp_path


@pytest.mark.parametrize("args", [
    ["check", "{t}/p.lud"],
    ["check", "--syntax", "{t}/p.lud"],
    ["run", "{t}/p.lud", "-n", "1"],
    ["fmt", "--check", "{t}/p.lud"],
    ["apply", "tic-tac-toe", "--position", "{t}/p.yaml"],
    ["info", "tic-tac-toe", "--position", "{t}/p.yaml"],
    ["replay", "{t}/p.jsonl"],
    ["check", "tic-tac-toe", "--defines", "{t}/lib.def"],
    ["run", "tic-tac-toe", "-n", "1", "--record", "{t}/p.jsonl"],
    ["render", "tic-tac-toe", "-o", "{t}/p.lud.svg"],
])
def test_a_named_pipe_is_refused_not_waited_on(args, pipes, capsys, monkeypatch):
    if args[0] == "render":
        os.mkfifo(pipes / "p.lud.svg")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code = main([a.format(t=pipes) for a in args])
    out, err = capsys.readouterr()
    assert code == 2, err
    assert "named pipe" in out + err or "not a regular file" in out + err, out + err
    assert "Traceback" not in out + err


def test_the_api_refuses_a_named_pipe_too(pipes):
    with pytest.raises(LudError, match="named pipe"):
        load(str(pipes / "p.lud"))
    with pytest.raises(OSError, match="named pipe"):
        read_text(pipes / "p.yaml", 100)


def test_reading_stops_at_the_limit(tmp_path):
    path = tmp_path / "big.lud"
    path.write_text("é" * 50, encoding="utf-8")
    assert read_text(path, 9) == "é" * 10  # one more than allowed: the caller sees it is too large
    assert read_text(path, 100) == "é" * 50
