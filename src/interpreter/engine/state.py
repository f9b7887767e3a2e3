"""Game state: the position, whose move, scores, phase, and an undo journal.

Every change to the state goes through the journaled setters (:meth:`State.place`,
:meth:`State.set_item`, :meth:`State.set_var`), each of which records *(restore, container,
key, old value)*. Undo replays those records backwards, so it restores everything a move
changed, including captures and scores changed by its consequences, without copying the
position; a new array of state (hands, values, counters) needs no undo code of its own.

Placing a piece, the commonest change, is one entry that restores the site and the counts
together. The turn machinery (what a move does, the end of the game, phases) lives in
:mod:`.turns`; this module is the data and its public face.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import IllegalMoveError, MoveError
from . import turns
from .move import Move, game_named
from .result import Outcome, Result, Termination

if TYPE_CHECKING:
    from .game import Game

_setitem = operator.setitem

# one record of the undo journal: (restore, container, key, old value); undone by
# ``restore(container, key, old)``
JournalEntry = tuple[Callable[[Any, Any, Any], object], Any, Any, Any]
# where a state is (:meth:`State.mark`): the journal's length and the scalar variables' values
Mark = tuple[int, tuple[Any, ...]]


def _restore_site(state: State, site: int, old: tuple[int, int]) -> None:
    """Undo of :meth:`State.place`: the piece and owner back, the counts with them (one journal
    entry per placement, the commonest change of all)."""
    what, owner = old
    current = state.who[site]
    if current != owner:
        counts = state.counts
        if current:
            counts[current] -= 1
        if owner:
            counts[owner] += 1
        state.who[site] = owner
    state.what[site] = what


# the arrays every state has; a game adds its own (``Game.arrays``, in ``State.arrays``)
ARRAYS = ("what", "who", "scores", "counts")
# the scalar variables of a state, besides the board arrays, scores and counts
VARIABLES = ("mover", "phase", "ply", "passes", "turn_moves", "last_to", "last_from", "last_mover", "prev",
             "move_again", "over", "winners", "losers", "draw", "reason", "termination", "seats",
             "turns", "stalemated", "turn_start", "turn_passed", "pass_turns")
_save_variables = operator.attrgetter(*VARIABLES)


class State:
    """A position of a :class:`~interpreter.engine.game.Game` plus the history needed to undo.

    Read it (``what``, ``who``, ``scores``, ``counts``, ``mover``...), ask for
    :meth:`legal_moves`, :meth:`apply` a move, :meth:`undo` it, :meth:`clone` it.
    """

    def __init__(self, game: Game):
        self.game = game
        n = game.topology.n
        self.what = [0] * n  # component index per site (0 = empty)
        self.who = [0] * n  # owner per site (0 = nobody)
        self.scores = [0] * (game.num_players + 1)
        self.counts = [0] * (game.num_players + 1)  # pieces on the board per player
        # the game's own arrays (hands, values, counters...): a fixed layout the game declares
        self.arrays: dict[str, list[Any]] = {name: list(initial) for name, initial in game.arrays.items()}
        self.mover = 0 if game.simulation else 1  # nobody moves a simulation (Ludii's mover 0)
        self.phase = 0
        self.ply = 0
        self.passes = 0  # consecutive passes
        self.turn_moves = 0  # moves the mover already made in this turn (Ludii's MovesThisTurn)
        self.turns = 1  # Ludii's numTurn: 1, and one more each time the mover changes
        self.stalemated = 0  # bit p: player p passed at their last move with no move to make
        # the passes of the turns played (Ludii's Context.allPass, engine.turns.all_passed): the
        # ply at which the latest move's turn began, whether it began with a pass, and how many
        # turns before it were passes (turns.ALL_SINCE_START: all of them, with no start moves)
        self.turn_start = 0
        self.turn_passed = False
        # a match's scores while this state is one of its games' (engine.matchplay; (matchScore ...))
        self.match_scores: list[int] | None = None
        self.trials_done = 0  # and the match's games finished before this one ((count Trials))
        self.pass_turns = 0 if game.rules.start else turns.ALL_SINCE_START
        self.last_to = -1
        self.last_from = -1
        self.last_mover = 0
        # Ludii's State.prev (``Prev``): the mover of the last move, set once its turn is done
        # (Game.applyInternal, after the end rules and the phases): during a move, the mover of
        # the move before it; no one (0) until the game's first move is done
        self.prev = 0
        self.move_again = False
        self.over = False
        self.winners: tuple[int, ...] = ()
        self.losers: tuple[int, ...] = ()
        self.draw = False
        self.reason = ""
        self.termination: Termination | None = None
        # who plays each player: seats[p] is the seat (agent) playing player p; the swap rule
        # exchanges seats, so the player who swaps takes over the other's pieces and goal
        self.seats: tuple[int, ...] = tuple(range(game.num_players + 1))
        # pieces claimed by captures during one move's consequences: site -> claiming players
        # (transient: always resolved before the consequences end)
        self.claims: dict[int, set[int]] = {}
        self._log: list[JournalEntry] = []  # the undo journal: (restore, container, key, old value)
        self._marks: list[tuple[Mark, Move, tuple[Move, ...] | None]] = []  # (mark, move, legal) per move
        self._legal: tuple[Move, ...] | None = None  # cached legal moves of this position
        self._texts: tuple[tuple[Move, ...], dict[str, Move]] | None = None  # (legal moves, text -> move): the notation's cache
        self._nested = 0  # legal-move computations in progress inside one another
        self._moving: list[int] = []  # the players whose moves are being computed, outermost first
        self._asking_next = False  # (no Moves Next) is working out the next player's moves
        self._check_prev = 0  # while it does: Ludii's Prev then, the player who just moved
        self._tried_next = -1  # Ludii's Next while ifAfterwards judges a tried move (-1: as usual)
        # the moves counted in the ply that (count Moves) leaves out: 1 while the effects a
        # move's own rule gives it run (turns.act's ``before``), which Ludii works out as it
        # lists the move, before the move counts itself (more for a move tried within them)
        self._uncounted = 0

    @property
    def listed_ply(self) -> int:
        """The ply as Ludii has it where the move being played is listed: the moves counted,
        less those whose own effects are being worked out (:attr:`_uncounted`), which Ludii
        works out as it lists them, before the move counts itself and before the values the
        previous move left pending are cleared. ``(count Moves)`` and the pending values read it."""
        return self.ply - self._uncounted

    # --- journaled changes -----------------------------------------------------------------------
    def place(self, site: int, what: int) -> None:
        """Put component ``what`` on ``site`` (0 empties it), keeping the counts."""
        who = self.who
        old_who = who[site]
        self._log.append((_restore_site, self, site, (self.what[site], old_who)))
        owner = self.game.owner_of[what]
        if old_who != owner:
            counts = self.counts
            if old_who:
                counts[old_who] -= 1
            if owner:
                counts[owner] += 1
            who[site] = owner
        self.what[site] = what
        if self.game.piece_arrays:  # a new piece (or none) on the site: its local state is 0
            for name in self.game.piece_arrays:
                data = self.arrays[name]
                if data[site]:
                    self.set_item(data, site, 0)

    def clear(self, site: int) -> None:
        """Empty ``site`` (in a stacking game, take its top piece: the one below is the top now)."""
        what = self.what[site]
        if what:
            if self.game.stacking:
                from .stacks import pop
                pop(self, site)
            else:
                self.place(site, 0)
            if self.game.on_track is not None:  # a removal: the tracks' counts (engine.ontrack)
                from .ontrack import removed
                removed(self, what, site)

    def set_item(self, container: list[Any] | dict[Any, Any], key: Any, value: Any) -> None:
        """``container[key] = value``, journaled (for any array or table of the state)."""
        self._log.append((_setitem, container, key, container[key]))
        container[key] = value

    def set_score(self, player: int, value: int) -> None:
        """Set a player's score, journaled."""
        self.set_item(self.scores, player, value)

    def set_var(self, name: str, value: Any) -> None:
        """Set one of the state's scalar variables (:data:`VARIABLES`); :meth:`mark` saved them
        all before the move, and :meth:`rollback` puts them back."""
        setattr(self, name, value)

    def mark(self) -> Mark:
        """Where the state is now: the journal's length and the scalar variables. A move (or a
        move tried and taken back) starts here; :meth:`rollback` returns here."""
        return len(self._log), _save_variables(self)

    def rollback(self, mark: Mark) -> None:
        """Return to a :meth:`mark`: undo the journal back to it, restore the variables."""
        length, saved = mark
        log = self._log
        while len(log) > length:
            restore, container, key, old = log.pop()
            restore(container, key, old)
        self.__dict__.update(zip(VARIABLES, saved))  # the scalar variables, in one call
        self._legal = None

    # --- the public API ---------------------------------------------------------------------------
    def seat(self, player: int) -> int:
        """The seat (agent, human) playing ``player`` now: ``player`` itself unless the players
        swapped (Ludii's swap rule)."""
        return self.seats[player]

    @property
    def next_player(self) -> int:
        """The player after the mover in turn order."""
        return self.game.next_of(self.mover)

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move of the player to move (a forced pass when there is none; none once
        the game is over), as a tuple: the caller cannot change the state's own list."""
        if self._legal is None:
            try:
                self._legal = tuple(turns.legal_moves(self))
            except BaseException:
                self._reset()  # a rule failed while trying moves (tries take themselves back)
                raise
        return self._legal

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.over

    def result(self) -> Result:
        """The result so far (``over`` is False while the game goes on)."""
        scores = {p: self.scores[p] for p in range(1, self.game.num_players + 1)}
        ranks = {p: self.arrays["ranks"][p] for p in scores} if self.over and self.game.ranked else {}
        won = [p for p in scores if self.arrays["won"][p]] if self.game.ranked else list(self.winners)
        return Result(self.over, list(self.winners), list(self.losers), self.draw, scores, self.reason,
                      self.termination, self.seats, ranks, won)

    def outcome(self) -> Outcome | None:
        """How the game ended (python-chess's ``Board.outcome()``): None while it goes on."""
        if not self.over:
            return None
        return Outcome.of(self.result())

    def returns(self) -> tuple[float, ...]:
        """One number per player (OpenSpiel's ``returns()``; index 0 is player 1): +1 for a win,
        -1 for a loss, 0 for a draw or while the game goes on; with more than two players
        ranked one by one, their ranks spread evenly from +1 (first) to -1 (last)."""
        n = self.game.num_players
        if not self.over:
            return (0.0,) * n
        return Outcome.of(self.result()).returns(n)

    def parse_move(self, text: str) -> Move:
        """The legal move whose text form is ``text`` (``J10``, ``1-4``, ``pass``, ``2@C3``).
        Raises :class:`~interpreter.errors.InvalidMoveError` for a text that is no move,
        :class:`~interpreter.errors.IllegalMoveError` for a move that is not legal here and
        :class:`~interpreter.errors.AmbiguousMoveError` when it could be several."""
        return self.game.notation.parse(self, text)

    def apply(self, move: Move | str) -> Move:
        """Play a legal move (a Move or its text) and return it. Raises a
        :class:`~interpreter.errors.MoveError` when it is not legal here."""
        legal = self.legal_moves()
        for chosen in legal:  # moves handed out by legal_moves() are found by identity
            if chosen is move:
                self._play(chosen, legal)
                return chosen
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, Move):
            raise MoveError(f"expected a Move or its text, got {type(move).__name__}")
        if self.over:
            raise IllegalMoveError("the game is over")
        uid = move.game_id
        if uid and uid != self.game.uid:
            other = game_named(uid)
            name = other.name if other is not None else "another game"
            raise IllegalMoveError(f"{move} is a move of another game ({name}), not of {self.game.name}")
        try:
            chosen = legal[legal.index(move)]
        except ValueError:
            if move.rules:
                raise IllegalMoveError(f"{move} is not a legal move here") from None
            # a move read from its text alone (Move.from_text) may not know its piece: its text
            # says which legal move it is, as typed at a prompt (with the parser's reasons)
            chosen = self.parse_move(move.text)
        self._play(chosen, legal)
        return chosen

    def play_random(self, rng: random.Random) -> Move:
        """Play a uniformly random legal move and return it: a random playout's step, drawn
        without listing every move when the rules allow it (:func:`turns.random_move`)."""
        move = turns.random_move(self, rng)
        self._play(move, self._legal)
        return move

    def _play(self, move: Move, legal: tuple[Move, ...] | None) -> None:
        """Play ``move`` through the turn machinery; if a rule fails half-way (a value out of
        range...), the state is left as it was before the move, and the error goes on."""
        count = len(self._marks)
        try:
            turns.play(self, move)
        except BaseException:
            if len(self._marks) > count:
                mark = self._marks.pop()[0]
                self._take_back(mark)
            self._legal = legal
            raise

    def _take_back(self, mark: Mark) -> None:
        """Return to ``mark`` after a failure: the journal, and everything transient."""
        self.rollback(mark)
        self._reset()

    def _reset(self) -> None:
        """Forget what a failed evaluation left half-done: claims, nesting."""
        self.claims = {}
        self._nested = 0
        self._moving = []
        self._asking_next = False
        self._check_prev = 0
        self._tried_next = -1
        self._uncounted = 0

    def undo(self) -> Move:
        """Take back the last move, restoring every part of the state; returns that move."""
        if not self._marks:
            raise MoveError("nothing to undo")
        mark, move, legal = self._marks.pop()
        self.rollback(mark)
        self._legal = legal
        return move

    def clone(self) -> State:
        """An independent copy (its own undo history included)."""
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        replaced: dict[int, Any] = {}
        for name in ARRAYS:
            copy = list(getattr(self, name))
            replaced[id(getattr(self, name))] = copy
            setattr(other, name, copy)
        other.arrays = {}
        for name, data in self.arrays.items():
            copy = list(data)
            replaced[id(data)] = copy
            other.arrays[name] = copy
        # the journal refers to the arrays it restores: point the copy's at the copy's arrays
        other._log = [(restore, other if container is self else replaced.get(id(container), container),
                       key, old) for restore, container, key, old in self._log]
        other._marks = list(self._marks)
        other._legal = None
        other._texts = None
        other.claims = {}
        other._moving = []
        other._asking_next = False
        other._check_prev = 0
        other._tried_next = -1
        other._uncounted = 0
        return other

    @property
    def last_move(self) -> Move | None:
        """The move played last (the one being applied, while its consequences run); None
        before any."""
        return self._marks[-1][1] if self._marks else None

    @property
    def history(self) -> list[Move]:
        """The moves played so far (that can be undone)."""
        return [m for _, m, _ in self._marks]

    def array_names(self) -> tuple[str, ...]:
        """The names of the state's arrays: the board, scores, counts and the game's own."""
        return ARRAYS + tuple(self.arrays)

    def array(self, name: str) -> list[Any]:
        """One of the state's arrays by name (the board's ``what``... or the game's own)."""
        return getattr(self, name) if name in ARRAYS else self.arrays[name]

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that defines the position (for tests: undo must restore it exactly)."""
        return (tuple(tuple(getattr(self, name)) for name in ARRAYS)
                + tuple(tuple(data) for data in self.arrays.values())
                + tuple(getattr(self, name) for name in VARIABLES))

    def to_text(self) -> str:
        """The position as a small YAML document that :meth:`Game.state_from_text` reads back."""
        from .position import write_position
        return write_position(self)

    def __str__(self) -> str:
        from .render import render_text
        return render_text(self)

    def __repr__(self) -> str:
        status = "over" if self.over else f"P{self.mover} to move"
        return f"<State {self.game.name!r} ply {self.ply}, {status}>"

    # --- copies and other processes -----------------------------------------------------------------
    def __copy__(self) -> State:
        """An independent copy (:meth:`clone`): a shallow one would share the board."""
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self.clone()  # the game is read-only: the copy shares it

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle keeps: the position, the game (built again from its description where
        it is unpickled) and the undo journal; caches and the evaluation context are made
        afresh."""
        data = self.__dict__.copy()
        data["_marks"] = [(mark, move, None) for mark, move, _ in self._marks]
        data.update(_legal=None, _texts=None, claims={}, _nested=0, _moving=[], _asking_next=False, _check_prev=0, _tried_next=-1,
                    _uncounted=0)
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__dict__.update(data)


__all__ = ["State", "Result", "Outcome", "Termination", "ARRAYS", "VARIABLES"]
