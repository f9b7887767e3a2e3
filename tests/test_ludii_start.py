"""Ludii's start rules' signatures, decks, dice as equipment and util forms (issue 24, session
31): each form with Ludii's signature, its meaning tested on a small position."""

from __future__ import annotations

import pytest

from interpreter import LudError, load


def game(rules: str, equipment: str = '(board (square 3)) (piece "Disc" Each)', players: int = 2):
    return load(f'(game "T" (players {players}) (equipment {{{equipment}}}) (rules {rules}))')


PLAY = '(play (move Add (to (sites Empty)))) (end (if (is Full) (result All Draw)))'


# --- util values --------------------------------------------------------------------------------
def test_values_takes_the_site_type_of_the_board_and_a_range():
    from interpreter.ludemes.puzzles import PUZZLE
    g = load('(game "P" (players 1) (equipment {(board (square 2) (values Cell (range 1 3)))}) '
             '(rules (play (satisfy (all Different))) (end (if (is Solved) (result P1 Win)))))')
    assert g.initial_state().arrays[PUZZLE] == [0b1110] * 4


def test_values_of_another_kind_of_site_is_refused():
    with pytest.raises(LudError):
        load('(game "P" (players 1) (equipment {(board (square 2) (values Vertex (range 1 3)))}) '
             '(rules (play (satisfy (all Different))) (end (if (is Solved) (result P1 Win)))))')
