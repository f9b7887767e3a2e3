"""Late-game rules met by long random games (issue 24): ``max Moves`` keeps the moves that start
the longest turn, its sequences explored once however deep the turn goes."""

from __future__ import annotations

import random

from interpreter import load

LINE = ('(game "T" (players 2) (equipment {{(board (rectangle 1 6)) '
        '(piece "Disc" Each (or (move Step E (to if:(is Empty (to))) (then (moveAgain))) '
        '(move Step W (to if:(is Empty (to))))))}}) '
        '(rules (start {{(place "Disc1" 2) (place "Disc2" 5)}}) (play (max Moves (forEach Piece){then})) '
        '(end (if (>= (count Moves) 40) (result Mover Draw)))))')


def _texts(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


def test_max_moves_keeps_the_longest_turn_at_every_step():
    game = load(LINE.format(then=""))
    state = game.initial_state()
    # from C1: E to D1 then E to E1 then W (3 moves) beats W to B1 (1 move): only the step E
    (first,) = state.legal_moves()
    state.apply(first)
    assert state.mover == 1 and game.topology.labels[state.last_to] == "D1"
    # D1: E to E1 then W back (2 moves) beats W to C1 (1 move)
    (second,) = state.legal_moves()
    state.apply(second)
    assert game.topology.labels[state.last_to] == "E1"
    # E1 with F1 taken: only W, which ends the turn
    (third,) = state.legal_moves()
    state.apply(third)
    assert state.mover == 2 and game.topology.labels[state.last_to] == "D1"


def test_max_moves_with_consequences_keeps_the_same_moves():
    """A ``then`` of ``max Moves`` is part of the legal moves of each later step, so those are
    asked of the whole play rule: the same moves are kept as without it."""
    plain, with_then = load(LINE.format(then="")), load(LINE.format(then=" (then (set Score Mover 1))"))
    for seed in range(3):
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        a, b = plain.initial_state(), with_then.initial_state()
        while not a.is_over():
            assert _texts(a) == _texts(b)
            pick = rng_a.randrange(len(a.legal_moves()))
            rng_b.randrange(len(b.legal_moves()))
            a.apply(a.legal_moves()[pick])
            b.apply(b.legal_moves()[pick])
        assert b.is_over() and a.result().winners == b.result().winners
