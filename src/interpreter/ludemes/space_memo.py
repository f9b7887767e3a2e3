"""Regions worked out once per flood fill (board/space games' groups whose ``if:`` asks about
another group: Gyre's and Omny's ``(sites Group at:(from) if:(not (is In (to) (sites Group
at:(last To)))))``).

A ``(sites Group ... if:C)`` tests C at every site it reaches, on one position: a region inside C
that reads nothing of the frame (no ``(to)``, ``(from)``...: only the board, the last move and the
mover) is the same at every test, so it is worked out once for the whole fill. Which regions
qualify is an allow-list of ludemes known to read only those; anything else is worked out at
every test as before."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..syntax.nodes import Const, Int, Str
from .base import BoundArray, Ludeme

# Ludemes whose value depends only on the board, the last move and the mover (given arguments
# that do too): a region built of them reads nothing of the frame it is evaluated in.
STATE_ONLY = frozenset({
    "sites Group", "sites Occupied", "sites Empty", "sites Board", "sites Outer", "sites Corners",
    "sites Centre", "sites Perimeter", "sites Inner", "union", "intersection", "difference",
    "last To", "last From", "mover", "next", "centrePoint",
})

_SCOPES: list[dict[tuple[Any, ...], Any]] = []  # the memo of each fill running (innermost last)


def state_only(node: Any) -> bool:
    """Whether ``node`` (a ludeme tree) reads only the board, the last move and the mover."""
    if node is None or isinstance(node, (Int, Str, Const)):
        return True
    if isinstance(node, BoundArray):
        return all(state_only(x) for x in node.items)
    if not isinstance(node, Ludeme) or node.name not in STATE_ONLY:
        return False
    return all(state_only(getattr(node, p.name)) for p in type(node).params)


def memo_region(fn: Callable[[Any, Any], Any], node: Any) -> Callable[[Any, Any], Any]:
    """``fn`` (the compiled ``node``) worked out once per position inside a fill that opened a
    scope (:func:`scoped`); ``fn`` itself when ``node`` reads the frame."""
    if not state_only(node):
        return fn

    def cached(s: Any, e: Any) -> Any:
        if not _SCOPES:
            return fn(s, e)
        memo = _SCOPES[-1]
        # the position: a change to the board is journaled; the last move and the mover are read
        key = (id(fn), id(s), len(s._log), s.mover, s.last_to, s.last_from)
        found = memo.get(key)
        if found is None:
            found = memo[key] = fn(s, e)
        return found
    return cached


def scoped(fill: Callable[..., Any]) -> Callable[..., Any]:
    """``fill`` run with a memo of its own for :func:`memo_region` (dropped when it returns)."""
    def run(*args: Any) -> Any:
        _SCOPES.append({})
        try:
            return fill(*args)
        finally:
            _SCOPES.pop()
    return run
