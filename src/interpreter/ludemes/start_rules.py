"""Ludii's start rules that iterate (``game.rules.start.forEach``): a start rule applied for
each site of a region (``forEach Site``, with a condition), each player (``forEach Player``)
or each player of a list (``forEach <ints>``, which is also Ludii's moves of each player of a
list). Each is the start overload of a name the play
rules use too; the binder tells them apart by their arguments (a start rule where the moves
version takes moves)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.values import const_fn
from ..errors import BindError
from ..syntax.nodes import Int, Str
from .base import (
    ANY_INT,
    BOOL_FN,
    BOOL_LIT,
    INT_FN,
    MOVES,
    PIECES,
    REGION_FN,
    SITE_NUMBER,
    START_RULE,
    STR_LIT,
    ArrayOf,
    BoundArray,
    Either,
    Enum,
    Kind,
    Ludeme,
    Param,
)
from .start_items import COUNT_ITEM

if TYPE_CHECKING:
    from ..compile import Compiler
    from ..engine.env import Env
    from ..engine.state import State

_RULE = Kind((START_RULE, MOVES), "start rule")


class StartForEachSite(Ludeme):
    """Start rule: a start rule applied at each site of a region (``(site)`` being the site)
    where the condition holds, one site after the other (a site sees what the rule did at the
    sites before it), as Ludii's start ``forEach Site``.

    Parameters:
        region: the sites visited
        if: the condition a site must meet, ``(site)`` being the site (every site when left out)
        rule: the start rule applied at each site

    Examples:
        (forEach Site (sites Top) if:(is Even (site)) (place "Disc1" (site)))
    """

    name = "forEach Site"
    overload = True
    kind = START_RULE
    concepts = ("ControlFlowStatement",)
    region: Any = Param(REGION_FN)
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    rule: Any = Param(_RULE)

    def compile_effect(self, c: Compiler):
        region = c.sites_in_order(self.region)  # Ludii's Region: each site once, in order
        cond = c.bool(self.condition) if self.condition is not None else None
        effect = c.effect(self.rule)

        def run(s: State, e: Env) -> None:
            frame = e.child()
            for site in list(region(s, e)):
                frame.site = site
                if cond is None or cond(s, frame):
                    effect(s, frame)
        return run


class StartForEachPlayer(Ludeme):
    """Start rule: a start rule applied for each player in turn (``Player`` being the player),
    as Ludii's start ``forEach Player``.

    Parameters:
        rule: the start rule applied for each player

    Examples:
        (forEach Player (set Amount Player 10))
    """

    name = "forEach Player"
    overload = True
    kind = START_RULE
    concepts = ("ControlFlowStatement",)
    rule: Any = Param(Kind((START_RULE,), "start rule"))

    def compile_effect(self, c: Compiler):
        everyone = tuple(range(1, c.game.num_players + 1))
        return c.each(const_fn(everyone), c.effect(self.rule), bind="player")


def _names_hand_site(region: Any, board_sites: int) -> bool:
    """Whether a region names a hand's site: by ``(handSite ...)`` or by a number past the
    board's sites (Ludii numbers the hands' sites after the board's)."""
    if isinstance(region, Int):
        return region.value >= board_sites
    if isinstance(region, Ludeme):
        return region.name == "handSite" or any(_names_hand_site(x, board_sites) for x in region.children())
    return isinstance(region, BoundArray) and any(_names_hand_site(x, board_sites) for x in region.items)


class PlaceRandom(Ludeme):
    """Start rule: for each kind of piece named, in order (or in a random order), ``count:``
    pieces (1 by default) put on empty sites of the region (the board by default) drawn at
    random, as long as there are empty sites (Ludii's ``place Random`` on sites).

    Parameters:
        region: the sites drawn from (the board when left out)
        items: the kinds of piece placed
        count: how many of each kind [1]
        state: the local state of each piece placed
        value: the value of each piece placed
        type: the kind of site (the board's own kind when left out)
        shuffled: True: the kinds of piece taken in a random order [False]

    Examples:
        (place Random {"Disc1" "Disc2"})
        (place Random (sites Top) {"Disc1"} count:2)
    """

    name = "place Random"
    kind = START_RULE
    concepts = ("InitialRandomPlacement", "Stochastic")
    region: Any = Param(REGION_FN, optional=True)
    items: Any = Param(ArrayOf(STR_LIT), optional=True)
    count: Any = Param(INT_FN, optional=True, named=True, range=PIECES)
    state: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)
    value: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)
    type: Any = Param(Enum(("Cell", "Vertex", "Edge"), "site type"), optional=True)
    shuffled: Any = Param(BOOL_LIT, optional=True)

    def validate(self) -> None:
        if self.items is None:  # {"Disc1"} alone: the pieces (a region of labels would fit too)
            if not (isinstance(self.region, BoundArray) and all(isinstance(i, Str) for i in self.region.items)):
                raise BindError("place Random names the pieces placed", self.span, hint='(place Random {"Disc1"})')
            self.items, self.region = self.region, None

    def concepts_at(self, where):
        out = list(self.concepts)
        if self.value is not None:
            out.append("PieceValue")
        if self.state is not None:
            out.append("SiteState")
        return out + ["PieceCount"]  # Ludii's: its count (1 by default) is above Undefined

    def declare(self, d: Any, c: Any) -> None:
        from ..engine import dice as engine_dice
        engine_dice.declare_random(d)
        if self.region is not None and _names_hand_site(self.region, d.num_sites):
            # pieces of any kind put one per site on a hand's site: Ludii's hand is a container
            # of one site (a counted hand holds only its owner's pieces, by kind)
            from ..engine.handsites import hands_of_sites
            hands_of_sites(d)
        if self.state is not None:
            from .variables import piece_states
            piece_states(d)
        if self.value is not None:
            from .variables import piece_values
            piece_values(d)

    def compile_effect(self, c: Compiler):
        from ..engine import dice as engine_dice
        from .board_sites import check_type
        from .chance import salt_of
        from .variables import PIECE_STATES, PIECE_VALUED, PIECE_VALUES
        check_type(self, c)
        names = self.items.items if isinstance(self.items, BoundArray) else [self.items]
        kinds = []
        for name in names:
            # Ludii's game.getComponent: one piece of that name, as declared ("Human" for the
            # (piece "Human" P1) whose full name is Human1) or in full; of several owners' pieces
            # of one declared name, the first
            kinds.append(c.components_named(name.value, name)[0])
        region = c.region(self.region) if self.region is not None else const_fn(tuple(range(c.topo.n)))
        count = c.int(self.count) if self.count is not None else const_fn(1)
        state = c.int(self.state) if self.state is not None else None
        value = c.int(self.value) if self.value is not None else None
        shuffled = self.shuffled is not None and self.shuffled.value
        salt = salt_of(self)
        draw = engine_dice.draw
        from ..engine.handsites import put, what_at

        def run(s: State, e: Env) -> None:
            order = list(kinds)
            draws = 0
            if shuffled:  # a random order of the kinds
                for i in range(len(order) - 1, 0, -1):
                    j = draw(s, salt, draws, i + 1)
                    draws += 1
                    order[i], order[j] = order[j], order[i]
            for what in order:
                # the region's empty sites, of the board or of a hand ((sites Hand P1))
                free = [x for x in region(s, e) if not what_at(s, x)]
                n = count(s, e)
                st = state(s, e) if state is not None else None
                v = value(s, e) if value is not None else None
                for _ in range(n):
                    if not free:
                        break
                    site = free.pop(draw(s, salt, draws, len(free)))
                    draws += 1
                    put(s, site, what)
                    if st:
                        s.set_item(s.arrays[PIECE_STATES], site, st)
                    if v is not None:
                        s.set_item(s.arrays[PIECE_VALUES], site, v)
                        s.set_item(s.arrays[PIECE_VALUED], site, 1)
        return run


class PlaceRandomStack(Ludeme):
    """Start rule: a stack of pieces on one site, in a random order: ``count:`` pieces of each
    kind named (one of each by default), or the pieces counted (``(count "Pawn1" 8)`` each), as
    Ludii's ``place Random`` of a stack (a stacking game).

    Parameters:
        pieces: the kinds of piece in the stack, or the pieces counted (``(count "Pawn1" 8)``)
        count: how many of each kind, in the order of the kinds [1 each]
        state: the local state of each piece placed
        value: the value of each piece (refused here: stacks keep no values)
        where: the site of the stack
        type: the kind of site (the board's own kind when left out)

    Examples:
        (place Random {"Disc1" "Disc2"} count:{2 3} 4)
        (place Random {(count "Disc1" 2) (count "Disc2" 3)} 4)
    """

    name = "place Random"
    overload = True
    kind = START_RULE
    concepts = ("InitialRandomPlacement", "Stochastic", "PieceCount")
    pieces: Any = Param(Either((ArrayOf(STR_LIT), ArrayOf(Kind((COUNT_ITEM,), "(count <name> <int>)")))))
    count: Any = Param(ArrayOf(INT_FN), optional=True, named=True, range=PIECES)
    state: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)
    value: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)
    where: Any = Param(INT_FN, range=SITE_NUMBER)
    type: Any = Param(Enum(("Cell", "Vertex", "Edge"), "site type"), optional=True)

    def validate(self) -> None:
        if self.value is not None:
            raise BindError("place Random value: of a stack is not supported yet", self.value.span)
        items = self.pieces.items if isinstance(self.pieces, BoundArray) else [self.pieces]
        if any(isinstance(i, Ludeme) for i in items):  # Ludii's items counted: names and counts
            if self.count is not None or self.state is not None:
                raise BindError("pieces counted take no count: or state: (Ludii's third signature)", self.span)
            self.pieces = BoundArray([i.item for i in items], self.pieces.span)
            self.count = BoundArray([i.count for i in items], self.pieces.span)

    def concepts_at(self, where):
        from .effects import placed_where
        return self.concepts + (placed_where(self.where),)

    def declare(self, d: Any, c: Any) -> None:
        from ..engine import dice as engine_dice, stacks
        engine_dice.declare_random(d)
        stacks.declare(d)
        if self.state is not None:
            from .variables import piece_states
            piece_states(d)

    def compile_effect(self, c: Compiler):
        from ..engine import dice as engine_dice, stacks
        from .board_sites import check_type
        from .chance import salt_of
        from .stacks import _with_state, stacks_state_index
        check_type(self, c)
        names = self.pieces.items if isinstance(self.pieces, BoundArray) else [self.pieces]
        kinds = [c.game.component_index.get(name.value, 0) for name in names]  # Ludii skips unknown names
        counts = ([c.int(x) for x in self.count.items] if isinstance(self.count, BoundArray)
                  else [c.int(self.count)] if self.count is not None else None)
        where = c.site(self.where)
        state = c.int(self.state) if self.state is not None else None
        salt = salt_of(self)
        draw = engine_dice.draw

        from ..engine.arrays import HAND_SITES
        last = c.topo.n + len(c.game.arrays.get(HAND_SITES, ()))  # a stack in a hand's site too

        def run(s: State, e: Env) -> None:
            site = where(s, e)
            if not 0 <= site < last:
                return
            placing: list[int] = []
            for i, what in enumerate(kinds):
                if what:
                    n = counts[i](s, e) if counts is not None and i < len(counts) else 1
                    placing.extend([what] * max(n, 0))
            value = state(s, e) if state is not None else 0
            draws = 0
            while placing:
                what = placing.pop(draw(s, salt, draws, len(placing)))
                draws += 1
                piece = stacks.new_entry(s, what)
                if value and stacks_state_index(s) >= 0:
                    piece = _with_state(s, piece, value)
                stacks.push(s, site, piece)
        return run


__all__ = ["StartForEachSite", "StartForEachPlayer", "PlaceRandom", "PlaceRandomStack"]
