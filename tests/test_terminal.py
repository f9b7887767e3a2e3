"""The terminal game (``ludeme play``) as a person uses it: undo, hint, save and load, help, an
empty line that asks before leaving, boards that show what to type, the "second stone" prompt,
refusals in the rule's words; and ``apply``/``trace --save-position``."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from interpreter import load
from interpreter.cli import main
from interpreter.errors import MoveError
from interpreter.records import read_records, replay
from interpreter.render.text import guided_board, turn_ply
from interpreter.why import refusal, why_not


def play(capsys, monkeypatch, lines: list[str], *args: str) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    assert main(["play", *args]) == 0
    return capsys.readouterr().out


def test_alak_shows_each_slot_number_under_its_slot_and_marks_the_last_move():
    state = load("alak").initial_state()
    state.apply("4-5")
    top, bottom = guided_board(state).split("\n")
    assert bottom.split() == [str(n) for n in range(1, 12)]
    assert top.replace("(", " ").replace(")", " ").split() == list("xxx_x__oooo")
    assert top.index("(x)") + 1 == bottom.index(" 5 ") + 1  # the mark sits over slot 5


def test_shifted_rows_show_column_letters_and_row_numbers():
    state = load("loupe", options=["Board Size/7"]).initial_state()
    state.apply("G7")
    board = guided_board(state)
    lines = board.split("\n")
    assert lines[-1].split() == list("ABCDEFG")  # past the ends of the bottom columns
    assert any(line.rstrip().endswith("M") for line in lines)  # the columns ending on the right
    assert lines[0].split()[0] == "13" and "(x)" in board
    # every site's label can be read off the picture: row number at the left, letter below
    hex_board = guided_board(load("hex", options=["Board Size/5x5"]).initial_state())
    assert {"A", "E", "1", "5"} <= set(hex_board.split())


def test_the_second_ply_of_a_turn_is_named():
    state = load("loupe", options=["Board Size/7"]).initial_state()
    assert turn_ply(state) == ""
    state.apply("G7")
    state.apply("C3")
    assert turn_ply(state) == "second stone"


def test_a_refused_placement_says_which_condition_fails():
    state = load("loupe", options=["Board Size/7"]).initial_state()
    for move in ("G7", "C3"):
        state.apply(move)
    site = state.game.topology.site("F6")
    assert why_not(state, site) == ('the rule "Allowed" asks for no more enemy neighbours than friendly '
                                    "neighbours (on F6: 1 against 0)")
    before = state.snapshot()
    try:
        state.apply("F6")
    except MoveError as err:
        message = refusal(state, "F6", err)
    assert message.startswith("'F6': F6 is refused: the rule \"Allowed\"")
    assert state.snapshot() == before  # looking changed nothing
    assert why_not(state, state.game.topology.site("D3")) is None  # D3 is allowed


def test_refusals_without_a_condition_keep_the_engine_words():
    state = load("tic-tac-toe").initial_state()
    state.apply("B2")
    try:
        state.apply("B2")
    except MoveError as err:
        assert refusal(state, "B2", err) == "'B2': B2 is occupied"


def test_loupe_prompt_and_refusal_at_the_terminal(capsys, monkeypatch):
    out = play(capsys, monkeypatch, ["G7", "C3", "F6", "D3", "quit"], "loupe", "--option", "Board Size/7",
               "--p2", "human")
    assert "P2, second stone> F6" in out
    assert "INVALID 'F6': F6 is refused: the rule \"Allowed\" asks for no more enemy neighbours" in out
    assert "P2 plays D3" in out


def test_undo_takes_back_the_agents_reply_too(capsys, monkeypatch):
    out = play(capsys, monkeypatch, ["B2", "undo", "board", "quit"], "tic-tac-toe", "--seed", "4")
    assert "undone: back to ply 0, P1 to move" in out
    assert out.count("P1 to move") >= 2


def test_help_hint_and_an_empty_line_that_asks(capsys, monkeypatch):
    out = play(capsys, monkeypatch, ["help", "hint", "", "n", "moves", "", "y"], "alak", "--seed", "1")
    assert "undo" in out and "save FILE" in out and "load FILE" in out
    hint = next(line for line in out.splitlines() if line.startswith("hint: ")).split()[1]
    assert hint in {"1-5", "2-5", "3-5", "4-5"}
    assert out.count("leave the game? [y/N]") == 2
    assert "1-5 2-5 3-5 4-5" in out and "game left unfinished" in out


def test_save_and_load_a_record_and_a_position(capsys, monkeypatch, tmp_path):
    record, position = tmp_path / "game.jsonl", tmp_path / "here.yaml"
    out = play(capsys, monkeypatch, ["B2", "A1", f"save {record}", f"save {position}", "quit"],
               "tic-tac-toe", "--p2", "human")
    assert f"game saved in {record}" in out and f"position saved in {position}" in out
    (saved,) = read_records(record)
    assert saved.moves == ["B2", "A1"] and replay(saved).ply == 2
    out = play(capsys, monkeypatch, [f"load {record}", "C3", "quit"], "tic-tac-toe", "--p2", "human")
    assert f"loaded {record}: ply 2" in out and "P1 plays C3" in out
    out = play(capsys, monkeypatch, [f"load {position}", "moves", "quit"], "tic-tac-toe", "--p2", "human")
    assert f"loaded {position}: ply 2" in out and "A1" not in out.split("moves\n")[1].split("\n")[0]
    out = play(capsys, monkeypatch, [f"save {record}", "n", f"load {tmp_path / 'none.jsonl'}", "quit"],
               "tic-tac-toe")
    assert "exists: overwrite it?" in out and "not saved" in out and "cannot read" in out


def test_apply_and_trace_save_the_final_position(capsys, tmp_path):
    path = tmp_path / "end.yaml"
    assert main(["apply", "loupe", "--option", "Board Size/7", "--moves", "G7 C3", "--save-position",
                 str(path)]) == 0
    assert "position saved in" in capsys.readouterr().out
    state = load("loupe", options=["Board Size/7"]).state_from_text(path.read_text())
    assert state.turn_moves == 1 and state.ply == 2
    assert main(["apply", "loupe", "--position", str(path), "--moves", "D3"]) == 0
    assert "P1 to move" in capsys.readouterr().out
    traced = tmp_path / "trace.yaml"
    assert main(["trace", "alak", "--seed", "2", "--save-position", str(traced), "--json"]) == 0
    assert "board:" in traced.read_text() or "pieces:" in traced.read_text()
    assert main(["apply", "alak", "--save-position", str(tmp_path / "no" / "dir.yaml")]) == 2


def test_save_never_writes_over_the_description_or_position_being_played(capsys, monkeypatch, tmp_path):
    game = tmp_path / "g.lud"
    game.write_text((Path(__file__).resolve().parents[1] / "descriptions" / "tic-tac-toe.lud").read_text())
    text = game.read_text()
    start = tmp_path / "start.yaml"
    start.write_text(load("tic-tac-toe").initial_state().to_text())
    kept = start.read_text()
    out = play(capsys, monkeypatch, ["B2", f"save {game}", f"save {start}", f"save {tmp_path}", "quit"],
               str(game), "--position", str(start), "--p2", "human")
    assert out.count("not saved:") == 3, out
    assert "a file this command reads" in out and "it is a folder" in out
    assert game.read_text() == text and start.read_text() == kept


def test_save_position_never_writes_over_what_the_command_reads(capsys, tmp_path):
    game = tmp_path / "g.lud"
    game.write_text((Path(__file__).resolve().parents[1] / "descriptions" / "tic-tac-toe.lud").read_text())
    start = tmp_path / "start.yaml"
    start.write_text(load("tic-tac-toe").initial_state().to_text())
    notes = tmp_path / "notes.txt"
    notes.write_text("keep me\n")
    before = {p: p.read_bytes() for p in (game, start, notes)}
    for argv in (["apply", str(game), "--moves", "B2", "--save-position", str(game)],
                 ["apply", str(game), "--position", str(start), "--save-position", str(start)],
                 ["trace", str(game), "--save-position", str(game)],
                 ["apply", str(game), "--save-position", str(notes)],
                 ["apply", str(game), "--save-position", str(tmp_path)]):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert "a file this command reads" in err or "ends in .yaml or .yml" in err, (argv, err)
    assert {p: p.read_bytes() for p in before} == before
    assert main(["apply", str(game), "--position", str(start), "--moves", "B2", "--save-position",
                 str(tmp_path / "next.yaml")]) == 0
    assert load(str(game)).state_from_text((tmp_path / "next.yaml").read_text()).ply == 1
