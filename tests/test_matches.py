"""Agents with budgets (iterations, seconds, depth), many players and multi-ply turns; matches
with rotating seats, Wilson intervals and the same results whatever the number of processes."""

from __future__ import annotations

import json

import pytest

from interpreter import load
from interpreter.agents import AgentSpecError, AlphaBetaAgent, FlatMCAgent, MCTSAgent, RandomAgent, make_agent
from interpreter.cli import main
from interpreter.match import MatchSummary, game_seed, play_match, seating, wilson

NINE = "Board Size/9x9"

# four in a row on a 4x4 grid, two stones a turn (after each odd-numbered stone of the mover,
# the same player moves again): a turn is two plies by one mover
DOUBLE = """
(game "Double Four"
    (players 2)
    (equipment {(board (square 4)) (piece "Disc" Each)})
    (rules
        (play (move Add (to (sites Empty))
            (then (if (or (or (= (count Pieces Mover) 1) (= (count Pieces Mover) 3))
                          (or (= (count Pieces Mover) 5) (= (count Pieces Mover) 7)))
                      (moveAgain)))))
        (end {(if (is Line 4) (result Mover Win)) (if (is Full) (result All Draw))})
    )
)
"""


def call(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# --- agents -------------------------------------------------------------------------------------------
def test_mcts_time_budget_stops_on_time(clock):
    state = load("pente", options=[NINE]).initial_state()
    state.apply("E5")
    agent = MCTSAgent(seed=1, seconds=0.2)
    assert agent.iterations is None
    agent.choose(state)
    # the budget reads the clock once per iteration: 0.2 s of 1 ms readings is 200 iterations,
    # and the first iteration is always allowed
    assert agent.stats.decisions == 1 and 190 <= agent.stats.iterations <= 201
    spent = agent.stats.seconds  # on the fake clock: 200 readings of 1 ms
    assert 0.19 <= spent <= 0.21
    both = MCTSAgent(seed=1, seconds=30, iterations=20)
    both.choose(state)
    assert both.stats.iterations == 20  # whichever runs out first


def test_mcts_plays_a_turn_of_two_plies_to_win():
    game = load(DOUBLE)
    state = game.state_from_text("board: |\n  4 . . . .\n  3 o o . .\n  2 . . . .\n  1 x x . .\nmover: 1\n")
    agent = MCTSAgent(seed=1, iterations=400)
    first = state.apply(agent.choose(state))
    assert state.mover == 1 and not state.is_over(), "the turn goes on: P1 places a second stone"
    state.apply(agent.choose(state))
    assert {str(first), str(state.history[-1])} == {"C1", "D1"}
    assert state.is_over() and state.result().winners == [1]


def test_mcts_blocks_a_two_ply_threat():
    game = load(DOUBLE)
    # o threatens A3 B3 + C3 D3 in one turn; x (to play two stones) must block the row
    state = game.state_from_text("board: |\n  4 . . . .\n  3 o o . .\n  2 . . . .\n  1 x . . .\nmover: 1\n"
                                 "scores: {}\n")
    agent = MCTSAgent(seed=5, iterations=1500)
    state.apply(agent.choose(state))
    state.apply(agent.choose(state))
    row3 = {str(m) for m in state.history} & {"C3", "D3"}
    assert row3, f"x played {[str(m) for m in state.history]} and left o's row open"


def test_mcts_wins_for_the_third_player():
    game = load("pente", options=[NINE, "Players/3"])
    state = game.state_from_text("""mover: 3
phase: General
board: |
  9 . . . . . . . . .
  8 . . . . . . . . .
  7 . . . . . . . . .
  6 x x . . . . . . .
  5 o o . . . . . . .
  4 . . . . . . . . .
  3 . + + + . . . . .
  2 . . . . . . . . .
  1 . . . . . . . . .
    A B C D E F G H I
""")
    move = MCTSAgent(seed=1, iterations=300).choose(state)
    assert str(move) in {"A3", "E3"}  # four in a row wins with three players


def test_flat_monte_carlo_finds_the_win_and_is_seeded():
    state = load("tic-tac-toe").state_from_text("board: |\n  3 . . .\n  2 o o .\n  1 x x .\nmover: 1\n")
    assert str(FlatMCAgent(seed=1, iterations=300).choose(state)) == "C1"
    start = load("gomoku").initial_state()
    assert FlatMCAgent(seed=4, iterations=30, playout=5).choose(start) == \
        FlatMCAgent(seed=4, iterations=30, playout=5).choose(start)


def test_alphabeta_blocks_and_wins():
    game = load("tic-tac-toe")
    block = game.state_from_text("board: |\n  3 . . .\n  2 . x .\n  1 o o x\nmover: 2\n")
    assert str(AlphaBetaAgent(seed=1, depth=2).choose(block)) == "A3"
    win = game.state_from_text("board: |\n  3 . . .\n  2 o o .\n  1 x x .\nmover: 1\n")
    assert str(AlphaBetaAgent(seed=1, depth=1).choose(win)) == "C1"


def test_alphabeta_never_loses_tic_tac_toe():
    game = load("tic-tac-toe")
    for seed in range(2):
        for seat in (1, 2):
            agents = {seat: AlphaBetaAgent(seed=seed, depth=4), 3 - seat: RandomAgent(seed)}
            state = game.initial_state()
            while not state.is_over():
                state.apply(agents[state.mover].choose(state))
            assert seat in state.result().winners or state.result().draw


def test_alphabeta_evaluation_counts_material_and_score():
    game = load("pente", options=[NINE])
    state = game.state_from_text("mover: 1\nscores: {1: 2, 2: 0}\nboard: |\n" + "\n".join(
        f"  {r} " + " ".join("x" if (r, c) in {(1, 0), (1, 1)} else "." for c in range(9)) for r in range(9, 0, -1))
        + "\n")
    assert AlphaBetaAgent.evaluate(state, 1) > 0 > AlphaBetaAgent.evaluate(state, 2)


def test_alphabeta_time_budget(clock):
    clock.step = 0.01
    state = load("pente", options=[NINE]).initial_state()
    state.apply("E5")
    agent = AlphaBetaAgent(seed=1, seconds=0.3)
    before = state.snapshot()
    agent.choose(state)
    assert state.snapshot() == before
    # the clock is read every 64 nodes: 0.3 s of 10 ms readings is at most 30 readings
    assert 0 < agent.stats.iterations <= 64 * 31 and clock.readings <= 33


@pytest.mark.parametrize("spec, message", [
    ("mcts:seconds=0", "seconds must be a number more than 0 and at most 3600, not 0"),
    ("mcts:seconds=nan", "seconds must be a number"),
    ("mcts:seconds=true", "seconds must be a number"),
    ("flat:iterations=0", "iterations must be a whole number from 1 to 1000000"),
    ("flat:c=1", "no parameter 'c'"),
    ("alphabeta:depth=0", "depth must be a whole number from 1 to 64, not 0"),
    ("alphabeta:depth=2.5", "depth must be a whole number"),
    ("alphabeta:iterations=3", "no parameter 'iterations'"),
])
def test_bad_budgets(spec, message):
    with pytest.raises(AgentSpecError, match=message):
        make_agent(spec, seed=1)


# --- matches ------------------------------------------------------------------------------------------
def test_wilson_interval():
    lo, hi = wilson(45, 50)
    assert lo == pytest.approx(0.7864, abs=1e-3) and hi == pytest.approx(0.9565, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_seats_rotate_and_seeds_are_per_game():
    assert seating(0, 2, 2) == {1: 0, 2: 1}
    assert seating(1, 2, 2) == {2: 0, 1: 1}
    assert seating(2, 3, 3) == {3: 0, 1: 1, 2: 2}
    assert game_seed(0, 1) != game_seed(0, 2) != game_seed(1, 1)
    assert game_seed(5, 3) == game_seed(5, 3)


def test_match_results_do_not_depend_on_the_number_of_processes():
    specs = ["mcts:iterations=30", "random"]
    one = play_match("tic-tac-toe", specs, 6, seed=3, jobs=1)
    two = play_match("tic-tac-toe", specs, 6, seed=3, jobs=2)
    assert [o.moves for o in one] == [o.moves for o in two]
    assert [o.result for o in one] == [o.result for o in two]
    assert [o.index for o in two] == list(range(6))
    summary = MatchSummary.of(specs, 2, one)
    mcts, rnd = summary.agents
    assert mcts.games == rnd.games == 6
    assert mcts.wins == rnd.losses and mcts.losses == rnd.wins and mcts.draws == rnd.draws
    assert set(summary.seats[0]) == {1, 2} and summary.seats[0][1].games == 3
    assert summary.iterations_per_second[0] > 0 and summary.iterations_per_second[1] is None


def test_match_command(capsys, tmp_path):
    record = tmp_path / "match.jsonl"
    code, out, err = call(capsys, "match", "tic-tac-toe", "--agents", "mcts:iterations=40", "random",
                          "--games", "4", "--seed", "2", "--record", str(record))
    assert code == 0, err
    assert "1. mcts:iterations=40" in out and "as P1" in out and "as P2" in out
    assert "95% Wilson" in out
    lines = record.read_text().splitlines()
    assert len(lines) == 4
    first, second = json.loads(lines[0]), json.loads(lines[1])
    assert first["agents"] == {"1": "mcts:iterations=40", "2": "random"}
    assert second["agents"] == {"1": "random", "2": "mcts:iterations=40"}
    code, out, err = call(capsys, "replay", str(record))
    assert code == 0, err
    assert "4 games replayed, every move legal" in out


def test_match_json(capsys):
    code, out, _ = call(capsys, "match", "alak", "--agents", "random", "random", "--games", "3", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 3 and data["interval"] == "Wilson score, 95%"
    first = data["agents"][0]
    assert first["wins"] + first["losses"] + first["draws"] == 3
    lo, hi = first["win_rate_95"]
    assert 0 <= lo <= first["win_rate"] <= hi <= 1


@pytest.mark.parametrize("args, message", [
    (["match", "alak", "--agents", "random", "--games", "2"], "--agents names 1 agent but the game has 2 players"),
    (["match", "alak", "--agents", "random", "mcts:depth=2"], "agent 2: agent 'mcts' has no parameter 'depth'"),
    (["match", "alak", "--agents", "human", "random"], "agent 1: 'human' agents can only 'ludeme play'"),
    (["match", "alak", "--agents", "random", "random", "--jobs", "0"], "must be from 1 to"),
    (["match", "alak", "--agents", "random", "random", "--games", "0"], "must be from 1 to"),
])
def test_match_usage_errors(capsys, args, message):
    code, _, err = call(capsys, *args)
    assert code == 2 and message in err, err
    assert "Traceback" not in err


def test_docstring_examples():
    import doctest

    import interpreter.render
    from interpreter.agents import alphabeta, flat
    for module in (alphabeta, flat, interpreter.render):
        result = doctest.testmod(module)
        assert result.attempted >= 1 and result.failed == 0, module.__name__
