"""Forms of a second batch of Ludii's held-out mancala (sowing) files (issue 24, session 35, the
probe /work/probe/lud5sow2), each on a small position, by Ludii's meaning.

``(do M ifAfterwards:C)`` keeps a move when C holds after it. Ludii's Do.movePassesCond applies
the move on a copy and, when the move made its mover the next player (a ``moveAgain``: relay
sowing, a capture that lets the player go on), sets ``Next`` back to the previous player
before it asks C: the grand-slam rule of the Oware-likes ``ifAfterwards:(< 0 (count in:(sites
Next)))`` asks about the opponent's row even after a sowing that goes on. Within a turn of
several moves the previous player is the mover, so Next is the mover there."""

from __future__ import annotations

from interpreter import load
from interpreter.engine.counts import pieces_at

# a 2x2 board: the track goes 0, 1, 3, 2 (P1's row, then P2's right to left), round and round
RELAY = '''(game "T" (players 2)
 (equipment {(mancalaBoard 2 2 store:None (track "Track" "0,E,N,W" loop:True))
  (piece "Seed" Shared) (hand Each) (regions P1 (sites Bottom)) (regions P2 (sites Top))})
 (rules (start {(set Count 1 at:0) (set Count 1 at:2)})
  (play (if (= 0 (count Moves)) (move Pass) (do (move Select
              (from (if (is Prev Mover) (sites {(last To afterConsequence:True)}) (sites Mover))
                    if:(< 0 (count at:(from))))
              (then (sow apply:(if (< 1 (count at:(to))) (moveAgain)))))
            ifAfterwards:(< 0 (count in:(sites Next))))))
  (end (if (no Moves Mover) (result Mover Loss)))))'''


def test_a_relay_sowing_is_judged_on_the_opponents_row():
    # P1 passes; P2 sows its single seed from 2 into 0 (making two: the sowing goes on). Ludii
    # asks the grand-slam condition with Next = P1 (the previous player), whose row holds two
    # seeds: the move is legal (with Next the mover, P2's emptied row would have made it
    # illegal and P2 would pass). On the game's first move Ludii's previous player is no one
    # (State.prev is 0): this is why P1 passes first.
    g = load(RELAY)
    s = g.initial_state()
    s.apply("pass")
    assert [str(m) for m in s.legal_moves()] == ["A2"]
    s.apply(s.legal_moves()[0])
    assert [pieces_at(s, x) for x in range(4)] == [2, 0, 0, 0]
    assert s.mover == 2 and not s.is_over()
    # the sowing goes on from 0: its two seeds go to 1 and 3 and the turn ends
    assert [str(m) for m in s.legal_moves()] == ["A1"]
    s.apply(s.legal_moves()[0])
    assert [pieces_at(s, x) for x in range(4)] == [0, 1, 0, 1]
    assert s.mover == 1


PLACE = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (do (move Add (to (sites Empty))
                    (then (if (is In (last To) (sites Bottom)) (moveAgain))))
                  ifAfterwards:(= 0 (count Pieces Next in:(sites Bottom)))))
  (end (if (no Moves Mover) (result Mover Loss)))))'''


def test_a_move_again_is_judged_with_next_the_previous_player():
    g = load(PLACE)
    s = g.initial_state()
    s.apply("C3")
    s.apply("A3")
    # P1's turn: a placement in the bottom row has P1 move again, and Ludii asks the condition
    # with Next = P2 (the previous player, no piece in the bottom row): every placement is
    # legal (with Next the mover, the bottom ones would not be)
    assert len(s.legal_moves()) == 7
    s.apply("A1")
    assert s.mover == 1
    # within the turn the previous player is P1 itself: a bottom placement (P1 again) leaves
    # Next = P1, who has a piece there; the others hand the turn to P2 (none there)
    assert [str(m) for m in s.legal_moves()] == ["A2", "B2", "C2", "B3"]


def test_the_compiled_tier_judges_a_move_again_as_the_reference_does():
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    g = load(PLACE)
    compiled = native_game(g)
    assert compiled is not None, why_not(g)
    for seed in range(8):
        assert compare_game(g, compiled, seed) is None


def test_an_effect_kept_if_afterwards_is_judged_with_next_the_previous_player():
    # (do (moveAgain) ifAfterwards:(is Next Mover)) in a then: Ludii applies the moveAgain on a
    # copy, finds the mover is the next player and sets Next back to the previous player (P2),
    # so the condition fails and the turn passes
    g = load('''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
     (rules (play (move Add (to (sites Empty)) (then (do (moveAgain) ifAfterwards:(is Next Mover)))))
      (end (if (no Moves Mover) (result Mover Loss)))))''')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.mover == 2


BOARD = '''(mancalaBoard 2 2 store:None (track "Track" "0,E,N,W" loop:True))
  (piece "Seed" Shared) (hand Each) (regions P1 (sites Bottom)) (regions P2 (sites Top))'''


def test_a_last_seed_after_the_skipped_origin_is_seen_at_the_origin():
    # includeSelf:False (Awari, Enindji): four seeds from 0 go to 1, 3, 2, then past 0 to 1.
    # Ludii's Sow.eval moves past the origin without setting (to) again, so the capture sees
    # (to) = the origin (0): the score set there is 10 + 0
    g = load(f'''(game "T" (players 2) (equipment {{{BOARD}}})
     (rules (start {{(set Count 4 at:0) (set Count 1 at:2)}})
      (play (move Select (from (sites Mover) if:(is Occupied (from)))
              (then (sow apply:(set Score Mover (+ 10 (to))) includeSelf:False))))
      (end (if (no Moves Mover) (result Mover Loss)))))''')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert [pieces_at(s, x) for x in range(4)] == [0, 2, 2, 1]
    assert s.result().scores[1] == 10


def test_the_condition_of_a_selected_pit_sees_to_as_the_pit():
    # Adjiboto's (move Select (from (sites Mover) if:(< 1 (count at:(to))))): Ludii's Select
    # sets (to) to the site tried as well as (from), so a pit of one seed is not offered
    g = load(f'''(game "T" (players 2) (equipment {{{BOARD}}})
     (rules (start {{(set Count 1 at:0) (set Count 3 at:1) (set Count 1 at:2)}})
      (play (move Select (from (sites Mover) if:(< 1 (count at:(to)))) (then (sow))))
      (end (if (no Moves Mover) (result Mover Loss)))))''')
    assert [str(m) for m in g.initial_state().legal_moves()] == ["B1"]
