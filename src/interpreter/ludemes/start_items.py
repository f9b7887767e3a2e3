"""Ludii's helper ludemes of start rules (``game.util.math.Count``): ``(count "Pawn1" 8)``, an
item's name with a number of them, as ``place Random`` takes them for a stack shuffled on one
site."""

from __future__ import annotations

from typing import Any

from .base import INT_FN, PIECES, STR_LIT, Ludeme, Param

COUNT_ITEM = "count item"


class CountItem(Ludeme):
    """A number of pieces of one kind (Ludii's util ``count``): ``place Random`` shuffles
    them into a stack.

    Parameters:
        item: the name of the piece
        count: how many of them

    Examples:
        (count "Pawn1" 8)
    """

    name = "count"
    overload = True
    kind = COUNT_ITEM
    item: Any = Param(STR_LIT)
    count: Any = Param(INT_FN, range=PIECES)


__all__ = ["CountItem", "COUNT_ITEM"]
