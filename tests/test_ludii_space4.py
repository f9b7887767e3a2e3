"""Forms Ludii's production files of board/space, puzzle and experimental use beyond the sample
and the earlier probes (issue 24, the fourth held-out probe of space games and the rest). Each
on a small position, by its meaning in Ludii."""

from __future__ import annotations

import pytest

from interpreter import LudError, load

# --- (place Stack ... counts:{...}) with a 0: nothing placed there ------------------------------
# Ludii's PlaceMonotonousStack loops counts[k] times for the k-th site: 0 places nothing.
COUNTS_ZERO = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (start (place Stack "Disc1" (sites {0 1 2}) counts:{0 2 1}))
 (play (move Add (to (sites Empty)))) (end (if (no Moves Next) (result Mover Win)))))'''


def test_place_stack_counts_of_zero_places_nothing_on_that_site():
    from interpreter.engine import stacks
    s = load(COUNTS_ZERO).initial_state()
    assert [stacks.size(s, x) for x in (0, 1, 2)] == [0, 2, 1]


def test_place_stack_counts_below_zero_is_refused():
    with pytest.raises(LudError):
        load(COUNTS_ZERO.replace("counts:{0 2 1}", "counts:{-1 2 1}"))


# --- (min N) alone is Ludii's range Min: from N to Infinity -------------------------------------
# game.functions.range.math.Min(min) = Range(min, Constants.INFINITY); Ludii's int min takes two
# numbers or an array, so one number alone is always the range.
MIN_RANGE = '''(game "T" (players 2) (equipment {(board (rectangle 1 6)) (piece "Disc" Each)})
 (rules (start (place "Disc1" 0))
 (play (move Add (to (sites Distance (step E (to if:True)) from:0 (min 2)))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_min_alone_is_a_range_from_n_without_an_upper_bound():
    s = load(MIN_RANGE).initial_state()
    # Ludii's SitesDistance with a step keeps a level L > 1 when L - 1 reaches the least
    # distance: (min 2) keeps 3, 4, 5 on this row, the same as (range 2 Infinity)
    assert sorted(m.to for m in s.legal_moves()) == [3, 4, 5]
    same = load(MIN_RANGE.replace("(min 2)", "(range 2 Infinity)")).initial_state()
    assert sorted(m.to for m in same.legal_moves()) == [3, 4, 5]


def test_min_of_two_numbers_is_still_the_least():
    s = load(MIN_RANGE.replace("(min 2)", "(range 0 Infinity)").replace(
        "(start (place \"Disc1\" 0))", "(start {(place \"Disc1\" 0) (set Score P1 (min 3 2))})")).initial_state()
    assert s.scores[1] == 2


# --- (move Step (from <site>) ...) moves whatever piece is there ----------------------------------
# Ludii's Step.eval makes an ActionMove from the from site without asking whose piece it is: a
# placed piece pushing its neighbours (Gekitai) moves the opponent's pieces too.
PUSH = '''(game "T" (players 2) (equipment {(board (square 6)) (piece "Marker" Each)})
 (rules (start (place "Marker1" 8))
 (play (move Add (to (sites Empty))
   (then (forEach Site (sites Around (last To))
      (if (not (is Empty (site)))
        (move Step (from (site)) (directions Cell from:(last To) to:(site)) (to if:(is Empty (to)))))))))
 (end (if (no Moves Next) (result Mover Win)))))'''


@pytest.mark.parametrize("first", [35, 9])
def test_a_step_from_a_site_moves_any_players_piece(first):
    s = load(PUSH).initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == first))  # P1 (at 9 it pushes its own piece)
    if first == 35:
        s.apply(next(m for m in s.legal_moves() if m.to == 9))  # P2 pushes P1's piece at 8 west
    assert s.who[7] == 1 and s.who[8] == 0


SLIDE_ENEMY = '''(game "T" (players 2) (equipment {(board (rectangle 1 5)) (piece "Disc" Each)})
 (rules (start {(place "Disc2" 1)})
 (play (move Slide (from (sites Occupied by:Next)) E))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_slide_from_the_opponents_sites_moves_the_opponents_piece():
    s = load(SLIDE_ENEMY).initial_state()
    assert sorted(m.to for m in s.legal_moves()) == [2, 3, 4]

