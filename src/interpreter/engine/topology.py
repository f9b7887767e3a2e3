"""Board topology: sites, labels, neighbours per direction, rays and regions, precomputed once.

Every board, whatever its shape, ends up as the same tables, so the rules never ask what the
board looks like: ``step[d][s]`` is the neighbour of site ``s`` in direction ``d`` (or -1),
``rays[d][s]`` the sites beyond ``s`` in that direction, ``regions[name]`` a tuple of sites.
A networkx graph of the board is built on first use, for graph algorithms.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterable

MAX_SITES = 10_000

# Offsets (row, col) of the eight compass directions on a square grid; rows grow northwards.
SQUARE_OFFSETS = {
    "N": (1, 0), "S": (-1, 0), "E": (0, 1), "W": (0, -1),
    "NE": (1, 1), "NW": (1, -1), "SE": (-1, 1), "SW": (-1, -1),
}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E", "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}
DIRECTION_SETS = {
    "Orthogonal": ("N", "E", "S", "W"),
    "Diagonal": ("NE", "SE", "SW", "NW"),
    "All": ("N", "NE", "E", "SE", "S", "SW", "W", "NW"),
    "Adjacent": ("N", "E", "S", "W"),
}


def column_letters(index: int) -> str:
    """0 → A, 25 → Z, 26 → AA (Ludii's column names)."""
    text = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        text = chr(ord("A") + rem) + text
    return text


@dataclass
class Topology:
    """The precomputed tables of one board."""

    coords: list[tuple[int, int]]  # (row, col) per site
    labels: list[str]
    step: dict[str, list[int]]  # direction -> neighbour per site (-1 off board)
    regions: dict[str, tuple[int, ...]] = field(default_factory=dict)
    kind: str = "square"
    rows: int = 0
    cols: int = 0

    def __post_init__(self) -> None:
        self.n = len(self.coords)
        self.label_index = {label: i for i, label in enumerate(self.labels)}
        self.label_index.update({label.upper(): i for i, label in enumerate(self.labels)})
        self.directions = tuple(self.step)
        self.axes = tuple((d, OPPOSITE[d]) for d in ("N", "E", "NE", "NW") if d in self.step)

    def ray(self, site: int, direction: str) -> tuple[int, ...]:
        """The sites beyond ``site`` in ``direction``, nearest first, to the edge of the board."""
        out = []
        table = self.step[direction]
        nxt = table[site]
        while nxt >= 0:
            out.append(nxt)
            nxt = table[nxt]
        return tuple(out)

    def expand_directions(self, names: Iterable[str]) -> tuple[str, ...]:
        """Direction names or sets (Orthogonal, All...) → concrete directions of this board."""
        out: list[str] = []
        for name in names:
            for d in DIRECTION_SETS.get(name, (name,)):
                if d in self.step and d not in out:
                    out.append(d)
        return tuple(out)

    def site(self, label: str) -> int:
        """The site with this label (case-insensitive), or -1."""
        index = self.label_index.get(label, self.label_index.get(label.upper(), -1))
        return index

    def neighbours(self, site: int, directions: tuple[str, ...]) -> list[int]:
        """The sites next to ``site`` in the given directions."""
        return [n for d in directions if (n := self.step[d][site]) >= 0]

    def distances(self, origin: int, directions: tuple[str, ...]) -> list[int]:
        """Steps from ``origin`` to every site along ``directions`` (-1 when unreachable)."""
        dist = [-1] * self.n
        dist[origin] = 0
        queue = deque([origin])
        while queue:
            s = queue.popleft()
            for n in self.neighbours(s, directions):
                if dist[n] < 0:
                    dist[n] = dist[s] + 1
                    queue.append(n)
        return dist

    @cached_property
    def graph(self):
        """The board as a networkx graph (orthogonal + diagonal adjacency as edge attribute)."""
        import networkx as nx
        g = nx.Graph()
        for s in range(self.n):
            g.add_node(s, label=self.labels[s], coord=self.coords[s])
        for d in self.directions:
            for s, n in enumerate(self.step[d]):
                if n >= 0:
                    g.add_edge(s, n, direction=d)
        return g


def grid(rows: int, cols: int, labels: list[str] | None = None, removed: Iterable[str] = ()) -> Topology:
    """A rows x cols grid of sites (cells or intersections alike) with the 8 compass directions."""
    if rows < 1 or cols < 1:
        raise ValueError("a board needs at least one row and one column")
    if rows * cols > MAX_SITES:
        raise ValueError(f"board too large ({rows * cols} sites, at most {MAX_SITES})")
    coords = [(r, c) for r in range(rows) for c in range(cols)]
    default = [f"{column_letters(c)}{r + 1}" for r, c in coords]
    if labels is not None and len(labels) != len(coords):
        raise ValueError(f"{len(labels)} labels for {len(coords)} sites")
    names = labels if labels is not None else default
    gone = set(removed)
    keep = [i for i, name in enumerate(names) if name not in gone and default[i] not in gone]
    renumber = {old: new for new, old in enumerate(keep)}
    index = {coord: i for i, coord in enumerate(coords)}
    step: dict[str, list[int]] = {}
    for d, (dr, dc) in SQUARE_OFFSETS.items():
        table = []
        for old in keep:
            r, c = coords[old]
            target = index.get((r + dr, c + dc), -1)
            table.append(renumber.get(target, -1))
        step[d] = table
    kept_coords = [coords[i] for i in keep]
    topo = Topology(kept_coords, [names[i] for i in keep], step, kind="square", rows=rows, cols=cols)
    topo.regions.update(_grid_regions(topo, rows, cols))
    return topo


def _grid_regions(topo: Topology, rows: int, cols: int) -> dict[str, tuple[int, ...]]:
    by_coord = {c: i for i, c in enumerate(topo.coords)}

    def where(pred) -> tuple[int, ...]:
        return tuple(i for i, (r, c) in enumerate(topo.coords) if pred(r, c))

    centre_rows = {(rows - 1) // 2, rows // 2}
    centre_cols = {(cols - 1) // 2, cols // 2}
    perimeter = tuple(i for i in range(topo.n)
                      if any(topo.step[d][i] < 0 for d in ("N", "E", "S", "W")))
    corners = tuple(by_coord[c] for c in [(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1)]
                    if c in by_coord)
    return {
        "Bottom": where(lambda r, c: r == 0),
        "Top": where(lambda r, c: r == rows - 1),
        "Left": where(lambda r, c: c == 0),
        "Right": where(lambda r, c: c == cols - 1),
        "Centre": where(lambda r, c: r in centre_rows and c in centre_cols),
        "Corners": tuple(dict.fromkeys(corners)),
        "Perimeter": perimeter,
        "Outer": perimeter,
        "Inner": tuple(i for i in range(topo.n) if i not in set(perimeter)),
        "Board": tuple(range(topo.n)),
    }
