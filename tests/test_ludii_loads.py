"""Ludii's forms some sample files needed to load (issue 24): each on a small position, by its
meaning in Ludii."""

from __future__ import annotations

from interpreter import load


def game(rules: str, equipment: str = '(board (square 3)) (piece "Disc" Each)', players: int = 2):
    return load(f'(game "T" (players {players}) (equipment {{{equipment}}}) (rules {rules}))')


def texts(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


# --- (player): the player iterated -------------------------------------------------------------
def test_player_without_arguments_is_the_player_visited_where_a_number_is_wanted():
    # Ludii's ints.iterator.Player: P2 (the only player other than the mover P1) loses at once
    g = game('(play (move Add (to (sites Empty)))) '
             '(end (forEach Player if:(and (!= (player) (mover)) (= (player) 2)) (result Player Loss)))')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.is_over() and s.result().winners == [1]


def test_player_as_a_role_argument_of_no_pieces():
    g = game('(play (move Add (to (sites Empty)))) '
             '(end (forEach Player if:(no Pieces of:(player)) (result Player Loss)))')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])  # P1 has a piece, P2 none: P2 loses
    assert s.is_over() and s.result().winners == [1]
