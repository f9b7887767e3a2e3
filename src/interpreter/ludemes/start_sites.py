"""Start rules that set sites to a player's piece: Ludii's ``(set P1 (sites ...))``,
``(set Neutral ...)`` (``game.rules.start.set.sites.SetSite``): each site of the region (or the
one site) gets the piece numbered as the player (a Neutral piece for ``Neutral``); and the
start of a deduction puzzle, ``(set {{site value} ...})`` (``rules.start.deductionPuzzle.Set``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import BindError
from .base import INT_LIT, REGION_FN, START_RULE, STR_LIT, ArrayOf, Enum, Ludeme, Param
from .board_sites import check_type

if TYPE_CHECKING:
    from ..compile import Compiler
    from ..engine.env import Env
    from ..engine.state import State

MAX_ROLES = 16


_SETTABLE = Enum(("Neutral", "Shared", "All") + tuple(f"P{n}" for n in range(1, MAX_ROLES + 1)),
                 "Neutral | Shared | All | P1 ... P16")


class SetSites(Ludeme):
    """Start rule: put a role's piece on each site of a region, or on one site (by number or
    ``coord:``), as Ludii's ``set`` of a role: the piece is the one whose number is the
    player's (``P2``: the second piece the equipment declares, as Ludii's), the first
    ``Neutral`` piece for ``Neutral``, the first ``Shared`` piece for ``Shared`` or ``All``; a
    piece that does not exist sets nothing. On another kind of site than the board's (``Edge``
    on a board of cells: a maze's walls) the pieces go there (:mod:`.other_sites`).

    As Ludii's ``SetSite``, when several of the sites are given only one counts: ``coord:``,
    else the labels, else the region, else the site or list of sites.

    Parameters:
        role: whose piece (``P1``, ``P2``..., ``Neutral``, ``Shared`` or ``All``)
        type: the kind of site (the board's own kind when left out)
        sites: the sites that get a piece: a site, a list of sites, a region or a list of
            labels (nothing when left out)
        region: the sites that get a piece (Ludii's region after its list of sites)
        coords: the sites that get a piece, by their labels (Ludii's list after its region)
        coord: one site by its label, instead of sites

    Examples:
        (set P1 (sites {0 5 6}))
        (set Neutral (sites Centre))
        (set P2 Cell 4)
        (set P1 coord:"A1")
        (set P1 {0 1} (sites {4}) {"C3"})
        (set Shared Edge (sites Outer Edge))
    """

    name = "set"
    kind = START_RULE
    family = "pieces"
    concepts = ("PiecesPlacedOnBoard",)
    role: Any = Param(_SETTABLE)
    type: Any = Param(Enum(("Cell", "Vertex", "Edge")), optional=True)
    sites: Any = Param(REGION_FN, optional=True)
    region: Any = Param(REGION_FN, optional=True)
    coords: Any = Param(ArrayOf(STR_LIT), optional=True)
    coord: Any = Param(STR_LIT, optional=True, named=True)

    def validate(self) -> None:
        from .effects import ludii_sites
        self.by_coord = self.coord is not None
        self.sites = self.coord if self.coord is not None else ludii_sites(self.sites, self.region, self.coords)

    def concepts_at(self, where):
        # Ludii's SetSite reads no site of one coord:, and none when there is nothing to set
        return () if self.by_coord or self.sites is None else self.concepts

    def declare(self, d: Any, c: Any) -> None:
        from .other_sites import declare_pieces, other_kind
        kind = other_kind(c, self.type)
        if kind is not None and self.sites is not None:
            declare_pieces(d, c, kind)

    def compile_effect(self, c: Compiler):
        from .other_sites import other_kind, pieces_array
        kind = other_kind(c, self.type)
        if kind is None:
            check_type(self, c)
        name = self.role.name
        components = c.game.components
        # a Shared piece is named as written ("Marker"), a Neutral one with 0 ("Cross0")
        if name == "Neutral":
            what = next((comp.index for comp in components[1:] if comp.owner == 0 and comp.name != comp.base), 0)
        elif name in ("Shared", "All"):  # Ludii's: the first piece everybody shares
            what = next((comp.index for comp in components[1:] if comp.owner == 0 and comp.name == comp.base), 0)
        else:
            what = int(name[1:])  # Ludii's: the piece numbered as the player
            what = what if what < len(components) else 0
        if not what or self.sites is None:
            return lambda s, e: None  # nothing to set (Ludii warns and goes on)
        if kind is not None:
            return self._on_other_kind(c, kind, what, pieces_array(kind))
        region = c.region(self.sites)

        def run(s: State, e: Env) -> None:
            for site in region(s, e):
                s.place(site, what)
        return run


    def _on_other_kind(self, c: Compiler, kind: str, what: int, name: str):
        """The pieces put on the elements of another kind (Ludii's numbers of them)."""
        from .sitetypes import other_kind_region
        elements = other_kind_region(c, self.sites, kind)
        count = c.topo.elements.count(kind) if c.topo.elements is not None else 0

        def run(s: State, e: Env) -> None:
            data = s.arrays[name]
            for x in elements(s, e):
                if 0 <= x < count and not data[x]:  # an element that has a piece keeps it (Ludii's)
                    s.set_item(data, x, what)
        return run


class SetPuzzle(Ludeme):
    """Start rule of a deduction puzzle: each pair ``{site value}`` sets that variable to that
    value (its only value left), as Ludii's ``(set {{1 9} {6 4}})``.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        pairs: the variables and their values, ``{site value}`` each

    Examples:
        (set {{0 1} {4 5}})
    """

    name = "set"
    overload = True
    kind = START_RULE
    family = "puzzles"
    concepts = ("DeductionPuzzle",)
    type: Any = Param(Enum(("Cell", "Vertex", "Edge")), optional=True)
    pairs: Any = Param(ArrayOf(ArrayOf(INT_LIT, single=False), single=False))

    def validate(self) -> None:
        self.fixed = []
        for pair in self.pairs.items:
            if len(pair.items) < 2:
                raise BindError("each pair is {site value}", pair.span)
            self.fixed.append((pair.items[0].value, pair.items[1].value))

    def compile_effect(self, c: Compiler):
        from .puzzles import PUZZLE
        check_type(self, c)
        if PUZZLE not in c.game.arrays:
            raise BindError("(set {{site value} ...}) is for deduction puzzles: the board needs "
                            "(values Cell (range ...))", self.span)
        for site, _ in self.fixed:
            if not 0 <= site < c.topo.n:
                raise BindError(f"no site {site} on this board", self.span)
        fixed = tuple(self.fixed)

        def run(s: State, e: Env) -> None:
            masks = s.arrays[PUZZLE]
            for site, value in fixed:
                s.set_item(masks, site, 1 << value)
        return run
