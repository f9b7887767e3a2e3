"""Filters: the sites of a region that meet a condition (Ludii's ``(forEach REGION if:...)``).

With ``remove`` this is how several pieces are taken off at once: the region is worked out
completely, every site tested on the same position, before any piece goes.
"""

from __future__ import annotations

from typing import Any, TYPE_CHECKING

from .base import BOOL_FN, REGION, REGION_FN, Ludeme, Param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..native.emit import Emitter, Region


class ForEachOf(Ludeme):
    """The sites of a region where a condition holds, ``(site)`` being the site tested. Every
    site is tested on the same position, so ``(remove (forEach ... if:...))`` removes all the
    pieces that meet the condition at once.

    Parameters:
        region: the sites tested
        if: the condition a site must meet to stay, ``(site)`` being the site

    Examples:
        (forEach (sites Occupied by:Mover) if:(= 0 (state at:(site))))
        (forEach (sites Occupied by:All) if:(is Within "3Dot" in:(sites Around (site))))
    """

    name = "forEach"
    concepts = ("ControlFlowStatement",)
    kind = REGION
    region: Any = Param(REGION_FN)
    condition: Any = Param(BOOL_FN, named=True, key="if")

    def compile(self, c: "Compiler"):
        return c.filter(c.region(self.region), c.bool(self.condition), bind="site")

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.kernels.regions import Filtered
        inner = k.region(self.region)
        cond = self.condition

        def test(e: Emitter, x: str) -> str:
            with e.bind(site=x):
                return e.bool(cond)
        return Filtered(inner, test)
