"""Forms of Ludii's line games (board/space/line) met in a third batch of them (issue 24, session
37): Kassle's shifts of a row (an ``and`` of two ``forEach Site`` effects) and its ko rule (sums of
two sites left pending). Each on a small position, by its meaning in Ludii's Java."""

from __future__ import annotations

import random

from interpreter import load


def _board(state, n: int) -> list[int]:
    return [state.what[x] for x in range(n)]


# --- (and (forEach Site ...) (forEach Site ...)) as an effect --------------------------------------
# Ludii's And (as moves) evaluates the moves of every part on the same position, then applies them
# all: a forEach Site among its parts makes its moves (and reads (what at:(site))) before the parts
# before it act. Kassle shifts a row so: every piece of the row is removed, and each is added back
# one site further on, read before the removal.
SHIFT = '''(game "T" (players 2) (equipment {(board (rectangle 1 4)) (piece "Disc" Each)})
 (rules (start {(place "Disc1" 0) (place "Disc2" 1)})
 (play (move Add (to (sites {3}))
   (then (and {
      (forEach Site (sites {0 1 2}) (remove (site)))
      (forEach Site (sites {0 1 2})
         (if (is Occupied (site)) (add (piece (what at:(site))) (to (ahead (site) E)))))
   }))))
 (end (if (is Full) (result Mover Win)))))'''


def test_for_each_site_parts_of_an_and_are_worked_out_before_any_part_acts():
    s = load(SHIFT).initial_state()
    assert _board(s, 4) == [1, 2, 0, 0]
    s.apply(s.legal_moves()[0])
    # each piece read before the row was emptied: P1's piece now at 1, P2's at 2
    assert _board(s, 4) == [0, 1, 2, 1]


def test_a_for_each_site_on_its_own_still_acts_site_by_site():
    # without an and around it, each site's removal happens in turn as before
    src = '''(game "T" (players 2) (equipment {(board (rectangle 1 4)) (piece "Disc" Each)})
     (rules (start {(place "Disc1" 0) (place "Disc2" 1)})
     (play (move Add (to (sites {3})) (then (forEach Site (sites {0 1}) (remove (site))))))
     (end (if (is Full) (result Mover Win)))))'''
    s = load(src).initial_state()
    s.apply(s.legal_moves()[0])
    assert _board(s, 4) == [0, 0, 0, 1]


# --- (sites Pending) of numbers off the board ------------------------------------------------------
# Ludii's pending values are a set of any numbers (State.pendingValues) and (sites Pending) is the
# region of all of them; (is In n R) asks whether R contains the number n as it is. Kassle leaves
# pending the sum of the two sites of a shift (its ko rule): a sum past the board's last site is
# still found.
KO = '''(game "T" (players 2) (equipment {(board (square 5)) (piece "Disc" Each)})
 (rules
  (play (move Select (from (sites {0 1}))
     (to (sites {24}) if:(not (is In (+ (from) (to)) (sites Pending))))
     (then (and (set Pending 25) (set Pending 26)))))
  (end (if (is Full) (result Mover Win)))))'''


def test_sites_pending_holds_every_value_left_pending_on_or_off_the_board():
    s = load(KO).initial_state()
    assert sorted(m.text for m in s.legal_moves()) == ["A1-E5", "B1-E5"]
    s.apply(s.legal_moves()[0])
    # 25 (= 1 + 24) and 26 are pending: B1-E5 is barred, A1-E5 (24) is not
    assert sorted(m.text for m in s.legal_moves()) == ["A1-E5"]


def test_pending_values_last_one_move():
    s = load(KO).initial_state()
    rng = random.Random(5)
    for _ in range(4):
        legal = s.legal_moves()
        assert [m.text for m in legal] == ["A1-E5"] or s.ply == 0
        s.apply(rng.choice(legal))

