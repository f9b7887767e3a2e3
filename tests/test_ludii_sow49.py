"""Forms the held-out four-row mancala files of Ludii's board/sow/four_rows/ use beyond the sample
(issue 24, session 37, probe lud7sow4: Kisolo, Mwendo, Nsolo, Tsoro ...). Each on a small
position, by Ludii's meaning."""

from __future__ import annotations

from interpreter import load
from interpreter.engine.counts import pieces_at


def _counts(state, sites):
    return [pieces_at(state, s) for s in sites]


# --- numPerHole: that depends on the hole (Mwendo: two seeds into an empty hole, else one) -------
# Ludii's Sow lists the whole sowing before applying it: numPerHole: is asked of each hole as it
# was before the sowing, so a hole a lap comes back to is still empty and gets two again, and the
# starting hole is still full (one seed).
def _per_hole(seeds: int) -> str:
    return f'''(game "T" (players 2)
 (equipment {{(mancalaBoard 2 3 store:None (track "Track" "0,E" loop:True))
  (piece "Seed" Shared) (regions P1 (sites Bottom)) (regions P2 (sites Bottom))}})
 (rules (start (set Count {seeds} at:0))
  (play (move Select (from (sites Mover) if:(is Occupied (from)))
   (then (sow numPerHole:(if (is Empty (to)) 2 1)))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_numperhole_of_each_hole_is_asked_of_the_position_before_the_sowing():
    s = load(_per_hole(3)).initial_state()
    [move] = s.legal_moves()
    s.apply(move)
    assert _counts(s, range(3)) == [0, 2, 1]  # 2 into empty hole 1, the last seed into hole 2


def test_numperhole_on_a_second_lap_still_sees_the_holes_as_they_were():
    s = load(_per_hole(7)).initial_state()
    [move] = s.legal_moves()
    s.apply(move)
    # hole 1: 2 (empty), hole 2: 2 (empty), hole 0: 1 (it held the seeds), hole 1 again: 2 (was empty)
    assert _counts(s, range(3)) == [1, 4, 2]


# --- an unnamed (var) counting extra removals (Tsoro (Additional Capture)) -----------------------
# The capture sets the state's temp value to N; while it is positive the mover removes a seed of
# the opponent's, moving again while more than one removal is left and counting down each time.
EXTRA = '''(game "T" (players 2)
 (equipment {(mancalaBoard 2 3 store:None (track "Track" "0,E,N,W" loop:True))
  (piece "Seed" Shared) (regions P1 (sites Bottom)) (regions P2 (sites Top))})
 (rules (start (set Count 1 to:(sites Board)))
  (play (if (< 0 (var))
   (move Remove (forEach (sites Next) if:(< 0 (count at:(site))))
    (then (and (if (< 1 (var)) (moveAgain)) (set Var (- (var) 1)))))
   (move Select (from (sites Mover) if:(is Occupied (from)))
    (then (and (set Var 2) (moveAgain))))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_an_unnamed_var_counts_down_the_extra_removals_of_a_turn():
    s = load(EXTRA).initial_state()
    s.apply(s.legal_moves()[0])  # P1 selects: two removals to come
    assert s.mover == 1
    first = s.legal_moves()
    assert len(first) == 3 and all(str(m).startswith("x") for m in first)
    s.apply(first[0])
    assert s.mover == 1  # one more removal (var was 2)
    second = s.legal_moves()
    assert len(second) == 2
    s.apply(second[0])
    assert s.mover == 2  # the count is spent: P2 sows
    assert all(not str(m).startswith("x") for m in s.legal_moves())
    assert sum(_counts(s, range(3, 6))) == 1


# --- (place "Seed" <region> counts:{N} state:S) (Musoro Tsoro's musoro holes) ---------------------
# Ludii's PlaceItem gives each site of the region both the count and the local state; a relay
# sowing that ends in a hole with a state may then stop (a pass), and a hole sown out loses its
# state (Ludii's removal of the last seed clears the site).
MUSORO = '''(game "T" (players 2)
 (equipment {(mancalaBoard 2 3 store:None (track "Track" "0,E,N,W" loop:True))
  (piece "Seed" Shared) (regions P1 (sites Bottom)) (regions P2 (sites Top))})
 (rules (start {(place "Seed" (sites {2}) counts:{3} state:1)
   (set Count 1 to:(sites {0 1 3}))})
  (play (or
   (if (and (!= 0 (state at:(last To afterConsequence:True))) (is Mover Prev)) (move Pass))
   (move Select (from (if (is Mover Prev) (sites {(last To afterConsequence:True)}) (sites Mover)) if:(is Occupied (from)))
    (then (sow apply:(if (< 1 (count at:(to))) (moveAgain)))))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_place_with_counts_gives_each_site_its_state_too():
    s = load(MUSORO).initial_state()
    assert _counts(s, range(6)) == [1, 1, 3, 1, 0, 0]
    assert s.arrays["piece_states"][2] == 1
    assert not any(v for i, v in enumerate(s.arrays["piece_states"]) if i != 2)


def test_a_relay_ending_in_a_hole_with_a_state_may_stop_there():
    s = load(MUSORO).initial_state()
    [one] = [m for m in s.legal_moves() if str(m) == "B1"]
    s.apply(one)  # B1's seed ends in C1 (3 seeds, state 1): sow on, or pass
    assert s.mover == 1
    assert sorted(str(m) for m in s.legal_moves()) == ["C1", "pass"]
    s.apply([m for m in s.legal_moves() if str(m) == "C1"][0])
    assert s.arrays["piece_states"][2] == 0  # sown out: the hole lost its state
