"""The ``ludeme`` command: check, format, inspect, play and measure game descriptions.

    ludeme check pente.lud                 parse, expand and bind; errors with file:line:col
    ludeme check --syntax descriptions/    parse only, many files, one line per failure
    ludeme expand pente --option "Board Size/9x9"
    ludeme fmt my-game.lud [--check]
    ludeme list                            bundled games with their options
    ludeme info alak
    ludeme run alak --playouts 100 --seed 1 [--json]
    ludeme trace alak --seed 1 [--json]
    ludeme apply alak --moves "1-5 8-7"
    ludeme play alak --p1 human --p2 random

Exit codes: 0 ok; 2 a description error, bad usage or an illegal move given to ``apply``;
1 an engine failure (the traceback is shown with ``--debug`` only). A description error never
shows a traceback: it is rendered as ``file:line:col: message``, the line, a caret and a hint.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import textwrap
import time
import traceback
from pathlib import Path
from typing import Any, Callable, Sequence

from .errors import LudError, MoveError

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2
MAX_PLAYERS = 4  # --p1 .. --p4


class UsageError(Exception):
    """A bad command line that argparse cannot see (unknown agent, player out of range...)."""


# ---------------------------------------------------------------------------------------------
# entry point


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default ``sys.argv[1:]``); return the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, usage errors: argparse has printed them
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else EXIT_USAGE)
    if not hasattr(args, "func"):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    debug = bool(getattr(args, "debug", False))
    try:
        return int(args.func(args) or 0)
    except LudError as err:
        print(err.render(), file=sys.stderr)
        return EXIT_USAGE
    except UsageError as err:
        print(f"ludeme {args.command}: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `ludeme trace ... | head`: the reader left, nothing to report
        _silence_stdout()
        return EXIT_FAILURE
    except Exception as err:  # an engine bug, not the user's fault
        _report_internal(err, debug)
        return EXIT_FAILURE


def _report_internal(err: BaseException, debug: bool, context: str = "") -> None:
    if debug:
        traceback.print_exception(type(err), err, err.__traceback__, file=sys.stderr)
    where = f"{context}: " if context else ""
    print(f"ludeme: {where}internal error: {type(err).__name__}: {err}", file=sys.stderr)
    if not debug:
        print("this is a bug in the interpreter, not in your description; "
              "run with --debug to see the traceback", file=sys.stderr)


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version as dist_version
        try:
            return dist_version("ludeme-interpreter")
        except PackageNotFoundError:
            pass
    except ImportError:  # pragma: no cover
        pass
    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    try:
        for line in pyproject.read_text(encoding="utf-8").splitlines():
            if line.startswith("version"):
                return line.split("=", 1)[1].strip().strip('"') + " (source)"
    except OSError:
        pass
    return "unknown"


# ---------------------------------------------------------------------------------------------
# the parser


def _defines_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--defines", action="append", default=[], metavar="DIR",
                   help="a folder (or file) of library defines (.def) to use as well; repeatable")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ludeme",
        description="Check, format, inspect, play and measure Ludii-style game descriptions (.lud).",
        epilog="Run 'ludeme COMMAND --help' for the options of a command.",
    )
    parser.add_argument("--version", action="version", version=f"ludeme {version()}")
    parser.add_argument("--debug", action="store_true", help="show Python tracebacks of engine failures")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def command(name: str, func: Callable[[argparse.Namespace], int], help: str,
                description: str | None = None) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help, description=description or help,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        # --debug after the command too; SUPPRESS keeps a global --debug from being reset
        p.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                       help="show Python tracebacks of engine failures")
        p.set_defaults(func=func)
        return p

    p = command("check", cmd_check, "check descriptions: parse, expand and bind them",
                "Check descriptions: parse, expand (options, defines, rulesets) and bind them.\n"
                "With --syntax, only parse (directories are searched for *.lud recursively).\n"
                "Exit 0 when every file is valid, 2 otherwise.")
    p.add_argument("paths", nargs="+", metavar="FILE|NAME|DIR", help="descriptions to check")
    p.add_argument("--syntax", action="store_true", help="parse only; one line per failing file")
    _option_args(p)
    _defines_arg(p)

    p = command("expand", cmd_expand, "print the expanded game (options chosen, defines inlined)")
    _game_args(p)
    _defines_arg(p)

    p = command("fmt", cmd_fmt, "rewrite descriptions in canonical form (comments kept)",
                "Rewrite descriptions in canonical form, keeping every comment.\n"
                "With --check, only report the files that would change (exit 1 if any).")
    p.add_argument("files", nargs="+", metavar="FILE", help=".lud files to format")
    p.add_argument("--check", action="store_true", help="do not write; exit 1 if a file would change")

    p = command("list", cmd_list, "list the bundled games with their options and rulesets")
    p.add_argument("-v", "--verbose", action="store_true", help="show each option item's help text")

    p = command("info", cmd_info, "show a game's players, options and metadata")
    _game_args(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = command("run", cmd_run, "play many seeded games between agents and report statistics",
                "Play N games between agents (random by default) and report wins per player,\n"
                "draws (and draws by the turn limit), mean length, mean branching factor and speed.\n"
                "The same --seed gives the same games.")
    _game_args(p)
    p.add_argument("--playouts", "-n", type=_positive_int, default=100, metavar="N",
                   help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (default 0)")
    _agent_args(p)
    p.add_argument("--max-plies", type=_positive_int, default=None, metavar="M",
                   help="end a game as a draw (turn limit) after M plies")
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = command("trace", cmd_trace, "play one seeded game and show every decision",
                "Play one game (random agents unless --agents/--pN say otherwise) and print, per ply,\n"
                "the mover, the legal moves and the move chosen; then the result and the board.")
    _game_args(p)
    p.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (default 0)")
    p.add_argument("--max-moves", type=_positive_int, default=None, metavar="M",
                   help="stop after M moves even if the game is not over")
    _agent_args(p)
    p.add_argument("--position", metavar="FILE", help="start from this position (YAML, see State.to_text)")
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = command("apply", cmd_apply, "apply a sequence of moves and show the position",
                "Apply moves (their text forms, separated by spaces: '1-5 8-7' for Alak, 'J10 K10'\n"
                "for Pente) and print the board, whose move it is, the legal moves and the result.\n"
                "An illegal move prints INVALID with the reason and exits 2.")
    _game_args(p)
    p.add_argument("--moves", "-m", default="", metavar="MOVES", help='moves separated by spaces, e.g. "1-5 8-7"')
    p.add_argument("--position", metavar="FILE", help="start from this position (YAML, see State.to_text)")
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = command("play", cmd_play, "play interactively against agents or other people",
                "Play at the terminal. Each human is prompted 'P1> ' for a move: its text form\n"
                "(Alak: '1-4' or '1 4'; Pente: 'J10'). 'moves' lists the legal moves, 'quit' (or\n"
                "an empty line, or end of input) leaves. An illegal move prints INVALID and the\n"
                "reason, and the same player is asked again.")
    _game_args(p)
    for i in range(1, MAX_PLAYERS + 1):
        p.add_argument(f"--p{i}", metavar="SPEC",
                       help=f"player {i}: human or an agent spec (default: {'human' if i == 1 else 'random'})")
    p.add_argument("--seed", type=int, default=None, metavar="S", help="seed of the agents (default: random)")
    p.add_argument("--position", metavar="FILE", help="start from this position (YAML, see State.to_text)")
    return parser


def _option_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--option", "-o", action="append", default=[], metavar='"Label/Item"',
                   help='choose an option item, e.g. --option "Board Size/9x9" (repeatable)')
    p.add_argument("--ruleset", metavar="NAME", default=None, help="apply a ruleset of the description")


def _game_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", metavar="GAME", help="a bundled game's name (ludeme list) or a .lud file")
    _option_args(p)


def _agent_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--agents", metavar="SPECS", default=None,
                   help="agent specs in player order, comma-separated (default: random for everyone); "
                        "one spec applies to every player")
    for i in range(1, MAX_PLAYERS + 1):
        p.add_argument(f"--p{i}", metavar="SPEC", help=f"agent spec of player {i} (overrides --agents)")


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


# ---------------------------------------------------------------------------------------------
# shared helpers


def _emit_json(obj: Any) -> None:
    print(json.dumps(obj, indent=2, ensure_ascii=False))


def _load_game(args: argparse.Namespace, options: Sequence[str] | None = None):
    from .loader import load
    return load(args.game, options=list(args.option if options is None else options), ruleset=args.ruleset)


def _read_position_file(path: str) -> tuple[str, Any]:
    import yaml
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise UsageError(f"cannot read position file {path}: {err}") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        data = None  # read_position reports it
    return text, data


def _game_and_state(args: argparse.Namespace):
    """Load the game and its starting state (the initial one, or ``--position FILE``). A position
    that records its options is loaded with them unless ``--option`` chooses others."""
    position = getattr(args, "position", None)
    if not position:
        game = _load_game(args)
        return game, game.initial_state()
    text, data = _read_position_file(position)
    options = None
    if not args.option and isinstance(data, dict) and isinstance(data.get("options"), list):
        options = [str(o) for o in data["options"]]
    game = _load_game(args, options)
    try:
        state = game.state_from_text(text)
    except LudError as err:
        if err.span is None:
            raise LudError(f"{position}: {err.message}", hint=err.hint) from None
        raise
    except (ValueError, TypeError, KeyError, AttributeError) as err:
        raise LudError(f"{position}: malformed position ({type(err).__name__}: {err})",
                       hint="write the position as State.to_text() does: game:, mover:, pieces: ...") from None
    return game, state


def _agent_seeds(seed: int, count: int) -> list[int]:
    """One seed per player from the run's seed: the same seed gives the same games."""
    master = random.Random(seed)
    return [master.getrandbits(63) for _ in range(count)]


def _agent_specs(args: argparse.Namespace, num_players: int, default: str = "random") -> dict[int, str]:
    """Player → agent spec text from ``--agents`` and ``--p1..--p4``."""
    from .agents import split_agent_list
    specs = {p: default for p in range(1, num_players + 1)}
    listed = getattr(args, "agents", None)
    if listed:
        names = [s for s in split_agent_list(listed) if s]
        if len(names) == 1:
            names = names * num_players
        if len(names) != num_players:
            raise UsageError(f"--agents names {len(names)} agents but the game has {num_players} players")
        specs = dict(zip(range(1, num_players + 1), names))
    for p in range(1, MAX_PLAYERS + 1):
        given = getattr(args, f"p{p}", None)
        if given is None:
            continue
        if p > num_players:
            raise UsageError(f"--p{p} given but the game has {num_players} players")
        specs[p] = given
    return specs


def _make_agents(specs: dict[int, str], seed: int, allow_human: bool = False) -> dict[int, Any]:
    """Player → agent object, or the string ``"human"`` (only where a person can be asked)."""
    from .agents import AgentSpecError, make_agent, parse_agent_spec
    seeds = _agent_seeds(seed, max(specs) if specs else 0)
    agents: dict[int, Any] = {}
    for p, text in specs.items():
        try:
            spec = parse_agent_spec(text)
            if spec.name == "human":
                if not allow_human:
                    raise UsageError(f"player {p}: 'human' agents can only 'ludeme play'")
                if spec.params:
                    raise AgentSpecError(f"agent 'human' takes no parameters ({text!r})")
                agents[p] = "human"
            else:
                agents[p] = make_agent(spec, seeds[p - 1])
        except AgentSpecError as err:
            raise UsageError(f"player {p}: {err}") from None
    return agents


def _option_lines(options: list, rulesets: list, verbose: bool = False) -> list[str]:
    lines = []
    for opt in options:
        items = " | ".join(item.name for item in opt.items)
        lines.append(f"  {opt.label}: {items} (default {opt.default.name})")
        if verbose:
            for item in opt.items:
                if item.help:
                    lines.append(f"      {item.name}: {item.help}")
    if rulesets:
        names = " | ".join(r.name for r in rulesets)
        starred = [r for r in rulesets if r.stars]
        default = f" (default {max(starred, key=lambda r: r.stars).name})" if starred else ""
        lines.append(f"  Rulesets: {names}{default}")
    return lines


def _wrap(label: str, text: str, width: int = 100) -> str:
    first = f"{label}: "
    return textwrap.fill(" ".join(text.split()), width=width, initial_indent=first,
                         subsequent_indent=" " * len(first))


# ---------------------------------------------------------------------------------------------
# check, expand, fmt


def _expand_paths(paths: Sequence[str]) -> list[str]:
    """Directories become their *.lud files (recursively, sorted); other arguments stay."""
    out: list[str] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out.extend(str(p) for p in sorted(path.rglob("*.lud")))
        else:
            out.append(raw)
    return out


def cmd_check(args: argparse.Namespace) -> int:
    if args.syntax:
        return _check_syntax(args)
    from .loader import load
    targets = _expand_paths(args.paths)
    failed = 0
    crashed = False
    for target in targets:
        try:
            game = load(target, options=args.option, ruleset=args.ruleset, defines=args.defines)
        except LudError as err:
            failed += 1
            print(err.render(), file=sys.stderr)
            continue
        except Exception as err:
            failed += 1
            crashed = True
            _report_internal(err, getattr(args, "debug", False), target)
            continue
        is_name = not target.endswith(".lud") and os.sep not in target and "/" not in target
        label = game.name if is_name else f"{game.name} ({target})"
        print(f"OK {label}")
    if len(targets) > 1:
        print(f"{len(targets)} files, {failed} failed")
    if crashed:
        return EXIT_FAILURE
    return EXIT_USAGE if failed else EXIT_OK


def _check_syntax(args: argparse.Namespace) -> int:
    from .resources import resolve_description
    from .syntax.parser import parse_file
    targets = _expand_paths(args.paths)
    failed = 0
    crashed = False
    for target in targets:
        path = resolve_description(target) if not Path(target).is_file() else Path(target)
        if path is None:
            failed += 1
            print(f"{target}: no such file or bundled description")
            continue
        try:
            parse_file(path)
        except LudError as err:
            failed += 1
            where = f"{err.span}" if err.span is not None else str(path)
            print(f"{where}: {err.message}")
        except OSError as err:
            failed += 1
            print(f"{path}: cannot read: {err.strerror or err}")
        except Exception as err:
            failed += 1
            crashed = True
            _report_internal(err, getattr(args, "debug", False), str(path))
    print(f"{len(targets)} files, {failed} failed")
    if crashed:
        return EXIT_FAILURE
    return EXIT_USAGE if failed else EXIT_OK


def cmd_expand(args: argparse.Namespace) -> int:
    from .loader import expand_description
    from .syntax.format import format_node
    expanded = expand_description(args.game, args.option, args.ruleset, args.defines)
    if expanded.chosen:
        print("// options: " + ", ".join(expanded.choice_strings))
    if expanded.ruleset:
        print(f"// ruleset: {expanded.ruleset}")
    print(format_node(expanded.game))
    if expanded.metadata is not None:
        print()
        print(format_node(expanded.metadata))
    return EXIT_OK


def cmd_fmt(args: argparse.Namespace) -> int:
    from .syntax.format import format_document
    from .syntax.parser import parse, parse_file
    changed = errors = 0
    for name in args.files:
        path = Path(name)
        try:
            original = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            print(f"{name}: cannot read: {err}", file=sys.stderr)
            errors += 1
            continue
        try:
            doc = parse_file(path)
        except LudError as err:
            print(err.render(), file=sys.stderr)
            errors += 1
            continue
        text = format_document(doc)
        if text == original:
            continue
        changed += 1
        if args.check:
            print(f"would reformat {name}")
            continue
        try:
            parse(text, name)  # never write a file we could not read back
        except LudError as err:
            raise RuntimeError(f"formatting {name} produced text that does not parse: {err.message}") from None
        path.write_text(text, encoding="utf-8")
        print(name)
    if errors:
        return EXIT_USAGE
    if args.check and changed:
        return EXIT_FAILURE
    return EXIT_OK


# ---------------------------------------------------------------------------------------------
# list, info


def _game_header(expanded) -> tuple[str, str]:
    """(game name, players) from an expanded description, without binding it."""
    from .syntax.nodes import Call, Int, Str
    game = expanded.game
    pos = game.positional()
    name = pos[0].value if pos and isinstance(pos[0], Str) else "?"
    players = "?"
    for arg in game.args:
        if isinstance(arg, Call) and arg.name == "players":
            first = arg.positional()
            if first and isinstance(first[0], Int):
                players = str(first[0].value)
            elif first:
                from .syntax.format import format_inline
                players = format_inline(first[0])
    return name, players


def cmd_list(args: argparse.Namespace) -> int:
    from .loader import expand_description
    from .resources import bundled_descriptions
    bundled = bundled_descriptions()
    if not bundled:
        print("no bundled descriptions")
        return EXIT_OK
    width = max(len(k) for k in bundled)
    status = EXIT_OK
    for key, path in bundled.items():
        try:
            expanded = expand_description(path)
        except LudError as err:
            print(f"{key:<{width}}  (broken: {err.span}: {err.message})" if err.span else
                  f"{key:<{width}}  (broken: {err.message})")
            status = EXIT_USAGE
            continue
        name, players = _game_header(expanded)
        try:
            from .loader import load
            game = load(path)
            name, players = game.name, str(game.num_players)
        except LudError:
            pass
        print(f"{key:<{width}}  {name} ({players} players by default)")
        for line in _option_lines(expanded.options, expanded.rulesets, args.verbose):
            print(line)
    return status


def cmd_info(args: argparse.Namespace) -> int:
    from .resources import resolve_description
    game = _load_game(args)
    source = resolve_description(args.game)
    expanded = game.description
    data: dict[str, Any] = {
        "name": game.name,
        "file": str(source) if source else None,
        "players": game.num_players,
        "sites": game.topology.n,
        "labels": list(game.topology.labels),
        "turn_limit": game.turn_limit,
        "options": list(game.options),
        "ruleset": getattr(expanded, "ruleset", None),
        "info": dict(game.info),
    }
    if args.json:
        _emit_json(data)
        return EXIT_OK
    print(f"name: {game.name}")
    if source:
        print(f"file: {source}")
    print(f"players: {game.num_players}")
    labels = game.topology.labels
    shown = ", ".join(labels) if len(labels) <= 12 else f"{', '.join(labels[:4])} ... {', '.join(labels[-2:])}"
    print(f"sites: {game.topology.n} (labels {shown})")
    print(f"turn limit: {game.turn_limit} plies")
    print(f"options chosen: {', '.join(game.options) if game.options else '(none)'}")
    if data["ruleset"]:
        print(f"ruleset: {data['ruleset']}")
    if expanded is not None and (expanded.options or expanded.rulesets):
        print("options available:")
        for line in _option_lines(expanded.options, expanded.rulesets):
            print(line)
    for key in ("description", "rules", "author", "date"):
        if key in game.info:
            print(_wrap(key, game.info[key]))
    for key, value in game.info.items():
        if key not in ("description", "rules", "author", "date"):
            print(_wrap(key, value))
    return EXIT_OK


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
    game = _load_game(args)
    if args.max_plies is not None:
        game.turn_limit = args.max_plies
    specs = _agent_specs(args, game.num_players)
    agents = _make_agents(specs, args.seed)
    players = range(1, game.num_players + 1)
    wins = {p: 0 for p in players}
    draws = turn_limit_draws = unfinished = 0
    total_plies = decisions = total_legal = 0
    guard = game.turn_limit + 10  # the engine ends every game by then; never loop forever
    progress = _Progress(args.playouts, game.name, sys.stdout.isatty() and not args.json)
    start = time.perf_counter()
    try:
        for i in range(args.playouts):
            state = game.initial_state()
            plies = 0
            while not state.is_over() and plies < guard:
                legal = state.legal_moves()
                decisions += 1
                total_legal += len(legal)
                state.apply(agents[state.mover].choose(state))
                plies += 1
            total_plies += plies
            result = state.result()
            if not result.over:
                unfinished += 1
                draws += 1
                turn_limit_draws += 1
            elif result.draw or not result.winners:
                draws += 1
                if result.reason == "turn limit":
                    turn_limit_draws += 1
            else:
                for p in result.winners:
                    wins[p] = wins.get(p, 0) + 1
            progress.advance(i + 1)
    finally:
        progress.close()
    elapsed = time.perf_counter() - start
    n = args.playouts
    summary = {
        "game": game.name,
        "options": list(game.options),
        "seed": args.seed,
        "agents": {str(p): specs[p] for p in players},
        "playouts": n,
        "wins": {str(p): wins[p] for p in players},
        "draws": draws,
        "turn_limit_draws": turn_limit_draws,
        "turn_limit": game.turn_limit,
        "mean_length": total_plies / n,
        "mean_branching": total_legal / decisions if decisions else 0.0,
        "playouts_per_second": n / elapsed if elapsed > 0 else float(n),
        "seconds": elapsed,
    }
    if unfinished:
        summary["unfinished"] = unfinished
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
    print(f"  mean branching factor: {summary['mean_branching']:.2f}")
    print(f"  playouts per second: {summary['playouts_per_second']:.1f}")
    return EXIT_OK


def cmd_trace(args: argparse.Namespace) -> int:
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
        move = agents[mover].choose(state)
        played = state.apply(move)
        plies.append({"mover": mover, "legal": legal, "move": str(played)})
        if not args.json:
            print(f"{len(plies):>4}. P{mover}  {len(legal)} legal: {' '.join(legal)}")
            print(f"      P{mover} plays {played}")
    result = state.result()
    if args.json:
        _emit_json({
            "game": game.name,
            "options": list(game.options),
            "seed": args.seed,
            "agents": {str(p): specs[p] for p in specs},
            "plies": plies,
            "result": result.to_json(),
            "board": str(state),
        })
        return EXIT_OK
    if result.over:
        reason = f" ({result.reason})" if result.reason and result.reason != "rule" else ""
        print(f"{result.headline()}{reason} after {state.ply} plies")
    else:
        print(f"stopped after {len(plies)} moves; P{state.mover} to move")
    print(state)
    return EXIT_OK


# ---------------------------------------------------------------------------------------------
# apply, play


def cmd_apply(args: argparse.Namespace) -> int:
    game, state = _game_and_state(args)
    moves = args.moves.split()
    applied = 0
    for number, text in enumerate(moves, 1):
        try:
            state.apply(text)
        except MoveError as err:
            line = f"INVALID {text}: {err} (move {number} of {len(moves)}; {applied} applied)"
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
    result = state.result()
    legal = [str(m) for m in state.legal_moves()]
    if args.json:
        _emit_json({"mover": state.mover, "legal": legal, "result": result.to_json(),
                    "board": str(state), "moves_applied": applied})
        return EXIT_OK
    print(state)
    if result.over:
        reason = f" ({result.reason})" if result.reason and result.reason != "rule" else ""
        print(f"{result.headline()}{reason}")
    else:
        print(f"P{state.mover} to move")
        print(f"legal ({len(legal)}): {' '.join(legal)}")
    return EXIT_OK


_QUIT = {"quit", "exit", "q", ":q"}
_LIST = {"moves", "?", "help", "legal"}


def _prompt(text: str) -> str | None:
    """Ask for one line; None at end of input."""
    sys.stdout.write(text)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        sys.stdout.write("\n")
        return None
    line = line.rstrip("\r\n")
    if not _isatty(sys.stdin):  # piped input: echo it so the transcript reads like a session
        sys.stdout.write(line + "\n")
    return line


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def cmd_play(args: argparse.Namespace) -> int:
    game, state = _game_and_state(args)
    specs = {p: "human" if p == 1 else "random" for p in range(1, game.num_players + 1)}
    for p in range(1, MAX_PLAYERS + 1):
        given = getattr(args, f"p{p}", None)
        if given is None:
            continue
        if p > game.num_players:
            raise UsageError(f"--p{p} given but the game has {game.num_players} players")
        specs[p] = given
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    agents = _make_agents(specs, seed, allow_human=True)
    opts = f" [{', '.join(game.options)}]" if game.options else ""
    print(f"{game.name}{opts}: " + " vs ".join(f"P{p} {specs[p]}" for p in sorted(specs))
          + (f" (seed {seed})" if any(a != "human" for a in agents.values()) else ""))
    if any(a == "human" for a in agents.values()):
        print("type a move (e.g. " + _example_move(state) + "), 'moves' to list the legal moves, 'quit' to leave")
    print(state)
    while not state.is_over():
        mover = state.mover
        agent = agents[mover]
        if agent == "human":
            legal = [str(m) for m in state.legal_moves()]
            if len(legal) <= 12:
                print(f"P{mover} to move: {' '.join(legal)}")
            else:
                print(f"P{mover} to move ({len(legal)} legal moves; 'moves' lists them)")
            while True:
                line = _prompt(f"P{mover}> ")
                if line is None or not line.strip() or line.strip().lower() in _QUIT:
                    print("game left unfinished")
                    return EXIT_OK
                if line.strip().lower() in _LIST:
                    print(" ".join(str(m) for m in state.legal_moves()))
                    continue
                try:
                    played = state.apply(line.strip())
                except MoveError as err:
                    print(f"INVALID {err}")
                    continue
                break
        else:
            played = state.apply(agent.choose(state))
        print(f"P{mover} plays {played}")
        print(state)
    result = state.result()
    if result.reason and result.reason != "rule":
        print(f"({result.reason})")
    print(result.headline())
    return EXIT_OK


def _example_move(state) -> str:
    legal = state.legal_moves()
    return str(legal[0]) if legal else "pass"
