"""Ludii's numbering of every container's sites (issue 24, session 38): the board's sites, then
each hand's (one site for a hand without ``size:``), then the dice's, one per die
(Equipment's ``sitesFrom``), so that a description may name any of them by its number, as
Pagade Kayi Ata's ``(regions "DiceHand" {401 402})`` and Spalone's ``(to 30)`` do."""

from __future__ import annotations

import pytest

from interpreter import LudError, load


def words(state) -> set[str]:
    return {str(m) for m in state.legal_moves()}


# --- dice sites come after the hands' -----------------------------------------------------------
# A 3x3 board has sites 0-8; the two hands are 9 (P1) and 10 (P2); the two dice are 11 and 12.
DICE = """
(game "D" (players 2)
  (equipment {(board (square 3)) (piece "Disc" Each) (hand Each) (dice num:2)
              (regions "DiceHand" {%s})})
  (rules (play (move Select (from (sites "DiceHand")) (then (roll))))
         (end (if (= (count Moves) 4) (result Mover Win)))))
"""


def test_dice_sites_follow_the_hands_sites():
    s = load(DICE % "11 12").initial_state()
    legal = s.legal_moves()
    assert {str(m) for m in legal} == {"Die1", "Die2"}
    assert sorted(m.frm for m in legal) == [11, 12]


def test_a_site_past_the_dice_is_not_a_site():
    with pytest.raises(LudError, match="site 13 is not on this board"):
        load(DICE % "11 13")


def test_without_hands_the_dice_follow_the_board():
    s = load((DICE % "9 10").replace("(hand Each) ", "")).initial_state()
    assert words(s) == {"Die1", "Die2"}


def test_a_hand_site_is_not_a_die():
    s = load(DICE % "9 10").initial_state()
    assert words(s) == {"Hand1", "Hand2"}


# --- a hand without size: is one site, numbered after the board's -------------------------------
HAND = """
(game "H" (players 2)
  (equipment {(board (square 2)) (piece "Disc" Each) (hand Each)})
  (rules (start {(place "Disc1" (handSite P1) count:2) (place "Disc2" (handSite P2) count:2)})
         (play (move (from %s) (to (sites Empty))))
         (end (if (is Full) (result Mover Win)))))
"""


def test_a_sizeless_hand_read_by_its_number_is_the_hand_site():
    by_number = load(HAND % "4").initial_state()  # 4 sites on the board: P1's hand is site 4
    by_name = load(HAND % "(handSite P1)").initial_state()
    assert words(by_number) == words(by_name) == {"Hand1-A1", "Hand1-B1", "Hand1-A2", "Hand1-B2"}


def test_the_second_hand_is_the_next_number():
    s = load(HAND % "5").initial_state()
    assert words(s) == {"Hand2-A1", "Hand2-B1", "Hand2-A2", "Hand2-B2"}


def test_a_site_past_the_hands_is_not_a_site():
    with pytest.raises(LudError, match="site 6 is not on this board"):
        load(HAND % "6")


# pieces of no player put at random on a hand's site (Spalone): Ludii's hand is a container of
# one site, holding whatever piece is put there
NEUTRAL = """
(game "N" (players 1)
  (equipment {(board (square 2)) (piece "Ball0") (piece "Ball1") (hand Each)})
  (rules (start (place Random (sites {4}) {"Ball0" "Ball1"} True))
         (play (move (from 4) (to (sites Empty)) (then (if (is Empty 4) (add (piece 2) (to 4))))))
         (end (if (is Full) (result Mover Win)))))
"""


def test_pieces_of_nobody_placed_on_a_hand_site_by_number_move_from_it():
    s = load(NEUTRAL).initial_state()
    assert words(s) == {"Hand1-A1", "Hand1-B1", "Hand1-A2", "Hand1-B2"}
    first = s.legal_moves()[0]
    s.apply(first)
    # the hand's one site held one piece; the consequence put a Ball1 (piece 2) back there
    assert len(s.legal_moves()) == 3
    for _ in range(3):
        s.apply(s.legal_moves()[0])
    assert s.is_over()


# --- a random stack on a hand's site (Chex: the tiles shuffled into each player's hand) ----------
STACK = """
(game "S" (players 2)
  (equipment {(board (square 2)) (piece "Disc" Each) (hand Each)})
  (rules (start {(place Random {(count "Disc1" 3)} (handSite 1)) (place Random {(count "Disc2" 2)} 5)})
         (play (move (from (handSite Mover)) (to (sites Empty)) (then (moveAgain))))
         (end (if (is Full) (result Mover Win)))))
"""


def test_a_random_stack_is_placed_on_a_hand_site():
    s = load(STACK).initial_state()
    assert words(s) == {"Hand1-A1", "Hand1-B1", "Hand1-A2", "Hand1-B2"}
    for _ in range(3):
        s.apply(s.legal_moves()[0])
    assert not s.legal_moves() or all(str(m) == "pass" for m in s.legal_moves())  # P1's three are out


# --- hidden information of each level of a stack (kept per level, as Ludii's ChunkStack) ---------
def test_hidden_information_per_level_of_a_stack_is_set_at_that_level():
    from interpreter.engine import hidden
    text = STACK.replace("(then (moveAgain))",
                         "(then (set Hidden What at:(last To) level:(topLevel at:(last To)) to:P2))")
    s = load(text).initial_state()
    s.apply(next(m for m in s.legal_moves() if str(m) == "Hand1-A1"))
    assert hidden.is_hidden(s, "What", 2, 0, 0) and not hidden.is_hidden(s, "What", 1, 0, 0)
    assert not hidden.is_hidden(s, "What", 2, 0, 1)  # no level 1 on A1
