"""Kernels of effects over regions (ludemes/effects.py): ``forEach Site``."""

from __future__ import annotations

from ...ludemes import effects
from ..emit import Buffered, Emitter, Listed, Made, kernel


@kernel(effects.ForEachSite, "effect")
def _for_each_site(self: effects.ForEachSite, k: Emitter) -> None:
    region = k.region(self.region)
    if not isinstance(region, Listed):  # the sites worked out before any effect changes them
        region = Buffered(*region.fill(k))
    rule = self.effect
    x = k.temp("x")
    if getattr(rule, "name", "") == "if" and getattr(rule, "else_branch", None) is None:
        # (forEach Site R (if C E)): C at every site first, on the position before any E
        chosen, count = k.scratch(k.n), k.temp("c")
        k.line(f"{count} = 0")
        with region.loop(k, x):
            with k.bind(site=x):
                k.line(f"if {k.bool(rule.condition)}:")
            k.line(f"    {chosen}[{count}] = {x}")
            k.line(f"    {count} += 1")
        region, rule = Buffered(chosen, count), rule.then_branch
    with region.loop(k, x):
        with k.bind(site=x):
            k.effect(rule)
        k.line("pass")


@kernel(effects.ForEachSite, "moves")
def _for_each_site_moves(self: effects.ForEachSite, k: Emitter) -> Made:
    """The moves of every site of the region, together (two sites may make the same move)."""
    region = k.region(self.region)
    x = k.temp("x")
    with region.loop(k, x):
        with k.bind(site=x):
            made = k.moves(self.effect)
        k.line("pass")
    return Made(False, made.kinds)
