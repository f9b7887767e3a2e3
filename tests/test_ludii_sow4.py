"""Forms the held-out mancala (sowing) files of Ludii's board/sow/ use beyond the sample (issue 24,
session 34, the fourth probe: /work/probe/lud4sow). Each on a small position, by Ludii's meaning."""

from __future__ import annotations

from interpreter import load
from interpreter.engine.counts import pieces_at


def _counts(state, sites):
    return [pieces_at(state, s) for s in sites]


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


# --- (and {(fromTo ...) (sow ... count:N)}): the count is worked out before the fromTo moves -----
# Ludii's And evaluates every part before it applies any: Otep, Mweso, Lobudok, Isolo capture the
# seeds opposite into the hole the sowing started from and sow them, counting them where they were.
CAPTURE_AND_SOW = '''(game "T" (players 2)
 (equipment {(mancalaBoard 2 4 store:None (track "Track" "0,E,N,W" loop:True))
  (piece "Seed" Shared) (regions P1 (sites Bottom)) (regions P2 (sites Top))})
 (rules (start {(set Count 1 to:(sites {0})) (set Count 3 to:(sites {6}))})
  (play (move Select (from (sites Mover) if:(is Occupied (from)))
   (then (sow apply:(if (is In (to) (sites Mover))
    (and {(fromTo (from 6) (to (last From)) count:(count at:6)) (sow (last From) count:(count at:6))}))))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_sowing_after_a_capture_in_an_and_counts_the_seeds_before_they_move():
    g = load(CAPTURE_AND_SOW)
    s = g.initial_state()
    (m,) = s.legal_moves()
    s.apply(m)  # 0 -> 1 (in P1's row): the 3 seeds of 6 go to 0 and are sown on 1, 2, 3
    assert _counts(s, range(8)) == [0, 2, 1, 1, 0, 0, 0, 0]


# --- sowing in a stacking game: each seed is a level, the top one moves ------------------------
# (place Stack "Seed" ... counts:{...}) makes a stacking game (Ludii's PlaceMonotonousStack sets
# GameType.Stacking); Sow's ActionMove then takes the top piece of the start's stack, count
# times, the count being the stack's size (other/Sowing.lud).
STACKED_SOW = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 5) (track "Track" "0,E" directed:True) use:Vertex)
  (piece "Seed" Shared) (regions P1 (sites Board)) (regions P2 (sites Board))})
 (rules (start (place Stack "Seed" (sites {0..4}) counts:{2 1 1 1 1}))
  (play (move Select (from (sites Mover) if:(is Occupied (from))) (then (sow))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_sowing_a_stack_moves_its_pieces_one_by_one():
    from interpreter.engine import stacks
    g = load(STACKED_SOW)
    s = g.initial_state()
    assert [stacks.size(s, x) for x in range(5)] == [2, 1, 1, 1, 1]
    s.apply(next(m for m in s.legal_moves() if m.to == 0))
    assert [stacks.size(s, x) for x in range(5)] == [0, 2, 2, 1, 1]


# --- a seed sown into an empty site keeps the site's local state --------------------------------
# Ludii's Sow gives each ActionMove the state of the site reached (when it differs from the
# start's), so an empty hole marked by (set State ...) stays marked when a seed lands in it
# (Deka: a covered hole of the opponent sends the seeds sown into it to the centre).
STATE_KEPT = '''(game "T" (players 2)
 (equipment {(mancalaBoard 2 3 store:None (track "Track" "0,E,N,W" loop:True))
  (piece "Seed" Shared) (regions P1 (sites Bottom)) (regions P2 (sites Top))})
 (rules (start {(set Count 2 to:(sites {0})) (set State at:2 1)})
  (play (move Select (from (sites Mover) if:(is Occupied (from))) (then (sow))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_seed_sown_into_an_empty_site_keeps_its_local_state():
    g = load(STATE_KEPT)
    s = g.initial_state()
    (m,) = s.legal_moves()
    s.apply(m)  # 0 -> 1, 2: site 2 was empty with state 1
    assert _counts(s, range(6)) == [0, 1, 1, 0, 0, 0]
    assert s.arrays["piece_states"][2] == 1


# --- (is Occupied Cell (handSite Mover)) on a board of vertices asks the hand --------------------
# Ludii's hands are containers of cells whose sites follow the board's: the Cell type with a
# hand's site reads the hand (Azigo sows the seeds its hand holds from the leftmost hole).
HAND_CELL = '''(game "T" (players 2)
 (equipment {(mancalaBoard 2 4 store:None (track "Track" "0,E,N,W" loop:True)) (piece "Seed" Shared)
  (hand Each) (regions P1 (sites Bottom)) (regions P2 (sites Top))})
 (rules (start {(set Count 3 at:(handSite P1)) (set Count 1 to:(sites {5}))})
  (play (or (move Select (from (sites Mover) if:(is Occupied (from))) (then (sow)))
   (if (is Occupied Cell (handSite Mover))
    (move (from (handSite Mover)) (to 0) count:(count Cell at:(handSite Mover))))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_is_occupied_cell_of_a_hand_site_reads_the_hand_on_a_board_of_vertices():
    g = load(HAND_CELL)
    s = g.initial_state()
    (m,) = s.legal_moves()  # P1's row is empty: only the hand can be played
    s.apply(m)
    assert _counts(s, range(8)) == [3, 0, 0, 0, 0, 1, 0, 0]
    assert [x.to for x in s.legal_moves()] == [5]  # P2's hand is empty


# --- (move (from (site)) (to X) count:(count at:(site))) in a forEach Site ------------------------
# Ludii works out a move's count: when it makes the move, inside the loop: Isolo's opening
# gathers each outer hole's seeds into the rightmost one.
GATHER = '''(game "T" (players 2)
 (equipment {(mancalaBoard 2 4 store:None (track "Track" "0,E,N,W" loop:True)) (piece "Seed" Shared)
  (regions P1 (sites Bottom)) (regions P2 (sites Top))})
 (rules (start (set Count 2 to:(sites Board)))
  (play (forEach Site (difference (sites Mover) 3)
   (if (is Occupied (site)) (move (from (site)) (to 3) count:(count at:(site))))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_counted_move_made_in_a_forEach_site_moves_the_count_of_its_site():
    g = load(GATHER)
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.frm == 1))
    assert _counts(s, range(8)) == [2, 0, 2, 4, 2, 2, 2, 2]


# --- (is Next Mover) is true after a moveAgain: Ludii's IsNext reads State.next ------------------
# Mangola's and Isolo's openings change phase with (nextPhase Mover (not (is Next Mover)) ...):
# the phase waits until the turn passes.
NEXT_AFTER_AGAIN = '''(game "T" (players 2)
 (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules phases:{
   (phase "One" (play (move Add (to (sites Empty)) (then (if (= 1 (count Moves)) (moveAgain)))))
    (nextPhase Mover (not (is Next Mover)) "Two"))
   (phase "Two" (play (move Add (to (sites Empty)))))}
  (end (if (is Full) (result Mover Draw)))))'''


def test_is_next_mover_holds_after_a_move_again():
    g = load(NEXT_AFTER_AGAIN)
    s = g.initial_state()
    s.apply(s.legal_moves()[0])  # P1 moves again: the phase stays
    assert (s.mover, s.phase) == (1, 0)
    s.apply(s.legal_moves()[0])  # the turn passes: P1 goes on to phase Two
    assert s.mover == 2


# --- (value) while sowing: the seeds left to drop ---------------------------------------------
# Ludii's Sow sets the context's value to the number of seeds still to sow before each drop
# (count - index), so skipIf: may read it: here the last seed skips site 2.
VALUE_WHILE_SOWING = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 6) (track "Track" "0,E" directed:True) use:Vertex)
  (piece "Seed" Shared) (regions P1 (sites Board)) (regions P2 (sites Board))})
 (rules (start (set Count 2 to:(sites {0})))
  (play (move Select (from (sites Mover) if:(is Occupied (from)))
   (then (sow skipIf:(and (= (to) 2) (= (value) 1))))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_value_while_sowing_is_the_number_of_seeds_left():
    g = load(VALUE_WHILE_SOWING)
    s = g.initial_state()
    (m,) = s.legal_moves()
    s.apply(m)  # the first seed lands on 1 (2 left), the second would land on 2 with 1 left: skipped
    assert _counts(s, range(6)) == [0, 1, 0, 1, 0, 0]
