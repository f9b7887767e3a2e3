"""Golden playthroughs (after OpenSpiel's): for a fixed seed, every ply's mover, legal moves and
chosen move, boards along the way and the result, compared with a file in ``tests/golden/``.

A difference means the rules changed. If the change is intended, regenerate on purpose with
``UPDATE_GOLDEN=1 python -m pytest tests/test_playthrough.py`` and review the diff.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from interpreter import load

GOLDEN = Path(__file__).parent / "golden"

CASES = {
    "alak": ("alak", [], 1, None),
    "tic-tac-toe": ("tic-tac-toe", [], 1, None),
    "gomoku-15": ("gomoku", [], 1, 40),
    "loophole-small": ("loophole-small", [], 1, None),
    "pente-19": ("pente", [], 1, 40),
    "pente-9-swap2": ("pente", ["Board Size/9x9", "Opening/Swap2"], 2, None),
    "pente-9-teams-self-capture": ("pente", ["Board Size/9x9", "Team Mode/Enabled",
                                             "Self-capture/Self-capture", "Capture Three/Enabled"], 3, None),
    "pente-9-overtime": ("pente", ["Board Size/9x9", "Overtime/Break the line", "Overline/Forbidden"], 4, None),
    "pente-9-three-mixed": ("pente", ["Board Size/9x9", "Players/3", "Mixed Capture/Enabled",
                                      "Overtime/Capture the line"], 5, None),
    "double-run-stone": ("double-run-stone", [], 4, None),
    "double-run-stone-trisquare-omni-4-ludii": ("double-run-stone", [
        "Board Grid/TriSquare Omni", "Board Size/Order 4", "Movement Limit/Each piece once"], 6, None),
}


def playthrough(name: str, options: list[str], seed: int, max_plies: int | None) -> str:
    game = load(name, options=options)
    state = game.initial_state()
    rng = random.Random(seed)
    lines = [f"game: {game.name}", f"options: {', '.join(game.options) or '-'}", f"seed: {seed}",
             str(state)]
    while not state.is_over() and (max_plies is None or state.ply < max_plies):
        legal = sorted(str(m) for m in state.legal_moves())
        move = rng.choice(legal)
        shown = " ".join(legal) if len(legal) <= 12 else " ".join(legal[:12]) + " ..."
        lines.append(f"{state.ply + 1:>3} P{state.mover} [{len(legal)}] {shown} -> {move}")
        state.apply(move)
        if state.ply % 10 == 0 or state.is_over() or game.topology.n <= 11:
            lines.append(str(state))
    result = state.result()
    lines.append(f"result: {result.headline() if result.over else 'unfinished'} ({result.reason or '-'}); "
                 f"scores {result.scores}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("case", sorted(CASES))
def test_golden_playthrough(case):
    text = playthrough(*CASES[case])
    path = GOLDEN / f"{case}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path}: run UPDATE_GOLDEN=1 python -m pytest {__file__}"
    assert text == path.read_text(encoding="utf-8"), f"{case} differs from {path.name}"
