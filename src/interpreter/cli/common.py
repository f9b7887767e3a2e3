"""What the ``ludeme`` commands share: exit codes, loading games and positions, agents,
output helpers."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import textwrap
import traceback
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from ..errors import LudError, MoveError
from ..files import read_text

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2
EXIT_UNSUPPORTED = 3  # a description right by Ludii's language that calls a ludeme not supported yet
MAX_PLAYERS = 16  # --p1 .. --p16: as many players as Ludii allows (Constants.MAX_PLAYERS)
SHOWN_PLAYERS = 4  # --p1 .. --p4 in --help; --p5 .. --p16 said once there
MAX_POSITION_TEXT = 1_000_000  # characters, as engine.position.MAX_TEXT


class UsageError(Exception):
    """A bad command line that argparse cannot see (unknown agent, player out of range...)."""


def whole_number(lo: int, hi: int):
    """An argparse type: a whole number from ``lo`` to ``hi``, said plainly when it is not."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]!r}") from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"must be from {lo} to {hi}, not {value}")
        return value
    return parse


# ---------------------------------------------------------------------------------------------
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
    pyproject = Path(__file__).resolve().parents[3] / "pyproject.toml"
    try:
        for line in pyproject.read_text(encoding="utf-8").splitlines():
            if line.startswith("version"):
                return line.split("=", 1)[1].strip().strip('"') + " (source)"
    except OSError:
        pass
    return "unknown"


# ---------------------------------------------------------------------------------------------
# shared helpers


def defines_arg(p: argparse.ArgumentParser) -> None:
    """``--defines DIR``: every command that loads a description has it (the CLI's ``main`` puts
    the folders where every load of the command finds them: ``cli._use_defines``)."""
    p.add_argument("--defines", action="append", default=[], metavar="DIR",
                   help="a folder (or file) of library defines (.def) to use as well; repeatable")


def _emit_json(obj: Any) -> None:
    print(json.dumps(obj, indent=2, ensure_ascii=False))


def _load_game(args: argparse.Namespace, options: Sequence[str] | None = None):
    from ..loader import load
    return load(args.game, options=list(args.option if options is None else options), ruleset=args.ruleset,
                defines=getattr(args, "defines", ()))


def _read_position_file(path: str) -> str:
    try:
        text = read_text(path, MAX_POSITION_TEXT)  # never more than a position may hold
    except (OSError, UnicodeDecodeError, ValueError) as err:
        reason = getattr(err, "strerror", None) or getattr(err, "reason", None) or str(err)
        raise UsageError(f"cannot read position file {path}: {reason}") from None
    return text


def _game_and_state(args: argparse.Namespace):
    """Load the game and its starting state (the initial one, or ``--position FILE``). A position
    that records its options is loaded with them unless ``--option`` chooses others (then they
    must agree with the position's)."""
    from ..engine.position import load_position_data
    position = getattr(args, "position", None)
    if not position:
        game = _load_game(args)
        return game, game.initial_state()
    text = _read_position_file(position)
    try:
        data = load_position_data(text)
        options = None
        if not args.option and isinstance(data, dict) and isinstance(data.get("options"), list) \
                and all(isinstance(o, str) for o in data["options"]):
            options = list(data["options"])
        try:
            game = _load_game(args, options)
        except LudError as err:
            if options is None:
                raise
            raise type(err)(f"the options saved in the position: {err.message}", err.span, err.hint) from None
        return game, game.state_from_text(text)
    except LudError as err:
        if err.span is None:
            raise type(err)(f"{position}: {err.message}", None, err.hint) from None
        raise


MOST_WORDS = 4  # words of the longest move text taken whole in --moves ("Edge 15": two)


def apply_moves(state: Any, text: str) -> Iterator[tuple[int, int, str, MoveError | None]]:
    """Apply the moves of a ``--moves`` text (separated by spaces) to ``state`` in turn,
    yielding (move number, how many moves the text holds at most, the move's text, None) after
    each, or the refusal (a MoveError) of the first that is not legal, then stopping. A move
    whose text has spaces (``Edge 15``: a move on an edge of a board of vertices) is taken whole
    when its first word alone is not a move there."""
    words = text.split()
    i, number = 0, 0
    while i < len(words):
        number += 1
        try:
            state.apply(words[i])
            yield number, len(words), words[i], None
            i += 1
            continue
        except MoveError as err:
            refusal = err
        for k in range(2, min(MOST_WORDS, len(words) - i) + 1):
            whole = " ".join(words[i:i + k])
            try:
                state.apply(whole)
            except MoveError:
                continue
            yield number, len(words), whole, None
            i += k
            break
        else:
            yield number, len(words), words[i], refusal
            return


def _agent_seeds(seed: int, count: int) -> list[int]:
    """One seed per player from the run's seed: the same seed gives the same games."""
    master = random.Random(seed)
    return [master.getrandbits(63) for _ in range(count)]


def _agent_specs(args: argparse.Namespace, num_players: int, default: str = "random",
                 first: str | None = None) -> dict[int, str]:
    """Player → agent spec text from ``--agents`` and ``--p1..--p16`` (``first``: player 1's
    default where it is not ``default``, as ``play``'s human)."""
    from ..agents import split_agent_list
    specs = {p: default for p in range(1, num_players + 1)}
    if first is not None and num_players >= 1:
        specs[1] = first
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


def player_args(p: argparse.ArgumentParser, default: str = "random for everyone",
                what: str = "agent spec") -> None:
    """``--agents SPECS`` and ``--p1 SPEC`` .. ``--p16 SPEC``: every command that seats agents
    takes both, for as many players as Ludii allows (``--p5`` and up are named once in --help)."""
    p.add_argument("--agents", metavar="SPECS", default=None,
                   help=f"{what}s in player order, comma-separated (default: {default}); "
                        "one spec applies to every player")
    for i in range(1, MAX_PLAYERS + 1):
        if i <= SHOWN_PLAYERS:
            text = f"{what} of player {i} (overrides --agents)"
            if i == SHOWN_PLAYERS:
                text += f"; --p{i + 1} .. --p{MAX_PLAYERS} likewise for games of more players"
        else:
            text = argparse.SUPPRESS
        p.add_argument(f"--p{i}", metavar="SPEC", help=text)


def _make_agents(specs: dict[int, str], seed: int, allow_human: bool = False) -> dict[int, Any]:
    """Player → agent object, or the string ``"human"`` (only where a person can be asked)."""
    from ..agents import AgentSpecError, make_agent, parse_agent_spec
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
    # seat 0: nobody, who makes a simulation's one move each ply ((players 0): engine.simulation)
    agents.setdefault(0, make_agent(parse_agent_spec("random"), seed))
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
        # (a starred ruleset is the suggested one; as Ludii's loader, it applies only when named)
        default = f" (starred {max(starred, key=lambda r: r.stars).name})" if starred else ""
        lines.append(f"  Rulesets: {names}{default}")
    return lines


def _wrap(label: str, text: str, width: int = 100) -> str:
    first = f"{label}: "
    return textwrap.fill(" ".join(text.split()), width=width, initial_indent=first,
                         subsequent_indent=" " * len(first))


