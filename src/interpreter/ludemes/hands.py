"""Ludii's hands of sites (``(hand Each size:N)``): the sites of a hand, what is on a site,
and a piece's number (Ludii's ``sites Hand``, ``what``, ``id``).

A hand's sites are numbered after the board's, P1's first: with a board of ``n`` sites and
hands of ``size`` sites, P2's site 0 is ``n + size``. The state array ``hand_sites`` holds the
piece on each (0 for none). ``(what at:...)``, ``(remove ...)`` and ``(count Pieces ... in:...)``
read and change board and hand sites alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from ..engine.arrays import HAND_SITES
from ..engine.env import Env
from ..engine.values import const_fn, constant
from ..errors import BindError
from ..syntax.nodes import Const
from .base import INT, INT_FN, LEVEL, MOVES_T, PLAYER, REGION, SITE_FN, STR_LIT, Either, Instance, Ludeme, Param
from .measures import SITE_TYPE
from .sitetypes import site_type_param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State
    from ..native.emit import Emitter, Region


def hand_size(c: Compiler, where: Ludeme) -> int:
    """The number of sites of each hand; an error when the hands have none."""
    game = c.game
    if HAND_SITES not in game.arrays:
        raise BindError("the hands of this game have no sites", where.span,
                        hint="give them sites: (hand Each size:N)")
    from ..engine.handsites import player_hand_size
    return player_hand_size(game.arrays, game.num_players)


class SitesHand(Ludeme):
    """The sites of a player's hand, numbered after the board's (one site for a hand without
    ``size:``); none when no player is given (Ludii's ``SitesHand``). Ludii's signature also
    takes a site type, moves and a name, which its ``SitesHand`` does not read: accepted and
    unused here too.

    Parameters:
        type: unused (Ludii's signature)
        role: whose hand (a role, a number or ``(player N)``; none when left out)
        moves: unused (Ludii's signature)
        named: unused (Ludii's signature)

    Examples:
        (sites Hand Mover)
        (sites Hand (player 2))
    """

    name = "sites Hand"
    kind = REGION
    type: Any = site_type_param()
    role: Any = Param(Either((PLAYER, Instance("player"))), optional=True)
    moves: Any = Param(MOVES_T, optional=True)
    named: Any = Param(STR_LIT, optional=True)

    def _shared(self) -> bool:
        return isinstance(self.role, Const) and self.role.name == "Shared"

    def compile(self, c: Compiler):
        from ..engine.arrays import HAND
        from ..engine.sites import hand_layout, off_board_sites, shared_hand_site
        if self.role is None:  # as Ludii: no player, no sites
            return lambda s, e: ()
        shared_only = self._shared() and shared_hand_site(c.game) < 0
        if self._shared() and not shared_only:  # the shared hand's sites, after the players' hands
            shared = tuple(range(shared_hand_site(c.game), c.topo.n + off_board_sites(c.game)))
            return lambda s, e: shared
        if shared_only and HAND not in c.game.arrays and HAND_SITES not in c.game.arrays:
            return lambda s, e: ()  # no hand at all: Ludii's empty region
        if HAND in c.game.arrays and HAND_SITES not in c.game.arrays:
            size = 1  # a hand of counted pieces: one site, Ludii's hand of one site
        else:
            size = hand_size(c, self)
        from ..engine.decks import hands_first
        n = c.topo.n + hands_first(c.game.arrays)  # after a deck declared before the hands
        from ..engine.handsites import hand_players
        owners = hand_players(c.game.arrays, c.game.num_players) if hand_layout(c.game)[1] else ()
        tables = {p: tuple(range(n + k * size, n + (k + 1) * size)) for k, p in enumerate(owners)}
        if shared_only:  # Ludii's SitesHand for Shared without a shared hand: the first hand's sites, if any
            first_hand = tables[owners[0]] if owners else ()
            return lambda s, e: first_hand
        who = c.player(self.role)
        return lambda s, e: tables.get(who(s, e), ())

    def kernel_region(self, k: Emitter) -> Region:
        import numpy as np

        from ..native.emit import NoKernel
        from ..native.kernels.core import _value
        from ..native.kernels.hands import HandSites
        from ..native.kernels.regions import _fixed
        total = k.layout.hand_sites
        if not total:
            raise NoKernel("(sites Hand ...)", "hands without sites")
        if self._shared() or k.layout.arrays.get("hand_shared_sites"):
            raise NoKernel("(sites Hand ...)", "a shared hand of sites")
        from ..engine.decks import DECK
        if DECK in k.game.arrays:
            raise NoKernel("(sites Hand ...)", "a deck")
        if self.role is None:
            from ..native.emit import Listed
            return Listed(())
        size = total // k.players
        rows = np.zeros((k.players + 1, size), dtype=np.int64)
        for p in range(1, k.players + 1):
            rows[p] = np.arange(k.n + (p - 1) * size, k.n + p * size)
        player = _fixed(k, _value(k, self.role) if self.role is not None else k.mover, "p")
        return HandSites(k.table(rows), player)


class What(Ludeme):
    """The number of the piece on a site (0 when empty), on the board or in a hand: the same
    number as ``(id "Name" P1)``. In a stacking game, as in Ludii, the piece at the level given,
    and at level 0 (the bottom of the stack) when none is given; level -1 is the top. With
    another kind of site than the board's, the piece on that element (:mod:`.other_sites`). In a
    deduction puzzle, as Ludii's, the value of a resolved site (0 while it is not resolved).

    Parameters:
        type: the kind of site (the board's own when left out)
        at: the site asked about (on the board or in a hand)
        level: the level of the stack asked about (0 when left out; -1: the top)

    Examples:
        (what at:(last To))
        (what at:(to) level:(level))
        (what Edge at:(last To))
    """

    name = "what"
    kind = INT
    type: Any = Param(SITE_TYPE, optional=True)
    at: Any = Param(SITE_FN, named=True)
    level: Any = Param(INT_FN, optional=True, named=True, range=(-1, LEVEL.hi))

    def declare(self, d: Any, c: Any) -> None:
        if getattr(self.at, "name", None) == "handSite":
            # the piece on a hand's site, asked for: Ludii's hand is a container whose site holds
            # a piece (Quixo's (what at:(handSite (mover))) reads the neutral piece taken there),
            # which a hand counting its owner's pieces by kind cannot tell
            from ..engine.handsites import hands_of_sites
            hands_of_sites(d)

    def compile(self, c: Compiler):
        from ..engine.multisite import KindView, pieces_array
        from .other_sites import other_kind, sited_count, sited_piece
        kind = other_kind(c, self.type)
        if kind is not None and not (c.game.stacking and pieces_array(kind) in c.game.arrays):
            sited = sited_piece(c, self.at, kind)  # the piece on an element of another kind
            return lambda s, e: sited(s, e)[1]
        from .measures import check_site_type
        if kind is None:
            check_site_type(c, self, self.type)
        at = c.site(self.at)
        n = c.topo.n if kind is None else sited_count(c, kind)
        hands = HAND_SITES in c.game.arrays and kind is None
        from .puzzles import PUZZLE, resolved, value_of
        if PUZZLE in c.game.arrays:  # a deduction puzzle's site: its value once resolved, else 0 (Ludii's)
            def value(s: State, e: Env) -> int:
                x = at(s, e)
                mask = s.arrays[PUZZLE][x] if 0 <= x < n else 0
                return value_of(mask) if resolved(mask) else 0
            return value
        if c.game.stacking:
            from ..engine import stacks
            level = c.int(self.level) if self.level is not None else (lambda s, e: 0)

            def what_level(s: State, e: Env) -> int:
                x = at(s, e)
                if x < 0:
                    return 0
                if x >= n and not hands:
                    return 0
                lv = level(s, e)  # a hand's or a deck's site holds a stack too
                v: Any = s if kind is None else KindView(s, kind)  # the other kind's pieces (engine.multisite)
                return stacks.what_at(v, x, stacks.top_level(v, x)) if lv == -1 else stacks.what_at(v, x, lv)
            return what_level

        def what(s: State, e: Env) -> int:
            x = at(s, e)
            if x < 0:
                return 0
            if x < n:
                return s.what[x]
            return s.arrays[HAND_SITES][x - n] if hands else 0
        from .dice import die_piece, on_die_site
        game = c.game
        return on_die_site(c, self.at, self.type, what, lambda s, die: die_piece(game, die))  # a die's site: the die

    def kernel_int(self, k: Emitter) -> str:
        from ..native.emit import NoKernel
        from .other_sites import no_sited_kernel
        no_sited_kernel(self, k, self.type)
        if "puzzle" in k.game.arrays:
            raise NoKernel("(what ...) in a deduction puzzle")
        if self.level is not None or k.game.stacking:
            raise NoKernel("(what level:...)")
        if not getattr(self.at, "context_site", False):
            from .dice import no_die_kernel
            no_die_kernel(k, "what")
        site = k.site(self.at, hands=True)  # WHAT + site: a hand's site as well as the board's
        if getattr(self.at, "context_site", False) or site.isdigit():
            return k.what(site)
        return f"({k.what(site)} if {site} >= 0 else 0)"


_HOLDING: WeakKeyDictionary[Any, dict[str, dict[int, int]]] = WeakKeyDictionary()


def _first_holding(game: Any, name: str) -> dict[int, int]:
    """Ludii's ``(id <name> <player>)``: per owner, the first piece (by number) whose name holds
    ``name`` ("King" is in "King_noCross1") and that the owner owns; no entry (-1) when none. A
    piece the players share is not a neutral one (Ludii's Shared owner is the one after the
    players). Found once per game and name (a game's pieces are fixed once it is built)."""
    known = _HOLDING.setdefault(game, {})
    if name not in known:
        known[name] = _holding(game, name)
    return known[name]


def _holding(game: Any, name: str) -> dict[int, int]:
    """:func:`_first_holding`, searched."""
    first: dict[int, int] = {}
    for comp in game.components[1:]:
        shared = comp.owner == 0 and comp.name == comp.base and comp.base != ""
        if name in comp.name and not shared:
            first.setdefault(comp.owner, comp.index)
    return first


def _by_full_name(c: Any, name: str, where: Any, game: Any = None) -> int:
    """Ludii's ``(id <name>)``: the piece of exactly that name ("Disc1"), -1 when none (a base
    name such as "Disc" names no piece of two players)."""
    game = game if game is not None else c.game
    return game.component_index.get(name, -1)


def _shared_piece(game: Any, name: str) -> int:
    """Ludii's ``(id <name> Shared)``: the first piece whose name contains ``name`` and that the
    players share (a Shared piece keeps its name unnumbered here, "Seed"); -1 when none."""
    return next((comp.index for comp in game.components[1:]
                 if comp.owner == 0 and comp.name == comp.base and name in comp.name), -1)


class Id(Ludeme):
    """The number of a kind of piece: ``(id "1Dot" Mover)`` is the mover's "1Dot", ``(id
    "Disc1")`` P1's "Disc"; with a player only, ``(id Mover)``, the player's number.

    Parameters:
        piece_name: the kind of piece (``"Disc"``, or with its owner ``"Disc1"``)
        role: the player whose piece it is, or whose number is asked

    Examples:
        (id "1Dot" Mover)
        (id "Disc1")
        (id Mover)
    """

    name = "id"
    kind = INT
    piece_name: Any = Param(STR_LIT, optional=True)
    role: Any = Param(PLAYER, optional=True)

    def validate(self) -> None:
        if self.piece_name is None and self.role is None:
            raise BindError("id names a piece or a player: (id \"Disc\" Mover) or (id Mover)", self.span)

    def compile(self, c: Compiler):
        if self.piece_name is None:  # Ludii's Id: (id Shared) is one after the players
            from .logic import value_fn
            return value_fn(c, self.role)
        game = c.game
        if self.role is None:
            return const_fn(_by_full_name(c, self.piece_name.value, self.piece_name))
        if self.role.name == "Shared":  # Ludii: the first piece of that name the players share
            return const_fn(_shared_piece(game, self.piece_name.value))
        per_owner = _first_holding(game, self.piece_name.value)
        who = c.player(self.role)
        owner = constant(who)
        if owner is not None:  # a fixed player's piece: a constant
            return const_fn(per_owner.get(owner, -1))
        return lambda s, e: per_owner.get(who(s, e), -1)

    def component_name(self, num_players: int) -> str | None:
        """As the piece of a move Add: the piece name it stands for, when its role is the
        mover's (the mover's own piece of that name) or a fixed player's."""
        if self.piece_name is None:
            return None
        role = getattr(self.role, "name", None)
        if role is None or role == "Mover":
            return self.piece_name.value
        if role.startswith("P") and role[1:].isdigit():
            return f"{self.piece_name.value}{role[1:]}"
        if role == "Neutral":  # Ludii's neutral piece: the name with 0 ("Ball0")
            return f"{self.piece_name.value}0"
        if role == "Shared":  # a shared piece keeps its name ("Seed")
            return self.piece_name.value
        return None

    def kernel_int(self, k: Emitter) -> str:
        import numpy as np

        from ..native.kernels.regions import _fixed
        if self.piece_name is None:
            from ..native.kernels.core import _value
            return _value(k, self.role)
        if self.role is None:
            return str(_by_full_name(None, self.piece_name.value, self.piece_name, k.game))
        if self.role.name == "Shared":
            return str(_shared_piece(k.game, self.piece_name.value))
        per_owner = np.full(k.players + 1, -1, dtype=np.int64)
        for owner, i in _first_holding(k.game, self.piece_name.value).items():
            if 0 <= owner <= k.players:
                per_owner[owner] = i
        table = k.table(per_owner)
        who = _fixed(k, k.player(self.role), "p")
        return f"({table}[{who}] if 0 <= {who} < {table}.shape[0] else -1)"
