"""The vocabulary. Importing this package registers every ludeme class (see :mod:`.base`)."""

from . import base, boards, conditions, connection, effects, functions, logic, metadata, moves, regions, structure  # noqa: F401
from . import loops, turns, values  # noqa: F401
from .base import REGISTRY, Ludeme

__all__ = ["REGISTRY", "Ludeme"]
