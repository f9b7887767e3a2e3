"""Ludii's conditions over groups and regions (``all Groups``, ``is Freedom``) and two of its
deduction puzzle constraints (``forAll``, ``is Unique``), each read as Ludii's class
(``game.functions.booleans.all.groups.AllGroups``, ``is.component.IsFreedom``,
``deductionPuzzle.ForAll``, ``deductionPuzzle.is.graph.IsUnique``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..engine.groups import group_at
from ..errors import BindError
from .base import BOOL, BOOL_FN, DIRS, INT_FN, REGION_FN, Enum, Ludeme, Param
from .puzzles import AREAS, PUZZLE, resolved, static_region_lists, value_of
from .sitetypes import site_type_param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State


class AllGroups(Ludeme):
    """Every group verifies the condition ``if:`` (evaluated with the group as ``(sites)``, its
    first site as ``(from)``). Without ``of:`` the groups are those of the mover's pieces; with
    it, a group grows from each occupied site through the sites where ``of:`` holds (each site
    as ``(to)``, the group's first site as ``(from)``), as in Ludii.

    Parameters:
        type: the kind of site (the board's own; another kind is refused)
        directions: how sites join (``Adjacent`` when left out)
        of: the condition a site of a group meets
        if_: the condition every group must verify

    Examples:
        (all Groups Orthogonal if:(= 1 (count Sites in:(sites))))
        (all Groups of:(is Mover (who at:(to))) if:(< (count Sites in:(sites)) 4))
    """

    name = "all Groups"
    kind = BOOL
    concepts = ("Group",)
    checks_site_type = True  # pieces are on the board's kind of site only (see .sitetypes)
    type: Any = site_type_param()
    directions: Any = Param(DIRS, optional=True)
    of: Any = Param(BOOL_FN, optional=True, named=True)
    if_: Any = Param(BOOL_FN, named=True, key="if")

    def compile(self, c: Compiler):
        adjacency = c.adjacency(self.directions)
        member = c.bool(self.of) if self.of is not None else None
        condition = c.bool(self.if_)

        def holds(s: State, e: Env) -> bool:
            frame = e.child()
            who = s.who
            mover = s.mover
            starts = [x for x in range(len(who)) if who[x] != 0] if member is not None else \
                [x for x in range(len(who)) if who[x] == mover]
            done: set[int] = set()

            def joins(x: int) -> bool:
                frame.to = x
                return who[x] == mover if member is None else member(s, frame)
            for start in starts:
                if start in done:
                    continue
                frame.frm = start
                group = group_at(start, adjacency, joins)
                if not group:
                    continue
                frame.region = tuple(group)
                if not condition(s, frame):
                    return False
                done.update(group)
            return True
        return holds


class IsFreedom(Ludeme):
    """A site of the region has an empty neighbour to its north, south, west or east (other than
    the site given, where a piece is about to go): the region keeps a liberty (Ludii's ``is
    Freedom``; its neighbours must be on the bottom layer, as every site here is).

    Parameters:
        type: the kind of site (the board's own; another kind is refused)
        region: the region whose freedom is tested
        site: a site not to count as empty (where a piece will be added)

    Examples:
        (is Freedom (sites Group at:(last To)))
        (is Freedom (sites Occupied by:Mover) (to))
    """

    name = "is Freedom"
    kind = BOOL
    checks_site_type = True  # pieces are on the board's kind of site only (see .sitetypes)
    type: Any = site_type_param()
    region: Any = Param(REGION_FN)
    site: Any = Param(INT_FN, optional=True, range=(-1, 20_000))

    def compile(self, c: Compiler):
        region = c.region(self.region)
        ignored = c.int(self.site) if self.site is not None else (lambda s, e: -1)
        tables = [c.topo.steps_of(d) for d in ("N", "S", "W", "E")]

        def holds(s: State, e: Env) -> bool:
            skip = ignored(s, e)
            what = s.what
            for loc in region(s, e):
                if not 0 <= loc < len(what):
                    continue
                for table in tables:
                    for near in table[loc]:
                        if near != skip and what[near] == 0:
                            return True
            return False
        return holds


PUZZLE_ELEMENT = Enum(("Cell", "Edge", "Vertex", "Hint"), "Cell | Edge | Vertex | Hint")


class ForAll(Ludeme):
    """Constraint of a deduction puzzle: the condition holds for every element of the kind (each
    as ``(from)``). With ``Hint``, for each hint of the puzzle on the board's kind of site (in
    the order the equipment gives them), as Ludii's: ``(hint)`` its value, ``(sites Hint)`` its
    sites, ``(from)`` and ``(to)`` its first two sites. (Ludii's ``(edge)``, the count of a
    vertex's edges set, which it also binds there, is not supported here.)

    Parameters:
        type: the kind of element (``Cell``, ``Vertex``, ``Edge`` or ``Hint``)
        constraint: the condition each element must meet

    Examples:
        (forAll Cell (is Count (sites Around (from)) of:1 2))
        (forAll Hint (is Sum (sites Hint) (hint)))
    """

    name = "forAll"
    kind = BOOL
    concepts = ("DeductionPuzzle",)
    type: Any = Param(PUZZLE_ELEMENT)
    constraint: Any = Param(BOOL_FN)

    def compile(self, c: Compiler):
        kind = self.type.name
        if kind == "Hint":
            from .puzzle_hints import for_all_hints
            return for_all_hints(c, c.bool(self.constraint))
        elements = c.topo.regions_of(kind).get("Board") if kind != c.topo.use else tuple(range(c.topo.n))
        count = len(elements) if elements is not None else 0
        constraint = c.bool(self.constraint)

        def holds(s: State, e: Env) -> bool:
            frame = e.child()
            for x in range(count):
                frame.frm = x
                if not constraint(s, frame):
                    return False
            return True
        return holds


_UNIQUE_TYPES = ("Rows", "Columns", "Diagonals", "AllSites")


class IsUnique(Ludeme):
    """Constraint of a deduction puzzle: no two regions of one of the game's region types
    (``(regions {Rows Columns})``: the rows among themselves, the columns among themselves)
    hold the same values site by site, once both are fully resolved.

    Parameters:
        type: the kind of site (cells when left out; the board's own)

    Examples:
        (is Unique)
    """

    name = "is Unique"
    kind = BOOL
    concepts = ("DeductionPuzzle",)
    checks_site_type = True  # pieces are on the board's kind of site only (see .sitetypes)
    type: Any = site_type_param()

    def compile(self, c: Compiler):
        if PUZZLE not in c.game.arrays:
            raise BindError("(is Unique) is for deduction puzzles: the board needs (values Cell (range ...))",
                            self.span)
        areas = {tuple(sites) for sites in c.game.arrays.get(AREAS, ())}
        # the constraint regions grouped by Ludii's region type (only those the game declared)
        groups = [[sites for sites in static_region_lists(kind, c.topo) if sites in areas] for kind in _UNIQUE_TYPES]
        groups = [g for g in groups if len(g) > 1]

        def holds(s: State, e: Env) -> bool:
            masks = s.arrays[PUZZLE]
            for lists in groups:
                done = [x for x in lists if all(resolved(masks[site]) for site in x)]
                for i, one in enumerate(done):
                    for two in done[i + 1:]:
                        if len(two) >= len(one) and all(
                                value_of(masks[a]) == value_of(masks[b]) for a, b in zip(one, two)):
                            return False
            return True
        return holds


__all__ = ["AllGroups", "IsFreedom", "ForAll", "IsUnique"]
