"""Alak: every example of the seed (../shared/seeds/alak-rules.md) as position + move + result.

The seed's examples are drawn on short boards; here each is laid on the left of the real
11-slot board, the other slots empty unless a test needs more pieces (said where it matters).
"""

from __future__ import annotations

import random

import pytest

from interpreter import MoveError, load


@pytest.fixture(scope="module")
def alak():
    return load("alak")


def position(game, board: str, mover: int = 1):
    return game.state_from_text(f"board: '{board}'\nmover: {mover}\n")


def after(game, board: str, move: str, mover: int = 1):
    state = position(game, board, mover)
    state.apply(move)
    return state


def test_start_position_and_first_moves(alak):
    state = alak.initial_state()
    assert str(state) == "xxxx___oooo"
    assert state.mover == 1  # x, the left player, moves first
    # every x piece can only go right, to slot 5 (the first empty one), jumping its friends
    assert sorted(str(m) for m in state.legal_moves()) == ["1-5", "2-5", "3-5", "4-5"]


def test_jump_over_opponents_to_first_empty_slot(alak):
    # xoo__o: the x moving right jumps o o and lands on slot 4 (a second x on slot 11: with one
    # piece x would already have lost)
    assert str(after(alak, "xoo__o____x", "1-4")) == "_oox_o____x"


def test_step_into_adjacent_empty_slot(alak):
    # x__oox: the left x can move right into slot 2
    assert str(after(alak, "x__oox_____", "1-2")) == "_x_oox_____"


def test_jump_stops_at_first_empty_slot_and_captures_nothing(alak):
    # x__oox: the right x moving left jumps o o and stops at slot 3, capturing nothing
    state = after(alak, "x__oox_____", "6-3")
    assert str(state) == "x_xoo______"
    assert not state.is_over()


def test_several_adjacent_pieces_captured_at_once(alak):
    # x_oox: moving the left x right gives _xoox, which captures both o: _x__x
    state = after(alak, "x_oox___ooo", "1-2")
    assert str(state) == "_x__x___ooo"


def test_capture_of_last_pieces_wins(alak):
    state = after(alak, "x_oox______", "1-2")
    assert str(state) == "_x__x______"
    assert state.is_over() and state.result().winners == [1]


def test_long_jump_then_capture_of_three(alak):
    # xxooo_: the left-most x jumps x o o o, lands on slot 6: _xooox, the three o are removed
    state = after(alak, "xxooo___ooo", "1-6")
    assert str(state) == "_x___x__ooo"


def test_gap_prevents_capture(alak):
    # x__oox: the o are not captured, there is a gap between them and the left x
    state = position(alak, "x__oox____o")
    before = str(state)
    assert before == "x__oox____o"
    assert state.counts[2] == 3


def test_mover_captures_first_so_the_mover_survives(alak):
    # o_oxx -> the right-most x moves left to slot 2: oxox_; the o on slot 3 is captured first
    # (ox_x_), so the x on slot 2 is no longer enclosed and survives
    state = after(alak, "o_oxx____oo", "5-2")
    assert str(state) == "ox_x_____oo"


def test_suicide_when_nothing_is_captured(alak):
    # o_oox -> the x moves left to slot 2: oxoo_; no o is captured, the x is enclosed: o_oo_
    state = after(alak, "o_oox____xx", "5-2")
    assert str(state) == "o_oo_____xx"
    assert not state.is_over()


def test_suicide_down_to_one_piece_loses(alak):
    state = after(alak, "o_oox_____x", "5-2")
    assert str(state) == "o_oo______x"
    assert state.is_over()
    assert state.result().winners == [2] and state.result().losers == [1]


def test_one_piece_left_loses(alak):
    # o has two pieces; x captures one of them: o is down to one piece and has lost
    state = after(alak, "xx_ox____o_", "1-3")
    assert str(state) == "_xx_x____o_"
    assert state.is_over() and state.result().winners == [1]


def test_o_moves_both_ways(alak):
    state = position(alak, "xx___o___oo", mover=2)
    assert sorted(str(m) for m in state.legal_moves()) == ["10-9", "11-9", "6-5", "6-7"]


@pytest.mark.parametrize("text, reason", [
    ("12-13", "no site"),
    ("8-7", "not a piece of P1"),
    ("1-6", "can go to 5 only"),
    ("5-6", "empty"),
    ("garbage", "not a move"),
])
def test_illegal_moves_are_refused_with_a_reason(alak, text, reason):
    state = alak.initial_state()
    with pytest.raises(MoveError, match=reason):
        state.apply(text)
    assert str(state) == "xxxx___oooo"  # nothing changed


def test_moves_typed_as_two_slot_numbers(alak):
    state = alak.initial_state()
    state.apply("4 5")
    assert str(state) == "xxx_x__oooo"


def test_no_passing(alak):
    state = alak.initial_state()
    assert all(str(m) != "pass" for m in state.legal_moves())


def test_random_playouts_end_with_a_legal_result(alak):
    rng = random.Random(7)
    for _ in range(50):
        state = alak.initial_state()
        while not state.is_over():
            state.apply(rng.choice(state.legal_moves()))
        result = state.result()
        assert result.draw or len(result.winners) == 1
        if not result.draw:
            loser = 3 - result.winners[0]
            assert state.counts[loser] <= 1
