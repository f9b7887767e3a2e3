"""Ludii's ``(and ...)`` as a consequence: every part is worked out on the position before any
part applies (And.eval makes all the moves, then they are applied in turn), so a score or a
variable after a removal reads the pieces as they were."""

from __future__ import annotations

import pytest

from interpreter import load

PLAN = '''(game "Plan" (players 2) (equipment {{(board (square 3)) (piece "Disc" Each)}})
  (rules (start {{(place "Disc2" {{0 1 2}})}})
    (play (move Add (to (sites Empty)) (then (and (remove (sites Occupied by:Next)) {part}))))
    (end (if (is Full) (result Mover Win)))))'''


def test_a_score_after_a_removal_counts_the_pieces_before_it():
    g = load(PLAN.format(part="(addScore Mover (count Pieces Next))"))
    s = g.initial_state()
    s.apply("A2")
    assert s.scores[1] == 3 and s.who[:3] == [0, 0, 0]  # three pieces counted, then removed


def test_a_variable_after_a_removal_reads_the_position_before_it():
    g = load(PLAN.format(part='(set Var "Seen" (count Pieces Next))').replace(
        "(end (if (is Full)", '(end (if (= (var "Seen") 3)'))
    s = g.initial_state()
    s.apply("A2")
    assert s.is_over() and s.result().winners == [1]


def test_parts_that_apply_in_turn_still_see_each_others_effects_through_their_then():
    # a part's own consequences run when it is applied: after the parts before it
    g = load(PLAN.format(part="(set Var 0 (then (addScore Mover (count Pieces Next))))"))
    s = g.initial_state()
    s.apply("A2")
    assert s.scores[1] == 0


@pytest.mark.heavy
def test_the_compiled_tier_plans_the_parts_as_the_reference():
    from interpreter.native import api as native
    from interpreter.native.conformance import compare_game
    g = load(PLAN.format(part="(addScore Mover (count Pieces Next))"))
    ng = native.native_game(g)
    assert ng is not None, native.why_not(g)
    assert [compare_game(g, ng, seed) for seed in range(3)] == [None] * 3
