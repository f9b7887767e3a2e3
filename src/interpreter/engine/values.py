"""Compiled values: functions of the state, and the constants among them.

Rules are compiled into plain functions of the state (an int, a boolean, a region, a list of
moves, or an effect). A function that never looks at the state is made by :func:`const_fn`,
which remembers its value, so rules can fold constants (an ``if:`` that is always true costs
nothing).
"""

from __future__ import annotations

from typing import Any, Callable

INFINITY = 1 << 30  #: Ludii's Infinity, as a bound of ranges and lengths

Fn = Callable[[Any], Any]


def const_fn(value: Any) -> Fn:
    """A function of the state that ignores it; ``fn.const`` holds the value."""
    def fn(s: Any) -> Any:
        return value
    fn.const = value  # type: ignore[attr-defined]
    return fn


def constant(fn: Any, default: Any = None) -> Any:
    """The value of a constant function made by :func:`const_fn`, else ``default``."""
    return getattr(fn, "const", default)
