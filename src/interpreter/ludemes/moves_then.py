"""Ludii's ``then`` on an effect: the consequences an effect's own move carries.

In Ludii an effect is a move generator like any other: ``(set Score Mover 1 (then ...))`` makes
one move (an action) whose ``then`` runs right after that action, and an effect that makes
several moves (``(addScore Each 1 (then ...))``: one per player) runs its ``then`` after each
of them. These helpers give the effects here that meaning.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.state import State

Effect = Callable[["State", "Env"], None]


def then_of(c: Compiler, then: Any) -> Effect | None:
    """The effect of a ``(then ...)`` (None when there is none)."""
    return then.compile_effect(c) if then is not None else None


def and_then(run: Effect, then: Effect | None) -> Effect:
    """``run``, then its consequences ``then`` (``run`` itself when there are none): an effect
    making one move."""
    if then is None:
        return run

    def both(s: State, e: Env) -> None:
        run(s, e)
        then(s, e)
    return both


def run_planned(plan: Any) -> Effect:
    """The effect of a planned ludeme (``plan_effect``) on its own: planned and run in the same
    position (a plan of None makes no move)."""
    def run(s: State, e: Env) -> None:
        effect = plan(s, e)
        if effect is not None:
            effect(s, e)
    return run


def run_steps(steps: list[tuple[Any, Any]], then: Effect | None, each: bool) -> Effect:
    """The effect of steps worked out before any acts (each an effect and the frame it was
    worked out in), run in order; ``then`` after each step (``each``) or once after them all."""
    def run(s: State, e: Env) -> None:
        for effect, frame in steps:
            effect(s, frame)
            if each and then is not None:
                then(s, e)
        if not each and then is not None:
            then(s, e)
    return run


def plan_frames(plan: Any, s: State, frames: Any, then: Effect | None) -> Effect | None:
    """The effect of ``plan`` worked out in each frame of ``frames`` (every site, piece or
    player of a ``forEach``) on the same position, before any acts; run in order, each
    followed by ``then`` (None when no frame makes a move)."""
    steps = []
    for frame in frames:
        effect = plan(s, frame)
        if effect is not None:
            steps.append((effect, frame))
    return run_steps(steps, then, each=True) if steps else None


def no_kernel_with_then(ludeme: Any) -> None:
    """For a kernel that does not emit an effect's own consequences: refuse the effect when it
    has some (the game falls back to the reference engine)."""
    if getattr(ludeme, "then", None) is not None:
        from ..native.emit import NoKernel
        raise NoKernel(f"({ludeme.name} ... (then ...))")


__all__ = ["then_of", "and_then", "run_steps", "plan_frames", "no_kernel_with_then"]
