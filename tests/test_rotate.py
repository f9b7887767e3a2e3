"""Ludii's (rotate DEGREES BOARD): a board turned about its centre, sites kept in their order."""

from __future__ import annotations

import math

import pytest

from interpreter import load
from interpreter.engine.boards import build_sites, hex, rotate, square

DIAMOND = "(game \"G\" (players 2) (equipment {(board %s) (piece \"Disc\" Each)}) " \
          "(rules (play (move Add (to (sites Empty))))))"


def test_rotation_is_anticlockwise_about_the_bounding_box_centre():
    board = square(2)  # vertices (0,0) .. (2,2): centre (1, 1)
    turned = rotate(board, 90)
    for (x, y), (tx, ty) in zip(board.vertices, turned.vertices):
        assert tx == pytest.approx(1 - (y - 1)) and ty == pytest.approx(1 + (x - 1))
    assert turned.edges == board.edges and turned.faces == board.faces
    assert board.vertices == square(2).vertices  # the argument is left unchanged


def test_a_full_turn_changes_nothing_but_rounding():
    board = hex("Diamond", 5)
    for (x, y), (tx, ty) in zip(board.vertices, rotate(board, 360).vertices):
        assert math.isclose(x, tx, abs_tol=1e-9) and math.isclose(y, ty, abs_tol=1e-9)


def test_hex_diamond_laid_down_has_horizontal_rows_and_the_same_neighbours():
    upright = build_sites(hex("Diamond", 5))
    laid = build_sites(rotate(hex("Diamond", 5), -30))
    assert laid.labels == upright.labels  # same site order, same measured labels
    assert [set(n) for n in laid.relations["Orthogonal"]] == [set(n) for n in upright.relations["Orthogonal"]]
    rows = {round(y, 3) for _, y in laid.positions}
    assert len(rows) == 5  # five horizontal rows of five hexagons
    # a neighbour along a row is straight east or west
    a1 = laid.index("A1")
    east = [t for t in laid.relations["Orthogonal"][a1] if abs(laid.positions[t][1] - laid.positions[a1][1]) < 1e-3]
    assert [laid.labels[t] for t in east] == ["B1"]


def test_rotate_in_a_description_prints_rows_of_hexagons():
    game = load(DIAMOND % "(rotate -30 (hex Diamond 3))")
    assert game.topology.n == 9
    picture = str(game.initial_state()).splitlines()
    assert picture[0].split() == ["A", "B", "C"]  # column letters over the top row
    assert picture[1].split() == ["3", ".", ".", ".", "3"]
    assert picture[3].split() == ["1", ".", ".", ".", "1"]
    assert picture[3].index(".") == picture[1].index(".") + 2  # each row half a cell right of the one above


def test_rotate_accepts_numbers_known_before_play():
    game = load(DIAMOND % "(rotate (+ 40 5) (square 3))")
    assert game.topology.n == 9
