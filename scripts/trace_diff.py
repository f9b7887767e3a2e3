"""Replay Ludii's sample traces on our reference tier and print, per trace, the first ply where
our mover or legal moves differ from Ludii's (or "agree" with the number of plies replayed).

Usage: PYTHONPATH=src python scripts/trace_diff.py [NAME_SUBSTRING ...] [--no-limit]

``--no-limit`` lifts our default turn limit to Ludii's (1,250 turns per player), so that a
long game is compared as far as Ludii played it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from interpreter import LudError, load
from interpreter.ludii.replay import ludii_texts, replay  # noqa: F401  (ludii_texts: for importers)

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
if not SHARED.is_dir():
    SHARED = Path("/work/shared")
TRACES = SHARED / "ludii-traces" / "sample"
SAMPLE = SHARED / "ludii-sample"


def first_difference(path: Path, no_limit: bool = False) -> str:
    """Where our replay of one trace first parts from Ludii's, as one line of text (the dice a
    ply rolls are those Ludii's texts imply: see interpreter.ludii.replay)."""
    trace = json.loads(path.read_text(encoding="utf-8"))
    try:
        game = load(SAMPLE / trace["sample_file"], options=trace["options"])
        if no_limit and game.turn_limit == max(3 * game.topology.n, 300):  # our default, not the file's
            game = game.with_turn_limit(1250 * game.num_players)
    except LudError as error:
        return f"load error: {str(error).splitlines()[0]}"
    except Exception as error:  # noqa: BLE001 - a report, not a program
        return f"engine error on load: {type(error).__name__}: {error}"
    try:
        done = replay(game, trace)
    except Exception as error:  # noqa: BLE001
        return f"engine error: {type(error).__name__}: {error}"
    rolls = f", {done.rolls} rolls" if done.rolls else ""
    if done.agreed:
        return f"agree ({done.plies} plies{rolls})"
    return done.reason + (f" ({done.rolls} rolls matched)" if done.rolls else "")


def main(argv: list[str]) -> None:
    wanted = [a for a in argv if not a.startswith("--")]
    for path in sorted(TRACES.glob("*.json")):
        if wanted and not any(w.lower() in path.name.lower() for w in wanted):
            continue
        print(f"{path.stem}: {first_difference(path, '--no-limit' in argv)}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
