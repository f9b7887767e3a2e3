"""The ludemes' kernels, one module per family (importing them registers them)."""

from . import capture, core, decisions, placement, structure  # noqa: F401
