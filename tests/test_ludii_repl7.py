"""Forms Ludii's production files of board/war/replacement (chess, shogi and xiangqi variants,
session 36) use beyond the sample (issue 24). Each on a small position, by its meaning in Ludii's
Java."""

from __future__ import annotations

from interpreter import load


def _apply(state, text: str) -> None:
    state.apply(next(m for m in state.legal_moves() if m.text == text))


# --- (is Threatened at:<site>) without a piece: the piece on that one site -----------------------
# Ludii's IsThreatened builds its sites from at: (IntArrayFromRegion(site, null)) and, with no
# `what`, tests the piece found there; every occupied site is looked at only when neither what,
# at: nor in: is given. Spartan Chess's omnicheck, (all Sites <its kings> if:(is Threatened
# at:(site))), asked whether any piece of the board was attacked.
THREAT_AT = '''(game "T" (players {(player N) (player S)})
 (equipment {(board (square 4))
   (piece "Rook" Each (move Slide Orthogonal (to if:(is Enemy (who at:(to))) (apply (remove (to))))))
   (piece "King" Each (move Step (to if:(is Empty (to)))))})
 (rules (start {(place "Rook1" coord:"A1") (place "King2" coord:"D4") (place "Rook2" coord:"B4")})
  (play (forEach Piece))
  (end (if (is Threatened at:(coord "%s")) (result Mover Win)))))'''


def test_threatened_at_a_site_tests_the_piece_there_only():
    s = load(THREAT_AT % "D4").initial_state()
    _apply(s, "A1-A4")  # the rook attacks B4, whose rook shields the king on D4
    assert not s.is_over()
    s = load(THREAT_AT % "B4").initial_state()
    _apply(s, "A1-A4")
    assert s.is_over() and s.result().winners == [1]


def test_threatened_at_an_empty_site_is_false():
    s = load(THREAT_AT % "C3").initial_state()
    _apply(s, "A1-A3")  # the rook could go to C3, but no piece stands there
    assert not s.is_over()


# --- (is Threatened <what> in:<sites>): the piece put on each site in turn ------------------------
# With `what` and sites, Ludii's IsThreatened sets that piece on each site (in a copy of the
# position, one site at a time) and asks whether an enemy could move there. The pawn below moves
# only to take, so an empty site is attacked only once the piece is put on it.
THREAT_IN = '''(game "T" (players {(player N) (player S)})
 (equipment {(board (square 4))
   (piece "Pawn" Each (move Step Orthogonal (to if:(is Enemy (who at:(to))) (apply (remove (to))))))
   (piece "King" Each (move Step (to if:(is Empty (to)))))})
 (rules (start {(place "Pawn1" coord:"B3") (place "King1" coord:"A1") (place "King2" coord:"D4")})
  (play (forEach Piece))
  (end (if (is Threatened (id "King" P2) in:(sites {%s})) (result Mover Win)))))'''


def test_threatened_piece_in_sites_is_put_on_each():
    s = load(THREAT_IN % '(coord "D1") (coord "C3")').initial_state()
    _apply(s, "A1-A2")  # the pawn would take a king put on C3 (an empty site)
    assert s.is_over() and s.result().winners == [1]
    s = load(THREAT_IN % '(coord "D1") (coord "D2")').initial_state()
    _apply(s, "A1-A2")  # neither site is next to the pawn
    assert not s.is_over()


# --- tracks sharing a name: every one is the board's -----------------------------------------------
# Ludii's board keeps every (track ...) it is given; Cylinder Chess names each of its eight rows
# "E", and (move Slide "E") slides along whichever of them holds the piece. Such a board was
# refused ('track "E" is declared twice').
TRACKS = '''(game "T" (players 2)
 (equipment {(board (square 3) {(track "E" {0..2} loop:True) (track "E" {3..5} loop:True)})
   (piece "Rook" Each (move Slide "E"))})
 (rules (start {(place "Rook1" coord:"B1") (place "Rook2" coord:"C2")})
  (play (forEach Piece))
  (end (if (no Moves Mover) (result Mover Loss)))))'''


def test_tracks_of_one_name_are_each_followed():
    s = load(TRACKS).initial_state()
    assert sorted(m.text for m in s.legal_moves()) == ["B1-A1", "B1-C1"]  # round row 1's loop
    _apply(s, "B1-C1")
    assert sorted(m.text for m in s.legal_moves()) == ["C2-A2", "C2-B2"]  # row 2's own track


# --- the dice are pieces of everybody's count ------------------------------------------------------
# Ludii's Game.start places each die of a (dice ...) container as a piece ("Die1", ... owned by
# the dice's owner, Shared by default), so (count Pieces All) counts them: Chaturaji ends when
# (count Pieces Mover) is (- (count Pieces All) 1), "we remove the dice". A player's count, a
# kind's or a region's holds no die.
DICE_COUNT = '''(game "T" (players 2)
 (equipment {(board (square 3)) (dice d:4 from:2 num:%d)
   (piece "Disc" Each (move Step (to if:(is Empty (to)))))})
 (rules (start {(place "Disc1" 0) (place "Disc2" 8)})
  (play (forEach Piece))
  (end (if (= %s %d) (result Mover Win)))))'''


def _ends(num: int, count: str, value: int) -> bool:
    s = load(DICE_COUNT % (num, count, value)).initial_state()
    s.apply(s.legal_moves()[0])
    return s.is_over()


def test_everybodys_count_of_pieces_holds_the_dice():
    assert _ends(1, "(count Pieces All)", 3) and not _ends(1, "(count Pieces All)", 2)
    assert _ends(2, "(count Pieces)", 4)
    assert _ends(2, "(count Pieces Mover)", 1)
    assert _ends(2, "(count Pieces All in:(sites Board))", 2)


# --- a threat is looked for with the threatened piece's owner as Prev -------------------------------
# Ludii's IsThreatened lists the enemy's moves in a TempContext where the enemy moves and the
# owner of the piece is Prev (setPrev(ownerWhat)). After a promotion played as a second move of
# the turn ("SameTurn", (is Prev Mover)), the enemy's rules are their ordinary ones there, not the
# promotion: a pawn promoted to a rook that checks the king ends the game by the end rule.
PROMOTION_CHECK = '''(game "T" (players {(player N) (player S)})
 (equipment {(board (square 8))
   (piece "Rook" Each (move Slide Orthogonal (to if:(is Enemy (who at:(to))) (apply (remove (to))))))
   (piece "King" Each (move Step (to if:(not (is Friend (who at:(to)))) (apply (remove (to))))))
   (piece "Pawn" Each (move Step Forward (to if:(is Empty (to)))
     (then (if (is In (last To) (sites Mover "Promotion")) (moveAgain)))))
   (regions "Promotion" P1 (sites Top)) (regions "Promotion" P2 (sites Bottom))})
 (rules (start {(place "King1" coord:"A1") (place "King2" coord:"H8") (place "Pawn1" coord:"E7")})
  (play (if (is Prev Mover) (move Promote (last To) (piece "Rook") Mover)
        (do (forEach Piece) ifAfterwards:(not (is Threatened (id "King" Mover))))))
  (end (if (is Threatened (id "King" Next)) (result Mover Win)))))'''


def test_threat_after_a_promotion_of_the_same_turn():
    s = load(PROMOTION_CHECK).initial_state()
    _apply(s, "E7-E8")
    assert not s.is_over() and [m.text for m in s.legal_moves()] == ["Rook1@E8"]
    _apply(s, "Rook1@E8")  # the rook on E8 attacks the king on H8 along the row
    assert s.is_over() and s.result().winners == [1]
