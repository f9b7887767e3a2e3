"""Kernels of the game's structure: end rules and results, combinations of moves (or, and,
if, priority), moves of several phases."""

from __future__ import annotations

from typing import Any

from ...ludemes import logic
from ...ludemes.base import BoundArray
from .. import abi
from ..emit import Emitter, Made, NoKernel, kernel_of


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
    hit, w, ls, d, rk, rw = names
    with k.indented(f"if {hit} != 0:"):
        ranked = k.notes.get("ranked_result")
        if ranked is not None:
            ranked(k, names)
        else:
            k.line(f"finish(st, T, {w}, {ls}, {d}, {k.notes['end_index']}, {k.notes['end_termination']})")
            k.line("return")


# --- combinations of moves ------------------------------------------------------------------------------
def _or_moves(self: logic.And | logic.Or, k: Emitter) -> Made:
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


def _and_effect(self: logic.And | logic.Or, k: Emitter) -> None:
    items = _items(self.items)
    if self.then is not None and len(items) > 1:
        raise NoKernel(f"({self.name} ... (then ...)) of several parts",
                       "the consequences after each part that makes a move")
    if any(logic._is_planned(item) for item in items):
        # as the reference: every if's branch is chosen, and what a part works out (a score's
        # amount) is worked out, before the first part acts
        for item in items[1:]:
            if getattr(item, "plan_effect", None) is not None and getattr(item, "kernel_plan", None) is None:
                raise NoKernel(f"({item.name} ...) after another part of an (and ...)",
                               "its moves worked out before the parts before it act")
        emits = [_planned(item, k) for item in items]
        for emit in emits:
            emit()
    else:
        for item in items:
            k.effect(item)
    if self.then is not None:
        k.effect(self.then)


def _planned(item, k: Emitter):
    """Emit now the conditions of ``item``'s ifs (nested ones too), into temps; return what
    emits the effect of the branches they choose."""
    planner = getattr(item, "kernel_plan", None)
    if planner is not None:
        return planner(k)
    if logic._is_effects(item):  # a nested (and ...): its parts worked out now too
        if item.then is not None and len(_items(item.items)) > 1:
            raise NoKernel(f"({item.name} ... (then ...)) of several parts",
                           "the consequences after each part that makes a move")
        parts = [_planned(part, k) for part in _items(item.items)]

        def emit_all() -> None:
            for part in parts:
                part()
            if item.then is not None:
                k.effect(item.then)
        return emit_all
    applied = logic._is_apply_if(item)  # (apply if:C E): E where C holds
    if not (applied or logic._is_if_effect(item)):
        return lambda: k.effect(item)
    cond = k.temp("c")
    k.line(f"{cond} = {k.bool(item.condition)}")
    yes = _planned(item.effect if applied else item.then_branch, k)
    no = _planned(item.else_branch, k) if not applied and item.else_branch is not None else None

    def emit() -> None:
        with k.indented(f"if {cond}:"):
            yes()
            k.line("pass")
        if no is not None:
            with k.indented("else:"):
                no()
                k.line("pass")
    return emit


__all__ = ["end_rule", "abi", "NoKernel"]
