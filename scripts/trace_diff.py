"""Replay Ludii's sample traces on our reference tier and print, per trace, the first ply where
our mover or legal moves differ from Ludii's (or "agree" with the number of plies replayed).

Usage: PYTHONPATH=src python scripts/trace_diff.py [NAME_SUBSTRING ...] [--no-limit]

``--no-limit`` lifts our default turn limit to Ludii's (1,250 turns per player), so that a
long game is compared as far as Ludii played it.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from interpreter import LudError, load
from interpreter.engine.move import MoveKind

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
if not SHARED.is_dir():
    SHARED = Path("/work/shared")
TRACES = SHARED / "ludii-traces" / "sample"
SAMPLE = SHARED / "ludii-sample"


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


def first_difference(path: Path, no_limit: bool = False) -> str:
    """Where our replay of one trace first parts from Ludii's, as one line of text."""
    trace = json.loads(path.read_text(encoding="utf-8"))
    try:
        game = load(SAMPLE / trace["sample_file"], options=trace["options"])
        if no_limit and game.turn_limit == max(3 * game.topology.n, 300):  # our default, not the file's
            game = game.with_turn_limit(1250 * game.num_players)
        state = game.initial_state()
    except LudError as error:
        return f"load error: {str(error).splitlines()[0]}"
    except Exception as error:  # noqa: BLE001 - a report, not a program
        return f"engine error on load: {type(error).__name__}: {error}"
    plies = trace["plies"]
    if getattr(game, "simultaneous", False):
        # Ludii's recorder applied each of its random moves alone, whoever's it was: only the
        # first choice of a step of simultaneous moves compares
        plies = plies[:1]
    try:
        for ply, step in enumerate(plies):
            if state.is_over():
                return f"ply {ply}/{len(plies)}: our game is over, Ludii's goes on"
            if state.mover != step["mover"]:
                return f"ply {ply}/{len(plies)}: mover {state.mover} vs Ludii {step['mover']}"
            legal = state.legal_moves()
            ours = ludii_texts(state, legal)
            if sorted(ours) != sorted(step["legal"]):
                extra = sorted(set(ours) - set(step["legal"]))
                missing = sorted(set(step["legal"]) - set(ours))
                return (f"ply {ply}/{len(plies)}: ours-only {extra[:12]}{'...' if len(extra) > 12 else ''}"
                        f" ludii-only {missing[:12]}{'...' if len(missing) > 12 else ''}"
                        f" (dups {len(ours) - len(set(ours))} vs {len(step['legal']) - len(set(step['legal']))})")
            state.apply(legal[ours.index(step["move"])])
    except Exception as error:  # noqa: BLE001
        return f"engine error at ply {ply}: {type(error).__name__}: {error}"
    if getattr(game, "simultaneous", False):
        return "agree (the first choice: the moves of every player; simultaneous moves)"
    result = trace["result"]
    if state.is_over() != result["over"]:
        return f"end: over {state.is_over()} vs Ludii {result['over']} after {len(plies)} plies"
    if sorted(state.result().winners) != sorted(result["winners"]):
        return f"end: winners {sorted(state.result().winners)} vs Ludii {result['winners']}"
    return f"agree ({len(plies)} plies)"


def main(argv: list[str]) -> None:
    wanted = [a for a in argv if not a.startswith("--")]
    for path in sorted(TRACES.glob("*.json")):
        if wanted and not any(w.lower() in path.name.lower() for w in wanted):
            continue
        print(f"{path.stem}: {first_difference(path, '--no-limit' in argv)}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
