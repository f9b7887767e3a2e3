"""Ludii's boards of layers and their rules: the board operators ``layers`` (a board stacked
N times) and ``recoordinate``; the meta rules ``gravity`` (pieces drop onto empty sites below them), ``pin`` (a piece held by more than
one piece above it stays) and ``noStackOn`` (no moving a piece onto a site above where it
was), and ``count SitesPlatformBelow`` (the sites under a site that a player holds).

"Below" and "above" are the board's ``Downward`` and ``Upward`` steps (see
:mod:`..engine.boards.trajectories`): on a pyramid, the four sites a site rests on, and the
ones resting on it. On a board of one layer there are none, so these rules change nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine import turns
from ..engine.boards.graph import BoardGraph
from ..engine.boards.layers import layers as stack_layers
from ..engine.env import Env
from ..engine.move import MOVE, REMOVE, Move
from .base import (
    BOARD_SIZE,
    BOOL,
    INT,
    INT_FN,
    META_RULE,
    PIECE_NUMBER,
    PLAYER,
    REGION,
    REGION_FN,
    SITE_FN,
    ArrayOf,
    Enum,
    Ludeme,
    Param,
)
from .boards import SHAPE, StaticInt, _Shape
from .sitetypes import site_type_param

if TYPE_CHECKING:
    from ..compile import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State
    from ..engine.topology import Topology

_NO_STEPS: tuple[tuple[int, ...], ...] = ()


def _steps(topo: Topology, key: str) -> tuple[tuple[int, ...], ...]:
    """Per site, its steps along ``Upward`` or ``Downward`` (none on a flat board)."""
    if key in topo.step:
        return tuple(topo.steps_of(key))
    return ((),) * topo.n


class Layers(_Shape):
    """A board stacked in layers (Ludii's ``layers``, for 3D games): N copies of the board,
    copy k one unit above copy 0, each point joined to the one right under it (the steps
    ``U`` and ``D``; ``Upward`` and ``Downward`` gather them). Sites are numbered from the
    bottom row up as usual, the copies of one point one after the other, and labelled with
    their layer (``A1/0``, ``A1/1``...).

    Parameters:
        layers: the number of layers
        board: the board stacked

    Examples:
        (layers 3 (square 3))
    """

    name = "layers"
    layers: Any = Param(INT_FN, range=BOARD_SIZE)
    board: Any = Param(SHAPE)
    passes_shape = ("board",)  # Ludii's Layers has its board's concepts

    def graph(self, use: str, static_int: StaticInt) -> BoardGraph:
        return stack_layers(self.board.graph(use, static_int), static_int(self.layers))


class Recoordinate(_Shape):
    """A board whose coordinate labels are made again (Ludii's ``recoordinate``, after
    ``merge`` for instance): labels are always measured from the final board here, as Ludii
    does too (its operator changes nothing), so the board is unchanged; the kinds of sites
    named are accepted as Ludii's are.

    Parameters:
        type1: a kind of site relabelled (every kind when none is given)
        type2: another kind relabelled
        type3: a third kind relabelled
        board: the board

    Examples:
        (recoordinate (merge (rectangle 2 5) (square 5)))
        (recoordinate Vertex (merge (rectangle 2 5) (square 5)))
    """

    name = "recoordinate"
    type1: Any = Param(Enum(("Vertex", "Edge", "Cell")), optional=True)
    type2: Any = Param(Enum(("Vertex", "Edge", "Cell")), optional=True)
    type3: Any = Param(Enum(("Vertex", "Edge", "Cell")), optional=True)
    board: Any = Param(SHAPE)
    passes_shape = ("board",)  # Ludii's Recoordinate has its board's concepts

    def graph(self, use: str, static_int: StaticInt) -> BoardGraph:
        return self.board.graph(use, static_int)


class Gravity(Ludeme):
    """Meta rule: after each move (its consequences included), pieces with an empty site below
    them drop (Ludii's ``PyramidalDrop``, the only kind): the first site holding a piece (in
    site order) that has an empty site among its ``Downward`` steps moves there (the first
    empty one, clockwise from north), and the search starts again, until no piece can drop.

    Parameters:
        type: the kind of gravity (``PyramidalDrop``, the default)

    Examples:
        (gravity)
        (gravity PyramidalDrop)
    """

    name = "gravity"
    kind = META_RULE
    concepts = ("CopyContext",)
    type: Any = Param(Enum(("PyramidalDrop",), "PyramidalDrop"), optional=True)

    def declare(self, d: Declarations, c: Any) -> None:
        holder = self

        def dropping(s: State, moves: list[Move]) -> list[Move]:
            extra = holder.extra  # the consequence registered by configure
            return [m.with_rules(m.rules + extra) for m in moves] if extra else moves
        self.extra: tuple[int, ...] = ()
        d.move_filters.append(dropping)

    def configure(self, c: Compiler) -> None:
        """The consequence every legal move gets: the drops after it."""
        below = _steps(c.topo, "Downward")
        n = c.topo.n
        uid = c.game.uid

        def drop(s: State, e: Env) -> None:
            while True:
                moved = False
                for site in range(n):
                    if s.what[site] == 0:
                        continue
                    to = next((b for b in below[site] if s.what[b] == 0), -1)
                    if to >= 0:
                        turns.act(s, Move(MOVE, site, to, game_id=uid), as_last=False, outer=e)
                        moved = True
                        break
                if not moved:
                    return
        if any(below):
            self.extra = c.rule(after=drop)


class Pin(Ludeme):
    """Meta rule: a piece held in place by more than one piece above it (``SupportMultiple``,
    the only kind: two or more of its ``Upward`` sites occupied) cannot be removed or moved away
    (Ludii's ``pin``: legal removals and moves from such a site are dropped).

    Parameters:
        type: the kind of pin (``SupportMultiple``)

    Examples:
        (pin SupportMultiple)
    """

    name = "pin"
    kind = META_RULE
    type: Any = Param(Enum(("SupportMultiple",), "SupportMultiple"))

    def declare(self, d: Declarations, c: Any) -> None:
        above = _steps(c.topo, "Upward")
        n = c.topo.n

        def pinned(s: State, site: int) -> bool:
            return (0 <= site < n and s.what[site] != 0
                    and sum(1 for a in above[site] if s.what[a] != 0) > 1)

        def unpinned(s: State, moves: list[Move]) -> list[Move]:
            return [m for m in moves if not pinned(s, _vacated(m))]
        if any(above):
            d.move_filters.append(unpinned)

    def configure(self, c: Compiler) -> None:
        """Nothing to compile: the rule is an engine hook (:meth:`declare`)."""


def _vacated(m: Move) -> int:
    """The board site a move takes a piece from (a removal's site, a move's origin), or -1."""
    if m.kind is REMOVE:
        return m.to
    if m.kind is MOVE:
        return m.frm
    return -1


class NoStackOn(Ludeme):
    """Meta rule: a piece may not be moved onto a site above where it stands (``Fallen``, the
    only kind: Ludii's ``noStackOn`` drops a move whose destination lies on one of the lines
    rising from its origin along ``Upward`` steps). A move into a hand is not concerned.

    Parameters:
        type: the kind of rule (``Fallen``)

    Examples:
        (noStackOn Fallen)
    """

    name = "noStackOn"
    kind = META_RULE
    type: Any = Param(Enum(("Fallen",), "Fallen"))

    def declare(self, d: Declarations, c: Any) -> None:
        topo = c.topo
        n = topo.n
        if "Upward" not in topo.step:
            return
        rising = [frozenset(x for ray in topo.radials_of("Upward")[s] for x in ray) for s in range(n)]

        def allowed(s: State, m: Move) -> bool:
            if m.kind is not MOVE or not (0 <= m.frm < n and 0 <= m.to < n) or s.what[m.frm] == 0:
                return True
            return m.to not in rising[m.frm]

        def grounded(s: State, moves: list[Move]) -> list[Move]:
            return [m for m in moves if allowed(s, m)]
        d.move_filters.append(grounded)

    def configure(self, c: Compiler) -> None:
        """Nothing to compile: the rule is an engine hook (:meth:`declare`)."""


class CountSitesPlatformBelow(Ludeme):
    """The number of sites under a site (its ``Downward`` steps: on a pyramid, the four it
    rests on) that hold a piece of a player (``who:``; ``Neutral``, whose number is 0, also
    counts the empty ones, as in Ludii; Ludii's older form names the player as a plain role
    after the site), or a piece of one of the kinds ``what:``/``whats:`` name; 0 for a site of the bottom layer (and on a flat board), -1 for a site off the board.

    Parameters:
        type: the kind of site (the board's own: its vertices)
        site: the site (``(to)`` when left out)
        role: the player whose pieces are counted (Ludii's older form of ``who:``)
        who: the player whose pieces are counted
        what: the kind of piece counted
        whats: the kinds of piece counted

    Examples:
        (count SitesPlatformBelow who:Mover)
        (count SitesPlatformBelow (last To) who:P1)
        (count SitesPlatformBelow whats:{1 2})
        (count SitesPlatformBelow (last To) Mover)
    """

    name = "count SitesPlatformBelow"
    kind = INT
    type: Any = site_type_param()
    site: Any = Param(SITE_FN, optional=True)
    role: Any = Param(PLAYER, optional=True)
    who: Any = Param(PLAYER, optional=True, named=True)
    what: Any = Param(INT_FN, optional=True, named=True, range=PIECE_NUMBER)
    whats: Any = Param(ArrayOf(INT_FN), optional=True, named=True, range=PIECE_NUMBER)

    def validate(self) -> None:
        from ..errors import BindError
        given = [p for p in (self.role, self.who, self.what, self.whats) if p is not None]
        if len(given) != 1:
            raise BindError("count SitesPlatformBelow: give one of a role, who:, what: and whats:",
                            given[1].span if given else self.span)

    def compile(self, c: Compiler):
        site = c.site(self.site) if self.site is not None else (lambda s, e: e.to)
        below = _steps(c.topo, "Downward")
        n = c.topo.n
        layers = c.topo.layers or (0,) * n
        if self.who is not None or self.role is not None:
            who = c.player(self.who if self.who is not None else self.role)

            def held(s: State, e: Env) -> Callable[[int], bool]:
                p = who(s, e)
                return lambda b: s.who[b] == p
        else:
            kinds = [c.int(x) for x in (self.whats.items if self.whats is not None else [self.what])]

            def held(s: State, e: Env) -> Callable[[int], bool]:
                named = {f(s, e) for f in kinds}
                return lambda b: s.what[b] in named

        def count(s: State, e: Env) -> int:
            at = site(s, e)
            if not 0 <= at < n:
                return -1
            if layers[at] == 0:
                return 0
            test = held(s, e)
            return sum(1 for b in below[at] if test(b))
        return count


_DOWN_CORNERS = ("DNW", "DNE", "DSW", "DSE")
_UP_CORNERS = ("UNW", "UNE", "USW", "USE")


class IsPyramidCorners(Ludeme):
    """A site is the apex of a pyramid (of any size, pointing down from it or up from it) whose
    four other corners hold the same piece as the apex (Ludii's ``is PyramidCorners``, for
    Spyramid): from the site, walk the four diagonal steps down (``DNW``, ``DNE``, ``DSW``,
    ``DSE``) one layer at a time; after each layer, the four sites reached holding the apex's
    piece is a pyramid; the walk stops where a step is missing. Then the same upwards. With
    ``froms:``, any of those sites (in order: a site off the board ends the search, false, as
    Ludii's).

    Parameters:
        type: the kind of site (the board's own when left out)
        from: the apex (the last move's site when left out)
        froms: the sites tried as the apex

    Examples:
        (is PyramidCorners)
        (is PyramidCorners froms:(sites Occupied by:Mover))
    """

    name = "is PyramidCorners"
    kind = BOOL
    concepts = ("Pattern",)
    type: Any = site_type_param()
    frm: Any = Param(SITE_FN, optional=True, named=True, key="from")
    froms: Any = Param(REGION_FN, optional=True, named=True)

    def compile(self, c: Compiler):
        from ..errors import BindError
        if self.frm is not None and self.froms is not None:
            raise BindError("(is PyramidCorners ...) takes from: or froms:, not both", self.span)
        if self.type is not None and self.type.name != c.topo.use:
            raise BindError(f"(is PyramidCorners {self.type.name} ...) on a board of {c.topo.use.lower()}s "
                            "is not supported", self.span, hint="leave out the kind of site")
        topo = c.topo
        n = topo.n
        tables = {d: topo.steps_of(d) if d in topo.step else ((),) * n for d in _DOWN_CORNERS + _UP_CORNERS}
        down = [tables[d] for d in _DOWN_CORNERS]
        up = [tables[d] for d in _UP_CORNERS]
        if self.froms is not None:
            region = c.region(self.froms)

            def pivots(s: State, e: Env) -> tuple[int, ...]:
                return tuple(region(s, e))
        else:
            site = c.site(self.frm) if self.frm is not None else (lambda s, e: s.last_to)

            def pivots(s: State, e: Env) -> tuple[int, ...]:
                return (site(s, e),)

        def holds(s: State, e: Env) -> bool:
            for apex in pivots(s, e):
                if not 0 <= apex < n:
                    return False
                if _corners(s.what, apex, down) or _corners(s.what, apex, up):
                    return True
            return False
        return holds


def _corners(what: Any, apex: int, tables: list[tuple[tuple[int, ...], ...]]) -> bool:
    """Ludii's walk from an apex along four diagonal directions, a layer at a time: true when,
    after some layer, the four sites reached hold the apex's piece (an empty apex with four
    empty corners counts, as in Ludii)."""
    sites = [apex] * 4
    while True:
        for i, table in enumerate(tables):
            nxt = table[sites[i]]
            if len(nxt) != 1:
                return False
            sites[i] = nxt[0]
        if all(what[x] == what[apex] for x in sites):
            return True


class SitesSupport(Ludeme):
    """The sites holding up a piece (Ludii's ``sites Support``, for Shibumi games): those with,
    one diagonal step up (``UNW``, ``USW``, ``UNE`` or ``USE``), a site holding a piece (with
    ``what``, that piece: a component number; a negative one other than -1 matches nothing,
    as in Ludii).

    Parameters:
        type: the kind of site (the board's own when left out)
        what: the piece held up (any piece when left out)

    Examples:
        (sites Support)
        (sites Support (id "Ball" P1))
    """

    name = "sites Support"
    kind = REGION
    type: Any = site_type_param()
    what: Any = Param(INT_FN, optional=True, range=(-1_000_000, 1_000_000))

    def compile(self, c: Compiler):
        from ..errors import BindError
        if self.type is not None and self.type.name != c.topo.use:
            raise BindError(f"(sites Support {self.type.name} ...) on a board of {c.topo.use.lower()}s "
                            "is not supported", self.span, hint="leave out the kind of site")
        topo = c.topo
        n = topo.n
        firsts = [tuple(t[0] for d in ("UNW", "USW", "UNE", "USE") if d in topo.step
                        if (t := topo.steps_of(d)[s])) for s in range(n)]
        what = c.int(self.what) if self.what is not None else (lambda s, e: -1)

        def supports(s: State, e: Env) -> tuple[int, ...]:
            wanted = what(s, e)
            if wanted == -1:
                return tuple(x for x in range(n) if any(s.what[a] != 0 for a in firsts[x]))
            if wanted < 0:
                return ()
            return tuple(x for x in range(n) if any(s.what[a] == wanted for a in firsts[x]))
        return supports


__all__ = ["SitesSupport", "IsPyramidCorners", "Layers", "Recoordinate", "Gravity", "Pin", "NoStackOn", "CountSitesPlatformBelow"]
