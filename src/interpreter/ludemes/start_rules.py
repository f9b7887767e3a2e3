"""Ludii's start rules that iterate (``game.rules.start.forEach``): a start rule applied for
each site of a region (``forEach Site``, with a condition), each player (``forEach Player``)
or each player of a list (``forEach <ints>``, which is also Ludii's moves of each player of a
list). Each is the start overload of a name the play
rules use too; the binder tells them apart by their arguments (a start rule where the moves
version takes moves)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.movegen import FnGen, MoveGen
from ..engine.values import const_fn
from ..errors import BindError
from .base import BOOL_FN, MOVES, REGION_FN, START_RULE, THEN, Kind, Ludeme, Param

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


class ForEachOfPlayers(Ludeme):
    """For each player of a list (``Player`` being the player): as a start rule, the start
    rule applied for each (Ludii's start ``forEach <ints>``); as moves, the moves of each,
    together, each with the consequences (Ludii's ``forEach <ints> <moves>``).

    Parameters:
        players: the players (an array of player numbers)
        rule: the start rule, or the moves, for each of them
        then: as moves: consequences of each move

    Examples:
        (forEach (players All) (set Score Player 2))
        (forEach (players Enemy) (move Remove (sites Occupied by:Player)))
    """

    name = "forEach"
    overload = True
    concepts = ("ControlFlowStatement",)
    kind = MOVES
    players: Any = Param(Kind(("ints",), "ints"))
    rule: Any = Param(_RULE)
    then: Any = Param(Kind((THEN,), "then"), optional=True)

    def validate(self) -> None:
        if self.rule.kind == START_RULE:
            self.kind = START_RULE  # type: ignore[misc]  # this instance's: a start rule
            if self.then is not None:
                raise BindError("(then ...) follows moves, not start rules", self.then.span)

    def compile(self, c: Compiler) -> MoveGen:
        players = self.players.compile(c)
        moves = c.moves(self.rule)
        then = c.rule(after=self.then.compile_effect(c)) if self.then is not None else ()

        def gen(s: State, e: Env) -> list:
            frame = e.child()
            out = []
            for p in tuple(players(s, e)):
                frame.player = p
                out.extend(moves.moves(s, frame))
            return [m.with_rules(m.rules + then) for m in out] if then else out
        return FnGen(gen)

    def compile_effect(self, c: Compiler):
        if self.then is not None:
            raise BindError("forEach of players as an effect takes no then", self.then.span)
        players = self.players.compile(c)
        return c.each(players, c.effect(self.rule), bind="player")


__all__ = ["StartForEachSite", "StartForEachPlayer", "ForEachOfPlayers"]
