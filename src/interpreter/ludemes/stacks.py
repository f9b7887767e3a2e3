"""Stacks of pieces (Ludii's stacking games): pieces placed in stacks, the levels of a stack,
its size, and moves of a level or of a whole stack.

The engine keeps the stacks (:mod:`..engine.stacks`): every ludeme here declares the game a
stacking game, as Ludii's do (its ``GameType.Stacking`` flag), and the moves and effects of a
stacking game then put pieces on top of the pieces of their site. Level 0 is the bottom of a
stack; ``(level)`` is the level visited by ``forEach Level`` or ``forEach Piece``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine import ontrack, stacks
from ..engine.env import Env
from ..engine.move import ADD, MOVE, REMOVE, Move
from ..engine.movegen import FnGen, MoveGen, with_rules
from ..engine.values import const_fn
from ..errors import BindError
from ..syntax.nodes import Bool, Int
from .base import (
    ANY_INT,
    BOOL_FN,
    COUNT,
    INT,
    INT_FN,
    MOVES,
    MOVES_T,
    PIECE_NUMBER,
    PIECES,
    PLAYER,
    REGION,
    REGION_FN,
    SITE_FN,
    SITE_NUMBER,
    START_RULE,
    STR_LIT,
    THEN,
    ArrayOf,
    BoundArray,
    Enum,
    Ludeme,
    Param,
    kind_of,
)
from .measures import SITE_TYPE, check_site_type

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State

STACK_DIRECTION = Enum(("FromBottom", "FromTop"), "stack direction")
OFF = -1  # Ludii's Constants.OFF: no level


class _Stacking(Ludeme):
    """A ludeme that makes its game a stacking game (Ludii's ``GameType.Stacking``)."""

    def declare(self, d: Declarations, c: Any) -> None:
        stacks.declare(d)


# --- start rules -------------------------------------------------------------------------------------
class PlaceStack(_Stacking):
    """Start rule: put stacks of pieces on sites: ``count:`` pieces of a kind on each site (one
    by default, on top of what is there), ``counts:`` one number per site, or with ``items:``
    the pieces of a stack named one by one, bottom first.

    Parameters:
        piece: the kind of piece stacked (``"Disc1"``)
        items: the pieces of the stack, bottom first, instead of one kind
        container: the name of a container (Ludii's; only the board here)
        type: the kind of site (the board's own when left out)
        site: one site
        sites: several sites, as numbers
        region: the sites of a region
        coord: one site by its label
        coords: several sites by their labels
        count: how many pieces on each site (1 when left out)
        counts: how many pieces on each site, one number per site (0: none there)
        state: the local state of the pieces placed
        rotation: their rotation (Ludii's; refused here unless 0)
        value: the value of each piece placed (read by ``(value Piece at:...)``)

    Examples:
        (place Stack "Disc1" 7 count:8)
        (place Stack "Human1" (sites {"B4" "B6" "D4" "D6"}) count:5)
        (place Stack items:{"Counter2" "Counter1"} 0)
    """

    name = "place Stack"
    kind = START_RULE
    concepts = ("PiecesPlacedOnBoard", "StackState")

    piece: Any = Param(STR_LIT, optional=True)
    items: Any = Param(ArrayOf(STR_LIT), optional=True, named=True)
    container: Any = Param(STR_LIT, optional=True)
    type: Any = Param(SITE_TYPE, optional=True)
    site: Any = Param(INT_FN, optional=True, range=SITE_NUMBER)
    sites: Any = Param(ArrayOf(INT_FN, single=False), optional=True, range=SITE_NUMBER)
    region: Any = Param(REGION_FN, optional=True)
    coord: Any = Param(STR_LIT, optional=True, named=True)
    coords: Any = Param(ArrayOf(STR_LIT, single=False), optional=True)
    count: Any = Param(INT_FN, optional=True, named=True, range=PIECES)
    counts: Any = Param(ArrayOf(INT_FN), optional=True, named=True, range=COUNT)  # 0: none (Ludii's loop)
    state: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)
    rotation: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)
    value: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)

    def concepts_at(self, where):
        from .effects import placed_where
        given = next((x for x in (self.site, self.sites, self.region) if x is not None), None)
        out = {placed_where(given)}  # on the board, or in a hand (Ludii's, by the sites placed)
        if isinstance(self.count, Int) and self.count.value > 1:
            out.add("PieceCount")
        return out

    def declare(self, d: Any, c: Any) -> None:
        super().declare(d, c)
        from ..engine.arrays import HAND_SITE_COUNT, HAND_SITES
        if self.count is not None and HAND_SITES in d.arrays and HAND_SITE_COUNT not in d.arrays:
            # a stack of count: pieces may go on a hand's site, which then counts them (._in_hands)
            d.array(HAND_SITE_COUNT, [0] * len(d.arrays[HAND_SITES]))
        if self.value is not None:
            from .variables import piece_values
            piece_values(d)
        if self.state is not None:  # the pieces' local state (Ludii's state of each level)
            from .variables import piece_states
            piece_states(d)

    def validate(self) -> None:
        if (self.piece is None) == (self.items is None):
            raise BindError("place Stack needs a piece, or items:{...}, one of them", self.span,
                            hint='(place Stack "Disc1" 7 count:3) or (place Stack items:{"A1" "B1"} 7)')
        where = [x for x in (self.site, self.sites, self.region, self.coord, self.coords) if x is not None]
        if len(where) != 1 and self.container is None:
            raise BindError("place Stack needs the sites to fill: one site, {sites}, a region or coord:",
                            self.span)
        if self.count is not None and self.counts is not None:
            raise BindError("give count: or counts:, not both", self.counts.span)
        given = self.rotation
        if given is not None and not (isinstance(given, Int) and given.value == 0):
            raise BindError("place Stack rotation: is not supported yet", given.span)

    def compile_effect(self, c: Compiler):
        check_site_type(c, self, self.type)
        if self.container is not None:
            raise BindError("place Stack in a named container is not supported yet", self.container.span)
        names = [self.piece] if self.piece is not None else \
            (self.items.items if isinstance(self.items, BoundArray) else [self.items])
        kinds = []
        for name in names:
            found = c.components_named(name.value, name)
            if len(found) != 1:
                listed = ", ".join(c.game.components[i].name for i in found)
                raise BindError(f"'{name.value}' names several pieces ({listed})", name.span,
                                hint="name one, e.g. with its player number")
            kinds.append(found[0])
        if self.site is not None:
            region = c.region(self.site)
        elif self.sites is not None:
            region = c.region(self.sites)
        elif self.region is not None:
            region = c.region(self.region)
        else:
            region = c.region(self.coord if self.coord is not None else self.coords)
        fixed = _static_sites(region)
        count = c.int(self.count) if self.count is not None else const_fn(1)
        from ..engine.arrays import HAND_SITES
        if fixed is not None and any(x >= c.topo.n for x in fixed) and HAND_SITES not in c.game.arrays:
            return self._in_hands(c, fixed, kinds, count)  # a counted hand (a shared one)
        counts = [c.int(x) for x in self.counts.items] if isinstance(self.counts, BoundArray) else \
            ([c.int(self.counts)] if self.counts is not None else None)
        state = c.int(self.state) if self.state is not None else None
        valued = c.int(self.value) if self.value is not None else None
        counts_span = self.counts.span if self.counts is not None else self.span

        def run(s: State, e: Env) -> None:
            sites = [x for x in region(s, e) if x >= 0]
            if counts is not None and len(counts) != len(sites):
                raise BindError("place Stack: counts: needs one number per site", counts_span)
            value = state(s, e) if state is not None else 0
            own = valued(s, e) if valued is not None else -1  # Ludii's Off: no value of its own
            for k, site in enumerate(sites):
                times = counts[k](s, e) if counts is not None else count(s, e)
                for _ in range(max(times, 0)):
                    for what in kinds:
                        stacks.push(s, site, _new_piece(s, what, value, own))
                        if s.game.on_track is not None:  # Ludii's ActionAdd
                            ontrack.added(s, what, site)
        return run


    def _in_hands(self, c: Compiler, sites: tuple, kinds: list[int], count: Any):
        """A stack on a hand's site of pieces of one kind and no state: the hand holds them as
        counted pieces (identical pieces: their order in the stack says nothing)."""
        from ..engine.counts import add_pieces
        n = c.topo.n
        if any(x < n for x in sites) or len(set(kinds)) != 1 or self.counts is not None or \
                (self.state is not None and not (isinstance(self.state, Int) and self.state.value == 0)):
            raise BindError("place Stack on a hand's site holds pieces of one kind without state here",
                            self.span)
        what = kinds[0]

        def run(s: State, e: Env) -> None:
            for site in sites:
                add_pieces(s, site, count(s, e) * len(kinds), what)
        return run


def _static_sites(region: Callable) -> tuple | None:
    """The sites of a region known before play (read with no state), else None."""
    try:
        return tuple(region(None, None))
    except Exception:  # noqa: BLE001 - it reads the state: not known before play
        return None


def stacks_state_index(s: State) -> int:
    """Where a piece's local state is in a level's values (-1 when the game has none)."""
    from .variables import PIECE_STATES
    arrays = s.game.piece_arrays
    return arrays.index(PIECE_STATES) if PIECE_STATES in arrays else -1


def _new_piece(s: State, what: int, state: int, value: int) -> tuple:
    """A new level of kind ``what`` with its local state (0: none) and its own value (-1:
    none, Ludii's Off)."""
    piece = stacks.new_entry(s, what)
    if state and stacks_state_index(s) >= 0:
        piece = _with_state(s, piece, state)
    return _with_value(s, piece, value) if value >= 0 else piece


def _with_value(s: State, piece: tuple, value: int) -> tuple:
    """The level ``piece`` with a value of its own (Ludii's value of a site's level, read by
    ``(value Piece at:...)``)."""
    from .variables import PIECE_VALUED, PIECE_VALUES
    arrays = s.game.piece_arrays
    out = list(piece)
    out[1 + arrays.index(PIECE_VALUES)] = value
    out[1 + arrays.index(PIECE_VALUED)] = 1
    return tuple(out)


def _with_state(s: State, piece: tuple, value: int) -> tuple:
    k = 1 + stacks_state_index(s)
    return piece[:k] + (value,) + piece[k + 1:]


# --- values --------------------------------------------------------------------------------------------
class SizeStack(_Stacking):
    """The number of pieces stacked on a site (the last move's site by default), or on all the
    sites of a region together.

    Parameters:
        type: the kind of site (the board's own when left out)
        in: the sites whose stacks are counted together
        at: the site of the stack

    Examples:
        (size Stack at:(to))
        (size Stack in:(sites Occupied by:Mover))
    """

    name = "size Stack"
    kind = INT
    type: Any = Param(SITE_TYPE, optional=True)
    within: Any = Param(REGION_FN, optional=True, named=True, key="in")
    at: Any = Param(SITE_FN, optional=True, named=True)

    def validate(self) -> None:
        if self.within is not None and self.at is not None:
            raise BindError("size Stack takes in: or at:, not both", self.at.span)

    def compile(self, c: Compiler):
        check_site_type(c, self, self.type)
        if self.within is not None:
            region = c.region(self.within)
            return lambda s, e: sum(stacks.size(s, x) for x in region(s, e))
        at = c.site(self.at) if self.at is not None else (lambda s, e: s.last_to)
        return lambda s, e: stacks.size(s, at(s, e))


class TopLevel(_Stacking):
    """The level of the top piece of a site's stack (0 for a site with one piece, or none).

    Parameters:
        type: the kind of site (the board's own when left out)
        at: the site

    Examples:
        (topLevel at:(to))
    """

    name = "topLevel"
    kind = INT
    type: Any = Param(SITE_TYPE, optional=True)
    at: Any = Param(SITE_FN, named=True)

    def compile(self, c: Compiler):
        check_site_type(c, self, self.type)
        at = c.site(self.at)
        return lambda s, e: stacks.top_level(s, at(s, e))


class Level(_Stacking):
    """The level of a stack visited (by ``forEach Level``, or the level of the piece whose
    moves ``forEach Piece`` makes); 0 elsewhere.

    Examples:
        (level)
    """

    name = "level"
    kind = INT

    def compile(self, c: Compiler):
        return lambda s, e: e.level


class CountStack(_Stacking):
    """The number of pieces of the stacks of a site (or of a region's sites) for which a
    condition holds, ``(to)`` being the site and ``(level)`` the level of each piece, counted
    from the bottom (or from the top, ``FromTop``) until a stop condition holds.

    Parameters:
        direction: FromBottom (by default) or FromTop
        type: the kind of site (the board's own when left out)
        at: the site of the stack
        to: the sites of the stacks
        if: the condition a piece must meet to be counted (any piece when left out)
        stop: the condition that stops the count (never when left out)

    Examples:
        (count Stack at:(last To) if:(= (id "Cone" Mover) (what at:(to) level:(level))))
        (count Stack FromTop at:(to) stop:(is Friend (who at:(to) level:(level))))
    """

    name = "count Stack"
    kind = INT
    direction: Any = Param(STACK_DIRECTION, optional=True)
    type: Any = Param(SITE_TYPE, optional=True)
    at: Any = Param(SITE_FN, optional=True, named=True)
    to: Any = Param(REGION_FN, optional=True, named=True)
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    stop: Any = Param(BOOL_FN, optional=True, named=True)

    def validate(self) -> None:
        if (self.at is None) == (self.to is None):
            raise BindError("count Stack needs at: or to:, one of them", self.span)

    def compile(self, c: Compiler):
        check_site_type(c, self, self.type)
        region = c.region(self.at if self.at is not None else self.to)
        cond = c.bool(self.condition) if self.condition is not None else None
        stop = c.bool(self.stop) if self.stop is not None else None
        from_top = self.direction is not None and self.direction.name == "FromTop"

        def count(s: State, e: Env) -> int:
            frame = e.child()
            total = 0
            for site in region(s, e):
                if site < 0 or not (site < len(s.what) and s.what[site]):
                    continue
                n = stacks.size(s, site)
                order = range(n - 1, -1, -1) if from_top else range(n)
                frame.to = site
                for level in order:
                    frame.level = level
                    if stop is not None and stop(s, frame):
                        break
                    if cond is None or cond(s, frame):
                        total += 1
            return total
        return count


class WhereLevel(_Stacking):
    """The level of a piece in the stack of a site: the first one (from the bottom, or from
    the top with ``fromTop:True``) of the kind given (by name and owner, or by number, and
    with the local state given, if any); -1 when there is none.

    Parameters:
        piece: the name of the kind of piece
        what: the number of the kind of piece
        role: its owner (with a name)
        state: the local state the piece must have
        type: the kind of site (the board's own when left out)
        at: the site of the stack
        fromTop: True: look from the top of the stack down

    Examples:
        (where Level "Disc" Mover at:(to))
        (where Level (id "Disc" P1) at:(to) fromTop:True)
    """

    name = "where Level"
    kind = INT
    piece: Any = Param(STR_LIT, optional=True)
    what: Any = Param(INT_FN, optional=True, range=PIECE_NUMBER)
    role: Any = Param(PLAYER, optional=True)
    state: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)
    type: Any = Param(SITE_TYPE, optional=True)
    at: Any = Param(SITE_FN, named=True)
    from_top: Any = Param(BOOL_FN, optional=True, named=True, key="fromTop")

    def validate(self) -> None:
        if (self.piece is None) == (self.what is None):
            raise BindError("where Level needs a piece's name (with its owner) or its number", self.span)

    def compile(self, c: Compiler):
        check_site_type(c, self, self.type)
        at = c.site(self.at)
        from_top = c.bool(self.from_top) if self.from_top is not None else const_fn(False)
        state = c.int(self.state) if self.state is not None else None
        if self.piece is not None:
            named = c.components_named(self.piece.value, self.piece)
            owner = c.player(self.role) if self.role is not None else None
            game = c.game
            kind: Callable[[State, Env], int]  # the kind of piece looked for

            def named_kind(s: State, e: Env) -> int:
                if owner is None:
                    return named[0] if named else 0
                p = owner(s, e)
                mine = [w for w in named if game.owner_of[w] == p]
                return mine[0] if mine else 0
            kind = named_kind
        else:
            kind = c.int(self.what)

        def where(s: State, e: Env) -> int:
            site = at(s, e)
            w = kind(s, e)
            pieces = stacks.levels(s, site)
            order = range(len(pieces) - 1, -1, -1) if from_top(s, e) else range(len(pieces))
            want = state(s, e) if state is not None else None
            for level in order:
                if pieces[level][0] != w:
                    continue
                if want is not None and stacks_state_index(s) >= 0 and \
                        pieces[level][1 + stacks_state_index(s)] != want:
                    continue
                return level
            return OFF
        return where


class _LastLevel(Ludeme):
    """The level of the last move (Ludii's ``last LevelFrom`` and ``last LevelTo``)."""

    kind = INT
    after: Any = Param(BOOL_FN, optional=True, named=True, key="afterConsequence")

    def validate(self) -> None:
        if self.after is not None and not (isinstance(self.after, Bool) and not self.after.value):
            raise BindError(f"({self.name} afterConsequence:...) is not supported yet", self.after.span)

    @staticmethod
    def level_of(s: State, move: Move) -> int:
        """The level the move took its piece from, or put it at (each subclass says which)."""
        raise NotImplementedError

    def compile(self, c: Compiler):
        level_of = self.level_of

        def last(s: State, e: Env) -> int:
            move = s.last_move
            return OFF if move is None else level_of(s, move)
        return last


class LastLevelFrom(_LastLevel):
    """The level the last move took its piece from, as Ludii says it: the level of the piece
    moved (the top it was on, for a move of the top piece), 0 for a whole stack or a move that
    takes no piece; -1 before any move.

    Parameters:
        afterConsequence: Ludii's (False only here)

    Examples:
        (last LevelFrom)
    """

    name = "last LevelFrom"

    @staticmethod
    def level_of(s: State, move: Move) -> int:
        if move.kind is not MOVE and move.kind is not REMOVE:
            return 0
        if move.levels is None:  # the top piece: the level it was on is the size of the stack now
            return stacks.size(s, move.frm if move.kind is MOVE else move.to)
        level, _, whole = move.levels
        return 0 if whole or level < 0 else level


class LastLevelTo(_LastLevel):
    """The level the last move put its piece at, as Ludii says it: the level given to the move
    (``(to level:...)``), the top of the stack for a placement, else 0; -1 before any move.

    Parameters:
        afterConsequence: Ludii's (False only here)

    Examples:
        (last LevelTo)
    """

    name = "last LevelTo"

    @staticmethod
    def level_of(s: State, move: Move) -> int:
        if move.kind is ADD:
            return stacks.top_level(s, move.to)
        if move.levels is not None and move.levels[1] >= 0:
            return move.levels[1]
        return 0


# --- moves ---------------------------------------------------------------------------------------------
class ForEachLevel(Ludeme):
    """The moves (or effects) of every level of a site's stack, ``(level)`` being the level
    visited, from the top down (Ludii's default, ``FromTop``) or from the bottom up
    (``FromBottom``). As in Ludii, whose context keeps it, ``(level)`` is afterwards the last
    level visited, for what the rule that holds this one works out next (see
    :mod:`.level_context`).

    Parameters:
        type: the kind of site (the board's own when left out)
        site: the site of the stack
        direction: FromTop (by default) or FromBottom
        moves: the moves made at each level
        then: consequences of each move

    Examples:
        (forEach Level (last From) FromTop (if (is Friend (who at:(last From) level:(level))) (remove (last From) level:(level))))
    """

    name = "forEach Level"
    kind = MOVES
    concepts = ("ControlFlowStatement",)
    type: Any = Param(SITE_TYPE, optional=True)
    site: Any = Param(SITE_FN)
    direction: Any = Param(STACK_DIRECTION, optional=True)
    moves: Any = Param(MOVES_T)
    then: Any = Param(kind_of(THEN), optional=True)

    def where_for(self, param, where):
        return where

    def from_top(self) -> bool:
        """Whether the levels are visited from the top down (Ludii's default)."""
        return self.direction is None or self.direction.name == "FromTop"

    def compile(self, c: Compiler) -> MoveGen:
        check_site_type(c, self, self.type)
        site = c.site(self.site)
        moves = c.moves(self.moves)
        from_top = self.from_top()
        from .level_context import leave_level

        def gen(s: State, e: Env) -> list[Move]:
            at = site(s, e)
            n = stacks.size(s, at) if at >= 0 else 0
            frame = e.child()
            out: list[Move] = []
            for level in (range(n - 1, -1, -1) if from_top else range(n)):
                frame.level = level
                out.extend(moves.moves(s, frame))
            if n:  # Ludii's ForEachLevel leaves the context at the last level (level_context)
                leave_level(e, frame.level)
            return out
        then = self.then.compile_effect(c) if self.then is not None else None
        return with_rules(FnGen(gen), c.rule(after=then))

    def compile_effect(self, c: Compiler):
        """As a consequence, as Ludii: the effect of every level (from the top down, but with
        ``FromBottom``) is worked out in the position before any acts (each level's ``if``
        branches chosen, its ``(level)`` fixed), then they act in turn: a level that an earlier
        one moved away is then a level of what is there now (see :meth:`plan_effect`)."""
        plan = self.plan_effect(c)

        def run(s: State, e: Env) -> None:
            effect = plan(s, e)
            if effect is not None:
                effect(s, e)
        return run

    def plan_effect(self, c: Compiler):
        """plan(state, env) -> the effect of every level, worked out in that position (Ludii's
        ForEachLevel evaluates each level's moves before the first is applied)."""
        from .logic import _plan
        from .moves_then import run_steps
        check_site_type(c, self, self.type)
        site = c.site(self.site)
        inner = _plan(c, self.moves)
        from_top = self.from_top()
        then = self.then.compile_effect(c) if self.then is not None else None
        from .level_context import leave_level

        def plan(s: State, e: Env):
            at = site(s, e)
            n = stacks.size(s, at) if at >= 0 else 0
            steps = []
            frame = e
            for level in (range(n - 1, -1, -1) if from_top else range(n)):
                frame = e.child()
                frame.level = level
                effect = inner(s, frame)
                if effect is not None:
                    steps.append((effect, frame))
            if n:  # the level Ludii's context keeps (level_context)
                leave_level(e, frame.level)
            if not steps and then is None:
                return None
            return run_steps(steps, then, each=False)
        return plan


# --- what moves say of levels ---------------------------------------------------------------------
def levels_of(c: Compiler, source: Any, to: Any, stack: Any) -> Any | None:
    """How the moves of a rule take their pieces in a stacking game: a function
    ``(state, frame) -> levels`` (a move's :attr:`~..engine.move.Move.levels`: the level the piece
    comes from, as the from's ``level:`` says; the level it goes to, as the to's ``level:``
    says; the whole stack with ``stack:True``), or None when the moves take the top piece onto the
    top (the default, in a stacking game or not)."""
    whole = stack is not None and getattr(stack, "value", False) is True
    level_from = getattr(source, "level", None) if source is not None else None
    level_to = getattr(to, "level", None) if to is not None else None
    if not c.game.stacking or (not whole and level_from is None and level_to is None):
        return None
    if level_from is not None and level_to is None:
        whole = False  # Ludii's FromTo: a from's level moves that piece alone, stack:True or not
    lf = c.int(level_from) if level_from is not None and not whole else None
    lt = c.int(level_to) if level_to is not None else None

    def levels(s: State, e: Env) -> tuple[int, int, bool] | None:
        a = lf(s, e) if lf is not None else -1
        b = lt(s, e) if lt is not None else -1
        if a < 0 and b < 0 and not whole:
            return None
        return (a, b, whole)
    return levels


def with_levels(c: Compiler, gen: MoveGen, source: Any, to: Any, stack: Any) -> MoveGen:
    """``gen``'s moves saying the levels they take (:func:`levels_of`), worked out in the frame
    of each move ((from) and (to) bound); ``gen`` itself when they take the top piece."""
    levels = levels_of(c, source, to, stack)
    if levels is None:
        return gen

    def gen_levels(s: State, e: Env) -> list[Move]:
        frame = e.child()
        out = []
        for m in gen.moves(s, e):
            if m.kind is not MOVE:
                out.append(m)
                continue
            frame.frm, frame.to = m.frm, m.to
            lv = levels(s, frame)
            out.append(m if lv == m.levels else Move(m.kind, m.frm, m.to, m.what, m.word, m.prefix, m.game_id,
                                                     m.rules, m.between, levels=lv))
        return out
    return FnGen(gen_levels, bound=gen.bound)  # the levels change no move's site


def stack_flag(stack: Any) -> bool:
    """A ``stack:`` argument says True."""
    return stack is not None and getattr(stack, "value", False) is True


# --- the levels of a stack, as a region --------------------------------------------------------------
class ForEachLevelRegion(Ludeme):
    """The levels of the stack at a site (Ludii's region ``(forEach Level at:...)``) looked at
    from the top down (or from the bottom up with ``FromBottom``), starting at ``startAt:`` (the
    top, or the bottom, by default), keeping those where the condition holds with ``(level)``
    the level looked at. As every Ludii region (a set of numbers), the levels kept are listed
    in increasing order. So Long Sucker reads the owners of a stack's pieces with
    ``(results from:(last To) to:(forEach Level at:(last To)) (who at:(last To) level:(to)))``.

    Parameters:
        type: the kind of site (the board's own when left out)
        at: the site of the stack
        direction: FromTop (by default) or FromBottom
        if: the condition a level must meet, ``(level)`` being that level
        startAt: the level to start at

    Examples:
        (forEach Level at:(last To))
        (forEach Level at:(last To) FromBottom if:(is Friend (who at:(last To) level:(level))) startAt:1)
    """

    name = "forEach Level"
    overload = True
    kind = REGION
    type: Any = Param(SITE_TYPE, optional=True)
    at: Any = Param(SITE_FN, named=True)
    direction: Any = Param(STACK_DIRECTION, optional=True)
    if_: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    startAt: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)

    def compile(self, c: Compiler):
        check_site_type(c, self, self.type)
        site = c.site(self.at)
        cond = c.bool(self.if_) if self.if_ is not None else None
        start = c.int(self.startAt) if self.startAt is not None else const_fn(-1)
        from_bottom = self.direction is not None and self.direction.name == "FromBottom"

        def levels(s: State, e: Env) -> tuple[int, ...]:
            at = site(s, e)
            n = stacks.size(s, at) if at >= 0 else 0
            first = start(s, e)
            if from_bottom:
                order = range(max(first, 0), n)
            else:
                order = range(n - 1 if first < 0 or first >= n else first, -1, -1)
            if cond is None:
                return tuple(sorted(order))
            frame = e.child()
            out = []
            for level in order:
                frame.level = level
                if cond(s, frame):
                    out.append(level)
            return tuple(sorted(out))
        return levels


__all__ = ["PlaceStack", "SizeStack", "TopLevel", "Level", "CountStack", "WhereLevel", "ForEachLevel",
           "LastLevelFrom", "LastLevelTo", "ForEachLevelRegion",
           "levels_of", "with_levels", "stack_flag", "STACK_DIRECTION"]
