"""Kernels of placement games: regions of sites, ``move Add``, ``move Pass``, lines, patterns,
connection, and the effects placement games use (scores, moveAgain, remove, nextPhase, add)."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any, Iterator

import numpy as np

from ...engine.move import MoveKind
from ...ludemes import boards, conditions, connection, effects, moves, patterns, regions, structure
from ...ludemes.base import BoundArray, Ludeme
from ...syntax.nodes import Bool, Const
from .. import abi
from ..emit import Buffered, Emitter, Everywhere, Listed, Made, NoKernel, Region, kernel
from .core import _components_named, _friends, _value

# --- regions --------------------------------------------------------------------------------------------


@kernel(regions.SitesEmpty, "region")
def _sites_empty(self: Any, k: Emitter) -> Region:
    st = k.st
    return Everywhere(lambda x: f"{st}[WHAT + {x}] == 0")


@kernel(regions.SitesOccupied, "region")
def _sites_occupied(self: Any, k: Emitter) -> Region:
    st = k.st
    if self.by is None or k.players_of(self.by) is not None:
        return Everywhere(lambda x: f"{st}[WHO + {x}] != 0")
    p = k.player(self.by)
    if p == "0":
        return Everywhere(lambda x: f"({st}[WHAT + {x}] != 0 and {st}[WHO + {x}] == 0)")
    who = k.temp("p")
    k.line(f"{who} = {p}")
    # a player 0 (an expression giving nobody) means the neutral pieces, as the reference's
    return Everywhere(lambda x: f"({st}[WHO + {x}] == {who} if {who} != 0 else "
                                f"({st}[WHAT + {x}] != 0 and {st}[WHO + {x}] == 0))")


def _static(fn: Any) -> Any:
    fn.static = True
    return fn


for _name in ("Board", "Top", "Bottom", "Left", "Right", "Centre", "Corners", "Perimeter", "Inner"):
    _cls = getattr(regions, f"Sites{_name}")

    def _board_region(self: Any, k: Emitter, _region: str = _name) -> Region:
        sites = k.topo.regions.get(_region)
        if sites is None:
            raise NoKernel(f"(sites {_region})", "this board has no such region")
        return Listed(tuple(sites))
    kernel(_cls, "region")(_static(_board_region))


@kernel(regions.SitesLabels, "region")
def _sites_labels(self: regions.SitesLabels, k: Emitter) -> Region:
    if self.role is not None:
        return _players_region(self, k)
    if self.sites is None:  # the region being visited (a group of forEach Group...)
        return k.bound("region", "(sites)")
    items = self.sites.items if isinstance(self.sites, BoundArray) else [self.sites]
    if len(items) == 1 and hasattr(items[0], "value") and isinstance(items[0].value, str) \
            and items[0].value in k.topo.regions:
        return Listed(tuple(k.topo.regions[items[0].value]))
    return k.region(BoundArray(items, self.span))


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
    players = range(game.num_players + 1)
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
    k.line(f"{player} = {k.player(self.role)}")
    return _ByPlayer(rows, player)


@kernel(connection.SitesSide, "region")
@_static
def _sites_side(self: Any, k: Emitter) -> Region:
    sites = k.topo.side(self.direction.name)
    return Listed(tuple(sites))


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
    per_player = ludeme.pieces_per_player(k.game, lambda name: _components_named(k, name))
    if not any(per_player.values()):
        raise NoKernel("(move Add ...)", "no piece to add")
    return per_player


def _add_setup(self: moves.MoveAdd, k: Emitter) -> tuple[Any, list[Any], int, str, bool, Any]:
    """What both the listing and the drawing of a move Add need: its region, its conditions,
    its rule, the table of the pieces each player places, and whether hands limit them."""
    sites, conds, to_effect = _to_rule(k, self.to)
    if sites is None:
        raise NoKernel("(move Add ...)", "no region")
    per_player = _placed_kinds(k, self)
    hand = "hand" in k.layout.arrays
    game = k.game
    width = max(len(v) for v in per_player.values())
    table = np.zeros((k.players + 1, width + 1), dtype=np.int64)  # [count, kinds...] per player
    for p, kinds in per_player.items():
        table[p, 0] = len(kinds)
        table[p, 1:1 + len(kinds)] = kinds
    owned = np.array([int(hand and game.owner_of[w] != 0) for w in range(len(game.components))], dtype=np.int64)
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
    rule = k.rule(self, before=[f for f in (effect, take) if f is not None], after=[then] if then else [])
    limited = owned if owned.any() else None
    return sites, conds, rule, k.table(table), width, limited


@kernel(moves.MoveAdd, "moves")
def _move_add(self: moves.MoveAdd, k: Emitter) -> Made:
    sites, conds, rule, kinds, _, limited = _add_setup(self, k)
    region = k.region(sites)
    p = k.temp("p")
    k.line(f"{p} = {k.mover}")
    to = k.temp("to")
    with region.loop(k, to):
        if to in k.hand_vars:
            raise NoKernel("(move Add ...)", "to a site of a hand")
        if not isinstance(sites, regions.SitesEmpty):
            k.line(f"if {k.what(to)} != 0:")
            k.line("    continue")
        with k.bind(to=to):
            cond = _conjunction(k, conds)
        with k.indented(f"if {cond}:") if cond != "True" else _nothing():
            j = k.temp("j")
            with k.indented(f"for {j} in range({kinds}[{p}, 0]):"):
                w = k.temp("w")
                k.line(f"{w} = {kinds}[{p}, 1 + {j}]")
                if limited is not None:
                    flags = k.table(limited)
                    k.line(f"if {flags}[{w}] != 0 and {k.st}[HAND + {w}] <= 0:")
                    k.line("    continue")
                k.move(rule, MoveKind.ADD, to=to, what=w)
    return Made(not isinstance(region, Buffered), frozenset({int(MoveKind.ADD)}))


@kernel(moves.MoveAdd, "draw")
def _move_add_draw(self: moves.MoveAdd, k: Emitter) -> str:
    sites, conds, rule, kinds, width, limited = _add_setup(self, k)
    if width > 1 or limited is not None:
        raise NoKernel("(move Add ...)", "drawn: several pieces, or hands")
    region = k.region(sites)
    if isinstance(region, Everywhere):
        space, pick = "N", None
    elif isinstance(region, Listed):
        if not region.sites:
            k.line("return -1")
            return "0"
        pick = k.table(np.array(region.sites, dtype=np.int64))
        space = f"{pick}.shape[0]"
    else:
        raise NoKernel("(move Add ...)", "drawn from a region known only during play")
    to = k.temp("to")
    k.line(f"{to} = rng_below(rs, {space})" if pick is None else f"{to} = {pick}[rng_below(rs, {space})]")
    test = f"{k.what(to)} != 0"
    if isinstance(region, Everywhere) and region.pred is not None:
        test = f"{test} or not ({region.pred(to)})"
    k.line(f"if {test}:")
    k.line("    return -1")
    p = k.temp("p")
    k.line(f"{p} = {k.mover}")
    k.line(f"if {kinds}[{p}, 0] == 0:")
    k.line("    return -1")
    with k.bind(to=to):
        cond = _conjunction(k, conds)
    if cond != "True":
        k.line(f"if not ({cond}):")
        k.line("    return -1")
    w = k.temp("w")
    k.line(f"{w} = {kinds}[{p}, 1]")
    code = (f"{rule} | ({int(MoveKind.ADD)} << {abi.KIND_SHIFT}) | (({to} + 1) << {abi.TO_SHIFT}) | "
            f"({w} << {abi.WHAT_SHIFT})")
    k.accept(code)
    return space


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: Any) -> None:
        return None


@kernel(boards.AddToBoard, "effect")
def _add_effect(self: boards.AddToBoard, k: Emitter) -> None:
    """``(add (piece ...) (to ...))`` as a consequence: the placements move Add would list,
    all made (the reference applies the moves of its generator). Refused when a placement has
    effects of its own (a to's apply, a piece taken from a hand: the reference runs them with
    the context moved to the placement) or lets the mover choose among kinds."""
    if self.board is not None:
        raise NoKernel("(add <board> ...)", "a board shape, not a placement")
    sites, conds, to_effect = _to_rule(k, self.to)
    if sites is None:
        raise NoKernel("(add ...)", "no region")
    if to_effect is not None:
        raise NoKernel("(add (to ... (apply ...)))", "a placement's own effects, as a consequence")
    per_player = _placed_kinds(k, self)
    if any(len(kinds) > 1 for kinds in per_player.values()):
        raise NoKernel("(add (piece {...}) ...)", "several kinds of piece to place")
    game = k.game
    if "hand" in k.layout.arrays and any(game.owner_of[w] for kinds in per_player.values() for w in kinds):
        raise NoKernel("(add ...)", "pieces taken from a hand, as a consequence")
    if k.notes.get("union_find") is not None:
        raise NoKernel("(add ...)", "placements besides the moves' in a game keeping its groups")
    table = np.zeros(k.players + 1, dtype=np.int64)
    for p, kinds in per_player.items():
        table[p] = kinds[0] if kinds else 0
    w = k.temp("w")
    k.line(f"{w} = {k.table(table)}[{k.mover}]")
    # the sites first (empty, meeting the conditions), then every placement
    buf, count, to = k.buffer(), k.temp("c"), k.temp("to")
    k.line(f"{count} = 0")
    with k.region(sites).loop(k, to):
        if to in k.hand_vars:
            raise NoKernel("(add ...)", "to a site of a hand")
        k.line(f"if {to} < 0 or {k.what(to)} != 0:")
        k.line("    continue")
        with k.bind(to=to):
            cond = _conjunction(k, conds)
        with k.indented(f"if {cond}:"):
            k.line(f"{buf}[{count}] = {to}")
            k.line(f"{count} += 1")
    i = k.temp("i")
    with k.indented(f"if {w} != 0:"):
        with k.indented(f"for {i} in range({count}):"):
            k.place(f"{buf}[{i}]", w)


@kernel(moves.MovePass, "moves")
def _move_pass(self: moves.MovePass, k: Emitter) -> Made:
    rule = k.rule(self, after=[t] if (t := k.then_of(self.then)) else [])
    k.move(rule, MoveKind.PASS)
    return Made(True, frozenset({int(MoveKind.PASS)}))


@kernel(moves.MovePass, "draw")
def _move_pass_draw(self: moves.MovePass, k: Emitter) -> str:
    rule = k.rule(self, after=[t] if (t := k.then_of(self.then)) else [])
    k.accept(f"{rule} | ({int(MoveKind.PASS)} << {abi.KIND_SHIFT})")
    return "1"


# --- lines --------------------------------------------------------------------------------------------------
def _directions(k: Emitter, value: Any, default: str) -> tuple[str, ...]:
    """Directions resolved on this board (as Compiler.directions): a constant or a
    ``(directions {...})``; relative ones (Forward, FL...) by the facing of the piece whose
    moves are being written (``k.notes["facing"]``, set by forEach Piece), refused elsewhere."""
    topo = k.topo
    if value is None:
        return topo.expand_directions([default])
    if isinstance(value, Const):
        dirs = _direction_names(k, [value.name])
        if not dirs:
            raise NoKernel(value.name, "a direction this board lacks")
        return dirs
    if isinstance(value, regions.Directions):
        items = value.names.items if isinstance(value.names, BoundArray) else [value.names]
        return _direction_names(k, [i.name for i in items])
    raise NoKernel(f"({value.name} ...)", "directions given by a ludeme")


def _direction_names(k: Emitter, names: list[str]) -> tuple[str, ...]:
    """Direction names to this board's compass directions (Compiler.direction_names)."""
    from ...engine.facing import RELATIVE, relative
    facing = k.notes.get("facing")
    out: list[str] = []
    for name in names:
        if name in RELATIVE:
            if facing is None:
                raise NoKernel(name, "directions relative to a facing")
            found = relative(name, facing, k.topo.directions)
        else:
            found = k.topo.expand_directions([name])
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


@kernel(conditions.IsLine, "bool")
def _is_line(self: conditions.IsLine, k: Emitter) -> str:
    if self.exact is not None and not isinstance(self.exact, Bool):
        raise NoKernel("(is Line exact:...)", "exact: given by an expression")
    exact = isinstance(self.exact, Bool) and self.exact.value
    gaps = self.contiguous is not None and not self.contiguous.value
    length = k.int(self.length)
    if length.lstrip("-").isdigit() and int(length) < 1:
        raise NoKernel("(is Line ...)", "a length below 1")
    axes = axes_table(k, _directions(k, self.directions, "All"))
    site = k.temp("s")
    k.line(f"{site} = {k.site(self.through) if self.through is not None else k.var(abi.LAST_TO)}")
    hyp = int(self.through is not None)
    here, p, n, out = k.temp("h"), k.temp("p"), k.temp("n"), k.temp("b")
    k.line(f"{out} = False")
    with k.indented(f"if {site} >= 0:"):
        k.line(f"{here} = {k.who(site)}")
        if hyp:
            k.line(f"if {here} == 0:")
            k.line(f"    {here} = {k.mover}")
        k.line(f"{p} = {_value(k, self.who) if self.who is not None else here}")
        with k.indented(f"if {p} != 0 and {here} == {p}:"):
            k.line(f"{n} = {length}")
            k.line(f"if {n} < 1:")
            k.line(f"    {k.st}[{abi.ERROR}] = {abi.ERR_RANGE}")
            k.line(f"{out} = line_through({k.st}, WHO, {axes}, {site}, {p}, {n}, {exact}, {gaps})")
    return out


@kernel(conditions.CountLines, "int")
def _count_lines(self: conditions.CountLines, k: Emitter) -> str:
    axes = axes_table(k, _directions(k, self.directions, "All"))
    length = k.int(self.length)
    return f"count_lines({k.st}, WHO, N, {axes}, {_value(k, self.of)}, {length})"


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
        nbrs = merged([[(t,) if t >= 0 else () for t in topo.step[d]] for d in dirs])
    width = max((len(x) for x in nbrs), default=0)
    table = np.full((k.n, max(width, 1)), -1, dtype=np.int64)
    for s, row in enumerate(nbrs):
        table[s, :len(row)] = row
    return k.table(table)


@kernel(connection.IsConnected, "bool")
def _is_connected(self: connection.IsConnected, k: Emitter) -> str:
    if self.type is not None and self.type.name != k.topo.use:
        raise NoKernel("(is Connected <site type>)", "another site type")
    uf = k.notes.get("union_find")
    if uf is not None:  # the groups are kept as pieces are added (native.connectivity)
        from ..connectivity import _key
        if _key(self) == uf.key:
            return _connected_by_union_find(self, k, uf)
    nbrs = neighbour_table(k, self.directions)
    if isinstance(self.regions, Const) and self.regions.name in connection.STATIC_REGIONS.names:
        targets = {0: [tuple(r) for r in connection.static_regions(k.topo, self.regions.name)]}
        per_player = False
    elif isinstance(self.regions, BoundArray):
        targets = {0: [k.static_region(r) for r in self.regions.items]}
        if any(t is None for t in targets[0]):
            raise NoKernel("(is Connected {...})", "regions known only during play")
        per_player = False
    else:
        owned = k.game.player_regions
        targets = {p: [tuple(r) for r in owned.get(p, ())] for p in range(k.players + 1)}
        per_player = True
    # region masks: [player or 0, region, site] -> 1 inside; and the number of regions
    count = max(len(v) for v in targets.values())
    masks = np.zeros((k.players + 1, max(count, 1), k.n), dtype=np.int64)
    numbers = np.zeros(k.players + 1, dtype=np.int64)
    for p, regs in targets.items():
        numbers[p] = len(regs)
        for r, sites in enumerate(regs):
            masks[p, r, list(sites)] = 1
    mask_t, number_t = k.table(masks), k.table(numbers)
    who_regions = k.temp("r")
    if per_player:
        k.line(f"{who_regions} = {k.player(self.regions)}")
    else:
        k.line(f"{who_regions} = 0")
    site = k.temp("s")
    k.line(f"{site} = {k.site(self.at) if self.at is not None else k.var(abi.LAST_TO)}")
    need = k.int(self.number) if self.number is not None else f"{number_t}[{who_regions}]"
    out = k.temp("b")
    k.line(f"{out} = False")
    with k.indented(f"if {site} >= 0 and {k.who(site)} != 0 and {number_t}[{who_regions}] > 0:"):
        work = k.scratch(2 * k.n + 1 + count)
        k.line(f"{out} = connected({k.st}, WHO, {nbrs}, {site}, {mask_t}[{who_regions}], "
               f"{number_t}[{who_regions}], {need}, {'True' if self.number is None else 'False'}, {work})")
    return out


def _connected_by_union_find(self: connection.IsConnected, k: Emitter, uf: Any) -> str:
    need = k.table(uf.need)
    who, site, bits, out = k.temp("p"), k.temp("s"), k.temp("m"), k.temp("b")
    k.line(f"{who} = {k.player(self.regions)}")
    k.line(f"{site} = {k.site(self.at) if self.at is not None else k.var(abi.LAST_TO)}")
    k.line(f"{out} = False")
    k.runtime("interpreter.native.runtime", "uf_find")
    with k.indented(f"if {site} >= 0 and {k.who(site)} != 0 and {need}[{who}] != 0:"):
        k.line(f"{bits} = {k.st}[UNION_FIND + N + uf_find({k.st}, UNION_FIND, {site})] & {need}[{who}]")
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
@kernel(effects.MoveAgain, "effect")
def _move_again(self: Any, k: Emitter) -> None:
    k.line(f"{k.st}[{abi.MOVE_AGAIN}] = 1")


def _score_effect(self: Any, k: Emitter, add: bool) -> None:
    players = k.players_of(self.player)
    amount = k.temp("a")
    k.line(f"{amount} = {k.int(self.amount)}")
    targets = [str(p) for p in players] if players is not None else [k.player(self.player)]
    for p in targets:
        value = f"{k.st}[SCORES + {p}] + {amount}" if add else amount
        v = k.temp("v")
        k.line(f"{v} = {value}")
        k.line(f"if {v} < -2147483648 or {v} > 2147483647:")
        k.line(f"    {k.st}[{abi.ERROR}] = {abi.ERR_RANGE}")
        k.line(f"{k.st}[SCORES + {p}] = {v}")


kernel(effects.AddScore, "effect")(lambda self, k: _score_effect(self, k, True))
kernel(effects.SetScore, "effect")(lambda self, k: _score_effect(self, k, False))


@kernel(moves.Then, "effect")
def _then(self: moves.Then, k: Emitter) -> None:
    for item in self.effects.items:
        k.effect(item)


@kernel(effects.Apply, "effect")
def _apply(self: effects.Apply, k: Emitter) -> None:
    if self.effect is not None:
        k.effect(self.effect)


@kernel(effects.Remove, "effect")
def _remove(self: effects.Remove, k: Emitter) -> None:
    if self.kind == "board shape":
        raise NoKernel("(remove <board shape>)")
    if self.at is not None:
        raise NoKernel("(remove at:EndOfTurn)")
    region = k.region(self.sites, hands=True)
    if not isinstance(region, Listed) and not hasattr(region, "site"):
        buf, count = region.fill(k)  # the region worked out before any piece goes
        region = Buffered(buf, count)
    x = k.temp("x")
    with region.loop(k, x):
        with k.indented(f"if 0 <= {x} < N and {k.what(x)} != 0:"):
            k.place(x, "0")
        if k.layout.hand_sites:  # a site of one of Ludii's hands: its piece goes (no count)
            with k.indented(f"elif {x} >= N and {k.what(x)} != 0:"):
                k.line(f"{k.what(x)} = 0")
                k.line(f"{k.who(x)} = 0")
    if self.then is not None:
        k.effect(self.then)


@kernel(structure.NextPhase, "effect")
def _next_phase_effect(self: structure.NextPhase, k: Emitter) -> None:
    target = k.notes["phase_names"].index(self.target)
    cond = k.bool(self.condition) if self.condition is not None else "True"
    k.line(f"if ({cond}) and {k.st}[{abi.PHASE}] != {target}:")
    k.line(f"    {k.st}[{abi.PHASE}] = {target}")


__all__ = ["axes_table", "neighbour_table", "_friends", "Ludeme"]


# --- patterns: walks over pieces of one kind (ludemes/patterns.py) -----------------------------------------
@kernel(patterns.IsPattern, "bool")
def _is_pattern(self: patterns.IsPattern, k: Emitter) -> str:
    topo = k.topo
    walk = [x.name for x in (self.pattern.items if hasattr(self.pattern, "items") else [self.pattern])]
    # the board's orthogonal directions, clockwise; the walk tried facing each: its sites per start
    dirs = sorted(set(topo.expand_directions(["Orthogonal"])), key=patterns._COMPASS.index)
    steps = walk.count("F")
    if not dirs or not steps:
        raise NoKernel("(is Pattern ...)", "no steps to walk")
    paths = np.full((k.n, len(dirs), steps), -1, dtype=np.int64)
    for start in range(k.n):
        for facing in range(len(dirs)):
            site, d, m = start, facing, 0
            for step in walk:
                if step == "F":
                    site = topo.step[dirs[d]][site]
                    if site < 0:
                        break
                    paths[start, facing, m] = site
                    m += 1
                else:
                    d = (d + 1) % len(dirs) if step == "R" else (d - 1) % len(dirs)
    table = k.table(paths)
    x = k.temp("x")
    k.line(f"{x} = {k.site(self.origin) if self.origin is not None else k.var(abi.LAST_TO)}")
    found = k.temp("b")
    k.line(f"{found} = False")
    with k.indented(f"if 0 <= {x} < N:"):
        if self.whats is not None:
            wanted = [k.temp("w") for _ in self.whats.items]
            for name, value in zip(wanted, self.whats.items):
                k.line(f"{name} = {k.int(value)}")
        else:
            wanted = [k.temp("w")]
            k.line(f"{wanted[0]} = {k.int(self.what) if self.what is not None else k.what(x)}")
        f, y, ok = k.temp("f"), k.temp("y"), k.temp("ok")
        with k.indented(f"if {wanted[0]} != 0 and {k.what(x)} == {wanted[0]}:"):
            with k.indented(f"for {f} in range({table}.shape[1]):"):
                k.line(f"{ok} = True")
                for m in range(steps):  # the m-th step forward must find the next kind in turn
                    k.line(f"{y} = {table}[{x}, {f}, {m}]")
                    with k.indented(f"if {y} < 0 or {k.what(y)} != {wanted[(m + 1) % len(wanted)]}:"):
                        k.line(f"{ok} = False")
                    if m + 1 < steps:
                        k.line(f"if {ok}:")
                        k.depth += 1
                k.depth -= steps - 1
                with k.indented(f"if {ok}:"):
                    k.line(f"{found} = True")
                    k.line("break")
    return found
