"""Kernels of the variables rules keep besides the pieces (ludemes/variables.py): a value per
player, a state per piece, whether the last move was a pass; and (ludemes/counters.py) the value
a move leaves pending for the next one."""

from __future__ import annotations

from .. import abi
from ..emit import Emitter


def _in_range(k: Emitter, value: str) -> None:
    """A value beyond 32 bits marks the state (the caller raises, as the reference does)."""
    k.line(f"if {value} < -2147483648 or {value} > 2147483647:")
    k.line(f"    {k.st}[{abi.ERROR}] = {abi.ERR_RANGE}")


# --- pending values: [value, the ply of the move that set it] (counters.SetPending) ----------------------


def listed_ply(k: Emitter) -> str:
    """State.listed_ply: the ply less the moves whose own effects are being worked out."""
    return f"({k.var(abi.PLY)} - {k.var(abi.UNCOUNTED)})"


def _pending(k: Emitter) -> str:
    """Whether the move before the one being listed left a value pending (counters.IsPending)."""
    return f"({k.st}[PENDING + 1] == {listed_ply(k)} and {listed_ply(k)} > 0)"


