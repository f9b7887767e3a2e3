"""Commands about descriptions: check, expand, fmt, list, info."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import LudError, UnsupportedLudeme
from .common import (
    EXIT_FAILURE,
    EXIT_OK,
    EXIT_UNSUPPORTED,
    EXIT_USAGE,
    UsageError,
    _emit_json,
    _game_and_state,
    _load_game,
    _option_lines,
    _report_internal,
    _wrap,
)

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import State

# ---------------------------------------------------------------------------------------------
# check, expand, fmt


def _expand_paths(paths: Sequence[str], suffixes: Sequence[str] = (".lud",)) -> list[str]:
    """Directories become their files with these suffixes (recursively, sorted); other
    arguments stay. A command given folders without any description says so (exit 2), never
    "nothing to do"."""
    out: list[str] = []
    for raw in paths:
        path = Path(raw)
        try:
            is_dir = path.is_dir()
        except (OSError, ValueError):
            is_dir = False
        if is_dir:
            out.extend(str(p) for p in sorted(path.rglob("*")) if p.suffix in suffixes and p.is_file())
        else:
            out.append(raw)
    if not out:
        kinds = " or ".join(suffixes)
        raise LudError(f"0 files: no {kinds} file in " + ", ".join(paths),
                       hint="give .lud files, bundled names (ludeme list) or folders holding .lud files")
    return out


def _reason(err: BaseException) -> str:
    """Why a file could not be read or written, in words."""
    if isinstance(err, IsADirectoryError):
        return "it is a folder"
    return getattr(err, "strerror", None) or getattr(err, "reason", None) or str(err)


def cmd_check(args: argparse.Namespace) -> int:
    if args.syntax:
        return _check_syntax(args)
    if args.report:
        return _check_report(args)
    from ..check import check
    from ..errors import render_all
    targets = _expand_paths(args.paths)
    failed = errors = unsupported = 0  # unsupported: files whose only errors are Ludii's ludemes we lack
    crashed = False
    for target in targets:
        try:
            result = check(target, options=args.option, ruleset=args.ruleset, defines=args.defines)
        except LudError as err:  # options or defines the command line gave: one error
            failed += 1
            errors += 1
            print(err.render(), file=sys.stderr)
            continue
        except Exception as err:
            failed += 1
            crashed = True
            _report_internal(err, getattr(args, "debug", False), target)
            continue
        if not result.ok:
            failed += 1
            errors += result.total
            if result.errors and result.total == len(result.errors) \
                    and all(isinstance(e, UnsupportedLudeme) for e in result.errors):
                unsupported += 1
            print(render_all(result.errors, result.total, limit=args.max_errors), file=sys.stderr)
            continue
        game = result.game
        assert game is not None  # checked without an error: built
        is_name = not target.endswith(".lud") and os.sep not in target and "/" not in target
        label = game.name if is_name else f"{game.name} ({target})"
        print(f"OK {label}")
    if len(targets) > 1:
        print(f"{len(targets)} files, {failed} failed" + (f", {errors} errors" if errors > failed else ""))
    if crashed:
        return EXIT_FAILURE
    if failed and failed == unsupported:
        return EXIT_UNSUPPORTED
    return EXIT_USAGE if failed else EXIT_OK


def _check_report(args: argparse.Namespace) -> int:
    """``check --report``: how far every file gets, and why the others stop."""
    from ..survey import format_survey, survey
    if args.option or args.ruleset:
        raise UsageError("--report takes each file's default options: leave out --option and --ruleset")
    if not args.timeout > 0:
        raise UsageError("--timeout must be a positive number of seconds")
    targets = _expand_paths(args.paths)
    missing = [t for t in targets if not Path(t).is_file()]
    if missing:
        raise UsageError(f"no such file: {missing[0]}" + (f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""))
    show = sys.stderr.isatty() and not args.json

    def progress(i: int, n: int, path) -> None:
        if show:
            sys.stderr.write(f"\r{i + 1}/{n} {Path(path).name[:60]:<60}")
            sys.stderr.flush()

    report = survey(targets, defines=args.defines, seed=args.seed, playout_seconds=args.timeout,
                    progress=progress)
    if show:
        sys.stderr.write("\r" + " " * 70 + "\r")
    if args.json:
        _emit_json(report.to_json())
    else:
        print(format_survey(report, verbose=args.verbose, title=", ".join(args.paths)))
    return EXIT_OK


def _check_syntax(args: argparse.Namespace) -> int:
    """``check --syntax``: parse only, many files; every syntax error of each file on a line,
    then the totals."""
    from ..resources import resolve_description
    from ..syntax.parser import parse_all, read_text
    targets = _expand_paths(args.paths, (".lud", ".def"))
    failed = errors = 0
    crashed = False
    for target in targets:
        path = resolve_description(target) if not Path(target).is_file() else Path(target)
        if path is None:
            failed += 1
            errors += 1
            print(f"{target}: no such file or bundled description")
            continue
        found: list[LudError]
        try:
            _, syntax_errors = parse_all(read_text(path), str(path))
            found = list(syntax_errors)
        except LudError as error:
            found = [error]
        except Exception as crash:
            failed += 1
            crashed = True
            _report_internal(crash, getattr(args, "debug", False), str(path))
            continue
        if found:
            failed += 1
            errors += len(found)
        for err in found[:args.max_errors]:
            where = f"{err.span}" if err.span is not None else str(path)
            print(f"{where}: {err.message}")
        if len(found) > args.max_errors:
            print(f"{path}: {len(found) - args.max_errors} more errors not shown")
    print(f"{len(targets)} files, {failed} failed" + (f", {errors} errors" if errors > failed else ""))
    if crashed:
        return EXIT_FAILURE
    return EXIT_USAGE if failed else EXIT_OK


def cmd_expand(args: argparse.Namespace) -> int:
    from ..loader import expand_description
    from ..syntax.format import format_node
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
    from ..files import read_text
    from ..syntax.format import format_document
    from ..syntax.parser import MAX_TEXT, parse, parse_file
    changed = errors = 0
    for name in args.files:
        path = Path(name)
        try:
            original = read_text(path, MAX_TEXT)
        except (OSError, UnicodeDecodeError, ValueError) as err:
            print(f"{name}: cannot read: {_reason(err)}", file=sys.stderr)
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
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as err:
            print(f"{name}: cannot write: {_reason(err)}", file=sys.stderr)
            errors += 1
            continue
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
    from ..syntax.nodes import Call, Int, Str
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
                from ..syntax.format import format_inline
                players = format_inline(first[0])
    return name, players


def cmd_list(args: argparse.Namespace) -> int:
    from ..loader import expand_description
    from ..resources import bundled_descriptions
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
            from ..loader import load
            game = load(path)
            name, players = game.name, str(game.num_players)
        except LudError:
            pass
        print(f"{key:<{width}}  {name} ({players} players by default)")
        for line in _option_lines(expanded.options, expanded.rulesets, args.verbose):
            print(line)
    return status


def _engine_info(game: Any) -> dict[str, Any]:
    """Which tiers can play the game: the compiled one when every ludeme has a kernel (else the
    first one without), whether its module is cached, what compiling it would cost."""
    from ..native.choice import LOAD_SECONDS, compiled_form, expected_compile_seconds
    from ..native.emit import NoKernel
    form = compiled_form(game)
    if isinstance(form, NoKernel):
        from ..native.api import missing_kernels
        return {"compiled": False, "missing": str(form), "without_kernels": missing_kernels(game)}
    cost = expected_compile_seconds(form)
    return {"compiled": True, "cached": cost <= LOAD_SECONDS, "compile_seconds": round(cost, 1)}


def cmd_info(args: argparse.Namespace) -> int:
    from ..resources import resolve_description
    state = None
    if getattr(args, "position", None):
        game, state = _game_and_state(args)
    else:
        game = _load_game(args)
    source = resolve_description(args.game)
    expanded = game.info.description
    metadata = game.info.metadata
    data: dict[str, Any] = {
        "name": game.name,
        "file": str(source) if source else None,
        "players": game.num_players,
        "sites": game.topology.n,
        "labels": list(game.topology.labels),
        "turn_limit": game.turn_limit,
        "max_turns": game.max_turns,
        "options": list(game.options),
        "ruleset": getattr(expanded, "ruleset", None),
        "info": dict(metadata),
    }
    data["engine"] = _engine_info(game)
    if state is not None:
        data["position"] = {"board": str(state), "values": game.explain(state),
                            "result": state.result().to_json()}
    if args.json:
        _emit_json(data)
        return EXIT_OK
    _print_info(game, state, data, source)
    return EXIT_OK


def _print_info(game: Game, state: State | None, data: dict[str, Any], source: Path | None) -> None:
    """``ludeme info`` as text: the game, its engine, its options and metadata, the position."""
    expanded = game.info.description
    metadata = game.info.metadata
    print(f"name: {game.name}")
    if source:
        print(f"file: {source}")
    print(f"players: {game.num_players}" + (" (a simulation: nobody moves, each ply applies every move of "
                                             "the rules)" if game.simulation else ""))
    labels = game.topology.labels
    shown = ", ".join(labels) if len(labels) <= 12 else f"{', '.join(labels[:4])} ... {', '.join(labels[-2:])}"
    print(f"sites: {game.topology.n} (labels {shown})")
    from ..engine.matchplay import is_match
    if is_match(game):
        print(f"turn limit: {game.turn_limit} plies (each game of the match)")
        for i, instance in enumerate(game.instances):
            print(f"game {i} of the match: {instance.name} ({instance.game.info.source})")  # a match's games
    elif game.simulation:  # no turn passes in a simulation (Ludii counts none)
        print(f"turn limit: {game.turn_limit} plies")
    else:
        print(f"turn limit: {game.max_turns} turns or {game.turn_limit} plies")
    print(_engine_line(data["engine"]))
    print(f"options chosen: {', '.join(game.options) if game.options else '(none)'}")
    if data["ruleset"]:
        print(f"ruleset: {data['ruleset']}")
    if expanded is not None and (expanded.options or expanded.rulesets):
        print("options available:")
        for line in _option_lines(expanded.options, expanded.rulesets):
            print(line)
    for key in ("description", "rules", "author", "date"):
        if key in metadata:
            print(_wrap(key, metadata[key]))
    for key, value in metadata.items():
        if key not in ("description", "rules", "author", "date"):
            print(_wrap(key, value))
    if state is not None:
        _print_position(game, state)


def _engine_line(engine: dict[str, Any]) -> str:
    """Which engine plays the game (:func:`_engine_info`), in words."""
    if engine["compiled"]:
        cost = "in the cache" if engine["cached"] else f"about {engine['compile_seconds']:.0f} s to compile on first use"
        return f"engine: compiled tier (every ludeme has a kernel; {cost}), reference engine as the spec"
    lacking = engine["without_kernels"]
    also = f"; ludemes without a kernel: {', '.join(lacking)}" if lacking else ""
    return f"engine: reference (no compiled tier: {engine['missing']}{also})"


def _print_position(game: Game, state: State) -> None:
    print("position:")
    print(state)
    result = state.result()
    print(f"{result.headline()} ({result.reason})" if result.over else f"P{state.mover} to move")
    values = game.explain(state)
    if values:
        print("values:")
        for line in values:
            print(f"  {line}")


