"""Commands for matches, records and pictures: match, replay, render (and the records that
run and play write with ``--record FILE``)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.arrays import puzzle_values
from ..engine.multisite import KINDS, pieces_array
from ..workers import jobs_argument, max_jobs
from .common import EXIT_OK, UsageError, _emit_json, _game_and_state, _load_game, apply_moves, defines_arg
from .outputs import inputs_of, output_path, record_options

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import State
    from ..records import GameRecord

# ---------------------------------------------------------------------------------------------
# records written by run and play


def record_writer(args: argparse.Namespace):
    """A :class:`~interpreter.records.RecordWriter` for ``--record FILE`` (None without it),
    after the checks of :func:`.outputs.record_mode` (never an input, an existing file only with
    ``--append`` or ``--force``)."""
    from .outputs import record_mode
    mode = record_mode(args)
    if mode is None:
        return None
    from ..records import RecordWriter
    return RecordWriter(args.record, mode)


def write_game_record(writer, args: argparse.Namespace, game, final, moves, specs: dict[int, str],
                      seed: int | None, index: int | None = None, start=None) -> None:
    """One game's record, when ``--record`` is on."""
    if writer is None:
        return
    from ..records import make_record
    writer.write(make_record(game, args.game, moves, final, agents=specs, seed=seed, index=index,
                             ruleset=args.ruleset, start=start))


# ---------------------------------------------------------------------------------------------
# match


def _match_specs(args: argparse.Namespace, players: int) -> list[str]:
    from ..agents import AgentSpecError, make_agent, parse_agent_spec, split_agent_list
    specs = [s for given in args.agents for s in split_agent_list(given) if s]
    if len(specs) != players:
        raise UsageError(f"--agents names {len(specs)} agent{'s' if len(specs) != 1 else ''} but the game "
                         f"has {players} players: give one spec per player (the seats rotate every game)")
    for i, text in enumerate(specs, 1):
        try:
            spec = parse_agent_spec(text)
            if spec.name == "human":
                raise UsageError(f"agent {i}: 'human' agents can only 'ludeme play'")
            make_agent(spec, 0)  # checked now, not in a worker process
        except AgentSpecError as err:
            raise UsageError(f"agent {i}: {err}") from None
    return specs


def cmd_match(args: argparse.Namespace) -> int:
    from ..match import MatchSummary, play_match, seating
    from ..records import GameRecord, source_name
    from .playing import _Progress
    game = _load_game(args)
    if args.max_plies is not None:
        game = game.with_turn_limit(args.max_plies)
    specs = _match_specs(args, game.num_players)
    writer = record_writer(args)
    progress = _Progress(args.games, f"{game.name} match", sys.stdout.isatty() and not args.json)
    done = [0]

    def on_game(_outcome) -> None:
        done[0] += 1
        progress.advance(done[0])

    from .survey import cluster_client
    client = cluster_client(args)
    started = time.perf_counter()
    try:
        if client is not None:
            from ..survey.cluster import play_match as play_on_cluster
            outcomes = play_on_cluster(client, game, specs, args.games, seed=args.seed, on_game=on_game)
        else:
            outcomes = play_match(args.game, specs, args.games, seed=args.seed, options=game.options,
                                  ruleset=args.ruleset, jobs=args.jobs, max_plies=args.max_plies, on_game=on_game)
    finally:
        progress.close()
        if client is not None:
            client.close()
    wall = time.perf_counter() - started
    if writer is not None:
        with writer:
            source = source_name(args.game)
            for o in outcomes:
                writer.write(GameRecord(game=game.name, source=source, fingerprint=game.info.fingerprint,
                                        options=list(game.options), moves=o.moves, result=o.result,
                                        agents={p: specs[a] for p, a in sorted(o.seats.items())},
                                        seed=o.seed, index=o.index, ruleset=args.ruleset, board=o.board,
                                        turn_limit=game.turn_limit))
    summary = MatchSummary.of(specs, game.num_players, outcomes)
    if args.json:
        data = {"game": game.name, "options": list(game.options), "seed": args.seed, "jobs": args.jobs,
                **summary.to_json(), "wall_seconds": wall}
        if args.record:
            data["record"] = args.record
        _emit_json(data)
        return EXIT_OK
    opts = f" [{', '.join(game.options)}]" if game.options else ""
    first = seating(0, len(specs), game.num_players)
    print(f"{game.name}{opts}: {args.games} games, seed {args.seed}, seats rotating (game 1: "
          + ", ".join(f"P{p} {specs[a]}" for p, a in sorted(first.items())) + ")")
    for line in summary.table():
        print("  " + line)
    print(f"  win rates with 95% Wilson score intervals; mean length {summary.mean_plies:.1f} plies; "
          f"draws by the turn limit: {summary.turn_limit_draws}")
    for spec, rate in zip(specs, summary.iterations_per_second):
        if rate:
            print(f"  {spec}: {rate:,.0f} iterations per second")
    where = f"the cluster at {args.cluster}" if args.cluster else f"{args.jobs} job{'s' if args.jobs != 1 else ''}"
    print(f"  time: {wall:.1f} s ({where})")
    if args.record:
        print(f"  records: {args.record}")
    return EXIT_OK


# ---------------------------------------------------------------------------------------------
# replay


def _select(records: list, number: int | None, path: str) -> list[tuple[int, Any]]:
    if number is None:
        return list(enumerate(records, 1))
    if not 1 <= number <= len(records):
        raise UsageError(f"--game {number}: {path} holds {len(records)} game{'s' if len(records) != 1 else ''}")
    return [(number, records[number - 1])]


def cmd_replay(args: argparse.Namespace) -> int:
    from ..records import RecordError, parse_record_lines, read_record_text
    records = parse_record_lines(read_record_text(args.file), args.file)  # a damaged line spoils only its game
    chosen = _select(records, args.game, args.file)
    single = len(chosen) == 1
    if (args.step or args.svg) and not single:
        raise UsageError(f"{args.file} holds {len(records)} games: choose one with --game K for "
                         f"{'--step' if args.step else '--svg'}")
    if args.svg:
        _svg_folder(args)
    damaged = [entry for _, entry in chosen if isinstance(entry, RecordError)]
    if damaged and len(damaged) == len(chosen):
        raise damaged[0]
    games: dict[tuple[Any, ...], Game] = {}
    summaries = []
    for number, record in chosen:
        if isinstance(record, RecordError):
            if not args.json:
                print(f"game {number}: not replayed: {record.message}")
            continue
        where = f"{args.file}, game {number}" if len(records) > 1 else args.file
        game, final = _replay_one(args, record, where, games)
        result = final.result()
        summaries.append({"game": number, "name": game.name, "plies": len(record.moves),
                          "result": result.to_json(), "board": str(final)})
        if single:
            return _show_replay(args, game, record, final, summaries[0])
        if not args.json:
            print(f"game {number}: {game.name}, {len(record.moves)} moves, {_result_line(result, final)}")
    if args.json:
        _emit_json({"file": args.file, "games": summaries,
                    "damaged": [{"message": d.message} for d in damaged]})
    else:
        print(f"{len(summaries)} games replayed, every move legal")
    if damaged:
        lines = ", ".join(str(d.line) for d in damaged)
        raise RecordError(f"{args.file}: {len(damaged)} damaged line{'s' if len(damaged) > 1 else ''} "
                          f"(line {lines}) not replayed; the {len(summaries)} other games replay",
                          hint="replay one game with --game K")
    return EXIT_OK


def _replay_one(args: argparse.Namespace, record: GameRecord, where: str,
                games: dict[tuple[Any, ...], Game]) -> tuple[Game, State]:
    """Replay one record (its game loaded once for all the records that share it, in ``games``):
    the game and the final position. Errors say ``where`` the record is."""
    from ..records import RecordError, ReplayError, changed_note, load_game, replay
    key = (record.source if args.description is None else args.description, tuple(record.options),
           record.ruleset, record.turn_limit)
    try:
        if key not in games:
            games[key] = load_game(record, args.description)
        game = games[key]
        note = changed_note(game, record)
        if note and not args.json:
            print(f"warning: {where}: {note}", file=sys.stderr)
        return game, replay(record, game)
    except ReplayError as err:
        err.message = f"{where}: {err.message}"
        raise
    except RecordError as err:
        if err.span is None:
            err.message = f"{where}: {err.message}"
        raise


def _show_replay(args: argparse.Namespace, game: Game, record: GameRecord, final: State,
                 summary: dict[str, Any]) -> int:
    """The replay of a file's one chosen game: its pictures (``--svg``), its moves one by one
    (``--step``), or its end."""
    from ..records import start_state
    if args.svg:
        _write_svgs(args.svg, game, record)
    if args.step:
        return _step(game, record, start_state(game, record))
    if args.json:
        _emit_json({"file": args.file, **summary, "position": final.to_text()})
        return EXIT_OK
    opts = f" [{', '.join(game.options)}]" if game.options else ""
    agents = ", ".join(f"P{p} {s}" for p, s in sorted(record.agents.items()))
    print(f"{game.name}{opts}: {len(record.moves)} moves replayed, all legal"
          + (f" ({agents})" if agents else ""))
    print(final)
    print(_result_line(final.result(), final))
    if args.svg:
        print(f"{len(record.moves) + 1} pictures in {args.svg}")
    return EXIT_OK


def _result_line(result, state) -> str:
    if result.over:
        return result.headline() + (f" ({result.reason})" if result.reason else "")
    return f"not over: P{state.mover} to move"


def _svg_folder(args: argparse.Namespace) -> Path:
    """The folder of ``replay --svg DIR``: made if it is not there, but only in a folder that is."""
    out = Path(args.svg)
    if out.exists() and not out.is_dir():
        raise UsageError(f"--svg {args.svg}: a file, not a folder (the pictures go into a folder)")
    if not out.exists():
        parent = out.parent if str(out.parent) else Path(".")
        if not parent.is_dir():
            raise UsageError(f"--svg {args.svg}: the folder {parent} does not exist")
        try:
            out.mkdir()
        except OSError as err:
            raise UsageError(f"cannot create folder {args.svg}: {err.strerror or err}") from None
    return out


def _write_svgs(folder: str, game, record) -> None:
    from ..records import replay, start_state
    from ..render import render_svg
    out = Path(folder)
    width = max(3, len(str(len(record.moves))))

    def save(state, ply: int) -> None:
        path = out / f"ply-{ply:0{width}d}.svg"
        try:
            path.write_text(render_svg(state), encoding="utf-8")
        except OSError as err:
            raise UsageError(f"cannot write {path}: {err.strerror or err}") from None

    start = start_state(game, record)
    save(start, 0)
    replay(record, game, on_move=lambda state, ply, move: save(state, ply - start.ply))


def _step(game, record, state) -> int:
    """Walk through a recorded game: Enter for the next move, b back, q quit."""
    from .terminal import prompt as _prompt
    moves = record.moves
    played = 0

    def show() -> None:
        if played:
            print(f"ply {state.ply}: P{state.last_mover} played {moves[played - 1]}")
        else:
            print(f"start of {game.name} ({len(moves)} moves)")
        print(state)
        if played == len(moves):
            print(_result_line(state.result(), state))

    show()
    while True:
        line = _prompt("[Enter] next, b back, q quit> ")
        if line is None:
            return EXIT_OK
        command = line.strip().lower()
        if command in ("q", "quit", "exit"):
            return EXIT_OK
        if command in ("b", "back"):
            if played == 0:
                print("at the start")
                continue
            state.undo()
            played -= 1
        elif command in ("", "n", "next"):
            if played == len(moves):
                print("end of the game (b back, q quit)")
                continue
            state.apply(moves[played])  # validated by the replay before stepping
            played += 1
        else:
            print("Enter (or n) for the next move, b to go back, q to quit")
            continue
        show()


# ---------------------------------------------------------------------------------------------
# render


def cmd_render(args: argparse.Namespace) -> int:
    from ..render import render_svg, svg_to_png
    from ..render.svg import PNGUnavailable
    output = Path(args.output)
    suffix = output.suffix.lower()
    if suffix not in (".svg", ".png"):
        raise UsageError(f"-o {args.output}: a picture's name ends in .svg or .png")
    output_path(args.output, "picture", inputs_of(args))
    game, state = _game_and_state(args)
    for number, total, text, err in apply_moves(state, args.moves):
        if err is not None:
            raise UsageError(f"move {number} of {total}, {text!r}: {err}")
    svg = render_svg(state, coordinates=not args.no_coordinates)
    try:
        if suffix == ".png":
            try:
                data = svg_to_png(svg)
            except PNGUnavailable as err:
                raise UsageError(str(err)) from None
            output.write_bytes(data)
        else:
            output.write_text(svg, encoding="utf-8")
    except OSError as err:
        raise UsageError(f"cannot write {args.output}: {err.strerror or err}") from None
    pieces = sum(1 for w in state.what if w)
    pieces += sum(1 for kind in KINDS if kind != game.topology.use
                  for w in state.arrays.get(pieces_array(kind), ()) if w)  # on edges of a board of cells...
    shown = f"{pieces} piece{'s' if pieces != 1 else ''}"
    values = puzzle_values(state.arrays, len(state.what))
    if values is not None:  # a deduction puzzle: its values known
        shown = f"{sum(v is not None for v in values)} of {len(values)} values known"
    print(f"{args.output}: {game.name}, ply {state.ply}, {shown}")
    return EXIT_OK


# ---------------------------------------------------------------------------------------------
# the parsers


def add_commands(command, game_args, option_args, positive_int) -> None:
    """Add match, replay and render to the ``ludeme`` parser (``command`` makes a subparser)."""
    from .survey import cluster_arg
    p = command("match", cmd_match, "play a match between agents, seats rotating, with win rates",
                "Play N games between agents (one spec per player, e.g. --agents mcts:iterations=200 random),\n"
                "the seats rotating every game, and print each agent's wins, losses, draws and win rate\n"
                "with a 95% Wilson score interval, overall and per seat. Game i's seed comes from --seed\n"
                "and i, so --jobs J (processes) gives the same games whatever J is (agents with time\n"
                "budgets, seconds=S, depend on the machine's speed).")
    game_args(p)
    p.add_argument("--agents", nargs="+", required=True, metavar="SPEC",
                   help="agent specs, one per player: random, mcts:iterations=200, mcts:seconds=0.5, "
                        "flat:iterations=500, alphabeta:depth=2")
    p.add_argument("--games", "-n", type=positive_int, default=20, metavar="N", help="number of games (default 20)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="match seed (default 0)")
    p.add_argument("--jobs", "-j", type=jobs_argument, default=1, metavar="J",
                   help=f"worker processes (default 1, at most {max_jobs()} here: twice the cores)")
    cluster_arg(p, "the games")
    p.add_argument("--max-plies", type=positive_int, default=None, metavar="M",
                   help="end a game as a draw (turn limit) after M plies")
    p.add_argument("--record", metavar="FILE", help="write every game to FILE (JSON Lines, one game a line)")
    record_options(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = command("replay", cmd_replay, "replay recorded games, checking every move against the rules",
                "Replay the games of a record file (written by --record on run, play and match): every\n"
                "move is checked against the rules, and the first that is not legal is reported with its\n"
                "ply. Shows the final position and result (one line per game when the file holds several).\n"
                "--step walks through one game: Enter for the next move, b back, q quit.")
    p.add_argument("file", metavar="FILE", help="a record file (JSON Lines)")
    p.add_argument("--game", type=positive_int, default=None, metavar="K", help="replay game K only (1 is the first)")
    p.add_argument("--step", action="store_true", help="walk through the game one move at a time")
    p.add_argument("--svg", metavar="DIR", help="write a picture per move to DIR (ply-000.svg is the start)")
    p.add_argument("--description", metavar="GAME", default=None,
                   help="replay against this description instead of the record's (a name or a .lud file)")
    defines_arg(p)
    p.add_argument("--json", action="store_true", help="print JSON")

    p = command("render", cmd_render, "draw a position as an SVG (or PNG) picture",
                "Draw the board as it looks (cells, lines or points from the board's topology), pieces\n"
                "coloured by owner, coordinates on the edges and the last move marked. PNG needs the\n"
                "optional cairosvg (pip install 'ludeme-interpreter[png]').")
    p.add_argument("game", metavar="GAME", help="a bundled game's name (ludeme list) or a .lud file")
    p.add_argument("--option", action="append", default=[], metavar='"Label/Item"',
                   help='choose an option item, e.g. --option "Board Size/9x9" (repeatable)')
    p.add_argument("--ruleset", metavar="NAME", default=None, help="apply a ruleset of the description")
    defines_arg(p)
    p.add_argument("--moves", "-m", default="", metavar="MOVES", help='moves to play first, e.g. "E5 D4"')
    p.add_argument("--position", metavar="FILE", help="start from this position (YAML, see State.to_text)")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="the picture: FILE.svg or FILE.png")
    p.add_argument("--no-coordinates", action="store_true", help="leave the coordinates out")


__all__ = ["add_commands", "cmd_match", "cmd_render", "cmd_replay", "record_writer", "write_game_record"]
