"""Ludii's ``forEach`` over players given by an array (its ForEachPlayer's second form):
``(forEach (players Ally of:(next)) (addScore (player (player)) 1))``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.movegen import FnGen, MoveGen, with_rules
from ..errors import BindError
from .base import INTS, MOVES, START_RULE, THEN, Kind, Ludeme, Param, kind_of
from .moves_then import then_of

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.state import State


class ForEachPlayerOf(Ludeme):
    """The moves (or the effect) for each player of an array, in its order, ``(player)`` being
    the player (Ludii's ``forEach`` with players): the moves of every player together, each
    with the ``then`` consequences; as an effect, each player's effect then the consequences;
    as a start rule (Ludii's start ``forEach <ints>``), the start rule applied for each.

    Parameters:
        players: the players visited (``(players Ally of:(next))``...)
        moves: the moves, effect or start rule for each player
        then: consequences of each move (not with a start rule)

    Examples:
        (forEach (players Ally of:(next)) (addScore (player (player)) 1))
        (forEach (players All) (set Value (player (player)) 0) (then (moveAgain)))
        (forEach (players All) (set Score Player 2))
    """

    name = "forEach"
    overload = True
    concepts = ("ControlFlowStatement",)
    kind = MOVES
    players: Any = Param(Kind((INTS,), "ints"))
    moves: Any = Param(Kind((MOVES, START_RULE), "moves or start rule"))
    then: Any = Param(kind_of(THEN), optional=True)

    def validate(self) -> None:
        if self.moves.kind == START_RULE:
            self.kind = START_RULE  # type: ignore[misc]  # this instance's: a start rule
            if self.then is not None:
                raise BindError("(then ...) follows moves, not start rules", self.then.span)

    def compile(self, c: Compiler) -> MoveGen:
        players = c.ints(self.players)
        inner = c.moves(self.moves)

        def gen(s: State, e: Env) -> list:
            frame = e.child()
            out: list = []
            for p in tuple(players(s, e)):
                frame.player = p
                # each move remembers its player: its own effects read it again
                out.extend(m.with_bound("player", p) for m in inner.moves(s, frame))
            return out
        return with_rules(FnGen(gen), c.rule(after=then_of(c, self.then)))

    def compile_effect(self, c: Compiler):
        players = c.ints(self.players)
        effect = c.effect(self.moves)
        then = then_of(c, self.then)

        def run(s: State, e: Env) -> None:
            frame = e.child()
            for p in tuple(players(s, e)):
                frame.player = p
                effect(s, frame)
                if then is not None:  # each player's moves carry the consequences
                    then(s, frame)
        return run


__all__ = ["ForEachPlayerOf"]
