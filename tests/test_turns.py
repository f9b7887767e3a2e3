"""Turns of several moves (moveAgain with counts of moves), what moves remain (can Move), parity,
and neighbours by owner (sites Around ... Own/Enemy/Empty): the general pieces Loupe's turns are
made of, each tested on a small game of its own."""

from __future__ import annotations

import pytest

from interpreter import LudError, load


def game_text(board: str, play: str, end: str = "", pieces: str = '(piece "Disc" Each)') -> str:
    return (f'(game "T" (players 2) (equipment {{(board {board}) {pieces}}}) '
            f'(rules {play} {end}))')


def movers(state, moves: list[str]) -> list[int]:
    """The mover before each move, playing them."""
    out = []
    for move in moves:
        out.append(state.mover)
        state.apply(move)
    return out


def test_connect6_turns_by_the_parity_of_the_moves():
    # Ludii's Connect6 mechanism: the consequences of a move see it counted in (count Moves)
    text = ('(game "Six" (players 2) (equipment {(board (square 7) use:Vertex) (piece "Marker" Each)}) '
            '(rules phases:{(phase "Opening" (play (move Add (to (sites Empty)))) (nextPhase "Playing")) '
            '(phase "Playing" (play (move Add (to (sites Empty)) (then (if (is Even (count Moves)) (moveAgain))))) '
            '(nextPhase "Playing"))} (end (if (is Line 6 All) (result Mover Win)))))')
    state = load(text).initial_state()
    assert movers(state, ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "A2"]) == [1, 2, 2, 1, 1, 2, 2, 1]


def test_count_moves_this_turn_makes_turns_of_three():
    text = game_text("(square 4)", "(play (move Add (to (sites Empty)) (then (if (< (count MovesThisTurn) 2) (moveAgain)))))")
    state = load(text).initial_state()
    seen = []
    for move in ["A1", "B1", "C1", "D1", "A2", "B2", "C2"]:
        seen.append((state.mover, state.turn_moves))
        state.apply(move)
    assert seen == [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2), (1, 0)]


def test_a_pass_ends_a_turn_of_several_moves():
    text = game_text("(square 4)", "(play (or (move Add (to (sites Empty)) (then (if (= 0 (count MovesThisTurn)) (moveAgain)))) (move Pass)))")
    state = load(text).initial_state()
    assert movers(state, ["A1", "pass", "B1", "C1", "pass"]) == [1, 1, 2, 2, 1]
    assert state.mover == 2 and state.turn_moves == 0


def test_can_move_keeps_a_first_stone_for_a_second():
    # a turn is two stones: the first only where a second can follow
    text = game_text("(rectangle 1 3)",
                     "(play (if (= 0 (count MovesThisTurn)) "
                     "(or (do (move Add (to (sites Empty)) (then (moveAgain))) ifAfterwards:(can Move (move Add (to (sites Empty))))) (move Pass)) "
                     "(move Add (to (sites Empty)))))")
    state = load(text).initial_state()
    assert [str(m) for m in state.legal_moves()] == ["A1", "B1", "C1", "pass"]
    state.apply("A1")
    state.apply("B1")
    assert [str(m) for m in state.legal_moves()] == ["pass"]  # C1 alone would leave no second


def test_can_move_as_a_condition():
    text = game_text("(square 2)", "(play (move Add (to (sites Empty))))",
                     end="(end (if (not (can Move (move Add (to (sites Empty))))) (result Mover Win)))")
    state = load(text).initial_state()
    for move in ["A1", "B1", "A2"]:
        state.apply(move)
        assert not state.is_over()
    state.apply("B2")
    assert state.result().winners == [2]


@pytest.mark.parametrize("test, expected", [("(is Even (count Pieces All))", ["A1", "B1"]),
                                            ("(is Odd (count Pieces All))", [])])
def test_parity(test, expected):
    text = game_text("(rectangle 1 2)", f"(play (move Add (to (sites Empty) if:{test})))")
    state = load(text).initial_state()
    assert [str(m) for m in state.legal_moves()] == (expected or ["pass"])


PICTURE = """\
board: |
  3 . o .
  2 x . .
  1 . x o
"""


@pytest.mark.parametrize("kind, expected", [
    ("Own", {"A1": 2, "B2": 2, "C2": 0, "A3": 1, "C3": 0}),
    ("Enemy", {"A1": 0, "B2": 1, "C2": 1, "A3": 1, "C3": 1}),
    ("Empty", {"A1": 0, "B2": 1, "C2": 2, "A3": 0, "C3": 1}),
    ("NotEmpty", {"A1": 2, "B2": 3, "C2": 1, "A3": 2, "C3": 1}),
    ("NotOwn", {"A1": 0, "B2": 2, "C2": 3, "A3": 1, "C3": 2}),
    ("NotEnemy", {"A1": 2, "B2": 3, "C2": 2, "A3": 1, "C3": 1}),
])
def test_sites_around_by_owner(kind, expected):
    # P1 (x) to move; an empty site is legal when it has that many orthogonal neighbours of the kind
    for count in range(5):
        region = f"(sites Around (to) {kind} Orthogonal)"
        text = game_text("(square 3)", f"(play (move Add (to (sites Empty) if:(= {count} (count Sites in:{region})))))")
        state = load(text).state_from_text(PICTURE)
        legal = sorted(str(m) for m in state.legal_moves() if str(m) != "pass")
        assert legal == sorted(k for k, v in expected.items() if v == count), (kind, count)


def test_sites_around_without_a_type_is_unchanged():
    text = game_text("(square 3)", '(play (move Add (to (sites Around "B2" Orthogonal))))')
    state = load(text).state_from_text(PICTURE)
    # Ludii's Add tests no site of its region: the occupied neighbours are placements too
    assert sorted(str(m) for m in state.legal_moves()) == ["A2", "B1", "B3", "C2"]
    text = game_text("(square 3)", '(play (move Add (to (sites Around "B2" Orthogonal) if:(is Empty (to)))))')
    state = load(text).state_from_text(PICTURE)
    assert sorted(str(m) for m in state.legal_moves()) == ["C2"]


def test_sites_around_type_misspelt_is_located():
    text = game_text("(square 3)", "(play (move Add (to (sites Empty) if:(= 0 (count Sites in:(sites Around (to) Enemies))))))")
    with pytest.raises(LudError) as err:
        load(text)
    shown = err.value.render()
    assert "<text>:1:" in shown and "Enemy" in shown


# --- Ludii's stalemated flag: (no Moves P) ---------------------------------------------------------
# P1 steps right on a 1x3 strip, P2 has nothing: P2 passes every turn, with no move to make
STRIP = ('(game "T" (players 2) (equipment {{(board (rectangle 1 3)) (piece "Disc" Each '
         '(move Step E (to if:(is Empty (to)))))}}) (rules (start (place "Disc1" "A1")) '
         '(play (forEach Piece)) (end {END})))')


def test_no_moves_of_a_player_is_their_latest_pass_with_no_move():
    """(no Moves P2): P2 had to pass at their latest move, not "P2 could not move now" (Ludii
    sets the flag when the player passes with no move to make)."""
    state = load(STRIP.format(END="(if (no Moves P2) (result P1 Win))")).initial_state()
    state.apply("A1-B1")  # P2 has no move now, but has not passed yet: the game goes on
    assert not state.is_over()
    state.apply("pass")
    assert state.result().winners == [1]


def test_no_moves_next_asks_the_next_player_now():
    """(no Moves Next): the next player's moves are worked out now."""
    state = load(STRIP.format(END="(if (no Moves Next) (result Mover Win))")).initial_state()
    state.apply("A1-B1")
    assert state.result().winners == [1]


def test_no_moves_next_is_the_mover_after_a_move_again():
    """Ludii's Next is State.next: the mover again once their move said moveAgain."""
    text = ('(game "T" (players 2) (equipment {(board (rectangle 1 3)) (piece "Disc" Each)}) '
            '(rules (play (move Add (to (sites Empty)) (then (if (= 1 (count Moves)) (moveAgain))))) '
            '(end (if (no Moves Next) (result Next Win)))))')
    state = load(text).initial_state()
    state.apply("A1")  # P1 plays again: Next is P1, who has moves
    assert not state.is_over() and state.mover == 1
    state.apply("B1")
    state.apply("C1")  # P2 filled the board: Next (P1) has no move
    assert state.result().winners == [1]


def test_a_voluntary_pass_does_not_stalemate():
    """A pass the rules offer is a move: the player who takes it could move."""
    text = ('(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) '
            '(rules (start (place "Disc1" "B2")) (play (or (move Add (to (sites Empty))) (move Pass))) '
            '(end (if (no Moves P1) (result P2 Win)))))')
    state = load(text).initial_state()
    state.apply("pass")
    assert not state.is_over() and state.stalemated == 0


# --- the counter, pending values ----------------------------------------------------------------
def test_the_counter_counts_moves_after_the_end_rules():
    """Ludii's counter: -1 at the start, one more once each move's end rules are done; (set
    Counter) sets it to -1, so the end rules of the move that set it see -1, the next move's 0."""
    text = ('(game "T" (players 2) (equipment {(board (square 4)) (piece "Disc" Each)}) '
            '(rules (play (move Add (to (sites Empty)) (then (if (= (count Moves) 3) (set Counter))))) '
            '(end (if (= (counter) {N}) (result Mover Win)))))')
    state = load(text.replace("{N}", "1")).initial_state()
    for move in ["A1", "B1"]:
        state.apply(move)
        assert not state.is_over()
    state.apply("C1")  # the end rules after the third move: the counter was 1 (it is -1 now)
    assert state.arrays["counter"] == [0]
    state = load(text.replace("{N}", "-1")).initial_state()
    state.apply("A1")  # the first move's end rules: the counter starts at -1
    assert state.result().winners == [1]
    state = load(text.replace("{N}", "0")).initial_state()
    state.apply("A1")
    state.apply("B1")
    assert state.result().winners == [2] and state.ply == 2


def test_value_pending_is_0_when_nothing_is_pending():
    text = ('(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) '
            '(rules (play (move Add (to (sites Empty)) (then (if (= 0 (count Moves)) (set Pending 5))))) '
            '(end (if (= (value Pending) 0) (result Mover Win)))))')
    state = load(text).initial_state()
    state.apply("A1")
    assert state.result().winners == [1]
