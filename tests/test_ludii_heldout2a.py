"""Forms Ludii's production files of the war and race families use beyond the sample (issue 24,
the held-out probe lud2a): tracks written with a trailing comma, map pairs of int functions and
of every landmark, the occupied sites of a container given in play, patterns on 3D boards,
regions of nobody, a board's phases in the equipment's regions, rings of points not joined
around, and effects where only the existence of moves is asked. Each on a small position, by its
meaning in Ludii."""

from __future__ import annotations

import pytest

from interpreter import LudError, load

END = "(end (if (no Moves Next) (result Mover Win)))"


def game(equipment: str, play: str = "(move Add (to (sites Empty)))", start: str = "", board: str = "(square 3)",
         players: int = 2, end: str = END):
    rules = f"(start {{{start}}})" if start else ""
    return load(f'(game "T" (players {players}) (equipment {{(board {board}) (piece "Disc" Each) {equipment}}})'
                f" (rules {rules} (play {play}) {end}))")


# --- tracks: Ludii splits a track's steps as Java does (trailing empty steps dropped) -------------
def test_a_track_ending_with_a_comma_is_the_track_without_it():
    # Kioz's "0,E,N1,W,": Java's split drops the trailing empty step
    with_comma = game("", board='(rectangle 2 3) {(track "T" "0,E,N1,W," loop:True)}')
    without = game("", board='(rectangle 2 3) {(track "T" "0,E,N1,W" loop:True)}')
    assert with_comma.tracks[0].sites == without.tracks[0].sites == tuple(without.tracks[0].sites)
    assert list(with_comma.tracks[0].sites) == [0, 1, 2, 5, 4, 3]


def test_an_empty_step_inside_a_track_is_still_refused():
    with pytest.raises(LudError, match="is not a direction"):
        game("", board='(rectangle 2 3) {(track "T" "0,,E" loop:True)}')


# --- maps: a pair's numbers are int functions, evaluated once before play --------------------------
def test_a_pair_value_may_be_a_coordinate_function():
    # Sittuyin: (pair P1 (coord "G2")); G2 on an 8x8 board is site 14
    g = game('(map "KingInitPos" {(pair P1 (coord "G2")) (pair P2 (coord "B7"))})', board="(square 8)")
    assert g.maps["KingInitPos"] == {1: 14, 2: 49}


def test_a_pair_key_and_value_may_be_arithmetic():
    g = game("(map {(pair (+ 1 2) (* 2 5))})")
    assert g.maps[""] == {3: 10}


def test_a_map_of_key_and_value_arrays_takes_int_functions():
    g = game("(map {(+ 1 1) 5} {(- 10 3) 4})")
    assert g.maps[""] == {2: 7, 5: 4}


def test_a_pair_takes_every_landmark_of_ludii():
    # Ludii's LandmarkType: the first site of the board's bottom, left, right, top, centre
    g = game("(map {(pair 1 BottomSite) (pair 2 LeftSite) (pair 3 RightSite) (pair 4 Topsite) "
             "(pair 5 CentreSite) (pair 6 FirstSite) (pair 7 LastSite)})")
    assert g.maps[""] == {1: 0, 2: 0, 3: 2, 4: 6, 5: 4, 6: 0, 7: 8}


def test_a_pair_reading_a_players_piece_is_worked_out_before_play():
    # Ludii evaluates (id "Disc" P1) once, before play: the number of the piece "Disc1"
    g = game('(map {(pair (id "Disc" P1) 3)})')
    assert g.maps[""] == {g.component_index["Disc1"]: 3}


# --- (sites Occupied ... container:<int function>) -----------------------------------------------
PYLOS_LIKE = '''(game "T" (players 2) (equipment {(board (square 2)) (piece "Ball" Each) (hand Each)})
 (rules (start (place "Ball1" (handSite P1) count:1))
 (play (or (move (from (sites Occupied by:Mover container:(mover))) (to (sites Empty)))
           (move (from (sites Occupied by:Mover container:(- (mover) (mover)))) (to (sites Empty)))))
 (end (if (no Moves Mover) (result Mover Loss)))))'''


def test_the_container_of_the_mover_is_the_movers_hand():
    g = load(PYLOS_LIKE)
    s = g.initial_state()
    # container (mover) = 1: P1's hand (site 4, after the board's 4) holds a ball: it moves from there
    assert sorted((m.frm, m.to) for m in s.legal_moves()) == [(4, 0), (4, 1), (4, 2), (4, 3)]
    s.apply(next(m for m in s.legal_moves() if m.to == 0))
    # P2's hand is empty, and P2 has nothing on the board: no move (the turn passes)
    assert s.mover == 2 and [m.text for m in s.legal_moves()] == ["pass"]


def test_container_zero_given_in_play_is_the_board():
    g = load(PYLOS_LIKE.replace('(place "Ball1" (handSite P1) count:1)',
                                '{(place "Ball1" (handSite P1) count:1) (place "Ball2" 3)}'))
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == 0))
    # P2's hand is empty (container 2); container 0 is the board: P2's ball on 3 moves to 1 or 2
    assert s.mover == 2 and sorted((m.frm, m.to) for m in s.legal_moves()) == [(3, 1), (3, 2)]


# --- (is Pattern ...) on a 3D board: Ludii turns through its supported orthogonal directions ------
def test_a_square_pattern_on_a_pyramid_layer_is_found():
    text = ('(game "T" (players 2) (equipment {(board (square 3 pyramidal:True) use:Vertex) (piece "Ball" Each)})'
            ' (rules (start (place "Ball1" (sites {0 1 5}))) (play (move Add (to (sites {6 8})))) '
            '(end (if (is Pattern {F R F R F} whats:{(id "Ball" P1)}) (result Mover Win)))))')
    g = load(text)
    s = g.initial_state()
    # the first layer of the pyramid: rows 0 1 2, then 5 6 8 (the layer above is numbered between)
    s.apply(next(m for m in s.legal_moves() if m.to == 6))  # completes the square 0 1 6 5
    assert s.is_over()
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == 8))  # not next to the others
    assert not s.is_over()


def test_a_square_pattern_on_a_flat_board_is_unchanged():
    g = game("", start='(place "Disc1" (sites {0 1 3}))',
             end='(end (if (is Pattern {F R F R F}) (result Mover Win)))', board="(square 3)")
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == 4))
    assert s.is_over()


# --- (regions ... Neutral ...): nobody's region, found by its name ------------------------------
def test_a_neutral_region_is_found_by_its_name_and_is_no_players():
    g = game('(regions "Goal" Neutral (sites Top)) (regions P1 (sites Bottom))',
             play='(move Add (to (sites "Goal") if:(is Empty (to))))')
    s = g.initial_state()
    assert sorted(m.to for m in s.legal_moves()) == [6, 7, 8]


def test_a_board_phase_in_an_equipment_region():
    # Gauntlet: (regions "X" Neutral (intersection (sites Top) (sites Phase 0)))
    g = game('(regions "Dark" Neutral (intersection (sites Top) (sites Phase 0)))',
             play='(move Add (to (sites "Dark") if:(is Empty (to))))')
    s = g.initial_state()
    # on a 3x3 board, the phase of the corners is 0: the top row's dark sites are 6 and 8
    assert sorted(m.to for m in s.legal_moves()) == [6, 8]


# --- (concentric {...}): a negative count is a ring of points not joined around -------------------
def test_a_negative_ring_count_makes_points_not_joined_around():
    # Nyout's board (concentric {1 -4 -4 20}) on vertices: 1 + 4 + 4 + 20 points
    negative = game("", board="(concentric {1 -4 -4 20}) use:Vertex").topology
    positive = game("", board="(concentric {1 4 4 20}) use:Vertex").topology
    assert negative.n == positive.n == 29
    # the two inner rings of four are not joined around: 8 edges fewer; a point of the first ring
    # touches the centre and the point outside it only
    assert positive.graph.number_of_edges() - negative.graph.number_of_edges() == 8
    assert sorted(negative.graph.neighbors(1)) == [0, 5]
    assert sorted(positive.graph.neighbors(1)) == [0, 2, 4, 5]


# --- effects where moves are only tested: (can Move <effect>) ------------------------------------
CAN_CAPTURE = '''(game "T" (players 2) (equipment {{(board (square 3)) (piece "Disc" Each)}})
 (rules (start {{(place "Disc1" {{0}}) (place "Disc2" {{1}})}})
 (play (if (can Move {effect}) (move Pass) (move Add (to (sites Empty)))))
 (end (if (no Moves Next) (result Mover Win)))))'''
CUSTODIAL = "(custodial (from 2) Orthogonal (between (max 1) if:(is Enemy (who at:(between)))) (to if:(is Friend (who at:(to)))))"
SURROUND = "(surround (from 2) Orthogonal (between if:(is Enemy (who at:(between)))) (to if:(is Occupied (to))))"


def test_can_move_an_effect_is_true_when_it_would_capture():
    # P1 on 0, P2 on 1: from site 2 the custodial capture of 1 (between 0 and 2) needs a friend on 2
    g = load(CAN_CAPTURE.format(effect=CUSTODIAL.replace("(from 2)", "(from 0)")))
    s = g.initial_state()
    assert [m.text for m in s.legal_moves()] != ["pass"]  # site 2 is empty: no capture, the mover adds
    g = load(CAN_CAPTURE.format(effect=CUSTODIAL.replace("(from 2)", "(from 0)"))
             .replace('(place "Disc2" {1})', '(place "Disc2" {1}) (place "Disc1" {2})'))
    s = g.initial_state()
    assert [m.text for m in s.legal_moves()] == ["pass"]


def test_can_move_a_surround_is_false_when_nothing_is_surrounded():
    g = load(CAN_CAPTURE.format(effect=SURROUND))
    s = g.initial_state()
    assert all(m.text != "pass" for m in s.legal_moves())


def test_can_move_takes_an_or_of_effects():
    g = load(CAN_CAPTURE.format(effect="(or " + SURROUND + " " + CUSTODIAL.replace("(from 2)", "(from 0)") + ")")
             .replace('(place "Disc2" {1})', '(place "Disc2" {1}) (place "Disc1" {2})'))
    s = g.initial_state()
    assert [m.text for m in s.legal_moves()] == ["pass"]
    assert s.array("what")[1] != 0  # only tested: nothing was captured


def test_an_effect_where_moves_are_chosen_gives_a_move_only_when_it_acts():
    # Ludii's effects are moves: a surround that captures nothing gives none (the adds are played)
    s = load(CAN_CAPTURE.format(effect=SURROUND).replace("(move Pass)", SURROUND)).initial_state()
    assert all(m.text != "surround" for m in s.legal_moves()) and len(s.legal_moves()) == 7
