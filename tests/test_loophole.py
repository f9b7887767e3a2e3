"""Loophole (descriptions/loophole.lud) against its rules (../shared/seeds/loophole.txt): the
board and its coordinates, the start, the eight figures and the loops they show, White's loops
mirrored, random games that always end with a winner, and the small variant."""

from __future__ import annotations

import io
import random
import re
import sys
from functools import cache
from pathlib import Path

import pytest

from interpreter import load
from interpreter.cli import main
from interpreter.engine.result import Termination
from interpreter.errors import LudError

ROOT = Path(__file__).resolve().parents[1]
FIGURES = Path(__file__).parent / "fixtures" / "loophole" / "figures.txt"
COLUMNS = "ABCDEFGHIJKLMNOPQRS"
W1 = {f"{c}{r}" for r in (5, 6, 7) for c in "MNO"}
W2 = {f"{c}{r}" for r in (13, 14, 15) for c in "EFG"}
BLACK_START = "M4 N4 O4 M8 N8 O8 E12 F12 G12 E16 F16 G16".split()
WHITE_START = "L5 L6 L7 P5 P6 P7 D13 D14 D15 H13 H14 H15".split()

# what each figure shows for Black (the reading of the rules, which every figure agrees with)
FIGURE_LOOPS = {
    1: "",
    2: "two loops: {W0} {W1}",
    3: "one loop: {W1,W2}",
    4: "one loop: {W0,W2}",
    5: "one loop: {W0,W1,W2}",
    6: "one loop: {W1}",
    7: "three loops: {W0} {W1} {W0,W1}",
    8: "three loops: {W0} {W1,W2} {W0,W1,W2}",
}


def seed_figures(path: Path = FIGURES) -> dict[int, str]:
    """The rules' figures as board pictures this game reads: each row's number, then its cells,
    without the border marks ("O" at both ends of a row, the lines of "#") and with the rules'
    symbols ("#" Black, "O" White) turned into ours (x, o). The figures' rows lost their
    indentation, which a picture does not need; row 7 ends with a misprinted "6"."""
    figures: dict[int, list[str]] = {}
    current = None
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.strip()
        heading = re.match(r"Figure (\d+)", text)
        if heading:
            current = int(heading.group(1))
            figures[current] = []
        elif current is not None and text[:1].isdigit():
            number, border, *cells, end_border, _ = text.split()
            assert border == end_border == "O", line
            figures[current].append(number + " " + " ".join({"#": "x", "O": "o"}.get(c, c) for c in cells))
    return {n: "\n".join(rows) for n, rows in figures.items()}


FIGURES_TEXT = seed_figures()


def position(figure: int, mover: int) -> str:
    """A position (YAML) with the board of a figure and the player to move."""
    rows = "".join(f"  {row}\n" for row in FIGURES_TEXT[figure].splitlines())
    return f"game: Loophole\nmover: {mover}\nboard: |\n{rows}"


@cache
def game(text: str = "loophole"):
    return load(text)


@cache
def any_loop_wins():
    """Loophole where one loop is enough: the reason the game ends lists every loop the mover has."""
    text = (ROOT / "descriptions" / "loophole.lud").read_text(encoding="utf-8")
    assert text.count("(>= (count Loops Mover) 2)") == 1
    return load(text.replace("(>= (count Loops Mover) 2)", "(>= (count Loops Mover) 1)"))


def quiet_cell(state) -> str:
    """An empty cell away from Black's stones and edges: a Black stone there changes no loop."""
    topo = state.game.topology
    for site, label in enumerate(topo.labels):
        row = int(label[1:])
        if state.what[site] or row in (1, 19):
            continue
        if all(state.who[t] != 1 for t in topo.neighbours["Adjacent"][site]):
            return label
    raise AssertionError("no quiet cell")


def black_loops(figure: int) -> str:
    """Black's loops in a figure, through the public API: Black plays a quiet stone, and the
    game where one loop wins says which loops Black has."""
    state = any_loop_wins().state_from_text(position(figure, mover=1))
    state.apply(quiet_cell(state))
    return state.result().reason if state.is_over() else ""


# --- the board -----------------------------------------------------------------------------------
def test_board_is_a_19x19_rhombus_with_two_3x3_windows():
    topo = game().topology
    assert topo.n == 19 * 19 - 18
    every = {f"{c}{r}" for c in COLUMNS for r in range(1, 20)}
    assert set(topo.labels) == every - W1 - W2


def seed_neighbours(label: str) -> set[str]:
    """The rules' neighbours of (row r, column c): (r, c±1), (r±1, c), (r−1, c+1), (r+1, c−1)."""
    c, r = COLUMNS.index(label[0]), int(label[1:])
    out = set()
    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0), (-1, 1), (1, -1)):
        if 0 <= c + dc < 19 and 1 <= r + dr <= 19:
            out.add(f"{COLUMNS[c + dc]}{r + dr}")
    return out - W1 - W2


def test_every_cell_has_the_rules_neighbours():
    topo = game().topology
    for site, label in enumerate(topo.labels):
        assert {topo.labels[t] for t in topo.neighbours["Adjacent"][site]} == seed_neighbours(label), label


@pytest.mark.parametrize("a, b", [("D4", "C5"), ("L10", "M9"), ("A1", "B1"), ("A1", "A2"), ("S19", "R19")])
def test_neighbours_drawn_in_the_figures(a, b):
    topo = game().topology
    assert topo.site(b) in topo.neighbours["Adjacent"][topo.site(a)]


def test_corners():
    topo = game().topology
    count = {label: len(topo.neighbours["Adjacent"][topo.site(label)]) for label in ("A1", "S1", "A19", "S19")}
    assert count == {"A1": 2, "S19": 2, "S1": 3, "A19": 3}  # A1 and S19 are the acute corners


# --- the start and the pictures ------------------------------------------------------------------
def test_start_is_figure_1_and_black_moves_first():
    start = game().initial_state()
    figure = game().state_from_text(position(1, mover=1))
    assert (start.what, start.who) == (figure.what, figure.who)
    topo = game().topology
    assert sorted(topo.labels[s] for s, p in enumerate(start.who) if p == 1) == sorted(BLACK_START)
    assert sorted(topo.labels[s] for s, p in enumerate(start.who) if p == 2) == sorted(WHITE_START)
    assert start.mover == 1
    assert len(start.legal_moves()) == topo.n - 24 and "pass" not in {str(m) for m in start.legal_moves()}


def test_the_board_prints_as_the_rules_draw_it():
    lines = str(game().initial_state()).splitlines()
    assert lines[0].split() == list(COLUMNS) and lines[-1].split() == list(COLUMNS)
    rows = lines[1:-1]
    assert [row.split()[0] for row in rows] == [str(r) for r in range(1, 20)]
    # each row half a cell right of the one above: its first cell one character further
    firsts = [len(row) - len(row.split(None, 1)[1]) for row in rows]
    assert [b - a for a, b in zip(firsts, firsts[1:])] == [1] * 18
    # the windows are gaps: row 5 reads L5 (o), three blanks, P5 (o)
    assert "o       o" in rows[4] and rows[4].split()[1:-1] == list("...........oo...")
    # each figure prints with its own symbols, row by row
    for n, picture in FIGURES_TEXT.items():
        printed = str(game().state_from_text(position(n, mover=1))).splitlines()[1:-1]
        for shown, drawn in zip(printed, picture.splitlines()):
            assert shown.split()[1:-1] == drawn.split()[1:], (n, drawn)


def test_positions_round_trip():
    for n in FIGURES_TEXT:
        state = any_loop_wins().state_from_text(position(n, mover=1))
        again = state.game.state_from_text(state.to_text())
        assert again.snapshot() == state.snapshot()


# --- the figures -----------------------------------------------------------------------------------
@pytest.mark.parametrize("figure", sorted(FIGURE_LOOPS))
def test_figure_loops(figure):
    assert black_loops(figure) == FIGURE_LOOPS[figure]


@pytest.mark.parametrize("figure, last", [(2, "C19"), (7, "K19"), (8, "E19")])
def test_black_wins_in_figures_2_7_8(figure, last):
    # the figure is a finished game: as a position after Black's move it needs its result
    with pytest.raises(LudError, match="P1 the win"):
        game().state_from_text(position(figure, mover=2))
    # without its last stone Black has fewer than two loops; the stone wins
    rows = FIGURES_TEXT[figure].splitlines()
    column, row = COLUMNS.index(last[0]), int(last[1:])
    cells = rows[row - 1].split()
    assert cells[1 + column] == "x"
    cells[1 + column] = "."
    rows[row - 1] = " ".join(cells)
    text = "game: Loophole\nmover: 1\nboard: |\n" + "".join(f"  {r}\n" for r in rows)
    state = game().state_from_text(text)
    assert not state.is_over()
    state.apply(last)
    result = state.result()
    assert result.over and result.winners == [1] and not result.draw
    assert result.reason == FIGURE_LOOPS[figure] and result.termination is Termination.LOOP


@pytest.mark.parametrize("figure", [1, 3, 4, 5, 6])
def test_one_loop_or_none_does_not_win(figure):
    state = game().state_from_text(position(figure, mover=2))  # Black has just moved: no win
    assert not state.is_over()
    state.apply(quiet_cell(state))  # White
    state.apply(quiet_cell(state))  # Black
    assert not state.is_over()


# --- White, mirrored -----------------------------------------------------------------------------
def white_position(stones: list[str], mover: int = 2) -> object:
    start = game().initial_state()
    topo = game().topology
    pieces = {topo.labels[s]: f"Stone{p}" for s, p in enumerate(start.who) if p}
    pieces.update({label: "Stone2" for label in stones})
    text = f"game: Loophole\nmover: {mover}\npieces: {{{', '.join(f'{k}: {v}' for k, v in pieces.items())}}}\n"
    return game().state_from_text(text)


LEFT_TO_W1 = [f"{c}6" for c in "ABCDEFGHIJK"]  # the left edge to W1's left rim (L6)
W1_TO_RIGHT = ["Q6", "R6"]  # W1's right rim (P6) to the right edge, but for S6
UNDER_W1 = ["L8", "L9", "M9", "N9", "O9", "P8"]  # L7 round below Black's M8-O8 to P7


def test_white_goes_round_a_window_from_left_to_right():
    state = white_position(UNDER_W1[:-1])
    state.apply("P8")
    assert not state.is_over()  # one loop, {W1}
    state = white_position(UNDER_W1[:-1] + LEFT_TO_W1 + W1_TO_RIGHT)  # {W0,W1} already
    state.apply("P8")  # now left edge, both rims and the right edge are one node but for S6
    assert not state.is_over()
    state.apply("A10")  # Black
    state.apply("S6")
    result = state.result()
    assert result.winners == [2] and result.reason == "three loops: {W0} {W1} {W0,W1}"


def test_white_double_loop_through_the_border_and_a_window():
    state = white_position(LEFT_TO_W1 + W1_TO_RIGHT)
    state.apply("S6")
    assert not state.is_over()  # {W0,W1} only
    rows = [f"{c}10" for c in COLUMNS]  # a straight crossing: the left edge to the right edge
    state = white_position(LEFT_TO_W1 + W1_TO_RIGHT + ["S6"] + rows[:-1])
    state.apply("S10")  # joins the two nodes: {W0}, {W1}, {W0,W1}
    assert state.result().winners == [2] and state.result().reason == "three loops: {W0} {W1} {W0,W1}"


def test_white_top_to_bottom_is_no_loop_for_white():
    column = [f"J{r}" for r in range(1, 19)]
    state = white_position(column)
    state.apply("J19")
    assert not state.is_over()  # top to bottom is Black's way round the border, not White's


def test_black_rims_are_not_white_rims():
    # Black's stones round W1 from left to right do nothing for Black
    state = game().initial_state()
    for black, white in zip(["L8", "L9", "M9", "N9", "O9", "P8"], ["A1", "A2", "A3", "A4", "A5", "A6"]):
        state.apply(black)
        state.apply(white)
    assert not state.is_over()


# --- whole games ---------------------------------------------------------------------------------
def test_random_games_always_end_with_a_winner():
    g = game()
    empty = g.topology.n - 24
    for seed in range(200):
        rng = random.Random(seed)
        state = g.initial_state()
        while not state.is_over():
            state.apply(rng.choice(state.legal_moves()))
        result = state.result()
        assert result.winners in ([1], [2]) and not result.draw, seed
        assert result.termination is Termination.LOOP and re.fullmatch(r"\w+ loops: (\{[W012,]+\} ?)+", result.reason)
        assert state.ply <= empty  # no later than the placement that fills the board


def test_undo_takes_back_a_win():
    state = any_loop_wins().state_from_text(position(6, mover=1))
    before = state.snapshot()
    state.apply(quiet_cell(state))
    assert state.is_over()
    state.undo()
    assert state.snapshot() == before and not state.is_over()


def test_command_line_apply_uses_the_rules_coordinates(capsys):
    code = main(["apply", "loophole", "--moves", "J10 K10 D4"])
    out = capsys.readouterr().out
    assert code == 0
    rows = {line.split()[0]: line for line in out.splitlines() if line.strip()[:1].isdigit()}
    assert rows["10"].split()[1:-1][9:11] == ["x", "o"] and rows["4"].split()[4] == "x"
    assert "P2 to move" in out


# --- the small variant ---------------------------------------------------------------------------
def test_small_variant_board_and_start():
    small = load("loophole-small")
    assert small.topology.n == 11 * 11 - 8
    start = small.initial_state()
    assert sum(1 for p in start.who if p == 1) == 8 and sum(1 for p in start.who if p == 2) == 8
    lines = str(start).splitlines()
    assert lines[0].split() == list("ABCDEFGHIJK") and "x x" in lines[2]


def test_small_variant_random_games_end_with_a_winner():
    small = load("loophole-small")
    lengths = []
    for seed in range(200):
        rng = random.Random(seed)
        state = small.initial_state()
        while not state.is_over():
            state.apply(rng.choice(state.legal_moves()))
        assert state.result().winners in ([1], [2]), seed
        lengths.append(state.ply)
    assert max(lengths) <= small.topology.n - 16


def test_small_variant_a_win():
    small = load("loophole-small")
    state = small.initial_state()
    # Black: round W1 outside White's rim (G2 F2 E3 E4 E5 F5 G5) and from the top edge to the
    # bottom edge down column B
    black = ["F2", "E3", "E4", "E5", "F5"] + [f"B{r}" for r in range(1, 11)]
    white = [f"K{r}" for r in range(1, 12)] + ["J1", "J2", "J3", "J4"]
    for b, w in zip(black, white):
        state.apply(b)
        if state.is_over():
            break
        state.apply(w)
    assert not state.is_over()
    state.apply("B11")
    assert state.result().winners == [1] and state.result().reason == "two loops: {W0} {W1}"


def test_play_shows_which_symbol_is_whose(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("J10\nquit\n"))
    assert main(["play", "loophole", "--p2", "random", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "pieces: x P1  o P2" in out and "P1 plays J10" in out and "P2 plays" in out
