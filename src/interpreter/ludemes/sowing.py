"""Counted pieces and sowing: Ludii's ``count`` of a site, ``set Count``, ``fromTo`` with a
count, ``move Select`` and ``sow`` (``game.rules.play.moves.nonDecision.effect.Sow``).

A site may hold several pieces (a mancala pit's seeds, a player's hand): see
:mod:`interpreter.engine.counts`. ``(move Select (from (sites Mover) if:(> (count at:(from))
0)))`` chooses a pit (its text is the pit's label); its consequence ``(sow)`` takes every seed
of that pit and drops them one by one into the next pits along the board's track, then
captures (``if:`` / ``apply:``, going back along the track with ``backtracking:True``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine import counts, ontrack
from ..engine.arrays import EFFECT_TO
from ..engine.counts import add_pieces, kind_at, pieces_at, set_pieces, take_pieces
from ..engine.env import Env
from ..engine.move import CHOICE, Move
from ..engine.movegen import FnGen, MoveGen
from ..engine.values import const_fn, constant
from ..errors import BindError
from ..syntax.nodes import Bool
from .base import (
    BOOL_FN,
    BOOL_LIT,
    COUNT,
    DISTANCE,
    INT,
    INT_FN,
    MOVES,
    MOVES_T,
    PIECES,
    PLAYER,
    REGION_FN,
    ROLE,
    SITE_NUMBER,
    STR_LIT,
    THEN,
    Either,
    Enum,
    Instance,
    Ludeme,
    Param,
    kind_of,
)
from .effects import _Effect, placed_where

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State
    from ..engine.tracks import Track

SITE_TYPE = Enum(("Cell", "Vertex", "Edge"), "Cell | Vertex | Edge")
MAX_SKIPS = 10000  # Ludii's Constants.MAX_NUM_ITERATION: the sites a sowing skips in a row at most
_THEN = kind_of(THEN)


def seed_kind(game) -> int:
    """The kind of piece that counts of an empty site or a hand stand for: the first piece that
    belongs to nobody (mancala's shared seeds), else the first piece."""
    for comp in game.components[1:]:
        if comp.owner == 0:
            return comp.index
    return 1 if len(game.components) > 1 else 0


def any_site(c: Compiler, value: Any):
    """A site that may be a hand's (after the board's sites): an int function, -1 when it names
    no site of the board or of a hand."""
    if value is None:
        return None
    if isinstance(value, Ludeme) and value.kind not in (INT,):
        region = c.region(value)
        return lambda s, e: next(iter(region(s, e)), -1)
    fn = c.site(value) if not isinstance(value, Ludeme) else c.int(value)
    from ..engine.sites import off_board_sites
    total = c.topo.n + off_board_sites(c.game)  # the hands' sites, counted or of Ludii's hands of sites
    if constant(fn) is not None:
        return fn
    return lambda s, e: x if 0 <= (x := fn(s, e)) < total else -1


def _note_effect_to(s: State, site: int, origin: int) -> None:
    """Remember where the current move's effects last moved pieces, from and to (``(last To
    afterConsequence:True)``, ``(last From afterConsequence:True)``): (ply, to, from); the record
    stands until the next move becomes the last one (``turns.act`` clears it)."""
    data = s.arrays.get(EFFECT_TO)
    if data is not None and (data[0] != s.ply or data[1] != site or data[2] != origin):
        s.set_item(data, 0, s.ply)
        s.set_item(data, 1, site)
        s.set_item(data, 2, origin)


def declare_counts(d: Declarations) -> None:
    """Give the game its counts (:func:`..engine.counts.declare`) and the record of the last
    site an effect filled."""
    counts.declare(d)
    d.array(EFFECT_TO, [-1, -1, -1])


class Count(Ludeme):
    """The number of pieces on a site (``at:``, a board site or a hand's ``(handSite P1)``) or
    in a region (``in:``): a pit's seeds; in a stacking game, the stacks' sizes. Ludii's site
    type may be given (``Cell``). Without ``at:`` or ``in:``: on the last move's site, as
    Ludii's.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        at: the site counted
        in: the region counted
        title: a string, which Ludii accepts and ignores here

    Examples:
        (count at:(from))
        (count Cell at:(handSite Mover))
        (count in:(sites P1))
        (count)
    """

    name = "count"
    kind = INT
    concepts = ("PieceCount",)
    type: Any = Param(SITE_TYPE, optional=True)
    at: Any = Param(INT_FN, optional=True, named=True, range=SITE_NUMBER)
    region: Any = Param(REGION_FN, optional=True, named=True, key="in")
    title: Any = Param(STR_LIT, optional=True)

    def validate(self) -> None:
        if self.at is not None and self.region is not None:
            raise BindError("count takes a site (at:) or a region (in:), one of them", self.span,
                            hint="(count at:(from)), (count in:(sites Mover)), or (count Pieces Mover)")

    def compile(self, c: Compiler):
        counted: Callable[[State, int], int] = pieces_at
        if c.game.stacking:  # Ludii's count of a stacking game: the size of each stack on the board
            from ..engine import stacks
            n = c.topo.n

            def stacked(s: State, x: int) -> int:
                return stacks.size(s, x) if x < n else pieces_at(s, x)
            counted = stacked
        if self.region is None:
            at = any_site(c, self.at) if self.at is not None else None
            if at is None:
                return lambda s, e: counted(s, s.last_to) if s.last_to >= 0 else 0
            return lambda s, e: counted(s, x) if (x := at(s, e)) >= 0 else 0
        region = c.region(self.region)
        return lambda s, e: sum(counted(s, x) for x in region(s, e) if x >= 0)


class SetCount(_Effect):
    """Put exactly N pieces on a site (``at:``, a hand too) or on each site of a region (``to:``):
    the seeds of a mancala's start. The pieces are the game's first piece that belongs to
    nobody (its seeds); 0 empties the site.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        number: how many pieces the site holds afterwards
        site_type: the kind of site, where Ludii's start rule writes it (after the number)
        at: the site (a board site or a hand)
        level: taken as Ludii's grammar takes it, and left unused as Ludii leaves it (a count
            is the site's, not a level's)
        to: a region: every site of it gets that many
        then: consequences, after

    Examples:
        (set Count 4 to:(sites Track))
        (set Count 22 at:(handSite P1))
        (set Count at:(last To) 0 (then (moveAgain)))
        (set Count 3 Cell to:(sites Board))
    """

    name = "set Count"
    always_a_move = True  # as Ludii's SetCount.eval: its move whatever the count (effect_moves)

    def concepts_at(self, where):
        if where.start:  # a start rule filling sites
            return ("PieceCount", placed_where(self.to if self.to is not None else self.at))
        return ("PieceCount", "SetCount")
    type: Any = Param(SITE_TYPE, optional=True)
    number: Any = Param(INT_FN, range=COUNT)
    site_type: Any = Param(SITE_TYPE, optional=True)
    at: Any = Param(INT_FN, optional=True, named=True, range=SITE_NUMBER)
    level: Any = Param(INT_FN, optional=True, named=True, range=(0, 1000))
    to: Any = Param(REGION_FN, optional=True, named=True)
    then: Any = Param(kind_of(THEN), optional=True)

    def validate(self) -> None:
        if (self.at is None) == (self.to is None):
            raise BindError("set Count needs a site (at:) or a region (to:), one of them", self.span)
        if self.site_type is not None:
            if self.type is not None:
                raise BindError("set Count takes one site type", self.site_type.span)
            self.type = self.site_type  # Ludii's start rule: (set Count 4 Cell to:...)

    def declare(self, d: Declarations, c: Any) -> None:
        declare_counts(d)

    def compile_effect(self, c: Compiler):
        from .board_sites import check_type
        from .moves_then import and_then, then_of
        check_type(self, c)
        number = c.int(self.number)
        seed = seed_kind(c.game)
        then = then_of(c, self.then)
        if self.at is not None:
            at = any_site(c, self.at)

            def one(s: State, e: Env) -> None:
                x = at(s, e)
                if x >= 0:
                    set_pieces(s, x, number(s, e), kind_at(s, x, seed))
            return and_then(one, then)
        region = c.region(self.to)

        def each(s: State, e: Env) -> None:
            n = number(s, e)
            for x in list(region(s, e)):
                set_pieces(s, x, n, kind_at(s, x, seed))
        return and_then(each, then)


class FromTo(_Effect):
    """Move pieces from one site to another as a consequence: ``count:`` of them (one by
    default) from a site holding several (a pit, a hand) to another (a store, a hand); when the
    site holds fewer, it is emptied and the other still gains the count (Ludii's ActionMoveN).
    With ``count:``, a to site holding another kind of piece keeps it: the from site loses its
    pieces and they go nowhere (ActionMoveN adds only to an empty site or one of the same kind);
    without ``count:`` the piece there is replaced (ActionMove).
    Both sites may be a hand's (``(handSite Mover)``). Either may be a region (``(to (sites
    Empty))``): as Ludii's FromTo, one move per from site holding a piece and per to site, all
    worked out first (the count and the to region with ``(from)`` that site), then each applied.

    In a stacking game the pieces go one by one from the top of the stack (or from the from's
    ``level:``) onto the top of the other (or at the to's ``level:``); with ``stack:True`` the
    whole stack goes.

    With ``copy:True`` (and neither ``count:`` nor levels, as Ludii's), a copy of the piece goes
    and the piece stays: nothing happens, consequences included, when the site is empty.

    Where moves are listed (a player's choice, ``(sites To ...)``, ``(sites From ...)``) it is
    the ``move`` of the same arguments, as in Ludii, where both are one class: one move per from
    site holding a piece and per to site, written ``FROM-TO``.

    With ``if:`` on the from or the to (Ludii's FromTo conditions), a move is made only from
    a site meeting the from's condition (``(from)`` that site) and to one meeting the to's
    (``(to)`` that site too), both read before any move is applied; with ``copy:``, levels or
    a whole stack, between single sites: nothing is copied or moved (nor its consequences)
    where a condition fails.

    Parameters:
        frm: the site the pieces leave
        to: the site they go to
        count: how many pieces go
        copy: True: a copy of the piece goes to the site, the piece stays (False when left out)
        stack: True: the whole stack goes (in a stacking game)
        mover: the player the move is made for (Ludii's, for simultaneous moves: as a
            consequence it changes nothing on the board)
        then: consequences of the move

    Examples:
        (fromTo (from (to)) (to (handSite Mover)) count:(count at:(to)))
        (fromTo (from (site)) (to (mapEntry Mover)) count:6)
        (fromTo (from (site) level:(level)) (to (mapEntry "Entry" (who at:(site) level:(level)))))
        (fromTo (from (last To)) (to (last From)) copy:True)
        (fromTo (from Cell (handSite P1)) (to (sites Empty)) count:2)
    """

    name = "fromTo"
    concepts = ("FromToEffect",)
    frm: Any = Param(Instance("from"))
    to: Any = Param(Instance("to"))
    count: Any = Param(INT_FN, optional=True, named=True, range=PIECES)
    copy: Any = Param(BOOL_FN, optional=True, named=True)
    stack: Any = Param(BOOL_LIT, optional=True, named=True)
    mover: Any = Param(ROLE, optional=True)
    then: Any = Param(_THEN, optional=True)

    def validate(self) -> None:
        if (self.frm.sites is None or self.to.sites is None) and not self._stacked_rule():
            raise BindError("fromTo needs both sites: (fromTo (from SITE) (to SITE) ...)", self.span)
        if self._conditioned() and (self._stacked_rule() or self.copy is not None) and any(
                isinstance(v, Ludeme) and v.kind not in (INT,) for v in (self.frm.sites, self.to.sites)):
            raise BindError("fromTo from or to a region with conditions (if:) and copy:, levels or a "
                            "whole stack is not supported yet", self.span)

    def _conditioned(self) -> bool:
        """Conditions on its sites (Ludii's FromTo: ``(from ... if:C)``, ``(to ... if:C)``)."""
        return self.frm.condition is not None or self.to.condition is not None

    def _stacked_rule(self) -> bool:
        """Written for a stacking game: levels, a whole stack, or a site left to the frame
        (``(to)``: where the move being made goes)."""
        return self._stacked() or self.frm.sites is None or self.to.sites is None

    def _stacked(self) -> bool:
        """Pieces taken from levels of stacks (a level, or the whole stack)."""
        from .stacks import stack_flag
        return stack_flag(self.stack) or self.frm.level is not None or self.to.level is not None

    def declare(self, d: Declarations, c: Any) -> None:
        if self._stacked():
            from ..engine import stacks
            stacks.declare(d)  # Ludii's stack:True and levels make a stacking game
        else:
            declare_counts(d)
        listed = self._listed()
        if listed is not None:
            listed.declare(d, c)

    def _listed(self) -> Any:
        """This fromTo where moves are listed (a player's choice, ``(sites To ...)``): Ludii's
        FromTo is one class, written ``(fromTo ...)`` or ``(move (from ...) (to ...))``, and
        its eval lists one move per from site holding a piece and per to site, each with its
        from and to (``A1-B2``); so, the ``move`` ludeme of the same arguments. None where that
        cannot be said (a copy decided by a function, a to left to the frame): the effect's
        own move then."""
        if self.to.sites is None:
            return None
        if self.copy is not None and not isinstance(self.copy, Bool):
            return None
        from .movement import MoveFromTo
        try:
            return MoveFromTo(self.span, source=self.frm, to=self.to, count=self.count, copy=self.copy,
                              stack=self.stack, role=self.mover, then=self.then)
        except BindError:
            return None

    def compile(self, c: Compiler) -> MoveGen:
        listed = self._listed()
        if listed is None:
            return super().compile(c)
        return listed.compile(c)

    def _by_region(self) -> bool:
        """A region of sites to move from or to (``(to (sites Empty))``): Ludii's FromTo.eval
        makes one move per pair of sites, and a consequence applies every one of them."""
        return not self._stacked() and self.copy is None and (self._conditioned() or any(
            isinstance(v, Ludeme) and v.kind not in (INT,) for v in (self.frm.sites, self.to.sites)))

    def _pairs(self, c: Compiler):
        """pairs(state, env) -> the (from, to, count) of each move Ludii's FromTo.eval makes,
        all worked out in the position before any is applied: per site of the from region
        that holds a piece (Ludii makes no move from an empty site) and meets the from's
        condition, the count and the to region evaluated with ``(from)`` that site, one move
        per site of the to region that meets the to's condition (with ``(to)`` that site)."""
        from ..engine.sites import off_board_sites
        total = c.topo.n + off_board_sites(c.game)

        def sites_of(value: Any):
            if isinstance(value, Ludeme) and value.kind not in (INT,):
                region = c.region(value)
                return lambda s, e: [x for x in region(s, e) if 0 <= x < total]
            one = any_site(c, value)
            return lambda s, e: [x] if (x := one(s, e)) >= 0 else []
        frm_sites, to_sites = sites_of(self.frm.sites), sites_of(self.to.sites)
        number = c.int(self.count) if self.count is not None else const_fn(1)
        frm_if = c.bool(self.frm.condition) if self.frm.condition is not None else None
        to_if = c.bool(self.to.condition) if self.to.condition is not None else None

        def pairs(s: State, e: Env) -> list[tuple[int, int, int]]:
            out: list[tuple[int, int, int]] = []
            for a in frm_sites(s, e):
                if not pieces_at(s, a):
                    continue
                frame = e.bound(frm=a)
                if frm_if is not None and not frm_if(s, frame):
                    continue
                n = number(s, frame)
                out.extend((a, b, n) for b in to_sites(s, frame)
                           if to_if is None or to_if(s, e.bound(frm=a, to=b)))
            return out
        return pairs

    def _each_pair(self, c: Compiler):
        """plan(state, env) -> the effect applying, in turn, every move of :meth:`_pairs`."""
        pairs = self._pairs(c)
        cell = [0, 0, 0]  # the sites and count of the move being applied, set just before
        moved = self._counted(c, lambda s, e: cell[0], lambda s, e: cell[1], lambda s, e: cell[2],
                              self.then.compile_effect(c) if self.then is not None else None)

        def plan(s: State, e: Env):
            found = pairs(s, e)

            def run(s: State, e: Env) -> None:
                for cell[0], cell[1], cell[2] in found:
                    moved(s, e)
            return run
        return plan

    def compile_effect(self, c: Compiler):
        if self._by_region() and not c.game.stacking:
            from .moves_then import run_planned
            return run_planned(self._each_pair(c))
        frm = any_site(c, self.frm.sites) if self.frm.sites is not None else (lambda s, e: e.frm)
        to = any_site(c, self.to.sites) if self.to.sites is not None else (lambda s, e: e.to)
        number = c.int(self.count) if self.count is not None else const_fn(1)
        then = self.then.compile_effect(c) if self.then is not None else None
        # a site left out is the frame's (Ludii's From and To default to (from) and (to)):
        # L'attaque's (fromTo (from) (to (mapEntry (what at:(from))))) in a capture's apply
        moved = _stacked_from_to(c, frm, to, number, self, then) if c.game.stacking else \
            self._counted(c, frm, to, number, then)
        if self.copy is None or self.count is not None or self.frm.level is not None or self.to.level is not None:
            return self._gated(c, frm, to, moved)  # Ludii copies only a piece moved without count or levels
        copying = c.bool(self.copy)
        copied = _copy_piece(c, frm, to, then)
        return self._gated(c, frm, to, lambda s, e: (copied if copying(s, e) else moved)(s, e))

    def _gated(self, c: Compiler, frm: Any, to: Any, effect: Any) -> Any:
        """``effect`` made only where the from's condition holds (``(from)`` its site) and the
        to's (``(to)`` its site too): Ludii's FromTo.eval makes no move, nor its consequences,
        otherwise."""
        if not self._conditioned():
            return effect
        tests = self._site_tests(c)

        def run(s: State, e: Env) -> None:
            if tests(s, e, frm(s, e), to(s, e)):
                effect(s, e)
        return run

    def _site_tests(self, c: Compiler) -> Any:
        """test(state, env, from, to): whether the from's and the to's conditions hold."""
        frm_if = c.bool(self.frm.condition) if self.frm.condition is not None else None
        to_if = c.bool(self.to.condition) if self.to.condition is not None else None

        def test(s: State, e: Env, a: int, b: int) -> bool:
            if frm_if is not None and not frm_if(s, e.bound(frm=a)):
                return False
            return to_if is None or bool(to_if(s, e.bound(frm=a, to=b)))
        return test

    def plan_effect(self, c: Compiler):
        """plan(state, env) -> the effect, its sites and count worked out in that position: in
        an ``(and ...)`` Ludii evaluates every part (FromTo.eval: the sites, the count) before
        it applies any, so a later part does not see the pieces an earlier one moved (Gabata's
        two fromTo to the leftmost empty hole fill the same hole). In a game counting pieces
        per site; elsewhere the effect as it is."""
        if self.copy is not None or self.frm.sites is None or self.to.sites is None:
            effect = c.effect(self)
            return lambda s, e: effect
        if c.game.stacking:
            return self._plan_stacked(c)
        if self._by_region():
            return self._each_pair(c)
        frm, to = any_site(c, self.frm.sites), any_site(c, self.to.sites)
        number = c.int(self.count) if self.count is not None else const_fn(1)
        cell = [0, 0, 0]  # the sites and count of the part being applied, set just before
        moved = self._counted(c, lambda s, e: cell[0], lambda s, e: cell[1], lambda s, e: cell[2],
                              self.then.compile_effect(c) if self.then is not None else None)

        def plan(s: State, e: Env):
            a, b, n = frm(s, e), to(s, e), number(s, e)

            def run(s: State, e: Env) -> None:
                cell[0], cell[1], cell[2] = a, b, n
                moved(s, e)
            return run
        return plan

    def _plan_stacked(self, c: Compiler):
        """plan(state, env) -> the effect in a stacking game, its sites, count and levels
        worked out in that position (as Ludii's FromTo.eval makes its action before any part
        of an ``and``, or any value of a ``forEach Value``, applies); nothing moves when the
        from site is empty there (Ludii makes no move)."""
        from ..engine import stacks
        frm, to = any_site(c, self.frm.sites), any_site(c, self.to.sites)
        number = c.int(self.count) if self.count is not None else const_fn(1)
        level_from = c.int(self.frm.level) if self.frm.level is not None else None
        level_to = c.int(self.to.level) if self.to.level is not None else None
        cell = [0, 0, 0, 0, 0]  # from, to, count, level from, level to: set just before
        moved = _stacked_from_to(c, lambda s, e: cell[0], lambda s, e: cell[1], lambda s, e: cell[2], self,
                                 self.then.compile_effect(c) if self.then is not None else None,
                                 levels=(None if level_from is None else (lambda s, e: cell[3]),
                                         None if level_to is None else (lambda s, e: cell[4])))

        tests = self._site_tests(c)

        def plan(s: State, e: Env):
            a, b = frm(s, e), to(s, e)
            if a < 0 or b < 0 or not stacks.size(s, a) or not tests(s, e, a, b):
                return None
            frame = e.bound(frm=a, to=b)
            found = (a, b, number(s, e), level_from(s, frame) if level_from is not None else 0,
                     level_to(s, frame) if level_to is not None else 0)

            def run(s: State, e: Env) -> None:
                cell[:] = found
                moved(s, e)
            return run
        return plan

    def _counted(self, c: Compiler, frm: Any, to: Any, number: Any, then: Any) -> Any:
        """The pieces moved in a game counting pieces per site (not stacking)."""
        seed = seed_kind(c.game)
        from ..engine import handsites
        one_piece = self.count is None and bool(c.game.piece_arrays)  # Ludii's ActionMove
        counted = self.count is not None  # Ludii's ActionMoveN, which takes what the from has
        n = c.topo.n

        def run(s: State, e: Env) -> None:
            a, b = frm(s, e), to(s, e)
            if a < 0 or b < 0:
                return
            what = kind_at(s, a, seed)
            local = handsites.carried(s, a) if one_piece else None  # its state, value, rotation
            wanted = number(s, e)
            moved = take_pieces(s, a, wanted)
            if moved and counted and wanted > moved:
                moved = wanted  # Ludii's ActionMoveN: the to site gains the count asked for
            if moved:
                if b < n and what and s.what[b] not in (0, what):
                    if not counted:
                        set_pieces(s, b, 0, 0)  # Ludii's ActionMove: another kind of piece there is replaced
                    # else Ludii's ActionMoveN: the site keeps its own pieces, the moved ones are lost
                if not counted or b >= n or s.what[b] in (0, what):
                    add_pieces(s, b, moved, what)
                if local:
                    handsites.give(s, b, local)
                _note_effect_to(s, b, a)
                if s.game.on_track is not None:  # Ludii's move actions keep the tracks' counts
                    ontrack.moved(s, what, a, b, moved)
            if then is not None:
                then(s, e.bound(frm=a, to=b))  # the consequences see the pieces' sites
        return run


def _copy_piece(c: Compiler, frm: Any, to: Any, then: Any) -> Any:
    """``fromTo ... copy:True``: a piece of the kind on the from site put on the to site (on top
    of its stack in a stacking game), the piece itself staying; nothing when the from site is
    empty (Ludii makes no move then)."""
    from ..engine import stacks
    stacking = c.game.stacking
    seed = 0 if stacking else seed_kind(c.game)

    def run(s: State, e: Env) -> None:
        a, b = frm(s, e), to(s, e)
        if a < 0 or b < 0:
            return
        if stacking:
            if not stacks.size(s, a):
                return
            stacks.push(s, b, stacks.top_entry(s, a))  # the piece with its values
        else:
            if not pieces_at(s, a):
                return
            add_pieces(s, b, 1, kind_at(s, a, seed))
            _note_effect_to(s, b, a)
        if then is not None:
            then(s, e.bound(frm=a, to=b))
    return run


def _stacked_from_to(c: Compiler, frm: Any, to: Any, number: Any, rule: FromTo, then: Any,
                     levels: tuple[Any, Any] | None = None) -> Any:
    """``fromTo`` in a stacking game, as Ludii's: with the to's ``level:``, the top piece (or the
    from's level, or with ``stack:True`` the whole stack) put at that level; else the piece at
    the from's ``level:`` onto the top of the other site; with ``count:``, that many pieces off
    the top, kept in their order (a part of the stack); else the top piece."""
    from ..engine import stacks
    from .stacks import stack_flag
    whole = stack_flag(rule.stack)
    if levels is not None:  # worked out already (a planned effect's)
        level_from, level_to = levels
    else:
        level_from = c.int(rule.frm.level) if rule.frm.level is not None else None
        level_to = c.int(rule.to.level) if rule.to.level is not None else None
    counted = rule.count is not None

    def run(s: State, e: Env) -> None:
        a, b = frm(s, e), to(s, e)
        if a >= 0 and b >= 0 and a != b and stacks.size(s, a):
            frame = e.bound(frm=a, to=b)
            if level_to is not None:
                lt = level_to(s, frame)
                if whole:
                    stacks.move_stack(s, a, b, lt)
                elif level_from is not None:
                    stacks.move_level(s, a, level_from(s, frame), b, lt)
                else:
                    stacks.move_top(s, a, b, lt)
            elif level_from is not None:
                stacks.move_level(s, a, level_from(s, frame), b)
            elif counted:  # a part of the stack, its order kept
                taken = [stacks.pop(s, a) for _ in range(min(max(number(s, e), 0), stacks.size(s, a)))]
                for piece in reversed(taken):
                    stacks.push(s, b, piece)
            else:
                stacks.move_top(s, a, b)
        if then is not None:
            then(s, e.bound(frm=a, to=b))
    return run


class MoveSelect(Ludeme):
    """Choose a site (a pit to sow from): one move per site of the ``(from ...)`` region where
    its condition holds; the move's text is the site's label and its consequences (``then``)
    say what the choice does. ``(last To)`` is the site chosen.

    Parameters:
        frm: the sites that may be chosen, and their condition
        to: a second site chosen with the first (Ludii's)
        role: whose move it is (the mover's when left out; in a game of simultaneous moves,
            the player who may choose it)
        then: consequences of the choice (the sowing)

    Examples:
        (move Select (from (sites Mover) if:(> (count at:(from)) 0)) (then (sow)))
        (move Select (from 0) P1 (then (set Var "Choice1" 0)))
    """

    name = "move Select"
    kind = MOVES
    frm: Any = Param(Instance("from"))
    to: Any = Param(Instance("to"), optional=True)
    role: Any = Param(ROLE, optional=True)
    then: Any = Param(_THEN, optional=True)

    honours_from_type = True  # (from Edge ...) on a board of cells: an edge is chosen (.other_sites)

    def declare(self, d: Any, c: Any) -> None:
        from .other_sites import declare_pieces
        sited = self._sited(c)
        if sited is not None:
            declare_pieces(d, c, sited)  # the elements of that kind are sites of the game

    def _sited(self, c: Any) -> str | None:
        """The kind of element chosen when it is not the board's: an edge or a vertex of a board
        of cells... (``Cell`` also names the sites of the hands, as it did: left to them)."""
        from .other_sites import other_kind
        sited = other_kind(c, getattr(self.frm, "type", None))
        return None if sited == "Cell" else sited

    def compile(self, c: Compiler) -> MoveGen:
        from .moves import _from_sites, _to_spec
        game = c.game
        sited = self._sited(c)  # Ludii's select of an edge (or vertex...)
        if sited is None and getattr(self.frm, "type", None) is not None and not _has_hands(game):
            from .sitetypes import other_kind as refused
            why = refused(self.frm.type, c.topo.use)  # (from Cell) on a board of vertices, no hands
            if why is not None:
                raise BindError(f"from: {why}", self.frm.type.span)
        if sited is not None and self.to is not None:
            raise BindError(f"{self.name}: a choice of a {sited.lower()} with a to is not supported yet",
                            self.frm.type.span)
        sites = _from_sites(c, self.frm)
        if self.frm.sites is not None and self.frm.condition is not None:
            # as Ludii's select, the site tested is both (from) and (to)
            from_region, test = c.region(self.frm.sites), c.bool(self.frm.condition)

            def sites(s: State, e: Env) -> list[int]:
                frame = e.child()
                out = []
                for x in from_region(s, e):
                    if x >= 0:
                        frame.frm = frame.to = x
                        if test(s, frame):
                            out.append(x)
                return out
        rules = c.rule(after=self.then.compile_effect(c) if self.then is not None else None)
        whose = move_owner(c, self.role)
        choice = _choices(game, rules, sited, self.to is not None)
        if self.to is None:
            return FnGen(lambda s, e: [choice(x, x, whose(s, e)) for x in sites(s, e) if x >= 0])
        region, cond = _to_spec(c, self.to)

        def select_pair(s: State, e: Env) -> list[Move]:
            frame = e.child()
            out = []
            p = whose(s, e)
            for x in sites(s, e):
                if x < 0:
                    continue
                frame.frm = x
                for y in (region(s, frame) if region is not None else (x,)):
                    frame.to = y
                    if cond is None or cond(s, frame):
                        out.append(choice(x, y, p))
            return out
        return FnGen(select_pair)


def _has_hands(game: Any) -> bool:
    """Whether the game has hands (Ludii's containers of cells, numbered after the board)."""
    from ..engine.arrays import HAND_SITES
    from ..engine.counts import hand_sites
    return HAND_SITES in game.arrays or hand_sites(game) > 0

def _choices(game: Any, rules: Any, sited: str | None, pair: bool) -> Callable[[int, int, int], Move]:
    """choice(x, y, player) -> the move choosing site x (and y, with a to): one value per
    choice. ``sited``: x is an element of that kind, not a site of the board's kind (an edge of
    a board of cells): the move names it so (``Edge 12``)."""
    made: dict[tuple[int, int, int], Move] = {}  # moves are values: each choice is made once
    labels = game.topology.labels

    def label(x: int) -> str:  # a site of the board or of a hand (Hand1, HandShared_2...)
        from ..engine.sites import site_label
        return labels[x] if x < len(labels) else site_label(game, x)

    def choice(x: int, y: int, p: int) -> Move:
        move = made.get((x, y, p))
        if move is None:
            if sited is not None:  # the element of that kind chosen: nothing is put there
                from ..engine.multisite import SitedMove
                move = made[x, y, p] = SitedMove(CHOICE, frm=x, to=y, word=f"{sited} {x}", game_id=game.uid,
                                                 rules=rules, mover=p, on=sited, frm_on=sited)
                return move
            word = label(x) if x == y and not pair else f"{label(x)}-{label(y)}"
            move = made[x, y, p] = Move(CHOICE, frm=x, to=y, word=word, game_id=game.uid, rules=rules, mover=p)
        return move
    return choice


def move_owner(c: Compiler, role: Any):
    """fn(s, e) -> the player a rule's ``roleType`` gives its moves to (Ludii's ``setMover``),
    0 (the mover) when there is none."""
    if role is None or role.name == "Mover":
        return lambda s, e: 0
    return c.player(role)


class Sow(_Effect):
    """Sow: take the pieces of a site (the last move's, by default) and drop them one by one
    (``numPerHole:`` at a time) into the next sites along a track (the board's first track, or
    the one named; ``owner:`` picks that player's track). ``includeSelf:False`` skips the
    starting site on later laps, ``origin:True`` drops the first piece in the starting site,
    ``skipIf:`` skips the sites where it holds (``(to)`` being the site). Then, while ``if:``
    holds at the last site sown (``(to)``), ``apply:`` is applied there (``(from)`` is the
    starting site); with ``backtracking:True`` (or a condition) it goes on with the previous site
    while that condition holds, with ``forward:`` with the next one. As Ludii's, these conditions
    are all asked of the position the sowing left, before any capture is made; ``skipIf:``,
    ``numPerHole:`` and ``sowEffect:`` are asked of the position before the sowing (Ludii lists
    the whole sowing first: a hole a lap has filled is still seen as it was).

    Parameters:
        type: the kind of site (the board's own kind when left out)
        start: the site sown from (the last move's when left out)
        count: how many pieces are sown (all of the site's when left out)
        numPerHole: how many pieces go into each site
        track_name: the track followed (the board's first when left out)
        owner: the player whose track is followed
        if: the condition at the last site sown that makes ``apply:`` happen, ``(to)`` being the
            site
        sowEffect: an effect applied at each site sown
        apply: the effect (a capture) where ``if:`` holds
        includeSelf: False: the starting site is skipped on later laps
        origin: True: the first piece goes into the starting site
        skipIf: the condition of the sites skipped, ``(to)`` being the site
        backtracking: True: the capture goes on with the previous sites while ``if:`` holds
        forward: True: the capture goes on with the next sites while ``if:`` holds
        then: consequences applied after the sowing

    Examples:
        (sow)
        (sow "TrackCW" if:(= (count at:(to)) 2) apply:(fromTo (from (to)) (to (handSite Mover)) count:2) backtracking:True)
        (sow origin:True)
        (sow includeSelf:False skipIf:(is In (to) (sites "Stores")))
    """

    name = "sow"
    type: Any = Param(SITE_TYPE, optional=True)
    start: Any = Param(INT_FN, optional=True, range=SITE_NUMBER)
    count: Any = Param(INT_FN, optional=True, named=True, range=PIECES)
    numPerHole: Any = Param(INT_FN, optional=True, named=True, range=PIECES)
    track_name: Any = Param(STR_LIT, optional=True)
    owner: Any = Param(PLAYER, optional=True, named=True)
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    sowEffect: Any = Param(MOVES_T, optional=True, named=True)
    apply: Any = Param(MOVES_T, optional=True, named=True)
    includeSelf: Any = Param(BOOL_LIT, optional=True, named=True)
    origin: Any = Param(BOOL_FN, optional=True, named=True)
    skipIf: Any = Param(BOOL_FN, optional=True, named=True)
    backtracking: Any = Param(BOOL_FN, optional=True, named=True)
    forward: Any = Param(BOOL_FN, optional=True, named=True)
    then: Any = Param(_THEN, optional=True)

    def validate(self) -> None:
        if self.backtracking is not None and self.forward is not None:
            raise BindError("sow takes backtracking: or forward:, not both", self.forward.span)

    def concepts_at(self, where):
        out = ["Sow"]
        if self.apply is not None:
            # the capture is tried on a copy of the position (Ludii's CopyContext)
            out += ["SowWithEffect", "CopyContext"]
            done = where.as_effect().concepts_of(self.apply)
            if "FromToEffect" in done:
                out.append("SowCapture")
            if "RemoveEffect" in done:
                out.append("SowRemove")
        if self.backtracking is not None:
            out.append("SowBacktracking")
        if self.skipIf is not None or (self.includeSelf is not None and not self.includeSelf.value):
            out.append("SowSkip")
        if not (isinstance(self.origin, Bool) and not self.origin.value):
            out.append("SowOriginFirst")  # as Ludii, unless the origin is plainly left out (False)
        return out

    def declare(self, d: Declarations, c: Any) -> None:
        declare_counts(d)

    def compile_effect(self, c: Compiler):
        return _Sowing(self, c, self._track_title(c)).run

    def _track_title(self, c: Compiler) -> str | None:
        """The name of the track sown (None: the first), checked against the board's tracks."""
        game = c.game
        if not game.tracks:
            raise BindError("sow needs a track on the board", self.span,
                            hint='(mancalaBoard 2 6 (track "Track" "1,E,N,W" loop:True))')
        title = self.track_name.value if self.track_name is not None else None
        if title is not None and not any(title in t.name for t in game.tracks):
            raise BindError(f'no track named "{title}"', self.track_name.span,
                            hint="tracks: " + ", ".join(t.name for t in game.tracks))
        return title

    def plan_effect(self, c: Compiler):
        """plan(state, env) -> the sowing, its starting site, track and count worked out in that
        position: in an ``(and ...)`` Ludii evaluates every part before it applies any, so a
        sowing of the seeds captured by the ``fromTo`` before it counts them where they were
        (Otep, Mweso: ``(sow (last From) count:(+ (count at:A) (count at:B)))`` after moving the
        seeds of A and B to ``(last From)``)."""
        return _Sowing(self, c, self._track_title(c)).plan


def _local_values(s: State, site: int) -> list[tuple[Any, int]]:
    """The local values (state, rotation, value) of a board site that are not 0, with their
    arrays: Ludii's Sow moves each seed with the site's own values (ActionMove's state, rotation
    and value of the site reached), so a site keeps its local state when a seed lands in it,
    empty or not (Deka's covered holes)."""
    names = s.game.piece_arrays
    if not names or site >= len(s.what):
        return []
    out = []
    for name in names:
        if name == counts.COUNT:  # the number of seeds, which the sowing changes
            continue
        data = s.arrays[name]
        if data[site]:
            out.append((data, data[site]))
    return out


def _plan_of(c: Compiler, effect: Any):
    """plan(state, env) -> the effect as worked out in that position (None: nothing): Ludii's
    evaluation of an effect into its actions, applied later (:func:`.logic._plan`)."""
    from .logic import _plan
    return _plan(c, effect)


def _optional(value: Any, compile_one: Any) -> Any:
    """``compile_one(value)``, or None when the parameter is left out."""
    return compile_one(value) if value is not None else None


class _Sowing:
    """The compiled ``sow``: one walk, as Ludii's Sow.eval. The walk binds (from) and (to) in a
    frame of its own: ``origin:`` is asked with (from) the starting site, ``skipIf:`` and
    ``sowEffect:`` with (to) the site reached, ``if:``/``apply:`` with (to) the site being
    captured; the consequences (``then``) see the starting site and the last site sown."""

    def __init__(self, sow: Sow, c: Compiler, title: str | None):
        game = c.game
        self.start = c.site(sow.start) if sow.start is not None else (lambda s, e: s.last_to)
        self.count = _optional(sow.count, c.int)
        self.per_hole_fn = c.int(sow.numPerHole) if sow.numPerHole is not None else const_fn(1)
        self.owner = _optional(sow.owner, c.player)
        self.cond = c.bool(sow.condition) if sow.condition is not None else const_fn(True)
        self.capture = _optional(sow.apply, lambda x: _plan_of(c, x))  # worked out, then applied
        # Ludii's Sow lists the whole sowing before applying it: skipIf:, numPerHole: and sowEffect:
        # are asked of the position before the sowing (the sowEffect: as its actions, planned there)
        self.effect_plan = _optional(sow.sowEffect, lambda x: _plan_of(c, x))
        self.include_self = sow.includeSelf is None or bool(sow.includeSelf.value)
        self.origin = _optional(sow.origin, c.bool)
        self.skip = _optional(sow.skipIf, c.bool)
        self.back = _optional(sow.backtracking, c.bool)
        self.forward = _optional(sow.forward, c.bool)
        self.then = sow.then.compile_effect(c) if sow.then is not None else None
        self.seed = seed_kind(game)
        per_hole = constant(self.per_hole_fn)
        self.per_hole = per_hole
        # whole laps of a looped track are sown at once when nothing along the way depends on
        # the walk (no skipIf:, no sowEffect:, a fixed numPerHole:): the work is bounded by the
        # track, whatever the number of seeds
        self.stacking = game.stacking  # each seed a level of a stack: Ludii's moves take the top one
        self.laps_allowed = self.skip is None and self.effect_plan is None and isinstance(per_hole, int) \
            and per_hole >= 1 and not self.stacking
        # the track for each owner (Ludii: the named one, else the first; with owner:, that
        # player's track whose name contains the name)
        self.fixed: Track | None = None
        self.by_owner: dict[int, Track | None] | None = None
        if title is None or self.owner is None:
            self.fixed = next((t for t in game.tracks if title is None or t.name == title), None)
        else:
            self.by_owner = {p: next((t for t in game.tracks if t.owner == p and (title is None or title in t.name)),
                                     None)
                             for p in range(game.num_players + 1)}

    def run(self, s: State, e: Env) -> None:
        """The effect: sow from the starting site, capture, then the consequences."""
        sowing = self._prepare(s, e, False)
        if sowing is not None:
            sowing(s, e)

    def _pieces(self, s: State, site: int) -> int:
        """The seeds on a site (Ludii's count: in a stacking game, the stack's size)."""
        if self.stacking and site < len(s.what):
            from ..engine import stacks
            return stacks.size(s, site)
        return pieces_at(s, site)

    def _drop(self, s: State, start: int, to: int, number: int, what: int) -> None:
        """``number`` seeds from the starting site to ``to`` (in a stacking game, Ludii's move of
        the top piece, one at a time)."""
        if self.stacking and start < len(s.what) and to < len(s.what):
            from ..engine import stacks
            for _ in range(number):
                if not stacks.size(s, start):
                    return
                stacks.move_top(s, start, to)
            return
        kept = _local_values(s, to)
        add_pieces(s, to, take_pieces(s, start, number), what)
        if kept:  # Ludii's sowing action gives the site its own local state back
            for data, value in kept:
                if data[to] != value:
                    s.set_item(data, to, value)

    def plan(self, s: State, e: Env):
        """The whole sowing worked out in this position, as Ludii's Sow.eval lists it (None:
        nothing to sow): its starting site, track and count, the sites it skips, the seeds per
        hole and its ``sowEffect:``, and its captures, judged on a copy of this position with
        only the sowing applied. In an ``(and ...)`` Ludii evaluates every part before it
        applies any: a sowing of the seeds captured by the ``fromTo`` before it counts them where
        they were (Otep, Mweso: ``(sow (last From) count:(+ (count at:A) (count at:B)))`` after
        moving the seeds of A and B to ``(last From)``), and its capture does not see what the
        other parts do."""
        return self._prepare(s, e, True)

    def _prepare(self, s: State, e: Env, tried: bool):
        """sow(state, env), the sowing listed in this position (None: nothing to sow); with
        ``tried``, its captures are worked out now too, on the position the sowing alone
        leaves (tried and taken back), else when it is applied, after the sowing."""
        start = self.start(s, e)
        track = self.fixed if self.by_owner is None else self.by_owner.get(self.owner(s, e))
        if track is None or start < 0:
            return None
        count = self.count(s, e) if self.count is not None else self._pieces(s, start)
        i = track.index_of(start)
        if i < 0:
            return None
        what = kind_at(s, start, self.seed)
        frame = e.child()  # the sowing's own: (from) and (to) are bound there
        sown, first = self._origin(s, e, frame, start, count)
        if self.skip is not None or self.effect_plan is not None or not isinstance(self.per_hole, int):
            steps, listed = self._list_steps(s, frame, track, start, i, count, sown, first)

            def walk(s2: State) -> tuple[int, int]:
                self._apply_steps(s2, frame, steps, start, what)
                return listed
        else:
            def walk(s2: State) -> tuple[int, int]:
                return self._walk(s2, frame, track, start, i, count, sown, what)

        def sow(s2: State) -> tuple[int, int]:
            """Drop the seeds: (the last site sown, the track index the walk ended on)."""
            last, end = walk(s2)
            if last != start:
                _note_effect_to(s2, last, start)
            return last, end

        captures = None
        if tried and self.capture is not None:
            mark = s.mark()
            try:
                captures = self._plan_captures(s, frame, track, start, sow(s)[1])
            finally:
                s.rollback(mark)

        def run(s2: State, e2: Env) -> None:
            last, end = sow(s2)
            if self.capture is not None:
                planned = captures if captures is not None else self._plan_captures(s2, frame, track, start, end)
                self._apply_captures(s2, frame, start, planned)
            if self.then is not None:
                frame.frm, frame.to, frame.value = start, last, e.value
                self.then(s2, frame)
        return run

    def _origin(self, s: State, e: Env, frame: Env, start: int, count: int) -> tuple[int, Any]:
        """``origin:True``: the first seeds go back into the starting site; (the seeds sown so far,
        the sowEffect: worked out there, applied with the walk's steps)."""
        sown = 0
        first = None
        frame.frm = start
        if self.origin is not None and self.origin(s, frame):
            if self.effect_plan is not None:
                first = self.effect_plan(s, frame)
            sown = min(self.per_hole_fn(s, frame), count)  # dropped back in the starting site
            frame.to = start
        frame.frm = e.frm
        return sown, first

    def _walk(self, s: State, frame: Env, track: Track, start: int, i: int, count: int, sown: int,
              what: int) -> tuple[int, int]:
        """Drop the seeds one site after the other from track index ``i`` (whole laps at once
        when allowed), in a sowing whose steps do not depend on the position (no ``skipIf:``,
        no ``sowEffect:``, a fixed ``numPerHole:``); (the last site sown, the track index the
        walk ended on)."""
        per = max(self.per_hole, 1)
        sites = track.sites
        last = start
        index = 0
        while sown < count and index < count:
            if self.laps_allowed and (self.include_self or sites[i] != start):
                laps, _ = self._whole_laps(s, track, start, count - sown, what)
                if laps:  # back where the walk was, every other site of the track fuller
                    sown += laps * per * self._lap_visits(track, start)
                    index += laps * self._lap_visits(track, start)
                    continue
            frame.value = count - index  # Ludii's (value) while sowing: the seeds left to drop
            i, j, to = self._next_site(s, frame, track, i, start)
            if j < 0:
                break
            dropped = min(per, count - sown)
            if to != start:
                self._drop(s, start, to, dropped, what)
            sown += dropped
            last = to
            i = j
            index += 1
        return last, i

    def _list_steps(self, s: State, frame: Env, track: Track, start: int, i: int, count: int, sown: int,
                    first: Any) -> tuple[list[tuple[int, int, int, int, Any]], tuple[int, int]]:
        """The steps of a sowing with ``skipIf:``, ``sowEffect:`` or a ``numPerHole:`` that is
        not a number, as Ludii's Sow.eval lists them in the position before the sowing (the
        sites skipped, the seeds per hole, the sowEffect: worked out there: a hole a lap has
        filled is still seen as it was): (to as seen, site sown, seeds, value, effect) each, the
        origin's sowEffect: (``first``) first; and (the last site sown, the track index the
        walk ended on)."""
        steps: list[tuple[int, int, int, int, Any]] = [(frame.to, start, 0, frame.value, first)] if first else []
        last = start
        index = 0
        while sown < count and index < count:
            frame.value = count - index  # Ludii's (value) while sowing: the seeds left to drop
            i, j, to = self._next_site(s, frame, track, i, start)
            if j < 0:
                break
            per = max(self.per_hole_fn(s, frame), 1)
            effect = self.effect_plan(s, frame) if self.effect_plan is not None else None
            dropped = min(per, count - sown)
            steps.append((frame.to, to, dropped, frame.value, effect))
            sown += dropped
            last = to
            i = j
            index += 1
        return steps, (last, i)

    def _apply_steps(self, s: State, frame: Env, steps: list[tuple[int, int, int, int, Any]], start: int,
                     what: int) -> None:
        """Apply listed steps in order, each sowEffect: before its seeds."""
        for seen, to, dropped, value, effect in steps:
            frame.to, frame.value = seen, value
            if effect is not None:
                effect(s, frame)
            if to != start:
                self._drop(s, start, to, dropped, what)

    def _next_site(self, s: State, frame: Env, track: Track, i: int, start: int) -> tuple[int, int, int]:
        """The next site to sow after track index ``i``, past the sites ``skipIf:`` skips (with
        (to) the site tested) and, without ``includeSelf:``, the starting site: (the index the
        walk is at, the next site's index, the site); the next index is -1 when the walk ends
        (the end of an open track)."""
        sites, nxt = track.sites, track.next_index
        skipped = 0  # sites skipped in a row
        while True:
            j = nxt[i]
            if j < 0:
                return i, -1, -1  # the end of an open track
            to = sites[j]
            frame.to = to
            if self.skip is None or not self.skip(s, frame):
                break
            i = j
            skipped += 1
            if skipped == len(sites):
                # every site skipped (the position does not change while the sowing is listed):
                # Ludii skips at most MAX_NUM_ITERATION sites in a row, then sows the next one
                for _ in range((MAX_SKIPS - skipped) % len(sites)):
                    i = nxt[i]
                j = nxt[i]
                if j < 0:
                    return i, -1, -1
                to = sites[j]
                frame.to = to
                break
        if not self.include_self and to == start:
            i = j
            j = nxt[i]
            if j < 0:
                return i, -1, -1
            to = sites[j]
        return i, j, to

    def _plan_captures(self, s: State, frame: Env, track: Track, start: int, i: int) -> list[tuple[int, Any]]:
        """While ``if:`` holds (with (to) the last site sown, then each site the capture goes
        on to), ``apply:`` there (with (from) the starting site); with ``backtracking:`` or
        ``forward:``, on to the previous or next site while that condition holds. As Ludii's
        (which lists the captures on a copy of the position and appends them to the move), the
        conditions are all asked of the position the sowing left, before any capture: a
        ``backtracking:`` condition on the count of (to) still sees the seeds just captured
        there; so is each ``apply:`` (the branch its ``if`` takes, what a planned effect works
        out): (site, effect) each, applied in order by :meth:`_apply_captures`."""
        sites: list[int] = []
        captures = 0
        while self.cond(s, frame):
            frame.frm = start
            sites.append(frame.to)
            if self.back is None and self.forward is None:
                break
            i = self._next_capture(s, frame, track, start, i)
            if i < 0:
                break
            captures += 1
            if captures >= len(track.sites):
                break
        frame.frm = start
        planned = []  # every capture worked out in the position the sowing left, as Ludii's
        for site in sites:
            frame.to = site
            planned.append((site, self.capture(s, frame)))
        return planned

    @staticmethod
    def _apply_captures(s: State, frame: Env, start: int, planned: list[tuple[int, Any]]) -> None:
        frame.frm = start
        for site, effect in planned:
            if effect is not None:
                frame.to = site
                effect(s, frame)

    def _next_capture(self, s: State, frame: Env, track: Track, start: int, i: int) -> int:
        """The track index the capture goes on to from ``i`` (its site bound as (to)), or -1
        when it stops there."""
        back, forward = self.back, self.forward
        if back is not None:
            if not back(s, frame):
                return -1
            i = track.prev_index[i]
            if i < 0:
                return -1
            frame.to = to = track.sites[i]
            if not back(s, frame) or to == start:
                return -1
        if forward is not None:
            if not forward(s, frame) or track.next_index[i] < 0:
                return -1
            i = track.next_index[i]
            frame.to = track.sites[i]
            if not forward(s, frame):
                return -1
        return i

    def _lap_visits(self, track: Track, start: int) -> int:
        """Sites the walk drops seeds in (or passes over, the start) in one lap."""
        return len(track.sites) if self.include_self else sum(1 for x in track.sites if x != start)

    def _whole_laps(self, s: State, track: Track, start: int, left: int, what: int) -> tuple[int, int]:
        """Sow as many whole laps as the ``left`` seeds allow, leaving at least one drop to
        the walk (it ends the sowing where Ludii's does); (laps sown, seeds per hole)."""
        per_hole = self.per_hole
        if not track.looped or -(-left // per_hole) <= len(track.sites):
            return 0, per_hole  # less than a lap to go (the usual case): the walk sows it
        visits = self._lap_visits(track, start)
        if visits <= 0:
            return 0, per_hole
        laps = (-(-left // per_hole) - 1) // visits
        others = [x for x in track.sites if x != start]
        have = pieces_at(s, start)
        if not laps or not others:
            return 0, per_hole
        if have:  # only laps that the start's seeds fill all round
            laps = min(laps, have // (per_hole * len(others)))
            if laps:
                take_pieces(s, start, laps * per_hole * len(others))
                for x in others:
                    add_pieces(s, x, laps * per_hole, what)
        return laps, per_hole  # with no seed left, a lap only goes round


class TrackSiteMove(Ludeme):
    """The site reached by going ``steps:`` forward along a track from a site (``from:``, the
    context's ``(from)`` by default): the track named (one of the player's first, the player
    being ``Mover`` by default), else the player's first track, else the first track of
    nobody. On a looped track the walk goes round; off the end of an open track it is -1.
    When a track passes a site twice, the walk starts where the piece on the site (the player's
    own, in a stack) was brought along the track (Ludii's OnTrackIndices), not at the site's
    first place on it.

    Parameters:
        from: the site the walk starts from (``(from)`` when left out)
        role: the player whose track is followed (the mover when left out)
        title: the track's name
        steps: how many steps along the track

    Examples:
        (trackSite Move from:(to) steps:1)
        (trackSite Move from:(from) "TrackCW" steps:(count at:(from)))
    """

    name = "trackSite Move"
    kind = INT
    frm: Any = Param(INT_FN, optional=True, named=True, key="from", range=SITE_NUMBER)
    role: Any = Param(Either((PLAYER, Instance("player"))), optional=True)
    title: Any = Param(STR_LIT, optional=True)
    steps: Any = Param(INT_FN, named=True, range=DISTANCE)

    def compile(self, c: Compiler):
        game = c.game
        if not game.tracks:
            raise BindError("(trackSite Move ...) but the board has no tracks", self.span)
        title = self.title.value if self.title is not None else None
        frm = c.int(self.frm) if self.frm is not None else (lambda s, e: e.frm)
        who = c.player(self.role) if self.role is not None else (lambda s, e: s.mover)
        steps = c.int(self.steps)
        choice = {}
        for p in range(game.num_players + 1):
            track = None
            if title is not None:
                track = next((t for t in game.tracks if title in t.name and t.owner == p), None) or \
                    next((t for t in game.tracks if title in t.name), None)
            if track is None:
                track = next((t for t in game.tracks if t.owner == p), None) or \
                    next((t for t in game.tracks if t.owner == 0), None)
            choice[p] = track

        number = {id(t): k for k, t in enumerate(game.tracks)}
        counted = game.on_track is not None  # a track passes a site twice: where pieces are is kept

        def site(s: State, e: Env) -> int:
            player = who(s, e)
            track = choice.get(player)
            if track is None:
                return -1
            sites = track.sites
            i = ontrack.start_index(s, track, number[id(track)], player, frm(s, e), counted)
            if i < 0:
                return -1
            i += max(steps(s, e), 0)
            if i < len(sites):
                return sites[i]
            return sites[i % len(sites)] if track.looped else -1
        return site


__all__ = ["Count", "SetCount", "FromTo", "MoveSelect", "Sow", "TrackSiteMove", "seed_kind", "any_site"]
