"""Ludii's start rules that iterate (``game.rules.start.forEach``): a start rule applied for
each site of a region (``forEach Site``, with a condition), each player (``forEach Player``)
or each player of a list (``forEach <ints>``). Each is the start overload of a name the play
rules use too; the binder tells them apart by their arguments (a start rule where the moves
version takes moves)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.values import const_fn
from .base import BOOL_FN, MOVES, REGION_FN, START_RULE, Kind, Ludeme, Param

if TYPE_CHECKING:
    from ..compile import Compiler
    from ..engine.env import Env
    from ..engine.state import State

_RULE = Kind((START_RULE, MOVES), "start rule")


class StartForEachSite(Ludeme):
    """Start rule: a start rule applied at each site of a region (``(site)`` being the site)
    where the condition holds, one site after the other (a site sees what the rule did at the
    sites before it), as Ludii's start ``forEach Site``.

    Parameters:
        region: the sites visited
        if: the condition a site must meet, ``(site)`` being the site (every site when left out)
        rule: the start rule applied at each site

    Examples:
        (forEach Site (sites Top) if:(is Even (site)) (place "Disc1" (site)))
    """

    name = "forEach Site"
    overload = True
    kind = START_RULE
    concepts = ("ControlFlowStatement",)
    region: Any = Param(REGION_FN)
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    rule: Any = Param(_RULE)

    def compile_effect(self, c: Compiler):
        region = c.region(self.region)
        cond = c.bool(self.condition) if self.condition is not None else None
        effect = c.effect(self.rule)

        def run(s: State, e: Env) -> None:
            frame = e.child()
            for site in list(region(s, e)):
                frame.site = site
                if cond is None or cond(s, frame):
                    effect(s, frame)
        return run


class StartForEachPlayer(Ludeme):
    """Start rule: a start rule applied for each player in turn (``Player`` being the player),
    as Ludii's start ``forEach Player``.

    Parameters:
        rule: the start rule applied for each player

    Examples:
        (forEach Player (set Amount Player 10))
    """

    name = "forEach Player"
    overload = True
    kind = START_RULE
    concepts = ("ControlFlowStatement",)
    rule: Any = Param(Kind((START_RULE,), "start rule"))

    def compile_effect(self, c: Compiler):
        everyone = tuple(range(1, c.game.num_players + 1))
        return c.each(const_fn(everyone), c.effect(self.rule), bind="player")


class StartForEachOf(Ludeme):
    """Start rule: a start rule applied for each player of a list (``Player`` being the
    player), as Ludii's start ``forEach <ints>``.

    Parameters:
        players: the players (an array of player numbers)
        rule: the start rule applied for each of them

    Examples:
        (forEach (players All) (set Score Player 2))
    """

    name = "forEach"
    overload = True
    kind = START_RULE
    concepts = ("ControlFlowStatement",)
    players: Any = Param(Kind(("ints",), "ints"))
    rule: Any = Param(_RULE)

    def compile_effect(self, c: Compiler):
        players = self.players.compile(c)
        return c.each(players, c.effect(self.rule), bind="player")


__all__ = ["StartForEachSite", "StartForEachPlayer", "StartForEachOf"]
