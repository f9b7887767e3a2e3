"""Moves: small value objects with one text form each.

A move is what a player chooses: place a piece (``J10``, or ``2@J10`` when the piece itself
is a choice), move one (``1-4``), pass (``pass``) or make a named choice (``choose-white``).
What happens *because* of the move (captures, scores) is not part of the move: it is the
``then`` closure of the rule that generated it, run when the move is applied.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

ADD = 0
MOVE = 1
PASS = 2
CHOICE = 3

Effect = Callable[[Any], None]


class Move:
    """One legal move. Compare and hash by what it does, so moves from clones compare equal.
    Treat moves as immutable: rules hand out the same object in many positions."""

    __slots__ = ("kind", "frm", "to", "what", "then", "between", "word", "effect", "prefix", "labels")

    def __init__(self, kind: int, frm: int = -1, to: int = -1, what: int = 0,
                 then: Optional[Effect] = None, between: tuple[int, ...] = (), word: str = "",
                 effect: Optional[Effect] = None, labels: Optional[list[str]] = None, prefix: str = ""):
        self.kind = kind
        self.frm = frm
        self.to = to
        self.what = what
        self.then = then
        self.between = between
        self.word = word
        self.effect = effect
        self.labels = labels
        self.prefix = prefix

    def with_prefix(self, prefix: str) -> "Move":
        """The same move written with its piece (``2@C3``)."""
        return Move(self.kind, self.frm, self.to, self.what, self.then, self.between, self.word,
                    self.effect, self.labels, prefix)

    def key(self) -> tuple:
        return (self.kind, self.frm, self.to, self.what, self.word)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __str__(self) -> str:
        if self.kind == PASS:
            return "pass"
        if self.kind == CHOICE:
            return self.word
        labels = self.labels
        to = labels[self.to] if labels is not None else str(self.to)
        if self.kind == ADD:
            return f"{self.prefix}@{to}" if self.prefix else to
        frm = labels[self.frm] if labels is not None else str(self.frm)
        return f"{frm}-{to}"

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"
