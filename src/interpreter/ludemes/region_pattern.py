"""The sites of a pattern (Ludii's ``(sites Pattern ...)``, ``SitesPattern``): the walks of
:mod:`.patterns` as a region."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import BindError
from .base import INT_FN, PIECE_NUMBER, REGION, SITE_FN, ArrayOf, Ludeme, Param
from .measures import SITE_TYPE, check_site_type
from .patterns import _COMPASS, STEP

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.state import State


class SitesPattern(Ludeme):
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
    pattern: Any = Param(ArrayOf(STEP))
    type: Any = Param(SITE_TYPE, optional=True)
    origin: Any = Param(SITE_FN, optional=True, named=True, key="from")
    what: Any = Param(INT_FN, optional=True, named=True, range=PIECE_NUMBER)
    whats: Any = Param(ArrayOf(INT_FN), optional=True, named=True, range=PIECE_NUMBER)

    def validate(self) -> None:
        if self.what is not None and self.whats is not None:
            raise BindError("sites Pattern takes what: or whats:, not both", self.span)

    def compile(self, c: Compiler):
        check_site_type(c, self, self.type)
        topo = c.topo
        walk = [x.name for x in (self.pattern.items if hasattr(self.pattern, "items") else [self.pattern])]
        dirs = sorted(set(topo.expand_directions(["Orthogonal"])), key=_COMPASS.index)  # clockwise
        steps = [topo.step[d] for d in dirs]
        k = len(dirs)
        # per start and facing, the sites the walk goes over (None when it leaves the board)
        paths: list[list[tuple[int, ...] | None]] = []
        for start in range(topo.n):
            per_facing: list[tuple[int, ...] | None] = []
            for facing in range(k):
                site, d, path = start, facing, [start]
                for step in walk:
                    if step == "F":
                        site = steps[d][site]
                        if site < 0:
                            break
                        path.append(site)
                    else:
                        d = (d + 1) % k if step == "R" else (d - 1) % k
                per_facing.append(tuple(path) if site >= 0 else None)
            paths.append(per_facing)
        origin = c.site(self.origin) if self.origin is not None else (lambda s, e: s.last_to)
        fns = [c.int(w) for w in self.whats.items] if self.whats is not None else \
            [c.int(self.what)] if self.what is not None else None

        def sites(s: State, e: Env) -> list[int]:
            start = origin(s, e)
            if not 0 <= start < topo.n:
                return []
            what = s.what
            wanted = [f(s, e) for f in fns] if fns is not None else [what[start]]
            if what[start] != wanted[0]:
                return []
            found: set[int] = set()
            m = len(wanted)
            for path in paths[start]:
                if path is not None and all(what[x] == wanted[i % m] for i, x in enumerate(path)):
                    found.update(path)
            return sorted(found)
        return sites


__all__ = ["SitesPattern"]
