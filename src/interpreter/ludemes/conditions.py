"""Conditions: emptiness and ownership of sites, lines, a full board, no moves, passes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import counts, turns
from ..engine.arrays import HAND
from ..engine.env import Env
from ..engine.result import Termination
from ..errors import BindError
from ..syntax.nodes import Bool
from .base import (
    BOOL,
    BOOL_FN,
    BOOL_LIT,
    DIRS,
    INT,
    INT_FN,
    INTS,
    LENGTH,
    PIECE_NUMBER,
    PLAYER,
    REGION_FN,
    ROLE,
    SITE_FN,
    ArrayOf,
    BoundArray,
    Either,
    Kind,
    Ludeme,
    Param,
)
from .sitetypes import site_type_param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State
    from ..native.emit import Emitter


def _NO(s: State, die: int) -> bool:
    return False


def _YES(s: State, die: int) -> bool:
    return True


class _SiteTest(Ludeme):
    """A question about one site.

    Parameters:
        type: the kind of site (the board's own when left out; another kind reads the pieces
            there, :mod:`.other_sites`)
        site: the site tested
    """

    kind = BOOL
    checks_site_type = True  # pieces are on the board's kind of site only (see .sitetypes)
    reads_other_kinds = True  # (is Empty Edge ...) on a board of cells: the pieces there (.other_sites)
    type: Any = site_type_param()
    site: Any = Param(SITE_FN)

    def sited(self, c: Compiler) -> Any:
        """fn(s, e) -> (element, piece) when the site type names another kind of site than the
        board's (.other_sites), None otherwise."""
        from .other_sites import other_kind, sited_piece
        kind = other_kind(c, self.type)
        if kind is None:
            return None
        on_kind = sited_piece(c, self.site, kind)
        held = self.hand_test(c) if kind == "Cell" else None
        if held is None:
            return on_kind
        # Ludii's hands are containers of cells after the board's sites: (is Occupied Cell
        # (handSite Mover)) on a board of vertices asks the hand (Azigo)
        at, n = c.int(self.site), c.topo.n
        return lambda s, e: (x, 1 if held(s, e) else 0) if (x := at(s, e)) >= n else on_kind(s, e)

    def hand_test(self, c: Compiler):
        """In a game whose hands hold counted pieces, or whose hands have sites (Ludii's hands
        are sites after the board's, ``(handSite P)``): fn(s, e) -> whether the site, a board's
        or a hand's, holds a piece; None in other games (the board's test is enough)."""
        game = c.game
        # pieces counted on the hands' sites, or a counted hand of each player's pieces by kind
        hands = counts.hand_sites(game) if counts.COUNT in game.arrays or HAND in game.arrays else 0
        if not hands:
            from ..engine import handsites
            if not handsites.has_hand_sites(game):
                return None
            at = c.int(self.site)

            def on_hand_site(s: State, e: Any) -> bool:  # (hand Each size:N): pieces per site
                x = at(s, e)
                return x >= 0 and handsites.what_at(s, x) != 0
            return on_hand_site
        site, n = c.int(self.site), c.topo.n

        def held(s: State, e: Any) -> bool:
            x = site(s, e)
            if 0 <= x < n:
                return s.what[x] != 0
            return n <= x < n + hands and counts.pieces_at(s, x) > 0
        return held

    def _covered(self, c: Compiler):
        """In a game with large pieces: no piece and no large piece covering the site."""
        from ..engine.handsites import what_at
        from .large_pieces import free
        held = self.hand_test(c)
        site, n = c.site(self.site), c.topo.n

        def empty(s: State, e: Env) -> bool:
            x = site(s, e)
            if 0 <= x < n:
                return free(s, x)
            if x < 0:
                return False
            return not held(s, e) if held is not None else not what_at(s, x)
        return empty

    def no_hand_kernel(self, k: Emitter) -> None:
        """The compiled tier reads the board's sites only: a game whose hands hold counted
        pieces is left to the reference engine."""
        from ..native.emit import NoKernel
        if counts.COUNT in k.game.arrays and counts.hand_sites(k.game):
            raise NoKernel(f"({self.name})", "a hand's site of counted pieces")
        on_board = getattr(self.site, "context_site", False) or getattr(self.site, "board_site", False)
        if HAND in k.game.arrays and not on_board:
            raise NoKernel(f"({self.name})", "a site that may be a counted hand's")
        if not on_board:
            from .dice import no_die_kernel
            no_die_kernel(k, self.name)


class IsEmpty(_SiteTest):
    """The site holds no piece.

    Examples:
        (is Empty (to))
        (is Empty Vertex (to))
    """

    name = "is Empty"

    def words(self, w):
        return f"{w.of(self.site)} is empty"
    concepts = ("IsEmpty",)

    def compile(self, c: Compiler):
        sited = self.sited(c)
        if sited is not None:  # an element of another kind: empty when it is one and holds none
            return lambda s, e: (at := sited(s, e))[0] >= 0 and not at[1]
        from .large_pieces import has_cover
        if has_cover(c.game):  # the cells large pieces cover are not empty (Ludii's)
            return self._covered(c)
        get = c.frame_site(self.site)
        held = self.hand_test(c)
        if get is not None:  # (is Empty (to)): the frame's site, on the board unless hands have sites
            if held is None:
                return lambda s, e: s.what[get(e)] == 0
            n = c.topo.n
            return lambda s, e: s.what[x] == 0 if (x := get(e)) < n else not held(s, e)
        from .dice import on_die_site
        if held is not None:
            return on_die_site(c, self.site, self.type, lambda s, e: not held(s, e), _NO)  # a die's site holds it
        site = c.site(self.site)
        return on_die_site(c, self.site, self.type, lambda s, e: (x := site(s, e)) >= 0 and s.what[x] == 0, _NO)

    def kernel_bool(self, k: Emitter) -> str:
        from .other_sites import no_sited_kernel
        no_sited_kernel(self, k, self.type)
        self.no_hand_kernel(k)
        site = k.site(self.site)
        if getattr(self.site, "context_site", False) or site.isdigit():
            return f"({k.what(site)} == 0)"
        return f"({site} >= 0 and {k.what(site)} == 0)"


class IsOccupied(_SiteTest):
    """The site holds a piece.

    Examples:
        (is Occupied (between))
        (is Occupied Cell 4)
    """

    name = "is Occupied"

    def words(self, w):
        return f"{w.of(self.site)} is occupied"

    def compile(self, c: Compiler):
        sited = self.sited(c)
        if sited is not None:  # an element of another kind holding a piece
            return lambda s, e: sited(s, e)[1] != 0
        from .large_pieces import has_cover
        if has_cover(c.game):  # the cells large pieces cover are occupied (Ludii's)
            empty, where = self._covered(c), c.site(self.site)
            return lambda s, e: where(s, e) >= 0 and not empty(s, e)
        get = c.frame_site(self.site)
        held = self.hand_test(c)
        if get is not None:  # (is Occupied (between)): the frame's site, on the board unless hands have sites
            if held is None:
                return lambda s, e: s.what[get(e)] != 0
            n = c.topo.n
            return lambda s, e: s.what[x] != 0 if (x := get(e)) < n else held(s, e)
        from .dice import on_die_site
        if held is not None:
            return on_die_site(c, self.site, self.type, held, _YES)  # a die's site holds it
        site = c.site(self.site)
        return on_die_site(c, self.site, self.type, lambda s, e: (x := site(s, e)) >= 0 and s.what[x] != 0, _YES)

    def kernel_bool(self, k: Emitter) -> str:
        from .other_sites import no_sited_kernel
        no_sited_kernel(self, k, self.type)
        self.no_hand_kernel(k)
        site = k.site(self.site)
        if getattr(self.site, "context_site", False) or site.isdigit():
            return f"({k.what(site)} != 0)"
        return f"({site} >= 0 and {k.what(site)} != 0)"


class _PlayerTest(Ludeme):
    """A test of a player number against the mover: subclasses give the relation.

    Parameters:
        player: the player tested (a role, or a number such as ``(who at:(to))``)
    """

    kind = BOOL
    player: Any = Param(PLAYER)

    @staticmethod
    def relation(game):
        """(player, mover) -> bool for this game."""
        raise NotImplementedError

    def compile(self, c: Compiler):
        p = _value(c, self.player)
        related = self.relation(c.game)
        return lambda s, e: related(p(s, e), s.mover)

    def site_flags(self, c: Compiler):
        """For ``(is Mover (who at:(to)))`` and the like: flags(state) -> the test's value with
        ``(to)`` at each site in turn (one pass over the owners), or None for other tests."""
        from .functions import To, Who
        at = getattr(self.player, "at", None)
        if not (isinstance(self.player, Who) and isinstance(at, To) and at.sites is None
                and at.condition is None) or c.game.shared_kinds:  # a Shared piece's owner: Who's reading
            return None
        same = self.same_as(c.game)
        if same is not None:  # a test of equality with one player: compare directly
            return lambda s, e: [owner == p for p in (same(s, e),) for owner in s.who]
        related = self.relation(c.game)
        return lambda s, e: [related(owner, s.mover) for owner in s.who]

    def owners_where(self, c: Compiler):
        """For ``(is Mover (who at:(to)))`` and the like: (state, env) -> the owners of
        ``(to)`` (among :func:`owner_values`) for which the test holds, or None for other tests."""
        if self.site_flags(c) is None:
            return None
        related = self.relation(c.game)
        everyone = owner_values(c.game)
        held = [frozenset(q for q in everyone if related(q, m)) for m in range(max(everyone) + 1)]
        return lambda s, e: held[s.mover]

    @staticmethod
    def same_as(game):
        """state -> the one player the test asks for (Mover, Next...), or None."""
        return None


def owner_values(game) -> frozenset[int]:
    """Every owner a site can hold: nobody (0), the players, and the owners of the kinds."""
    return frozenset(range(max((game.num_players, *game.owner_of)) + 1))


def _value(c: Compiler, value):
    from .logic import value_fn
    return value_fn(c, value)


def _line_length(c: Compiler, ludeme: IsLine | CountLines):
    from .functions import at_least
    return at_least(c, ludeme.length, 1, lambda n: f"a line is at least 1 long, not {n}", ludeme)


class IsMover(_PlayerTest):
    """The player (a number, e.g. ``(who at:(to))``) is the mover.

    Examples:
        (is Mover (who at:(to)))
    """

    name = "is Mover"

    def words(self, w):
        return f"{w.of(self.player)} is the mover"

    @staticmethod
    def relation(game):
        return lambda q, mover: q == mover

    @staticmethod
    def same_as(game):
        return lambda s, e: s.mover

    def kernel_bool(self, k: Emitter) -> str:
        from ..native.kernels.core import _value
        return f"({_value(k, self.player)} == {k.mover})"


class IsNext(_PlayerTest):
    """The player is the one who moves after the mover: Ludii's ``State.next``, the mover
    again once a ``moveAgain`` said so (``(nextPhase Mover (not (is Next Mover)) ...)`` waits
    for the end of the turn).

    Examples:
        (is Next (who at:(between)))
        (is Next Mover)
    """

    name = "is Next"

    def words(self, w):
        return f"{w.of(self.player)} is the next player"

    @staticmethod
    def relation(game):
        return lambda q, mover: q == game.next_of(mover)

    @staticmethod
    def same_as(game):
        return lambda s, e: turns.ludii_next(s)

    def compile(self, c: Compiler):
        p = _value(c, self.player)
        nxt = self.same_as(c.game)
        return lambda s, e: p(s, e) == nxt(s, e)

    def kernel_bool(self, k: Emitter) -> str:
        from ..native.kernels.core import _value
        return f"({_value(k, self.player)} == {k.next_player()})"


class IsPrev(_PlayerTest):
    """The player is the one who made the previous move (Ludii's ``Prev``): the mover again
    within a turn of several moves (``(is Prev Mover)`` is Ludii's "same turn", after
    ``moveAgain``), else the player before the mover in turn order.

    Examples:
        (is Prev (who at:(between)))
        (is Prev Mover)
    """

    name = "is Prev"

    def words(self, w):
        return f"{w.of(self.player)} is the previous player"

    @staticmethod
    def relation(game):
        # Prev is the state's (turns.prev_player): whoever moved last, which a position alone
        # does not say; no one (0) before the first move is done
        return lambda q, mover: q == 0 or q == game.prev_of(mover)

    def compile(self, c: Compiler):
        p = _value(c, self.player)
        return lambda s, e: p(s, e) == turns.prev_player(s)

    def site_flags(self, c: Compiler):
        if super().site_flags(c) is None:
            return None

        def flags(s, e):
            prev = turns.prev_player(s)
            return [owner == prev for owner in s.who]
        return flags

    def kernel_bool(self, k: Emitter) -> str:
        from ..native.kernels.core import _value
        from ..syntax.nodes import Const
        return f"({_value(k, self.player)} == {k.player(Const('Prev', span=self.span))})"


class IsEnemy(_PlayerTest):
    """The player is an opponent of the mover (not the mover, not a teammate, not nobody).

    Examples:
        (is Enemy (who at:(between)))
    """

    name = "is Enemy"

    def words(self, w):
        return f"{w.of(self.player)} is an enemy"
    concepts = ("IsEnemy",)

    @staticmethod
    def relation(game):
        return lambda q, mover: q != 0 and not game.friends(q, mover)

    def kernel_bool(self, k: Emitter) -> str:
        from ..native.kernels.core import _friends, _value
        q = k.temp("q")
        k.line(f"{q} = {_value(k, self.player)}")
        return f"({q} != 0 and not {_friends(k, q, k.mover)})"


class IsFriend(_PlayerTest):
    """The player is the mover or the mover's teammate.

    Examples:
        (is Friend (who at:(to)))
    """

    name = "is Friend"

    def words(self, w):
        return f"{w.of(self.player)} is a friend"
    concepts = ("IsFriend",)

    @staticmethod
    def relation(game):
        return game.friends

    def kernel_bool(self, k: Emitter) -> str:
        from ..native.kernels.core import _friends, _value
        q = k.temp("q")
        k.line(f"{q} = {_value(k, self.player)}")
        return _friends(k, q, k.mover)


class IsIn(Ludeme):
    """The site (``(to)`` when left out) is in the region; given several sites ``{...}``, every
    one of them is; given an array of ints instead of a region, the value(s) are among its values
    (Ludii's IsIn). A site off the board (-1) is in no region.

    Parameters:
        site: the site tested, or ``{...}`` of sites all tested (``(to)`` when left out)
        region: the region it must be in, or an array of ints it must be among

    Examples:
        (is In (to) (sites Centre))
        (is In (sites Centre))
        (is In {(from) (to)} (sites Centre))
        (is In (last To) (values Remembered))
    """

    name = "is In"

    def words(self, w):
        site = w.of(self.site) if self.site is not None else "the destination"
        return f"{site} is in {w.of(self.region)}"
    concepts = ("Contains",)
    kind = BOOL
    site: Any = Param(Either((SITE_FN, ArrayOf(SITE_FN, single=False))), optional=True)
    region: Any = Param(Either((REGION_FN, Kind((INTS,), "ints"))))

    def _array(self) -> bool:
        return isinstance(self.region, Ludeme) and self.region.kind == INTS

    def compile(self, c: Compiler):
        def member(value: Any) -> Any:
            # a number computed is looked for as it is (Ludii's region.contains): a region may
            # hold numbers off the board (Kassle's pending sums of two sites)
            return c.site(value) if getattr(value, "kind", None) != INT else c.int(value)
        if isinstance(self.site, BoundArray):
            sites = [member(v) for v in self.site.items]
        else:
            sites = [member(self.site) if self.site is not None else (lambda s, e: e.to)]
        if self._array():
            values = c.ints(self.region)
            return lambda s, e: all(f(s, e) in set(values(s, e)) for f in sites)
        test = getattr(self.region, "membership", None)
        if len(sites) == 1 and test is not None:  # a region that answers for one site without its list
            site, inside = sites[0], test(c)
            return lambda s, e: (x := site(s, e)) >= 0 and inside(s, x)
        from .space_memo import memo_region
        region = memo_region(c.region(self.region), self.region)  # once per flood fill when it can be
        if len(sites) == 1:
            site = sites[0]
            return lambda s, e: (x := site(s, e)) >= 0 and x in region(s, e)

        def every(s: State, e: Env) -> bool:
            inside = set(region(s, e))
            return all((x := f(s, e)) >= 0 and x in inside for f in sites)
        return every

    def kernel_bool(self, k: Emitter) -> str:
        if self.site is None or isinstance(self.site, BoundArray) or self._array():
            from ..native.emit import NoKernel
            raise NoKernel("(is In ...)", "several sites, (to) left out, or an array of ints")
        site = k.site(self.site)
        return k.region(self.region).contains(k, site)


class IsFull(Ludeme):
    """No site of the board is empty.

    Examples:
        (is Full)
    """

    name = "is Full"

    def words(self, w):
        return "the board is full"
    concepts = ()  # Ludii's (is Full) declares no concept (a board filled is no goal of a player)
    kind = BOOL
    # no parameters

    def compile(self, c: Compiler):
        return lambda s, e: 0 not in s.what

    def kernel_bool(self, k: Emitter) -> str:
        full = k.temp("b")
        x = k.temp("x")
        k.line(f"{full} = True")
        k.line(f"for {x} in range(N):")
        k.line(f"    if {k.what(x)} == 0:")
        k.line(f"        {full} = False")
        k.line("        break")
        return full


class IsLine(Ludeme):
    """A line of at least LENGTH pieces runs through a site (the last move's by default), along
    one of the directions' axes. ``exact:True`` asks for exactly LENGTH (a longer line does not
    count). As in Ludii, the line is made of the kind of piece on the site, or of the kinds a
    role owns (``(is Line 3 Mover)``), or of the kinds ``what:``/``whats:`` name; ``if:`` must
    hold on each of its sites (with the site as ``(to)``); ``throughAny:`` looks from each of
    its sites. In a stacking game any piece of a stack counts (``top:True``: only its top one)
    and ``byLevel:True`` also finds lines up a stack and along rising or falling levels (see
    :mod:`.booleans_line` for Ludii's reading, kept exactly).

    The site is read as it is, as in Ludii: an empty site (``through:``, or the last move's when
    a capture took the piece just placed) makes the line one of empty sites when no kind of
    piece is named, and no line when a player or kinds are named (its empty site is none of
    theirs); no piece is supposed placed there. ``who:`` (ours) names the owner as a number.

    Parameters:
        type: the kind of site (the board's own; another kind is refused)
        length: the least number of pieces in the line
        directions: the direction or relation whose lines are searched (``Adjacent`` when left
            out, as in Ludii: on a board of vertices only its drawn lines; ``All`` adds the
            diagonals)
        through: the site the line must run through (the last move's when left out)
        through_any: the line must run through one of these sites
        who: the player whose line it must be (the owner of the site's piece when left out)
        role: the player whose kinds of piece make the line (Ludii's role)
        what: the kind of piece making the line
        whats: the kinds of piece making the line
        exact: True: the line must have exactly ``length`` pieces, no more
        contiguous: False: the player's pieces anywhere on the line count, gaps and all
        if_: a condition on each site of the line (the site is ``(to)``)
        by_level: True: in a stacking game, lines in stacks and along levels
        top: True: in a stacking game, only the top piece of each stack counts
        through_how_much: the least number of different kinds of piece in the line
        is_visible: True: Ludii's test that a line is seen from above on its 3D boards: a site
            is hidden when it and the last site counted have two occupied sites above in
            common (and the sites Ludii hard-codes, covered by the next site)
        use_opposites: False: a line runs from the site one way only

    Examples:
        (is Line 5)
        (is Line 6 All exact:False)
        (is Line 5 Orthogonal through:(last To) who:Mover)
        (is Line 6 through:(to))
        (is Line 3 Orthogonal contiguous:False)
        (is Line 3 Mover)
        (is Line 4 whats:{1 2} if:(is Occupied (to)))
        (is Line Cell 3 throughAny:(sites Occupied by:Mover) useOpposites:False)
        (is Line 4 All byLevel:True)
    """

    name = "is Line"

    def words(self, w):
        whose = f"{w.whose(self.who)} " if self.who is not None else ""
        exact = "exactly " if self.exact is not None else ""
        return f"a line of {exact}{w.of(self.length)} {whose}pieces"
    default_directions = "Adjacent"  # the concept Ludii gives a line in its default directions
    termination = Termination.LINE
    kind = BOOL
    checks_site_type = True  # pieces are on the board's kind of site only (see .sitetypes)
    type: Any = site_type_param()
    length: Any = Param(INT_FN, range=LENGTH)
    directions: Any = Param(DIRS, optional=True)
    through: Any = Param(SITE_FN, optional=True, named=True)
    through_any: Any = Param(REGION_FN, optional=True, named=True, key="throughAny")
    who: Any = Param(PLAYER, optional=True, named=True)
    role: Any = Param(ROLE, optional=True)
    what: Any = Param(INT_FN, optional=True, named=True, range=PIECE_NUMBER)
    whats: Any = Param(ArrayOf(INT_FN), optional=True, named=True, range=PIECE_NUMBER)
    exact: Any = Param(BOOL_FN, optional=True, named=True)
    contiguous: Any = Param(BOOL_LIT, optional=True, named=True, doc="False: the player's pieces anywhere on the line count, gaps and all [True]")
    if_: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    by_level: Any = Param(BOOL_FN, optional=True, named=True, key="byLevel")
    top: Any = Param(BOOL_FN, optional=True, named=True)
    through_how_much: Any = Param(INT_FN, optional=True, named=True, key="throughHowMuch", range=PIECE_NUMBER)
    is_visible: Any = Param(BOOL_FN, optional=True, named=True, key="isVisible")
    use_opposites: Any = Param(BOOL_FN, optional=True, named=True, key="useOpposites")
    concepts = ("Line",)
    _LUDII_ONLY = ("through_any", "role", "whats", "if_", "by_level", "top", "through_how_much",
                   "is_visible", "use_opposites")

    def validate(self) -> None:
        owners = [p for p in (self.who, self.role, self.what, self.whats) if p is not None]
        if len(owners) > 1:
            raise BindError("is Line: give one of a role, who:, what: and whats:", owners[1].span)
        if self.through is not None and self.through_any is not None:
            raise BindError("is Line: give through: or throughAny:, not both", self.through_any.span)

    def quick(self, game: Any) -> bool:
        """Whether the quick test (by owners, below) answers as Ludii's reading does: none of
        Ludii's further parameters, ``exact:`` a constant, no stacks, and each player owning
        one kind of piece, nobody else any."""
        if any(getattr(self, name) is not None for name in self._LUDII_ONLY) or game.stacking:
            return False
        if "puzzle" in game.arrays:  # a deduction puzzle's sites hold values (.booleans_line)
            return False
        if self.exact is not None and not isinstance(self.exact, Bool):
            return False
        owners = list(game.owner_of[1:])
        return all(1 <= o <= game.num_players for o in owners) and len(set(owners)) == len(owners)

    def compile(self, c: Compiler):
        length = _line_length(c, self)
        if not self.quick(c.game):
            from .booleans_line import compile_line
            return compile_line(c, self, length)
        gaps = self.contiguous is not None and not self.contiguous.value
        dirs = c.directions(self.directions, "Adjacent")
        axes_at = c.topo.axes_for(dirs)
        through = c.site(self.through) if self.through is not None else (lambda s, e: s.last_to)
        who = _value(c, self.who) if self.who is not None else None
        if self.what is not None:  # each player owns one kind: the kind's pieces are its owner's
            kind, owner_of = c.int(self.what), c.game.owner_of
            who = lambda s, e: owner_of[q] if 0 <= (q := kind(s, e)) < len(owner_of) else -1  # noqa: E731
        named = self.who is not None  # who: names a player (never nobody); what: 0 is no kind: empty sites
        exact = isinstance(self.exact, Bool) and self.exact.value

        def line(s, e):
            site = through(s, e)
            if site < 0:
                return False
            owners = s.who
            here = owners[site]
            p = who(s, e) if who is not None else here  # 0: a line of empty sites (Ludii's)
            if here != p or (p == 0 and named):
                return False
            n = length(s, e)
            for fwd, back in axes_at[site]:
                if gaps:  # (is Line 3 contiguous:False): every piece of p on the line
                    count = 1 + sum(1 for x in fwd if owners[x] == p) + sum(1 for x in back if owners[x] == p)
                    if count == n or (count > n and not exact):
                        return True
                    continue
                count = 1
                for x in fwd:
                    if owners[x] != p:
                        break
                    count += 1
                for x in back:
                    if owners[x] != p:
                        break
                    count += 1
                if count == n or (count > n and not exact):
                    return True
            return False
        return line

    def kernel_bool(self, k: Emitter) -> str:
        import numpy as np

        from ..native import abi
        from ..native.emit import NoKernel
        from ..native.kernels.core import _value
        from ..native.kernels.placement import _directions, axes_table
        if self.exact is not None and not isinstance(self.exact, Bool):
            raise NoKernel("(is Line exact:...)", "exact: given by an expression")
        if not self.quick(k.game):
            raise NoKernel("(is Line ...)", "Ludii's reading by kinds of piece, stacks or its other parameters")
        exact = isinstance(self.exact, Bool) and self.exact.value
        gaps = self.contiguous is not None and not self.contiguous.value
        length = k.int(self.length)
        if length.lstrip("-").isdigit() and int(length) < 1:
            raise NoKernel("(is Line ...)", "a length below 1")
        axes = axes_table(k, _directions(k, self.directions, "Adjacent"))
        site = k.temp("s")
        k.line(f"{site} = {k.site(self.through) if self.through is not None else k.var(abi.LAST_TO)}")
        here, p, n, out = k.temp("h"), k.temp("p"), k.temp("n"), k.temp("b")
        k.line(f"{out} = False")
        with k.indented(f"if {site} >= 0:"):
            k.line(f"{here} = {k.who(site)}")
            if self.what is not None:  # each player owns one kind: the kind's pieces are its owner's
                owners, q = k.table(np.array(k.game.owner_of, dtype=np.int64)), k.temp("q")
                k.line(f"{q} = {k.int(self.what)}")
                k.line(f"{p} = {owners}[{q}] if 0 <= {q} < {len(k.game.owner_of)} else -1")
            else:
                k.line(f"{p} = {_value(k, self.who) if self.who is not None else here}")
            # with nobody named, an empty site looks for a line of empty sites (Ludii's)
            named = f"{p} != 0 and " if self.who is not None else ""
            with k.indented(f"if {named}{here} == {p}:"):
                k.line(f"{n} = {length}")
                k.line(f"if {n} < 1:")
                k.line(f"    {k.st}[{abi.ERROR}] = {abi.ERR_RANGE}")
                k.line(f"{out} = line_through({k.st}, WHO, {axes}, {site}, {p}, {n}, {exact}, {gaps})")
        return out


class CountLines(Ludeme):
    """The number of lines of at least LENGTH pieces of a player anywhere on the board (each
    maximal line counts once, along the given directions' axes).

    Parameters:
        length: the least number of pieces in a line
        directions: the directions whose axes are searched (every axis of the board when left out)
        of: the player whose lines are counted

    Examples:
        (count Lines 5 of:Mover)
        (count Lines 4 Orthogonal of:P2)
    """

    name = "count Lines"

    def words(self, w):
        return f"the number of lines of {w.of(self.length)} of {w.of(self.of)}"
    default_directions = "All"
    termination = Termination.LINE
    kind = "int"
    length: Any = Param(INT_FN, range=LENGTH)
    directions: Any = Param(DIRS, optional=True)
    of: Any = Param(PLAYER, named=True)
    concepts = ("Line",)

    def compile(self, c: Compiler):
        length = _line_length(c, self)
        dirs = c.directions(self.directions, "All")
        axes_at = c.topo.axes_for(dirs)
        of = _value(c, self.of)

        def count(s, e):
            p, n = of(s, e), length(s, e)
            owners = s.who
            total = 0
            for site, o in enumerate(owners):
                if o != p:
                    continue
                for fwd, back in axes_at[site]:
                    if back and owners[back[0]] == p:
                        continue  # not the start of a line
                    run = 1
                    for x in fwd:
                        if owners[x] != p:
                            break
                        run += 1
                    if run >= n:
                        total += 1
            return total
        return count

    def kernel_int(self, k: Emitter) -> str:
        from ..native.kernels.core import _value
        from ..native.kernels.placement import _directions, axes_table
        axes = axes_table(k, _directions(k, self.directions, "All"))
        length = k.int(self.length)
        return f"count_lines({k.st}, WHO, N, {axes}, {_value(k, self.of)}, {length})"


class NoMoves(Ludeme):
    """The player is stalemated, as Ludii says it: for ``Next``, the next player (the mover
    again after a ``moveAgain`` of this move) would have no move now (their play rule is tried,
    as Ludii's ``computeStalemated``; asked again while it is being tried, it is false); for any
    other player, that player had to pass at their latest move, their play rule having no move
    for them (the flag a pass sets and any other move of theirs clears).

    Parameters:
        player: the player asked about (``Next``, ``Mover``...)

    Examples:
        (no Moves Next)
    """

    name = "no Moves"

    def words(self, w):
        return f"{w.of(self.player)} has no legal move"

    def concepts_at(self, where):
        role = getattr(self.player, "name", "")
        return ("NoMoves",) + (("NoMovesMover",) if role == "Mover" else ("NoMovesNext",) if role == "Next" else ())
    termination = Termination.NO_MOVES
    kind = BOOL
    player: Any = Param(PLAYER)

    def _asks_next(self) -> bool:
        return getattr(self.player, "name", "") == "Next"

    def compile(self, c: Compiler):
        if self._asks_next():
            return next_stalemated
        p = _value(c, self.player)
        return lambda s, e: bool(s.stalemated >> p(s, e) & 1)

    def kernel_bool(self, k: Emitter) -> str:
        from ..native import abi
        from ..native.emit import NoKernel
        from ..native.kernels.core import _value
        if not self._asks_next():
            return f"((({k.var(abi.STALEMATED)}) >> ({_value(k, self.player)})) & 1 != 0)"
        if k.fn.name not in ("check_end", "next_phase"):
            raise NoKernel("(no Moves Next)", "asked elsewhere than in the end rules and phases")
        k.notes["moves_of"] = True
        return f"next_stalemated({k.st}, T)"


def next_stalemated(s: State, e: Any = None) -> bool:
    """Ludii's ``(no Moves Next)``: the next player (``State.next``) has no move now; the flag
    is kept for them (outside the listing of legal moves, which leaves the state as it is).
    Asked while it is working this out, it is false (Ludii's autoFail)."""
    if s._asking_next:
        return False
    player = turns.ludii_next(s)
    # Ludii lists their moves as at the start of their turn (setMoverAndImpliedPrevAndNext): Next
    # is then the player after them, even after a moveAgain, and Prev the player who just moved
    again, s.move_again = s.move_again, False
    s._asking_next, s._check_prev = True, s.mover
    try:
        stuck = not turns.could_move(s, player)
    finally:
        s._asking_next, s._check_prev = False, 0
        s.move_again = again
    if not s._moving:
        bit = 1 << player
        if bool(s.stalemated & bit) != stuck:
            s.stalemated ^= bit
    return stuck


class AllPassed(Ludeme):
    """Every player passed on their latest turn (Ludii's ``Context.allPass``: the turns read
    backwards from the latest move, one per player, each began with a pass), once every player
    has had a move. A game that asks it ends by its own rules when all pass, not as a draw.

    Examples:
        (all Passed)
    """

    name = "all Passed"

    def words(self, w):
        return "every player passed"
    termination = Termination.PASSES
    kind = BOOL
    # no parameters

    def declare(self, d: Any, c: Any) -> None:
        d.not_all_pass = True  # Ludii's NotAllPass: no draw when all pass

    def compile(self, c: Compiler):
        n = c.game.num_players
        return lambda s, e: s.ply >= n and turns.all_passed(s)

    def kernel_bool(self, k: Emitter) -> str:
        from ..native import abi
        return f"({k.var(abi.PLY)} >= {k.players} and all_passed({k.st}, T))"
