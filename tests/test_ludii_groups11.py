"""Ludii's situation (issue 24): ``(no Repeat Situational)`` and ``(is Repeat Situational)`` compare
Ludii's ``State.fullHash``: the position, the mover, the next and previous movers, the moves of the
turn, the scores and the passes, and also the values the move set pending (``pendingHash``), the
players an event was raised for (``checkmatedHash``), the players no longer active
(``activeHash``) and the players stalemated (``stalematedHash``). A situation that differs in any
of them is a new one (not in the amounts: tests/test_ludii_hash11.py)."""

from __future__ import annotations

from interpreter import load


def texts(state):
    return sorted(m.text for m in state.legal_moves())


def play(state, *moves):
    for move in moves:
        state.apply(move)
    return state


# P1 on A1, P2 on D1, one step a turn; THEN: the steps' consequences
STEPS = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 4)) (piece "Disc" Each (move Step (to if:(is Empty (to))) THEN))})
 (rules (meta (no Repeat Situational)) (start {(place "Disc1" "A1") (place "Disc2" "D1")})
  (play (or (forEach Piece) (move Pass)))
  (end (if (all Passed) (result Mover Draw)))))'''

# P2's D1-C1 after these would bring back the situation after P2's first move (B1, C1, P2 moved
# after P1, P1 next)
BACK_AND_FORTH = ("A1-B1", "D1-C1", "B1-A1", "C1-D1", "A1-B1")


def test_the_same_position_and_movers_is_a_repeated_situation():
    s = play(load(STEPS.replace("THEN", "")).initial_state(), *BACK_AND_FORTH)
    assert texts(s) == ["pass"]


def test_values_set_pending_are_part_of_the_situation():
    # each move leaves its number pending: no situation comes back
    game = load(STEPS.replace("THEN", "(then (set Pending (count Moves)))"))
    s = play(game.initial_state(), *BACK_AND_FORTH)
    assert texts(s) == ["D1-C1", "pass"]


def test_the_same_value_pending_is_the_same_situation():
    game = load(STEPS.replace("THEN", "(then (set Pending 7))"))
    s = play(game.initial_state(), *BACK_AND_FORTH)
    assert texts(s) == ["pass"]


def test_every_value_set_pending_counts_not_only_the_one_value_pending_reads():
    # two values pending: (value Pending) reads 0 for both moves, but Ludii's set of pending values
    # differs ({1, 2} after P2's first move, {1, 5} after its third)
    game = load(STEPS.replace("THEN", "(then (and (set Pending 1) (set Pending (count Moves))))"))
    s = play(game.initial_state(), *BACK_AND_FORTH)
    assert texts(s) == ["D1-C1", "pass"]


def test_an_event_raised_is_part_of_the_situation():
    # P1's step back to A1 raises an event for P1: the situation after P2's moves differs from then on
    game = load(STEPS.replace("THEN", '(then (if (= (to) (coord "A1")) (trigger "Back" Mover)))'))
    s = play(game.initial_state(), *BACK_AND_FORTH)
    assert texts(s) == ["D1-C1", "pass"]


def test_is_repeat_situational_sees_the_values_pending():
    # the game ends when the situation a move leaves was seen after an earlier turn's move
    ending = STEPS.replace("(meta (no Repeat Situational)) ", "").replace(
        "(if (all Passed) (result Mover Draw))", "(if (is Repeat Situational) (result Mover Draw))")
    s = play(load(ending.replace("THEN", "")).initial_state(), *BACK_AND_FORTH, "D1-C1")
    assert s.is_over()
    game = load(ending.replace("THEN", "(then (set Pending (count Moves)))"))
    s = play(game.initial_state(), *BACK_AND_FORTH, "D1-C1")
    assert not s.is_over()


# four players, each in a row of its own; P1 is out once it passes
OUT = '''(game "T" (players 4)
 (equipment {(board (rectangle 4 3)) (piece "Disc" Each (move Step (directions {E W}) (to if:(is Empty (to)))))})
 (rules (meta (no Repeat Situational))
  (start {(place "Disc1" "A1") (place "Disc2" "A2") (place "Disc3" "A3") (place "Disc4" "A4")})
  (play (or (forEach Piece) (move Pass)))
  (end (if (and (is Mover P1) (was Pass)) (result Mover Loss)))))'''


def test_the_players_still_playing_are_part_of_the_situation():
    s = play(load(OUT).initial_state(), "A1-B1", "A2-B2", "A3-B3", "A4-B4", "pass")
    assert not s.is_over() and s.mover == 2
    play(s, "B2-A2", "B3-A3", "B4-A4", "A2-B2")
    # P3's A3-B3 brings back the pieces, the movers (P3 after P2, P4 next) and the passes of the
    # situation after its first move, but P1 was still playing then
    assert texts(s) == ["A3-B3", "pass"]


# three players in a row; no pass but the one forced on a player with no move
STUCK = '''(game "T" (players 3)
 (equipment {(board (rectangle 1 6)) (piece "Disc" Each (move Step (directions {E W}) (to if:(is Empty (to)))))})
 (rules (meta (no Repeat Situational))
  (start {(place "Disc1" "A1") (place "Disc2" "B1") (place "Disc3" "F1")})
  (play (forEach Piece))
  (end (if (all Passed) (result Mover Draw)))))'''


def test_the_players_stalemated_are_part_of_the_situation():
    s = load(STUCK).initial_state()
    assert texts(s) == ["pass"]  # P1 has no move: it passes, stalemated
    play(s, "pass", "B1-C1", "F1-E1", "A1-B1", "C1-D1", "E1-F1", "B1-A1", "D1-C1")
    # F1-E1 brings back the pieces, the movers and the passes of the situation after P3's first
    # move, but P1 was stalemated then
    assert texts(s) == ["F1-E1"]
