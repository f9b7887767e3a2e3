"""Kernels of Ludii's hands of sites and of pieces' numbers (ludemes/hands.py, intarrays.py):
``sites Hand``, ``what``, ``id``, ``array``, ``min``.

A hand's sites are numbered after the board's (P1's first), and the state vector holds the
piece on each right after the board's pieces, so ``WHAT + site`` reads a board or a hand site
alike (and ``WHO + site`` the owner of its piece). A variable that may hold a hand site is
marked (``Emitter.hand_vars``): only kernels that read hand sites accept it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass

from ..emit import Emitter, Region


@dataclass
class HandSites(Region):
    """The sites of one player's hand (none for a number that names no player)."""

    rows: str  # table: per player, the sites of their hand
    player: str

    @contextlib.contextmanager
    def loop(self, k: Emitter, var: str) -> Iterator[None]:
        i = k.temp("i")
        k.hand_vars.add(var)
        with k.indented(f"for {i} in range({self.rows}.shape[1] if 1 <= {self.player} < {self.rows}.shape[0] else 0):"):
            k.line(f"{var} = {self.rows}[{self.player}, {i}]")
            yield

    def contains(self, k: Emitter, site: str) -> str:
        first = f"{self.rows}[{self.player}, 0]"
        return (f"(1 <= {self.player} < {self.rows}.shape[0] and {first} <= {site} < "
                f"{first} + {self.rows}.shape[1])")

    def count(self, k: Emitter) -> str:
        return f"({self.rows}.shape[1] if 1 <= {self.player} < {self.rows}.shape[0] else 0)"


