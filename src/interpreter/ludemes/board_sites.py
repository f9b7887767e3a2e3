"""Sites found from the board's shape: Ludii's ``expand``, ``centrePoint``, ``coord``, ``row``,
``column``, ``sites Row``, ``sites Column``, ``sites Outer``, ``count Rows``, ``count Columns``,
``all Sites`` and the regions of a player (``sites Mover``, ``sites P1`` ...)
(``game.functions.region.math.Expand``, ``game.functions.ints.board``,
``game.functions.region.sites.index`` and ``sites.simple``).

Rows and columns are Ludii's, measured from the positions of the sites (the row of ``A1`` is
0); the centre point is the first site of ``(sites Centre)`` (of the elements of the kind
asked, ``(centrePoint Vertex)`` on a board of cells too). The other ludemes take Ludii's optional
site type (``Cell``, ``Vertex``), which must be the one the board uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..engine.boards.sites import kind_plural
from ..engine.values import const_fn, constant
from ..errors import BindError
from .base import INDEX, INT, INT_FN, REGION, SITE_FN, STR_LIT, Enum, Ludeme, Param
from .logic import value_fn

if TYPE_CHECKING:
    from ..compile import Compiler
    from ..native.emit import Emitter, Region

_TYPE = Param(Enum(("Cell", "Vertex", "Edge")), optional=True)
_COMPASS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")


class SiteTyped(Protocol):
    """A ludeme with a site type (``Cell``, ``Vertex``, ``Edge``) among its parameters."""

    type: Any


def check_type(ludeme: SiteTyped, c: Compiler) -> None:
    """Refuse a site type other than the board's (Ludii would look at other graph elements)."""
    kind = getattr(ludeme.type, "name", None)
    if kind is not None and kind != c.topo.use:
        raise BindError(f"{kind_plural(kind)} of a board of {kind_plural(c.topo.use)} are not supported: "
                        f"this board's sites are its {kind_plural(c.topo.use)}", ludeme.type.span,
                        hint=f"leave out {kind}, or play on {kind_plural(kind)} (board ... use:{kind})")


class CentrePoint(Ludeme):
    """The site at the centre of the board: the first site of ``(sites Centre)``; with a site
    type, the first of the centre of the board's elements of that kind (Ludii's
    ``graph.centre(type)``: the middle vertex of a board of cells).

    Parameters:
        type: the kind of site asked about (the board's own kind, as ``use:`` says, when left out)

    Examples:
        (centrePoint)
    """

    name = "centrePoint"
    kind = INT
    family = "regions"
    type: Any = _TYPE

    def compile(self, c: Compiler):
        # Ludii's graph.centre(type): the centre of the board's elements of the kind asked
        # (a vertex's number on a board of cells: ConHex's centre hole)
        kind = getattr(self.type, "name", None) or c.topo.use
        centre = c.topo.regions_of(kind).get("Centre") or ()
        if not centre:
            raise BindError("this board has no centre", self.span)
        return const_fn(centre[0])

    def kernel_int(self, k: Emitter) -> str:
        from ..native.emit import NoKernel
        from ..native.kernels.measures import _same_type, board_value
        _same_type(self, k)
        centre = k.topo.regions.get("Centre") or ()
        if not centre:
            raise NoKernel("(centrePoint)", "this board has no centre")
        return board_value(k, centre[0])


class Coord(Ludeme):
    """The site with a label (``(coord "A1")``), or at a row and column (``(coord row:1
    column:5)``, both counted from 0); off the board (-1) when there is none, as in Ludii.

    Parameters:
        type: the kind of site the label names (the board's own kind when left out)
        label: the site's label, e.g. ``"A1"``
        row: the row, counted from 0 at the bottom (with ``column:``)
        column: the column, counted from 0 at the left (with ``row:``)

    Examples:
        (coord "E5")
        (coord row:0 column:(column of:(from)))
    """

    name = "coord"
    kind = INT
    family = "regions"
    type: Any = _TYPE
    label: Any = Param(STR_LIT, optional=True)
    row: Any = Param(INT_FN, optional=True, named=True, range=INDEX)
    column: Any = Param(INT_FN, optional=True, named=True, range=INDEX)

    def validate(self) -> None:
        if (self.label is None) == (self.row is None or self.column is None):
            raise BindError("coord needs a label, or row: and column:", self.span,
                            hint='e.g. (coord "A1") or (coord row:0 column:0)')

    def compile(self, c: Compiler):
        check_type(self, c)
        topo = c.topo
        if self.label is not None:  # a site written out must be on the board (a typo otherwise)
            return const_fn(c.label(self.label))
        at = {(r, k): site for site, (r, k) in enumerate(zip(topo.rows, topo.columns))}
        row, column = value_fn(c, self.row), value_fn(c, self.column)
        if constant(row) is not None and constant(column) is not None:
            site = at.get((constant(row), constant(column)), -1)
            if site < 0:
                raise BindError(f"no site at row {constant(row)}, column {constant(column)} on this board",
                                self.span, hint=f"rows {min(topo.rows)} to {max(topo.rows)}, columns "
                                                f"{min(topo.columns)} to {max(topo.columns)}")
            return const_fn(site)
        return lambda s, e: at.get((row(s, e), column(s, e)), -1)  # computed: off the board (-1) as in Ludii

    def kernel_int(self, k: Emitter) -> str:
        import numpy as np

        from ..native.kernels.core import _value
        from ..native.kernels.measures import _same_type, board_value
        _same_type(self, k)
        topo = k.topo
        if self.label is not None:
            return board_value(k, topo.site(self.label.value))
        rows, cols = list(topo.rows), list(topo.columns)
        r0, c0 = min(rows, default=0), min(cols, default=0)
        table = np.full((max(rows, default=0) - r0 + 1, max(cols, default=0) - c0 + 1), -1, dtype=np.int64)
        for site in range(topo.n):  # the last site at a place, as the reference's dict keeps it
            table[rows[site] - r0, cols[site] - c0] = site
        at = k.table(table)
        offsets = k.table(np.array([r0, c0], dtype=np.int64))
        r, c = k.temp("r"), k.temp("c")
        k.line(f"{r} = {_value(k, self.row)} - {offsets}[0]")
        k.line(f"{c} = {_value(k, self.column)} - {offsets}[1]")
        return f"({at}[{r}, {c}] if 0 <= {r} < {at}.shape[0] and 0 <= {c} < {at}.shape[1] else -1)"


class _Index(Ludeme):
    """Row or column of a site (``of:``).

    Parameters:
        type: the kind of site (the board's own kind when left out)
        of: the site whose row or column is asked
    """

    kind = INT
    family = "regions"
    type: Any = _TYPE
    of: Any = Param(SITE_FN, named=True)
    table = ""

    def compile(self, c: Compiler):
        check_type(self, c)
        values = getattr(c.topo, self.table)
        site = c.site(self.of)
        return lambda s, e: values[x] if (x := site(s, e)) >= 0 else -1


class Row(_Index):
    """The row of a site, counted from 0 (Ludii's rows: the bottom row of a square board is 0).

    Examples:
        (row of:(last To))
    """

    name = "row"
    table = "rows"

    def kernel_int(self, k: Emitter) -> str:
        from ..native.kernels.measures import _index
        return _index(self, k)


class Column(_Index):
    """The column of a site, counted from 0 (column A is 0).

    Examples:
        (column of:(from))
    """

    name = "column"
    table = "columns"

    def kernel_int(self, k: Emitter) -> str:
        from ..native.kernels.measures import _index
        return _index(self, k)


class _SitesIndex(Ludeme):
    """The sites of one row or column.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        index: which row or column, counted from 0 (none when left out, as Ludii)
    """

    kind = REGION
    family = "regions"
    type: Any = _TYPE
    index: Any = Param(INT_FN, range=INDEX, optional=True)
    table = ""

    def compile(self, c: Compiler):
        check_type(self, c)
        if self.index is None:  # as Ludii: no index, no sites
            return const_fn(())
        by_index = c.topo.line_sites(self.table)
        index = value_fn(c, self.index)
        k = constant(index)
        if k is not None:
            if k not in by_index:  # written out: a row the board does not have is a mistake
                word = self.table[:-1]
                raise BindError(f"no {word} {k} on this board", self.index.span if hasattr(self.index, "span")
                                else self.span, hint=f"{word}s {min(by_index)} to {max(by_index)}")
            return const_fn(by_index[k])
        return lambda s, e: by_index.get(index(s, e), ())


class SitesRow(_SitesIndex):
    """The sites of row N (0 is the bottom row of a square board).

    Examples:
        (sites Row 1)
        (sites Row (row of:(from)))
    """

    name = "sites Row"
    table = "rows"

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.kernels.measures import _sites_index
        if self.index is None:
            from ..native.emit import Listed
            return Listed(())
        return _sites_index(self, k)


class SitesColumn(_SitesIndex):
    """The sites of column N (0 is column A).

    Examples:
        (sites Column 2)
        (sites Column (column of:(from)))
    """

    name = "sites Column"
    table = "columns"

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.kernels.measures import _sites_index
        if self.index is None:
            from ..native.emit import Listed
            return Listed(())
        return _sites_index(self, k)


class SitesOuter(Ludeme):
    """The sites on the outside of the board: the vertices on its outline, the cells with a
    corner on it, or the edges along it. With a site type, the elements of that kind (Ludii's
    numbers of them), whichever kind the board is played on.

    Parameters:
        type: the kind of site (the board's own kind when left out)

    Examples:
        (sites Outer)
        (sites Outer Edge)
    """

    name = "sites Outer"
    kind = REGION
    family = "regions"
    type: Any = _TYPE

    def compile(self, c: Compiler):
        from .sitetypes import board_region
        return const_fn(board_region(c, self, "Outer"))

    kernel_static = True  # its region kernel depends on the board only

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.kernels.measures import _sites_outer
        return _sites_outer(self, k)


class _CountIndex(Ludeme):
    """The number of rows or columns of the board.

    Parameters:
        type: the kind of site counted (the board's own kind when left out)
    """

    kind = INT
    family = "regions"
    type: Any = _TYPE
    table = ""

    def compile(self, c: Compiler):
        check_type(self, c)
        return const_fn(c.topo.count_lines(self.table))


class CountRows(_CountIndex):
    """The number of rows of the board (8 on a chess board).

    Examples:
        (count Rows)
    """

    name = "count Rows"
    table = "rows"

    def kernel_int(self, k: Emitter) -> str:
        from ..native.kernels.measures import _count_index
        return _count_index(self, k)


class CountColumns(_CountIndex):
    """The number of columns of the board.

    Examples:
        (count Columns)
    """

    name = "count Columns"
    table = "columns"

    def kernel_int(self, k: Emitter) -> str:
        from ..native.kernels.measures import _count_index
        return _count_index(self, k)
