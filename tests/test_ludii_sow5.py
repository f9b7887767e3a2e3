"""Forms the held-out mancala (sowing) files of Ludii's board/sow/ use beyond the sample (issue 24,
session 35, the fifth probe: /work/probe/lud5sow). Each on a small position, by Ludii's meaning.

Ludii's Sow.eval lists the whole sowing before any of it is applied: the sites ``skipIf:`` skips,
the seeds ``numPerHole:`` drops and the actions of ``sowEffect:`` are all worked out in the position
before the sowing (Selus skips the opponent's holes holding three; a lap does not make a hole it
filled skipped), then applied in order."""

from __future__ import annotations

from interpreter import load
from interpreter.engine.counts import pieces_at

# a 2x2 board: the track goes 0, 1, 3, 2 (P1's row, then P2's right to left), round and round
BOARD = '''(mancalaBoard 2 2 store:None (track "Track" "0,E,N,W" loop:True))
  (piece "Seed" Shared) (hand Each) (regions P1 (sites Bottom)) (regions P2 (sites Top))'''


def _game(start: str, sow: str):
    return load(f'''(game "T" (players 2) (equipment {{{BOARD}}})
 (rules (start {{{start}}})
  (play (move Select (from (sites Mover) if:(is Occupied (from))) (then {sow})))
  (end (if (no Moves Next) (result Mover Win)))))''')


def _sow_from(g, site: int, n: int = 5):
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == site))
    return [pieces_at(s, x) for x in range(n)]


# --- skipIf: is asked of the position before the sowing -------------------------------------------
# Selus: (sow skipIf:(and (= 3 (count at:(to))) (is In (to) (sites Next)))). Nine seeds from 0 go
# round twice: hole 3 (three seeds) is skipped each time; hole 2 held two before the sowing, so it
# is not skipped on the second lap although the first lap made it three.
def test_skipif_is_asked_of_the_position_before_the_sowing():
    g = _game('(set Count 9 at:0) (set Count 2 at:2) (set Count 3 at:3)',
              '(sow skipIf:(and (= 3 (count at:(to))) (is In (to) (sites Next))))')
    # seeds to 1, 2, 0, 1, 2, 0, 1, 2, 0 (the start keeps the three sown into it)
    assert _sow_from(g, 0, 4) == [3, 3, 5, 3]


def test_skipif_of_holes_that_never_change_skips_them_every_lap():
    g = _game('(set Count 7 at:0)', '(sow skipIf:(is In (to) (sites {3})))')
    # seeds to 1, 2, 0, 1, 2, 0, 1: hole 3 never gets one
    assert _sow_from(g, 0, 4) == [2, 3, 2, 0]


# --- sowEffect: is worked out in the position before the sowing ---------------------------------
# Ludii evaluates the sowEffect: of each hole on the position before the sowing and applies its
# actions just before the seed: six seeds from 0 go round one and a half times; holes 1 and 3 are
# empty before the sowing, so the effect (take a single seed away) never happens, even when the
# second lap reaches them holding one.
def test_soweffect_is_worked_out_in_the_position_before_the_sowing():
    g = _game('(set Count 6 at:0)',
              '(sow sowEffect:(if (= 1 (count at:(to))) (fromTo (from (to)) (to (handSite Mover)) count:1)))')
    assert _sow_from(g, 0, 5) == [1, 2, 1, 2, 0]  # site 4: P1's hand, nothing taken


def test_soweffect_applies_before_its_seed():
    # the hole held one seed before the sowing: the effect takes it, then the seed is dropped
    g = _game('(set Count 2 at:0) (set Count 1 at:1)',
              '(sow sowEffect:(if (= 1 (count at:(to))) (fromTo (from (to)) (to (handSite Mover)) count:1)))')
    assert _sow_from(g, 0, 5) == [0, 1, 0, 1, 1]


# --- a skipIf: that skips every hole ------------------------------------------------------------
# Ludii's Sow skips at most Constants.MAX_NUM_ITERATION (10000) holes in a row, then sows the next
# one: on a track of four holes, 10000 skips come back where they began, so each seed goes into
# the hole after the last one sown.
def test_a_skipif_skipping_every_hole_sows_after_ludiis_limit_of_skips():
    g = _game('(set Count 2 at:0)', '(sow skipIf:(!= (to) 7))')
    assert _sow_from(g, 0, 4) == [0, 1, 0, 1]


# --- every capture is worked out in the position the sowing left ----------------------------------
# Ludii's Sow evaluates apply: at each site of the capture on the copy the sowing left and appends
# the actions to the move: an (if ...) in apply: chooses its branch there, before any capture is
# made. Three seeds from 1 end in 4 (two seeds) and backtrack to 5 (two seeds): the hand is empty
# in that position, so both holes are taken although the first capture fills the hand to two.
def test_every_capture_is_worked_out_before_any_is_made():
    g = load(f'''(game "T" (players 2) (equipment {{{BOARD.replace("2 2", "2 3")}}})
 (rules (start {{(set Count 3 at:1) (set Count 1 at:4) (set Count 1 at:5)}})
  (play (move Select (from (sites Mover) if:(is Occupied (from)))
   (then (sow if:(and (is In (to) (sites Next)) (= (count at:(to)) 2))
     apply:(if (> 2 (count Cell at:(handSite Mover))) (fromTo (from (to)) (to (handSite Mover)) count:(count at:(to))))
     backtracking:True))))
  (end (if (no Moves Next) (result Mover Win)))))''')
    # the track goes 0, 1, 2, 5, 4, 3; site 6 is P1's hand
    assert _sow_from(g, 1, 7) == [0, 0, 1, 0, 0, 0, 4]
