"""Ludii's moves along the lines of the board from one site: ``push`` (a line of pieces
shifted one site), ``attract`` (the pieces of each line drawn to the site) and ``shoot``
(``move Shoot``: a piece placed on any site in sight, the arrows of Amazons)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import stacks
from ..engine.env import Env
from ..engine.move import ADD, Move
from ..engine.movegen import FnGen, MoveGen
from ..errors import BindError
from .base import DIRS, THEN, Instance, Ludeme, Param, kind_of
from .effects import _Effect
from .measures import check_site_type

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State

_FROM = Instance("from")
_THEN = kind_of(THEN)

# an action worked out before any is applied: (site, piece): piece 0 takes the piece off the site
Action = tuple[int, int]


def _origin(c: Compiler, ludeme: Ludeme, frm: Any) -> Any:
    """fn(s, e) -> the site a line rule starts from: its ``(from ...)``, else ``(last To)``."""
    if frm is None or frm.sites is None:
        return lambda s, e: s.last_to
    check_site_type(c, ludeme, frm.type)
    return c.site(frm.sites)


def _radials(c: Compiler, value: Any) -> Any:
    """fn(site) -> the lines (radials) leaving a site along the directions given (Adjacent when
    left out): a relation (Orthogonal...) gives one line per direction it has there."""
    keys = c.directions(value, "Adjacent")
    tables = [c.topo.radials_of(key) for key in keys]
    return lambda site: [r for t in tables for r in t[site] if r]


def _apply_actions(s: State, e: Env, actions: list[Action], then: Any) -> None:
    """Each action in turn, each followed by ``then`` (Ludii makes every action a move of its
    own, each carrying the consequences). A piece added to an occupied site leaves it as it is
    (Ludii's ActionAdd), except in a stacking game, where it goes on top."""
    stacking = s.game.stacking
    for site, what in actions:
        if not what:
            s.clear(site)
        elif stacking:
            stacks.push(s, site, stacks.new_entry(s, what))
        elif not s.what[site]:
            s.place(site, what)
        if then is not None:
            then(s, e)


class Push(_Effect):
    """Push the pieces in a line from a site one site further, along the first direction given
    (every line of it, for a relation such as Orthogonal): the piece on the site moves to the
    next, the piece there to the one after, up to the first empty site; with no empty site,
    the last piece of the line is pushed off the board. Every piece taken off and put down is
    one of Ludii's actions, each followed by ``then``.

    Parameters:
        frm: the site pushed from (``(last To)`` when left out)
        direction: the direction of the push (only the first one counts, as in Ludii)
        then: consequences, after each piece taken off or put down

    Examples:
        (push (from (last To)) E)
        (push Orthogonal)
    """

    name = "push"
    concepts = ("PushEffect",)
    frm: Any = Param(_FROM, optional=True, key="from")
    direction: Any = Param(DIRS)  # (Ludii's Push gives no concepts of its direction)
    then: Any = Param(_THEN, optional=True)

    def compile_effect(self, c: Compiler):
        origin = _origin(c, self, self.frm)
        keys = c.directions(self.direction, "Adjacent")
        if not keys and isinstance(self.direction, Ludeme):
            # a direction worked out in play ((directions Vertex from:A to:B)) and none here:
            # nothing is pushed
            return lambda s, e: None
        if not keys:
            raise BindError("push: this board has no such direction", self.direction.span)
        table = c.topo.radials_of(keys[0])
        then = self.then.compile_effect(c) if self.then is not None else None
        n = c.topo.n

        def run(s: State, e: Env) -> None:
            start = origin(s, e)
            if not 0 <= start < n:
                return
            actions: list[Action] = []
            what = s.what
            for radial in table[start]:
                carried = what[start]
                actions.append((start, 0))
                for site in radial:
                    here = what[site]
                    if here:
                        actions.append((site, 0))
                    actions.append((site, carried))
                    if not here:
                        break
                    carried = here
            _apply_actions(s, e, actions, then)
        return run


class Attract(_Effect):
    """Draw the pieces of every line leaving a site (along the direction given, Adjacent when
    left out) as close to it as they go: the pieces of a line, in order, on the sites nearest
    to it. Every piece taken off and put down is one of Ludii's actions, each followed by
    ``then``.

    Parameters:
        frm: the site pieces are drawn to (``(last To)`` when left out)
        directions: the lines followed (Adjacent when left out)
        then: consequences, after each piece taken off or put down

    Examples:
        (attract (from (last To)) Diagonal)
        (attract)
    """

    name = "attract"
    default_directions = "Adjacent"
    frm: Any = Param(_FROM, optional=True, key="from")
    directions: Any = Param(DIRS, optional=True)
    then: Any = Param(_THEN, optional=True)

    def compile_effect(self, c: Compiler):
        origin = _origin(c, self, self.frm)
        lines = _radials(c, self.directions)
        then = self.then.compile_effect(c) if self.then is not None else None
        n = c.topo.n

        def run(s: State, e: Env) -> None:
            start = origin(s, e)
            if not 0 <= start < n:
                return
            actions: list[Action] = []
            what = s.what
            for radial in lines(start):
                pieces = [what[site] for site in radial if what[site]]
                actions.extend((site, 0) for site in radial if what[site])
                actions.extend(zip(radial, pieces))
            _apply_actions(s, e, actions, then)
        return run


class Shoot(Ludeme):
    """Shoot a piece from a site (``(last To)`` by default) along the lines of the direction
    given (Adjacent when left out): one placement of the piece on each site in sight, going
    out along each line while the ``to`` condition holds (an empty site when left out), as the
    arrows of Amazons. The move's sites passed over are its ``between`` sites.

    Parameters:
        piece: the piece placed
        frm: the site shot from (``(last To)`` when left out)
        directions: the lines followed (Adjacent when left out)
        between: the sites passed over (Ludii reads no condition of them when it shoots)
        to: the condition of the sites the piece may land on (empty sites when left out)
        then: consequences of each placement

    Examples:
        (shoot (piece "Dot0"))
        (shoot (piece "Dot0") (from (last To)) Orthogonal (to if:(is Empty (to))))
    """

    name = "shoot"
    kind = "moves"
    default_directions = "Adjacent"
    piece: Any = Param(Instance("piece"))
    frm: Any = Param(_FROM, optional=True, key="from")
    directions: Any = Param(DIRS, optional=True)
    between: Any = Param(Instance("between"), optional=True)
    to: Any = Param(Instance("to"), optional=True)
    then: Any = Param(_THEN, optional=True)

    def concepts_at(self, where):
        return ("LineOfSight",) + (("ShootEffect", "AddEffect") if where.effect else ("ShootDecision", "AddDecision"))

    def compile(self, c: Compiler) -> MoveGen:
        game = c.game
        origin = _origin(c, self, self.frm)
        lines = _radials(c, self.directions)
        piece = self.piece.index_of(c)
        cond = c.bool(self.to.condition) if self.to is not None and self.to.condition is not None else None
        rules = c.rule(after=self.then.compile_effect(c) if self.then is not None else None)
        n = c.topo.n
        uid = game.uid

        def gen(s: State, e: Env) -> list[Move]:
            start = origin(s, e)
            if not 0 <= start < n:
                return []
            what = piece(s, e)
            if what <= 0:
                return []
            tag = game.piece_tag(what)
            out: list[Move] = []
            frame = e.child()
            for radial in lines(start):
                passed: list[int] = []
                for site in radial:
                    frame.to = site
                    if not (cond(s, frame) if cond is not None else not s.what[site]):
                        break
                    out.append(Move(ADD, frm=site, to=site, what=what, prefix=tag, game_id=uid, rules=rules,
                                    between=tuple(passed)))
                    passed.append(site)
            return out
        return FnGen(gen)


class MoveShoot(Shoot):
    """Shoot, as a decision: the player chooses where the piece lands (see ``shoot``).

    Examples:
        (move Shoot (piece "Dot0"))
    """

    name = "move Shoot"


__all__ = ["Attract", "MoveShoot", "Push", "Shoot"]
