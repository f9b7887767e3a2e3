"""Commands that measure and compare: concepts, compare."""

from __future__ import annotations

import argparse
import sys
import time

from ..workers import jobs_argument, max_jobs
from .common import EXIT_OK, MAX_PLAYERS, UsageError, _agent_specs, defines_arg, whole_number


class _Bar:
    """A progress bar on standard error, when it is a terminal (the output stays clean)."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self._last = 0.0
        self._shown = False

    def __call__(self, label: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if done < total and now - self._last < 0.1:
            return
        self._last = now
        filled = int(30 * done / total) if total else 30
        sys.stderr.write(f"\r{label[:40]:<40} [{'#' * filled}{'.' * (30 - filled)}] {done}/{total}")
        sys.stderr.flush()
        self._shown = True

    def close(self) -> None:
        if self.enabled and self._shown:
            sys.stderr.write("\r" + " " * 90 + "\r")
            sys.stderr.flush()


def _agents(args: argparse.Namespace, players: int | None = None) -> list[str]:
    """Agent specs in player order. For one game, one per player; for several (``players``
    None), the list as given, used in turn for the players of each game."""
    from ..agents import AgentSpecError, parse_agent_spec, split_agent_list
    if players is not None:
        specs = _agent_specs(args, players)
        listed = [specs[p] for p in sorted(specs)]
    else:
        listed = [s for s in split_agent_list(args.agents) if s] if args.agents else ["random"]
        for p in range(1, MAX_PLAYERS + 1):
            given = getattr(args, f"p{p}", None)
            if given is not None:
                while len(listed) < p:
                    listed.append(listed[(len(listed)) % len(listed)] if listed else "random")
                listed[p - 1] = given
    for p, text in enumerate(listed, 1):
        try:
            if parse_agent_spec(text).name == "human":
                raise UsageError(f"player {p}: 'human' agents can only 'ludeme play'")
        except AgentSpecError as err:
            raise UsageError(f"player {p}: {err}") from None
    return listed


def _check_agents(agents: list[str]) -> None:
    from ..agents import AgentSpecError, make_agent
    for text in agents:
        try:
            make_agent(text, 0)
        except AgentSpecError as err:
            raise UsageError(str(err)) from None


def cmd_concepts(args: argparse.Namespace) -> int:
    from ..concept.comparison import GameConcepts
    from ..concept.detect import boolean_concepts, numeric_concepts
    from ..concept.metrics import playout_metrics
    from ..concept.report import render
    from ..loader import load
    game = load(args.game, options=list(args.option), ruleset=args.ruleset, defines=args.defines)
    label = args.game + (":" + ",".join(args.option) if args.option else "")
    agents = _agents(args, game.num_players)
    _check_agents(agents)
    bar = _Bar(sys.stderr.isatty() and args.playouts > 0)
    try:
        metrics = playout_metrics(game, args.playouts, args.seed, agents, args.jobs,
                                  lambda d, t: bar(label, d, t)) if args.playouts else {}
    finally:
        bar.close()
    data = GameConcepts(label, game.name, tuple(game.options), boolean_concepts(game), numeric_concepts(game),
                        metrics, args.playouts, args.seed, tuple(agents))
    sys.stdout.write(render(data, args.format))
    return EXIT_OK


def cmd_compare(args: argparse.Namespace) -> int:
    from ..concept.comparison import compare
    from .survey import cluster_client
    if args.from_table is not None:
        return _compare_from(args)
    if not args.games:
        raise UsageError("name the games to compare (or read them from a survey table: --from TABLE)")
    agents = _agents(args)
    _check_agents(agents)
    _check_plot(args)
    client = cluster_client(args) if args.playouts else None
    bar = _Bar(sys.stderr.isatty() and args.playouts > 0)
    try:
        if client is not None:
            from functools import partial

            from ..survey.cluster import playout_metrics
            result = compare(args.games, args.playouts, args.seed, agents, progress=bar,
                             measure=partial(playout_metrics, client))
        else:
            result = compare(args.games, args.playouts, args.seed, agents, args.jobs, progress=bar)
    finally:
        bar.close()
        if client is not None:
            client.close()
    return _show_comparison(args, result)


def _check_plot(args: argparse.Namespace) -> None:
    if args.plot and not args.plot.lower().endswith((".png", ".svg")):
        raise UsageError(f"--plot needs a .png or .svg file name, not {args.plot!r}")
    if args.plot:
        from .outputs import inputs_of, output_path
        output_path(args.plot, "plot", inputs_of(args))  # checked before the games are played
        from ..concept.plot import PlotUnavailable
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise UsageError(str(PlotUnavailable("plots need matplotlib: pip install "
                                                 "'ludeme-interpreter[plot]'"))) from None


def _show_comparison(args: argparse.Namespace, result) -> int:
    from ..concept.report import render
    shown = result.differences() if args.differences else result
    sys.stdout.write(render(shown, args.format))
    if args.plot:
        from ..concept.plot import plot
        try:
            path = plot(result, args.plot)
        except OSError as err:
            raise UsageError(f"cannot write the plot {args.plot}: {err.strerror or err}") from None
        print(f"plot written to {path}", file=sys.stderr)
    return EXIT_OK


def _compare_from(args: argparse.Namespace) -> int:
    """``compare --from TABLE``: the games of a survey table, compared without playing again."""
    from ..concept.comparison import table
    from ..survey.plan import SurveyError
    from ..survey.table import game_concepts, label, read_table
    given = [name for name, value in (("--playouts", args.playouts), ("--seed", args.seed), ("--agents", args.agents),
                                      ("--cluster", args.cluster)) if value] + (["--jobs"] if args.jobs != 1 else [])
    given += [f"--p{p}" for p in range(1, MAX_PLAYERS + 1) if getattr(args, f"p{p}", None)]
    if given:
        raise UsageError(f"--from reads the playouts' figures from the table: leave out {', '.join(given)}")
    _check_plot(args)
    try:
        rows = read_table(args.from_table)
    except SurveyError as err:
        raise UsageError(str(err)) from None
    if args.games:
        wanted = set(args.games)
        unknown = [g for g in args.games if not any(g in (label(r), r.get("game"), r.get("name")) for r in rows)]
        if unknown:
            raise UsageError(f"{args.from_table} has no row for {unknown[0]!r} (rows are named as "
                             f"'ludeme compare' names games: {label(rows[0]) if rows else 'none'}...)")
        rank = {g: i for i, g in reversed(list(enumerate(args.games)))}
        chosen = [r for r in rows if wanted & {label(r), r.get("game"), r.get("name")}]
        # in the order the games are named (as compare puts them), a name's rows in the table's order
        rows = sorted(chosen, key=lambda r: min(rank[n] for n in (label(r), r.get("game"), r.get("name"))
                                                if n in rank))
    items = [c for c in (game_concepts(r) for r in rows) if c is not None]
    left_out = len(rows) - len(items)
    if left_out:
        print(f"{left_out} row{'s' if left_out != 1 else ''} of {args.from_table} left out: "
              "their games did not load", file=sys.stderr)
    if not items:
        raise UsageError(f"no game of {args.from_table} loaded: nothing to compare")
    return _show_comparison(args, table(items))


def add_commands(command, game_args, agent_args, positive_int) -> None:
    """Declare ``concepts`` and ``compare`` with the parser's helpers."""
    from ..concept.report import FORMATS
    from .survey import cluster_arg

    def common(p: argparse.ArgumentParser, default_playouts: int) -> None:
        p.add_argument("--playouts", "-n", type=_count, default=default_playouts, metavar="N",
                       help=f"games to play for the playout metrics (default {default_playouts}; 0: none)")
        p.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (default 0)")
        p.add_argument("--jobs", "-j", type=jobs_argument, default=1, metavar="J",
                       help=f"processes that play the games (the numbers do not depend on it; at most "
                            f"{max_jobs()} here: twice the cores)")
        p.add_argument("--format", "-f", choices=FORMATS, default="table", help="output format (default table)")
        agent_args(p)

    p = command("concepts", cmd_concepts, "show the concepts a game's rules use (and how it plays)",
                "Show a game's compilation concepts (Ludii's names, ids and taxonomy: what its rules\n"
                "use), its numbers (players, sites, rows...), and with --playouts N the playout metrics\n"
                "(length, branching factor, P1 advantage, balance, draws...) of N seeded games.")
    game_args(p)
    common(p, 0)

    p = command("compare", cmd_compare, "compare games by their concepts and playout metrics",
                "Compare games: one table with the games as columns and the concepts as rows (by\n"
                "taxonomy), then the distances between games. A game with options is written\n"
                "NAME:Label/Item,Label/Item, e.g. \"pente:Players/4,Team Mode/Enabled\"; a ruleset is\n"
                "named among them as Ludii names it: \"Game.lud:Ruleset/Standard (Described)\".\n"
                "--plot draws the concept matrix and a dendrogram of the games (needs matplotlib).\n"
                "--from TABLE compares the games of a survey table (ludeme survey) without playing.")
    p.add_argument("games", nargs="*", metavar="GAME",
                   help="bundled names or .lud files, with :options (with --from: rows of the table)")
    defines_arg(p)
    common(p, 0)
    p.add_argument("--from", dest="from_table", metavar="TABLE", default=None,
                   help="compare the games of a survey table (ludeme survey) instead of playing them again")
    cluster_arg(p, "the playouts")
    p.add_argument("--differences", "-d", action="store_true", help="leave out the rows where all games agree")
    p.add_argument("--plot", metavar="FILE", help="draw the comparison into FILE (.png or .svg)")


_count = whole_number(0, 1_000_000)


__all__ = ["cmd_concepts", "cmd_compare", "add_commands"]
