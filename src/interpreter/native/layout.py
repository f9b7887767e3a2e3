"""The layout of a compiled state: where each part of a reference :class:`State` lives in the
one ``int64`` vector, and the conversions both ways (the conformance tests compare them).

Scalars first (:mod:`.abi`), then counts, scores and seats (one per player, index 0 unused),
the piece and owner of each site, and the game's own arrays (hands, per-site values...) in
declaration order. Arrays the compiled tier cannot hold as ints (positions seen, for ``no
Repeat``) make the game fall back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..engine.result import Termination
from . import abi
from .emit import NoKernel

TERMINATIONS = tuple(Termination)
# reference arrays the compiled tier knows how to hold (name -> what it means)
KNOWN_ARRAYS = {"hand", "ranks", "won", "player_values", "piece_states", "effect_to", "to_clear", "count",
                "hand_sites", "pending"}


@dataclass
class Layout:
    """Offsets of a game's state vector."""

    n: int
    players: int
    turn_limit: int
    max_turns: int
    arrays: dict[str, tuple[int, int]] = field(default_factory=dict)  # name -> (offset, length)
    size: int = 0
    counts: int = 0
    scores: int = 0
    seats: int = 0
    what: int = 0
    who: int = 0
    hand_sites: int = 0  # sites beyond the board (Ludii's hands of sites), 0 when none
    owner_of: tuple[int, ...] = ()  # per component its owner (the owners of hand sites' pieces)
    piece_arrays: tuple[str, ...] = ()
    max_moves: int = 64  # a generous bound on the legal moves of a position (lists grow past it)
    # arrays of the compiled tier's own (no reference array holds them), worked out from a
    # position when a reference State is converted: name -> fn(state, st, offset)
    derived: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, game: Any) -> Layout:
        p1 = game.num_players + 1
        layout = cls(game.topology.n, game.num_players, game.turn_limit, game.max_turns)
        at = abi.SCALARS
        layout.counts, at = at, at + p1
        layout.scores, at = at, at + p1
        layout.seats, at = at, at + p1
        layout.what, at = at, at + layout.n
        # Ludii's hands of sites right after the board's pieces (WHAT + site reads a hand site
        # too), and their owners after the board's (the owner of the piece each holds)
        hands = len(game.arrays.get("hand_sites", ()))
        if hands:
            layout.arrays["hand_sites"], at = (at, hands), at + hands
            layout.owner_of = tuple(game.owner_of)
        layout.who, at = at, at + layout.n + hands
        for name, initial in game.arrays.items():
            if name == "hand_sites":
                continue
            if name not in KNOWN_ARRAYS:
                raise NoKernel(f"the state array '{name}'", "not held by the compiled tier")
            if not all(isinstance(v, (int, float)) for v in initial):
                raise NoKernel(f"the state array '{name}'", "holds values that are not numbers")
            if name in game.piece_arrays and name != "count" and len(initial) > layout.n:
                # the local state of the pieces in hands (Ludii's state per site of every container)
                raise NoKernel(f"the state array '{name}' over the hands' sites", "not held by the compiled tier")
            layout.arrays[name] = (at, len(initial))
            at += len(initial)
        layout.size = at
        layout.piece_arrays = tuple(game.piece_arrays)
        layout.hand_sites = len(game.arrays.get("hand_sites", ()))
        kinds = max(1, len(game.components) - 1)  # every site, piece and direction
        layout.max_moves = max(64, layout.n * kinds * 4 + 16)
        return layout

    def extend(self, name: str, length: int, derive: Any) -> int:
        """Add an array of the compiled tier's own at the end; ``derive(state, st, offset)``
        fills it from a reference state. Its offset."""
        at = self.size
        self.arrays[name] = (at, length)
        self.size += length
        self.derived[name] = derive
        return at

    def offset(self, name: str) -> int:
        return self.arrays[name][0]

    def table(self) -> np.ndarray:
        """The layout table ``L`` (T[0] of every compiled function)."""
        fixed = [self.n, self.players, self.what, self.who, self.counts, self.scores, self.seats,
                 self.turn_limit, self.size, self.max_moves, self.max_turns]
        assert len(fixed) == abi.L_FIXED
        return np.array(fixed + [off for off, _ in self.arrays.values()], dtype=np.int64)

    # --- conversions ----------------------------------------------------------------------------------
    def from_state(self, state: Any) -> np.ndarray:
        """A reference state as a state vector."""
        if state.claims:
            raise ValueError("a state in the middle of a move's consequences")
        st = np.zeros(self.size, dtype=np.int64)
        st[abi.MOVER] = state.mover
        st[abi.PHASE] = state.phase
        st[abi.PLY] = state.ply
        st[abi.PASSES] = state.passes
        st[abi.TURN_MOVES] = state.turn_moves
        st[abi.LAST_TO] = state.last_to
        st[abi.LAST_FROM] = state.last_from
        st[abi.LAST_MOVER] = state.last_mover
        st[abi.PREV] = state.prev
        st[abi.MOVE_AGAIN] = int(state.move_again)
        st[abi.OVER] = int(state.over)
        st[abi.WINNERS] = sum(1 << p for p in state.winners)
        st[abi.LOSERS] = sum(1 << p for p in state.losers)
        st[abi.DRAW] = int(state.draw)
        st[abi.TERMINATION] = TERMINATIONS.index(state.termination) if state.termination is not None else -1
        st[abi.REASON] = -1
        st[abi.TURNS] = state.turns
        st[abi.STALEMATED] = state.stalemated
        st[abi.TURN_START] = state.turn_start
        st[abi.TURN_PASSED] = int(state.turn_passed)
        st[abi.PASS_TURNS] = state.pass_turns
        p1 = self.players + 1
        st[self.counts:self.counts + p1] = state.counts
        st[self.scores:self.scores + p1] = state.scores
        st[self.seats:self.seats + p1] = state.seats
        st[self.what:self.what + self.n] = state.what
        st[self.who:self.who + self.n] = state.who
        if self.hand_sites:
            st[self.who + self.n:self.who + self.n + self.hand_sites] = [self.owner_of[w] for w in state.arrays["hand_sites"]]
        for name, (off, length) in self.arrays.items():
            if name in self.derived:
                self.derived[name](state, st, off)
                continue
            values = state.arrays[name]
            if name == "ranks":  # Ludii's ranks are halves at worst (2.5): held doubled
                st[off:off + length] = [round(2 * v) for v in values]
            else:
                st[off:off + length] = values
        return st

    def snapshot(self, st: np.ndarray) -> dict[str, Any]:
        """What a state vector says, in the reference State's terms (for comparisons)."""
        p1 = self.players + 1
        out: dict[str, Any] = {
            "mover": int(st[abi.MOVER]), "phase": int(st[abi.PHASE]), "ply": int(st[abi.PLY]),
            "passes": int(st[abi.PASSES]), "turn_moves": int(st[abi.TURN_MOVES]),
            "last_to": int(st[abi.LAST_TO]), "last_from": int(st[abi.LAST_FROM]),
            "last_mover": int(st[abi.LAST_MOVER]), "prev": int(st[abi.PREV]), "move_again": bool(st[abi.MOVE_AGAIN]),
            "over": bool(st[abi.OVER]),
            "winners": tuple(p for p in range(1, p1) if st[abi.WINNERS] >> p & 1),
            "losers": tuple(p for p in range(1, p1) if st[abi.LOSERS] >> p & 1),
            "draw": bool(st[abi.DRAW]),
            "turns": int(st[abi.TURNS]), "stalemated": int(st[abi.STALEMATED]),
            "turn_start": int(st[abi.TURN_START]), "turn_passed": bool(st[abi.TURN_PASSED]),
            "pass_turns": int(st[abi.PASS_TURNS]),
            "counts": [int(x) for x in st[self.counts:self.counts + p1]],
            "scores": [int(x) for x in st[self.scores:self.scores + p1]],
            "seats": tuple(int(x) for x in st[self.seats:self.seats + p1]),
            "what": [int(x) for x in st[self.what:self.what + self.n]],
            "who": [int(x) for x in st[self.who:self.who + self.n]],
        }
        for name, (off, length) in self.arrays.items():
            if name in self.derived:
                continue  # the compiled tier's own: no reference array to compare with
            values = [int(x) for x in st[off:off + length]]
            out[name] = [v / 2 for v in values] if name == "ranks" else values
        return out

    @staticmethod
    def reference_snapshot(state: Any, names: Any) -> dict[str, Any]:
        """The same view of a reference state."""
        out = {name: getattr(state, name) for name in (
            "mover", "phase", "ply", "passes", "turn_moves", "last_to", "last_from", "last_mover", "prev",
            "move_again", "over", "draw", "turns", "stalemated", "turn_start", "turn_passed", "pass_turns")}
        out["winners"] = tuple(state.winners)
        out["losers"] = tuple(state.losers)
        out["seats"] = tuple(state.seats)
        for name in ("counts", "scores", "what", "who", *names):
            out[name] = list(state.array(name))
        return out
