"""Start rules that set sites to a player's piece: Ludii's ``(set P1 (sites ...))``,
``(set Neutral ...)`` (``game.rules.start.set.sites.SetSite``): each site of the region (or the
one site) gets the first kind of piece the role owns, in the order the equipment declares
them (a Neutral piece for ``Neutral``)."""

from __future__ import annotations

from typing import Any, TYPE_CHECKING

from ..errors import BindError
from .base import REGION_FN, START_RULE, Enum, Ludeme, Param
from .board_sites import check_type

if TYPE_CHECKING:
    from ..compile import Compiler
    from ..engine.env import Env
    from ..engine.state import State

MAX_ROLES = 16


class _SetSites(Ludeme):
    """A start rule that puts one piece on each site of a region.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        sites: the sites that get a piece
    """

    kind = START_RULE
    family = "pieces"
    concepts = ("PiecesPlacedOnBoard",)
    type: Any = Param(Enum(("Cell", "Vertex", "Edge")), optional=True)
    sites: Any = Param(REGION_FN)
    owner = 0

    def compile_effect(self, c: "Compiler"):
        check_type(self, c)
        owner = self.owner
        if owner > c.game.num_players:
            raise BindError(f"P{owner} is not a player of this game", self.span)
        found = [comp.index for comp in c.game.components[1:] if comp.owner == owner]
        if not found:
            who = "Neutral" if owner == 0 else f"P{owner}"
            raise BindError(f"{who} has no piece to set", self.span,
                            hint=f'declare one, e.g. (piece "Disc" {who})')
        what = found[0]
        region = c.region(self.sites)

        def run(s: "State", e: "Env") -> None:
            for site in region(s, e):
                s.place(site, what)
        return run


def _role_class(role: str, owner: int) -> type:
    doc = (f"Start rule: put {'a neutral piece' if owner == 0 else f'the first kind of piece of {role}'} "
           f"on each of the sites (Ludii's ``set``).\n\n    Examples:\n        (set {role} (sites {{0 5 6}}))\n    ")
    return type(f"Set{role}", (_SetSites,), {"name": f"set {role}", "owner": owner, "__doc__": doc,
                                              "__module__": __name__})


SetNeutral = _role_class("Neutral", 0)
SET_PLAYERS = [_role_class(f"P{n}", n) for n in range(1, MAX_ROLES + 1)]
