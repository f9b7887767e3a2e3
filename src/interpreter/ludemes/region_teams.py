"""Ludii's region ``forEach Team``: the union of a region worked out for each team (see
:mod:`.teams`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import REGION, REGION_FN, Ludeme, Param
from .teams import teams_of

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.state import State


class RegionForEachTeam(Ludeme):
    """Region: the union of the region worked out for each team in turn, ``(team)`` being its
    players, each site once in the order found (Ludii's region ``forEach Team``).

    Parameters:
        region: the region worked out for each team

    Examples:
        (forEach Team (forEach (team) (sites Occupied by:Player)))
    """

    name = "forEach Team"
    overload = True
    kind = REGION
    concepts = ("ControlFlowStatement",)
    region: Any = Param(REGION_FN)

    def compile(self, c: Compiler):
        teams = teams_of(c.game)
        region = c.region(self.region)

        def union(s: State, e: Env) -> list[int]:
            frame = e.child()
            out: dict[int, None] = {}
            for team in teams:
                frame.team = team
                for x in region(s, frame):
                    out[x] = None
            return list(out)
        return union


__all__ = ["RegionForEachTeam"]
