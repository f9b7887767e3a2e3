"""Simulations (Ludii's ``(players 0)``): nobody moves, each ply applies every move the rules
make, judged on the position before it (engine.simulation)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter import load
from interpreter.engine.result import Termination

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
LIFE = SHARED / "ludii-sample" / "simulation__Game of Life.lud"

NBORS = "(count Sites in:(intersection (sites Around (to)) (sites Occupied by:All)))"
BLINKER = f"""(game "Blink" (players 0) (equipment {{(board (square 5)) (piece "Disc" Shared)}})
 (rules (start (place "Disc" (sites {{"B3" "C3" "D3"}})))
  (play (forEach Site (sites Board)
    (if (and (is Empty (to)) (= 3 {NBORS})) (add (piece "Disc") (to (to)))
      (if (and (is Occupied (to)) (or (< {NBORS} 2) (> {NBORS} 3))) (remove (to))))))
  (end (if (= (count Moves) 4) (result Mover Draw)))))"""


def occupied(state) -> list[str]:
    labels = state.game.topology.labels
    return sorted(labels[i] for i in range(state.game.topology.n) if state.what[i])


def test_a_blinker_oscillates():
    game = load(BLINKER)
    state = game.initial_state()
    assert game.num_players == 0 and game.simulation and state.mover == 0
    for expected in (["C2", "C3", "C4"], ["B3", "C3", "D3"], ["C2", "C3", "C4"]):
        (step,) = state.legal_moves()
        assert step.text == "step"
        state.apply(step)
        assert state.mover == 0 and not state.is_over()
        assert occupied(state) == expected
    state.apply(state.legal_moves()[0])
    assert state.is_over() and state.returns() == ()
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == ()
    state.undo()
    assert occupied(state) == ["C2", "C3", "C4"] and not state.is_over()


def test_a_simulation_whose_rules_make_no_move_stops():
    still = BLINKER.replace('"B3" "C3" "D3"', '"B2" "C2" "B3" "C3"')  # a block never changes
    state = load(still).initial_state()
    assert state.is_over() and state.legal_moves() == ()
    assert state.result().termination is Termination.NO_MOVES


def test_no_openspiel_form():
    from interpreter.openspiel import SpielGame
    with pytest.raises(ValueError, match="simulation"):
        SpielGame(load(BLINKER))


@pytest.mark.skipif(not LIFE.exists(), reason="the Ludii sample is not present")
def test_game_of_life_replays_ludiis_trace():
    from interpreter.ludii.traces import replay
    trace = json.loads((SHARED / "ludii-traces" / "sample" / "simulation__Game of Life_seed101.json").read_text())
    found = replay(trace, load(LIFE, options=trace["options"]))
    assert found.agree and found.plies == 45, str(found)
