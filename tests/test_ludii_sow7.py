"""Forms of a third batch of Ludii's held-out mancala (sowing) files (issue 24, session 36, the
probe /work/probe/lud6sow), each on a small position, by Ludii's meaning.

- A ``sow`` in an ``(and ...)`` is worked out, as Ludii's Sow.eval, before any part of the
  ``and`` acts: its captures' conditions are asked of the position the sowing alone leaves, so a
  ``(remember Value ...)`` written before it in the ``and`` (Bechi's "the holes already sown")
  is not yet remembered when the capture condition asks for it.
- ``(trackSite FirstSite ... from:X)`` where X comes to no site (-1) looks from the track's first
  site, as Ludii's TrackSiteFirstTrack (an undefined from is no from)."""

from __future__ import annotations

from interpreter import load
from interpreter.engine.counts import pieces_at

# a 2x2 board: the track goes 0, 1, 3, 2 (P1's row, then P2's right to left), round and round
REMEMBERED = '''(game "T" (players 2)
 (equipment {(mancalaBoard 2 2 store:None (track "Track" "0,E,N,W" loop:True))
  (piece "Seed" Shared) (regions P1 (sites Bottom)) (regions P2 (sites Top))})
 (rules (start (set Count 4 at:0))
  (play (move Select (from (sites Mover) if:(< 0 (count at:(from))))
         (then (and (remember Value "Sown" (last To))
                    (sow if:(is In (to) (values Remembered "Sown")) apply:(remove (to)))))))
  (end (if (no Moves Mover) (result Mover Loss)))))'''


def counts(s, n=4):
    return [pieces_at(s, x) for x in range(n)]


def test_a_sowing_in_an_and_does_not_see_what_the_parts_before_it_remember():
    g = load(REMEMBERED)
    s = g.initial_state()
    assert [str(m) for m in s.legal_moves()] == ["A1"]
    # four seeds from 0: into 1, 3, 2 and back into 0, the last site sown. Ludii asks the
    # capture's condition before the (remember Value "Sown" 0) of this same move is made: 0 is
    # not yet among the remembered sites, nothing is captured
    s.apply("A1")
    assert counts(s) == [1, 1, 1, 1]
    # P2 sows its seed of 2 into 0, remembered by P1's move: captured (the two seeds there)
    s.apply("A2")
    assert counts(s) == [0, 1, 0, 1]


def test_a_sowing_alone_still_captures_as_before():
    # without the and, the remembered sites are those of the moves before (none here)
    g = load(REMEMBERED.replace('(and (remember Value "Sown" (last To))', "(and").replace(
        "(sow if:(is In (to) (values Remembered \"Sown\")) apply:(remove (to)))",
        "(sow if:(= 1 (count at:(to))) apply:(remove (to)))"))
    s = g.initial_state()
    s.apply("A1")
    assert counts(s) == [0, 1, 1, 1]  # the last seed, alone in 0, is removed


FIRST = '''(game "T" (players 2)
 (equipment {(mancalaBoard 2 3 store:None (track "Track" "0,E,N,W" loop:True))
  (piece "Seed" Shared) (regions P1 (sites Bottom)) (regions P2 (sites Top))})
 (rules (start (set Count 1 to:(sites {0 1 2 5})))
  (play (move Select (from (sites {(trackSite FirstSite "Track" from:(- (count Moves) #) if:(is Empty (to)))}))))
  (end (if (no Moves Mover) (result Mover Loss)))))'''


def test_track_first_site_from_no_site_looks_from_the_tracks_first():
    # the track: 0, 1, 2, 5, 4, 3; its first empty site from the start is 4 (B2)
    g = load(FIRST.replace("#", "1"))  # from: -1 on the game's first move
    assert [str(m) for m in g.initial_state().legal_moves()] == ["B2"]
    # from 1 (a site of the track): the first empty site after it is 4 as well; from a site
    # given, the search starts there
    g = load(FIRST.replace("(- (count Moves) #)", "5"))
    assert [str(m) for m in g.initial_state().legal_moves()] == ["B2"]
    g = load(FIRST.replace("(- (count Moves) #)", "3").replace("if:(is Empty (to))", "if:(is Occupied (to))"))
    assert [str(m) for m in g.initial_state().legal_moves()] == ["A1"]  # from 3, round to 0
