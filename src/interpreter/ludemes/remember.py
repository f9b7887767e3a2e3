"""Remembered values (Ludii's ``remember Value``, ``forget Value``, ``set RememberValue`` and
``values Remembered``): lists of numbers the state keeps from move to move, one without a name
and one per name, in the order they were remembered (a value may be there several times).

Each list is a state array of one entry (the tuple of its values), replaced whole when it
changes, so undo restores it like any other array.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..engine.values import const_fn
from ..errors import BindError
from .base import (
    ANY_INT,
    BOOL_FN,
    INT_FN,
    INTS,
    REGION_FN,
    START_RULE,
    STR_LIT,
    THEN,
    Enum,
    Ludeme,
    Param,
    kind_of,
)
from .effects import _Effect
from .functions import INT_MAX, INT_MIN, out_of_range

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State

REMEMBERED = "remembered"


def remembered(name: Any) -> str:
    """The state array of a list of remembered values (``name``: a string node or None)."""
    return REMEMBERED if name is None else f"{REMEMBERED} {name.value}"


class _Remembers(Ludeme):
    """A ludeme that reads or writes one list of remembered values (``self.title``)."""

    title: Any = None

    def declare(self, d: Declarations, c: Any) -> None:
        d.array(remembered(self.title), [()])


def _remember(s: State, array: str, values: Any, unique: bool, where: Ludeme) -> None:
    data = s.arrays[array]
    held = data[0]
    for v in values:
        if not INT_MIN <= v <= INT_MAX:
            raise out_of_range(v, where, "a remembered value")
        if unique and v in held:
            continue
        held = held + (v,)
    if held is not data[0]:
        s.set_item(data, 0, held)


class RememberValue(_Effect, _Remembers):
    """Effect: remember a value (in the list of that name, or the list without a name), after
    the values remembered before. With ``unique:True``, a value already remembered is not
    remembered again.

    Parameters:
        title: the name of the list (the list without a name when left out)
        value: the value remembered
        unique: True: only a value not already remembered
        then: consequences

    Examples:
        (remember Value (last To))
        (remember Value "Captured" (count Moves) unique:True)
    """

    name = "remember Value"
    concepts = ("Variable", "RememberValues")
    title: Any = Param(STR_LIT, optional=True)
    value: Any = Param(INT_FN, range=ANY_INT)
    unique: Any = Param(BOOL_FN, optional=True, named=True)
    then: Any = Param(kind_of(THEN), optional=True)

    def compile_effect(self, c: Compiler):
        array = remembered(self.title)
        value = c.int(self.value)
        unique = c.bool(self.unique) if self.unique is not None else const_fn(False)
        then = self.then.compile_effect(c) if self.then is not None else None

        def run(s: State, e: Env) -> None:
            v = value(s, e)
            if unique(s, e) and v in s.arrays[array][0]:
                return  # Ludii's eval makes no move: nothing remembered, no consequences
            _remember(s, array, (v,), False, self)
            if then is not None:
                then(s, e)
        return run

    def plan_effect(self, c: Compiler):
        """plan(state, env) -> the effect, its value worked out in that position (in an
        ``(and ...)`` Ludii evaluates every part before it applies any); None where Ludii's
        eval makes no move (``unique:True`` and the value already remembered)."""
        array = remembered(self.title)
        value = c.int(self.value)
        unique = c.bool(self.unique) if self.unique is not None else const_fn(False)
        then = self.then.compile_effect(c) if self.then is not None else None

        def plan(s: State, e: Env):
            v, once = value(s, e), unique(s, e)
            if once and v in s.arrays[array][0]:
                return None

            def run(s: State, e: Env) -> None:  # Ludii's action: remembered, tested or not
                _remember(s, array, (v,), False, self)
                if then is not None:
                    then(s, e)
            return run
        return plan


class ForgetValue(_Effect, _Remembers):
    """Effect: forget a remembered value (its first occurrence in the list), or every value of
    the list with ``All`` (without a name, every value of every list, named ones too, as
    Ludii's).

    Parameters:
        title: the name of the list (the list without a name when left out)
        value: the value forgotten
        all: ``All``: every value of the list
        then: consequences

    Examples:
        (forget Value (last To))
        (forget Value "Captured" All)
    """

    name = "forget Value"
    always_a_move = True  # as Ludii's ForgetValue.eval: its move, remembered or not (effect_moves)
    concepts = ("ForgetValues",)
    title: Any = Param(STR_LIT, optional=True)
    value: Any = Param(INT_FN, optional=True, range=ANY_INT)
    all: Any = Param(Enum(("All",), "All"), optional=True)
    then: Any = Param(kind_of(THEN), optional=True)

    def validate(self) -> None:
        if (self.value is None) == (self.all is None):
            raise BindError("forget Value takes a value or All", self.span)

    def compile_effect(self, c: Compiler):
        array = remembered(self.title)
        value = c.int(self.value) if self.value is not None else None
        then = self.then.compile_effect(c) if self.then is not None else None

        every = [name for name in c.game.arrays if name == REMEMBERED or name.startswith(REMEMBERED + " ")]
        cleared = every if self.title is None else [array]

        def run(s: State, e: Env) -> None:
            if value is None:
                for name in cleared:
                    data = s.arrays[name]
                    if data[0]:
                        s.set_item(data, 0, ())
            else:
                data = s.arrays[array]
                held = data[0]
                v = value(s, e)
                if v in held:
                    i = held.index(v)
                    s.set_item(data, 0, held[:i] + held[i + 1:])
            if then is not None:
                then(s, e)
        return run


class SetRememberValue(_Remembers):
    """Start rule: remember a value, or each site of a region, before the game starts (see
    ``remember Value``).

    Parameters:
        title: the name of the list (the list without a name when left out)
        value: the value remembered
        region: the sites remembered, each a value
        unique: True: only values not already remembered

    Examples:
        (set RememberValue 3)
        (set RememberValue "Targets" (sites Bottom) unique:True)
    """

    name = "set RememberValue"
    kind = START_RULE
    concepts = ("Variable",)
    title: Any = Param(STR_LIT, optional=True)
    value: Any = Param(INT_FN, optional=True, range=ANY_INT)
    region: Any = Param(REGION_FN, optional=True)
    unique: Any = Param(BOOL_FN, optional=True, named=True)

    def validate(self) -> None:
        if (self.value is None) == (self.region is None):
            raise BindError("set RememberValue takes a value or a region", self.span)

    def compile_effect(self, c: Compiler):
        array = remembered(self.title)
        if self.value is not None:
            one = c.int(self.value)
            values = lambda s, e: (one(s, e),)  # noqa: E731
        else:
            values = c.sites_in_order(self.region)  # Ludii's Region: its sites in order
        unique = c.bool(self.unique) if self.unique is not None else const_fn(False)

        def run(s: State, e: Env) -> None:
            _remember(s, array, tuple(values(s, e)), unique(s, e), self)
        return run


class ValuesRemembered(_Remembers):
    """The remembered values of a list (the list without a name when left out), in the order
    they were remembered; none when nothing was.

    Parameters:
        title: the name of the list

    Examples:
        (values Remembered)
        (values Remembered "Captured")
    """

    name = "values Remembered"
    kind = INTS
    title: Any = Param(STR_LIT, optional=True)

    def compile(self, c: Compiler):
        array = remembered(self.title)
        return lambda s, e: s.arrays[array][0]


__all__ = ["RememberValue", "ForgetValue", "SetRememberValue", "ValuesRemembered", "REMEMBERED", "remembered"]
