"""The ludemes' kernels, one module per family (importing them registers them)."""

from . import capture, core, decisions, placement, structure  # noqa: F401
from . import connection, effects, functions, hands, loops, measures, moves, passages, pieces, regions, turns, values, variables  # noqa: F401
