"""Moves: small frozen values with one text form each.

A move is what a player chooses: place a piece (``J10``, or ``2@J10`` when the piece itself
is a choice), move one (``1-4``), take one off the board (``xC3``), pass (``pass``) or make a
named choice (``choose-white``).
What happens *because* of the move (captures, scores) is not part of its identity: it is the
``then`` closure of the rule that generated it, run when the move is applied.

Two moves are equal when they do the same thing (kind, sites, piece, word); a move remembers
the game that made it, so a move of one game is never applied to another.
"""

from __future__ import annotations

import enum
from typing import Any, Callable, Optional

Effect = Callable[[Any], None]


class MoveKind(enum.IntEnum):
    """What a move does; each kind has one text form (see :data:`TEXT_FORMS`)."""

    ADD = 0  #: place a piece on an empty site: ``J10`` (``2@J10`` when the piece is a choice)
    MOVE = 1  #: move a piece from one site to another: ``1-4``
    PASS = 2  #: do nothing: ``pass``
    CHOICE = 3  #: a named decision: ``choose-white``
    REMOVE = 4  #: take the piece off a site: ``xC3``


ADD, MOVE, PASS, CHOICE, REMOVE = MoveKind.ADD, MoveKind.MOVE, MoveKind.PASS, MoveKind.CHOICE, MoveKind.REMOVE

_set = object.__setattr__


class Move:
    """One move: a frozen, hashable value. Its :attr:`text` is its notation (``J10``, ``1-4``,
    ``pass``, ``2@C3``, ``choose-white``); its repr reads back as an equal move.

    Parse a text with ``state.parse_move(text)`` or ``Move.parse(text, state)``.
    """

    __slots__ = ("kind", "frm", "to", "what", "word", "prefix", "game", "then", "effect", "between",
                 "_text")

    kind: MoveKind
    frm: int
    to: int
    what: int
    word: str
    prefix: str
    game: Any
    then: Optional[Effect]
    effect: Optional[Effect]
    between: tuple[int, ...]

    def __init__(self, kind: MoveKind, frm: int = -1, to: int = -1, what: int = 0, word: str = "",
                 prefix: str = "", game: Any = None, then: Optional[Effect] = None,
                 effect: Optional[Effect] = None, between: tuple[int, ...] = (),
                 text: Optional[str] = None):
        _set(self, "kind", kind if type(kind) is MoveKind else MoveKind(kind))
        _set(self, "frm", frm)
        _set(self, "to", to)
        _set(self, "what", what)
        _set(self, "word", word)
        _set(self, "prefix", prefix)
        _set(self, "game", game)
        _set(self, "then", then)
        _set(self, "effect", effect)
        _set(self, "between", between)
        _set(self, "_text", text)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Move is frozen")

    __delattr__ = __setattr__  # type: ignore[assignment]

    @classmethod
    def parse(cls, text: str, state: Any) -> "Move":
        """The legal move of ``state`` whose text is ``text`` (see :meth:`State.parse_move`)."""
        return state.parse_move(text)

    def with_prefix(self, prefix: str) -> "Move":
        """The same move written with its piece (``2@C3``)."""
        return Move(self.kind, self.frm, self.to, self.what, self.word, prefix, self.game, self.then,
                    self.effect, self.between)

    def with_then(self, then: Effect) -> "Move":
        """The same move with ``then`` run after its own consequences."""
        own = self.then

        def both(state: Any) -> None:
            if own is not None:
                own(state)
            then(state)
        return Move(self.kind, self.frm, self.to, self.what, self.word, self.prefix, self.game, both,
                    self.effect, self.between)

    @property
    def text(self) -> str:
        """The move's notation: ``J10``, ``2@J10``, ``1-4``, ``xC3``, ``pass``, ``choose-white``."""
        text = self._text
        if text is None:
            text = TEXT_FORMS[self.kind](self)
            _set(self, "_text", text)
        return text

    def key(self) -> tuple:
        """What the move does: equal keys, equal moves."""
        return (self.kind, self.frm, self.to, self.what, self.word)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

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
        fields.append(f"text={self.text!r}")
        return f"Move({', '.join(fields)})"

    def __reduce__(self):
        return (Move, (self.kind, self.frm, self.to, self.what, self.word, self.prefix, None, None, None,
                       self.between, self.text))


def _label(move: Move, site: int) -> str:
    game = move.game
    return game.topology.labels[site] if game is not None else str(site)


def _add_text(move: Move) -> str:
    to = _label(move, move.to)
    return f"{move.prefix}@{to}" if move.prefix else to


TEXT_FORMS: dict[MoveKind, Callable[[Move], str]] = {
    MoveKind.ADD: _add_text,
    MoveKind.MOVE: lambda m: f"{_label(m, m.frm)}-{_label(m, m.to)}",
    MoveKind.PASS: lambda m: "pass",
    MoveKind.CHOICE: lambda m: m.word,
    MoveKind.REMOVE: lambda m: f"x{_label(m, m.to)}",
}
