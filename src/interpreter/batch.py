"""Random playouts of many games at once (numpy), for the descriptions whose rules it can read.

The generic engine plays one game at a time through closures, which is general but pays
Python's price per site and per move. Uniformly random games of the simplest placement games
can instead be played side by side as arrays: when the only move is placing the mover's piece
on any empty site, a uniformly random game is a uniformly random order of the sites, read
until an end rule holds. This module reads such descriptions from their bound ludemes and
plays thousands of them at once, one numpy step per ply for all games together.

What it reads (anything else: :func:`plan_for` returns None and says why in
:func:`unsupported_reason`, and callers use the generic engine):

- placements of the mover's piece, ``(move Add (to REGION [if:COND]) [(then EFFECTS)])``, in
  one play rule or in phases that follow each other unconditionally (``(nextPhase "Name")``),
  REGION ``(sites Empty)`` or a fixed region (``(sites Centre)``), COND known before play (True);
  each player owns one kind of piece (no neutral pieces or hands; teams win together); no meta rules; a
  start that only sets scores to 0;
- EFFECTS: ``custodial`` captures from the last move (a fixed length range, a between and a
  to condition, ``sameOwner``, the enclosed pieces removed or claimed by the mover), ``resolve
  Claims`` (claimed pieces removed, scoring for the claimer), in ``(and {...})``;
- end rules ``(if COND (result ROLE OUTCOME))``, also inside ``(forEach Player ...)``, with
  COND made of ``(is Line N [dirs] [exact:B])`` through the last move, ``(is Full)``,
  comparisons of scores and numbers, ``and``/``or``/``not``; ROLE ``Mover``, ``Next``,
  ``Prev``, ``Player``, ``All`` or ``Each``; OUTCOME ``Win``, ``Loss`` or ``Draw``, checked in
  order as the engine does;
- the engine's own endings: a player with no placement passes (a draw once all passed in a
  row), and the turn limit.

The simplest of these games (placements anywhere empty, no consequences, one phase) are played
as random orders of the sites read until an end rule holds (:meth:`BatchPlan.replay`); the
others draw each game's placement among its empty sites at every ply, and can record the games
(:meth:`BatchPlan.playouts` with ``record=True``). The tests replay the same orders, and the
recorded games, through the generic engine and get the same results; only the random numbers
differ from the generic random agent's.
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
    cond: Any = None  # kind "cond": (env, player) -> bool array over the active games
    each_player: bool = False  # inside (forEach Player ...): checked for every player


@dataclass
class Outcomes:
    """The results of a batch: per game its length in plies, which players won (a boolean
    row per game, column 0 unused), whether it is a draw, and how it ended."""

    plies: np.ndarray  # (games,) plies played, passes included
    winners: np.ndarray  # (games, players + 1) bool
    draw: np.ndarray  # (games,) bool
    termination: np.ndarray  # (games,) index into TERMINATIONS
    legal: np.ndarray  # (games,) legal moves summed over the game's decisions (branching)
    moves: Any = None  # with record=True: per game, the sites placed in turn (-1: a pass)

    TERMINATIONS = tuple(Termination)

    def __len__(self) -> int:
        return len(self.plies)


@dataclass(frozen=True)
class _Phase:
    """A phase's placements: where (None: any empty site), what follows them, the next phase."""

    region: Any  # None for (sites Empty), else an array of sites
    effects: tuple  # ("custodial", _Capture) / ("resolve", scoring) in order
    next: int  # the phase after a move in this one


@dataclass(frozen=True)
class _Capture:
    """A custodial capture from the last placement, read from its ludemes."""

    rays: Any  # (sites + 1, directions, hi + 1): the sites along each ray, sentinel-padded
    lo: int
    hi: int
    between: Any  # (env, sites array) -> bool array
    to: Any  # (env, sites array) -> bool array
    same_owner: bool
    claim: bool  # claimed by the mover (scored by resolve Claims) or removed at once


class _Env:
    """What the vectorised conditions read: the board, scores and mover of the active games."""

    __slots__ = ("board", "base", "width", "mover", "scores", "filled", "last", "n", "player")


class BatchPlan:
    """A game's rules in the form the batch plays: see the module docs."""

    def __init__(self, game: Game, rules: list[_Rule], phases: Optional[list[_Phase]] = None):
        self.game = game
        self.n = game.topology.n
        self.players = game.num_players
        self.rules = rules
        self.phases = phases or [_Phase(None, (), 0)]
        # friends[mover][owner]: the same player or teammates
        self.friends = np.array([[game.friends(a, b) for b in range(self.players + 1)]
                                 for a in range(self.players + 1)])
        # random orders of the sites suffice: placements anywhere empty, nothing else changes
        self.simple = (len(self.phases) == 1 and self.phases[0].region is None and not self.phases[0].effects
                       and all(r.kind in ("line", "full") for r in rules))

    def playouts(self, count: int, seed: int = 0, record: bool = False) -> Outcomes:
        """``count`` uniformly random games; the same seed gives the same games. With
        ``record``, the outcomes' ``moves`` hold each game's placements (-1 for a pass)."""
        rng = np.random.default_rng(seed)
        chunk = max(1, min(count, CHUNK_CELLS // max(1, self.n)))
        parts = []
        done = 0
        while done < count:
            size = min(chunk, count - done)
            if self.simple:
                orders = rng.random((size, self.n)).argsort(axis=1)
                part = self.replay(orders)
                if record:
                    part.moves = orders
            else:
                part = self._play(size, rng, record)
            parts.append(part)
            done += size
        out = Outcomes(*(np.concatenate([getattr(p, f) for p in parts])
                         for f in ("plies", "winners", "draw", "termination", "legal")))
        if record:
            out.moves = [row for p in parts for row in p.moves]
        return out

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

    def _play(self, games: int, rng: np.random.Generator, record: bool) -> Outcomes:
        """Random games with consequences (captures, scores) or phases: each game draws its
        placement among its empty sites at every ply."""
        n, players = self.n, self.players
        limit = self.game.turn_limit
        width = n + 1
        board = np.zeros(games * width, dtype=np.int8)
        scores = np.zeros((games, players + 1), dtype=np.int64)
        filled = np.zeros(games, dtype=np.int64)
        last = np.full(games, n, dtype=np.intp)  # the last placement (n: none yet)
        passes = np.zeros(games, dtype=np.int64)
        plies = np.zeros(games, dtype=np.int64)
        legal = np.zeros(games, dtype=np.int64)
        winners = np.zeros((games, players + 1), dtype=bool)
        draw = np.zeros(games, dtype=bool)
        termination = np.zeros(games, dtype=np.int8)
        history = np.full((games, limit), -2, dtype=np.int32) if record else None
        terms = Outcomes.TERMINATIONS
        active = np.arange(games)
        env = _Env()
        env.n, env.width = n, width
        phase = 0
        t = 0
        while len(active) and t < limit:
            mover = t % players + 1
            spec = self.phases[phase]
            count = len(active)
            base = active * width
            # the placement: a uniformly random empty site of the region, or a pass
            region = spec.region
            if region is None:
                free = n - filled[active]
                sites = self._draw_empty(board, base, rng, np.arange(n), free)
            else:
                empty = board[base[:, None] + region[None, :]] == 0
                free = empty.sum(axis=1)
                sites = self._draw_empty(board, base, rng, region, free)
            legal[active] += np.maximum(free, 1)
            placing = free > 0
            if record:
                history[active, t] = np.where(placing, sites, -1)
            pl_games = active[placing]
            pl_sites = sites[placing]
            board[pl_games * width + pl_sites] = mover
            filled[pl_games] += 1
            last[pl_games] = pl_sites
            passes[active] = np.where(placing, 0, passes[active] + 1)
            if spec.effects and len(pl_games):
                self._effects(spec.effects, board, scores, filled, pl_games, pl_sites, mover, env)
            # the end rules, as the engine checks them after every move
            env.board, env.base, env.mover = board, base, mover
            env.scores, env.filled, env.last = scores[active], filled[active], last[active]
            ended = np.zeros(count, dtype=bool)
            for rule in self.rules:
                if rule.each_player:  # every player for whom it holds gets the result together
                    hits = []
                    for player in range(1, players + 1):
                        env.player = player
                        hits.append(self._holds(rule, env, count))
                    fires = np.logical_or.reduce(hits) & ~ended
                    if fires.any():
                        for player, hit in enumerate(hits, 1):
                            which = active[hit & fires]
                            if len(which):
                                self._outcome(rule, mover, which, winners, draw, player)
                else:
                    env.player = 0
                    fires = self._holds(rule, env, count) & ~ended
                    if fires.any():
                        self._outcome(rule, mover, active[fires], winners, draw)
                if fires.any():
                    termination[active[fires]] = terms.index(rule.termination)
                ended |= fires
            all_passed = ~ended & (passes[active] >= players)
            if all_passed.any():
                which = active[all_passed]
                draw[which] = True
                termination[which] = terms.index(Termination.PASSES)
                ended |= all_passed
            t += 1
            if t >= limit:
                still = active[~ended]
                draw[still] = True
                termination[still] = terms.index(Termination.TURN_LIMIT)
                ended[:] = True
            plies[active[ended]] = t
            active = active[~ended]
            phase = spec.next
        out = Outcomes(plies, winners, draw, termination, legal)
        if record:
            out.moves = [row[row > -2].tolist() for row in history]
        return out

    @staticmethod
    def _draw_empty(board, base, rng, region, free):
        """Per game, a uniformly random empty site of ``region`` (any site where none is free):
        random draws, drawn again where the site is taken."""
        size = len(region)
        count = len(base)
        sites = region[rng.integers(0, size, count)]
        todo = np.flatnonzero((board[base + sites] != 0) & (free > 0))
        rounds = 0
        while len(todo):
            rounds += 1
            if rounds > 40:  # nearly full regions: choose among the empty sites directly
                for i in todo:
                    empty = region[board[base[i] + region] == 0]
                    sites[i] = empty[rng.integers(0, len(empty))]
                break
            sites[todo] = region[rng.integers(0, size, len(todo))]
            todo = todo[board[base[todo] + sites[todo]] != 0]
        return sites

    def _effects(self, effects, board, scores, filled, games, sites, mover, env) -> None:
        """A placement's consequences for the games that placed (``sites``: where)."""
        width = env.width
        claims = None
        env.board, env.base, env.mover = board, games * width, mover
        for kind, spec in effects:
            if kind == "resolve":
                if claims is not None:
                    flat = np.unique(claims[0] * width + claims[1])
                    if spec:  # each claimed piece scores one for the mover, unless it is
                        owners = board[flat]  # theirs or a teammate's
                        gain = flat[(owners != 0) & ~self.friends[mover][owners]]
                        np.add.at(scores, (gain // width, mover), 1)
                    self._clear(board, filled, flat // width, flat % width, width)
                    claims = None
                continue
            cap: _Capture = spec
            rays = cap.rays[sites]  # (games, dirs, hi + 1)
            valid = rays < env.n
            ok = cap.between(env, rays) & valid
            ok[:, :, -1] = False  # the walk stops after hi + 1 sites (too long already)
            run = ok.argmin(axis=2)  # enclosed sites before the first that fails
            closer = np.take_along_axis(rays, run[:, :, None], axis=2)[:, :, 0]
            hit = (run >= cap.lo) & (run <= cap.hi) & (closer < env.n)
            hit &= cap.to(env, closer)
            k = np.arange(rays.shape[2])
            inside = (k[None, None, :] < run[:, :, None]) & hit[:, :, None]
            if cap.same_owner:
                owners = board[(games * width)[:, None, None] + rays]
                first = owners[:, :, :1]
                hit &= ~((owners != first) & inside).any(axis=2)
                inside &= hit[:, :, None]
            g, d, j = np.nonzero(inside)
            if not len(g):
                continue
            taken_games, taken_sites = games[g], rays[g, d, j]
            if cap.claim:
                if claims is None:
                    claims = (taken_games, taken_sites)
                else:
                    claims = (np.concatenate([claims[0], taken_games]), np.concatenate([claims[1], taken_sites]))
            else:
                self._clear(board, filled, taken_games, taken_sites, width)

    @staticmethod
    def _clear(board, filled, games, sites, width) -> None:
        flat = np.unique(games * width + sites)
        flat = flat[board[flat] != 0]
        board[flat] = 0
        np.subtract.at(filled, flat // width, 1)

    def _holds(self, rule: _Rule, env: "_Env", count: int) -> np.ndarray:
        if rule.kind == "cond":
            return np.broadcast_to(rule.cond(env), (count,))
        if rule.kind == "full":
            return env.filled == self.n
        return _line_through(rule, env, env.last, count)

    def _outcome(self, rule: _Rule, mover: int, which: np.ndarray, winners: np.ndarray,
                 draw: np.ndarray, player: int = 0) -> None:
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
               "Prev": (mover - 2) % players + 1, "Player": player}[rule.role]
        if rule.outcome == "Win":
            winners[np.ix_(which, self.game.team(who))] = True  # a player's win is their team's
        else:
            others = [q for q in range(1, players + 1) if q != who]
            if others:
                winners[np.ix_(which, others)] = True
            else:
                draw[which] = True


def _line_through(rule: _Rule, env: "_Env", sites: np.ndarray, count: int) -> np.ndarray:
    """(is Line N) through ``sites`` (n: none), for the active games."""
    owner = env.board[env.base + sites]  # the line's owner: the piece on the site
    rays = rule.rays[sites]
    same = env.board[env.base[:, None, None, None] + rays] == owner[:, None, None, None]
    run = same.argmin(axis=3).sum(axis=2) + 1
    holds = ((run == rule.length) if rule.exact else (run >= rule.length)).any(axis=1)
    return holds & (owner != 0)


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


def _need(ok: Any, why: str) -> None:
    if not ok:
        raise _Unsupported(why)


def _items(value: Any) -> list:
    from .ludemes.base import BoundArray
    return list(value.items) if isinstance(value, BoundArray) else [value]


def _read(game: Game) -> BatchPlan:
    from .bind import bind
    from .compile.compiler import Compiler
    from .ludemes.effects import SetScore
    from .ludemes.structure import GameLudeme

    need = _need
    expanded = game.info.description
    need(expanded is not None and hasattr(expanded, "game"), "no description to read")
    bound = bind(expanded.game)
    need(isinstance(bound, GameLudeme), "no description to read")
    rules = bound.rules
    equipment = bound.equipment
    players = game.num_players
    need(rules.meta is None, "meta rules")
    c = Compiler(game)
    if rules.start is not None:
        for item in _items(rules.start.items):
            need(isinstance(item, SetScore) and _constant_int(c, item.amount) == 0,
                 "start rules other than scores set to 0")
    need(not equipment.others and not equipment.regions, "equipment other than a board, pieces and teams")
    need(not game.ranked, "more than two players (Ludii's ranking: the others play on after a result)")
    need(not game.arrays and not game.meta_moves, "state arrays or meta moves")
    owners = sorted(comp.owner for comp in game.components[1:])
    need(owners == list(range(1, players + 1)), "not one kind of piece per player")
    if rules.play is not None:
        plays = [(rules.play.moves, 0)]
    else:
        listed = rules.phase_list()
        names = [p.title for p in listed]
        plays = []
        for index, p in enumerate(listed):
            nexts = p.next_phases()
            need(all(x.condition is None for x in nexts), "a phase left on a condition")
            plays.append((p.play.moves, names.index(nexts[0].target) if nexts else index))
    phases = [_read_placement(c, moves, nxt) for moves, nxt in plays]
    need(rules.end is not None, "no end rules")
    read = [_read_end_rule(c, item) for item in _items(rules.end.rules) if not _never_holds(c, item)]
    teams = any(game.team_of[p] != p for p in range(players + 1))
    need(not teams or all(r.outcome != "Loss" for r in read), "a loss with teams")
    return BatchPlan(game, read, phases)


def _constant_int(c, node) -> Optional[int]:
    from .engine.values import constant
    from .syntax.nodes import Int
    if isinstance(node, Int):
        return node.value
    try:
        value = constant(c.int(node))
    except Exception:
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _constant_bool(c, node) -> Optional[bool]:
    from .engine.values import constant
    from .syntax.nodes import Bool
    if isinstance(node, Bool):
        return node.value
    try:
        value = constant(c.bool(node))
    except Exception:
        return None
    return value if isinstance(value, bool) else None


def _read_placement(c, add, nxt: int) -> _Phase:
    from .ludemes.moves import MoveAdd
    from .ludemes.regions import SitesEmpty
    need = _need
    need(isinstance(add, MoveAdd) and add.piece is None, "a play rule that is not a (move Add (to ...))")
    to = add.to
    need(to.sites is not None, "a placement without a region")
    need(to.condition is None or _constant_bool(c, to.condition) is True,
         "placements on (sites Empty) with a condition")
    region = None
    if not isinstance(to.sites, SitesEmpty):
        try:
            sites = tuple(c.region(to.sites)(None))
        except Exception:
            raise _Unsupported("placements on a region that changes in play") from None
        region = np.array(sorted(set(sites)), dtype=np.intp)
        need(len(region), "placements on a region without sites (the engine passes)")
    effects: list = []
    if add.then is not None:
        for item in _items(add.then.effects):
            effects.extend(_read_effect(c, item))
    return _Phase(region, tuple(effects), nxt)


def _read_effect(c, node) -> list:
    from .ludemes.effects import Apply, Claim, Custodial, Remove, ResolveClaims
    from .ludemes.functions import Between, LastTo
    from .ludemes.logic import And
    need = _need
    if isinstance(node, And):
        return [e for item in node.items.items for e in _read_effect(c, item)]
    if isinstance(node, ResolveClaims):
        return [("resolve", _constant_bool(c, node.score) is not False if node.score is not None else True)]
    need(isinstance(node, Custodial) and node.then is None, "consequences other than custodial captures")
    frm = node.source
    need(frm is None or (isinstance(frm.sites, LastTo) and frm.condition is None) or frm.sites is None,
         "a custodial capture from elsewhere than the last move")
    between = node.between
    lo, hi = (1, 1 << 30) if between.length is None else between.length.bounds(c)
    n = c.topo.n
    hi = min(hi, n)
    apply = between.apply
    need(apply is not None and isinstance(apply, Apply), "a custodial capture without (apply ...)")
    effect = apply.effect
    if isinstance(effect, Claim):
        need(isinstance(effect.sites, Between) and getattr(effect.by, "name", "") == "Mover",
             "a claim other than (claim (between) by:Mover)")
        claim = True
    else:
        need(isinstance(effect, Remove) and isinstance(effect.sites, Between), "a capture other than a removal")
        claim = False
    dirs = c.directions(node.directions, "All")
    rays_at = c.topo.rays_for(dirs)
    width = max((len(r) for r in rays_at), default=0)
    rays = np.full((n + 1, max(width, 1), hi + 2), n, dtype=np.intp)
    for site, site_rays in enumerate(rays_at):
        for d, ray in enumerate(site_rays):
            rays[site, d, :min(len(ray), hi + 1)] = ray[:hi + 1]
    between_cond = _site_condition(c, between.condition) if between.condition is not None else None
    to_cond = _site_condition(c, node.to.condition) if node.to.condition is not None else None
    same = between.sameOwner is not None and between.sameOwner.value
    true = lambda env, x: True  # noqa: E731
    return [("custodial", _Capture(rays, lo, hi, between_cond or true, to_cond or true, same, claim))]


def _at(env, sites):
    """The board's value at ``sites`` (an array with one row per active game)."""
    base = env.base.reshape((-1,) + (1,) * (np.ndim(sites) - 1))
    return env.board[base + sites]


def _site_condition(c, node):
    """A condition over sites, vectorised: (env, sites) -> bool array (or a bool)."""
    from .ludemes.conditions import IsEmpty, IsFull, IsLine, IsOccupied, _PlayerTest
    from .ludemes.functions import Between, LastTo, Score, To, Who
    from .ludemes.logic import And, Not, Or, _Compare
    game = c.game
    n = c.topo.n
    fixed = _constant_bool(c, node)
    if fixed is not None:
        return lambda env, x: fixed

    def site_of(value):
        if isinstance(value, (Between, To)) and getattr(value, "sites", None) is None \
                and getattr(value, "condition", None) is None:
            return lambda env, x: x
        if isinstance(value, LastTo):
            return lambda env, x: env.last
        raise _Unsupported("a site other than (between), (to) or (last To)")

    def player_of(value):
        name = getattr(value, "name", "")
        if name == "Mover":
            return lambda env: env.mover
        if name == "Player":
            return lambda env: env.player
        if name == "Next":
            return lambda env: game.next_of(env.mover)
        if name == "Prev":
            return lambda env: game.prev_of(env.mover)
        if name.startswith("P") and name[1:].isdigit():
            number = int(name[1:])
            return lambda env: number
        raise _Unsupported(f"a player {name or value!r}")

    def number(value):
        fixed = _constant_int(c, value)
        if fixed is not None:
            return lambda env, x: fixed
        if isinstance(value, Score):
            who = player_of(value.role)
            return lambda env, x: env.scores[:, who(env)]
        if getattr(value, "name", "") == "count Active" and not game.ranked:
            return lambda env, x: game.num_players  # every player plays until a two-player game ends
        raise _Unsupported("a number other than a score or a constant")

    if isinstance(node, (And, Or)):
        parts = [_site_condition(c, item) for item in node.items.items]
        join = np.logical_and if isinstance(node, And) else np.logical_or

        def combined(env, x):
            out = parts[0](env, x)
            for part in parts[1:]:
                out = join(out, part(env, x))
            return out
        return combined
    if isinstance(node, Not):
        inner = _site_condition(c, node.condition)
        return lambda env, x: np.logical_not(inner(env, x))
    if isinstance(node, IsOccupied):
        where = site_of(node.site)
        return lambda env, x: _at(env, where(env, x)) != 0
    if isinstance(node, IsEmpty):
        where = site_of(node.site)
        return lambda env, x: (_at(env, (w := where(env, x))) == 0) & (w < n)
    if isinstance(node, _PlayerTest):
        need_who = isinstance(node.player, Who)
        _need(need_who, "a player test other than of (who at:SITE)")
        where = site_of(node.player.at)
        related = node.relation(game)
        table = np.array([[bool(related(q, m)) if m else False for m in range(game.num_players + 1)]
                          for q in range(game.num_players + 1)])
        return lambda env, x: table[_at(env, where(env, x)), env.mover]
    if isinstance(node, _Compare):
        left, right = number(node.left), number(node.right)
        op = node.op
        return lambda env, x: op(left(env, x), right(env, x))
    if isinstance(node, IsFull):
        return lambda env, x: env.filled == n
    if isinstance(node, IsLine):
        rule = _line_rule(c, node, "Mover", "Win")
        return lambda env, x: _line_through(rule, env, env.last, len(env.last))
    raise _Unsupported(f"a condition ({getattr(node, 'name', node)} ...)")


def _line_rule(c, cond, role: str, outcome: str) -> _Rule:
    from .syntax.nodes import Bool
    _need(cond.through is None and cond.who is None, "a line through another site than the last move")
    length = _constant_int(c, cond.length)
    _need(length is not None and length >= 1, "a line length that is not a number")
    _need(cond.exact is None or isinstance(cond.exact, Bool), "exact: that is not true or false")
    exact = cond.exact is not None and cond.exact.value
    n = c.topo.n
    axes_at = c.topo.axes_for(c.directions(cond.directions, "All"))
    longest = max((len(fwd) + len(back) + 1 for site_axes in axes_at for fwd, back in site_axes), default=1)
    _need(length <= longest, "a line longer than any on the board (the engine says it never holds)")
    reach = length if exact else length - 1  # sites to look at on each side
    axes = max((len(a) for a in axes_at), default=0)
    rays = np.full((n + 1, max(axes, 1), 2, reach + 1), n, dtype=np.intp)
    for site, site_axes in enumerate(axes_at):
        for x, (fwd, back) in enumerate(site_axes):
            rays[site, x, 0, :min(reach, len(fwd))] = fwd[:reach]
            rays[site, x, 1, :min(reach, len(back))] = back[:reach]
    return _Rule("line", role, outcome, length, exact, rays, Termination.LINE)


def _never_holds(c, item) -> bool:
    """An end rule ``(if COND ...)`` whose condition is known false before play (e.g. Pente's
    ``(< (count Active) (count Players))`` in a game of two players or of teams)."""
    from .engine.values import constant
    condition = getattr(item, "condition", None)
    if condition is None:
        return False
    try:
        return constant(c.bool(condition)) is False
    except Exception:
        return False


def _read_end_rule(c, item) -> _Rule:
    from .ludemes.conditions import IsFull, IsLine
    from .ludemes.effects import ForEachPlayer
    from .ludemes.logic import If
    from .ludemes.structure import ResultLudeme
    each = isinstance(item, ForEachPlayer)
    rule = item.rule if each else item
    _need(isinstance(rule, If) and rule.else_branch is None and isinstance(rule.then_branch, ResultLudeme),
          "an end rule that is not (if COND (result ...))")
    result = rule.then_branch
    role, outcome = result.role.name, result.outcome.name
    allowed = ("Player",) if each else ("Mover", "Next", "Prev", "All", "Each")
    _need(role in allowed and not (each and outcome == "Loss"), f"a result for {role}")
    termination = next((node.termination for node in item.walk() if node.termination is not None),
                       Termination.RULE)
    cond = rule.condition
    if not each and isinstance(cond, IsFull):
        return _Rule("full", role, outcome, termination=termination)
    if not each and isinstance(cond, IsLine):
        line = _line_rule(c, cond, role, outcome)
        return _Rule("line", role, outcome, line.length, line.exact, line.rays, termination)
    test = _site_condition(c, cond)
    return _Rule("cond", role, outcome, termination=termination, cond=lambda env: test(env, None),
                 each_player=each)


__all__ = ["BatchPlan", "Outcomes", "plan_for", "unsupported_reason", "summary"]
