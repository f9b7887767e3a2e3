"""The first effect of ``(do PRIOR next:MOVES)`` as Ludii works it out, and the record behind
``(last To afterConsequence:True)``.

Ludii's Do (``Core/src/game/rules/play/moves/nonDecision/effect/requirement/Do.java``) applies
the prior moves to a copy of the position while it LISTS the moves of ``next:``, and prepends
their actions, already resolved, to each move: the prior is evaluated while the previous move is
still the last one. ``(last To afterConsequence:True)`` is the last move's
``toAfterSubsequents``: the ``to`` of its last action (the decision's own site when its
consequences put nothing anywhere), so it reads the previous move until the next move's own
action is made, whatever the ply."""

from __future__ import annotations

from interpreter import load
from interpreter.native.api import why_not

# P1 sows, moves again, then its do-prior takes the pit where the sowing ended into its hand
TAKE = """(game "Take" (players 2)
 (equipment {(mancalaBoard 2 4 store:None (track "Track" "0,E,N,W" loop:True))
   (piece "Seed" Shared) (hand Each) (regions P1 (sites Bottom)) (regions P2 (sites Top))})
 (rules (start (set Count 2 to:(sites Track)))
   (play (if (= 0 (count MovesThisTurn))
     (move Select (from (sites Mover) if:(< 0 (count at:(from)))) (then (and (sow) (moveAgain))))
     (do (fromTo (from (last To afterConsequence:True)) (to (handSite Mover))
                 count:(count at:(last To afterConsequence:True)))
         next:(move Pass))))
   (end (if (no Moves Next) (result Mover Win)))))"""


def test_a_do_prior_reads_where_the_previous_move_ended_its_sowing():
    state = load(TAKE).initial_state()
    state.apply("A1")  # A1's 2 seeds go to B1 and C1: the sowing ends in C1 (site 2)
    assert state.arrays["count"][:8] == [0, 3, 3, 2, 2, 2, 2, 2]
    assert state.mover == 1 and [m.text for m in state.legal_moves()] == ["pass"]
    state.apply("pass")  # its prior, worked out as listed: C1's 3 seeds into P1's hand (site 8)
    assert state.arrays["count"] == [0, 3, 0, 2, 2, 2, 2, 2, 3, 0]
    assert state.mover == 2
    state.undo()
    assert state.arrays["count"][:8] == [0, 3, 3, 2, 2, 2, 2, 2]


def test_the_record_belongs_to_the_last_move_only():
    """The pass's own decision comes after its prior's actions: once it is the last move,
    nothing its consequences did is recorded (the record is cleared, the ply kept only as a
    note), and the lookup falls back to the move's own site."""
    state = load(TAKE).initial_state()
    state.apply("A1")
    assert state.arrays["effect_to"] == [1, 2, 0]  # noted at ply 1: to C1, from A1
    state.apply("pass")
    assert state.arrays["effect_to"][0] == -1


PLACE = """(game "Place" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty))))
   (end (if (= (last To afterConsequence:True) 0) (result Mover Win)))))"""


def test_a_placement_is_its_own_last_site_after_consequences():
    state = load(PLACE).initial_state()
    state.apply("B1")
    assert not state.over
    state.apply("A1")  # nothing recorded: the move's own site, A1 (site 0)
    assert state.over and list(state.result().winners) == [2]


def test_the_compiled_tier_leaves_the_lookup_to_the_reference_engine():
    assert why_not(load(PLACE)) == "(last To afterConsequence:True)"
