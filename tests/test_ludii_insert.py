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


def test_for_each_die_as_a_consequence_applies_its_effects_and_uses_those_dice():
    """Ludii's ForEachDie adds the die's use to each move it makes, also as a consequence:
    Sahkku remembers each die that shows a value, which uses that die."""
    from interpreter.engine import dice
    g = load('''(game "Remember" (players 2)
        (equipment {(board (rectangle 1 6)) (piece "Disc" Each) (dice d:3 from:0 num:3)})
        (rules
            (play (do (roll) next:(move Pass (then (forEach Die (if (!= 0 (pips)) (remember Value "Pips" (pips))))))))
            (end (if (= 3 (size Array (values Remembered "Pips"))) (result Mover Win)))))''')
    s = g.initial_state()
    with dice.given(s, (0, 2, 1)):  # faces 0, 2 and 1
        s.apply("pass")
    assert sorted(s.arrays["remembered Pips"][0]) == [1, 2]  # the die showing 0 is not remembered
    assert s.arrays[dice.DICE] == [0, 0, 0]  # the two dice remembered are used; the 0 was already
    assert not s.is_over()


def test_for_each_piece_of_the_shared_role_moves_shared_pieces_for_the_mover():
    g = load('''(game "Shared" (players 2)
        (equipment {(board (rectangle 1 4)) (piece "Disc" Each) (piece "Pawn" Shared)})
        (rules (start {(place "Pawn0" 0) (place "Disc1" 3)})
            (play (or (forEach Piece "Pawn" (move (from) (to (sites {(+ (from) 1)}) if:(is Empty (to)))) Shared)
                      (forEach Piece (move (from) (to (sites {(- (from) 1)}) if:(is Empty (to)))))))
            (end (if (is Full) (result Mover Win)))))''')
    s = g.initial_state()
    # the shared pawn moves for whoever moves (Ludii keeps the mover for Shared pieces)
    assert sorted(m.text for m in s.legal_moves()) == ["A1-B1", "D1-C1"]
    s.apply("A1-B1")
    assert s.mover == 2 and [m.text for m in s.legal_moves()] == ["B1-C1"]  # P2 has no disc, but moves the pawn
