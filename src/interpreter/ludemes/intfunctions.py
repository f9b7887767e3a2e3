"""Ludii's small int and boolean functions: ``abs``, ``^``, ``xor``, ``toInt``, ``toBool``, the
items of arrays and regions (``arrayValue``, ``regionSite``, ``size Array``, ``count Value``,
``all Values``) and the number of turns (``count Turns``).

As in Ludii, values are 32-bit: a result out of that range is an error where it is computed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import turns
from ..engine.env import Env
from ..syntax.nodes import Float, Int
from .base import (
    ANY_INT,
    BOOL,
    BOOL_FN,
    FLOAT_LIT,
    INT,
    INT_FN,
    INTS,
    REGION_FN,
    Either,
    Enum,
    Kind,
    Ludeme,
    Param,
)
from .floats import FLOAT, FLOAT_FN, float_fn, to_int
from .functions import INT_MAX, INT_MIN, out_of_range
from .measures import SITE_TYPE

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State

_INTS = Kind((INTS,), "ints")
_OFF = -1  # Ludii's Constants.OFF: no such item


def _checked(value: int, where: Ludeme) -> int:
    if not INT_MIN <= value <= INT_MAX:
        raise out_of_range(value, where, "the value")
    return value


class Abs(Ludeme):
    """The absolute value of a number.

    Parameters:
        value: the number

    Examples:
        (abs (- (row of:(from)) (row of:(to))))
    """

    name = "abs"
    kind = INT
    concepts = ("Absolute",)
    value: Any = Param(INT_FN, range=ANY_INT)

    def compile(self, c: Compiler):
        value = c.int(self.value)
        return lambda s, e: _checked(abs(value(s, e)), self)


class Pow(Ludeme):
    """A number to the power of another (Ludii's ``^``, Java's ``Math.pow`` made an int: a
    negative power gives 0, or 1 for a base of 1).

    Parameters:
        a: the base
        b: the power

    Examples:
        (^ 2 (count Moves))
    """

    name = "^"
    kind = INT
    concepts = ("Exponentiation",)
    a: Any = Param(INT_FN, range=ANY_INT)
    b: Any = Param(INT_FN, range=ANY_INT)

    def compile(self, c: Compiler):
        a, b = c.int(self.a), c.int(self.b)

        def power(s: State, e: Env) -> int:
            base, exponent = a(s, e), b(s, e)
            if exponent < 0:
                return int(float(base) ** exponent) if base else 0
            return _checked(base ** exponent, self)
        return power


class Xor(Ludeme):
    """Exactly one of two conditions holds.

    Parameters:
        a: a condition
        b: the other

    Examples:
        (xor (is Mover P1) (is Even (count Moves)))
    """

    name = "xor"
    kind = BOOL
    concepts = ("ExclusiveDisjunction",)
    a: Any = Param(BOOL_FN)
    b: Any = Param(BOOL_FN)

    def compile(self, c: Compiler):
        a, b = c.bool(self.a), c.bool(self.b)
        return lambda s, e: bool(a(s, e)) != bool(b(s, e))


class ToInt(Ludeme):
    """A condition as a number (1 when it holds, else 0), or a decimal number truncated.

    Parameters:
        value: the condition or the decimal number (a float function too, truncated as Java's
            ``(int)``)

    Examples:
        (toInt (is Mover P1))
        (toInt 2.5)
        (toInt (* 1.5 (toFloat (count Moves))))
    """

    name = "toInt"
    kind = INT
    value: Any = Param(Either((BOOL_FN, FLOAT_LIT, FLOAT_FN)), range=ANY_INT)

    def compile(self, c: Compiler):
        if isinstance(self.value, (Float, Int)):
            fixed = int(self.value.value)
            return lambda s, e: fixed
        if isinstance(self.value, Ludeme) and self.value.kind == FLOAT:
            number = float_fn(c, self.value)
            return lambda s, e: to_int(number(s, e))
        cond = c.bool(self.value)
        return lambda s, e: 1 if cond(s, e) else 0


class ToBool(Ludeme):
    """A number as a condition: it holds unless the number is 0.

    Parameters:
        value: the number (an int, or a decimal number or float function)

    Examples:
        (toBool (count Moves))
        (toBool (- 2.5 2.5))
    """

    name = "toBool"
    kind = BOOL
    value: Any = Param(Either((INT_FN, FLOAT_LIT, FLOAT_FN)), range=ANY_INT)

    def compile(self, c: Compiler):
        if isinstance(self.value, Float):
            fixed = self.value.value != 0
            return lambda s, e: fixed
        if isinstance(self.value, Ludeme) and self.value.kind == FLOAT:
            number = float_fn(c, self.value)
            return lambda s, e: number(s, e) != 0.0
        value = c.int(self.value)
        return lambda s, e: value(s, e) != 0


class RegionSite(Ludeme):
    """The site of a region at an index, the region's sites in increasing order (as Ludii's
    regions hold them), counted from 0; ``Off`` (-1) when the region has no site there.

    Parameters:
        region: the region
        index: the index of the site, from 0

    Examples:
        (regionSite (sites Occupied by:Mover) index:0)
    """

    name = "regionSite"
    kind = INT
    region: Any = Param(REGION_FN)
    index: Any = Param(INT_FN, named=True, range=ANY_INT)

    def compile(self, c: Compiler):
        region, index = c.sites_in_order(self.region), c.int(self.index)

        def site(s: State, e: Env) -> int:
            sites = region(s, e)
            i = index(s, e)
            return sites[i] if 0 <= i < len(sites) else _OFF
        return site


class ArrayValue(Ludeme):
    """The value of an array at an index, counted from 0; ``Off`` (-1) when the array has no
    value there.

    Parameters:
        array: the array
        index: the index of the value, from 0

    Examples:
        (arrayValue (values Remembered) index:0)
    """

    name = "arrayValue"
    kind = INT
    array: Any = Param(_INTS)
    index: Any = Param(INT_FN, named=True, range=ANY_INT)

    def compile(self, c: Compiler):
        array, index = self.array.compile(c), c.int(self.index)

        def value(s: State, e: Env) -> int:
            values = array(s, e)
            i = index(s, e)
            return values[i] if 0 <= i < len(values) else _OFF
        return value


class SizeArray(Ludeme):
    """The number of values of an array.

    Parameters:
        array: the array

    Examples:
        (size Array (values Remembered))
    """

    name = "size Array"
    kind = INT
    array: Any = Param(_INTS)

    def compile(self, c: Compiler):
        array = self.array.compile(c)
        return lambda s, e: len(array(s, e))


class CountValue(Ludeme):
    """How many times a value is in an array.

    Parameters:
        value: the value counted
        in: the array

    Examples:
        (count Value 2 in:(values Remembered))
    """

    name = "count Value"
    kind = INT
    value: Any = Param(INT_FN, range=ANY_INT)
    within: Any = Param(_INTS, named=True, key="in")

    def compile(self, c: Compiler):
        value, array = c.int(self.value), self.within.compile(c)
        return lambda s, e: list(array(s, e)).count(value(s, e))


class AllValues(Ludeme):
    """Every value of an array meets a condition, ``(value)`` being the value tested (true for
    an empty array).

    Parameters:
        array: the values tested
        if: the condition, ``(value)`` being the value

    Examples:
        (all Values (values Remembered) if:(> (value) 0))
    """

    name = "all Values"
    kind = BOOL
    array: Any = Param(_INTS)
    condition: Any = Param(BOOL_FN, named=True, key="if")

    def compile(self, c: Compiler):
        array, cond = self.array.compile(c), c.bool(self.condition)

        def every(s: State, e: Env) -> bool:
            frame = e.child()
            for v in array(s, e):
                frame.value = v
                if not cond(s, frame):
                    return False
            return True
        return every


TURNS = "turns"  # [turns counted, the mover of the last move, the last mover before them]


def _moved(s: State) -> None:
    """After a move: a move by another player than the last move's starts a turn (Ludii counts
    its turns when the mover changes, after the end rules of the move that ends one)."""
    data = s.arrays[TURNS]
    last = data[1]
    if s.mover != last:
        if last:
            s.set_item(data, 0, data[0] + 1)
        s.set_item(data, 2, last)
        s.set_item(data, 1, s.mover)


def _turns(d: Declarations) -> None:
    if TURNS not in d.arrays:
        d.array(TURNS, [1, 0, -1])
        d.after_move.append(_moved)


class CountTurns(Ludeme):
    """The number of the turn being played (Ludii's ``State.numTurn``): 1 during the first
    turn, one more each time the turn passes to another player (a player moving again stays in
    the same turn) and after a swap of players chosen as a move (the swap rule's, ``(move Swap
    Players ...)``: Ludii's Game.applyInternal starts a new turn after a move that is a swap,
    though its mover moves again). Read in a move's consequences or in the end rules, it is
    still the turn of that move: the count goes on once the move is done.

    Parameters:
        type: the kind of site (ignored, as in Ludii)

    Examples:
        (count Turns)
    """

    name = "count Turns"
    kind = INT
    type: Any = Param(SITE_TYPE, optional=True)

    def compile(self, c: Compiler):
        return lambda s, e: s.turns  # turns._next_mover counts them as Ludii does

    def kernel_int(self, k: Any) -> str:
        from ..native import abi
        return k.var(abi.TURNS)


class PrevMover(Ludeme):
    """The player who made the previous move (Ludii's State.prev, as ``Prev``: the mover again
    while a turn goes on, whoever moved last when players were skipped; while a move acts, the
    player of the move before it; 0 before any move is done); with ``MoverLastTurn``, the player
    of the last turn another player played (-1 when there was none), as Ludii's ``prev``.

    Parameters:
        type: ``Mover`` (the previous move's player, when left out) or ``MoverLastTurn``

    Examples:
        (prev)
        (prev MoverLastTurn)
    """

    name = "prev"
    kind = INT
    type: Any = Param(Enum(("Mover", "MoverLastTurn"), "Mover | MoverLastTurn"), optional=True)

    def declare(self, d: Declarations, c: Any) -> None:
        if self.type is not None and self.type.name == "MoverLastTurn":
            _turns(d)

    def compile(self, c: Compiler):
        if self.type is not None and self.type.name == "MoverLastTurn":
            def last_turn(s: State, e: Env) -> int:
                data = s.arrays[TURNS]  # the last move by another player than the one to move
                return data[1] if data[1] and s.mover != data[1] else data[2]
            return last_turn
        return lambda s, e: turns.prev_player(s)

    def kernel_int(self, k: Any) -> str:
        if self.type is not None and self.type.name == "MoverLastTurn":
            from ..native.emit import NoKernel
            raise NoKernel("(prev MoverLastTurn)", "the turns' record is the reference engine's")
        return k.prev_player()


__all__ = ["PrevMover", "Abs", "Pow", "Xor", "ToInt", "ToBool", "RegionSite", "ArrayValue", "SizeArray", "CountValue",
           "AllValues", "CountTurns", "TURNS"]


class IsRelated(Ludeme):
    """A site is related to another (or to one site of a region) by a relation: one step
    apart along it (``Adjacent``, ``Orthogonal``, ``Diagonal``, ``OffDiagonal``, ``All``).

    Parameters:
        relation: the relation
        type: the kind of site (the board's own kind when left out)
        site: the first site
        other: the other site, or a region one of whose sites must be related

    Examples:
        (is Related Diagonal (from) (to))
        (is Related Orthogonal (last To) (sites Occupied by:Mover))
    """

    name = "is Related"
    kind = BOOL
    relation: Any = Param(Enum(("Adjacent", "Orthogonal", "Diagonal", "OffDiagonal", "All"), "relation"))
    type: Any = Param(SITE_TYPE, optional=True)
    site: Any = Param(INT_FN, range=(-1, 20_000))
    other: Any = Param(REGION_FN)

    def compile(self, c: Compiler):
        from .measures import check_site_type
        check_site_type(c, self, self.type)
        table = c.topo.neighbours.get(self.relation.name)
        if table is None:
            table = c.adjacency(self.relation)
        site, others = c.site(self.site), c.region(self.other)

        def related(s: State, e: Env) -> bool:
            x = site(s, e)
            if x < 0:
                return False
            near = table[x]
            return any(y in near for y in others(s, e))
        return related


class _SitesLast(Ludeme):
    """The site of the last move, as a region (none before the first move).

    Parameters:
        type: the kind of site (the board's own kind when left out)
    """

    kind = "region"
    type: Any = Param(SITE_TYPE, optional=True)
    attr = "last_to"

    def compile(self, c: Compiler):
        from .measures import check_site_type
        check_site_type(c, self, self.type)
        attr = self.attr
        return lambda s, e: (x,) if (x := getattr(s, attr)) >= 0 else ()


class SitesLastTo(_SitesLast):
    """The site the last move went to, as a region (none before the first move).

    Examples:
        (sites LastTo)
    """

    name = "sites LastTo"
    attr = "last_to"


class SitesLastFrom(_SitesLast):
    """The site the last move came from, as a region (none before the first move).

    Examples:
        (sites LastFrom)
    """

    name = "sites LastFrom"
    attr = "last_from"


class CountLegalMoves(Ludeme):
    """The number of legal moves of the player to move (without the forced pass).

    Parameters:
        type: the kind of site (ignored, as in Ludii)

    Examples:
        (count LegalMoves)
    """

    name = "count LegalMoves"
    kind = INT
    type: Any = Param(SITE_TYPE, optional=True)

    def compile(self, c: Compiler):
        from ..engine.turns import moves_for
        return lambda s, e: len(moves_for(s, s.mover))


class CountPhases(Ludeme):
    """The number of phases of the game (1 without phases).

    Parameters:
        type: the kind of site (ignored, as in Ludii)

    Examples:
        (count Phases)
    """

    name = "count Phases"
    kind = INT
    type: Any = Param(SITE_TYPE, optional=True)

    def compile(self, c: Compiler):
        n = len(c.phase_names) or 1
        return lambda s, e: n


__all__ += ["IsRelated", "SitesLastTo", "SitesLastFrom", "CountLegalMoves", "CountPhases"]
