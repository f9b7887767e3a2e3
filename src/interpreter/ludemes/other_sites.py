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


def pieces_array(kind: str) -> str:
    """The name of the state array of the pieces on the elements of ``kind``."""
    return f"pieces@{kind}"


def declare_pieces(d: Any, c: Any, kind: str) -> None:
    """Declare the array of the pieces on ``kind`` (once): one entry per element."""
    name = pieces_array(kind)
    if name in d.arrays:
        return
    elements = c.topo.elements
    count = elements.count(kind) if elements is not None else 0
    d.array(name, [0] * count)


def other_kind(c: Any, value: Any) -> str | None:
    """The kind a site type argument names when it is not the board's own (None otherwise)."""
    kind = getattr(value, "name", None)
    return kind if kind is not None and kind != c.topo.use else None


__all__ = ["pieces_array", "declare_pieces", "other_kind"]
