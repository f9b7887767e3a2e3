"""Forms of Ludii's line and connection games (board/space/line, board/space/connection) met in a
second batch of them (issue 24, session 36): Bide's shock waves and bide move, Pippinzip's file.
Each on a small position, by its meaning in Ludii's Java."""

from __future__ import annotations

import pytest

from interpreter import load
from interpreter.errors import LudSyntaxError


def _board(state, n: int) -> list[int]:
    return [state.what[x] for x in range(n)]


# --- (forEach Site R (if C E1 E2)) as an effect ----------------------------------------------------
# Ludii's ForEachSite generates the moves of every site on the position before any of them is
# applied (then applies them in order, each followed by the then): a branch is chosen, and what a
# site's effect reads ((who at:(site)) of (add (piece ...))) is read, before any piece moves. Bide
# pushes a row of stones one site outward so: each stone is put one site further on, then the
# first site is emptied.
PUSH = '''(game "T" (players 2) (equipment {(board (rectangle 1 6)) (piece "Disc" Each)})
 (rules (start {(place "Disc2" 1) (place "Disc1" 2)})
 (play (move Add (to (sites {0}))
   (then (forEach Site (sites {1 2 3})
      (if (is Empty (site))
          (remove (ahead (site) E))
          (add (piece (who at:(site))) (to (ahead (site) E) (apply (remove (to))))))
      (then (remove 1))))))
 (end (if (is Full) (result Mover Win)))))'''


def test_for_each_site_generates_every_sites_effect_before_any_acts():
    s = load(PUSH).initial_state()
    assert _board(s, 6) == [0, 2, 1, 0, 0, 0]
    s.apply(s.legal_moves()[0])
    # read first: P2's stone goes to 2, P1's to 3 (not P2's twice), site 3 was empty: nothing at 4
    assert _board(s, 6) == [1, 0, 2, 1, 0, 0]


def test_for_each_site_chooses_each_branch_on_the_position_before_any_acts():
    # site 1 is empty before the effects: its branch is the first one even after site 0's effect
    # has filled it (a stone added at 1 from site 0 does not make site 1 take the else branch)
    src = '''(game "T" (players 2) (equipment {(board (rectangle 1 4)) (piece "Disc" Each)})
     (rules (start (place "Disc2" 0))
     (play (move Add (to (sites {3}))
       (then (forEach Site (sites {0 1})
          (if (is Empty (site)) (add (piece "Disc1") (to (site))) (add (piece "Disc1") (to (ahead (site) E))))))))
     (end (if (is Full) (result Mover Win)))))'''
    s = load(src).initial_state()
    s.apply(s.legal_moves()[0])
    # site 0 (occupied): a P1 stone at 1; site 1 (empty before): a P1 stone at 1 as well, none at 2
    assert _board(s, 4) == [2, 1, 0, 1]


# --- (do <moves> next:...) ---------------------------------------------------------------------------
# Ludii's Do takes any moves as its prior (Do.generateAndApplyPreMoves applies all of them, then
# lists next: on that position, each move carrying the prior's actions): Bide's bide move is
# (do (add (to (handSite Mover)) stack:True) next:(move Pass)), a placement made as the pass's prior.
BIDE = '''(game "T" (players 2) (equipment {(board (rectangle 1 4)) (piece "Disc" Each)})
 (rules (play (or (do (add (to (sites {0}))) next:(move Pass)) (move Add (to (sites {1 2})))))
 (end (if (is Full) (result Mover Win)))))'''


def test_do_takes_a_placement_as_its_prior():
    s = load(BIDE).initial_state()
    assert sorted(m.text for m in s.legal_moves()) == ["B1", "C1", "pass"]
    assert _board(s, 4) == [0, 0, 0, 0]  # listing the moves places nothing
    s.apply(next(m for m in s.legal_moves() if m.text == "pass"))
    assert _board(s, 4) == [1, 0, 0, 0]  # the prior's stone, put by the pass


def test_do_lists_next_on_the_position_after_its_prior():
    src = BIDE.replace("next:(move Pass)", "next:(move Add (to (sites Empty)))")
    s = load(src).initial_state()
    # after the prior's stone at 0, next: sees 1, 2, 3 empty (0 is not offered again); the
    # second moves to B1 and C1 (the or's other part, no prior) are told apart by their text
    assert sorted(m.text.split("/")[0] for m in s.legal_moves()) == ["B1", "B1", "C1", "C1", "D1"]
    s.apply(next(m for m in s.legal_moves() if m.text == "D1"))
    assert _board(s, 4) == [1, 0, 0, 1]


# --- a closing bracket too many after the last form ------------------------------------------------
# Ludii's tokeniser reads the forms of a file and skips what lies between them: Pippinzip's file
# ends its metadata with one ')' too many, and loads in Ludii.
GAME = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))'''


@pytest.mark.parametrize("tail", [")", "\n\n)\n", ") // a comment\n)}"])
def test_closing_brackets_after_the_last_form_are_skipped(tail):
    game = load(GAME + "\n(metadata (info {}))\n" + tail)
    assert len(game.initial_state().legal_moves()) == 9


@pytest.mark.parametrize("text", [GAME + ") (x)", GAME + ") x", ")" + GAME])
def test_a_closing_bracket_followed_by_more_is_still_an_error(text):
    with pytest.raises(LudSyntaxError, match="no matching"):
        load(text)
