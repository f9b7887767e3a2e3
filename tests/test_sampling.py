"""The random-playout fast path (``State.play_random``: a move drawn without listing them all)
agrees with the full legal list: every drawn move is legal, and the draws are uniform over the
legal moves."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from interpreter import load
from interpreter.engine import turns

NINE = "Board Size/9x9"

GAMES = [
    ("tic-tac-toe", []),
    ("gomoku", []),
    ("pente", [NINE]),
    ("pente", [NINE, "Overline/Forbidden"]),
    ("pente", [NINE, "Self-capture/Forbidden"]),
    ("pente", [NINE, "Opening/Pro"]),
    ("pente", [NINE, "Overtime/Break the line"]),  # (if ... (do ... ifAfterwards:...) ...)
    ("alak", []),  # no sampler: the full list decides
    ("loupe", ["Board Size/7"]),
    ("double-run-stone", []),
    ("hex", ["Board Size/5x5"]),  # the swap rule's move comes from the list
]


@pytest.mark.parametrize("name, options", GAMES, ids=lambda v: str(v))
def test_every_drawn_move_is_legal(name, options):
    game = load(name, options=options)
    for seed in range(3):
        state = game.initial_state()
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_moves()
            before = state.snapshot()
            move = turns.random_move(state, rng)
            assert state.snapshot() == before, "drawing a move changed the position"
            assert move in legal
            assert state.play_random(random.Random(seed)) in legal
            state.undo()
            state.apply(move)
        assert state.result().over


def chi_square(counts: Counter, cells: list, draws: int) -> float:
    expected = draws / len(cells)
    return sum((counts[c] - expected) ** 2 / expected for c in cells)


@pytest.mark.parametrize("name, options, plies", [
    ("pente", [NINE, "Self-capture/Forbidden"], 30),
    ("pente", [NINE, "Overline/Forbidden"], 50),
    ("pente", [NINE, "Overtime/Break the line"], 40),
    ("loupe", ["Board Size/7"], 31),  # (or (do (move Add ...) ifAfterwards:...) (move Pass))
    ("tic-tac-toe", [], 4),
])
def test_draws_are_uniform_over_the_legal_moves(name, options, plies):
    game = load(name, options=options)
    state = game.initial_state()
    rng = random.Random(4)
    for _ in range(plies):
        state.apply(rng.choice(state.legal_moves()))
    assert not state.is_over()
    legal = state.legal_moves()
    assert 1 < len(legal) < game.topology.n
    draws = 300 * len(legal)
    counts = Counter(turns.random_move(state, rng) for _ in range(draws))
    assert set(counts) <= set(legal)
    # chi-square with len(legal) - 1 degrees of freedom: well under its 0.1% critical value
    dof = len(legal) - 1
    assert chi_square(counts, legal, draws) < dof + 4.5 * (2 * dof) ** 0.5 + 10


def test_a_rejected_draw_falls_back_to_the_list(monkeypatch):
    """With no tries left the sampler gives up and the full list decides (still uniform)."""
    monkeypatch.setattr(turns, "SAMPLE_TRIES", 0)
    game = load("gomoku")  # a game compiled now, with no tries
    state = game.initial_state()
    rng = random.Random(1)
    moves = {turns.random_move(state, rng) for _ in range(50)}
    assert len(moves) > 40


def test_a_forced_pass_comes_from_the_list():
    text = ('(game "T" (players 2) (equipment {(board (square 2)) (piece "Disc" Each)}) '
            '(rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))')
    state = load(text).initial_state()
    rng = random.Random(0)
    for _ in range(4):
        state.play_random(rng)
    assert [m.text for m in state.legal_moves()] == ["pass"]
    assert state.play_random(rng).text == "pass"
