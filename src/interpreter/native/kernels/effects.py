"""Kernels of effects over regions (ludemes/effects.py): ``forEach Site``."""

from __future__ import annotations



