"""Ludii's start rules' signatures, decks, dice as equipment and util forms (issue 24, session
31): each form with Ludii's signature, its meaning tested on a small position."""

from __future__ import annotations

import pytest

from interpreter import LudError, load


def game(rules: str, equipment: str = '(board (square 3)) (piece "Disc" Each)', players: int = 2):
    return load(f'(game "T" (players {players}) (equipment {{{equipment}}}) (rules {rules}))')


PLAY = '(play (move Add (to (sites Empty)))) (end (if (is Full) (result All Draw)))'


# --- util values --------------------------------------------------------------------------------
def test_values_takes_the_site_type_of_the_board_and_a_range():
    from interpreter.ludemes.puzzles import PUZZLE
    g = load('(game "P" (players 1) (equipment {(board (square 2) (values Cell (range 1 3)))}) '
             '(rules (play (satisfy (all Different))) (end (if (is Solved) (result P1 Win)))))')
    assert g.initial_state().arrays[PUZZLE] == [0b1110] * 4


def test_values_of_another_kind_of_site_is_refused():
    with pytest.raises(LudError):
        load('(game "P" (players 1) (equipment {(board (square 2) (values Vertex (range 1 3)))}) '
             '(rules (play (satisfy (all Different))) (end (if (is Solved) (result P1 Win)))))')


# --- place --------------------------------------------------------------------------------------
def test_place_reads_labels_before_a_region_before_sites_as_ludii():
    s = game(f'(start (place "Disc1" {{0 1}} (sites {{4}}) {{"C3"}})) {PLAY}').initial_state()
    assert [x for x in range(9) if s.what[x]] == [8]
    s = game(f'(start (place "Disc1" {{0 1}} (sites {{4}}))) {PLAY}').initial_state()
    assert [x for x in range(9) if s.what[x]] == [4]
    s = game(f'(start (place "Disc1" Cell {{0 1}})) {PLAY}').initial_state()
    assert [x for x in range(9) if s.what[x]] == [0, 1]


def test_place_with_no_site_places_nothing():
    s = game(f'(start (place "Disc1")) {PLAY}').initial_state()
    assert not any(s.what[:9])


def test_place_in_a_named_hand_does_not_read_the_site():
    g = game(f'(start (place "Disc2" "Hand2" 0 count:2)) {PLAY}',
             '(board (square 3)) (hand Each) (piece "Disc" Each)')
    s = g.initial_state()
    assert [s.arrays["hand"][i] for i in (1, 2)] == [0, 2]
    assert not any(s.what[:9])


# --- set ----------------------------------------------------------------------------------------
def test_set_reads_labels_before_a_region_before_sites_as_ludii():
    s = game(f'(start (set P1 {{0 1}} (sites {{4}}) {{"C3"}})) {PLAY}').initial_state()
    assert [x for x in range(9) if s.what[x]] == [8]
    s = game(f'(start (set P2 Cell {{0 1}} (sites {{4}}))) {PLAY}').initial_state()
    assert [(x, s.what[x]) for x in range(9) if s.what[x]] == [(4, 2)]
    s = game(f'(start (set P2 {{0 1}})) {PLAY}').initial_state()
    assert [x for x in range(9) if s.what[x]] == [0, 1]


# --- place Random of counted items, util count ---------------------------------------------------
STACKING = '(board (square 3)) (piece "Disc" Each)'


def test_place_random_of_counted_pieces_makes_a_shuffled_stack():
    from interpreter.engine import stacks
    g = game('(start (place Random {(count "Disc1" 2) (count "Disc2" 3)} 4)) '
             '(play (move Add (to (sites Empty)) stack:True)) (end (if (is Full) (result All Draw)))', STACKING)
    s = g.initial_state()
    assert stacks.size(s, 4) == 5
    whats = sorted(stacks.what_at(s, 4, level) for level in range(5))
    assert whats == [1, 1, 2, 2, 2]


def test_util_count_is_no_int():
    with pytest.raises(LudError):
        game(f'(start (set Score P1 (count "Disc1" 2))) {PLAY}')


# --- util piece state: ---------------------------------------------------------------------------
def test_a_placed_piece_takes_the_state_given():
    g = game('(play (move Add (piece "Disc1" state:2) (to (sites Empty)) (then (set Score Mover (state at:(last To))))))'
             ' (end (if (is Full) (result All Draw)))')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.arrays["piece_states"][0] == 2
    assert s.scores[1] == 2


def test_a_claimed_site_takes_the_state_given():
    g = game('(play (move Claim (piece "Disc1" state:3) (to (sites Board)))) (end (if (is Full) (result All Draw)))')
    s = g.initial_state()
    s.apply(s.legal_moves()[4])
    assert s.arrays["piece_states"][4] == 3


def test_a_claimed_occupied_site_keeps_its_piece_and_takes_the_state_given():
    # Ludii's ActionAdd on an occupied flat site: the piece stays, a state given is set
    g = game('(start (place "Disc2" "A1")) (play (move Claim (piece "Disc1" state:3) (to (sites Board)))) '
             '(end (if (is Full) (result All Draw)))')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.who[0] == 2 and s.arrays["piece_states"][0] == 3


def test_state_is_not_of_equipment():
    with pytest.raises(LudError):
        game(PLAY, '(board (square 3)) (piece "Disc" Each state:1)')


# --- die ----------------------------------------------------------------------------------------
def test_a_die_is_a_piece_with_its_faces():
    g = game(f'(start (place "Die6" 4 state:3)) {PLAY}', '(board (square 3)) (piece "Disc" Each) (die "Die6" All numFaces:6)')
    die = next(c for c in g.components if c.name == "Die6")
    assert die.owner == 0 and dict(die.data)["numFaces"] == 6
    s = g.initial_state()
    assert s.what[4] == die.index and s.arrays["piece_states"][4] == 3


def test_dice_of_each_player_are_numbered():
    g = game(PLAY, '(board (square 3)) (die "D" Each numFaces:4)')
    assert [c.name for c in g.components[1:]] == ["D1", "D2"]


def test_place_with_no_site_says_only_its_numbers_concepts():
    from interpreter.bind import bind
    from interpreter.syntax.parser import parse
    place = bind(parse('(place "Disc1" count:3 value:2)', "<t>").forms[0])
    assert set(place.concepts_at(None)) == {"PieceValue", "PieceCount"}


def test_set_shared_and_neutral_pieces_as_ludii():
    eq = '(board (square 3)) (piece "Marker" Shared) (piece "Cross" Neutral) (piece "Disc" Each)'
    g = game(f'(start {{(set Shared {{0}}) (set Neutral {{1}}) (set All {{2}})}}) {PLAY}', eq)
    s = g.initial_state()
    names = [g.components[s.what[x]].name for x in range(3)]
    assert names == ["Marker", "Cross0", "Marker"]
