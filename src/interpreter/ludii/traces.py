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
decision by its word.

A game whose rules draw random numbers (dice) is compared up to its first random event: the state's
random sequence (the array ``rng``, :mod:`engine.dice`) moving on ends the comparison after that
ply (or before the first, when the start rules drew), as Ludii drew its own numbers there.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Optional

from ..engine.dice import RNG
from ..engine.move import ADD, CHOICE, MOVE, REMOVE

NO_PIECE = "Disc"  # the trace format's piece name for a move that places none (Ludii's)
_RANKING = re.compile(r"ranking=\[([^\]]*)\]")


def _site_move(move: Any, labels: tuple[str, ...]) -> bool:
    """A move the trace format writes as its site: a placement, a choice of a site (its word is
    the site's label, ``A1`` or ``A1/2``), a removal."""
    if move.kind is ADD:
        return move.frm < 0
    if move.kind is REMOVE:
        return move.to >= 0
    return (move.kind is CHOICE and move.to >= 0
            and move.word.split("/")[0] == labels[move.to])


def ludii_texts(state: Any, legal: Any) -> list[str]:
    """The trace format's texts of our legal moves (see the module's docs)."""
    game = state.game
    labels = game.topology.labels
    n = game.topology.n
    sites = [m.to if _site_move(m, labels) and m.to < n else -1 for m in legal]
    shared = Counter(s for s in sites if s >= 0)
    out = []
    for m, site in zip(legal, sites):
        if m.to >= n and m.kind is not ADD:
            out.append("Move")  # to a hand: Ludii's texts have no label for it, only the action
        elif 0 <= m.to < n and m.frm >= n and m.kind in (MOVE, CHOICE):
            out.append(labels[m.to])  # from a hand: the site it goes to
        elif m.kind is MOVE and m.levels is not None:  # between stacks: the traces name no levels
            out.append(f"{labels[m.frm]}-{labels[m.to]}")
        elif site < 0:  # our second move of one text (A1-B2/2, other consequences): Ludii writes both alike
            out.append(m.text.rsplit("/", 1)[0] if "/" in m.word else m.text)
        elif shared[site] > 1:
            name = game.components[m.what].name if m.kind is ADD and m.what else NO_PIECE
            out.append(f"{labels[site]}:{name}")
        else:
            out.append(labels[site])
    return out


@dataclass(frozen=True)
class Replay:
    """How a replay went: ``agree`` (to the end, or to the first random event: ``random``), or
    where it parted (``plies``: those that agreed, ``message``)."""

    agree: bool
    plies: int  # the plies compared
    message: str = ""
    random: bool = False  # stopped at the first random event

    def __str__(self) -> str:
        if not self.agree:
            return self.message
        return f"agree ({self.plies} plies{', to the first random event' if self.random else ''})"


MAX_TRIES = 20_000  # plies replayed again while looking for the right one of moves with one text


def replay(trace: dict, game: Any, texts: Callable[[Any, Any], list[str]] = ludii_texts,
           limit: Optional[int] = None) -> Replay:
    """Play ``trace``'s moves on ``game`` and compare (see the module's docs); ``limit``: compare
    only so many plies (the end is then not compared). Where several legal moves have the text of
    the move Ludii played (two ways of sowing from one pit), each is tried in turn: the replay goes
    back to the latest such ply when it parts from Ludii's (at most ``MAX_TRIES`` plies replayed
    again), and the one that went furthest says where it parts."""
    return _Replayer(trace, game, texts, limit).run()


class _Replayer:
    def __init__(self, trace: dict, game: Any, texts: Callable[[Any, Any], list[str]], limit: Optional[int]):
        self.trace, self.texts = trace, texts
        self.plies = trace["plies"]
        self.count = len(self.plies) if limit is None else min(limit, len(self.plies))
        self.state = game.initial_state()
        self.others: list[list[Any]] = []  # per ply played: the other moves with Ludii's text, untried
        rng = self.state.arrays.get(RNG)
        if rng is not None and game.arrays[RNG] != tuple(rng):  # the start rules drew numbers
            self.count = 0
            self.random_start = True
        else:
            self.random_start = False

    def run(self) -> Replay:
        best: Optional[Replay] = None
        tries = 0
        move = None
        while True:
            found = self.step(move)
            move = None
            if found is None:
                continue
            if found.agree:
                return found
            if best is None or found.plies > best.plies:
                best = found
            while self.others and not self.others[-1]:  # back to the latest ply with another move
                self.others.pop()
                self.state.undo()
            if not self.others or tries >= MAX_TRIES:
                return best
            tries += best.plies - len(self.others) + 1
            self.state.undo()
            move = self.others[-1].pop(0)
            self.others.pop()

    def step(self, move: Any = None) -> Optional[Replay]:
        """Compare the next ply and play Ludii's move there (``move``: that one of the moves with
        its text); None to go on, or how the replay ends."""
        state, plies = self.state, self.plies
        ply = len(self.others)
        if ply >= self.count:
            return self.end() if self.count == len(plies) else Replay(True, self.count, random=self.random_start)
        step = plies[ply]
        where = f"ply {ply}/{len(plies)}"
        if state.is_over():
            return Replay(False, ply, f"{where}: our game is over ({state.result().reason}), Ludii's goes on")
        if state.mover != step["mover"]:
            return Replay(False, ply, f"{where}: mover P{state.mover}, Ludii's P{step['mover']}")
        legal = state.legal_moves()
        ours = self.texts(state, legal)
        if Counter(ours) != Counter(step["legal"]):
            extra = sorted((Counter(ours) - Counter(step["legal"])).elements())
            missing = sorted((Counter(step["legal"]) - Counter(ours)).elements())
            return Replay(False, ply, f"{where}: legal moves differ: ours only {extra[:8]}, Ludii's only "
                                      f"{missing[:8]} ({len(ours)} vs {len(step['legal'])})")
        candidates = [m for m, t in zip(legal, ours) if t == step["move"]]
        if move is None:
            move = candidates[0]
        rng = state.arrays.get(RNG)
        before = list(rng) if rng is not None else None
        state.apply(move)
        self.others.append([m for m in candidates[candidates.index(move) + 1:]])
        if rng is not None and list(state.arrays[RNG]) != before:
            return Replay(True, ply + 1, random=True)  # Ludii drew its own numbers here
        return None

    def end(self) -> Replay:
        """The end: over or not, the winners, the draw, the ranking, as Ludii's."""
        state, result, count = self.state, self.trace["result"], self.count
        ours = state.result()
        if state.is_over() != result["over"]:
            return Replay(False, count, f"end: ours over={state.is_over()} ({ours.reason or 'goes on'}), "
                                        f"Ludii's over={result['over']} ({result.get('ludii_final', '')})")
        if sorted(ours.winners) != sorted(result["winners"]) or ours.draw != result["draw"]:
            return Replay(False, count, f"end: ours winners {ours.winners} draw {ours.draw} ({ours.reason}), "
                                        f"Ludii's winners {result['winners']} draw {result['draw']}")
        found = _RANKING.search(result.get("ludii_final", ""))
        if found and result["over"]:  # Ludii's rank of every player (1.0 best), in player order
            ludii = [float(r) for r in found.group(1).split(",")]
            if _ranks(state, ludii) != ludii:
                return Replay(False, count, f"end: ranking ours {_ranks(state, ludii)}, Ludii's {ludii}")
        return Replay(True, count)


def _ranks(state: Any, ludii: list[float]) -> list[float]:
    ours = state.result().ranking
    return [float(ours.get(p, 0)) for p in range(1, len(ludii) + 1)]


__all__ = ["ludii_texts", "replay", "Replay", "NO_PIECE"]
