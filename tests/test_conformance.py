"""Generic conformance: every bundled description, under every option item, obeys the State API.

For each description (and, when it declares options, for each item of each option, chosen one at
a time) the game loads, random playouts end with a legal result within the turn limit, every
legal move has a unique text that parses back, undo restores the position exactly, clones are
independent, and the position text reads back to the same state. Perft-style counts pin the
move generation of two small games to numbers derived here from their rules.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from interpreter import MoveError, load
from interpreter.loader import expand_description
from interpreter.resources import bundled_descriptions

PLAYOUTS = 20
BIG_BOARD_PLAYOUTS = 3  # for boards over BIG_BOARD sites (Pente and Gomoku on 19x19)
BIG_BOARD = 200
SEEDS = range(1000, 1000 + PLAYOUTS)


SIZE_OPTION = "Board Size"


@cache
def game_for(name: str, options: tuple[str, ...]):
    return load(name, options=list(options))


def _configs() -> list[tuple[str, tuple[str, ...]]]:
    """(name, options): the defaults, or each item of each option in turn.

    Items of other options are played on the smallest board the description offers, to keep
    the suite quick; each board size is covered by its own configuration.
    """
    configs = []
    for name in bundled_descriptions():
        options = expand_description(name).options
        if not options:
            configs.append((name, ()))
        sizes = [o for o in options if o.label == SIZE_OPTION]
        small: tuple[str, ...] = ()
        if sizes:  # (game_for: the tests of these configurations find them loaded)
            item = min(sizes[0].items, key=lambda i: game_for(name, (f"{SIZE_OPTION}/{i.name}",)).topology.n)
            small = (f"{SIZE_OPTION}/{item.name}",)
        for option in options:
            for item in option.items:
                choice = f"{option.label}/{item.name}"
                configs.append((name, (choice,) if option.label == SIZE_OPTION else (choice,) + small))
    return configs


CONFIGS = _configs()
IDS = [name + "".join(f"[{o}]" for o in opts) for name, opts in CONFIGS]
assert len(set(IDS)) == len(IDS)


@pytest.fixture(params=CONFIGS, ids=IDS)
def game(request):
    name, options = request.param
    return game_for(name, options)


def playouts_for(game) -> int:
    return BIG_BOARD_PLAYOUTS if game.topology.n > BIG_BOARD else PLAYOUTS


def random_moves(state, rng: random.Random, count: int) -> list:
    """Play up to ``count`` random moves (fewer if the game ends); return the moves played."""
    played = []
    while len(played) < count and not state.is_over():
        played.append(state.apply(rng.choice(state.legal_moves())))
    return played


def play_out(game, seed: int):
    state = game.initial_state()
    random_moves(state, random.Random(seed), game.turn_limit + 1)
    return state


def move_texts(state) -> list[str]:
    return [str(m) for m in state.legal_moves()]


# --- loading and playing ---------------------------------------------------------------------
def test_every_bundled_description_is_covered():
    names = {name for name, _ in CONFIGS}
    assert names == set(bundled_descriptions())
    assert {"alak", "pente", "tic-tac-toe"} <= names


def test_loads(game):
    assert game.name and game.num_players >= 1
    assert game.turn_limit > 0
    state = game.initial_state()
    assert not state.is_over()
    assert state.ply == 0 and state.mover == 1
    assert state.legal_moves()
    assert not state.result().over


def assert_legal_result(game, state) -> None:
    players = set(range(1, game.num_players + 1))
    result = state.result()
    assert state.is_over() and result.over
    assert set(result.winners) <= players, result
    assert set(result.losers) <= players, result
    assert not set(result.winners) & set(result.losers), result
    assert result.draw != bool(result.winners), f"draw xor winners: {result}"
    assert result.reason, result
    assert state.ply <= game.turn_limit
    if result.reason == "turn limit":
        assert state.ply == game.turn_limit and result.draw
    assert state.legal_moves() == ()
    with pytest.raises(MoveError):
        state.apply("pass")


def test_random_playouts_end_with_a_legal_result(game):
    for seed in SEEDS[:playouts_for(game)]:
        state = game.initial_state()
        rng = random.Random(seed)
        while not state.is_over():
            assert state.ply < game.turn_limit, f"seed {seed}: the game went past its turn limit"
            moves = state.legal_moves()
            assert moves, f"seed {seed}, ply {state.ply}: no legal move (not even a pass)"
            texts = [str(m) for m in moves]
            if len(set(texts)) != len(texts):
                duplicates = sorted({t for t in texts if texts.count(t) > 1})
                pytest.fail(f"seed {seed}, ply {state.ply}: move texts not unique: {duplicates}")
            state.apply(rng.choice(moves))
        assert_legal_result(game, state)


def test_every_move_text_parses_back(game):
    # parse_move looks at the whole move list, so checking every move of every position is
    # quadratic: a few games here (one on big boards), all moves of every position.
    for seed in SEEDS[:1 if game.topology.n > BIG_BOARD else 3]:
        state = game.initial_state()
        rng = random.Random(seed)
        while not state.is_over():
            for move in state.legal_moves():
                text = str(move)
                assert state.parse_move(text) == move, f"seed {seed}, ply {state.ply}: {text!r}"
                assert str(state.parse_move(text)) == text
            state.apply(rng.choice(state.legal_moves()))


def test_playouts_are_deterministic(game):
    a = play_out(game, 7)
    b = play_out(game, 7)
    assert [str(m) for m in a.history] == [str(m) for m in b.history]
    assert a.snapshot() == b.snapshot()


# --- undo, clone, text -----------------------------------------------------------------------
def test_undo_restores_every_step(game):
    for seed in SEEDS[:5]:
        rng = random.Random(seed)
        state = game.initial_state()
        random_moves(state, rng, rng.randrange(0, 30))
        if state.is_over():
            continue
        start = state.snapshot()
        start_moves = move_texts(state)
        before: list[tuple[tuple, list[str]]] = []
        played = []
        for _ in range(rng.randrange(1, 12)):
            if state.is_over():
                break
            before.append((state.snapshot(), move_texts(state)))
            played.append(state.apply(rng.choice(state.legal_moves())))
        for move, (snapshot, texts) in zip(reversed(played), reversed(before)):
            assert state.undo() == move
            assert state.snapshot() == snapshot, f"seed {seed}: undo of {move} did not restore the position"
            assert move_texts(state) == texts, f"seed {seed}: legal moves differ after undoing {move}"
        assert state.snapshot() == start and move_texts(state) == start_moves


def test_undo_of_a_whole_game_restores_the_start(game):
    for seed in SEEDS[:2]:
        initial = game.initial_state().snapshot()
        state = play_out(game, seed)
        plies = state.ply
        for _ in range(plies):
            state.undo()
        assert state.snapshot() == initial, f"seed {seed}: undoing {plies} plies"
        with pytest.raises(MoveError):
            state.undo()


def test_clone_is_independent(game):
    rng = random.Random(3)
    state = game.initial_state()
    random_moves(state, rng, 4)
    if state.is_over():
        pytest.skip("the game ended before the clone point")
    original = state.snapshot()
    original_moves = move_texts(state)
    copy = state.clone()
    assert copy.snapshot() == original and move_texts(copy) == original_moves
    assert [str(m) for m in copy.history] == [str(m) for m in state.history]

    random_moves(copy, random.Random(4), 8)
    assert state.snapshot() == original, "moves on the clone changed the original"
    assert move_texts(state) == original_moves
    while copy.history:  # the clone's undo history reaches back past the clone point
        copy.undo()
    assert state.snapshot() == original, "undo on the clone changed the original"

    copy = state.clone()
    random_moves(state, random.Random(5), 8)
    assert copy.snapshot() == original, "moves on the original changed the clone"
    assert move_texts(copy) == original_moves


def test_position_text_reads_back(game):
    for seed in SEEDS[:1 if game.topology.n > BIG_BOARD else 3]:  # one whole game on big boards
        rng = random.Random(seed)
        state = game.initial_state()
        checkpoints = 0
        while True:
            text = state.to_text()
            again = game.state_from_text(text)
            assert again.snapshot() == state.snapshot(), f"seed {seed}, ply {state.ply}:\n{text}"
            if not state.is_over():
                assert move_texts(again) == move_texts(state), f"seed {seed}, ply {state.ply}"
            checkpoints += 1
            if state.is_over():
                break
            random_moves(state, rng, rng.randrange(1, 15))
        assert checkpoints >= 2


# --- perft -----------------------------------------------------------------------------------
def perft(state, depth: int) -> int:
    """The number of move sequences of length ``depth`` (sequences stop when the game ends)."""
    if depth == 0:
        return 1
    if state.is_over():
        return 0
    total = 0
    for move in list(state.legal_moves()):
        state.apply(move)
        total += perft(state, depth - 1)
        state.undo()
    return total


def test_perft_tic_tac_toe():
    state = load("tic-tac-toe").initial_state()
    start = state.snapshot()
    # No line of three can exist before the fifth ply, so every empty cell is a move:
    # 9, 9*8, 9*8*7, 9*8*7*6.
    assert [perft(state, d) for d in (1, 2, 3, 4)] == [9, 72, 504, 3024]
    assert state.snapshot() == start


# Alak, from its rules text (../shared/seeds/alak-rules.md), independently of the engine:
# eleven slots, x (P1) moves first; a piece goes left or right to the first empty slot,
# jumping over occupied ones; enclosed enemy runs are removed, then enclosed runs of the mover
# (suicide); a player left with one piece or none has lost.
def alak_moves(board: str, me: str) -> list[tuple[int, int]]:
    moves = []
    for i, piece in enumerate(board):
        if piece != me:
            continue
        for step in (-1, 1):
            j = i + step
            while 0 <= j < len(board) and board[j] != ".":
                j += step
            if 0 <= j < len(board):
                moves.append((i, j))
    return moves


def alak_remove_enclosed(cells: list[str], victim: str, captor: str) -> None:
    i = 0
    while i < len(cells):
        if cells[i] != victim:
            i += 1
            continue
        j = i
        while j < len(cells) and cells[j] == victim:
            j += 1
        if i > 0 and j < len(cells) and cells[i - 1] == captor and cells[j] == captor:
            for k in range(i, j):
                cells[k] = "."
        i = j


def alak_play(board: str, me: str, move: tuple[int, int]) -> tuple[str, bool]:
    """The board after ``move``, and whether the game is over."""
    other = "o" if me == "x" else "x"
    cells = list(board)
    i, j = move
    cells[j], cells[i] = cells[i], "."
    alak_remove_enclosed(cells, other, me)
    alak_remove_enclosed(cells, me, other)
    over = cells.count(other) <= 1 or cells.count(me) <= 1
    return "".join(cells), over


def alak_perft(board: str, me: str, depth: int) -> int:
    if depth == 0:
        return 1
    other = "o" if me == "x" else "x"
    total = 0
    for move in alak_moves(board, me):
        after, over = alak_play(board, me, move)
        total += 1 if depth == 1 else (0 if over else alak_perft(after, other, depth - 1))
    return total


ALAK_START = "xxxx...oooo"


def test_alak_reference_model_agrees_with_hand_counts():
    # By hand: each x can only go right, to slot 5 (slot 1..4 jump the others), so 4 moves;
    # then each o can only go left, to slot 7: 4 moves. Nothing is enclosed yet: 4*4 = 16.
    assert alak_moves(ALAK_START, "x") == [(0, 4), (1, 4), (2, 4), (3, 4)]
    assert alak_perft(ALAK_START, "x", 1) == 4
    assert alak_perft(ALAK_START, "x", 2) == 16
    # the rules text's own examples
    assert alak_play("x.oox", "x", (0, 1)) == (".x..x", True)
    assert alak_play("o.oxx", "x", (4, 1))[0] == "ox.x."
    assert alak_play("o.oox", "x", (4, 1))[0] == "o.oo."


def test_perft_alak():
    state = load("alak").initial_state()
    start = state.snapshot()
    expected = [alak_perft(ALAK_START, "x", d) for d in range(1, 6)]
    assert expected[:2] == [4, 16]
    assert [perft(state, d) for d in range(1, 6)] == expected
    assert state.snapshot() == start


def test_alak_move_lists_match_the_rules_to_depth_3():
    game = load("alak")
    labels = game.topology.labels

    def picture(state) -> str:
        cells = ["."] * len(labels)
        for site, owner in enumerate(state.who):
            cells[int(labels[site]) - 1] = ".xo"[owner]
        return "".join(cells)

    def walk(state, board: str, me: str, depth: int) -> None:
        assert picture(state) == board
        mine = sorted(f"{i + 1}-{j + 1}" for i, j in alak_moves(board, me))
        assert sorted(move_texts(state)) == mine, f"position {board}, {me} to move"
        if depth == 0:
            return
        other = "o" if me == "x" else "x"
        for i, j in alak_moves(board, me):
            after, over = alak_play(board, me, (i, j))
            state.apply(f"{i + 1}-{j + 1}")
            assert state.is_over() == over, f"{board} then {i + 1}-{j + 1}"
            if not over:
                walk(state, after, other, depth - 1)
            state.undo()

    walk(game.initial_state(), ALAK_START, "x", 3)
