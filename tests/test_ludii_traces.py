"""Ludii's own random games, replayed here ply by ply: at every ply the mover and the set of legal
moves must be Ludii's, and the game must end as Ludii's did.

The traces (``../shared/ludii-traces/``) were played by Ludii on its own files. Each case maps
a trace to a description of ours that says the same rules (Ludii's options translated to ours);
the issue of running Ludii's files unmodified adds its own cases.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter import load

TRACES = Path(__file__).resolve().parents[1].parent / "shared" / "ludii-traces"

# trace file -> (our description, our options)
CASES = {
    "Hex_5x5_Off_seed101.json": ("hex", ["Board Size/5x5", "Swap Rules/Off"]),
    "Hex_5x5_Off_seed102.json": ("hex", ["Board Size/5x5", "Swap Rules/Off"]),
    "Hex_seed101.json": ("hex", []),
    "Hex_seed102.json": ("hex", []),
    "Hex_7x7_Misere_seed101.json": ("hex", ["Board Size/7x7", "End Rules/Misere"]),
    "Hex_7x7_Misere_seed102.json": ("hex", ["Board Size/7x7", "End Rules/Misere"]),
    "Tic-Tac-Toe_seed101.json": ("tic-tac-toe", []),
    "Tic-Tac-Toe_seed102.json": ("tic-tac-toe", []),
    "Tic-Tac-Toe_seed103.json": ("tic-tac-toe", []),
}


def replay(trace: dict, description: str, options: list[str]) -> None:
    """Play the trace's moves, comparing the mover and the legal moves before each, then the end."""
    state = load(description, options=options).initial_state()
    for ply, step in enumerate(trace["plies"]):
        assert not state.is_over(), f"ply {ply}: our game is over, Ludii's goes on"
        assert state.mover == step["mover"], f"ply {ply}: mover"
        ours = sorted(m.text for m in state.legal_moves())
        assert ours == sorted(step["legal"]), f"ply {ply}: legal moves differ"
        state.apply(step["move"])
    result = trace["result"]
    assert state.is_over() == result["over"]
    assert sorted(state.result().winners) == sorted(result["winners"])
    assert state.result().draw == result["draw"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_ludii_trace_replays(name):
    path = TRACES / name
    if not TRACES.is_dir():
        pytest.skip(f"{TRACES} not present")
    description, options = CASES[name]
    replay(json.loads(path.read_text(encoding="utf-8")), description, options)
