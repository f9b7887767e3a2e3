"""Replay Ludii's sample traces on our reference tier and print, per trace, the first ply where
our mover or legal moves differ from Ludii's, or how the end differs (or "agree" with the number
of plies replayed; dice games to their first random event). See interpreter.ludii.traces.

Usage: PYTHONPATH=src python scripts/trace_diff.py [NAME_SUBSTRING ...]
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from interpreter import LudError, load
from interpreter.ludii.traces import replay

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
if not SHARED.is_dir():
    SHARED = Path("/work/shared")
TRACES = SHARED / "ludii-traces" / "sample"
SAMPLE = SHARED / "ludii-sample"


def first_difference(path: Path) -> tuple[str, str]:
    """(status, where our replay of one trace first parts from Ludii's)."""
    trace = json.loads(path.read_text(encoding="utf-8"))
    try:
        game = load(SAMPLE / trace["sample_file"], options=trace["options"])
    except LudError as error:
        return "LOADFAIL", f"load error: {str(error).splitlines()[0]}"
    except Exception as error:  # noqa: BLE001 - a report, not a program
        return "CRASH", f"engine error on load: {type(error).__name__}: {error}"
    try:
        found = replay(trace, game)
    except Exception as error:  # noqa: BLE001
        return "CRASH", f"engine error: {type(error).__name__}: {error}"
    return ("AGREE" if found.agree else "DIFF"), str(found)


def main(argv: list[str]) -> None:
    wanted = [a for a in argv if not a.startswith("--")]
    totals: Counter = Counter()
    for path in sorted(TRACES.glob("*.json")):
        if wanted and not any(w.lower() in path.name.lower() for w in wanted):
            continue
        status, why = first_difference(path)
        totals[status] += 1
        print(f"{status:8} {path.stem}: {why}", flush=True)
    print(dict(totals))


if __name__ == "__main__":
    main(sys.argv[1:])
