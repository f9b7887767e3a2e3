"""Kernels of groups (ludemes/connection.py): the groups of the board found once, each bound
as ``(sites)`` while a rule runs for it (``forEach Group``; ``values Group`` reads the same), or
counted (``count Groups``)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ...ludemes import connection, regions
from ..emit import Emitter, NoKernel
from .placement import neighbour_table
from .regions import Slice


@dataclass
class Group(Slice):
    """One group among those found (``buf[start:end]``); ``loops`` holds the length of its
    shortest loop along some directions when the rules read it (key: the directions)."""

    loops: dict[Any, str] = field(default_factory=dict)


def _reads_loops(rules: list[Any]) -> list[Any]:
    """The loop ludemes of these rules that read the group visited (``(sites)``), unless a
    nested rule visits groups of its own (its ``(sites)`` is another group)."""
    from ...ludemes import loops, values
    found = []
    for rule in rules:
        if rule is None or not hasattr(rule, "walk"):
            continue
        for node in rule.walk():
            if node is not rule and isinstance(node, (connection.ForEachGroup, values.ValuesGroup)):
                return []
            if isinstance(node, (loops.SitesLoop, loops.IsLoop)) and _visited(node.of):
                found.append(node)
    return found


def _visited(region: Any) -> bool:
    """``(sites)``: the group being visited."""
    return isinstance(region, regions.SitesLabels) and region.sites is None and region.role is None


def find_groups(k: Emitter, directions: Any, condition: Any, pieces: bool = False) -> tuple[str, str, str, str]:
    """Emit the search for every group (as connection._all_groups: the condition once per
    site, ``(to)`` being the site, then groups by first site, each in breadth-first order);
    (neighbour table, sites buffer, group starts buffer, number of groups). With ``pieces``,
    as ``forEach Group`` (connection._piece_groups): groups grown only from sites holding a
    piece, owner by owner (connection.pieces_in_order)."""
    if pieces and (connection.reads_from(condition) or k.game.shared_kinds):
        raise NoKernel("(forEach Group if:...)", "a condition reading (from), or Shared pieces")
    nbrs = neighbour_table(k, directions)
    work = k.scratch(3 * k.n + 2)  # membership, then the sites of the groups, then their starts
    x, s, t, j, head, tail, count = (k.temp(v) for v in ("x", "s", "y", "j", "h", "tl", "g"))
    st = k.st
    with k.indented(f"for {x} in range(N):"):
        if condition is None:
            k.line(f"{work}[{x}] = 1 if ({st}[WHO + {x}] != 0 or {st}[WHAT + {x}] != 0) else 0")
        else:
            with k.bind(to=x):
                k.line(f"{work}[{x}] = 1 if {k.bool(condition)} else 0")
    k.line(f"{tail} = 0")
    k.line(f"{count} = 0")
    owner = k.temp("o")
    with k.indented(f"for {owner} in range({k.players + 1 if pieces else 1}):"), \
            k.indented(f"for {x} in range(N):"):
        k.line(f"if {work}[{x}] != 1:")
        k.line("    continue")
        if pieces:  # the owner's pieces (connection.pieces_in_order)
            k.line(f"if {st}[WHAT + {x}] == 0 or {st}[WHO + {x}] != {owner}:")
            k.line("    continue")
        k.line(f"{work}[2 * N + 1 + {count}] = {tail}")
        k.line(f"{count} += 1")
        k.line(f"{work}[{x}] = 2")
        k.line(f"{work}[N + {tail}] = {x}")
        k.line(f"{head} = {tail}")
        k.line(f"{tail} += 1")
        with k.indented(f"while {head} < {tail}:"):
            k.line(f"{s} = {work}[N + {head}]")
            k.line(f"{head} += 1")
            with k.indented(f"for {j} in range({nbrs}.shape[1]):"):
                k.line(f"{t} = {nbrs}[{s}, {j}]")
                k.line(f"if {t} < 0:")
                k.line("    break")
                with k.indented(f"if {work}[{t}] == 1:"):
                    k.line(f"{work}[{t}] = 2")
                    k.line(f"{work}[N + {tail}] = {t}")
                    k.line(f"{tail} += 1")
    k.line(f"{work}[2 * N + 1 + {count}] = {tail}")
    return nbrs, work, "2 * N + 1", count


@contextlib.contextmanager
def each_group(k: Emitter, directions: Any, condition: Any, rules: list[Any],
               pieces: bool = False) -> Iterator[Group]:
    """Emit a loop over the groups; inside, the group is bound as ``(sites)`` (and the loops
    its rules read are worked out once, first). With ``pieces``, as ``forEach Group`` (see
    :func:`find_groups`), the site each group grew from bound as ``(from)`` too."""
    nbrs, work, starts, count = find_groups(k, directions, condition, pieces)
    g = k.temp("g")
    with k.indented(f"for {g} in range({count}):"):
        group = Group(work, f"N + {work}[{starts} + {g}]", f"N + {work}[{starts} + {g} + 1]")
        if pieces:
            first = k.temp("f")
            k.line(f"{first} = {work}[{group.start}]")
        from .loops import loop_length
        for node in _reads_loops(rules):
            key = node.directions.name if node.directions is not None else None
            if key not in group.loops:
                group.loops[key] = loop_length(k, node.directions, group)
        with k.bind(region=group, **({"frm": first} if pieces else {})):
            yield group


__all__ = ["Group", "each_group", "find_groups", "NoKernel"]
