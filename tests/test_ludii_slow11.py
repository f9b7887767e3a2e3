"""Speed-ups that must not change a legal move or a position text: the position's ``vars:``
section is written as YAML's emitter writes it (flow sequences of whole numbers, and block
sequences of tuples of whole numbers, wrapped at the same width), by a search per line."""

from __future__ import annotations

import random

import yaml

from interpreter import load
from interpreter.engine import position as P


def _yaml_vars(arrays: dict[str, list]) -> str:
    return yaml.safe_dump({"vars": {k: [P._plain(v) for v in vs] for k, vs in arrays.items()}},
                          sort_keys=False, default_flow_style=None, width=100)


class _Arrays:
    def __init__(self, arrays):
        self.arrays = arrays


def test_arrays_of_numbers_and_tuples_are_written_as_yaml_writes_them():
    rng = random.Random(39)
    for _ in range(400):
        arrays = {}
        for k in range(rng.randint(1, 4)):
            name = rng.choice(["x", "stack", "a" * rng.randint(1, 120), "large.playable"]) + str(k)
            mode = rng.random()
            values: list = []
            for _ in range(rng.choice([0, 1, 5, 80, 300])):
                if mode < 0.4:
                    values.append(rng.choice([0, 1, -7, 10 ** 6, 2 ** 31 - 1]))
                elif mode < 0.8:  # tuples of any length, some numbers among them
                    values.append(rng.choice([(), (3,), tuple(rng.randint(-9, 10 ** rng.randint(0, 9))
                                                               for _ in range(rng.randint(0, 60)))])
                                  if rng.random() < 0.9 else rng.randint(0, 9))
                else:  # tuples of tuples: YAML's own
                    values.append(((1, 2), (3,)) if rng.random() < 0.3 else (rng.randint(0, 5),))
            arrays[name] = values
        assert P._vars_text(_Arrays(arrays), list(arrays)) == _yaml_vars(arrays)


def test_a_stacking_game_on_a_large_board_writes_yaml_and_reads_back():
    game = load("""(game "Piles" (players 2) (equipment {(board (square 30)) (piece "Disc" Each)})
        (rules (play (move Add (to (sites Board)) stack:True)) (end (if (= (count Moves) 40) (result Mover Win)))))""")
    state = game.initial_state()
    rng = random.Random(7)
    for _ in range(12):
        state.apply(rng.choice(state.legal_moves()))
    text = state.to_text()
    data = yaml.safe_load(text)
    assert any(any(type(v) is list for v in vs) for vs in data["vars"].values())  # tuples per site
    assert "vars:\n" + text.partition("vars:\n")[2] == yaml.safe_dump(
        {"vars": data["vars"]}, sort_keys=False, default_flow_style=None, width=100)
    assert game.state_from_text(text).snapshot() == state.snapshot()


def test_count_groups_without_a_condition_joins_every_occupied_site():
    # Ludii's CountGroups without if: the groups of occupied sites, whoever owns them
    game = load("""(game "G" (players 2) (equipment {(board (square 4)) (piece "Disc" Each)})
        (rules (play (move Add (to (sites Empty)) (then (set Score Mover (count Groups)))))
        (end (if (is Full) (result Mover Win)))))""")
    state = game.initial_state()
    scores = []
    # A1, C1, B1 (joins them), D4, A4, B4 (joins A4; Adjacent on a square takes diagonals too)
    for site in (0, 2, 1, 15, 12, 13):
        move = next(m for m in state.legal_moves() if m.to == site)
        state.apply(move)
        scores.append(state.scores[1 if len(scores) % 2 == 0 else 2])
    assert scores == [1, 2, 1, 2, 3, 3]
