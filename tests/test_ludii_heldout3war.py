"""Forms Ludii's production files of the family board/war (chess, shogi, xiangqi, custodial,
leaping, eliminate) use beyond the sample (issue 24, the held-out probe lud3war). Each on a small
position, by its meaning in Ludii."""

from __future__ import annotations

from interpreter import load

# --- a define given twice (Kyoto Shogi's "CapturePiece") --------------------------------------------
# Ludii's Expander takes the file's defines in order, round after round, each expanding every use
# in the text at its turn: the first "Cap" reads the uses of the game; the uses in the body of a
# define placed between the two read the second.
TWICE = '''(define "Cap" (apply (remove (to))))
(define "Step" (move Step Orthogonal (to if:(is Enemy (who at:(to))) "Cap")))
(define "Cap" (apply (addScore Mover 1)))
(game "T" (players 2) (equipment {(board (square 3)) (piece "A" P1 "Step") (piece "B" P2)})
 (rules (start {(place "A1" 0) (place "B2" 1) (place "B2" 3)})
 (play (or (forEach Piece) (move Step (from 0) Orthogonal (to if:(is Enemy (who at:(to))) "Cap"))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_define_given_twice_reads_each_use_as_ludii_expands_it():
    g = load(TWICE)
    s = g.initial_state()
    moves = s.legal_moves()
    assert len(moves) == 4  # two captures from the piece's own moves, two from the play's
    # one move of each kind onto site 1: apply both and compare what they leave behind
    results = []
    for m in moves:
        if m.to != 1:
            continue
        t = s.clone()
        t.apply(m)
        results.append(t)
    # the piece's "Step" (its body between the two defines) reads the second "Cap": a point
    # scored; the play's own use reads the first: a plain capture (no point)
    assert sorted(t.scores[1] for t in results) == [0, 1]
    assert sorted(t.what[1] for t in results) == [g.component_index["A1"]] * 2


# --- (move Promote (last To) (piece <int function>)) and (promote ... (piece {<int>...})) --------------
# Ludii's Promote with a piece given by number works it out in play: Shogi's
# (piece (mapEntry "Promoted" (what at:(last To)))); a list of numbers makes one promotion per
# number (Kyoto Shogi's choice between the promoted piece and the piece itself).
PROMOTE_BY_NUMBER = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Pawn" Each (move Step Forward (to if:(is Empty (to))) (then (moveAgain))))
 (piece "Gold" Each)
 (map "Promoted" {(pair (id "Pawn" P1) (id "Gold" P1)) (pair (id "Pawn" P2) (id "Gold" P2))})})
 (rules (start {(place "Pawn1" 0)})
 (play (if (is Prev Mover) (move Promote (last To) (piece {(mapEntry "Promoted" (what at:(last To))) (what at:(last To))})) (forEach Piece)))
 (end (if (no Moves Next) (result Mover Win)))))'''

PROMOTE_ONE = '''(game "T" (players {(player N) (player S)}) (equipment {(board (square 3)) (piece "Pawn" Each (move Step Forward (to if:(is Empty (to))) (then (promote (last To) (piece (mapEntry "Promoted" (what at:(last To))))))))
 (piece "Gold" Each)
 (map "Promoted" {(pair (id "Pawn" P1) (id "Gold" P1))})})
 (rules (start {(place "Pawn1" 0) (place "Pawn2" 8)})
 (play (forEach Piece))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_promotion_to_pieces_given_by_number_is_worked_out_in_play():
    g = load(PROMOTE_BY_NUMBER)
    s = g.initial_state()
    (step,) = s.legal_moves()
    s.apply(step)
    names = sorted(g.components[m.what].name for m in s.legal_moves())
    assert names == ["Gold1", "Pawn1"]  # the mapped piece, or the piece itself


def test_a_promotion_effect_by_number_gives_nothing_for_a_number_below_one():
    g = load(PROMOTE_ONE)
    s = g.initial_state()
    s.apply(s.legal_moves()[0])  # P1's pawn steps to 3 and becomes the Gold the map names
    assert g.components[s.what[3]].name == "Gold1"
    s.apply(s.legal_moves()[0])  # P2's pawn has no entry (-1): it stays a pawn
    assert g.components[s.what[5]].name == "Pawn2"


# --- (to Cell <site>) past the sites of a board of vertices: a hand's site --------------------------
# Ludii numbers the hands' sites after the board's sites of its own kind (vertices here) and
# finds an ActionAdd's container from its site: Loop Xiangqi's captured pieces go to
# (to Cell (mapEntry "where" ...)), a hand site, on a board played on its vertices.
CELL_HAND_SITE = '''(game "T" (players 2) (equipment {(board (square 3) use:Vertex)
 (piece "Disc" Each (move Step Orthogonal (to if:(is Enemy (who at:(to))) (apply (add (piece "Disc1") (to Cell (handSite P1)))))))
 (hand Each size:1)})
 (rules (start {(place "Disc1" 0) (place "Disc2" 1)})
 (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_cell_past_the_boards_vertices_is_a_hand_site():
    g = load(CELL_HAND_SITE)
    s = g.initial_state()
    (capture,) = [m for m in s.legal_moves() if m.to == 1]
    s.apply(capture)
    # 9 vertices (0-8): P1's hand is site 9 (the first hand site), where the captured piece went
    assert g.components[s.array("hand_sites")[0]].name == "Disc1"
    assert g.components[s.what[1]].name == "Disc1" and s.what.count(0) == 8


# --- a region that visits sites: (forEach (sites Board) if:...) -----------------------------------
# Ludii evaluates an equipment region's function before play; Hexshogi's last rank is the sites
# whose site ahead northwards is the site itself (nothing beyond it).
VISITING_REGION = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)
 (regions "Last" P1 (forEach (sites Board) if:(= (site) (ahead (site) N))))})
 (rules (play (move Add (to (sites P1 "Last")))) (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_region_may_visit_the_sites_of_the_board():
    g = load(VISITING_REGION)
    assert g.owned_regions[(1, "Last")] == (6, 7, 8)


# --- (sites Distance ... (exact <int function>)): a range worked out in play ------------------------
# Ludii evaluates the range each time the region is: Shogun moves a piece exactly as many sites
# away as its value says.
DISTANCE_BY_VALUE = '''(game "T" (players 2) (equipment {(board (square 5))
 (piece "Disc" Each (move (from (from)) (to (sites Distance Orthogonal from:(from) (exact (value Piece at:(from)))) if:(is Empty (to)))))})
 (rules (start {(place "Disc1" 0 value:2) (place "Disc2" 24 value:1)})
 (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_distance_range_may_be_worked_out_in_play():
    g = load(DISTANCE_BY_VALUE)
    s = g.initial_state()
    # from A1 (site 0), value 2: the sites two orthogonal steps away (C1, B2, A3)
    assert sorted(m.to for m in s.legal_moves()) == [2, 6, 10]
    s.apply(s.legal_moves()[0])
    # P2's disc at E5 (24), value 1: its two neighbours
    assert sorted(m.to for m in s.legal_moves()) == [19, 23]


# the same with a step walked (Icebreaker's (sites Distance (step ...) from:(from) (exact ...))); as
# Ludii walks a step, levels up to max - 1 are walked and the level after each is kept
STEP_DISTANCE_BY_VALUE = DISTANCE_BY_VALUE.replace(
    "(sites Distance Orthogonal from:(from) (exact (value Piece at:(from))))",
    "(sites Distance (step Orthogonal (to if:(is Empty (to)))) from:(from) (range 1 (value Piece at:(from))))",
).replace('(place "Disc1" 0 value:2)', '(place "Disc1" 0 value:3)')


def test_a_distance_range_of_a_step_walk_may_be_worked_out_in_play():
    g = load(STEP_DISTANCE_BY_VALUE)
    s = g.initial_state()
    assert sorted(m.to for m in s.legal_moves()) == [1, 2, 5, 6, 10]  # up to 2 steps (value 3)
    s.apply(s.legal_moves()[0])
    assert sorted(m.to for m in s.legal_moves()) == [19, 23]  # value 1: one step


# --- (id "Name" <player>): Ludii's first piece whose name holds "Name", -1 when none ------------------
# Ludii's Id looks for the first piece whose name *contains* the name and that the player owns
# ("King" finds "King_noCross1"), and gives -1 (no piece, not an empty site) when there is none;
# (id "Name") alone is the piece of exactly that name. Hindustani Chess promotes to
# (piece (id "Queen" Mover)) with no Queen: the promotion makes nothing.
IDS = '''(game "T" (players 2) (equipment {(board (square 3))
 (piece "King_noCross" Each (move Step (to if:(is Empty (to))) (then (promote (last To) (piece (id "Queen" Mover))))))
 (piece "Disc" P1)})
 (rules (start {(place "King_noCross1" 0)})
 (play (forEach Piece))
 (end {(if (= (what at:8) (id "Queen" Mover)) (result Mover Win))
       (if (= (what at:0) (id "King" Mover)) (result Mover Loss))})))'''


def test_an_id_finds_a_name_it_holds_and_is_minus_one_when_none():
    from interpreter.ludemes.hands import _by_full_name, _first_holding
    g = load(IDS)
    king1 = g.component_index["King_noCross1"]
    assert _first_holding(g, "King") == {1: king1, 2: g.component_index["King_noCross2"]}
    assert _first_holding(g, "Queen") == {}
    assert _by_full_name(None, "Disc1", None, g) == g.component_index["Disc1"]
    assert _by_full_name(None, "Disc", None, g) == -1  # no piece is named "Disc" exactly
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    # the king stepped: no Queen to promote to, it stays a king; the empty site 8 is not "a Queen"
    (site,) = [i for i, w in enumerate(s.what) if w]
    assert s.what[site] == king1 and not s.is_over()
