"""Game records (JSON Lines) written by run, play and match, and replayed against the rules."""

from __future__ import annotations

import json

import pytest

from interpreter import load
from interpreter.cli import main
from interpreter.records import (
    GameRecord,
    RecordError,
    ReplayError,
    make_record,
    parse_records,
    read_records,
    replay,
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


# --- output paths: a record never destroys an input, an existing one needs --force or --append ----
@pytest.fixture
def ttt_file(tmp_path):
    path = tmp_path / "g.lud"
    path.write_text(load("tic-tac-toe").info.source and open(load("tic-tac-toe").info.source, encoding="utf-8").read(),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [
    ["run", "{g}", "-n", "1", "--record", "{g}"],
    ["match", "{g}", "--agents", "random", "random", "--games", "1", "--record", "{g}"],
    ["play", "{g}", "--p1", "random", "--seed", "1", "--record", "{g}"],
    ["play", "tic-tac-toe", "--p1", "random", "--position", "{p}", "--record", "{p}"],
    ["run", "{g}", "-n", "1", "--record", "{g}", "--force"],
    ["run", "{g}", "-n", "1", "--record", "{g}", "--append"],
    ["render", "tic-tac-toe", "--position", "{p}", "-o", "{svg}"],
])
def test_an_input_is_never_an_output(command, ttt_file, tmp_path, capsys):
    position = tmp_path / "p.yaml"
    position.write_text(load("tic-tac-toe").initial_state().to_text(), encoding="utf-8")
    picture = tmp_path / "p.svg"  # a picture's name that is the position itself (a link to it)
    picture.symlink_to(position)
    before = {p: p.read_bytes() for p in (ttt_file, position)}
    args = [a.format(g=ttt_file, p=position, svg=picture) for a in command]
    code, out, err = call(capsys, *args)
    assert code == 2 and "is a file this command reads" in err, err
    assert {p: p.read_bytes() for p in before} == before


def test_an_existing_record_is_refused_unless_appended_to_or_forced(tmp_path, capsys):
    path = tmp_path / "r.jsonl"
    assert call(capsys, "run", "tic-tac-toe", "-n", "2", "--record", str(path))[0] == 0
    first = path.read_text(encoding="utf-8")
    code, out, err = call(capsys, "run", "tic-tac-toe", "-n", "1", "--seed", "5", "--record", str(path))
    assert code == 2 and "exists: give --force" in err and path.read_text(encoding="utf-8") == first
    code, out, err = call(capsys, "run", "tic-tac-toe", "-n", "1", "--seed", "5", "--record", str(path), "--append")
    assert code == 0 and "appending" in err
    assert path.read_text(encoding="utf-8").startswith(first) and len(read_records(path)) == 3
    code, out, err = call(capsys, "match", "tic-tac-toe", "--agents", "random", "random", "--games", "1",
                          "--record", str(path), "--force")
    assert code == 0 and "again (--force)" in err and len(read_records(path)) == 1
    other = tmp_path / "notes.txt"
    other.write_text("my notes\n", encoding="utf-8")
    code, out, err = call(capsys, "run", "tic-tac-toe", "-n", "1", "--record", str(other), "--append")
    assert code == 2 and "not a record file" in err and other.read_text(encoding="utf-8") == "my notes\n"


@pytest.mark.parametrize("args, message", [
    (["run", "tic-tac-toe", "-n", "1", "--record", "{t}/missing/r.jsonl"], "does not exist"),
    (["run", "tic-tac-toe", "-n", "1", "--record", "{t}"], "it is a folder"),
    (["render", "tic-tac-toe", "-o", "{t}/missing/b.svg"], "does not exist"),
    (["replay", "{r}", "--game", "1", "--svg", "{t}/missing/pictures"], "does not exist"),
])
def test_outputs_into_folders_that_are_not_there_are_refused(args, message, tmp_path, capsys, run_record):
    code, out, err = call(capsys, *[a.format(t=tmp_path, r=run_record) for a in args])
    assert code == 2 and message in err, err
    assert not (tmp_path / "missing").exists()


# --- a record carries what its replay needs ---------------------------------------------------------------
@pytest.mark.parametrize("plies", ["4", "100000"])
def test_a_record_replays_with_the_turn_limit_it_was_played_with(plies, tmp_path, capsys):
    path = tmp_path / "r.jsonl"
    assert call(capsys, "run", "tic-tac-toe", "-n", "3", "--max-plies", plies, "--record", str(path))[0] == 0
    assert all(r.turn_limit == int(plies) for r in read_records(path))
    code, out, err = call(capsys, "replay", str(path))
    assert code == 0, err
    match = tmp_path / "m.jsonl"
    assert call(capsys, "match", "tic-tac-toe", "--agents", "random", "random", "--games", "2", "--max-plies", plies,
                "--record", str(match))[0] == 0
    assert call(capsys, "replay", str(match))[0] == 0


WALK = ('(game "Walk" (players 2) (equipment {(board (square 3)) (piece "Disc" Each (move Step (to if:(is Empty (to)))))})'
        ' (rules (meta (turnLimit 300)) (start {(place "Disc1" 0) (place "Disc2" 8)}) (play (forEach Piece))'
        ' (end (if False (result Mover Win)))))')


def test_a_game_longer_than_the_default_limit_replays():
    game = load(WALK).with_turn_limit(5000)
    state = game.initial_state()
    import random
    rng = random.Random(3)
    while state.ply < 400:  # past the game's own limit of 300 plies
        state.apply(rng.choice(state.legal_moves()))
    assert state.ply > load(WALK).turn_limit
    record = make_record(game, WALK, state.history, state)
    again = replay(GameRecord.from_json(json.loads(record.to_line())))
    assert again.snapshot() == state.snapshot()


def test_a_line_cut_short_spoils_only_its_own_game(tmp_path, capsys, run_record):
    text = run_record.read_text(encoding="utf-8")
    cut = tmp_path / "cut.jsonl"
    cut.write_text(text[:-30], encoding="utf-8")  # the last write did not finish
    code, out, err = call(capsys, "replay", str(cut), "--game", "1")
    assert code == 0, err
    code, out, err = call(capsys, "replay", str(cut))
    assert code == 2 and "game 1: Alak" in out and "game 2: Alak" in out
    assert "damaged line (line 3)" in err and "cut short" in out
    code, out, err = call(capsys, "replay", str(cut), "--game", "3")
    assert code == 2 and "cut short" in err
    # adding to it puts the new games on lines of their own
    assert call(capsys, "run", "alak", "-n", "1", "--record", str(cut), "--append")[0] == 0
    code, out, err = call(capsys, "replay", str(cut), "--game", "4")
    assert code == 0, err
