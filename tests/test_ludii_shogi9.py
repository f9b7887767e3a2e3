"""Forms of Ludii's large shogi variants (board/war/replacement/checkmate/shogi: Seireigi, Chu
and Dai Seireigi, Yonin Shogi and Seireigi, Tenjiku, Tai, Chu-Shogi), each on a small position,
by its meaning in Ludii's Java: the knight's two-step leap written as a forEach Direction inside
a forEach Direction, its relative directions read from the step just made (ForEachDirection:
Forward, then FL FR of that step); pieces captured into the captor's hand by (id "Name" P2)
tests; a promotion offered as a second decision after a move into the zone (moveAgain, then
move Promote or Pass); moves that leave the mover's king attacked refused ((is Threatened ...),
Ludii's IsThreatened); four players facing N, W, S, E, each with its own Forward."""

from __future__ import annotations

from interpreter import load


def _moves(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


def _play(state, text: str) -> None:
    state.apply(next(m for m in state.legal_moves() if m.text == text))


# The knight of Seireigi, Dai Seireigi, Yonin Shogi and Tai Shogi: one step Forward (any site),
# then one step FL or FR relative to that step; the landing must not hold a friend. The inner
# forEach Direction is relative to the step from (from) to (to), whatever the piece's facing.
KNIGHT = '''(game "K" (players {#FACINGS})
 (equipment {(board (square 7))
  (piece "Knight" Each (forEach Direction Forward (to if:True (apply
   (forEach Direction (from (to)) (directions {FL FR})
    (if (not (is Friend (who at:(to)))) (move (from) (to (apply if:(is Enemy (who at:(to)))
     (add (piece (if (is Mover P1) (id "Knight" P1) (id "Knight" P2))) (to (handSite Mover))))))))))))
  (piece "King" Each) (hand Each)})
 (rules (start {#START}) (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))'''


def _knight(facings: str, start: str):
    return load(KNIGHT.replace("#FACINGS", facings).replace("#START", start))


def test_knight_two_step_leap_per_facing():
    game = _knight("(player N) (player S)", '(place "Knight1" "D3") (place "Knight2" "D5")')
    state = game.initial_state()
    assert _moves(state) == ["D3-C5", "D3-E5"]  # D4 then its FL (C5) and FR (E5)
    _play(state, "D3-E5")
    # P2 faces south: D4 then C3 / E3 (its own FL FR of a southward step); D3 is empty now
    assert _moves(state) == ["D5-C3", "D5-E3"]


def test_knight_capture_goes_to_the_captors_hand():
    game = _knight("(player N) (player S)", '(place "Knight1" "D3") (place "Knight2" "E5") (place "King2" "A7")')
    state = game.initial_state()
    _play(state, "D3-E5")  # the knight of P2 is taken: a knight of P1 is added to P1's hand
    text = state.to_text()
    assert "pieces: {E5: Knight1, A7: King2}" in text
    assert "hands: {Knight1: 1, Knight2: 0" in text
    assert state.result().winners == [1]  # P2's king has no moves of its own: P2 cannot move


def test_knight_of_four_players_each_leaps_its_own_way():
    game = _knight("(player N) (player W) (player S) (player E)",
                   '(place "Knight1" "D1") (place "Knight2" "G4") (place "Knight3" "D7") (place "Knight4" "A4")')
    state = game.initial_state()
    assert _moves(state) == ["D1-C3", "D1-E3"]
    _play(state, "D1-C3")
    assert _moves(state) == ["G4-E3", "G4-E5"]  # facing west: F4, then its FL (F3 -> E3) and FR
    _play(state, "G4-E5")
    assert _moves(state) == ["D7-C5", "D7-E5"]  # facing south; E5 holds P2's knight, an enemy
    _play(state, "D7-C5")
    assert _moves(state) == ["A4-C3", "A4-C5"]  # facing east: B4, then C5 (FL) and C3 (FR)


# Seireigi's promotion: a move that ends (or starts) in the zone gives a second decision, the
# promotion or a pass ((if "SameTurn" (or (move Promote ...) (move Pass)) ...)).
PROMOTE = '''(game "P" (players {(player N) (player S)})
 (equipment {(board (square 5))
  (piece "Silver" Each (move Step (directions {Forward FL FR BL BR}) (to if:(not (is Friend (who at:(to)))))
   (then (if (or (is In (last To) (sites Mover "Promotion")) (is In (last From) (sites Mover "Promotion")))
    (moveAgain)))))
  (piece "Wolf" Each (move Slide Forward))
  (piece "King" Each (move Step (to if:(not (is Friend (who at:(to)))))))
  (regions "Promotion" P1 (sites Top)) (regions "Promotion" P2 (sites Bottom))
  (map "Promoted" {(pair (id "Silver" P1) (id "Wolf" P1)) (pair (id "Silver" P2) (id "Wolf" P2))})})
 (rules (start {(place "Silver1" "C4") (place "King1" "A1") (place "King2" "E5")})
  (play (if (is Prev Mover)
   (or (move Promote (last To) (piece (mapEntry "Promoted" (what at:(last To))))) (move Pass))
   (forEach Piece)))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_promotion_is_a_choice_after_entering_the_zone():
    state = load(PROMOTE).initial_state()
    _play(state, "C4-C5")
    assert state.mover == 1 and len(state.legal_moves()) == 2  # promote, or pass
    promote = next(m for m in state.legal_moves() if m.text != "pass")
    state.apply(promote)
    assert state.mover == 2
    assert "Wolf1" in state.to_text()


# King safety as Ludii's IsThreatened: a move after which an enemy piece could take the king is
# refused (do ... ifAfterwards:(not (is Threatened (id "King" Mover) at:(where "King" Mover)))).
SAFE = '''(game "S" (players {(player N) (player S)})
 (equipment {(board (square 5))
  (piece "King" Each (move Step (to if:(not (is Friend (who at:(to)))) (apply (remove (to))))))
  (piece "Rook" Each (move Slide Orthogonal (to if:(is Enemy (who at:(to))) (apply (remove (to))))))})
 (rules (start {(place "King1" "A1") (place "Rook2" "B5") (place "King2" "E5")})
  (play (do (forEach Piece) ifAfterwards:(not (is Threatened (id "King" Mover) at:(where "King" Mover)))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_king_may_not_step_into_attack():
    state = load(SAFE).initial_state()
    assert _moves(state) == ["A1-A2"]  # B1 and B2 are on the rook's file


# Taikyoku's Ancient Dragon: (move Hop ... (between before:35 (range 0 35) after:35 if:True)): a
# hurdle run of no site at least, so, as Ludii's Hop (fromMinHurdle from the run's length down
# to 0), the landings start on the first occupied site itself (a capture there when the to
# condition holds), then past one hurdle, two...
HOP0 = '''(game "H" (players 2)
 (equipment {(board (rectangle 1 6)) (piece "Dragon" Each
  (move Hop E (between before:5 (range #LO 5) after:5 if:(is Occupied (between)))
   (to if:(not (is Friend (who at:(to)))) (apply (if (is Enemy (who at:(to))) (remove (to)))))))})
 (rules (start {(place "Dragon1" "A1") (place "Dragon2" {"C1" "D1"})})
  (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))'''


def test_hop_over_a_run_of_zero_or_more_lands_on_the_first_hurdle_too():
    one = load(HOP0.replace("#LO", "1")).initial_state()
    zero = load(HOP0.replace("#LO", "0")).initial_state()
    # over C1 (then on while the to condition holds: D1 E1 F1), over C1 D1 (E1 F1)
    assert sorted((m.to, m.between) for m in one.legal_moves()) == [
        (3, (2,)), (4, (2,)), (4, (2, 3)), (5, (2,)), (5, (2, 3))]
    # a run of none as well: from C1 itself on, nothing jumped
    extra = sorted((m.to, m.between) for m in zero.legal_moves() if m.between == ())
    assert extra == [(2, ()), (3, ()), (4, ()), (5, ())]
    assert len(zero.legal_moves()) == len(one.legal_moves()) + 4
