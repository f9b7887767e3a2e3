"""Ludii's counts of a board's elements and of one element's neighbours (``count Cells``,
``count Vertices``, ``count Edges``; ``count Adjacent``, ``count Orthogonal``, ``count Diagonal``,
``count Off``, ``count Neighbours``): numbers read from the board's shape, never from its
pieces. Ludii's element lists are its steps in a relation (``Topology.computeRelation``): the
neighbours, its steps along ``All``.

Ludii's classes (``functions.ints.count.simple.CountCells``..., ``count.site.CountAdjacent``...)
take the board's elements of a kind (the board's own kind by default) and, for a neighbour
count, one element: the first site of ``in:``, else ``at:``, else the last move's site. A site
outside the board counts as Ludii's ``Undefined`` (-1). Their string argument is accepted and
ignored, as in Ludii (its ``count`` constructor does not pass it on).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.boards.sites import kind_plural
from ..engine.dice import UNDEFINED
from ..engine.values import const_fn
from ..errors import BindError
from .base import BOOL_FN, DIRS, DISTANCE, INT, INT_FN, REGION_FN, SITE_NUMBER, STR_LIT, Ludeme, Param
from .measures import check_site_type
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
            raise BindError(f"{self.name}: this board plays on its {kind_plural(topo.use)}; the neighbours of its "
                            f"{kind_plural(kind)} are not supported yet", getattr(self.type, "span", self.span),
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


class CountNeighbours(_CountRelation):
    """The number of neighbours of an element: Ludii's ``neighbours`` of an element, its steps in
    every direction (the ``All`` relation: on a square board of cells, the 8 around).

    Examples:
        (count Neighbours at:(last To))
    """

    name = "count Neighbours"
    relation = "All"


class CountOff(_CountRelation):
    """The number of elements off-diagonal to an element (Ludii's ``Off``: cells sharing only a
    corner that are not its diagonals; 0 for vertices and edges).

    Examples:
        (count Off at:(last To))
    """

    name = "count Off"
    relation = "OffDiagonal"




# --- groups ----------------------------------------------------------------------------------------
class CountSizeBiggestGroup(Ludeme):
    """The size of the biggest group on the board (0 when there is none): groups as ``count
    Groups`` finds them, occupied sites joined under the directions, or sites meeting ``if:``
    (``(to)`` being the site tested).

    Parameters:
        type: the kind of site (the board's own kind when left out)
        directions: how sites join into a group (``Adjacent`` when left out)
        throughAny: the sites a group may start from (every site when left out); a group
            started there grows over the whole board
        if: the condition a site must meet to be in a group, ``(to)`` being the site (occupied when
            left out)
        min: a number Ludii accepts and ignores for this count
        isVisible: Ludii's visibility test for pyramid boards: when true, a group starts at no
            site hidden as below, and no site joins while it shares two or more occupied sites
            above with the site it grows from

    As Ludii's ``CountSizeBiggestGroup``, whatever ``isVisible`` says, sites 8, 10, 14, 18 and 20
    join no group from a neighbour while the site numbered one more is occupied (Ludii's fixed
    numbers, made for one pyramid board).

    Examples:
        (count SizeBiggestGroup)
        (count SizeBiggestGroup Orthogonal if:(= (who at:(to)) (mover)))
        (count SizeBiggestGroup (sites Around (to)) if:(= (what at:(to)) 1))
    """

    name = "count SizeBiggestGroup"
    concepts = ("Group",)
    default_directions = "Adjacent"
    kind = INT
    type: Any = site_type_param()
    directions: Any = Param(DIRS, optional=True)
    through_any: Any = Param(REGION_FN, optional=True, key="throughAny")
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    min: Any = Param(INT_FN, optional=True, named=True, range=DISTANCE)
    is_visible: Any = Param(BOOL_FN, optional=True, named=True, key="isVisible")

    def where_for(self, param, where):
        return None if param.name in ("is_visible", "min") else where  # ignored by Ludii: no concepts

    def compile(self, c: Compiler):
        from ..engine.groups import grown, hidden_by_next, shares_two_above, upward_steps
        from .connection import _membership
        check_site_type(c, self, self.type)
        adjacency = c.adjacency(self.directions)
        member_of = _membership(c, self.condition)
        visible = c.bool(self.is_visible) if self.is_visible is not None else None
        n = c.topo.n
        every = range(n)
        starts = c.region(self.through_any) if self.through_any is not None else (lambda s, e: every)
        upward = upward_steps(c.topo)
        hidden_pairs = hidden_by_next(n)  # Ludii's fixed sites, hidden while the next is occupied

        def biggest(s: State, e: Env) -> int:
            member = member_of(s, e)
            what = s.what
            hidden = {x for x, y in hidden_pairs if what[y]}
            frame = e.child()
            best = 0
            checked: set[int] = set()
            for start in [site for site in starts(s, e) if member(site)]:
                if start in checked:
                    continue
                frame.to = start
                seen = visible is not None and bool(visible(s, frame))
                if seen and start in hidden:
                    continue
                def takes(site: int, to: int, seen: bool = seen) -> bool:
                    return to not in hidden and member(to) and not (seen and shares_two_above(upward, what, site, to))
                group = grown(start, adjacency, takes)
                best = max(best, len(group))
                checked.update(group)
            return best
        return biggest


class SizeGroup(Ludeme):
    """The number of sites in the group of a site, as Ludii's ``size Group``: the site and the
    sites joined to it under the directions that hold the same kind of piece as it (empty ones
    too, when it is empty), or, with ``if:``, the site if it meets the condition and the sites
    joined to it that meet it (``(to)`` being the site tested, ``(from)`` the first site, once
    the first site itself is tested).

    Parameters:
        type: the kind of site (the board's own kind when left out)
        at: the site whose group is measured
        directions: how sites join into a group (``Adjacent`` when left out)
        if: the condition a site must meet to be in the group, ``(to)`` being the site

    Examples:
        (size Group at:(last To))
        (size Group at:(last To) Orthogonal if:(= (mover) (who at:(to))))
    """

    name = "size Group"
    default_directions = "Adjacent"
    kind = INT
    type: Any = site_type_param()
    at: Any = Param(INT_FN, named=True, range=SITE_NUMBER)
    directions: Any = Param(DIRS, optional=True)
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")

    def compile(self, c: Compiler):
        check_site_type(c, self, self.type)
        adjacency = c.adjacency(self.directions)
        at = c.int(self.at)
        cond = c.bool(self.condition) if self.condition is not None else None
        n = c.topo.n

        def size(s: State, e: Env) -> int:
            start = at(s, e)
            if not 0 <= start < n:
                return 0
            frame = e.child()  # the site tested before (from) is set to it, as Ludii's
            frame.to = start
            if cond is not None and not cond(s, frame):
                return 0
            frame.frm = start
            what = s.what
            kind = what[start]
            group = [start]
            seen = {start}
            i = 0
            while i < len(group):
                for y in adjacency[group[i]]:
                    if y in seen:
                        continue
                    if cond is None:
                        if what[y] != kind:
                            continue
                    else:
                        frame.to = y
                        if not cond(s, frame):
                            continue
                    seen.add(y)
                    group.append(y)
                i += 1
            return len(group)
        return size


__all__ = ["CountCells", "CountVertices", "CountEdges", "CountAdjacent", "CountOrthogonal", "CountDiagonal",
           "CountOff", "CountNeighbours", "CountSizeBiggestGroup", "SizeGroup"]


class CountSizeBiggestLine(Ludeme):
    """The length of the longest line of sites meeting a condition (occupied ones when left
    out; ``(to)`` being the site tested): along each line through a site in the direction
    (``Adjacent``: all of them, when left out), the sites meeting it next to one another; 0
    when no site meets it.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        directions: the direction of the lines (``Adjacent`` when left out)
        if: the condition a site must meet, ``(to)`` being the site

    Examples:
        (count SizeBiggestLine)
        (count SizeBiggestLine Orthogonal if:(= (who at:(to)) (mover)))
    """

    name = "count SizeBiggestLine"
    concepts = ("Group",)
    default_directions = "Adjacent"
    kind = INT
    type: Any = site_type_param()
    directions: Any = Param(DIRS, optional=True)
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")

    def compile(self, c: Compiler):
        from .connection import _membership
        check_site_type(c, self, self.type)
        axes = c.topo.axes_for(c.directions(self.directions, "Adjacent"))
        member_of = _membership(c, self.condition)
        n = c.topo.n

        def run(line: tuple[int, ...], inside: list[bool]) -> int:
            count = 0
            for x in line:
                if not inside[x]:
                    break
                count += 1
            return count

        def biggest(s: State, e: Env) -> int:
            member = member_of(s, e)
            inside = [bool(member(x)) for x in range(n)]
            best = 0
            for x in range(n):
                if not inside[x]:
                    continue
                best = max(best, 1)
                for fwd, back in axes[x]:
                    best = max(best, 1 + run(fwd, inside) + run(back, inside))
            return best
        return biggest


__all__ += ["CountSizeBiggestLine"]
