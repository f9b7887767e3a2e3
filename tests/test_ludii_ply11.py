"""``(count Moves)`` is Ludii's ``Trial.moveNumber``: the moves already in the trial. Ludii works
a move's own effects out when it lists the move (a placement's or a step's ``(to ...
(apply ...))``: ``chainRuleWithAction`` in Add/Step/FromTo ``eval``; a ``do``'s prior:
``Do.generateAndApplyPreMoves`` on the position before the move), before ``Move.apply`` adds
the move to the trial; its consequences (``then``), the end rules and an ``ifAfterwards:``
come after, and count it. So on the first move the to-effects and the prior read 0, the
consequences and the end rules 1. A move applied inside another's consequences counts as
they do. Both tiers agree."""

from __future__ import annotations

import pytest

from interpreter import load

# the placement sits under a generator with consequences (the do's then), where Ludii keeps no
# action cache for it: its to-effects are worked out afresh each time it is listed
PLACE = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules
  (play (do (set Var "C" (count Moves))
         next:(move Add (to (sites Empty) (apply (set Var "A" (count Moves)))))
         (then (set Var "B" (count Moves)))))
  (end (if (= (count Moves) 3) (result Mover Win)))))'''


def _vars(state, names: str) -> list[int]:
    return [state.arrays["var:" + n][0] for n in names]


def _play_first(text: str, plies: int, names: str) -> list[tuple[int, list[int], bool]]:
    state = load(text).initial_state()
    seen = []
    for _ in range(plies):
        state.apply(state.legal_moves()[0])
        seen.append((state.ply, _vars(state, names), state.over))
    return seen


def test_to_apply_and_prior_leave_the_move_out_then_counts_it():
    # ply by ply: A (the placement's to-apply) and C (the do's prior) read the moves before
    # this one, B (the then) counts it too
    assert _play_first(PLACE, 3, "ABC") == [
        (1, [0, 1, 0], False),
        (2, [1, 2, 1], False),
        (3, [2, 3, 2], True),
    ]


def test_end_rule_counts_the_move_just_made():
    # (= (count Moves) 3) holds right after the third move: its mover (P1) wins
    state = load(PLACE).initial_state()
    for _ in range(3):
        state.apply(state.legal_moves()[0])
    assert state.over and state.winners == (1,)


STEP = '''(game "T" (players 2) (equipment {(board (rectangle 1 5)) (piece "Disc" Each (move Step E
   (to if:(is Empty (to)) (apply (set Var "A" (count Moves))))
   (then (set Var "B" (count Moves)))))})
 (rules (start {(place "Disc1" 0) (place "Disc2" 2)})
  (play (forEach Piece))
  (end (if False (result Mover Win)))))'''


def test_step_to_apply_reads_the_moves_before_it():
    # a step's to-effect reads the moves before it (0, then 1), its then counts it (1, then 2)
    state = load(STEP).initial_state()
    state.apply(state.legal_moves()[0])  # P1: A1-B1
    assert _vars(state, "AB") == [0, 1]
    state.apply(state.legal_moves()[0])  # P2: C1-D1
    assert _vars(state, "AB") == [1, 2]


CONSEQUENCE = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules
  (play (move Add (to (sites Empty))
         (then (add (to (sites {8}) if:(is Empty (to)) (apply (set Var "A" (count Moves))))))))
  (end (if False (result Mover Win)))))'''


def test_a_placement_made_by_a_consequence_counts_as_the_consequence_does():
    # the then's add is worked out by Ludii after the move is in the trial: its to-apply
    # reads 1 on the first move
    state = load(CONSEQUENCE).initial_state()
    state.apply(next(m for m in state.legal_moves() if m.to == 0))
    assert _vars(state, "A") == [1]


AFTERWARDS = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules
  (play (do (move Add (to (sites Empty) (apply (set Var "A" (count Moves)))) (then (set Var "B" 0)))
         ifAfterwards:(and (= (var "A") 0) (= (count Moves) 1))))
  (end (if False (result Mover Win)))))'''


def test_if_afterwards_counts_the_move_tried_its_effects_do_not():
    # on the first move, the tried placement's to-apply reads 0 and ifAfterwards reads 1:
    # every empty site is kept
    state = load(AFTERWARDS).initial_state()
    assert len({m.to for m in state.legal_moves()}) == 9


# the same readings in what the compiled tier holds (scores): P1's score sums the priors' and
# (tenfold) the to-effects' counts, P2's the consequences'
KERNEL = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules
  (play (do (addScore P1 (count Moves))
         next:(move Add (to (sites Empty) (apply (addScore P1 (* 10 (count Moves)))))
               (then (addScore P2 (count Moves))))))
  (end (if (= (count Moves) 5) (result Mover Win)))))'''

STEP_SCORES = STEP.replace('(set Var "A" (count Moves))', "(addScore P1 (count Moves))").replace(
    '(set Var "B" (count Moves))', "(addScore P2 (count Moves))")


def test_scores_sum_the_counts_each_reads():
    state = load(KERNEL).initial_state()
    for _ in range(3):
        state.apply(state.legal_moves()[0])
    # priors and to-effects read 0, 1, 2; consequences 1, 2, 3
    assert state.scores[1:] == [0 + 1 + 2 + 10 * (0 + 1 + 2), 1 + 2 + 3]


@pytest.mark.parametrize("text", [KERNEL, STEP_SCORES])
def test_the_tiers_agree(text):
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    game = load(text)
    compiled = native_game(game)
    assert compiled is not None, why_not(game)
    for seed in range(3):
        assert compare_game(game, compiled, seed) is None, f"seed {seed}"
