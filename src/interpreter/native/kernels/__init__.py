"""The ludemes' kernels, one module per family (importing them registers them)."""

from . import core, placement, structure  # noqa: F401
