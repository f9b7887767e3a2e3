"""The vocabulary. Importing this package registers every ludeme class (see :mod:`.base`)."""

from . import (  # noqa: F401
    arithmetic, base, board_sites, boards, chance, conditions, connection, containers, counters, dice,
    effects, filters, functions, gamevars, hands, intarrays, logic, loops, measures, metadata,
    movement, moves, passages, patterns, pieces, ranking, regions, shapes, sowing, start_sites,
    structure, territory, tracks, turns, values, variables, war, stacks,
    areas, directionfns, foreach, intfunctions, maxmoves, money, puzzles, remember, turnstate, valuearrays,  # Ludii's functions and state values (issue 24)
)
from . import graphs, matches, modes, sitetypes  # noqa: F401  (edges, graph games, modes, matches)
from .base import REGISTRY, Ludeme

__all__ = ["REGISTRY", "Ludeme"]
