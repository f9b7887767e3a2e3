"""Where Ludii's placements keep a move cache (``Game.checkAddMoveCaches``), which decides how
often its ``move Add`` lists a placement that has effects of its own.

Ludii's Add lists a placement whose ``(to ... (apply ...))`` applies twice (its ``eval`` adds
the move through ``chainRuleCrossProduct`` and then once more) unless the move comes from its
action cache. Ludii disables that cache for an Add standing inside a move generator that has
consequences (``then``), other than inside those consequences themselves, and everywhere below
such a generator: there the placement is listed twice every time. Where the cache is kept, the
duplicate depends on which placements Ludii made before with the same game object (the first
time only), which a position cannot tell: listed once here.
"""

from __future__ import annotations

from typing import Any

from .base import MOVES, Ludeme, _flatten


def mark_add_caches(root: Ludeme) -> None:
    """Mark every placement (a ludeme with ``keeps_add_cache``) whose cache Ludii disables:
    ``add_cache_disabled = True``."""
    _visit(root, True)


def _visit(node: Any, allowed: bool) -> None:
    if not isinstance(node, Ludeme):
        return
    if hasattr(node, "keeps_add_cache") and not allowed:
        setattr(node, "add_cache_disabled", True)  # noqa: B010  (an attribute of the placements only)
    outer_then = node.kind == MOVES and getattr(node, "then", None) is not None
    for param in node.params:
        inner = allowed and (not outer_then or param.name == "then")
        for child in _flatten(getattr(node, param.name)):
            _visit(child, inner)


__all__ = ["mark_add_caches"]
