"""Speed of the engine on every bundled game: random playouts, move generation, apply + undo.

    PYTHONPATH=src python benchmarks/bench.py                 # print the table
    PYTHONPATH=src python benchmarks/bench.py --playouts 50   # more playouts per game
    PYTHONPATH=src python benchmarks/bench.py --write         # also rewrite BENCHMARKS.md

Every bundled description is measured with its default options, and once per item of its
"Board Size" option when it has one (Pente on 9x9 ... 19x19); then the costlier Pente variants
on 19x19 (``PENTE_VARIANTS``) and Double-Run Stone's other boards (``DOUBLE_RUN_STONE_VARIANTS``). Playouts use fixed seeds, so the
same games are played on every run; only the times change. For each game:

- playouts/s and plies/s: uniformly random games from the start to the end;
- legal/s: generations of the legal move list (``turns.legal_moves``, no cache) in a mid-game
  position (halfway through the first playout);
- apply+undo/s: ``State.apply`` then ``State.undo`` of each legal move of that position in turn
  (``apply`` checks the move against the legal moves, regenerated after each undo);
- play+undo/s: the same with ``turns.play``, the turn machinery without the legality check;
- for games that end by comparing values (Loupe's groups, ``byValues``): the time of the last
  move of the first playout, which ends the game and scores it, with the loop caches emptied
  (*scoring ms*), beside the mean time of a whole random game (*game ms*).
"""

from __future__ import annotations

import argparse
import datetime as _dt
import os
import platform
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from interpreter import load  # noqa: E402
from interpreter.engine import loops, turns  # noqa: E402
from interpreter.loader import expand_description  # noqa: E402
from interpreter.resources import bundled_descriptions  # noqa: E402

BENCHMARKS_MD = ROOT / "BENCHMARKS.md"
SIZE_OPTION = "Board Size"
MIN_TIME = 0.25  # seconds spent on each micro-measurement


@dataclass
class Row:
    game: str
    options: str
    sites: int
    playouts: int
    playouts_per_s: float
    plies_per_s: float
    mean_plies: float
    legal_per_s: float
    moves_in_position: int
    apply_undo_per_s: float
    play_undo_per_s: float
    scoring_ms: float | None = None  # the move that ends and scores the game (values compared)


def configurations() -> list[tuple[str, tuple[str, ...]]]:
    """(name, options): each bundled game with its defaults, or once per board size it offers."""
    configs: list[tuple[str, tuple[str, ...]]] = []
    for name in bundled_descriptions():
        sizes = [o for o in expand_description(name).options if o.label == SIZE_OPTION]
        if not sizes:
            configs.append((name, ()))
        for option in sizes:
            configs.extend((name, (f"{option.label}/{item.name}",)) for item in option.items)
    configs.extend(("pente", variant) for variant in PENTE_VARIANTS)
    configs.extend(("double-run-stone", variant) for variant in DOUBLE_RUN_STONE_VARIANTS)
    configs.extend(("loupe", variant) for variant in LOUPE_VARIANTS)
    return configs


#: Loupe's other modality, on each board size the scoring is measured on
LOUPE_VARIANTS = [("Board Size/9", "Modality/Compound"), ("Board Size/11", "Modality/Compound")]


#: Pente variants whose rules cost more than the default (19x19 board)
PENTE_VARIANTS = [
    ("Overline/Forbidden",),
    ("Self-capture/Forbidden",),
    ("Self-capture/Self-capture", "Capture Three/Enabled"),
    ("Overtime/Break the line",),
    ("Overtime/Capture the line",),
    ("Team Mode/Enabled",),
    ("Players/3", "Mixed Capture/Enabled"),
    ("Opening/Swap2",),
]


#: Double-Run Stone's other boards (order 3; its Board Size items give the default board's two
#: orders) and Ludii's movement limit
DOUBLE_RUN_STONE_VARIANTS = [
    ("Board Grid/Hex Grid",),
    ("Board Grid/TriSquare Grid",),
    ("Board Grid/TriSquare Omni",),
    ("Board Grid/Square grid",),
    ("Board Grid/Square Omni",),
    ("Board Grid/Icosahedron",),
    ("Movement Limit/Each piece once",),
]


def play_out(game, seed: int, max_plies: int | None = None):
    state = game.initial_state()
    rng = random.Random(seed)
    limit = game.turn_limit + 1 if max_plies is None else max_plies
    while not state.is_over() and state.ply < limit:
        state.apply(rng.choice(state.legal_moves()))
    return state


def rate(step, min_time: float = MIN_TIME) -> float:
    """Calls of ``step()`` per second, over at least ``min_time`` seconds."""
    calls = 0
    start = time.perf_counter()
    elapsed = 0.0
    batch = 1
    while elapsed < min_time:
        for _ in range(batch):
            step()
        calls += batch
        batch *= 2
        elapsed = time.perf_counter() - start
    return calls / elapsed


def measure(name: str, options: tuple[str, ...], playouts: int, seed: int) -> Row:
    game = load(name, options=list(options))
    # random playouts
    plies = 0
    start = time.perf_counter()
    for i in range(playouts):
        plies += play_out(game, seed + i).ply
    elapsed = time.perf_counter() - start

    # a mid-game position: halfway through the first playout
    length = play_out(game, seed).ply
    state = play_out(game, seed, max_plies=max(1, length // 2))
    moves = list(state.legal_moves())

    def generate():
        turns.legal_moves(state)

    cycle = {"i": 0}

    def apply_undo():
        move = moves[cycle["i"] % len(moves)]
        cycle["i"] += 1
        state.apply(move)
        state.undo()

    def play_undo():
        move = moves[cycle["i"] % len(moves)]
        cycle["i"] += 1
        turns.play(state, move)
        state.undo()

    before = state.snapshot()
    legal_rate = rate(generate)
    apply_rate = rate(apply_undo)
    play_rate = rate(play_undo)
    assert state.snapshot() == before, "apply + undo changed the position"
    chosen = ", ".join(options) or "defaults"  # other options keep their defaults
    return Row(game.name, chosen, game.topology.n, playouts,
               playouts / elapsed, plies / elapsed, plies / playouts, legal_rate, len(moves),
               apply_rate, play_rate, scoring_time(game, seed))


def scoring_time(game, seed: int) -> float | None:
    """Milliseconds of the move that ends the first playout, when the game ends by comparing
    values (the end rules explain something), the loop caches emptied first; else None."""
    final = play_out(game, seed)
    if not final.is_over() or not game.explain(final):
        return None
    last = final.undo()
    loops.forget(game.topology)
    start = time.perf_counter()
    final.apply(last)
    return (time.perf_counter() - start) * 1000


HEADERS = ("game", "options", "sites", "playouts/s", "plies/s", "mean plies", "legal/s",
           "moves", "apply+undo/s", "play+undo/s")


def cells(row: Row) -> list[str]:
    return [row.game, row.options, str(row.sites), f"{row.playouts_per_s:,.1f}",
            f"{row.plies_per_s:,.0f}", f"{row.mean_plies:.1f}", f"{row.legal_per_s:,.0f}",
            str(row.moves_in_position), f"{row.apply_undo_per_s:,.0f}", f"{row.play_undo_per_s:,.0f}"]


def text_table(rows: list[Row]) -> str:
    table = [list(HEADERS)] + [cells(r) for r in rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(HEADERS))]
    numeric = set(range(2, len(HEADERS)))

    def fmt(line: list[str]) -> str:
        return "  ".join(c.rjust(w) if i in numeric else c.ljust(w)
                         for i, (c, w) in enumerate(zip(line, widths))).rstrip()

    out = [fmt(table[0]), "  ".join("-" * w for w in widths)]
    out.extend(fmt(line) for line in table[1:])
    return "\n".join(out)


def markdown_table(rows: list[Row]) -> str:
    out = ["| " + " | ".join(HEADERS) + " |",
           "|" + "|".join(["---", "---"] + ["---:"] * (len(HEADERS) - 2)) + "|"]
    out.extend("| " + " | ".join(cells(r)) + " |" for r in rows)
    return "\n".join(out)


SCORING_HEADERS = ("game", "options", "sites", "scoring ms", "game ms")


def scoring_cells(row: Row) -> list[str]:
    return [row.game, row.options, str(row.sites), f"{row.scoring_ms:,.1f}", f"{1000 / row.playouts_per_s:,.0f}"]


def scoring_table(rows: list[Row], markdown: bool) -> str:
    """The games that end by comparing values: the time of the scoring move, of a whole game."""
    scored = [r for r in rows if r.scoring_ms is not None]
    if not scored:
        return ""
    if markdown:
        out = ["| " + " | ".join(SCORING_HEADERS) + " |", "|---|---|---:|---:|---:|"]
        out.extend("| " + " | ".join(scoring_cells(r)) + " |" for r in scored)
        return "\n".join(out)
    table = [list(SCORING_HEADERS)] + [scoring_cells(r) for r in scored]
    widths = [max(len(line[i]) for line in table) for i in range(len(SCORING_HEADERS))]
    return "\n".join("  ".join(c.rjust(w) if i >= 2 else c.ljust(w) for i, (c, w) in enumerate(zip(line, widths)))
                     .rstrip() for line in table)


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def write_markdown(rows: list[Row], command: str, seconds: float) -> str:
    now = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return "\n".join([
        "# Benchmarks",
        "",
        "Random playouts and move-generation speed of the engine on every bundled game, measured by",
        "`benchmarks/bench.py` (see its docstring for what each column means). Regenerate with the",
        "command below; compare numbers only between runs on the same machine.",
        "",
        f"- **Date:** {now}",
        f"- **Command:** `{command}`",
        f"- **Machine:** {platform.platform()}; {cpu_name()}; {os.cpu_count()} CPUs",
        f"- **Python:** {platform.python_implementation()} {platform.python_version()}",
        f"- **Total time:** {seconds:.1f} s",
        "",
        markdown_table(rows),
        "",
        "Columns: *playouts/s* and *plies/s* over uniformly random games with fixed seeds (mean",
        "length in *mean plies*); *legal/s* legal-move generations per second in a mid-game position",
        "(halfway through the first playout) holding *moves* legal moves; *apply+undo/s* is",
        "`State.apply` + `State.undo` of each of those moves in turn (apply checks legality, so it",
        "regenerates the move list after each undo); *play+undo/s* skips that check",
        "(`turns.play` + `State.undo`).",
        "",
    ] + ([
        "Games that end by comparing values (Loupe's groups): *scoring ms* is the last move of the first",
        "playout, which ends the game and computes every group's shortest loop (loop caches emptied",
        "first); *game ms* is the mean time of a whole random game.",
        "",
        scoring_table(rows, markdown=True),
        "",
    ] if scoring_table(rows, markdown=True) else []))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--playouts", type=int, default=20, help="random playouts per game (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="first playout seed (default 0)")
    parser.add_argument("--write", action="store_true", help=f"rewrite {BENCHMARKS_MD.name}")
    parser.add_argument("--game", action="append", help="only these bundled games (repeatable)")
    args = parser.parse_args(argv)
    if args.playouts < 1:
        parser.error("--playouts must be at least 1")

    configs = [c for c in configurations() if not args.game or c[0] in args.game]
    rows = []
    start = time.perf_counter()
    for name, options in configs:
        print(f"  {name} {', '.join(options) or 'default'} ...", file=sys.stderr, flush=True)
        rows.append(measure(name, options, args.playouts, args.seed))
    seconds = time.perf_counter() - start
    print(text_table(rows))
    scoring = scoring_table(rows, markdown=False)
    if scoring:
        print()
        print(scoring)
    if args.write:
        command = "PYTHONPATH=src python benchmarks/bench.py " + " ".join(
            a for a in (argv if argv is not None else sys.argv[1:]))
        BENCHMARKS_MD.write_text(write_markdown(rows, command.strip(), seconds), encoding="utf-8")
        print(f"wrote {BENCHMARKS_MD}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
