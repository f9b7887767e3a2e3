"""Moves: small frozen values with one text form each.

A move is what a player chooses: place a piece (``J10``, or ``2@J10`` when the piece itself
is a choice), move one (``1-4``), take one off the board (``xC3``), pass (``pass``) or make a
named choice (``choose-white``).

A move is plain data: its kind, sites, piece and word, the identifier of the game that made it
(the game's fingerprint) and the numbers of the rules whose effects it carries (``rules``:
indices into the game's table of consequences, :attr:`Game.consequences`). What happens
*because* of the move (captures, scores) is not part of its identity: the turn machinery runs
those rules when the move is applied. Two moves are equal when they do the same thing (kind,
sites, piece, word).
"""

from __future__ import annotations

import enum
import weakref
from collections.abc import Callable, Container
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game
    from .state import State


def repeat_key(key: tuple[object, ...], seen: Container[tuple[object, ...]],
               tried: dict[tuple[object, ...], int] | None = None) -> tuple[object, ...]:
    """The key of a repeat of the move ``key``, as legal lists number it after the first: its
    word with ``/n`` added, the first n from 2 that no move in ``seen`` has (``A1-B2/2``).
    ``tried`` (kept over one list, whose ``seen`` only grows) remembers where each key's search
    ended, so the k-th repeat of a move costs one look, not k."""
    n = 2 if tried is None else tried.get(key, 2)
    while (again := key[:4] + (f"{key[4]}/{n}",) + key[5:]) in seen:
        n += 1
    if tried is not None:
        tried[key] = n + 1
    return again


class MoveKind(enum.IntEnum):
    """What a move does; each kind has one text form (see :data:`TEXT_FORMS`)."""

    ADD = 0  #: place a piece on an empty site: ``J10`` (``2@J10`` when the piece is a choice)
    MOVE = 1  #: move a piece from one site to another: ``1-4``
    PASS = 2  #: do nothing: ``pass``
    CHOICE = 3  #: a named decision: ``choose-white``
    REMOVE = 4  #: take the piece off a site: ``xC3``


ADD, MOVE, PASS, CHOICE, REMOVE = MoveKind.ADD, MoveKind.MOVE, MoveKind.PASS, MoveKind.CHOICE, MoveKind.REMOVE

# the word of a removal applied later (Ludii's ``at:EndOfTurn``, its "applied=false"): written
# ``xC3...``, it takes nothing itself; the rule that made it marks the site, emptied when the turn ends
LATER = "..."
Bound = int | tuple[int, ...]  # what a loop bound: a number, or a region (forEach Group)

_set = object.__setattr__

# the games moves may name, by identifier (a move keeps only the identifier); several games can
# share one (loaded twice from the same description), any of those alive will do
_GAMES: dict[str, weakref.WeakSet[Game]] = {}


def register_game(game: Game) -> None:
    """Let the moves that carry ``game``'s identifier find it (for their text)."""
    _GAMES.setdefault(game.uid, weakref.WeakSet()).add(game)


# the game last found for an identifier (a weak set is slow to walk, and texts ask for it often)
_FOUND: dict[str, weakref.ref[Game]] = {}


def game_named(uid: str) -> Game | None:
    """A live game whose moves carry ``uid``, if any."""
    found = _FOUND.get(uid)
    game = found() if found is not None else None
    if game is None:
        games = _GAMES.get(uid) if uid else None
        game = next(iter(games), None) if games else None
        if game is not None:
            _FOUND[uid] = weakref.ref(game)
    return game


class Move:
    """One move: a frozen, hashable value. Its :attr:`text` is its notation (``J10``, ``1-4``,
    ``pass``, ``2@C3``, ``choose-white``); its repr reads back as an equal move.

    Make one from its text with :meth:`from_text` (no position needed), or ask a state for the
    legal move a text stands for (``state.parse_move(text)``).
    """

    __slots__ = ("kind", "frm", "to", "what", "word", "prefix", "game_id", "rules", "between", "bound", "levels", "mover", "_text",
                 "_key")

    kind: MoveKind
    frm: int
    to: int
    what: int
    word: str
    prefix: str
    game_id: str  # the identifier of the game that made it (its fingerprint)
    rules: tuple[int, ...]  # the consequences it carries, in the order they run
    between: tuple[int, ...]  # the sites it passes over (a hop's), for its effects on them
    # the variables a loop bound when it made the move (("value", 3),; forEach Group's
    # ("region", sites)): what its own effects, worked out when it was made in Ludii, read
    # again when it is applied
    bound: tuple[tuple[str, Bound], ...]
    # in a stacking game (engine.stacks): (level from, level to, whole stack) when the move says
    # more than "the top piece, onto the top": the level it takes (-1: the top), the level it
    # puts the piece at (-1: on top), and whether it carries the whole stack; None otherwise
    levels: tuple[int, int, bool] | None
    mover: int  # whose move it is when a rule names the player (Ludii's roleType): 0 for the mover
    _text: str | None  # the notation, worked out the first time it is asked for
    _key: tuple[object, ...]  # what the move does (key())
    # the kind of site its ``to`` is when not the board's own (``Edge``: engine.multisite's
    # SitedMove); a class attribute here, so plain moves cost nothing more
    on: str = ""
    # the kind of site its ``frm`` is when not the board's own (a piece moving from a cell of a
    # board of vertices: engine.multisite's SitedMove), likewise
    frm_on: str = ""

    def __init__(self, kind: MoveKind, frm: int = -1, to: int = -1, what: int = 0, word: str = "",
                 prefix: str = "", game_id: str = "", rules: tuple[int, ...] = (),
                 between: tuple[int, ...] = (), text: str | None = None,
                 bound: tuple[tuple[str, Bound], ...] = (), levels: tuple[int, int, bool] | None = None,
                 mover: int = 0):
        _set(self, "kind", kind if type(kind) is MoveKind else MoveKind(kind))
        _set(self, "frm", frm)
        _set(self, "to", to)
        _set(self, "what", what)
        _set(self, "word", word)
        _set(self, "prefix", prefix)
        _set(self, "game_id", game_id)
        _set(self, "rules", rules)
        _set(self, "between", between)
        _set(self, "bound", bound)
        _set(self, "levels", levels)
        _set(self, "mover", mover)
        _set(self, "_text", text)
        key: tuple[object, ...] = (self.kind, frm, to, what, word)
        if levels is not None:
            key += (levels,)
        if mover:
            key += ("mover", mover)
        _set(self, "_key", key)  # worked out once: moves are compared and hashed on the hot path

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Move is frozen")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Move is frozen")

    @classmethod
    def parse(cls, text: str, state: State) -> Move:
        """The legal move of ``state`` whose text is ``text`` (see :meth:`State.parse_move`)."""
        return state.parse_move(text)

    @classmethod
    def from_text(cls, text: str, game: Game) -> Move:
        """The move ``text`` writes, read against ``game``'s board, pieces and words only (no
        position): ``J10`` (a placement, or a choice of that site), ``2@J10``, ``C3-D4``,
        ``xC3``, ``pass``, ``choose-white``. Whether it is legal is for a state to say:
        ``state.apply(Move.from_text("J10", game))``. Raises
        :class:`~interpreter.errors.InvalidMoveError` for a text that names no site, piece or
        word of the game."""
        from .notation import read_move
        return read_move(game, text)

    def with_prefix(self, prefix: str) -> Move:
        """The same move written with its piece (``2@C3``)."""
        return Move(self.kind, self.frm, self.to, self.what, self.word, prefix, self.game_id, self.rules,
                    self.between, bound=self.bound, levels=self.levels, mover=self.mover)

    def with_rules(self, rules: tuple[int, ...]) -> Move:
        """The same move carrying other consequences (``rules``)."""
        return Move(self.kind, self.frm, self.to, self.what, self.word, self.prefix, self.game_id, rules,
                    self.between, bound=self.bound, levels=self.levels, mover=self.mover)

    def with_word(self, word: str) -> Move:
        """The same move named by another word (a second choice of one site: ``B1/2``)."""
        return Move(self.kind, self.frm, self.to, self.what, word, self.prefix, self.game_id, self.rules,
                    self.between, bound=self.bound, levels=self.levels, mover=self.mover)

    def written(self, text: str) -> Move:
        """The same move (same key, same class) written ``text``: a text its position needs to
        tell it from another player's move of the same form (``Bet/3-P2``)."""
        import copy
        other = copy.copy(self)
        _set(other, "_text", text)
        return other

    def with_bound(self, name: str, value: Bound) -> Move:
        """The same move remembering that a loop bound ``name`` (``"value"``...) to ``value`` when
        it was made: its effects read it again when it is applied (:meth:`Env.of_move`)."""
        bound = tuple(pair for pair in self.bound if pair[0] != name) + ((name, value),)
        return Move(self.kind, self.frm, self.to, self.what, self.word, self.prefix, self.game_id, self.rules,
                    self.between, bound=bound, levels=self.levels, mover=self.mover)

    def with_levels(self, levels: tuple[int, int, bool] | None) -> Move:
        """The same move between other levels (a placement at level 0 of a stack: ``(-1, 0, False)``)."""
        return Move(self.kind, self.frm, self.to, self.what, self.word, self.prefix, self.game_id, self.rules,
                    self.between, bound=self.bound, levels=levels, mover=self.mover)

    def with_mover(self, mover: int) -> Move:
        """The same move, made by player ``mover`` (a rule naming whose move it is)."""
        return Move(self.kind, self.frm, self.to, self.what, self.word, self.prefix, self.game_id, self.rules,
                    self.between, bound=self.bound, levels=self.levels, mover=mover)

    @property
    def text(self) -> str:
        """The move's notation: ``J10``, ``2@J10``, ``1-4``, ``xC3``, ``pass``, ``choose-white``."""
        text = self._text
        if text is None:
            text = TEXT_FORMS[self.kind](self)
            _set(self, "_text", text)
        return text

    def key(self) -> tuple[object, ...]:
        """What the move does: equal keys, equal moves (a move a rule gives to a named player
        differs from the same move of another player)."""
        return self._key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        fields = [f"MoveKind.{self.kind.name}"]
        if self.frm >= 0:
            fields.append(f"frm={self.frm}")
        if self.to >= 0:
            fields.append(f"to={self.to}")
        if self.what:
            fields.append(f"what={self.what}")
        if self.word:
            fields.append(f"word={self.word!r}")
        if self.levels is not None:
            fields.append(f"levels={self.levels!r}")
        if self.mover:
            fields.append(f"mover={self.mover}")
        fields.append(f"text={self.text!r}")
        return f"Move({', '.join(fields)})"

    def __reduce__(self) -> tuple[type[Move], tuple[object, ...]]:
        return (Move, (self.kind, self.frm, self.to, self.what, self.word, self.prefix, self.game_id, self.rules,
                       self.between, self.text, self.bound, self.levels, self.mover))


def _label(move: Move, site: int) -> str:
    game = game_named(move.game_id)
    if game is None:
        return str(site)
    labels = game.topology.labels
    if 0 <= site < len(labels):
        return labels[site]
    from .sites import site_label  # a hand's site (Hand1)
    return site_label(game, site)


def _from_label(move: Move) -> str:
    """The label of a move's ``frm``; an element of another kind than the board's is written
    as Ludii writes it (``Cell 12``)."""
    if move.frm_on:
        return f"{move.frm_on} {move.frm}"
    return _label(move, move.frm)


def _to_label(move: Move) -> str:
    """The label of a move's ``to``; an element of another kind than the board's is written as
    Ludii writes it (``Edge 12``: its kind, then its number, an edge's label in Ludii)."""
    if move.on:
        return f"{move.on} {move.to}"
    return _label(move, move.to)


def _add_text(move: Move) -> str:
    to = _to_label(move)
    if move.levels is not None and move.levels[1] >= 0:  # put at a level of the stack (Ludii's Insert)
        to += f"/{move.levels[1]}"
    if move.frm >= 0:  # a copy of the piece on frm (Ludii's move copy:True): it reads from-to
        return f"{_label(move, move.frm)}-{to}{move.word}"
    return (f"{move.prefix}@{to}" if move.prefix else to) + move.word


def _move_text(move: Move) -> str:
    if move.levels is not None:
        return _with_levels(move, move.levels)
    return f"{_from_label(move)}-{_to_label(move)}{move.word}"


def _remove_text(move: Move) -> str:
    text = f"x{_to_label(move)}"
    if move.levels is not None and move.levels[0] >= 0:
        text += f"/{move.levels[0]}"
    return text + move.word


def _with_levels(move: Move, levels: tuple[int, int, bool]) -> str:
    """A move between the levels of stacks, as Ludii writes it: ``A1/2-B3`` (the piece at level
    2), ``A1-B3/0`` (put at level 0), ``A1-B3^`` (the whole stack)."""
    level, level_to, whole = levels
    frm, to = _label(move, move.frm), _label(move, move.to)
    if level >= 0:
        frm += f"/{level}"
    if level_to >= 0:
        to += f"/{level_to}"
    return f"{frm}-{to}{'^' if whole else ''}{move.word}"  # a second way of it: A1/2-B3/2


# a move that is not a choice has a word only when it is the second (third...) of that text
# with other consequences (``A1-B2/2``: see turns._distinct)
TEXT_FORMS: dict[MoveKind, Callable[[Move], str]] = {
    MoveKind.ADD: _add_text,
    MoveKind.MOVE: _move_text,
    MoveKind.PASS: lambda m: (f"pass-P{m.mover}" if m.mover else "pass") + m.word,  # a named player's: pass-P2
    MoveKind.CHOICE: lambda m: m.word,
    MoveKind.REMOVE: _remove_text,
}

__all__ = ["Move", "MoveKind", "ADD", "MOVE", "PASS", "CHOICE", "REMOVE", "LATER", "register_game", "game_named"]
