"""Taking control of another player's pieces (Ludii's ``take Control``): each piece of one
player becomes the same kind of piece of another (e.g. the pieces of a player eliminated in a
game of four go to the player who took their commander).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import handsites
from ..engine.env import Env
from ..syntax.nodes import Const
from .base import MOVES, PLAYER, REGION_FN, SITE_FN, THEN, Ludeme, Param, kind_of
from .measures import SITE_TYPE, check_site_type

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State


def _plain_name(name: str) -> str:
    """A piece's name without its player's number (Ludii's ``getNameWithoutNumber``)."""
    return name.rstrip("0123456789")


class TakeControl(Ludeme):
    """Effect: the pieces of the player ``of:`` (every player's, with ``All``), on the site
    ``at:`` or in the region ``to:`` (everywhere when left out), become pieces of the player
    ``by:`` of the same name (the first such kind of piece), keeping their count, state and
    value; a piece whose kind ``by:`` has no counterpart of stays as it is.

    Parameters:
        of: the player whose pieces are taken
        by: the player taking them
        at: the site where they are taken
        to: the region where they are taken
        type: the kind of site (the board's own when left out)
        then: consequences applied after it

    Examples:
        (take Control of:P2 by:Mover)
        (take Control of:(next) by:(mover) to:(sites Board))
    """

    name = "take Control"
    kind = MOVES
    concepts = ("TakeControl",)
    of: Any = Param(PLAYER, named=True)
    by: Any = Param(PLAYER, named=True)
    at: Any = Param(SITE_FN, optional=True, named=True)
    to: Any = Param(REGION_FN, optional=True, named=True)
    type: Any = Param(SITE_TYPE, optional=True)
    then: Any = Param(kind_of(THEN), optional=True)

    def validate(self) -> None:
        from ..errors import BindError
        if self.at is not None and self.to is not None:
            raise BindError("take Control takes at: or to:, not both", self.to.span)

    def where_for(self, param, where):
        return where.as_effect()

    def compile(self, c: Compiler):
        from ..errors import BindError
        raise BindError("(take Control ...) is an effect: use it in (then ...), not as a move", self.span)

    def _moves(self, c: Compiler) -> Any:
        """moves(state, env) -> Ludii's moves of the effect, worked out in that position: per
        site of a piece of ``of:`` (in ``at:``/``to:``), the kind it becomes (a piece already of
        ``by:`` too: Ludii makes its move, which changes nothing); none for a kind ``by:`` has
        no counterpart of."""
        check_site_type(c, self, self.type)
        game = c.game
        every = isinstance(self.of, Const) and self.of.name == "All"
        owner = None if every else c.player(self.of)
        new_owner = c.player(self.by)
        if self.at is not None:
            one = c.site(self.at)
            region: Any = lambda s, e: (x,) if (x := one(s, e)) >= 0 else ()  # noqa: E731
        else:
            region = c.region(self.to) if self.to is not None else None
        counterpart = self._counterparts(c)

        def moves(s: State, e: Env) -> list[tuple[int, int]]:
            who = owner(s, e) if owner is not None else None
            by = new_owner(s, e)
            total = len(s.what) + len(s.arrays.get("hand_sites", ()))
            sites = sorted(set(region(s, e))) if region is not None else range(total)
            out = []
            for site in sites:
                what = handsites.what_at(s, site) if 0 <= site < total else 0
                if not what or (who is not None and game.owner_of[what] != who):
                    continue
                new = counterpart.get(what, {}).get(by)
                if new is not None:
                    out.append((site, new))
            return out
        return moves

    @staticmethod
    def _counterparts(c: Compiler) -> dict[int, dict[int, int]]:
        """Kind of piece -> (player -> the first kind of the same name that player owns)."""
        comps = c.game.components
        counterpart: dict[int, dict[int, int]] = {}
        for comp in comps[1:]:
            for other in comps[1:]:
                if _plain_name(other.name) == _plain_name(comp.name):
                    counterpart.setdefault(comp.index, {}).setdefault(other.owner, other.index)
        return counterpart

    @staticmethod
    def _take(s: State, site: int, new: int, piece_arrays: Any) -> None:
        """The piece on ``site`` becomes ``new``, keeping its count, state and value."""
        if new == handsites.what_at(s, site):
            return
        if site < len(s.what):
            kept = [(name, s.arrays[name][site]) for name in piece_arrays]
            s.place(site, new)
            for name, value in kept:  # the count, state and value stay
                if value:
                    s.set_item(s.arrays[name], site, value)
        else:
            handsites.put(s, site, new)

    def compile_effect(self, c: Compiler):
        """As Ludii's effect: every move of it applied, each followed by the ``then``."""
        moves = self._moves(c)
        then = self.then.compile_effect(c) if self.then is not None else None
        piece_arrays, take = c.game.piece_arrays, self._take

        def run(s: State, e: Env) -> None:
            for site, new in moves(s, e):
                take(s, site, new, piece_arrays)
                if then is not None:
                    then(s, e)
        return run

    def move_parts(self, c: Compiler):
        """Where a player chooses: as Ludii's eval, one move per piece whose owner changes,
        at its site (:class:`~interpreter.compile.effect_moves.PartMoves`)."""
        moves = self._moves(c)
        then = self.then.compile_effect(c) if self.then is not None else None
        piece_arrays, take, counterpart, new_owner = c.game.piece_arrays, self._take, self._counterparts(c), \
            c.player(self.by)

        def at_to(s: State, e: Env) -> None:  # the piece on the move's site, as when it was listed
            new = counterpart.get(handsites.what_at(s, e.to), {}).get(new_owner(s, e))
            if new is not None:
                take(s, e.to, new, piece_arrays)
        rules = c.rule(before=at_to, after=then)
        return lambda s, e: [(site, rules) for site, _ in moves(s, e)]


__all__ = ["TakeControl"]
