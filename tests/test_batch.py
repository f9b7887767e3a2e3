"""The batch (numpy) playouts play by the generic engine's rules: the same orders of placements
give the same legal moves, lengths and results, and random games the same distribution of
outcomes; descriptions it cannot read are left to the engine."""

from __future__ import annotations

import random

import numpy as np
import pytest

from interpreter import load
from interpreter.batch import Outcomes, plan_for, summary, unsupported_reason
from interpreter.cli import main
from interpreter.engine.result import Termination


def game_text(board: str, end: str, players: int = 2) -> str:
    return (f'(game "T" (players {players}) (equipment {{(board {board}) (piece "Disc" Each)}}) '
            f'(rules (play (move Add (to (sites Empty)))) (end {end})))')


def engine_replay(game, order):
    """Play the placements of ``order`` through the generic engine (passes once the board is
    full), checking at every ply that its legal moves are the batch's: the empty sites."""
    state = game.initial_state()
    t = 0
    while not state.is_over():
        legal = state.legal_moves()
        empty = {s for s in range(game.topology.n) if not state.what[s]}
        if empty:
            assert {m.to for m in legal} == empty and len(legal) == len(empty)
            move = next(m for m in legal if m.to == order[t])
            t += 1
        else:
            assert [m.text for m in legal] == ["pass"]
            move = legal[0]
        state.apply(move)
    return state


def assert_same(game, orders, outcomes: Outcomes):
    for i, order in enumerate(orders):
        state = engine_replay(game, list(order))
        result = state.result()
        assert outcomes.plies[i] == state.ply, (i, list(order))
        won = [p for p in range(1, game.num_players + 1) if outcomes.winners[i, p]]
        assert (won if not outcomes.draw[i] else []) == (list(result.winners) if not result.draw else [])
        assert bool(outcomes.draw[i]) == result.draw
        assert Outcomes.TERMINATIONS[outcomes.termination[i]] is result.termination


GAMES = [
    ("tic-tac-toe", [], 300),
    ("gomoku", [], 25),
    ("gomoku-tri", [], 25),
    (game_text("(square 4)", "(if (is Line 3 Orthogonal) (result Mover Loss))"), [], 200),  # misère
    (game_text("(square 3)", "(if (is Line 3) (result Mover Win))"), [], 200),  # full: passes
    (game_text("(hex 3)", "(if (is Line 3) (result All Win))"), [], 100),
]


@pytest.mark.parametrize("source, options, count", GAMES, ids=lambda v: str(v)[:30])
def test_same_orders_same_games(source, options, count):
    game = load(source, options=options)
    plan = plan_for(game)
    assert plan is not None, unsupported_reason(game)
    orders = np.random.default_rng(7).random((count, game.topology.n)).argsort(axis=1)
    assert_same(game, orders, plan.replay(orders))


def test_turn_limit():
    game = load("tic-tac-toe").with_turn_limit(6)
    plan = plan_for(game)
    orders = np.random.default_rng(3).random((200, 9)).argsort(axis=1)
    outcomes = plan.replay(orders)
    assert outcomes.plies.max() == 6
    assert_same(game, orders, outcomes)
    # a limit reached while the players pass on a full board
    game = load(game_text("(square 3)", "(if (is Line 3) (result Mover Win))")).with_turn_limit(10)
    orders = np.random.default_rng(4).random((100, 9)).argsort(axis=1)
    outcomes = plan_for(game).replay(orders)
    assert 10 in outcomes.plies.tolist()
    assert_same(game, orders, outcomes)


def test_outcomes_distribution_matches_the_engine():
    """Random tic-tac-toe: the batch's win and draw rates agree with the generic random games
    within binomial tolerance (and with the known rates 58.5% / 28.8% / 12.7%)."""
    game = load("tic-tac-toe")
    batch = summary(plan_for(game).playouts(20000, seed=5), 2)
    rng = random.Random(5)
    counts = {1: 0, 2: 0, 0: 0}
    games = 1500
    for _ in range(games):
        state = game.initial_state()
        while not state.is_over():
            state.apply(rng.choice(state.legal_moves()))
        result = state.result()
        counts[0 if result.draw else result.winners[0]] += 1
    for key, known in ((1, 0.585), (2, 0.288), (0, 0.127)):
        rate = (batch["draws"] if key == 0 else batch["wins"][key]) / 20000
        assert abs(rate - known) < 4 * (known * (1 - known) / 20000) ** 0.5
        sigma = (known * (1 - known) / games) ** 0.5
        assert abs(counts[key] / games - rate) < 4 * sigma


def test_same_seed_same_games():
    plan = plan_for(load("gomoku"))
    a, b = plan.playouts(50, seed=9), plan.playouts(50, seed=9)
    assert a.plies.tolist() == b.plies.tolist() and (a.winners == b.winners).all()
    assert a.plies.tolist() != plan.playouts(50, seed=10).plies.tolist()


@pytest.mark.parametrize("name, why", [
    ("alak", "start rules other than scores set to 0"), ("hex", "meta rules"),
    ("loupe", "a play rule that is not a (move Add (to ...))"),
    ("double-run-stone", "start rules other than scores set to 0"),
    ("pente", "placements on (sites Empty) with a condition"),  # Overline/Forbidden below
])
def test_other_rules_are_left_to_the_engine(name, why):
    game = load(name, options=["Overline/Forbidden"] if name == "pente" else [])
    assert plan_for(game) is None
    assert unsupported_reason(game) == why


@pytest.mark.parametrize("end", [
    "(if (is Line 3 through:(last To)) (result Mover Win))",
    "(if (>= (count Pieces Mover) 3) (result Mover Win))",
    "(if (is Line 3) (result Mover Win) (result Next Win))",
])
def test_conditions_it_does_not_read(end):
    assert plan_for(load(game_text("(square 3)", end))) is None


def test_placement_with_a_condition_is_left_to_the_engine():
    text = ('(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) '
            '(rules (play (move Add (to (sites Empty) if:(is Even (to))))) (end (if (is Full) (result All Draw)))))')
    assert "condition" in unsupported_reason(load(text))


# --- games with consequences (captures, scores) or phases: recorded games replayed --------------
def engine_replay_moves(game, moves):
    """Play recorded placements (-1: a pass) through the engine; every one must be legal."""
    state = game.initial_state()
    for site in moves:
        legal = state.legal_moves()
        if site < 0:
            assert [m.text for m in legal] == ["pass"]
            state.apply(legal[0])
        else:
            state.apply(next(m for m in legal if m.kind is not None and m.to == site))
    return state


def assert_same_recorded(game, outcomes: Outcomes):
    for i, moves in enumerate(outcomes.moves):
        state = engine_replay_moves(game, moves)
        result = state.result()
        assert state.is_over() and outcomes.plies[i] == state.ply == len(moves), (i, moves)
        won = [p for p in range(1, game.num_players + 1) if outcomes.winners[i, p]]
        assert (won if not outcomes.draw[i] else []) == (list(result.winners) if not result.draw else [])
        assert bool(outcomes.draw[i]) == result.draw
        assert Outcomes.TERMINATIONS[outcomes.termination[i]] is result.termination



CAPTURE_GAMES = [
    ("pente", [], 12),
    ("pente", ["Board Size/9x9"], 60),
    ("pente", ["Board Size/9x9", "Capture Win/Disabled"], 40),
    ("pente", ["Board Size/9x9", "Capture Three/Enabled"], 40),
    ("pente", ["Board Size/9x9", "Team Mode/Enabled"], 40),  # teams win together, no score on a teammate
    ("pente", ["Board Size/9x9", "Opening/None", "Mixed Capture/Enabled"], 40),
    # removal instead of claims, a fixed region first, exact lines, a draw on a full board
    (game_text("(square 4)", "{(if (is Line 3 exact:True) (result Mover Win)) (if (is Full) (result All Draw))}")
     .replace("(play (move Add (to (sites Empty))))",
              '(play (move Add (to (sites Empty)) (then (custodial (from (last To)) Orthogonal '
              '(between (exact 1) if:(is Next (who at:(between))) (apply (remove (between)))) '
              '(to if:(is Mover (who at:(to))))))))'), [], 300),
]


@pytest.mark.parametrize("source, options, count", CAPTURE_GAMES, ids=lambda v: str(v)[:40])
def test_recorded_games_replay_through_the_engine(source, options, count):
    game = load(source, options=options)
    plan = plan_for(game)
    assert plan is not None, unsupported_reason(game)
    assert not plan.simple
    outcomes = plan.playouts(count, seed=11, record=True)
    assert_same_recorded(game, outcomes)


def test_pente_batch_outcomes_match_the_engine():
    """Random Pente 9x9: the batch's first-player win rate agrees with the engine's."""
    game = load("pente", options=["Board Size/9x9"])
    batch = summary(plan_for(game).playouts(3000, seed=2), 2)
    rng = random.Random(2)
    games = 300
    p1 = 0
    for _ in range(games):
        state = game.initial_state()
        while not state.is_over():
            state.play_random(rng)
        p1 += state.result().winners == [1]
    rate = batch["wins"][1] / 3000
    assert abs(p1 / games - rate) < 4 * (rate * (1 - rate) / games) ** 0.5


def test_more_than_two_players_play_through_the_engine():
    """With three players a result ranks one player and the others play on (Ludii's ranking):
    the batch leaves such games to the engine and says why."""
    game = load(game_text("(square 4)", "(if (is Line 2 exact:True) (result Next Win))", 3))
    assert plan_for(game) is None
    assert "more than two players" in unsupported_reason(game)


@pytest.mark.parametrize("board, play, end, why", [
    # the arrays of a line rule grow with the line: one longer than any on the board is left to
    # the engine (where it never holds) instead of allocating gigabytes
    ("(square 30)", "(move Add (to (sites Empty)))", "(is Line 9000)", "a line longer than any on the board"),
    ("(square 3)", "(move Add (to (sites {})))", "(is Line 3)", "a region without sites"),
    ("(square 3)", '(move Add (to (sites {"A1" "B1"} ) if:False))', "(is Line 3)", "condition"),
])
def test_what_the_batch_cannot_size_is_left_to_the_engine(board, play, end, why):
    text = (f'(game "B" (players 2) (equipment {{(board {board}) (piece "D" Each)}}) '
            f"(rules (play {play}) (end (if {end} (result Mover Win)))))")
    game = load(text)
    assert plan_for(game) is None and why in unsupported_reason(game)
    assert main(["run", text, "-n", "3", "--json"]) == 0  # the engine plays them
