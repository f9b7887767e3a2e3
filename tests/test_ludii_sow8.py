"""A sowing among the parts of an ``(and ...)`` (issue 24, session 36), by Ludii's meaning.

Ludii's And.eval works out the moves of every part on the position before any part applies,
and Sow.eval lists the whole sowing there: the sites ``skipIf:`` skips, the seeds
``numPerHole:`` drops, the actions of each ``sowEffect:`` (an ``(and ...)`` of effects
worked out there too) and the captures, which it judges on a copy of that position with only
the sowing applied. The parts are then applied in order."""

from __future__ import annotations

from interpreter import load
from interpreter.engine.counts import pieces_at

# a 2x2 board: the track goes 0, 1, 3, 2 (P1's row, then P2's right to left), round and round
BOARD = '''(mancalaBoard 2 2 store:None (track "Track" "0,E,N,W" loop:True))
  (piece "Seed" Shared) (hand Each) (regions P1 (sites Bottom)) (regions P2 (sites Top))'''


def _game(start: str, then: str) -> str:
    return f'''(game "T" (players 2) (equipment {{{BOARD}}})
 (rules (start {{{start}}})
  (play (move Select (from 0) (then {then})))
  (end (if (no Moves Mover) (result Mover Loss)))))'''


def _after_first_move(start: str, then: str):
    s = load(_game(start, then)).initial_state()
    s.apply(s.legal_moves()[0])
    return s


def test_a_capture_is_judged_on_the_position_before_the_other_parts():
    # the removal of 1's seed and the sowing of 0's seed into 1 are both worked out first:
    # the capture sees 1 with two seeds (the sowing alone applied), so the score is set
    s = _after_first_move("(set Count 1 at:0) (set Count 1 at:1)",
                          "(and (remove 1) (sow if:(= (count at:(to)) 2) apply:(set Score Mover 7)))")
    assert [pieces_at(s, x) for x in range(4)] == [0, 1, 0, 0]
    assert s.scores[1] == 7


def test_skip_if_is_judged_on_the_position_before_the_other_parts():
    # 1 still holds its seed when the sowing is listed: it is not skipped
    s = _after_first_move("(set Count 1 at:0) (set Count 1 at:1)",
                          "(and (remove 1) (sow skipIf:(= 0 (count at:(to)))))")
    assert [pieces_at(s, x) for x in range(4)] == [0, 1, 0, 0]


def test_num_per_hole_is_judged_on_the_position_before_the_other_parts():
    # two seeds per hole (1 holds a seed when it is worked out): both go into 1
    s = _after_first_move("(set Count 2 at:0) (set Count 1 at:1)",
                          "(and (remove 1) (sow numPerHole:(+ 1 (count at:1))))")
    assert [pieces_at(s, x) for x in range(4)] == [0, 2, 0, 0]


def test_a_sow_effect_of_several_parts_is_worked_out_before_the_sowing():
    # four seeds from 0 go to 1, 3, 2 and 0; each step's score is worked out on the position
    # before the sowing (the score 0 there): the last, at 0, sets it to 0 + 4
    s = _after_first_move("(set Count 4 at:0) (set Count 1 at:1)",
                          "(sow sowEffect:(and (set Score Mover (+ (score Mover) (count at:(to)))) (set Var 1)))")
    assert [pieces_at(s, x) for x in range(4)] == [1, 2, 1, 1]
    assert s.scores[1] == 4


def test_a_sow_effect_setting_a_variable_is_worked_out_before_the_sowing():
    # each step sets the variable to the seeds of its site as they were: the last, 0, had 3
    s = _after_first_move("(set Count 3 at:0)",
                          "(sow sowEffect:(set Var (count at:(to))) (then (set Score Mover (var))))")
    assert [pieces_at(s, x) for x in range(4)] == [0, 1, 1, 1]
    assert s.scores[1] == 0  # the last step, at 2, saw it empty


NESTED = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty))
               (then (and (remove (last To))
                          (and (if (is Empty (last To)) (addScore Mover 10)) (addScore Mover 1))))))
  (end (if (>= (score Mover) 5) (result Mover Win)))))'''


def test_a_nested_and_is_worked_out_with_the_outer_one():
    # the inner (and ...)'s if is chosen before the removal: the site is still occupied
    s = load(NESTED).initial_state()
    s.apply("A1")
    assert s.scores[1] == 1


def test_the_compiled_tier_works_a_nested_and_out_as_the_reference_does():
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    g = load(NESTED)
    compiled = native_game(g)
    assert compiled is not None, why_not(g)
    for seed in range(6):
        assert compare_game(g, compiled, seed) is None
