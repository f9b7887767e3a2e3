"""Simultaneous moves (``(mode Simultaneous)``): every player chooses, then all the chosen moves
apply together; Ludii's Rock-Paper-Scissors and Iterated Prisoner's Dilemma."""

from __future__ import annotations

import json
import random

import pytest

from interpreter import load
from interpreter.agents.random_agent import RandomAgent
from interpreter.engine.simultaneous import choices
from test_ludii_traces import SAMPLE, TRACES, ludii_texts  # tests/ is on the path

DUEL = """(game "Duel" (players 2) (mode Simultaneous)
  (equipment {(board (rectangle 1 4)) (piece "Disc" Each)})
  (rules
    (play (or {
      (move Select (from 0) P1 (then (set Var "A" 1)))
      (move Select (from 1) P1 (then (set Var "A" 2)))
      (move Select (from 2) P2 (then (set Var "B" 1)))
      (move Select (from 3) P2 (then (set Var "B" 2)))
      } (then (if (= (var "A") (var "B")) (addScore P1 1) (addScore P2 1)) applyAfterAllMoves:True)))
    (end (if (= (counter) 3) (byScore)))))"""


def test_every_player_chooses_then_all_moves_apply():
    game = load(DUEL)
    assert game.simultaneous and game.mode == "Simultaneous"
    state = game.initial_state()
    # Ludii's list: the moves of every player still to choose, in player order
    assert [(m.text, m.mover) for m in state.legal_moves()] == [("A1", 1), ("B1", 1), ("C1", 2), ("D1", 2)]
    assert state.mover == 1 and [m.text for m in choices(state)] == ["A1", "B1"]
    state.apply("A1")  # P1's choice: nothing happens yet
    assert state.ply == 0 and state.scores[1:] == [0, 0]
    assert state.mover == 2 and [m.text for m in state.legal_moves()] == ["C1", "D1"]
    state.apply("C1")  # P2 chose: both apply, then the consequence after all moves (once each)
    assert state.ply == 1
    assert state.scores[1:] == [2, 0]  # Ludii applies it for each move that carries it
    assert state.mover == 1 and len(state.legal_moves()) == 4


def test_a_choice_is_taken_back_and_copies_keep_it():
    state = load(DUEL).initial_state()
    before = state.snapshot()
    state.apply("B1")
    copy = state.clone()
    state.undo()
    assert state.snapshot() == before
    copy.apply("D1")
    assert copy.ply == 1 and copy.scores[1:] == [2, 0]  # both chose the second site: equal


def test_random_games_end_and_agents_choose_their_own_moves():
    game = load(DUEL)
    for seed in range(5):
        state = game.initial_state()
        agents = {1: RandomAgent(seed), 2: RandomAgent(seed + 10)}
        while not state.is_over():
            mover = state.mover
            move = agents[mover].choose(state)
            assert move.mover == mover
            state.apply(move)
        # (counter) is Ludii's: -1 at the start, counted after the end rules: 3 at the fifth step's end
        assert state.ply == 5
    state = game.initial_state()
    rng = random.Random(1)
    while not state.is_over():
        state.play_random(rng)
    assert state.ply == 5  # as above: (counter) reads 3 at the fifth step


def test_a_player_without_moves_passes():
    game = load(DUEL.replace("(move Select (from 2) P2 (then (set Var \"B\" 1)))", "")
                .replace("(move Select (from 3) P2 (then (set Var \"B\" 2)))", ""))
    state = game.initial_state()
    assert [m.text for m in state.legal_moves()] == ["A1", "B1", "pass-P2"]


def test_mode_alternating_and_refusals():
    game = load(DUEL.replace("(mode Simultaneous)", "(mode Alternating)"))
    assert not game.simultaneous
    simulated = load(DUEL.replace("(mode Simultaneous)", "(mode Simulation)"))  # Ludii's simulations
    assert simulated.simulation and not simulated.simultaneous


def test_moves_from_a_hand_in_rock_paper_scissors():
    state = load(SAMPLE / "math__hand__Rock-Paper-Scissors.lud").initial_state()
    assert [m.text for m in state.legal_moves()] == [
        "Hand1_1-A1", "Hand1_2-A1", "Hand1_3-A1", "Hand2_1-A2", "Hand2_2-A2", "Hand2_3-A2"]
    state.apply("Hand1_2-A1")  # P1 plays Paper
    state.apply("Hand2_3-A2")  # P2 plays Scissors
    assert state.is_over() and state.result().winners == [2]
    assert state.arrays["hand_sites"] == [1, 0, 5, 2, 4, 0]  # the pieces left the hands


@pytest.mark.parametrize("name", ["math__hand__Rock-Paper-Scissors_seed101.json",
                                  "math__Iterated Prisoners Dilemma_seed101.json"])
def test_ludiis_first_choice_agrees(name):
    """Ludii's recorder applied its random moves one by one, whoever's: the first choice of a
    step compares (the moves of every player)."""
    path = TRACES / "sample" / name
    if not path.exists():
        pytest.skip(f"{path} not present")
    trace = json.loads(path.read_text(encoding="utf-8"))
    state = load(SAMPLE / trace["sample_file"], options=trace["options"]).initial_state()
    step = trace["plies"][0]
    assert state.mover == step["mover"]
    assert sorted(ludii_texts(state, state.legal_moves())) == sorted(step["legal"])


def test_the_prisoners_dilemma_plays_ten_rounds():
    """(end (if (= (counter) 8) ...)): Ludii's counter is -1 at the start and counts a step after
    the end rules, so it reads 8 at the tenth step's end check."""
    state = load(SAMPLE / "math__Iterated Prisoners Dilemma.lud").initial_state()
    for round_ in range(10):
        assert not state.is_over(), round_
        state.apply("A1")  # P1 cooperates
        state.apply("A2")  # P2 cooperates: 3 each, counted for both moves
    assert state.is_over() and state.result().draw
    assert state.scores[1:] == [60, 60]
