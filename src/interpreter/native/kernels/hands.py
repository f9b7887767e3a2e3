"""Kernels of Ludii's hands of sites and of pieces' numbers (ludemes/hands.py, intarrays.py):
``sites Hand``, ``what``, ``id``, ``array``, ``min``.

A hand's sites are numbered after the board's (P1's first), and the state vector holds the
piece on each right after the board's pieces, so ``WHAT + site`` reads a board or a hand site
alike (and ``WHO + site`` the owner of its piece). A variable that may hold a hand site is
marked (``Emitter.hand_vars``): only kernels that read hand sites accept it.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any, Callable, Iterator

import numpy as np

from ...ludemes import hands, intarrays
from ...ludemes.base import Ludeme
from .. import abi
from ..emit import Emitter, NoKernel, Region, kernel
from .core import _components_named, _value
from .regions import _fixed


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


@kernel(hands.SitesHand, "region")
def _sites_hand(self: hands.SitesHand, k: Emitter) -> Region:
    total = k.layout.hand_sites
    if not total:
        raise NoKernel("(sites Hand ...)", "hands without sites")
    size = total // k.players
    rows = np.zeros((k.players + 1, size), dtype=np.int64)
    for p in range(1, k.players + 1):
        rows[p] = np.arange(k.n + (p - 1) * size, k.n + p * size)
    player = _fixed(k, _value(k, self.role) if self.role is not None else k.mover, "p")
    return HandSites(k.table(rows), player)


@kernel(hands.What, "int")
def _what(self: hands.What, k: Emitter) -> str:
    if self.level is not None:
        raise NoKernel("(what level:...)")
    site = k.site(self.at, hands=True)  # WHAT + site: a hand's site as well as the board's
    if getattr(self.at, "context_site", False) or site.isdigit():
        return k.what(site)
    return f"({k.what(site)} if {site} >= 0 else 0)"


@kernel(hands.Id, "int")
def _id(self: hands.Id, k: Emitter) -> str:
    if self.piece_name is None:
        return k.player(self.role)
    found = _components_named(k, self.piece_name.value)
    if self.role is None:
        if len(found) != 1:
            raise NoKernel(f'(id "{self.piece_name.value}")', "names several pieces")
        return str(found[0])
    per_owner = np.zeros(k.players + 1, dtype=np.int64)
    for i in found:
        owner = k.game.owner_of[i]
        if 0 <= owner <= k.players:
            per_owner[owner] = i
    table = k.table(per_owner)
    who = _fixed(k, k.player(self.role), "p")
    return f"({table}[{who}] if 0 <= {who} < {table}.shape[0] else 0)"


@kernel(intarrays.ArrayFn, "ints")
def _array(self: intarrays.ArrayFn, k: Emitter, each: Callable[[Emitter, str], None]) -> None:
    """Each site of the region, as a number (in any order: what reads arrays here sums them,
    sorts them or takes the least)."""
    region = k.region(self.region, hands=True)
    x = k.temp("x")
    with region.loop(k, x):
        k.line(f"if {x} < 0:")
        k.line("    continue")
        each(k, x)


@kernel(intarrays.Min, "int")
def _min(self: intarrays.Min, k: Emitter) -> str:
    if self.other is not None:
        a, b = _fixed(k, k.int(self.values), "a"), _fixed(k, k.int(self.other), "b")
        return f"min({a}, {b})"
    if not (isinstance(self.values, Ludeme) and self.values.kind == "ints"):
        return k.int(self.values)
    from ..emit import kernel_of
    best, found = k.temp("m"), k.temp("b")
    k.line(f"{best} = 0")
    k.line(f"{found} = False")

    def least(e: Emitter, value: str) -> None:
        with e.indented(f"if not {found} or {value} < {best}:"):
            e.line(f"{best} = {value}")
            e.line(f"{found} = True")
    kernel_of(self.values, "ints")(self.values, k, least)
    k.line(f"if not {found}:")  # no least number of an empty array: an error, as the reference's
    k.line(f"    {k.st}[{abi.ERROR}] = {abi.ERR_RANGE}")
    return best
