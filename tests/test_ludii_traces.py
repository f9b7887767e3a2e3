"""Ludii's own random games, replayed here ply by ply: at every ply the mover and the set of legal
moves must be Ludii's, and the game must end as Ludii's did.

The traces (``../shared/ludii-traces/``) were played by Ludii on its own files. Every trace is
replayed on Ludii's own file, unmodified (the sample ``../shared/ludii-sample/``, or
``tests/data/ludii/`` for Connect6, which the sample lacks), with the trace's options; some cases
also map a trace to a description of ours that says the same rules (Ludii's options translated to
ours).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from interpreter import load
from interpreter.engine.move import MoveKind

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
TRACES = SHARED / "ludii-traces"
SAMPLE = SHARED / "ludii-sample"
DATA = Path(__file__).resolve().parent / "data" / "ludii"

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


def ludii_file(name: str) -> Path:
    """Ludii's own file for a trace's ``ludii_file`` (``board/space/line/Gomoku.lud``): the
    sample's copy (``board__space__line__Gomoku.lud``), else ours in ``tests/data/ludii/``."""
    sample = SAMPLE / name.replace("/", "__")
    return sample if sample.exists() else DATA / Path(name).name


def our_texts(state, legal) -> list[str]:
    """Our move texts, as is."""
    return [m.text for m in legal]


def ludii_texts(state, legal) -> list[str]:
    """The traces' texts of our moves. Ludii's recorder names a move that goes nowhere else than
    its site by that site's label (a placement, a removal, a site selected, a piece coming from
    a hand: its origin is off the board), ``LABEL:PIECE`` when several legal moves share the label (the
    piece placed, by its full name; ``Disc``, Ludii's empty component, for a move that does not
    place a piece of its own: a removal, a piece from a hand or a copy of one); ``pass`` for a
    pass (whoever's); other moves as ours."""
    game = state.game
    labels, n = game.topology.labels, game.topology.n

    def base(m) -> tuple[str, str | None]:
        if m.kind is MoveKind.ADD and 0 <= m.to < n:
            return labels[m.to], game.components[m.what].name if m.frm < 0 else "Disc"
        if m.kind is MoveKind.REMOVE and 0 <= m.to < n:
            return labels[m.to], "Disc"
        if m.kind is MoveKind.MOVE and m.frm >= n and 0 <= m.to < n:
            return labels[m.to], "Disc"
        if m.kind is MoveKind.CHOICE and m.frm == m.to and 0 <= m.to < n:  # a site selected
            return labels[m.to], "Disc"
        if m.kind is MoveKind.PASS:
            return "pass", None
        return m.text, None
    bases = [base(m) for m in legal]
    shared = Counter(text for text, name in bases if name is not None)
    return [f"{text}:{name}" if name is not None and shared[text] > 1 else text for text, name in bases]


def replay(trace: dict, description, options: list[str], texts=our_texts) -> None:
    """Play the trace's moves, comparing the mover and the legal moves before each, then the end."""
    state = load(description, options=options).initial_state()
    for ply, step in enumerate(trace["plies"]):
        assert not state.is_over(), f"ply {ply}: our game is over, Ludii's goes on"
        assert state.mover == step["mover"], f"ply {ply}: mover"
        legal = state.legal_moves()
        ours = texts(state, legal)
        assert sorted(ours) == sorted(step["legal"]), f"ply {ply}: legal moves differ"
        state.apply(legal[ours.index(step["move"])])
    result = trace["result"]
    assert state.is_over() == result["over"]
    assert sorted(state.result().winners) == sorted(result["winners"])
    assert state.result().draw == result["draw"]
    ranking = re.search(r"ranking=\[([^\]]*)\]", result.get("ludii_final", ""))
    if ranking:  # Ludii's rank of every player (1.0 best), in player order
        ludii = [float(r) for r in ranking.group(1).split(",")]
        ours = state.result().ranking
        assert [float(ours[p]) for p in range(1, len(ludii) + 1)] == ludii, "final ranking"


@pytest.mark.parametrize("name", sorted(CASES))
def test_ludii_trace_replays(name):
    path = TRACES / name
    if not TRACES.is_dir():
        pytest.skip(f"{TRACES} not present")
    description, options = CASES[name]
    replay(json.loads(path.read_text(encoding="utf-8")), description, options)


def _traces() -> list[str]:
    return sorted(p.name for p in TRACES.glob("*.json")) if TRACES.is_dir() else ["(none)"]


@pytest.mark.parametrize("name", _traces())
def test_ludii_trace_replays_on_ludiis_own_file(name):
    """Every trace, on the unmodified Ludii file it was played on, with its options."""
    if not TRACES.is_dir() or not SAMPLE.is_dir():
        pytest.skip(f"{TRACES} or {SAMPLE} not present")
    trace = json.loads((TRACES / name).read_text(encoding="utf-8"))
    path = ludii_file(trace["ludii_file"])
    assert path.exists(), f"no copy of {trace['ludii_file']}"
    replay(trace, path, trace["options"], ludii_texts)


def test_connect6_copy_is_ludiis_file():
    """The stored Connect6 is Ludii's text, byte for byte (the trace checks its behaviour)."""
    text = (DATA / "Connect6.lud").read_bytes()
    assert len(text) == 1919 and text.startswith(b'(game "Connect6"  \n')
    assert b"(end (if (is Line 6 All) (result Mover Win)))" in text
