"""Forms Ludii's leaping war games (draughts, alquerque-likes) and connection games use beyond
the sample (issue 24, the held-out probe lud5leap). Each on a small position, by its meaning in
Ludii's Java."""

from __future__ import annotations

from interpreter import load

# --- (max Moves withValue:True ...): the values of the pieces captured -----------------------------
# Ludii's MaxMoves with withValue sums, over the capture sequence, the value of each site an
# ActionRemove empties (cs.value(site): the value a piece was placed with, value:, or given by
# (set Value at:...)), read before each move; the component's own value plays no part (Frisian
# Draughts: men placed with value:10, kings set to 19).
HOP = ('(move Hop (from {F}) Diagonal (between if:(is Enemy (who at:(between))) (apply (remove (between)))) '
       '(to if:(is Empty (to))) (then (if (can Move (move Hop (from (last To)) Diagonal (between if:(is Enemy '
       '(who at:(between)))) (to if:(is Empty (to))))) (moveAgain))))')


def _max_moves(with_value: bool) -> str:
    w = "withValue:True " if with_value else ""
    return f'''(game "T" (players 2) (equipment {{(board (square 8)) (piece "Counter" Each) (piece "King" Each)}})
 (rules (start {{(place "Counter1" (sites {{9 14}}) value:10) (place "King2" (sites {{18 36}}) value:19)
   (place "Counter2" (sites {{21 37 53}}) value:10)}})
 (play (if (is Prev Mover) (max Moves {w}{HOP.format(F="(last To)")})
   (max Moves {w}(forEach Piece "Counter" {HOP.format(F="(from)")}))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_max_moves_keeps_the_longest_capture_sequence():
    # from 9: two kings (2 hops); from 14: three men (3 hops): the longer sequence only
    s = load(_max_moves(False)).initial_state()
    assert [(m.frm, m.to) for m in s.legal_moves()] == [(14, 28)]


def test_max_moves_with_value_weighs_the_values_the_pieces_were_given():
    # two kings of value 19 (38) outweigh three men of value 10 (30)
    s = load(_max_moves(True)).initial_state()
    assert [(m.frm, m.to) for m in s.legal_moves()] == [(9, 27)]
    s.apply(s.legal_moves()[0])
    assert s.mover == 1 and [(m.frm, m.to) for m in s.legal_moves()] == [(27, 45)]


# --- (sites {"A1" ...}): a coordinate that names no site is left out ----------------------------------
# Ludii's SitesCoords adds the site SiteFinder finds for each coordinate and skips one it does
# not find (Terhuchu places "G6", which its merged board does not have).
COORDS = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (start (place "Disc1" (sites {"A1" "Z9" "C3"})))
 (play (move Add (to (sites Empty)))) (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_coordinate_not_on_the_board_is_left_out_of_a_list():
    g = load(COORDS)
    s = g.initial_state()
    assert [site for site in range(9) if s.what[site]] == [0, 8]


# In a stacking game, (remove (between) count:(size Stack at:(between))) makes one ActionRemove
# per piece of the stack, each weighed at the value of the stack's top (Fenix: a king of three
# pieces counts three).
STACK_HOP = ('(move Hop (from {F}) Orthogonal (between if:(is Enemy (who at:(between))) (apply (remove (between) '
             'count:(size Stack at:(between))))) (to if:(is Empty (to))) stack:True (then (if (can Move (move Hop '
             '(from (last To)) Orthogonal (between if:(is Enemy (who at:(between)))) (to if:(is Empty (to))) '
             'stack:True)) (moveAgain))))')


def _stacked(with_value: bool) -> str:
    w = "withValue:True " if with_value else ""
    return f'''(game "T" (players 2) (equipment {{(board (square 6)) (piece "F" Each)}})
 (rules (start {{(place Stack "F1" (sites {{0 5}}) value:1) (place Stack "F2" 1 count:3 value:1)
   (place Stack "F2" (sites {{11 23}}) value:1) (place Stack "F2" 35 value:1)}})
 (play (if (is Prev Mover) (max Moves {w}{STACK_HOP.format(F="(last To)")})
   (max Moves {w}(forEach Piece {STACK_HOP.format(F="(from)")} top:True))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_max_moves_with_value_counts_every_piece_of_a_stack_taken():
    # from 0: one stack of three (3); from 5: two single pieces in two hops (2)
    s = load(_stacked(False)).initial_state()
    assert sorted((m.frm, m.to) for m in s.legal_moves()) == [(5, 17)]
    s = load(_stacked(True)).initial_state()
    assert sorted((m.frm, m.to) for m in s.legal_moves()) == [(0, 2)]


# --- (no Moves Next) after a moveAgain: the next player's moves as at the start of their turn ------
# Ludii's NoMoves for Next switches to that player with setMoverAndImpliedPrevAndNext and sets
# Prev to the player who just moved: after a moveAgain the mover's own continuation is listed
# with (is Prev Mover) true and Next the player after them (Claim Jumpers' forced hops read
# (sites Occupied by:Next)); the game goes on where it has such a move.
AGAIN = '''(game "T" (players 2) (equipment {(board (square 2)) (piece "Disc" Each)})
 (rules (start {(place "Disc1" 0) (place "Disc2" (sites {1 3}))})
 (play (if (is Prev Mover)
   (move Remove (intersection (sites Occupied by:Next) (sites {3})))
   (move Add (to (sites Empty)) (then (moveAgain)))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_no_moves_next_after_a_move_again_lists_the_continuation_as_ludii():
    s = load(AGAIN).initial_state()
    (add,) = s.legal_moves()  # the last empty site
    s.apply(add)
    assert not s.over and s.mover == 1
    assert [(m.to) for m in s.legal_moves()] == [3]  # the continuation: Next's piece at 3
    s.apply(s.legal_moves()[0])
    assert not s.over and s.mover == 2
