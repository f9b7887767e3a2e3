"""Conditions said in plain words: why a game ended, for people (``P2 has at most 1 piece``).

Each ludeme that can be said has a ``words(w)`` method returning a phrase (None when it cannot
say itself); :class:`Words` renders arguments (numbers, roles, other ludemes) and leaves roles
as placeholders (``{Mover}``, ``{Next}``), filled in with the players of the position that ended
the game (:func:`fill`), where the mover is the player who just moved.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..syntax.nodes import Bool, Const, Float, Int, Str

if TYPE_CHECKING:
    from ..engine.state import State

_ROLES = {"Mover": "{Mover}", "Next": "{Next}", "Prev": "{Prev}", "All": "every player", "Each": "each player",
          "Player": "the player", "Neutral": "nobody", "Shared": "all players"}


class Words:
    """Says ludemes and their arguments in words; with a compiler (``c``), a number worked out
    before play (``(if (= (players) 2) 5 4)``) is said as its value."""

    def __init__(self, c: Any = None):
        self.c = c

    def of(self, value: Any) -> str:
        """``value`` in words: a ludeme's own words, a number, a role, a name."""
        from .base import INT, Ludeme
        if isinstance(value, Ludeme):
            if self.c is not None and value.kind == INT:
                known = self.number(value)
                if known is not None:
                    return str(known)
            said = value.words(self)
            return said if said is not None else fallback(value)
        if isinstance(value, (Int, Float)):
            return str(value.value)
        if isinstance(value, Bool):
            return "true" if value.value else "false"
        if isinstance(value, Str):
            return f'"{value.value}"'
        if isinstance(value, Const):
            return self.role(value.name)
        return str(value)

    def number(self, value: Any) -> int | None:
        """``value``'s number when it is known before play, else None."""
        from ..engine.values import constant
        if isinstance(value, Int):
            return value.value
        if self.c is None:
            return None
        try:
            known = constant(self.c.int(value))
        except Exception:  # a value this compiler cannot work out here
            return None
        return known if isinstance(known, int) else None

    @staticmethod
    def role(name: str) -> str:
        """A role as a placeholder (``{Mover}``) or words (``every player``); ``P2`` as it is."""
        if name in _ROLES:
            return _ROLES[name]
        return name

    def whose(self, role: Any) -> str:
        """``{Next}'s`` (a role or a player-valued ludeme, possessive); everybody's for none."""
        if role is None:
            return "everybody's"
        text = self.of(role)
        return "everybody's" if text in ("every player", "each player") else f"{text}'s"


def fallback(ludeme: Any) -> str:
    """A ludeme that cannot say itself: the first clause of its class's summary."""
    summary = ludeme.summary() or ludeme.name
    first = re.split(r"\. |: |; | \(|, or |, and ", summary)[0].rstrip(".")
    return first[:1].lower() + first[1:]


def plural(n: Any, word: str) -> str:
    """``1 piece``, ``2 pieces`` (a number known as text; other texts keep the plural)."""
    return f"{n} {word}" if str(n) == "1" else f"{n} {word}s"


_PLACEHOLDER = re.compile(r"\{(Mover|Next|Prev)\}")


def fill(text: str, state: State) -> str:
    """The roles of ``text`` as the players of ``state`` (the mover being who just moved)."""
    if "{" not in text:
        return text
    game = state.game
    players = {"Mover": state.mover, "Next": game.next_of(state.mover), "Prev": game.prev_of(state.mover)}
    return _PLACEHOLDER.sub(lambda m: f"P{players[m.group(1)]}", text)


def generic(text: str) -> str:
    """``text`` with its roles said generically (for a reason known before any position)."""
    return text.replace("{Mover}", "the mover").replace("{Next}", "the next player").replace(
        "{Prev}", "the previous player")


def capital(text: str) -> str:
    """``text`` starting with a capital letter."""
    return text[:1].upper() + text[1:]


def said(ludeme: Any) -> str | None:
    """``ludeme`` in words, roles as placeholders."""
    return Words().of(ludeme)


__all__ = ["Words", "fill", "generic", "plural", "said", "fallback", "capital"]
