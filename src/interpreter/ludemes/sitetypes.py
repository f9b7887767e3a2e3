"""Ludii's site types (``Cell``, ``Vertex``, ``Edge``: ``game.types.board.SiteType``) where a
ludeme takes one.

A board is played on one kind of its graph's elements, the one its ``use:`` names (cells by
default); the state holds pieces on that kind only. Many of Ludii's ludemes take an optional
site type first (``(sites Empty Edge)``, ``(to Edge ...)``, ``(is Empty Vertex (to))``): when it
names the board's own kind (what Ludii files nearly always do), the ludeme means what it means
without it. Two cases differ:

- ludemes that read nothing but the board's shape (``(sites Board Vertex)``, ``(sites Top
  Edge)``...) answer for the kind asked, with Ludii's numbers of those elements
  (:func:`board_region`, :meth:`Topology.regions_of`);
- ludemes that read or change pieces on another kind of element than the board's (those whose
  class has ``checks_site_type = True``) are refused when the game is built
  (:func:`check_site_types`, called before the collect pass), with the reason: the state has
  no pieces there.
"""

from __future__ import annotations

from typing import Any

from ..errors import BindError
from .base import Enum, Ludeme, Param

KINDS = ("Cell", "Vertex", "Edge")
SITE_TYPE = Enum(KINDS, "Cell | Vertex | Edge")
SITE_TYPE_PARAMS = ("type", "on")  # the words Ludii's ludemes use for the kind of site they read


def site_type_param(named: bool = False, key: str = "") -> Param:
    """An optional site type parameter (``type``, or ``on:`` when named)."""
    return Param(SITE_TYPE, optional=True, named=named, key=key,
                 doc="the kind of site: Cell, Vertex or Edge (the board's own kind when left out)")


def kind_of_site(value: Any, use: str) -> str:
    """The kind a site type argument names (``use``, the board's, when it is left out)."""
    return value.name if value is not None else use


def check_site_types(root: Ludeme, use: str) -> None:
    """Refuse a site type other than the board's in a ludeme that reads or changes pieces there
    (a class says so with ``checks_site_type = True``). ``Cell`` is also the kind of the sites
    of Ludii's hands (containers of cells), so a game with hands may name it on any board."""
    ludemes = list(root.walk())
    hands = any(ludeme.name == "hand" for ludeme in ludemes)
    # the (to ...) of a ludeme that puts its pieces on the kind its to names (.other_sites)
    honoured = {id(getattr(ludeme, "to", None)) for ludeme in ludemes if getattr(ludeme, "honours_to_type", False)}
    # and the (from ...) of one that moves a piece from the kind its from names
    honoured |= {id(getattr(ludeme, "source", getattr(ludeme, "frm", None))) for ludeme in ludemes
                 if getattr(ludeme, "honours_from_type", False)}
    for ludeme in ludemes:
        if not getattr(ludeme, "checks_site_type", False) or getattr(ludeme, "reads_other_kinds", False):
            continue  # (a ludeme reading pieces of any kind: .other_sites)
        if id(ludeme) in honoured:
            continue
        for param in ludeme.params:
            if param.name not in SITE_TYPE_PARAMS or not isinstance(param.type, Enum):
                continue
            if not set(param.type.names) <= set(KINDS):
                continue
            value = getattr(ludeme, param.name, None)
            if hands and getattr(value, "name", None) == "Cell":
                continue
            problem = other_kind(value, use)
            if problem:
                raise BindError(f"{ludeme.name}: {problem}", getattr(value, "span", ludeme.span),
                                hint=f"write {use} or leave the site type out")


_KIND_PARAMS = ("of",) + SITE_TYPE_PARAMS + ("site_type",)  # of: the kind of the site given (sites Incident)


def _kind_named(ludeme: Ludeme) -> str | None:
    """The kind of site a ludeme's site type argument names for the sites it is given (None
    when it names none): its ``of:`` (``(sites Incident Cell of:Vertex at:(from))``: a vertex),
    else its type."""
    for name in _KIND_PARAMS:
        for param in ludeme.params:
            if param.name == name and isinstance(param.type, Enum) and set(param.type.names) <= set(KINDS):
                kind = getattr(getattr(ludeme, param.name, None), "name", None)
                if kind in KINDS:
                    return kind
    return None


def site_kinds(root: Ludeme, use: str) -> dict[int, str]:
    """The values that name sites of another kind than the board's (by ``id``), and that kind:
    the arguments of a ludeme whose site type names it (``(to Edge 11)``, ``(set State Edge
    at:(last To) 1)``), and the numbers of a region given there (``(to Edge (sites {5}))``):
    Ludii reads a region's numbers as sites of the kind they are used with. The compiler checks
    those numbers against the elements of that kind (:meth:`Compiler.site`)."""
    kinds: dict[int, str] = {}

    def mark(value: Any, kind: str) -> None:
        kinds[id(value)] = kind
        if isinstance(value, Ludeme) and value.kind == "region" and \
                (value.name == "sites" or not any(p.name in _KIND_PARAMS for p in value.params)):
            for child in value.children():  # a region of numbers: (sites {5}), (union ...)
                mark(child, kind)

    for ludeme in root.walk():
        kind = _kind_named(ludeme)
        if kind is None or kind == use:
            continue
        for param in ludeme.params:
            if param.name not in _KIND_PARAMS:
                for value in _values(getattr(ludeme, param.name, None)):
                    mark(value, kind)
    return kinds


def _values(value: Any) -> list[Any]:
    """A parameter's value, or the items of an array."""
    if value is None:
        return []
    items = getattr(value, "items", None)
    return list(items) if isinstance(items, list | tuple) else [value]


def board_region(c: Any, ludeme: Ludeme, name: str) -> tuple[int, ...]:
    """A region of the board's shape (``Board``, ``Top``, ``Outer``...) for the kind of element
    the ludeme's ``type`` names (the board's own when left out). A region of another kind holds
    Ludii's numbers of those elements: in the rules, where its sites are the board's, those
    numbers must be sites of the board (the equipment's regions may hold any)."""
    kind = kind_of_site(getattr(ludeme, "type", None), c.topo.use)
    sites = c.topo.regions_of(kind).get(name)
    if sites is None:
        raise BindError(f"this board has no region {name}", ludeme.span)
    from ..engine.multisite import pieces_array
    held = c.game_or_none is not None and pieces_array(kind) in c.game.arrays  # a game with pieces there
    if kind != c.topo.use and c.game_or_none is not None and not held and any(site >= c.topo.n for site in sites):
        raise BindError(f"{ludeme.name}: the board's {kind.lower()}s are numbered beyond its "
                        f"{c.topo.use.lower()}s, the sites its pieces are on", getattr(ludeme, "type", ludeme).span,
                        hint=f"write {c.topo.use} or leave the site type out")
    return tuple(sites)


def other_kind(value: Any, use: str) -> str | None:
    """Why a site type argument cannot be honoured on a board of ``use`` (None when it can)."""
    name = getattr(value, "name", None)
    if name is None or name == use or name not in KINDS:
        return None
    from ..engine.boards.sites import kind_plural
    return (f"this board plays on its {kind_plural(use)}; pieces on its {kind_plural(name)} are not "
            f"supported yet")


class _KindView:
    """The board seen as its elements of another kind: its numbers run over those elements."""

    def __init__(self, topo: Any, n: int):
        self._topo, self.n = topo, n

    def __getattr__(self, name: str) -> Any:
        return getattr(self._topo, name)


def other_kind_region(c: Any, sites: Any, kind: str) -> Any:
    """A region of elements of another kind than the board's (Ludii's numbers of them), known
    before play (the start rules' walls of a maze): worked out once, as the equipment's regions
    are, without the board's limit on site numbers."""
    elements = c.topo.elements
    # the board seen as its elements of that kind: their numbers, and their labels ("E3": the
    # cell in column E, row 3, of a board of vertices, as Ludii's SiteFinder reads a label for a type)
    view = c.topo.of_kind(kind) if elements is not None else _KindView(c.topo, 0)
    fn = type(c)(None, view).region(sites)
    try:
        fixed = tuple(fn(None, None))
    except (AttributeError, TypeError) as exc:  # a region that reads the position: not known before play
        raise BindError(f"the {kind.lower()}s given must be known before play", sites.span) from exc
    return lambda s, e: fixed


__all__ = ["KINDS", "SITE_TYPE", "site_type_param", "kind_of_site", "check_site_types", "other_kind", "other_kind_region",
           "board_region"]
