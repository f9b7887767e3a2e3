"""Pieces on another kind of site than the board's (Ludii's ``(set Shared Edge (sites Outer
Edge))``: a maze's walls on the edges of a board of cells).

The state holds the board's own kind of site (``what``/``who``); a game whose start rules put
pieces on another kind keeps them in the array ``pieces@Edge`` (or ``@Vertex``, ``@Cell``): the
piece per element of that kind, in Ludii's numbering of those elements. Readers of pieces there
(``(sites Occupied ... on:Edge)``) read that array, and find none in a game that never puts any.
Only the start rule ``set`` puts pieces there so far: every other ludeme that would change pieces
on another kind is refused when the game is built (:mod:`.sitetypes`).
"""

from __future__ import annotations

from typing import Any

from ..engine.multisite import LAST_KIND, pieces_array


def declare_pieces(d: Any, c: Any, kind: str) -> None:
    """Declare the array of the pieces on ``kind`` (once): one entry per element (and the kind
    of the last move's site, :mod:`..engine.multisite`)."""
    name = pieces_array(kind)
    if name in d.arrays:
        return
    elements = c.topo.elements
    count = elements.count(kind) if elements is not None else 0
    d.array(name, [0] * count)
    d.array(LAST_KIND, [0])


def other_kind(c: Any, value: Any) -> str | None:
    """The kind a site type argument names when it is not the board's own (None otherwise)."""
    kind = getattr(value, "name", None)
    return kind if kind is not None and kind != c.topo.use else None


def sited_count(c: Any, kind: str) -> int:
    """How many elements of ``kind`` the board has (0 when it keeps no table of them)."""
    elements = c.topo.elements
    return elements.count(kind) if elements is not None else 0


def sited_piece(c: Any, value: Any, kind: str) -> Any:
    """fn(s, e) -> (element, piece) for the element of ``kind`` an int ludeme gives: (-1, 0)
    for a number that is no such element, the piece 0 when none is there (none ever is, in a
    game that never puts a piece on that kind)."""
    fn = c.int(value)
    count = sited_count(c, kind)
    name = pieces_array(kind)
    if name not in c.game.arrays:
        return lambda s, e: (x, 0) if 0 <= (x := fn(s, e)) < count else (-1, 0)
    return lambda s, e: (x, s.arrays[name][x]) if 0 <= (x := fn(s, e)) < count else (-1, 0)


def no_sited_kernel(ludeme: Any, k: Any, value: Any) -> None:
    """The compiled tier holds pieces on the board's own kind of site only."""
    if value is not None and getattr(value, "name", None) != k.topo.use:
        from ..native.emit import NoKernel
        raise NoKernel(f"({ludeme.name} {value.name} ...)", "pieces on another kind of site than the board's")


__all__ = ["pieces_array", "declare_pieces", "other_kind", "sited_count", "sited_piece", "no_sited_kernel"]
