"""Ludii's ``flip`` (turn a piece over: its state becomes the other of its two ``flips``
states; a stack is turned over as a whole) and the ``(flips A B)`` a piece declares."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import stacks
from ..engine.env import Env
from ..errors import BindError
from .base import INT_FN, INT_LIT, MISC, SITE_NUMBER, THEN, Ludeme, Param, kind_of
from .effects import _Effect
from .measures import check_site_type
from .sitetypes import site_type_param
from .variables import PIECE_STATES, piece_states

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State


class Flips(Ludeme):
    """The two states of a piece that ``flip`` turns into each other (a piece's two sides), in
    the piece's declaration: ``(piece "Disc" Each (flips 1 2))``.

    Parameters:
        a: one state
        b: the other state

    Examples:
        (flips 1 2)
    """

    name = "flips"
    kind = MISC
    a: Any = Param(INT_LIT, range=(0, 1 << 30))
    b: Any = Param(INT_LIT, range=(0, 1 << 30))

    def states(self) -> tuple[int, int]:
        return self.a.value, self.b.value


def flipped(flips: tuple[int, int] | None, state: int) -> int:
    """The other side of a piece in ``state`` (Ludii's Flips.flipState): unchanged when the
    state is neither of the two."""
    if flips is None:
        return state
    a, b = flips
    return b if state == a else a if state == b else state


class Flip(_Effect):
    """Turn the piece of a site over: its state becomes the other of the two its piece declares
    (``(flips 1 2)``; nothing for a piece without flips, or an empty site). A stack is turned
    over as a whole: its pieces in the reverse order, each turned over.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        site: the site (``(to)`` when left out)
        then: consequences of the flip

    Examples:
        (flip)
        (flip (last To))
    """

    name = "flip"
    concepts = ("Flip",)
    type: Any = site_type_param()
    site: Any = Param(INT_FN, optional=True, range=SITE_NUMBER)
    then: Any = Param(kind_of(THEN), optional=True)

    def declare(self, d: Declarations, c: Any) -> None:
        piece_states(d)

    def compile_effect(self, c: Compiler):
        check_site_type(c, self, self.type)
        game = c.game
        if not any(comp.flips is not None for comp in game.components):
            raise BindError("(flip ...) but no piece declares its flips", self.span,
                            hint='(piece "Disc" Each (flips 1 2))')
        at = c.site(self.site) if self.site is not None else (lambda s, e: e.to)
        flips = [comp.flips for comp in game.components]
        then = self.then.compile_effect(c) if self.then is not None else None
        n = c.topo.n
        stacking = game.stacking
        index = game.piece_arrays.index(PIECE_STATES) + 1 if PIECE_STATES in game.piece_arrays else 0

        def run(s: State, e: Env) -> None:
            site = at(s, e)
            if not 0 <= site < n or not s.what[site]:
                return
            if stacking and stacks.below(s, site):
                levels = [stacks.pop(s, site) for _ in range(stacks.size(s, site))]  # top first
                for level in levels:  # the top piece goes at the bottom
                    if level is None:
                        continue
                    if index:
                        level = level[:index] + (flipped(flips[level[0]], level[index]),) + level[index + 1:]
                    stacks.push(s, site, level)
            else:
                kinds = flips[s.what[site]]
                if kinds is None:
                    return
                states = s.arrays[PIECE_STATES]
                new = flipped(kinds, states[site])
                if new != states[site]:
                    s.set_item(states, site, new)
            if then is not None:
                then(s, e)
        return run


__all__ = ["Flip", "Flips", "flipped"]
