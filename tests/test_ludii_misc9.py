"""Forms met in a batch of Ludii's blocking, territory, connection and leaping games (issue 24,
session 37): Stargazers' define with one bracket too many, Paintscape's placed pieces with a
local state in a stacking game. Each on a small position, by its meaning in Ludii's Java."""

from __future__ import annotations

import pytest

from interpreter import LudError, load
from interpreter.engine import stacks

GAME = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (move Add (to ("Free")))) (end (if (is Line 3) (result Mover Win)))))'''


# --- a closing bracket left over right after a define ----------------------------------------------
# Ludii's Expander cuts each (define ...) out of the text by matching brackets, and its TokenForest
# reads the forms of what is left, skipping whatever lies between them: a define written with one
# ')' too many leaves that ')' outside every form, and the file loads (Stargazers).
@pytest.mark.parametrize("extra", [")", " )\n", ") // a comment\n)"])
def test_a_closing_bracket_left_after_a_define_is_skipped(extra):
    game = load('(define "Free" (sites Empty))' + extra + "\n" + GAME)
    assert len(game.initial_state().legal_moves()) == 9


# --- a placed piece's local state in a stacking game -----------------------------------------------
# Ludii's ActionAdd puts the piece on top of the site's stack (stack:True) and gives the new top
# level the state asked for; the levels below keep theirs (Paintscape reads the tile's colour
# under a stone with (state at:(last To) level:0)).
STACKED = '''(game "T" (players 2)
 (equipment {(board (square 2)) (piece "Disc" Each) (piece "Square" Shared maxState:5)})
 (rules (start (place "Square" (sites Board) state:3))
 (play (move Add (piece "Disc" state:(+ 1 (mover)))
   (to (sites Board) if:(= 3 (state at:(to) level:0))) stack:True))
 (end (if (= 3 (size Stack at:0)) (result Mover Win)))))'''


def test_a_piece_added_on_a_stack_with_a_state_keeps_the_levels_below():
    game = load(STACKED)
    s = game.initial_state()
    moves = s.legal_moves()
    assert len(moves) == 4
    s.apply([m for m in moves if m.to == 0][0])
    assert stacks.size(s, 0) == 2
    assert stacks.value_at(s, 0, 0, "piece_states") == 3  # the square's, below
    assert stacks.value_at(s, 0, 1, "piece_states") == 2  # P1's disc: 1 + (mover)
    assert s.arrays["piece_states"][0] == 2  # the top is the site's
    moves = s.legal_moves()
    assert len(moves) == 4  # the square's state still reads 3 at level 0
    s.apply([m for m in moves if m.to == 0][0])
    assert [stacks.value_at(s, 0, lv, "piece_states") for lv in range(3)] == [3, 2, 3]
    assert s.is_over()


def test_a_state_inserted_inside_a_stack_is_refused_in_one_line():
    text = STACKED.replace("(to (sites Board) if:(= 3 (state at:(to) level:0)))", "(to (sites Board) level:0)")
    with pytest.raises(LudError, match="not supported yet"):
        load(text)


# --- remember Value unique:True and forEach Value's consequences -----------------------------------
# Ludii's RememberValue.eval makes no move when unique:True finds the value already remembered, so
# neither its own then nor the then of a forEach Value around it (ForEachValue.eval adds its then to
# each move its generator made) is applied; ForEachValue works out the moves of every value before it
# applies any, so a value met twice in one visit passes the test twice (Throngs' chains of
# remembered sites, which end only because a known site makes no move).
REMEMBER = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty))
   (then (forEach Value min:1 max:3 (remember Value "A" (% (value) 2) unique:True)
      (then (addScore Mover 1))))))
 (end (if (is Full) (result Mover Win)))))'''


def test_a_value_already_remembered_makes_no_move_and_no_consequence():
    s = load(REMEMBER).initial_state()
    s.apply(s.legal_moves()[0])
    assert s.arrays["remembered A"][0] == (1, 0, 1)  # each value tested before any is remembered
    assert s.scores[1] == 3
    s.apply(s.legal_moves()[0])
    assert s.arrays["remembered A"][0] == (1, 0, 1)
    assert s.scores[2] == 0  # every value already remembered: no move, no consequence


def test_remember_value_unique_skips_its_own_consequences():
    text = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
     (rules (play (move Add (to (sites Empty))
       (then (remember Value 5 unique:True (then (addScore Mover 1))))))
     (end (if (is Full) (result Mover Win)))))'''
    s = load(text).initial_state()
    s.apply(s.legal_moves()[0])
    s.apply(s.legal_moves()[0])
    assert s.arrays["remembered"][0] == (5,)
    assert (s.scores[1], s.scores[2]) == (1, 0)
