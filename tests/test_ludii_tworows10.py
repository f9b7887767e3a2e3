"""Forms the held-out two-row mancala files of Ludii's board/sow/two_rows/ use after "Ovalhu"
(issue 24, session 38, probe lud8tworows: Oware .. Yovodji). Each on a small position, by
Ludii's meaning."""

from __future__ import annotations

from interpreter import load
from interpreter.engine.counts import pieces_at


def _counts(state, sites):
    return [pieces_at(state, s) for s in sites]


def _apply(state, text):
    move = [m for m in state.legal_moves() if str(m) == text]
    assert len(move) == 1, [str(m) for m in state.legal_moves()]
    state.apply(move[0])


# --- count: of (move (from) (to) count:) is read when the move is made, (to) the enclosing one ----
# Ludii's FromTo works out count: before it goes through the to sites, with (from) the site the
# pieces leave and (to) still the enclosing rule's. Um el Banat captures from a marked hole with
# (move (from (to)) (to (handSite Mover)) count:(min 2 (count at:(to)))) as a sowing's apply: the
# (to) there is the hole the sowing ended in, not the hand the seeds go to.
def _capture(effect: str) -> str:
    return f'''(game "T" (players 2)
 (equipment {{(mancalaBoard 2 3 store:None (track "Track" "0,E,N,W" loop:True))
  (piece "Seed" Shared) (hand Each) (regions P1 (sites Bottom)) (regions P2 (sites Top))}})
 (rules (start {{(set Count 1 to:(sites {{0}})) (set Count 4 to:(sites {{1}})) (set Count 3 to:(sites {{2 3 4 5}}))}})
  (play (move Select (from (sites Mover) if:(is Occupied (from))) (then (sow apply:{effect}))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_move_in_a_sowings_apply_counts_the_hole_the_sowing_ended_in():
    g = load(_capture("(move (from (to)) (to (handSite Mover)) count:(min 2 (count at:(to))))"))
    s = g.initial_state()
    _apply(s, "A1")  # the seed of A1 ends in B1 (5 seeds): 2 of them go to P1's hand
    assert _counts(s, range(6)) == [0, 3, 3, 3, 3, 3]
    assert pieces_at(s, 6) == 2 and pieces_at(s, 7) == 0


def test_the_move_and_the_fromto_of_the_same_capture_agree():
    results = []
    for head in ("move", "fromTo"):
        g = load(_capture(f"({head} (from (to)) (to (handSite Mover)) count:(count at:(to)))"))
        s = g.initial_state()
        _apply(s, "A1")
        results.append(_counts(s, range(8)))
    assert results[0] == results[1] == [0, 0, 3, 3, 3, 3, 5, 0]


# A store that already holds seeds: the count is the captured hole's (3), not the store's (5).
# Ludii's ActionMoveN gives the target the count asked for, so reading the store would put 5 there.
STORE = '''(game "T" (players 2)
 (equipment {(mancalaBoard 2 3 (track "Track" "1,E,N,W" loop:True))
  (piece "Seed" Shared) (regions P1 (sites Bottom)) (regions P2 (sites Top))
  (map {(pair P1 FirstSite) (pair P2 LastSite)})})
 (rules (start {(set Count 5 at:0) (set Count 1 to:(sites {1})) (set Count 2 to:(sites {2 3 4 5 6}))})
  (play (move Select (from (sites Mover) if:(is Occupied (from)))
   (then (sow apply:(if (is In (to) (sites Next))
     (move (from (to)) (to (mapEntry Mover)) count:(count at:(to))))))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_capture_into_a_store_holding_seeds_takes_the_holes_seeds():
    g = load(STORE)
    s = g.initial_state()
    assert pieces_at(s, 0) == 5
    _apply(s, "C1")  # site 2: its 2 seeds go to 3 and 6 (the top row's right end), which holds 3
    assert _counts(s, range(8)) == [8, 1, 0, 3, 2, 2, 0, 0]


# A counted move made as another's consequence carries its own count, not the enclosing one's.
NESTED = '''(game "T" (players 2)
 (equipment {(mancalaBoard 2 3 store:None (track "Track" "0,E,N,W" loop:True))
  (piece "Seed" Shared) (regions P1 (sites Bottom)) (regions P2 (sites Top))})
 (rules (start (set Count 3 to:(sites Track)))
  (play (move (from 0) (to 1) count:2 (then (move (from 3) (to 4) count:1))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_counted_move_as_a_consequence_moves_its_own_count():
    s = load(NESTED).initial_state()
    assert [str(m) for m in s.legal_moves()] == ["A1-B1"]
    _apply(s, "A1-B1")
    assert _counts(s, range(6)) == [1, 5, 3, 2, 4, 3]


def test_count_of_a_decision_is_read_with_from_the_site_the_pieces_leave():
    g = load('''(game "T" (players 2)
 (equipment {(mancalaBoard 2 3 store:None (track "Track" "0,E,N,W" loop:True))
  (piece "Seed" Shared) (regions P1 (sites Bottom)) (regions P2 (sites Top))})
 (rules (start {(set Count 3 to:(sites {0})) (set Count 1 to:(sites {1 2 3 4 5}))})
  (play (move (from (sites Mover) if:(is Occupied (from))) (to 5) count:(count at:(from))))
  (end (if (no Moves Next) (result Mover Win)))))''')
    s = g.initial_state()
    _apply(s, "A1-C2")
    assert _counts(s, range(6)) == [0, 1, 1, 1, 1, 4]
