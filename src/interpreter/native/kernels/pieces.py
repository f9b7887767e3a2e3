"""Kernels of pieces' values and whereabouts (ludemes/pieces.py): ``value Piece``, ``is
Within``."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...ludemes import pieces
from ...syntax.nodes import Str
from ..emit import Emitter, kernel
from .core import _components_named


@kernel(pieces.ValuePiece, "int")
def _value_piece(self: pieces.ValuePiece, k: Emitter) -> str:
    values = k.table(np.array([comp.value for comp in k.game.components], dtype=np.int64))
    site = k.site(self.at)
    if getattr(self.at, "context_site", False) or site.isdigit():
        return f"{values}[{k.what(site)}]"
    return f"({values}[{k.what(site)}] if {site} >= 0 else 0)"


@kernel(pieces.IsWithin, "bool")
def _is_within(self: pieces.IsWithin, k: Emitter) -> str:
    if isinstance(self.piece, Str):
        mask = np.zeros(len(k.game.components), dtype=np.int64)
        mask[_components_named(k, self.piece.value)] = 1
        kinds = k.table(mask)
        wanted = lambda x: f"{kinds}[{k.what(x)}] != 0"  # noqa: E731
    else:
        one = k.temp("w")
        k.line(f"{one} = {k.int(self.piece)}")  # a piece's number: (id "1Dot" Mover)
        wanted = lambda x: f"{k.what(x)} == {one}"  # noqa: E731
    if self.at is not None:
        site = k.site(self.at)
        if getattr(self.at, "context_site", False) or site.isdigit():
            return f"({wanted(site)})"
        return f"({site} >= 0 and {wanted(site)})"
    found, x = k.temp("b"), k.temp("x")
    k.line(f"{found} = False")
    with k.region(self.region).loop(k, x):
        k.line(f"if {wanted(x)}:")
        k.line(f"    {found} = True")
        k.line("    break")
    return found


__all__: list[Any] = []
