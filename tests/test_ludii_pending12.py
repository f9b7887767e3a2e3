"""The values pending (``(is Pending)``, ``(value Pending)``, ``(sites Pending)``) where a move's
own effects read them. Ludii clears the pending values when it applies a move
(``State.rebootPending``, before the move's actions), but it works a move's own effects out when
it lists the move (a placement's or a step's ``(to ... (apply ...))``: ``chainRuleWithAction`` in
Add/Step/FromTo ``eval``; a ``do``'s prior): there the values the previous move left pending are
still there. The consequences (``then``) come when the move is applied, after the clearing: they
see only what the move itself set pending. Both tiers agree."""

from __future__ import annotations

import pytest

from interpreter import load
from test_ludii_line7 import _compare_tiers  # tests/ is on the path

# a placement on A1 leaves a value pending; the next move's to-effect reads it as listed
AGAIN = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules
  (play (move Add (to (sites Empty) (apply (if (is Pending) (moveAgain))))
         (then (if (= (last To) 0) (set Pending)))))
  (end (if (is Full) (result Mover Draw)))))'''


def test_to_apply_sees_the_pending_value_the_previous_move_left():
    state = load(AGAIN).initial_state()
    state.apply(next(m for m in state.legal_moves() if m.to == 0))  # P1 on A1: pending
    assert state.mover == 2
    state.apply(next(m for m in state.legal_moves() if m.to == 4))  # P2 listed its move with (is Pending)
    assert state.mover == 2  # ... so it moves again (Ludii's moveAgain, worked out as listed)
    state.apply(next(m for m in state.legal_moves() if m.to == 8))  # nothing pending now
    assert state.mover == 1


def test_no_pending_value_no_second_move():
    state = load(AGAIN).initial_state()
    state.apply(next(m for m in state.legal_moves() if m.to == 4))  # P1 off A1: nothing pending
    state.apply(next(m for m in state.legal_moves() if m.to == 0))  # P2 on A1: pending for P1
    assert state.mover == 1
    state.apply(next(m for m in state.legal_moves() if m.to == 8))
    assert state.mover == 1  # P1 listed its move while P2's value was pending


# (value Pending) read by the to-effect is the previous move's value; the then's read sees only
# what this move set: P1's score sums what its to-effects read, P2's what its thens read
VALUES = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules
  (play (move Add (to (sites Empty) (apply (addScore P1 (value Pending))))
         (then (and (addScore P2 (value Pending)) (set Pending (+ 1 (last To)))))))
  (end (if (is Full) (result Mover Draw)))))'''


def test_value_pending_in_to_apply_is_the_previous_moves():
    state = load(VALUES).initial_state()
    for site in (3, 5, 7):
        state.apply(next(m for m in state.legal_moves() if m.to == site))
    # the to-effects read 0 (nothing before the first move), 4 and 6; the thens nothing: the
    # previous move's value is cleared by then, and this move's is set after the read
    assert state.scores[1:] == [4 + 6, 0]


def test_then_does_not_see_the_previous_moves_pending_value():
    text = AGAIN.replace("(apply (if (is Pending) (moveAgain)))", "").replace(
        "(then (if (= (last To) 0) (set Pending)))",
        "(then (if (is Pending) (addScore Mover 1) (if (= (last To) 0) (set Pending))))")
    state = load(text).initial_state()
    state.apply(next(m for m in state.legal_moves() if m.to == 0))  # P1 leaves a value pending
    state.apply(next(m for m in state.legal_moves() if m.to == 4))  # P2's then: cleared already
    assert state.scores[1:] == [0, 0]


# a step's to-effect and (sites Pending): a piece stepping next to the piece that moved before
# scores, read as listed
STEP = '''(game "T" (players 2) (equipment {(board (rectangle 1 6))
   (piece "Disc" P1 (move Step E "ONTO" "THEN")) (piece "Disc" P2 (move Step W "ONTO" "THEN"))})
 (rules (start {(place "Disc1" 0) (place "Disc2" 5)})
  (play (forEach Piece))
  (end (if (no Moves Mover) (result Mover Loss)))))'''.replace(
    '"ONTO"', "(to if:(is Empty (to)) (apply (if (is In (to) (sites Pending)) (addScore Mover 1))))").replace(
    '"THEN"', "(then (set Pending (sites Around (last To))))")


def test_step_to_apply_reads_sites_pending_as_listed():
    state = load(STEP).initial_state()
    for _ in range(3):  # P1 0 -> 1 (1's neighbours pending), P2 5 -> 4, P1 1 -> 2
        state.apply(state.legal_moves()[0])
    assert state.scores[1:] == [0, 0]
    state.apply(state.legal_moves()[0])  # P2 4 -> 3: onto a site P1's move left pending
    assert state.scores[1:] == [0, 1]


# a do's prior reads them as listed too: P1 scores when it moves after P2's move on A1
PRIOR = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules
  (play (do (if (is Pending) (addScore Mover 1)) next:(move Add (to (sites Empty))
         (then (if (= (last To) 0) (set Pending))))))
  (end (if (>= (count Moves) 7) (result Mover Win)))))'''


def test_do_prior_reads_the_previous_moves_pending_value():
    state = load(PRIOR).initial_state()
    for site in (4, 0, 8):
        state.apply(next(m for m in state.legal_moves() if m.to == site))
    assert state.scores[1:] == [1, 0]


SCORES = [AGAIN.replace("(end (if (is Full) (result Mover Draw)))",
                        "(end (if (>= (count Moves) 7) (result Mover Win)))"), VALUES, PRIOR]


@pytest.mark.parametrize("text", SCORES)
def test_the_tiers_agree(text):
    _compare_tiers(load(text))
