"""Agents: the random baseline and Monte Carlo tree search, through the API and the spec syntax."""

from __future__ import annotations

import pytest

from interpreter import load
from interpreter.agents import AgentSpecError, MCTSAgent, RandomAgent, make_agent


def play(game, agents: dict[int, object]) -> list[int]:
    state = game.initial_state()
    while not state.is_over():
        state.apply(agents[state.mover].choose(state))
    return state.result().winners


def test_mcts_takes_an_immediate_win():
    game = load("tic-tac-toe")
    state = game.state_from_text("board: |\n  3 . . .\n  2 o o .\n  1 x x .\nmover: 1\n")
    assert str(MCTSAgent(seed=3, iterations=300).choose(state)) == "C1"


def test_mcts_blocks_an_immediate_loss():
    game = load("tic-tac-toe")
    state = game.state_from_text("board: |\n  3 . . .\n  2 . x .\n  1 o o x\nmover: 2\n")
    # x threatens A3 (C1-B2-A3) and nothing else: o must block there
    assert str(MCTSAgent(seed=4, iterations=600).choose(state)) == "A3"


def test_mcts_never_loses_tic_tac_toe_against_random():
    game = load("tic-tac-toe")
    for seed in range(8):
        winners = play(game, {1: MCTSAgent(seed=seed, iterations=300), 2: RandomAgent(100 + seed)})
        assert winners in ([], [1]), seed


@pytest.mark.parametrize("games, iterations, least", [
    (4, 30, 3),
    pytest.param(8, 60, 7, marks=pytest.mark.heavy),  # more games, a stronger search
])
def test_mcts_beats_random_at_alak(games, iterations, least):
    game = load("alak")
    wins = 0
    for seed in range(games):
        winners = play(game, {1: RandomAgent(seed), 2: MCTSAgent(seed=seed, iterations=iterations)})
        wins += winners == [2]
    assert wins >= least


def test_mcts_leaves_the_position_untouched():
    state = load("pente", options=["Board Size/9x9"]).initial_state()
    state.apply("E5")
    before = state.snapshot()
    MCTSAgent(seed=1, iterations=30, playout=20).choose(state)
    assert state.snapshot() == before


def test_agents_are_deterministic_for_a_seed():
    state = load("gomoku").initial_state()
    a = MCTSAgent(seed=9, iterations=40, playout=10).choose(state)
    b = MCTSAgent(seed=9, iterations=40, playout=10).choose(state)
    assert a == b
    assert RandomAgent(5).choose(state) == RandomAgent(5).choose(state)


def test_docstring_examples():
    import doctest

    from interpreter.agents import mcts, random_agent
    for module in (mcts, random_agent):
        result = doctest.testmod(module)
        assert result.attempted >= 1 and result.failed == 0, module.__name__


@pytest.mark.parametrize("spec, message", [
    ("mcts:iterations=0", "iterations must be a whole number from 1 to 1000000, not 0"),
    ("mcts:iterations=many", "iterations must be a whole number from 1 to 1000000, not 'many'"),
    ("mcts:iterations=1.5", "iterations must be a whole number from 1 to 1000000, not 1.5"),
    ("mcts:iterations=true", "iterations must be a whole number from 1 to 1000000, not True"),
    ("mcts:iterations=99999999999999999999", "iterations must be a whole number from 1 to 1000000"),
    ("mcts:playout=-1", "playout must be a whole number from 0 to 1000000, not -1"),
    ("mcts:playout=2.0", "playout must be a whole number from 0 to 1000000, not 2.0"),
    ("mcts:c=nan", "c must be a number from 0 to 100, not nan"),
    ("mcts:c=inf", "c must be a number from 0 to 100, not inf"),
    ("mcts:c=-1", "c must be a number from 0 to 100, not -1"),
    ("mcts:c=x", "c must be a number from 0 to 100, not 'x'"),
    ("mcts:seed=1.5", "seed must be an integer"),
    ("mcts:seed=true", "seed must be an integer"),
    ("random:seed=nan", "seed must be an integer"),
    ("mcts:depth=3", "no parameter 'depth'"),
    ("alphazero", "unknown agent"),
])
def test_bad_agent_specs(spec, message):
    with pytest.raises(AgentSpecError, match=message):
        make_agent(spec, seed=1)


def test_agent_spec_builds_mcts():
    agent = make_agent("mcts:iterations=25,c=0.7", seed=2)
    assert isinstance(agent, MCTSAgent) and agent.iterations == 25 and agent.c == 0.7


def _accepted_specs() -> list:
    """Every agent with each of its parameters at the small values it accepts (the low end of
    its range: a budget of a microsecond, one iteration, depth 1...). The exploration constant
    ``c`` is tried on a small iteration budget here, and on the default budget (a thousand
    simulations a move) in the heavy run."""
    from interpreter.agents.spec import _FACTORIES, AgentSpecError
    specs = []
    for name, (_, params, _) in sorted(_FACTORIES.items()):
        specs.append(name)
        for param in sorted(params):
            for value in ("1e-9", "1e-6", "0", "1", "0.5", "2"):
                spec = f"{name}:{param}={value}"
                try:
                    make_agent(spec, 0)
                except AgentSpecError:
                    continue
                if param == "c":
                    specs += [spec + ",iterations=50", pytest.param(spec, marks=pytest.mark.heavy)]
                else:
                    specs.append(spec)
    return specs


@pytest.mark.parametrize("spec", _accepted_specs())
def test_every_accepted_budget_gives_a_legal_move(spec, clock):
    """(Time budgets on a clock that moves 50 ms a reading: ``seconds=2`` is 40 readings.)"""
    clock.step = 0.05
    for name in ("tic-tac-toe", "alak"):
        state = load(name).initial_state()
        agent = make_agent(spec, 3)
        for _ in range(3):
            if state.is_over():
                break
            move = agent.choose(state)
            assert move in state.legal_moves(), (spec, name, move)
            state.apply(move)
