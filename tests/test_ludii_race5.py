"""Race and war games' vocabulary as Ludii's Java reads it, in small inline games: roles naming a
player the game does not have, ``(sites "Name")`` naming no region, ``(sites Hand Shared)``
without a shared hand."""

from __future__ import annotations

import pytest

from interpreter import load
from interpreter.errors import LudError


def moves(text: str, players: int = 2) -> list[str]:
    return [m.text for m in load(text).initial_state().legal_moves()]


def game(play: str, players: int = 2, equipment: str = "", board: str = "(board (square 3))") -> str:
    return f"""(game "T" (players {players}) (equipment {{ {board} (piece "Disc" Each) {equipment} }})
        (rules (play {play}) (end (if (is Full) (result Mover Draw)))))"""


# --- a role beyond the players: its number (Ludii's RoleType.toIntFunction) ----------------------
def test_is_mover_of_a_player_the_game_does_not_have_is_false():
    # Ludii: (is Mover P5) in a 4-player game compares the mover with 5, never equal
    text = game("(if (is Mover P5) (move Add (to (sites {0}))) (move Add (to (sites {1}))))", players=4)
    assert moves(text) == ["B1"]


def test_a_compared_role_beyond_the_players_is_its_number():
    text = game("(if (= (mover) P7) (move Add (to (sites {0}))) (move Add (to (sites {2}))))", players=3)
    assert moves(text) == ["C1"]
    text = game("(if (!= 6 P6) (move Add (to (sites {0}))) (move Add (to (sites {2}))))")
    assert moves(text) == ["C1"]  # P6 is 6, even in a 2-player game


def test_a_role_beyond_ludiis_sixteen_players_is_still_an_error():
    with pytest.raises(LudError, match="P17"):
        load(game("(if (is Mover P17) (move Add (to (sites {0}))))"))


def test_a_role_beyond_the_players_still_names_no_one_where_a_player_is_needed():
    with pytest.raises(LudError, match="P5 does not exist"):
        load(game("(move Add (to (sites {0})) (then (addScore P5 1)))"))


# --- (sites "Name") naming no region: Ludii's SitesEquipmentRegion finds none -----------------------
def test_a_region_name_that_names_no_region_is_the_empty_region():
    # Ludii matches regions by their exact name: "castle" is not "Castle"
    text = game('(move Add (to (sites Empty) if:(not (is In (to) (sites "castle")))))',
                equipment='(regions "Castle" {0 1})')
    assert moves(text) == ["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"]
    text = game('(move Add (to (sites Empty) if:(is In (to) (sites "Castle"))))', equipment='(regions "Castle" {0 1})')
    assert moves(text) == ["A1", "B1"]


def test_a_site_label_is_still_a_site():
    assert moves(game('(move Add (to (sites "B2")))')) == ["B2"]


# --- (sites Hand Shared) without a shared hand ---------------------------------------------------------
def test_sites_hand_shared_without_any_hand_is_empty():
    # Ludii's SitesHand: no hand container matches, the empty region
    text = game("(if (= 0 (count Sites in:(sites Hand Shared))) (move Add (to (sites {4}))))")
    assert moves(text) == ["B2"]


def test_sites_hand_shared_without_a_shared_hand_is_the_first_hand():
    # Ludii's SitesHand for Shared returns the first hand container it meets
    text = game("(move Add (to (sites {(count Sites in:(sites Hand Shared))})))",
                equipment="(hand Each size:3)")
    assert moves(text) == ["A2"]  # 3 sites: P1's hand


def test_sites_hand_shared_with_a_shared_hand_is_that_hand():
    text = game("(move Add (to (sites {(count Sites in:(sites Hand Shared))})))",
                equipment="(hand Each size:3) (hand Shared size:2)")
    assert moves(text) == ["C1"]


# --- mapEntry: the key itself when no map has it (Ludii's MapEntry) ---------------------------------
LADDER = """(game "T" (players 2) (equipment { (board (rectangle 1 12) (track "Track" "0,E" directed:True))
    (piece "Pawn" Each (move (from (from) level:(level)) (to (mapEntry (trackSite Move steps:(count Pips))))))
    (dice num:1) #MAPS# })
    (rules (start (place Stack items:{"Pawn2" "Pawn1"} 0)) (play (do (roll) next:(forEach Piece)))
        (end (if (= (last To) 11) (result Mover Win)))))"""


def ladder_moves(maps: str, face: int) -> list[str]:
    from interpreter.engine import dice
    s = load(LADDER.replace("#MAPS#", maps)).initial_state()
    with dice.given(s, (face,)):
        return [m.text for m in s.legal_moves()]


def test_map_entry_of_a_key_no_map_has_is_the_key():
    # a ladder from C1 to J1: a throw of 2 climbs it, a throw of 3 stops on D1 (not on no site)
    assert ladder_moves('(map {(pair "C1" "J1")})', 1) == ["A1/1-J1"]
    assert ladder_moves('(map {(pair "C1" "J1")})', 2) == ["A1/1-D1"]


def test_map_entry_without_a_name_reads_every_map_in_turn():
    # Ludii looks the key up in each map in order, the first that has it giving the value
    maps = '(map "Snakes" {(pair "E1" "B1")}) (map "Ladders" {(pair "C1" "J1") (pair "E1" "K1")})'
    assert ladder_moves(maps, 1) == ["A1/1-J1"]
    assert ladder_moves(maps, 3) == ["A1/1-B1"]
    assert ladder_moves(maps, 4) == ["A1/1-F1"]


def test_map_entry_of_a_named_map_reads_that_map_only():
    text = LADDER.replace("(mapEntry (trackSite", '(mapEntry "Ladders" (trackSite')
    from interpreter.engine import dice
    s = load(text.replace("#MAPS#", '(map "Snakes" {(pair "E1" "B1")}) (map "Ladders" {(pair "C1" "J1")})')).initial_state()
    with dice.given(s, (3,)):
        assert [m.text for m in s.legal_moves()] == ["A1/1-E1"]
