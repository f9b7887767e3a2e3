"""The vocabulary. Importing this package registers every ludeme class (see :mod:`.base`)."""

from . import (  # noqa: F401
    base, boards, conditions, counters, connection, effects, filters, functions, logic, loops, metadata, moves, movement,
    passages,
    pieces, regions, structure, turns, values, variables, war,
)
from .base import REGISTRY, Ludeme

__all__ = ["REGISTRY", "Ludeme"]
