"""The compiled tier of the engine: each game's rules compiled to native code (numba) from the
same ludemes as the reference engine, which stays the spec.

``native_game(game)`` gives a :class:`NativeGame` when every ludeme of the game has a kernel
(:mod:`.kernels`), else None, and ``why_not(game)`` names the ludeme that has none.
"""

from __future__ import annotations

from typing import Any

__all__ = ["native_game", "why_not", "NoKernel"]


def __getattr__(name: str) -> Any:
    if name in ("native_game", "why_not", "NativeGame", "Playouts"):
        from . import api
        return getattr(api, name)
    if name == "NoKernel":
        from .emit import NoKernel
        return NoKernel
    raise AttributeError(name)
