"""Commands that play: run, trace, apply, play."""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

from .common import (
    EXIT_OK,
    EXIT_USAGE,
    UsageError,
    _agent_specs,
    _emit_json,
    _game_and_state,
    _load_game,
    _make_agents,
    apply_moves,
)
from .matches import record_writer, write_game_record
from .outputs import inputs_of, output_path
from .terminal import TerminalGame, dice_text

# ---------------------------------------------------------------------------------------------
# run, trace


class _Progress:
    """A progress bar on a terminal (rich when installed, plain text otherwise); silent elsewhere."""

    def __init__(self, total: int, label: str, enabled: bool):
        self.total, self.label, self.enabled = total, label, enabled
        self._rich = None
        self._last = 0.0
        if not enabled:
            return
        try:
            from rich.progress import Progress
            self._rich = Progress(transient=True)
            self._rich.start()
            self._task = self._rich.add_task(label, total=total)
        except Exception:  # rich missing or unusable: plain text
            self._rich = None

    def advance(self, done: int) -> None:
        if not self.enabled:
            return
        if self._rich is not None:
            self._rich.update(self._task, completed=done)
            return
        now = time.monotonic()
        if done == self.total or now - self._last > 0.1:
            self._last = now
            filled = int(30 * done / self.total) if self.total else 30
            sys.stdout.write(f"\r{self.label} [{'#' * filled}{'.' * (30 - filled)}] {done}/{self.total}")
            sys.stdout.flush()

    def close(self) -> None:
        if not self.enabled:
            return
        if self._rich is not None:
            self._rich.stop()
        else:
            sys.stdout.write("\r" + " " * (len(self.label) + 50) + "\r")
            sys.stdout.flush()


def cmd_run(args: argparse.Namespace) -> int:
    from ..runs import choose_native, play_run
    started = time.perf_counter()
    game = _load_game(args)
    if args.max_plies is not None:
        game = game.with_turn_limit(args.max_plies)
    specs = _agent_specs(args, game.num_players)
    _make_agents(specs, args.seed)  # the specs checked before anything is played
    players = range(1, game.num_players + 1)
    list_moves = bool(getattr(args, "list_moves", False))
    native, tier = choose_native(game, specs, args.playouts, list_moves, bool(args.record))
    compile_seconds = 0.0
    if native is not None:
        compile_seconds = native.warm()
    progress = _Progress(args.playouts, game.name, sys.stdout.isatty() and not args.json)
    writer = record_writer(args)
    done = 0

    def advance(n: int) -> None:
        nonlocal done
        done += n
        progress.advance(done)

    def record(i: int, state: Any, seed: int) -> None:
        write_game_record(writer, args, game, state, state.history, specs, seed, index=i)
    cpu = time.process_time()
    playing = time.perf_counter()
    try:
        totals = play_run(game, specs, args.playouts, args.seed, native=native, jobs=args.jobs,
                          list_moves=list_moves, record=record if writer is not None else None,
                          progress=advance)
    finally:
        progress.close()
        if writer is not None:
            writer.close()
    elapsed = time.perf_counter() - playing
    n = args.playouts
    summary = {
        "game": game.name,
        "options": list(game.options),
        "seed": args.seed,
        "agents": {str(p): specs[p] for p in players},
        "playouts": n,
        "wins": {str(p): totals.wins.get(p, 0) for p in players},
        "draws": totals.draws,
        "turn_limit_draws": totals.turn_limit_draws,
        "turn_limit": game.turn_limit,
        "mean_length": totals.plies / n,
        "mean_branching": totals.legal / totals.decisions if totals.decisions else None,
        "engine": tier.name,
        "engine_reason": tier.reason,
        "jobs": args.jobs,
        # games per second of playing (wall clock, load and compile excluded; with --jobs the
        # processes' work overlaps); the whole command's time is total_seconds
        "playouts_per_second": n / elapsed if elapsed > 0 else float(n),
        "seconds": elapsed,
        "cpu_seconds": time.process_time() - cpu,
        "compile_seconds": compile_seconds,
        "total_seconds": time.perf_counter() - started,
    }
    if totals.unfinished:
        summary["unfinished"] = totals.unfinished
    return _report_run(args, game, specs, summary)


def _report_run(args: argparse.Namespace, game, specs: dict[int, str], summary: dict[str, Any]) -> int:
    players = range(1, game.num_players + 1)
    n = summary["playouts"]
    wins = {p: summary["wins"][str(p)] for p in players}
    draws, turn_limit_draws = summary["draws"], summary["turn_limit_draws"]
    if args.json:
        _emit_json(summary)
        return EXIT_OK
    opts = f" [{', '.join(game.options)}]" if game.options else ""
    print(f"{game.name}{opts}: {n} playouts, seed {args.seed}, "
          + " vs ".join(f"P{p} {specs[p]}" for p in players))
    for p in players:
        print(f"  P{p} wins: {wins[p]:>6}  ({100 * wins[p] / n:5.1f}%)")
    print(f"  draws:   {draws:>6}  ({100 * draws / n:5.1f}%), by the turn limit ({game.turn_limit} plies): "
          f"{turn_limit_draws}")
    print(f"  mean length: {summary['mean_length']:.1f} plies")
    if summary["mean_branching"] is None:
        print("  mean branching factor: not counted (moves drawn without listing them; --list-moves counts it)")
    else:
        print(f"  mean branching factor: {summary['mean_branching']:.2f}")
    engine = summary["engine"]
    compiled = f", compiled in {summary['compile_seconds']:.1f} s" if engine == "compiled" else ""
    print(f"  engine: {engine} ({summary['engine_reason']}{compiled})")
    jobs = f", {summary['jobs']} jobs" if summary["jobs"] > 1 else ""
    print(f"  playouts per second: {summary['playouts_per_second']:.1f} (of play{jobs}; the whole "
          f"command took {summary['total_seconds']:.1f} s)")
    return EXIT_OK


def cmd_trace(args: argparse.Namespace) -> int:
    _position_target(args)
    game, state = _game_and_state(args)
    specs = _agent_specs(args, game.num_players)
    agents = _make_agents(specs, args.seed)
    limit = args.max_moves if args.max_moves is not None else game.turn_limit + 10
    plies: list[dict[str, Any]] = []
    if not args.json:
        opts = f" [{', '.join(game.options)}]" if game.options else ""
        print(f"{game.name}{opts}, seed {args.seed}")
        print(state)
    while not state.is_over() and len(plies) < limit:
        mover = state.mover
        legal = [str(m) for m in state.legal_moves()]
        move = agents[state.seat(mover)].choose(state)
        played = state.apply(move)
        plies.append({"mover": mover, "legal": legal, "move": str(played)})
        if not args.json:
            print(f"{len(plies):>4}. P{mover}  {len(legal)} legal: {' '.join(legal)}")
            print(f"      P{mover} plays {played}")
    _save_position(args, state)
    result = state.result()
    if args.json:
        data = {
            "game": game.name,
            "options": list(game.options),
            "seed": args.seed,
            "agents": {str(p): specs[p] for p in specs},
            "plies": plies,
            "result": result.to_json(),
            "board": str(state),
        }
        values = _values(game, state, args)
        if values:
            data["values"] = values
        _emit_json(data)
        return EXIT_OK
    if result.over:
        reason = f" ({result.reason})" if result.reason else ""
        print(f"{result.headline()}{reason} after {state.ply} plies")
    else:
        print(f"stopped after {len(plies)} moves; P{state.mover} to move")
    print(state)
    _print_values(game, state, args)
    return EXIT_OK


def _position_target(args: argparse.Namespace) -> None:
    """Check ``--save-position FILE`` before any work: a ``.yaml`` name (so it never replaces a
    description, a record or a note), never a file the command reads (its position), a folder,
    a named pipe or a file in a missing folder."""
    path = getattr(args, "save_position", None)
    if path:
        if Path(path).suffix.lower() not in (".yaml", ".yml"):
            raise UsageError(f"--save-position {path}: a position file's name ends in .yaml or .yml")
        output_path(path, "position file", inputs_of(args))


def _save_position(args: argparse.Namespace, state) -> None:
    """``--save-position FILE``: write the final position (the YAML that ``--position`` reads)."""
    path = getattr(args, "save_position", None)
    if not path:
        return
    _position_target(args)
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(state.to_text())
    except OSError as err:
        raise UsageError(f"cannot write position file {path}: {err.strerror or err}") from None
    if not getattr(args, "json", False):
        print(f"position saved in {path}")


def _values(game, state, args: argparse.Namespace) -> list[str]:
    """What the end rules compare (each player's group values in Loupe...), for a finished game
    or when ``--values`` asks; empty for games whose end rules compare nothing."""
    if state.is_over() or getattr(args, "values", False):
        return game.explain(state)
    return []


def _print_values(game, state, args: argparse.Namespace) -> None:
    lines = _values(game, state, args)
    if lines:
        print("values:")
        for line in lines:
            print(f"  {line}")


# ---------------------------------------------------------------------------------------------
# apply, play


def cmd_apply(args: argparse.Namespace) -> int:
    _position_target(args)
    game, state = _game_and_state(args)
    applied = 0
    for number, total, text, err in apply_moves(state, args.moves):
        if err is not None:
            line = f"INVALID {text}: {err} (move {number} of {total}; {applied} applied)"
            if args.json:
                print(line, file=sys.stderr)
                _emit_json({"error": str(err), "invalid": text, "move_number": number,
                            "moves_applied": applied, "mover": state.mover,
                            "legal": [str(m) for m in state.legal_moves()],
                            "result": state.result().to_json(), "board": str(state)})
            else:
                print(line)
            return EXIT_USAGE
        applied += 1
    _save_position(args, state)
    result = state.result()
    legal = [str(m) for m in state.legal_moves()]
    if args.json:
        data = {"mover": state.mover, "legal": legal, "result": result.to_json(),
                "board": str(state), "moves_applied": applied}
        values = _values(game, state, args)
        if values:
            data["values"] = values
        _emit_json(data)
        return EXIT_OK
    print(state)
    if result.over:
        reason = f" ({result.reason})" if result.reason else ""
        print(f"{result.headline()}{reason}")
    else:
        print(f"P{state.mover} to move")
        if state.game.dice:  # what the dice show for this move (the turn's roll); '-' a die used
            print(f"dice: {dice_text(state)}")
        print(f"legal ({len(legal)}): {' '.join(legal)}")
    _print_values(game, state, args)
    return EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    game, state = _game_and_state(args)
    specs = _agent_specs(args, game.num_players, first="human")
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    agents = _make_agents(specs, seed, allow_human=True)
    start = state.clone() if args.position else None
    writer = record_writer(args)
    try:
        return TerminalGame(args, game, state, specs, agents, seed, start).run(writer)
    finally:
        if writer is not None:
            writer.close()
