"""Forms the held-out two-row mancala files of Ludii's board/sow/two_rows/ use beyond the sample
(issue 24, session 37, probe lud7sowA: Andada .. Jimafesosh). Each on a small position, by
Ludii's meaning."""

from __future__ import annotations

from interpreter import load
from interpreter.engine.counts import pieces_at


def _counts(state, sites):
    return [pieces_at(state, s) for s in sites]


# --- (move (from Cell (handSite Mover)) ... count:N) on a board of vertices ----------------------
# A hand's site has no kind: Ludii finds a site past the board's in its container, whatever type
# the from names. Iyogh sows its captured seeds from the hand this way on a mancalaBoard (vertices).
def _from_hand(kind: str) -> str:
    return f'''(game "T" (players 2)
 (equipment {{(mancalaBoard 2 3 store:None (track "Track" "0,E,N,W" loop:True))
  (piece "Seed" Shared) (hand Each) (regions P1 (sites Bottom)) (regions P2 (sites Top))}})
 (rules (start {{(set Count 1 to:(sites {{3 4 5}})) (set Count 3 at:(handSite P1))}})
  (play (or
   (forEach Value min:1 max:(count Cell at:(handSite Mover))
    (move (from {kind}(handSite Mover)) (to 0) count:(value)))
   (move Select (from (sites Mover) if:(is Occupied (from))) (then (sow)))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_move_from_a_hand_named_as_a_cell_on_a_board_of_vertices_is_the_hands():
    for kind in ("Cell ", ""):
        g = load(_from_hand(kind))
        s = g.initial_state()
        moves = s.legal_moves()
        assert len(moves) == 3  # one move per count: 1, 2 or 3 seeds (the board row is empty)
        hand = g.initial_state()
        by_count = {}
        for m in moves:
            t = hand.clone()
            t.apply(m)
            by_count[pieces_at(t, 0)] = _counts(t, range(6))
        assert sorted(by_count) == [1, 2, 3]
        assert by_count[2] == [2, 0, 0, 1, 1, 1]


def test_a_hand_named_as_a_cell_and_as_the_boards_kind_give_the_same_game():
    a, b = load(_from_hand("Cell ")).initial_state(), load(_from_hand("")).initial_state()
    assert [str(m) for m in a.legal_moves()] == [str(m) for m in b.legal_moves()]


# --- numPerHole: with sowEffect: and backtracking: (Buqruru) ------------------------------------
# Ludii's Sow lists the whole sowing first: the sowEffect: sees each hole as it was before the
# sowing (a top hole of 6 is even: its 6 go to the hand before the 2 seeds land); then, on the
# position the sowing left, the capture goes back from the last hole while if: holds and stops at
# the hole the sowing started from.
PAIRS = '''(game "T" (players 2)
 (equipment {(mancalaBoard 2 4 store:None (track "Track" "0,E,N,W" loop:True))
  (piece "Seed" Shared) (hand Each) (regions P1 (sites Bottom)) (regions P2 (sites Top))})
 (rules (start (set Count 6 to:(sites Track)))
  (play (move Select (from 1)
   (then (sow numPerHole:2
    sowEffect:(if (and (is In (to) (sites Next)) (is Even (count at:(to))))
     (fromTo (from (to)) (to (handSite Mover)) count:(count at:(to))))
    apply:(if (is Even (count at:(to))) (fromTo (from (to)) (to (handSite Mover)) count:(count at:(to))))
    backtracking:True))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_pairs_sown_with_a_sow_effect_judged_before_the_sowing_and_a_capture_going_back():
    g = load(PAIRS)
    s = g.initial_state()
    (m,) = s.legal_moves()
    s.apply(m)  # 2 each on 2, 3, 7 (7's 6 taken first); 7 (2), 3 (8), 2 (8) captured; 1 is the start
    assert _counts(s, range(8)) == [6, 0, 0, 0, 6, 6, 6, 0]
    assert pieces_at(s, 8) == 24
