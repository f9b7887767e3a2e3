"""Two of Ludii's moves used where its Java puts them: ``count Steps`` walks a step move from its own
site argument (Ludii's ``CountSteps`` reads only the step's directions and its ``(to if:...)``: a
``(from ...)`` or a ``then`` written in the step is not read, as in N-Mesh's
``(step (from (from)) Orthogonal (to if:...))``); and Ludii's ``Apply`` is a ``Moves``, so
``(apply <effect>)`` stands among the moves of an ``and`` (as in Netted's
``(and {(apply (set Var "SitePlaced" (to))) (remove ...) ...})``)."""

from __future__ import annotations

import pytest

from interpreter import load

BOARD4 = '(board (square 4)) (piece "Disc" Each)'


def score_after(value: str, moves: tuple[str, ...], equipment: str = BOARD4) -> int:
    """The last mover's score right after ``moves``: each move sets it to ``value``."""
    g = load(f'(game "T" (players 2) (equipment {{{equipment}}}) (rules '
             f'(play (move Add (to (sites Empty)) (then (set Score Mover {value})))) '
             f'(end (if (is Full) (result All Draw)))))')
    s = g.initial_state()
    for move in moves:
        s.apply(move)
    return s.scores[1 + (len(moves) - 1) % 2]


# --- count Steps: the step's from and then are not read -------------------------------------------------
WALL = ("B1", "D4", "B2", "D3", "B3")  # B1 B2 B3 filled: from A1 to C1 round by row 4, 8 steps


@pytest.mark.parametrize("source", ["(from (from))", "(from (last To))", "(from 15)"])
def test_count_steps_walks_from_its_site_whatever_the_steps_from(source):
    step = f"(step {source} Orthogonal (to if:(is Empty (to))))"
    assert score_after(f"(count Steps {step} 0 2)", WALL) == 8
    # from D1 (3) to C1 (2): one step, whatever site the step's own from names
    assert score_after(f"(count Steps {step} 3 2)", WALL) == 1


def test_count_steps_the_steps_condition_still_reads_from_as_the_site_stepped_from():
    # (from) in the condition is the site each step leaves: never stepping out of column A
    # (x of A is 0) the walk from A1 cannot reach C1
    step = "(step (from (from)) Orthogonal (to if:(and (is Empty (to)) (!= (column of:(from)) 0))))"
    assert score_after(f"(count Steps {step} 0 2)", WALL) > 10 ** 9  # Infinity
    assert score_after(f"(count Steps {step} 3 2)", WALL) == 1


def test_count_steps_ignores_a_then_of_the_step():
    step = "(step Orthogonal (to if:(is Empty (to))) (then (set Var \"X\" 1)))"
    assert score_after(f"(count Steps {step} 0 2)", WALL) == 8
    # the then never ran: X is unset, Ludii's Undefined (-1)
    assert score_after(f"(+ (var \"X\") (count Steps {step} 3 2))", WALL) == 0


# --- apply among the moves of an and ----------------------------------------------------------------------
def game_with_effect(effect: str):
    return load(f'''(game "T" (players 2) (equipment {{(board (square 3)) (piece "Disc" Each)}})
        (rules (play (move Add (to (sites Empty) (apply {effect}))
                      (then (addScore Mover (+ (var "X") (var "Y"))))))
               (end (if (is Full) (result Mover Win)))))''')


def test_apply_is_moves_among_an_ands_moves():
    g = game_with_effect('(and {(apply (set Var "X" (to))) (set Var "Y" 10)})')
    s = g.initial_state()
    assert len(s.legal_moves()) == 9
    s.apply("B2")  # site 4: X is 4, Y 10
    assert s.scores[1] == 14
    s.apply("A1")  # site 0: X is 0
    assert s.scores[2] == 10


def test_apply_among_an_ors_moves_too():
    g = game_with_effect('(or (apply (set Var "X" 100)) (set Var "Y" 1))')
    s = g.initial_state()
    s.apply("C3")
    assert s.scores[1] == 101


def test_an_apply_with_a_condition_among_an_ands_moves_acts_only_where_it_holds():
    g = game_with_effect('(and {(apply if:(is Even (to)) (set Var "X" 1)) (set Var "Y" 10)})')
    s = g.initial_state()
    s.apply("B1")  # site 1 is odd: X stays unset, read as -1 (Ludii's OFF)
    assert s.scores[1] == 9
    s.apply("A1")  # site 0 is even: X is 1
    assert s.scores[2] == 11


# --- the game's limits: value MoveLimit, value TurnLimit ---------------------------------------------
def test_value_move_limit_and_turn_limit_are_ludiis_limits():
    board = '(board (square 3)) (piece "Disc" Each)'
    assert score_after("(value MoveLimit)", ("A1",), board) == 10000  # Ludii's DEFAULT_MOVES_LIMIT
    assert score_after("(value TurnLimit)", ("A1",), board) == 1250  # Ludii's DEFAULT_TURN_LIMIT
    assert score_after("(- (value MoveLimit) 10)", ("A1", "B1"), board) == 9990


def test_value_move_limit_is_the_games_declared_limit():
    g = load('''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
        (rules (meta (turnLimit 40)) (play (move Add (to (sites Empty)) (then (set Score Mover (value MoveLimit)))))
               (end (if (is Full) (result All Draw)))))''')
    s = g.initial_state()
    s.apply("A1")
    assert s.scores[1] == 40


def test_an_end_rule_reads_the_move_limit():
    # a hunt game's end (Ludus Coriovalli): the hunted wins near the move limit; far from it
    # the game goes on
    g = load('''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
        (rules (play (move Add (to (sites Empty))))
               (end (if (>= (count Moves) (- (value MoveLimit) 10)) (result P2 Win)))))''')
    s = g.initial_state()
    s.apply("A1")
    assert not s.over
