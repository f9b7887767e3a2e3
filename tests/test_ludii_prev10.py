"""Ludii's ``Prev`` (issue 24, session 38), by Ludii's meaning: ``State.prev``.

Ludii's Game.applyInternal sets ``State.prev`` to the move's mover once the move is done (after
its consequences, the end rules and the phases; also when the game is over) and only then makes
the next player the mover. So ``Prev`` (``(prev)``, ``is Prev``, ``of:Prev``) is the mover of the
last move: no one (0) before the first move is done, the mover itself within a turn of several
moves, and whoever moved last when the turn order skipped players (a player ranked out of a game
of three or more, ``(set NextPlayer ...)``) -- not the seat before the mover. While a move acts,
it is still the player of the move before it."""

from __future__ import annotations

import pytest

from interpreter import load
from interpreter.engine.turns import prev_player

# P1 wins with its first move and leaves the game; a player whose Prev is P1 may only pass; each
# placement scores its mover the (prev) its consequences see
RANKED_OUT = '''(game "T" (players 3) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (if (is Prev P1) (move Pass) (move Add (to (sites Empty)) (then (set Score Mover (prev))))))
  (end {(if (is Mover P1) (result P1 Win)) (if (is Full) (result Mover Draw))})))'''


def _texts(state) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def test_before_the_first_move_prev_is_no_one():
    s = load(RANKED_OUT).initial_state()
    assert prev_player(s) == 0
    assert len(_texts(s)) == 9
    s.apply("A1")  # its consequences saw (prev) 0
    assert s.scores[1] == 0


def test_a_player_ranked_out_is_skipped_and_prev_is_who_moved_last():
    s = load(RANKED_OUT).initial_state()
    s.apply("A1")
    assert s.mover == 2 and not s.is_over()
    assert prev_player(s) == 1 and _texts(s) == ["pass"]  # P1 moved last
    s.apply("pass")
    assert s.mover == 3 and prev_player(s) == 2
    s.apply("B1")
    assert s.scores[3] == 2  # P2 moved before P3's placement
    # P2 again: P3 moved last, not P1 (the seat before P2, out of the game)
    assert s.mover == 2 and prev_player(s) == 3
    assert "pass" not in _texts(s) and len(_texts(s)) == 7
    s.apply("C1")
    assert s.scores[2] == 3
    assert s.mover == 3 and prev_player(s) == 2


# P1's placements give the turn to P3 (skipping P2)
NEXT_PLAYER = '''(game "T" (players 3) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty))
   (then (and (set Score Mover (prev)) (if (is Mover P1) (set NextPlayer (player 3)))))))
  (end (if (is Full) (result Mover Draw)))))'''


def test_after_set_next_player_prev_is_the_player_who_chose():
    s = load(NEXT_PLAYER).initial_state()
    s.apply("A1")
    assert s.mover == 3 and prev_player(s) == 1  # not P2, the seat before P3
    s.apply("B1")
    assert s.scores[3] == 1
    assert s.mover == 1 and prev_player(s) == 3
    s.apply("C1")
    assert s.scores[1] == 3


# a placement in the bottom row is followed by another move of the same player; (count Pieces
# Prev) is the previous mover's pieces
MOVE_AGAIN = '''(game "T" (players 3) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty))
   (then (and (set Score Mover (+ (* 10 (prev)) (count Pieces Prev)))
              (if (is In (last To) (sites Bottom)) (moveAgain))))))
  (end (if (is Full) (result Mover Draw)))))'''


def test_within_a_turn_of_several_moves_prev_is_the_mover():
    s = load(MOVE_AGAIN).initial_state()
    s.apply("A1")
    assert s.mover == 1 and prev_player(s) == 1
    s.apply("B1")  # its consequences see P1 as Prev, with its two pieces
    assert s.scores[1] == 12
    s.apply("A2")
    assert s.scores[1] == 13 and s.mover == 2 and prev_player(s) == 1
    s.apply("B2")  # P2's first move: P1 moved before it, with three pieces
    assert s.scores[2] == 13


def test_undo_clone_and_a_position_keep_prev():
    g = load(RANKED_OUT)
    s = g.initial_state()
    s.apply("A1")
    s.apply("pass")
    s.apply("B1")
    assert prev_player(s) == 3
    copy = s.clone()
    assert prev_player(copy) == 3
    read = g.state_from_text(s.to_text())
    assert prev_player(read) == 3 and _texts(read) == _texts(s)
    s.apply("C1")
    assert prev_player(s) == 2
    s.undo()
    assert prev_player(s) == 3 and prev_player(copy) == 3
    s.undo()
    assert prev_player(s) == 2


@pytest.mark.parametrize("text", [RANKED_OUT, MOVE_AGAIN])
def test_the_compiled_tier_reads_prev_as_the_reference_does(text):
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    g = load(text)
    compiled = native_game(g)
    assert compiled is not None, why_not(g)
    for seed in range(4):
        assert compare_game(g, compiled, seed) is None
