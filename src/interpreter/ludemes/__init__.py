"""The vocabulary. Importing this package registers every ludeme class (see :mod:`.base`)."""

from . import (  # noqa: F401
    arithmetic, base, board_sites, boards, conditions, connection, effects, filters, functions, logic, loops, metadata, moves, passages,
    pieces, regions, shapes, start_sites, structure, turns, values, variables,
)
from .base import REGISTRY, Ludeme

__all__ = ["REGISTRY", "Ludeme"]
