"""The vocabulary. Importing this package registers every ludeme class (see :mod:`.base`)."""

from . import (  # noqa: F401
    base, boards, conditions, connection, containers, dice, effects, filters, functions, gamevars, logic, loops, metadata, moves, passages,
    pieces, regions, sowing, structure, turns, values, variables, walks,
)
from .base import REGISTRY, Ludeme

__all__ = ["REGISTRY", "Ludeme"]
