"""Ludii's war games won by eliminating pieces (``board/war/replacement/eliminate``): the rules
their files lean on, in small positions, as Ludii's Java means them.

- ``(var)`` without a name is Ludii's state value ``temp`` (``Var.eval`` returns
  ``state.temp()`` when it has no key, ``SetVar`` writes it), the very value
  ``(forEach Die replayDouble:True ...)`` keeps the double being replayed in (Sig (Mauritania)
  and Sig (El Oued Capture) count their extra throws in it).
"""

from __future__ import annotations

from interpreter import load
from interpreter.engine import dice

LINE = '(board (rectangle 1 12)) (dice d:6 num:2) (piece "Disc" Each (move Step E (to if:(is Empty (to)))))'


def game_of(play: str, start: str = '(place "Disc1" 0)'):
    return load(f"""(game "T" (players 2) (equipment {{ {LINE} }})
        (rules (start {start}) (play {play}) (end (if (no Moves Next) (result Mover Win)))))""")


DOUBLES = """(do (if (not (is Prev Mover)) (roll))
    next:(or
        (forEach Die replayDouble:True if:(!= (pips) 0) (forEach Piece) (then (moveAgain)))
        (if (= (var) 2) (move Pass))))"""


def test_the_unnamed_var_reads_the_double_forEach_Die_remembers():
    g = game_of(DOUBLES)
    s = g.initial_state()
    with dice.given(s, (1, 1)):  # a double of 2s
        assert [m.text for m in s.legal_moves()] == ["A1-B1", "A1-B1/2"]  # no pass: (var) is -1
        s.apply(s.legal_moves()[0])
    # the first die of the double used remembers its value in temp, which (var) reads
    assert s.arrays[dice.TEMP] == [2] and s.mover == 1
    assert "pass" in [m.text for m in s.legal_moves()]


def test_set_var_without_a_name_writes_what_forEach_Die_replays():
    # (set Var 3) sets Ludii's temp: the next die used brings every die back to face 3
    play = """(do (if (not (is Prev Mover)) (roll))
        next:(if (= (var) -1)
            (move Pass (then (and (set Var 3) (moveAgain))))
            (forEach Die if:(!= (pips) 0) (forEach Piece) (then (moveAgain)))))"""
    g = game_of(play)
    s = g.initial_state()
    with dice.given(s, (0, 4)):  # a 1 and a 5
        assert [m.text for m in s.legal_moves()] == ["pass"]
        s.apply("pass")
    assert s.arrays[dice.TEMP] == [3] and s.arrays[dice.DICE] == [1, 5]
    s.apply("A1-B1")  # the 1: Ludii's ActionUpdateDice rests every die on the face of temp - 1
    assert s.arrays[dice.DICE] == [3, 3]
