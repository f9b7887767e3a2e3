"""Kernels of turns of several moves (ludemes/turns.py, and ``all Passed``): the moves made in
this turn, whether some moves are possible."""

from __future__ import annotations

from ...ludemes import conditions, turns
from .. import abi
from ..emit import Emitter, kernel


@kernel(turns.CountMovesThisTurn, "int")
def _count_moves_this_turn(self: turns.CountMovesThisTurn, k: Emitter) -> str:
    return k.var(abi.TURN_MOVES)


@kernel(conditions.AllPassed, "bool")
def _all_passed(self: conditions.AllPassed, k: Emitter) -> str:
    return f"({k.var(abi.PASSES)} >= {k.players})"


@kernel(turns.CanMove, "bool")
def _can_move(self: turns.CanMove, k: Emitter) -> str:
    """Whether the moves offer one now: a function of its own that returns at the first move
    (the moves are not listed)."""
    with k.helper("can_move", "st, T") as name:
        with k.sink(lambda e, code: e.line("return True")):
            k.moves(self.moves)
        k.line("return False")
    return f"{name}({k.st}, T)"


@kernel(turns.IsEven, "bool")
def _parity(self: turns._Parity, k: Emitter) -> str:
    return f"(({k.int(self.value)}) % 2 == {self.remainder})"  # Python's modulo, as the reference's


kernel(turns.IsOdd, "bool")(_parity)
