"""Ludii's matches (``(match ...)``): games played one after another, their results adding up
to a match score; the match's own end rules."""

from __future__ import annotations

import json
import random

import pytest

from interpreter import LudError, load
from interpreter.engine.matchplay import NEXT_INSTANCE, is_match
from test_ludii_traces import SAMPLE, TRACES  # tests/ is on the path

LINE = """(game "{name}" (players 2) (equipment {{(board (square 3)) (piece "Disc" Each)}})
  (rules (play (move Add (to (sites Empty))))
    (end {{(if (is Line 3) (result Mover Win)) (if (is Full) (result Mover Draw))}})))"""

MATCH = """(match "Best of three" (players 2)
  (games {{(subgame "Lines" next:1) (subgame "Rows" next:0 {result})}})
  (end {{(if (>= (matchScore P1) 2) (result P1 Win)) (if (>= (matchScore P2) 2) (result P2 Win))
        (if (= (count Trials) 5) (result P1 Draw))}}))"""


@pytest.fixture
def match_file(tmp_path):
    (tmp_path / "Lines.lud").write_text(LINE.format(name="Lines"))
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "games__Rows.lud").write_text(LINE.format(name="Rows"))  # found by its name

    def write(result: str = "") -> str:
        path = tmp_path / "match" / "Best.lud"
        path.parent.mkdir(exist_ok=True)
        path.write_text(MATCH.format(result=result))
        return str(path)
    return write


def win(state, cells=("A1", "A2", "B1", "B2", "C1")) -> None:
    """P1 takes the bottom row (A1 B1 C1) while P2 plays A2, B2."""
    for cell in cells:
        state.apply(cell)


def test_a_match_plays_its_games_in_turn(match_file):
    match = load(match_file())
    assert is_match(match) and match.name == "Best of three" and len(match.instances) == 2
    state = match.initial_state()
    assert state.game.name == "Lines" and len(state.legal_moves()) == 9
    win(state)
    assert not state.is_over()
    assert [m.text for m in state.legal_moves()] == [NEXT_INSTANCE]  # the game over: the next one
    assert state.mover == 1
    state.apply(NEXT_INSTANCE)
    assert state.match_scores[1:] == [1, 0] and state.trials_done == 1
    assert state.game.name == "Rows" and state.ply == 6
    win(state)
    state.apply(NEXT_INSTANCE)  # P1 won twice: the match is over
    assert state.is_over() and state.result().winners == [1]
    assert state.result().scores == {1: 2, 2: 0}


def test_the_winners_result_and_undo(match_file):
    match = load(match_file("result:(+ (score Mover) 5)"))
    state = match.initial_state()
    win(state)
    state.apply(NEXT_INSTANCE)
    before = state.snapshot()
    copy = state.clone()
    win(state)
    state.apply(NEXT_INSTANCE)  # the second game's winner scores its result: 0 + 5
    assert state.match_scores[1:] == [6, 0] and state.is_over()
    for _ in range(6):
        state.undo()
    assert state.snapshot() == before and state.game.name == "Rows"
    win(copy)
    assert copy.sub.is_over() and not state.sub.is_over()


def test_random_matches_end(match_file):
    match = load(match_file())
    for seed in range(3):
        state = match.initial_state()
        rng = random.Random(seed)
        while not state.is_over():
            state.play_random(rng)
        result = state.result()
        assert result.over and (result.winners or result.draw)
        assert state.trials_done <= 5


def test_a_missing_game_is_reported(tmp_path):
    path = tmp_path / "M.lud"
    path.write_text('(match "M" (players 2) (games (subgame "Nowhere")) (end (if (>= (matchScore P1) 1) (result P1 Win))))')
    with pytest.raises(LudError, match='"Nowhere" of this match was not found'):
        load(path)


def test_ludiis_match_plays_its_game_first():
    """Mahbouseh's match: its game found beside it (it loads once its dice do)."""
    path = TRACES / "sample" / "board__race__escape__Mahbouseh_seed101.json"
    if not path.exists():
        pytest.skip(f"{path} not present")
    trace = json.loads(path.read_text(encoding="utf-8"))
    assert trace["plies"][212]["legal"] == [NEXT_INSTANCE]  # Ludii's move between two games
    from interpreter.matchgames import find_subgame
    assert find_subgame("MahbousehSubgame", SAMPLE / trace["sample_file"]).name == \
        "subgame__race__escape__MahbousehSubgame.lud"


def _match(tmp_path, end: str, games: str = '(subgame "Lines")', players: int = 2):
    (tmp_path / "Lines.lud").write_text(LINE.format(name="Lines"))
    path = tmp_path / "M.lud"
    path.write_text(f'(match "M" (players {players}) (games {games}) (end {end}))')
    return load(path)


def test_a_loss_does_nothing_to_a_match_and_wins_go_together(tmp_path):
    """Ludii's End.evalMatch: a loss is ignored; every win that holds wins together."""
    match = _match(tmp_path, "{(if (>= (matchScore P1) 1) (result P2 Loss))"
                             " (if (>= (matchScore P1) 2) (result P1 Win)) (if (>= (count Trials) 2) (result P2 Win))}")
    state = match.initial_state()
    win(state)
    state.apply(NEXT_INSTANCE)
    assert not state.is_over() and state.match_scores[1:] == [1, 0]  # P2's loss changed nothing
    win(state)
    state.apply(NEXT_INSTANCE)
    result = state.result()
    assert result.over and result.winners == [1, 2] and not result.draw
    assert result.ranking == {1: 1, 2: 1}


def test_a_draw_ends_the_match_unless_a_win_follows(tmp_path):
    match = _match(tmp_path, "{(if (>= (count Trials) 1) (result P1 Draw)) (if (>= (matchScore P2) 1) (result P2 Win))}")
    state = match.initial_state()
    win(state)
    state.apply(NEXT_INSTANCE)
    assert state.is_over() and state.result().draw and state.result().winners == []
    state = match.initial_state()
    win(state, ("A2", "A1", "B2", "B1", "A3", "C1"))  # P2 takes the bottom row
    state.apply(NEXT_INSTANCE)
    assert state.result().winners == [2] and not state.result().draw


def test_a_drawn_game_scores_one_each(tmp_path):
    """Two players: 2 minus the rank cut to an integer (Ludii's draw rank 1.5 scores 1)."""
    match = _match(tmp_path, "(if (>= (count Trials) 1) (result P1 Win))")
    state = match.initial_state()
    win(state, ("A1", "B1", "C1", "B2", "A2", "C2", "B3", "A3", "C3"))  # a full board, no line
    assert state.sub.result().draw
    state.apply(NEXT_INSTANCE)
    assert state.match_scores[1:] == [1, 1]


def test_match_score_outside_a_match(tmp_path):
    path = tmp_path / "G.lud"
    path.write_text('(game "G" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})'
                    ' (rules (play (move Add (to (sites Empty))))'
                    ' (end {(if (= (matchScore P1) -1) (result P2 Win))})))')
    state = load(path).initial_state()
    state.apply("A1")
    assert state.result().winners == [2]  # -1 outside a match, as Ludii's


@pytest.mark.parametrize("text, message", [
    ('(match "M" (players 3) (games (subgame "Lines")) (end (if (>= (matchScore P1) 1) (result P1 Win))))',
     '"Lines" is a game of 2 players, the match has 3'),
    ('(match "M" (games (subgame "Lines" "Size/Big")) (end (if (>= (matchScore P1) 1) (result P1 Win))))',
     'unknown option "Size"'),
    ('(match "M" (games (subgame "Lines" next:3)) (end (if (>= (matchScore P1) 1) (result P1 Win))))',
     "next:3 names no game of this match"),
    ('(match "M" (games (subgame "M")) (end (if (>= (matchScore P1) 1) (result P1 Win))))',
     '"M" is this match itself'),
])
def test_unsupported_matches_say_why_in_one_line(tmp_path, text, message):
    (tmp_path / "Lines.lud").write_text(LINE.format(name="Lines"))
    path = tmp_path / "M.lud"
    path.write_text(text)
    with pytest.raises(LudError) as caught:
        load(path)
    first = str(caught.value).splitlines()[0]
    assert message in first and first.startswith(str(path))


def test_the_cli_plays_a_match(match_file, capsys):
    from interpreter.cli import main
    path = match_file()
    assert main(["check", path]) == 0
    assert main(["run", path, "-n", "3", "--seed", "1"]) == 0
    assert "3 playouts" in capsys.readouterr().out
    assert main(["trace", path, "--seed", "2"]) == 0
    assert NEXT_INSTANCE in capsys.readouterr().out
    assert main(["apply", path, "--moves", "A1 A2 B1 B2 C1 NextInstance"]) == 0
    assert "game 2 (Rows), match scores P1 1, P2 0" in capsys.readouterr().out
    assert main(["info", path]) == 0
    assert main(["concepts", path, "-n", "0"]) == 0
    assert "Match" in capsys.readouterr().out


def test_ludiis_matches_load_or_say_what_is_missing():
    """Ludii's sample matches: their games need dice (another family) or are not in the sample,
    or, where a subgame's file is found in a folder above (Ludii's own tree), it needs Ludii's
    library of defines; each says so in one line, on the file and place concerned."""
    for name in ("Mahbouseh", "Mughrabieh", "Tavli"):
        path = SAMPLE / f"board__race__escape__{name}.lud"
        if not path.exists():
            pytest.skip(f"{path} not present")
        try:
            load(path)
        except LudError as error:
            first = str(error).splitlines()[0]
            assert any(reason in first for reason in ("not supported yet", "of this match was not found",
                                                      "unknown define")), first
            assert first.count(":") >= 3, first  # file:line:col: message


def test_a_match_whose_end_never_holds_stops(tmp_path, monkeypatch):
    from interpreter.engine import matchplay
    monkeypatch.setattr(matchplay, "MAX_GAMES", 3)
    match = _match(tmp_path, "(if (< (matchScore P1) 0) (result P1 Win))")
    state = match.initial_state()
    rng = random.Random(5)
    while not state.is_over():
        state.play_random(rng)
    assert state.trials_done == 3 and state.result().draw
    assert state.result().termination.value == "turn limit"


def test_play_shows_which_game_of_the_match(match_file, capsys, monkeypatch):
    import io
    import sys

    from interpreter.cli import main
    monkeypatch.setattr(sys, "stdin", io.StringIO("A1\nA2\nB1\nB2\nC1\nNextInstance\n"))
    assert main(["play", match_file(), "--p1", "human", "--p2", "human"]) == 0
    out = capsys.readouterr().out
    assert "game 1 (Lines), match scores P1 0, P2 0" in out
    assert "P1 plays NextInstance" in out and "game 2 (Rows), match scores P1 1, P2 0" in out


def test_records_of_matches_replay_and_history_is_the_moves(match_file, tmp_path):
    from interpreter.cli import main
    path = match_file()
    record = tmp_path / "r.jsonl"
    assert main(["run", path, "-n", "4", "--seed", "2", "--record", str(record)]) == 0
    assert main(["replay", str(record)]) == 0
    match = load(path)
    state = match.initial_state()
    rng = random.Random(0)
    while not state.is_over():
        state.play_random(rng)
    again = match.initial_state()
    for move in state.history:
        again.apply(move.text)
    assert again.is_over() and again.match_scores == state.match_scores
    assert again.ply == state.ply == len(state.history)


def test_runs_play_matches_longer_than_a_games_turn_limit(match_file):
    from interpreter.engine.matchplay import max_plies
    from interpreter.runs import reference_games
    match = load(match_file()).with_turn_limit(4)  # each game a draw after 4 plies: 1 point each
    assert max_plies(match) > 4
    totals = reference_games(match, {1: "random", 2: "random"}, 1, 0, 1, False)
    assert totals.games == 1 and totals.unfinished == 0 and totals.plies == 10  # two games of 4, 2 NextInstance
