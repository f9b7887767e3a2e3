"""How a game ended: :class:`Result` and its :class:`Termination` kind."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Optional


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


@dataclass
class Result:
    """How a game ended (or that it has not)."""

    over: bool
    winners: list[int] = field(default_factory=list)
    losers: list[int] = field(default_factory=list)
    draw: bool = False
    scores: dict[int, int] = field(default_factory=dict)
    reason: str = ""
    termination: Optional[Termination] = None
    seats: tuple[int, ...] = ()  # seats[p]: who plays player p (the swap rule exchanges them)
    ranks: dict[int, float] = field(default_factory=dict)  # Ludii's ranks, when results ranked the players

    @property
    def winning_seats(self) -> list[int]:
        """The seats (agents) that won: the winners, unless players swapped seats."""
        return sorted(self.seats[p] if p < len(self.seats) else p for p in self.winners)

    @property
    def ranking(self) -> dict[int, float]:
        """Rank per player (1 is best; tied players share a rank): in a game of more than two
        players whose results ranked them one by one, Ludii's ranks (tied players share the
        mean of their places, e.g. 2.5); otherwise the winners first, then the others, and
        everybody first in a draw; empty while the game goes on."""
        if not self.over:
            return {}
        if self.ranks:
            return {p: int(r) if float(r).is_integer() else r for p, r in sorted(self.ranks.items())}
        players = sorted(self.scores) or sorted(set(self.winners) | set(self.losers))
        if self.draw or not self.winners:
            return {p: 1 for p in players}
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
