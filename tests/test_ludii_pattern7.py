"""Forms Ludii's pattern and space games use (issue 24, the probe of board/space/pattern and
group, session 36). Each on a small position, by its meaning in Ludii's Java."""

from __future__ import annotations

import pytest

from interpreter import load

# --- (sites Occupied by:P) on a board of cells: the one site of (hand Each) counts while it holds a piece --
# Ludii's SitesOccupied keeps every owned site of the board's kind of site, in every container; a
# hand is a container of cells, so on a board of cells its site is an occupied site of its player.
HANDS = '''(game "T" (players 2) (equipment {{(board (square 3){use}) (piece "Disc" Each) (hand Each)}})
 (rules (start (place "Disc" "Hand" count:{count}))
  (play (move (from (handSite Mover)) (to (sites Empty))))
  (end (if (= 2 (count Sites in:(sites Occupied by:Mover))) (result Mover Win)))))'''


def test_a_counted_hand_is_an_occupied_site_on_a_board_of_cells():
    s = load(HANDS.format(use="", count=3)).initial_state()
    s.apply(s.legal_moves()[0])  # one disc on the board, two in hand: two occupied sites
    assert s.is_over() and s.result().winners == [1]


def test_an_empty_hand_is_no_occupied_site():
    s = load(HANDS.format(use="", count=1)).initial_state()
    s.apply(s.legal_moves()[0])  # the hand is empty now: one occupied site
    assert not s.is_over()


def test_a_hand_is_no_occupied_site_on_a_board_of_vertices():
    s = load(HANDS.format(use=" use:Vertex", count=3)).initial_state()
    s.apply(s.legal_moves()[0])  # the hand's cell is not of the board's kind of site
    assert not s.is_over()


def test_moves_from_the_occupied_sites_start_from_the_hand_too():
    g = load('''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each) (hand Each)})
 (rules (start (place "Disc" "Hand" count:2))
  (play (move (from (sites Occupied by:Mover)) (to (sites Empty))))
  (end (if (is Full) (result Mover Draw)))))''')
    s = g.initial_state()
    assert sorted(m.text for m in s.legal_moves())[:2] == ["Hand1-A1", "Hand1-A2"]
    assert len(s.legal_moves()) == 9
    s.apply(s.legal_moves()[0])
    s.apply(s.legal_moves()[0])
    # P1 again: from the hand (still holding a disc) and from the disc on the board
    assert len(s.legal_moves()) == 2 * 7


def test_a_container_keeps_the_board_only():
    g = load('''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each) (hand Each)})
 (rules (start (place "Disc" "Hand" count:3))
  (play (move (from (handSite Mover)) (to (sites Empty))))
  (end (if (= 2 (count Sites in:(sites Occupied by:Mover container:"Board"))) (result Mover Win)))))''')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert not s.is_over()


# --- (is Pattern ... what:0): a kind given as 0 walks over empty sites (Ludii's IsPattern) -------------
PATTERN = '''(game "T" (players 2) (equipment {{(board (square 3) use:Vertex) (piece "Disc" Each)}})
 (rules (play (if {test} (move Add (to (sites Empty))) (move Pass)))
  (end (if (is Full) (result Mover Draw)))))'''


def test_a_pattern_of_empty_sites_given_by_number():
    s = load(PATTERN.format(test="(is Pattern {F F} from:0 what:0)")).initial_state()
    assert len(s.legal_moves()) == 9  # 0, 1, 2 (or 0, 3, 6) are empty
    s.apply(next(m for m in s.legal_moves() if m.to == 4))
    s.apply(next(m for m in s.legal_moves() if m.to == 1))
    # 0-1-2 is broken; 0-3-6 still empty
    assert len(s.legal_moves()) == 7
    s.apply(next(m for m in s.legal_moves() if m.to == 3))
    assert [m.text for m in s.legal_moves()] == ["pass"]


def test_an_empty_start_makes_no_pattern_of_its_own_kind():
    s = load(PATTERN.format(test="(is Pattern {F F} from:0)")).initial_state()
    assert [m.text for m in s.legal_moves()] == ["pass"]


@pytest.mark.heavy
def test_the_compiled_tier_walks_empty_sites_as_the_reference():
    from interpreter.native import api as native
    from interpreter.native.conformance import compare_game
    g = load(PATTERN.format(test="(is Pattern {F R F} from:4 what:0)"))
    ng = native.native_game(g)
    assert ng is not None, native.why_not(g)
    assert [compare_game(g, ng, seed) for seed in range(3)] == [None] * 3


# --- (sites Pattern ...): every walk that holds, its sites together (Ludii's SitesPattern) -----------
def test_sites_pattern_joins_every_walk_found():
    g = load('''(game "T" (players 2) (equipment {(board (square 3) use:Vertex) (piece "Disc" Each)})
 (rules (start (place "Disc1" {0 1 3}))
  (play (move Add (to (sites Empty) if:(= 3 (count Sites in:(sites Pattern {F} from:0))))))
  (end (if (is Full) (result Mover Draw)))))''')
    # from 0: north to 3 and east to 1 hold a disc each: {0 1 3}
    assert len(g.initial_state().legal_moves()) == 6


def test_a_step_from_a_hands_site_finds_no_neighbour():
    # the hand's site is among P1's occupied sites: a step from it has nowhere to go on the board
    g = load('''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each) (hand Each)})
 (rules (start (place "Disc" "Hand" count:2))
  (play (or (move (from (handSite Mover)) (to (sites Empty)))
            (forEach Site (sites Occupied by:Mover) (step (from (site)) Orthogonal (to if:(is Empty (to)))))))
  (end (if (is Full) (result Mover Draw)))))''')
    s = g.initial_state()
    assert len(s.legal_moves()) == 9  # the placements only


# --- (fromTo ...) onto another kind of piece replaces it (Ludii's ActionMove) ------------------------
# Azteka's Death turns a surrounded Life token into its own: (fromTo (from (handSite Mover)) (to (between))).
REPLACE = '''(game "T" (players 2) (equipment {{(board (square 3)) (piece "Disc" Each) (hand Each)}})
 (rules (start {{(place "Disc" "Hand" count:3) (place "Disc2" 4) (place "Disc1" 1)}})
  (play (move Select (from 0) (then (fromTo (from {frm}) (to 4)))))
  (end (if (no Pieces P2 in:(sites Board)) (result P1 Win)))))'''


@pytest.mark.parametrize("frm", ["(handSite Mover)", "1"])
def test_a_piece_moved_onto_another_kind_replaces_it(frm):
    s = load(REPLACE.format(frm=frm)).initial_state()
    s.apply(s.legal_moves()[0])
    assert (s.who[4], s.is_over(), s.result().winners) == (1, True, [1])
