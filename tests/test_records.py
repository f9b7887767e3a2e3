"""Game records (JSON Lines) written by run, play and match, and replayed against the rules."""

from __future__ import annotations

import json

import pytest

from interpreter import load
from interpreter.cli import main
from interpreter.records import (
    GameRecord, RecordError, ReplayError, make_record, parse_records, read_records, replay,
)


def call(capsys, *args: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    if stdin is not None:
        import io
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def run_record(tmp_path_factory):
    """A record file of three random Alak games written by ``ludeme run``."""
    path = tmp_path_factory.mktemp("records") / "alak.jsonl"
    assert main(["run", "alak", "-n", "3", "--seed", "4", "--record", str(path)]) == 0
    return path


def test_run_writes_one_game_a_line(run_record):
    lines = run_record.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3
    first = json.loads(lines[0])
    assert first["format"] == "ludeme-record" and first["version"] == 1
    assert first["game"] == "Alak" and first["source"] == "alak"
    assert first["fingerprint"] == load("alak").info.fingerprint
    assert first["seed"] == 4 and first["index"] == 0
    assert first["agents"] == {"1": "random", "2": "random"}
    assert first["result"]["over"] is True and first["moves"] and all(isinstance(m, str) for m in first["moves"])


def test_a_run_record_replays_to_the_same_position_and_result(run_record):
    game = load("alak")
    for record in read_records(run_record):
        # the same game played again by hand: the record's moves, one by one
        state = game.initial_state()
        for text in record.moves:
            state.apply(text)
        final = replay(record, game)
        assert final.snapshot() == state.snapshot()
        assert str(final) == record.board
        assert final.result().to_json() == record.result


def test_one_changed_move_fails_with_its_ply_and_text(run_record, capsys, tmp_path):
    record = read_records(run_record)[1]
    state = load("alak").initial_state()
    for text in record.moves[:5]:
        state.apply(text)
    legal = {str(m) for m in state.legal_moves()}
    bad = next(f"{a}-{b}" for a in range(1, 12) for b in range(1, 12) if f"{a}-{b}" not in legal and a != b)
    record.moves[5] = bad
    with pytest.raises(ReplayError) as info:
        replay(record)
    assert info.value.ply == 6 and info.value.move == bad
    assert f"ply 6: move '{bad}' by P2 is not legal" in str(info.value)
    path = tmp_path / "changed.jsonl"
    path.write_text(record.to_line() + "\n", encoding="utf-8")
    code, out, err = call(capsys, "replay", str(path))
    assert code == 2 and f"ply 6: move '{bad}' by P2 is not legal" in err and "Traceback" not in err


def test_a_record_whose_end_differs_is_refused(run_record):
    record = read_records(run_record)[0]
    record.result = dict(record.result, winners=[3 - record.result["winners"][0]],
                         losers=[record.result["winners"][0]])
    with pytest.raises(RecordError, match="but the record says"):
        replay(record)


def test_replay_command(run_record, capsys, tmp_path):
    code, out, err = call(capsys, "replay", str(run_record))
    assert code == 0, err
    assert out.count("game ") >= 3 and "3 games replayed, every move legal" in out
    code, out, err = call(capsys, "replay", str(run_record), "--game", "2")
    assert code == 0 and "moves replayed, all legal" in out and "WINS" in out
    code, out, err = call(capsys, "replay", str(run_record), "--game", "9")
    assert code == 2 and "holds 3 games" in err
    code, out, err = call(capsys, "replay", str(run_record), "--step")
    assert code == 2 and "choose one with --game K" in err
    code, out, err = call(capsys, "replay", str(run_record), "--game", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["result"]["over"] and data["plies"] == len(read_records(run_record)[0].moves)


def test_replay_writes_one_picture_per_move(run_record, capsys, tmp_path):
    import xml.etree.ElementTree as ET
    record = read_records(run_record)[2]
    folder = tmp_path / "svg"
    code, out, err = call(capsys, "replay", str(run_record), "--game", "3", "--svg", str(folder))
    assert code == 0, err
    files = sorted(folder.glob("*.svg"))
    assert len(files) == len(record.moves) + 1 and files[0].name == "ply-000.svg"
    last = ET.parse(files[-1]).getroot()
    assert last.tag.endswith("svg")


def test_replay_step_walks_forward_and_back(run_record, capsys, monkeypatch):
    record = read_records(run_record)[0]
    first, second = record.moves[0], record.moves[1]
    code, out, err = call(capsys, "replay", str(run_record), "--game", "1", "--step",
                          stdin="\n\nb\nx\nq\n", monkeypatch=monkeypatch)
    assert code == 0, err
    assert "start of Alak" in out
    assert f"ply 1: P1 played {first}" in out and f"ply 2: P2 played {second}" in out
    assert out.count(f"ply 1: P1 played {first}") == 2  # back to ply 1
    assert "Enter (or n) for the next move, b to go back, q to quit" in out


def test_play_records_the_game(capsys, monkeypatch, tmp_path):
    path = tmp_path / "play.jsonl"
    code, out, err = call(capsys, "play", "tic-tac-toe", "--p2", "random", "--seed", "1", "--record", str(path),
                          stdin="B2\nquit\n", monkeypatch=monkeypatch)
    assert code == 0, err
    record = read_records(path)[0]
    assert record.moves[0] == "B2" and len(record.moves) == 2 and not record.result["over"]
    assert record.agents == {1: "human", 2: "random"} and record.seed == 1
    assert replay(record).ply == 2


def test_a_record_from_a_position_replays_from_it(tmp_path):
    game = load("tic-tac-toe")
    start = game.state_from_text("board: |\n  3 . . .\n  2 o o .\n  1 x x .\nmover: 1\n")
    state = start.clone()
    state.apply("C1")
    record = make_record(game, "tic-tac-toe", ["C1"], state, start=start)
    again = parse_records(record.to_line())[0]
    assert replay(again).result().winners == [1]


@pytest.mark.parametrize("text, message", [
    ("{not json", "1: not JSON"),
    ("[1, 2]", "a record is a JSON object, not a list"),
    ('{"format": "something"}', 'not a game record (its "format" is "something"'),
    ('{"format": "ludeme-record", "version": 7}', "record version 7 is not supported"),
    ('{"format": "ludeme-record", "version": 1, "game": "Alak"}', 'field "source" is missing'),
    ('{"format": "ludeme-record", "version": 1, "game": 3, "source": "alak"}',
     'field "game" must be the game\'s name (a string), not a number'),
    ('{"format": "ludeme-record", "version": 1, "game": "Alak", "source": "alak", "fingerprint": "", '
     '"options": [], "moves": [1], "result": {}}', "move 1 must be a move text (a string), not a number"),
    ('{"format": "ludeme-record", "version": 1, "game": "Alak", "source": "alak", "fingerprint": "", '
     '"options": [], "moves": [], "result": {}, "seed": true}', 'field "seed" must be an integer, not a boolean'),
    ("", "no game records in the file"),
])
def test_what_is_not_a_record(text, message):
    with pytest.raises(RecordError) as info:
        parse_records(text, "f.jsonl")
    assert message in str(info.value)


def test_bad_record_files_at_the_command_line(capsys, tmp_path, run_record):
    binary = tmp_path / "b.jsonl"
    binary.write_bytes(b"\xff\xfe\x00")
    line = read_records(run_record)[0].to_json()
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps(line) + "\n", encoding="utf-8")
    for args, message in [
        (["replay", str(tmp_path / "missing.jsonl")], "cannot read record file"),
        (["replay", str(binary)], "not a text file"),
        (["replay", str(other), "--description", "pente"], "the record is a game of 'Alak', not of 'Pente'"),
        (["replay", str(other), "--description", "no-such-game"], "cannot load the record's game"),
    ]:
        code, out, err = call(capsys, *args)
        assert code == 2 and message in err, (args, err)
        assert "Traceback" not in err


def test_a_changed_description_is_named(tmp_path, capsys, run_record):
    record = read_records(run_record)[0]
    text = (load("alak").info.source and open(load("alak").info.source, encoding="utf-8").read())
    changed = tmp_path / "alak.lud"
    # the same game on a row of 12 slots: the record's first moves may still be legal, not its end
    changed.write_text(text.replace("(rectangle 1 11) labels:{1..11}", "(rectangle 1 12) labels:{1..12}")
                       .replace('"8" "9" "10" "11"', '"9" "10" "11" "12"'), encoding="utf-8")
    path = tmp_path / "r.jsonl"
    path.write_text(record.to_line() + "\n", encoding="utf-8")
    code, out, err = call(capsys, "replay", str(path), "--description", str(changed))
    assert code == 2
    assert "the description has changed since the record was written" in err
    assert "Traceback" not in err


def test_record_round_trip():
    game = load("tic-tac-toe")
    state = game.initial_state()
    for text in ("B2", "A1", "C3"):
        state.apply(text)
    record = make_record(game, "tic-tac-toe", state.history, state, agents={1: "random", 2: "mcts"}, seed=9)
    again = GameRecord.from_json(json.loads(record.to_line()))
    assert again == record
