"""Ludii's ``swap Pieces`` and ``move Swap Pieces``: the pieces of two sites change places (its
SwapPieces: the first site's piece moves onto the second, and a piece of the kind the second
held is put on the first)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import turns
from ..engine.move import MOVE, Move
from ..engine.movegen import FnGen, MoveGen
from ..errors import BindError
from .base import INT_FN, MOVES, SITE_NUMBER, THEN, Ludeme, Param, kind_of
from .moves_then import then_of

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.state import State


class _SwapPieces(Ludeme):
    """The pieces of two sites (the last move's from and to when left out) change places.

    Parameters:
        first: the first site (``(last From)`` when left out)
        second: the second site (``(last To)`` when left out)
        then: consequences, after the swap
    """

    kind = MOVES
    first: Any = Param(INT_FN, optional=True, range=SITE_NUMBER)
    second: Any = Param(INT_FN, optional=True, range=SITE_NUMBER)
    then: Any = Param(kind_of(THEN), optional=True)

    def validate(self) -> None:
        if (self.first is None) != (self.second is None):
            raise BindError(f"({self.name} ...) takes both sites or neither (Ludii's: the last move's from and to)",
                            self.span)

    def _swaps(self, c: Compiler) -> tuple[Any, Any, list[tuple[int, ...]]]:
        """(first site, second site, the consequences per kind the second site held: a piece
        of that kind put on the first site, then the ``then``)."""
        if c.game.stacking:
            raise BindError(f"({self.name} ...) in a stacking game is not supported yet", self.span)
        first = c.int(self.first) if self.first is not None else (lambda s, e: s.last_from)
        second = c.int(self.second) if self.second is not None else (lambda s, e: s.last_to)
        then = then_of(c, self.then)

        def put_back(kind: int) -> Any:
            def run(s: State, e: Env) -> None:
                if kind:
                    s.place(e.frm, kind)
                if then is not None:
                    then(s, e)
            return run
        rules = [c.rule(after=put_back(kind)) for kind in range(len(c.game.components))]
        return first, second, rules

    def _move(self, s: State, e: Env, first: Any, second: Any, rules: list, uid: str) -> Move | None:
        a, b = first(s, e), second(s, e)
        n = len(s.what)
        if not (0 <= a < n and 0 <= b < n):
            return None
        return Move(MOVE, frm=a, to=b, game_id=uid, rules=rules[s.what[b]])


class SwapPieces(_SwapPieces):
    """Effect: the pieces of two sites (the last move's from and to when left out) change
    places, as Ludii's: the first site's piece moves onto the second (with its state), and a
    piece of the kind the second held is put on the first.

    Examples:
        (swap Pieces)
        (swap Pieces (last To) (last From) (then (moveAgain)))
    """

    name = "swap Pieces"
    always_a_move = True  # as Ludii's SwapPieces.eval: its move always (effect_moves)

    def compile(self, c: Compiler) -> MoveGen:
        raise BindError("(swap Pieces ...) is an effect: use it in (then ...), or (move Swap Pieces ...) as a move",
                        self.span)

    def compile_effect(self, c: Compiler):
        first, second, rules = self._swaps(c)
        uid = c.game.uid

        def run(s: State, e: Env) -> None:
            move = self._move(s, e, first, second, rules, uid)
            if move is not None:
                turns.act(s, move, as_last=False, outer=e)
        return run


class MoveSwapPieces(_SwapPieces):
    """A decision: the pieces of two sites (the last move's from and to when left out) change
    places, written as the move of the first site's piece onto the second (``A1-B2``).

    Examples:
        (move Swap Pieces)
        (move Swap Pieces (last To) (last From))
    """

    name = "move Swap Pieces"
    concepts = ("SwapPiecesDecision",)

    def compile(self, c: Compiler) -> MoveGen:
        first, second, rules = self._swaps(c)
        uid = c.game.uid

        def gen(s: State, e: Env) -> list[Move]:
            move = self._move(s, e, first, second, rules, uid)
            return [move] if move is not None else []
        return FnGen(gen)


__all__ = ["SwapPieces", "MoveSwapPieces"]


from .moves import Claim  # noqa: E402  (the claim move below is Ludii's decision form of it)


class MoveClaim(Claim):
    """A decision: claim a site (Ludii's ``move Claim``, its Claim as a decision): as
    ``claim``. Ludii's grammar takes ``count:`` and ``stack:`` here and its Claim does not
    read them: neither is used here either.

    Examples:
        (move Claim (to (sites Empty)))
        (move Claim (to (sites Board) if:(is Empty (to))) count:2 (then (addScore Mover 1)))
    """

    name = "move Claim"

    def validate(self) -> None:
        super().validate()
        self.count = None  # Ludii's Move.construct gives its Claim neither
        self.stack = None


__all__ += ["MoveClaim"]
