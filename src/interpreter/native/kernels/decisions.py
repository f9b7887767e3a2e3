"""Kernels of decisions that look ahead or name a choice: ``do`` (moves kept when a condition
holds after them, or made after a prior effect), ``move Choose``, the sites of a set of moves,
``no Moves``, and the effect of exchanging sides."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...engine.move import MoveKind
from ...ludemes import conditions, effects, moves, regions
from .. import abi
from ..emit import Buffered, Emitter, Made, NoKernel, Region, kernel
from .core import _value


def _copy_state(k: Emitter, into: str) -> None:
    i = k.temp("i")
    k.line(f"for {i} in range(L[{abi.L_SIZE}]):")
    k.line(f"    {into}[{i}] = {k.st}[{i}]")


def _needs_act(k: Emitter, what: str) -> None:
    if k.fn.name in ("act", "apply"):
        raise NoKernel(what, "a move tried inside a move's consequences")


# --- do ---------------------------------------------------------------------------------------------
@kernel(moves.Do, "moves")
def _do(self: moves.Do, k: Emitter) -> Made:
    if self.ifAfterwards is None:
        return _do_next(self, k)
    _needs_act(k, "(do ... ifAfterwards:...)")
    tried = k.scratch(k.layout.size)  # a table: no allocation per call (draws try many)
    outer = k.sinks[-1] if k.sinks else None
    base = k.st  # the position the moves are tried from (next: works its moves out on a copy)

    def keep_if_after(e: Emitter, code: str) -> None:
        c = e.temp("m")
        e.line(f"{c} = {code}")
        with e.on_state(base):
            _copy_state(e, tried)
        e.line(f"{tried}[{abi.PLY}] += 1")
        e.line(f"act({tried}, T, {c}, True)")
        with e.on_state(tried):
            cond = e.bool(self.ifAfterwards)
        with e.indented(f"if {cond}:"):
            if outer is not None:
                outer(e, c)
            else:
                e.put(c)
    with k.sink(keep_if_after):
        made = _do_next(self, k)
    return made


def _do_next(self: moves.Do, k: Emitter) -> Made:
    """The moves of ``do``: those of ``next:`` worked out after the prior effect (on a copy of
    the position, at the ply the move will be played), each doing the effect first; without
    ``next:``, the inner moves."""
    if self.next is None:
        return k.moves(self.moves)
    _needs_act(k, "(do ... next:...)")
    prior = self.moves
    after = k.scratch(k.layout.size)
    _copy_state(k, after)
    k.line(f"{after}[{abi.PLY}] += 1")
    with k.on_state(after):
        k.effect(prior)
    k.line(f"{after}[{abi.PLY}] -= 1")
    k.before_stack.append((self, lambda e: e.effect(prior)))
    try:
        with k.on_state(after):
            return k.moves(self.next)
    finally:
        k.before_stack.pop()


@kernel(moves.Do, "draw")
def _do_draw(self: moves.Do, k: Emitter) -> str:
    """A candidate of the inner rule, kept when the condition holds after it."""
    if self.next is not None:
        raise NoKernel("(do ... next:...)", "drawn: prior effects")
    _needs_act(k, "(do ... ifAfterwards:...)")
    tried = k.scratch(k.layout.size)  # a table: no allocation per call (draws try many)

    def test(e: Emitter, code: str) -> None:
        c = e.temp("m")
        e.line(f"{c} = {code}")
        _copy_state(e, tried)
        e.line(f"{tried}[{abi.PLY}] += 1")
        e.line(f"act({tried}, T, {c}, True)")
        with e.on_state(tried):
            cond = e.bool(self.ifAfterwards)
        e.line(f"if not ({cond}):")
        e.line("    return -1")
        e.accept(c)
    with k.accepting(test):
        return k.draw(self.moves)


# --- move Choose -----------------------------------------------------------------------------------
@kernel(moves.MoveChoose, "moves")
def _move_choose(self: moves.MoveChoose, k: Emitter) -> Made:
    word = "choose-" + self.word.value
    words = k.notes["words"]
    if word not in words:
        raise NoKernel(f"(move Choose \"{self.word.value}\")", "a word the game does not list")
    rule = k.rule(self, after=[t] if (t := k.then_of(self.then)) else [])
    k.move(rule, MoveKind.CHOICE, what=str(words.index(word)))
    return Made(True, frozenset({int(MoveKind.CHOICE)}))


@kernel(moves.MoveChoose, "draw")
def _move_choose_draw(self: moves.MoveChoose, k: Emitter) -> str:
    word = "choose-" + self.word.value
    index = k.notes["words"].index(word)
    rule = k.rule(self, after=[t] if (t := k.then_of(self.then)) else [])
    k.accept(f"{rule} | ({int(MoveKind.CHOICE)} << {abi.KIND_SHIFT}) | ({index} << {abi.WHAT_SHIFT})")
    return "1"


@kernel(effects.SwapPlayers, "effect")
def _swap_players(self: effects.SwapPlayers, k: Emitter) -> None:
    game = k.game
    a, b = k.temp("a"), k.temp("b")
    k.line(f"{a} = {k.player(self.first)}")
    k.line(f"{b} = {k.player(self.second)}")
    by_owner = {(comp.base, comp.owner): comp.index for comp in game.components[1:]}
    # per component and player pair: what the component becomes (itself when it stays)
    n = game.num_players
    table = np.zeros((len(game.components), n + 1, n + 1), dtype=np.int64)
    for comp in game.components:
        for p in range(n + 1):
            for q in range(n + 1):
                table[comp.index, p, q] = comp.index
                if comp.index and comp.owner in (p, q) and p != q:
                    other = by_owner.get((comp.base, q if comp.owner == p else p))
                    if other is not None:
                        table[comp.index, p, q] = other
    into = k.table(table)
    x, w, v = k.temp("x"), k.temp("w"), k.temp("v")
    st = k.st
    with k.indented(f"if {a} != {b}:"):
        with k.indented(f"for {x} in range(N):"):
            k.line(f"{w} = {st}[WHAT + {x}]")
            with k.indented(f"if {w} != 0 and {into}[{w}, {a}, {b}] != {w}:"):
                k.place(x, f"{into}[{w}, {a}, {b}]")
        k.line(f"{v} = {st}[SCORES + {a}]")
        k.line(f"{st}[SCORES + {a}] = {st}[SCORES + {b}]")
        k.line(f"{st}[SCORES + {b}] = {v}")


# --- the sites of moves, and whether there are any --------------------------------------------------
def _sites_of_moves(self: Any, k: Emitter, field: str) -> Region:
    buf, count, mask = k.buffer(), k.temp("c"), k.buffer()
    k.line(f"{count} = 0")
    x = k.temp("x")
    k.line(f"for {x} in range(N):")
    k.line(f"    {mask}[{x}] = 0")
    shift = abi.TO_SHIFT if field == "to" else abi.FRM_SHIFT

    def collect(e: Emitter, code: str) -> None:
        site = e.temp("s")
        e.line(f"{site} = (({code}) >> {shift} & 65535) - 1")
        with e.indented(f"if {site} >= 0 and {mask}[{site}] == 0:"):
            e.line(f"{mask}[{site}] = 1")
            e.line(f"{buf}[{count}] = {site}")
            e.line(f"{count} += 1")
    with k.sink(collect):
        k.moves(self.moves)
    return Buffered(buf, count)


kernel(regions.SitesTo, "region")(lambda self, k: _sites_of_moves(self, k, "to"))
kernel(regions.SitesFrom, "region")(lambda self, k: _sites_of_moves(self, k, "frm"))


@kernel(conditions.NoMoves, "bool")
def _no_moves(self: conditions.NoMoves, k: Emitter) -> str:
    from ...syntax.nodes import Const
    if k.fn.name.startswith(("gen_", "draw_")) and isinstance(self.player, Const) and self.player.name == "Mover":
        # asked while the mover's moves are being worked out: the reference answers False
        # (the rule is part of the moves it would ask about: turns.computing_moves_of)
        return "False"
    if k.fn.name not in ("check_end", "next_phase"):
        raise NoKernel("(no Moves ...)", "asked elsewhere than in the end rules and phases")
    k.notes["moves_of"] = True
    p = k.temp("p")
    k.line(f"{p} = {_value(k, self.player)}")
    return f"(moves_of({k.st}, T, {p}) == 0)"


__all__ = ["_value"]
