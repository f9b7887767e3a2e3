"""Which effects give a move where moves are listed, class by class as Ludii's eval of each
(issue 24, session 36).

In Ludii every effect is a Moves: where a player chooses (``(or (addScore Mover 1) (move
Pass))``) or where moves are only tested (``(can Move ...)``), evaluating it lists the move of
its actions. SetVar, AddScore, SetScore, SetCounter, SetPending (of a value), MoveAgain,
SetNextPlayer, Promote, SetState, SetValue, SetCount, Trigger, ForgetValue, SwapPlayers... make
their move whatever it changes (once the test their eval makes first holds: a site on the board,
a state not below 0); a capture effect (Custodial, Surround, Intervene, Enclose) and Remove of an
empty site make none when they change nothing.
"""

from __future__ import annotations

import pytest

from interpreter import load

GAME = '''(game "T" (players 2) (equipment {{(board (square 2)) (piece "Disc" Each)}})
 (rules (play {play}) (end {end})))'''
FULL = "(if (is Full) (result All Draw))"


def _game(play: str, end: str = FULL):
    return load(GAME.format(play=play, end=end))


def _texts(state) -> list[str]:
    return [m.text for m in state.legal_moves()]


def _play(state, text: str) -> None:
    state.apply(next(m for m in state.legal_moves() if m.text == text))


ADDS = ["A1", "B1", "A2", "B2"]


def test_set_var_gives_its_move_even_when_the_variable_keeps_its_value():
    s = _game('(or (set Var "V" 1) (move Add (to (sites Empty))))').initial_state()
    assert _texts(s) == ["set-Var", *ADDS]
    _play(s, "set-Var")  # V is 1 now: setting it to 1 again changes nothing, still a move (SetVar.eval)
    assert _texts(s) == ["set-Var", *ADDS]


@pytest.mark.parametrize("effect, word", [
    ("(addScore Mover 0)", "addScore"),
    ("(set Score Mover 0)", "set-Score"),
    ("(set Counter 0)", "set-Counter"),
    ("(set Pending 3)", "set-Pending"),
    ("(trigger \"Done\" Mover)", "trigger"),
    ("(forget Value 7)", "forget-Value"),
])
def test_an_effect_that_changes_nothing_is_still_a_move(effect, word):
    # adding 0, a score already 0, forgetting a value never remembered: Ludii's eval makes the
    # move all the same, so the player may choose it
    assert _texts(_game(f"(or {effect} (move Pass))").initial_state()) == [word, "pass"]


def test_an_effect_that_is_a_move_is_played_as_a_turn():
    s = _game("(or (addScore Mover 0) (move Add (to (sites Empty))))").initial_state()
    _play(s, "addScore")
    assert s.mover == 2 and not s.is_over()
    assert _texts(s) == ["addScore", *ADDS]


def test_promote_gives_its_move_on_a_site_on_the_board_only():
    s = _game('(or (promote (last To) (piece "Disc") Mover) (move Add (to (sites Empty))))').initial_state()
    assert _texts(s) == ADDS  # no last move: (last To) is off the board, Promote.eval makes none
    _play(s, "A1")
    # the piece is already a Disc: the promotion changes nothing, yet it is Ludii's move (one
    # per kind named, written as move Promote's)
    assert _texts(s) == ["Disc2@A1", "B1", "A2", "B2"]


def test_set_state_below_zero_gives_no_move():
    play = "(or (set State at:(last To) {v}) (move Add (to (sites Empty))))"
    s = _game(play.format(v=-1)).initial_state()
    _play(s, "A1")
    assert _texts(s) == ["B1", "A2", "B2"]  # SetState.eval: a state below 0 makes no move
    s = _game(play.format(v=0)).initial_state()
    _play(s, "A1")
    assert _texts(s) == ["set-State", "B1", "A2", "B2"]  # state 0 already: still a move


def test_a_capture_that_captures_nothing_gives_no_move():
    for effect in ("(custodial (from (last To)))", "(surround (from (last To)) Orthogonal)",
                   "(intervene (from (last To)) Orthogonal)", "(remove (last To))"):
        s = _game(f"(or {effect} (move Add (to (sites Empty))))").initial_state()
        assert _texts(s) == ADDS, effect


def test_can_move_holds_for_an_effect_that_always_makes_its_move():
    # Ludii's CanMove asks whether the list is empty: (addScore Mover 0) lists one move
    s = _game("(move Add (to (sites Empty)))", "(if (can Move (addScore Mover 0)) (result Mover Win))").initial_state()
    _play(s, "A1")
    assert s.is_over() and s.result().winners == [1]
    # a custodial capture that captures nothing lists none
    s = _game("(move Add (to (sites Empty)))",
              "{(if (can Move (custodial (from (last To)))) (result Mover Win)) " + FULL + "}").initial_state()
    _play(s, "A1")
    assert not s.is_over()


def test_two_effect_moves_of_one_text_are_both_listed_the_second_numbered():
    # Ludii lists both (its Or adds each part's moves); the second reads set-Var/2
    s = _game('(or (set Var "V" 1) (set Var "V" 2))').initial_state()
    assert _texts(s) == ["set-Var", "set-Var/2"]


# --- custodial: the to condition past the board's edge -------------------------------------------
# Ludii's Custodial.longSandwich (a limit other than 1) asks the to condition of the site past a
# run of enclosed pieces that reaches the board's edge too, as Constants.OFF: (to) is -1 there,
# where no one's piece stands. shortSandwich (a limit of 1) never asks it there.
EDGE = '''(game "T" (players 2) (equipment {{(board (square 3)) (piece "Disc" Each)}})
 (rules (start (place "Disc2" {{"B1" "C1"}}))
  (play (move Add (to (sites Empty)) (then (custodial (from (last To)) Orthogonal
        (between {limit}if:(is Next (who at:(between))) (apply (remove (between)))) (to if:{to})))))
  (end (if (is Full) (result All Draw)))))'''


def _owners_after_a1(limit: str, to: str) -> list[int]:
    s = load(EDGE.format(limit=limit, to=to)).initial_state()
    _play(s, "A1")
    return [s.who[x] for x in range(3)]


@pytest.mark.parametrize("limit", ["", "(max 2) "])
def test_a_run_to_the_edge_is_captured_when_the_to_condition_holds_off_the_board(limit):
    # no one's piece is past the edge: (not (is Next (who at:(to)))) holds there
    assert _owners_after_a1(limit, "(not (is Next (who at:(to))))") == [1, 0, 0]
    # (is Mover (who at:(to))) does not
    assert _owners_after_a1(limit, "(is Mover (who at:(to)))") == [1, 2, 2]


def test_a_limit_of_one_never_asks_past_the_edge():
    # Ludii's shortSandwich: B1 is enclosed by C1 only if C1 satisfies the condition (it does not)
    assert _owners_after_a1("(max 1) ", "(not (is Next (who at:(to))))") == [1, 2, 2]


def test_the_compiled_tier_agrees_or_leaves_the_game_to_the_reference():
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    # a condition that may hold past the edge: the reference engine plays it
    game = load(EDGE.format(limit="", to="(not (is Next (who at:(to))))"))
    assert native_game(game) is None and "past the board's edge" in why_not(game)
    # one that never holds there (no one's piece): the kernel, which skips such runs, agrees
    game = load(EDGE.format(limit="", to="(is Mover (who at:(to)))"))
    compiled = native_game(game)
    assert compiled is not None, why_not(game)
    for seed in range(4):
        assert compare_game(game, compiled, seed) is None


def test_priority_as_a_consequence_stops_at_an_effect_that_always_makes_its_move():
    # Ludii's Priority applies the first non-empty list: (forget Value 7) lists its move though
    # nothing is remembered, so the (moveAgain) after it is never reached
    then = "(move Add (to (sites Empty)) (then (priority {{{first} (moveAgain)}})))"
    s = _game(then.format(first="(forget Value 7)")).initial_state()
    _play(s, "A1")
    assert s.mover == 2
    # a capture that captures nothing lists none: the moveAgain applies
    s = _game(then.format(first="(custodial (from (last To)))")).initial_state()
    _play(s, "A1")
    assert s.mover == 1
