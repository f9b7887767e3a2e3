"""Timing of Ludii's turn machinery (issue 24), settled against Ludii's Java:

- the draw when all players passed: ``Context.allPass`` (other/context/Context.java) reads the
  trial's moves backwards from the mover of the move just applied (``Game.applyInternal`` runs
  the end rules before it changes the mover): the latest turn and one turn per other player, each
  begun by a pass and of at most two moves (three for a first turn that reaches the start); when
  the moves run out first, the turns read so far decide. A game without start placements has no
  moves in its trial before the first ply (``Game.start``: ``numStartingAction`` is 0), so a pass
  on the very first ply ends it as a draw, also when the pass's consequences swap the players
  (``ActionSwap`` only exchanges the player order; the mover stays). Start placements are moves of
  no player in the trial, so they stop the reading. A swap is not a pass (``Move.isPass``).
- ``(count Moves)`` is ``Trial.moveNumber``: ``Move.apply`` adds the move to the trial after its
  own actions and before its consequences, so the consequences and the end rules count the move,
  the legal moves listed before it do not; ``ifAfterwards`` tries the move as played.
- ``(count Turns)`` is ``State.numTurn`` and ``(count MovesThisTurn)`` ``State.numTurnSamePlayer``,
  both changed by ``Game.applyInternal`` after the end rules: a new turn when the mover changes or
  when the move was a swap (``!returnMove.isSwap()``), even though the swapper moves again."""

from __future__ import annotations

import random

import pytest

from interpreter import load

EQUIPMENT = '(board (square 3)) (piece "Disc" Each)'


def game(rules: str, players: int = 2, meta: str = "", start: str = ""):
    return load(f'(game "T" (players {players}) (equipment {{{EQUIPMENT}}}) (rules {meta} {start} {rules}))')


def play(state, *texts: str):
    for text in texts:
        state.apply(next(m for m in state.legal_moves() if m.text == text))
    return state


# --- all players passed ------------------------------------------------------------------------------
# Unlur's and Pippinzip's opening: a pass that, by P1, swaps the players; then P1 moves next
OPENING_PASS = ('(move Pass (then (if (is Mover P1) (swap Players P1 P2) '
                '(then (set NextPlayer (player 1))))))')


def test_a_pass_on_the_first_ply_ends_a_game_without_start_placements():
    g = game(f'(play (or (move Add (to (sites Empty))) {OPENING_PASS})) (end (if (is Full) (result Mover Win)))')
    s = play(g.initial_state(), "pass")
    assert s.is_over() and s.draw and s.reason == "all players passed"


def test_a_start_placement_keeps_the_first_pass_from_ending_the_game():
    g = game(f'(play (or (move Add (to (sites Empty))) {OPENING_PASS})) (end (if (is Full) (result Mover Win)))',
             start='(start (place "Disc1" 8))')
    s = play(g.initial_state(), "pass")
    assert not s.is_over()
    # P1's pass swapped the seats and P1 moves again: their turn is two moves, begun by a pass
    assert s.mover == 1 and s.seats[1:] == (2, 1)
    play(s, "A1")  # P1's second move of the turn
    assert not s.is_over()
    # P2 passes: P1's turn before it began with a pass and had two moves, which Ludii's allPass
    # counts as a pass (it reads the turn's first move), and the start placement ends the reading
    play(s, "pass")
    assert s.is_over() and s.draw and s.reason == "all players passed"


def test_a_swap_is_not_a_pass():
    g = game('(play (or (move Add (to (sites Empty))) (move Pass))) (end (if (is Full) (result Mover Win)))',
             meta='(meta (swap))', start='(start (place "Disc1" 8))')
    s = play(g.initial_state(), "pass", "swap", "pass", "pass")
    # P2's turn was the swap and a pass: it began with the swap, so P1's pass does not end it
    assert not s.is_over()
    play(s, "pass")  # now P2's latest turn and P1's turn before it both are single passes
    assert s.is_over() and s.draw and s.reason == "all players passed"


def ludii_all_pass(moves: list[tuple[int, bool]], mover: int, players: int) -> bool:
    """Context.allPass transcribed: ``moves`` the trial's moves (mover, is a pass), start
    placements being moves of player 0; ``mover`` the state's mover."""
    if players == 1:
        return moves[-1][1]
    reverse = iter(reversed(moves))
    last_mover, pass_move, count = mover, False, 0
    for _ in range(players):
        while True:
            move = next(reverse, None)
            if move is None:
                return pass_move
            if count > 1:
                return False
            if last_mover != move[0]:
                if not pass_move:
                    return False
                last_mover, count, pass_move = move[0], 0, move[1]
                break
            count += 1
            pass_move = move[1]
    return True


def test_all_passed_is_ludii_s_all_pass_over_random_games():
    # moves that pass or place, either ending the turn or letting the mover move again
    rules = ('(play (or {(move Add (to (sites Empty))) (move Pass) '
             '(move Add (to (sites Empty)) (then (moveAgain))) (move Pass (then (moveAgain)))}))')
    rng = random.Random(38)
    ended = 0
    for players in (2, 3):
        for start in ("", '(start (place "Disc1" 8))'):
            g = game(rules, players=players, start=start)
            for _ in range(60):
                s = g.initial_state()
                trial = [(0, False)] if start else []
                while not s.is_over():
                    move = rng.choice(list(s.legal_moves()))
                    mover = s.mover
                    trial.append((mover, move.kind.name == "PASS"))  # "pass" or "pass/2"
                    s.apply(move)
                    expected = ludii_all_pass(trial, mover, players)
                    assert (s.is_over() and s.reason == "all players passed") == expected, (trial, players)
                    ended += expected
    assert ended > 50  # the comparison saw many games end on passes


# --- count Moves ---------------------------------------------------------------------------------------
def test_count_moves_counts_the_move_in_its_consequences_and_in_the_end_rules():
    g = game('(play (move Add (to (sites Empty)) (then (set Score Mover (count Moves)))))'
             ' (end (if (= (count Moves) 3) (result Mover Win)))')
    s = play(g.initial_state(), "A1")
    assert s.scores[1] == 1  # the first move counts itself in its consequences
    play(s, "B1")
    assert s.scores[2] == 2 and not s.is_over()
    play(s, "C1")  # the third move: the end rule counts it
    assert s.is_over() and s.winners == (1,)


def test_count_moves_in_the_legal_moves_counts_the_moves_played():
    # before any move (count Moves) is 0: only A1; then 1: anywhere
    g = game('(play (if (= (count Moves) 0) (move Add (to (sites {0}))) (move Add (to (sites Empty)))))'
             ' (end (if (is Full) (result Mover Win)))')
    s = g.initial_state()
    assert [m.text for m in s.legal_moves()] == ["A1"]
    play(s, "A1")
    assert len(list(s.legal_moves())) == 8


def test_count_moves_in_if_afterwards_counts_the_move_tried():
    # a move is allowed only if, once played, it is an even move: every other ply P passes
    g = game('(play (do (move Add (to (sites Empty))) ifAfterwards:(is Even (count Moves))))'
             ' (end (if (is Full) (result Mover Win)))', start='(start (place "Disc1" 8))')
    s = g.initial_state()
    assert [m.text for m in s.legal_moves()] == ["pass"]  # move 1 would be odd
    play(s, "pass")
    assert len(list(s.legal_moves())) == 8  # move 2 is even


# --- count Turns and MovesThisTurn ----------------------------------------------------------------------
def test_count_turns_starts_a_turn_after_a_swap():
    g = game('(play (move Add (to (sites Empty)) (then (set Score Mover (+ (* 10 (count Turns)) (count MovesThisTurn))))))'
             ' (end (if (is Full) (result Mover Win)))', meta='(meta (swap))')
    s = play(g.initial_state(), "A1")
    assert s.scores[1] == 10  # turn 1, its first move
    play(s, "swap")  # P2 swaps: a new turn (Ludii: the move is a swap), P2 moves again
    assert s.mover == 2
    play(s, "B1")
    assert s.scores[2] == 30  # turn 3 (not 2), its first move
    play(s, "C1")
    assert s.scores[1] == 40


def test_a_swap_in_a_pass_s_consequences_does_not_start_a_turn():
    # the move is a pass (its decision), not a swap: P1 moves again within the same turn
    g = game(f'(play (or (move Add (to (sites Empty)) (then (set Score Mover (+ (* 10 (count Turns)) '
             f'(count MovesThisTurn))))) {OPENING_PASS}))'
             ' (end (if (is Full) (result Mover Win)))', start='(start (place "Disc1" 8))')
    s = play(g.initial_state(), "pass")
    assert s.mover == 1
    play(s, "A1")
    assert s.scores[1] == 11  # still turn 1, its second move


def test_count_turns_with_the_swap_decision():
    g = game('(play (or (move Add (to (sites Empty)) (then (set Score Mover (count Turns)))) '
             '(move Swap Players P1 P2)))'
             ' (end (if (is Full) (result Mover Win)))')
    s = play(g.initial_state(), "A1")
    assert s.scores[1] == 1
    swaps = [m for m in s.legal_moves() if len(m.text) > 3]
    assert len(swaps) == 1
    s.apply(swaps[0])
    assert s.mover == 2 and s.seats[1:] == (2, 1)
    play(s, "B1")
    assert s.scores[2] == 3  # turn 3: the swap was a turn of its own


@pytest.mark.parametrize("meta", ["(meta (swap))", ""])
def test_the_compiled_tier_counts_turns_as_the_reference_does(meta):
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    g = game('(play (move Add (to (sites Empty)) (then (and (set Score Mover (count Turns)) '
             '(if (and (is Odd (count Turns)) (= 0 (count MovesThisTurn))) (moveAgain))))))'
             ' (end (if (>= (count Turns) 5) (result Mover Win)))', meta=meta)
    compiled = native_game(g)
    assert compiled is not None, why_not(g)
    for seed in range(4):
        assert compare_game(g, compiled, seed) is None
