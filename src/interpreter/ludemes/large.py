"""Large pieces (Ludii's ``Component.walk``/``locs``, ``sites LargePiece``, ``size LargePiece``).

In Ludii a large piece is a component with a *walk*: turtle steps (``F`` forward, ``R``/``L`` a
turn to the next orthogonal direction clockwise or anticlockwise) that, from the site the piece
stands on, trace the cells it covers. Its local state picks the shape: with ``k`` orthogonal
directions, the state ``s`` starts the walk facing the ``s % k``-th of them (from North,
clockwise) and follows its ``s // k``-th walk. Ludii's dominoes are large pieces whose walk is
fixed (two cells by four).

Here a component's walks are kept as its data (``walk.<i>.<j>``: 0 forward, 1 left, 2 right);
:func:`locs` is Ludii's ``Component.locs``. The cells a placed large piece covers are kept by
:mod:`.large_pieces` (dominoes' pips by :mod:`.large_dominoes`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import BindError
from .base import INT, REGION, REGION_FN, SITE_FN, SITE_NUMBER, Ludeme, Param
from .rotations import supported
from .sitetypes import site_type_param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.game import Component
    from ..engine.state import State
    from ..engine.topology import Topology

WALK = "walk"
STEPS = ("F", "L", "R")  # coded 0, 1, 2 in the component's data
# Ludii's Domino: F R F R F L F L F R F R F (two cells by four)
DOMINO_WALK = ("F", "R", "F", "R", "F", "L", "F", "L", "F", "R", "F", "R", "F")


def walk_data(walks: list[tuple[str, ...]]) -> tuple[tuple[str, int], ...]:
    """A component's data for its walks."""
    return tuple((f"{WALK}.{i}.{j}", STEPS.index(step)) for i, walk in enumerate(walks) for j, step in enumerate(walk))


def walks_of(component: Component) -> tuple[tuple[str, ...], ...] | None:
    """The walks of a component (None: not a large piece)."""
    found: dict[int, dict[int, str]] = {}
    for key, code in component.data:
        if key.startswith(WALK + "."):
            _, i, j = key.split(".")
            found.setdefault(int(i), {})[int(j)] = STEPS[code]
    if not found:
        return None
    return tuple(tuple(steps[j] for j in sorted(steps)) for _, steps in sorted(found.items()))


def locs(topo: Topology, walks: tuple[tuple[str, ...], ...], site: int, state: int) -> list[int]:
    """The cells a large piece on ``site`` with local state ``state`` covers, in the order its
    walk reaches them (Ludii's ``Component.locs``): none when the site is not a cell of the
    board, when a step leaves the board, or when the state names no walk of the piece."""
    if not 0 <= site < topo.n:
        return []
    orth = supported(topo, "Orthogonal")
    if not orth:
        return []
    state = max(state, 0)
    index = state // len(orth)
    if index >= len(walks):
        return []  # Ludii indexes past its walks there
    facing = state % len(orth)
    out = [site]
    at = site
    for step in walks[index]:
        if step == "F":
            at = topo.step[orth[facing]][at]
            if at < 0:
                return []
            if at not in out:
                out.append(at)
        elif step == "R":
            facing = (facing + 1) % len(orth)
        else:
            facing = (facing - 1) % len(orth)
    return out


def _large(c: Compiler) -> dict[int, tuple[tuple[str, ...], ...]]:
    """The game's large pieces by component number, with their walks."""
    out = {}
    for comp in c.game.components:
        walks = walks_of(comp)
        if walks is not None:
            out[comp.index] = walks
    return out


def _local_state(s: State, site: int) -> int:
    from .variables import PIECE_STATES
    states = s.arrays.get(PIECE_STATES)
    return states[site] if states is not None and 0 <= site < len(states) else 0


def _check_type(c: Compiler, ludeme: Ludeme, value: Any) -> None:
    from .measures import check_site_type
    check_site_type(c, ludeme, value)


class SitesLargePiece(Ludeme):
    """The sites a piece covers (Ludii's ``SitesLargePiece``): none when the site is empty or off
    the board, the site itself for a piece of one site, and for a large piece the cells its walk
    covers from there with the site's local state.

    Parameters:
        type: the kind of site (the board's own when left out)
        at: the site of the piece

    Examples:
        (sites LargePiece at:(last To))
    """

    name = "sites LargePiece"
    kind = REGION
    type: Any = site_type_param()
    at: Any = Param(SITE_FN, named=True, range=SITE_NUMBER)

    def compile(self, c: Compiler):
        _check_type(c, self, self.type)
        at = c.site(self.at)
        large = _large(c)
        topo = c.topo
        n = topo.n

        def covered(s: State, e: Env) -> list[int]:
            x = at(s, e)
            if not 0 <= x < n:
                return []
            what = s.what[x]
            if not what:
                return []
            walks = large.get(what)
            if walks is None:
                return [x]
            return locs(topo, walks, x, _local_state(s, x))
        return covered


class SizeLargePiece(Ludeme):
    """How many sites the pieces on some sites take (Ludii's ``SizeLargePiece``): a piece of one
    site counts 1 (on the board or in a hand), a large piece the cells its walk (its first, facing the first orthogonal
    direction) covers from the board's centre; empty sites count 0.

    Parameters:
        type: the kind of site (the board's own when left out)
        in: the sites looked at
        at: the site looked at

    Examples:
        (size LargePiece at:(last To))
        (size LargePiece in:(sites Occupied by:Mover))
    """

    name = "size LargePiece"
    kind = INT
    type: Any = site_type_param()
    within: Any = Param(REGION_FN, optional=True, named=True, key="in")
    at: Any = Param(SITE_FN, optional=True, named=True, range=SITE_NUMBER)

    def validate(self) -> None:
        if (self.within is None) == (self.at is None):
            raise BindError("size LargePiece takes in: or at: (one of them)", self.span)

    def compile(self, c: Compiler):
        _check_type(c, self, self.type)
        if self.within is not None:
            region = c.region(self.within)
        else:
            one = c.site(self.at)
            region = lambda s, e: (one(s, e),)  # noqa: E731
        topo = c.topo
        centre = tuple(topo.regions.get("Centre", ()))
        root = centre[0] if centre else -1
        sizes = {what: len(locs(topo, walks, root, 0)) for what, walks in _large(c).items()}
        from ..engine.handsites import what_at

        def size(s: State, e: Env) -> int:
            count = 0
            for x in region(s, e):
                what = what_at(s, x)  # a hand's site too, as Ludii's
                if what:
                    count += sizes.get(what, 1)
            return count
        return size


__all__ = ["DOMINO_WALK", "walk_data", "walks_of", "locs", "SitesLargePiece", "SizeLargePiece"]
