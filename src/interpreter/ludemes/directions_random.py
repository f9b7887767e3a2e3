"""Directions drawn at random (Ludii's ``(directions Random <direction> num:<int>)``, a
``Directions`` built with ``randomDirections``).

As Ludii's: the directions given are read on the site the rule looks from (``(from)``), the
last first, a relation (``Adjacent``, ``Orthogonal``, ``Diagonal``, ``OffDiagonal``, ``All``)
standing for that site's own directions of it (those not given by name), a compass direction
for itself; then ``num:`` distinct ones of them are drawn (all of them when there are fewer).
The draws come from the state's random sequence (:mod:`interpreter.engine.dice`), so the moves
listed and the move played draw alike. A rule reading them is compiled once per set of
directions that may be drawn, the one used chosen when it runs.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..engine import dice as engine_dice
from ..errors import BindError
from ..syntax.nodes import Const
from .base import DIRECTIONS, DIRS, INT_FN, DirectionsByCondition, Ludeme, Param
from .chance import frame_key, salt_of
from .rotations import RELATIONS, supported

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.game import Declarations
    from ..engine.state import State

MOST_SETS = 512  # the sets of directions a rule is compiled for, at most


class _RandomChoice:
    """The sets of directions that may be drawn, and the draw choosing one in play."""

    def __init__(self, sets: list[tuple[str, ...]], which: Any):
        self.sets = sets
        self.which = which
        self.forced: Any = None

    def branches(self, c: Compiler):
        return len(self.sets), self.which

    def directions(self) -> tuple[str, ...]:
        if self.forced is None:
            raise DirectionsByCondition(self)
        return self.sets[self.forced]


class DirectionsRandom(Ludeme):
    """``num:`` directions drawn at random out of those given, read on the site looked from.

    Parameters:
        directions: the directions drawn from (a direction, a relation, or ``(directions ...)``)
        num: how many are drawn

    Examples:
        (directions Random Orthogonal num:1)
        (directions Random (directions {N E S}) num:2)
    """

    name = "directions Random"
    kind = DIRECTIONS
    concepts = ("Stochastic",)
    directions: Any = Param(DIRS)
    num: Any = Param(INT_FN, named=True, range=(0, 64))

    def declare(self, d: Declarations, c: Any) -> None:
        engine_dice.declare_random(d)

    def _names(self) -> list[str]:
        from ..engine.facing import RELATIVE
        value = self.directions
        names = [value.name] if isinstance(value, Const) else list(value.named()) if hasattr(value, "named") else None
        if names is None:
            raise BindError("directions Random draws from directions given by name", value.span)
        relative = [n for n in names if n in RELATIVE]
        if relative:
            raise BindError(f"directions Random: relative directions ({relative[0]}) are not supported yet",
                            value.span)
        return names

    def static_directions(self, c: Compiler) -> tuple[str, ...]:
        node = self.__dict__.get("_node")
        if node is None:
            node = self._node = self._choice(c)
        return node.directions()

    def _choice(self, c: Compiler) -> _RandomChoice:
        names = self._names()
        try:
            num = c.static_int(self.num)
        except (BindError, AttributeError, TypeError):
            raise BindError("directions Random: num: must be known before play", self.num.span) from None
        topo = c.topo
        named = set(names)
        per_site: list[tuple[str, ...]] = []
        for x in range(topo.n):
            found: list[str] = []
            for name in reversed(names):  # Ludii reads them from the last
                if name in RELATIONS:
                    found += [d for d in supported(topo, name) if topo.step[d][x] >= 0 and d not in named]
                else:
                    found += topo.keys([name])
            per_site.append(tuple(found))
        sets: dict[tuple[str, ...], int] = {}
        for candidates in dict.fromkeys(per_site):
            want = min(num, len(candidates))
            for combo in combinations(sorted(set(candidates)), want):
                sets.setdefault(combo, len(sets))
                if len(sets) > MOST_SETS:
                    raise BindError(f"directions Random: more than {MOST_SETS} sets of directions may be drawn",
                                    self.span)
        salt = salt_of(self)
        draw = engine_dice.draw
        n = topo.n

        def which(s: State, e: Env) -> int:
            x = e.frm
            found = per_site[x] if 0 <= x < n else ()
            want = min(num, len(found))
            key = frame_key(e)
            chosen: list[str] = []
            k = 0
            while len(chosen) < want:
                d = found[draw(s, salt, key + k, len(found))]
                k += 1
                if d not in chosen:
                    chosen.append(d)
            return sets[tuple(sorted(chosen))]
        return _RandomChoice(list(sets), which)


__all__ = ["DirectionsRandom"]
