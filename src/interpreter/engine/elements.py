"""The graph elements of a board and how they touch (Ludii's ``other.topology``: ``Vertex``,
``Edge``, ``Cell`` and their lists of one another).

A board is played on one kind of element (its cells, its vertices or its edges: the board's
``use:``), whose numbers are the sites; but Ludii's rules may ask about the others: the two end
points of an edge, the edges around a cell (``(sites Incident Edge of:Cell at:...)``), the
vertices a graph game's edges join (``(is Path Edge ...)``, ``(is Tree ...)``). Those lists live
here, in Ludii's order:

- an edge's end points ``vA``, ``vB`` (``edges[e]``) as the board graph orients it;
- a vertex's edges and cells, and an edge's cells, in increasing number (Ludii adds them while
  numbering the edges and the cells, in that order);
- a cell's vertices and edges around it, as its outline runs (clockwise).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .boards.graph import BoardGraph

Point = tuple[float, float]
KINDS = ("Cell", "Vertex", "Edge")


@dataclass(frozen=True)
class Elements:
    """The vertices, edges and cells of a board with their incidences (see the module docs)."""

    vertices: tuple[Point, ...]
    edges: tuple[tuple[int, int], ...]
    cells: tuple[tuple[int, ...], ...]
    cell_edges: tuple[tuple[int, ...], ...]
    vertex_edges: tuple[tuple[int, ...], ...] = field(init=False)
    vertex_cells: tuple[tuple[int, ...], ...] = field(init=False)
    edge_cells: tuple[tuple[int, ...], ...] = field(init=False)

    def __post_init__(self) -> None:
        vertex_edges: list[list[int]] = [[] for _ in self.vertices]
        for e, (a, b) in enumerate(self.edges):
            vertex_edges[a].append(e)
            vertex_edges[b].append(e)
        vertex_cells: list[list[int]] = [[] for _ in self.vertices]
        edge_cells: list[list[int]] = [[] for _ in self.edges]
        for c, (corners, sides) in enumerate(zip(self.cells, self.cell_edges)):
            for v in corners:
                vertex_cells[v].append(c)
            for e in sides:
                edge_cells[e].append(c)
        object.__setattr__(self, "vertex_edges", tuple(map(tuple, vertex_edges)))
        object.__setattr__(self, "vertex_cells", tuple(map(tuple, vertex_cells)))
        object.__setattr__(self, "edge_cells", tuple(map(tuple, edge_cells)))

    @classmethod
    def of(cls, graph: BoardGraph) -> Elements:
        """The elements of a board graph."""
        index = graph.edge_index()
        cell_edges = []
        for face in graph.faces:
            sides = (index.get(frozenset((face[i], face[(i + 1) % len(face)]))) for i in range(len(face)))
            cell_edges.append(tuple(e for e in sides if e is not None))
        return cls(tuple(graph.vertices), tuple(graph.edges), tuple(tuple(f) for f in graph.faces),
                   tuple(cell_edges))

    def count(self, kind: str) -> int:
        """How many elements of a kind (``Cell``, ``Vertex`` or ``Edge``) the board has."""
        if kind == "Cell":
            return len(self.cells)
        return len(self.vertices) if kind == "Vertex" else len(self.edges)

    def position(self, kind: str, index: int) -> Point:
        """Where an element is: a vertex's point, an edge's middle, a cell's centre."""
        if kind == "Vertex":
            return self.vertices[index]
        if kind == "Edge":
            (ax, ay), (bx, by) = (self.vertices[v] for v in self.edges[index])
            return (ax + bx) / 2, (ay + by) / 2
        corners = self.cells[index]
        return (sum(self.vertices[v][0] for v in corners) / len(corners),
                sum(self.vertices[v][1] for v in corners) / len(corners))

    def incident(self, result: str, of: str, index: int) -> list[int]:
        """Ludii's ``(sites Incident RESULT of:OF at:INDEX)``: the elements of kind ``result``
        touching element ``index`` of kind ``of``, in Ludii's order, repeats kept (nothing
        for a number out of range). Ludii's quirk is kept: the vertices incident to a vertex
        are the numbers of the cells beside its edges, not vertices."""
        if index < 0 or index >= self.count(of):
            return []
        if of == "Cell":
            if result == "Cell":
                return [c for e in self.cell_edges[index] for c in self.edge_cells[e] if c != index]
            if result == "Edge":
                return list(self.cell_edges[index])
            return list(self.cells[index])
        if of == "Edge":
            a, b = self.edges[index]
            if result == "Vertex":
                return [a, b]
            if result == "Edge":
                return [o for v in (a, b) for o in self.vertex_edges[v] if o != index]
            return list(self.edge_cells[index])
        if result == "Cell":
            return list(self.vertex_cells[index])
        if result == "Edge":
            return list(self.vertex_edges[index])
        return [c for e in self.vertex_edges[index] for c in self.edge_cells[e] if c != index]

    def other_end(self, edge: int, vertex: int) -> int:
        """The end point of ``edge`` that is not ``vertex``."""
        a, b = self.edges[edge]
        return b if a == vertex else a


def elements_of(points: Sequence[Point]) -> Elements:
    """The elements of a board of lone points (no edges, no cells)."""
    return Elements(tuple(points), (), (), ())


__all__ = ["Elements", "KINDS", "elements_of"]
