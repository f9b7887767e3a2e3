"""Kernels of turns of several moves (ludemes/turns.py, and ``all Passed``): the moves made in
this turn, whether some moves are possible."""

from __future__ import annotations

from ...ludemes import turns
from ..emit import Emitter


def _parity(self: turns._Parity, k: Emitter) -> str:
    return f"(({k.int(self.value)}) % 2 == {self.remainder})"  # Python's modulo, as the reference's


