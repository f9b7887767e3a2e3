"""The compiled tier plays exactly as the reference engine does.

Random games (fixed seeds) are played through both tiers at once: at every ply the same legal
move set and the same position (every part of the state vector read back), and the same result.
A property test does the same from random positions, trying every legal move there. Games whose
ludemes lack a kernel run on the reference engine and say which ludeme; a kernel that cannot
honour a parameter refuses the game rather than ignoring it.

The whole set of bundled descriptions and option items is the heavy suite
(``tests/test_native_all.py``); this file keeps to a few games so that it compiles little.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from interpreter import LudError, load
from interpreter.native import abi
from interpreter.native.api import native_game, why_not
from interpreter.native.choice import set_engine, tier_for
from interpreter.native.conformance import compare_game

# one worker of the run (--dist loadgroup) compiles these games' modules, Tic-Tac-Toe's once
pytestmark = pytest.mark.xdist_group("tic-tac-toe-compiled")

GAMES = [("tic-tac-toe", ()), ("hex", ("Board Size/5x5",)), ("pente", ("Board Size/9x9",))]


def native(name: str, options: tuple[str, ...] = ()):
    game = load(name, options=list(options))
    compiled = native_game(game)
    assert compiled is not None, why_not(game)
    return game, compiled


@pytest.mark.parametrize("name,options", GAMES)
def test_random_games_agree_ply_by_ply(name, options):
    game, compiled = native(name, options)
    for seed in range(6):
        assert compare_game(game, compiled, seed) is None


def test_a_line_with_gaps_counts_as_the_reference_does():
    """(is Line 3 contiguous:False): the fast path this tier replaces ignored contiguous:."""
    text = ('(game "Gaps" (players 2) (equipment {(board (square 5)) (piece "Disc" Each)}) '
            '(rules (play (move Add (to (sites Empty)))) (end (if (is Line 3 contiguous:False) '
            '(result Mover Win)))))')
    game = load(text)
    compiled = native_game(game)
    assert compiled is not None, why_not(game)
    for seed in range(20):
        assert compare_game(game, compiled, seed) is None
    # and its random games have the reference's length (games end earlier with gaps allowed)
    plies = compiled.playouts(300, 1).plies.mean()
    rng = random.Random(1)
    lengths = []
    for _ in range(300):
        state = game.initial_state()
        while not state.over:
            state.apply(rng.choice(state.legal_moves()))
        lengths.append(state.ply)
    assert abs(plies - np.mean(lengths)) < 1.0


def test_playouts_depend_on_the_seed_and_the_game_number_only():
    _, compiled = native("tic-tac-toe")
    whole = compiled.playouts(50, 7)
    parts = [compiled.playouts(20, 7, first=0), compiled.playouts(30, 7, first=20)]
    assert list(whole.plies) == list(parts[0].plies) + list(parts[1].plies)
    assert (whole.winners == np.vstack([p.winners for p in parts])).all()
    assert list(compiled.playouts(50, 8).plies) != list(whole.plies)


def test_random_playouts_have_the_reference_distribution():
    """Tic-Tac-Toe between random players: P1 58.5%, P2 28.8%, draws 12.7% (the reference's,
    measured over 100,000 games); 20,000 compiled games are within 1.5 points of each."""
    _, compiled = native("tic-tac-toe")
    out = compiled.playouts(20_000, 3)
    assert abs(out.winners[:, 1].mean() - 0.585) < 0.015
    assert abs(out.winners[:, 2].mean() - 0.288) < 0.015
    assert abs(out.draw.mean() - 0.127) < 0.015


def _random_position(game, seed: int):
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(rng.randrange(0, 40)):
        if state.over:
            break
        state.apply(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("name,options", [("pente", ("Board Size/9x9",)), ("hex", ("Board Size/5x5",))])
@settings(max_examples=20, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_every_move_of_a_random_position_does_the_same(name, options, seed):
    """From random positions (converted to the compiled tier's state vector: Hex's groups are
    worked out from the position), every legal move gives the reference's position and result."""
    game, compiled = native(name, options)
    state = _random_position(game, seed)
    st0 = compiled.from_state(state)
    names = tuple(a for a in compiled.layout.arrays if a not in compiled.layout.derived)
    codes = compiled.legal(st0)
    assert sorted(compiled.key(int(c)) for c in codes) == sorted(m.key() for m in state.legal_moves())
    for code in codes:
        move = compiled.move(state, int(code))
        after = st0.copy()
        compiled.apply(after, int(code))
        state.apply(move)
        assert compiled.layout.snapshot(after) == compiled.layout.reference_snapshot(state, names)
        assert bool(after[abi.OVER]) == state.over
        state.undo()


def test_mcts_on_the_compiled_tier_finds_the_winning_line():
    """From this position X (to move) wins at once at C1; the search returns a legal move and
    the winning one."""
    game, compiled = native("tic-tac-toe")
    state = game.state_from_text("board: |\n  3 . . .\n  2 o o .\n  1 x x .\nmover: 1\n")
    st0 = compiled.from_state(state)
    assert compiled.key(compiled.winning_move(st0)) == state.parse_move("C1").key()
    code, done = compiled.mcts(st0, 500, None, 1.4, 400, 1)
    assert done == 500
    assert compiled.move(state, code) in state.legal_moves()


def test_a_ludeme_without_a_kernel_leaves_the_game_to_the_reference_engine():
    text = ('(game "Rep" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) '
            '(rules (meta (no Repeat)) (play (move Add (to (sites Empty)))) (end (if (is Full) (result All Draw)))))')
    game = load(text)
    assert native_game(game) is None
    assert "no Repeat" in why_not(game)
    assert tier_for(game).name == "reference"
    set_engine("compiled")
    try:
        with pytest.raises(LudError, match="cannot play this game"):
            tier_for(game)
    finally:
        set_engine("reference")


def test_a_parameter_a_kernel_cannot_honour_refuses_the_game():
    text = ('(game "X" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) '
            '(rules (play (move Add (to (sites Empty)))) (end (if (is Line 3 exact:(is Empty 0)) '
            '(result Mover Win)))))')
    game = load(text)
    assert native_game(game) is None
    assert "exact" in why_not(game)


def test_errors_of_the_rules_are_raised_as_the_reference_raises_them():
    """A score pushed past 32 bits is an error in both tiers."""
    text = ('(game "Big" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) '
            '(rules (play (move Add (to (sites Empty)) (then (addScore Mover 2000000000)))) '
            '(end (if (is Full) (result All Draw)))))')
    game = load(text)
    compiled = native_game(game)
    assert compiled is not None, why_not(game)
    st0 = compiled.initial()
    compiled.apply(st0, int(compiled.legal(st0)[0]))
    compiled.apply(st0, int(compiled.legal(st0)[0]))
    with pytest.raises(LudError, match="out of range"):
        compiled.apply(st0, int(compiled.legal(st0)[0]))
    assert st0[abi.ERROR] == 0


def test_playout_metrics_on_the_compiled_tier_measure_what_the_reference_measures():
    """The same metrics from 1,500 random games on each tier agree within sampling error."""
    from interpreter.concept.metrics import native_records, run_playouts, summarise
    game, compiled = native("tic-tac-toe")
    reference = summarise(run_playouts(game, 1500, seed=4), 2)
    fast = summarise(native_records(compiled, 1500, 4), 2)
    for name, tolerance in (("DurationMoves", 0.15), ("BranchingFactorAverage", 0.1), ("AdvantageP1", 0.05),
                            ("DrawRate", 0.04), ("BoardCoverageDefault", 0.02), ("DecisionMoves", 0.02)):
        assert abs(fast[name].mean - reference[name].mean) < tolerance, name


def test_every_kernel_of_a_ludeme_is_a_method_of_its_class():
    """One meaning per rule, in one place: a ludeme's kernel sits in its class beside its
    reference ``compile`` (the registry holds only classes that are not ludemes)."""
    import interpreter.native.kernels  # noqa: F401  (the helpers, and the registrations left)
    from interpreter.ludemes.base import REGISTRY, Ludeme
    from interpreter.native.emit import KERNELS, ROLES, find_kernel
    assert sorted(f"{cls.__name__} {role}" for cls, role in KERNELS if issubclass(cls, Ludeme)) == []
    with_kernels = {cls for cls in set(REGISTRY.values()) if any(find_kernel(cls, r) for r in ROLES)}
    assert len(with_kernels) > 100  # the placement games' ludemes and far beyond
    for cls in with_kernels:
        for role in ROLES:
            method = getattr(cls, f"kernel_{role}", None)
            assert method is None or callable(method), (cls, role)
