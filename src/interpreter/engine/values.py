"""Compiled values: functions of the state, and the constants among them.

Rules are compiled into plain functions ``fn(state, env)`` of the state and of the frame they
are evaluated in (:class:`~.env.Env`: what ``(to)``, ``(site)``... mean there), giving an int, a
boolean, a region or nothing (an effect); moves come from :class:`~.movegen.MoveGen` objects. A
function that never looks at either is made by :func:`const_fn`, which remembers its value, so
rules can fold constants (an ``if:`` that is always true costs nothing).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

INFINITY = 1 << 30  #: Ludii's Infinity, as a bound of ranges and lengths
#: Ludii's other application constants: ints anywhere an int is written (Grammar.ApplicationConstants)
APPLICATION_CONSTANTS = {"Off": -1, "End": -2, "Undefined": -1}

Fn = Callable[[Any, Any], Any]


def const_fn(value: Any) -> Fn:
    """A function of the state and frame that ignores both; ``fn.const`` holds the value."""
    def fn(s: Any, e: Any) -> Any:
        return value
    fn.const = value  # type: ignore[attr-defined]  # an attribute of the function: it stays a plain closure, the fastest call
    return fn


def constant(fn: Any, default: Any = None) -> Any:
    """The value of a constant function made by :func:`const_fn`, else ``default``."""
    return getattr(fn, "const", default)
