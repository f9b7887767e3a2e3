"""The issue's target files, run unmodified from Ludii's repository (``../shared/ludii-sample/``;
Connect6 from ``tests/data/ludii/``): every option of each loads, and a few positions per file
pin the rules (worked out by hand from the files and Ludii's ludeme classes).

Ludii's own random games on these files are replayed in ``test_ludii_traces.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter import load

SAMPLE = Path(__file__).resolve().parents[1].parent / "shared" / "ludii-sample"
DATA = Path(__file__).resolve().parent / "data" / "ludii"

TARGETS = ["board__space__line__Gomoku", "board__space__line__Pente", "board__space__line__Keryo-Pente",
           "board__space__line__Tic-Tac-Four", "board__space__line__Tic-Tac-Toe Misere",
           "board__space__line__Tic-Tac-Toe", "board__space__connection__Hex",
           "board__space__connection__Havannah", "experimental__Double-Run Stone"]

needs_sample = pytest.mark.skipif(not SAMPLE.is_dir(), reason=f"{SAMPLE} not present")


def sample(name: str) -> Path:
    return SAMPLE / f"{name}.lud"


def option_sets(path: Path) -> list[list[str]]:
    """The defaults, then each item of each option alone (Double-Run Stone: every grid with
    every order, as its traces do)."""
    text = path.read_text(encoding="utf-8")
    options: dict[str, list[str]] = {}
    for block in re.split(r"\n\(option ", text)[1:]:
        label = re.match(r'"([^"]+)"', block).group(1)
        options[label] = re.findall(r'\(item "([^"]+)"', block)
    if "Board Grid" in options:
        return [[f"Board Grid/{g}", f"Board Size/{s}"] for g in options["Board Grid"] for s in options["Board Size"]]
    return [[]] + [[f"{label}/{item}"] for label, items in options.items() for item in items]


@needs_sample
@pytest.mark.parametrize("name", TARGETS)
def test_every_option_of_a_target_file_loads(name):
    path = sample(name)
    for options in option_sets(path):
        state = load(path, options=options).initial_state()
        assert state.legal_moves(), f"{name} {options}: no first move"


def play(path, moves, options=()):
    state = load(path, options=list(options)).initial_state()
    for move in moves:
        assert not state.is_over(), f"over before {move}"
        state.apply(move)
    return state


# --- Hex: a winning chain ------------------------------------------------------------------------
@needs_sample
def test_hex_winning_chain_joins_the_movers_two_sides():
    # P1 owns sides SW (column A) and NE (column E) of the 5x5 rhombus: row 3 joins them
    path = sample("board__space__connection__Hex")
    state = play(path, ["A3", "A1", "B3", "B1", "C3", "C1", "D3", "D1"], ["Board Size/5x5", "Swap Rules/Off"])
    assert not state.is_over()
    state.apply("E3")
    assert state.is_over() and state.result().winners == [1]
    # in the misere game, the same chain loses
    state = play(path, ["A3", "A1", "B3", "B1", "C3", "C1", "D3", "D1", "E3"],
                 ["Board Size/5x5", "Swap Rules/Off", "End Rules/Misere"])
    assert state.is_over() and state.result().winners == [2]


@needs_sample
def test_hex_swap_is_offered_to_the_second_player_only():
    state = load(sample("board__space__connection__Hex"), options=["Board Size/5x5"]).initial_state()
    assert "swap" not in [m.text for m in state.legal_moves()]
    state.apply("C3")
    assert "swap" in [m.text for m in state.legal_moves()]


# --- Havannah: ring, bridge and fork ---------------------------------------------------------------
HAVANNAH = ["Board Size/5x5"]
FAR = ["E7", "F7", "G7", "H7", "E8", "F8", "G8"]  # P2's stones, away from everything


@needs_sample
@pytest.mark.parametrize("stones", [
    ["F6", "F5", "E4", "D4", "D5", "E6"],  # ring: the six cells around E5 (empty)
    ["A1", "B1", "C1", "D1", "E1"],  # bridge: corners A1 and E1 along the bottom edge
    ["A3", "B3", "B2", "B1", "C2", "D2", "E2", "F2"],  # fork: sides A2-A4, B1-D1 and F2-H4
], ids=["ring", "bridge", "fork"])
def test_havannah_ring_bridge_and_fork_win(stones):
    moves = []
    for i, stone in enumerate(stones[:-1]):
        moves += [stone, FAR[i]]
    state = play(sample("board__space__connection__Havannah"), moves, HAVANNAH)
    assert not state.is_over() and state.mover == 1
    state.apply(stones[-1])
    assert state.is_over() and state.result().winners == [1]


@needs_sample
def test_havannah_corners_do_not_count_as_sides_for_a_fork():
    # a chain from corner A1 along the bottom side to C1 touches one side (and a corner): no win
    state = play(sample("board__space__connection__Havannah"), ["A1", "E7", "B1", "F7", "C1"], HAVANNAH)
    assert not state.is_over()


# --- Gomoku: five wins, overline by its option ---------------------------------------------------
def gomoku_position(options, p1, p2):
    game = load(sample("board__space__line__Gomoku"), options=["Board Size/9x9"] + options)
    pieces = ", ".join([f"{x}: Marker1" for x in p1] + [f"{x}: Marker2" for x in p2])
    return game.state_from_text(f"mover: 1\npieces: {{{pieces}}}\n")


@needs_sample
def test_gomoku_five_in_a_row_wins():
    state = gomoku_position([], ["A1", "B1", "C1", "D1"], ["A9", "B9", "C9", "D9"])
    state.apply("E1")
    assert state.is_over() and state.result().winners == [1]


@needs_sample
@pytest.mark.parametrize("options, wins", [([], False), (["End Rules/Free-style"], True)])
def test_gomoku_overline_wins_only_in_free_style(options, wins):
    # A1-C1 and E1-F1: D1 makes six in a row
    state = gomoku_position(options, ["A1", "B1", "C1", "E1", "F1"], ["A9", "B9", "C9", "E9", "F9"])
    state.apply("D1")
    assert state.is_over() is wins
    if wins:
        assert state.result().winners == [1]


@needs_sample
def test_gomoku_open_outer_first_stone_in_the_outer_two_rings():
    state = load(sample("board__space__line__Gomoku"), options=["Opening/Open-Outer"]).initial_state()
    texts = {m.text for m in state.legal_moves()}
    assert len(texts) == 15 * 15 - 11 * 11 and {"A1", "B2", "N14", "O15"} <= texts and "C3" not in texts


# --- Connect6: two stones per turn ---------------------------------------------------------------
def test_connect6_two_stones_a_turn_after_a_one_stone_opening():
    state = load(DATA / "Connect6.lud").initial_state()
    movers = []
    for move in ["J10", "A1", "A2", "K10", "K11", "B1"]:
        movers.append(state.mover)
        state.apply(move)
    assert movers == [1, 2, 2, 1, 1, 2]
    assert state.mover == 2


def test_connect6_six_in_a_row_wins():
    game = load(DATA / "Connect6.lud")
    state = game.state_from_text("mover: 1\nply: 11\nphase: Playing\n"
                                 "pieces: {A1: Marker1, B1: Marker1, C1: Marker1, D1: Marker1, E1: Marker1,"
                                 " A19: Marker2, B19: Marker2, C19: Marker2, D19: Marker2, E19: Marker2}\n")
    state.apply("F1")
    assert state.is_over() and state.result().winners == [1]


# --- Pente and Keryo-Pente: pairs (and triples) captured -------------------------------------------
@needs_sample
@pytest.mark.parametrize("name, size, captures", [
    ("board__space__line__Pente", 2, True), ("board__space__line__Pente", 3, False),
    ("board__space__line__Keryo-Pente", 2, True), ("board__space__line__Keryo-Pente", 3, True),
])
def test_pente_custodial_capture_of_pairs_keryo_also_triples(name, size, captures):
    game = load(sample(name))
    between = ["K10", "L10", "M10"][:size]
    pieces = ", ".join(["J10: Ball1"] + [f"{x}: Ball2" for x in between] + ["A1: Ball2"])
    state = game.state_from_text(f"mover: 1\nphase: General\npieces: {{{pieces}}}\n")
    end = {2: "M10", 3: "N10"}[size]
    state.apply(end)
    taken = all(state.what[game.topology.site(x)] == 0 for x in between)
    assert taken is captures
    # Ludii's custodial makes one move per enclosed stone, each with the then (addScore Mover 1):
    # a point per stone (Pente's file wins above 9, five pairs; Keryo-Pente's above 14)
    assert state.scores[1] == (size if captures else 0)


# --- Tic-Tac-Four: Ludii's ranking with four players ------------------------------------------------
@needs_sample
def test_tic_tac_four_a_winner_leaves_and_the_others_play_on():
    game = load(sample("board__space__line__Tic-Tac-Four"))
    # P2 completes B1-B2-B3 with P2 to move: P2 is ranked first, and P3, P4, P1 play on
    state = game.state_from_text("mover: 2\npieces: {B1: Cross, B2: Cross, A5: Disc, C5: Y, E5: Z}\n")
    state.apply("B3")
    assert not state.is_over()
    assert state.arrays["ranks"][2] == 1 and state.mover == 3
    for move in ["D1", "D5", "A1"]:  # P3, P4, P1
        state.apply(move)
    assert state.mover == 3  # P2 is skipped


@needs_sample
def test_tic_tac_four_ends_when_one_player_is_left():
    game = load(sample("board__space__line__Tic-Tac-Four"))
    state = game.state_from_text(
        "mover: 1\npieces: {A1: Disc, A2: Disc, B1: Cross, B2: Cross, B3: Cross, C1: Y, C2: Y, C3: Y,"
        " E5: Z}\nvars:\n  ranks: [0, 0, 1, 2, 0]\n")
    state.apply("A3")  # P1 third: P4 is left and fourth
    result = state.result()
    assert state.is_over() and result.winners == [2]
    assert list(state.arrays["ranks"][1:]) == [3, 1, 2, 4]


# --- Double-Run Stone: hands of sites, crowded sites, double runs -----------------------------------
@needs_sample
def test_double_run_stone_hands_hold_five_four_three():
    game = load(sample("experimental__Double-Run Stone"), options=["Board Grid/Square grid", "Board Size/Order 3"])
    state = game.initial_state()
    assert len(state.arrays["hand_sites"]) == 30
    names = [game.components[w].name if w else "" for w in state.arrays["hand_sites"][:15]]
    assert names.count("1Dot1") == 5 and names.count("2Dot1") == 4 and names.count("3Dot1") == 3
    state.apply("1Dot1@A1")  # a placement takes the piece from the lowest hand site holding one
    names = [game.components[w].name if w else "" for w in state.arrays["hand_sites"][:15]]
    assert names.count("1Dot1") == 4 and names[9] == ""


@needs_sample
def test_double_run_stone_a_double_run_ends_the_game_by_score():
    game = load(sample("experimental__Double-Run Stone"), options=["Board Grid/Square grid", "Board Size/Order 4"])
    state = game.initial_state()
    # P1: A1 (1), A2 (2), A3 (3) then A4 (1): 1123, a double run of ones; P2 plays far away
    for move in ["1Dot1@A1", "1Dot2@D4", "2Dot1@A2", "1Dot2@D3", "3Dot1@A3", "2Dot2@D1"]:
        state.apply(move)
    state.apply("1Dot1@A4")
    assert state.is_over() and state.result().winners == [1]
    assert state.scores[1] == 3 + 1 - 1 - 1  # 3Dot: 3, 2Dot: 1, each 1Dot: -1
