"""Ludii's region family (``game.functions.region.sites``): the forms added or completed in
issue 24, each pinned by small positions whose answer follows from Ludii's classes."""

from __future__ import annotations

import pytest

from interpreter import LudError, load

GAME = """(game "G" (players 2) (equipment {{(board {board} use:{use}) (piece "M" Each) {extra}}})
  (rules {start} (play {play}) (end (if (is Full) (result Mover Win)))))"""


def game(board: str = "(square 3)", use: str = "Cell", play: str = "(move Add (to (sites Empty)))",
         extra: str = "", start: str = ""):
    return load(GAME.format(board=board, use=use, play=play, extra=extra, start=start))


def texts(state) -> list[str]:
    return sorted(m.text.split("@")[-1] for m in state.legal_moves())


def region(sites: str, board: str = "(square 3)", use: str = "Cell", extra: str = "", start: str = "") -> list[str]:
    """The labels of the sites of a region, read through a placement on the board's sites
    where ``(is In (to) <region>)``."""
    g = game(board, use, f"(move Add (to (sites Board) if:(is In (to) {sites})))", extra, start)
    return [t for t in texts(g.initial_state()) if t != "pass"]


def numbers(sites: str, board: str, use: str = "Cell") -> list[int]:
    g = game(board, use)
    return sorted(g.topology.site(label) for label in region(sites, board, use))


# --- the edges by orientation (Ludii's measureEdgeOrientation) -----------------------------------

def test_edges_of_a_square_are_axial_horizontal_or_vertical():
    # (square 2) use:Edge: 2 x 2 points, edges bottom first: 0 (bottom), 1 (left), 2 (right), 3 (top)
    assert numbers("(sites Axial)", "(square 2)", "Edge") == [0, 1, 2, 3]
    assert numbers("(sites Horizontal)", "(square 2)", "Edge") == [0, 3]
    assert numbers("(sites Vertical)", "(square 2)", "Edge") == [1, 2]
    assert numbers("(sites Angled)", "(square 2)", "Edge") == []


def test_diagonal_edges_are_angled_slash_rising_and_slosh_falling():
    # a square with its diagonals: the two crossing edges are angled; "/" rises to the right
    g = game("(square 2 diagonals:Solid)", "Edge")
    els = g.topology.elements
    pts = els.vertices
    slash = [e for e, (a, b) in enumerate(els.edges)
             if (pts[b][0] - pts[a][0]) * (pts[b][1] - pts[a][1]) > 0]
    slosh = [e for e, (a, b) in enumerate(els.edges)
             if (pts[b][0] - pts[a][0]) * (pts[b][1] - pts[a][1]) < 0]
    assert slash and slosh
    assert numbers("(sites Slash)", "(square 2 diagonals:Solid)", "Edge") == slash
    assert numbers("(sites Slosh)", "(square 2 diagonals:Solid)", "Edge") == slosh
    assert numbers("(sites Angled)", "(square 2 diagonals:Solid)", "Edge") == sorted(slash + slosh)


@pytest.mark.parametrize("board", ["(hex 2)", "(tri 3)", "(tiling T488 2)", "(square 3)", "(tiling T33434 2)"])
def test_every_edge_has_one_orientation_on_each_tiling(board):
    """Axial = horizontal + vertical, angled = slash + slosh, and the two classes split the
    edges, each edge classed by its slope."""
    g = game(board, "Edge")
    r = g.topology.regions_of("Edge")
    els = g.topology.elements
    assert set(r["Axial"]) == set(r["Horizontal"]) | set(r["Vertical"])
    assert set(r["Angled"]) == set(r["Slash"]) | set(r["Slosh"])
    assert set(r["Axial"]) | set(r["Angled"]) == set(range(len(els.edges)))
    assert not set(r["Axial"]) & set(r["Angled"])
    for e, (a, b) in enumerate(els.edges):
        (ax, ay), (bx, by) = els.vertices[a], els.vertices[b]
        dx, dy = bx - ax, by - ay
        if abs(dy) < 1e-9:
            assert e in r["Horizontal"]
        elif abs(dx) < 1e-9:
            assert e in r["Vertical"]
        elif dx * dy > 0 and abs(dy / dx) > 0.2 and abs(dx / dy) > 0.2:
            assert e in r["Slash"]
        elif dx * dy < 0 and abs(dy / dx) > 0.2 and abs(dx / dy) > 0.2:
            assert e in r["Slosh"]


def test_hex_cells_have_vertical_edges_and_no_horizontal_ones():
    # Ludii's hexagons are pointy-topped: their sides are vertical or at 30 degrees
    g = game("(hex 2)", "Edge")
    r = g.topology.regions_of("Edge")
    assert r["Horizontal"] == () and len(r["Vertical"]) == 10 and len(r["Angled"]) == 20


def test_edge_orientations_on_a_board_of_cells_are_refused_beyond_its_cells():
    with pytest.raises(LudError, match="numbered beyond"):
        region("(sites Axial)", "(square 2)")


# --- corners, major and minor -------------------------------------------------------------------

def test_major_and_minor_cells_of_a_4_8_8_tiling():
    g = game("(tiling T488 2)")
    sides = [len(cell) for cell in g.topology.elements.cells]
    most = max(sides)
    major = [g.topology.labels[c] for c, k in enumerate(sides) if k == most]
    minor = [g.topology.labels[c] for c, k in enumerate(sides) if k != most]
    assert minor and region("(sites Major)", "(tiling T488 2)") == sorted(major)
    assert region("(sites Minor)", "(tiling T488 2)") == sorted(minor)
    assert region("(sites Minor)") == []  # every square has four sides: all major
    assert region("(sites Major Vertex)", use="Vertex") == []  # vertices are neither


def test_convex_and_concave_corners_of_a_cross():
    """A cross (two 3 x 9 rectangles crossing): the outline turns outwards at the arms' ends
    (8 corner cells) and inwards at the armpits (the 4 cells there)."""
    board = "(merge {(rectangle 3 9) (shift 3 -3 (rectangle 9 3))})"
    convex = region("(sites ConvexCorners)", board)
    concave = region("(sites ConcaveCorners)", board)
    assert convex == sorted(["A4", "I4", "A6", "I6", "D1", "F1", "D9", "F9"])
    assert concave == ["D4", "D6", "F4", "F6"]
    assert sorted(convex + concave) == region("(sites Corners)", board)


def test_convex_corners_of_a_square_are_its_corners():
    assert region("(sites ConvexCorners)") == ["A1", "A3", "C1", "C3"]
    assert region("(sites ConcaveCorners)") == []


# --- by index: rows, columns, phases, layers, cells and edges ------------------------------------

def test_row_column_phase_without_an_index_are_empty():
    assert region("(sites Row)") == [] and region("(sites Column)") == [] and region("(sites Phase)") == []
    assert region("(sites Row 0)") == ["A1", "B1", "C1"]


def test_phase_by_kind_and_during_play():
    assert region("(sites Phase 1)") == ["A2", "B1", "B3", "C2"]
    assert region("(sites Phase 3)") == []  # a phase the board does not have: none
    assert region("(sites Phase Vertex 0)", use="Vertex") == region("(sites Phase 0)", use="Vertex")
    # a phase known during play: phase 0, then phase 1 after one move
    g = game(play="(move Add (to (sites Empty) if:(is In (to) (sites Phase (% (count Moves) 2)))))")
    state = g.initial_state()
    assert texts(state) == ["A1", "A3", "B2", "C1", "C3"]
    state.apply(state.parse_move("A1"))
    assert texts(state) == ["A2", "B1", "B3", "C2"]


def test_layer_zero_is_the_whole_flat_board():
    assert region("(sites Layer 0)") == region("(sites Board)")
    assert region("(sites Layer 1)") == [] and region("(sites Layer)") == []


def test_the_vertices_of_a_cell_and_of_an_edge():
    # (square 2) use:Vertex: 3 x 3 points; cell 0 is the bottom-left square, edge 0 the bottom-left side
    assert region("(sites Cell 0)", "(square 2)", "Vertex") == ["A1", "A2", "B1", "B2"]
    assert region("(sites Edge 0)", "(square 2)", "Vertex") == ["A1", "B1"]
    assert region("(sites Cell 99)", "(square 2)", "Vertex") == []
    with pytest.raises(LudError, match="gives vertices"):
        region("(sites Cell 0)")


def test_sites_state_needs_its_value():
    with pytest.raises(LudError, match="needs the state"):
        region("(sites State)")


# --- empty sites of a container ------------------------------------------------------------------

def test_empty_sites_of_a_hand():
    """Container 1 is the first player's hand (3 sites, numbered after the board's 9)."""
    extra = '(hand Each size:3)'
    g = game(play="(move Add (to (sites Empty) if:(= (count Sites in:(sites Empty 1)) 3)))", extra=extra)
    assert len(texts(g.initial_state())) == 9
    g = game(play="(move Add (to (sites Empty) if:(= (count Sites in:(sites Empty 2)) 2)))", extra=extra)
    assert texts(g.initial_state()) == ["pass"]
    g = game(play="(move Add (to (sites Empty) if:(is In (+ 9 1) (sites Empty 1))))", extra=extra)
    assert len(texts(g.initial_state())) == 9
    g = game(play="(move Add (to (sites Empty) if:(is In (+ 9 3) (sites Empty 1))))", extra=extra)
    assert texts(g.initial_state()) == ["pass"]  # 12 is the second player's first hand site


# --- between two sites, between of moves, playable --------------------------------------------

def test_sites_between_two_sites_on_a_line():
    assert region("(sites Between from:0 to:2)") == ["B1"]
    assert region("(sites Between from:0 to:8 fromIncluded:True toIncluded:True)") == ["A1", "B2", "C3"]
    assert region("(sites Between Orthogonal from:0 to:8)") == []  # no orthogonal line joins them
    assert region("(sites Between from:0 to:5)") == []  # not on one line: not even the ends' conditions apply
    assert region("(sites Between from:0 to:5 toIncluded:True)") == ["C2"]  # ... but the ends are added


def test_sites_between_with_a_condition_on_each_site():
    start = '(start {(place "M1" "B1") (place "M1" "C1")})'
    four = "(rectangle 1 4)"
    assert region('(sites Between from:"A1" to:"D1" cond:(is Empty (between)))', four, start=start) == []
    # region() lists occupied sites too (Ludii's Add tests no site of its region)
    assert region('(sites Between from:"A1" to:"D1" cond:(is Occupied (between)))', four, start=start) == ["B1", "C1"]
    # read through a count as well
    g = game(four, play='(move Add (to (sites Empty) if:(= 2 (count Sites in:(sites Between from:"A1" '
                        'to:"D1" cond:(is Occupied (between)))))))', start=start)
    assert texts(g.initial_state()) == ["A1", "D1"]
    g = game(four, play='(move Add (to (sites Empty) if:(= 0 (count Sites in:(sites Between from:"A1" '
                        'to:"D1" cond:(is Empty (between)))))))', start=start)
    assert texts(g.initial_state()) == ["A1", "D1"]


def test_sites_between_off_the_board_is_empty():
    g = game(play="(move Add (to (sites Empty) if:(= 0 (count Sites in:(sites Between from:(last To) to:4 "
                  "fromIncluded:True)))))")
    assert len(texts(g.initial_state())) == 9  # (last To) is off the board before the first move


def test_sites_between_of_moves_are_the_sites_hops_pass_over():
    start = '(start {(place "M1" "A1") (place "M2" "A2") (place "M2" "B2")})'
    hop = "(forEach Piece (move Hop (between if:(is Occupied (between))) (to if:(is Empty (to)))))"
    g = game(play=f"(move Add (to (sites Empty) if:(= 2 (count Sites in:(sites Between {hop})))))", start=start)
    assert len(texts(g.initial_state())) == 6  # A1 hops A2 and B2: two sites between


def test_sites_playable_starts_at_the_centre_then_grows_around_the_pieces():
    g = game(play="(move Add (to (sites Playable)))")
    state = g.initial_state()
    assert texts(state) == ["B2"]
    state.apply(state.parse_move("B2"))
    assert texts(state) == ["A1", "A2", "A3", "B1", "B3", "C1", "C2", "C3"]
    g = game("(rectangle 1 5)", play="(move Add (to (sites Playable)))")
    state = g.initial_state()
    state.apply(state.parse_move("C1"))
    assert texts(state) == ["B1", "D1"]


# --- (sites ...): walks, players, site types ---------------------------------------------------

def test_sites_of_turtle_walks_from_a_site():
    # from E1 on a 5 x 5 board, {F F R F} in every orthogonal start: only W-W-turn-N stays on
    assert region("(sites 4 {{F F R F}})", "(square 5)") == ["C2"]
    # from the centre, the two walks in four starts: the knight's eight squares
    assert region("(sites 12 {{F F R F} {F F L F}})", "(square 5)") == [
        "A2", "A4", "B1", "B5", "D1", "D5", "E2", "E4"]
    assert region("(sites 12 {{F F R F}} rotations:False)", "(square 5)") == ["D5"]  # facing N only


def test_sites_walks_from_the_from_site_by_default():
    start = '(start {(place "M1" "C3")})'
    g = game("(square 5)", play="(forEach Piece (move (from) (to (sites {{F F}}) if:(is Empty (to)))))",
             start=start)
    assert texts(g.initial_state()) == ["C3-A3", "C3-C1", "C3-C5", "C3-E3"]


def test_sites_of_a_player_call_and_a_site_type():
    extra = '(regions P1 (sites {"A1"})) (regions P2 (sites {"C3"}))'
    assert region("(sites (player 1))", extra=extra) == ["A1"]
    assert region("(sites (player 2))", extra=extra) == ["C3"]
    assert region('(sites Vertex {"A1" "B2"})', use="Vertex") == ["A1", "B2"]
    with pytest.raises(LudError, match="this board plays on its cells"):
        region('(sites Vertex {"A1" "B2"})')


def count_is(n: int, sites: str, board: str = "(square 3)", start: str = "", extra: str = "",
             players: str = "2") -> bool:
    """Whether the region has ``n`` sites (read through a placement's condition, so that
    occupied sites can be counted)."""
    g = load(f"""(game "G" (players {players}) (equipment {{(board {board}) (piece "M" Each) {extra}}})
      (rules {start} (play (move Add (to (sites Empty) if:(= {n} (count Sites in:{sites})))))
      (end (if (is Full) (result Mover Win)))))""")
    return texts(g.initial_state()) != ["pass"]


# --- sites Side, Hand, Occupied, Incident with a player ----------------------------------------

def test_sites_side_by_direction_player_and_shared():
    assert region("(sites Side N)") == ["A3", "B3", "C3"]
    assert region("(sites Side NNE)") == [] and region("(sites Side)") == []  # no such side; nothing given
    assert region("(sites Side Shared)") == region("(sites Outer)")
    assert region("(sites Side P1)") == []  # (players 2): no player has a direction
    assert region("(sites Side Vertex S)", use="Vertex") == ["A1", "B1", "C1"]
    g = load('''(game "G" (players {(player S) (player N)}) (equipment {(board (square 3)) (piece "M" Each)})
      (rules (play (move Add (to (sites Side Mover)))) (end (if (is Full) (result Mover Win)))))''')
    state = g.initial_state()
    assert texts(state) == ["A1", "B1", "C1"]  # P1 faces S
    state.apply(state.parse_move("A1"))
    assert texts(state) == ["A3", "B3", "C3"]
    with pytest.raises(LudError, match="a player or a direction"):
        region("(sites Side P1 N)")


def test_sites_hand_of_a_player_and_of_nobody():
    extra = "(hand Each size:2)"
    assert count_is(2, "(sites Hand (player 2))", extra=extra)
    assert count_is(2, "(sites Hand P1)", extra=extra)
    assert count_is(0, "(sites Hand)", extra=extra)  # Ludii: no player given, no sites
    g = game(play="(move Add (to (sites Empty) if:(is In (+ 9 2) (sites Hand (player 2)))))", extra=extra)
    assert len(texts(g.initial_state())) == 9  # P2's hand: sites 11 and 12


def test_sites_occupied_and_incident_by_a_player_call():
    start = '(start {(place "M1" "A1") (place "M2" "B1") (place "M2" "C1")})'
    assert count_is(1, "(sites Occupied by:(player 1))", start=start)
    assert count_is(2, "(sites Occupied by:(player 2))", start=start)
    assert count_is(2, "(sites Occupied by:P2)", start=start)


# --- sites Group, LineOfSight, ToClear ------------------------------------------------------------

def test_sites_group_by_kind_of_piece_and_of_empty_sites():
    start = '(start {(place "M1" "A1") (place "M1" "B1") (place "M2" "C1") (place "M2" "C2")})'
    assert count_is(2, "(sites Group at:0 Orthogonal)", start=start)  # A1 B1
    assert count_is(2, "(sites Group at:2 Orthogonal)", start=start)  # C1 C2
    # an empty site's group: the empty sites joined to it (A2 A3 B2 B3 C3)
    assert count_is(5, "(sites Group at:4 Orthogonal)", start=start)
    assert count_is(4, "(sites Group from:(sites Occupied by:All) Orthogonal)", start=start)
    # if: the start belongs only if it meets the condition, tested with the caller's (from) (none
    # here: no one's); (from) is the start for the other sites
    assert count_is(0, "(sites Group at:0 Orthogonal if:(is Empty (to)))", start=start)
    assert count_is(0, "(sites Group at:0 if:(= (who at:(to)) (who at:(from))))", start=start)
    # A1 (P1's, not no one's) joins; then every site not P1's joined to it: all but B1
    assert count_is(8, "(sites Group at:0 if:(!= (who at:(to)) (who at:(from))))", start=start)
    with pytest.raises(LudError, match="at: or from:"):
        region("(sites Group)")


def test_sites_line_of_sight_from_the_last_move_by_default():
    start = '(start {(place "M2" "A3")})'
    g = game(play="(move Add (to (sites Empty) if:(or (= -1 (last To)) (is In (to) (sites LineOfSight Empty)))))",
             start=start)
    state = g.initial_state()
    state.apply(state.parse_move("A1"))
    # from A1: up the column to A2 (A3 is a piece), along the row B1 C1, the diagonal B2 C3
    assert texts(state) == ["A2", "B1", "B2", "C1", "C3"]


def test_sites_to_clear_takes_a_site_type():
    assert count_is(0, "(sites ToClear Cell)")


# --- sites Pattern ---------------------------------------------------------------------------------

def test_sites_pattern_gives_the_sites_of_each_matching_walk():
    start = '(start {(place "M1" "A1") (place "M1" "B1") (place "M1" "B2") (place "M2" "C1")})'
    assert count_is(3, "(sites Pattern {F L F} from:0)", start=start)  # A1 B1 B2 (facing E, turning N)
    assert count_is(0, "(sites Pattern {F R F} from:0)", start=start)  # every walk leaves the board or meets a gap
    assert count_is(2, "(sites Pattern {F} from:0)", start=start)  # A1 B1
    # whats: in turn from the start: M1 then M2 (C1 after B1 going E)
    assert count_is(2, "(sites Pattern {F} from:1 whats:{1 2})", start=start)  # B1 C1
    assert count_is(0, "(sites Pattern {F} from:4 whats:{1 2})", start=start)  # B2 holds M1, but no M2 next to it
    assert count_is(0, "(sites Pattern {F} from:2 what:1)", start=start)  # C1 does not hold M1
    # from the last move's site by default: none before the first move
    assert count_is(0, "(sites Pattern {F})", start=start)


# --- sites Crossing ---------------------------------------------------------------------------------

SQUARE_X = "(graph vertices:{{0 0} {1 0} {0 1} {1 1}} edges:{{0 1} {0 2} {1 3} {2 3} {0 3} {1 2}})"


def test_sites_crossing_the_two_diagonals_of_a_square():
    """A square with both diagonals as edges (4 and 5): they cross each other, and nothing else."""
    g = game(SQUARE_X, "Edge", play="(move Add (to (sites Empty) if:(or (= -1 (last To)) "
                                    "(= 0 (count Sites in:(sites Crossing at:(to) All))))))")
    assert [tuple(sorted(g.topology.elements.edges[e])) for e in (4, 5)] == [(0, 3), (1, 2)]
    state = g.initial_state()
    state.apply(state.parse_move("4"))
    assert texts(state) == ["0", "1", "2", "3"]  # 5 crosses 4
    g = game(SQUARE_X, "Edge", play="(move Add (to (sites Empty) if:(or (= -1 (last To)) "
                                    "(= 0 (count Sites in:(sites Crossing at:(to) P2))))))")
    state = g.initial_state()
    state.apply(state.parse_move("4"))  # P1's: P2 has no edge it crosses
    assert texts(state) == ["0", "1", "2", "3", "5"]


def test_sites_crossing_by_owner_and_its_board():
    with pytest.raises(LudError, match="needs whose edges"):
        game("(square 2)", "Edge", play="(move Add (to (sites Empty) if:(is In (to) (sites Crossing at:0))))")
    with pytest.raises(LudError, match="played on its edges"):
        region("(sites Crossing at:0 P1)")


def test_sites_line_of_play_on_a_board_is_the_playable_sites():
    g = game("(rectangle 1 5)", play="(move Add (to (sites LineOfPlay)))")
    state = g.initial_state()
    assert texts(state) == ["C1"]
    state.apply(state.parse_move("C1"))
    assert texts(state) == ["B1", "D1"]


# --- sites Distance with a step ------------------------------------------------------------------

def test_sites_distance_by_repeated_steps():
    """From A1 on a 5 x 1 row, orthogonal steps to empty sites (D1 holds a piece): B1 at 1,
    C1 at 2; D1 stops the walk. Ludii keeps a level L > 1 when L - 1 reaches the least
    distance, and walks up to level max - 1."""
    start = '(start {(place "M2" "D1")})'
    step = "(step Orthogonal (to if:(is Empty (to))))"
    board = "(rectangle 1 5)"
    assert count_is(2, f"(sites Distance {step} from:0 (range 1 Infinity))", board, start)  # B1 C1
    assert count_is(1, f"(sites Distance {step} from:0 (range 1 2))", board, start)  # B1: walk stops at level 1
    # Ludii's quirk: C1 (level 2) is kept only when level 1 reaches the least distance
    assert count_is(0, f"(sites Distance {step} from:0 (range 2 Infinity))", board, start)
    anywhere = "(step Orthogonal (to if:True))"
    assert count_is(4, f"(sites Distance {anywhere} from:0 (range 1 Infinity))", board, start)  # B1 .. E1
    assert count_is(2, f"(sites Distance {anywhere} from:0 (range 2 Infinity))", board, start)  # D1 E1


# --- sites Winning ---------------------------------------------------------------------------------

WIN3 = """(game "G" (players 2) (equipment {{(board (rectangle 1 5)) (piece "M" Each)}})
  (rules {start} (play (move Add (to (sites Empty) if:{cond})))
  (end (if (is Line 3) (result Mover Win)))))"""


def test_sites_winning_for_the_mover_and_for_another_player():
    start = '(start {(place "M1" "A1") (place "M1" "B1") (place "M2" "D1") (place "M2" "E1")})'
    # P1 wins at C1 (A1 B1 C1); P2 would win at C1 too (C1 D1 E1)
    g = load(WIN3.format(start=start, cond="(is In (to) (sites Winning Mover (move Add (to (sites Empty)))))"))
    state = g.initial_state()
    assert texts(state) == ["C1"]
    g = load(WIN3.format(start=start, cond="(= 1 (count Sites in:(sites Winning Next (move Add (to (sites Empty))))))"))
    assert texts(g.initial_state()) == ["C1"]
    start = '(start {(place "M1" "A1") (place "M1" "B1")})'
    g = load(WIN3.format(start=start, cond="(= 0 (count Sites in:(sites Winning Next (move Add (to (sites Empty))))))"))
    assert texts(g.initial_state()) == ["C1", "D1", "E1"]  # P2 cannot win in one move
    state = g.initial_state()
    before = state.to_text() if hasattr(state, "to_text") else None
    state.legal_moves()
    assert state.mover == 1 and not state.over  # the moves tried were taken back
    if before is not None:
        assert state.to_text() == before


def test_sites_winning_needs_its_moves():
    with pytest.raises(LudError, match="needs the moves"):
        region("(sites Winning Mover)")


def test_sites_group_is_visible_skips_ludiis_fixed_sites():
    """Ludii's isVisible:True (made for one 3D board) keeps site 8 out of a group while site 9
    is occupied, on any board."""
    start = '(start {(place "M1" (sites {7 8})) (place "M2" (sites {9}))})'
    board = "(square 5)"
    assert count_is(2, "(sites Group at:7 Orthogonal)", board, start)
    assert count_is(1, "(sites Group at:7 Orthogonal isVisible:True)", board, start)
    assert count_is(2, "(sites Group at:7 Orthogonal isVisible:False)", board, start)
    assert count_is(2, "(sites Group at:8 Orthogonal isVisible:True)", board, start)  # the start itself stays


# --- Ludii's own files that use the family, replayed against Ludii's traces --------------------------

REGION_SAMPLES = [
    "board__space__connection__Cross_seed101",  # sites Side
    "board__space__connection__Y (Hex)_seed101",  # sites Side
    "board__war__replacement__stalemate__Clobber_seed101",  # sites Phase
    "board__war__leaping__diagonal__Unnamed Dutch Draughts Game_seed101",  # sites Phase, sites ToClear
    "board__race__reach__King's Valley_seed101",  # sites LineOfSight, sites Column
    "board__war__replacement__eliminate__all__Diagonals (2002)_seed101",  # sites LineOfSight
    "experimental__Double-Run Stone_seed101",  # sites Hand, sites State
    "experimental__Ecosys_seed101",  # sites Group
    "board__space__line__Pente_seed101",  # sites Distance
    "board__war__replacement__eliminate__all__Toono_seed101",  # sites Distance
    "board__space__group__Lines of Action_seed101",  # sites Column, sites Row
]


@pytest.mark.parametrize("name", REGION_SAMPLES)
def test_region_sample_files_agree_with_ludiis_traces(name):
    import json

    from interpreter.ludii import traces
    from test_ludii_traces import SAMPLE_TRACES, _sample_game  # tests/ is on the path
    paths = [p for p in SAMPLE_TRACES if p.stem == name]
    if not paths:
        pytest.skip("Ludii's traces are not present")
    trace = json.loads(paths[0].read_text(encoding="utf-8"))
    game = _sample_game(trace)
    assert game is not None, f"{name} does not load"
    found = traces.replay(trace, game)
    assert found.agree, str(found)


def test_sites_cell_and_edge_with_labels_are_ludiis_site_type_and_labels():
    """(sites Cell {"A1" ...}): Ludii reads the word as the site type of the labels."""
    assert region('(sites Cell {"A1" "B2"})') == ["A1", "B2"]
    assert region('(sites Edge {"0" "3"})', "(square 2)", "Edge") == ["0", "3"]
    # on a board of vertices, Ludii's numbers of the cells of those labels (cells 0 and 4 of the
    # 3x3 cells), read as sites of the board's own type (vertices 0 and 4 of its 4x4 vertices)
    assert region('(sites Cell {"A1" "B2"})', use="Vertex") == ["A1", "A2"]
