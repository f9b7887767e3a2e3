"""Ludii's costs and phases of board elements set by the start rules: ``(set Cost ...)`` with
``(cost ...)`` reading it, and ``(set Phase ...)``, which ``(sites Phase N)`` and ``(phase
of:...)`` then read.

In Ludii each element of the board (cell, vertex, edge) has a cost (0 unless set) and a phase
(the board's colouring); these start rules change them before play. Here they are kept in the
state, per kind of element (``costs Cell``, ``phases Vertex``...), from the start on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import BindError
from .base import INT, INT_FN, REGION_FN, SITE_NUMBER, START_RULE, Ludeme, Param
from .functions import SITE_TYPE
from .ints_board import PHASES, element_count
from .sitetypes import kind_of_site

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.game import Declarations
    from ..engine.state import State

COSTS = "costs"  # per kind of element: "costs Cell"... each element's cost
PHASE_ARRAY = "phases"  # per kind of element: "phases Cell"... each element's phase, once set


def costs_name(kind: str) -> str:
    return f"{COSTS} {kind}"


def phases_name(kind: str) -> str:
    return f"{PHASE_ARRAY} {kind}"


def declare_costs(d: Declarations, c: Any, kind: str) -> None:
    """Each element of ``kind`` with its cost, 0 to start with (declared once)."""
    if costs_name(kind) not in d.arrays:
        d.array(costs_name(kind), [0] * element_count(c, kind))


def declare_phases(d: Declarations, c: Any, kind: str) -> None:
    """Each element of ``kind`` with its phase, the board's to start with (declared once)."""
    if phases_name(kind) in d.arrays:
        return
    table = [-1] * element_count(c, kind)
    regions = c.topo.regions_of(kind)
    for p in range(PHASES):
        for site in regions.get(f"Phase{p}", ()):
            if 0 <= site < len(table):
                table[site] = p
    d.array(phases_name(kind), table)


class _SetElements(Ludeme):
    """A start rule writing a value per element of a site or a region (Ludii's start ``set
    Cost``/``set Phase``): the value is worked out again for each element."""

    kind = START_RULE
    array = ""
    value: Any
    type: Any
    at: Any
    to: Any

    def validate(self) -> None:
        if (self.at is None) == (self.to is None):
            raise BindError(f"{self.name} needs a site (at:) or a region (to:), one of them", self.span)

    def element_kind(self, c: Any) -> str:
        return kind_of_site(self.type, c.topo.use)

    def compile_effect(self, c: Compiler):
        name = f"{self.array} {self.element_kind(c)}"
        value = c.int(self.value)
        sites = c.region(self.to) if self.to is not None else None
        site = c.int(self.at) if self.at is not None else None

        def run(s: State, e: Env) -> None:
            table = s.arrays[name]
            for x in (sites(s, e) if sites is not None else (site(s, e),)):  # type: ignore[misc]
                if 0 <= x < len(table):
                    v = value(s, e)
                    if table[x] != v:
                        s.set_item(table, x, v)
        return run


class SetCost(_SetElements):
    """Start rule: the cost of an element of the board, or of each element of a region (Ludii's
    ``set Cost``), which ``(cost ...)`` reads.

    Parameters:
        value: the cost
        type: the kind of element (the board's own when left out)
        at: the element
        to: the elements

    Examples:
        (set Cost 2 Edge to:(sites Board Edge))
        (set Cost 5 at:4)
    """

    name = "set Cost"
    concepts = ("InitialCost",)
    array = COSTS
    value: Any = Param(INT_FN, range=(-(1 << 30), 1 << 30))
    type: Any = Param(SITE_TYPE, optional=True)
    at: Any = Param(INT_FN, optional=True, named=True, range=SITE_NUMBER)
    to: Any = Param(REGION_FN, optional=True, named=True)

    def declare(self, d: Declarations, c: Any) -> None:
        declare_costs(d, c, self.element_kind(c))


class SetPhase(_SetElements):
    """Start rule: the phase of an element of the board, or of each element of a region (Ludii's
    ``set Phase``), as ``(sites Phase N)`` and ``(phase of:...)`` then read it.

    Parameters:
        value: the phase
        type: the kind of element (the board's own when left out)
        at: the element
        to: the elements

    Examples:
        (set Phase 1 at:0)
        (set Phase 0 Vertex to:(sites Board Vertex))
    """

    name = "set Phase"
    array = PHASE_ARRAY
    value: Any = Param(INT_FN, range=(-(1 << 30), 1 << 30))
    type: Any = Param(SITE_TYPE, optional=True)
    at: Any = Param(INT_FN, optional=True, named=True, range=SITE_NUMBER)
    to: Any = Param(REGION_FN, optional=True, named=True)

    def declare(self, d: Declarations, c: Any) -> None:
        declare_phases(d, c, self.element_kind(c))


class Cost(Ludeme):
    """The cost of an element of the board, or the sum of the costs of a region's elements
    (Ludii's ``cost``): 0 unless a ``(set Cost ...)`` start rule set it. As in Ludii, the
    elements are cells unless the kind is given.

    Parameters:
        type: the kind of element (cells when left out, as Ludii's)
        at: the element
        in: the elements summed

    Examples:
        (cost at:(to))
        (cost Edge in:(sites Incident Edge of:Vertex at:(from)))
    """

    name = "cost"
    kind = INT
    type: Any = Param(SITE_TYPE, optional=True)
    at: Any = Param(INT_FN, optional=True, named=True, range=SITE_NUMBER)
    within: Any = Param(REGION_FN, optional=True, named=True, key="in")

    def validate(self) -> None:
        if (self.at is None) == (self.within is None):
            raise BindError("cost needs an element (at:) or a region (in:), one of them", self.span)

    def element_kind(self) -> str:
        return self.type.name if self.type is not None else "Cell"

    def declare(self, d: Declarations, c: Any) -> None:
        declare_costs(d, c, self.element_kind())

    def compile(self, c: Compiler):
        name = costs_name(self.element_kind())
        if self.at is not None:
            at = c.int(self.at)

            def one(s: State, e: Env) -> int:
                table = s.arrays[name]
                x = at(s, e)
                return table[x] if 0 <= x < len(table) else 0
            return one
        sites = c.region(self.within)

        def total(s: State, e: Env) -> int:
            table = s.arrays[name]
            return sum(table[x] for x in sites(s, e) if 0 <= x < len(table))
        return total


__all__ = ["SetCost", "SetPhase", "Cost", "COSTS", "PHASE_ARRAY", "costs_name", "phases_name"]
