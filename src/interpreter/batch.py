"""Random playouts of many games at once (numpy), for the descriptions whose rules it can read.

The generic engine plays one game at a time through closures, which is general but pays
Python's price per site and per move. Uniformly random games of the simplest placement games
can instead be played side by side as arrays: when the only move is placing the mover's piece
on any empty site, a uniformly random game is a uniformly random order of the sites, read
until an end rule holds. This module reads such descriptions from their bound ludemes and
plays thousands of them at once, one numpy step per ply for all games together.

What it reads (anything else: :func:`plan_for` returns None and says why in
:func:`unsupported_reason`, and callers use the generic engine):

- ``(play (move Add (to (sites Empty))))``: one play rule, no phases, no ``then``, no
  condition, each player owning one kind of piece (no neutral pieces, hands or teams), no
  start, meta or equipment other than the board and the pieces;
- end rules ``(if COND (result ROLE OUTCOME))`` with COND one of ``(is Line N [dirs]
  [exact:B])`` through the last move and ``(is Full)``, ROLE ``Mover``, ``Next``, ``Prev``,
  ``All`` or ``Each``, OUTCOME ``Win``, ``Loss`` or ``Draw``, checked in order as the engine does;
- the engine's own endings: a full board makes every player pass (a draw once all passed),
  and the turn limit.

The outcome of every game is the engine's for the same order of sites (the tests replay the
same orders through both); only the random numbers differ from the generic random agent's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

import numpy as np

from .engine.game import Game
from .engine.result import Termination

CHUNK_CELLS = 1 << 20  # games played side by side: about this many sites in all


@dataclass(frozen=True)
class _Rule:
    """One end rule: a condition (line through the last placement, or a full board) and the
    outcome it gives, read from the ludemes."""

    kind: str  # "line" or "full"
    role: str  # Mover, Next, Prev, All, Each
    outcome: str  # Win, Loss, Draw
    length: int = 0
    exact: bool = False
    rays: Any = None  # (sites, axes, 2, K + 1) site indices, padded with the off-board sentinel
    termination: Termination = Termination.RULE


@dataclass
class Outcomes:
    """The results of a batch: per game its length in plies, which players won (a boolean
    row per game, column 0 unused), whether it is a draw, and how it ended."""

    plies: np.ndarray  # (games,) plies played, passes included
    winners: np.ndarray  # (games, players + 1) bool
    draw: np.ndarray  # (games,) bool
    termination: np.ndarray  # (games,) index into TERMINATIONS
    legal: np.ndarray  # (games,) legal moves summed over the game's decisions (branching)

    TERMINATIONS = (Termination.RULE, Termination.LINE, Termination.PASSES, Termination.TURN_LIMIT)

    def __len__(self) -> int:
        return len(self.plies)


class BatchPlan:
    """A game's rules in the form the batch plays: see the module docs."""

    def __init__(self, game: Game, rules: list[_Rule]):
        self.game = game
        self.n = game.topology.n
        self.players = game.num_players
        self.rules = rules

    def playouts(self, count: int, seed: int = 0) -> Outcomes:
        """``count`` uniformly random games; the same seed gives the same games."""
        rng = np.random.default_rng(seed)
        chunk = max(1, min(count, CHUNK_CELLS // max(1, self.n)))
        parts = []
        done = 0
        while done < count:
            size = min(chunk, count - done)
            orders = rng.random((size, self.n)).argsort(axis=1)
            parts.append(self.replay(orders))
            done += size
        return Outcomes(*(np.concatenate([getattr(p, f) for p in parts])
                          for f in ("plies", "winners", "draw", "termination", "legal")))

    def replay(self, orders: np.ndarray) -> Outcomes:
        """Play games whose placements follow ``orders`` (one row of distinct sites per game,
        each a permutation of the sites) until each ends, as the engine would."""
        orders = np.asarray(orders, dtype=np.intp)
        games, n, players = orders.shape[0], self.n, self.players
        limit = self.game.turn_limit
        width = n + 1  # one off-board sentinel column per game, always empty
        board = np.zeros(games * width, dtype=np.int8)
        plies = np.zeros(games, dtype=np.int64)
        winners = np.zeros((games, players + 1), dtype=bool)
        draw = np.zeros(games, dtype=bool)
        termination = np.zeros(games, dtype=np.int8)
        active = np.arange(games)
        terms = Outcomes.TERMINATIONS
        for t in range(min(n, limit)):
            if not len(active):
                break
            mover = t % players + 1
            sites = orders[active, t]
            base = active * width
            board[base + sites] = mover
            ended = np.zeros(len(active), dtype=bool)
            for rule in self.rules:
                if rule.kind == "full":
                    holds = np.full(len(active), t == n - 1)
                else:
                    rays = rule.rays[sites]  # (games, axes, 2, K + 1)
                    same = board[base[:, None, None, None] + rays] == mover
                    run = same.argmin(axis=3).sum(axis=2) + 1  # the line through the site, per axis
                    holds = ((run == rule.length) if rule.exact else (run >= rule.length)).any(axis=1)
                fires = holds & ~ended
                if fires.any():
                    which = active[fires]
                    self._outcome(rule, mover, which, winners, draw)
                    termination[which] = terms.index(rule.termination)
                    ended |= fires
            plies[active[ended]] = t + 1
            if t + 1 >= limit:  # the turn limit, once no rule ended the game
                still = active[~ended]
                plies[still] = t + 1
                draw[still] = True
                termination[still] = terms.index(Termination.TURN_LIMIT)
                ended[:] = True
            active = active[~ended]
        if len(active):  # full boards: every player passes, a draw (or the turn limit first)
            end = n + players
            by_limit = limit < end
            plies[active] = limit if by_limit else end
            draw[active] = True
            termination[active] = terms.index(Termination.TURN_LIMIT if by_limit else Termination.PASSES)
        # legal moves per decision: n - t empty sites before placement t, one (a pass) after
        placements = np.minimum(plies, n)
        legal = placements * n - placements * (placements - 1) // 2 + (plies - placements)
        return Outcomes(plies, winners, draw, termination, legal)

    def _outcome(self, rule: _Rule, mover: int, which: np.ndarray, winners: np.ndarray,
                 draw: np.ndarray) -> None:
        players = self.players
        if rule.outcome == "Draw":
            draw[which] = True
            return
        if rule.role in ("All", "Each"):
            if rule.outcome == "Win":
                winners[which, 1:] = True
            else:
                draw[which] = True  # everyone loses: nobody wins
            return
        who = {"Mover": mover, "Next": mover % players + 1,
               "Prev": (mover - 2) % players + 1}[rule.role]
        if rule.outcome == "Win":
            winners[which, who] = True
        else:
            others = [q for q in range(1, players + 1) if q != who]
            if others:
                winners[np.ix_(which, others)] = True
            else:
                draw[which] = True


def summary(outcomes: Outcomes, players: int) -> dict[str, Any]:
    """Wins per player, draws, draws by the turn limit, plies and legal moves in all."""
    turn_limit = Outcomes.TERMINATIONS.index(Termination.TURN_LIMIT)
    draws = outcomes.draw | ~outcomes.winners[:, 1:].any(axis=1)
    return {
        "wins": {p: int((outcomes.winners[:, p] & ~draws).sum()) for p in range(1, players + 1)},
        "draws": int(draws.sum()),
        "turn_limit_draws": int((draws & (outcomes.termination == turn_limit)).sum()),
        "plies": int(outcomes.plies.sum()),
        "legal": int(outcomes.legal.sum()),
    }


# --- reading a description -----------------------------------------------------------------------
class _Unsupported(Exception):
    pass


def unsupported_reason(game: Game) -> Optional[str]:
    """Why the batch cannot play ``game`` (None when it can)."""
    try:
        _read(game)
    except _Unsupported as e:
        return str(e)
    return None


def plan_for(game: Game) -> Optional[BatchPlan]:
    """The batch form of ``game``'s rules, or None when they use anything it does not read."""
    try:
        return _read(game)
    except _Unsupported:
        return None


def _read(game: Game) -> BatchPlan:
    from .bind import bind
    from .compile.compiler import Compiler
    from .ludemes.base import BoundArray
    from .ludemes.conditions import IsFull, IsLine
    from .ludemes.logic import If
    from .ludemes.moves import MoveAdd
    from .ludemes.regions import SitesEmpty
    from .ludemes.structure import ResultLudeme
    from .syntax.nodes import Bool, Int

    def need(ok: Any, why: str) -> None:
        if not ok:
            raise _Unsupported(why)

    expanded = game.info.description
    need(expanded is not None and hasattr(expanded, "game"), "no description to read")
    bound = bind(expanded.game)
    rules = bound.rules
    equipment = bound.equipment
    players = game.num_players
    need(rules.meta is None and rules.start is None, "meta or start rules")
    need(rules.play is not None, "phases")
    need(not equipment.others and not equipment.teams and not equipment.regions,
         "equipment other than a board and pieces")
    need(not game.arrays and not game.meta_moves, "state arrays or meta moves")
    owners = sorted(c.owner for c in game.components[1:])
    need(owners == list(range(1, players + 1)), "not one kind of piece per player")
    add = rules.play.moves
    need(isinstance(add, MoveAdd) and add.piece is None and add.then is None,
         "the play rule is not a plain (move Add (to ...))")
    to = add.to
    need(isinstance(to.sites, SitesEmpty) and to.condition is None,
         "placements are not on (sites Empty) without a condition")
    need(rules.end is not None, "no end rules")
    items = rules.end.rules
    items = list(items.items) if isinstance(items, BoundArray) else [items]
    c = Compiler(game)
    n = game.topology.n
    read: list[_Rule] = []
    for item in items:
        need(isinstance(item, If) and item.else_branch is None and isinstance(item.then_branch, ResultLudeme),
             "an end rule that is not (if COND (result ...))")
        result = item.then_branch
        role, outcome = result.role.name, result.outcome.name
        need(role in ("Mover", "Next", "Prev", "All", "Each"), f"a result for {role}")
        cond = item.condition
        if isinstance(cond, IsFull):
            read.append(_Rule("full", role, outcome, termination=Termination.RULE))
            continue
        need(isinstance(cond, IsLine) and cond.through is None and cond.who is None,
             "an end condition other than (is Line N) or (is Full)")
        need(isinstance(cond.length, Int) and cond.length.value >= 1, "a line length that is not a number")
        need(cond.exact is None or isinstance(cond.exact, Bool), "exact: that is not true or false")
        length = cond.length.value
        exact = cond.exact is not None and cond.exact.value
        axes_at = game.topology.axes_for(c.directions(cond.directions, "All"))
        reach = length if exact else length - 1  # sites to look at on each side
        axes = max((len(a) for a in axes_at), default=0)
        rays = np.full((n + 1, max(axes, 1), 2, reach + 1), n, dtype=np.intp)
        for site, site_axes in enumerate(axes_at):
            for x, (fwd, back) in enumerate(site_axes):
                rays[site, x, 0, :min(reach, len(fwd))] = fwd[:reach]
                rays[site, x, 1, :min(reach, len(back))] = back[:reach]
        read.append(_Rule("line", role, outcome, length, exact, rays, Termination.LINE))
    return BatchPlan(game, read)


__all__ = ["BatchPlan", "Outcomes", "plan_for", "unsupported_reason", "summary"]
