"""Game state: the position, whose move, scores, phase, and an undo journal.

Every change to the state goes through a few journaled setters (``place``, ``clear``,
``set_score``, ``set_var``), so ``undo`` can restore *everything* a move changed, including
captures and score changes made by its consequences, without copying the position.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional

from ..errors import MoveError
from .move import ADD, CHOICE, MOVE, PASS, Move

if TYPE_CHECKING:
    from .game import Game


@dataclass
class Result:
    """How a game ended (or that it has not)."""

    over: bool
    winners: list[int] = field(default_factory=list)
    losers: list[int] = field(default_factory=list)
    draw: bool = False
    scores: dict[int, int] = field(default_factory=dict)
    reason: str = ""

    @property
    def ranking(self) -> dict[int, int]:
        """Rank per player (1 is best; tied players share a rank): the winners first, then the
        others; everybody first in a draw; empty while the game goes on."""
        if not self.over:
            return {}
        players = sorted(self.scores) or sorted(set(self.winners) | set(self.losers))
        if self.draw or not self.winners:
            return {p: 1 for p in players}
        return {p: 1 if p in self.winners else len(self.winners) + 1 for p in players}

    def to_json(self) -> dict[str, Any]:
        return {"over": self.over, "winners": list(self.winners), "losers": list(self.losers),
                "draw": self.draw, "scores": {str(k): v for k, v in self.scores.items()},
                "ranking": {str(k): v for k, v in self.ranking.items()}, "reason": self.reason}

    def headline(self) -> str:
        if not self.over:
            return "game not over"
        if self.draw or not self.winners:
            return "DRAW"
        players = " ".join(f"P{p}" for p in self.winners)
        return f"{players} WINS" if len(self.winners) == 1 else f"{players} WIN"


# journal entry tags
_SITE, _SCORE, _VAR = 0, 1, 2


class State:
    """A position of a :class:`Game` plus the history needed to undo."""

    def __init__(self, game: "Game"):
        self.game = game
        n = game.topology.n
        self.what = [0] * n  # component index per site (0 = empty)
        self.who = [0] * n  # owner per site (0 = nobody)
        self.scores = [0] * (game.num_players + 1)
        self.counts = [0] * (game.num_players + 1)  # pieces on the board per player
        self.mover = 1
        self.phase = 0
        self.ply = 0
        self.passes = 0  # consecutive passes
        self.last_to = -1
        self.last_from = -1
        self.last_mover = 0
        self.move_again = False
        self.over = False
        self.winners: tuple[int, ...] = ()
        self.losers: tuple[int, ...] = ()
        self.draw = False
        self.reason = ""
        # evaluation context of the rule being evaluated: (to), (from), (between), (site)...
        self.c_to = -1
        self.c_from = -1
        self.c_between = -1
        self.c_site = -1
        self.c_player = 0
        # pieces claimed by captures during one move's consequences: site -> claiming players
        # (transient: always resolved before the consequences end)
        self.claims: dict[int, set[int]] = {}
        self._log: list[tuple] = []
        self._marks: list[tuple[int, Move, Optional[list[Move]]]] = []
        self._legal: Optional[list[Move]] = None
        self._texts: Optional[tuple] = None
        self._nested = 0  # legal-move computations in progress inside one another  # (legal list, text -> move) cache of the notation

    # --- journaled changes -----------------------------------------------------------------------
    def place(self, site: int, what: int) -> None:
        old_what = self.what[site]
        old_who = self.who[site]
        self._log.append((_SITE, site, old_what, old_who))
        owner = self.game.owner_of[what]
        if old_who:
            self.counts[old_who] -= 1
        if owner:
            self.counts[owner] += 1
        self.what[site] = what
        self.who[site] = owner

    def clear(self, site: int) -> None:
        if self.what[site]:
            self.place(site, 0)

    def set_score(self, player: int, value: int) -> None:
        self._log.append((_SCORE, player, self.scores[player]))
        self.scores[player] = value

    def set_var(self, name: str, value: Any) -> None:
        self._log.append((_VAR, name, getattr(self, name)))
        setattr(self, name, value)

    # --- the public API ---------------------------------------------------------------------------
    @property
    def next_player(self) -> int:
        return self.game.next_of(self.mover)

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to move (a forced pass when there is none)."""
        if self._legal is None:
            mark = len(self._log)
            try:
                self._legal = self.game.legal_moves(self)
            except BaseException:
                self._take_back(mark)  # a rule failed while trying moves: leave no trace of it
                raise
        return self._legal

    def is_over(self) -> bool:
        return self.over

    def result(self) -> Result:
        scores = {p: self.scores[p] for p in range(1, self.game.num_players + 1)}
        return Result(self.over, list(self.winners), list(self.losers), self.draw, scores, self.reason)

    def parse_move(self, text: str) -> Move:
        """The legal move whose text form is ``text`` (``J10``, ``1-4``, ``pass``, ``2@C3``)."""
        return self.game.notation.parse(self, text)

    def apply(self, move: Move | str) -> Move:
        """Play a legal move (a Move or its text). Raises MoveError when it is not legal."""
        if isinstance(move, str):
            move = self.parse_move(move)
        if self.over:
            raise MoveError("the game is over")
        legal = self.legal_moves()
        for chosen in legal:  # moves handed out by legal_moves() are found by identity
            if chosen is move:
                break
        else:
            try:
                chosen = legal[legal.index(move)]
            except ValueError:
                raise MoveError(f"{move} is not a legal move here") from None
        mark, marks = len(self._log), len(self._marks)
        try:
            self.game.play_move(self, chosen)
        except BaseException:
            # a rule failed half-way (a value out of range...): the state is as before the move
            del self._marks[marks:]
            self._take_back(mark)
            self._legal = legal
            raise
        return chosen

    def _take_back(self, mark: int) -> None:
        self.rollback(mark)
        self.claims = {}
        self.c_to = self.c_from = self.c_between = self.c_site = -1
        self.c_player = 0
        self._nested = 0

    def undo(self) -> Move:
        """Take back the last move, restoring every part of the state."""
        if not self._marks:
            raise MoveError("nothing to undo")
        mark, move, legal = self._marks.pop()
        self.rollback(mark)
        self._legal = legal
        return move

    def rollback(self, mark: int) -> None:
        """Undo journal entries back to length ``mark`` (used by undo and by move tests)."""
        log = self._log
        while len(log) > mark:
            entry = log.pop()
            tag = entry[0]
            if tag == _SITE:
                _, site, what, who = entry
                cur = self.who[site]
                if cur:
                    self.counts[cur] -= 1
                if who:
                    self.counts[who] += 1
                self.what[site] = what
                self.who[site] = who
            elif tag == _SCORE:
                self.scores[entry[1]] = entry[2]
            else:
                setattr(self, entry[1], entry[2])
        self._legal = None

    def clone(self) -> "State":
        """An independent copy (its own undo history included)."""
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        other.what = list(self.what)
        other.who = list(self.who)
        other.scores = list(self.scores)
        other.counts = list(self.counts)
        other._log = list(self._log)
        other._marks = list(self._marks)
        other._legal = None
        other._texts = None
        other.claims = {}
        return other

    @property
    def history(self) -> list[Move]:
        return [m for _, m, _ in self._marks]

    def snapshot(self) -> tuple:
        """Everything that defines the position (for tests: undo must restore it exactly)."""
        return (tuple(self.what), tuple(self.who), tuple(self.scores), tuple(self.counts), self.mover,
                self.phase, self.ply, self.passes, self.last_to, self.last_from, self.last_mover,
                self.move_again, self.over, self.winners, self.losers, self.draw, self.reason,
                tuple(getattr(self, name) for name in self.game.extra_vars))

    def to_text(self) -> str:
        from .position import write_position
        return write_position(self)

    def __str__(self) -> str:
        return self.game.render(self)

    # OpenSpiel-style aliases
    def legal_actions(self) -> list[Move]:
        return self.legal_moves()

    def apply_action(self, move: Move | str) -> Move:
        return self.apply(move)

    def undo_action(self) -> Move:
        return self.undo()

    def is_terminal(self) -> bool:
        return self.over

    def current_player(self) -> int:
        return self.mover

    def returns(self) -> list[float]:
        """Per player (index 0 = P1): 1 for a win, -1 for a loss, 0 for a draw or unfinished."""
        out = []
        for p in range(1, self.game.num_players + 1):
            out.append(1.0 if p in self.winners else (-1.0 if self.over and not self.draw
                                                      and self.winners else 0.0))
        return out


__all__ = ["State", "Result", "Move", "ADD", "MOVE", "PASS", "CHOICE"]
