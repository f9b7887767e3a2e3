"""Which tier plays a game: the compiled one when every ludeme of the game has a kernel and
compiling pays for itself, else the reference engine (which is the spec either way).

``--engine compiled`` forces the compiled tier (an error naming the ludeme without a kernel when
it cannot), ``--engine reference`` the reference engine; ``auto`` (the default) compiles when the
game's module is already in the cache (it loads in a fraction of a second), or when the work
asked for would take the reference engine longer than compiling is expected to take. Compiling
costs seconds per game on first use (numba): below that much work, the reference engine runs.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from ..errors import LudError
from .emit import NoKernel

ENGINES = ("auto", "compiled", "reference")
# measured on the 2-core reference machine, idle (BENCHMARKS.md): numba's first compile of a
# game's module takes about this long, plus this much per line of generated code
COMPILE_BASE_SECONDS = 3.0
COMPILE_SECONDS_PER_LINE = 0.012
LOAD_SECONDS = 1.0  # numba's start-up and a cached module's load

_mode = os.environ.get("LUDEME_ENGINE", "auto")


def set_engine(mode: str) -> None:
    """Choose the tier for what follows in this process: auto, compiled or reference."""
    global _mode
    if mode not in ENGINES:
        raise LudError(f"unknown engine '{mode}'", hint="engines: " + ", ".join(ENGINES))
    _mode = mode
    os.environ["LUDEME_ENGINE"] = mode  # worker processes follow


def engine_mode() -> str:
    return _mode


@dataclass(frozen=True)
class Tier:
    """The tier a game runs on, and why."""

    name: str  # "compiled" or "reference"
    reason: str  # in words
    compile_seconds: float = 0.0  # expected (or measured) cost of getting the compiled tier
    missing: str = ""  # the ludeme without a kernel, when the compiled tier is not possible


def compiled_form(game: Any) -> Any:
    """The generated module of a game (no numba needed), or the NoKernel that refuses it."""
    from .api import compiled_form as form
    return form(game)


def expected_compile_seconds(compiled: Any) -> float:
    """Seconds to get the compiled tier now: a load when the module is cached, else a compile."""
    from .loader import is_cached
    if is_cached(compiled.name):
        return LOAD_SECONDS
    return COMPILE_BASE_SECONDS + COMPILE_SECONDS_PER_LINE * compiled.source.count("\n")


def tier_for(game: Any, reference_seconds: float | None = None) -> Tier:
    """Which tier plays ``game`` for work that would take the reference engine
    ``reference_seconds`` (None: unknown, the compiled tier when possible)."""
    mode = _mode
    if mode == "reference":
        return Tier("reference", "--engine reference")
    form = compiled_form(game)
    if isinstance(form, NoKernel):
        if mode == "compiled":
            raise LudError(f"the compiled tier cannot play this game: {form}",
                           hint="use --engine reference (or auto)")
        return Tier("reference", f"no compiled kernel for {form}", missing=str(form))
    cost = expected_compile_seconds(form)
    if mode == "compiled":
        return Tier("compiled", "--engine compiled", cost)
    if cost <= LOAD_SECONDS:
        return Tier("compiled", "compiled module in the cache", cost)
    if reference_seconds is None or reference_seconds > cost:
        return Tier("compiled", "compiling pays for itself", cost)
    return Tier("reference", f"the work (about {reference_seconds:.1f} s) is smaller than compiling "
                             f"(about {cost:.0f} s on first use; --engine compiled forces it)", cost)


def native_for(game: Any, reference_seconds: float | None = None) -> Any:
    """The NativeGame to use for ``game`` (None: the reference engine)."""
    tier = tier_for(game, reference_seconds)
    if tier.name != "compiled":
        return None
    from .api import native_game
    return native_game(game)


__all__ = ["ENGINES", "Tier", "set_engine", "engine_mode", "tier_for", "native_for", "NoKernel"]
