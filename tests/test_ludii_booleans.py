"""Ludii's conditions (issue 24, the ``booleans`` family and the boolean forms among the ints):
each with Ludii's signature and meaning (``Core/src/game/functions/booleans`` of Ludeme/Ludii),
tested on small positions whose answer follows from Ludii's code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter import LudError, load
from interpreter.ludii import traces

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
if not (SHARED / "ludii-sample").is_dir():
    SHARED = Path("/work/shared")
TRACES = SHARED / "ludii-traces" / "sample"
SAMPLE = SHARED / "ludii-sample"


def game(rules: str, equipment: str = '(board (square 3)) (piece "Disc" Each)', players: int = 2):
    return load(f'(game "T" (players {players}) (equipment {{{equipment}}}) (rules {rules}))')


def texts(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


def wins(rules_end: str, moves: list[str], play: str = "(move Add (to (sites Empty)))",
         equipment: str = '(board (square 3)) (piece "Disc" Each)', start: str = "") -> bool:
    """Whether the end condition holds once ``moves`` are played (the mover of the last wins)."""
    g = game(f"{start} (play {play}) (end (if {rules_end} (result Mover Win)))", equipment)
    s = g.initial_state()
    for m in moves:
        assert not s.is_over(), m
        s.apply(m)
    return s.is_over()


# --- site types -----------------------------------------------------------------------------------
def test_is_empty_and_occupied_take_the_boards_site_type():
    g = load('(game "T" (players 2) (equipment {(board (square 3) use:Vertex) (piece "Disc" Each)}) '
             '(rules (play (move Add (to (sites Board) if:(is Empty Vertex (to))))) '
             '(end (if (is Occupied Vertex 4) (result Mover Win)))))')
    s = g.initial_state()
    assert len(texts(s)) == 9
    # on a board of cells, Vertex reads the pieces on its vertices (none here: all empty), as
    # Ludii's state keeps pieces per site type
    other = game('(play (move Add (to (sites Board) if:(is Empty Vertex (to))))) (end (if (is Full) (result Mover Win)))')
    assert len(texts(other.initial_state())) == 9


def test_no_pieces_and_is_threatened_take_a_site_type():
    assert wins("(no Pieces Cell Next)", ["A1"])  # P2 has none after P1's first move
    assert not wins("(no Pieces Cell Mover)", ["A1"])
    g = game('(play (move Add (to (sites Empty) if:(not (is Threatened Cell at:(to)))))) '
             '(end (if (is Full) (result Mover Win)))')
    assert len(texts(g.initial_state())) == 9  # no enemy move lands on an occupied site


def test_is_within_looks_at_the_last_move_by_default_and_needs_a_piece():
    assert not wins('(is Within (id "Disc" P2))', ["A1"])  # the last move's site holds P1's piece
    assert wins('(is Within (id "Disc" P2))', ["A1", "B1"])
    assert wins('(is Within (id "Disc" P2) in:(sites {7 8}))', ["A1", "C3"])
    with pytest.raises(LudError, match="needs the piece"):
        wins("(is Within at:(last To))", [])


def test_is_even_and_odd_need_their_number():
    assert wins("(is Even (count Moves))", ["A1", "B1"])
    assert wins("(is Odd (count Moves))", ["A1"])
    assert not wins("(is Even (count Moves))", ["A1"])
    with pytest.raises(LudError, match="needs the number"):
        wins("(is Even)", [])


# --- is Line --------------------------------------------------------------------------------------
TWO_KINDS = '(board (square 4)) (piece "Disc" Each) (piece "Cross" Each)'  # Disc1 1, Disc2 2, Cross1 3


@pytest.mark.parametrize("cond, line", [
    ("(is Line 3)", False),  # Ludii: the kind on the site (a Disc) makes the line, not its owner
    ("(is Line 3 Mover)", True),  # every kind the mover owns
    ("(is Line 3 whats:{1 3})", True),
    ("(is Line 3 what:1)", False),
    ("(is Line 3 Mover if:(!= (to) 1))", False),  # a site of the line fails the condition
    ("(is Line 3 Mover exact:True)", True),
    ("(is Line 2 Mover exact:True)", False),
    ("(is Line 3 Mover useOpposites:False)", False),  # from C1 eastwards only
    ("(is Line 3 Mover throughHowMuch:2)", True),  # two kinds in the line
    ("(is Line 3 Mover throughHowMuch:3)", False),
    ("(is Line 3 throughAny:(sites {0 5}) Mover)", True),  # A1 is on the line
    ("(is Line 3 throughAny:(sites {5 6}) Mover)", False),
    ("(is Line Cell 3 Mover)", True),
])
def test_is_line_reads_kinds_of_piece_as_ludii(cond, line):
    g = game('(start {(place "Cross1" {0 1})}) (play (move Add (piece "Disc") (to (sites Empty)))) '
             f'(end (if {cond} (result Mover Win)))', TWO_KINDS)
    s = g.initial_state()
    s.apply("C1")  # P1's Disc beside its two Crosses on A1, B1
    assert s.is_over() == line


def test_is_line_keeps_the_quick_owner_test_where_it_is_ludiis():
    from interpreter.ludemes.conditions import IsLine
    one = game('(play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))')
    two = game('(play (move Add (piece "Disc") (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))', TWO_KINDS)
    import interpreter.ludemes  # noqa: F401  (registers the vocabulary)
    from interpreter.bind import bind
    from interpreter.syntax.parser import parse
    line = bind(parse("(is Line 3)").forms[0])
    assert isinstance(line, IsLine)
    assert line.quick(one) and not line.quick(two)  # P1 owns two kinds in the second game
    assert not bind(parse("(is Line 3 Mover)").forms[0]).quick(one)


@pytest.mark.parametrize("start, cond, line", [
    ('(place Stack "Disc1" 0 count:3)', "(is Line 4 All byLevel:True)", True),  # up the stack
    ('(place Stack "Disc1" 0 count:2)', "(is Line 4 All byLevel:True)", False),
    ('{(place Stack "Disc1" 1) (place Stack "Disc1" 2) (place Stack "Disc1" 3)}', "(is Line 4 All byLevel:True)", True),
    ('{(place Stack "Disc2" 1) (place Stack "Disc1" 2) (place Stack "Disc1" 3)}', "(is Line 3 All byLevel:True)", False),
    # rising levels: A1 level 0, B1 level 1, C1 level 2
    ('{(place Stack "Disc2" 1) (place Stack "Disc1" 1) (place Stack items:{"Disc2" "Disc2" "Disc1"} 2)}',
     "(is Line 3 All byLevel:True)", True),
    # without byLevel: any piece of a stack counts; top:True only the top one
    ('{(place Stack "Disc1" 1) (place Stack "Disc2" 1) (place Stack "Disc1" 2)}', "(is Line 3 All)", True),
    ('{(place Stack "Disc1" 1) (place Stack "Disc2" 1) (place Stack "Disc1" 2)}', "(is Line 3 All top:True)", False),
])
def test_is_line_in_a_stacking_game(start, cond, line):
    g = game(f'(start {start}) (play (move Add (to (sites Board)) stack:True)) (end (if {cond} (result Mover Win)))',
             '(board (rectangle 1 5)) (piece "Disc" Each)')
    s = g.initial_state()
    s.apply("A1")
    assert s.is_over() == line


# --- graphs of edges --------------------------------------------------------------------------------
def one_player_on_edges(cond: str, moves: list[str], board: str = "(square 2)") -> bool:
    """Whether ``cond`` holds once P1 (alone) has taken the edges ``moves`` (square 2: vertices 0
    (0,0), 1 (1,0), 2 (0,1), 3 (1,1); edges 0: 0-1, 1: 0-2, 2: 1-3, 3: 2-3)."""
    g = load(f'(game "T" (players 1) (equipment {{(board {board} use:Edge) (piece "Marker" P1)}}) '
             f'(rules (play (move Add (to (sites Empty Edge)))) (end (if {cond} (result Mover Win)))))')
    s = g.initial_state()
    for m in moves:
        assert not s.is_over()
        s.apply(m)
    return s.is_over()


def test_spanning_and_caterpillar_trees():
    assert one_player_on_edges("(is SpanningTree P1)", ["0", "1", "2"])  # the path 2-0-1-3
    assert not one_player_on_edges("(is SpanningTree (player 1))", ["0", "1"])  # vertex 3 left out
    assert one_player_on_edges("(is CaterpillarTree Mover)", ["0", "1", "2"])  # backbone: edge 0
    assert one_player_on_edges("(is Tree (player 1))", ["0"])


def test_tree_centre_reads_the_last_move_as_a_vertex():
    # edges 1-3 then 0-1: the tree 0-1-3, whose centre (by subtree sizes from vertex 0) is 1;
    # the last move (edge 0) read as vertex 0 is its neighbour, but deeper (Ludii's walk: 3 and 2)
    assert not one_player_on_edges("(is TreeCentre P1)", ["2", "0"])
    # then 0-2: the path 2-0-1-3, centre 0; the last move read as vertex 1, its neighbour, as deep
    assert one_player_on_edges("(is TreeCentre P1)", ["2", "0", "1"])


def test_is_crossing_and_is_cycle():
    board = "(graph vertices:{{0 0} {1 0} {0 1} {1 1}} edges:{{0 3} {1 2} {0 1}})"
    assert one_player_on_edges("(is Crossing 0 1)", ["2"], board)  # the two diagonals
    assert not one_player_on_edges("(is Crossing 0 2)", ["2"], board)  # they share vertex 0
    assert not one_player_on_edges("(is Cycle)", ["0", "1"])


@pytest.mark.parametrize("name, holds", [("Acute", False), ("Obtuse", True), ("Right", True), ("Reflex", False)])
def test_angles_between_two_sites_as_ludii_measures_them(name, holds):
    # P1 on A1 and B1 (a row: 90 degrees) and B2 (from A1: 135); sites in increasing order
    # always rise on this board, so no angle is acute
    cond = f"(is {name} at:(last To) (is Mover (who at:(site))) (is Mover (who at:(site))))"
    g = game(f'(start {{(place "Disc1" {{0 1 4}})}}) (play (move Add (to (sites Empty)))) '
             f'(end (if {cond} (result Mover Win)))')
    s = g.initial_state()
    s.apply("C3")  # P1's: (last To) is C3, left out of the pairs
    assert s.is_over() == holds


# --- the last move, the history, configurations ---------------------------------------------------------
def ends(cond: str, moves: list[str], play: str = "(move Add (to (sites Empty)))",
         equipment: str = '(board (square 3)) (piece "Disc" Each)', start: str = "") -> list[bool]:
    """Whether the game is over after each of ``moves`` (stopping when it is)."""
    g = game(f"{start} (play {play}) (end (if {cond} (result Mover Win)))", equipment)
    s = g.initial_state()
    out = []
    for m in moves:
        s.apply(m)
        out.append(s.is_over())
        if s.is_over():
            break
    return out


def test_is_last_to_and_last_from_name_the_kind_of_site():
    assert ends("(is LastTo Cell)", ["A1"]) == [True]
    assert ends("(is LastTo Vertex)", ["A1", "B1"]) == [False, False]
    assert ends("(is LastFrom Cell)", ["A1"]) == [True]  # an added piece comes from where it goes


def test_is_target_compares_the_configuration():
    assert ends("(is Target {1 2} {0 1})", ["A1", "B1"]) == [False, True]
    assert ends("(is Target {1 2} {0 1})", ["A1", "C1"]) == [False, False]
    assert ends("(is Target {1 0 0 0 0 0 0 0 0})", ["A1"]) == [True]  # every cell in order
    assert ends("(is Target {0 1 0 0 0 0 0 0 0})", ["A1", "C3"]) == [False, False]
    assert ends("(is Target {1} 0)", ["A1"]) == [True]
    with pytest.raises(LudError, match="only the board"):
        ends('(is Target "Hand" {1})', [])


def test_is_flat_on_a_board_of_one_layer():
    assert ends("(is Flat (last To))", ["A1"]) == [True]
    g = game("(play (move Add (to (sites Empty) if:(is Flat)))) (end (if (is Full) (result Mover Win)))")
    assert len(texts(g.initial_state())) == 9


def test_is_repeat_finds_a_position_seen_at_a_turn_start():
    step = '(board (square 3)) (piece "Disc" Each (move Step (to if:(is Empty (to)))))'
    start = '(start {(place "Disc1" 0) (place "Disc2" 8)})'
    there_and_back = ["A1-A2", "C3-C2", "A2-A1", "C2-C3"]
    assert ends("(is Repeat)", there_and_back, "(forEach Piece)", step, start) == [False, False, False, True]
    assert ends("(is Repeat PositionalInTurn)", there_and_back, "(forEach Piece)", step, start) == [False] * 4


def test_is_blocked_when_no_group_of_own_and_empty_sites_joins_the_regions():
    start = '(start (place "Disc2" {3 4 5}))'  # P2 fills the middle row
    assert ends("(is Blocked {(sites Bottom) (sites Top)})", ["A1"], start=start) == [True]
    assert ends("(is Blocked {(sites Bottom) (sites Top)})", ["B2", "A2", "C2"]) == [False, False, False]
    assert ends("(is Blocked 1 {(sites Bottom) (sites Top)})", ["A1"], start=start) == [False]  # one is enough


# --- all Groups, is Freedom, all Different if:, the puzzles' forAll and is Unique -----------------------
def test_all_groups_checks_every_group():
    assert ends("(all Groups Orthogonal if:(= 1 (count Sites in:(sites))))", ["A1", "C3", "B2"]) == [True]
    # P1 on A1 and B1 make one group of two
    assert ends("(all Groups Orthogonal if:(= 1 (count Sites in:(sites))))", ["A1", "C3", "B1"]) == \
        [True]  # after A1: one group of one
    g = game('(start {(place "Disc1" {0 1})}) (play (move Add (to (sites Empty)))) '
             '(end (if (all Groups Orthogonal if:(= 1 (count Sites in:(sites)))) (result Mover Win)))')
    s = g.initial_state()
    s.apply("C3")  # P1's group A1-B1 has two sites
    assert not s.is_over()
    # with of:, groups of any occupied sites: A1 (P1) and B1 (P2) make one group of two
    start = '(start {(place "Disc1" 0) (place "Disc2" 1)})'
    assert ends("(all Groups of:(is Occupied (to)) if:(< (count Sites in:(sites)) 2))", ["C3"], start=start) == [False]
    assert ends("(all Groups of:(is Occupied (to)) if:(< (count Sites in:(sites)) 3))", ["C3"], start=start) == [True]


def test_is_freedom_looks_for_an_empty_orthogonal_neighbour():
    assert ends("(not (is Freedom (sites {0})))", ["A2", "B1"]) == [False, True]
    assert ends("(not (is Freedom (sites {0}) 1))", ["A2"]) == [True]  # B1 is where a piece will go


def test_all_different_with_a_condition():
    assert ends("(all Different (sites {0 1}) if:(is Occupied (site)))", ["A1", "B1"]) == [False, True]
    assert ends("(all Different (sites {0 1 2}) if:(is Occupied (site)))", ["A1", "B1", "C1"]) == [False] * 3


def test_is_unique_and_forall_constrain_a_puzzle():
    g = load('(game "P" (players 1) (equipment {(board (square 2) (values Cell (range 1 3))) (regions {Rows})}) '
             '(rules (play (satisfy {(all Different) (is Unique)})) (end (if (is Solved) (result P1 Win)))))')
    s = g.initial_state()
    for m in ["A1=1", "B1=2", "A2=1"]:
        s.apply(m)
    offered = [m.text for m in s.legal_moves() if m.text.startswith("B2=")]
    assert offered == ["B2=3"]  # B2=2 would repeat the first row; B2=1 the value of A2
    g = load('(game "P" (players 1) (equipment {(board (rectangle 1 2) (values Cell (range 1 2)))}) '
             '(rules (play (satisfy {(forAll Cell (is Count (sites {(from)}) of:1 0))})) '
             '(end (if (is Solved) (result P1 Win)))))')
    assert [m.text for m in g.initial_state().legal_moves() if "=" in m.text] == ["A1=2", "B1=2"]
    # forAll Hint visits the puzzle's hints (tests/test_ludii_teams.py): a puzzle without any is not constrained
    g = load('(game "P" (players 1) (equipment {(board (rectangle 1 2) (values Cell (range 1 2)))}) '
             '(rules (play (satisfy {(forAll Hint (is Count (sites {(from)}) of:1 0))})) '
             '(end (if (is Solved) (result P1 Win)))))')
    assert [m.text for m in g.initial_state().legal_moves() if "=" in m.text] == ["A1=1", "A1=2", "B1=1", "B1=2"]


# --- is Loop ------------------------------------------------------------------------------------------
RING = """\
mover: 1
board: |
  5 . . . . .
  4 . x . x .
  3 . x {centre} x .
  2 . x x x .
  1 . . . . .
"""


@pytest.mark.parametrize("cond, centre, loop", [
    ("(is Loop)", ".", True),
    ("(is Loop)", "x", True),  # a ring around the player's own stone is a loop (Ludii's reading)
    ("(is Loop surround:Next)", ".", False),  # nothing of P2's inside
    ("(is Loop surround:Next)", "o", True),
    ("(is Loop {Next Neutral})", ".", True),  # an empty site is nobody's: Neutral
    ("(is Loop (next))", ".", False),  # the ring is not P2's
    ("(is Loop Cell (mover) (last To) path:True)", ".", True),
    ("(is Loop Orthogonal)", ".", False),  # the ring's stones next to C3 touch only diagonally
])
def test_is_loop_as_ludii_reads_it(cond, centre, loop):
    g = load('(game "T" (players 2) (equipment {(board (square 5)) (piece "Disc" Each)}) '
             f'(rules (play (move Add (to (sites Empty)))) (end (if {cond} (result Mover Win)))))')
    state = g.state_from_text(RING.format(centre=centre))
    state.apply("C4")
    assert state.is_over() == loop


def test_is_loop_needs_the_ring_off_the_edge():
    g = load('(game "T" (players 2) (equipment {(board (square 5)) (piece "Disc" Each)}) '
             '(rules (play (move Add (to (sites Empty)))) (end (if (is Loop) (result Mover Win)))))')
    corner = "mover: 1\nboard: |\n  5 . . . . .\n  4 . . . . .\n  3 . . . . .\n  2 x . . . .\n  1 . x . . .\n"
    state = g.state_from_text(corner)
    state.apply("A1")  # A1 is on the edge: the stones across the corner close nothing
    assert not state.is_over()


# --- Ludii's own games of these conditions, replayed against its traces ---------------------------------
REPLAYS = {  # trace -> the plies compared (None: all)
    "board__space__line__Gomoku_seed101.json": None,  # is Line exact:
    "board__space__line__Pente_seed101.json": 100,
    "board__space__line__Keryo-Pente_seed101.json": 100,
    "board__space__line__Tic-Tac-Toe Misere_seed101.json": None,
    "board__space__pattern__Hexade_seed101.json": 100,
    "board__hunt__Three Musketeers_seed101.json": None,  # is Line contiguous:False
    "experimental__Flowers_seed101.json": None,
    "experimental__YavaGo_seed101.json": None,
    "board__space__connection__Havannah_seed101.json": None,  # is Loop
    "experimental__Double-Run Stone_seed101.json": None,  # is Within
    "math__graph__Sim_seed101.json": None,  # is Path
    "experimental__graph_theory__Nedilmarth_seed101.json": None,  # is Tree
    "experimental__graph_theory__Windir_seed101.json": None,  # is RegularGraph
    "board__sow__other__Okwe (Achalla)_seed101.json": None,  # is Odd
}


@pytest.mark.parametrize("name", sorted(REPLAYS))
def test_ludii_games_of_these_conditions_agree(name):
    path = TRACES / name
    if not path.exists():
        pytest.skip(f"{path} not present")
    trace = json.loads(path.read_text(encoding="utf-8"))
    found = traces.replay(trace, load(SAMPLE / trace["sample_file"], options=trace["options"]), limit=REPLAYS[name])
    assert found.agree, str(found)


def test_is_line_in_a_deduction_puzzle_reads_resolved_values():
    def over_after(moves: list[str]) -> list[bool]:
        g = load('(game "P" (players 1) (equipment {(board (rectangle 1 3) (values Cell (range 1 2)))}) '
                 '(rules (play (satisfy {(is Sum 9)})) (end (if (is Line 3) (result P1 Win)))))')
        s = g.initial_state()
        out = []
        for m in moves:
            s.apply(m)
            out.append(s.is_over())
        return out
    assert over_after(["A1=1", "B1=1", "C1=1"]) == [False, False, True]  # C1 unresolved until the end
    assert over_after(["A1=1", "B1=2", "C1=1"]) == [False, False, False]
