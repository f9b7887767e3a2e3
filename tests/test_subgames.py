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
