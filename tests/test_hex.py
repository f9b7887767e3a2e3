"""Hex, as Ludii writes it: a rhombus of hexagons, sides owned by the players, the swap rule."""

from __future__ import annotations

import random

import pytest

from interpreter import IllegalMoveError, Termination, load


def game(*options: str):
    return load("hex", options=list(options))


def test_board_and_sides():
    g = game("Board Size/5x5", "Swap Rules/Off")
    topo = g.topology
    assert topo.n == 25 and topo.tiling == "hexagonal"
    label = lambda sites: sorted(topo.labels[s] for s in sites)  # noqa: E731
    assert [label(r) for r in g.player_regions[1]] == [["E1", "E2", "E3", "E4", "E5"],
                                                        ["A1", "A2", "A3", "A4", "A5"]]
    assert [label(r) for r in g.player_regions[2]] == [["A5", "B5", "C5", "D5", "E5"],
                                                        ["A1", "B1", "C1", "D1", "E1"]]


def play(g, texts):
    state = g.initial_state()
    for text in texts:
        state.apply(text)
    return state


def test_a_chain_joining_the_sides_wins():
    g = game("Board Size/5x5", "Swap Rules/Off")
    # P1 joins column A to column E along row 3; P2 plays elsewhere
    state = play(g, ["A3", "A5", "B3", "B5", "C3", "C5", "D3", "D5"])
    assert not state.is_over()
    state.apply("E3")
    result = state.result()
    assert result.winners == [1] and result.termination is Termination.CONNECTION


def test_misere_makes_the_connector_lose():
    g = game("Board Size/5x5", "Swap Rules/Off", "End Rules/Misere")
    state = play(g, ["A3", "A5", "B3", "B5", "C3", "C5", "D3", "D5", "E3"])
    assert state.result().winners == [2]


def test_the_swap_rule_is_offered_once_to_the_second_player():
    g = game("Board Size/5x5")
    state = g.initial_state()
    assert "swap" not in [m.text for m in state.legal_moves()]
    state.apply("C3")
    assert "swap" in [m.text for m in state.legal_moves()]
    state.apply("swap")
    # the seats exchanged: the first player's pieces and goal now belong to the second seat
    assert state.seat(1) == 2 and state.seat(2) == 1 and state.mover == 2
    assert "swap" not in [m.text for m in state.legal_moves()]
    text = state.to_text()
    assert g.state_from_text(text).seats == state.seats
    state.undo()
    assert state.seats == (0, 1, 2)
    state.apply("B2")
    with pytest.raises(IllegalMoveError):
        state.apply("swap")


def test_random_games_always_have_a_winner():
    g = game("Board Size/7x7")
    for seed in range(20):
        rng = random.Random(seed)
        state = g.initial_state()
        while not state.is_over():
            state.apply(rng.choice(state.legal_moves()))
        assert state.result().winners and not state.result().draw
