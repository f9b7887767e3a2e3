"""Ludii's conditions (issue 24, the ``booleans`` family and the boolean forms among the ints):
each with Ludii's signature and meaning (``Core/src/game/functions/booleans`` of Ludeme/Ludii),
tested on small positions whose answer follows from Ludii's code."""

from __future__ import annotations

import pytest

from interpreter import LudError, load


def game(rules: str, equipment: str = '(board (square 3)) (piece "Disc" Each)', players: int = 2):
    return load(f'(game "T" (players {players}) (equipment {{{equipment}}}) (rules {rules}))')


def texts(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


def wins(rules_end: str, moves: list[str], play: str = "(move Add (to (sites Empty)))",
         equipment: str = '(board (square 3)) (piece "Disc" Each)', start: str = "") -> bool:
    """Whether the end condition holds once ``moves`` are played (the mover of the last wins)."""
    g = game(f"{start} (play {play}) (end (if {rules_end} (result Mover Win)))", equipment)
    s = g.initial_state()
    for m in moves:
        assert not s.is_over(), m
        s.apply(m)
    return s.is_over()


# --- site types -----------------------------------------------------------------------------------
def test_is_empty_and_occupied_take_the_boards_site_type():
    g = load('(game "T" (players 2) (equipment {(board (square 3) use:Vertex) (piece "Disc" Each)}) '
             '(rules (play (move Add (to (sites Board) if:(is Empty Vertex (to))))) '
             '(end (if (is Occupied Vertex 4) (result Mover Win)))))')
    s = g.initial_state()
    assert len(texts(s)) == 9
    with pytest.raises(LudError, match="vertex"):
        game('(play (move Add (to (sites Board) if:(is Empty Vertex (to))))) (end (if (is Full) (result Mover Win)))')


def test_no_pieces_and_is_threatened_take_a_site_type():
    assert wins("(no Pieces Cell Next)", ["A1"])  # P2 has none after P1's first move
    assert not wins("(no Pieces Cell Mover)", ["A1"])
    g = game('(play (move Add (to (sites Empty) if:(not (is Threatened Cell at:(to)))))) '
             '(end (if (is Full) (result Mover Win)))')
    assert len(texts(g.initial_state())) == 9  # no enemy move lands on an occupied site


def test_is_within_looks_at_the_last_move_by_default_and_needs_a_piece():
    assert not wins('(is Within (id "Disc" P2))', ["A1"])  # the last move's site holds P1's piece
    assert wins('(is Within (id "Disc" P2))', ["A1", "B1"])
    assert wins('(is Within (id "Disc" P2) in:(sites {7 8}))', ["A1", "C3"])
    with pytest.raises(LudError, match="needs the piece"):
        wins("(is Within at:(last To))", [])


def test_is_even_and_odd_need_their_number():
    assert wins("(is Even (count Moves))", ["A1", "B1"])
    assert wins("(is Odd (count Moves))", ["A1"])
    assert not wins("(is Even (count Moves))", ["A1"])
    with pytest.raises(LudError, match="needs the number"):
        wins("(is Even)", [])
