"""The OpenSpiel adapter: OpenSpiel's conventions exactly, checked by OpenSpiel's own tools."""

from __future__ import annotations

import pytest

from interpreter import IllegalMoveError, load
from interpreter.openspiel import TERMINAL, SpielGame


def play_texts(state, texts):
    for text in texts:
        state.apply_action(state.string_to_action(text))


def test_players_are_zero_based_and_terminal_is_minus_four():
    game = SpielGame(load("tic-tac-toe"))
    state = game.new_initial_state()
    assert state.current_player() == 0
    play_texts(state, ["A1", "A2", "B1", "B2"])
    assert state.current_player() == 0
    play_texts(state, ["C1"])  # P1 (player 0) completes the bottom row
    assert state.is_terminal()
    assert state.current_player() == TERMINAL == -4
    assert state.returns() == [1.0, -1.0]
    assert state.legal_actions() == []


def test_the_player_who_just_won_gets_one():
    # the defect this adapter fixes: returns()[current_player()] was -1.0 for the winner
    game = SpielGame(load("tic-tac-toe"))
    state = game.new_initial_state()
    play_texts(state, ["A1", "A2", "B1", "B2"])
    winner = state.current_player()
    play_texts(state, ["C1"])
    assert state.returns()[winner] == 1.0


def test_actions_are_stable_integers_with_text():
    game = SpielGame(load("pente", options=["Board Size/9x9", "Opening/None"]))
    state = game.new_initial_state()
    actions = state.legal_actions()
    assert actions == sorted(actions) and len(actions) == 81
    assert all(0 <= a < game.num_distinct_actions() for a in actions)
    e5 = state.string_to_action("E5")
    assert state.action_to_string(0, e5) == "E5" and state.action_to_string(e5) == "E5"
    state.apply_action(e5)
    # the same move means the same action in another state: P2's placement on E6
    other = game.new_initial_state()
    other.apply_action(other.string_to_action("A1"))
    assert state.string_to_action("E6") == other.string_to_action("E6")
    assert state.legal_actions(0) == []  # not player 0's turn


def test_undo_action_takes_the_player_and_the_action():
    game = SpielGame(load("tic-tac-toe"))
    state = game.new_initial_state()
    b2 = state.string_to_action("B2")
    state.apply_action(b2)
    with pytest.raises(IllegalMoveError):
        state.undo_action(0, b2 + 1)
    state.undo_action(0, b2)
    assert state.history() == [] and state.current_player() == 0


def test_clone_is_independent_and_illegal_actions_are_refused():
    game = SpielGame(load("tic-tac-toe"))
    state = game.new_initial_state()
    copy = state.child(state.string_to_action("B2"))
    assert state.history() == [] and len(copy.history()) == 1
    with pytest.raises(IllegalMoveError):
        copy.apply_action(copy.history()[0])


def test_openspiel_runs_its_own_checks_and_bots_on_our_games():
    pyspiel = pytest.importorskip("pyspiel")
    np = pytest.importorskip("numpy")
    from open_spiel.python.algorithms import mcts

    from interpreter.openspiel import register

    registered = register(load("pente", options=["Board Size/9x9"]), "ludeme_test_pente_9")
    pyspiel.random_sim_test(registered, num_sims=3, serialize=False, verbose=False)
    alak = register(load("alak"), "ludeme_test_alak")
    pyspiel.random_sim_test(alak, num_sims=5, serialize=False, verbose=False)

    # OpenSpiel's MCTS bot, with its random rollouts, against a uniformly random player
    game = SpielGame(load("tic-tac-toe"))
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(game, 1.4, 300, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    for first in (0, 1):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == first:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        assert state.returns()[first] >= 0.0  # never loses to random play


def _sample_games() -> list:
    from conftest import LUDII_SAMPLE
    return sorted(LUDII_SAMPLE.glob("*.lud")) if LUDII_SAMPLE.is_dir() else []


@pytest.mark.parametrize("path", _sample_games(), ids=lambda p: p.stem.split("__")[-1])
def test_every_move_of_every_game_is_an_action(path):
    """Every kind of move has its action (site choices too: every mancala file, Press Ups),
    distinct within a position and read back from its text."""
    import random

    from interpreter import LudError
    try:
        game = load(str(path))
    except LudError:
        return  # a file the interpreter refuses with a located error: nothing to adapt
    if game.simulation:  # nobody moves: OpenSpiel has no form for it (tests/test_simulation.py)
        with pytest.raises(ValueError, match="simulation"):
            SpielGame(game)
        return
    spiel = SpielGame(game)
    state = spiel.new_initial_state()
    rng = random.Random(0)
    for _ in range(30):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        assert len(set(actions)) == len(actions) and all(0 <= a < spiel.num_distinct_actions() for a in actions)
        action = rng.choice(actions)
        assert state.string_to_action(state.action_to_string(action)) == action
        state.apply_action(action)


def test_openspiel_plays_a_mancala_game():
    pyspiel = pytest.importorskip("pyspiel")
    from conftest import LUDII_SAMPLE
    wari = LUDII_SAMPLE / "board__sow__two_rows__Wari.lud"
    if not wari.exists():
        pytest.skip("Ludii's sample is not present")
    from interpreter.openspiel import register
    registered = register(load(str(wari)), "ludeme_test_wari")
    pyspiel.random_sim_test(registered, num_sims=2, serialize=False, verbose=False)


def test_a_text_played_another_way_is_one_block_on_and_hand_sites_are_numbered():
    from conftest import LUDII_SAMPLE
    path = LUDII_SAMPLE / "board__sow__other__Okwe (Achalla).lud"
    if not path.exists():
        pytest.skip("Ludii's sample is not present")
    spiel = SpielGame(load(str(path)))
    space, state = spiel.actions, spiel.new_initial_state()
    first, third = state.string_to_action("B1"), state.string_to_action("B1/3")
    assert third == first + 2 * space.block  # B1 sown with another count: two blocks on
    assert state.action_to_string(third) == "B1/3"
    # a move into a hand names a site after the board's, inside the space
    game = SpielGame(load(str(LUDII_SAMPLE / "math__Aksadyuta.lud")))
    assert game.actions.sites > game.game.topology.n
