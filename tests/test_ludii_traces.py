"""Ludii's own random games, replayed here ply by ply: at every ply the mover and the set of legal
moves must be Ludii's, and the game must end as Ludii's did.

The traces (``../shared/ludii-traces/``) were played by Ludii on its own files. Every trace is
replayed on Ludii's own file, unmodified (the sample ``../shared/ludii-sample/``, or
``tests/data/ludii/`` for Connect6, which the sample lacks), with the trace's options; some cases
also map a trace to a description of ours that says the same rules (Ludii's options translated to
ours).

The sample (``../shared/ludii-traces/sample/``: one random game Ludii played on each sample file)
is replayed too, every file that loads here, in shards: each must agree with Ludii to the end (or
to its first random event, for dice), except those listed in ``KNOWN_DIFFERENCES`` with the
reason, which must still differ (so that the list stays true).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter import LudError, load
from interpreter.ludii import traces
from interpreter.ludii.traces import ludii_texts  # noqa: F401  (other tests import it from here)

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


def replay(trace: dict, description, options: list[str], texts=our_texts) -> None:
    """Play the trace's moves, comparing the mover and the legal moves before each, then the end
    (interpreter.ludii.traces.replay)."""
    found = traces.replay(trace, load(description, options=options), texts)
    assert found.agree, str(found)


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


# --- the sample: one game per Ludii sample file --------------------------------------------------------
# sample trace (its file name without .json) -> why our replay cannot agree with Ludii's (each must
# still differ: fixing one means removing it from here)
KNOWN_DIFFERENCES: dict[str, str] = {
}

SAMPLE_TRACES = sorted((TRACES / "sample").glob("*.json")) if (TRACES / "sample").is_dir() else []
KNOWN_TRIES = 200  # plies a known difference's replay may go back over (a dice race's search is long)


def _sample_game(trace: dict):
    """Our game for a sample trace, or None when its file does not load here."""
    try:
        return load(SAMPLE / trace["sample_file"], options=trace["options"])
    except LudError:
        return None


# one test a trace (a few take tens of seconds of search: alone, they spread over the workers)
@pytest.mark.parametrize("name", [p.stem for p in SAMPLE_TRACES] or ["(none)"])
def test_ludii_sample_replays(name):
    """Every sample file that loads here plays as Ludii played it: at every ply the mover and the
    legal moves (Ludii's texts, as a multiset), then the end (over, winners, draw, ranking)."""
    if not SAMPLE_TRACES:
        pytest.skip(f"{TRACES / 'sample'} not present")
    trace = json.loads((TRACES / "sample" / f"{name}.json").read_text(encoding="utf-8"))
    game = _sample_game(trace)
    if game is None:
        return
    # a known difference is searched briefly: it must still differ (a fixed one agrees at once);
    # verdict_only: a search whose verdict is known stops (the end, left undecided by the dice)
    known = name in KNOWN_DIFFERENCES
    found = traces.replay(trace, game, tries=KNOWN_TRIES if known else traces.MAX_TRIES, verdict_only=True)
    if known:
        assert not found.agree, f"{name} agrees now: remove it from KNOWN_DIFFERENCES"
    else:
        assert found.agree, f"the sample trace parts from Ludii's: {name}: {found}"


def test_known_differences_name_sample_traces():
    names = {p.stem for p in SAMPLE_TRACES}
    assert all(name in names for name in KNOWN_DIFFERENCES) or not SAMPLE_TRACES
