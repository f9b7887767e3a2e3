"""Speed of both tiers of the engine on every bundled game, beside OpenSpiel's C++ on the games it
has, in one run.

    PYTHONPATH=src python benchmarks/bench.py                    # print the table
    PYTHONPATH=src python benchmarks/bench.py --write            # also rewrite BENCHMARKS.md
    PYTHONPATH=src python benchmarks/bench.py --game pente --game hex

Every bundled description is measured with its defaults and once per item of its "Board Size"
option when it has at most four; the issue's other sizes too (Hex 7x7 for MCTS). Times are CPU
seconds of the process doing the work (``time.process_time``; children's via ``getrusage``), so
other load on the machine slows them less than the wall clock; the whole command's wall time is
given for ``ludeme run`` too. Columns:

- *reference/s*: random games per second on the reference engine (``State.play_random``, one
  game at a time: the path the reference MCTS takes);
- *compiled/s*: random games per second on the compiled tier (``NativeGame.playouts``: many games
  in one compiled loop, moves drawn as the reference's), and its ratio to the reference;
- *OpenSpiel/s*: OpenSpiel's C++ uniform random bots on the same game (``pyspiel.evaluate_bots``),
  and the compiled tier's ratio to it;
- *compile s*: the compiled tier's first use on a fresh cache (generation and numba, in a child
  process), *cached s*: the same from the cache (numba's start-up included);
- *MCTS it/s*: UCT iterations per CPU second from the first position with a choice (random
  playouts to the end; 200 iterations for the reference agent, 5,000 for the compiled tier and
  OpenSpiel's C++ ``MCTSBot`` with a random rollout evaluator, from its initial state);
- *run s*: the whole command ``ludeme run GAME --playouts 1000 --engine compiled`` on a warm
  cache, wall seconds (CPU seconds in brackets);
- *load ms*: parsing, expanding, binding and compiling the description (the reference engine).
"""

from __future__ import annotations

import argparse
import datetime as _dt
import os
import platform
import random
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from interpreter import load  # noqa: E402
from interpreter.agents.mcts import MCTSAgent  # noqa: E402
from interpreter.loader import expand_description  # noqa: E402
from interpreter.native import choice  # noqa: E402
from interpreter.native.api import native_game, why_not  # noqa: E402
from interpreter.resources import bundled_descriptions  # noqa: E402

BENCHMARKS_MD = ROOT / "BENCHMARKS.md"
SIZE_OPTION = "Board Size"
MAX_SIZES = 4
MIN_TIME = 0.5  # CPU seconds per measurement
clock = time.process_time

# our games and OpenSpiel's equivalents (pyspiel.load_game arguments)
OPENSPIEL = {
    ("tic-tac-toe", ()): ("tic_tac_toe", {}),
    ("gomoku", ("Board Size/15x15",)): ("gomoku", {"size": 15}),
    ("gomoku", ("Board Size/19x19",)): ("gomoku", {"size": 19}),
    ("hex", ()): ("hex", {"board_size": 11}),
    ("hex", ("Board Size/7x7",)): ("hex", {"board_size": 7}),
    ("pente", ("Board Size/9x9",)): ("gomoku", {"size": 9}),  # Gomoku 9: the nearest OpenSpiel has
    ("pente", ("Board Size/19x19",)): ("gomoku", {"size": 19}),
}
EXTRA = [("hex", ("Board Size/7x7", "Swap Rules/Off"))]  # the MCTS figure


@dataclass
class Row:
    game: str
    options: str
    sites: int
    reference: float
    compiled: float | None
    openspiel: float | None
    compile_s: float | None
    cached_s: float | None
    mcts_reference: float
    mcts_compiled: float | None
    mcts_openspiel: float | None
    run_wall: float | None
    run_cpu: float | None
    load_ms: float
    note: str = ""


def configurations(only: list[str]) -> list[tuple[str, tuple[str, ...]]]:
    configs: list[tuple[str, tuple[str, ...]]] = []
    for name in bundled_descriptions():
        if only and name not in only:
            continue
        sizes = [o for o in expand_description(name).options if o.label == SIZE_OPTION]
        if not sizes or len(sizes[0].items) > MAX_SIZES:
            configs.append((name, ()))
        else:
            configs.extend((name, (f"{SIZE_OPTION}/{i.name}",)) for i in sizes[0].items)
    configs.extend(c for c in EXTRA if not only or c[0] in only)
    return configs


def rate(step, min_time: float = MIN_TIME) -> tuple[float, int]:
    """(calls of ``step()`` per CPU second, calls), over at least ``min_time`` seconds."""
    calls, batch, start = 0, 1, clock()
    while clock() - start < min_time:
        for _ in range(batch):
            step()
        calls += batch
        batch *= 2
    return calls / (clock() - start), calls


def reference_rate(game) -> float:
    rng = random.Random(1)

    def one():
        state = game.initial_state()
        while not state.over:
            state.play_random(rng)
    return rate(one)[0]


def compiled_rate(native) -> float:
    native.playouts(10, 0)
    count = 100
    while True:
        start = clock()
        native.playouts(count, 1)
        elapsed = clock() - start
        if elapsed >= MIN_TIME or count >= 1 << 22:
            return count / elapsed
        count *= 2


def openspiel_rate(name: str, params: dict) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name, params)
    bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(game.num_players())]
    state = game.new_initial_state()
    seed = [0]

    def one():
        seed[0] += 1
        pyspiel.evaluate_bots(state.clone(), bots, seed[0])
    return rate(one)[0]


def first_choice(game):
    """The first position with more than one legal move (Pente's opening has one)."""
    state = game.initial_state()
    while not state.over and len(state.legal_moves()) == 1:
        state.apply(state.legal_moves()[0])
    return state


def mcts_rates(game, native, os_game: tuple[str, dict] | None) -> tuple[float, float | None, float | None]:
    state = first_choice(game)
    agent = MCTSAgent(seed=1, iterations=200, playout=100_000)
    choice.set_engine("reference")
    start = clock()
    agent.choose(state)
    reference = agent.stats.iterations / max(clock() - start, 1e-9) if agent.stats.iterations else 0.0
    compiled = None
    if native is not None:
        native.warm_search("mcts")
        st = native.from_state(state)
        start = clock()
        _, done = native.mcts(st, 5000, None, 1.4, 100_000, 1)
        compiled = done / (clock() - start)
    openspiel = None
    if os_game is not None:
        try:
            import pyspiel
            g = pyspiel.load_game(*os_game)
            bot = pyspiel.MCTSBot(g, pyspiel.RandomRolloutEvaluator(1, 1), 1.4, 5000, 1000, False, 1, False)
            start = clock()
            bot.step(g.new_initial_state())
            openspiel = 5000 / (clock() - start)
        except ImportError:
            pass
    return reference, compiled, openspiel


def child(code: str, cache: str) -> tuple[float, float]:
    """(wall, CPU) seconds of ``python -c code`` with this cache folder."""
    env = dict(os.environ, LUDEME_CACHE=cache, PYTHONPATH=str(ROOT / "src"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def compile_times(name: str, options: tuple[str, ...], cache: str) -> tuple[float, float]:
    """(first use on a fresh cache, then from the cache): CPU seconds of a child process getting
    the compiled tier ready to play (playouts compiled and run once)."""
    code = ("from interpreter import load; from interpreter.native.api import native_game; "
            f"native_game(load({name!r}, options={list(options)!r})).playouts(1, 0)")
    fresh = tempfile.mkdtemp(prefix="ludeme-bench-", dir=cache)
    first = child(code, fresh)[1]
    cached = child(code, fresh)[1]
    return first, cached


def run_command(name: str, options: tuple[str, ...], cache: str) -> tuple[float, float]:
    opts = "".join(f", '--option', {o!r}" for o in options)
    code = ("import sys; from interpreter.cli import main; "
            f"sys.exit(main(['run', {name!r}, '--playouts', '1000', '--engine', 'compiled'{opts}]))")
    child(code, cache)  # warm the cache
    return child(code, cache)


def load_ms(name: str, options: tuple[str, ...]) -> float:
    best = float("inf")
    for _ in range(3):
        start = clock()
        load(name, options=list(options))
        best = min(best, clock() - start)
    return best * 1000


def measure(name: str, options: tuple[str, ...], cache: str) -> Row:
    game = load(name, options=list(options))
    native = native_game(game)
    os_game = OPENSPIEL.get((name, options)) or (OPENSPIEL.get((name, ())) if not options else None)
    if name == "hex" and options == ("Board Size/7x7", "Swap Rules/Off"):
        os_game = ("hex", {"board_size": 7})
    note = "" if native is not None else f"reference only: {why_not(game)}"
    first = cached = wall = cpu = compiled = None
    if native is not None:
        first, cached = compile_times(name, options, cache)
        compiled = compiled_rate(native)
        wall, cpu = run_command(name, options, cache)
    mcts = mcts_rates(game, native, os_game)
    return Row(game.name, ", ".join(options) or "defaults", game.topology.n, reference_rate(game), compiled,
               openspiel_rate(*os_game) if os_game else None, first, cached, *mcts, wall, cpu,
               load_ms(name, options), note)


def fmt(x: float | None, digits: int = 0) -> str:
    if x is None:
        return ""
    return f"{x:,.{digits}f}"


def ratio(a: float | None, b: float | None) -> str:
    return f"{a / b:.2f}" if a and b else ""


def table(rows: list[Row]) -> list[str]:
    lines = ["| game | options | sites | reference/s | compiled/s | vs reference | OpenSpiel C++/s | vs OpenSpiel "
             "| compile s | cached s | MCTS it/s reference | compiled | OpenSpiel C++ | vs OpenSpiel | run s (CPU) | load ms |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        run = f"{r.run_wall:.1f} ({r.run_cpu:.1f})" if r.run_wall is not None else ""
        lines.append(
            f"| {r.game} | {r.options} | {r.sites} | {fmt(r.reference, 1)} | {fmt(r.compiled)} | "
            f"{ratio(r.compiled, r.reference)} | {fmt(r.openspiel)} | {ratio(r.compiled, r.openspiel)} | "
            f"{fmt(r.compile_s, 1)} | {fmt(r.cached_s, 2)} | {fmt(r.mcts_reference)} | {fmt(r.mcts_compiled)} | "
            f"{fmt(r.mcts_openspiel)} | {ratio(r.mcts_compiled, r.mcts_openspiel)} | {run} | {r.load_ms:.1f} |"
            + (f" {r.note}" if r.note else ""))
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", default=[], help="only this bundled game (repeatable)")
    parser.add_argument("--write", action="store_true", help="rewrite BENCHMARKS.md's table")
    args = parser.parse_args()
    load_before = os.getloadavg()
    started = time.perf_counter()
    cache = tempfile.mkdtemp(prefix="ludeme-bench-cache-")
    os.environ["LUDEME_CACHE"] = cache
    rows = []
    for name, options in configurations(args.game):
        row = measure(name, options, cache)
        rows.append(row)
        print(table([row])[-1], flush=True)
    lines = table(rows)
    print("\n".join(lines))
    if args.write:
        header = [
            "# Benchmarks", "",
            "Random playouts and MCTS on both tiers of the engine (reference and compiled) on every bundled",
            "game, beside OpenSpiel's C++ on the games it has, in the same run, measured by",
            "`benchmarks/bench.py` (its docstring says what each column means). Compare numbers only",
            "between runs on the same machine.", "",
            f"- **Date:** {_dt.datetime.now(_dt.timezone.utc):%Y-%m-%d %H:%M} UTC",
            "- **Command:** `PYTHONPATH=src python benchmarks/bench.py --write`",
            f"- **Machine:** {platform.platform()}; {os.cpu_count()} CPUs; load average before the run "
            + " ".join(f"{x:.2f}" for x in load_before),
            f"- **Python:** {platform.python_implementation()} {platform.python_version()}",
            "- **Times:** CPU seconds (`time.process_time`; a child's through `getrusage`), one core",
            f"- **Total time:** {time.perf_counter() - started:.0f} s", "",
        ]
        text = BENCHMARKS_MD.read_text() if BENCHMARKS_MD.exists() else ""
        rest = text.split("\n## ", 1)[1] if "\n## " in text else ""
        BENCHMARKS_MD.write_text("\n".join(header + lines) + ("\n\n## " + rest if rest else "\n"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
