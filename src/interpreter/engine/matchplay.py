"""Matches in play (Ludii's ``Match``, ``Context.advanceInstance``): several games played one
after another, their results adding up to each player's match score.

A :class:`MatchGame` holds the games of the match (built games, each :class:`~.game.Game`),
which one follows which, the points a game's winner scores, and the match's end rules. Its
states (:class:`MatchState`) play the current game's :class:`~.state.State`: their position,
legal moves, mover and pictures are that game's; when it is over and the match is not, the only
legal move is ``NextInstance``, which

1. adds each player's points to their match score: the game's ``result:`` for its winners
   (evaluated on the game just played), else by rank (in a game of two players, 1 for a win,
   0 otherwise; with more, 1 for each winner, who won first or after: :attr:`.Result.won`),
2. checks the match's end rules (``matchScore`` reads the match scores, ``count Trials`` the
   games finished), and, unless the match is over,
3. starts the next game (``next:``, else the following one, round again).

Undo takes back moves across games; copies are independent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeGuard, cast

from .env import ROOT
from .move import CHOICE, Move
from .result import Outcome, Result, Termination

if TYPE_CHECKING:
    from .game import EndRule, Game
    from .state import State

NEXT_INSTANCE = "NextInstance"  # Ludii's name of the move that starts the next game
# a match whose end rules never hold (Ludii's would play on for ever) ends as a draw after so
# many games: a safeguard of ours, never reached by Ludii's matches (Mahbouseh's plays ~16)
MAX_GAMES = 1000


@dataclass(frozen=True)
class Instance:
    """One game of a match: the built game, the game that follows (``next(match_state)``, or
    None for the following one), the points of its winner (``result(game_state)``, or None)."""

    game: Game
    name: str
    next: Callable[[Any, Any], int] | None = None
    result: Callable[[Any, Any], int] | None = None


class MatchGame:
    """A match built from its description (see the module docs). It answers like its first
    game for what it does not know itself (the board, the pieces...)."""

    def __init__(self, name: str, num_players: int, instances: Sequence[Instance],
                 end_rules: Sequence[EndRule], info: Any = None):
        self.name = name
        self.num_players = num_players
        self.instances = tuple(instances)
        self.end_rules = tuple(end_rules)
        self.info = info if info is not None else instances[0].game.info
        self.is_match = True

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("instances",):
            raise AttributeError(name)
        return getattr(self.instances[0].game, name)

    def initial_state(self) -> MatchState:
        """The match before its first move: its first game's first position."""
        return MatchState(self)

    def state_from_text(self, text: str) -> MatchState:
        """A match's position (written by :meth:`MatchState.to_text`): the game in play's
        position, and under ``match:`` which game it is (``instance``: its name; ``game``: how
        many games were begun), the match's plies and scores (and its result, once over). Undo
        goes back to the start of that game."""
        from .position import MATCH_KEYS, PositionError, _check_keys, _mapping, load_position_data, read_position_data
        data = load_position_data(text)
        _check_keys(data)
        if "match" not in data:
            raise PositionError(f"{self.name} is a match: its positions say where the match stands under 'match:' "
                                "(write them with --save-position, or 'save FILE.yaml' in play)")
        entry = _mapping(data.pop("match"), "match", MATCH_KEYS)
        name = entry.get("instance")
        index = next((i for i, inst in enumerate(self.instances) if inst.name == name), -1)
        if index < 0:
            names = ", ".join(repr(i.name) for i in self.instances)
            raise PositionError(f"position: match: instance: {self.name} has no game {name!r} (its games: {names})")
        if "options" in data and data["options"] is not None and list(data["options"]) != list(self.options):
            raise PositionError(f"this position was saved with the options {data['options']}, not {list(self.options)}",
                                hint="load the match with them (on the command line, leave out --option)")
        data.pop("options", None)
        state = MatchState(self, _blank=True)
        state.index = index
        state.trials_done = _count(entry, "game", 1) - 1
        scores = entry.get("scores") or {}
        if not isinstance(scores, dict):
            raise PositionError(f"position: match: scores: a mapping of player to score, not {scores!r}")
        for p, value in scores.items():
            if not (isinstance(p, int) and 1 <= p <= self.num_players and isinstance(value, int)
                    and not isinstance(value, bool)):
                raise PositionError(f"position: match: scores: player {p!r}'s score {value!r} is not a whole "
                                    f"number of a player from 1 to {self.num_players}")
            state.match_scores[p] = value
        state.sub = read_position_data(self.instances[index].game, data)
        state.sub.match_scores = state.match_scores
        state.sub.trials_done = state.trials_done
        state.plies_before = max(0, _count(entry, "ply", state.sub.ply) - state.sub.ply)
        result = entry.get("result")
        if result is not None:
            result = _mapping(result, "match: result", ("winners", "losers", "draw", "reason"))
            state.match_over = True
            state.match_winners = tuple(result.get("winners") or ())
            state.match_losers = tuple(result.get("losers") or ())
            state.match_draw = bool(result.get("draw"))
            state.match_reason = str(result.get("reason") or "")
        return state

    def with_turn_limit(self, limit: int) -> MatchGame:
        """The same match with every game's turn limit set to ``limit`` plies."""
        return MatchGame(self.name, self.num_players,
                         [Instance(i.game.with_turn_limit(limit), i.name, i.next, i.result) for i in self.instances],
                         self.end_rules, self.info)

    def __repr__(self) -> str:
        return f"<MatchGame {self.name!r} {len(self.instances)} games>"


class MatchState:
    """A position of a match: the current game's state, the match scores, the games finished,
    and how the match stands (see the module docs)."""

    def __init__(self, match: MatchGame, _blank: bool = False):
        self.match = match
        n = match.num_players
        self.match_scores = [0] * (n + 1)
        self.trials_done = 0
        self.index = 0
        self.match_over = False
        self.match_winners: tuple[int, ...] = ()
        self.match_losers: tuple[int, ...] = ()
        self.match_draw = False
        self.match_reason = ""
        self.match_termination = Termination.RULE
        self.plies_before = 0  # plies of the games finished, and their NextInstance moves
        self._undo: list[tuple[Any, ...]] = []  # ("move",) or ("next", the previous game's state, saved fields)
        if not _blank:
            self.sub: State = self._start(0)

    # --- the game in play ---------------------------------------------------------------------------
    def _start(self, index: int) -> State:
        sub = self.match.instances[index].game.initial_state()
        sub.match_scores = self.match_scores  # what (matchScore ...) reads inside the game
        # what (count Trials) reads inside the game: the match's games finished (Ludii's
        # CountTrials asks the parent context from a game's), which stays so while it plays
        sub.trials_done = self.trials_done
        return sub

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("sub", "match"):
            raise AttributeError(name)
        return getattr(self.sub, name)

    @property
    def game(self) -> Game:
        """The game in play."""
        return self.sub.game

    @property
    def mover(self) -> int:
        """The player to move in the game in play (after its end: its last mover, as Ludii's)."""
        return self.sub.mover

    @property
    def ply(self) -> int:
        """The plies of the whole match so far (every game's, and each NextInstance)."""
        return self.plies_before + (0 if self._sub_finished() else self.sub.ply)

    def _sub_finished(self) -> bool:
        """Whether the game in play is the last one finished (the match ended with it): its
        plies are counted among the games finished already."""
        return bool(self._undo) and self._undo[-1][0] == "next" and self._undo[-1][1] is self.sub

    @property
    def over(self) -> bool:
        """Whether the match is over (a game of it may be over while the match goes on)."""
        return self.match_over

    def _next_move(self) -> Move:
        return Move(CHOICE, word=NEXT_INSTANCE, game_id=self.sub.game.uid)

    def legal_moves(self) -> tuple[Move, ...]:
        """The game in play's moves; ``NextInstance`` alone once it is over (none once the match
        is over)."""
        if self.match_over:
            return ()
        if self.sub.is_over():
            return (self._next_move(),)
        return self.sub.legal_moves()

    def is_over(self) -> bool:
        """Whether the match is over."""
        return self.match_over

    def apply(self, move: Move | str) -> Move:
        """Play a legal move of the game in play, or ``NextInstance`` when it is over."""
        if self.sub.is_over() and not self.match_over:
            text = move if isinstance(move, str) else move.text
            if text != NEXT_INSTANCE:
                from ..errors import IllegalMoveError
                raise IllegalMoveError(f"{text}: the game is over, the only move is {NEXT_INSTANCE}")
            chosen = self._next_move()
            self._advance()
            return chosen
        chosen = self.sub.apply(move)
        self._undo.append(("move",))
        return chosen

    def play_random(self, rng: Any) -> Move:
        """A uniformly random legal move, played."""
        if self.sub.is_over() and not self.match_over:
            return self.apply(NEXT_INSTANCE)
        move = self.sub.play_random(rng)
        self._undo.append(("move",))
        return move

    def parse_move(self, text: str) -> Move:
        """The move of that text: ``NextInstance`` between games, else the game in play's."""
        if self.sub.is_over() and not self.match_over and text.strip() == NEXT_INSTANCE:
            return self._next_move()
        return self.sub.parse_move(text)

    def _saved(self) -> tuple[Any, ...]:
        return (list(self.match_scores), self.trials_done, self.index, self.match_over, self.match_winners,
                self.match_losers, self.match_draw, self.match_reason, self.plies_before, self.match_termination)

    def _restore(self, saved: tuple[Any, ...]) -> None:
        (scores, self.trials_done, self.index, self.match_over, self.match_winners, self.match_losers,
         self.match_draw, self.match_reason, self.plies_before, self.match_termination) = saved
        self.match_scores[:] = scores

    def _advance(self) -> None:
        """Ludii's ``advanceInstance``: the match scores, the match's end, the next game."""
        self._undo.append(("next", self.sub, self._saved()))
        match, sub = self.match, self.sub
        instance = match.instances[self.index]
        result = sub.result()
        n = match.num_players
        ranks = result.ranking
        for p in range(1, n + 1):  # Ludii's winners: every player a win was given to (Result.won)
            if instance.result is not None and p in result.won:
                points = instance.result(sub, ROOT)
            elif n > 2:
                points = 1 if p in result.won else 0
            elif n == 2:  # Ludii: 2 minus the rank cut to an integer (a draw's 1.5 scores 1)
                points = n - int(ranks.get(p, n))
            else:
                points = 1 if ranks.get(p) == 1 else 0
            self.match_scores[p] += points
        self.trials_done += 1
        self.plies_before += sub.ply + 1
        self._check_end()
        if not self.match_over and self.trials_done >= MAX_GAMES:
            self.match_over, self.match_draw = True, True
            self.match_reason = f"the match's limit of {MAX_GAMES} games"
            self.match_termination = Termination.TURN_LIMIT
        if self.match_over:
            return
        if instance.next is not None:
            nxt = instance.next(self, ROOT)
            if not 0 <= nxt < len(match.instances):
                from ..errors import LudError
                raise LudError(f"the match has no game number {nxt} (games 0 to {len(match.instances) - 1})")
        else:
            nxt = (self.index + 1) % len(match.instances)
        self.index = nxt
        self.sub = self._start(nxt)

    def _check_end(self) -> None:
        """The match's end rules (Ludii's ``End.evalMatch``): when a rule gives a player a win,
        every rule giving a win holds for its player too, and they win together, ranked first;
        the others lose, ranked last together. A draw ends the match unless a win follows; a
        loss alone does nothing to a match (Ludii ignores it)."""
        winners: list[int] = []
        reason, draw = "", False
        n = self.match.num_players
        for rule in self.match.end_rules:
            verdict = rule.check(cast("State", self), ROOT)  # the match's end rules read its state as a game's
            if verdict is None:
                continue
            kind, who = verdict[4] if len(verdict) > 4 and verdict[4] is not None else \
                ("Win" if verdict[0] else "Draw" if verdict[2] else "Loss", 0)
            if kind == "Loss":
                continue
            said = rule.describe(cast("State", self), ROOT) if rule.describe is not None else rule.reason
            if kind == "Draw":
                draw, reason = True, reason or said
                continue
            won = range(1, n + 1) if who == 0 else (who,)
            if not winners:
                reason = said
            winners.extend(p for p in won if p not in winners)
        if winners:
            self.match_over, self.match_draw = True, False
            self.match_winners = tuple(sorted(winners))
            self.match_losers = tuple(p for p in range(1, n + 1) if p not in winners)
            self.match_reason = reason
        elif draw:
            self.match_over, self.match_draw, self.match_reason = True, True, reason

    def undo(self) -> Move:
        """Take back the last move of the match (across games)."""
        if not self._undo:
            from ..errors import MoveError
            raise MoveError("nothing to undo")
        entry = self._undo.pop()
        if entry[0] == "move":
            return self.sub.undo()
        _, previous, saved = entry
        self._restore(saved)
        self.sub = previous.clone()  # the finished game stays as it was for the copies sharing it
        self.sub.match_scores = self.match_scores
        return self._next_move()

    def clone(self) -> MatchState:
        """An independent copy. The games finished are shared, never changed: undo takes back a
        copy of one (cheap clones for searches over long matches)."""
        other = MatchState(self.match, _blank=True)
        other._restore(self._saved())
        other._undo = list(self._undo)
        if self._sub_finished():
            other.sub = self.sub  # the match is over: nothing plays on it
        else:
            other.sub = self.sub.clone()
            other.sub.match_scores = other.match_scores
        return other

    def __copy__(self) -> MatchState:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> MatchState:
        return self.clone()

    def result(self) -> Result:
        """The match's result (``over`` is False while it goes on); the scores are the match
        scores."""
        n = self.match.num_players
        scores = {p: self.match_scores[p] for p in range(1, n + 1)}
        if not self.match_over:
            return Result(False, scores=scores)
        ranks: dict[int, float] = {}
        if self.match_winners:  # Ludii's: the winners first, the losers last together
            last = 1 + len(self.match_losers)
            ranks = {p: 1 if p in self.match_winners else last for p in range(1, n + 1)}
        return Result(True, list(self.match_winners), list(self.match_losers), self.match_draw or not self.match_winners,
                      scores, self.match_reason, self.match_termination, tuple(range(n + 1)), ranks,
                      list(self.match_winners))

    def outcome(self) -> Outcome | None:
        """The match's outcome, once it is over."""
        return Outcome.of(self.result()) if self.match_over else None

    def returns(self) -> tuple[float, ...]:
        """Each player's return for the match (zeros while it goes on)."""
        n = self.match.num_players
        if not self.match_over:
            return (0.0,) * n
        return Outcome.of(self.result()).returns(n)

    @property
    def history(self) -> list[Move]:
        """The moves of the match so far: every game's, with the ``NextInstance`` moves."""
        moves: list[Move] = []
        for entry in self._undo:
            if entry[0] == "next":
                moves.extend(entry[1].history)
                moves.append(self._next_move())
        if not self._sub_finished():
            moves.extend(self.sub.history)
        return moves

    def to_text(self) -> str:
        """The game in play's position (:meth:`State.to_text`) under a comment line saying which
        game of the match it is and the match scores, and, under ``match:``, where the match
        stands: :meth:`MatchGame.state_from_text` reads it back (the game's own reader reads
        the game in play's position from it)."""
        from .position import write_position
        n = self.match.num_players
        entry: dict[str, Any] = {"name": self.match.name, "game": self.trials_done + (0 if self._sub_finished() else 1),
                                 "instance": self.match.instances[self.index].name, "ply": self.ply,
                                 "scores": {p: self.match_scores[p] for p in range(1, n + 1)}}
        if self.match_over:
            entry["result"] = {"winners": list(self.match_winners), "losers": list(self.match_losers),
                               "draw": self.match_draw, "reason": self.match_reason}
        return f"# {self.heading}\n" + write_position(self.sub, entry, self.match.options)

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that defines the match's position (for tests of undo)."""
        return self._saved() + (self.sub.snapshot(),)

    @property
    def heading(self) -> str:
        """Which game of the match is played, and the match scores, in one line."""
        scores = ", ".join(f"P{p} {self.match_scores[p]}" for p in range(1, self.match.num_players + 1))
        name = self.match.instances[self.index].name
        return f"{self.match.name}: game {self.trials_done + 1} ({name}), match scores {scores}"

    def __str__(self) -> str:
        return f"{self.heading}\n{self.sub}"

    def __repr__(self) -> str:
        status = "over" if self.match_over else f"P{self.mover} to move"
        return f"<MatchState {self.match.name!r} game {self.trials_done + 1} ply {self.ply}, {status}>"


def _count(entry: dict[str, Any], key: str, default: int) -> int:
    value = entry.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        from .position import PositionError
        raise PositionError(f"position: match: {key}: a whole number, not {value!r}")
    return value


def max_plies(game: Any) -> int:
    """The plies after which a game is surely over (its turn limit); for a match, the limit of
    each of its games over :data:`MAX_GAMES` games, with their ``NextInstance`` moves."""
    if not is_match(game):
        return int(game.turn_limit)
    return MAX_GAMES * (max(int(i.game.turn_limit) for i in game.instances) + 1)


def is_match(game: Any) -> TypeGuard[MatchGame]:
    """Whether a loaded game is a match."""
    return getattr(game, "is_match", False) is True


__all__ = ["MAX_GAMES", "NEXT_INSTANCE", "Instance", "MatchGame", "MatchState", "is_match", "max_plies"]
