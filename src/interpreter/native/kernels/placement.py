"""Kernels of placement games: regions of sites, ``move Add``, ``move Pass``, lines, patterns,
connection, and the effects placement games use (scores, moveAgain, remove, nextPhase, add)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...ludemes import connection, moves, regions
from ...ludemes.base import Ludeme
from ...ludemes.moves import pieces_per_player
from ...syntax.nodes import Const
from .. import abi
from ..emit import Emitter, Listed, NoKernel, Region
from .core import _components_named, _friends

# --- regions --------------------------------------------------------------------------------------------






@dataclass
class _ByPlayer(Region):
    """The region of a player (a row per player number of a table, -1 padded); or of any
    number that picks a row (a kind of piece)."""

    rows: list[tuple[int, ...]]
    player: str

    @contextlib.contextmanager
    def loop(self, k: Emitter, var: str) -> Iterator[None]:
        width = max((len(r) for r in self.rows), default=0)
        table = np.full((len(self.rows), max(width, 1)), -1, dtype=np.int64)
        for p, row in enumerate(self.rows):
            table[p, :len(row)] = row
        name = k.table(table)
        counts = k.table(np.array([len(r) for r in self.rows], dtype=np.int64))
        i = k.temp("i")
        with k.indented(f"for {i} in range({counts}[{self.player}]):"):
            k.line(f"{var} = {name}[{self.player}, {i}]")
            yield

    def contains(self, k: Emitter, site: str) -> str:
        mask = np.zeros((len(self.rows), k.n), dtype=np.int64)
        for p, row in enumerate(self.rows):
            mask[p, list(row)] = 1
        return f"(0 <= {site} < N and {k.table(mask)}[{self.player}, {site}] != 0)"


def _players_region(self: regions.SitesLabels, k: Emitter) -> Region:
    """``(sites PLAYER)``: the regions the player owns, all together; ``(sites PLAYER "Name")``:
    the player's region of that name (as SitesLabels.compile)."""
    game = k.game
    by_number = not isinstance(self.role, Const)  # (player N): any number, as SitesLabels.compile
    players = regions.region_owners(game) if by_number else range(game.num_players + 1)
    if regions.player_beyond(self.role, game.num_players) is not None:
        raise NoKernel("(sites PLAYER ...)", "a player beyond the game's count")
    if self.sites is not None:
        name = self.sites.value
        rows = [tuple(game.owned_regions.get((p, name), ())) for p in players]
        every = tuple(dict.fromkeys(x for (p, key), v in game.owned_regions.items() if key == name for x in v))
    else:
        rows = [tuple(dict.fromkeys(x for part in game.player_regions.get(p, ()) for x in part)) for p in players]
        every = tuple(dict.fromkeys(x for row in rows for x in row))
    if any(not 0 <= x < k.n for row in rows for x in row):
        raise NoKernel("(sites PLAYER ...)", "a player's region off the board")
    if isinstance(self.role, Const) and self.role.name in ("Each", "All"):
        return Listed(every)
    player = k.temp("q")
    if by_number:  # a number that owns no row reads the empty row added last
        rows.append(())
        k.line(f"{player} = {k.int(self.role)}")
        k.line(f"if {player} < 0 or {player} >= {len(rows) - 1}:")
        k.line(f"    {player} = {len(rows) - 1}")
    else:
        k.line(f"{player} = {k.player(self.role)}")
    return _ByPlayer(rows, player)


# --- move Add, move Pass -----------------------------------------------------------------------------------
def _to_rule(k: Emitter, to: Any) -> tuple[Any, Any, Any]:
    """(region, condition, apply effect) of a ``(to ...)`` (as moves._to_rule)."""
    if to is None:
        return None, None, None
    if to.level is not None:
        raise NoKernel("(to level:...)")
    condition = to.condition
    apply = to.apply
    extra = apply.condition if apply is not None else None
    return to.sites, [c for c in (condition, extra) if c is not None], (apply.effect if apply is not None else None)


def _conjunction(k: Emitter, conds: list[Any]) -> str:
    """The conditions, each evaluated only when those before held (statements may be needed)."""
    if not conds:
        return "True"
    if len(conds) == 1:
        return k.bool(conds[0])
    result = k.temp("b")
    k.line(f"{result} = False")
    depth = k.depth
    for cond in conds:
        k.line(f"if {k.bool(cond)}:")
        k.depth += 1
    k.line(f"{result} = True")
    k.depth = depth
    return result


def _placed_kinds(k: Emitter, ludeme: moves.MoveAdd) -> dict[int, tuple[int, ...]]:
    """The components each player may place (the reference's per_player table)."""
    if ludeme.piece is not None and ludeme.piece.index is not None:
        raise NoKernel("(move Add (piece <int>) ...)", "a piece given by number")
    per_player = pieces_per_player(ludeme.piece, k.game, lambda name: _components_named(k, name))
    if not any(per_player.values()):
        raise NoKernel("(move Add ...)", "no piece to add")
    return per_player


def only_empty_sites(to: Any) -> bool:
    """Whether a placement's ``(to ...)`` can only name empty sites (its region is, or is cut
    down to, ``(sites Empty)``, or its condition asks for an empty site): the placements that
    skip occupied sites are then Ludii's, which tests none."""
    from ...ludemes.conditions import IsEmpty
    from ...ludemes.functions import To
    from ...ludemes.regions import SitesEmpty
    sites = to.sites
    if isinstance(sites, SitesEmpty):
        return True
    name = getattr(sites, "name", "")
    parts = [p for param in getattr(sites, "params", ()) for p in _items(getattr(sites, param.name))]
    if name == "intersection" and any(isinstance(p, SitesEmpty) for p in parts):
        return True
    if name == "difference" and parts and isinstance(parts[0], SitesEmpty):
        return True
    def empty_to(test: Any) -> bool:  # (is Empty (to))
        return isinstance(test, IsEmpty) and isinstance(test.site, To)
    cond = to.condition
    if empty_to(cond):
        return True
    if getattr(cond, "name", "") == "and":
        return any(empty_to(p) for param in cond.params for p in _items(getattr(cond, param.name)))
    return False


def _items(value: Any) -> list[Any]:
    from ...ludemes.base import _flatten
    return list(_flatten(value))


def _add_setup(self: moves.MoveAdd, k: Emitter) -> tuple[Any, list[Any], int, str, int, np.ndarray | None]:
    """What both the listing and the drawing of a move Add need: its region, its conditions,
    its rule, the table of the pieces each player places and its width (the most kinds a
    player places), and the kinds a hand limits (None when no hand does)."""
    sites, conds, to_effect = _to_rule(k, self.to)
    if sites is None:
        raise NoKernel("(move Add ...)", "no region")
    keeps = not only_empty_sites(self.to)  # Ludii's ActionAdd keeps an occupied site's piece
    if keeps and (k.layout.piece_arrays or k.notes.get("union_find") is not None or k.game.stacking):
        raise NoKernel("(move Add ...)", "a region that may hold occupied sites, with piece arrays or groups")
    per_player = _placed_kinds(k, self)
    hand = "hand" in k.layout.arrays and self._draws_from_hand(k.game)  # fromHand:True only (Ludii's Add never draws)
    game = k.game
    width = max(len(v) for v in per_player.values())
    table = np.zeros((k.players + 1, width + 1), dtype=np.int64)  # [count, kinds...] per player
    for p, kinds in per_player.items():
        table[p, 0] = len(kinds)
        table[p, 1:1 + len(kinds)] = kinds
    from ...engine.handsites import hand_owner_of
    hand_owners = hand_owner_of(game)  # 0 for a piece whose owner has no hand ((hand P1) only)
    owned = np.array([int(hand and hand_owners[w] != 0) for w in range(len(game.components))], dtype=np.int64)
    then = k.then_of(self.then)
    effect = None
    if to_effect is not None:
        effect = lambda e: e.effect(to_effect)  # noqa: E731
    take = None
    if owned.any():
        def take(e: Emitter) -> None:
            flags = e.table(owned)
            e.line(f"if {flags}[what] != 0:")
            e.line(f"    {e.st}[HAND + what] -= 1")
    keep = put_back = None
    if keeps:  # the piece found after the to's effects is put back over the one placed
        def keep(e: Emitter) -> None:
            e.line("kept = st[WHAT + to]")

        def put_back(e: Emitter) -> None:
            with e.indented("if kept != 0:"):
                e.place("to", "kept")
    rule = k.rule(self, before=[f for f in (effect, take, keep) if f is not None],
                  after=[f for f in (put_back, then) if f is not None])
    limited = owned if owned.any() else None
    return sites, conds, rule, k.table(table), width, limited


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: Any) -> None:
        return None


# --- lines --------------------------------------------------------------------------------------------------
def _directions(k: Emitter, value: Any, default: str) -> tuple[str, ...]:
    """Directions resolved on this board (as Compiler.directions): a constant or a
    ``(directions {...})``; relative ones (Forward, FL...) by the facing of the piece whose
    moves are being written (``k.notes["facing"]``, set by forEach Piece), refused elsewhere."""
    topo = k.topo
    if value is None:
        return topo.keys([default])
    if isinstance(value, Const):
        dirs = _direction_names(k, [value.name])
        if not dirs:
            raise NoKernel(value.name, "a direction this board lacks")
        return dirs
    if isinstance(value, regions.Directions):
        if value.by_site():
            raise NoKernel("(directions ... bySite:True)", "directions among a site's own")
        return _direction_names(k, value.named(), value.relation_of())
    raise NoKernel(f"({value.name} ...)", "directions given by a ludeme")


def _direction_names(k: Emitter, names: list[str], of: str = "Adjacent") -> tuple[str, ...]:
    """Direction names to this board's direction keys (Compiler.direction_names)."""
    from ...engine.facing import RELATIVE, relative
    facing = k.notes.get("facing")
    out: list[str] = []
    for name in names:
        if name in RELATIVE:
            if facing is None:
                raise NoKernel(name, "directions relative to a facing")
            if "rotation" in k.game.arrays:
                raise NoKernel(name, "directions relative to the facing of a piece that turns")
            found = relative(name, facing, k.topo.relation_directions.get(of, ()))
        else:
            found = k.topo.keys([name])
        out.extend(d for d in found if d not in out)
    return tuple(out)


def axes_table(k: Emitter, dirs: tuple[str, ...]) -> str:
    """Per site, axis and side, the sites beyond (-1 padded): the axes of these directions."""
    axes_at = k.topo.axes_for(dirs)
    naxes = max((len(a) for a in axes_at), default=0)
    depth = max((len(r) for a in axes_at for pair in a for r in pair), default=0)
    table = np.full((k.n, max(naxes, 1), 2, max(depth, 1)), -1, dtype=np.int64)
    for s, axes in enumerate(axes_at):
        for a, (fwd, back) in enumerate(axes):
            table[s, a, 0, :len(fwd)] = fwd
            table[s, a, 1, :len(back)] = back
    if naxes == 0:
        table = np.full((k.n, 0, 2, 1), -1, dtype=np.int64)
    return k.table(table)


# --- connection ------------------------------------------------------------------------------------------------
def neighbour_table(k: Emitter, value: Any, default: str = "Adjacent") -> str:
    """Per site its neighbours under the directions (-1 padded), as Compiler.adjacency."""
    from ...engine.groups import merged
    topo = k.topo
    name = value.name if isinstance(value, Const) else (default if value is None else None)
    if name in topo.neighbours:
        nbrs = topo.neighbours[name]
    else:
        dirs = _directions(k, value, default)
        nbrs = merged([topo.steps_of(d) for d in dirs])
    width = max((len(x) for x in nbrs), default=0)
    table = np.full((k.n, max(width, 1)), -1, dtype=np.int64)
    for s, row in enumerate(nbrs):
        table[s, :len(row)] = row
    return k.table(table)


def _connected_by_union_find(self: connection.IsConnected, k: Emitter, uf: Any) -> str:
    need = k.table(uf.need)
    who, site, bits, out = k.temp("p"), k.temp("s"), k.temp("m"), k.temp("b")
    k.line(f"{who} = {k.player(self.regions)}")
    k.line(f"{site} = {k.site(self.at) if self.at is not None else k.var(abi.LAST_TO)}")
    k.line(f"{out} = False")
    k.runtime("interpreter.native.runtime", "uf_find")
    with k.indented(f"if {site} >= 0 and {k.who(site)} != 0 and {need}[{who}] != 0:"):
        k.line(f"if {k.who(site)} == {who}:")
        k.line(f"    {bits} = {k.st}[UNION_FIND + N + uf_find({k.st}, UNION_FIND, {site})] & {need}[{who}]")
        k.line("else:  # another's piece: only its own site counts (Ludii's IsConnected)")
        k.line(f"    {bits} = {k.table(uf.site_bits)}[{site}] & {need}[{who}]")
        if self.number is None:
            k.line(f"{out} = {bits} == {need}[{who}]")
        else:
            c = k.temp("c")
            k.line(f"{c} = 0")
            k.line(f"while {bits} != 0:")
            k.line(f"    {bits} &= {bits} - 1")
            k.line(f"    {c} += 1")
            k.line(f"{out} = {c} >= {k.int(self.number)}")
    return out


# --- effects --------------------------------------------------------------------------------------------------


def _score_effect(self: Any, k: Emitter, add: bool) -> None:
    _score_plan(self, k, add)()


def _score_plan(self: Any, k: Emitter, add: bool) -> Any:
    """Emit now what a score effect works out (its amount, whose score); return what emits its
    change (in an ``(and ...)`` every part is worked out before any applies, as the reference)."""
    from ...ludemes.base import BoundArray
    if isinstance(self.player, BoundArray) or isinstance(self.amount, BoundArray):
        raise NoKernel(f"({self.name} {{...}} {{...}})", "scores of several players")
    players = k.players_of(self.player)
    amount = k.temp("a")
    k.line(f"{amount} = {k.int(self.amount)}")
    if players is not None:
        targets = [str(p) for p in players]
    else:
        who = k.temp("p")
        k.line(f"{who} = {k.player(self.player)}")
        targets = [who]

    def emit() -> None:
        for p in targets:
            value = f"{k.st}[SCORES + {p}] + {amount}" if add else amount
            v = k.temp("v")
            k.line(f"{v} = {value}")
            k.line(f"if {v} < -2147483648 or {v} > 2147483647:")
            k.line(f"    {k.st}[{abi.ERROR}] = {abi.ERR_RANGE}")
            k.line(f"{k.st}[SCORES + {p}] = {v}")
            if self.then is not None:  # Ludii's then: after each player's score
                k.effect(self.then)
    return emit


__all__ = ["axes_table", "neighbour_table", "_friends", "Ludeme"]


# --- patterns: walks over pieces of one kind (ludemes/patterns.py) -----------------------------------------
