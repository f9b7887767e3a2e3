"""Ludii's own space, math and experimental files that run unmodified (``../shared/ludii-sample/``),
each pinned by a position worked out by hand from the file and Ludii's ludeme classes."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import load

SAMPLE = Path(__file__).resolve().parents[1].parent / "shared" / "ludii-sample"

pytestmark = pytest.mark.skipif(not SAMPLE.is_dir(), reason=f"{SAMPLE} not present")


def game(name: str, options=()):
    return load(SAMPLE / f"{name}.lud", options=list(options))


def texts(state) -> set[str]:
    """The legal moves' texts, a placement's piece name left out."""
    return {m.text.split("@")[-1] for m in state.legal_moves()}


def test_first_attack_no_piece_in_line_with_another():
    # (all Sites (sites Direction from:(to) Adjacent) if:(is Empty (site))): Adjacent on a square
    # board is its eight directions, so D4 rules out its rook and bishop lines (27 sites)
    state = game("board__space__blocking__First Attack").initial_state()
    state.apply("D4")
    assert len(texts(state)) == 63 - 27
    assert not {"D8", "A4", "H8", "A1", "G1"} & texts(state) and {"E6", "B5"} <= texts(state)


def test_spots_no_neighbouring_marker():
    state = game("board__space__blocking__Spots").initial_state()
    assert len(texts(state)) == 61
    state.apply("E5")
    assert len(texts(state)) == 61 - 7  # the site and its six neighbours


def test_flume_a_third_occupied_neighbour_gives_another_move():
    # 7x7 inside a wall of neutral discs (the outer sites of a 9x9 board); a placement scores 1
    # and moves again when more than two of its orthogonal neighbours are occupied
    state = game("board__space__territory__Flume").initial_state()
    state.apply("C3")  # no occupied neighbour
    assert state.mover == 2
    state.apply("F6")
    state.apply("B2")  # walls A2 and B1: two, P2 moves
    assert state.mover == 2
    state.apply("H8")  # walls H9 and I8: two
    state.apply("C2")  # wall C1, and B2 and C3 (P1's): three, P1 moves again
    assert state.mover == 1 and state.scores[1] == 3


def test_hop_through_first_moves_hop_over_the_second_row():
    state = game("experimental__HopThrough").initial_state()
    assert texts(state) == {"A1-A3", "A1-C3", "B1-B3", "B1-D3", "C1-A3", "C1-C3", "C1-E3", "D1-B3", "D1-D3",
                            "D1-F3", "E1-C3", "E1-E3", "E1-G3", "F1-D3", "F1-F3", "F1-H3", "G1-E3", "G1-G3",
                            "H1-F3", "H1-H3"}


def test_wagner_steps_along_the_graphs_edges():
    state = game("math__graph__Wagner").initial_state()
    # P1 on vertices 0, 5, 6; the empty vertices 3 (A3) and 4 (D2) are reached by 6-3 and 5-4
    assert texts(state) == {"B4-A3", "D3-D2"}


def test_hexade_hexagon_of_six_wins():
    g = game("board__space__pattern__Hexade")
    ring = ["I9", "I8", "H7", "G7", "G8", "H9"]  # the six cells around H8
    pieces = ", ".join(f"{x}: Marker1" for x in ring[:5])
    state = g.state_from_text(f"mover: 1\npieces: {{{pieces}, A1: Marker2, B1: Marker2}}\n")
    other = state.clone()
    state.apply("H9")
    assert state.is_over() and state.result().winners == [1]
    other.apply("C3")
    assert not other.is_over()


def test_atari_go_first_capture_wins_and_suicide_is_illegal():
    g = game("board__space__territory__Atari Go", ["Board Size/9x9"])
    state = g.state_from_text("mover: 1\npieces: {E5: Marker2, E4: Marker1, D5: Marker1, F5: Marker1,"
                              " A2: Marker1, B1: Marker1, H8: Marker2}\n")
    assert "A1" in texts(state)
    other = state.clone()
    state.apply("E6")  # E5 has no liberty left: captured, and the first capture wins
    assert state.what[g.topology.site("E5")] == 0
    assert state.is_over() and state.result().winners == [1]
    other.apply("H2")
    assert "A1" not in texts(other)  # P2 at A1 would have no liberty and capture nothing
    assert "E6" in texts(other)
