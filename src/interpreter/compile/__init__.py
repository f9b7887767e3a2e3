"""The compile layer: bound ludemes become a playable :class:`~interpreter.engine.game.Game`.

Imports run one way: ``compile`` imports the vocabulary (:mod:`interpreter.ludemes`), which
imports the syntax and the runtime (:mod:`interpreter.engine`); the runtime imports neither.
Ludemes receive a :class:`Compiler` when they compile themselves, but never import it.
"""

from .build import build_game
from .compiler import Compiler

__all__ = ["build_game", "Compiler"]
