"""Kernels of decisions that look ahead or name a choice: ``do`` (moves kept when a condition
holds after them, or made after a prior effect), ``move Choose``, the sites of a set of moves,
``no Moves``, and the effect of exchanging sides."""

from __future__ import annotations

from typing import Any

from ...ludemes import moves
from .. import abi
from ..emit import Buffered, Emitter, Made, NoKernel, Region
from .core import _value


def _next_as_tried(e: Emitter, prev: str, tried: str) -> None:
    """engine.turns.next_as_tried on the copy a move was tried on (``prev``: Ludii's previous
    player before the move): a move that left its mover the next player is judged with Next
    the previous player, as Ludii's Do.movePassesCond."""
    e.line(f"{tried}[{abi.TRIED_NEXT}] = 0")
    with e.on_state(tried):
        e.line(f"if {e.next_player()} == {e.mover}:")
    e.line(f"    {tried}[{abi.TRIED_NEXT}] = {prev} + 1")


def _copy_state(k: Emitter, into: str) -> None:
    i = k.temp("i")
    k.line(f"for {i} in range(L[{abi.L_SIZE}]):")
    k.line(f"    {into}[{i}] = {k.st}[{i}]")


def _needs_act(k: Emitter, what: str) -> None:
    if k.fn.name in ("act", "apply"):
        raise NoKernel(what, "a move tried inside a move's consequences")


# --- do ---------------------------------------------------------------------------------------------


def _do_next(self: moves.Do, k: Emitter) -> Made:
    """The moves of ``do``: those of ``next:`` worked out after the prior effect (on a copy of
    the position, at the ply the move will be played), each doing the effect first; without
    ``next:``, the inner moves."""
    if self.next is None:
        return k.moves(self.moves)
    _needs_act(k, "(do ... next:...)")
    prior = self.moves
    after = k.scratch(k.layout.size)
    _copy_state(k, after)
    k.line(f"{after}[{abi.PLY}] += 1")
    k.line(f"{after}[{abi.UNCOUNTED}] += 1")  # Ludii lists the prior before the move counts itself
    with k.on_state(after):
        k.effect(prior)
    k.line(f"{after}[{abi.PLY}] -= 1")
    k.line(f"{after}[{abi.UNCOUNTED}] -= 1")
    k.before_stack.append((self, lambda e: e.effect(prior)))
    try:
        with k.on_state(after):
            return k.moves(self.next)
    finally:
        k.before_stack.pop()


# --- move Choose -----------------------------------------------------------------------------------


# --- the sites of moves, and whether there are any --------------------------------------------------
def _sites_of_moves(self: Any, k: Emitter, field: str) -> Region:
    buf, count, mask = k.buffer(), k.temp("c"), k.buffer()
    k.line(f"{count} = 0")
    x = k.temp("x")
    k.line(f"for {x} in range({mask}.shape[0]):")  # the board's sites and the hands'
    k.line(f"    {mask}[{x}] = 0")
    shift = abi.TO_SHIFT if field == "to" else abi.FRM_SHIFT

    def collect(e: Emitter, code: str) -> None:
        site = e.temp("s")
        e.line(f"{site} = (({code}) >> {shift} & 65535) - 1")
        e.line(f"if {site} < 0:")  # a placement starts where it goes (Ludii's Add)
        e.line(f"    {site} = (({code}) >> {abi.TO_SHIFT} & 65535) - 1")
        e.line(f"if {site} >= 0:")
        e.line(f"    {mask}[{site}] = 1")
    with k.sink(collect):
        k.moves(self.moves)
    # Ludii's Region: the sites in the order of their numbers
    with k.indented(f"for {x} in range({mask}.shape[0]):"):
        with k.indented(f"if {mask}[{x}] != 0:"):
            k.line(f"{buf}[{count}] = {x}")
            k.line(f"{count} += 1")
    return Buffered(buf, count, ascending=True)


__all__ = ["_value"]
