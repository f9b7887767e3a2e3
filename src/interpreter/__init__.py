"""A general game system in the style of Ludii.

    >>> from interpreter import load
    >>> game = load("tic-tac-toe")
    >>> state = game.initial_state()
    >>> state.apply("B2").text
    'B2'
    >>> state.mover
    2
"""

from .engine.game import Game, GameInfo
from .engine.move import Move, MoveKind
from .engine.result import Result, Termination
from .engine.state import State
from .errors import (
    AmbiguousMoveError, BindError, ExpansionError, IllegalMoveError, InvalidMoveError, LudError,
    LudSyntaxError, MoveError,
)
from .loader import load
from .concept import compare, concepts

__all__ = [
    "load", "concepts", "compare", "Game", "GameInfo", "State", "Move", "MoveKind", "Result", "Termination",
    "LudError", "LudSyntaxError", "ExpansionError", "BindError",
    "MoveError", "InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError",
]
