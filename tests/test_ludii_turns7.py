"""Who ``Next`` is while ``ifAfterwards:`` judges a move (issue 24, session 36), by Ludii's meaning.

Ludii's Do.movePassesCond applies the move on a copy (Move.apply: the mover, and State.prev,
stay as they were) and, when the mover is then also the next player (a ``moveAgain`` of the
move's consequences), sets ``Next`` to State.prev before it asks the condition: the player who
moved before (with three players, the one before the mover, not the one after), the mover
itself within a turn of several moves, and on the game's first move no one (State.prev is 0)."""

from __future__ import annotations

import pytest

from interpreter import load


def _game(players: int, cond: str) -> str:
    return f'''(game "T" (players {players}) (equipment {{(board (square 3)) (piece "Disc" Each)}})
 (rules (play (do (move Add (to (sites Empty))
                    (then (if (is In (last To) (sites Bottom)) (moveAgain))))
                  ifAfterwards:{cond}))
  (end (if (no Moves Mover) (result Mover Loss)))))'''


NOT_MOVER = _game(2, "(not (is Next Mover))")


def test_on_the_first_move_next_is_no_one_after_a_move_again():
    # P1's placements in the bottom row have P1 move again: Next is then set to the previous
    # player, no one on the first move, who is not the mover: all nine placements are legal
    s = load(NOT_MOVER).initial_state()
    assert len(s.legal_moves()) == 9
    s.apply("A1")
    assert s.mover == 1
    # within the turn the previous player is P1 itself: a bottom placement leaves Next = P1
    assert [str(m) for m in s.legal_moves()] == ["A2", "B2", "C2", "A3", "B3", "C3"]


def test_on_the_first_move_next_is_player_zero():
    s = load(_game(2, "(= (next) 0)")).initial_state()
    assert [str(m) for m in s.legal_moves()] == ["A1", "B1", "C1"]


def test_with_three_players_next_is_the_player_before_the_mover():
    # P2's turn after P1's move: a bottom placement (P2 again) is judged with Next = P1 (the
    # previous player), another with Next = P3 (the player after P2)
    g = load(_game(3, "(or (is Next P1) (= (next) 2))"))
    s = g.initial_state()
    # first move: Next is no one after a bottom placement, P2 after the others
    assert [str(m) for m in s.legal_moves()] == ["A2", "B2", "C2", "A3", "B3", "C3"]
    s.apply("C3")
    assert s.mover == 2
    assert [str(m) for m in s.legal_moves()] == ["A1", "B1", "C1"]


def test_with_three_players_next_after_a_move_again_is_not_the_mover():
    g = load(_game(3, "(not (is Next Mover))"))
    s = g.initial_state()
    s.apply("C3")
    assert s.mover == 2
    assert len(s.legal_moves()) == 8


@pytest.mark.parametrize("players,cond", [
    (2, "(not (is Next Mover))"),
    (2, "(= (next) 0)"),
    (3, "(or (is Next P1) (= (next) 2))"),
    (3, "(not (is Next Mover))"),
    (2, "(= 0 (count Pieces Next in:(sites Bottom)))"),
])
def test_the_compiled_tier_judges_next_as_the_reference_does(players, cond):
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    g = load(_game(players, cond))
    compiled = native_game(g)
    assert compiled is not None, why_not(g)
    for seed in range(6):
        assert compare_game(g, compiled, seed) is None


PREV_IN_THEN = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty))
               (then (if (is Prev Next) (set Score Mover 1) (set Score Mover 2)))))
  (end (if (is Full) (result Mover Draw)))))'''


def test_the_first_moves_consequences_see_no_previous_player():
    # Ludii's State.prev is set once a move is done (Game.apply): while the game's first move
    # acts it is still no one, not P2; P2's move sees P1, the next player
    s = load(PREV_IN_THEN).initial_state()
    s.apply("A1")
    assert s.scores[1] == 2
    s.apply("B1")
    assert s.scores[2] == 1


def test_a_consequence_kept_if_afterwards_on_the_first_move_sees_next_no_one():
    # (do (moveAgain) ifAfterwards:...) in the first move's consequences: Next is set to the
    # previous player, no one yet, so a condition on P2 fails and one on player 0 holds
    def game(cond: str) -> str:
        return f'''(game "T" (players 2) (equipment {{(board (square 3)) (piece "Disc" Each)}})
         (rules (play (move Add (to (sites Empty)) (then (do (moveAgain) ifAfterwards:{cond}))))
          (end (if (is Full) (result Mover Draw)))))'''
    s = load(game("(is Next P2)")).initial_state()
    s.apply("A1")
    assert s.mover == 2
    s = load(game("(= (next) 0)")).initial_state()
    s.apply("A1")
    assert s.mover == 1


def test_the_compiled_tier_sees_no_previous_player_in_the_first_moves_consequences():
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    g = load(PREV_IN_THEN)
    compiled = native_game(g)
    assert compiled is not None, why_not(g)
    for seed in range(4):
        assert compare_game(g, compiled, seed) is None
