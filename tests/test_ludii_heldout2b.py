"""Forms Ludii's production files of the families board/space, board/sow, board/hunt, math and
puzzle use beyond the sample (issue 24, the second held-out probe). Each on a small position,
by its meaning in Ludii."""

from __future__ import annotations

from interpreter import load

# --- a player's region made of another region declared before it ------------------------------
# Ludii evaluates each region in the game's context, so (sites P1 "Inner") may build another
# region of the equipment ((regions "Outer" P1 (difference ... (sites P1 "Inner")))).
REGIONS_OF_REGIONS = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)
 (regions "Home" P1 (union (sites Bottom) (sites Row 1)))
 (regions "Home" P2 (sites Top))
 (regions "Inner" P1 (difference (sites P1 "Home") (sites Bottom)))
 (regions "Outer" P1 (difference (sites P1 "Home") (sites P1 "Inner")))
 (regions "Mine" P2 (intersection (sites P2) (sites Left)))})
 (rules (play (move Add (to (sites P1 "Outer")))) (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_region_may_be_made_of_a_players_region_declared_before():
    g = load(REGIONS_OF_REGIONS)
    assert g.owned_regions[(1, "Inner")] == (3, 4, 5)
    assert g.owned_regions[(1, "Outer")] == (0, 1, 2)
    # (sites P2): every region of P2's declared before, here its "Home" (the top row)
    assert g.owned_regions[(2, "Mine")] == (6,)
    assert sorted(m.to for m in g.initial_state().legal_moves()) == [0, 1, 2]


# --- (pair <int function> <int function>): Ludii's Pair of IntFunctions ----------------------------
# Ludii's Map evaluates each pair's functions once, before play; a later pair of the same key
# replaces an earlier one (its map.put); a number worked out as -1 (OFF) gives no entry.
MAP_OF_IDS = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each) (piece "Cross" Each)
 (map {(pair (id "Disc1") (id "Disc2")) (pair (id "Cross" P1) (id "Cross" P2)) (pair 7 5) (pair 7 6)
       (pair (id "Nothing") 3)})
 (map "Sum" {(+ 1 1) 3} {(id "Cross2") 8})})
 (rules (play (move Add (to (sites Empty)))) (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_map_pair_may_name_pieces_by_their_ids():
    g = load(MAP_OF_IDS)
    disc1, disc2 = g.component_index["Disc1"], g.component_index["Disc2"]
    cross1, cross2 = g.component_index["Cross1"], g.component_index["Cross2"]
    assert g.maps[""] == {disc1: disc2, cross1: cross2, 7: 6}
    assert g.maps["Sum"] == {2: cross2, 3: 8}


# --- (sites Occupied ... container:<int function>): Ludii's container by its number ---------------
# Container 0 is the board, container k player k's hand (with (hand Each)): Quantik's
# (sites Occupied by:Mover container:(mover)) lists the mover's hand only.
CONTAINER_OF_MOVER = '''(game "T" (players 2) (equipment {(board (square 2)) (piece "Disc" Each) (hand Each size:2)})
 (rules (start {(place "Disc1" (handSite P1)) (place "Disc2" (handSite P2 1)) (place "Disc2" 3)})
 (play (move (from (sites Occupied by:Mover container:(mover))) (to (sites Empty))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_container_number_worked_out_in_play_names_one_hand():
    g = load(CONTAINER_OF_MOVER)
    s = g.initial_state()
    # the board has 4 sites (0-3), P1's hand 4-5, P2's 6-7: P1 moves from site 4 only
    assert {m.frm for m in s.legal_moves()} == {4}
    s.apply(s.legal_moves()[0])
    assert {m.frm for m in s.legal_moves()} == {7}  # P2's hand, not P2's piece on the board


def test_container_zero_is_the_board():
    g = load(CONTAINER_OF_MOVER.replace("container:(mover)", "container:(- (mover) (mover))"))
    s = g.initial_state()
    assert [m.text for m in s.legal_moves()] == ["pass"]  # P1 has no piece on the board
    s.apply(s.legal_moves()[0])
    assert {m.frm for m in s.legal_moves()} == {3}  # P2's piece on the board, not those in hand


# --- (can Move (enclose ...)): whether Ludii's Enclose, as moves, would list one ------------------
# Ludii's Enclose is an Effect, so a Moves: evaluated, it lists moves when a group is enclosed.
# NoGo forbids a placement that would capture: (not (can Move (enclose (from (last To)) ...))).
NO_CAPTURE = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Marker" Each)})
 (rules (start {(place "Marker2" 0) (place "Marker1" 1)})
 (play (do (move Add (to (sites Empty)))
   ifAfterwards:(not (can Move (enclose (from (last To)) Orthogonal
     (between if:(is Enemy (who at:(between))) (apply (remove (between)))))))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_can_move_of_an_enclosure_asks_whether_a_group_is_enclosed():
    g = load(NO_CAPTURE)
    s = g.initial_state()
    # A2 (site 3) would leave P2's stone at A1 with no liberty: that placement captures
    assert sorted(m.to for m in s.legal_moves()) == [2, 4, 5, 6, 7, 8]
    assert s.what[0]  # nothing was captured while the moves were tried


# --- (add ... count:N) in a game without stacks: Ludii's N ActionAdds of one piece each -----------
# On an empty site the first puts the piece, each further one adds a piece to the site's count;
# on an occupied site every one adds to its count (the kind there stays). An Add of a count other
# than 1 makes the game count pieces (Ludii's GameType.Count). (id "Seed" Shared) is the shared piece.
ADD_COUNTED = '''(game "T" (players 2) (equipment {(board (square 2)) (piece "Seed" Shared)})
 (rules (start (set Count 2 to:(sites {0})))
 (play (move Add (piece (id "Seed" Shared)) (to (sites {0 1})) count:3))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_add_count_on_a_board_without_stacks_counts_the_pieces():
    from interpreter.engine import counts
    g = load(ADD_COUNTED)
    s = g.initial_state()
    seed = g.component_index["Seed"]
    by_site = {m.to: m for m in s.legal_moves()}
    assert sorted(by_site) == [0, 1]
    s.apply(by_site[1])  # an empty site: 3 seeds
    assert (s.what[1], counts.pieces_at(s, 1)) == (seed, 3)
    s.apply(next(m for m in s.legal_moves() if m.to == 0))  # 2 seeds there: 5
    assert (s.what[0], counts.pieces_at(s, 0)) == (seed, 5)
