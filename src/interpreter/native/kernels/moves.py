"""Kernels of pieces that move (ludemes/moves.py): the moves of every piece (``forEach
Piece``), steps to a neighbour, hops along a line over a run of sites; and (ludemes/movement.py)
slides along lines, leaps along turtle walks."""

from __future__ import annotations

from typing import Any

from ...engine.move import MoveKind
from ..emit import Emitter, NoKernel, OneSite, Region
from .placement import _conjunction
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
    """Emit a loop over the sources of a move (Ludii's step, slide, hop and leap move whatever
    is there, from an empty site too: Shogun's ``(sites To (slide (from (site)) ...))``); inside,
    the source is bound as (from)."""

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
        k.line(f"if {var} < 0:")  # as Ludii's: whatever is there, from an empty site too
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


def moves_to_table(self: Any, k: Emitter, table: str, conds: list[Any], to_effect: Any) -> bool:
    """Emit the moves of the pieces at each source to the sites of its row of a
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


# --- slides ----------------------------------------------------------------------------------------------


# --- leaps -----------------------------------------------------------------------------------------------


# --- from a site to a region ---------------------------------------------------------------------------


# --- sites ahead, sites where pieces started -----------------------------------------------------------


