"""The compiled tier against the reference engine on the games its kernels cover beyond the
placement games: Alak (hops, flanked runs), Double-Run Stone (hands, piece values, priority,
steps, groups, player values and piece states, byScore), Loupe (groups valued by their
shortest loops, byValues, turns of two stones, can Move) and Loophole (loops through
passages).

Each case replays fixed-seed random games through both tiers, ply by ply the same legal moves
and the same position (:func:`compare_game`). The heavy run covers every option item with more
seeds, and plays games whose moves the compiled tier draws itself (as its random playouts do)
through the reference engine, which must find each of them legal. Option items that change
only the board share a compiled module, so each distinct module is compiled once.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from interpreter import load
from interpreter.loader import expand_description
from interpreter.native import abi, api as native
from interpreter.native.conformance import compare_game
from interpreter.native.runtime import seed_rng

# (game, options): small boards, one case per compiled module (compiling is the cost: the other
# modules, the other option items and the drawn games are the heavy run's)
# (the default run keeps two of them: each compile costs tens of CPU seconds)
CASES = [
    ("alak", []),
    pytest.param("double-run-stone", ["Board Grid/Hex Limping", "Board Size/Order 3", "Movement Limit/Pieces in play"],
                 marks=pytest.mark.heavy),
    pytest.param("loupe", ["Board Size/7", "Modality/Compound"], marks=pytest.mark.heavy),
    ("loophole-small", []),
]


def compiled(name: str, options: list[str]):
    game = load(name, options=options)
    ng = native.native_game(game)
    assert ng is not None, native.why_not(game)
    return game, ng


def drawn_game(game, ng, seed: int) -> int:
    """Play a game whose moves the compiled tier draws (its playouts' way), each checked legal
    in the reference engine and applied to both; the plies played."""
    rs = np.empty(1, dtype=np.uint64)
    seed_rng(rs, seed)
    out = np.empty(ng._cap, dtype=np.int64)
    state = game.initial_state()
    st = ng.from_state(state)
    plies = 0
    while not state.over:
        code = int(ng.module.py_random_move(st, ng.tables, rs, out))
        assert st[abi.ERROR] == 0
        move = ng.move(state, code)  # raises unless the reference has this move
        state.apply(move)
        ng.apply(st, code)
        plies += 1
        assert bool(st[abi.OVER]) == state.over
    assert tuple(p for p in range(1, game.num_players + 1) if st[abi.WINNERS] >> p & 1) == state.winners
    return plies


def _case_id(case) -> str:
    name, options = case.values if hasattr(case, "values") else case
    return f"{name}-{'-'.join(options) or 'default'}"


@pytest.mark.parametrize("name,options", CASES, ids=[_case_id(c) for c in CASES])
def test_replayed_games_agree(name: str, options: list[str]) -> None:
    game, ng = compiled(name, options)
    for seed in range(3):
        assert compare_game(game, ng, seed) is None, f"seed {seed}"


def test_board_sizes_share_a_module() -> None:
    """Option items that change the board only compile once: the same source, other tables."""
    small = native.native_game(load("loupe", options=["Board Size/7"]))
    large = native.native_game(load("loupe", options=["Board Size/11"]))
    assert small.compiled.key == large.compiled.key
    assert small.layout.n != large.layout.n
    boards = {native.native_game(load("double-run-stone", options=[f"Board Grid/{grid}"])).compiled.key
              for grid in ("Hex Limping", "Square Omni", "Icosahedron")}
    assert len(boards) == 1


@pytest.mark.heavy  # a module of its own (the default run compiles Loophole's loops)
def test_loops_found_at_the_end_agree() -> None:
    """Loupe's groups are valued by their shortest loops: games that end with loops on the
    board end with the reference's scores (compound modality: the sums become the scores)."""
    game, ng = compiled("loupe", ["Board Size/7", "Modality/Compound"])
    looped = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.initial_state()
        st = ng.from_state(state)
        while not state.over:
            move = rng.choice(state.legal_moves())
            ng.apply(st, ng.code(st, move))
            state.apply(move)
        assert list(st[ng.layout.scores:ng.layout.scores + 3]) == state.scores
        looped += any(state.scores[1:])
    assert looped > 0  # some games had groups with loops (non-zero values)


def _all_items(name: str) -> list[list[str]]:
    options = expand_description(name).options
    lists = [[f"{o.label}/{i.name}" for i in o.items] for o in options]
    return [list(c) for c in itertools.product(*lists)]


HEAVY = [(name, opts) for name in ("double-run-stone", "loupe") for opts in _all_items(name)] + [
    ("alak", []), ("loophole-small", []), ("loophole", [])]


@pytest.mark.heavy
@pytest.mark.parametrize("name,options", HEAVY, ids=[f"{n}-{'-'.join(o) or 'default'}" for n, o in HEAVY])
def test_every_option_item_agrees(name: str, options: list[str]) -> None:
    game, ng = compiled(name, options)
    for seed in range(5):
        assert compare_game(game, ng, seed) is None, f"seed {seed}"
    assert drawn_game(game, ng, 17) > 0
