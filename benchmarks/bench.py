"""Speed of the engine on every bundled game, beside OpenSpiel's on the same games.

    PYTHONPATH=src python benchmarks/bench.py                 # print the tables
    PYTHONPATH=src python benchmarks/bench.py --playouts 50   # more playouts per game
    PYTHONPATH=src python benchmarks/bench.py --write         # also rewrite BENCHMARKS.md
    PYTHONPATH=src python benchmarks/bench.py --game pente      # one game (repeatable)

Every bundled description is measured with its default options, and once per item of its
"Board Size" option when it has at most four (Pente on 9x9 ... 19x19); then every other item of
Pente's options on 19x19 (``PENTE_VARIANTS``), Double-Run Stone's other boards
(``DOUBLE_RUN_STONE_VARIANTS``) and Loupe's compound modality. Playouts use fixed seeds, so the
same games are played on every run; only the times change. Times are CPU times of this process
(``time.process_time``): other processes on the machine slow the wall clock, not these.

For each game:

- *path* and *playouts/s*: uniformly random games as ``ludeme run GAME`` plays them: in the
  batch (``interpreter.batch``, numpy, all games at once) when it reads the rules, else one by
  one through the engine drawing each move without listing them (``State.play_random``);
- *engine/s*: one game at a time through the engine (``State.play_random``);
- *list/s*: one game at a time choosing from the full legal list (``rng.choice(legal_moves())``
  then ``State.apply``, which checks the move), what every random game did before the fast paths;
- *legal/s*: generations of the legal move list (``turns.legal_moves``, no cache) in a mid-game
  position (halfway through the first playout) holding *moves* legal moves;
- *play+undo/s*: ``turns.play`` then ``State.undo`` of each of those moves in turn;
- *MCTS it/s*: iterations per second of the MCTS agent (UCT, random playouts) deciding its
  first move (in the first position of a game with a choice);
- *load ms*: parsing, expanding, binding and compiling the description (best of three);
- for games that end by comparing values (Loupe's groups, ``byValues``): the time of the last
  move of the first playout, which ends the game and scores it, with the loop caches emptied
  (*scoring ms*), beside the mean time of a whole random game (*game ms*).

When OpenSpiel is installed (``pip install open-spiel``), its tic-tac-toe and Gomoku 15x15 and
19x19 are played in the same run (random playouts driven from Python, as ours) and each of our
figures is printed with its ratio to OpenSpiel's on the same game.
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
from typing import Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from interpreter import load  # noqa: E402
from interpreter.agents.mcts import MCTSAgent  # noqa: E402
from interpreter.batch import plan_for  # noqa: E402
from interpreter.engine import loops, turns  # noqa: E402
from interpreter.loader import expand_description  # noqa: E402
from interpreter.resources import bundled_descriptions  # noqa: E402

BENCHMARKS_MD = ROOT / "BENCHMARKS.md"
SIZE_OPTION = "Board Size"
MAX_SIZES = 4  # board sizes measured one by one (Hex has 17: only its default)
MIN_TIME = 0.25  # CPU seconds spent on each micro-measurement
clock = time.process_time


@dataclass
class Row:
    game: str
    options: str
    sites: int
    path: str  # batch or sampled: how `ludeme run` plays random games
    playouts_per_s: float  # as `ludeme run` plays them
    engine_per_s: float  # one by one, State.play_random
    list_per_s: float  # one by one from the full legal list
    mean_plies: float
    legal_per_s: float
    moves_in_position: int
    play_undo_per_s: float
    mcts_per_s: float
    load_ms: float
    scoring_ms: float | None = None  # the move that ends and scores the game (values compared)
    key: tuple = ()


def configurations() -> list[tuple[str, tuple[str, ...]]]:
    """(name, options): each bundled game with its defaults, or once per board size it offers."""
    configs: list[tuple[str, tuple[str, ...]]] = []
    for name in bundled_descriptions():
        sizes = [o for o in expand_description(name).options if o.label == SIZE_OPTION]
        if not sizes or len(sizes[0].items) > MAX_SIZES:
            configs.append((name, ()))
            continue
        for option in sizes:
            configs.extend((name, (f"{option.label}/{item.name}",)) for item in option.items)
    configs.extend(("pente", variant) for variant in PENTE_VARIANTS)
    configs.extend(("double-run-stone", variant) for variant in DOUBLE_RUN_STONE_VARIANTS)
    configs.extend(("loupe", variant) for variant in LOUPE_VARIANTS)
    return configs


#: Loupe's other modality, on each board size the scoring is measured on
LOUPE_VARIANTS = [("Board Size/9", "Modality/Compound"), ("Board Size/11", "Modality/Compound")]


#: every other item of Pente's options, on the 19x19 board (the issue's "within 3x of standard")
PENTE_VARIANTS = [
    ("Players/3",),
    ("Players/4",),
    ("Team Mode/Enabled",),
    ("Overline/Forbidden",),
    ("Capture Win/Disabled",),
    ("Capture Three/Enabled",),
    ("Opening/None",),
    ("Opening/Pro",),
    ("Opening/Long Pro",),
    ("Opening/Swap",),
    ("Opening/Swap2",),
    ("Self-capture/Self-capture",),
    ("Self-capture/Forbidden",),
    ("Overtime/Break the line",),
    ("Overtime/Capture the line",),
    ("Mixed Capture/Enabled",),
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


def play_out(game, seed: int, max_plies: int | None = None, sampled: bool = False):
    state = game.initial_state()
    rng = random.Random(seed)
    limit = game.turn_limit + 1 if max_plies is None else max_plies
    while not state.is_over() and state.ply < limit:
        if sampled:
            state.play_random(rng)
        else:
            state.apply(rng.choice(state.legal_moves()))
    return state


def rate(step, min_time: float = MIN_TIME) -> float:
    """Calls of ``step()`` per CPU second, over at least ``min_time`` seconds."""
    calls = 0
    start = clock()
    elapsed = 0.0
    batch = 1
    while elapsed < min_time:
        for _ in range(batch):
            step()
        calls += batch
        batch *= 2
        elapsed = clock() - start
    return calls / elapsed


def playout_rate(game, playouts: int, seed: int, sampled: bool) -> tuple[float, float]:
    """(playouts per CPU second, mean plies) one game at a time."""
    plies = 0
    start = clock()
    for i in range(playouts):
        plies += play_out(game, seed + i, sampled=sampled).ply
    return playouts / max(clock() - start, 1e-9), plies / playouts


def batch_rate(plan, seed: int, min_time: float = 0.5) -> float:
    """Batch playouts per CPU second: more games each round until a round takes ``min_time``."""
    count = 1000
    while True:
        start = clock()
        plan.playouts(count, seed)
        elapsed = clock() - start
        if elapsed >= min_time or count >= 1 << 22:
            return count / elapsed
        count *= 2


def load_ms(name: str, options: tuple[str, ...]) -> float:
    best = float("inf")
    for _ in range(3):
        start = clock()
        load(name, options=list(options))
        best = min(best, clock() - start)
    return best * 1000


def mcts_rate(game, seed: int) -> float:
    """MCTS iterations per CPU second deciding early in a game: in the first position of the
    first playout with a choice (no move wins at once there, so the agent searches)."""
    state = game.initial_state()
    rng = random.Random(seed)
    while not state.is_over() and len(state.legal_moves()) < 2:
        state.apply(rng.choice(state.legal_moves()))
    if state.is_over():
        return float("nan")
    iterations = 0
    start = clock()
    while clock() - start < MIN_TIME * 2:
        agent = MCTSAgent(seed=seed, iterations=50)
        agent.choose(state)
        if not agent.stats.iterations:
            return float("nan")
        iterations += agent.stats.iterations
    return iterations / (clock() - start)


def measure(name: str, options: tuple[str, ...], playouts: int, seed: int) -> Row:
    game = load(name, options=list(options))
    plan = plan_for(game)
    play_out(game, seed)  # warm up: tables and caches built on first use are not timed
    engine_rate, mean = playout_rate(game, playouts, seed, sampled=True)
    list_rate, _ = playout_rate(game, playouts, seed, sampled=False)
    sampled = any(turns.can_draw(p.play) for p in game.phases)
    if plan is not None:
        path, run_rate = "batch", batch_rate(plan, seed)
    else:
        path, run_rate = ("sampled" if sampled else "list"), engine_rate

    # a mid-game position: halfway through the first playout
    length = play_out(game, seed).ply
    state = play_out(game, seed, max_plies=max(1, length // 2))
    moves = list(state.legal_moves())

    def generate():
        turns.legal_moves(state)

    cycle = {"i": 0}

    def play_undo():
        move = moves[cycle["i"] % len(moves)]
        cycle["i"] += 1
        turns.play(state, move)
        state.undo()

    before = state.snapshot()
    legal_rate = rate(generate)
    play_rate = rate(play_undo)
    assert state.snapshot() == before, "play + undo changed the position"
    mcts = mcts_rate(game, seed)
    chosen = ", ".join(options) or "defaults"  # other options keep their defaults
    return Row(game.name, chosen, game.topology.n, path, run_rate, engine_rate, list_rate, mean,
               legal_rate, len(moves), play_rate, mcts, load_ms(name, options), scoring_time(game, seed),
               key=(name, options))


def scoring_time(game, seed: int) -> float | None:
    """Milliseconds of the move that ends the first playout, when the game ends by comparing
    values (the end rules explain something), the loop caches emptied first; else None."""
    final = play_out(game, seed)
    if not final.is_over() or not game.explain(final):
        return None
    last = final.undo()
    loops.forget(game.topology)
    start = clock()
    final.apply(last)
    return (clock() - start) * 1000


HEADERS = ("game", "options", "sites", "path", "playouts/s", "vs OpenSpiel", "engine/s", "list/s",
           "mean plies", "legal/s", "moves", "play+undo/s", "MCTS it/s", "load ms")
NUMERIC_FROM = 4


#: OpenSpiel's games beside ours: (our bundled name, options) -> OpenSpiel's game string
OPENSPIEL_GAMES = {
    ("tic-tac-toe", ()): "tic_tac_toe",
    ("gomoku", ("Board Size/15x15",)): "gomoku(size=15)",
    ("gomoku", ("Board Size/19x19",)): "gomoku(size=19)",
    ("pente", ("Board Size/19x19",)): "gomoku(size=19)",  # the target: Pente vs Gomoku 19x19
}


def openspiel_rates(playouts: int, seed: int) -> dict[str, float]:
    """OpenSpiel's random playouts per CPU second, per game string; empty without OpenSpiel."""
    try:
        import pyspiel
    except ImportError:
        return {}
    rates = {}
    for name in dict.fromkeys(OPENSPIEL_GAMES.values()):
        game = pyspiel.load_game(name)
        rng = random.Random(seed)
        count = 0
        start = clock()
        while count < playouts or clock() - start < 1.0:
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
            count += 1
        rates[name] = count / (clock() - start)
    return rates


def ratio(row: Row, spiel: dict[str, float]) -> Optional[float]:
    name = OPENSPIEL_GAMES.get(row.key)
    return row.playouts_per_s / spiel[name] if name in spiel else None


def cells(row: Row, spiel: dict[str, float]) -> list[str]:
    r = ratio(row, spiel)
    versus = f"{r:.2f} ({OPENSPIEL_GAMES[row.key]})" if r is not None else ""
    mcts = f"{row.mcts_per_s:,.0f}" if row.mcts_per_s == row.mcts_per_s else "-"
    return [row.game, row.options, str(row.sites), row.path, f"{row.playouts_per_s:,.1f}", versus,
            f"{row.engine_per_s:,.1f}", f"{row.list_per_s:,.1f}", f"{row.mean_plies:.1f}",
            f"{row.legal_per_s:,.0f}", str(row.moves_in_position), f"{row.play_undo_per_s:,.0f}", mcts,
            f"{row.load_ms:.1f}"]


def text_table(rows: list[Row], spiel: dict[str, float]) -> str:
    table = [list(HEADERS)] + [cells(r, spiel) for r in rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(HEADERS))]

    def fmt(line: list[str]) -> str:
        return "  ".join(c.rjust(w) if i >= NUMERIC_FROM else c.ljust(w)
                         for i, (c, w) in enumerate(zip(line, widths))).rstrip()

    out = [fmt(table[0]), "  ".join("-" * w for w in widths)]
    out.extend(fmt(line) for line in table[1:])
    return "\n".join(out)


def markdown_table(rows: list[Row], spiel: dict[str, float]) -> str:
    out = ["| " + " | ".join(HEADERS) + " |",
           "|" + "|".join(["---"] * NUMERIC_FROM + ["---:"] * (len(HEADERS) - NUMERIC_FROM)) + "|"]
    out.extend("| " + " | ".join(cells(r, spiel)) + " |" for r in rows)
    return "\n".join(out)


def openspiel_table(spiel: dict[str, float], markdown: bool) -> str:
    if not spiel:
        return "OpenSpiel is not installed (pip install open-spiel): no side-by-side figures."
    lines = [f"| OpenSpiel game | random playouts/s |", "|---|---:|"] if markdown else ["OpenSpiel random playouts/s:"]
    for name, value in spiel.items():
        lines.append(f"| {name} | {value:,.1f} |" if markdown else f"  {name:<18} {value:>12,.1f}")
    return "\n".join(lines)


LUDII_SAMPLE = ROOT.parent / "shared" / "ludii-sample"


def ludii_parse_seconds() -> Optional[tuple[int, float]]:
    """(files, CPU seconds) to parse every .lud file of Ludii's sample beside the repository
    (best of three), or None when it is not there."""
    from interpreter.syntax.parser import parse
    files = sorted(LUDII_SAMPLE.rglob("*.lud")) if LUDII_SAMPLE.is_dir() else []
    if not files:
        return None
    texts = [(p.read_text(encoding="utf-8"), str(p)) for p in files]
    best = float("inf")
    for _ in range(3):
        start = clock()
        for text, name in texts:
            try:
                parse(text, name)
            except Exception:
                pass  # a file that does not parse still took its time
        best = min(best, clock() - start)
    return len(files), best


def targets(rows: list[Row], spiel: dict[str, float], parsed: Optional[tuple[int, float]] = None) -> list[str]:
    """The issue's targets, each with the measured figure: met or missed (and by how much)."""
    by_key = {r.key: r for r in rows}
    out = []

    def verdict(label: str, value: float, goal: float, unit: str, lower_is_better: bool = False) -> None:
        met = value <= goal if lower_is_better else value >= goal
        factor = (value / goal if lower_is_better else goal / value) if value else float("inf")
        tail = "met" if met else f"MISSED by {factor:.1f}x"
        out.append(f"{label}: {value:,.1f} {unit} (target {'<=' if lower_is_better else '>='} {goal:,.1f}): {tail}")

    for key, name in OPENSPIEL_GAMES.items():
        row = by_key.get(key)
        if row is not None and name in spiel:
            verdict(f"{row.game} {row.options} vs OpenSpiel {name}", row.playouts_per_s, spiel[name], "playouts/s")
    standard = by_key.get(("pente", ("Board Size/19x19",)))
    if standard is not None:
        for row in rows:
            if row.key[0] == "pente" and row.key in [("pente", v) for v in PENTE_VARIANTS]:
                verdict(f"Pente {row.options} (engine) within 3x of standard Pente (engine)", row.engine_per_s,
                        standard.engine_per_s / 3, "playouts/s")
    for key, goal in ((("alak", ()), 5000.0), (("double-run-stone", ("Board Size/Order 3",)), 2500.0)):
        if key in by_key:
            verdict(f"{by_key[key].game} {by_key[key].options}", by_key[key].playouts_per_s, goal, "playouts/s")
    for row in rows:
        if row.key[0] in ("loophole", "loophole-small", "loupe") and row.key[1] in ((), ("Board Size/9",)):
            verdict(f"{row.game} {row.options}: one random game", 1000 / row.playouts_per_s, 20.0, "ms", True)
    slowest = max(rows, key=lambda r: r.load_ms, default=None)
    if slowest is not None:
        verdict(f"slowest load ({slowest.game} {slowest.options})", slowest.load_ms, 50.0, "ms", True)
    if parsed is not None:
        verdict(f"parsing Ludii's sample ({parsed[0]} files)", parsed[1], 2.0, "s", True)
    return out


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


def write_markdown(rows: list[Row], spiel: dict[str, float], command: str, seconds: float, notes: str,
                   parsed: Optional[tuple[int, float]] = None) -> str:
    now = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return "\n".join([
        "# Benchmarks",
        "",
        "Random playouts, move generation, MCTS and loading on every bundled game, measured by",
        "`benchmarks/bench.py` (its docstring says what each column means), beside OpenSpiel's",
        "same games in the same run. Regenerate with the command below; compare numbers only",
        "between runs on the same machine.",
        "",
        f"- **Date:** {now}",
        f"- **Command:** `{command}`",
        f"- **Machine:** {platform.platform()}; {cpu_name()}; {os.cpu_count()} CPUs; load average "
        f"before the run {load_average()}",
        f"- **Python:** {platform.python_implementation()} {platform.python_version()}",
        "- **Times:** CPU time of the benchmark process (`time.process_time`): other work on the",
        "  machine slows these far less than the wall clock, but still some (shared caches and",
        "  cores): on a loaded machine the one-game-at-a-time figures move by about 30% run to run",
        f"- **Total time:** {seconds:.1f} s",
        "",
        markdown_table(rows, spiel),
        "",
        openspiel_table(spiel, markdown=True),
        "",
        "Columns: *path* is how `ludeme run` plays random games (*batch*: numpy, every game at once;",
        "*sampled*: one by one, each move drawn without listing them; *list*: from the full list);",
        "*playouts/s* on that path and its ratio to OpenSpiel's same game; *engine/s* one game at a",
        "time through the engine with the sampler; *list/s* one game at a time from the full legal",
        "list; *legal/s* legal-move generations in a mid-game position holding *moves* moves;",
        "*play+undo/s* `turns.play` + `State.undo` of each of them; *MCTS it/s* the MCTS agent's",
        "iterations per second deciding the first move with a choice; *load ms* parse + expand +",
        "bind + compile.",
        "",
        "## Targets (issue 14)",
        "",
    ] + [f"- {line}" for line in targets(rows, spiel, parsed)] + [""] + ([
        "Games that end by comparing values (Loupe's groups): *scoring ms* is the last move of the first",
        "playout, which ends the game and computes every group's shortest loop (loop caches emptied",
        "first); *game ms* is the mean time of a whole random game.",
        "",
        scoring_table(rows, markdown=True),
        "",
    ] if scoring_table(rows, markdown=True) else []) + ([notes] if notes else []))


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


NOTES_MARK = "## Profile and notes"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--playouts", type=int, default=20, help="random playouts per game (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="first playout seed (default 0)")
    parser.add_argument("--write", action="store_true", help=f"rewrite {BENCHMARKS_MD.name} (its notes kept)")
    parser.add_argument("--game", action="append", help="only these bundled games (repeatable)")
    args = parser.parse_args(argv)
    if args.playouts < 1:
        parser.error("--playouts must be at least 1")

    configs = [c for c in configurations() if not args.game or c[0] in args.game]
    rows = []
    start = time.perf_counter()
    spiel = openspiel_rates(args.playouts * 10, args.seed)
    for name, options in configs:
        print(f"  {name} {', '.join(options) or 'default'} ...", file=sys.stderr, flush=True)
        rows.append(measure(name, options, args.playouts, args.seed))
    parsed = ludii_parse_seconds() if not args.game else None
    seconds = time.perf_counter() - start
    print(text_table(rows, spiel))
    print()
    print(openspiel_table(spiel, markdown=False))
    scoring = scoring_table(rows, markdown=False)
    if scoring:
        print()
        print(scoring)
    print()
    print("\n".join(targets(rows, spiel, parsed)))
    if args.write:
        command = "PYTHONPATH=src python benchmarks/bench.py " + " ".join(
            a for a in (argv if argv is not None else sys.argv[1:]))
        old = BENCHMARKS_MD.read_text(encoding="utf-8") if BENCHMARKS_MD.exists() else ""
        notes = old[old.index(NOTES_MARK):] if NOTES_MARK in old else ""
        BENCHMARKS_MD.write_text(write_markdown(rows, spiel, command.strip(), seconds, notes, parsed), encoding="utf-8")
        print(f"wrote {BENCHMARKS_MD}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
