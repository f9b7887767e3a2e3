"""Forms Ludii's chaturanga-family files (board/war/replacement/checkmate/chaturanga, session 37,
first half) use beyond the sample (issue 24). Each on a small position, by its meaning in
Ludii's Java."""

from __future__ import annotations

from interpreter import load


def _targets(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


# --- (where "Name" Player): the owner's first piece whose name holds the name -------------------
# Ludii's WhereSite precomputes the components whose name contains namePiece
# (c.name().contains(namePiece)) and takes the first one the player owns: (where "King" Mover)
# finds a "King_noCross". A name no piece holds is no error: the piece is off the board (-1), and
# the sites around -1 are none.
WHERE = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 7)) (piece "King_noCross" Each)})
 (rules (start {(place "King_noCross1" 1) (place "King_noCross2" 5)})
  (play (or (move Add (to (sites Around (where %s Mover)) if:(is Empty (to))))
            (move Add (to (sites {3}) if:(is Empty (to))))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_where_finds_the_piece_whose_name_holds_the_name():
    s = load(WHERE % '"King"').initial_state()
    assert _targets(s) == ["A1", "C1", "D1"]  # around P1's King_noCross on 1, and 3
    s.apply(next(m for m in s.legal_moves() if m.text == "A1"))
    assert _targets(s) == ["D1", "E1", "G1"]  # P2's: around 5


def test_where_of_a_name_no_piece_holds_is_off_the_board():
    s = load(WHERE % '"King-noCross"').initial_state()
    assert _targets(s) == ["D1"]  # no such piece: nothing around it


def test_where_with_its_full_name_still_finds_it():
    s = load(WHERE % '"King_noCross"').initial_state()
    assert _targets(s) == ["A1", "C1", "D1"]


# --- (sites Start (piece (id "King" Mover))): the number Id reads, at play --------------------
# Ludii's Id with a name and a role is the first component whose name contains the name and
# that the player owns; (piece <int>) in (sites Start ...) is that number, read for the mover of
# the moment (Persian Chess with a Queen: the start site of the mover's "King_noCross").
START = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 7)) (piece "King_noCross" Each) (piece "Disc" Each)})
 (rules (start {(place "King_noCross1" 1) (place "King_noCross2" 5)})
  (play (forEach Piece "King_noCross" (move Step (to if:(is Empty (to))))
     (then (add (piece (id "Disc" Mover))
        (to (regionSite (sites Start (piece (id "King" Mover))) index:0))))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_sites_start_of_a_piece_given_by_id_with_a_role():
    s = load(START).initial_state()
    assert _targets(s) == ["B1-A1", "B1-C1"]
    s.apply(next(m for m in s.legal_moves() if m.text == "B1-C1"))
    assert s.what[1] != 0 and s.who[1] == 1  # P1's disc on its king's start site
    assert _targets(s) == ["F1-E1", "F1-G1"]
    s.apply(next(m for m in s.legal_moves() if m.text == "F1-E1"))
    assert s.who[5] == 2  # P2's disc on P2's king's start site, read for P2


# --- (sites Start ...) of a piece named in full, read as a number: the start position in play ----
# The start sites are those after the start rules; a number made of them (regionSite) is not a
# constant of the description (it was folded once, before the start rules were known: no site).
def test_sites_start_of_a_named_piece_inside_a_number():
    text = START.replace('(piece (id "King" Mover))', '(piece "King_noCross1")')
    s = load(text).initial_state()
    s.apply(next(m for m in s.legal_moves() if m.text == "B1-C1"))
    assert s.who[1] == 1
    s.apply(next(m for m in s.legal_moves() if m.text == "F1-E1"))
    assert s.what[5] == 0  # the site is P1's king's start (B1) for P2 too, never F1
