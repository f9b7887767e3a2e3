"""Ludii's forEach Level, as Chonpa's paired pieces meet it: its levels visited from the top
down by default (Ludii's ForEachLevel: ``FromTop`` unless told), and the ``(level)`` it leaves
behind in Ludii's one shared context (it sets the level for each level visited and never puts
the old one back), which the next moves of the same generator see (a move's ``(apply ...)`` is
worked out as the move is made)."""

from __future__ import annotations

from interpreter import load
from interpreter.engine import stacks
from interpreter.ludii.traces import ludii_texts

# A1 holds two of P1's discs: the bottom one of state 0, the top one of state 1. A disc moves
# (value) steps east; one of state 1 only by 1. Each move's (apply ...) visits the levels of A1.
LEFT_BEHIND = """
(game "Left Behind" (players 2)
  (equipment {(board (rectangle 1 6))
    (piece "Disc" P1
      (forEach Value min:1 max:2
        (move (from (from) level:(level)
                    if:(or (= 0 (state at:(from) level:(level))) (= (value) 1)))
              (to (+ (from) (value)) (apply (forEach Level (from) %s (set Var "Seen" 1)))))))})
  (rules (start {(place Stack "Disc1" 0) (place Stack "Disc1" 0 state:1)})
    (play (forEach Piece))
    (end (if (no Moves Next) (result Mover Win)))))
"""


def _moves(direction: str = ""):
    game = load(LEFT_BEHIND % direction)
    s = game.initial_state()
    legal = s.legal_moves()
    return s, legal


def test_a_forEach_Level_in_a_moves_apply_leaves_the_bottom_level_for_the_next_value():
    """The top disc (state 1) moves by 1; the forEach Level of its move's apply visits A1 from
    the top down and leaves (level) at 0, so for the value 2 the piece moved is the bottom disc
    (state 0): four moves in all (two of the bottom disc's own, two from the top disc's turn)."""
    s, legal = _moves()
    assert sorted(ludii_texts(s, legal)) == ["A1-B1", "A1-B1", "A1-C1", "A1-C1"]
    assert sorted(m.levels[0] for m in legal) == [0, 0, 0, 1]
    # the A1-C1 made in the top disc's turn moves the bottom disc: the state-1 disc stays on A1
    move = next(m for m in legal if ludii_texts(s, [m]) == ["A1-C1"])
    s.apply(move)
    assert [stacks.value_at(s, 0, lv, "piece_states") for lv in range(stacks.size(s, 0))] == [1]
    assert stacks.value_at(s, 2, 0, "piece_states") == 0


def test_from_bottom_leaves_the_top_level():
    """With FromBottom the levels are visited from the bottom up: (level) is left at the top
    one (the state-1 disc), which may not move by 2, whichever disc's turn it is: two moves."""
    s, legal = _moves("FromBottom")
    assert sorted(ludii_texts(s, legal)) == ["A1-B1", "A1-B1"]


# A consequence: (level), after a forEach Level, is the last level it visited.
LAST_LEVEL = """
(game "Last Level" (players 2)
  (equipment {(board (rectangle 1 3)) (piece "Disc" Each)})
  (rules (start {(place Stack "Disc1" 0 count:3)})
    (play (move Pass (then (and (forEach Level 0 %s (set Var "Seen" 1))
                                (set Var "Level" (level))))))
    (end (if (= 1 0) (result Mover Win)))))
"""


def _level_after(direction: str) -> int:
    game = load(LAST_LEVEL % direction)
    s = game.initial_state()
    s.apply(s.legal_moves()[0])
    return s.arrays["var:Level"][0]


def test_level_after_a_forEach_Level_is_the_last_level_visited():
    assert _level_after("") == 0  # from the top down (Ludii's default): the bottom level
    assert _level_after("FromTop") == 0
    assert _level_after("FromBottom") == 2  # from the bottom up: the top level
