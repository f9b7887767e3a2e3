"""The site-building step: from a board graph and ``use`` (``Cell`` or ``Vertex``), the sites in
Ludii's order with their positions, labels, rows and columns, neighbours, directions and rays.

What Ludii does, and this reproduces:

- order: the graph's own element order (its generators sort vertices and cells by
  ``y * 100 + x``: bottom row first, left to right; operators keep the order they are given);
- rows, columns and labels: clustered from the positions (see ``measure.rows_and_columns``), so
  a label is what a player reads off the picture, even on a rotated board (``A1`` is the first
  cell of the first row found from the bottom, whichever way the rows run); when two sites
  would get the same label, Ludii numbers rows by distinct y and columns by distinct x instead;
- relations and directions: see ``trajectories``;
- regions: Ludii's named regions for this site type (``regions.board_regions``): Top,
  Centre, Corners, Side NE, Phase0...; ``perimeter``, ``outer`` and ``inner`` are three of
  them (the vertices on the outline of the board; for cells, every cell with a corner on it;
  ``outer`` is the same set, ``inner`` the rest).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeVar

from .circular import OPPOSITE
from .graph import BoardGraph, check_size
from .measure import best_thetas, fallback_label, label, layered, layers, rows_and_columns, rows_and_columns_by_value
from .regions import board_regions
from .trajectories import RELATIONS, Lazy, opposite, trajectories
from .uses import check_use

Neighbours = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Sites:
    """The sites of a board, each list indexed by site number (Ludii's site index).

    - ``positions``: (x, y) of each site (cell centre or vertex), x right, y up;
    - ``labels``, ``rows``, ``columns``: Ludii's coordinates (``labels[i]`` is e.g. ``"C4"``);
    - ``relations[r][i]``: neighbours of site i under r in ``RELATIONS`` (Orthogonal, Diagonal,
      OffDiagonal, Adjacent, All), clockwise from north;
    - ``steps[d][i]``: the site(s) one step from i in compass direction d (usually one or none);
    - ``directions``: the compass directions used on this board, in compass order;
      ``relation_directions[r]`` those that steps under relation r use;
    - ``opposite[d]``: the direction opposite d;
    - ``rays[d][i]``: the radials from i in direction or relation d, each the sites after i
      along a straight line (a compass direction usually has one, a relation one per step);
    - ``regions``: Ludii's named regions of the board for this site type, each a tuple of
      site numbers in ascending order: ``Board``, ``Top``, ``Bottom``, ``Left``, ``Right``,
      ``Centre``, ``Corners``, ``CornersConvex``, ``CornersConcave``, ``Perimeter``,
      ``Outer``, ``Inner``, ``Major``, ``Minor`` (always present, possibly empty), and
      ``Phase0``..``Phase5``, ``Side N``, ``Side NE``, ... ``Side NW`` (present when not
      empty; Ludii gives an empty region for the others);
    - ``perimeter``, ``outer``, ``inner``: the regions of those names;
    - ``layers``: the layer of each site (a pyramidal board's; 0 on a flat one): labels then
      end in ``/layer`` (``C3/0``, ``D4/1``), as Ludii's.
    """

    use: str
    tiling: str
    positions: tuple[tuple[float, float], ...]
    labels: tuple[str, ...]
    rows: tuple[int, ...]
    columns: tuple[int, ...]
    relations: Mapping[str, Neighbours]
    steps: Mapping[str, Neighbours]
    directions: tuple[str, ...]
    relation_directions: Mapping[str, tuple[str, ...]]
    opposite: Mapping[str, str]
    rays: Mapping[str, tuple[Neighbours, ...]]
    perimeter: tuple[int, ...]
    outer: tuple[int, ...]
    inner: tuple[int, ...]
    regions: Mapping[str, tuple[int, ...]]
    layers: tuple[int, ...] = ()  # Ludii's layer of each site (all 0 on a flat board)

    def __len__(self) -> int:
        return len(self.positions)

    def index(self, site_label: str) -> int:
        """The site with this label (case-insensitive); ValueError if there is none."""
        wanted = site_label.upper()
        for i, text in enumerate(self.labels):
            if text == wanted:
                return i
        raise ValueError(f"no site labelled {site_label!r}")

    def step(self, direction: str, site: int) -> int:
        """The site one step from ``site`` in ``direction``, or -1 when off the board."""
        targets = self.steps.get(direction, ())
        if not targets or not targets[site]:
            return -1
        return targets[site][0]

    def edge_count(self, relation: str) -> int:
        """Number of distinct site pairs joined under a relation."""
        pairs = {frozenset((a, b)) for a, nbrs in enumerate(self.relations[relation]) for b in nbrs}
        return len(pairs)


_T = TypeVar("_T")


def _freeze(table: Iterable[Iterable[_T]]) -> tuple[tuple[_T, ...], ...]:
    """A table of lists as tuples (read-only, shared by every state of the board)."""
    return tuple(tuple(x) for x in table)


def build_sites(graph: BoardGraph, use: str = "Cell") -> Sites:
    """Ludii's board topology for one site type (``Board.createTopology`` with ``MeasureGraph``
    and ``Trajectories``): the sites of ``graph`` used as ``use`` (``Cell``, Ludii's default for
    every board, ``Vertex`` or ``Edge``; an edge's position is its middle, its label its
    number)."""
    check_use(use)
    if use == "Cell":
        points = [graph.face_centre(f) for f in range(len(graph.faces))]
    elif use == "Edge":
        points = [graph.edge_centre(e) for e in range(len(graph.edges))]
    else:
        points = list(graph.vertices)
    check_size(len(points), "the board")
    if not points:
        raise ValueError(f"the board has no {kind_plural(use)} to use")

    # Ludii clusters edges along the angles of rows and columns found best for the vertices
    thetas = best_thetas(graph.vertices) if use == "Edge" else None
    rows, cols = rows_and_columns(points, thetas)
    layer = layers(points, [graph.element_z(use, i) for i in range(len(points))]) \
        if graph.heights else [0] * len(points)
    labels = tuple(layered([label(r, c) for r, c in zip(rows, cols)], layer))
    if len(set(labels)) < len(labels):
        rows, cols = rows_and_columns_by_value(points)
        labels = tuple(layered([fallback_label(r, c) for r, c in zip(rows, cols)], layer))
    if use == "Edge":  # Ludii labels an edge by its number
        labels = tuple(str(i) for i in range(len(points)))

    regions = board_regions(graph, use)

    traj = trajectories(graph, use)
    return Sites(
        use=use,
        tiling=graph.tiling,
        positions=tuple((float(x), float(y)) for x, y in points),
        labels=labels,
        rows=tuple(rows),
        columns=tuple(cols),
        relations=MappingProxyType({r: _freeze(traj.relations[r]) for r in RELATIONS}),
        steps=MappingProxyType({d: _freeze(t) for d, t in traj.steps.items()}),
        directions=traj.directions,
        relation_directions=MappingProxyType(dict(traj.relation_directions)),
        opposite=MappingProxyType({d: OPPOSITE.get(d) or opposite(d) for d in traj.directions}),
        rays=Lazy(tuple(traj.rays), lambda d: tuple(_freeze(r) for r in traj.rays[d])),  # walked when asked for
        perimeter=regions["Perimeter"],
        outer=regions["Outer"],
        inner=regions["Inner"],
        regions=MappingProxyType(regions),
        layers=tuple(layer),
    )


def kind_plural(kind: str) -> str:
    """The plural of a site type's name, for messages: cells, vertices, edges."""
    return "vertices" if kind == "Vertex" else f"{kind.lower()}s"

