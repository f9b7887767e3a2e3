"""Loops: closed paths of a group's pieces around sites that are not the group's (Ludii's
``is Loop`` and ``sites Loop``).

A loop of a group is a cycle of its pieces, each next to the following one under the
directions (``Adjacent`` by default), around at least one site that is empty or holds a piece
of another group; the board's edge never closes a loop. Both ludemes look at the group's
*shortest* loop (fewest sites), found exactly by :mod:`interpreter.engine.loops`. The group is
the region given (e.g. ``(sites)``, the group visited by ``forEach Group`` or ``values
Group``), or the group of the piece on a site (the last move's by default).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..engine.groups import group_at
from ..engine.loops import finder
from ..engine.result import Termination
from ..syntax.nodes import Int, Str
from .base import BOOL, BOOL_LIT, DIRS, INT, REGION, REGION_FN, Ludeme, Param

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
    """The sites of a group's shortest loop: the fewest pieces of the group forming a closed
    path (each next to the following one along the directions) around at least one site that
    is not the group's (empty, or holding another piece); none when the group has no loop.
    The board's edge never closes a loop, and a cycle around the group's own pieces only is no
    loop. The group is the region given (``(sites)`` inside ``forEach Group``), or the group of
    the piece on the site given (by default the last move's). With ``inside:True``, the sites
    the loop goes around instead.

    Parameters:
        inside: True: the sites the loop goes around, instead of the loop itself
        directions: how pieces join along the loop (``Adjacent`` when left out)
        of: the group, as a region or a site (the group of the last move's piece when left out)

    Examples:
        (sites Loop)
        (sites Loop (sites))
        (sites Loop inside:True Orthogonal (last To))
    """

    name = "sites Loop"
    kind = REGION
    inside: Any = Param(BOOL_LIT, optional=True, named=True)
    directions: Any = Param(DIRS, optional=True)
    of: Any = Param(REGION_FN, optional=True)
    concepts = ("Loop",)

    def compile(self, c: Compiler):
        loop, loops = loop_of(c, self.directions, self.of)
        if self.inside is not None and self.inside.value:
            enclosed = loops.enclosed
            return lambda s, e: enclosed(loop(s, e))
        return loop

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.emit import NoKernel
        from ..native.kernels.loops import LoopSites, _length_of
        if self.inside is not None and self.inside.value:
            raise NoKernel("(sites Loop inside:True)")
        return LoopSites(_length_of(self, k))


class IsLoop(Ludeme):
    """The group has a loop (see ``sites Loop``): the group given as a region, or the group of
    the piece on the site given (by default the last move's, so ``(is Loop)`` asks whether the
    last placement's group goes around something).

    Parameters:
        directions: how pieces join along the loop (``Adjacent`` when left out)
        of: the group, as a region (the group of the last move's piece when left out)

    Examples:
        (is Loop)
        (is Loop (sites))
    """

    name = "is Loop"

    def words(self, w):
        return "a loop is closed"
    kind = BOOL
    termination = Termination.LOOP
    directions: Any = Param(DIRS, optional=True)
    of: Any = Param(REGION_FN, optional=True)
    concepts = ("Loop",)

    def compile(self, c: Compiler):
        loop, _ = loop_of(c, self.directions, self.of)
        return lambda s, e: bool(loop(s, e))

    def kernel_bool(self, k: Emitter) -> str:
        from ..native.kernels.loops import _length_of
        return f"({_length_of(self, k)} > 0)"
