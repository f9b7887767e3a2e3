"""Start rules that set sites to a player's piece: Ludii's ``(set P1 (sites ...))``,
``(set Neutral ...)`` (``game.rules.start.set.sites.SetSite``): each site of the region (or the
one site) gets the first kind of piece the role owns, in the order the equipment declares
them (a Neutral piece for ``Neutral``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import BindError
from .base import REGION_FN, START_RULE, Enum, Ludeme, Param
from .board_sites import check_type

if TYPE_CHECKING:
    from ..compile import Compiler
    from ..engine.env import Env
    from ..engine.state import State

MAX_ROLES = 16


_SETTABLE = Enum(("Neutral",) + tuple(f"P{n}" for n in range(1, MAX_ROLES + 1)), "Neutral | P1 ... P16")


class SetSites(Ludeme):
    """Start rule: put the first kind of piece a role owns (in the order the equipment declares
    them; a neutral piece for ``Neutral``) on each site of a region, or on one site (Ludii's
    ``set`` of a role).

    Parameters:
        role: whose piece (``P1``, ``P2``... or ``Neutral``)
        type: the kind of site (the board's own kind when left out)
        sites: the sites that get a piece

    Examples:
        (set P1 (sites {0 5 6}))
        (set Neutral (sites Centre))
    """

    name = "set"
    kind = START_RULE
    family = "pieces"
    concepts = ("PiecesPlacedOnBoard",)
    role: Any = Param(_SETTABLE)
    type: Any = Param(Enum(("Cell", "Vertex", "Edge")), optional=True)
    sites: Any = Param(REGION_FN)

    def compile_effect(self, c: Compiler):
        check_type(self, c)
        name = self.role.name
        owner = 0 if name == "Neutral" else int(name[1:])
        if owner > c.game.num_players:
            raise BindError(f"{name} is not a player of this game", self.role.span)
        found = [comp.index for comp in c.game.components[1:] if comp.owner == owner]
        if not found:
            raise BindError(f"{name} has no piece to set", self.span,
                            hint=f'declare one, e.g. (piece "Disc" {name})')
        what = found[0]
        region = c.region(self.sites)

        def run(s: State, e: Env) -> None:
            for site in region(s, e):
                s.place(site, what)
        return run
