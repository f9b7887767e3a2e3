"""Pente, standard rules (../shared/seeds/pente.txt): captures, lines, capture win, opening.

Positions are board pictures as the game prints them (x = White = P1, o = Black = P2).
"""

from __future__ import annotations

import random

import pytest

from interpreter import MoveError, load

SMALL = ["Board Size/9x9"]


@pytest.fixture(scope="module")
def pente9():
    return load("pente", options=SMALL)


@pytest.fixture(scope="module")
def pente19():
    return load("pente")


def position(game, picture: str, mover: int = 1, scores=(0, 0)):
    rows = "\n".join("  " + line for line in picture.strip("\n").splitlines())
    text = (f"mover: {mover}\nphase: General\nscores: {{1: {scores[0]}, 2: {scores[1]}}}\n"
            f"board: |\n{rows}\n")
    return game.state_from_text(text)


EMPTY9 = """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
"""

DIRECTIONS = {"N": (1, 0), "S": (-1, 0), "E": (0, 1), "W": (0, -1),
              "NE": (1, 1), "NW": (1, -1), "SE": (-1, 1), "SW": (-1, -1)}


def label(col: int, row: int) -> str:
    return f"{'ABCDEFGHI'[col]}{row + 1}"


def pieces_text(game, pieces: dict[str, str], mover=1, scores=(0, 0)):
    body = ", ".join(f"{k}: {v}" for k, v in pieces.items())
    return game.state_from_text(
        f"mover: {mover}\nphase: General\nscores: {{1: {scores[0]}, 2: {scores[1]}}}\npieces: {{{body}}}\n")


@pytest.mark.parametrize("direction", sorted(DIRECTIONS))
def test_capture_a_pair_in_each_direction(pente9, direction):
    dr, dc = DIRECTIONS[direction]
    c, r = 4, 4  # E5
    pieces = {label(c + dc, r + dr): "Ball2", label(c + 2 * dc, r + 2 * dr): "Ball2",
              label(c + 3 * dc, r + 3 * dr): "Ball1", "A9": "Ball2", "I1": "Ball2"}
    state = pieces_text(pente9, pieces)
    state.apply("E5")
    assert state.what[pente9.topology.site(label(c + dc, r + dr))] == 0
    assert state.what[pente9.topology.site(label(c + 2 * dc, r + 2 * dr))] == 0
    assert state.scores[1] == 2
    assert state.counts[2] == 2


def test_captures_in_all_eight_directions_at_once(pente9):
    pieces = {}
    for dr, dc in DIRECTIONS.values():
        pieces[label(4 + dc, 4 + dr)] = "Ball2"
        pieces[label(4 + 2 * dc, 4 + 2 * dr)] = "Ball2"
        pieces[label(4 + 3 * dc, 4 + 3 * dr)] = "Ball1"
    state = pieces_text(pente9, pieces)
    state.apply("E5")
    assert state.counts[2] == 0
    assert state.scores[1] == 16
    assert state.is_over() and state.result().winners == [1]  # 16 >= 10 captured stones


def test_no_capture_of_a_single_stone_or_of_three(pente9):
    state = position(pente9, """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . o x . . . . . .
2 . . . . . . . . .
1 . o o o x . . . .
""")
    state.apply("A3")  # x . o x  : a single o is not captured
    assert state.who[pente9.topology.site("B3")] == 2
    state.apply("I9")  # o somewhere harmless
    state.apply("A1")  # x o o o x : three are not captured
    assert [state.who[pente9.topology.site(s)] for s in ("B1", "C1", "D1")] == [2, 2, 2]
    assert state.scores[1] == 0


def test_no_capture_when_placing_into_a_bracket(pente9):
    # o x _ o : x plays the gap and forms o x x o; nothing happens to x (standard rule)
    state = position(pente9, """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . o x . o . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
""")
    state.apply("D5")
    assert [state.who[pente9.topology.site(s)] for s in ("B5", "C5", "D5", "E5")] == [2, 1, 1, 2]
    assert state.scores == [0, 0, 0]


def test_five_in_a_row_wins(pente9):
    state = position(pente9, """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 x x . x x . . . .
4 o o o o . . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
""")
    state.apply("C5")
    assert state.is_over() and state.result().winners == [1]


def test_four_is_not_enough(pente9):
    state = position(pente9, EMPTY9.replace("5 . . . . .", "5 x x . x ."))
    state.apply("C5")
    assert not state.is_over()


def test_overline_wins(pente9):
    state = position(pente9, """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 x x x . x x . . .
4 o o o o . . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
""")
    state.apply("D5")  # six in a row
    assert state.is_over() and state.result().winners == [1]


def test_diagonal_line_near_the_edge_wins(pente9):
    state = pieces_text(pente9, {"A1": "Ball2", "B2": "Ball2", "C3": "Ball2", "E5": "Ball2",
                                 "I9": "Ball1", "H9": "Ball1"}, mover=2)
    state.apply("D4")
    assert state.is_over() and state.result().winners == [2]


def test_capture_win_at_exactly_ten_stones(pente9):
    pieces = {"B5": "Ball2", "C5": "Ball2", "D5": "Ball1"}
    state = pieces_text(pente9, pieces, scores=(8, 0))
    state.apply("A5")
    assert state.scores[1] == 10
    assert state.is_over() and state.result().winners == [1]


def test_eight_captured_stones_do_not_win(pente9):
    pieces = {"B5": "Ball2", "C5": "Ball2", "D5": "Ball1"}
    state = pieces_text(pente9, pieces, scores=(6, 0))
    state.apply("A5")
    assert state.scores[1] == 8 and not state.is_over()


def test_capture_at_the_board_edge(pente9):
    # pair along the bottom edge, the capturing stone in the corner
    state = pieces_text(pente9, {"B1": "Ball2", "C1": "Ball2", "D1": "Ball1"})
    state.apply("A1")
    assert state.counts[2] == 0 and state.scores[1] == 2


def test_no_wrap_around_the_edge(pente9):
    # I1 and A2 are consecutive site numbers but not neighbours on the board
    state = pieces_text(pente9, {"H1": "Ball2", "I1": "Ball2", "A2": "Ball1", "B2": "Ball1"})
    state.apply("G1")
    assert state.counts[2] == 2


def test_standard_opening_first_stone_on_the_centre(pente19):
    state = pente19.initial_state()
    assert [str(m) for m in state.legal_moves()] == ["J10"]
    with pytest.raises(MoveError):
        state.apply("A1")
    state.apply("J10")
    assert state.mover == 2
    assert len(state.legal_moves()) == 19 * 19 - 1


@pytest.mark.parametrize("size, centre", [("9x9", "E5"), ("13x13", "G7"), ("15x15", "H8"), ("19x19", "J10")])
def test_board_sizes(size, centre):
    game = load("pente", options=[f"Board Size/{size}"])
    n = int(size.split("x")[0])
    assert game.topology.n == n * n
    assert [str(m) for m in game.initial_state().legal_moves()] == [centre]


def test_white_moves_first(pente19):
    assert pente19.initial_state().mover == 1


def test_random_playouts_end(pente9):
    rng = random.Random(3)
    for _ in range(20):
        state = pente9.initial_state()
        while not state.is_over():
            state.apply(rng.choice(state.legal_moves()))
        result = state.result()
        assert result.over and (result.draw or len(result.winners) == 1)


def test_full_board_is_a_draw():
    # a tiny board filled without any line or capture ends when both players must pass
    game = load("""
(game "Mini" (players 2) (equipment {(board (square 2) use:Vertex) (piece "Ball" Each)})
  (rules (play (move Add (to (sites Empty)))) (end (if (is Line 5) (result Mover Win)))))
""")
    state = game.initial_state()
    for move in ["A1", "B1", "A2", "B2"]:
        state.apply(move)
    assert [str(m) for m in state.legal_moves()] == ["pass"]
    state.apply("pass")
    state.apply("pass")
    assert state.is_over() and state.result().draw


def test_illegal_placements_are_explained(pente9):
    state = pente9.initial_state()
    with pytest.raises(MoveError, match=r"placing on A1 is not allowed now \(legal: E5\)"):
        state.apply("A1")
    with pytest.raises(MoveError, match="no site 'J10' on this board"):
        state.apply("J10")
    state.apply("e5")  # labels are case-insensitive
    with pytest.raises(MoveError, match="E5 is occupied"):
        state.apply("E5")
