"""A general game system in the style of Ludii.

    >>> from interpreter import load
    >>> game = load("tic-tac-toe")
    >>> state = game.initial_state()
    >>> state.apply("B2")
    Move('B2')
    >>> state.mover
    2
"""

from .errors import LudError, MoveError
from .loader import load

__all__ = ["load", "LudError", "MoveError"]
