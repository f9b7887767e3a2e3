"""Ludii's Add at a level of a stack (``(to ... level:)``: an ActionInsert) and forEach Piece as
a consequence in a stacking game, on small positions (Lielow's rules use both: a moved stack
gets a piece of the mover's underneath, then the tallest stack's top piece is marked)."""

from __future__ import annotations

from interpreter import load
from interpreter.engine import stacks
from interpreter.ludemes.variables import PIECE_STATES


def kinds(state, site: int) -> list[int]:
    return [stacks.what_at(state, site, level) for level in range(stacks.size(state, site))]


def test_a_placement_at_a_level_goes_under_the_pieces_from_there_up():
    g = load('''(game "Insert" (players 2)
        (equipment {(board (square 3)) (piece "Disc" Each)})
        (rules (start {(place Stack "Disc2" 4 count:2) (place "Disc2" 0)})
            (play (move Add (piece "Disc1") (to (sites Occupied by:Next) level:(- (size Stack at:(to)) 1))
                            stack:True))
            (end (if (is Full) (result Mover Win)))))''')
    s = g.initial_state()
    # the level is worked out for each site, (to) being the site: under the top piece of each
    assert [m.text for m in s.legal_moves()] == ["1@A1/0", "1@B2/1"]
    s.apply("1@B2/1")
    assert kinds(s, 4) == [2, 1, 2] and s.who[4] == 2  # the top piece is still P2's
    s2 = g.initial_state()
    s2.apply("1@A1/0")
    assert kinds(s2, 0) == [1, 2] and s2.who[0] == 2


def test_a_level_past_the_top_puts_the_piece_on_top():
    g = load('''(game "Insert" (players 2)
        (equipment {(board (square 3)) (piece "Disc" Each)})
        (rules (start (place "Disc2" 0))
            (play (move Add (to (sites {0}) level:5) stack:True))
            (end (if (is Full) (result Mover Win)))))''')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert kinds(s, 0) == [2, 1] and s.who[0] == 1


def test_a_moved_stack_gets_a_piece_underneath_as_a_consequence():
    """Lielow's move: a whole stack moves, then (add (to (last To) level:0) stack:True)."""
    g = load('''(game "Under" (players 2)
        (equipment {(board (square 3)) (piece "Disc" Each)})
        (rules (start {(place Stack "Disc1" 0 count:2) (place "Disc2" 8)})
            (play (forEach Piece
                (move (from) (to (sites Around (from) Empty)) count:(size Stack at:(from)) stack:True
                      (then (add (to (last To) level:0) stack:True)))
                Mover top:True))
            (end (if (is Full) (result Mover Win)))))''')
    s = g.initial_state()
    s.apply("A1-B2")
    assert kinds(s, 4) == [1, 1, 1] and stacks.size(s, 0) == 0


def test_for_each_piece_as_a_consequence_visits_the_top_pieces_of_a_stacking_game():
    g = load('''(game "Mark" (players 2)
        (equipment {(board (square 3)) (piece "Disc" Each)})
        (rules (start {(place Stack "Disc1" 0 count:2) (place "Disc1" 2) (place "Disc2" 8)})
            (play (move Add (to (sites Empty)) stack:True
                (then (forEach Piece
                    (if (= (size Stack at:(from)) 2) (set State at:(from) 1) (set State at:(from) 0))
                    Mover top:True))))
            (end (if (is Full) (result Mover Win)))))''')
    s = g.initial_state()
    s.apply("B1")
    # each top piece of P1's: the stack of two is marked, the single pieces are not
    assert stacks.value_at(s, 0, 1, PIECE_STATES) == 1
    assert stacks.value_at(s, 2, 0, PIECE_STATES) == 0 and stacks.value_at(s, 1, 0, PIECE_STATES) == 0


def test_count_pieces_off_a_stack_keep_their_order_and_a_short_stack_moves_none():
    """Ludii's ActionStackMove: the top N pieces, in their order; none when fewer are there."""
    g = load('''(game "Sub" (players 2)
        (equipment {(board (square 3)) (piece "Disc" Each)})
        (rules (start {(place Stack items:{"Disc2" "Disc1" "Disc2" "Disc1"} 0)})
            (play (move (from (sites {0})) (to (sites {1 2})) count:(if (is Empty 1) 2 5) stack:True))
            (end (if (is Full) (result Mover Win)))))''')
    s = g.initial_state()
    s.apply("A1-B1")
    assert kinds(s, 0) == [2, 1] and kinds(s, 1) == [2, 1]  # the top two, their order kept
    s.apply("A1-C1")  # five asked of a stack of two: nothing moves
    assert kinds(s, 0) == [2, 1] and kinds(s, 2) == []
