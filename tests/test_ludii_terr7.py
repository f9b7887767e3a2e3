"""Forms Ludii's production files of board/space (territory, blocking, group and pattern games) use
beyond the sample (issue 24, session 36). Each on a small position, by its meaning in Ludii's Java."""

from __future__ import annotations

import pytest

from interpreter import LudError, load


def _texts(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


# --- a define's parameter spliced into a name: P#1 ----------------------------------------------
# Ludii's expander substitutes #N in the text of a define, so (count Pieces P#1) used with 1 is
# (count Pieces P1) (Vigilance's (handSite P#1 0)).
SPLICED = '''(define "Wins" (if (= (count Pieces P#1) 2) (result P#1 Win)))
(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty))))
  (end {("Wins" 2) ("Wins" 1)})))'''


def test_a_parameter_at_the_end_of_a_name_is_spliced_into_it():
    s = load(SPLICED).initial_state()
    for _ in range(3):  # P1, P2, P1: P1 has two pieces
        assert not s.is_over()
        s.apply(s.legal_moves()[0])
    assert s.is_over() and s.result().winners == [1]


def test_a_spliced_name_needs_one_number_or_name():
    text = SPLICED.replace('("Wins" 2) ("Wins" 1)', '("Wins" (sites Empty)) ("Wins" 1)')
    with pytest.raises(LudError, match="one number or name"):
        load(text)


# --- a slide's (to ...) gives its condition and effect only -------------------------------------
# Ludii's Slide keeps to.cond() and to.effect(): sites written in its (to ...) are ignored, the
# piece slides through empty sites as without them (Vigilance: (move Slide (to (sites Empty)))).
SLIDE = '''(game "T" (players 2)
 (equipment {(board (square 3)) (piece "Rook" Each (move Slide Orthogonal %s))})
 (rules (start {(place "Rook1" 0) (place "Rook2" 2)}) (play (forEach Piece))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_sites_in_a_slides_to_are_ignored_as_in_ludii():
    plain = _texts(load(SLIDE % "").initial_state())
    assert plain == ["A1-A2", "A1-A3", "A1-B1"]
    assert _texts(load(SLIDE % "(to (sites {4}))").initial_state()) == plain
    assert _texts(load(SLIDE % "(to (sites Empty))").initial_state()) == plain


# --- an effect where a player chooses is a decision of its own ----------------------------------
# Ludii's effects are Moves: (and (set Var 0) (move ...)) lists the move of (set Var 0) with the
# others (And.eval makes the union). Its actions keep no site, so (last To) after it is no site,
# and it is no pass (Ex Nihilo's (and (set Var 0) ("Capture")) inside a do ... ifAfterwards:).
EFFECT = '''(game "T" (players 2) (equipment {(board (square 2)) (piece "Disc" Each)})
 (rules (play (and (move Add (to (sites Empty))) (set Score Mover 5)))
  (end {(if (all Passed) (result Mover Draw)) (if (= -1 (last To)) (result Mover Win))})))'''


def test_an_effect_among_the_moves_is_a_decision():
    s = load(EFFECT).initial_state()
    assert _texts(s) == ["A1", "A2", "B1", "B2", "set-Score"]
    s.apply(next(m for m in s.legal_moves() if m.text == "A1"))
    assert not s.is_over()
    s.apply(next(m for m in s.legal_moves() if m.text == "set-Score"))
    assert s.is_over() and s.result().winners == [2]  # no site: (last To) is -1; not a pass
    assert s.result().scores[2] == 5


def test_an_effect_decision_filtered_by_its_consequences():
    # the set Var move keeps no site: a condition on (last To) after it fails, as in Ludii
    text = EFFECT.replace("(and (move Add (to (sites Empty))) (set Score Mover 5))",
                          "(do (and (move Add (to (sites Empty))) (set Var 1)) ifAfterwards:(is Occupied (last To)))")
    assert _texts(load(text).initial_state()) == ["A1", "A2", "B1", "B2"]
