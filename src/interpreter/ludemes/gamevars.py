"""Variables of the game named by the description: ``(set Var "Name" VALUE)`` and ``(var
"Name")`` (Ludii's ``SetVar`` and ``Var``: values kept in the state under a key, -1 until set;
``(var)`` without a name is the unnamed one).

Each variable is a state array of one value, ``var:Name``: journaled like every array, cloned,
and written in positions under ``vars:``. The unnamed one is Ludii's state value ``temp``
(Ludii's ``Var`` reads ``state.temp()`` when it has no key, ``SetVar`` writes it), the value
``(forEach Die replayDouble:True)`` also keeps the double being replayed in: one array, ``temp``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.dice import TEMP
from ..engine.env import Env
from ..engine.values import const_fn
from .base import ANY_INT, INT, INT_FN, STR_LIT, THEN, Ludeme, Param, kind_of
from .effects import _Effect
from .moves_then import and_then, then_of

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State

UNDEFINED = -1  # Ludii's value of a variable never set


def variable(title) -> str:
    """The name of the state array of a variable (the unnamed one: Ludii's ``temp``)."""
    return "var:" + title.value if title is not None else TEMP


def declare_variable(d: Declarations, title) -> None:
    """The state array of a variable, declared for the game (once) where it is used."""
    d.array(variable(title), [UNDEFINED])


class SetVar(_Effect):
    """Set a variable of the game (named, or the unnamed one) to a value; ``(var "Name")`` reads
    it back in later moves. Without a value, it becomes -1 (unset).

    Parameters:
        title: the variable's name (the unnamed variable when left out)
        value: the new value (-1, unset, when left out)
        then: consequences, after

    Examples:
        (set Var "Replay" (to))
        (set Var "Direction" 0)
        (set Var (count at:(last To)))
        (set Var "Moved" 1 (then (moveAgain)))
    """

    name = "set Var"
    always_a_move = True  # as Ludii's SetVar.eval: its move whatever the value (effect_moves)
    concepts = ("SetVar",)
    title: Any = Param(STR_LIT, optional=True)
    value: Any = Param(INT_FN, optional=True, range=ANY_INT)
    then: Any = Param(kind_of(THEN), optional=True)

    def declare(self, d: Declarations, c: Any) -> None:
        declare_variable(d, self.title)

    def compile_effect(self, c: Compiler):
        plan = self.plan_effect(c)
        return lambda s, e: plan(s, e)(s, e)

    def plan_effect(self, c: Compiler):
        """plan(state, env) -> the effect, its value worked out in that position (in an
        ``(and ...)`` Ludii works out every part before any applies)."""
        name = variable(self.title)
        value = c.int(self.value) if self.value is not None else const_fn(UNDEFINED)
        then = then_of(c, self.then)

        def plan(s: State, e: Env):
            v = value(s, e)

            def run(s: State, e: Env) -> None:
                data = s.arrays[name]
                if data[0] != v:
                    s.set_item(data, 0, v)
            return and_then(run, then)
        return plan


class Var(Ludeme):
    """The value of a variable of the game (named, or the unnamed one); -1 until it is set.

    Parameters:
        title: the variable's name (the unnamed variable when left out)

    Examples:
        (var "Replay")
        (var)
    """

    name = "var"
    kind = INT
    title: Any = Param(STR_LIT, optional=True)

    def declare(self, d: Declarations, c: Any) -> None:
        declare_variable(d, self.title)

    def compile(self, c: Compiler):
        name = variable(self.title)
        return lambda s, e: s.arrays[name][0]


__all__ = ["SetVar", "Var", "UNDEFINED"]
