"""Ludii's FromTo with regions and counts (issue 24, session 37), by the meaning of its Java.

``FromTo.eval`` loops over every from site (skipping one that holds no piece) and, with
``(from)`` bound to it, works out the count and the to region, then makes one move per to
site; a consequence applies every move it makes. The move of a count is an ``ActionMoveN``:
the from site loses at most what it holds, the to site gains the count asked for."""

from __future__ import annotations

from interpreter import load
from interpreter.engine.counts import pieces_at

# a 2x2 board (sites 0 1 below, 2 3 above) and each player's hand (sites 4 and 5)
BOARD = '''(mancalaBoard 2 2 store:None (track "Track" "0,E,N,W" loop:True))
  (piece "Seed" Shared) (hand Each) (regions P1 (sites Bottom)) (regions P2 (sites Top))'''


def _game(start: str, play: str) -> str:
    return f'''(game "T" (players 2) (equipment {{{BOARD}}})
 (rules (start {{{start}}})
  (play {play})
  (end (if (no Moves Mover) (result Mover Loss)))))'''


def _counts_after_first(start: str, then: str) -> list[int]:
    s = load(_game(start, f"(move Select (from 0) (then {then}))")).initial_state()
    s.apply(s.legal_moves()[0])
    return [pieces_at(s, x) for x in range(6)]


def test_a_to_region_makes_one_move_per_site_and_a_consequence_applies_them_all():
    assert _counts_after_first("(set Count 1 at:0) (set Count 5 at:(handSite P1))",
                               "(fromTo (from (handSite P1)) (to (sites {1 2 3})) count:1)") == [1, 1, 1, 1, 2, 0]


def test_the_to_region_is_worked_out_before_any_move_is_applied():
    # (sites Empty) is 1, 2 and 3 when the moves are made: each gets two seeds
    counts = _counts_after_first("(set Count 1 at:0) (set Count 6 at:(handSite P1))",
                                 "(fromTo (from (handSite P1)) (to (sites Empty)) count:2)")
    assert counts == [1, 2, 2, 2, 0, 0]


def test_a_from_region_moves_from_each_occupied_site_with_its_own_count():
    # (from) is each from site when the count is worked out; the empty site 2 makes no move
    counts = _counts_after_first("(set Count 1 at:0) (set Count 2 at:1) (set Count 3 at:3)",
                                 "(fromTo (from (sites {1 2 3})) (to (handSite P2)) count:(count at:(from)))")
    assert counts == [1, 0, 0, 0, 0, 5]


def test_the_to_site_gains_the_count_asked_for_when_the_from_site_holds_fewer():
    counts = _counts_after_first("(set Count 1 at:0) (set Count 2 at:(handSite P1))",
                                 "(fromTo (from (handSite P1)) (to 3) count:5)")
    assert counts == [1, 0, 0, 5, 0, 0]


def test_nothing_moves_from_an_empty_site():
    counts = _counts_after_first("(set Count 1 at:0)",
                                 "(fromTo (from (handSite P1)) (to (sites {1 2})) count:3)")
    assert counts == [1, 0, 0, 0, 0, 0]


def test_two_parts_of_an_and_see_the_same_empty_sites():
    # both fromTo are worked out before either applies: each drops a seed in 1, 2 and 3
    counts = _counts_after_first(
        "(set Count 1 at:0) (set Count 3 at:(handSite P1)) (set Count 3 at:(handSite P2))",
        "(and (fromTo (from (handSite P1)) (to (sites Empty)) count:1)"
        " (fromTo (from (handSite P2)) (to (sites Empty)) count:1))")
    assert counts == [1, 2, 2, 2, 0, 0]


def test_a_chosen_move_of_a_count_gives_the_target_the_count_asked_for():
    # a player's move from the hand (ActionMoveN too): one move per empty site of the region
    s = load(_game("(set Count 1 at:0) (set Count 2 at:(handSite P1))",
                   "(move (from (handSite P1)) (to (sites Empty)) count:4)")).initial_state()
    moves = s.legal_moves()
    assert len(moves) == 3
    s.apply(next(m for m in moves if m.to == 2))
    assert [pieces_at(s, x) for x in range(6)] == [1, 0, 4, 0, 0, 0]


# --- forEach Value and fromTo in a stacking game: every value's move worked out first ---------

STACKED = '''(game "T" (players 2) (equipment {{(board (square 3)) (piece "Disc" Each) (hand Each)}})
 (rules (start (place Stack "Disc1" (sites {{0}}) count:3))
  (play (move Select (from (sites Occupied by:Mover)) (then {then})))
  (end (if (no Moves Mover) (result Mover Loss)))))'''


def _stack_sizes_after_first(then: str) -> list[int]:
    from interpreter.engine import stacks
    s = load(STACKED.format(then=then)).initial_state()
    s.apply(s.legal_moves()[0])
    return [stacks.size(s, x) for x in range(4)]


def test_for_each_value_works_out_every_level_before_any_piece_moves():
    # levels 2, 1 and 0 of the stack of three (its size read before any goes) to sites 1, 2, 3
    sow = ("(forEach Value min:1 max:(size Stack at:(last From))"
           " (fromTo (from (last From) level:(- (size Stack at:(last From)) (value))) (to (value)) stack:True))")
    assert _stack_sizes_after_first(sow) == [0, 1, 1, 1]


def test_a_hand_is_cells_on_a_board_of_vertices():
    # a large-stack mancala board plays on its vertices; its hands are still Ludii's cells
    game = load('''(game "T" (players 2)
      (equipment {(mancalaBoard 2 2 store:None largeStack:True (track "Track" "0,E,N,W" loop:True))
        (piece "Seed" Shared) (hand Each size:2) (regions P1 (sites Bottom)) (regions P2 (sites Top))})
      (rules (start (place Stack "Seed" (handSite P1 1) count:2))
        (play (move (from Cell (handSite Mover 1) level:(topLevel Cell at:(handSite Mover 1)))
                    (to (sites Mover)) stack:True))
        (end (if (no Moves Mover) (result Mover Loss)))))''')
    assert len(game.initial_state().legal_moves()) == 2
