"""Ludii's hints of a deduction puzzle read by its constraints: ``(hint)`` and ``(sites Hint)``,
the value and the sites of the hint ``forAll Hint`` visits, and ``(hint at:SITE)``, the value
of the hint whose region starts at a site.

The hints are the equipment's (``(hints {(hint {0 5 10 15} 3) ...})``, per kind of site, in
the order given; see :mod:`.graph_equipment`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .base import INT, INT_FN, REGION, Ludeme, Param
from .graph_equipment import HINTS
from .sitetypes import site_type_param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.state import State

OFF = -1  # Ludii's Off: no hint


def hints_of(c: Compiler, kind: str | None = None) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The hints on ``kind`` of site (the board's own by default): (sites, value) each."""
    return tuple(c.game.arrays.get(f"{HINTS} {kind or c.topo.use}", ()))


def for_all_hints(c: Compiler, constraint: Callable[[State, Env], bool]) -> Callable[[State, Env], bool]:
    """Ludii's ``forAll Hint``: the constraint holds for each hint on the board's kind of site,
    with ``(hint)`` its value, ``(sites Hint)`` its sites and ``(from)``/``(to)`` its first two
    sites bound."""
    hints = hints_of(c)

    def holds(s: State, e: Env) -> bool:
        frame = e.child()
        for sites, value in hints:
            if sites:
                frame.frm = sites[0]
            if len(sites) > 1:
                frame.to = sites[1]
            frame.hint = value
            frame.hint_region = sites
            if not constraint(s, frame):
                return False
        return True
    return holds


class HintValue(Ludeme):
    """The value of the hint ``forAll Hint`` visits (Ludii's ``(hint)``; -1 elsewhere), or
    with ``at:`` the value of the first hint whose sites start at that site (-1 when none).

    Parameters:
        type: the kind of site of the hints read with ``at:`` (the board's own when left out)
        at: the site whose hint is read

    Examples:
        (hint)
        (hint Cell at:(from))
    """

    name = "hint"
    overload = True
    bare = True  # (hint) with no argument is this; (hint {...} N) is the equipment's hint
    kind = INT
    type: Any = site_type_param()
    at: Any = Param(INT_FN, optional=True, named=True, range=(-1, 20_000))

    def compile(self, c: Compiler):
        if self.at is None:
            return lambda s, e: e.hint
        kind = self.type.name if self.type is not None else None
        first = {}
        for sites, value in hints_of(c, kind):
            if sites and sites[0] not in first:
                first[sites[0]] = value
        at = c.int(self.at)
        return lambda s, e: first.get(at(s, e), OFF)


class SitesHint(Ludeme):
    """The sites of the hint ``forAll Hint`` visits (Ludii's ``(sites Hint)``; none elsewhere).
    Ludii's signature takes a site type, which its ``SitesHint`` does not read: accepted and
    unused here too.

    Parameters:
        type: unused (Ludii's signature)

    Examples:
        (sites Hint)
    """

    name = "sites Hint"
    kind = REGION
    type: Any = site_type_param()

    def compile(self, c: Compiler):
        return lambda s, e: e.hint_region


__all__ = ["HintValue", "SitesHint", "for_all_hints", "hints_of"]
