"""The vocabulary. Importing this package registers every ludeme class (see :mod:`.base`)."""

from . import base, conditions, effects, functions, logic, moves, regions, structure  # noqa: F401
from .base import REGISTRY, Ludeme

__all__ = ["REGISTRY", "Ludeme"]
