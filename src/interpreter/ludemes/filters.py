"""Filters: the sites of a region that meet a condition (Ludii's ``(forEach REGION if:...)``).

With ``remove`` this is how several pieces are taken off at once: the region is worked out
completely, every site tested on the same position, before any piece goes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..errors import BindError
from .base import BOOL_FN, REGION, REGION_FN, Kind, Ludeme, Param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State
    from ..native.emit import Emitter, Region


class ForEachOf(Ludeme):
    """The sites of a region where a condition holds, ``(site)`` being the site tested. Every
    site is tested on the same position, so ``(remove (forEach ... if:...))`` removes all the
    pieces that meet the condition at once. With ``of:``, the union of the region worked out
    for each site of ``of:`` (``(site)`` being that site); with an array of players first, the
    union of the region worked out for each of them (``Player`` being the player), as Ludii's
    region ``forEach``.

    Parameters:
        players: the players the region is worked out for, ``Player`` being each
        region: the sites tested (or the region worked out for each site or player)
        of: the sites the region is worked out for, ``(site)`` being each
        if: the condition a site must meet to stay, ``(site)`` being the site

    Examples:
        (forEach (sites Occupied by:Mover) if:(= 0 (state at:(site))))
        (forEach (sites Occupied by:All) if:(is Within "3Dot" in:(sites Around (site))))
        (forEach of:(sites Occupied by:Mover) (sites Around (site) Orthogonal))
    """

    name = "forEach"
    concepts = ("ControlFlowStatement",)
    kind = REGION
    players: Any = Param(Kind(("ints",), "ints"), optional=True)
    region: Any = Param(REGION_FN)
    of: Any = Param(REGION_FN, optional=True, named=True)
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")

    def validate(self) -> None:
        if sum(x is not None for x in (self.players, self.of, self.condition)) != 1:
            raise BindError("forEach takes a region with if:, of: and a region, or players and a region",
                            self.span)

    def in_order(self, c: Compiler) -> bool:
        """With ``if:``, the sites kept in the region's order."""
        return self.condition is not None and c.in_order(self.region)

    def compile(self, c: Compiler):
        region = c.region(self.region)
        if self.condition is not None:
            return c.filter(region, c.bool(self.condition), bind="site")
        if self.of is not None:
            sites, field = c.region(self.of), "site"
        else:
            sites, field = self.players.compile(c), "player"

        def union(s: State, e: Env) -> list[int]:
            frame = e.child()
            out: dict[int, None] = {}
            for x in tuple(sites(s, e)):
                setattr(frame, field, x)
                for y in region(s, frame):
                    out[y] = None
            return list(out)
        return union

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.kernels.regions import Filtered
        if self.condition is None:
            from ..native.emit import NoKernel
            raise NoKernel("(forEach of:...)")
        inner = k.region(self.region)
        cond = self.condition

        def test(e: Emitter, x: str) -> str:
            with e.bind(site=x):
                return e.bool(cond)
        return Filtered(inner, test)
