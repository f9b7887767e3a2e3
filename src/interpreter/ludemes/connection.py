"""Connection: groups of pieces and what they join (Ludii's ``sites Group``, ``count Groups``,
``forEach Group``, ``is Connected``, ``sites Side``), on any board, by the board's relations.

Groups come from :mod:`interpreter.engine.groups`. A group's sites are joined under the given
directions (``Adjacent`` by default: the six neighbours of a hexagon, the four sides of a
square...). ``if:`` says which sites belong, tested with ``(to)`` set to the candidate site.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..engine.groups import connects, group_at, groups, hidden_by_next
from ..engine.movegen import FnGen, MoveGen
from ..engine.result import Termination
from ..errors import BindError
from ..syntax.nodes import Const
from .base import (
    BOOL,
    BOOL_FN,
    DIRS,
    DISTANCE,
    INT,
    INT_FN,
    MOVES,
    MOVES_T,
    PLAYER,
    REGION,
    REGION_FN,
    ROLE,
    SITE_FN,
    THEN,
    ArrayOf,
    BoundArray,
    Either,
    Enum,
    Instance,
    Ludeme,
    Param,
    kind_of,
)
from .measures import SITE_TYPE, check_site_type
from .sitetypes import site_type_param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.move import Move
    from ..engine.state import State
    from ..native.emit import Emitter, Made, Region

_COMPASS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")


def _membership(c: Compiler, condition):
    """member(state, env) -> a test of one site: the ``if:`` condition with ``(to)`` at the
    site (in a frame of its own), or (without one) whether the site holds a piece."""
    if condition is None:
        return lambda s, e: (lambda site: s.who[site] != 0 or s.what[site] != 0)
    cond = c.bool(condition)

    def member_of(s: State, e: Env):
        frame = e.child()

        def member(site: int) -> bool:
            frame.to = site
            return bool(cond(s, frame))
        return member
    return member_of


def _all_groups(c: Compiler, directions, condition, starts=None):
    """groups_of(state, env) -> the groups of the board (lists of sites); with ``starts``
    (starts(state, n) -> sites), only those grown from these sites, in their order."""
    adjacency = c.adjacency(directions)
    n = c.topo.n
    flags_of: Any
    if condition is None:  # the sites holding a piece: one pass over the owners and kinds
        flags_of = lambda s, e: [o != 0 or w != 0 for o, w in zip(s.who, s.what)]  # noqa: E731
    else:
        flags_of = condition.site_flags(c) if hasattr(condition, "site_flags") else None
    if flags_of is not None:  # a test of owners (is Mover (who at:(to))): one pass over the owners
        def owned_groups(s: State, e: Env) -> list:
            inside = flags_of(s, e)
            first = range(n) if starts is None else starts(s, n)
            return groups((site for site in first if inside[site]), adjacency, inside.__getitem__)
        return owned_groups
    member_of = _membership(c, condition)

    def groups_of(s: State, e: Env) -> list:
        member = member_of(s, e)
        inside = [member(site) for site in range(n)]  # the condition once per site
        first = range(n) if starts is None else starts(s, n)
        return groups((site for site in first if inside[site]), adjacency, inside.__getitem__)
    return groups_of


def reads_from(condition: Any) -> bool:
    """Whether a condition reads ``(from)``."""
    from .functions import From
    return condition is not None and any(isinstance(node, From) for node in condition.walk())


def pieces_in_order(c: Compiler) -> Callable[[State, int], list[int]]:
    """starts(state, n) -> the board's sites holding a piece, in the order Ludii's owned lists
    give them to ``forEach Group``: owner by owner (no one, the players, then Shared: a Shared
    piece's owner is 0 here, Ludii's is the one after the last player), each owner's by site.
    Ludii's own order within an owner (``State.owned().sites(p)``) is by kind of piece, then in
    the order the pieces were put there, a removal moving the list's last site into the hole
    (FlatCellOnlyOwned, FlatVertexOnlyOwned: flat games on cells only or vertices only) or
    closing the gap (FullOwned: stacking games, edges, several kinds of site); that order is
    not kept here, so the groups come in another order (the same groups unless ``if:`` reads
    ``(from)``, the site a group grows from)."""
    shared = c.game.shared_kinds
    last = c.game.num_players + 1

    def starts(s: State, n: int) -> list[int]:
        what, who = s.what, s.who
        return sorted((x for x in range(n) if what[x]), key=lambda x: (last if what[x] in shared else who[x], x))
    return starts


def _piece_groups(c: Compiler, directions, condition):
    """groups_of(state, env) -> the groups Ludii's ForEachGroup visits: grown only from the
    sites holding a piece (:func:`pieces_in_order`), without ``if:`` the mover's pieces joined to
    the mover's, with it through the sites meeting it (empty ones too, but a group of empty
    sites only is never found), tested with ``(to)`` the site and ``(from)`` the site the group
    grew from (each group's first site)."""
    adjacency = c.adjacency(directions)
    n = c.topo.n
    if condition is None:
        def mover_groups(s: State, e: Env) -> list:
            who, mover = s.who, s.mover
            return groups((x for x in range(n) if who[x] == mover), adjacency, lambda x: who[x] == mover)
        return mover_groups
    if not reads_from(condition):  # the condition once per site
        return _all_groups(c, directions, condition, starts=pieces_in_order(c))
    cond = c.bool(condition)
    pieces = pieces_in_order(c)

    def from_groups(s: State, e: Env) -> list:
        frame = e.child()
        found: set[int] = set()
        out = []
        for start in pieces(s, n):
            if start in found:
                continue
            frame.frm = start

            def member(x: int) -> bool:
                frame.to = x
                return bool(cond(s, frame))
            group = group_at(start, adjacency, member)
            if group:
                found.update(group)
                out.append(group)
        return out
    return from_groups


class SitesGroup(Ludeme):
    """The group of a site, as Ludii's ``SitesGroup``: the sites joined to it (along the
    directions) through sites holding the same kind of piece as it (empty sites, from an empty
    one), or, with ``if:``, through sites meeting the condition (``(to)`` the site tested,
    ``(from)`` the site the group grows from; the site itself belongs only if it meets it too,
    tested before ``(from)`` is set to it, as in Ludii).
    With ``from:``, the groups of each site of a region, together. In increasing order.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        at: a site of the group
        starts: the sites whose groups are taken (Ludii's ``from:``)
        directions: how sites join (``Adjacent`` when left out)
        if: the condition a site must meet to join, ``(to)`` being the site (the same kind of
            piece when left out)
        isVisible: Ludii's test for 3D boards: when true, sites 8, 10, 14, 18 and 20 do not join
            while the site numbered one more is occupied (Ludii's fixed numbers; its test upwards
            finds nothing on a flat board)

    Examples:
        (sites Group at:(last To))
        (sites Group at:(last To) Orthogonal if:(is Mover (who at:(to))))
        (sites Group from:(sites Occupied by:Mover))
    """

    name = "sites Group"
    concepts = ("Group",)
    default_directions = "Adjacent"
    kind = REGION
    checks_site_type = True  # the board's own kind of site only (see .sitetypes)
    type: Any = site_type_param()
    at: Any = Param(SITE_FN, named=True, optional=True)
    starts: Any = Param(REGION_FN, named=True, optional=True, key="from")
    directions: Any = Param(DIRS, optional=True)
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    isVisible: Any = Param(BOOL_FN, optional=True, named=True)

    def validate(self) -> None:
        if (self.at is None) == (self.starts is None):
            raise BindError("(sites Group ...) takes at: or from:, one of them", self.span)

    def compile(self, c: Compiler):
        if self.at is not None:
            at = c.site(self.at)
            starts: Callable[[State, Env], Sequence[int]] = lambda s, e: (at(s, e),)  # noqa: E731
        else:
            starts = c.region(self.starts)
        adjacency = c.adjacency(self.directions)
        cond = c.bool(self.condition) if self.condition is not None else None
        visible = c.bool(self.isVisible) if self.isVisible is not None else None
        n = c.topo.n
        hidden = hidden_by_next(n)  # isVisible:True: skipped while the next site is occupied

        def region(s: State, e: Env) -> list[int]:
            found: set[int] = set()
            frame = e.child()  # if: tested with (to) at each site reached, (from) the start
            what = s.what
            for site in starts(s, e):
                if not 0 <= site < n or site in found and cond is None:
                    continue
                frame.frm = frame.to = site
                skipped = {x for x, y in hidden if what[y]} if visible is not None and visible(s, frame) else set()
                if cond is None:
                    kind = what[site]

                    def same(t: int, k: int = kind, start: int = site) -> bool:
                        return what[t] == k and (t == start or t not in skipped)
                    found.update(group_at(site, adjacency, same))
                    continue

                def member(t: int, start: int = site) -> bool:
                    if t == start:  # tested before (from) is the site, as Ludii's
                        frame.frm, frame.to = e.frm, t
                        inside = bool(cond(s, frame))
                        frame.frm = start
                        return inside
                    if t in skipped:
                        return False
                    frame.to = t
                    return bool(cond(s, frame))
                found.update(group_at(site, adjacency, member))
            return sorted(found)
        if cond is not None:  # its if: is tested on one position: what it asks of it, once
            from .space_memo import scoped
            return scoped(region)
        return region


class CountGroups(Ludeme):
    """The number of groups on the board: maximal sets of occupied sites joined under the
    directions (pieces of any players, as in Ludii), or of sites meeting ``if:`` (``(to)`` is
    the site tested), e.g. one player's groups.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        directions: how sites join into a group (``Adjacent`` when left out)
        if: the condition a site must meet to be in a group, ``(to)`` being the site (occupied when
            left out)
        min: the least size of a group counted (0 when left out: every group)
        isVisible: a condition Ludii accepts and ignores for this count

    Examples:
        (count Groups)
        (count Groups Orthogonal if:(is Mover (who at:(to))))
        (count Groups Cell if:(is Next (who at:(to))) min:3)
    """

    name = "count Groups"
    concepts = ("Group",)
    default_directions = "Adjacent"
    kind = INT
    type: Any = Param(SITE_TYPE, optional=True)
    directions: Any = Param(DIRS, optional=True)
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    min: Any = Param(INT_FN, optional=True, named=True, range=DISTANCE)
    is_visible: Any = Param(BOOL_FN, optional=True, named=True, key="isVisible")

    def compile(self, c: Compiler):
        check_site_type(c, self, self.type)
        groups_of = _all_groups(c, self.directions, self.condition)
        if self.min is None:
            return lambda s, e: len(groups_of(s, e))
        least = c.int(self.min)

        def counted(s: State, e: Env) -> int:
            m = least(s, e)
            return sum(1 for group in groups_of(s, e) if len(group) >= m)
        return counted

    def where_for(self, param, where):
        return None if param.name == "is_visible" else where  # ignored by Ludii: no concepts

    def kernel_int(self, k: Emitter) -> str:
        from ..native.emit import NoKernel
        from ..native.kernels.connection import find_groups
        if self.min is not None:
            raise NoKernel("(count Groups min:...)")
        _, _, _, count = find_groups(k, self.directions, self.condition)
        return count


class ForEachGroup(Ludeme):
    """For each group, as Ludii's ``ForEachGroup``: without ``if:``, the groups of the mover's
    pieces (sites the mover owns, joined under the directions); with it, of the sites meeting
    the condition (``(to)`` being the site tested, ``(from)`` the site the group grows from),
    grown only from sites holding a piece, as Ludii grows them from its lists of pieces: a
    group of empty sites only is never visited. The groups come player by player (their
    pieces' owners: 0, the players, Shared), each player's by site. ``(sites)`` is the group's
    sites and ``(from)`` the site it grew from while the inner rule runs. With moves, gathers
    the moves of every group; with an effect, works out each group's effect on the position
    before any applies (the branch each ``if`` takes), then applies them one after the other,
    as Ludii gathers every group's moves first.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        directions: how sites join into a group (``Adjacent`` when left out)
        if: the condition a site must meet to be in a group, ``(to)`` being the site (the mover's
            pieces when left out)
        rule: the moves or effect applied for each group, ``(sites)`` being the group
        then: consequences of each move (as an effect: after each group's effect)

    Examples:
        (forEach Group if:(is Mover (who at:(to))) (addScore Mover (count Sites in:(sites))))
        (forEach Group Cell Orthogonal (addScore Mover 1) (then (moveAgain)))
    """

    name = "forEach Group"
    concepts = ("Group", "ControlFlowStatement")
    default_directions = "Adjacent"
    kind = MOVES
    type: Any = Param(SITE_TYPE, optional=True)
    directions: Any = Param(DIRS, optional=True)
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    rule: Any = Param(MOVES_T)
    then: Any = Param(kind_of(THEN), optional=True)

    def _groups(self, c: Compiler):
        """groups_of(state, env) -> the groups visited, each list's first site the one it grew
        from (see :func:`_piece_groups`)."""
        return _piece_groups(c, self.directions, self.condition)

    def compile(self, c: Compiler) -> MoveGen:
        from ..engine.movegen import with_rules
        from .moves_then import then_of
        check_site_type(c, self, self.type)
        groups_of = self._groups(c)
        gen = c.moves(self.rule)

        def moves(s: State, e: Env) -> list[Move]:
            out: list[Move] = []
            frame = e.child()  # (sites) is each group in turn
            for group in groups_of(s, e):
                frame.frm = group[0]  # (from): the site the group grew from, as Ludii's
                frame.region = region = tuple(group)
                # a move's own effects (its to's apply) see the group it was made for: Ludii
                # works them out as it lists the move
                out.extend(m.with_bound("region", region) for m in gen.moves(s, frame))
            return out
        return with_rules(FnGen(moves), c.rule(after=then_of(c, self.then)))

    def compile_effect(self, c: Compiler):
        from .logic import _plan
        from .moves_then import then_of
        check_site_type(c, self, self.type)
        groups_of = self._groups(c)
        plan = _plan(c, self.rule)
        then = then_of(c, self.then)

        def run(s: State, e: Env) -> None:
            chosen = []
            for group in groups_of(s, e):  # every group's effect worked out first
                frame = e.child()  # (sites) is the group, (from) the site it grew from
                frame.frm = group[0]
                frame.region = tuple(group)
                chosen.append((plan(s, frame), frame))
            for effect, frame in chosen:
                if effect is not None:
                    effect(s, frame)
                if then is not None:
                    then(s, frame)
        return run

    # effects that write nothing but scores: a group's cannot change what another's plan reads
    # unless that plan reads a score
    _SCORE_ONLY = frozenset(("if", "and", "forEach Site", "addScore", "set Score"))

    def _plans_apart(self) -> bool:
        """Whether working out every group's effect first is the same as one group after another:
        the rule's effects write scores only and nothing in it reads a score."""
        nodes = list(self.rule.walk())
        return all(n.name in self._SCORE_ONLY for n in nodes if n.kind == MOVES) and \
            not any(n.name == "score" for n in nodes)

    def kernel_moves(self, k: Emitter) -> Made:
        from ..native.emit import Made, NoKernel
        from ..native.kernels.connection import each_group
        if self.condition is None:
            raise NoKernel("(forEach Group) without if: (the mover's groups)")
        with k.then(self.then):
            with each_group(k, self.directions, self.condition, [x for x in (self.rule, self.then) if x is not None],
                            pieces=True):
                made = k.moves(self.rule)
                k.line("pass")
        return Made(False, made.kinds)

    def kernel_effect(self, k: Emitter) -> None:
        from ..native.emit import NoKernel
        from ..native.kernels.connection import each_group
        from .logic import _is_planned
        if self.condition is None:
            raise NoKernel("(forEach Group) without if: (the mover's groups)")
        if _is_planned(self.rule) and not self._plans_apart():
            raise NoKernel("(forEach Group) of an effect worked out per group before any applies")
        with each_group(k, self.directions, self.condition, [x for x in (self.rule, self.then) if x is not None],
                            pieces=True):
            k.effect(self.rule)
            if self.then is not None:
                k.effect(self.then)
            k.line("pass")


# Ludii's static region types that is Connected takes: each one a list of regions of the board
STATIC_REGIONS = Enum(("Corners", "Sides", "SidesNoCorners", "AllSites"), "region type")


def static_regions(topo, kind: str) -> tuple[tuple[int, ...], ...]:
    """The board's regions of a kind (Ludii's RegionTypeStatic): one per corner, one per side
    (with or without its corners), or all the sites as one; empty regions left out."""
    if kind == "AllSites":
        return (tuple(range(topo.n)),)
    corners = topo.regions.get("Corners", ())
    if kind == "Corners":
        return tuple((c,) for c in corners)
    sides = []
    for d in _COMPASS:
        side = topo.side(d)
        if kind == "SidesNoCorners":
            side = tuple(x for x in side if x not in corners)
        if side and side not in sides:
            sides.append(side)
    return tuple(sides)


class IsConnected(Ludeme):
    """The group of the piece on a site (the last move's by default) touches every one of the
    regions, or at least ``number`` of them: the regions given, all the regions a player owns
    (``(regions P1 {...})``), or the board's regions of a kind, each one a region (Ludii's
    static region types: ``Corners``, each corner; ``Sides``, each side; ``SidesNoCorners``,
    each side without its corners). Havannah's fork is ``(is Connected 3 SidesNoCorners)``.

    Parameters:
        number: how many of the regions must be touched (all of them when left out)
        type: the kind of site (the board's own kind when left out)
        at: the site whose group is tested (the last move's when left out)
        directions: how pieces join into a group (``Adjacent`` when left out)
        regions: the regions to join: a list, a player's own regions, or a kind of region of the
            board (``Sides``, ``Corners``...)

    Examples:
        (is Connected Mover)
        (is Connected {(sites Side N) (sites Side S)})
        (is Connected at:(last To) Orthogonal Mover)
        (is Connected 3 SidesNoCorners)
        (is Connected 2 Corners)
    """

    name = "is Connected"

    def words(self, w):
        if isinstance(self.regions, Const):
            return f"{w.of(self.regions)} connected their regions"
        return "the regions are connected"
    default_directions = "Adjacent"
    kind = BOOL
    termination = Termination.CONNECTION
    number: Any = Param(INT_FN, optional=True, range=(1, 1000))
    type: Any = Param(SITE_TYPE, optional=True)
    at: Any = Param(SITE_FN, optional=True, named=True)
    directions: Any = Param(DIRS, optional=True)
    regions: Any = Param(Either((PLAYER, ArrayOf(REGION_FN, single=False), STATIC_REGIONS)))
    concepts = ("Connection",)

    def compile(self, c: Compiler):
        check_site_type(c, self, self.type)
        at = c.site(self.at) if self.at is not None else (lambda s, e: s.last_to)
        adjacency = c.adjacency(self.directions)
        number = c.int(self.number) if self.number is not None else None
        targets: Callable[[State, Env], Sequence[tuple[int, ...]]]  # the regions to connect
        role: Callable[[State, Env], int] | None = None  # the player whose regions they are
        if isinstance(self.regions, Const) and self.regions.name in STATIC_REGIONS.names:
            kinds = static_regions(c.topo, self.regions.name)
            if not kinds:
                raise BindError(f"this board has no {self.regions.name}", self.regions.span)
            targets = lambda s, e: kinds  # noqa: E731
        elif isinstance(self.regions, BoundArray):
            fns = [c.region(r) for r in self.regions.items]
            targets = lambda s, e: [tuple(f(s, e)) for f in fns]  # noqa: E731
        else:
            player = c.player(self.regions)
            owned = c.game.player_regions
            if not any(owned.values()):
                raise BindError("no player owns a region: declare them with (regions P1 {...})", self.span)
            targets = lambda s, e: owned.get(player(s, e), ())  # noqa: E731
            role = player

        def connected(s: State, e: Env) -> bool:
            site = at(s, e)
            if site < 0:
                return False
            owner = s.who[site]
            if not owner:
                return False
            regions = targets(s, e)
            if not regions:
                return False
            who = s.who
            if role is not None and owner != role(s, e):
                group: Sequence[int] = (site,)  # another's piece: only its own site counts (Ludii's)
            else:
                group = group_at(site, adjacency, lambda t: who[t] == owner)
            if number is None:
                return connects(group, regions)
            need = number(s, e)
            sites = set(group)
            return sum(1 for region in regions if not sites.isdisjoint(region)) >= need
        return connected

    def kernel_bool(self, k: Emitter) -> str:
        import numpy as np

        from ..native import abi
        from ..native.emit import NoKernel
        from ..native.kernels.placement import _connected_by_union_find, neighbour_table
        from . import connection
        if self.type is not None and self.type.name != k.topo.use:
            raise NoKernel("(is Connected <site type>)", "another site type")
        uf = k.notes.get("union_find")
        if uf is not None:  # the groups are kept as pieces are added (native.connectivity)
            from ..native.connectivity import _key
            if _key(self) == uf.key:
                return _connected_by_union_find(self, k, uf)
        nbrs = neighbour_table(k, self.directions)
        if isinstance(self.regions, Const) and self.regions.name in connection.STATIC_REGIONS.names:
            targets = {0: [tuple(r) for r in connection.static_regions(k.topo, self.regions.name)]}
            per_player = False
        elif isinstance(self.regions, BoundArray):
            found = [k.static_region(r) for r in self.regions.items]
            known = [t for t in found if t is not None]
            if len(known) < len(found):
                raise NoKernel("(is Connected {...})", "regions known only during play")
            targets = {0: known}
            per_player = False
        else:
            owned = k.game.player_regions
            targets = {p: [tuple(r) for r in owned.get(p, ())] for p in range(k.players + 1)}
            per_player = True
        # region masks: [player or 0, region, site] -> 1 inside; and the number of regions
        count = max(len(v) for v in targets.values())
        masks = np.zeros((k.players + 1, max(count, 1), k.n), dtype=np.int64)
        numbers = np.zeros(k.players + 1, dtype=np.int64)
        for p, regs in targets.items():
            numbers[p] = len(regs)
            for r, sites in enumerate(regs):
                masks[p, r, list(sites)] = 1
        mask_t, number_t = k.table(masks), k.table(numbers)
        who_regions = k.temp("r")
        if per_player:
            k.line(f"{who_regions} = {k.player(self.regions)}")
        else:
            k.line(f"{who_regions} = 0")
        site = k.temp("s")
        k.line(f"{site} = {k.site(self.at) if self.at is not None else k.var(abi.LAST_TO)}")
        need = k.int(self.number) if self.number is not None else f"{number_t}[{who_regions}]"
        out = k.temp("b")
        k.line(f"{out} = False")
        with k.indented(f"if {site} >= 0 and {k.who(site)} != 0 and {number_t}[{who_regions}] > 0:"):
            work = k.scratch(2 * k.n + 1 + count)
            flood = (f"{out} = connected({k.st}, WHO, {nbrs}, {site}, {mask_t}[{who_regions}], "
                     f"{number_t}[{who_regions}], {need}, {'True' if self.number is None else 'False'}, {work})")
            if not per_player:
                k.line(flood)
                return out
            with k.indented(f"if {k.who(site)} == {who_regions}:"):
                k.line(flood)
            with k.indented("else:"):  # another's piece: only its own site counts (Ludii's)
                hits = k.temp("c")
                k.line(f"{hits} = 0")
                each = k.temp("r")
                k.line(f"for {each} in range({number_t}[{who_regions}]):")
                k.line(f"    {hits} += {mask_t}[{who_regions}, {each}, {site}]")
                k.line(f"{out} = {hits} >= {need}")
        return out




class SitesSide(Ludeme):
    """The sites along one side of the board: the perimeter sites furthest out in a compass
    direction (``(sites Side NE)`` on Hex's rhombus is its north-east edge), as Ludii's
    ``SitesSide``: with a player (or a role), the side their pieces face (``(player N)`` in
    ``(players {...})``; none for a player given no direction); ``Shared``, every outer site;
    none for a direction the board has no side in, or nothing given. Cells unless ``Vertex``
    or ``Edge`` is named or the board is played on its vertices, where it is the vertices
    (Ludii reads the vertices' sides for edges too).

    Parameters:
        type: the kind of site (see above)
        player: the player whose side is meant (a role or ``(player N)``)
        direction: the compass direction of the side

    Examples:
        (sites Side N)
        (sites Side NE)
        (sites Side P1)
        (sites Side Vertex Mover)
    """

    name = "sites Side"
    kind = REGION
    type: Any = site_type_param()
    player: Any = Param(Either((ROLE, Instance("player"))), optional=True)
    direction: Any = Param(Enum(_COMPASS), optional=True)

    def validate(self) -> None:
        if self.player is not None and self.direction is not None:
            raise BindError("(sites Side ...) takes a player or a direction, not both", self.span)

    def _kind(self, use: str) -> str:
        name = getattr(self.type, "name", None)
        return "Cell" if name == "Cell" or (name is None and use != "Vertex") else "Vertex"

    def _sides(self, c: Any) -> Any:
        """side(direction name) -> the sites of that side, of the kind Ludii reads."""
        from .region_board import _board_sites
        kind = self._kind(c.topo.use)
        regions = c.topo.regions_of(kind)
        return lambda d: _board_sites(c, self, tuple(regions.get(f"Side {d}", ())), kind), regions, kind

    def compile(self, c: Compiler):
        from ..engine.values import const_fn
        from .region_board import _board_sites
        side, regions, kind = self._sides(c)
        if isinstance(self.player, Const) and self.player.name == "Shared":
            return const_fn(_board_sites(c, self, tuple(regions.get("Outer", ())), kind))
        if self.player is None:
            return const_fn(side(self.direction.name) if self.direction is not None else ())
        facings = {p: side(f) for p, f in c.player_facings.items()}
        who = c.player(self.player)
        return lambda s, e: facings.get(who(s, e), ())

    kernel_static = True  # its region kernel depends on the board only

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.emit import Listed, NoKernel
        if self.player is not None or self.direction is None or self._kind(k.topo.use) != k.topo.use:
            raise NoKernel("(sites Side <player>|<site type>)")
        sites = k.topo.side(self.direction.name)
        return Listed(tuple(sites))
