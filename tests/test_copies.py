"""States and games copy, deep-copy and pickle: a copy is independent of its original (a move on
it leaves the original alone), and a pickled state goes to another process and comes back the
same position, with the same legal moves and the same undo history."""

from __future__ import annotations

import copy
import multiprocessing
import pickle
import random

import pytest

from interpreter import load
from interpreter.engine.state import State

GAMES = ["tic-tac-toe", "alak", "pente", "hex", "loupe", "double-run-stone", "loophole-small"]


def midgame(name: str, plies: int = 8, seed: int = 3) -> State:
    state = load(name).initial_state()
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_moves()))
    return state


def same(a: State, b: State) -> None:
    assert a.snapshot() == b.snapshot()
    assert [str(m) for m in a.legal_moves()] == [str(m) for m in b.legal_moves()]
    assert [str(m) for m in a.history] == [str(m) for m in b.history]


@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy, lambda s: pickle.loads(pickle.dumps(s))],
                         ids=["copy", "deepcopy", "pickle"])
@pytest.mark.parametrize("name", GAMES)
def test_a_copy_is_the_same_position_and_independent(name, how):
    state = midgame(name)
    before = state.snapshot()
    other = how(state)
    same(other, state)
    if not other.is_over():
        other.apply(other.legal_moves()[-1])
        assert state.snapshot() == before, "a move on the copy changed the original"
        other.undo()
    while other.history:  # the copy's undo history is complete
        other.undo()
    assert other.snapshot() == other.game.initial_state().snapshot()
    assert state.snapshot() == before


def test_a_game_pickles_as_the_same_game_with_its_turn_limit():
    game = load("pente", options=["Board Size/9x9"]).with_turn_limit(40)
    again = pickle.loads(pickle.dumps(game))
    assert again.same_as(game) and again.options == game.options and again.turn_limit == 40
    assert copy.deepcopy(game) is game  # read-only: the same object


def test_a_game_built_without_a_description_says_why_it_cannot_be_pickled():
    game = load("tic-tac-toe")
    bare = copy.copy(game)
    object.__setattr__(bare, "info", type(game.info)(name=game.info.name, players=2))
    with pytest.raises(TypeError, match="not loaded from a description"):
        pickle.dumps(bare)


def _play_on(state: State) -> State:
    """In another process: one more move."""
    state.apply(state.legal_moves()[0])
    return state


def test_a_state_goes_to_another_process_and_back():
    state = midgame("alak", plies=5)
    here = state.clone()
    here.apply(here.legal_moves()[0])
    context = multiprocessing.get_context("spawn")  # a fresh interpreter: everything crosses by pickle
    with context.Pool(1) as pool:
        there = pool.apply(_play_on, (state,))
    same(there, here)
