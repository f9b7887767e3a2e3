"""Ludii's winners of a game of more than two players, checked against Ludii's Java (session 40).

End.applyResult gives every player a ``Win`` result makes a place among Ludii's winners
(``Context.addWinner``), whatever their rank: in a game of three where P1 wins first and P2
wins next, P1 is ranked 1, P2 2 and P3, the one left, 3; the game's winner (Ludii's status) is
P1 alone, but P1 and P2 are both winners, and a match (``Context.advanceInstance``: with more
than two players 1 point per winner, or the subgame's ``result:`` for each winner) scores both.
A loss that leaves one player makes the best-ranked player a winner (the one left wins when
nobody won before); the one left after a win is not a winner. ``byScore``'s first is a winner.
"""

from __future__ import annotations

import pytest

from interpreter import load
from interpreter.engine.matchplay import NEXT_INSTANCE
from interpreter.native.api import native_game, why_not
from interpreter.native.conformance import compare_game

# three players place in turn; whoever holds two pieces after their move wins (or loses)
THREE = """(game "{name}" (players 3) (equipment {{(board (square 3)) (piece "Disc" Each)}})
  (rules (play (move Add (to (sites Empty))))
    (end (if (>= (count Pieces Mover) 2) (result Mover {kind})))))"""


def _game(tmp_path, kind: str = "Win", name: str = "Three"):
    path = tmp_path / f"{name}.lud"
    path.write_text(THREE.format(name=name, kind=kind))
    return load(path)


def _play(state, cells) -> None:
    for cell in cells:
        state.apply(cell)


def test_a_second_winner_is_ranked_second_and_is_one_of_ludiis_winners(tmp_path):
    state = _game(tmp_path).initial_state()
    _play(state, ("A1", "A2", "A3", "B1"))  # P1's second piece: P1 wins, P2 and P3 play on
    assert not state.is_over() and state.mover == 2
    state.apply("B2")  # P2's second piece: P2 wins too, P3 is left (ranked after them)
    result = state.result()
    assert result.over and result.winners == [1]  # Ludii's status: the player ranked first
    assert result.ranking == {1: 1, 2: 2, 3: 3}
    assert result.won == [1, 2]  # Ludii's winners: both won; P3, left over, did not


def test_losses_that_leave_one_player_make_that_player_a_winner(tmp_path):
    state = _game(tmp_path, "Loss").initial_state()
    _play(state, ("A1", "A2", "A3", "B1"))  # P1 loses (ranked last), P2 and P3 play on
    state.apply("B2")  # P2 loses: P3 is left, ranked first, and wins
    result = state.result()
    assert result.winners == [3] and result.won == [3]
    assert result.ranking == {1: 3, 2: 2, 3: 1}


def test_a_loss_after_a_win_leaves_the_last_player_out_of_the_winners(tmp_path):
    """P1 wins (rank 1), P2 loses (rank 3): P3, left, is ranked 2 but is no winner; the best
    ranked, P1, is (End.applyResult's loss that leaves one player)."""
    sub = """(game "Mixed" (players 3) (equipment {(board (square 3)) (piece "Disc" Each)})
      (rules (play (move Add (to (sites Empty))))
        (end {(if (and (is Mover P1) (>= (count Pieces Mover) 2)) (result Mover Win))
              (if (and (is Mover P2) (>= (count Pieces Mover) 2)) (result Mover Loss))})))"""
    path = tmp_path / "Mixed.lud"
    path.write_text(sub)
    state = load(path).initial_state()
    _play(state, ("A1", "A2", "A3", "B1", "B2"))
    result = state.result()
    assert result.ranking == {1: 1, 2: 3, 3: 2}
    assert result.winners == [1] and result.won == [1]


@pytest.mark.parametrize("result,points", [("", [1, 1, 0]), (" result:5", [5, 5, 0])])
def test_a_match_of_three_scores_every_winner_of_a_game(tmp_path, result, points):
    """Context.advanceInstance: with more than two players each of the game's winners (Ludii's
    winners, not only the first) scores 1, or the subgame's ``result:`` evaluated for each."""
    _game(tmp_path)
    (tmp_path / "M.lud").write_text(f'(match "M" (players 3) (games (subgame "Three"{result})) '
                                    '(end (if (>= (matchScore P2) 10) (result P2 Win))))')
    state = load(tmp_path / "M.lud").initial_state()
    _play(state, ("A1", "A2", "A3", "B1", "B2", NEXT_INSTANCE))
    assert state.match_scores[1:] == points


@pytest.mark.parametrize("kind", ["Win", "Loss"])
def test_the_compiled_tier_keeps_ludiis_winners_as_the_reference_does(tmp_path, kind):
    game = _game(tmp_path, kind, name=f"Three{kind}")
    compiled = native_game(game)
    assert compiled is not None, why_not(game)
    for seed in range(4):
        assert compare_game(game, compiled, seed) is None
