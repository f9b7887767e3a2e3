"""Forms Ludii's production files of the family board/war use beyond the sample (issue 24, the
held-out probe lud4war). Each on a small position, by its meaning in Ludii."""

from __future__ import annotations

from interpreter import load

# --- (do <effect> ifAfterwards:...) as a consequence (A K'aak'il's throws) ---------------------------
# Ludii's Do lists the effect's one move, tries it on a copy and keeps it only when the condition
# holds there; in a then, the kept move is applied. Here a value is remembered only while fewer
# than two are remembered: the third move remembers nothing.
DO_EFFECT = '''(game "T" (players 1) (equipment {(board (square 4)) (piece "A" P1)})
 (rules (play (move Add (to (sites Empty))
   (then (do (remember Value (last To)) ifAfterwards:(<= (size Array (values Remembered)) 2)))))
 (end (if (is Full) (result Mover Win)))))'''


def test_do_an_effect_if_afterwards_in_a_then_keeps_it_only_when_the_condition_holds():
    g = load(DO_EFFECT)
    s = g.initial_state()
    for site in (0, 5, 9):
        m = next(m for m in s.legal_moves() if m.to == site)
        s.apply(m)
    assert s.arrays["remembered"][0] == (0, 5)  # the third value was tried, and taken back
