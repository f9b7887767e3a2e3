"""Ludii's counts of a board's elements and of one element's neighbours (``count Cells``,
``count Vertices``, ``count Edges``; ``count Adjacent``, ``count Orthogonal``, ``count Diagonal``,
``count Off``): numbers read from the board's shape, never from its pieces.

Ludii's classes (``functions.ints.count.simple.CountCells``..., ``count.site.CountAdjacent``...)
take the board's elements of a kind (the board's own kind by default) and, for a neighbour
count, one element: the first site of ``in:``, else ``at:``, else the last move's site. A site
outside the board counts as Ludii's ``Undefined`` (-1). Their string argument is accepted and
ignored, as in Ludii (its ``count`` constructor does not pass it on).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.dice import UNDEFINED
from ..engine.values import const_fn
from ..errors import BindError
from .base import INT, INT_FN, REGION_FN, SITE_NUMBER, STR_LIT, Ludeme, Param
from .sitetypes import kind_of_site, site_type_param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.state import State
    from ..native.emit import Emitter


class _CountElements(Ludeme):
    """The number of the board's elements of one kind (a site type is accepted and ignored, as
    in Ludii)."""

    kind = INT
    element = ""  # Cell, Vertex or Edge
    any_type: Any = site_type_param()

    def compile(self, c: Compiler):
        els = c.topo.elements
        if els is None:
            raise BindError(f"{self.name}: this board has no table of its elements", self.span)
        return const_fn(els.count(self.element))

    def kernel_int(self, k: Emitter) -> str:
        return str(k.topo.elements.count(self.element)) if k.topo.elements is not None else _no_kernel(self)


def _no_kernel(ludeme: Ludeme) -> str:
    from ..native.emit import NoKernel
    raise NoKernel(f"({ludeme.name})", "the board has no element tables")


class CountCells(_CountElements):
    """The number of the board's cells.

    Parameters:
        any_type: a site type, which Ludii accepts and ignores here (no concept either)

    Examples:
        (count Cells)
    """

    name = "count Cells"
    element = "Cell"


class CountVertices(_CountElements):
    """The number of the board's vertices.

    Parameters:
        any_type: a site type, which Ludii accepts and ignores here (no concept either)

    Examples:
        (count Vertices)
    """

    name = "count Vertices"
    element = "Vertex"


class CountEdges(_CountElements):
    """The number of the board's edges.

    Parameters:
        any_type: a site type, which Ludii accepts and ignores here (no concept either)

    Examples:
        (count Edges)
    """

    name = "count Edges"
    element = "Edge"


# --- neighbours of one element -------------------------------------------------------------------
class _CountRelation(Ludeme):
    """The number of elements in one relation to an element (its neighbours of a kind).

    Parameters:
        type: the kind of element (the board's own when left out)
        in: a region: its first site is the element
        at: the element (the last move's site when neither ``in:`` nor ``at:`` is given)
        title: a string, which Ludii accepts and ignores here
    """

    kind = INT
    relation = ""  # the board's relation table: Orthogonal, Diagonal, OffDiagonal, Adjacent
    type: Any = site_type_param()
    region: Any = Param(REGION_FN, optional=True, named=True, key="in")
    at: Any = Param(INT_FN, optional=True, named=True, range=SITE_NUMBER)
    title: Any = Param(STR_LIT, optional=True)

    def validate(self) -> None:
        if self.region is not None and self.at is not None:
            raise BindError(f"{self.name}: give in: or at:, not both", self.span)

    def counts(self, c: Compiler, kind: str) -> list[int]:
        """Per element of ``kind``, how many elements are in the relation to it."""
        topo = c.topo
        els = topo.elements
        if kind == "Edge" and els is not None:
            # Ludii counts the edges at both ends of an edge (the edge itself twice) for every
            # relation but Off, whatever kind the board is played on
            if self.relation == "OffDiagonal":
                return [0] * len(els.edges)
            return [len(els.vertex_edges[a]) + len(els.vertex_edges[b]) for a, b in els.edges]
        if kind == "Vertex" and self.relation == "OffDiagonal" and els is not None:
            return [0] * len(els.vertices)
        if kind != topo.use:
            raise BindError(f"{self.name}: this board plays on its {topo.use.lower()}s; the neighbours of its "
                            f"{kind.lower()}s are not supported yet", getattr(self.type, "span", self.span),
                            hint=f"write {topo.use} or leave the site type out")
        return [len(sites) for sites in topo.neighbours[self.relation]]

    def compile(self, c: Compiler):
        table = self.counts(c, kind_of_site(self.type, c.topo.use))
        site: Callable[[State, Env], int]
        if self.region is not None:
            region = c.region(self.region)

            def first(s: State, e: Env) -> int:
                sites = region(s, e)
                return next(iter(sites), UNDEFINED)
            site = first
        elif self.at is not None:
            site = c.int(self.at)
        else:
            site = _last_to
        size = len(table)

        def count(s: State, e: Env) -> int:
            x = site(s, e)
            return table[x] if 0 <= x < size else UNDEFINED
        return count


def _last_to(s: State, e: Env) -> int:
    return s.last_to


class CountAdjacent(_CountRelation):
    """The number of elements adjacent to an element (Ludii's ``Adjacent`` relation: on a square
    board of cells, the 8 around).

    Examples:
        (count Adjacent at:(last To))
        (count Adjacent Cell in:(sites {4}))
    """

    name = "count Adjacent"
    relation = "Adjacent"


class CountOrthogonal(_CountRelation):
    """The number of elements orthogonal to an element (cells sharing a side, vertices joined by
    an edge).

    Examples:
        (count Orthogonal at:(last To))
    """

    name = "count Orthogonal"
    relation = "Orthogonal"


class CountDiagonal(_CountRelation):
    """The number of elements diagonal to an element.

    Examples:
        (count Diagonal at:(last To))
    """

    name = "count Diagonal"
    relation = "Diagonal"


class CountOff(_CountRelation):
    """The number of elements off-diagonal to an element (Ludii's ``Off``: cells sharing only a
    corner that are not its diagonals; 0 for vertices and edges).

    Examples:
        (count Off at:(last To))
    """

    name = "count Off"
    relation = "OffDiagonal"


__all__ = ["CountCells", "CountVertices", "CountEdges", "CountAdjacent", "CountOrthogonal", "CountDiagonal",
           "CountOff"]
