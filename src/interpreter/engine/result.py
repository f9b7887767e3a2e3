"""How a game ended: :class:`Result` and its :class:`Termination` kind."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


class Termination(enum.Enum):
    """Why a game ended (a program can branch on it; :attr:`Result.reason` says it in words)."""

    LINE = "line"  #: a line of pieces
    CONNECTION = "connection"  #: regions or sides connected
    LOOP = "loop"  #: a loop or enclosure
    CAPTURE = "capture"  #: pieces captured or left (counts of pieces)
    SCORE = "score"  #: a score reached or compared
    STALEMATE = "stalemate"  #: a player could not move (as a rule of the game)
    NO_MOVES = "no moves"  #: a test of the moves left
    PASSES = "passes"  #: every player passed in a row (agreement)
    TURN_LIMIT = "turn limit"  #: the game's turn limit
    RULE = "rule"  #: any other end rule


def _number(rank: float) -> float:
    """A rank as a whole number when it is one (2, not 2.0)."""
    return int(rank) if float(rank).is_integer() else rank


@dataclass
class Result:
    """How a game ended (or that it has not)."""

    over: bool
    winners: list[int] = field(default_factory=list)
    losers: list[int] = field(default_factory=list)
    draw: bool = False
    scores: dict[int, int] = field(default_factory=dict)
    reason: str = ""
    termination: Termination | None = None
    seats: tuple[int, ...] = ()  # seats[p]: who plays player p (the swap rule exchanges them)
    ranks: dict[int, float] = field(default_factory=dict)  # Ludii's ranks, when results ranked the players
    # every player a result made a winner (Ludii's Context.winners): the winners, and in a game
    # whose results ranked the players one by one also those who won after the first (ranked 2...)
    won: list[int] = field(default_factory=list)

    @property
    def winning_seats(self) -> list[int]:
        """The seats (agents) that won: the winners, unless players swapped seats."""
        return sorted(self.seats[p] if p < len(self.seats) else p for p in self.winners)

    @property
    def ranking(self) -> dict[int, float]:
        """Rank per player, as Ludii's (1 is best): in a game of more than two players whose
        results ranked them one by one, the ranks they got (tied players share the mean of their
        places, e.g. 2.5); otherwise the winners (a team) first, the others after them, and in a
        draw every player the mean of all places (1.5 for two); a game of one player ranks its
        player 1 when they won, 0 otherwise. Empty while the game goes on."""
        if not self.over:
            return {}
        if self.ranks:
            return {p: _number(r) for p, r in sorted(self.ranks.items())}
        players = sorted(self.scores) or sorted(set(self.winners) | set(self.losers))
        if len(players) == 1:
            return {p: 1 if p in self.winners and not self.draw else 0 for p in players}
        if self.draw or not self.winners:
            return {p: _number((len(players) + 1) / 2) for p in players}
        return {p: 1 if p in self.winners else len(self.winners) + 1 for p in players}

    def to_json(self) -> dict[str, Any]:
        """A plain dict for JSON output (player numbers as strings)."""
        return {"over": self.over, "winners": list(self.winners), "losers": list(self.losers),
                "draw": self.draw, "scores": {str(k): v for k, v in self.scores.items()},
                "ranking": {str(k): v for k, v in self.ranking.items()}, "reason": self.reason,
                "termination": self.termination.value if self.termination else None}

    def headline(self) -> str:
        """``P1 WINS``, ``P1 P3 WIN``, ``DRAW`` or ``game not over``."""
        if not self.over:
            return "game not over"
        if self.draw or not self.winners:
            return "DRAW"
        players = " ".join(f"P{p}" for p in self.winners)
        return f"{players} WINS" if len(self.winners) == 1 else f"{players} WIN"


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended, as a frozen value (python-chess's ``Outcome``): who won and
    lost, whether it was a draw, each player's rank and score, the kind of ending
    (:class:`Termination`) and the reason in plain words."""

    winners: tuple[int, ...]
    losers: tuple[int, ...]
    draw: bool
    ranking: tuple[tuple[int, float], ...]  # (player, rank) per player; 1 is best
    scores: tuple[tuple[int, int], ...]  # (player, score) per player
    termination: Termination
    reason: str
    ranked: bool = False  # the results ranked the players one by one (more than two, no teams)

    @classmethod
    def of(cls, result: Result) -> Outcome:
        """The outcome a finished :class:`Result` says."""
        if not result.over:
            raise ValueError("the game is not over: it has no outcome yet")
        draw = bool(result.draw or not result.winners)
        losers = tuple(result.losers)
        if not draw and not losers and not result.ranks:  # a win is everybody else's loss
            losers = tuple(p for p in sorted(result.scores) if p not in result.winners)
        return cls(tuple(result.winners), losers, draw, tuple(sorted(result.ranking.items())),
                   tuple(sorted(result.scores.items())), result.termination or Termination.RULE, result.reason,
                   bool(result.ranks))

    @property
    def winner(self) -> int | None:
        """The one winner, or None (a draw, or several winners)."""
        return self.winners[0] if len(self.winners) == 1 else None

    def rank(self, player: int) -> float:
        """``player``'s rank (1 is best; tied players share one)."""
        return dict(self.ranking)[player]

    def returns(self, players: int) -> tuple[float, ...]:
        """One number per player 1..``players`` (OpenSpiel's returns): 0 for everyone in a draw;
        else +1 for a winner and -1 for the others, except in games whose results ranked the
        players one by one, where a rank r gives Ludii's utility 1 - 2(r - 1)/(players - 1)."""
        if self.draw:
            return (0.0,) * players
        if self.ranked and players > 1:
            ranks = dict(self.ranking)
            return tuple(1.0 - 2.0 * (ranks.get(p, players) - 1) / (players - 1) for p in range(1, players + 1))
        return tuple(1.0 if p in self.winners else -1.0 for p in range(1, players + 1))
