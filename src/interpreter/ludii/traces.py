"""Ludii's traces (random games Ludii played, ply by ply) replayed here: where our replay first
parts from Ludii's.

A trace (``../shared/ludii-traces/``, see its README) gives, for every ply, the mover, the legal
moves in Ludii's texts and the move played, then the result (``ludii_final``: Ludii's own summary
line, with the ranking). :func:`replay` plays Ludii's moves on one of our games and compares, at
every ply, the mover and the legal moves (as a multiset: Ludii lists every move its rules make),
then the end: over or not, the winners, the draw, and the ranking when Ludii's line gives one.

Ludii's texts of our moves (:func:`ludii_texts`) are the trace format's: a placement, a choice of
a site (a pit to sow from) and a removal read as the site's label, ``LABEL:PIECE`` (Ludii's name
of the piece placed; ``Disc`` for a choice or removal, which place none) when several of those
legal moves share a site; a move between sites (a copy too) ``FROM-TO``; ``pass``; a named
decision by its word; a simulation's one move (``(players 0)``) the names of its actions, in
order, joined by ``,_`` (``Add,_Add,_Remove``); a move to an element of another kind than the
board's as Ludii writes a typed site, its kind then its number (``Edge 12``; no trace has one
yet, so this is Ludii's turn format rather than a text seen in a trace).

Dice: Ludii's dice come from its own random numbers, which this engine does not reproduce, and a
trace keeps only the moves' texts. So where a ply rolls dice (while its legal moves are listed, or
while the move is played), the replay tries the chance outcomes (:func:`engine.dice.outcomes`, one
per set of values shown) and keeps those whose legal moves are Ludii's (or, for a roll made by the
move played, those after which Ludii's next ply follows): the dice Ludii's texts imply. Where
several fit, the first is followed and the others are tried if a later ply parts. A roll the legal
moves do not tell (every outcome fits) may leave the end undecided: when the replay reaches the end
and only the end differs after that, the end is not compared (the replay says so).

Other random numbers (``value Random``, ``sites Random``, a roll by the start rules) are compared
up to the first random event: the state's random sequence (the array ``rng``, :mod:`engine.dice`)
moving on other than by a roll inferred ends the comparison after that ply (or before the first,
when the start rules drew), as Ludii drew its own numbers there.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import dice, simulation
from ..engine.dice import RNG
from ..engine.move import ADD, CHOICE, MOVE, PASS, REMOVE

NO_PIECE = "Disc"  # the trace format's piece name for a move that places none (Ludii's)
_RANKING = re.compile(r"ranking=\[([^\]]*)\]")


def _site_move(move: Any, labels: tuple[str, ...]) -> bool:
    """A move the trace format writes as its site: a placement, a choice of a site (its word is
    the site's label, ``A1`` or ``A1/2``), a removal."""
    if move.kind is ADD:
        return move.frm < 0
    if move.kind is REMOVE:
        return move.to >= 0
    return (move.kind is CHOICE and 0 <= move.to < len(labels)  # a hand's site has no label
            and move.word.split("/")[0] == labels[move.to])


def _written_site(m: Any, labels: tuple[str, ...], n: int) -> int:
    """The board site the trace format writes a move as (a placement, a removal, a site chosen,
    a piece coming from a hand: its origin is off the board), or -1."""
    if 0 <= m.to < n and m.frm >= n and m.kind in (MOVE, CHOICE, ADD):  # ADD: a copy from a hand
        return m.to
    return m.to if _site_move(m, labels) and m.to < n else -1


def ludii_texts(state: Any, legal: Any) -> list[str]:
    """The trace format's texts of our legal moves (see the module's docs)."""
    game = state.game
    labels = game.topology.labels
    n = game.topology.n
    sites = [_written_site(m, labels, n) if not (m.on or m.frm_on) else -1 for m in legal]
    shared = Counter(s for s in sites if s >= 0)
    out = []
    for m, site in zip(legal, sites):
        if m.on or m.frm_on:  # an element of another kind than the board's: Ludii's typed site (Edge 12)
            out.append(m.text)
        elif game.simulation and m.kind is CHOICE:  # a simulation's step: its actions (Add,_Remove)
            out.append(",_".join(simulation.action_names(state)))
        elif m.kind is PASS:
            out.append("pass")  # whoever's (a named player's pass-P2), however many times listed
        elif m.to >= n and m.kind is not ADD:
            out.append("Move")  # to a hand: Ludii's texts have no label for it, only the action
        elif m.kind is MOVE and m.levels is not None:  # between stacks: the traces name no levels
            out.append(f"{labels[m.frm]}-{labels[m.to]}")
        elif site < 0:  # our second move of one text (A1-B2/2, other consequences): Ludii writes both alike
            out.append(m.text.rsplit("/", 1)[0] if "/" in m.word else m.text)
        elif shared[site] > 1:
            name = game.components[m.what].name if m.kind is ADD and m.what and m.frm < 0 else NO_PIECE
            out.append(f"{labels[site]}:{name}")
        else:
            out.append(labels[site])
    return out


@dataclass(frozen=True)
class Replay:
    """How a replay went: ``agree`` (to the end, or to the first random event: ``random``), or
    where it parted (``plies``: those that agreed, ``message``); ``rolls``: the plies whose dice
    were inferred."""

    agree: bool
    plies: int  # the plies compared
    message: str = ""
    random: bool = False  # stopped at the first random event, or the end not compared (the message says why)
    rolls: int = 0

    def __str__(self) -> str:
        if not self.agree:
            return self.message
        dice_ = f", {self.rolls} rolls inferred" if self.rolls else ""
        if self.message:
            return f"agree ({self.plies} plies{dice_}; {self.message})"
        return f"agree ({self.plies} plies{dice_}{', to the first random event' if self.random else ''})"


MAX_TRIES = 20_000  # plies replayed again while looking for Ludii's move or Ludii's dice
MAX_OUTCOMES = 4096  # chance outcomes tried at one ply, at most


@dataclass(frozen=True)
class _Branch:
    """One way of playing Ludii's ply: a legal move with Ludii's text, and the chance outcome
    (each die's face, see :func:`dice.given`) the ply's roll is given, None when it rolls none."""

    move: Any
    outcome: tuple[int, ...] | None = None


def replay(trace: dict, game: Any, texts: Callable[[Any, Any], list[str]] = ludii_texts,
           limit: int | None = None, tries: int = MAX_TRIES, verdict_only: bool = False) -> Replay:
    """Play ``trace``'s moves on ``game`` and compare (see the module's docs); ``limit``: compare
    only so many plies (the end is then not compared). Where several legal moves have the text of
    the move Ludii played (two ways of sowing from one pit), or several rolls of the dice give
    Ludii's legal moves, each is tried in turn: the replay goes back to the latest such ply when it
    parts from Ludii's (at most ``tries`` plies replayed again), and the one that went furthest
    says where it parts. ``verdict_only``: stop searching once the replay is known to agree, when
    it has reached the end with dice Ludii's legal moves did not all tell and only the end differs
    (searching on could only find a way that agrees at the end too: the verdict, agree, is the same;
    only the message would change)."""
    replayer = _Replayer(trace, game, texts, limit)
    replayer.max_tries = tries
    replayer.verdict_only = verdict_only
    return replayer.run()


def _distinct_outcomes(game: Any) -> list[tuple[int, ...]]:
    """The chance outcomes of a roll of all the game's dice, one per tuple of values shown (two
    faces with the same value make the same position), at most ``MAX_OUTCOMES``."""
    if not game.dice:
        return []
    faces = dice.all_faces(game.dice)
    seen: dict[tuple[int, ...], tuple[int, ...]] = {}
    for outcome in dice.outcomes(game.dice):
        seen.setdefault(tuple(f[i] for f, i in zip(faces, outcome)), outcome)
        if len(seen) >= MAX_OUTCOMES:
            break
    return list(seen.values())


class _Replayer:
    def __init__(self, trace: dict, game: Any, texts: Callable[[Any, Any], list[str]], limit: int | None):
        self.trace, self.texts = trace, texts
        self.max_tries = MAX_TRIES  # plies replayed again, at most, while searching
        self.verdict_only = False  # stop searching once the verdict is known (replay's verdict_only)
        self.plies = trace["plies"]
        self.count = len(self.plies) if limit is None else min(limit, len(self.plies))
        self.state = game.initial_state()
        self.outcomes = _distinct_outcomes(game)
        self.other_random = dice.advance in game.after_move  # random draws besides the dice
        self.others: list[list[_Branch]] = []  # per ply played: the other ways of playing it, untried
        self.rolled: list[bool] = []  # per ply played: whether its dice were inferred
        self.ambiguous = False  # some roll was not told by Ludii's legal moves alone
        rng = self.state.arrays.get(RNG)
        self.random_start = rng is not None and game.arrays[RNG] != tuple(rng)  # the start rules drew
        if self.random_start:
            self.count = 0
        # a game of simultaneous moves: Ludii's recorder applied each random move alone, whoever's
        # it was (not as a step of everyone's choices), so only its first ply, every player's
        # moves, compares
        self.simultaneous = bool(getattr(game, "simultaneous", False))
        if self.simultaneous:
            self.count = min(self.count, 1)

    def run(self) -> Replay:
        best: Replay | None = None
        tries = 0
        branch: _Branch | None = None
        rest: list[_Branch] = []
        while True:
            found = self.step(branch, rest)
            branch, rest = None, []
            if found is None:
                continue
            if found.agree:
                return found
            if best is None or found.plies > best.plies:
                best = found
            if self.verdict_only and self.unknown_dice(best).agree:
                return self.unknown_dice(best)  # searching on could only change the message
            while self.others and not self.others[-1]:  # back to the latest ply with another way
                self.others.pop()
                self.rolled.pop()
                self.state.undo()
            if not self.others or tries >= self.max_tries:
                return self.unknown_dice(best)
            tries += best.plies - len(self.others) + 1
            self.state.undo()
            rest = self.others.pop()
            self.rolled.pop()
            branch = rest.pop(0)

    def unknown_dice(self, best: Replay) -> Replay:
        """A replay that reached the end with dice Ludii's legal moves did not all tell (each
        roll that fitted tried, within the budget) and ended otherwise: the end is not compared."""
        if best.plies == self.count and best.message.startswith("end:") and self.ambiguous:
            return Replay(True, self.count, f"{best.message} (the dice Ludii rolled could not all be told "
                                            f"from its legal moves: the end is not compared)", random=True,
                          rolls=best.rolls)
        return best

    def step(self, branch: _Branch | None = None, rest: Sequence[_Branch] = ()) -> Replay | None:
        """Compare the next ply and play Ludii's move there (``branch``: that way of playing it,
        ``rest`` the ways left); None to go on, or how the replay ends."""
        state, plies = self.state, self.plies
        ply = len(self.others)
        if ply >= self.count:
            if self.count == len(plies):
                return self.end()
            return Replay(True, self.count, "the first ply (simultaneous moves)" if self.simultaneous else "",
                          random=self.random_start, rolls=sum(self.rolled))
        where = f"ply {ply}/{len(plies)}"
        if branch is None:
            step = plies[ply]
            if state.is_over():
                return self.differ(ply, f"{where}: our game is over ({state.result().reason}), Ludii's goes on")
            if state.mover != step["mover"]:
                return self.differ(ply, f"{where}: mover P{state.mover}, Ludii's P{step['mover']}")
            branches, why = self.branches(step)
            if not branches:
                return self.differ(ply, f"{where}: {why}")
            branch, rest = branches[0], branches[1:]
        rng = state.arrays.get(RNG)
        before = list(rng) if rng is not None else None
        if branch.outcome is None:
            state.apply(branch.move)
        else:
            with dice.given(state, branch.outcome):
                state.apply(branch.move)
        self.others.append(list(rest))
        self.rolled.append(branch.outcome is not None)
        if rng is not None and list(state.arrays[RNG]) != before and (branch.outcome is None or self.other_random):
            return Replay(True, ply + 1, random=True, rolls=sum(self.rolled))  # Ludii drew its own numbers here
        return None

    def differ(self, ply: int, message: str) -> Replay:
        return Replay(False, ply, message, rolls=sum(self.rolled))

    def legal(self, step: dict, outcome: tuple[int, ...] | None = None) -> tuple[list[Any], str]:
        """Our legal moves with Ludii's text of the move played, if our legal moves are Ludii's
        (as a multiset), else none and how they differ; under the chance outcome given, if any
        (then, when their numbers differ, without saying how: a roll tried that does not fit)."""
        state = self.state
        state._legal = None  # list them afresh: a roll made while listing them is then seen
        if outcome is None:
            legal = state.legal_moves()
        else:
            with dice.given(state, outcome):
                legal = state.legal_moves()
            if len(legal) != len(step["legal"]):  # one text a move: these cannot be Ludii's
                return [], "legal moves differ in number"
        ours = self.texts(state, legal)
        if Counter(ours) != Counter(step["legal"]):
            extra = sorted((Counter(ours) - Counter(step["legal"])).elements())
            missing = sorted((Counter(step["legal"]) - Counter(ours)).elements())
            return [], (f"legal moves differ: ours only {extra[:8]}, Ludii's only {missing[:8]} "
                        f"({len(ours)} vs {len(step['legal'])})")
        return [m for m, t in zip(legal, ours) if t == step["move"]], ""

    def branches(self, step: dict) -> tuple[list[_Branch], str]:
        """The ways of playing Ludii's ply: each move with its text, and, where the ply rolls dice
        (listing the moves or playing one), each roll that gives Ludii's legal moves."""
        state = self.state
        rolls = dice.rolls(state)
        moves, why = self.legal(step)
        if not self.outcomes or dice.rolls(state) == rolls:  # no roll while listing the moves
            if not moves or not self.outcomes:
                return [_Branch(m) for m in moves], why
            rolls = dice.rolls(state)
            state.apply(moves[0])
            rolled = dice.rolls(state) != rolls
            state.undo()
            if not rolled:  # nor while playing one
                return [_Branch(m) for m in moves], why
            self.ambiguous = self.ambiguous or len(self.outcomes) > 1  # told by the next ply only
            return [_Branch(m, o) for o in self.outcomes for m in moves], why
        fits: list[_Branch] = []
        for outcome in self.outcomes:
            found, _ = self.legal(step, outcome)
            fits.extend(_Branch(m, outcome) for m in found)
        if len({b.outcome for b in fits}) > 1:
            self.ambiguous = True
        return fits, why or "no roll of the dice gives Ludii's legal moves"

    def end(self) -> Replay:
        """The end: over or not, the winners, the draw, the ranking, as Ludii's."""
        state, result, count = self.state, self.trace["result"], self.count
        ours = state.result()
        if state.game.simulation and ours.reason == simulation.STOPPED and not result["over"]:
            # Ludii leaves a simulation whose rules make no move unfinished, with no legal move
            # (its trial stops there); here it ends (engine.simulation): the same stop
            return Replay(True, count, "the simulation stopped, as Ludii's (left unfinished there)")
        if state.is_over() != result["over"]:
            return self.differ(count, f"end: ours over={state.is_over()} ({ours.reason or 'goes on'}), "
                                        f"Ludii's over={result['over']} ({result.get('ludii_final', '')})")
        if sorted(ours.winners) != sorted(result["winners"]) or ours.draw != result["draw"]:
            return self.differ(count, f"end: ours winners {ours.winners} draw {ours.draw} ({ours.reason}), "
                                        f"Ludii's winners {result['winners']} draw {result['draw']}")
        found = _RANKING.search(result.get("ludii_final", ""))
        if found and result["over"]:  # Ludii's rank of every player (1.0 best), in player order
            ludii = [float(r) for r in found.group(1).split(",")]
            if _ranks(state, ludii) != ludii:
                return self.differ(count, f"end: ranking ours {_ranks(state, ludii)}, Ludii's {ludii}")
        return Replay(True, count, rolls=sum(self.rolled))


def _ranks(state: Any, ludii: list[float]) -> list[float]:
    ours = state.result().ranking
    return [float(ours.get(p, 0)) for p in range(1, len(ludii) + 1)]


__all__ = ["ludii_texts", "replay", "Replay", "NO_PIECE", "MAX_TRIES", "MAX_OUTCOMES"]
