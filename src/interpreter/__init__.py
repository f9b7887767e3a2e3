"""A general game system in the style of Ludii.

    >>> from interpreter import load
    >>> game = load("tic-tac-toe")
    >>> state = game.initial_state()
    >>> state.apply("B2").text
    'B2'
    >>> state.mover
    2

The public names are imported when first used (PEP 562), so ``import interpreter`` (and a
tool that needs one module of it) does not load the engine, the loader and the concepts.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .concept import compare, concepts
    from .engine.game import Game, GameInfo
    from .engine.move import Move, MoveKind
    from .engine.result import Result, Termination
    from .engine.state import State
    from .errors import (
        AmbiguousMoveError,
        BindError,
        ExpansionError,
        IllegalMoveError,
        InvalidMoveError,
        LudError,
        LudSyntaxError,
        MoveError,
    )
    from .loader import load

# public name -> the module (relative to this package) that defines it
_WHERE = {
    "load": ".loader",
    "concepts": ".concept", "compare": ".concept",
    "Game": ".engine.game", "GameInfo": ".engine.game",
    "State": ".engine.state",
    "Move": ".engine.move", "MoveKind": ".engine.move",
    "Result": ".engine.result", "Termination": ".engine.result",
    **{name: ".errors" for name in (
        "LudError", "LudSyntaxError", "ExpansionError", "BindError",
        "MoveError", "InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError")},
}

__all__ = [
    "load", "concepts", "compare", "Game", "GameInfo", "State", "Move", "MoveKind", "Result", "Termination",
    "LudError", "LudSyntaxError", "ExpansionError", "BindError",
    "MoveError", "InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (then kept in this module)."""
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(where, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
