"""Kernels of passages (ludemes/passages.py): ``count Loops``, by the compiled count of
:mod:`interpreter.native.graphs` (the same loops as engine.passages)."""

from __future__ import annotations

from ...ludemes import passages
from ..emit import Emitter, NoKernel, kernel
from .placement import neighbour_table

MAX_COMPILED_PASSAGES = 10  # a player's loops are counted over every set of their passages


@kernel(passages.CountLoops, "int")
def _count_loops(self: passages.CountLoops, k: Emitter) -> str:
    from ..graphs import passage_tables
    mine = k.game.passages
    if any(len(v) > MAX_COMPILED_PASSAGES for v in mine.values()):
        raise NoKernel("(count Loops ...)", f"more than {MAX_COMPILED_PASSAGES} passages of a player")
    nbrs = neighbour_table(k, self.directions)
    rims, nrims, ends, nends = (k.table(t) for t in passage_tables(mine, k.players, k.n))
    player = k.player(self.player) if self.player is not None else k.mover
    nr = max(len(v) for v in mine.values()) * 2 if mine else 1
    work = k.scratch(3 * k.n + 2 * nr)
    k.runtime("interpreter.native.graphs", "count_loops")
    return f"count_loops({k.st}, WHO, {nbrs}, {player}, {rims}, {nrims}, {ends}, {nends}, {work})"
