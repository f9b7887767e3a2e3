"""Forms of Ludii's war games won by eliminating every enemy piece (board/war/replacement/
eliminate/all: Apocalypse, Four-Player Chaturanga (al-Biruni), Chukaray), each on a small
position, by its meaning in Ludii's Java: SitesOccupied's ``component:`` a number worked out in
play (an IntFunction: ``(id "King" Mover)``), WhereSite's name matched as a part of a piece's
full name, and Ludii's int constants (Off...) as the value of an ``(if ...)``."""

from __future__ import annotations

from interpreter import load


def _moves(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


def _play(state, text: str) -> None:
    state.apply(next(m for m in state.legal_moves() if m.text == text))


# --- Apocalypse: (sites Occupied by:Mover component:(id "King" Mover)) -------------------------
# The component is the number (id "King" Mover) gives for the player to move: P1's kings for
# P1, P2's for P2 (SitesOccupied.getSpecificComponents evaluates it each time). Here a player may
# add a pawn while they have fewer than two kings on the board.
KINGS = '''(game "K" (players 2)
 (equipment {(board (square 4)) (piece "King" Each) (piece "Pawn" Each)})
 (rules (start {(place "King1" {"A1" "B1"}) (place "King2" {"A4"})})
  (play (if (> 2 (count Sites in:(sites Occupied by:Mover component:(id "King" Mover))))
   (move Add (piece (id "Pawn" Mover)) (to (sites Empty)))
   (move Pass)))
  (end (if (<= 10 (count Moves)) (result Mover Draw)))))'''


def test_component_worked_out_in_play_is_the_movers_kind():
    state = load(KINGS).initial_state()
    assert _moves(state) == ["pass"]  # P1 has two kings
    _play(state, "pass")
    assert len(_moves(state)) == 13  # P2 has one king: a pawn on any of the 13 empty sites


def test_component_number_counts_only_that_kind():
    # P2's king count is asked with P2's King: P1's kings (another component) are not counted
    game = '''(game "K" (players 2)
 (equipment {(board (square 4)) (piece "King" Each)})
 (rules (start {(place "King1" {"A1" "B1" "C1"})})
  (play (move Add (to (sites Empty))
   (then (if (= 1 (count Sites in:(sites Occupied by:Mover component:(id "King" Mover))))
    (addScore Mover 5)))))
  (end (if (<= 2 (count Moves)) (byScore)))))'''
    state = load(game).initial_state()
    _play(state, "D4")  # P1 has now four kings: no score
    _play(state, "C4")  # P2's first king: one of P2's
    assert state.result().scores == {1: 0, 2: 5}


# --- Four-Player Chaturanga (al-Biruni): (where "King" P1) with pieces named King_noCross -----
# WhereSite keeps the components whose full name contains the name ("King" is in
# "King_noCross1"); the first of the player's is looked for on the board, Off when none.
WHERE = '''(game "W" (players 2)
 (equipment {(board (square 3)) (piece "King_noCross" Each) (piece "Pawn" Each)})
 (rules (start {(place "King_noCross1" coord:"B2") (place "Pawn2" coord:"C3")})
  (play (move Add (piece (id "Pawn" Mover))
   (to (sites Empty) if:(is In (to) (sites Around (where "King" Mover))))))
  (end (if (<= 3 (count Moves)) (result Mover Draw)))))'''


def test_where_name_is_part_of_the_full_name():
    state = load(WHERE).initial_state()
    sites = [text.split("@")[-1] for text in _moves(state)]
    assert sites == ["A1", "A2", "A3", "B1", "B3", "C1", "C2"]  # around B2, C3 is taken
    _play(state, "Pawn1@A1")
    assert _moves(state) == ["pass"]  # P2 has no King_noCross: Off, no site around it


def test_where_name_that_no_piece_holds_is_off_the_board():
    # WhereSite finds no component: Off, so nothing is around it (chatA9 tests the -1 itself)
    state = load(WHERE.replace('(where "King" Mover)', '(where "Queen" Mover)')).initial_state()
    assert _moves(state) == ["pass"]


# --- Chukaray: an int (if ...) whose value is one of Ludii's int constants (Off) --------------
# (if C 3 Off) is 3 when C holds, else Off (-1): here the site a piece is sent to, or none.
OFF = '''(game "O" (players 2)
 (equipment {(board (rectangle 1 5)) (piece "Disc" Each)})
 (rules (start {(place "Disc1" 0)})
  (play (move Add (to (if (is Empty 3) 3 (if (is Empty 4) 4 Off)))))
  (end (if (<= 4 (count Moves)) (result Mover Draw)))))'''


def test_off_is_a_value_of_an_int_if():
    state = load(OFF).initial_state()
    assert _moves(state) == ["D1"]
    _play(state, "D1")
    assert _moves(state) == ["E1"]
    _play(state, "E1")
    assert _moves(state) == ["pass"]  # Off: no site to add to
