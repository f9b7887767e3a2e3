"""Sites along directions from a site (Ludii's ``(sites Direction ...)``): the walk along the
board's lines that :attr:`Topology.rays` precomputes, with Ludii's options to include the
origin, stop at a site where a condition holds, and go no further than a distance."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import BOOL_FN, BOOL_LIT, DIRS, INT_FN, REGION, SITE_FN, Ludeme, Param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler


class SitesDirection(Ludeme):
    """The sites in the given directions from a site (``from:``), nearest first, to the edge
    of the board: ``included:True`` adds the site itself; ``stop:`` ends each walk at a site
    where the condition holds (``(to)`` being that site; kept with ``stopIncluded:True``);
    ``distance:`` goes at most that many steps. Directions are Adjacent by default.

    Examples:
        (sites Direction from:(last To) NE included:True)
        (sites Direction from:(to) Orthogonal stop:(is Occupied (to)) stopIncluded:True)
    """

    name = "sites Direction"
    kind = REGION
    params = (
        Param("frm", SITE_FN, named=True, key="from"),
        Param("directions", DIRS, optional=True),
        Param("included", BOOL_LIT, optional=True, named=True),
        Param("stop", BOOL_FN, optional=True, named=True),
        Param("stopIncluded", BOOL_LIT, optional=True, named=True),
        Param("distance", INT_FN, optional=True, named=True),
    )

    def compile(self, c: "Compiler"):
        frm = c.site(self.frm)
        rays = c.topo.rays_for(c.directions(self.directions, "Adjacent"))
        included = self.included is not None and self.included.value
        stop = c.bool(self.stop) if self.stop is not None else None
        stop_included = self.stopIncluded is not None and self.stopIncluded.value
        distance = c.int(self.distance) if self.distance is not None else None

        def sites(s):
            origin = frm(s)
            if origin < 0:
                return ()
            out = [origin] if included else []
            limit = distance(s) if distance is not None else None
            ctx = s.ctx
            saved = ctx.to
            for ray in rays[origin]:
                for step, site in enumerate(ray):
                    if limit is not None and step >= limit:
                        break
                    if stop is not None:
                        ctx.to = site
                        if stop(s):
                            if stop_included:
                                out.append(site)
                            break
                    out.append(site)
            ctx.to = saved
            return tuple(dict.fromkeys(out))
        return sites


__all__ = ["SitesDirection"]
