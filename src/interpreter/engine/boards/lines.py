"""Lines through a site as Ludii reads them (``Radials``: each radial with its opposite).

Ludii walks a line through a site in two halves: a radial from the site in the direction asked
for (a compass direction, or a relation such as ``Adjacent`` whose radials start with each of
the relation's steps), then the radial recorded as its *opposite*. A radial's opposite is the
first radial of the site, in the order Ludii made them, whose first step points the other way
within 0.1 radian and which is of the same kind: for a compass direction any compass
direction's radial (made in Ludii's order N, E, S, W, NE, SE, NW, SW, NNW ... NNE), for a
relation the same relation's radials (in the order of its steps, clockwise from north). A
radial that is the opposite of one already kept is not kept again (Ludii's *distinct*
radials), so each line is looked at once; a radial without an opposite is a line that ends at
the site.

On a regular board this gives the board's axes (N with S, E with W...); on an irregular one a
relation's line may bend from one compass direction into another, and two steps that happen to
share a compass label are two radials, as in Ludii.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

from .circular import OPPOSITE as CIRCULAR_OPPOSITE

Point = tuple[float, float]
Ray = tuple[int, ...]
Rays = Sequence[Sequence[Ray]]  # per site, its radials in one direction

SPECIFIC_ORDER = ("N", "E", "S", "W", "NE", "SE", "NW", "SW",
                  "NNW", "WNW", "WSW", "SSW", "SSE", "ESE", "ENE", "NNE")
"""The compass directions in the order of Ludii's ``AbsoluteDirection``: the order in which
Ludii makes a site's radials, which decides which of two candidates is a radial's opposite."""

_TAN_OPPOSITE = math.tan(0.1)


def opposite_angle(where: Sequence[Point], site: int, a: int, b: int) -> bool:
    """Whether the steps ``site`` -> ``a`` and ``site`` -> ``b`` point opposite ways within 0.1
    radian (Ludii's ``Radial.isOppositeAngleTo``: going a -> site -> b bends that little)."""
    (ax, ay), (bx, by), (cx, cy) = where[a], where[site], where[b]
    vx, vy = bx - ax, by - ay
    ux, uy = cx - bx, cy - by
    x = ux * vx + uy * vy
    if x <= 0.0:
        return False
    return abs((ux * -vy + uy * vx) / x) < _TAN_OPPOSITE


def cw_angle(here: Point, there: Point) -> float:
    """Ludii's sort key of a step: its angle clockwise from north, in [0, 2 pi)."""
    value = math.pi / 2 - math.atan2(there[1] - here[1], there[0] - here[0]) + 0.0001
    while value < 0:
        value += 2 * math.pi
    return value


def site_lines(where: Sequence[Point], site: int, own: Sequence[Ray],
               candidates: Sequence[Ray]) -> list[tuple[Ray, Ray]]:
    """The distinct radials ``own`` of one direction at ``site``, each with its opposite (the
    empty ray when it has none): the opposite is the first of ``candidates`` (the radials of
    the same kind, in the order Ludii made them) pointing the other way."""
    def opposite_of(ray: Ray) -> Ray:
        for other in candidates:
            if other != ray and opposite_angle(where, site, ray[0], other[0]):
                return other
        return ()

    out: list[tuple[Ray, Ray]] = []
    taken: set[Ray] = set()  # the opposites of the radials kept so far
    for ray in own:
        if not ray or ray in taken:
            continue
        back = opposite_of(ray)
        if back:
            taken.add(back)
        out.append((ray, back))
    return out


class LineTable:
    """Per direction (compass or relation), per site, the lines through the site: pairs of
    (radial, opposite radial) as :func:`site_lines` gives them, worked out when first asked."""

    def __init__(self, where: Sequence[Point], radials: Mapping[str, Rays],
                 compass: Sequence[str], relations: Sequence[str]):
        self.where = where
        self.radials = radials
        self.compass = tuple(d for d in SPECIFIC_ORDER if d in compass)
        self.relations = tuple(relations)
        self._made: dict[str, list[list[tuple[Ray, Ray]]]] = {}
        self._specific: list[list[Ray]] | None = None

    def _candidates_specific(self) -> list[list[Ray]]:
        if self._specific is None:
            tables = [self.radials[d] for d in self.compass]
            self._specific = [[ray for t in tables for ray in t[s]] for s in range(len(self.where))]
        return self._specific

    def __call__(self, key: str) -> list[list[tuple[Ray, Ray]]]:
        found = self._made.get(key)
        if found is None:
            own = self.radials[key]
            if key in self.relations:
                candidates: Callable[[int], Sequence[Ray]] = lambda s: own[s]  # noqa: E731
            elif key in CIRCULAR_OPPOSITE:  # In with Out, CW with CCW: Ludii pairs them so
                back = self.radials[CIRCULAR_OPPOSITE[key]]
                candidates = lambda s: tuple(back[s]) + tuple(own[s])  # noqa: E731
            else:
                specific = self._candidates_specific()
                candidates = lambda s: specific[s]  # noqa: E731
            found = self._made[key] = [site_lines(self.where, s, own[s], candidates(s))
                                       for s in range(len(self.where))]
        return found


def oriented(where: Sequence[Point], site: int, fwd: Ray, back: Ray) -> tuple[Ray, Ray]:
    """A line through ``site`` with its halves in a fixed order: the half whose first step
    points clockwise from north up to south first (N, NE, E, SE before S, SW, W, NW), so that
    every site of a straight line sees the line the same way round."""
    if not fwd or cw_angle(where[site], where[fwd[0]]) < math.pi:
        return fwd, back
    return back, fwd
