"""Forms Ludii's production files of math/, puzzle/, experimental/ and the other top-level
folders use beyond the sample (issue 24, the third held-out probe, misc part). Each on a small
position, by its meaning in Ludii."""

from __future__ import annotations

from interpreter import load

# --- Ludii's class name of an aliased ludeme: (pow a b) is (^ a b) ------------------------------
# Ludii's compiler finds a call by its class name first (Pow), then by its alias (^): Omega's
# end rule compares (pow (count Players) 2) with the empty sites.
POW_BY_CLASS_NAME = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty))))
 (end (if (and (> (pow (count Players) 2) (count Sites in:(sites Empty))) (le 1 (mod 7 3)))
  (result Mover Win)))))'''


def _play(game, n):
    s = game.initial_state()
    for _ in range(n):
        s.apply(s.legal_moves()[0])
    return s


def test_pow_and_other_class_names_mean_their_alias():
    g = load(POW_BY_CLASS_NAME)
    # 2^2 = 4 > empty sites once 6 of 9 are filled (3 empty)
    assert not _play(g, 5).is_over()
    assert _play(g, 6).is_over()
