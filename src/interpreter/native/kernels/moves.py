"""Kernels of pieces that move (ludemes/moves.py): the moves of every piece (``forEach
Piece``), steps to a neighbour, hops along a line over a run of sites; and (ludemes/movement.py)
slides along lines, leaps along turtle walks."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...engine.move import MoveKind
from ...ludemes import movement, moves
from ...ludemes.base import BoundArray
from ...syntax.nodes import Bool
from .. import abi
from ..emit import INFINITY, Emitter, Made, NoKernel, OneSite, Region, kernel
from .capture import bounds, rays_table
from .core import _components_named
from .placement import _ByPlayer, _conjunction, _direction_names, _directions, _to_rule
from .regions import neighbour_rows, padded


# --- the pieces' own moves --------------------------------------------------------------------------
def piece_moves(k: Emitter) -> list[Any]:
    """Per component, the moves its ``(piece ...)`` declares (None for none), as the
    reference's build gives each component the moves of its declaration."""
    found = k.notes.get("piece_moves")
    if found is not None:
        return found
    from ...bind import bind
    bound = bind(k.game.info.description.game)
    table: list[Any] = [None]
    names = [""]
    for piece in bound.equipment.pieces:
        numbered = piece.each or piece.role.name != "Shared"
        for owner in piece.owners(k.players):
            names.append(piece.piece_name + (str(owner) if numbered else ""))
            table.append(piece.moves)
    if names != [c.name for c in k.game.components]:
        raise NoKernel("(forEach Piece)", "pieces declared otherwise than the game lists them")
    k.notes["piece_moves"] = table
    return table


@kernel(moves.ForEachPiece, "moves")
def _for_each_piece(self: moves.ForEachPiece, k: Emitter) -> Made:
    if self.player is not None:
        raise NoKernel("(forEach Piece <player>)", "another player's moves")
    game = k.game
    kinds = None
    if self.pieces is not None:
        items = self.pieces.items if isinstance(self.pieces, BoundArray) else [self.pieces]
        kinds = {i for item in items for i in _components_named(k, item.value)}
    own = piece_moves(k)
    # the components that share a generator (a piece declared for each player) are one branch,
    # or one per facing when the generator reads it (Forward...: the reference's build compiles
    # a piece's moves once per facing)
    branches: dict[tuple[int, Any], tuple[Any, list[int]]] = {}
    for comp in game.components[1:]:
        if kinds is not None and comp.index not in kinds:
            continue
        gen = self.moves if self.moves is not None else own[comp.index]
        if gen is None:
            continue
        # (moves given here read the facing of the play rule around, if any)
        facing = comp.facing if self.moves is None and _reads_facing(gen) else k.notes.get("facing")
        branches.setdefault((id(gen), facing), (gen, []))[1].append(comp.index)
    if self.moves is None and not any(own[1:]):
        raise NoKernel("(forEach Piece)", "no piece declares moves")
    made: list[Made] = []
    frm = k.temp("f")
    with k.then(self.then):
        with k.indented(f"for {frm} in range(N):"):
            k.line(f"if {k.who(frm)} != {k.mover}:")
            k.line("    continue")
            first = True
            for (_, facing), (gen, comps) in branches.items():
                mask = np.zeros(len(game.components), dtype=np.int64)
                mask[comps] = 1
                table = k.table(mask)
                with k.indented(f"{'if' if first else 'elif'} {table}[{k.what(frm)}] != 0:"):
                    outer, k.notes["facing"] = k.notes.get("facing"), facing
                    try:
                        with k.bind(frm=frm):
                            made.append(k.moves(gen))
                    finally:
                        k.notes["facing"] = outer
                    k.line("pass")
                first = False
    kinds_made = frozenset().union(*(m.kinds for m in made)) if made else frozenset()
    # moves of different pieces start from different sites: only moves of pieces are unique
    unique = all(m.unique for m in made) and kinds_made <= {int(MoveKind.MOVE)}
    return Made(unique, kinds_made)


def _reads_facing(gen: Any) -> bool:
    """The moves use directions relative to a facing (as Compiler.moves_facing tells)."""
    from ...engine.facing import RELATIVE
    from ...syntax.nodes import Const
    return any(getattr(ludeme, "needs_facing", False) or
               any(isinstance(node, Const) and node.name in RELATIVE for node in ludeme.children())
               for ludeme in gen.walk())


# --- where moves start ---------------------------------------------------------------------------
def _sources(k: Emitter, frm: Any) -> tuple[Region, Any]:
    """(region, condition) of a ``(from ...)``: its sites (the context's (from) without one)
    and the condition a source must meet, ``(from)`` being the site tested (as _from_sites)."""
    if frm is not None and frm.level is not None:
        raise NoKernel("(from level:...)")
    if frm is None or frm.sites is None:
        return OneSite(k.bound("frm", "(from)")), (frm.condition if frm is not None else None)
    return k.region(frm.sites), frm.condition


class _Sourced:
    """Emit a loop over the sources of a move whose piece is the mover's; inside, the source is
    bound as (from)."""

    def __init__(self, k: Emitter, frm: Any):
        self.region, self.condition = _sources(k, frm)
        self.k = k

    def __enter__(self) -> str:
        k = self.k
        var = k.temp("f")
        self._loop = self.region.loop(k, var)
        self._loop.__enter__()
        if var in k.hand_vars:
            raise NoKernel("(from ...)", "a move from a site of a hand")
        k.line(f"if {var} < 0 or {k.who(var)} != {k.mover}:")
        k.line("    continue")
        self._bind = k.bind(frm=var)
        self._bind.__enter__()
        if self.condition is not None:
            k.line(f"if not ({k.bool(self.condition)}):")
            k.line("    continue")
        return var

    def __exit__(self, *exc: Any) -> None:
        self.k.line("pass")
        self._bind.__exit__(*exc)
        self._loop.__exit__(*exc)


# --- steps ---------------------------------------------------------------------------------------------
def step_table(k: Emitter, directions: Any) -> tuple[str, bool]:
    """The sites one step away (per site, -1 padded) as move Step reads them: a relation's
    neighbours, or the first site of each ray along compass directions; and whether every
    row lists a site once."""
    rows = neighbour_rows(k, directions, lambda topo, dirs, x: tuple(ray[0] for ray in topo.rays_for(dirs)[x]))
    return padded(k, rows), all(len(set(r)) == len(r) for r in rows)


@kernel(moves.MoveStep, "moves")
def _move_step(self: moves.MoveStep, k: Emitter) -> Made:
    _, conds, to_effect = _to_rule(k, self.to)
    nbrs, distinct = step_table(k, self.directions)
    sources_once = moves_to_table(self, k, nbrs, conds, to_effect)
    return Made(distinct and sources_once, frozenset({int(MoveKind.MOVE)}))


def moves_to_table(self: Any, k: Emitter, table: str, conds: list[Any], to_effect: Any) -> bool:
    """Emit the moves of the mover's pieces from each source to the sites of its row of a
    table (-1 padded: steps, leaps), where the to conditions hold; whether each source is
    visited once (the moves are then unique when the rows are)."""
    then = k.then_of(self.then)
    effect = (lambda e: e.effect(to_effect)) if to_effect is not None else None
    rule = k.rule(self, before=[effect] if effect else [], after=[then] if then else [])
    j, to = k.temp("j"), k.temp("to")
    with _Sourced(k, self.source) as frm:
        with k.indented(f"for {j} in range({table}.shape[1]):"):
            k.line(f"{to} = {table}[{frm}, {j}]")
            k.line(f"if {to} < 0:")
            k.line("    break")
            with k.bind(to=to):
                cond = _conjunction(k, conds)
            with k.indented(f"if {cond}:"):
                k.move(rule, MoveKind.MOVE, frm=frm, to=to)
    return self.source is None or self.source.sites is None


# --- hops ------------------------------------------------------------------------------------------------
@kernel(moves.MoveHop, "moves")
def _move_hop(self: moves.MoveHop, k: Emitter) -> Made:
    between = self.between
    if between is not None and (between.before is not None or between.after is not None):
        raise NoKernel("(move Hop (between before:/after:))", "a hop at a distance")
    if between is not None and between.sameOwner is not None:
        raise NoKernel("(move Hop (between sameOwner:...))")
    if between is not None and between.apply is not None and between.apply.condition is not None:
        raise NoKernel("(move Hop (between (apply if:...)))")
    _, conds, to_effect = _to_rule(k, self.to)
    dirs = _directions(k, self.directions, "Adjacent")
    rays, lengths, counts = rays_table(k, dirs)
    rays_at = k.topo.rays_for(dirs)
    if max((len(r) for r in rays_at), default=0) > abi.MAX_AUX:
        raise NoKernel("(move Hop ...)", f"more than {abi.MAX_AUX} directions from a site")
    # no two rays of a site meet: one source makes each move once
    distinct = all(len({x for ray in r for x in ray}) == sum(len(ray) for ray in r) for r in rays_at)
    lo, hi = (1, 1)
    if between is not None and between.length is not None:
        lo, hi = bounds(k, between.length)
    hurdle = between.condition if between is not None else None
    jumped = between.apply.effect if between is not None and between.apply is not None else None
    then = k.then_of(self.then)
    before = []
    if to_effect is not None:
        before.append(lambda e: e.effect(to_effect))
    if jumped is not None:
        def over(e: Emitter) -> None:
            # the sites jumped: the ray of the move's direction (aux) up to where it lands (the
            # tables named again: this is written in another function than the moves)
            rays_here, lengths_here, _ = rays_table(e, dirs)
            i, b = e.temp("i"), e.temp("b")
            with e.indented(f"for {i} in range({lengths_here}[frm, aux]):"):
                e.line(f"{b} = {rays_here}[frm, aux, {i}]")
                e.line(f"if {b} == to:")
                e.line("    break")
                with e.bind(between=b):
                    e.effect(jumped)
                e.line("pass")
        before.append(over)
    rule = k.rule(self, before=before, after=[then] if then else [])
    d, j, end, b, to = k.temp("d"), k.temp("j"), k.temp("e"), k.temp("b"), k.temp("to")
    with _Sourced(k, self.source) as frm:
        with k.indented(f"for {d} in range({counts}[{frm}]):"):
            k.line(f"{end} = min({lengths}[{frm}, {d}], {hi})")
            k.line(f"{j} = 0")
            if hurdle is not None:
                with k.indented(f"while {j} < {end}:"):
                    k.line(f"{b} = {rays}[{frm}, {d}, {j}]")
                    with k.bind(between=b):
                        k.line(f"if not ({k.bool(hurdle)}):")
                    k.line("    break")
                    k.line(f"{j} += 1")
            else:
                k.line(f"{j} = {end}")
            k.line(f"if {j} >= {lengths}[{frm}, {d}] or {j} < {lo}:")
            k.line("    continue")
            k.line(f"{to} = {rays}[{frm}, {d}, {j}]")
            with k.bind(to=to):
                cond = _conjunction(k, conds)
            with k.indented(f"if {cond}:"):
                k.move(rule, MoveKind.MOVE, frm=frm, to=to, aux=d if jumped is not None else "0")
    sources_once = self.source is None or self.source.sites is None
    return Made(distinct and sources_once, frozenset({int(MoveKind.MOVE)}))


# --- slides ----------------------------------------------------------------------------------------------
@kernel(movement.MoveSlide, "moves")
def _move_slide(self: movement.MoveSlide, k: Emitter) -> Made:
    if self.track is not None or (self.stack is not None and self.stack.value):
        raise NoKernel("(move Slide track:/stack:)")
    between = self.between
    if between is not None and (between.before is not None or between.after is not None
                                or between.sameOwner is not None):
        raise NoKernel("(move Slide (between before:/after:/sameOwner:))")
    if between is not None and between.apply is not None:
        raise NoKernel("(move Slide (between (apply ...)))", "effects on the sites passed over")
    if self.to is not None and self.to.sites is not None:
        raise NoKernel("(move Slide (to <sites>))")
    if self.to is not None and self.to.level is not None:
        raise NoKernel("(to level:...)")
    apply = self.to.apply if self.to is not None else None
    stop = self.to.condition if self.to is not None else None
    extra = apply.condition if apply is not None else None
    if isinstance(extra, Bool) and extra.value:
        extra = None
    to_effect = apply.effect if apply is not None else None
    dirs = _directions(k, self.directions, "Adjacent")
    rays, lengths, counts = rays_table(k, dirs)
    rays_at = k.topo.rays_for(dirs)
    lo, hi = 1, INFINITY
    if between is not None and between.length is not None:
        lo, hi = bounds(k, between.length)
    go = between.condition if between is not None else None
    then = k.then_of(self.then)
    rule = k.rule(self, before=[lambda e: e.effect(to_effect)] if to_effect is not None else [],
                  after=[then] if then else [])
    # no two rays of a site meet: one source makes each move once
    distinct = all(len({x for ray in r for x in ray}) == sum(len(ray) for ray in r) for r in rays_at)
    d, j, to = k.temp("d"), k.temp("j"), k.temp("to")
    with _Sourced(k, self.source) as frm:
        with k.indented(f"for {d} in range({counts}[{frm}]):"):
            with k.indented(f"for {j} in range(min({lengths}[{frm}, {d}], {hi})):"):
                k.line(f"{to} = {rays}[{frm}, {d}, {j}]")
                with k.bind(to=to):
                    if stop is not None:  # a site that ends the line, once the least distance is reached
                        with k.indented(f"if {j} + 1 >= {lo} and {k.bool(stop)}:"):
                            with k.indented(f"if {k.bool(extra) if extra is not None else 'True'}:"):
                                k.move(rule, MoveKind.MOVE, frm=frm, to=to)
                            k.line("break")
                    with k.bind(between=to):
                        if go is None:
                            k.line(f"if {k.what(to)} != 0:")
                        else:
                            k.line(f"if not ({k.bool(go)}):")
                        k.line("    break")
                        with k.indented(f"if {j} + 1 >= {lo}:"):
                            with k.indented(f"if {k.bool(extra) if extra is not None else 'True'}:"):
                                k.move(rule, MoveKind.MOVE, frm=frm, to=to)
    sources_once = self.source is None or self.source.sites is None
    return Made(distinct and sources_once, frozenset({int(MoveKind.MOVE)}))


# --- leaps -----------------------------------------------------------------------------------------------
@kernel(movement.MoveLeap, "moves")
def _move_leap(self: movement.MoveLeap, k: Emitter) -> Made:
    def known(value: Any, default: bool, word: str) -> bool:
        if value is None:
            return default
        if not isinstance(value, Bool):
            raise NoKernel(f"(move Leap {word}:...)", "known only during play")
        return bool(value.value)
    rotations = known(self.rotations, True, "rotations")
    forward = known(self.forward, False, "forward")
    if self.to.sites is not None:
        raise NoKernel("(move Leap (to <sites>))")
    _, conds, to_effect = _to_rule(k, self.to)
    # a leap is a step to each site its walks reach
    topo = k.topo
    reached = movement.walk_targets(topo, movement.walks_of(self.steps), rotations)
    if forward:  # only ahead of the piece, by the facing of the piece whose moves these are
        facing = k.notes.get("facing")
        if facing is None:
            raise NoKernel("(move Leap forward:True)", "a facing known only in a piece's own moves")
        reached = [tuple(t for t in ts if movement._ahead(topo, facing, site, t)) for site, ts in enumerate(reached)]
    # each row lists a site once (walk_targets): the moves are unique when the sources are
    sources_once = moves_to_table(self, k, padded(k, reached), conds, to_effect)
    return Made(sources_once, frozenset({int(MoveKind.MOVE)}))


# --- from a site to a region ---------------------------------------------------------------------------
@kernel(movement.MoveFromTo, "moves")
def _move_from_to(self: movement.MoveFromTo, k: Emitter) -> Made:
    if self.stack is not None and self.stack.value:
        raise NoKernel("(move stack:True)")
    copy = self.copy is not None and self.copy.value
    region_of_sources, source_cond = _sources(k, self.source)
    sites, conds, to_effect = _to_rule(k, self.to)
    then = k.then_of(self.then)
    rule = k.rule(self, before=[lambda e: e.effect(to_effect)] if to_effect is not None else [],
                  after=[then] if then else [])
    frm, to = k.temp("f"), k.temp("to")
    # any piece moves (the mover's or not), as the reference's: sources that hold one
    with region_of_sources.loop(k, frm):
        if frm in k.hand_vars:
            raise NoKernel("(move (from ...))", "a move from a site of a hand")
        k.line(f"if {frm} < 0:")
        k.line("    continue")
        with k.bind(frm=frm):
            if source_cond is not None:
                k.line(f"if not ({k.bool(source_cond)}):")
                k.line("    continue")
            k.line(f"if {k.what(frm)} == 0:")
            k.line("    continue")
            with k.region(sites).loop(k, to):
                if to in k.hand_vars:
                    raise NoKernel("(move (to ...))", "a move to a site of a hand")
                k.line(f"if {to} < 0 or {to} == {frm}:")
                k.line("    continue")
                with k.bind(to=to):
                    cond = _conjunction(k, conds)
                with k.indented(f"if {cond}:"):
                    if copy:  # the piece stays: a placement of the same piece
                        k.move(rule, MoveKind.ADD, to=to, what=k.what(frm))
                    else:
                        k.move(rule, MoveKind.MOVE, frm=frm, to=to)
            k.line("pass")
    return Made(False, frozenset({int(MoveKind.ADD if copy else MoveKind.MOVE)}))


# --- sites ahead, sites where pieces started -----------------------------------------------------------
@kernel(movement.Ahead, "int")
def _ahead(self: movement.Ahead, k: Emitter) -> str:
    dirs = _directions(k, self.directions, "Adjacent") if self.directions is not None else \
        _direction_names(k, ["Forward"])
    if len(dirs) != 1:
        raise NoKernel("(ahead ...)", "not one direction")
    rays = k.topo.rays[dirs[0]]
    depth = max((len(r) for r in rays), default=0)
    table = np.full((k.n, max(depth, 1)), -1, dtype=np.int64)
    for x, ray in enumerate(rays):
        table[x, :len(ray)] = ray
    name = k.table(table)
    lengths = k.table(np.array([len(r) for r in rays], dtype=np.int64))
    x, n, out = k.temp("x"), k.temp("n"), k.temp("a")
    k.line(f"{x} = {k.site(self.site)}")
    k.line(f"{out} = -1")
    with k.indented(f"if {x} >= 0:"):
        k.line(f"{n} = {k.int(self.steps) if self.steps is not None else '1'}")
        # the site itself when the board ends before
        k.line(f"{out} = {name}[{x}, {n} - 1] if 0 < {n} <= {lengths}[{x}] else {x}")
    return out


@kernel(movement.SitesStart, "region")
def _sites_start(self: movement.SitesStart, k: Emitter) -> Region:
    game = k.game
    first, again = game.initial_state(), game.initial_state()
    if list(first.what) != list(again.what):
        raise NoKernel("(sites Start ...)", "a start position drawn at random")
    rows: list[list[int]] = [[] for _ in game.components]
    for site, w in enumerate(first.what):
        if w:
            if site >= k.n:
                raise NoKernel("(sites Start ...)", "pieces that start in a hand")
            rows[w].append(site)
    piece = self.piece
    w = k.temp("w")
    if piece.index is not None:
        k.line(f"{w} = {k.int(piece.index)}")
        k.line(f"if {w} <= 0 or {w} >= {len(rows)}:")  # no such piece: no sites (row 0 is empty)
        k.line(f"    {w} = 0")
    else:
        kinds = _components_named(k, piece.piece_name)
        if len(kinds) != 1:
            raise NoKernel("(sites Start (piece ...))", "a name for several pieces")
        k.line(f"{w} = {kinds[0]}")
    return _ByPlayer([tuple(r) for r in rows], w)
