"""Players in the game: how many there are, how many still play (Ludii's ``count Players``,
``count Active``). With more than two players and no teams a result ranks one player at a time
and the others play on (see :mod:`interpreter.engine.turns`); these say how many are left."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.arrays import RANKS
from ..engine.env import Env
from ..engine.values import const_fn
from .base import INT, Ludeme
from .sitetypes import site_type_param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State
    from ..native.emit import Emitter


class CountPlayers(Ludeme):
    """The number of players of the game.

    Parameters:
        any_type: a site type, which Ludii accepts and ignores here (no concept either)

    Examples:
        (count Players)
        (count Players Cell)
    """

    name = "count Players"
    kind = INT
    any_type: Any = site_type_param()

    def compile(self, c: Compiler):
        return const_fn(c.num_players)

    def kernel_int(self, k: Emitter) -> str:
        return str(k.players)


class CountActive(Ludeme):
    """The number of players still in the game: not yet ranked by a result (every player
    until the game ends, in a two-player game), none once it is over. A game that must end
    at its first result with more players says so:
    ``(if (< (count Active) (count Players)) (result All Loss))``.

    Parameters:
        any_type: a site type, which Ludii accepts and ignores here (no concept either)

    Examples:
        (count Active)
    """

    name = "count Active"
    kind = INT
    any_type: Any = site_type_param()

    def compile(self, c: Compiler):
        game = c.game
        n = game.num_players
        if not game.ranked:  # every player plays until the game ends (rules are not asked after)
            return const_fn(n)

        def active(s: State, e: Env) -> int:
            if s.over:
                return 0
            ranks = s.arrays[RANKS]
            return sum(1 for p in range(1, n + 1) if not ranks[p])
        return active

    def kernel_int(self, k: Emitter) -> str:
        from ..native import abi
        if not k.game.ranked:
            return str(k.players)
        c, p = k.temp("c"), k.temp("p")
        k.line(f"{c} = 0")
        with k.indented(f"if {k.st}[{abi.OVER}] == 0:"):
            k.line(f"for {p} in range(1, {k.players + 1}):")
            k.line(f"    if {k.st}[RANKS + {p}] == 0:")
            k.line(f"        {c} += 1")
        return c
