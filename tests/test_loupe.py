"""Loupe (../shared/seeds/loupe.txt): two-stone turns on the points of a hexagon of triangles,
groups valued by their shortest loop.

Positions are board pictures as the game prints them (x = Black = P1, o = White = P2), on the
7-point board unless said otherwise. A group's value is read through the public API: the
position is set one pass before the end (``passes: 1``), the mover passes, and the result's
reason states the values compared; ``Game.explain`` lists the groups with their values.
"""

from __future__ import annotations

import random

import pytest

from interpreter import IllegalMoveError, MoveError, load
from interpreter.engine.result import Termination


@pytest.fixture(scope="module")
def loupe7():
    return load("loupe", options=["Board Size/7"])


@pytest.fixture(scope="module")
def compound7():
    return load("loupe", options=["Board Size/7", "Modality/Compound"])


def position(game, picture: str, mover: int = 1, passes: int = 0, turn_moves: int = 0, phase: str = "Play"):
    rows = "\n".join("  " + line for line in picture.strip("\n").splitlines())
    return game.state_from_text(f"mover: {mover}\nphase: {phase}\npasses: {passes}\nturn_moves: {turn_moves}\n"
                                f"board: |\n{rows}\n")


def final(game, picture: str):
    """The game ended on ``picture``: one player passed, the other passes now."""
    state = position(game, picture, mover=2, passes=1)
    state.apply("pass")
    assert state.is_over()
    return state.result()


def values(game, picture: str) -> tuple[str, str]:
    """The value list of each player in the simple modality (from the result's reason)."""
    reason = final(game, picture).reason
    assert reason.startswith("every player passed; values P1: "), reason
    p1, p2 = reason.split("values ", 1)[1].split("; ")
    return p1.removeprefix("P1: "), p2.removeprefix("P2: ")


# --- pictures ----------------------------------------------------------------------------------------

RING = """
13       . . . . . . . 13
12      . . . . . . . . 12
11     . . . . . . . . . 11
10    . . . . . . . . . . 10
 9   . . . . . . . . . . . 9
 8  . . . . . x x . . . . . 8
 7 . . . . . x . x . . . . . 7
 6  . . . . . x x . . . . . 6
 5   . . . . . . . . . . . 5
 4    . . . . . . . . . . 4
 3     . . . . . . . . . 3
 2      . . . . . . . . 2
 1       . . . . . . . 1
"""

RING_AROUND_ENEMY = """
13       . . . . . . . 13
12      . . . . . . . . 12
11     . . . . . . . . . 11
10    . . . . . . . . . . 10
 9   . . . . . . . . . . . 9
 8  . . . . . x x . . . . . 8
 7 . . . . . x o x . . . . . 7
 6  . . . . . x x . . . . . 6
 5   . . . . . . . . . . . 5
 4    . . . . . . . . . . 4
 3     . . . . . . . . . 3
 2      . . . . . . . . 2
 1       . . . . . . . 1
"""

RING_PLUS_ONE = """
13       . . . . . . . 13
12      . . . . . . . . 12
11     . . . . . . . . . 11
10    . . . . . . . . . . 10
 9   . . . . . . . . . . . 9
 8  . . . . . x x . . . . . 8
 7 . . . . x x . x . . . . . 7
 6  . . . . . x x . . . . . 6
 5   . . . . . . . . . . . 5
 4    . . . . . . . . . . 4
 3     . . . . . . . . . 3
 2      . . . . . . . . 2
 1       . . . . . . . 1
"""

RING_PLUS_THREE = """
13       . . . . . . . 13
12      . . . . . . . . 12
11     . . . . . . . . . 11
10    . . . . . . . . . . 10
 9   . . . . . . . . . . . 9
 8  . . . . . x x . . . . . 8
 7 . . x x x x . x . . . . . 7
 6  . . . . . x x . . . . . 6
 5   . . . . . . . . . . . 5
 4    . . . . . . . . . . 4
 3     . . . . . . . . . 3
 2      . . . . . . . . 2
 1       . . . . . . . 1
"""

FILLED = """
13       . . . . . . . 13
12      . . . . . . . . 12
11     . . . . . . . . . 11
10    . . . . . . . . . . 10
 9   . . . . . . . . . . . 9
 8  . . . . . x x . . . . . 8
 7 . . . . . x x x . . . . . 7
 6  . . . . . x x . . . . . 6
 5   . . . . . . . . . . . 5
 4    . . . . . . . . . . 4
 3     . . . . . . . . . 3
 2      . . . . . . . . 2
 1       . . . . . . . 1
"""

TRIANGLE = """
13       . . . . . . . 13
12      . . . . . . . . 12
11     . . . . . . . . . 11
10    . . . . . . . . . . 10
 9   . . . . . . . . . . . 9
 8  . . . . . . x . . . . . 8
 7 . . . . . . x x . . . . . 7
 6  . . . . . . . . . . . . 6
 5   . . . . . . . . . . . 5
 4    . . . . . . . . . . 4
 3     . . . . . . . . . 3
 2      . . . . . . . . 2
 1       . . . . . . . 1
"""

TWO_POINTS = """
13       . . . . . . . 13
12      . . . . . . . . 12
11     . . . . . . . . . 11
10    . . . . . . . . . . 10
 9   . . . . . . . . . . . 9
 8  . . . . . x x x . . . . 8
 7 . . . . . x . . x . . . . 7
 6  . . . . . x x x . . . . 6
 5   . . . . . . . . . . . 5
 4    . . . . . . . . . . 4
 3     . . . . . . . . . 3
 2      . . . . . . . . 2
 1       . . . . . . . 1
"""

# one group around G7 (a loop of 6) and around J7+K7 (a loop of 8): 14 stones
TWO_HOLES = """
13       . . . . . . . 13
12      . . . . . . . . 12
11     . . . . . . . . . 11
10    . . . . . . . . . . 10
 9   . . . . . . . . . . . 9
 8  . . . . . x x . x x x . 8
 7 . . . . . x . x x . . x . 7
 6  . . . . . x x . x x x . 6
 5   . . . . . . . . . . . 5
 4    . . . . . . . . . . 4
 3     . . . . . . . . . 3
 2      . . . . . . . . 2
 1       . . . . . . . 1
"""

# a ring around B2, next to the edge: it uses the edge points A2, A1 (a corner) and B1
EDGE_RING = """
13       . . . . . . . 13
12      . . . . . . . . 12
11     . . . . . . . . . 11
10    . . . . . . . . . . 10
 9   . . . . . . . . . . . 9
 8  . . . . . . . . . . . . 8
 7 . . . . . . . . . . . . . 7
 6  . . . . . . . . . . . . 6
 5   . . . . . . . . . . . 5
 4    . . . . . . . . . . 4
 3     . x x . . . . . . 3
 2      x . x . . . . . 2
 1       x x . . . . . 1
"""

# a wall along the edge: row 1 is cut off, but the edge closes no loop
WALL = """
13       . . . . . . . 13
12      . . . . . . . . 12
11     . . . . . . . . . 11
10    . . . . . . . . . . 10
 9   . . . . . . . . . . . 9
 8  . . . . . . . . . . . . 8
 7 . . . . . . . . . . . . . 7
 6  . . . . . . . . . . . . 6
 5   . . . . . . . . . . . 5
 4    . . . . . . . . . . 4
 3     . . . . . . . . . 3
 2      x x x x x x x x 2
 1       . . . . . . . 1
"""

# a bay against the edge: the stones and the edge surround A6..C5, but the edge closes nothing
BAY = """
13       . . . . . . . 13
12      . . . . . . . . 12
11     . . . . . . . . . 11
10    . . . . . . . . . . 10
 9   . . . . . . . . . . . 9
 8  x x x x . . . . . . . . 8
 7 . . . x . . . . . . . . . 7
 6  . . . x . . . . . . . . 6
 5   . . . x . . . . . . . 5
 4    x x x . . . . . . . 4
 3     . . . . . . . . . 3
 2      . . . . . . . . 2
 1       . . . . . . . 1
"""

# Black: a loop of 8 (8) and a loop of 6 with 11 more stones (-5); White: a loop of 6 (6)
MODALITIES = """
13       . . . . . . . 13
12      . . . . . . . . 12
11     . o o . . . . . . 11
10    . o . o . . . . . . 10
 9   . . o o . . . . . . . 9
 8  . . . . . . . . x x x . 8
 7 . . . . . . . . x . . x . 7
 6  . . . . . . . . x x x . 6
 5   . . . x x . . . . . . 5
 4    . . x . x . . . . . 4
 3     . . x x . . . . . 3
 2      x x x x x x x x 2
 1       x x x . . . . 1
"""

# Black: 6 and -3 (a loop of 6 with 9 more stones); White: 6
MISSING = """
13       . . . . . . . 13
12      . . . . . . . . 12
11     . o o . . . . . . 11
10    . o . o . . . . . . 10
 9   . . o o . . . . . . . 9
 8  . . . . . . . . x x . . 8
 7 . . . . . . . . x . x . . 7
 6  . . . . . . . . x x . . 6
 5   . . . x x . . . . . . 5
 4    . . x . x . . . . . 4
 3     . . x x . . . . . 3
 2      x x x x x x x x 2
 1       x . . . . . . 1
"""

EQUAL = """
13       . . . . . . . 13
12      . . . . . . . . 12
11     . o o . . . . . . 11
10    . o . o . . . . . . 10
 9   . . o o . . . . . . . 9
 8  . . . . . . . . x x . . 8
 7 . . . . . . . . x . x . . 7
 6  . . . . . . . . x x . . 6
 5   . . . . . . . . . . . 5
 4    . . . . . . . . . . 4
 3     . . . . . . . . . 3
 2      . . . . . . . . 2
 1       . . . . . . . 1
"""


# --- the board -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("size, points", [("7", 127), ("9", 217), ("11", 331)])
def test_board_sizes(size, points):
    game = load("loupe", options=[f"Board Size/{size}"])
    topo = game.topology
    assert topo.n == points
    inner = [s for s in range(topo.n) if s not in set(topo.perimeter)]
    assert inner and all(len(topo.neighbours["Adjacent"][s]) == 6 for s in inner)
    assert len(topo.regions["Corners"]) == 6
    assert game.options == (f"Board Size/{size}", "Modality/Simple")


def test_default_options():
    assert load("loupe").options == ("Board Size/9", "Modality/Simple")


# --- turns -------------------------------------------------------------------------------------------------

def test_black_opens_with_one_stone_anywhere_then_white_plays_two(loupe7):
    state = loupe7.initial_state()
    assert state.mover == 1
    opening = [str(m) for m in state.legal_moves()]
    assert len(opening) == 127 and "pass" not in opening  # one stone, anywhere; no pass
    state.apply("G7")
    assert state.mover == 2 and state.turn_moves == 0
    first = [str(m) for m in state.legal_moves()]
    assert "pass" in first
    # the six points next to Black's stone have an enemy and no friend
    assert {"F6", "F7", "G6", "G8", "H7", "H8"}.isdisjoint(first)
    assert len(first) == 127 - 1 - 6 + 1
    state.apply("C3")
    assert state.mover == 2 and state.turn_moves == 1  # White's second stone
    second = [str(m) for m in state.legal_moves()]
    assert "pass" not in second and "C3" not in second
    with pytest.raises(MoveError):
        state.apply("pass")
    state.apply("D3")
    assert state.mover == 1 and state.turn_moves == 0
    assert "pass" in [str(m) for m in state.legal_moves()]


def test_a_pass_is_a_whole_turn(loupe7):
    state = loupe7.initial_state()
    state.apply("G7")
    state.apply("pass")
    assert state.mover == 1 and state.turn_moves == 0 and not state.is_over()
    state.apply("C3")
    assert state.mover == 1  # Black's turn is two stones too
    state.apply("D3")
    assert state.mover == 2


def test_two_passes_in_a_row_end_the_game(loupe7):
    state = loupe7.initial_state()
    for move in ["G7", "pass", "pass"]:
        assert not state.is_over()
        state.apply(move)
    result = state.result()
    assert state.is_over() and result.termination is Termination.PASSES
    assert result.draw and result.reason == "every player passed; values P1: none; P2: none"


def test_passes_must_be_consecutive(loupe7):
    state = loupe7.initial_state()
    for move in ["G7", "pass", "C3", "D3", "pass"]:
        state.apply(move)
    assert not state.is_over() and state.passes == 1


def test_placement_restriction_counts_neighbours_at_each_stone(loupe7):
    picture = """
13       . . . . . . . 13
12      . . . . . . . . 12
11     . . . . . . . . . 11
10    . . . . . . . . . . 10
 9   . . . . . . . . . . . 9
 8  . . . . . . . . . . . . 8
 7 . . . . . o . x . . . . . 7
 6  . . . . . . x . . . . . 6
 5   . . . . . . . . . . . 5
 4    . . . . . . . . . . 4
 3     . . . . . . . . . 3
 2      . . . . . . . . 2
 1       . . . . . . . 1
"""
    # White to play. G7's neighbours are F6 F7 G6 G8 H7 H8: one White (F7), two Black (G6, H7),
    # more enemies than friends
    state = position(loupe7, picture, mover=2)
    legal = {str(m) for m in state.legal_moves()}
    assert "G7" not in legal
    # F6's neighbours are E5 E6 F5 F7 G6 G7: one White (F7), one Black (G6), allowed; H6's
    # (G5 G6 H5 H7 I6 I7) are two Black: not allowed
    assert "F6" in legal and "H6" not in legal
    # the first stone counts for the second: after F6, G7 has two White and two Black neighbours
    state.apply("F6")
    assert "G7" in {str(m) for m in state.legal_moves()}
    state.apply("G7")
    assert state.mover == 1


SECOND_FOLLOWS = """
13       x x x x x x x 13
12      x x x x x x x x 12
11     x x x x x x x x x 11
10    x x x x x x x x x x 10
 9   x x x x x x x x x x x 9
 8  x x x x x x x x x x x x 8
 7 x x x x x x x x x x x x x 7
 6  x x x x x x x x x x x x 6
 5   x x x x x x x x x x x 5
 4    x x x x x x x x x x 4
 3     x x x x x x x x x 3
 2      o o x x x x x x 2
 1       . . x x x x x 1
"""

NO_SECOND = """
13       x x x x x x x 13
12      x x x x x x x x 12
11     x x x x x x x x x 11
10    x x x x x x x x x x 10
 9   x x x x x x x x x x x 9
 8  x x x x x x x x x x x x 8
 7 x x x x x x x x x x x x x 7
 6  x x x x x x x x x x x x 6
 5   x x x x x x x x x x x 5
 4    x x x x x x x x x x 4
 3     x x x x x x x x x 3
 2      o x x x x x x x 2
 1       . . x x x x x 1
"""


def test_a_first_stone_needs_a_second(loupe7):
    # B1 has two Black neighbours and one White: not allowed, until White's A1 is placed
    state = position(loupe7, SECOND_FOLLOWS, mover=2)
    assert sorted(str(m) for m in state.legal_moves()) == ["A1", "pass"]
    state.apply("A1")
    assert [str(m) for m in state.legal_moves()] == ["B1"]
    # here A1 is allowed (one White, one Black neighbour) but leaves no second stone
    state = position(loupe7, NO_SECOND, mover=2)
    assert [str(m) for m in state.legal_moves()] == ["pass"]
    with pytest.raises(IllegalMoveError):
        state.apply("A1")


def test_a_position_within_a_turn_reads_back(loupe7):
    state = loupe7.initial_state()
    for move in ["G7", "C3"]:
        state.apply(move)
    text = state.to_text()
    assert "turn_moves: 1" in text
    again = loupe7.state_from_text(text)
    assert again.snapshot() == state.snapshot()
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in state.legal_moves()]
    assert "pass" not in [str(m) for m in again.legal_moves()]


# --- values ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("picture, p1", [
    (RING, "6"),
    (RING_AROUND_ENEMY, "6"),
    (RING_PLUS_ONE, "5"),
    (RING_PLUS_THREE, "3"),
    (FILLED, "none"),
    (TRIANGLE, "none"),
    (TWO_POINTS, "8"),
    (TWO_HOLES, "-2"),  # the loop of 6 counts, the other 8 stones are surplus: 6 - 8
    (EDGE_RING, "6"),
    (WALL, "none"),
    (BAY, "none"),
], ids=["ring", "ring-around-enemy", "ring-plus-one", "ring-plus-three", "filled", "triangle",
        "two-points", "two-holes", "edge-ring", "wall", "bay"])
def test_group_values(loupe7, picture, p1):
    assert values(loupe7, picture) == (p1, "none")


def test_explain_names_each_group(loupe7):
    state = position(loupe7, TWO_HOLES)
    assert loupe7.explain(state) == ["P1 values -2: -2 (14 stones from F6)", "P2 values none"]
    state = position(loupe7, MODALITIES)
    assert loupe7.explain(state) == ["P1 values 8 -5: 8 (8 stones from I6), -5 (17 stones from A1)",
                                     "P2 values 6: 6 (6 stones from E9)"]


def test_the_enemy_stone_inside_has_no_loop(loupe7):
    state = position(loupe7, RING_AROUND_ENEMY)
    assert loupe7.explain(state)[1] == "P2 values none"


def test_simple_and_compound_decide_differently(loupe7, compound7):
    simple = final(loupe7, MODALITIES)
    assert simple.winners == [1] and simple.losers == [2]
    assert simple.reason == "every player passed; values P1: 8 -5; P2: 6"
    compound = final(compound7, MODALITIES)
    assert compound.winners == [2] and compound.losers == [1]
    assert compound.reason == "every player passed; scores P1: 3; P2: 6"
    assert compound.scores == {1: 3, 2: 6}


def test_missing_values_count_as_zero(loupe7, compound7):
    result = final(loupe7, MISSING)  # 6 = 6, then -3 against nothing (0)
    assert result.winners == [2] and result.reason.endswith("values P1: 6 -3; P2: 6")
    assert final(compound7, MISSING).winners == [2]  # 3 against 6


def test_equal_in_every_comparison_is_a_draw(loupe7, compound7):
    for game in (loupe7, compound7):
        result = final(game, EQUAL)
        assert result.draw and not result.winners and result.termination is Termination.PASSES


# --- whole games ---------------------------------------------------------------------------------------------

# Black builds a loop around J7 and K7 (8); White one around E4 (6) and one around E10 with a
# tail of three stones (6 - 3 = 3). Black's A7 and White's M13 are single stones (no loop).
GAME = ("I7  D3 D4  I6 J6  E3 E5  K6 L7  F4 F5  L8 K8  D10 D9  J8 A7  E11 E9  pass  F10 F11  pass  "
        "G11 H11  pass  I11 M13  pass  pass")

GAME_END = """
13       . . . . . . o 13
12      . . . . . . . . 12
11     o o o o o . . . . 11
10    o . o . . . . . . . 10
 9   . o o . . . . . . . . 9
 8  . . . . . . . . x x x . 8
 7 x . . . . . . . x . . x . 7
 6  . . . . . . . . x x x . 6
 5   . . . . o o . . . . . 5
 4    . . . o . o . . . . 4
 3     . . . o o . . . . 3
 2      . . . . . . . . 2
 1       . . . . . . . 1"""


def test_a_whole_game_in_both_modalities(loupe7, compound7):
    for game, winner, reason in [(loupe7, 1, "values P1: 8; P2: 6 3"), (compound7, 2, "scores P1: 8; P2: 9")]:
        state = game.initial_state()
        for move in GAME.split():
            assert not state.is_over()
            state.apply(move)
        result = state.result()
        assert state.is_over() and result.winners == [winner]
        assert result.reason == "every player passed; " + reason
        assert str(state) == GAME_END.strip("\n")
        assert state.ply == len(GAME.split())


def test_a_game_around_an_enemy_stone(loupe7):
    # Black surrounds White's G7: each Black stone next to it needs a Black neighbour first
    state = loupe7.initial_state()
    state.apply("M7")
    state.apply("G7")
    state.apply("A1")
    with pytest.raises(IllegalMoveError):
        state.apply("F7")  # one enemy (G7), no friend yet
    state.apply("E7")
    state.apply("F7")  # now E7 is a friend
    for move in ["C3", "C4", "F6", "G6", "pass", "H7", "H8", "pass", "G8", "F12", "pass", "pass"]:
        state.apply(move)
    result = state.result()
    assert result.winners == [1]
    assert result.reason == "every player passed; values P1: 5; P2: none"  # 6 around G7, E7 extra
    assert loupe7.explain(state)[0] == "P1 values 5: 5 (7 stones from F6)"


def test_undo_restores_a_finished_game(loupe7):
    state = loupe7.initial_state()
    start = state.snapshot()
    for move in GAME.split():
        state.apply(move)
    assert state.is_over()
    for _ in GAME.split():
        state.undo()
    assert state.snapshot() == start


# --- random games ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("options", [["Board Size/7"], ["Board Size/9"]])  # the modality changes no move
def test_random_games_end_by_two_passes(options):
    game = load("loupe", options=options)
    for seed in range(2 if options == ["Board Size/9"] else 5):
        rng = random.Random(seed)
        state = game.initial_state()
        while not state.is_over():
            state.apply(rng.choice(state.legal_moves()))
        result = state.result()
        assert result.termination is Termination.PASSES, (seed, result)
        assert result.reason.startswith("every player passed; ")
        assert state.history[-1].text == state.history[-2].text == "pass"


# --- the command line ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("options", [["Board Size/7"], ["Board Size/9"], ["Board Size/11"],
                                     ["Board Size/7", "Modality/Simple"], ["Board Size/7", "Modality/Compound"]])
def test_run_works_for_every_option(capsys, options):
    from interpreter.cli import main
    args = ["run", "loupe", "--playouts", "1", "--seed", "3", "--json"]
    for option in options:
        args += ["--option", option]
    assert main(args) == 0
    import json
    summary = json.loads(capsys.readouterr().out)
    assert summary["playouts"] == 1 and summary["turn_limit_draws"] == 0
    assert summary["options"][0] == options[0]


def test_apply_shows_the_values_at_the_end_and_with_values(capsys):
    from interpreter.cli import main
    assert main(["apply", "loupe", "--option", "Board Size/7", "--moves", GAME]) == 0
    out = capsys.readouterr().out
    assert "P1 WINS (every player passed; values P1: 8; P2: 6 3)" in out
    assert "values:\n  P1 values 8: 8 (8 stones from I6)\n  P2 values 6 3: 6 (6 stones from D3), 3 (9 stones from D9)" in out
    # before the end, on demand only
    assert main(["apply", "loupe", "--option", "Board Size/7", "--moves", "I7 D3 D4"]) == 0
    assert "values:" not in capsys.readouterr().out
    assert main(["apply", "loupe", "--option", "Board Size/7", "--moves", "I7 D3 D4", "--values", "--json"]) == 0
    import json
    data = json.loads(capsys.readouterr().out)
    assert data["values"] == ["P1 values none", "P2 values none"] and data["mover"] == 1


def test_info_shows_a_position_with_its_values(capsys, tmp_path, loupe7):
    from interpreter.cli import main
    path = tmp_path / "two-holes.yaml"
    path.write_text(position(loupe7, TWO_HOLES).to_text(), encoding="utf-8")
    assert main(["info", "loupe", "--position", str(path)]) == 0
    out = capsys.readouterr().out
    assert "reading: Where the rules are silent" in out
    assert "position:" in out and "values:\n  P1 values -2: -2 (14 stones from F6)\n  P2 values none" in out


def test_trace_ends_by_two_passes(capsys):
    from interpreter.cli import main
    assert main(["trace", "loupe", "--option", "Board Size/7", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "(every player passed; values P1: " in out and "values:\n  P1 values" in out
