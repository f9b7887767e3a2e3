"""Ludii's forms some sample files needed to load (issue 24): each on a small position, by its
meaning in Ludii."""

from __future__ import annotations

from interpreter import load


def game(rules: str, equipment: str = '(board (square 3)) (piece "Disc" Each)', players: int = 2):
    return load(f'(game "T" (players {players}) (equipment {{{equipment}}}) (rules {rules}))')


def texts(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


# --- (player): the player iterated -------------------------------------------------------------
def test_player_without_arguments_is_the_player_visited_where_a_number_is_wanted():
    # Ludii's ints.iterator.Player: P2 (the only player other than the mover P1) loses at once
    g = game('(play (move Add (to (sites Empty)))) '
             '(end (forEach Player if:(and (!= (player) (mover)) (= (player) 2)) (result Player Loss)))')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.is_over() and s.result().winners == [1]


def test_player_as_a_role_argument_of_no_pieces():
    g = game('(play (move Add (to (sites Empty)))) '
             '(end (forEach Player if:(no Pieces of:(player)) (result Player Loss)))')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])  # P1 has a piece, P2 none: P2 loses
    assert s.is_over() and s.result().winners == [1]


# --- is In: a site, sites, (to) by default, an array ------------------------------------------------
def test_is_in_takes_the_destination_when_no_site_is_given():
    g = game('(play (move Add (to (sites Empty) if:(is In (sites {"A1" "B2"})))))')
    assert texts(g.initial_state()) == ["A1", "B2"]


def test_is_in_with_several_sites_asks_every_one_to_be_in_the_region():
    g = game('(play (move Add (to (sites Empty) if:(is In {(to) 0} (sites Bottom)))))')
    assert texts(g.initial_state()) == ["A1", "B1", "C1"]


def test_is_in_an_array_of_ints():
    g = game('(play (move Add (to (sites Empty) if:(is In (to) (array {0 4})))))')
    assert texts(g.initial_state()) == ["A1", "B2"]


# --- TeamMover: the mover's team ----------------------------------------------------------------
def test_team_mover_names_the_movers_team():
    g = load('(game "T" (players 4) (equipment {(board (square 3)) (piece "Disc" Each)}) '
             '(rules (start {(set Team 1 {P1 P3}) (set Team 2 {P2 P4})}) '
             '(play (move Add (to (sites Empty)))) '
             '(end (if (= 2 (count Sites in:(sites Occupied by:TeamMover))) (result TeamMover Win)))))')
    s = g.initial_state()
    for _ in range(2):
        s.apply(s.legal_moves()[0])
    assert not s.is_over()
    s.apply(s.legal_moves()[0])  # P3's piece: P1 and P3 have two sites: their team wins
    assert s.is_over() and sorted(s.result().winners) == [1, 3]


# --- set NextPlayer ---------------------------------------------------------------------------------
def test_set_next_player_chooses_who_moves_after_the_move():
    g = game('(play (move Add (to (sites Empty)) (then (set NextPlayer (player 1)))))')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.mover == 1  # P1 again, not P2


def test_the_last_of_move_again_and_set_next_player_in_a_move_decides():
    # Ludii's moveAgain is a (set NextPlayer (mover)): whichever comes last in the move wins
    g = game('(play (move Add (to (sites Empty)) (then (and (moveAgain) (set NextPlayer (player 2))))))',
             players=3)
    s = g.initial_state()
    t0 = s.turns
    s.apply(s.legal_moves()[0])
    assert s.mover == 2 and s.turns == t0 + 1
    g = game('(play (move Add (to (sites Empty)) (then (and (set NextPlayer (player 3)) (moveAgain)))))',
             players=3)
    s = g.initial_state()
    t0 = s.turns
    s.apply(s.legal_moves()[0])
    assert s.mover == 1 and s.turns == t0  # the same turn goes on


def test_set_next_player_to_the_mover_is_moving_again():
    g = game('(play (move Add (to (sites Empty)) (then (set NextPlayer (mover)))))')
    s = g.initial_state()
    t0 = s.turns
    s.apply(s.legal_moves()[0])
    assert s.mover == 1 and s.turns == t0


# --- copy:True from a hand's site; (id "Name" Role) beside a shared piece named "Name" ----------------
def test_a_copy_from_a_hand_places_the_hands_piece_and_the_hand_keeps_it():
    g = load('(game "T" (players 2) (equipment {(board (square 3)) (piece "Marker" Each) (piece "Marker" Shared)'
             ' (hand Shared)}) (rules (start (place "Marker" (handSite Shared)))'
             ' (play (move (from (handSite Shared)) (to (sites Empty)) copy:True))'
             ' (end (if (= 3 (count Sites in:(sites Occupied by:Shared))) (result Mover Win)))))')
    s = g.initial_state()
    assert len(s.legal_moves()) == 9
    shared = g.component_index["Marker"]
    for _ in range(2):
        s.apply(s.legal_moves()[0])
    assert [w for w in s.what if w] == [shared, shared] and len(s.legal_moves()) == 7  # the hand still has it
    s.apply(s.legal_moves()[0])
    assert s.is_over()


def test_id_with_a_role_is_that_players_piece_even_beside_a_shared_piece_of_the_same_name():
    g = load('(game "T" (players 2) (equipment {(board (square 3)) (piece "Marker" Each) (piece "Marker" Shared)})'
             ' (rules (play (move Add (piece "Marker1") (to (sites Empty))))'
             ' (end (if (= (what at:(last To)) (id "Marker" P1)) (result Mover Win)))))')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.is_over() and s.result().winners == [1]
