"""Regions computed during play (Ludii's ``game.functions.region.sites`` forms that read the
position or the moves): the sites between two others along a line, the sites passed over by a
set of moves, the playable sites around the pieces."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..syntax.nodes import Const
from .base import BOOL_FN, DIRS, MOVES_T, REGION, ROLE, SITE_FN, STR_LIT, Either, Instance, Ludeme, Param, PType
from .sitetypes import site_type_param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State


PLAYER_CALL = Instance("player")
"""A ``(player N)`` ludeme, for Ludii's ``[<player> | <roleType>]`` pairs."""
ROLE_OR_PLAYER = (ROLE, PLAYER_CALL)


@dataclass(frozen=True)
class _Walks(PType):
    """Turtle walks, as :class:`.movement.Walk` reads them (looked up when used: the movement
    module comes after the regions)."""

    label: str = "{{F|L|R ...} ...}"

    def accepts(self, value: Any) -> bool:
        from .movement import Walk
        return Walk().accepts(value)


WALKS = _Walks()


class SitesBetween(Ludeme):
    """The sites between two sites on one line (Ludii's ``SitesBetween``): along the first
    radial from ``from`` (along each direction in turn) that reaches ``to``, the sites before it,
    those where ``cond`` holds with the site bound as ``(between)`` (and ``(from)``, ``(to)`` as
    the two ends). The ends themselves are added when ``fromIncluded:`` / ``toIncluded:`` hold
    (False by default). None when either end is off the board, or when no such line joins them.

    Parameters:
        directions: the directions of the lines (``Adjacent`` when left out)
        type: the kind of site (the board's own kind when left out)
        frm: one end
        fromIncluded: whether that end is part of the region
        to: the other end
        toIncluded: whether that end is part of the region
        cond: the condition a site between must meet

    Examples:
        (sites Between from:(last From) to:(last To))
        (sites Between Orthogonal from:(from) to:(to) toIncluded:True)
        (sites Between from:(from) to:(to) cond:(is Empty (between)))
    """

    name = "sites Between"
    kind = REGION
    checks_site_type = True  # the board's own kind of site only (see .sitetypes)
    directions: Any = Param(DIRS, optional=True)
    type: Any = site_type_param()
    frm: Any = Param(SITE_FN, named=True, key="from")
    fromIncluded: Any = Param(BOOL_FN, named=True, optional=True)
    to: Any = Param(SITE_FN, named=True)
    toIncluded: Any = Param(BOOL_FN, named=True, optional=True)
    cond: Any = Param(BOOL_FN, named=True, optional=True)

    def compile(self, c: Compiler):
        frm, to = c.site(self.frm), c.site(self.to)
        with_from = c.bool(self.fromIncluded) if self.fromIncluded is not None else None
        with_to = c.bool(self.toIncluded) if self.toIncluded is not None else None
        cond = c.bool(self.cond) if self.cond is not None else None
        rays_at = c.topo.rays_for(c.directions(self.directions, "Adjacent"))
        n = c.topo.n

        def between(s: State, e: Env) -> list[int]:
            a = frm(s, e)
            if a < 0:
                return []
            b = to(s, e)
            if b < 0 or a >= n or b >= n:
                return []
            frame = e.child()
            frame.frm, frame.to = a, b
            found: set[int] = set()
            if with_from is not None and with_from(s, frame):
                found.add(a)
            if with_to is not None and with_to(s, frame):
                found.add(b)
            for ray in rays_at[a]:
                if b not in ray:
                    continue
                for x in reversed(ray[:ray.index(b)]):
                    frame.between = x
                    if cond is None or cond(s, frame):
                        found.add(x)
                break
            return sorted(found)
        return between


class SitesBetweenOfMoves(Ludeme):
    """The sites the moves pass over (Ludii's ``(sites Between <moves>)``: each move's between
    sites, e.g. the pieces a hop jumps), each once, in increasing order.

    Parameters:
        moves: the moves looked at (nothing is played)

    Examples:
        (sites Between (forEach Piece))
    """

    name = "sites Between"
    overload = True
    kind = REGION
    moves: Any = Param(MOVES_T)

    def compile(self, c: Compiler):
        gen = c.moves(self.moves)

        def region(s: State, e: Env) -> list[int]:
            return sorted({x for m in gen.moves(s, e) for x in m.between if x >= 0})
        return region


class SitesPlayable(Ludeme):
    """The sites where a piece may be played to keep the pieces together (Ludii's
    ``SitesPlayable``): on a board of fixed size, before the first move, the centre of the
    board; afterwards, the empty sites next to (``Adjacent``) an occupied site. On a boardless
    table, Ludii's playable cells: the centre until a piece is on the table, then the empty
    cells next to a piece (pieces placed by the start rules count: Andantino's two first tiles
    leave their eight neighbours playable). The site type is accepted and unused, as in Ludii.

    Parameters:
        type: unused (Ludii's signature)

    Examples:
        (sites Playable)
    """

    name = "sites Playable"
    kind = REGION
    type: Any = site_type_param()

    def compile(self, c: Compiler):
        from ..errors import BindError
        if c.topo.use != "Cell":  # Ludii reads the cells' pieces, whatever the board is played on
            raise BindError(f"({self.name}) is supported on a board played on its cells", self.span)
        from .large_dominoes import PLAYABLE
        centre = tuple(c.topo.regions.get("Centre", ()))
        nbrs = c.topo.neighbours["Adjacent"]
        boardless = PLAYABLE in c.game.arrays  # Ludii keeps the playable cells as pieces come and go

        def playable(s: State, e: Env) -> Any:
            what = s.what
            if (not any(what)) if boardless else s.ply == 0:
                return centre
            return sorted({t for x, w in enumerate(what) if w for t in nbrs[x] if not what[t]})
        return playable


__all__ = ["PLAYER_CALL", "ROLE_OR_PLAYER", "WALKS", "SitesBetween", "SitesBetweenOfMoves", "SitesPlayable", "SitesLineOfPlay", "SitesWinning", "SitesCrossing"]


class SitesLineOfPlay(SitesPlayable):
    """The line of play of a dominoes game (Ludii's ``SitesLineOfPlay``): on a board of fixed
    size, what ``(sites Playable)`` gives: the centre before the first move, then the empty
    sites next to an occupied one. The site type is accepted and unused, as in Ludii.

    Parameters:
        type: unused (Ludii's signature)

    Examples:
        (sites LineOfPlay)
    """

    name = "sites LineOfPlay"

    def compile(self, c: Compiler):
        from .large_dominoes import PLAYABLE
        if PLAYABLE not in c.game.arrays:
            return super().compile(c)

        def playable(s: State, e: Env) -> list[int]:  # a boardless table: its playable cells (Ludii's)
            return [x for x, k in enumerate(s.arrays[PLAYABLE]) if k]
        return playable


class SitesWinning(Ludeme):
    """The sites where a player would win with one of the moves given (Ludii's
    ``SitesWinning``): the moves are those of that player now (their own, as if it were their
    turn, for another player than the mover); each is tried with all that follows it (its
    consequences, the end of the turn, the end rules) and taken back; the site it goes to is
    kept when the player is then among the winners. None when no player is given, and none
    when reached again while its own moves are tried (an end rule reading it: Ludii would try
    again, level after level, without end on a large board). Ludii's
    signature also takes a site type and a name, which its ``SitesWinning`` does not read:
    accepted and unused here too.

    Parameters:
        type: unused (Ludii's signature)
        player: whose win is looked for (a role or ``(player N)``)
        moves: the moves tried
        named: unused (Ludii's signature)

    Examples:
        (sites Winning Next (move Add (to (sites Empty))))
    """

    name = "sites Winning"
    kind = REGION
    concepts = ("CopyContext",)
    type: Any = site_type_param()
    player: Any = Param(Either(ROLE_OR_PLAYER), optional=True)
    moves: Any = Param(MOVES_T, optional=True)
    named: Any = Param(STR_LIT, optional=True)

    def validate(self) -> None:
        from ..errors import BindError
        if self.moves is None:  # Ludii's signature lets them out, and Ludii then fails on it
            raise BindError("(sites Winning ...) needs the moves to try: (sites Winning Next (move Add (to "
                            "(sites Empty))))", self.span)

    def compile(self, c: Compiler):
        from ..engine import turns
        if self.player is None:
            return lambda s, e: ()
        gen = c.moves(self.moves)
        who = c.player(self.player)
        trying = [False]  # moves of this region are being tried (see below)

        def winning(s: State, e: Env) -> list[int]:
            if trying[0]:  # reached again from the rules run by a move tried (an end rule that
                return []  # reads it): Ludii would try again, level after level; nothing here
            p = who(s, e)
            found: list[int] = []
            outer = s.mark()
            trying[0] = True
            try:
                if p != s.mover:  # Ludii: the moves of that player, as if it were their turn
                    s.set_var("mover", p)
                tried = s.mark()
                for m in gen.moves(s, e):
                    if m.to < 0 or m.to in found:
                        continue
                    turns.turn(s, m)
                    if p in s.winners:
                        found.append(m.to)
                    s.rollback(tried)
            finally:
                trying[0] = False
                s.rollback(outer)
            return sorted(found)
        return winning


class SitesCrossing(Ludeme):
    """The edges that cross an edge (Ludii's ``SitesCrossing``, on a board played on its
    edges): the other edges of a player (``All`` or ``Shared``: any occupied edge; ``Neutral``:
    the edges nobody owns) whose segment meets the edge's strictly inside both (between 1% and
    99% of each), parallel edges never crossing.

    Parameters:
        at: the edge
        player: whose edges are looked at (a role or ``(player N)``)

    Examples:
        (sites Crossing at:(last To) All)
        (sites Crossing at:(to) Next)
    """

    name = "sites Crossing"
    kind = REGION
    at: Any = Param(SITE_FN, named=True)
    player: Any = Param(Either(ROLE_OR_PLAYER), optional=True)

    def validate(self) -> None:
        from ..errors import BindError
        if self.player is None:  # Ludii's signature lets it out, and Ludii then fails on it
            raise BindError("(sites Crossing at:...) needs whose edges: (sites Crossing at:(last To) All)", self.span)

    def compile(self, c: Compiler):
        from ..errors import BindError
        if c.topo.use != "Edge" or c.topo.elements is None:
            raise BindError("(sites Crossing ...) reads edges: the board must be played on its edges",
                            self.span, hint="(board ... use:Edge)")
        els = c.topo.elements
        segments = [(els.vertices[a], els.vertices[b]) for a, b in els.edges]
        crossing = [[k for k, other in enumerate(segments) if k != j and _crossing(seg, other)]
                    for j, seg in enumerate(segments)]
        at = c.site(self.at)
        name = self.player.name if isinstance(self.player, Const) else None
        who = None if name in ("All", "Shared", "Neutral") else c.player(self.player)
        n = c.topo.n

        def crossed(s: State, e: Env) -> list[int]:
            x = at(s, e)
            if not 0 <= x < n:
                return []
            if name in ("All", "Shared"):
                return [k for k in crossing[x] if s.what[k]]
            p = 0 if who is None else who(s, e)
            return [k for k in crossing[x] if s.who[k] == p]
        return crossed


def _crossing(a: tuple[tuple[float, float], tuple[float, float]],
              b: tuple[tuple[float, float], tuple[float, float]]) -> bool:
    """Ludii's ``MathRoutines.isCrossing``: the segments meet strictly inside both (parameters
    between 0.01 and 0.99 along each); parallel ones never do."""
    (a0x, a0y), (a1x, a1y) = a
    (b0x, b0y), (b1x, b1y) = b
    xlk, ylk = a1x - a0x, a1y - a0y
    xnm, ynm = b1x - b0x, b1y - b0y
    xmk, ymk = b0x - a0x, b0y - a0y
    det = xnm * ylk - ynm * xlk
    if abs(det) < 1e-7:
        return False
    s = (xnm * ymk - ynm * xmk) / det
    t = (xlk * ymk - ylk * xmk) / det
    return 0.01 < s < 0.99 and 0.01 < t < 0.99
