"""Ludii's start ``forEach Team``: a start rule applied for each team (see :mod:`.teams`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import MOVES, START_RULE, Kind, Ludeme, Param
from .teams import teams_of

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.state import State


class StartForEachTeam(Ludeme):
    """Start rule: a start rule applied for each team in turn, ``(team)`` being its players
    (Ludii's start ``forEach Team``). A start rule that is also an effect (``(forEach (team)
    (set Score ...))``) is read as the moves form, which applies its effect for each team the
    same way.

    Parameters:
        rule: the start rule applied for each team

    Examples:
        (forEach Team (place "Disc1" (arrayValue (team) index:0)))
    """

    name = "forEach Team"
    overload = True
    kind = START_RULE
    concepts = ("ControlFlowStatement",)
    rule: Any = Param(Kind((START_RULE, MOVES), "start rule"))

    def compile_effect(self, c: Compiler):
        teams = teams_of(c.game)
        effect = c.effect(self.rule)

        def run(s: State, e: Env) -> None:
            frame = e.child()
            for team in teams:
                frame.team = team
                effect(s, frame)
        return run


__all__ = ["StartForEachTeam"]
