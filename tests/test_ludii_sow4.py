"""Forms the held-out mancala (sowing) files of Ludii's board/sow/ use beyond the sample (issue 24,
session 34, the fourth probe: /work/probe/lud4sow). Each on a small position, by Ludii's meaning."""

from __future__ import annotations

from interpreter import load


def _counts(state, sites):
    return [state.count_at(s) for s in sites]


# --- a label on an element of {...} is ignored ---------------------------------------------------
# Ludii's ArgArray compiles each element against the element type without looking at its label:
# Choro (Acholi) writes (and { if:(...) (is In ...) ... }).
LABEL_IN_ARRAY = '''(game "T" (players 2) (equipment {(board (square 2)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty) if:(and { if:(is Empty (to)) (!= (to) 0) }))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_label_on_an_array_element_is_ignored_as_ludii_does():
    g = load(LABEL_IN_ARRAY)
    s = g.initial_state()
    assert sorted(m.to for m in s.legal_moves()) == [1, 2, 3]
