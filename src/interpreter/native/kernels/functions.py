"""Kernels of counts (ludemes/functions.py): ``count Sites``."""

from __future__ import annotations



