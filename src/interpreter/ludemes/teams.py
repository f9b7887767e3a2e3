"""Ludii's iteration over teams: ``forEach Team`` (moves; its start rule and region forms are in
:mod:`.start_teams` and :mod:`.region_teams`) and the ``(team)`` it binds, the players of the
team visited.

As Ludii's state, a game with teams gives each player a team number: the number of the team
its ``(set Team N ...)`` put it in, otherwise its own player number. ``forEach Team`` visits the
team numbers 1 to the number of players, and each number that some player has is a team, its
players in order. A game declaring no team has no teams (Ludii keeps no team numbers then):
``forEach Team`` visits nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.movegen import FnGen, MoveGen, with_rules
from .base import INTS, MOVES, THEN, Kind, Ludeme, Param, kind_of
from .moves_then import then_of

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.state import State


def teams_of(game: Any) -> tuple[tuple[int, ...], ...]:
    """The teams ``forEach Team`` visits, in Ludii's order (by team number), each its players
    in order; none when the game declares no team. Teams are fixed before play here."""
    n = game.num_players
    declared = {p: t - 100 for p, t in enumerate(game.team_of) if p and t >= 100}
    if not declared:
        return ()
    number = [declared.get(p, p) for p in range(n + 1)]
    teams = (tuple(p for p in range(1, n + 1) if number[p] == t) for t in range(1, n + 1))
    return tuple(team for team in teams if team)


class TeamIterator(Ludeme):
    """The players of the team ``forEach Team`` visits, in order (Ludii's ``(team)``; no
    players outside a ``forEach Team``).

    Examples:
        (team)
    """

    name = "team"
    overload = True
    bare = True  # (team) with no argument is this; (team N {...}) the equipment's team
    kind = INTS
    concepts = ("Team",)

    def compile(self, c: Compiler):
        return lambda s, e: e.team


class ForEachTeam(Ludeme):
    """Moves: the moves of the rule for each team in turn (``(team)`` being its players), all
    together, each with the ``then`` consequences (Ludii's ``forEach Team``). As an effect, its
    moves are applied, as Ludii applies the moves of an effect.

    Parameters:
        moves: the moves made for each team
        then: consequences of each move

    Examples:
        (forEach Team (forEach (team) (addScore (player (player)) 1)))
        (forEach Team (move Pass) (then (moveAgain)))
    """

    name = "forEach Team"
    kind = MOVES
    concepts = ("ControlFlowStatement",)
    moves: Any = Param(Kind((MOVES,), "moves"))
    then: Any = Param(kind_of(THEN), optional=True)

    def compile(self, c: Compiler) -> MoveGen:
        teams = teams_of(c.game)
        inner = c.moves(self.moves)

        def gen(s: State, e: Env) -> list:
            frame = e.child()
            out: list = []
            for team in teams:
                frame.team = team
                out.extend(inner.moves(s, frame))
            return out
        return with_rules(FnGen(gen), c.rule(after=then_of(c, self.then)))

    def compile_effect(self, c: Compiler):
        """As an effect (or a start rule): the rule's effect for each team in turn, then the
        consequences (as this engine applies every effect that iterates)."""
        teams = teams_of(c.game)
        effect = c.effect(self.moves)
        then = then_of(c, self.then)

        def run(s: State, e: Env) -> None:
            frame = e.child()
            for team in teams:
                frame.team = team
                effect(s, frame)
                if then is not None:
                    then(s, frame)
        return run


__all__ = ["teams_of", "TeamIterator", "ForEachTeam"]
