"""Kernels of passages (ludemes/passages.py): ``count Loops``, by the compiled count of
:mod:`interpreter.native.graphs` (the same loops as engine.passages)."""

from __future__ import annotations

MAX_COMPILED_PASSAGES = 10  # a player's loops are counted over every set of their passages


