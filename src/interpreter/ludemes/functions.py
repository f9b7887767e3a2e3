"""Values: sites of the context ((to), (from), (last To)...), ranges, counts, scores, owners,
arithmetic. Regions (sets of sites) are in :mod:`.regions`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine import stacks, turns
from ..engine.arrays import COUNT, EFFECT_TO, HAND_SITES
from ..engine.result import Termination
from ..engine.values import const_fn, constant
from ..errors import BindError, LudError
from ..syntax.nodes import Const, Int
from .base import (
    ANY_INT,
    BOOL_FN,
    BOOL_LIT,
    DISTANCE,
    INT,
    INT_FN,
    INT_MAX,
    INT_MIN,
    INTS,
    LENGTH,
    LEVEL,
    PLAYER,
    RANGE,
    REGION_FN,
    SITE_FN,
    SITE_NUMBER,
    STR_LIT,
    ArrayOf,
    BoundArray,
    Either,
    Enum,
    Instance,
    Kind,
    Ludeme,
    Param,
    kind_of,
)
from .logic import value_fn
from .sitetypes import site_type_param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.state import State
    from ..native.emit import Emitter


def check_site_type(c: Compiler, ludeme: Ludeme, value) -> None:
    """A site type given must be the board's (:func:`.measures.check_site_type`)."""
    from .measures import check_site_type as check
    check(c, ludeme, value)


SITE_TYPE = Enum(("Vertex", "Cell", "Edge"), "site type")
WHEN = Enum(("StartOfMove", "EndOfMove", "StartOfTurn", "EndOfTurn", "StartOfRound", "EndOfRound",
             "StartOfPhase", "EndOfPhase", "StartOfGame", "EndOfGame", "StartOfMatch", "EndOfMatch",
             "StartOfSession", "EndOfSession"), "moment")  # Ludii's WhenType


# --- values held by the state -------------------------------------------------------------------------------
# the frame's sites, read by a plain attribute access each (these are read very often)
_FRAME_READERS = {
    "to": lambda s, e: e.to,
    "frm": lambda s, e: e.frm,
    "between": lambda s, e: e.between,
    "site": lambda s, e: e.site,
}

class _StateValue(Ludeme):
    """A value the state holds as an attribute (the mover, the ply...), or a variable of the
    frame the rule is evaluated in (``env_field``: (to), (from), (between), (site))."""

    kind = INT
    # no parameters
    attr = ""  # the state's attribute
    env_field = ""  # the frame's variable

    def compile(self, c: Compiler):
        if self.env_field:
            return _FRAME_READERS[self.env_field]
        attr = self.attr
        return lambda s, e: getattr(s, attr)


class To(_StateValue):
    """The site a move goes to (inside move and capture rules). As a parameter of a move: the
    sites it may go to (``if:``) and what happens there before the piece arrives (``(apply
    ...)``: a capture by replacement, ``(apply (remove (to)))``).

    Parameters:
        type: the kind of site (the board's own kind when left out: see :mod:`.sitetypes`)
        sites: the sites a move may go to
        level: in a stacking game, the level of the stack the piece is put at (on top when left
            out)
        rotations: in a move from a site to another, the rotations the piece may arrive with
            (one move each, whose to effect does not happen, as Ludii's; see
            :mod:`.rotations`); Ludii's other moves do not read it
        if: the condition a site must meet, ``(to)`` being the site
        apply: what happens on the site before the piece arrives (a capture by replacement)

    Examples:
        (to)
        (to if:(is Enemy (who at:(to))) (apply (remove (to))))
        (to Edge (sites Empty Edge))
        (to (sites Empty) (rotations Orthogonal))
    """

    name = "to"
    checks_site_type = True  # pieces are on the board's kind of site only (see .sitetypes)

    def words(self, w):
        return "the site moved to"
    env_field = "to"
    type: Any = site_type_param()
    sites: Any = Param(REGION_FN, optional=True)
    level: Any = Param(INT_FN, optional=True, named=True, range=LEVEL)
    rotations: Any = Param(Instance("rotations"), optional=True)
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    apply: Any = Param(kind_of("apply"), optional=True)

    def kernel_int(self, k: Emitter) -> str:
        from ..native.kernels.core import _plain
        _plain(self)
        return k.bound("to", "(to)")


class From(_StateValue):
    """The site a move comes from.

    Parameters:
        type: the kind of site (the board's own kind when left out: see :mod:`.sitetypes`)
        sites: the sites a piece may move from (the piece's own site when left out)
        level: in a stacking game, the level of the stack the piece moved comes from (the top
            when left out)
        if: the condition a site must meet to be moved from, ``(from)`` being the site
        at: as a value, Ludii's moment: ``StartOfTurn``, the site the mover's turn began from
            (any other moment: the frame's ``(from)``, as in Ludii)

    Examples:
        (from)
        (from (sites Occupied by:Mover))
        (from at:StartOfTurn)
    """

    name = "from"
    checks_site_type = True  # pieces are on the board's kind of site only (see .sitetypes)

    def words(self, w):
        return "the site moved from"
    env_field = "frm"
    type: Any = site_type_param()
    sites: Any = Param(REGION_FN, optional=True)
    level: Any = Param(INT_FN, optional=True, named=True, range=LEVEL)
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    at: Any = Param(WHEN, optional=True, named=True)

    def compile(self, c: Compiler):
        if self.at is not None and self.at.name == "StartOfTurn":
            return _from_start_of_turn
        return super().compile(c)  # Ludii's other moments read the frame's (from)

    def kernel_int(self, k: Emitter) -> str:
        from ..native.kernels.core import _plain
        _plain(self)
        return k.bound("frm", "(from)")


def _from_start_of_turn(s: State, e: Env) -> int:
    """Ludii's ``(from at:StartOfTurn)``: the site the first move of the mover's current turn
    came from (its site, for a placement); Undefined (-1) before any move or when the latest
    move was another player's (a new turn)."""
    history = s.history
    if not history or s.last_mover != s.mover:
        return -1
    first = history[s.turn_start] if 0 <= s.turn_start < len(history) else None
    if first is None:
        return -1
    return first.frm if first.frm >= 0 else first.to


class Between(_StateValue):
    """The site being jumped over or enclosed (inside hop and custodial rules); as a parameter
    of those rules, what the jumped/enclosed sites must be and what happens to them.
    ``sameOwner:True`` asks that all the enclosed pieces belong to one player (custodial). In a
    hop, ``before:`` lets the piece cross that many empty sites to reach the hurdle and
    ``after:`` land that many sites beyond it (a flying king).

    Parameters:
        before: in a hop: empty sites allowed before the hurdle
        length: how many sites lie between (``exact``, ``max`` or ``range``; one when left out)
        after: in a hop: further sites allowed after the hurdle
        if: the condition each site between must meet, ``(between)`` being the site
        sameOwner: True: the enclosed pieces must all belong to one player
        trail: in a slide: the piece (by number) left on the site slid from and on each site
            slid over, once the piece has moved (Ludii's; the other moves do not read it)
        apply: what happens to each site between (a removal, a claim)

    Examples:
        (between)
        (between before:2 after:2 if:(is Enemy (who at:(between))) (apply (remove (between))))
        (between (exact 2) if:(is Next (who at:(between))) (apply (remove (between))))
        (between trail:(id "Wall" Neutral))
    """

    name = "between"

    def words(self, w):
        return "the site between"
    env_field = "between"
    before: Any = Param(INT_FN, optional=True, named=True, doc="in a hop: empty sites allowed before the hurdle [0]", range=DISTANCE)
    length: Any = Param(kind_of(RANGE), optional=True)
    after: Any = Param(INT_FN, optional=True, named=True, doc="in a hop: further sites allowed after the hurdle [0]", range=DISTANCE)
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    sameOwner: Any = Param(BOOL_LIT, optional=True, named=True)
    trail: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)
    apply: Any = Param(kind_of("apply"), optional=True)

    def kernel_int(self, k: Emitter) -> str:
        from ..native.kernels.core import _plain
        _plain(self)
        return k.bound("between", "(between)")


class Site(_StateValue):
    """The site being visited by ``forEach Site``.

    Examples:
        (site)
    """

    name = "site"

    def words(self, w):
        return "the site"
    env_field = "site"

    def kernel_int(self, k: Emitter) -> str:
        return k.bound("site", "(site)")


class LastTo(_StateValue):
    """The site the last move went to.

    With ``afterConsequence:True``, the site where the last move's consequences last put
    pieces (the last pit a sowing filled), or the move's own site when they put none there.

    Parameters:
        afterConsequence: True: where the last move's consequences last put pieces, instead of the
            move's own site

    Examples:
        (last To)
        (last To afterConsequence:True)
    """

    name = "last To"

    def words(self, w):
        return "the last move's site"
    attr = "last_to"
    afterConsequence: Any = Param(BOOL_LIT, optional=True, named=True)

    def compile(self, c: Compiler):
        attr = self.attr
        if self.afterConsequence is None or not self.afterConsequence.value:
            return lambda s, e: getattr(s, attr)
        field = 1 if attr == "last_to" else 2

        def after(s, e):
            # the last move's record, kept until the next move becomes the last (turns.act):
            # read by a later move's first effects too, whatever the ply (Ludii's do: prior)
            data = s.arrays[EFFECT_TO]
            return data[field] if data[0] >= 0 else getattr(s, attr)
        return after

    def declare(self, d, c) -> None:
        if self.afterConsequence is not None and self.afterConsequence.value:
            # effects that move counted pieces note (ply, site) in the state array effect_to
            d.array(EFFECT_TO, [-1, -1, -1])

    def kernel_int(self, k: Emitter) -> str:
        from ..native import abi
        from ..native.emit import NoKernel
        if self.afterConsequence is not None and self.afterConsequence.value:
            raise NoKernel("(last To afterConsequence:True)")
        return k.var(abi.LAST_TO)


class LastFrom(_StateValue):
    """The site the last move came from.

    With ``afterConsequence:True``, where the last move's consequences last took pieces from
    (a sowing's pit, a capture's), or the move's own site when they moved none.

    Parameters:
        afterConsequence: True: where the last move's consequences took pieces from, instead of the
            move's own site

    Examples:
        (last From)
        (last From afterConsequence:True)
    """

    name = "last From"

    def words(self, w):
        return "the site the last move left"
    attr = "last_from"
    afterConsequence: Any = Param(BOOL_LIT, optional=True, named=True)
    compile = LastTo.compile
    declare = LastTo.declare

    def kernel_int(self, k: Emitter) -> str:
        from ..native import abi
        from ..native.emit import NoKernel
        if self.afterConsequence is not None and self.afterConsequence.value:
            raise NoKernel("(last From afterConsequence:True)")
        return k.var(abi.LAST_FROM)


class MoverFn(_StateValue):
    """The number of the player to move.

    Examples:
        (mover)
    """

    name = "mover"

    def words(self, w):
        return "{Mover}"
    # no parameters
    attr = "mover"

    def kernel_int(self, k: Emitter) -> str:
        return k.mover


class NextFn(Ludeme):
    """The number of the player to move next: the player after the mover, or the mover again
    once a move's consequences have said ``(moveAgain)`` (Ludii's ``(next)``, as the end rules
    see it).

    Examples:
        (next)
    """

    name = "next"

    def words(self, w):
        return "{Next}"
    kind = INT
    # no parameters

    def compile(self, c: Compiler):
        return lambda s, e: turns.ludii_next(s)

    def kernel_int(self, k: Emitter) -> str:
        return k.next_player()


# --- ranges for lengths ----------------------------------------------------------------------------
class Exact(Ludeme):
    """Exactly N (a length constraint, e.g. of a custodial capture).

    Parameters:
        n: the length

    Examples:
        (exact 2)
    """

    name = "exact"
    kind = RANGE
    n: Any = Param(INT_FN, range=DISTANCE)

    def bounds(self, c: Compiler) -> tuple[int, int]:
        n = c.static_int(self.n)
        if n < 0:
            raise BindError(f"a length or distance is at least 0, not {n}", self.span)
        return n, n

    def dynamic_bounds(self, c: Compiler):
        """bounds(state, env) -> (low, high), for a length known only during play."""
        n = c.int(self.n)
        return lambda s, e: (max(0, v := n(s, e)), max(0, v))


class Max(Ludeme):
    """Up to N (a length constraint); or, as Ludii's int ``max``, the greater of two numbers,
    or the greatest number of an array (-1, Ludii's undefined, for an empty array).

    Parameters:
        n: the greatest length allowed; or the first number, or the array
        other: the second number (the greater of the two is the value)

    Examples:
        (max 2)
        (max (count Moves) 3)
        (max (sizes Group Mover))
    """

    name = "max"
    kind = RANGE

    def concepts_at(self, where):
        # Ludii's int max (of two numbers or an array) is Maximum; its range max says nothing
        return ("Maximum",) if self.kind == INT else ()
    n: Any = Param(Either((INT_FN, Kind((INTS,), "ints"))), range=ANY_INT)
    other: Any = Param(INT_FN, optional=True, range=ANY_INT)

    def validate(self) -> None:
        if self.other is None and isinstance(self.n, Int) and self.n.value not in LENGTH:
            raise BindError(f"max: n is {self.n.value}, out of its range {LENGTH}", self.n.span,
                            hint=f"{LENGTH.what}")
        many = isinstance(self.n, Ludeme) and self.n.kind == INTS
        if many and self.other is not None:
            raise BindError("(max <array>) takes one array", self.other.span)
        if many or self.other is not None:
            self.kind = INT  # type: ignore[misc]  # this instance's kind: (max a b) is an int

    def compile(self, c: Compiler):
        if self.other is not None:
            a, b = c.int(self.n), c.int(self.other)
            return lambda s, e: max(a(s, e), b(s, e))
        values = self.n.compile(c)

        def greatest(s, e) -> int:
            found = values(s, e)
            return max(found) if found else -1  # Ludii's max of nothing: undefined (-1)
        return greatest

    def kernel_int(self, k: Emitter) -> str:
        from ..native.emit import NoKernel
        if self.other is None:
            raise NoKernel("(max <array>)")
        from ..native.kernels.regions import _fixed
        a, b = _fixed(k, k.int(self.n), "a"), _fixed(k, k.int(self.other), "b")
        return f"max({a}, {b})"

    def bounds(self, c: Compiler) -> tuple[int, int]:
        n = c.static_int(self.n)
        if n < 1:
            raise BindError(f"(max N) allows 1 to N: N is at least 1, not {n}", self.span)
        return 1, n

    def dynamic_bounds(self, c: Compiler):
        """bounds(state, env) -> (low, high), for a length known only during play."""
        n = c.int(self.n)
        return lambda s, e: (1, n(s, e))


class Range(Ludeme):
    """From MIN to MAX inclusive (``Infinity`` for no upper bound).

    Parameters:
        min: the least value
        max: the greatest value (``min`` alone when left out; ``Infinity`` for no bound)

    Examples:
        (range 1 Infinity)
        (range 3 15)
    """

    name = "range"
    kind = RANGE
    min: Any = Param(INT_FN, range=DISTANCE)
    max: Any = Param(INT_FN, optional=True, range=DISTANCE)

    def dynamic_bounds(self, c: Compiler):
        """bounds(state, env) -> (low, high), for a range known only during play."""
        lo = c.int(self.min)
        hi = c.int(self.max) if self.max is not None else lo
        return lambda s, e: (max(0, lo(s, e)), hi(s, e))

    def bounds(self, c: Compiler) -> tuple[int, int]:
        lo = c.static_int(self.min)
        hi = c.static_int(self.max) if self.max is not None else lo
        if lo < 0:
            raise BindError(f"a length or distance is at least 0, not {lo}", self.span)
        if hi < lo:
            raise BindError(f"empty range {lo}..{hi}", self.span)
        return lo, hi


#: a range's (low, high): known before play, or a function of (state, env) giving them in play
Bounds = tuple[int, int] | Callable[["State", "Env"], tuple[int, int]]


def range_bounds(c: Compiler, length: Any) -> Bounds:
    """A range's (low, high) when known before play, else a function of (state, env) giving
    them during play (Ludii's ranges are evaluated when the rule runs)."""
    try:
        return length.bounds(c)
    except BindError as err:
        if "known before play" not in str(err) or not hasattr(length, "dynamic_bounds"):
            raise
        return length.dynamic_bounds(c)


def at_least(c: Compiler, value, low: int, what, where: Ludeme):
    """An int function of ``value`` that is at least ``low``: checked at load time when the value
    is known before play (the usual case), else each time it is computed. ``what(n)`` says what
    is wrong with ``n``."""
    fn = c.int(value)
    known = constant(fn)
    span = getattr(value, "span", None) or where.span
    if known is not None:
        if known < low:
            raise BindError(what(known), span)
        return fn

    def checked(s, e):
        n = fn(s, e)
        if n < low:
            raise LudError(what(n) + " (the value of this expression now)", span)
        return n
    return checked


# --- counts, scores, owners ----------------------------------------------------------------------------
def _by_owner(c: Compiler, who: Any) -> bool:
    """``state.counts`` (the pieces each player owns on the board) answers a count of a player's
    pieces, or of everybody's: not where a site holds a number of pieces (Ludii counts them all,
    ``cs.count``), nor everybody's where pieces of nobody, neutral or Shared, may be on the board
    (Ludii's All is every id, 0 and the Shared role too: PlayersIndices)."""
    if COUNT in c.game.arrays:
        return False
    return who is not None or all(comp.owner for comp in c.game.components[1:])


def shared_or_neutral(game: Any, role: Any) -> frozenset[int] | None:
    """For the role ``Shared``, the kinds of piece the players share; for ``Neutral`` in a game
    that has Shared pieces, the other kinds of nobody: Ludii's Shared role is a player of its own
    (one after the players) where ours stores its pieces with owner 0; None for any other role."""
    name = role.name if isinstance(role, Const) else None
    if name == "Shared":
        return game.shared_kinds
    if name == "Neutral" and game.shared_kinds:
        return frozenset(c.index for c in game.components[1:] if c.owner == 0 and not c.shared)
    return None


class CountPieces(Ludeme):
    """How many pieces a player has (``All``, or no player: everybody's): on the board and, as
    Ludii's, in their hand too (a hand's site with its count), of one kind only when a piece
    name is given (``"Ball"``: every owner's, ``"Ball1"``: P1's), and only in a region with
    ``in:`` (hands then only as far as the region holds their sites). With another kind of
    site than the board's, the pieces on the elements of that kind (:mod:`.other_sites`).

    Parameters:
        type: the kind of site the pieces are on (the board's own when left out)
        role: whose pieces (``All`` or left out: everybody's)
        of: whose pieces, by player number (instead of ``role``)
        piece: the kind of piece counted (``"Ball"`` any owner's, ``"Ball1"`` P1's)
        in: the region counted in (the whole board when left out)
        if: the condition a piece's site must meet to be counted, ``(site)`` being the site

    Examples:
        (count Pieces Mover)
        (count Pieces Next)
        (count Pieces "Ball1")
        (count Pieces Mover "1Dot" in:(sites))
        (count Pieces of:(mover) if:(is In (site) (sites Top)))
        (count Pieces Edge Mover)
    """

    name = "count Pieces"

    def words(self, w):
        owner, noun = self.counted(w)
        return f"the number of {noun}s of {owner}"

    def counted(self, w) -> tuple[str, str]:
        """(whose, what): ("{Next}", "piece"), for comparisons said as "P2 has at most 1 piece"."""
        everyone = self.of is None and (
            self.role is None or (isinstance(self.role, Const) and self.role.name in ("All", "Each")))
        noun = f"{self.piece.value} piece" if self.piece is not None else "piece"
        if self.region is not None:
            noun += f" in {w.of(self.region)}"
        return ("everybody" if everyone else w.of(self.of if self.of is not None else self.role)), noun
    termination = Termination.CAPTURE
    kind = INT
    checks_site_type = True  # pieces are on the board's kind of site only (see .sitetypes)
    reads_other_kinds = True  # (count Pieces Edge ...) counts the pieces on the edges (.other_sites)
    type: Any = site_type_param()
    role: Any = Param(PLAYER, optional=True)
    of: Any = Param(INT_FN, optional=True, named=True, range=(0, 16))
    piece: Any = Param(STR_LIT, optional=True)
    region: Any = Param(REGION_FN, optional=True, named=True, key="in")
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")

    def validate(self) -> None:
        if self.role is not None and self.of is not None:
            raise BindError("count Pieces: give a role or of:, not both", self.span)

    def dice_counted(self, c: Compiler) -> Any:
        """fn(s, e) -> the dice counted as pieces, or None when none can be: Ludii places each
        die of a ``dice`` container as a piece (Game.start's PlaceItem "Die<i>") on its site,
        owned by the dice's owner (Shared by default), and CountPieces visits every site its
        players own in every container: everybody's count (no role, or ``All``: every id,
        Shared's too) holds every die (Chaturaji's end takes one off for its die), ``Shared``'s
        the shared dice, a player's (or ``of:``) the dice of that player; only the dice on the
        sites of ``in:`` when it is given. A die is of no kind named here, and its site is a cell:
        none with a piece name, a condition or another kind of site named."""
        from .dice import first_dice_site
        game = c.game
        if not game.dice or self.piece is not None or self.condition is not None or \
                (self.type is not None and self.type.name != "Cell"):
            return None
        first = first_dice_site(game)
        dice = [(first + ds.first + j, ds.owner) for ds in game.dice for j in range(ds.size)]
        name = self.role.name if isinstance(self.role, Const) else None
        who: Any = None  # everybody's
        if self.of is not None:
            who = c.int(self.of)
        elif name in ("Shared", "Neutral"):
            owner = game.shared_role if name == "Shared" else 0
            who = lambda s, e: owner  # noqa: E731
        elif name is not None and name != "All":
            if not (name in ("Mover", "Next", "Prev") or (name[:1] == "P" and name[1:].isdigit())):
                return None  # a set of players (Each, Enemy, Friend...): no die counted, as before
            who = c.player(self.role)
        region = c.region(self.region) if self.region is not None else None
        if who is None and region is None:
            total = len(dice)
            return lambda s, e: total

        def counted(s: State, e: Env) -> int:
            p = who(s, e) if who is not None else None
            inside = set(region(s, e)) if region is not None else None
            return sum(1 for x, o in dice if (p is None or o == p) and (inside is None or x in inside))
        return counted

    def compile(self, c: Compiler):
        counted = self._compile_count(c)
        dice = self.dice_counted(c)
        if dice is None:
            return counted
        return lambda s, e: counted(s, e) + dice(s, e)

    def _compile_count(self, c: Compiler):
        if self.piece is not None and self.piece.value == "Bag":  # Ludii's: the dominoes not dealt yet
            from .dominoes import dominoes_left
            return dominoes_left(c)
        everyone = self.of is None and (
            self.role is None or (isinstance(self.role, Const) and self.role.name in ("All", "Each")))
        kinds = frozenset(c.components_named(self.piece.value, self.piece)) if self.piece is not None else None
        of_role = shared_or_neutral(c.game, self.role)
        if of_role is not None:  # Ludii's Shared role is a player of its own (PlayersIndices)
            everyone, kinds = True, of_role if kinds is None else kinds & of_role
        who = None if everyone else c.int(self.of) if self.of is not None else c.player(self.role)
        region = c.region(self.region) if self.region is not None else None
        cond = c.bool(self.condition) if self.condition is not None else None
        from .other_sites import other_kind
        sited = other_kind(c, self.type)
        if sited is not None:
            return self._counted_on(c, sited, who, kinds, region, cond)
        if cond is not None:
            return self._counted_if(c, who, kinds, region, cond)
        if region is None and self._hands_counted(c):  # Ludii's: the pieces in hand count too
            return self._with_hands(c, who, kinds)
        if kinds is None and region is None and _by_owner(c, who):
            if who is None:
                return lambda s, e: sum(s.counts)
            return lambda s, e: s.counts[who(s, e)]

        n = c.topo.n
        owner_of = c.game.owner_of
        if c.game.stacking:  # every piece of a stack counts, at any level (as without in:)
            return self._counted_levels(c, who, kinds, region)

        def count(s, e):
            what, owners = s.what, s.who
            p = who(s, e) if who is not None else 0
            sites = region(s, e) if region is not None else range(n)
            numbers = s.arrays.get(COUNT)  # Ludii's cs.count: a site's number of pieces
            total = 0
            for x in sites:
                if x >= n:  # a site of one of Ludii's hands (hand Each size:N); a die's counts apart
                    sited = s.arrays.get(HAND_SITES)
                    piece = sited[x - n] if sited is not None and x - n < len(sited) else 0
                    total += bool(piece and (who is None or owner_of[piece] == p)
                                  and (kinds is None or piece in kinds))
                elif what[x] and (who is None or owners[x] == p) and (kinds is None or what[x] in kinds):
                    total += (numbers[x] or 1) if numbers is not None else 1
            return total
        return count

    def _hands_counted(self, c: Compiler) -> bool:
        """Ludii's CountPieces without ``in:`` visits every position a player owns, their hands'
        sites too (a hand's site is of type Cell: left out when another type is named)."""
        from ..engine.arrays import HAND
        if HAND not in c.game.arrays and HAND_SITES not in c.game.arrays:
            return False
        return self.type is None or getattr(self.type, "name", None) == "Cell"

    def _with_hands(self, c: Compiler, who: Any, kinds: Any) -> Any:
        """The count on the board (as without hands) plus the pieces held in hand: a counted
        hand's number of each kind, a hand site's piece times its count (Ludii's cs.count)."""
        from ..engine.arrays import HAND, HAND_SITE_COUNT
        owner_of = c.game.owner_of
        on_board = self._board_only(c, who, kinds)

        def count(s: State, e: Env) -> int:
            p = who(s, e) if who is not None else 0
            total = on_board(s, e)
            held = s.arrays.get(HAND)
            if held is not None:
                for w, k in enumerate(held):
                    if k and w and (who is None or owner_of[w] == p) and (kinds is None or w in kinds):
                        total += k
            sites = s.arrays.get(HAND_SITES)
            if sites is not None:
                numbers = s.arrays.get(HAND_SITE_COUNT)
                for i, w in enumerate(sites):
                    if w and (who is None or owner_of[w] == p) and (kinds is None or w in kinds):
                        total += (numbers[i] or 1) if numbers is not None else 1
            return total
        return count

    def _board_only(self, c: Compiler, who: Any, kinds: Any) -> Any:
        """The pieces on the board's sites (every level of a stack)."""
        if kinds is None and _by_owner(c, who):  # state.counts: every piece on the board, each level of a stack too
            if who is None:
                return lambda s, e: sum(s.counts)
            return lambda s, e: s.counts[who(s, e)]
        n = c.topo.n
        if c.game.stacking:
            return self._counted_levels(c, who, kinds, const_fn(range(n)))

        def count(s: State, e: Env) -> int:
            what, owners = s.what, s.who
            p = who(s, e) if who is not None else 0
            numbers = s.arrays.get(COUNT)  # Ludii's cs.count: a site's number of pieces
            return sum((numbers[x] or 1) if numbers is not None else 1 for x in range(n)
                       if what[x] and (who is None or owners[x] == p) and (kinds is None or what[x] in kinds))
        return count

    def _counted_on(self, c: Compiler, kind: str, who: Any, kinds: Any, region: Any, cond: Any) -> Any:
        """The pieces on the elements of another kind than the board's (.other_sites): those of
        the region (every element of that kind by default), with ``if:`` each bound as
        ``(site)``."""
        from .other_sites import pieces_array
        name, owner_of = pieces_array(kind), c.game.owner_of
        if name not in c.game.arrays:  # no piece is ever put there
            return lambda s, e: 0

        def count(s: State, e: Env) -> int:
            pieces = s.arrays[name]
            p = who(s, e) if who is not None else 0
            frame = e.child() if cond is not None else e
            total = 0
            for x in region(s, e) if region is not None else range(len(pieces)):
                piece = pieces[x] if 0 <= x < len(pieces) else 0
                if piece and (who is None or owner_of[piece] == p) and (kinds is None or piece in kinds):
                    if cond is not None:
                        frame.site = x
                        if not cond(s, frame):
                            continue
                    total += 1
            return total
        return count

    def _counted_levels(self, c: Compiler, who: Any, kinds: Any, region: Any) -> Any:
        """The count in a stacking game: each piece of each stack of the region (Ludii's
        CountPieces visits every level of a site)."""
        n = c.topo.n
        owner_of = c.game.owner_of

        def count(s: State, e: Env) -> int:
            p = who(s, e) if who is not None else 0
            sites = region(s, e) if region is not None else range(len(s.what))
            total = 0
            for x in sites:
                if x >= n:  # a site of one of Ludii's hands
                    piece = s.arrays[HAND_SITES][x - n]
                    total += bool(piece and (who is None or owner_of[piece] == p)
                                  and (kinds is None or piece in kinds))
                    continue
                for entry in stacks.levels(s, x):
                    w = entry[0]
                    total += bool((who is None or owner_of[w] == p) and (kinds is None or w in kinds))
            return total
        return count

    def _counted_if(self, c: Compiler, who: Any, kinds: Any, region: Any, cond: Any) -> Any:
        """Ludii's count with ``if:``: each site holding a piece counted is bound as ``(site)``
        (and, in a stacking game, each level as ``(level)``, each piece counted on its own) and
        counts when the condition holds there: the site's number of pieces, in a game that
        counts them."""
        n = c.topo.n
        owner_of = c.game.owner_of
        stacking = c.game.stacking

        def wanted(piece: int, p: int) -> bool:
            return bool(piece) and (who is None or owner_of[piece] == p) and (kinds is None or piece in kinds)

        def count(s: State, e: Env) -> int:
            what, owners = s.what, s.who
            p = who(s, e) if who is not None else 0
            sites = region(s, e) if region is not None else range(len(what))
            numbers = s.arrays.get(COUNT)
            frame = e.child()
            total = 0
            for x in sites:
                frame.site = x
                if x >= n:  # a site of one of Ludii's hands
                    if wanted(s.arrays[HAND_SITES][x - n], p) and cond(s, frame):
                        total += 1
                elif stacking:
                    for level, entry in enumerate(stacks.levels(s, x)):
                        if wanted(entry[0], p):
                            frame.level = level
                            total += bool(cond(s, frame))
                elif what[x] and (who is None or owners[x] == p) and (kinds is None or what[x] in kinds):
                    if cond(s, frame):
                        total += (numbers[x] or 1) if numbers is not None else 1
            return total
        return count

    def kernel_int(self, k: Emitter) -> str:
        import numpy as np

        from ..native.emit import NoKernel
        from ..native.kernels.core import _components_named
        if self.of is not None or self.condition is not None:
            raise NoKernel("(count Pieces of:... if:...)")
        if k.game.dice and self.piece is None:  # the dice may count as pieces (see dice_counted)
            raise NoKernel("(count Pieces ...)", "the dice count as pieces")
        if self.region is None and ("hand" in k.layout.arrays or k.layout.hand_sites):
            raise NoKernel("(count Pieces ...)", "pieces in hand count too")
        from .other_sites import no_sited_kernel
        no_sited_kernel(self, k, self.type)
        if COUNT in k.game.arrays:
            raise NoKernel("(count Pieces ...)", "sites holding a number of pieces")
        of_role = shared_or_neutral(k.game, self.role)  # the Shared role's kinds (see compile)
        everyone = k.players_of(self.role) is not None or self.role is None or of_role is not None
        if self.piece is None and self.region is None and of_role is None and (not everyone or all(
                comp.owner for comp in k.game.components[1:])):  # COUNTS: the players' pieces only
            if everyone:
                total = k.temp("c")
                k.line(f"{total} = 0")
                k.line(f"for {total}_p in range({k.players + 1}):")
                k.line(f"    {total} += {k.st}[COUNTS + {total}_p]")
                return total
            return f"{k.st}[COUNTS + {k.player(self.role)}]"
        kinds = None
        if self.piece is not None or of_role is not None:
            mask = np.zeros(len(k.game.components), dtype=np.int64)
            if self.piece is not None:
                mask[_components_named(k, self.piece.value)] = 1
            if of_role is not None:
                mask[[i for i in range(len(mask)) if i not in of_role]] = 0
                if self.piece is None:
                    mask[list(of_role)] = 1
            kinds = k.table(mask)
        who = None if everyone else k.player(self.role)
        # the region may hold hand sites: WHAT + site and WHO + site read them as the board's
        region = k.region(self.region, hands=True) if self.region is not None else None
        total = k.temp("c")
        x = k.temp("x")
        k.line(f"{total} = 0")

        def body() -> None:
            tests = [f"{k.what(x)} != 0"]
            if who is not None:
                tests.append(f"{k.who(x)} == {who}")
            if kinds is not None:
                tests.append(f"{kinds}[{k.what(x)}] != 0")
            k.line(f"if {' and '.join(tests)}:")
            k.line(f"    {total} += 1")
        if region is None:
            with k.indented(f"for {x} in range(N):"):
                body()
        else:
            with region.loop(k, x):
                body()
        return total


class CountSites(Ludeme):
    """The number of sites in a region; or, with ``at:``, the number of sites of the container
    the site is in (the board's, or one hand's), as Ludii's. Left without any: Ludii's region
    of the last move's site, one site.

    Parameters:
        any_type: a site type, which Ludii accepts and ignores here
        named: the name of a region declared by ``regions``
        in: the region whose sites are counted
        at: a site: the sites of its container are counted

    Examples:
        (count Sites in:(sites Empty))
        (count Sites at:(handSite Mover))
    """

    name = "count Sites"

    def words(self, w):
        if self.at is not None:
            return f"the number of sites of the container of {w.of(self.at)}"
        if self.region is None and self.named is None:
            return "1"
        return f"the number of sites in {w.of(self.region) if self.region is not None else self.named.value}"
    kind = INT
    any_type: Any = site_type_param()
    named: Any = Param(STR_LIT, optional=True)
    region: Any = Param(REGION_FN, optional=True, named=True, key="in")
    at: Any = Param(INT_FN, optional=True, named=True, range=SITE_NUMBER)

    def validate(self) -> None:
        if sum(x is not None for x in (self.named, self.region, self.at)) > 1:
            raise BindError("count Sites takes a region (in:), a site (at:) or a region's name, one of them",
                            self.span)

    def compile(self, c: Compiler):
        if self.at is not None:
            return self._container_sites(c)
        if self.named is None and self.region is None:  # Ludii's (last To) as a region: one site
            return const_fn(1)
        if self.named is not None:  # (count Sites "Board"): a region by its name
            sites = c.topo.regions.get(self.named.value)
            if sites is None:
                raise BindError(f'no region named "{self.named.value}"', self.named.span)
            return const_fn(len(sites))
        counter = getattr(self.region, "compile_count", None)  # regions that count without a list
        if counter is not None:
            return counter(c)
        region = c.region(self.region)
        return lambda s, e: len(region(s, e))

    def _container_sites(self, c: Compiler):
        """The number of sites of the container holding the site ``at:``: the board's; a hand of
        sites' size (Ludii's ``(hand Each size:N)``); one for a hand of one site."""
        at = c.int(self.at)
        n = c.topo.n
        from ..engine.handsites import player_hand_size, shared_sites
        hand_size = player_hand_size(c.game.arrays, c.game.num_players) if HAND_SITES in c.game.arrays else 1
        shared = shared_sites(c.game.arrays)  # the shared hand's sites come after the players'
        players_end = n + hand_size * c.game.num_players

        def sites(s: State, e: Env) -> int:
            x = at(s, e)
            return n if x < n else (shared if shared and x >= players_end else hand_size)
        return sites

    def kernel_int(self, k: Emitter) -> str:
        from ..native.emit import NoKernel
        if self.at is not None or (self.named is None and self.region is None):
            raise NoKernel("(count Sites at:...)")
        if self.named is not None:  # a region by its name: its size is known before play
            sites = k.topo.regions.get(self.named.value)
            if sites is None:
                raise NoKernel(f'(count Sites "{self.named.value}")', "no such region")
            return str(len(sites))
        counter = getattr(self.region, "kernel_count", None)  # regions that count without a list
        counted = counter(k) if counter is not None else None
        return counted if counted is not None else k.region(self.region).count(k)


class CountMoves(_StateValue):
    """The number of moves (plies) played so far (Ludii's ``Trial.moveNumber``, start
    placements left out). In a move's consequences (``then``), in the end rules and in
    ``ifAfterwards:`` the move itself is counted, as in Ludii (``Move.apply`` adds the move to
    the trial before its consequences): Connect6's ``(then (if (is Even (count Moves))
    (moveAgain)))`` gives two stones a turn after a one-stone opening. In the effects the
    move's own rule gives it (``(to ... (apply ...))``, a ``do``'s prior) it is not counted
    yet: Ludii works them out as it lists the move.

    Parameters:
        any_type: a site type, which Ludii accepts and ignores here (no concept either)

    Examples:
        (count Moves)
    """

    name = "count Moves"
    reads_listed_ply = True  # read as Ludii lists a move (State.listed_ply)

    def words(self, w):
        return "the number of moves played"
    any_type: Any = site_type_param()

    def compile(self, c: Compiler):
        return lambda s, e: s.listed_ply

    def kernel_int(self, k: Emitter) -> str:
        from ..native.kernels.variables import listed_ply
        return listed_ply(k)


class Score(Ludeme):
    """A player's score. With a value, in ``(byScore {...})``: the score the player ends with
    (Ludii's end score: ``(score P1 (count Pieces P1))``).

    Parameters:
        role: the player whose score it is (a role, or Ludii's ``(player N)``)
        value: in ``byScore``: the score the player ends with

    Examples:
        (score Mover)
        (score (player (mover)))
        (score P1 (count Pieces P1))
    """

    name = "score"

    def words(self, w):
        return f"{w.whose(self.role)} score"
    concepts = ("Scoring",)
    termination = Termination.SCORE
    kind = INT
    role: Any = Param(Either((PLAYER, Instance("player"))))
    value: Any = Param(INT_FN, optional=True, range=ANY_INT)

    def compile_final(self, c: Compiler):
        """In ``(byScore {(score P1 VALUE) ...})``: (player, value) functions, the final score."""
        if self.value is None:
            raise BindError("a final score gives its value: (score P1 (count at:(handSite P1)))", self.span)
        return c.player(self.role), c.int(self.value)

    def compile(self, c: Compiler):
        if self.value is not None:
            raise BindError("(score P <value>) gives a final score, in (byScore {...})", self.span)
        who = c.player(self.role)
        return lambda s, e: s.scores[who(s, e)]

    def kernel_int(self, k: Emitter) -> str:
        from ..native.emit import NoKernel
        if self.value is not None:
            raise NoKernel("(score P <value>)", "a final score is read by byScore")
        return f"{k.st}[SCORES + {k.player(self.role)}]"


class Who(Ludeme):
    """The owner of the piece on a site (0 when empty or neutral; a Shared piece's is Ludii's
    Shared role, the number of players + 1): in a stacking game, of its top piece, or
    of the piece at the level given (0 for a level the stack does not reach). With another kind
    of site than the board's, of the piece on that element (:mod:`.other_sites`).

    Parameters:
        type: the kind of site (the board's own when left out)
        at: the site asked about
        level: the level of the stack asked about (-1 or left out: the top)

    Examples:
        (who at:(to))
        (who at:(last From) level:(level))
        (who Edge at:(last To))
    """

    name = "who"

    def words(self, w):
        return f"the owner of {w.of(self.at)}"
    kind = INT
    type: Any = Param(SITE_TYPE, optional=True)
    at: Any = Param(SITE_FN, named=True)
    level: Any = Param(INT_FN, optional=True, named=True, range=(-1, LEVEL.hi))

    def compile(self, c: Compiler):
        read = self._owned(c)
        if self.level is None and c.frame_site(self.at) is None:  # a die's site: the dice's owner (Ludii's)
            from .dice import die_owner, on_die_site
            game = c.game
            return on_die_site(c, self.at, self.type, read, lambda s, die: die_owner(game, die))
        return read

    def _owned(self, c: Compiler):
        owner = self._owner(c)
        shared = c.game.shared_kinds
        if not shared:
            return owner
        # Ludii's owner of a Shared piece is the Shared role, one after the players (stored here
        # with owner 0, as a neutral piece): (!= (who at:X) Shared), (is Enemy (who at:X))...
        role, kind = c.game.shared_role, self._kind(c)
        return lambda s, e: role if (w := owner(s, e)) == 0 and kind(s, e) in shared else w

    def _kind(self, c: Compiler):
        """The kind of piece whose owner :meth:`_owner` gives (0: none)."""
        from .other_sites import other_kind, sited_piece
        kind = other_kind(c, self.type)
        if kind is not None and (self.level is None or not _stacked_on(c, kind)):
            sited = sited_piece(c, self.at, kind)
            return lambda s, e: sited(s, e)[1]
        if kind is not None:
            return _on_kind_at_level(c, kind, self.at, self.level, "what")
        at = c.site(self.at)
        if self.level is not None and c.game.stacking:
            from ..engine import stacks
            return _at_level(at, c.int(self.level), "what", stacks.what_at)
        n = c.topo.n
        return lambda s, e: 0 if (x := at(s, e)) < 0 else s.what[x] if x < n else _held_at(s, x)

    def _owner(self, c: Compiler):
        """The owner as stored (0 for a Shared piece)."""
        from .other_sites import other_kind, sited_piece
        kind = other_kind(c, self.type)
        if kind is not None and (self.level is None or not _stacked_on(c, kind)):
            sited, owner_of = sited_piece(c, self.at, kind), c.game.owner_of  # the owner of the piece there
            return lambda s, e: owner_of[sited(s, e)[1]]
        if kind is not None:
            return _on_kind_at_level(c, kind, self.at, self.level, "who")
        check_site_type(c, self, self.type)
        get = c.frame_site(self.at)
        if get is not None and self.level is None:  # (who at:(to)): the frame's site, always on the board
            return lambda s, e: s.who[get(e)]
        at = c.site(self.at)
        if self.level is not None and c.game.stacking:
            from ..engine import stacks
            return _at_level(at, c.int(self.level), "who", stacks.who_at)
        from ..engine.arrays import HAND, HAND_SHARED, HAND_SITES
        if not any(h in c.game.arrays for h in (HAND, HAND_SHARED, HAND_SITES)):
            return lambda s, e: s.who[x] if (x := at(s, e)) >= 0 else 0
        n = c.topo.n
        owner_of = c.game.owner_of

        def who_anywhere(s: State, e: Env) -> int:
            # Ludii's hands are containers too: (who at:(handSite P1)) is the owner of what it holds
            x = at(s, e)
            if x < 0:
                return 0
            if x < n:
                return s.who[x]
            return owner_of[_held_at(s, x)]
        return who_anywhere

    def kernel_int(self, k: Emitter) -> str:
        from .other_sites import no_sited_kernel
        no_sited_kernel(self, k, self.type)
        if self.level is not None:
            from ..native.emit import NoKernel
            raise NoKernel("(who level:...)")
        if ("hand" in k.layout.arrays or "hand_shared" in k.layout.arrays) and not getattr(
                self.at, "context_site", False):
            from ..native.emit import NoKernel
            raise NoKernel("(who at:...)", "a site that may be a hand's")
        if not getattr(self.at, "context_site", False):
            from .dice import no_die_kernel
            no_die_kernel(k, "who")
        site = k.site(self.at)
        on_board = getattr(self.at, "context_site", False) or site.isdigit()
        if k.game.shared_kinds:  # a Shared piece's owner is the Shared role (see compile)
            import numpy as np
            shared = np.zeros(len(k.game.components), dtype=np.int64)
            shared[list(k.game.shared_kinds)] = 1
            table, x = k.table(shared), k.temp("x")
            k.line(f"{x} = {site}")
            owner = (f"({k.game.shared_role} if {k.who(x)} == 0 and {table}[{k.what(x)}] != 0 "
                     f"else {k.who(x)})")
            return owner if on_board else f"({owner} if {x} >= 0 else 0)"
        if on_board:
            return k.who(site)
        return f"({k.who(site)} if {site} >= 0 else 0)"




def _at_level(at: Any, level: Any, top: str, below: Any) -> Any:
    """What a stack holds at a level of a site (``top``, the state's board array, for level -1,
    its top; ``below(state, site, level)`` otherwise), 0 off the board."""
    def read(s: State, e: Env) -> int:
        x = at(s, e)
        if x < 0:
            return 0
        lv = level(s, e)
        return int(getattr(s, top)[x]) if lv == -1 else int(below(s, x, lv))
    return read


def _stacked_on(c: Compiler, kind: str) -> bool:
    """Whether pieces stack on the elements of ``kind`` (another kind than the board's) in this
    game: a stacking game that puts pieces there (engine.multisite)."""
    from ..engine.multisite import pieces_array
    return c.game.stacking and pieces_array(kind) in c.game.arrays


def _on_kind_at_level(c: Compiler, kind: str, site: Any, level: Any, read: str) -> Any:
    """The piece (``read``: "what") or its owner ("who") at a level of an element of ``kind``
    (the top for level -1), 0 where there is none."""
    from ..engine import stacks
    from ..engine.multisite import KindView
    from .other_sites import sited_count
    at, lv_of, count = c.site(site), c.int(level), sited_count(c, kind)
    below = stacks.what_at if read == "what" else stacks.who_at

    def at_level(s: State, e: Env) -> int:
        x = at(s, e)
        if not 0 <= x < count:
            return 0
        v: Any = KindView(s, kind)
        lv = lv_of(s, e)
        return below(v, x, stacks.top_level(v, x) if lv == -1 else lv)
    return at_level


def _held_at(s: State, x: int) -> int:
    """The kind of piece on a site after the board's, a hand's: on a hand of sites, its piece;
    on a hand counted by kind (``(hand Each)``), the first kind it holds (0: none; counted
    pieces of no recorded kind, a mancala's seeds in a store, are no one's here)."""
    from ..engine.counts import kind_at
    from ..engine.handsites import what_at
    return what_at(s, x) or kind_at(s, x, 0)


def out_of_range(value: int, where: Ludeme, what: str = "") -> LudError:
    """The error for a value beyond 32 bits (a score squared every turn, a product...)."""
    shown = str(value) if len(str(value)) <= 30 else f"a number of {len(str(value))} digits"
    return LudError(f"{what or f'({where.name} ...)'} gives {shown}, out of range", where.span,
                    hint=f"values are 32-bit integers, from {INT_MIN} to {INT_MAX}, as in Ludii")


class _Arith(Ludeme):
    """Numbers combined into one.

    Parameters:
        values: the numbers, in order
    """

    kind = INT
    values: Any = Param(ArrayOf(INT_FN), many=True, range=ANY_INT)
    symbol = ""

    def validate(self) -> None:
        items = self.values.items if isinstance(self.values, BoundArray) else [self.values]
        if not items:
            raise BindError(f"({self.symbol}) needs values", self.span)
        self.values = BoundArray(list(items), self.span)

    @staticmethod
    def combine(values: list[int]) -> int:
        raise NotImplementedError

    def compile(self, c: Compiler):
        fns = [value_fn(c, v) for v in self.values.items]
        combine = self.combine
        consts = [v for f in fns if isinstance(v := constant(f), int)]
        if len(consts) == len(fns):  # known before play: checked at load time
            value = combine(consts)
            if not INT_MIN <= value <= INT_MAX:
                raise out_of_range(value, self)
            return const_fn(value)

        def value_of(s, e):
            value = combine([f(s, e) for f in fns])
            if INT_MIN <= value <= INT_MAX:
                return value
            raise out_of_range(value, self)
        return value_of


class Add(_Arith):
    """The sum of the values; an array of values (such as ``values Group``) adds all of its
    values.

    Parameters:
        values: the numbers added (or arrays of numbers)

    Examples:
        (+ (score Mover) 2)
        (+ (values Group if:(is Mover (who at:(to))) (count Sites in:(sites))))
    """

    name = "+"

    def words(self, w):
        return " plus ".join(w.of(v) for v in self.values.items)
    concepts = ("Addition",)
    symbol = "+"
    values: Any = Param(ArrayOf(Kind((INT, INTS), "int | ints", literals=(Int,), consts=("Infinity",))), many=True, range=ANY_INT)

    def compile(self, c: Compiler):
        items = self.values.items
        if not any(isinstance(v, Ludeme) and v.kind == INTS for v in items):
            return super().compile(c)
        parts = [(c.ints(v), True) if isinstance(v, Ludeme) and v.kind == INTS else (value_fn(c, v), False)
                 for v in items]

        def value_of(s, e):
            value = sum(sum(f(s, e)) if many else f(s, e) for f, many in parts)
            if INT_MIN <= value <= INT_MAX:
                return value
            raise out_of_range(value, self)
        return value_of

    @staticmethod
    def combine(values: list[int]) -> int:
        return sum(values)

    def kernel_int(self, k: Emitter) -> str:
        from ..native.kernels.core import _add_arrays, _checked, _folded, _value
        if any(isinstance(v, Ludeme) and v.kind == "ints" for v in self.values.items):
            return _add_arrays(self, k)
        parts = [_value(k, v) for v in self.values.items]
        return _folded(self, parts) or _checked(k, "(" + " + ".join(parts) + ")")


class AddNamed(Add):
    """The sum of the values, by the name of Ludii's class (``Add``, known by its alias ``+``):
    Ludii's own Aj Sakakil writes ``(add {(count Pieces P1) (count Pieces P2)})`` for the sum
    of its team's pieces, where no other ``add`` (a placement, a board operator) fits.

    Parameters:
        values: the numbers added (or arrays of numbers)

    Examples:
        (add {(count Pieces P1) (count Pieces P2)})
        (add (score Mover) 2)
    """

    name = "add"
    overload = True  # beside the effect and the board operator of this name
    overload_last = True  # (add (to ...)): the placement, whose (to ...) is an int too


class Sub(_Arith):
    """The first value minus the others (or minus the value alone).

    Examples:
        (- (count Pieces Mover) 1)
    """

    name = "-"

    def words(self, w):
        return " minus ".join(w.of(v) for v in self.values.items)
    concepts = ("Subtraction",)
    symbol = "-"

    @staticmethod
    def combine(values: list[int]) -> int:
        return -values[0] if len(values) == 1 else values[0] - sum(values[1:])

    def kernel_int(self, k: Emitter) -> str:
        from ..native.kernels.core import _checked, _folded, _value
        parts = [_value(k, v) for v in self.values.items]
        folded = _folded(self, parts)
        if folded is not None:
            return folded
        if len(parts) == 1:
            return _checked(k, f"(-{parts[0]})")
        return _checked(k, "(" + " - ".join(parts) + ")")


class Mul(_Arith):
    """The product of the values; an array of values (such as ``values Group``) multiplies all
    of its values (an empty array gives 0, as Ludii's).

    Parameters:
        values: the numbers multiplied (or an array of numbers)

    Examples:
        (* 2 (score Mover))
        (* (values Group if:(is Mover (who at:(to))) (count Sites in:(sites))))
    """

    name = "*"

    def words(self, w):
        return " times ".join(w.of(v) for v in self.values.items)
    concepts = ("Multiplication",)
    symbol = "*"
    values: Any = Param(ArrayOf(Kind((INT, INTS), "int | ints", literals=(Int,), consts=("Infinity",))), many=True, range=ANY_INT)

    def compile(self, c: Compiler):
        items = self.values.items
        if not any(isinstance(v, Ludeme) and v.kind == INTS for v in items):
            return super().compile(c)
        parts: list[tuple[Any, bool]] = [
            (c.ints(v), True) if isinstance(v, Ludeme) and v.kind == INTS else (value_fn(c, v), False)
            for v in items]
        combine = self.combine

        def value_of(s: State, e: Env) -> int:
            values: list[int] = []
            for f, many in parts:
                if many:
                    values.extend(f(s, e))
                else:
                    values.append(f(s, e))
            if not values:  # Ludii's product of an empty array
                return 0
            value = combine(values)
            if INT_MIN <= value <= INT_MAX:
                return value
            raise out_of_range(value, self)
        return value_of

    @staticmethod
    def combine(values: list[int]) -> int:
        out = 1
        for v in values:
            out *= v
            if not INT_MIN <= out <= INT_MAX:
                return out  # out of range already: stop before the number grows further
        return out

    def kernel_int(self, k: Emitter) -> str:
        from ..native.emit import NoKernel
        from ..native.kernels.core import _checked, _folded, _value
        if any(isinstance(v, Ludeme) and v.kind == INTS for v in self.values.items):
            raise NoKernel("(* <ints>)")
        parts = [_value(k, v) for v in self.values.items]
        return _folded(self, parts) or _checked(k, "(" + " * ".join(parts) + ")")
