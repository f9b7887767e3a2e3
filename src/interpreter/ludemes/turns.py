"""Turns of several moves: how many moves the mover has made in this turn, whether some moves
are possible, parity. With ``moveAgain`` they make turns of several placements, as Ludii
writes Connect6 (``(then (if (is Even (count Moves)) (moveAgain)))``) or a turn of exactly two
stones (``(then (if (= 0 (count MovesThisTurn)) (moveAgain)))``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from .base import ANY_INT, BOOL, INT_FN, MOVES_T, Ludeme, Param
from .functions import _StateValue
from .sitetypes import site_type_param
from .turnstate import VISITED

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State
    from ..native.emit import Emitter


class CountMovesThisTurn(_StateValue):
    """The number of moves the mover has already made in this turn: 0 on a turn's first move,
    1 on the second after a ``moveAgain``... (a pass or a move without ``moveAgain`` ends the
    turn). Ludii's ``(count MovesThisTurn)``; ``(then (if (= 0 (count MovesThisTurn))
    (moveAgain)))`` makes turns of two moves.

    Parameters:
        any_type: a site type, which Ludii accepts and ignores here (no concept either)

    Examples:
        (count MovesThisTurn)
    """

    name = "count MovesThisTurn"
    concepts = ("MultiPlacementTurn",)
    any_type: Any = site_type_param()
    attr = "turn_moves"

    def kernel_int(self, k: Emitter) -> str:
        from ..native import abi
        return k.var(abi.TURN_MOVES)


class CanMove(Ludeme):
    """The moves would offer at least one move now (to the mover; nothing is played). Inside
    ``ifAfterwards:`` it asks whether a move would still be possible after the one tried, e.g.
    that a first stone leaves room for the second: ``(do (move Add (to (sites Empty)) (then
    (moveAgain))) ifAfterwards:(can Move (move Add (to (sites Empty)))))``.

    Parameters:
        moves: the moves looked at (nothing is played)

    Examples:
        (can Move (move Add (to (sites Empty))))
    """

    name = "can Move"
    kind = BOOL
    concepts = ("CanMove",)
    moves: Any = Param(MOVES_T)

    def compile(self, c: Compiler):
        exists = getattr(self.moves, "compile_exists", None)
        if exists is not None:  # an effect that lists no moves here, but tells whether it would
            return exists(c)
        gen = c.moves_tested(self.moves)  # an effect there gives a move when it would act (Ludii's)

        def can(s: State, e: Env) -> bool:
            visited = s.arrays.get(VISITED)
            if visited is None:
                return gen.first(s, e) is not None  # stops at the first move when the rule can
            return _with_last_move_visited(s, visited, lambda: gen.first(s, e) is not None)
        return can

    def kernel_bool(self, k: Emitter) -> str:
        """Whether the moves offer one now: a function of its own that returns at the first move
        (the moves are not listed)."""
        with k.helper("can_move", "st, T") as name:
            with k.sink(lambda e, code: e.line("return True")):
                k.moves(self.moves)
            k.line("return False")
        return f"{name}({k.st}, T)"


def _with_last_move_visited(s: State, visited: list[int], test: Callable[[], bool]) -> bool:
    """Ludii's ``can Move`` in a game that keeps visited sites: the moves are looked at as if the
    last move's from and to sites were visited already (a hop sequence cannot offer a hop back
    to where the hop began); the sites are restored afterwards."""
    marked = [x for x in (s.last_from, s.last_to) if 0 <= x < len(visited) and not visited[x]]
    for x in marked:
        visited[x] = 1
    try:
        return test()
    finally:
        for x in marked:
            visited[x] = 0


class _Parity(Ludeme):
    """A question about the parity of a number.

    Parameters:
        value: the number tested (optional in Ludii's grammar, which shares it with the other
            tests of one number, but required by its meaning: leaving it out is refused)
    """

    kind = BOOL
    value: Any = Param(INT_FN, optional=True, range=ANY_INT)
    remainder = 0

    def validate(self) -> None:
        if self.value is None:
            from ..errors import BindError
            raise BindError(f"{self.name} needs the number it tests", self.span,
                            hint=f"e.g. ({self.name} (count Moves))")

    def compile(self, c: Compiler):
        value = c.int(self.value)
        remainder = self.remainder
        return lambda s, e: value(s, e) % 2 == remainder


class IsEven(_Parity):
    """The value is even.

    Examples:
        (is Even (count Moves))
    """

    name = "is Even"
    concepts = ("Even",)

    def kernel_bool(self, k: Emitter) -> str:
        from ..native.kernels.turns import _parity
        return _parity(self, k)


class IsOdd(_Parity):
    """The value is odd.

    Examples:
        (is Odd (count Moves))
    """

    name = "is Odd"
    remainder = 1
    concepts = ("Odd",)

    def kernel_bool(self, k: Emitter) -> str:
        from ..native.kernels.turns import _parity
        return _parity(self, k)
