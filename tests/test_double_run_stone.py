"""Double-Run Stone (../shared/seeds/double-run-stone.txt) on Ludii's boards.

Positions are pictures as the game prints them: a piece is its owner's symbol and its value
(``x2`` is P1's 2, ``o3`` P2's 3), ``.`` an empty site. Hands (the supplies) are given per kind of
piece (``1Dot1`` is P1's 1); the movement counter is ``player_values`` (index = player).

Default board (Hex Limping, order 3) and its sites::

    4     C4  D4 4
    3   B3  C3  D3 3
    2 A2  B2  C2  D2 2
    1   A1  B1  C1 1
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import pytest
import yaml

from interpreter import AmbiguousMoveError, IllegalMoveError, load
from interpreter.engine.result import Termination
from interpreter.errors import LudError

TRACES = Path(__file__).resolve().parents[1].parent / "shared" / "ludii-traces"
DRS_TRACES = sorted(TRACES.glob("Double-Run-Stone_*.json")) if TRACES.is_dir() else []

GRIDS = ["Hex Limping", "Hex Grid", "TriSquare Grid", "TriSquare Omni", "Square grid", "Square Omni",
         "Icosahedron"]
LUDII_LIMIT = "Movement Limit/Each piece once"
HEX3 = ("Board Grid/Hex Grid",)  # 19 sites: rows A3-E3 (5), A2-D2 and B4-E4 (4), A1-C1 and C5-E5 (3)
SQUARE3 = ("Board Grid/Square grid",)
SQUARE4 = ("Board Grid/Square grid", "Board Size/Order 4")


@cache
def game(options: tuple[str, ...] = ()):
    return load("double-run-stone", options=list(options))


def empty_hand(player: int) -> dict[str, int]:
    return {f"{value}Dot{player}": 0 for value in (1, 2, 3)}


def position(picture: str, options: tuple[str, ...] = (), mover: int = 1, hands=None, moved=(0, 0),
             states=None):
    """A position of the game: the picture, whose move, hands (missing kinds keep the full
    supply), the movement turns since each player's last placement, the pieces' states."""
    data = {"mover": mover, "board": picture.strip("\n") + "\n", "hands": dict(hands or {}), "vars": {}}
    g = game(options)
    if "player_values" in g.arrays:
        data["vars"]["player_values"] = [0, *moved]
    if states is not None:
        data["vars"]["piece_states"] = [states.get(label, 0) for label in g.topology.labels]
    return g.state_from_text(yaml.safe_dump(data))


def texts(state) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def placements(sites, player: int = 1, values=(1, 2, 3)) -> set[str]:
    return {f"{v}Dot{player}@{site}" for v in values for site in sites}


def pieces(state) -> dict[str, str]:
    g = state.game
    return {g.topology.labels[s]: g.components[w].name for s, w in enumerate(state.what) if w}


# --- boards ------------------------------------------------------------------------------------------

# (grid, order) -> (sites, edges): edges under the grid's adjacency (Orthogonal; All for Omni).
# Hexagons of triangles with N points a side have 3N(N-1)+1 points and (3 x 6(N-1)^2 + 6(N-1)) / 2
# edges; the limping hexagon (sides N-1 and N, trimmed) 12 points / 24 edges for N = 3 and 27 / 63
# for N = 4; the square-triangle tiling of order 3 (one tile) has 14 points, 25 edges and 4
# squares, of order 4 34 points, 69 edges and 12 squares (Omni adds the 2 diagonals of each
# square); a square grid of N x N points has 2N(N-1) edges, (N-1)^2 squares; the icosahedron
# 12 corners and 30 edges whatever the order.
BOARDS = {
    ("Hex Limping", 3): (12, 24), ("Hex Limping", 4): (27, 63),
    ("Hex Grid", 3): (19, 42), ("Hex Grid", 4): (37, 90),
    ("TriSquare Grid", 3): (14, 25), ("TriSquare Grid", 4): (34, 69),
    ("TriSquare Omni", 3): (14, 25 + 2 * 4), ("TriSquare Omni", 4): (34, 69 + 2 * 12),
    ("Square grid", 3): (9, 12), ("Square grid", 4): (16, 24),
    ("Square Omni", 3): (9, 12 + 2 * 4), ("Square Omni", 4): (16, 24 + 2 * 9),
    ("Icosahedron", 3): (12, 30), ("Icosahedron", 4): (12, 30),
}


def board_options(grid: str, order: int) -> tuple[str, ...]:
    return (f"Board Grid/{grid}", f"Board Size/Order {order}")


@pytest.mark.parametrize("grid, order", sorted(BOARDS))
def test_board_sites_and_edges(grid, order):
    g = game(board_options(grid, order))
    sites, edges = BOARDS[grid, order]
    relation = "All" if "Omni" in grid else "Orthogonal"
    assert g.topology.n == sites
    assert sum(len(near) for near in g.topology.neighbours[relation]) == 2 * edges
    # every relation the rules use is the board's own: removals and moves go along its edges
    state = g.initial_state()
    assert len(state.legal_moves()) == 3 * sites  # any value on any site


def test_icosahedron_every_corner_has_five_neighbours():
    g = game(("Board Grid/Icosahedron",))
    assert [len(near) for near in g.topology.neighbours["Orthogonal"]] == [5] * 12


def test_default_board_is_the_limping_hexagon_of_order_3():
    g = game()
    assert g.options == ("Board Grid/Hex Limping", "Board Size/Order 3", "Movement Limit/Pieces in play")
    assert g.topology.labels == ["A1", "B1", "C1", "A2", "B2", "C2", "D2", "B3", "C3", "D3", "C4", "D4"]


@pytest.mark.parametrize("path", DRS_TRACES, ids=lambda p: p.stem)
def test_board_labels_and_order_are_ludiis(path):
    data = json.loads(path.read_text())
    labels = [move.split(":")[0] for move in data["plies"][0]["legal"] if move.endswith(":1Dot1")]
    assert game(tuple(data["options"])).topology.labels == labels


@pytest.mark.parametrize("grid", GRIDS)
def test_every_board_prints_and_reads_back(grid):
    g = game((f"Board Grid/{grid}",))
    state = g.initial_state()
    rng = random.Random(7)
    for _ in range(6):
        state.apply(rng.choice(state.legal_moves()))
    picture = str(state)
    assert "x" in picture and "o" in picture
    again = g.state_from_text(yaml.safe_dump({"mover": state.mover, "board": picture + "\n"}))
    assert again.what == state.what
    again = g.state_from_text(state.to_text())
    assert again.snapshot() == state.snapshot()


def test_irregular_boards_print_as_lists_of_sites_with_their_neighbours():
    state = game(("Board Grid/Icosahedron",)).initial_state()
    state.apply("3Dot1@A5")
    lines = str(state).splitlines()
    assert len(lines) == 12
    assert "A5 x3  (E6 I5 C4 E1 B2)" in lines
    tri = game(("Board Grid/TriSquare Grid",)).initial_state()
    assert str(tri).splitlines()[0] == "A2 .  (B2 B1 A3)"


def test_pictures_show_each_pieces_value():
    state = position("""
4     .   . 4
3   .   x3  . 3
2 o1  .   .   . 2
1   .   x2  . 1
""")
    assert str(state) == ("4     .   . 4\n3   .   x3  . 3\n2 o1  .   .   . 2\n1   .   x2  . 1")
    assert pieces(state) == {"C3": "3Dot1", "A2": "1Dot2", "B1": "2Dot1"}


# --- moves and their texts ----------------------------------------------------------------------------

def test_start_every_value_anywhere_with_full_supplies():
    state = game().initial_state()
    assert texts(state) == placements(game().topology.labels)
    assert yaml.safe_load(state.to_text())["hands"] == {
        "1Dot1": 5, "1Dot2": 5, "2Dot1": 4, "2Dot2": 4, "3Dot1": 3, "3Dot2": 3}


def test_placement_texts_name_the_piece_and_ludiis_form_reads():
    state = game().initial_state()
    assert state.apply("C3:2Dot1").text == "2Dot1@C3"  # Ludii's trace form
    assert state.apply("3dot2@b2").text == "3Dot2@B2"  # case does not matter
    with pytest.raises(AmbiguousMoveError, match="ambiguous"):
        state.parse_move("A1")  # three pieces could go there
    assert pieces(state) == {"C3": "2Dot1", "B2": "3Dot2"}


EMPTY = """
4     .   . 4
3   .   .   . 3
2 .   .   .   . 2
1   .   .   . 1
"""


def test_a_placement_takes_the_piece_from_the_hand_and_an_empty_kind_is_not_offered():
    state = position(EMPTY, hands={"3Dot1": 1})
    state.apply("3Dot1@A1")
    state.apply("1Dot2@D4")
    assert yaml.safe_load(state.to_text())["hands"]["3Dot1"] == 0
    assert texts(state) == placements(["B1", "C1", "A2", "B2", "C2", "D2", "B3", "C3", "D3", "C4"], values=(1, 2))
    with pytest.raises(IllegalMoveError):
        state.apply("3Dot1@C1")
    # with one kind left the placement still names it, and the site alone reads as it
    state = position(EMPTY, hands={"1Dot1": 0, "2Dot1": 1, "3Dot1": 0})
    assert texts(state) == placements(game().topology.labels, values=(2,))
    assert state.apply("C3").text == "2Dot1@C3"


def test_placement_is_forbidden_next_to_all_three_values_whoever_owns_them():
    # B2 touches A1 (a 1), B1 (a 2) and A2 (a 3): nobody may place there, whatever the value;
    # C2 touches only the 2 and stays open
    state = position("""
4     .   . 4
3   .   .   . 3
2 o3  .   .   . 2
1   x1  o2  . 1
""")
    empty = {"C1", "B2", "C2", "D2", "B3", "C3", "D3", "C4", "D4"}
    assert texts(state) == placements(empty - {"B2"})
    for value in (1, 2, 3):
        with pytest.raises(IllegalMoveError):
            state.apply(f"{value}Dot1@B2")


def test_two_values_around_are_no_restriction():
    state = position("""
4     .   . 4
3   .   .   . 3
2 o3  .   .   . 2
1   x3  o2  . 1
""", mover=2)
    assert "1Dot2@B2" in texts(state)


# --- movement ---------------------------------------------------------------------------------------

SQUARE_ALL_CROWDED = """
3 o1 x2 o1
2 x1 .  x2
1 o1 o3 o1
"""


def test_a_player_who_cannot_place_must_move_even_with_pieces_in_hand():
    # the only empty site, B2, touches a 1 (A2), a 2 (C2, B3) and a 3 (B1): no placement. A
    # piece moving into B2 does not count: A2 (the only 1) may go, C2 (a 2, with B3 left) not.
    state = position(SQUARE_ALL_CROWDED, SQUARE3)
    assert yaml.safe_load(state.to_text())["hands"]["1Dot1"] == 5
    assert texts(state) == {"A2-B2"}
    state.apply("A2-B2")
    assert pieces(state)["B2"] == "1Dot1" and "A2" not in pieces(state)
    assert yaml.safe_load(state.to_text())["vars"]["player_values"] == [0, 1, 0]


def test_a_player_with_an_empty_supply_moves_one_step_to_an_allowed_site():
    state = position("""
4     o3  . 4
3   x2  .   o2 3
2 .   x1  .   . 2
1   .   .   . 1
""", hands=empty_hand(1))
    # B2 -> C3: C3's other neighbours hold a 2 and a 3 only (the moving 1 does not count);
    # B3 -> C3 would leave the 1 on B2 next to C3: forbidden
    assert "B2-C3" in texts(state) and "B3-C3" not in texts(state)
    assert texts(state) == {"B2-C2", "B2-B1", "B2-A1", "B2-A2", "B2-C3", "B3-A2"}
    state.apply("B2-C3")
    assert pieces(state) == {"C3": "1Dot1", "B3": "2Dot1", "D3": "2Dot2", "C4": "3Dot2"}
    assert state.mover == 2 and not state.is_over()


def test_the_moving_piece_is_not_its_own_neighbour_on_omni_boards_either():
    # Square Omni: B2 touches all eight others; A1 (the only 1) may step to B2 diagonally
    state = position("""
3 .  o2 .
2 .  .  o3
1 x1 .  .
""", ("Board Grid/Square Omni",), hands=empty_hand(1))
    assert texts(state) == {"A1-A2", "A1-B1", "A1-B2"}


# --- removals ----------------------------------------------------------------------------------------

def test_removals_are_simultaneous_and_take_pieces_of_both_players():
    # 1Dot1@C2 puts B2 (x3: next to C3's 2, C2's 1, A2's 3), C3 (o2: next to B2's 3, C2's 1,
    # C4's 2) and D3 (x2: next to C2's 1, C3's 2, D4's 3) next to all three values. They go
    # together: one by one, taking B2 first would have saved C3 (no 3 left beside it).
    state = position("""
4     x2  o3 4
3   .   o2  x2 3
2 o3  x3  .   . 2
1   .   .   . 1
""")
    assert "1Dot1@C2" in texts(state)
    state.apply("1Dot1@C2")
    assert pieces(state) == {"C4": "2Dot1", "D4": "3Dot2", "A2": "3Dot2", "C2": "1Dot1"}
    state.undo()
    assert pieces(state)["C3"] == "2Dot2" and pieces(state)["B2"] == "3Dot1"


def test_the_piece_placed_or_moved_is_never_removed():
    state = position("""
4     x2  o3 4
3   .   o2  x2 3
2 o3  x3  .   . 2
1   .   .   . 1
""")
    for move in list(state.legal_moves()):
        state.apply(move)
        assert state.what[move.to], move  # its destination rule keeps it clear of all three
        state.undo()


def test_removed_pieces_are_consumed():
    state = position("""
4     x2  o3 4
3   .   o2  x2 3
2 o3  x3  .   . 2
1   .   .   . 1
""", hands={"3Dot1": 2})
    state.apply("1Dot1@C2")
    assert yaml.safe_load(state.to_text())["hands"] == {
        "1Dot1": 4, "1Dot2": 5, "2Dot1": 4, "2Dot2": 4, "3Dot1": 2, "3Dot2": 3}


# --- double runs -------------------------------------------------------------------------------------

HEX3_EMPTY_ROW = """
5     .   .   . 5
4   .   .   .   . 4
3 {a}  {b}  {c}  .   . 3
2   .   .   .   . 2
1     .   .   . 1
"""


@pytest.mark.parametrize("run, last, pair", [
    (("x1", "x1", "x2"), "3Dot1", 2),  # 1123
    (("x1", "x2", "x2"), "3Dot1", 4),  # 1223
    (("x1", "x2", "x3"), "3Dot1", 6),  # 1233
    (("x3", "x1", "x2"), "1Dot1", 2),  # in any order
])
def test_a_double_run_of_the_mover_scores_its_pair(run, last, pair):
    a, b, c = run
    state = position(HEX3_EMPTY_ROW.format(a=a, b=b, c=c), HEX3)
    state.apply(f"{last}@D3")
    result = state.result()
    assert result.over and result.winners == [1] and not result.draw
    assert result.scores == {1: pair, 2: 0}
    assert result.termination is Termination.SCORE and result.reason.endswith(f"scores P1: {pair}; P2: 0")


HEX3_FIVE = """
5     .   .   . 5
4   .   .   .   x2 4
3 {a}  {b}  {c}  o3  o1 3
2   .   .   .   . 2
1     .   .   . 1
"""


@pytest.mark.parametrize("run, pair", [(("o1", "o1", "o2"), 2), (("o1", "o2", "o2"), 4), (("o3", "o1", "o2"), 6)])
def test_a_double_run_left_to_the_opponent_scores_twice_its_pair_for_them(run, pair):
    # P2's group of five A3-E3 holds a double run but is no double run; 1Dot1@D2 puts E3 next
    # to a 1 (D2), a 2 (E4) and a 3 (D3): E3 goes, and P2's A3-D3 is a double run
    a, b, c = run
    state = position(HEX3_FIVE.format(a=a, b=b, c=c), HEX3)
    state.apply("1Dot1@D2")
    result = state.result()
    assert "E3" not in pieces(state)
    assert result.over and result.winners == [2]
    assert result.scores == {1: 0, 2: 2 * pair}


def test_a_group_of_five_holding_a_double_run_is_no_double_run():
    state = position(HEX3_FIVE.format(a="o1", b="o1", c="o2"), HEX3)
    state.apply("1Dot1@A1")
    assert not state.is_over()
    state = position(HEX3_EMPTY_ROW.format(a="x1", b="x1", c="x2").replace("  .   . 3", "  .   x1 3"), HEX3)
    state.apply("3Dot1@D3")  # A3-E3: 1 1 2 3 1, five pieces
    assert not state.is_over() and state.result().scores == {1: 0, 2: 0}


def test_a_group_of_four_without_a_double_value_is_no_double_run():
    state = position(HEX3_EMPTY_ROW.format(a="x1", b="x2", c="x3"), HEX3)
    state.apply("1Dot1@D3")  # 1 2 3 1: a double run (two 1s)
    assert state.is_over()
    state = position(HEX3_EMPTY_ROW.format(a="x1", b="x1", c="x2"), HEX3)
    state.apply("2Dot1@D3")  # 1 1 2 2: no 3
    assert not state.is_over()


SQUARE4_BOTH = """
4 o{a} o{b} o{c} o{d}
3 .  .  .  .
2 .  .  .  .
1 x{e} x{f} x{g} .
"""


def test_equal_scores_draw_and_the_higher_score_wins():
    # P2's row 4 is a double run 1123 (worth 2 x 2 = 4 to P2 when P1's turn ends); P1 completes
    # 1223 (4): a draw
    state = position(SQUARE4_BOTH.format(a=1, b=1, c=2, d=3, e=1, f=2, g=2), SQUARE4)
    state.apply("3Dot1@D1")
    result = state.result()
    assert result.over and result.draw and result.winners == [] and result.scores == {1: 4, 2: 4}
    # P1's own 1123 (2) loses to it
    state = position(SQUARE4_BOTH.format(a=1, b=1, c=2, d=3, e=1, f=1, g=2), SQUARE4)
    state.apply("3Dot1@D1")
    assert state.result().winners == [2] and state.result().scores == {1: 2, 2: 4}


# --- stalemate ---------------------------------------------------------------------------------------

def test_a_player_who_can_neither_place_nor_move_is_stalemated_and_wins():
    # P1's only piece, A1, is hemmed in by P2's 2s and P1's supply is empty
    state = position("""
4     .   . 4
3   .   .   . 3
2 o2  o2  .   . 2
1   x1  o2  . 1
""", hands=empty_hand(1))
    assert texts(state) == {"pass"}
    state.apply("pass")
    result = state.result()
    assert result.over and result.winners == [1] and result.scores == {1: 1, 2: 0}
    assert result.termination is Termination.STALEMATE and result.reason == "the last move was a pass"


def test_a_stalemated_player_wins_even_with_no_piece_on_the_board():
    state = position("""
4     .   . 4
3   .   .   . 3
2 o2  .   .   . 2
1   .   .   . 1
""", hands=empty_hand(1))
    assert texts(state) == {"pass"}
    state.apply("pass")
    assert state.result().winners == [1] and not state.result().draw
    assert state.result().scores == {1: 0, 2: 0}


SQUARE4_TWO = """
4 .  .  .  x1
3 .  .  .  .
2 .  .  .  .
1 x1 .  .  .
"""


@pytest.mark.parametrize("moved, stalemated", [(0, False), (1, False), (2, True), (3, True)])
def test_more_movement_turns_than_pieces_in_play_stalemate(moved, stalemated):
    # two pieces on the board: a third movement turn in a row since the last placement is one
    # too many
    state = position(SQUARE4_TWO, SQUARE4, hands=empty_hand(1), moved=(moved, 0))
    if stalemated:
        assert texts(state) == {"pass"}
        state.apply("pass")
        assert state.result().winners == [1] and state.result().scores == {1: 2, 2: 0}
    else:
        assert texts(state) == {"A1-A2", "A1-B1", "D4-D3", "D4-C4"}


def test_the_movement_count_runs_until_the_next_placement():
    state = position(SQUARE4_TWO, SQUARE4, hands=empty_hand(1))
    for move in ["A1-A2", "1Dot2@C2", "A2-A1"]:
        state.apply(move)
    assert yaml.safe_load(state.to_text())["vars"]["player_values"] == [0, 2, 0]
    state.apply("1Dot2@B3")
    assert texts(state) == {"pass"}  # two moves made, two pieces: stalemated
    # a placement sets the count back to 0
    state = position(SQUARE4_TWO, SQUARE4, hands={"1Dot1": 1, "2Dot1": 0, "3Dot1": 0}, moved=(2, 0))
    state.apply("1Dot1@B2")
    assert yaml.safe_load(state.to_text())["vars"]["player_values"] == [0, 0, 0]


def test_ludiis_limit_each_piece_moves_once_until_its_owner_places():
    options = SQUARE4 + (LUDII_LIMIT,)
    state = position(SQUARE4_TWO, options, hands=empty_hand(1))
    state.apply("A1-A2")
    state.apply("1Dot2@C2")
    assert texts(state) == {"D4-D3", "D4-C4"}  # A2 has moved: it waits for a placement
    state.apply("D4-D3")
    state.apply("1Dot2@B3")
    assert texts(state) == {"pass"}  # both have moved: stalemated
    # with the seed's limit the same piece may move again (two pieces, one movement turn made)
    state = position(SQUARE4_TWO, SQUARE4, hands=empty_hand(1))
    state.apply("A1-A2")
    state.apply("1Dot2@C2")
    assert {"A2-A1", "A2-A3", "A2-B2", "D4-D3", "D4-C4"} <= texts(state)


def test_ludiis_limit_a_placement_frees_the_movers_pieces():
    options = SQUARE4 + (LUDII_LIMIT,)
    state = position(SQUARE4_TWO, options, hands={"1Dot1": 1, "2Dot1": 0, "3Dot1": 0},
                     states={"A1": 1, "D4": 1})
    state.apply("1Dot1@B2")
    assert yaml.safe_load(state.to_text())["vars"]["piece_states"] == [0] * 16
    # a piece's state goes with it when it moves, and is cleared when it leaves the board
    state = position(SQUARE4_TWO, options, hands=empty_hand(1))
    state.apply("A1-A2")
    assert yaml.safe_load(state.to_text())["vars"]["piece_states"][game(options).topology.site("A2")] == 1


# --- Ludii's own games -------------------------------------------------------------------------------

def _ludii_moves(state, texts_: list[str]) -> set[str]:
    return {str(state.parse_move(t)) for t in texts_}


@pytest.mark.parametrize("path", DRS_TRACES, ids=lambda p: p.stem)
def test_ludiis_games_with_ludiis_movement_limit(path):
    """With Ludii's movement limit our rules are Ludii's up to the order of removals (all at
    once here, one by one around the last move there): these games agree at every ply, to the
    end and the winner."""
    data = json.loads(path.read_text())
    state = game(tuple(data["options"]) + (LUDII_LIMIT,)).initial_state()
    for i, ply in enumerate(data["plies"]):
        assert not state.is_over(), f"ply {i}"
        assert state.mover == ply["mover"], f"ply {i}"
        assert texts(state) == _ludii_moves(state, ply["legal"]), f"ply {i}"
        state.apply(ply["move"])
    result = data["result"]
    assert state.is_over() and state.result().winners == result["winners"]


@pytest.mark.parametrize("path", DRS_TRACES, ids=lambda p: p.stem)
def test_ludiis_games_with_the_seeds_movement_limit_until_the_rules_differ(path):
    """The seed's limit and Ludii's agree on every placement turn and on the first movement
    turn after a placement: compare every ply up to a second movement turn in a row."""
    data = json.loads(path.read_text())
    state = game(tuple(data["options"])).initial_state()
    moved = {1: False, 2: False}
    for i, ply in enumerate(data["plies"]):
        if moved[ply["mover"]] or state.is_over():
            break
        assert texts(state) == _ludii_moves(state, ply["legal"]), f"ply {i}"
        move = state.apply(ply["move"])
        moved[ply["mover"]] = "-" in move.text


# --- whole games --------------------------------------------------------------------------------------

@pytest.mark.parametrize("grid", GRIDS)
@pytest.mark.parametrize("order", [3, 4])
def test_random_games_end_by_a_double_run_or_a_stalemate(grid, order):
    g = game(board_options(grid, order))
    ends = set()
    for seed in range(5):
        state = g.initial_state()
        rng = random.Random(seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_moves()))
        result = state.result()
        assert result.termination in (Termination.SCORE, Termination.STALEMATE), result
        if result.termination is Termination.STALEMATE:
            assert len(result.winners) == 1 and result.scores[result.winners[0]] == state.counts[result.winners[0]]
        ends.add(result.termination)
    assert ends


def test_supplies_and_the_board_account_for_every_piece():
    g = game()
    rng = random.Random(11)
    for _ in range(20):
        state = g.initial_state()
        placed = {1: 0, 2: 0}
        while not state.is_over():
            move = state.apply(rng.choice(state.legal_moves()))
            if "@" in move.text:
                placed[g.components[move.what].owner] += 1
        hands = yaml.safe_load(state.to_text())["hands"]
        for p in (1, 2):
            assert sum(hands[f"{v}Dot{p}"] for v in (1, 2, 3)) == 12 - placed[p]
            assert state.counts[p] <= placed[p]


# --- the vocabulary, misused --------------------------------------------------------------------------

BASE = ('(game "G" (players 2) (equipment {(board (square 3) use:Vertex) (piece "Disc" Each value:2) '
        '(hand Each)}) (rules (start {START}) (play (move Add (piece "Disc") (to (sites Empty)) fromHand:True)) '
        '(end (if (is Full) (result All Draw)))))')


@pytest.mark.parametrize("start, message", [
    ('(place "Disc1" (handSite P2) count:3)', "Disc1 belongs to P1, not to P2"),
    ('(place "Disc1" (handSite Mover) count:3)', "a hand is named by its player"),
    ('(place "Disc1" {"A1"} count:3)', "count: places pieces on one site"),
    ('(place "Disc1" (handSite P1) count:-1)', "place: count is -1, out of its range from 1"),
])
def test_hand_mistakes_are_located_errors(start, message):
    with pytest.raises(LudError) as info:
        load(BASE.replace("START", start))
    assert message in str(info.value)
    assert info.value.render().count("^") >= 1


def test_hands_need_declaring_and_lists_of_pieces_only_choose():
    with pytest.raises(LudError, match="the game has no hands"):
        load(BASE.replace(" (hand Each)", "").replace("START", '(place "Disc1" (handSite P1) count:3)'))
    with pytest.raises(LudError, match="a piece is declared with one name"):
        load(BASE.replace('(piece "Disc" Each value:2)', '(piece {"Disc" "Ball"})').replace("START", ""))


def test_a_hand_limits_placements():
    g = load(BASE.replace("START", '(place "Disc1" (handSite P1) count:1) (place "Disc2" (handSite P2) count:1)'))
    state = g.initial_state()
    state.apply("1@A1")
    state.apply("2@B1")
    assert [str(m) for m in state.legal_moves()] == ["pass"]  # empty hands: a forced pass


def test_positions_with_bad_hands_are_refused():
    g = game()
    for hands, message in [({"4Dot1": 1}, "no piece '4Dot1' in a hand"), ({"1Dot1": -1}, "hands: 1Dot1"),
                           ([1, 2], "hands: expected a mapping")]:
        with pytest.raises(LudError, match=message):
            g.state_from_text(yaml.safe_dump({"hands": hands}))
    with pytest.raises(LudError, match="this game has no hands"):
        load("pente").state_from_text("hands: {Ball1: 1}")
    with pytest.raises(LudError, match="unexpected 'x4'"):
        g.state_from_text(yaml.safe_dump({"board": EMPTY.replace("4     .", "4     x4")}))
