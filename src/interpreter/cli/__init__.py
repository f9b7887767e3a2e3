"""The ``ludeme`` command: check, format, inspect, play and measure game descriptions.

    ludeme check pente.lud                 parse, expand and bind; every error with file:line:col
    ludeme check --syntax descriptions/    parse only, many files, one line per error
    ludeme doc "is Line"                   one ludeme's entry of the reference
    ludeme lsp                             a language server on stdin/stdout (pip install '.[lsp]')
    ludeme expand pente --option "Board Size/9x9"
    ludeme fmt my-game.lud [--check]
    ludeme list                            bundled games with their options
    ludeme info alak
    ludeme run alak --playouts 100 --seed 1 [--json]
    ludeme trace alak --seed 1 [--json]
    ludeme apply alak --moves "1-5 8-7"
    ludeme play alak --p1 human --p2 random [--record game.jsonl]
    ludeme match alak --agents mcts:iterations=200 random --games 50 --jobs 2
    ludeme replay game.jsonl [--game K] [--step] [--svg DIR]
    ludeme render pente --option "Board Size/9x9" --moves "E5 D4" -o board.svg
    ludeme concepts pente --playouts 100 [--format table|csv|json|yaml]
    ludeme compare alak pente tic-tac-toe --playouts 100 --jobs 2 --plot cmp.png
    ludeme serve [GAME] [--port 8000]      the browser app (the web extra)
    ludeme survey ../shared/ludii-sample --playouts 20 --jobs 2 --out s.parquet [--cluster ADDRESS]

Exit codes: 0 ok; 2 a description error, bad usage or an illegal move given to ``apply``;
1 an engine failure (the traceback is shown with ``--debug`` only). A description error never
shows a traceback: it is rendered as ``file:line:col: message``, the line, a caret and a hint.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from ..errors import LudError, UnsupportedLudeme
from ..workers import jobs_argument, max_jobs
from .common import (
    EXIT_FAILURE,
    EXIT_UNSUPPORTED,
    EXIT_USAGE,
    UsageError,
    _report_internal,
    _silence_stdout,
    defines_arg as _defines_arg,
    player_args,
    version,
)
from .concepts import add_commands as _concept_commands
from .describe import (
    cmd_check,
    cmd_expand,
    cmd_fmt,
    cmd_info,
    cmd_list,
)
from .matches import add_commands
from .outputs import record_options
from .playing import (
    cmd_apply,
    cmd_play,
    cmd_run,
    cmd_trace,
)
from .reference import add_commands as _reference_commands
from .serve import add_commands as _serve_commands
from .survey import add_commands as _survey_commands

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
    from ..native import choice
    outer = choice.engine_mode()
    restore_defines = _use_defines(getattr(args, "defines", None) or [])
    try:
        choice.set_engine(getattr(args, "engine", None) or outer)  # for this command only
        return int(args.func(args) or 0)
    except LudError as err:
        print(err.render(), file=sys.stderr)
        return EXIT_UNSUPPORTED if isinstance(err, UnsupportedLudeme) else EXIT_USAGE
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
    finally:
        choice.set_engine(outer)
        restore_defines()


def _use_defines(folders: Sequence[str]) -> Callable[[], None]:
    """``--defines DIR``, once for every command that loads a description: the folders go into
    ``LUDEME_DEFINES`` (see :func:`interpreter.loader.extra_defines`) for the command's duration,
    so every load it makes, here or in its worker processes, uses them. Returns the undo."""
    import os

    from ..loader import DEFINES_ENV
    if not folders:
        return lambda: None
    before = os.environ.get(DEFINES_ENV)
    os.environ[DEFINES_ENV] = os.pathsep.join([str(Path(f).absolute()) for f in folders] + ([before] if before else []))

    def restore() -> None:
        if before is None:
            os.environ.pop(DEFINES_ENV, None)
        else:
            os.environ[DEFINES_ENV] = before
    return restore


# ---------------------------------------------------------------------------------------------
# the parser


def _engine_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--engine", choices=("auto", "compiled", "reference"), default=argparse.SUPPRESS,
                   help="which tier plays: the compiled one (native code made from the same ludemes), "
                        "the reference engine, or auto (default: compiled when every ludeme has a kernel "
                        "and compiling pays for the work)")


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
        _engine_arg(p)
        p.set_defaults(func=func)
        return p

    p = command("check", cmd_check, "check descriptions: parse, expand and bind them",
                "Check descriptions: parse, expand (options, defines, rulesets) and bind them.\n"
                "Every independent error of a file is reported, in source order (at most\n"
                "--max-errors, then how many more there are).\n"
                "With --syntax, only parse (directories are searched for *.lud and *.def\n"
                "recursively). Exit 0 when every file is valid, 3 when the only errors are calls of\n"
                "Ludii's ludemes not supported yet (\"Ludii's `forEach Die` is not supported yet\"),\n"
                "2 otherwise.\n"
                "With --report, take every file as far as it goes (parse, expand, load, one random\n"
                "playout) and report how many pass each stage and why the others stop, grouped by\n"
                "the first unknown ludeme, most frequent first (exit 0).\n"
                "Ludii's library of defines is found without --defines beside the description\n"
                "(a ludii-defines folder, or Ludii's Common/res/def), beside the package, or in\n"
                "the folder named by LUDEME_LUDII_DEFINES.")
    p.add_argument("paths", nargs="+", metavar="FILE|NAME|DIR", help="descriptions to check")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--syntax", action="store_true", help="parse only; one line per error")
    mode.add_argument("--report", action="store_true",
                      help="how far each file gets (parse, expand, load, a random playout), with reasons")
    _option_args(p)
    _defines_arg(p)
    p.add_argument("--seed", type=int, default=0, metavar="S", help="--report: seed of the playouts (default 0)")
    p.add_argument("--timeout", type=float, default=20.0, metavar="SEC",
                   help="--report: a playout longer than this is reported as too slow (default 20)")
    p.add_argument("--json", action="store_true", help="--report: print one JSON object")
    p.add_argument("-v", "--verbose", action="store_true", help="--report: a line per file as well")
    p.add_argument("--max-errors", type=_positive_int, default=50, metavar="N",
                   help="errors shown for one file (default 50); the rest are counted")

    p = command("expand", cmd_expand, "print the expanded game (options chosen, defines inlined)")
    _game_args(p)

    p = command("fmt", cmd_fmt, "rewrite descriptions in canonical form (comments kept)",
                "Rewrite descriptions in canonical form, keeping every comment.\n"
                "With --check, only report the files that would change (exit 1 if any).")
    p.add_argument("files", nargs="+", metavar="FILE", help=".lud files to format")
    p.add_argument("--check", action="store_true", help="do not write; exit 1 if a file would change")

    p = command("list", cmd_list, "list the bundled games with their options and rulesets")
    p.add_argument("-v", "--verbose", action="store_true", help="show each option item's help text")

    p = command("info", cmd_info, "show a game's players, options and metadata",
                "Show a game's players, board, options and metadata. With --position, also that\n"
                "position and what the end rules would compare there (each player's group values\n"
                "in Loupe).")
    _game_args(p)
    p.add_argument("--position", metavar="FILE", help="also show this position (YAML) and its values")
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
    _record_arg(p)
    p.add_argument("--list-moves", action="store_true",
                   help="list every legal move at every ply (counts the branching factor; random "
                        "agents otherwise draw their moves without listing them, where the rules allow it)")
    p.add_argument("--jobs", "-j", type=jobs_argument, default=1, metavar="J",
                   help=f"worker processes (default 1, at most {max_jobs()} here): the same games whatever J is")
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
    _save_position_arg(p)
    _values_arg(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = command("apply", cmd_apply, "apply a sequence of moves and show the position",
                "Apply moves (their text forms, separated by spaces: '1-5 8-7' for Alak, 'J10 K10'\n"
                "for Pente) and print the board, whose move it is, the legal moves and the result.\n"
                "An illegal move prints INVALID with the reason and exits 2.")
    _game_args(p)
    p.add_argument("--moves", "-m", default="", metavar="MOVES", help='moves separated by spaces, e.g. "1-5 8-7"')
    p.add_argument("--position", metavar="FILE", help="start from this position (YAML, see State.to_text)")
    _save_position_arg(p)
    _values_arg(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = command("play", cmd_play, "play interactively against agents or other people",
                "Play at the terminal. Each human is prompted 'P1> ' for a move: its text form\n"
                "(Alak: '1-4' or '1 4'; Pente: 'J10'), as the board's coordinates show; on a turn\n"
                "of several plies the prompt says which ('P2, second stone> '). Commands: moves,\n"
                "undo (your last turn and the replies), hint, board, save FILE (a record; .yaml: the\n"
                "position), load FILE, help, quit (an empty line asks first; end of input leaves).\n"
                "An illegal move prints INVALID and the reason, and the same player is asked again.")
    _game_args(p)
    player_args(p, default="P1 human, the others random", what="human or agent spec")
    p.add_argument("--seed", type=int, default=None, metavar="S", help="seed of the agents (default: random)")
    p.add_argument("--position", metavar="FILE", help="start from this position (YAML, see State.to_text)")
    _record_arg(p)

    add_commands(command, _game_args, _option_args, _positive_int)
    _concept_commands(command, _game_args, _agent_args, _positive_int)
    _serve_commands(command)
    _survey_commands(command, _positive_int)
    _reference_commands(command)
    return parser


def _record_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--record", metavar="FILE",
                   help="write the games to FILE (JSON Lines, one game a line; ludeme replay FILE)")
    record_options(p)


def _save_position_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--save-position", metavar="FILE",
                   help="write the final position to FILE (YAML: what --position FILE reads)")


def _option_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--option", "-o", action="append", default=[], metavar='"Label/Item"',
                   help='choose an option item, e.g. --option "Board Size/9x9" (repeatable)')
    p.add_argument("--ruleset", metavar="NAME", default=None, help="apply a ruleset of the description")


def _values_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--values", action="store_true",
                   help="show what the end rules compare (e.g. each player's group values) even before "
                        "the end (they are shown at the end anyway)")


def _game_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", metavar="GAME", help="a bundled game's name (ludeme list) or a .lud file")
    _option_args(p)
    _defines_arg(p)  # every command that loads a description takes --defines (see _use_defines)


def _agent_args(p: argparse.ArgumentParser) -> None:
    player_args(p)


MAX_COUNT = 1_000_000  # playouts, plies, moves: as the turnLimit ludeme allows


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]!r}") from None
    if not 1 <= value <= MAX_COUNT:
        raise argparse.ArgumentTypeError(f"must be from 1 to {MAX_COUNT}, not {value}")
    return value




__all__ = ["main", "build_parser"]
