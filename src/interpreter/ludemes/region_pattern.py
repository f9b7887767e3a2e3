"""The sites of a pattern (Ludii's ``(sites Pattern ...)``, ``SitesPattern``): the walks of
:mod:`.patterns` as a region."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import REGION
from .patterns import PatternWalk, walked

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.state import State


class SitesPattern(PatternWalk):
    """The sites of a pattern walked from a site (the last move's by default), as Ludii's
    ``SitesPattern``: the walk (``F`` a step forward, ``R`` / ``L`` a turn to the next of the
    board's orthogonal directions) is tried facing each orthogonal direction; each walk whose
    sites all hold the pieces wanted (the piece on the starting site, or ``what:``, or
    ``whats:`` in turn, the starting site first) gives its sites, the starting site included.
    None when the starting site does not hold the first piece wanted. In increasing order.

    Parameters:
        pattern: the walk: ``F`` a step forward, ``L`` and ``R`` turns
        type: the kind of site (the board's own kind when left out)
        from: the site the walk starts from (the last move's when left out)
        what: the kind of piece walked over (the starting site's when left out)
        whats: the kinds of piece, one per site in turn

    Examples:
        (sites Pattern {F R F R F})
        (sites Pattern {F F} from:(last To) what:(id "Disc" Mover))
    """

    name = "sites Pattern"
    concepts = ("Pattern",)
    kind = REGION

    def compile(self, c: Compiler):
        origin, wanted_from, paths = self.walks(c)
        n = c.topo.n

        def sites(s: State, e: Env) -> list[int]:
            start = origin(s, e)
            if not 0 <= start < n:
                return []
            what = s.what
            wanted = wanted_from(s, e, start)
            if what[start] != wanted[0]:
                return []
            found: set[int] = set()
            for path in paths[start]:
                if walked(what, path, wanted):
                    found.update(path)
            return sorted(found)
        return sites


__all__ = ["SitesPattern"]
