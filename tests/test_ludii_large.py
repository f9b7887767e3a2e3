"""Ludii's large pieces: a component's walk traced from its site with its local state
(``Component.locs``), ``sites LargePiece`` and ``size LargePiece``, on small positions whose
answers follow from Ludii's classes (``SitesLargePiece``, ``SizeLargePiece``); Ludii's dominoes
are large pieces of two cells by four."""

from __future__ import annotations

import pytest

from interpreter import LudError, load
from interpreter.bind import bind
from interpreter.compile.compiler import Compiler
from interpreter.engine.env import Env
from interpreter.ludemes.large import locs, walks_of
from interpreter.syntax.parser import parse


def evaluate(game, state, text: str):
    ludeme = bind(parse(text).forms[0])
    return ludeme.compile(Compiler(game))(state, Env())


def game(start: str, board: str = "(board (square 7))"):
    return load(f'''(game "L" (players 2) (equipment {{{board} (piece "Disc" Each) (hand Each size:2)
        (domino "Domino12" Shared value:1 value2:2)}})
        (rules (start {{{start}}}) (play (move Add (to (sites Empty))))
        (end (if (is Full) (result Mover Win)))))''')


def names(g, sites) -> set[str]:
    return {g.topology.labels[x] for x in sites}


def test_a_domino_walks_two_cells_by_four_facing_the_state_direction():
    g = game('(place "Domino12" (coord "C3"))')
    domino = next(c for c in g.components if c.name == "Domino12")
    walks = walks_of(domino)
    assert walks is not None and len(walks) == 1 and len(walks[0]) == 13
    c3 = g.topology.site("C3")
    # state 0 faces North: up one, then right along two rows
    assert names(g, locs(g.topology, walks, c3, 0)) == {"C3", "C4", "D4", "D3", "E3", "E4", "F4", "F3"}
    # state 1 faces East: the same shape turned a quarter clockwise (down from C3 it leaves the board)
    assert locs(g.topology, walks, c3, 1) == []
    assert names(g, locs(g.topology, walks, g.topology.site("C5"), 1)) == {
        "C5", "D5", "D4", "C4", "C3", "D3", "D2", "C2"}
    # a state naming no walk (one walk, four directions): nothing, and so is a walk off the board
    assert locs(g.topology, walks, c3, 4) == []
    assert locs(g.topology, walks, g.topology.site("G7"), 0) == []


def test_sites_large_piece_covers_the_walk_from_the_site():
    g = game('(place "Domino12" (coord "C3")) (place "Disc1" (coord "A1"))')
    s = g.initial_state()
    assert names(g, evaluate(g, s, '(sites LargePiece at:(coord "C3"))')) == {
        "C3", "C4", "D4", "D3", "E3", "E4", "F4", "F3"}
    assert names(g, evaluate(g, s, '(sites LargePiece at:(coord "A1"))')) == {"A1"}  # a piece of one site
    assert list(evaluate(g, s, '(sites LargePiece at:(coord "B5"))')) == []  # empty


def test_size_large_piece_counts_cells_of_large_pieces_and_one_for_others():
    g = game('(place "Domino12" (coord "C3")) (place "Disc1" (coord "A1")) (place "Disc2" (handSite P2))')
    s = g.initial_state()
    assert evaluate(g, s, '(size LargePiece at:(coord "C3"))') == 8
    assert evaluate(g, s, '(size LargePiece at:(coord "A1"))') == 1
    assert evaluate(g, s, '(size LargePiece at:(coord "B5"))') == 0
    assert evaluate(g, s, '(size LargePiece in:(sites Occupied by:All))') == 10  # a hand's disc too
    assert evaluate(g, s, '(size LargePiece in:(sites Hand P2))') == 1  # a hand's piece counts too


def test_size_large_piece_takes_in_or_at():
    with pytest.raises(LudError):
        load('''(game "L" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
            (rules (play (move Add (to (sites Empty)))) (end (if (= 1 (size LargePiece)) (result Mover Win)))))''')
