"""Pieces: their values, the hands (supplies) they are placed from, and where they are.

A piece may carry a value (``(piece "3Dot" Each value:3)``), read by ``(value Piece at:...)``.
A game with hands (``(hand Each)``) keeps each player's pieces off the board, counted per kind of
piece: the start rules fill them (``(place "1Dot1" (handSite P1) count:5)``); placements with
``fromHand:True`` take their piece from its owner's hand (see ``move Add``; Ludii's own placements
make new pieces). The counts are the state array ``hand`` (one entry per kind of piece, in
declaration order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.arrays import HAND, HAND_PLAYERS, HAND_SITES
from ..engine.env import Env
from ..engine.values import const_fn
from ..errors import BindError
from ..syntax.nodes import Const, Str
from .base import (
    BOOL,
    EQUIPMENT_ITEM,
    INT,
    INT_FN,
    MOVES_T,
    PIECE_NUMBER,
    PLAYER,
    REGION_FN,
    SITE_FN,
    STR_LIT,
    Either,
    Enum,
    Ludeme,
    Param,
)
from .sitetypes import site_type_param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State
    from ..native.emit import Emitter

MAX_HAND = 1_000_000  # pieces of one kind in one hand
MAX_HAND_SITES = 10_000  # sites of one of Ludii's hands


class Hand(Ludeme):
    """Each player has a hand: pieces off the board, counted per kind of piece, on one site
    per player (Ludii's hand of one site). The start rules fill the hands
    (``(place "Disc1" (handSite P1) count:12)``); a piece moved from the hand's site
    (``(move (from (handSite Mover)) ...)``) leaves it, one added there
    (``(add (to (handSite Mover)))``) joins it. As Ludii's, a placement on the board makes a
    new piece: it takes one from the hand only with ``fromHand:True`` (``move Add``, this
    engine's supplies of pieces). Pieces removed from the board do not go back to the hand.

    With ``size:`` a hand is Ludii's: a row of sites, each holding one piece, numbered after
    the board's (P1's first); ``(place "3Dot1" (handSite P1 0))`` fills one, ``(sites Hand
    Mover)`` is the mover's, ``(what at:...)`` and ``(remove ...)`` read and empty them, and
    placing a piece on the board does not take it from the hand (the rules say what leaves it).

    ``(hand Shared)`` is one more hand, shared, of one site after the players': pieces counted
    there (``(handSite Shared)``). ``(hand Shared size:N)`` is Ludii's shared hand of ``N``
    sites after the players' (``(handSite Shared 1)``, ``(sites Hand Shared)``), each holding
    one piece.

    A hand for one player (``(hand P1)``) is Ludii's hand of that player alone: the players
    without one take no piece from a hand, and their ``(handSite ...)`` is Off (-1). Ludii
    numbers hands in the order they are declared: with ``(hand P1) (hand P3)`` P1's hand is
    the first site after the board's (``Hand1``), P3's the next (``Hand3``).

    Parameters:
        role: ``Each``: every player has a hand; ``Shared``: one hand for all; ``P1``... that
            player's hand
        size: sites in each hand (Ludii's hands of sites); a counted supply when left out

    Examples:
        (hand Each)
        (hand Each size:15)
        (hand Shared)
        (hand Shared size:2)
        (hand P1)
    """

    name = "hand"
    kind = EQUIPMENT_ITEM
    role: Any = Param(Enum(("Each", "Shared") + tuple(f"P{i}" for i in range(1, 17)), "Each | Shared | P1 ... P16"))
    size: Any = Param(INT_FN, optional=True, named=True, range=(1, MAX_HAND_SITES))
    concepts = ("Hand",)

    def container_sites(self, num_players: int, static_int: Any) -> int:
        """How many sites Ludii numbers for this hand after the board's: one per hand without
        ``size:`` (Ludii's hand is a container of one site), ``size`` with it, for each player
        with ``Each``."""
        size = static_int(self.size) if self.size is not None else 1
        return size * (num_players if self.role.name == "Each" else 1)

    def declare(self, d: Declarations, c: Any) -> None:
        """The game's ``hand`` array: pieces in hand per kind of piece (all 0 at first); with
        ``size:``, Ludii's hands of sites instead (see :mod:`.containers`). The shared hand
        is one site after the players' hands, holding counted pieces."""
        if self.role.name.startswith("P"):
            self._declare_player_hand(d, c)
            return
        if self.role.name == "Shared":
            from ..engine.decks import DECK
            if DECK in d.arrays:
                raise BindError("a shared hand beside a deck is not supported yet", self.span)
            if self.size is not None:
                self._declare_shared_sites(d, c)
                return
            from ..engine.arrays import COUNT, EFFECT_TO, HAND_SHARED
            d.array(HAND_SHARED, [1])
            # its pieces are counted: room for the players' hands and this one after the board
            d.array(COUNT, [0] * (d.num_sites + d.num_players + 1), per_piece=True)
            d.array(EFFECT_TO, [-1, -1, -1])
            return
        from ..engine.decks import DECK
        if self.size is not None or DECK in d.arrays:  # beside a deck: a site each, holding a stack
            size = c.static_int(self.size) if self.size is not None else 1
            if not 1 <= size <= MAX_HAND_SITES:
                raise BindError(f"a hand has 1 to {MAX_HAND_SITES} sites, not {size}", self.size.span)
            from ..engine.arrays import HAND_SHARED_SITES
            if HAND_SHARED_SITES in d.arrays:
                raise BindError("the shared hand is declared before the players' hands: not supported yet "
                                "(Ludii numbers the hands' sites in the order they are declared)", self.span,
                                hint="declare (hand Each ...) first")
            if DECK in d.arrays:  # after the deck's site (Ludii numbers containers as declared)
                if HAND_SITES in d.arrays and len(d.arrays[HAND_SITES]) > 1:
                    raise BindError("hands for each player twice beside a deck", self.span)
                d.arrays[DECK][1] = len(d.arrays[HAND_SITES])
                d.arrays[HAND_SITES].extend([0] * (size * d.num_players))
            d.array(HAND_SITES, [0] * (size * d.num_players))
            from ..engine import stacks
            stacks.cover(d)
            return
        if HAND_PLAYERS in d.arrays:
            raise BindError("a hand for each player besides hands for some players", self.span)
        d.array(HAND, [0] * d.num_components)
        from ..engine import counts
        counts.cover(d)
        if d.stacking:  # Ludii's hands in a stacking game hold stacks on their sites
            from ..engine.handsites import hands_of_sites
            hands_of_sites(d)

    def _declare_player_hand(self, d: Declarations, c: Any) -> None:
        """``(hand P1)``: one player's counted hand. Ludii numbers hands in the order declared
        (``(hand P1) (hand P3)``: P1's is the first site after the board's, P3's the next), which
        :data:`HAND_PLAYERS` lists. ``size:1`` is Ludii's own container of one site, which a
        counted hand stands for: it is made one (:func:`hands_of_sites`)."""
        player = int(self.role.name[1:])
        if player > d.num_players:
            raise BindError(f"{self.role.name} does not exist in a {d.num_players}-player game", self.role.span)
        size = c.static_int(self.size) if self.size is not None else 0
        if size > 1:
            self._declare_player_sites(d, player, size)
            return
        if size != 0 and size != 1:
            raise BindError(f"a hand has 1 to {MAX_HAND_SITES} sites, not {size}", self.size.span)
        if (HAND in d.arrays or HAND_SITES in d.arrays) and HAND_PLAYERS not in d.arrays:
            raise BindError("a hand for this player besides hands for each player", self.span)
        if player in d.arrays.get(HAND_PLAYERS, ()):
            raise BindError(f"a second hand for {self.role.name} is not supported yet", self.span)
        from ..engine import counts, stacks
        from ..engine.arrays import HAND_SITE_COUNT
        from ..engine.decks import DECK
        from ..engine.handsites import hands_of_sites
        if HAND_SITES in d.arrays:  # the hands declared before are of one site each: one more
            if DECK in d.arrays or len(d.arrays[HAND_SITES]) != len(d.arrays[HAND_PLAYERS]):
                raise BindError("a hand for one more player after hands of sites is not supported yet", self.span)
            d.arrays[HAND_PLAYERS].append(player)
            d.arrays[HAND_SITES].append(0)
            if HAND_SITE_COUNT in d.arrays:
                d.arrays[HAND_SITE_COUNT].append(0)
            stacks.cover(d)
            return
        d.array(HAND, [0] * d.num_components)
        d.array(HAND_PLAYERS, [])
        d.arrays[HAND_PLAYERS].append(player)
        counts.cover(d)
        if d.stacking or size:  # Ludii's hands in a stacking game hold stacks on their sites
            hands_of_sites(d)

    def _declare_player_sites(self, d: Declarations, player: int, size: int) -> None:
        """``(hand P1 size:N)``: one player's container of ``N`` sites, after the hands declared
        before it (Ludii numbers containers as declared). Hands of players are laid out as
        ``(hand Each size:N)``'s are: so every player's hand has the same number of sites."""
        from ..engine import stacks
        from ..engine.arrays import HAND_SHARED_SITES, HAND_SITE_COUNT
        from ..engine.decks import DECK
        if size > MAX_HAND_SITES:
            raise BindError(f"a hand has 1 to {MAX_HAND_SITES} sites, not {size}", self.size.span)
        if HAND in d.arrays or DECK in d.arrays or HAND_SHARED_SITES in d.arrays or HAND_SITE_COUNT in d.arrays:
            raise BindError(f"a hand of {size} sites for {self.role.name} beside other kinds of hands "
                            "is not supported yet", self.span)
        if HAND_SITES in d.arrays:
            players = d.arrays.get(HAND_PLAYERS)
            if players is None:
                raise BindError(f"a hand for {self.role.name} besides hands for each player", self.span)
            if len(d.arrays[HAND_SITES]) != size * len(players):
                raise BindError("players' hands of different sizes are not supported yet", self.size.span)
            if player in players:
                raise BindError(f"a second hand for {self.role.name} is not supported yet", self.span)
            players.append(player)
            d.arrays[HAND_SITES].extend([0] * size)
        else:
            d.array(HAND_SITES, [0] * size)
            d.array(HAND_PLAYERS, [player])
        stacks.cover(d)

    def _declare_shared_sites(self, d: Declarations, c: Any) -> None:
        """``(hand Shared size:N)``: ``N`` sites after the players' hands, the last of the
        array of hand sites (:data:`~..engine.arrays.HAND_SHARED_SITES` says how many)."""
        from ..engine.arrays import HAND_SHARED, HAND_SHARED_SITES
        size = c.static_int(self.size)
        if not 1 <= size <= MAX_HAND_SITES:
            raise BindError(f"a hand has 1 to {MAX_HAND_SITES} sites, not {size}", self.size.span)
        if HAND_SHARED_SITES in d.arrays or HAND_SHARED in d.arrays:
            raise BindError("a second shared hand", self.span)
        if HAND in d.arrays:
            raise BindError("a shared hand of sites beside counted hands is not supported yet", self.span,
                            hint="give the players' hands sites too: (hand Each size:N)")
        d.array(HAND_SITES, [])
        d.arrays[HAND_SITES].extend([0] * size)
        d.array(HAND_SHARED_SITES, [size])
        from ..engine import stacks
        stacks.cover(d)


def _slots(game: Any) -> dict[int, int]:
    """Per player with a hand, which of the players' hands it is (Ludii's containers after the
    board, in the order declared)."""
    from ..engine.handsites import hand_players
    return {p: k for k, p in enumerate(hand_players(game.arrays, game.num_players))}


class HandSite(Ludeme):
    """A player's hand, where a start rule puts pieces: ``(place "Disc1" (handSite P1)
    count:12)``. The piece placed must be the player's own. As a site, Ludii's number of the
    hand's site: the hands' sites follow the board's (P1's is the number of board sites, P2's
    the next), so counted pieces can go there (``(fromTo (from (to)) (to (handSite Mover))
    count:2)``, ``(count Cell at:(handSite P1))``).

    Parameters:
        player: whose hand
        index: the site of the hand, counted from 0

    Examples:
        (handSite P1)
    """

    name = "handSite"
    kind = INT
    player: Any = Param(PLAYER)
    index: Any = Param(INT_FN, optional=True, range=(0, MAX_HAND_SITES - 1))

    def compile(self, c: Compiler):
        if isinstance(self.player, Const) and self.player.name == "Shared":
            from ..engine.handsites import shared_sites
            from ..engine.sites import shared_hand_site
            site = shared_hand_site(c.game)
            if site < 0:
                raise BindError("the game has no shared hand", self.span, hint="add (hand Shared) to the equipment")
            shared = shared_sites(c.game.arrays)
            if self.index is None or not shared:
                return const_fn(site)
            index = c.int(self.index)  # Ludii's hands of sites: the shared hand's site
            return lambda s, e: site + index(s, e)
        player = c.player(self.player)
        n = c.topo.n
        if HAND_SITES in c.game.arrays:  # Ludii's hands of sites: P1's sites first
            from ..engine.decks import hands_first
            n += hands_first(c.game.arrays)  # after a deck declared before the hands
            from ..engine.handsites import player_hand_size
            size = player_hand_size(c.game.arrays, c.game.num_players)
            index = c.int(self.index) if self.index is not None else const_fn(0)
            slots = _slots(c.game)  # Ludii's: the first site of the player's hand, Off (-1) for none

            def hand_site(s: State, e: Env) -> int:
                slot = slots.get(player(s, e), -1)
                return n + slot * size + index(s, e) if slot >= 0 else -1
            return hand_site
        if HAND not in c.game.arrays:
            raise BindError("the game has no hands", self.span, hint="add (hand Each) to the equipment")
        if self.index is not None:
            raise BindError("a hand without sites is one site: (handSite P1)", self.index.span,
                            hint="give the hands sites with (hand Each size:N)")
        slots = _slots(c.game)
        return lambda s, e: n + slots[p] if (p := player(s, e)) in slots else -1

    def fill(self, c: Compiler, what: int, count) -> object:
        """The start effect putting ``count`` pieces ``what`` in this hand."""
        game = c.game
        from ..engine.handsites import shared_sites
        if isinstance(self.player, Const) and self.player.name == "Shared" and shared_sites(game.arrays):
            return self._fill_shared_site(c, what, count)
        if isinstance(self.player, Const) and self.player.name == "Shared":  # counted pieces
            from ..engine.counts import add_pieces
            site = self.compile(c)(None, None)
            amount_of = c.int(count) if count is not None else const_fn(1)
            return lambda s, e: add_pieces(s, site, amount_of(s, e), what)
        if HAND_SITES in game.arrays:
            return self._fill_site(c, what, count)
        if self.index is not None:
            raise BindError("a hand without sites holds pieces by kind: (handSite P1) count:N", self.index.span,
                            hint="give the hands sites with (hand Each size:N)")
        if HAND not in game.arrays:
            raise BindError("the game has no hands", self.span, hint="add (hand Each) to the equipment")
        player = c.player(self.player)
        owner = game.owner_of[what]
        fixed = getattr(player, "const", None)
        name = game.components[what].name
        if fixed is None:
            raise BindError("a hand is named by its player (P1, P2 ...)", self.player.span)
        from ..engine.counts import COUNT
        from .sowing import seed_kind
        if owner != fixed and not owner and what == seed_kind(game) and COUNT in game.arrays:
            # pieces of nobody's in a player's hand (Quoridor's walls): counted on the hand's
            # site, the kind counts stand for (engine.counts)
            from ..engine.counts import add_pieces
            site = self.compile(c)(None, None)
            amount_of = c.int(count) if count is not None else const_fn(1)
            return lambda s, e: add_pieces(s, site, amount_of(s, e), what)
        if owner != fixed:
            raise BindError(f"{name} belongs to {f'P{owner}' if owner else 'nobody'}, not to P{fixed}: "
                            "a hand holds its player's own pieces", self.span)
        amount = c.static_int(count) if count is not None else 1
        if not 0 <= amount <= MAX_HAND:
            where = count.span if count is not None else self.span
            raise BindError(f"a hand holds 0 to {MAX_HAND} pieces of a kind, not {amount}", where)

        from ..engine import ontrack
        site = self.compile(c)(None, None)

        def run(s: State, e: Env) -> None:
            hand = s.arrays[HAND]
            s.set_item(hand, what, hand[what] + amount)
            ontrack.added(s, what, site, amount)  # Ludii's ActionAdd: a track may start in a hand
        return run


    def _fill_site(self, c: Compiler, what: int, count):
        """Ludii's hands of sites: the piece goes on one site of the hand."""
        game = c.game
        player = c.player(self.player)
        fixed = getattr(player, "const", None)
        if fixed is None:
            raise BindError("a hand is named by its player (P1, P2 ...)", self.player.span)
        from ..engine.handsites import player_hand_size
        size = player_hand_size(game.arrays, game.num_players)
        index = c.static_int(self.index) if self.index is not None else 0
        if not 0 <= index < size:
            where = self.index.span if self.index is not None else self.span
            raise BindError(f"a hand has sites 0 to {size - 1}, not {index}", where)
        from ..engine.decks import hands_first
        if fixed not in _slots(game):
            raise BindError(f"P{fixed} has no hand", self.player.span)
        return _fill_slot(c, hands_first(game.arrays) + _slots(game)[fixed] * size + index, what, count)

    def _fill_shared_site(self, c: Compiler, what: int, count):
        """Ludii's shared hand of sites: the piece, whoever owns it, goes on one of its sites."""
        from ..engine.handsites import player_hand_size, shared_sites
        game = c.game
        shared = shared_sites(game.arrays)
        index = c.static_int(self.index) if self.index is not None else 0
        if not 0 <= index < shared:
            where = self.index.span if self.index is not None else self.span
            raise BindError(f"the shared hand has sites 0 to {shared - 1}, not {index}", where)
        return _fill_slot(c, player_hand_size(game.arrays, game.num_players) * game.num_players + index, what, count)


def _fill_slot(c: Compiler, slot: int, what: int, count) -> object:
    """The start effect putting the piece ``what`` on the hand's site at ``slot`` of
    :data:`~..engine.arrays.HAND_SITES`; with ``count``, that many (Ludii's count of a site)."""
    if count is not None:
        from ..engine import handsites
        number = c.int(count)
        return lambda s, e: handsites.set_count(s, c.topo.n + slot, what, number(s, e))

    def run(s: State, e: Env) -> None:
        s.set_item(s.arrays[HAND_SITES], slot, what)
    return run


class ValuePiece(Ludeme):
    """The value of the piece on a site (declared with ``(piece "Name" Each value:N)``); 0 for
    an empty site or a piece without a value.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        at: the site of the piece
        level: the level in a stack, in a stacking game (the top when left out, or -1)

    Examples:
        (value Piece at:(to))
        (value Piece at:0 level:(topLevel at:0))
    """

    name = "value Piece"
    kind = INT
    type: Any = Param(Enum(("Vertex", "Cell", "Edge"), "site type"), optional=True)
    at: Any = Param(SITE_FN, named=True)
    level: Any = Param(INT_FN, optional=True, named=True, range=(-1, 1000))
    concepts = ("PieceValue",)

    def compile(self, c: Compiler):
        from .measures import check_site_type
        check_site_type(c, self, self.type)
        at = c.site(self.at)
        values = [comp.value for comp in c.game.components]
        if self.level is not None or (c.game.stacking and HAND_SITES in c.game.arrays):
            return self._in_stacks(c, at, values)
        from ..engine.handsites import what_at  # a hand's site too (Ludii's value of any container's site)
        if "piece_values" in c.game.arrays:  # values given to pieces by (set Value at:...)
            def value_of(s: State, e: Env) -> int:
                x = at(s, e)
                if x < 0:
                    return 0
                if x < len(s.arrays["piece_valued"]) and s.arrays["piece_valued"][x]:
                    return s.arrays["piece_values"][x]
                return values[what_at(s, x)]
            return value_of
        return lambda s, e: values[what_at(s, x)] if (x := at(s, e)) >= 0 else 0

    def _in_stacks(self, c: Compiler, at: Any, values: list[int]):
        """The value of the piece at a level of a stack (the top by default, or -1), on the
        board or on a site after it (a hand's, a deck's: they hold stacks too)."""
        if not c.game.stacking:
            raise BindError("(value Piece level:...) reads a stack: the game has none", self.level.span)
        from ..engine import stacks
        level = c.int(self.level) if self.level is not None else None
        arrays = c.game.piece_arrays
        given = (1 + arrays.index("piece_values"), 1 + arrays.index("piece_valued")) \
            if "piece_values" in arrays else None  # a level's own value (place Stack value:, set Value)

        def value_of(s: State, e: Env) -> int:
            x = at(s, e)
            if x < 0:
                return 0
            lv = level(s, e) if level is not None else -1
            lv = stacks.top_level(s, x) if lv == -1 else lv
            if given is not None:
                piece = stacks.entry(s, x, lv)
                if piece is not None and piece[given[1]]:
                    return piece[given[0]]
            return values[stacks.what_at(s, x, lv)]
        return value_of

    def kernel_int(self, k: Emitter) -> str:
        import numpy as np
        if "piece_values" in k.game.arrays or self.level is not None:
            from ..native.emit import NoKernel
            raise NoKernel("(value Piece ...)", "values given to pieces, or a level")
        values = k.table(np.array([comp.value for comp in k.game.components], dtype=np.int64))
        site = k.site(self.at)
        if getattr(self.at, "context_site", False) or site.isdigit():
            return f"{values}[{k.what(site)}]"
        return f"({values}[{k.what(site)}] if {site} >= 0 else 0)"


class IsWithin(Ludeme):
    """A piece of the named kind is on the site (``at:``, the last move's site when neither
    ``at:`` nor ``in:`` is given) or in the region (``in:``): ``"Disc"`` for any owner's,
    ``"Disc1"`` for P1's.

    Parameters:
        piece: the kind of piece (``"Disc"`` any owner's, ``"Disc1"`` P1's) or its number
            (optional in Ludii's grammar, which shares it with ``is Threatened``, but required
            by its meaning: leaving it out is refused)
        type: the kind of site (the board's own; another kind is refused)
        at: the site tested
        in: the region tested
        moves: not used (Ludii's ``is Within`` ignores the moves its grammar accepts)

    Examples:
        (is Within "1Dot" in:(sites Around (to)))
        (is Within "Disc1" at:(last To))
        (is Within (id "1Dot" Mover) in:(sites Around (to)))
        (is Within (id "Disc" P1))
    """

    name = "is Within"
    kind = BOOL
    checks_site_type = True  # pieces are on the board's kind of site only (see .sitetypes)
    piece: Any = Param(Either((STR_LIT, INT_FN)), optional=True, range=PIECE_NUMBER)
    type: Any = site_type_param()
    at: Any = Param(SITE_FN, optional=True, named=True)
    region: Any = Param(REGION_FN, optional=True, named=True, key="in")
    moves: Any = Param(MOVES_T, optional=True, doc="not used, as in Ludii")

    def validate(self) -> None:
        if self.piece is None:
            raise BindError("is Within needs the piece it looks for", self.span,
                            hint='write its kind or number first: (is Within (id "Disc" Mover) in:...)')
        if self.at is not None and self.region is not None:
            raise BindError("is Within takes a site (at:) or a region (in:), not both", self.span)

    def compile(self, c: Compiler):
        if isinstance(self.piece, Str):
            kinds = frozenset(c.components_named(self.piece.value, self.piece))
            piece = const_fn(kinds)
        else:
            one = c.int(self.piece)  # a piece's number: (id "1Dot" Mover)
            piece = lambda s, e: (one(s, e),)  # noqa: E731
        if self.region is None:
            at = c.site(self.at) if self.at is not None else (lambda s, e: s.last_to)
            return lambda s, e: (x := at(s, e)) >= 0 and s.what[x] in piece(s, e)
        region = c.region(self.region)

        def within(s: State, e: Env) -> bool:
            what = s.what
            wanted = piece(s, e)
            for x in region(s, e):
                if what[x] in wanted:
                    return True
            return False
        return within

    def kernel_bool(self, k: Emitter) -> str:
        import numpy as np

        from ..native.kernels.core import _components_named
        if isinstance(self.piece, Str):
            mask = np.zeros(len(k.game.components), dtype=np.int64)
            mask[_components_named(k, self.piece.value)] = 1
            kinds = k.table(mask)
            wanted = lambda x: f"{kinds}[{k.what(x)}] != 0"  # noqa: E731
        else:
            one = k.temp("w")
            k.line(f"{one} = {k.int(self.piece)}")  # a piece's number: (id "1Dot" Mover)
            wanted = lambda x: f"{k.what(x)} == {one}"  # noqa: E731
        if self.region is None:
            from ..native import abi
            site = k.site(self.at) if self.at is not None else k.var(abi.LAST_TO)
            if getattr(self.at, "context_site", False) or site.isdigit():
                return f"({wanted(site)})"
            return f"({site} >= 0 and {wanted(site)})"
        found, x = k.temp("b"), k.temp("x")
        k.line(f"{found} = False")
        with k.region(self.region).loop(k, x):
            k.line(f"if {wanted(x)}:")
            k.line(f"    {found} = True")
            k.line("    break")
        return found


__all__ = ["Hand", "HandSite", "ValuePiece", "IsWithin", "HAND", "HAND_SITES"]
