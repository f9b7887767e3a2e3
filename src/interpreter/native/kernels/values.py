"""Kernels of values of several things and the results comparing players (ludemes/values.py,
``byScore``): ``values Group``, ``byValues``, ``byScore``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..emit import Emitter
from .structure import end_rule


def _everyone(k: Emitter) -> int:
    return sum(1 << p for p in range(1, k.players + 1))


def _outcome(self: Any, k: Emitter, body: Callable[[str, str, str, str], None]) -> None:
    """An outcome that names its winners itself: ``body(hit, w, ls, d)`` writes them (the game
    ends at once, ranked or not)."""
    if k.notes.get("end_vars") is None:  # a bare result
        end_rule(self, k)
        return
    hit, w, ls, d, rk, rw = k.notes["end_vars"]
    k.line(f"{hit} = 1")
    k.line(f"{rk} = 0")
    k.line(f"{rw} = 0")
    body(hit, w, ls, d)


def _best_of(k: Emitter, value: Callable[[str], str], w: str, ls: str, d: str) -> None:
    """The players whose value is the highest win (all of them: a draw)."""
    best, p, mask = k.temp("best"), k.temp("p"), k.temp("m")
    k.line(f"{best} = {value('1')}")
    with k.indented(f"for {p} in range(2, {k.players + 1}):"):
        k.line(f"if {value(p)} > {best}:")
        k.line(f"    {best} = {value(p)}")
    k.line(f"{mask} = 0")
    with k.indented(f"for {p} in range(1, {k.players + 1}):"):
        k.line(f"if {value(p)} == {best}:")
        k.line(f"    {mask} |= 1 << {p}")
    _winners(k, mask, w, ls, d)


def _winners(k: Emitter, mask: str, w: str, ls: str, d: str) -> None:
    everyone = _everyone(k)
    with k.indented(f"if {mask} == {everyone}:"):
        k.line(f"{d} = 1")
    with k.indented("else:"):
        k.line(f"{w} |= {mask}")
        k.line(f"{ls} |= {everyone} & ~{mask}")


