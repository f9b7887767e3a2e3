"""The ludemes' kernels, one module per family (importing them registers them)."""

from . import (  # noqa: F401  # noqa: F401
    capture,
    connection,
    core,
    decisions,
    effects,
    functions,
    hands,
    loops,
    measures,
    moves,
    passages,
    pieces,
    placement,
    regions,
    structure,
    turns,
    values,
    variables,
)
