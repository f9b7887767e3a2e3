"""Forms Ludii's production files use beyond the sample (issue 24, the held-out probe): hands
for some players only, the shared hand of sites, map pairs naming pieces. Each on a small
position, by its meaning in Ludii."""

from __future__ import annotations

import pytest

from interpreter import LudError, load
from interpreter.engine.sites import site_label, site_of_label


def texts(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


# --- (hand P1): Ludii's hand of one player ---------------------------------------------------------
HAND_P1 = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each) (hand P1)})
 (rules (start (place "Disc1" (handSite P1) count:2))
 (play (or (move (from (handSite Mover)) (to (sites Empty))) (move Add (piece "Disc2") (to (sites Empty)))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_hand_for_p1_alone_is_p1s_hand_after_the_board():
    g = load(HAND_P1)
    s = g.initial_state()
    # P1 places from their hand (site 9, the first after the board's 9): 9 sites
    assert sum(m.frm == 9 for m in s.legal_moves()) == 9
    assert site_label(g, 9) == "Hand1"


def test_a_player_without_a_hand_adds_pieces_without_one():
    # Ludii: P2 has no hand, so nothing limits P2's placements (P1's hand limits P1's)
    g = load(HAND_P1)
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.frm == 9))
    assert s.mover == 2 and len(s.legal_moves()) == 8


def test_hands_for_p1_then_p2_are_a_hand_for_each_in_turn():
    g = load(HAND_P1.replace("(hand P1)", "(hand P1) (hand P2)")
             .replace('(place "Disc1" (handSite P1) count:2)', '{(place "Disc1" (handSite P1)) (place "Disc2" (handSite P2))}'))
    assert [site_label(g, 9), site_label(g, 10)] == ["Hand1", "Hand2"]
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.frm == 9))
    assert any(m.frm == 10 for m in s.legal_moves())  # P2 places from their own hand, site 10


def test_a_hand_for_p2_alone_is_refused_as_not_supported():
    with pytest.raises(LudError, match="P2"):
        load(HAND_P1.replace("(hand P1)", "(hand P2)").replace("handSite P1", "handSite P2"))


# --- (hand Shared size:N): Ludii's shared hand of sites --------------------------------------------
SHARED = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each) (hand Shared size:2)})
 (rules (start {(place "Disc1" (handSite Shared)) (place "Disc2" (handSite Shared 1))})
 (play (move (from (sites Hand Shared)) (to (sites Empty)) copy:True))
 (end (if (is Line 3) (result Mover Win)))))'''


def test_the_shared_hand_has_its_sites_after_the_board():
    g = load(SHARED)
    assert [site_label(g, 9), site_label(g, 10)] == ["HandShared_1", "HandShared_2"]
    assert site_of_label(g, "HandShared_2") == 10
    s = g.initial_state()
    assert list(s.arrays["hand_sites"]) == [1, 2]  # P1's Disc on site 0 of the hand, P2's on 1


def test_either_player_copies_any_piece_of_the_shared_hand():
    # Manalath's rule: a player places a piece of either colour, the hand keeps it (copy:True)
    g = load(SHARED)
    s = g.initial_state()
    assert len(s.legal_moves()) == 18  # two pieces, nine empty sites
    move = next(m for m in s.legal_moves() if m.frm == 10 and m.to == 4)
    s.apply(move)
    assert s.what[4] == 2 and list(s.arrays["hand_sites"]) == [1, 2]


def test_the_shared_hand_comes_after_the_players_hands_of_sites():
    g = load(SHARED.replace("(hand Shared size:2)", "(hand Each size:3) (hand Shared size:2)"))
    # the board's 9 sites, then P1's 3, P2's 3, then the shared hand's 2
    assert site_label(g, 15) == "HandShared_1"
    s = g.initial_state()
    assert list(s.arrays["hand_sites"])[6:] == [1, 2]
    assert {m.frm for m in s.legal_moves()} == {15, 16}


def test_sites_hand_shared_without_a_shared_hand_is_the_first_hand():
    # Ludii's SitesHand: for Shared, the first hand container it meets (here P1's)
    g = load(SHARED.replace("(hand Shared size:2)", "(hand Each size:2)")
             .replace("(handSite Shared)", "(handSite P1)").replace("(handSite Shared 1)", "(handSite P2)"))
    assert {m.frm for m in g.initial_state().legal_moves()} == {9}


# --- (map {(pair 0 "Name0")}): a pair naming a piece -----------------------------------------------
def test_a_map_pair_naming_a_piece_maps_to_its_number():
    # Santorini's (map {(pair 0 "SquareLarge0") ...}): a name that is not a coordinate is a piece
    g = load('''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each) (piece "Dot" Neutral)
      (map {(pair 0 "Dot0") (pair 1 "Disc2") (pair 2 "B1") (pair 3 "Nothing9")})})
      (rules (play (move Add (piece (id "Disc" Mover)) (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))''')
    table = g.maps[""] if "" in g.maps else next(iter(g.maps.values()))
    assert table[0] == g.component_index["Dot0"]
    assert table[1] == g.component_index["Disc2"]
    assert table[2] == 1  # "B1" is a coordinate: the site B1
    assert 3 not in table  # as Ludii, a pair naming nothing is left out


def test_ludii_coordinates():
    from interpreter.ludemes.containers import is_coordinate
    assert all(is_coordinate(t) for t in ("A1", "AA12", "37", "AB1", "AAB3"))
    assert not any(is_coordinate(t) for t in ("SquareLarge0", "Disc", "ABC1", "A1B"))


# --- enclose: Ludii's numException and between conditions taking empty sites -----------------------
def _enclose_game(board: str, start: str, enclose: str):
    return load(f'''(game "T" (players 2) (equipment {{(board {board}) (piece "Disc" Each)}})
      (rules (start {{{start}}}) (play (move Add (to (sites Empty)) (then {enclose})))
      (end (if (no Moves Next) (result Mover Win)))))''')


def _play_at(state, site: int) -> None:
    state.apply(next(m for m in state.legal_moves() if m.to == site))


def test_enclose_with_num_exception_takes_a_group_keeping_one_empty_site():
    # a row: P1 on 0, P2 on 1, 2 empty; P1 plays 3. With numException:1 the group {2, 1} has
    # no other liberty: P2's piece is taken (Ludii's Enclose); without it, 2 is a liberty.
    start = '(place "Disc1" 0) (place "Disc2" 1)'
    for enclose, taken in (("(enclose Orthogonal numException:1)", True), ("(enclose Orthogonal)", False)):
        s = _enclose_game("(rectangle 1 4)", start, enclose).initial_state()
        _play_at(s, 3)
        assert (s.what[1] == 0) is taken, enclose


def test_enclose_of_empty_sites_needs_one_enclosing_chain():
    # Mig Mang's territory: the between condition takes enemy pieces or empty sites; P1 closes
    # a ring around the centre, so the centre (empty) is enclosed and gets the mover's state
    enclose = ('(enclose (from (last To)) Orthogonal (between if:(or (is Enemy (who at:(between))) '
               '(is Empty (between))) (apply (set State at:(between) (mover)))))')
    g = _enclose_game("(square 3)", '(place "Disc1" (sites {0 2 3 5 6 7 8}))', enclose)
    s = g.initial_state()
    _play_at(s, 1)
    assert s.arrays["piece_states"][4] == 1


def test_enclose_of_empty_sites_open_to_more_empty_sites_is_not_enclosed():
    enclose = ('(enclose (from (last To)) Orthogonal (between if:(or (is Enemy (who at:(between))) '
               '(is Empty (between))) (apply (set State at:(between) (mover)))))')
    g = _enclose_game("(rectangle 1 4)", '(place "Disc1" 0)', enclose)
    s = g.initial_state()
    _play_at(s, 3)  # sites 1 and 2 are empty between P1's pieces: the enclosing sites 0 and 3 are apart
    assert list(s.arrays["piece_states"]) == [0, 0, 0, 0]


# --- a bet's amounts bounded by the number of players (Morra's (* 5 (count Players))) -----------
BET_BY_PLAYERS = '''(game "T" (players 3) (equipment {(board (square 2)) (piece "Disc" Each)})
 (rules (play (move Bet Mover (range 0 (* 2 (count Players)))))
 (end (if (= (amount P1) 6) (result P1 Win)))))'''


def test_a_bets_range_may_read_the_number_of_players_while_the_game_is_built():
    s = load(BET_BY_PLAYERS).initial_state()
    assert texts(s) == sorted(f"Bet/{v}" for v in range(0, 7))
