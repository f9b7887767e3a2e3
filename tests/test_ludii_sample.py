"""Sample files that did not load or agree with Ludii (issue 24): the general meanings they
needed, each on a small position whose answer follows from Ludii's classes."""

from __future__ import annotations

from interpreter import load

PIT = '(board (square 3)) (piece "Seed" Shared)'


def game(rules: str, equipment: str = PIT, players: int = 2):
    return load(f'(game "T" (players {players}) (equipment {{{equipment}}}) (rules {rules}))')


# --- removal from a site counting several pieces (Spreta) ----------------------------------------
def test_move_remove_with_count_empties_a_pit_as_ludiis_flat_site():
    # Ludii's Remove makes `count` ActionRemoves; on a flat (non-stacking) site the first one
    # empties it (ContainerFlatState.remove sets count 0), whatever the count asked
    g = game('(start (set Count 5 to:(sites {0 4}))) (play (move Remove (sites Occupied by:Shared) count:2))')
    s = g.initial_state()
    assert sorted(m.text for m in s.legal_moves()) == ["xA1", "xB2"]
    s.apply(next(m for m in s.legal_moves() if m.text == "xA1"))
    assert s.what[0] == 0 and s.arrays["count"][0] == 0 and s.arrays["count"][4] == 5


def test_remove_effect_with_count_empties_a_pit():
    g = game('(start (set Count 5 to:(sites {0 4}))) (play (move Select (from (sites Occupied by:Shared)) '
             '(then (remove (last From) count:1))))')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.what[0] == 0 and s.arrays["count"][0] == 0 and s.arrays["count"][4] == 5
