"""The game's move counter (Ludii's ``(counter)``): the moves played since it was last set,
for rules such as Chess's fifty-move draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.values import const_fn
from .base import INT, INT_FN, MOVES, Ludeme, Param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Game

_BASE = "counter_base"  # the state array holding the ply from which the counter counts


def _install(game: "Game") -> None:
    if _BASE not in game.arrays:
        game.arrays[_BASE] = [0]


class Counter(Ludeme):
    """The game's counter: the number of moves played since ``(set Counter)`` (since the start
    when it was never set), this move included while its consequences run.

    Examples:
        (counter)
    """

    name = "counter"
    kind = INT
    concepts = ("InternalCounter",)
    params = ()

    def compile(self, c: "Compiler"):
        _install(c.game)
        return lambda s: s.ply - s.counter_base[0]


class SetCounter(Ludeme):
    """Set the game's counter (as a consequence): by default to -1, so that it reads 0 once the
    move is over (Ludii counts the move after its consequences); ``(set Counter N)`` makes it
    read N + 1 then.

    Examples:
        (set Counter)
    """

    name = "set Counter"
    kind = MOVES
    concepts = ("SetInternalCounter",)
    params = (Param("value", INT_FN, optional=True),)

    def compile_effect(self, c: "Compiler"):
        _install(c.game)
        value = c.int(self.value) if self.value is not None else const_fn(-1)

        def run(s):
            # s.ply already counts this move: the counter reads value + 1 after it
            s.set_item(s.counter_base, 0, s.ply - value(s) - 1)
        return run


__all__ = ["Counter", "SetCounter"]
