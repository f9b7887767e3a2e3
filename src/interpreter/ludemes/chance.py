"""Random values, sites and moves (Ludii's ``value Random``, ``sites Random``, ``random``).

A random value here is a function of the position: of the state's random sequence (the
``rng`` array, moved on after every move; see :mod:`interpreter.engine.dice`), of which rule
draws it and of the frame it is drawn in (the site or value a loop visits). So the moves listed
and the moves played draw alike, undo takes a draw back, and replaying a game's moves draws
the same values.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import dice as engine_dice
from ..engine.env import Env
from ..engine.movegen import FnGen, MoveGen
from ..engine.values import Fn, const_fn
from ..errors import BindError
from .base import (
    ANY_INT,
    FLOAT_LIT,
    INT,
    INT_FN,
    MOVES,
    MOVES_T,
    RANGE,
    REGION,
    REGION_FN,
    ArrayOf,
    BoundArray,
    Kind,
    Ludeme,
    Param,
)
from .functions import Exact, Max, Range

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.move import Move
    from ..engine.state import State

_RANGE = Kind((RANGE,), "range")


def salt_of(ludeme: Ludeme) -> int:
    """A number telling the random rules of a description apart (where it is written)."""
    span = ludeme.span
    return (getattr(span, "line", 0) or 0) * 1_000_003 + (getattr(span, "col", 0) or 0) * 7919 + 1


def frame_key(e: Env) -> int:
    """A number telling frames apart (the sites and values they bind)."""
    return hash((e.to, e.frm, e.between, e.site, e.player, e.value, e.pips)) & 0xFFFFFFFF


def range_fns(c: Compiler, value: Any) -> tuple[Fn, Fn]:
    """The functions of a range's least and greatest values (``(range 1 (count at:0))``:
    worked out during play)."""
    if isinstance(value, Range):
        lo = c.int(value.min)
        hi = c.int(value.max) if value.max is not None else lo
        return lo, hi
    if isinstance(value, Exact):
        n = c.int(value.n)
        return n, n
    if isinstance(value, Max):
        return const_fn(1), c.int(value.n)
    raise BindError("a random value is drawn from a range: (range 1 6)", value.span)


class _Random(Ludeme):
    def declare(self, d: Declarations, c: Any) -> None:
        engine_dice.declare_random(d)


class ValueRandom(_Random):
    """A random value from a range (both ends included; -1 when the range is empty).

    Parameters:
        range: the values drawn from

    Examples:
        (value Random (range 1 6))
        (value Random (range 1 (count at:0)))
    """

    name = "value Random"
    kind = INT
    concepts = ("Stochastic",)
    range: Any = Param(_RANGE)

    def compile(self, c: Compiler):
        lo, hi = range_fns(c, self.range)
        salt = salt_of(self)
        draw = engine_dice.draw

        def value(s: State, e: Env) -> int:
            a, b = lo(s, e), hi(s, e)
            if a > b:
                return -1
            return a + draw(s, salt, frame_key(e), b - a + 1)
        return value


class SitesRandom(_Random):
    """Sites drawn at random from a region (the empty sites by default): ``num:`` of them (1 by
    default; all of them when the region has fewer).

    Parameters:
        region: the sites drawn from (the empty sites when left out)
        num: how many sites

    Examples:
        (sites Random)
        (sites Random (sites Empty) num:2)
    """

    name = "sites Random"
    kind = REGION
    concepts = ("Stochastic",)
    region: Any = Param(REGION_FN, optional=True)
    num: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)

    def compile(self, c: Compiler):
        if self.region is not None:
            region = c.region(self.region)
        else:
            region = lambda s, e: [x for x, w in enumerate(s.what) if not w]  # noqa: E731
        num = c.int(self.num) if self.num is not None else const_fn(1)
        salt = salt_of(self)
        draw = engine_dice.draw

        def sites(s: State, e: Env) -> tuple[int, ...]:
            pool = sorted(set(region(s, e)))  # Ludii's region: in site order
            wanted = min(num(s, e), len(pool))
            key = frame_key(e)
            chosen: list[int] = []
            k = 0
            while len(chosen) < wanted:
                site = pool[draw(s, salt, key + k, len(pool))]
                k += 1
                if site not in chosen:
                    chosen.append(site)
            return tuple(sorted(chosen))
        return sites


class RandomMoves(_Random):
    """Moves chosen at random: with probabilities, the moves of one of the generators, drawn
    with those weights; with ``num:``, that many moves drawn from the generator's (as Ludii,
    drawn one at a time, so one may come twice).

    Parameters:
        probas: the weight of each generator
        moves: the generators (or the one generator drawn from with ``num:``)
        num: how many moves are drawn

    Examples:
        (random {0.01 0.99} {(forEach Piece) (move Pass)})
        (random (forEach Piece) num:2)
    """

    name = "random"
    kind = MOVES
    concepts = ("Stochastic",)
    probas: Any = Param(ArrayOf(FLOAT_LIT, single=False), optional=True, range=ANY_INT)
    moves: Any = Param(ArrayOf(MOVES_T))
    num: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)

    def validate(self) -> None:
        items = self.moves.items if isinstance(self.moves, BoundArray) else [self.moves]
        if (self.probas is None) == (self.num is None):
            raise BindError("random takes weights and generators ({0.2 0.8} {...}), or one generator and num:",
                            self.span)
        if self.num is not None and len(items) != 1:
            raise BindError("random with num: draws from one generator", self.moves.span)

    def compile(self, c: Compiler) -> MoveGen:
        items = self.moves.items if isinstance(self.moves, BoundArray) else [self.moves]
        gens = [c.moves(item) for item in items]
        salt = salt_of(self)
        if self.num is not None:
            num = c.int(self.num)
            inner = gens[0]

            def some(s: State, e: Env) -> list[Move]:
                found = inner.moves(s, e)
                wanted = max(0, min(num(s, e), len(found)))
                key = frame_key(e)
                return [found[engine_dice.draw(s, salt, key + k, len(found))] for k in range(wanted)]
            return FnGen(some)
        weights = [float(p.value) for p in self.probas.items][:len(gens)]
        gens = gens[:len(weights)]
        total = sum(weights)

        def one(s: State, e: Env) -> list[Move]:
            if not gens or total <= 0:
                return []
            x = engine_dice.uniform(s, salt, frame_key(e))
            chosen = len(gens) - 1
            for i, w in enumerate(weights):
                x -= w / total
                if x <= 0:
                    chosen = i
                    break
            return list(gens[chosen].moves(s, e))
        return FnGen(one)


__all__ = ["ValueRandom", "SitesRandom", "RandomMoves", "salt_of", "frame_key", "range_fns"]
