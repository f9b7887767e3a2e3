"""Regions of the board's shape (Ludii's ``game.functions.region.sites`` forms that read the
board only): the edges by orientation (``sites Axial``, ``Horizontal``, ``Vertical``,
``Angled``, ``Slash``, ``Slosh``), concave and convex corners, major and minor cells, the
layers of the board, and the vertices of one cell or one edge (``sites Cell``, ``sites Edge``).

Each reads Ludii's measures of the board graph (see :mod:`..engine.boards.regions`), so the
sites are Ludii's numbers of those elements on every tiling.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.boards.sites import kind_plural
from ..engine.values import const_fn, constant
from ..errors import BindError
from ..syntax.nodes import Str
from .base import INT_FN, REGION, ArrayOf, BoundArray, Literal, Ludeme, Param
from .logic import value_fn
from .regions import _region_class
from .sitetypes import kind_of_site, site_type_param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..native.emit import Emitter, Region


def _board_sites(c: Any, ludeme: Ludeme, sites: tuple[int, ...], kind: str) -> tuple[int, ...]:
    """Numbers of elements of ``kind`` used as the board's sites: refused when some lie beyond
    the board's sites (a region of the rules holds sites the state has)."""
    if kind != c.topo.use and any(site >= c.topo.n for site in sites):
        raise BindError(f"{ludeme.name}: the board's {kind_plural(kind)} are numbered beyond its "
                        f"{kind_plural(c.topo.use)}, the sites its pieces are on", ludeme.span,
                        hint=f"play on {kind_plural(kind)} (board ... use:{kind})")
    return sites


def _edge_class(region: str, meaning: str) -> type:
    """``(sites <region>)``: the edges of one orientation (Ludii measures it for edges only,
    so these are always edge numbers, whichever kind the board is played on)."""
    doc = (f"{meaning} Always edges (Ludii's numbers of them): on a board played on another "
           f"kind of site, only where those numbers are sites of the board.\n\n"
           f"    Examples:\n        (sites {region})\n    ")

    def compile(self, c: Compiler):
        sites = _board_sites(c, self, tuple(c.topo.regions_of("Edge").get(region, ())), "Edge")
        return const_fn(sites)

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.emit import Listed, NoKernel
        if k.topo.use != "Edge":
            raise NoKernel(f"(sites {region})", "the board is not played on its edges")
        return Listed(tuple(k.topo.regions_of("Edge").get(region, ())))

    return type(f"Sites{region}", (Ludeme,), {
        "name": f"sites {region}", "kind": REGION, "compile": compile, "__doc__": doc,
        "__module__": __name__, "kernel_region": kernel_region, "kernel_static": True})


SitesAxial = _edge_class("Axial", "The axial edges: horizontal or vertical ones.")
SitesHorizontal = _edge_class("Horizontal", "The horizontal edges.")
SitesVertical = _edge_class("Vertical", "The vertical edges.")
SitesAngled = _edge_class("Angled", "The angled edges: neither horizontal nor vertical (slash or slosh).")
SitesSlash = _edge_class("Slash", "The slash edges: rising to the right (``/``), neither horizontal nor vertical.")
SitesSlosh = _edge_class("Slosh", "The slosh edges: falling to the right (``\\\\``), neither horizontal nor vertical.")

SitesConcaveCorners = _region_class(
    "ConcaveCorners", "The concave corners of the board's outline (where it turns inwards).", key="CornersConcave")
SitesConvexCorners = _region_class(
    "ConvexCorners", "The convex corners of the board's outline (where it turns outwards).", key="CornersConvex")
SitesMajor = _region_class(
    "Major", "The major cells: those with the most sides (the octagons of a 4.8.8 tiling); "
    "vertices and edges have none.")
SitesMinor = _region_class(
    "Minor", "The minor cells: those with fewer sides than the most (the squares of a 4.8.8 "
    "tiling); vertices and edges have none.")


class _SitesOfIndex(Ludeme):
    """A region picked by a number known at compile time or during play; none when the number
    is left out (as Ludii)."""

    kind = REGION
    type: Any = site_type_param()
    index: Any = Param(INT_FN, optional=True, range=(-1_000_000, 1_000_000))

    def table(self, c: Compiler) -> list[tuple[int, ...]]:
        """The region of each number."""
        raise NotImplementedError

    def compile(self, c: Compiler):
        if self.index is None:
            return const_fn(())
        table = self.table(c)
        n = c.topo.n
        table = [tuple(x for x in sites if x < n) for sites in table]
        index = value_fn(c, self.index)
        k = constant(index)
        if k is not None:
            return const_fn(table[k] if 0 <= k < len(table) else ())
        return lambda s, e: table[i] if 0 <= (i := index(s, e)) < len(table) else ()


class SitesLayer(_SitesOfIndex):
    """The sites of one layer of the board (Ludii clusters its elements by height: a pyramidal
    board's layers, from 0 at the bottom): every site of a flat board is on layer 0, so layer 0
    is the whole board and any other layer is empty. None when the layer is left out.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        index: the layer

    Examples:
        (sites Layer 0)
        (sites Layer Vertex 0)
    """

    name = "sites Layer"

    def table(self, c: Compiler) -> list[tuple[int, ...]]:
        kind = kind_of_site(self.type, c.topo.use)
        if kind == c.topo.use and c.topo.layers:
            layers = c.topo.layers
            return [tuple(s for s in range(c.topo.n) if layers[s] == k) for k in range(max(layers) + 1)]
        return [_board_sites(c, self, tuple(c.topo.regions_of(kind)["Board"]), kind)]


class SitesCell(_SitesOfIndex):
    """The vertices of a cell (Ludii's numbers of them, in increasing order); none when the
    cell is left out or is not on the board. The site type is accepted and unused, as in Ludii.
    Its sites are vertices: the board must be played on its vertices.

    Parameters:
        type: unused (Ludii's signature)
        index: the cell

    Examples:
        (sites Cell 0)
    """

    name = "sites Cell"

    def table(self, c: Compiler) -> list[tuple[int, ...]]:
        els = _elements(c, self)
        return [_board_sites(c, self, tuple(sorted(set(cell))), "Vertex") for cell in els.cells]


class SitesEdge(_SitesOfIndex):
    """The two end points of an edge (Ludii's numbers of those vertices, in increasing order);
    none when the edge is left out or is not on the board. The site type is accepted and
    unused, as in Ludii. Its sites are vertices: the board must be played on its vertices.

    Parameters:
        type: unused (Ludii's signature)
        index: the edge

    Examples:
        (sites Edge 0)
    """

    name = "sites Edge"

    def table(self, c: Compiler) -> list[tuple[int, ...]]:
        els = _elements(c, self)
        return [_board_sites(c, self, tuple(sorted({a, b})), "Vertex") for a, b in els.edges]


class _SitesByLabel(Ludeme):
    """``(sites Cell {"A1" ...})`` / ``(sites Edge {...})``: Ludii reads these as the sites of
    those labels, of that kind (its ``(sites <siteType> <string[]>)``), where the word names
    the kind, not the form ``sites Cell`` / ``sites Edge`` of an index."""

    kind = REGION
    sites: Any = Param(ArrayOf(Literal(Str, "string")))
    site_kind = ""

    def compile(self, c: Compiler):
        if c.topo.use != self.site_kind and c.topo.elements is not None:
            return const_fn(_labelled_elements(c, self, self.site_kind))
        if c.topo.use != self.site_kind:
            raise BindError(f"{self.name}: this board plays on its {kind_plural(c.topo.use)}; pieces on its "
                            f"{kind_plural(self.site_kind)} are not supported yet", self.span,
                            hint=f"write {c.topo.use} or leave the site type out")
        items = self.sites.items if isinstance(self.sites, BoundArray) else [self.sites]
        return c.site_list(items)


class SitesCellLabels(_SitesByLabel):
    """The cells of the given labels (Ludii's ``(sites Cell {"A1" "B2"})``, a site type and
    labels), on a board played on its cells.

    Parameters:
        sites: the labels

    Examples:
        (sites Cell {"A1" "B2"})
    """

    name = "sites Cell"
    overload = True
    site_kind = "Cell"


class SitesEdgeLabels(_SitesByLabel):
    """The edges of the given labels (their numbers: Ludii's ``(sites Edge {"0" "3"})``, a site
    type and labels), on a board played on its edges.

    Parameters:
        sites: the labels

    Examples:
        (sites Edge {"0" "3"})
    """

    name = "sites Edge"
    overload = True
    site_kind = "Edge"


def _labelled_elements(c: Compiler, ludeme: _SitesByLabel, kind: str) -> tuple[int, ...]:
    """Ludii's numbers of the elements of ``kind`` (not the board's own) with the labels given
    (Kensington's ``(regions "HexA" P1 (sites Cell "E4"))`` on a board of vertices): the labels
    Ludii gives that kind's elements, as on a board played on them."""
    from ..engine.boards import BoardGraph, build_sites
    els = c.topo.elements
    assert els is not None  # (the caller asks only a board with a table of its elements)
    graph = BoardGraph(list(els.vertices), list(els.edges), [list(cell) for cell in els.cells], c.topo.tiling)
    index = {label: n for n, label in enumerate(build_sites(graph, kind).labels)}
    items = ludeme.sites.items if isinstance(ludeme.sites, BoundArray) else [ludeme.sites]
    out = []
    for item in items:
        if not isinstance(item, Str) or item.value not in index:
            raise BindError(f"{ludeme.name}: this board has no {kind.lower()} {getattr(item, 'value', item)!r}",
                            item.span)
        out.append(index[item.value])
    return tuple(out)


def _elements(c: Compiler, ludeme: Ludeme) -> Any:
    """The board's elements, when its sites are its vertices (the numbers these forms give)."""
    els = c.topo.elements
    if els is None or c.topo.use != "Vertex":
        raise BindError(f"{ludeme.name} gives vertices: supported on a board played on its vertices",
                        ludeme.span, hint="play on vertices (board ... use:Vertex)")
    return els


__all__ = ["SitesAxial", "SitesHorizontal", "SitesVertical", "SitesAngled", "SitesSlash", "SitesSlosh",
           "SitesConcaveCorners", "SitesConvexCorners", "SitesMajor", "SitesMinor", "SitesLayer",
           "SitesCell", "SitesEdge", "SitesCellLabels", "SitesEdgeLabels"]
