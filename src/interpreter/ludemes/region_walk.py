"""Turtle walks as a region (Ludii's ``(sites [<siteType>] [<int>] {{F F R F} ...}
[rotations:<boolean>])``, its ``SitesWalk``), the walk form of :class:`.regions.SitesLabels`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from .movement import walk_targets, walks_of

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State


def compile_walks(c: Compiler, site_arg: Any, walks_arg: Any, rotations_arg: Any) -> Any:
    """The sites where turtle walks from a site end, as Ludii's ``SitesWalk``: each walk starts
    facing each of the board's orthogonal directions (only the first with ``rotations:False``);
    ``F`` steps forward, ``R`` / ``L`` turn to the next orthogonal direction (Ludii's walk reads
    no other step); a walk that leaves the board ends nowhere. In increasing order, each site
    once; none when the site is off the board. The site is ``(from)`` when left out."""
    walks = [[step for step in walk if step != "B"] for walk in walks_of(walks_arg)]  # Ludii's walk reads F, L, R
    turning = walk_targets(c.topo, walks, True)
    fixed = walk_targets(c.topo, walks, False)
    both = ([tuple(sorted(x)) for x in fixed], [tuple(sorted(x)) for x in turning])
    site = c.site(site_arg) if site_arg is not None else (lambda s, e: e.frm)
    rotations = c.bool(rotations_arg) if rotations_arg is not None else (lambda s, e: True)
    n = c.topo.n

    def walked(s: State, e: Env) -> Any:
        x = site(s, e)
        if not 0 <= x < n:
            return ()
        return both[bool(rotations(s, e))][x]
    return walked


__all__ = ["compile_walks"]
