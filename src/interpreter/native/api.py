"""The compiled tier seen from Python: :class:`NativeGame`, made from a reference
:class:`~interpreter.engine.game.Game` when every ludeme of it has a kernel.

States are numpy vectors (:mod:`.layout`), moves ints (:mod:`.abi`); :meth:`NativeGame.move`
and :meth:`NativeGame.code` translate them to and from the reference engine's :class:`Move`
values (equal moves do the same thing), which stays the spec.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine.move import Move, MoveKind, repeat_key
from ..engine.result import Termination
from ..errors import LudError
from . import abi
from .codegen import Compiled, generate
from .emit import NoKernel
from .layout import TERMINATIONS


@dataclass
class Playouts:
    """The outcomes of a batch of random games, one row per game."""

    plies: np.ndarray  # plies played
    winners: np.ndarray  # (games, players + 1) bool
    draw: np.ndarray  # bool
    termination: np.ndarray  # index into TERMINATIONS
    reason: np.ndarray  # index of the end rule that ended the game (-1 passes, -2 turn limit)
    legal: np.ndarray  # legal moves summed over the game's plies
    seats: np.ndarray  # (games, players + 1) bool: the seats that won (the swap rule moves them)

    def __len__(self) -> int:
        return len(self.plies)

    def terminations(self) -> list[Termination]:
        return [TERMINATIONS[int(t)] for t in self.termination]


class NativeGame:
    """A game on the compiled tier."""

    def __init__(self, game: Any, compiled: Compiled):
        from .loader import load_module
        self.game = game
        self.compiled = compiled
        self.layout = compiled.layout
        self.tables = compiled.tables
        started = time.perf_counter()
        self.module = load_module(compiled.name, compiled.source)
        self.load_seconds = time.perf_counter() - started
        self.compile_seconds = 0.0  # the first calls (numba compiles them, or loads its cache)
        self._cap = compiled.max_moves
        self._out = np.empty(self._cap, dtype=np.int64)
        self._words = compiled.words
        self._warm = False

    # --- states --------------------------------------------------------------------------------------
    def initial(self) -> np.ndarray:
        return self.layout.from_state(self.game.initial_state())

    def from_state(self, state: Any) -> np.ndarray:
        return self.layout.from_state(state)

    def warm(self) -> float:
        """Compile (or load from numba's cache) the main functions; the seconds it took."""
        if not self._warm:
            started = time.perf_counter()
            st = self.initial()
            self.legal(st)
            if not st[abi.OVER]:
                self.apply(st, int(self.legal(st)[0]))
            self.playouts(1, 0)
            self._warm = True
            self.compile_seconds = time.perf_counter() - started
        return self.compile_seconds

    def warm_search(self, search: str) -> float:
        """Compile (or load) one search's loops (``mcts``, ``flat`` or ``alphabeta``) before
        any decision is timed; the seconds it took."""
        warm = self.__dict__.setdefault("_searches", set())
        if search in warm:
            return 0.0
        started = time.perf_counter()
        self.warm()
        st = self.initial()
        if not st[abi.OVER]:
            moves = self.legal(st)[:1]
            if search == "mcts":
                self.winning_move(st)
                self.mcts(st, 2, None, 1.4, 2, 0)
            elif search == "flat":
                self.flat(st, moves, 0, 1, 2, 0, np.zeros(1), np.zeros(1, dtype=np.int64))
            elif search == "alphabeta":
                self.alphabeta(st, moves, 1, int(st[abi.MOVER]), 1 << 20)
        warm.add(search)
        return time.perf_counter() - started

    # --- moves ---------------------------------------------------------------------------------------
    def legal(self, st: np.ndarray) -> np.ndarray:
        """The legal move codes of a state (a forced pass when none; none once over)."""
        while True:
            n = self.module.py_legal(st, self.tables, self._out)
            if st[abi.ERROR] == abi.ERR_OVERFLOW:
                st[abi.ERROR] = 0
                self._cap *= 4
                self._out = np.empty(self._cap, dtype=np.int64)
                continue
            self._raise(st)
            return self._out[:n].copy()

    def apply(self, st: np.ndarray, code: int) -> None:
        self.module.py_apply(st, self.tables, np.int64(code))
        self._raise(st)

    def _raise(self, st: np.ndarray) -> None:
        error = int(st[abi.ERROR])
        if not error:
            return
        st[abi.ERROR] = 0
        if error == abi.ERR_RANGE:
            raise LudError("a value of the rules went out of range (32-bit integers, a player number, "
                           "a division by zero)")
        raise LudError(f"the compiled tier failed (error {error})")

    def key(self, code: int) -> tuple:
        """What a move code does, as :meth:`Move.key` says it for the reference move."""
        rule, kind, frm, to, what, aux = abi.decode(code)
        if kind == MoveKind.CHOICE:
            return (MoveKind(kind), frm, to, 0, self._words[what])
        return (MoveKind(kind), frm, to, what, "")

    def keys(self, codes: Any) -> list[tuple]:
        """What each move of a legal list does, as :meth:`Move.key` says it for the reference's
        list: a repeat of an earlier move's key is numbered as the reference numbers its text
        (the second ``A1-B2`` is ``A1-B2/2``: see engine.turns._distinct)."""
        out: list[tuple] = []
        seen: set[tuple] = set()
        tried: dict[tuple, int] = {}  # the next number to try for each repeated key
        for code in codes:
            key = self.key(int(code))
            if key in seen:
                key = repeat_key(key, seen, tried)
            seen.add(key)
            out.append(key)
        return out

    def move(self, state: Any, code: int) -> Move:
        """The reference state's legal move that does what ``code`` does."""
        key = self.key(code)
        for m in state.legal_moves():
            if m.key() == key:
                return m
        raise LudError(f"the compiled tier's move {key} is not legal in the reference engine")

    def code(self, st: np.ndarray, move: Move) -> int:
        """The code of the legal move of ``st`` that does what ``move`` does."""
        return self.codes(st, [move])[0]

    def codes(self, st: np.ndarray, moves: Any) -> list[int]:
        """The codes of the legal moves of ``st`` that do what ``moves`` do, in order."""
        legal = self.legal(st)
        by_key = {key: int(c) for key, c in zip(self.keys(legal), legal, strict=True)}
        out = []
        for move in moves:
            code = by_key.get(move.key())
            if code is None:
                raise LudError(f"{move} is not a legal move of the compiled state")
            out.append(code)
        return out

    # --- search ---------------------------------------------------------------------------------------
    def winning_move(self, st: np.ndarray) -> int:
        """A legal move that wins at once, or -1."""
        return int(self.module.py_winning_move(st, self.tables, self._cap))

    def mcts(self, st: np.ndarray, iterations: int | None, seconds: float | None, c: float,
             playout: int, seed: int) -> tuple[int, int]:
        """UCT from ``st`` (see the module's ``mcts``): (the move with the most visits, the
        simulations done). With ``seconds``, the search runs in slices until the time is up."""
        cap = (iterations + 1) if iterations is not None else 1 << 14
        nodes = np.zeros((cap, 8), dtype=np.int64)
        values = np.zeros((cap, 2), dtype=np.float64)
        nodes[0] = (-1, 0, 0, -1, -1, 0, -1, 0)
        used = np.ones(1, dtype=np.int64)
        deadline = time.perf_counter() + seconds if seconds is not None else None
        done = 0
        slice_ = 64
        while iterations is None or done < iterations:
            want = slice_ if iterations is None else min(slice_, iterations - done)
            if used[0] + want > len(nodes):  # a time budget: grow the tree
                nodes = np.concatenate([nodes, np.zeros_like(nodes)])
                values = np.concatenate([values, np.zeros_like(values)])
            done += int(self.module.py_mcts(st, self.tables, self._cap, c, playout, seed + done, want, nodes,
                                         values, used))
            self._raise(st)
            if deadline is not None:
                if time.perf_counter() >= deadline:
                    break
                slice_ = min(slice_ * 2, 4096)
        best, best_key = -1, (-1.0, -1.0)
        child = nodes[0, 3]
        while child >= 0:
            key = (values[child, 0], values[child, 1])
            if key > best_key:
                best, best_key = child, key
            child = nodes[child, 4]
        if best < 0:
            return int(self.legal(st)[0]), done
        return int(nodes[best, 1]), done

    def alphabeta(self, st: np.ndarray, moves: np.ndarray, depth: int, me: int, limit: int) -> tuple[int, float, int, bool]:
        """Paranoid alpha-beta at ``depth`` over ``moves`` (in order) for player ``me``, giving up
        past ``limit`` positions: (index of the best move, its value, positions, gave up)."""
        counter = np.zeros(2, dtype=np.int64)
        best, value = self.module.py_alphabeta_root(st, self.tables, self._cap, moves, depth, me, limit, counter)
        self._raise(st)
        return int(best), float(value), int(counter[0]), bool(counter[1])

    def flat(self, st: np.ndarray, moves: np.ndarray, first: int, iterations: int, playout: int, seed: int,
             totals: np.ndarray, counts: np.ndarray) -> int:
        """Flat Monte Carlo playouts ``first`` .. (see the module's ``flat``), summed into
        totals/counts."""
        done = int(self.module.py_flat(st, self.tables, self._cap, playout, seed, first, iterations, moves,
                                    totals, counts))
        self._raise(st)
        return done

    # --- batches --------------------------------------------------------------------------------------
    def playouts(self, count: int, seed: int, start: np.ndarray | None = None, full: bool = False,
                 first: int = 0) -> Playouts:
        """``count`` random games from the start (or ``start``); the same seed, the same games.
        With ``full``, every ply lists its legal moves (their number is counted, for the
        branching factor); otherwise moves are drawn without listing them where the rules allow
        it (the same distribution, other games). Games are numbered from ``first``: game g is
        the same whichever call plays it."""
        st0 = self.initial() if start is None else start
        res = np.zeros((max(count, 0), 8), dtype=np.int64)
        if count > 0:
            self.module.py_playouts(st0, self.tables, count, seed, first, self._cap, res, full)
        errors = res[:, 6]
        if errors.any():
            st = np.zeros(abi.SCALARS, dtype=np.int64)
            st[abi.ERROR] = int(errors[errors != 0][0])
            self._raise(st)
        players = self.game.num_players
        winners = np.zeros((len(res), players + 1), dtype=bool)
        seats = np.zeros((len(res), players + 1), dtype=bool)
        for p in range(1, players + 1):
            winners[:, p] = (res[:, 1] >> p) & 1
            seats[:, p] = (res[:, 7] >> p) & 1
        return Playouts(res[:, 0].copy(), winners, res[:, 2].astype(bool), res[:, 3].copy(),
                        res[:, 4].copy(), res[:, 5].copy(), seats)


    def measured(self, count: int, seed: int, first: int = 0) -> np.ndarray:
        """``count`` random games measured for the playout metrics (see the module's
        ``measured``): one row of 12 numbers per game."""
        res = np.zeros((max(count, 0), 12), dtype=np.int64)
        if count > 0:
            self.module.py_measured(self.initial(), self.tables, count, seed, first, self._cap, res)
        errors = res[:, 11]
        if errors.any():
            st = np.zeros(abi.SCALARS, dtype=np.int64)
            st[abi.ERROR] = int(errors[errors != 0][0])
            self._raise(st)
        return res


_FORMS: dict[str, Any] = {}  # game key -> Compiled, or the NoKernel that refused it
_GAMES: dict[str, NativeGame] = {}


def _key(game: Any) -> str:
    return f"{game.info.fingerprint or id(game)}:{game.turn_limit}"


def compiled_form(game: Any) -> Any:
    """The generated module of a game (pure Python: no numba), or the NoKernel refusing it."""
    key = _key(game)
    found = _FORMS.get(key)
    if found is None:
        try:
            found = generate(game)
        except NoKernel as refusal:
            found = refusal
        _FORMS[key] = found
    return found


def native_game(game: Any) -> NativeGame | None:
    """The compiled tier of a game, or None when one of its ludemes has no kernel
    (:func:`why_not` says which)."""
    key = _key(game)
    found = _GAMES.get(key)
    if found is None:
        form = compiled_form(game)
        if isinstance(form, NoKernel):
            return None
        found = _GAMES[key] = NativeGame(game, form)
    return found


def missing_kernels(game: Any) -> list[str]:
    """The ludemes of the game's rules that have no kernel at all, each once in the order they
    are written (a ludeme with kernels may still refuse a parameter: :func:`why_not` says)."""
    from ..bind import bind
    from ..ludemes.base import Ludeme
    from . import kernels  # noqa: F401  (registers every kernel)
    from .emit import KERNELS
    description = game.info.description
    if description is None:
        return []
    covered = {cls for cls, _ in KERNELS}
    missing: list[str] = []
    bound = bind(description.game)
    rules = getattr(bound, "rules", None)
    if rules is None:  # a match: its games are built on their own
        return ["(match ...)"]
    # what plays (start rules are the reference engine's: the first position is converted)
    parts = [rules.play, rules.end, rules.meta, *rules.phase_list(),
             *(piece.moves for piece in bound.equipment.pieces)]
    nodes = [node for part in parts if part is not None for node in part.walk()]
    for node in nodes:
        if not isinstance(node, Ludeme) or node.kind in ("rules", "play", "phase", "end", "start", "meta", "then",
                                                          "range", "apply", "misc"):
            continue
        if node.name in ("to", "from", "between", "piece", "score") or any(c in covered for c in type(node).__mro__):
            continue
        name = f"({node.name} ...)"
        if name not in missing:
            missing.append(name)
    return missing


def why_not(game: Any) -> str | None:
    """Why a game has no compiled tier (the first ludeme without a kernel), or None."""
    form = compiled_form(game)
    return str(form) if isinstance(form, NoKernel) else None
