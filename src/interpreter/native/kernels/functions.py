"""Kernels of counts (ludemes/functions.py): ``count Sites``."""

from __future__ import annotations

from ...ludemes import functions
from ..emit import Emitter, NoKernel, kernel


@kernel(functions.CountSites, "int")
def _count_sites(self: functions.CountSites, k: Emitter) -> str:
    if self.named is not None:  # a region by its name: its size is known before play
        sites = k.topo.regions.get(self.named.value)
        if sites is None:
            raise NoKernel(f'(count Sites "{self.named.value}")', "no such region")
        return str(len(sites))
    return k.region(self.region).count(k)
