"""The compiled tier against the reference engine: the same random games played through both,
ply by ply the same legal move set, the same position and the same result."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .api import NativeGame


def compare_game(game: Any, native: NativeGame, seed: int, max_plies: int | None = None) -> str | None:
    """Play one random game (moves drawn by ``seed``) through both tiers; None when they agree
    at every ply, else a sentence saying where they differ."""
    rng = random.Random(seed)
    return compare_line(game, native, lambda state, ply: rng.choice(state.legal_moves()), max_plies)


def compare_line(game: Any, native: NativeGame, choose: Callable[[Any, int], Any],
                 max_plies: int | None = None) -> str | None:
    """Play the game whose moves ``choose(state, ply)`` picks among the reference's legal moves
    (None: stop there) through both tiers; None when they agree at every ply, else where they
    differ."""
    state = game.initial_state()
    st = native.from_state(state)
    names = tuple(a for a in native.layout.arrays if a not in native.layout.derived)
    ply = 0
    while True:
        ref = sorted(m.key() for m in state.legal_moves())
        got = sorted(native.keys(native.legal(st)))
        if ref != got:
            extra = sorted(set(got) - set(ref))[:3]
            missing = sorted(set(ref) - set(got))[:3]
            return f"ply {ply}: legal moves differ (compiled only: {extra}; reference only: {missing})"
        snap = native.layout.snapshot(st)
        want = native.layout.reference_snapshot(state, names)
        for field, value in want.items():
            if snap.get(field) != value:
                return f"ply {ply}: {field} differs (compiled {snap.get(field)}, reference {value})"
        if state.over or (max_plies is not None and ply >= max_plies):
            return None
        move = choose(state, ply)
        if move is None:
            return None
        native.apply(st, native.code(st, move))
        state.apply(move)
        ply += 1
