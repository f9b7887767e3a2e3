"""Play checked against Ludii's Java for files suspected of differing (issue 24, session 39).

Each test states a rule of Ludii's that the suspected files rely on, on a small inline game:
- ``game.rules.end.If``: when the condition holds and no sub-condition gives a result, the
  default result (the last argument) applies; with none, the rule gives no result and
  ``End.eval`` goes on to the next rule, so the game continues (mancala rounds: Sungka, Sonka);
- ``main.options.GameOptions.computeOptionSelections``: an option left unselected takes the
  first item of the highest priority (most stars), even when later items are starred as well
  (Ludus Coriovalli, Faraday);
- ``game.functions.graph.operators.Subdivide``: on a board of vertices the cells are traced
  again (``makeFaces``), a pivot is added for each of them from the last to the first, and
  nothing is sorted afterwards (``Board.createTopology`` keeps the graph's order): Onek Rong's
  costs are set on the hexagons' corners 0-23, the centres are 24-30;
- ``End.applyResult`` with more than two players: a player's win takes them out with the top
  rank and the others play on (Shing Quon Tu's sixteen players).
"""

from __future__ import annotations

import math

from interpreter import load
from interpreter.engine.boards import hexagonal, operators


def play(state, *texts: str):
    for text in texts:
        state.apply(next(m for m in state.legal_moves() if m.text == text))
    return state


def game(end: str, players: int = 2, board: str = "(square 3)") -> object:
    return load(f'(game "T" (players {players}) (equipment {{(board {board}) (piece "Disc" Each)}}) '
                f'(rules (play (or (move Add (to (sites Empty))) (move Pass))) (end {end})))')


# --- end If: sub-conditions, then the default result -------------------------------------------------
def test_end_if_falls_through_to_its_default_result_when_no_sub_condition_holds():
    g = game('(if (is Full) {(if (= 0 1) (result P1 Win)) (if (= 0 2) (result P1 Loss))} (result P2 Win))',
             board="(square 1)")
    s = play(g.initial_state(), "A1")
    assert s.is_over() and s.winners == (2,)


def test_end_if_takes_the_first_sub_condition_that_holds_before_its_default():
    g = game('(if (is Full) {(if (= 0 1) (result P1 Win)) (if (= 1 1) (result P1 Win))} (result P2 Win))',
             board="(square 1)")
    s = play(g.initial_state(), "A1")
    assert s.is_over() and s.winners == (1,)


def test_end_if_without_default_and_no_sub_condition_gives_no_result_and_play_goes_on():
    # Sungka's round end: (if (all Passed) {(if (> 7 ...) ...) (if (> 7 ...) ...)}) with neither
    g = game('{(if (is Full) {(if (= 0 1) (result P1 Win))}) (if (= 1 2) (result P2 Win))}', board="(square 2)")
    s = play(g.initial_state(), "A1", "B1", "A2", "B2")
    assert not s.is_over()
    assert [m.text for m in s.legal_moves()] == ["pass"]


# --- option defaults: the first item of the most stars ------------------------------------------------
OPTIONS = '''(game "T" (players 2) (equipment {(board (square <Size:n>)) (piece "Disc" Each)})
  (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Win)))))
(option "Size" <Size> args:{<n>} {
  (item "2" <2> "two") (item "3" <3> "three")* (item "4" <4> "four") (item "5" <5> "five")* })'''


def test_an_option_takes_its_first_starred_item_when_several_have_the_most_stars():
    g = load(OPTIONS)
    assert g.topology.n == 9
    assert len(g.initial_state().legal_moves()) == 9


def test_an_option_takes_the_item_of_most_stars_wherever_it_stands():
    g = load(OPTIONS.replace('(item "5" <5> "five")*', '(item "5" <5> "five")**'))
    assert g.topology.n == 25


# --- subdivide on a board of vertices -----------------------------------------------------------------
def test_subdivided_hexagons_of_vertices_keep_the_corners_first_and_add_centres_last_face_first():
    hexes = hexagonal.hex(2, use="Vertex")
    out = operators.subdivide(hexes, use="Vertex")
    assert len(out.vertices) == 31 and out.faces == []
    assert out.vertices[:24] == hexes.vertices  # corners keep their (sorted) numbers
    # the faces traced from vertex 0 upwards: (0,0) first, (1.73,0), the middle row, the top row;
    # their pivots are added from the last face to the first
    centres = [(round(x, 3), round(y, 3)) for x, y in out.vertices[24:]]
    r3 = round(math.sqrt(3), 3)
    assert centres == [(r3, 3.0), (0.0, 3.0), (round(1.5 * r3, 3), 1.5), (round(r3 / 2, 3), 1.5),
                       (round(-r3 / 2, 3), 1.5), (r3, 0.0), (0.0, 0.0)]


def test_a_subdivided_board_of_vertices_joins_each_centre_to_its_six_corners():
    g = load('(game "T" (players 2) (equipment {(board (subdivide (hex 2)) use:Vertex) (piece "Disc" Each)}) '
             '(rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Win)))))')
    t = g.topology
    assert t.n == 31
    assert sorted(t.neighbours_of(30, ["Adjacent"])) == [0, 2, 3, 5, 6, 9]
    assert sorted(t.neighbours_of(0, ["Adjacent"])) == [2, 3, 30]


# --- more than two players: a winner leaves, the others play on ---------------------------------------
def test_with_three_players_a_win_takes_the_winner_out_and_the_others_play_on():
    g = game('(if (is In (last To) (sites {0 1 2})) (result Mover Win))', players=3)
    s = play(g.initial_state(), "A1")
    assert not s.is_over()
    assert s.mover == 2
    play(s, "B2", "C3")  # P2, then P3: neither on the bottom row
    assert s.mover == 2  # P1 is out of the turn order
    play(s, "B1")
    assert s.is_over() and s.winners[:1] == (1,)
    assert s.result().ranks == {1: 1, 2: 2, 3: 3}  # P2's win ranks them second, P3 is left last
