"""Tracks: named paths of sites on the board that pieces or seeds follow (Ludii's ``Track``).

A track is given as site numbers (``{0 2 4 6 8 9 7 5 3 1}``) or as steps (``"1,E,N,W"``: start
on site 1, go east as far as the board goes, then north, then west; ``N1`` is one step north;
a number jumps to that site; ``End`` marks the way off the board). A looped track goes on from
its last site to its first. Each element knows the next and previous sites, as Ludii's
``Track.Elem``; a site repeated in a row is one element (Ludii's "bumps").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .topology import Topology

END = -2  # Ludii's Constants.END: the way off the board at the end of a track
MAX_SITE = 20_000  # a track may name sites after the board's (a hand's: Ludii numbers them next)


class TrackError(ValueError):
    """A track that cannot be laid on the board (the message says why)."""


@dataclass
class Track:
    """One track: its sites in order, with the next and previous element of each."""

    name: str
    sites: tuple[int, ...]
    looped: bool = False
    owner: int = 0  # 0: everybody's
    directed: bool = False
    internal_loop: bool = False  # a site met twice, not in a row (Ludii's internal loop: Ur, Pachisi)
    next_index: tuple[int, ...] = field(default=(), repr=False)  # -1 at the end of an open track
    prev_index: tuple[int, ...] = field(default=(), repr=False)
    first_index: dict[int, int] = field(default_factory=dict, repr=False)  # site -> its first element
    # per element: how many times more its site was given in a row (Ludii's Elem.bump: the
    # corners of a Surakarta loop); empty: none anywhere
    bumps: tuple[int, ...] = field(default=(), repr=False)

    def bump(self, index: int) -> int:
        """Ludii's ``bump`` of element ``index``: the repeats of its site in a row."""
        return self.bumps[index] if self.bumps else 0

    def __post_init__(self) -> None:
        n = len(self.sites)
        nxt = [i + 1 for i in range(n)]
        prv = [i - 1 for i in range(n)]
        if n:
            nxt[-1] = 0 if self.looped else -1
            prv[0] = n - 1 if self.looped else -1
        self.next_index = tuple(nxt)
        self.prev_index = tuple(prv)
        self.first_index = {}
        for i, site in enumerate(self.sites):
            self.first_index.setdefault(site, i)
        self.internal_loop = len(self.first_index) < n

    def index_of(self, site: int) -> int:
        """The first element of the track on ``site`` (-1 when the track does not pass there)."""
        return self.first_index.get(site, -1)

    def board_sites(self) -> tuple[int, ...]:
        """The sites of the track, each once, in track order (not its End)."""
        return tuple(dict.fromkeys(s for s in self.sites if s >= 0))

    def region(self) -> tuple[int, ...]:
        """The sites of the track as a region (Ludii's ``(sites Track)``: a set, in site order)."""
        return tuple(sorted({s for s in self.sites if s >= 0}))


def steps_to_sites(topo: Topology, spec: str, name: str) -> list[int]:
    """The sites of a track written as steps (``"1,E,N,W"``, ``"0,E,N1,W2,17"``)."""
    parts = [p.strip() for p in spec.split(",")]
    while len(parts) > 1 and not parts[-1]:  # Ludii splits as Java does: trailing empty steps go
        parts.pop()
    if not parts or not parts[0].isdigit():
        raise TrackError(f'track "{name}": the first step must be a site number, not {parts[0]!r}')
    current = int(parts[0])
    sites = [current]
    for part in parts[1:]:
        if part.isdigit():
            current = int(part)
            sites.append(current)
            continue
        if part == "End":
            sites.append(END)
            continue
        direction = "".join(ch for ch in part if not ch.isdigit())
        digits = part[len(direction):]
        if not direction or (digits and not digits.isdigit()) or direction not in topo.rays:
            raise TrackError(f'track "{name}": step {part!r} is not a direction of this board '
                             f'({", ".join(topo.rays)}) with an optional number of steps')
        if not 0 <= current < topo.n:
            raise TrackError(f'track "{name}": step {part!r} starts from site {current}, not on the board')
        ray = topo.rays[direction][current]
        if digits:
            ray = ray[:int(digits)]
        sites.extend(ray)
        if ray:
            current = ray[-1]
    return sites


def make_track(topo: Topology, name: str, sites: Sequence[int], looped: bool, owner: int,
               directed: bool = False) -> Track:
    """A track over ``sites`` (site numbers, :data:`END` allowed; sites after the board's are a
    hand's, as Ludii numbers them); a site repeated in a row counts once (Ludii's bumps)."""
    merged: list[int] = []
    bumps: list[int] = []
    for site in sites:
        if site != END and not 0 <= site <= MAX_SITE:
            raise TrackError(f'track "{name}": site {site} is neither on the board (0 to {topo.n - 1}) '
                             "nor after it (a hand's)")
        if not merged or merged[-1] != site:
            merged.append(site)
            bumps.append(0)
        else:
            bumps[-1] += 1
    if len(merged) < 2:
        raise TrackError(f'track "{name}" needs at least two sites')
    return Track(name, tuple(merged), looped, owner, directed, bumps=tuple(bumps) if any(bumps) else ())


__all__ = ["Track", "TrackError", "END", "MAX_SITE", "steps_to_sites", "make_track"]
