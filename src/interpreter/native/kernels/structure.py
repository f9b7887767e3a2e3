"""Kernels of the game's structure: end rules and results, combinations of moves (or, and,
if, priority), moves of several phases."""

from __future__ import annotations

from typing import Any

from ...ludemes import effects, logic, moves, structure
from ...ludemes.base import BoundArray
from .. import abi
from ..emit import Emitter, Made, NoKernel, kernel, kernel_of


def _items(value: Any) -> list[Any]:
    return list(value.items) if isinstance(value, BoundArray) else [value]


# --- end rules: each holds or not; a holding rule's outcome is gathered into (hit, w, l, d) ------------
# (hit, winners, losers, draw, kind, who): kind and who say what the result is, for games that
# rank their players one by one (1 Win, 2 Loss, 3 Draw; who 0 for All; kind 0: no such result,
# the game ends at once), as the reference's outcome[4]
RESULT_KINDS = {"Win": 1, "Loss": 2, "Draw": 3}


def _end_vars(k: Emitter) -> tuple[str, str, str, str, str, str]:
    return k.notes["end_vars"]


def end_rule(rule: Any, k: Emitter) -> None:
    """One top-level end rule: when it holds, the game ends with its outcome (or, ranking the
    players, the result is noted: codegen's ranked check)."""
    names = tuple(k.temp(v) for v in ("hit", "w", "l", "d", "rk", "rw"))
    for v in names:
        k.line(f"{v} = 0")
    saved = k.notes.get("end_vars")
    k.notes["end_vars"] = names
    try:
        kernel_of(rule, "end")(rule, k)
    finally:
        k.notes["end_vars"] = saved
    hit, w, l, d, rk, rw = names
    with k.indented(f"if {hit} != 0:"):
        ranked = k.notes.get("ranked_result")
        if ranked is not None:
            ranked(k, names)
        else:
            k.line(f"finish(st, T, {w}, {l}, {d}, {k.notes['end_index']}, {k.notes['end_termination']})")
            k.line("return")


@kernel(logic.If, "end")
def _if_end(self: logic.If, k: Emitter) -> None:
    if k.notes.get("end_vars") is None:
        end_rule(self, k)
        return
    cond = k.bool(self.condition)
    if cond == "False":
        return
    with k.indented(f"if {cond}:"):
        kernel_of(self.then_branch, "outcome")(self.then_branch, k)


@kernel(effects.ForEachPlayer, "end")
def _for_each_player_end(self: effects.ForEachPlayer, k: Emitter) -> None:
    if k.notes.get("end_vars") is None:
        end_rule(self, k)
        return
    p = k.temp("pl")
    with k.indented(f"for {p} in range(1, {k.players + 1}):"):
        with k.bind(player=p):
            kernel_of(self.rule, "end")(self.rule, k)
        k.line("pass")
    k.line(f"{_end_vars(k)[4]} = 0")  # shared results: no one player's rank (the game ends)


@kernel(structure.ResultLudeme, "outcome", "end")
def _result(self: structure.ResultLudeme, k: Emitter) -> None:
    if k.notes.get("end_vars") is None:  # a bare result: the game ends at once
        end_rule(self, k)
        return
    hit, w, l, d, rk, rw = _end_vars(k)
    everyone = sum(1 << p for p in range(1, k.players + 1))
    k.line(f"{hit} = 1")
    outcome = self.outcome.name
    k.line(f"{rk} = {RESULT_KINDS[outcome]}")
    k.line(f"{rw} = 0")
    if outcome == "Draw":
        k.line(f"{d} = 1")
        return
    if self.role.name in ("All", "Each"):
        if outcome == "Win":
            k.line(f"{w} |= {everyone}")
        else:
            k.line(f"{l} |= {everyone}")
            k.line(f"{d} = 1")
        return
    p = k.temp("p")
    k.line(f"{p} = {k.player(self.role)}")
    k.line(f"{rw} = {p}")
    if outcome == "Win":
        k.line(f"{w} |= 1 << {p}")
    else:
        k.line(f"{w} |= {everyone} & ~(1 << {p})")
        k.line(f"{l} |= 1 << {p}")


# --- combinations of moves ------------------------------------------------------------------------------
@kernel(logic.Or, "moves")
def _or_moves(self: logic.Or, k: Emitter) -> Made:
    with k.then(self.then):
        return Made.union([k.moves(item) for item in _items(self.items)])


def _union_draw(self: Any, k: Emitter) -> str:
    """A candidate of a union of generators that never share a move: a part chosen by its
    number of candidates, then a candidate of it (as the reference's _union_draw)."""
    parts = _items(self.items)
    with k.then(self.then):
        made = Made.union([_shape_of(item, k) for item in parts])
        if any(isinstance(item, logic.If) for item in parts):
            raise NoKernel(f"({self.name} ...)", "drawn: a part whose candidates change with the position")
        if not made.unique:
            raise NoKernel(f"({self.name} ...)", "drawn: parts that may make the same move")
        spaces: list[str] = []
        x = k.temp("x")
        k.line(f"{x} = -1")
        bodies: list[list[str]] = []
        for item in parts:
            mark = len(k.fn.lines)
            k.depth += 1
            spaces.append(k.draw(item))
            k.depth -= 1
            bodies.append(k.fn.lines[mark:])
            del k.fn.lines[mark:]
        kept = [(s, b) for s, b in zip(spaces, bodies) if s != "0"]
        if not kept:
            k.line("return -1")
            return "0"
        total = "(" + " + ".join(s for s, _ in kept) + ")"
        k.line(f"if {total} <= 0:")
        k.line("    return -1")
        k.line(f"{x} = rng_below(rs, {total})")
        bound: list[str] = []
        for space, body in kept:
            bound.append(space)
            k.line(f"if {x} < ({' + '.join(bound)}):")
            k.fn.lines.extend(body)
        k.line("return -1")
        return total


def _shape_of(item: Any, k: Emitter) -> Made:
    """What a generator makes, found by writing its moves into a throwaway body."""
    mark, depth = len(k.fn.lines), k.depth
    try:
        return k.moves(item)
    finally:
        del k.fn.lines[mark:]
        k.depth = depth


kernel(logic.Or, "draw")(_union_draw)
kernel(logic.And, "draw")(_union_draw)


@kernel(logic.And, "moves")
def _and_moves(self: logic.And, k: Emitter) -> Made:
    return _or_moves(self, k)  # the moves of every part, as the reference's


@kernel(logic.And, "effect")
def _and_effect(self: logic.And, k: Emitter) -> None:
    for item in _items(self.items):
        k.effect(item)
    if self.then is not None:
        k.effect(self.then)


kernel(logic.Or, "effect")(_and_effect)


@kernel(logic.If, "moves")
def _if_moves(self: logic.If, k: Emitter) -> Made:
    cond = k.bool(self.condition)
    if cond == "True":
        return k.moves(self.then_branch)
    if cond == "False":
        return k.moves(self.else_branch) if self.else_branch is not None else Made(True, frozenset())
    with k.indented(f"if {cond}:"):
        parts = [k.moves(self.then_branch)]
        k.line("pass")
    if self.else_branch is not None:
        with k.indented("else:"):
            parts.append(k.moves(self.else_branch))
            k.line("pass")
    return Made.either(parts)


@kernel(logic.If, "draw")
def _if_draw(self: logic.If, k: Emitter) -> str:
    """A candidate of the branch that runs now (its condition worked out once); candidates
    of the two branches are told apart by the branch, so the space is the larger one's."""
    cond = k.bool(self.condition)
    with k.indented(f"if {cond}:"):
        yes = k.draw(self.then_branch)
        k.line("return -1")
    if self.else_branch is None:
        k.line("return -2")  # no moves now: the full list gives the forced pass
        return yes
    no = k.draw(self.else_branch)
    k.line("return -1")
    return f"max({yes}, {no})"


@kernel(logic.If, "effect")
def _if_effect(self: logic.If, k: Emitter) -> None:
    cond = k.bool(self.condition)
    with k.indented(f"if {cond}:"):
        k.effect(self.then_branch)
        k.line("pass")
    if self.else_branch is not None:
        with k.indented("else:"):
            k.effect(self.else_branch)
            k.line("pass")


@kernel(moves.Priority, "moves")
def _priority(self: moves.Priority, k: Emitter) -> Made:
    start = k.temp("n")
    k.line(f"{start} = n")
    parts = []
    with k.then(self.then):
        opened = 0
        for i, item in enumerate(_items(self.moves)):
            if i:
                k.line(f"if n == {start}:")
                k.depth += 1
                opened += 1
            parts.append(k.moves(item))
        k.depth -= opened
    return Made.either(parts)


@kernel(effects.ForEachPlayer, "effect")
def _for_each_player_effect(self: effects.ForEachPlayer, k: Emitter) -> None:
    p = k.temp("pl")
    with k.indented(f"for {p} in range(1, {k.players + 1}):"):
        with k.bind(player=p):
            k.effect(self.rule)
        k.line("pass")


__all__ = ["end_rule", "abi", "NoKernel"]
