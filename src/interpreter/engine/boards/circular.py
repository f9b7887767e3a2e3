"""Ludii's circular directions (``Trajectories.setCircularDirections``): ``In``, ``Out``,
``CW``, ``CCW`` and their union ``Rotational``, on boards whose vertices have a pivot (the
centre of a concentric board: :attr:`BoardGraph.pivots`).

- a pivot vertex: every step from it is ``Out`` (diagonal ones too);
- any other site with a pivot (a vertex's own; an edge's is its first end's, else its second's;
  a cell's that of its first corner with one): a diagonal step has no circular direction; a
  step is ``In`` when it points at the pivot (the dot product of the unit vectors above 0.9),
  ``Out`` when it points away (below -0.9); else, when a curved edge joins the *vertices*
  numbered as the two sites (Ludii looks the edge up by the sites' numbers whatever their
  type), ``CW`` when the step's end lies to the right of the line from the site to the pivot
  (Ludii's ``whichSide`` above 1e-7), else ``CCW``.

Radials: an ``In``/``Out``/``CW``/``CCW`` radial takes at each site the first step (clockwise
from north) in the same direction, until a site comes round again. ``Rotational`` radials are
the straight radials along the union of those steps (least bend, as a compass direction's),
then the ``In``, ``Out``, ``CW`` and ``CCW`` radials; a radial that is a prefix of another is
dropped, the rest sorted clockwise from north by their first step.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from .graph import BoardGraph

CIRCULAR = ("In", "Out", "CW", "CCW")
ROTATIONAL = "Rotational"
DIRECTIONS = CIRCULAR + (ROTATIONAL,)
OPPOSITE = {"In": "Out", "Out": "In", "CW": "CCW", "CCW": "CW", ROTATIONAL: ROTATIONAL}

Point = tuple[float, float]
Ray = tuple[int, ...]


def site_pivots(graph: BoardGraph, kind: str) -> list[int | None]:
    """Each site's pivot vertex (None when it has none), for sites of ``kind``."""
    piv = graph.pivots
    if kind == "Vertex":
        return [piv.get(v) for v in range(len(graph.vertices))]
    if kind == "Edge":
        return [piv.get(a, piv.get(b)) for a, b in graph.edges]
    return [next((piv[v] for v in face if v in piv), None) for face in graph.faces]


def classify(graph: BoardGraph, kind: str, where: Sequence[Point],
             steps: Sequence[Sequence[tuple[int, bool]]]) -> dict[str, list[list[int]]]:
    """Per circular direction, per site, its steps in that direction (in the order given).
    ``steps[site]`` lists (target, is_diagonal) for the steps to sites of the same kind."""
    count = len(where)
    out: dict[str, list[list[int]]] = {d: [[] for _ in range(count)] for d in CIRCULAR}
    pivot_ids = set(graph.pivots.values())
    pivots = site_pivots(graph, kind)
    curved = {pair for pair in graph.curved if len(pair) == 2}
    for site in range(count):
        if kind == "Vertex" and site in pivot_ids:
            out["Out"][site].extend(t for t, _ in steps[site])
            continue
        pivot = pivots[site]
        if pivot is None:
            continue
        here, centre = where[site], graph.vertices[pivot]
        to_pivot = _unit(here, centre)
        for target, diagonal in steps[site]:
            if diagonal:
                continue
            there = where[target]
            ab = _unit(here, there)
            dot = ab[0] * to_pivot[0] + ab[1] * to_pivot[1]
            if dot > 0.9:
                out["In"][site].append(target)
            elif dot < -0.9:
                out["Out"][site].append(target)
            elif frozenset((site, target)) in curved:
                side = (there[0] - centre[0]) * (here[1] - centre[1]) - (there[1] - centre[1]) * (here[0] - centre[0])
                out["CW" if side > 1e-7 else "CCW"][site].append(target)
    return out


def _unit(a: Point, b: Point) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    return (dx / length, dy / length) if length else (0.0, 0.0)


def follow(table: Sequence[Sequence[int]], site: int) -> list[Ray]:
    """The radials from ``site`` along one circular direction: from each of its steps, then the
    first step in the direction at each site reached, until a site comes round again."""
    out: list[Ray] = []
    for first in table[site]:
        ray = [site, first]
        while table[ray[-1]]:
            nxt = table[ray[-1]][0]
            if nxt in ray:
                break
            ray.append(nxt)
        found = tuple(ray[1:])
        if found not in out:
            out.append(found)
    return out


def rotational(straight: Sequence[Ray], circular: Sequence[Sequence[Ray]],
               key: Callable[[Ray], float]) -> list[Ray]:
    """Ludii's Rotational radials of one site: the straight ones, then those of In, Out, CW
    and CCW, without any that is a prefix of another (scanning from the last), sorted by
    ``key`` (clockwise from north, ties kept in order)."""
    rays = list(straight) + [r for table in circular for r in table]
    for n in range(len(rays) - 1, -1, -1):
        ray = rays[n]
        if any(m != n and len(ray) <= len(other) and other[:len(ray)] == ray
               for m, other in enumerate(rays)):
            del rays[n]
    rays.sort(key=key)
    return rays
