"""The vocabulary. Importing this package registers every ludeme class (see :mod:`.base`)."""

from . import (  # noqa: F401
    base, boards, conditions, connection, effects, filters, functions, logic, metadata, moves, passages, pieces,
    regions, structure, variables,
)
from .base import REGISTRY, Ludeme

__all__ = ["REGISTRY", "Ludeme"]
