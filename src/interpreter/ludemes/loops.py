"""Loops: closed paths of a group's pieces around sites that are not the group's (Ludii's
``is Loop`` and ``sites Loop``).

Both ludemes read a call as Ludii does (:mod:`.booleans_loop`), except where a group is given
(ours, beside Ludii's): a region (e.g. ``(sites)``, the group visited by ``forEach Group`` or
``values Group``) or a site label, whose piece's group is meant. A loop of a group is then a
cycle of its pieces, each next to the following one under the directions (``Adjacent`` by
default), around at least one site that is empty or holds a piece of another group; the board's
edge never closes a loop. Both look at the group's *shortest* loop (fewest sites), found
exactly by :mod:`interpreter.engine.loops`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..engine.groups import group_at
from ..engine.loops import finder
from ..engine.result import Termination
from ..errors import BindError
from ..syntax.nodes import Bool, Int, Str
from .base import BOOL, BOOL_FN, BOOL_LIT, DIRS, INT, INT_FN, REGION, REGION_FN, ROLE, ArrayOf, Ludeme, Param
from .sitetypes import site_type_param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State
    from ..native.emit import Emitter, Region


def loop_of(c: Compiler, directions, of):
    """loop(state) -> the sites of the shortest loop (in order), for the group named by ``of``: a
    region, or a site whose piece's group is meant (the last move's when ``of`` is None)."""
    adjacency = c.adjacency(directions)
    loops = finder(c.topo, adjacency, c.directions(directions))
    shortest = loops.shortest
    is_site = of is None or isinstance(of, (Int, Str)) or (isinstance(of, Ludeme) and of.kind == INT)
    if not is_site:
        region = c.region(of)
        return lambda s, e: shortest(region(s, e)), loops
    site = c.site(of) if of is not None else (lambda s, e: s.last_to)

    def loop(s: State, e: Env) -> tuple[int, ...]:
        at = site(s, e)
        if at < 0:
            return ()
        owner = s.who[at]
        if not owner:
            return ()
        who = s.who
        return shortest(group_at(at, adjacency, lambda t: who[t] == owner))
    return loop, loops


class SitesLoop(Ludeme):
    """The sites of a loop, read as Ludii's ``sites Loop`` (see :mod:`.booleans_loop`, the same
    walk as ``is Loop``): from the last move's site (or ``start``), the first neighbour (last
    listed first) from which the sites not holding the site's kind of piece, grown along
    orthogonal lines, stay off the board's edge and are ringed by the ``colour`` player's
    pieces (the mover's by default) that follow each other along the directions: the ring,
    cut down to its fewest sites that still close (Ludii's filter), or with ``inside:True``
    the sites it goes around. None when there is no such ring.

    Ours beside Ludii's (kept as Loupe plays it): with a region (``(sites Loop (sites))``, the
    group visited by ``forEach Group``) or a site label (``"B2"``), the group given, or the
    group of the piece there: its *shortest* loop, the fewest pieces of the group forming a
    closed path around at least one site that is not the group's (the board's edge closes
    nothing), or with ``inside:True`` the sites it goes around. Ludii reads such a region as
    a start it never uses (its loop starts from the last move's site).

    Parameters:
        inside: True: the sites the loop goes around, instead of the loop itself
        type: the kind of site (the board's own; another kind is refused)
        surround: the player whose pieces the loop must go around
        roles: the players whose pieces the loop must go around
        directions: how the loop's pieces follow each other (``Adjacent`` when left out)
        colour: the player whose pieces make the loop (the mover when left out)
        start: the site the loop is looked for from (the last move's when left out)
        of: the group, as a region or a site label (ours; see above)

    Examples:
        (sites Loop)
        (sites Loop inside:True surround:Next)
        (sites Loop Orthogonal (mover) (last To))
        (sites Loop (sites))
        (sites Loop inside:True Orthogonal "B2")
    """

    name = "sites Loop"
    kind = REGION
    checks_site_type = True  # pieces are on the board's kind of site only (see .sitetypes)
    inside: Any = Param(BOOL_FN, optional=True, named=True)
    type: Any = site_type_param()
    surround: Any = Param(ROLE, optional=True, named=True)
    roles: Any = Param(ArrayOf(ROLE, single=False), optional=True)
    directions: Any = Param(DIRS, optional=True)
    colour: Any = Param(INT_FN, optional=True, range=(0, 17))
    start: Any = Param(INT_FN, optional=True, range=(-1, 20_000))
    of: Any = Param(REGION_FN, optional=True)
    concepts = ("Loop",)

    def validate(self) -> None:
        if self.surround is not None and self.roles is not None:
            raise BindError("sites Loop: give surround: or a list of roles, not both", self.roles.span)
        if self.start is not None and self.of is not None:
            raise BindError("sites Loop: give a start site or a region, not both", self.of.span)
        if self.of is not None and any(p is not None for p in (self.type, self.surround, self.roles, self.colour)):
            raise BindError("sites Loop: a group given as a region or a label takes inside: and directions only",
                            self.of.span)

    def ours(self) -> bool:
        """Whether the call is our group reading (a region or a label given)."""
        return self.of is not None

    def compile(self, c: Compiler):
        inside = c.bool(self.inside) if self.inside is not None else None
        if not self.ours():
            from .booleans_loop import compile_sites_loop
            return compile_sites_loop(c, self, inside)
        loop, loops = loop_of(c, self.directions, self.of)
        enclosed = loops.enclosed
        if inside is None:
            return loop
        return lambda s, e: enclosed(loop(s, e)) if inside(s, e) else loop(s, e)

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.emit import NoKernel
        from ..native.kernels.loops import LoopSites, _length_of
        if not self.ours():
            raise NoKernel("(sites Loop ...)", "Ludii's reading of loops")
        if self.inside is not None and not (isinstance(self.inside, Bool) and not self.inside.value):
            raise NoKernel("(sites Loop inside:...)")
        return LoopSites(_length_of(self, k))


class IsLoop(Ludeme):
    """A loop is closed (Ludii's ``is Loop``, read exactly as Ludii does: see
    :mod:`.booleans_loop`): from the last move's site (or ``start``), a neighbour not on the
    board's edge (holding a piece of the ``surround`` players, when given) from which the sites
    not holding the site's kind of piece, grown along orthogonal lines, stay off the edge and
    are ringed by the ``colour`` player's pieces (the mover's by default), two of them next to
    each other along the directions. A ring around the player's own pieces counts.

    Ours beside Ludii's: with a region (``(is Loop (sites))``, the group visited by ``forEach
    Group``) or a site label (``"B2"``), the group given, or the group of the piece there, has a
    loop: a closed path of its pieces around a site that is not the group's (see ``sites
    Loop``). Ludii reads a region only for tiles' paths (Trax), which the boards here do not
    have.

    Parameters:
        type: the kind of site (the board's own; another kind is refused)
        surround: the player whose pieces the loop must go around
        roles: the players whose pieces the loop must go around
        directions: how the ring's pieces follow each other (``Adjacent`` when left out)
        colour: the player whose pieces make the loop (the mover when left out)
        start: the site the loop is looked for from (the last move's when left out)
        of: the group, as a region or a site label (ours; see above)
        path: True: where the start site holds a tile, whether a path of the colour followed
            from it comes back to it (Ludii's loops of tiles' paths, :mod:`.tiles`)

    Examples:
        (is Loop)
        (is Loop (sites))
        (is Loop surround:Next)
        (is Loop Orthogonal (mover) (last To))
        (is Loop (mover) path:True)
    """

    name = "is Loop"

    def words(self, w):
        return "a loop is closed"
    kind = BOOL
    termination = Termination.LOOP
    checks_site_type = True  # pieces are on the board's kind of site only (see .sitetypes)
    type: Any = site_type_param()
    surround: Any = Param(ROLE, optional=True, named=True)
    roles: Any = Param(ArrayOf(ROLE, single=False), optional=True)
    directions: Any = Param(DIRS, optional=True)
    colour: Any = Param(INT_FN, optional=True, range=(0, 17))
    start: Any = Param(INT_FN, optional=True, range=(-1, 20_000))
    of: Any = Param(REGION_FN, optional=True)
    path: Any = Param(BOOL_LIT, optional=True, named=True)
    concepts = ("Loop",)

    def concepts_at(self, where):
        # Ludii's IsLoop keeps the concepts of its directions, Adjacent when none is given
        return ("Loop", "AdjacentDirection") if self.directions is None and not self.ours() else ("Loop",)

    def validate(self) -> None:
        if self.surround is not None and self.roles is not None:
            raise BindError("is Loop: give surround: or a list of roles, not both", self.roles.span)
        if self.of is not None and any(p is not None for p in (self.type, self.surround, self.roles, self.colour,
                                                                self.start, self.path)):
            raise BindError("is Loop: a group given as a region or a label takes directions only", self.of.span)

    def ours(self) -> bool:
        """Whether the call is our group reading (a region or a label given)."""
        return self.of is not None

    def compile(self, c: Compiler):
        if not self.ours():
            from .booleans_loop import compile_loop
            pieces = compile_loop(c, self)
            if self.path is not None and self.path.value:
                return self._with_tiles(c, pieces)
            return pieces
        loop, _ = loop_of(c, self.directions, self.of)
        return lambda s, e: bool(loop(s, e))

    def _with_tiles(self, c: Compiler, pieces: Any) -> Any:
        """Ludii's ``path:True``: a tile on the start site is read by its paths (``pieces``: the
        reading of other pieces)."""
        from .tiles import _tiles, tile_loop
        tiles = _tiles(c)
        if not tiles:
            return pieces
        along = tile_loop(c, self.colour, self.start)
        start = c.int(self.start) if self.start is not None else (lambda s, e: s.last_to)
        n = c.topo.n

        def holds(s: State, e: Env) -> bool:
            x = start(s, e)
            if 0 <= x < n and s.what[x] in tiles:
                return along(s, e)
            return pieces(s, e)
        return holds

    def kernel_bool(self, k: Emitter) -> str:
        from ..native.emit import NoKernel
        from ..native.kernels.loops import _length_of
        if not self.ours():
            raise NoKernel("(is Loop ...)", "Ludii's reading of loops")
        return f"({_length_of(self, k)} > 0)"
