"""Forms Ludii's production files of the families board/space, board/sow, board/hunt, math and
puzzle use beyond the sample (issue 24, the second held-out probe). Each on a small position,
by its meaning in Ludii."""

from __future__ import annotations

from interpreter import load

# --- a player's region made of another region declared before it ------------------------------
# Ludii evaluates each region in the game's context, so (sites P1 "Inner") may build another
# region of the equipment ((regions "Outer" P1 (difference ... (sites P1 "Inner")))).
REGIONS_OF_REGIONS = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)
 (regions "Home" P1 (union (sites Bottom) (sites Row 1)))
 (regions "Home" P2 (sites Top))
 (regions "Inner" P1 (difference (sites P1 "Home") (sites Bottom)))
 (regions "Outer" P1 (difference (sites P1 "Home") (sites P1 "Inner")))
 (regions "Mine" P2 (intersection (sites P2) (sites Left)))})
 (rules (play (move Add (to (sites P1 "Outer")))) (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_region_may_be_made_of_a_players_region_declared_before():
    g = load(REGIONS_OF_REGIONS)
    assert g.owned_regions[(1, "Inner")] == (3, 4, 5)
    assert g.owned_regions[(1, "Outer")] == (0, 1, 2)
    # (sites P2): every region of P2's declared before, here its "Home" (the top row)
    assert g.owned_regions[(2, "Mine")] == (6,)
    assert sorted(m.to for m in g.initial_state().legal_moves()) == [0, 1, 2]
