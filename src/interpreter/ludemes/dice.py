"""Dice (Ludii's ``game.equipment.container.other.Dice``, ``roll``, ``count Pips``).

``(dice d:4 num:2)`` gives the game two four-sided dice (faces 1 to 4; ``from:0`` starts at 0,
``faces:{1 2 5 6}`` names them). ``(roll)`` rolls them all: the values come from the state's
own random sequence (see :mod:`interpreter.engine.dice`), so a position decides its rolls and
undo takes them back. ``(do (roll) next:(...))`` (Ludii's ``"RollMove"``) rolls before the
moves are listed; ``(count Pips)`` is the sum of the values rolled.
"""

from __future__ import annotations

from typing import Any, TYPE_CHECKING

from ..engine import dice as engine_dice
from ..errors import BindError
from .base import ANY_INT, EQUIPMENT_ITEM, INT, INT_LIT, ROLE, THEN, ArrayOf, Ludeme, Param, kind_of
from .effects import _Effect

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.game import Declarations
    from ..engine.state import State

MAX_FACES = 64  # Ludii's Constants.MAX_FACE_DIE
MAX_DICE = 16


class Dice(Ludeme):
    """A set of ``num:`` dice with ``d:`` faces each (6 by default) numbered from ``from:`` (1
    by default), or with the face values given (``faces:{1 2 5 6}``). Rolled by ``(roll)``;
    their values read by ``(count Pips)``.

    Parameters:
        d: the number of faces of each die
        faces: the values on the faces, instead of 1 to ``d``
        from: the value of the lowest face
        role: the player who owns the dice (everybody's when left out)
        num: the number of dice

    Examples:
        (dice d:4 num:2)
        (dice d:7 from:0 num:1)
        (dice d:4 faces:{1 2 5 6} num:3)
    """

    name = "dice"
    kind = EQUIPMENT_ITEM
    d: Any = Param(INT_LIT, optional=True, named=True, range=(1, MAX_FACES))
    faces: Any = Param(ArrayOf(INT_LIT, single=False), optional=True, named=True, range=ANY_INT)
    frm: Any = Param(INT_LIT, optional=True, named=True, key="from", range=ANY_INT)
    role: Any = Param(ROLE, optional=True)
    num: Any = Param(INT_LIT, named=True, range=(1, MAX_DICE))

    def concepts_at(self, where):
        faces = len(self.face_values())
        return ["Dice"] + ([f"DiceD{faces}"] if faces in (2, 3, 4, 6) else [])

    def validate(self) -> None:
        if self.faces is not None and self.frm is not None:
            raise BindError("dice take from: or faces:, not both", self.frm.span)
        if self.role is not None and self.role.name not in ("Shared", "Neutral", "All"):
            raise BindError("dice that belong to one player are not supported: the dice are shared",
                            self.role.span, hint="(dice d:6 num:2)")
        if self.faces is not None and not self.faces.items:
            raise BindError("a die needs faces", self.faces.span)

    def face_values(self) -> tuple[int, ...]:
        if self.faces is not None:
            return tuple(item.value for item in self.faces.items)[:MAX_FACES]
        count = self.d.value if self.d is not None else 6
        start = self.frm.value if self.frm is not None else 1
        return tuple(range(start, start + count))

    def declare(self, d: "Declarations", c: Any) -> None:
        """The game's dice (their faces) and the state arrays of their values and random sequence."""
        if d.dice:
            raise BindError("a second set of dice: the game has one", self.span)
        faces = self.face_values()
        d.dice.extend(faces for _ in range(self.num.value))
        d.array(engine_dice.DICE, [faces[0]] * self.num.value)
        d.array(engine_dice.RNG, [engine_dice.SEED])


class Roll(_Effect):
    """Roll the game's dice (as a consequence, or before the moves are listed with ``(do (roll)
    next:...)``); ``then`` follows the roll.

    Parameters:
        then: consequences applied after the roll

    Examples:
        (roll)
        (roll (then (addScore Mover (count Pips))))
    """

    name = "roll"
    concepts = ("Roll",)
    then: Any = Param(kind_of(THEN), optional=True)

    def compile_effect(self, c: "Compiler"):
        if not c.game.dice:
            raise BindError("(roll) but the game has no dice", self.span, hint="add (dice d:6 num:2) to the equipment")
        then = self.then.compile_effect(c) if self.then is not None else None
        roll = engine_dice.roll

        def run(s: "State", e: "Env") -> None:
            roll(s)
            if then is not None:
                then(s, e)
        return run


class CountPips(Ludeme):
    """The sum of the values the dice show (their last roll).

    Examples:
        (count Pips)
    """

    name = "count Pips"
    kind = INT
    concepts = ("Dice", "SumDice")
    # no parameters

    def compile(self, c: "Compiler"):
        if not c.game.dice:
            raise BindError("(count Pips) but the game has no dice", self.span)
        pips = engine_dice.pips
        return lambda s, e: pips(s)


__all__ = ["Dice", "Roll", "CountPips"]
