"""Dominoes (Ludii's ``domino``, ``dominoes``, ``deal``, ``take Domino``).

A domino is a kind of piece with two values, its pips (``value:`` and ``value2:``; the second
is the component's ``value2`` data); ``(dominoes)`` is the set of every domino from 0-0 to
``upTo``-``upTo`` (``Domino01``... shared, as Ludii names them). ``(deal Dominoes 7)`` puts
dominoes drawn at random into the players' hands, ``(take Domino)`` one of those left (on no
site) into the first empty site of the mover's hand. The draws come from the state's random
sequence (:mod:`interpreter.engine.dice`), as the other chance rules', so a game replays alike.

A domino is a large piece (two cells by four): on the board it covers eight cells, carrying its
pips (:mod:`.large_pieces`, :mod:`.large_dominoes`); on a boardless table, Ludii's line of play
says where the next may go.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import dice as engine_dice, handsites
from ..engine.arrays import HAND_SHARED, HAND_SITES
from ..engine.env import Env
from ..engine.values import const_fn
from ..errors import BindError
from ..syntax.nodes import Const, Int, Str
from .base import EQUIPMENT_ITEM, INT_FN, INT_LIT, MOVES, MOVES_T, ROLE, STR_LIT, THEN, Enum, Ludeme, Param, kind_of
from .chance import frame_key, salt_of
from .structure import PieceDecl

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State

MAX_PIPS = 16  # Ludii's Constants.MAX_PITS_DOMINOES
VALUE2 = "value2"
DEALABLE = Enum(("Dominoes", "Cards"), "dealable type")


class Domino(PieceDecl):
    """A domino: a kind of piece with two values (its pips), and moves of its own.

    Parameters:
        piece_name: its name
        role: its owner
        value: the pips of its first half
        value2: the pips of its second half
        moves: its own moves

    Examples:
        (domino "Domino45" Shared value:4 value2:5)
    """

    name = "domino"
    concepts = ("Domino",)
    piece_name: Any = Param(STR_LIT)
    role: Any = Param(ROLE)
    facing = None
    state = None  # a domino is equipment: no placed piece's state (Ludii's domino has none)
    value: Any = Param(INT_LIT, named=True, range=(0, MAX_PIPS))
    value2: Any = Param(INT_LIT, named=True, range=(0, MAX_PIPS))
    moves: Any = Param(MOVES_T, optional=True)

    def concepts_at(self, where: Any):
        return ("Domino", "LargePiece", "Tile", "CanNotMove")  # Ludii's Domino: a large tile

    def declare(self, d: Declarations, c: Any) -> None:
        from .large_dominoes import declare_pips
        from .large_pieces import declare_cover
        declare_cover(d)  # a domino is a large piece
        declare_pips(d)

    def component_data(self) -> tuple[tuple[str, int], ...]:
        from .large import DOMINO_WALK, walk_data
        return ((VALUE2, self.value2.value),) + walk_data([DOMINO_WALK])  # Ludii's domino is a large piece


class Dominoes(Ludeme):
    """The set of dominoes: one of each pair of pips from 0-0 to ``upTo``-``upTo`` (6 by
    default: 28 dominoes), shared, named ``Domino`` and their pips (``Domino06``).

    Parameters:
        upTo: the greatest number of pips

    Examples:
        (dominoes)
        (dominoes upTo:9)
    """

    name = "dominoes"
    kind = EQUIPMENT_ITEM
    concepts = ("Domino", "LargePiece", "Tile", "CanNotMove")  # Ludii's Domino: a large tile
    upTo: Any = Param(INT_LIT, optional=True, named=True, range=(0, MAX_PIPS))

    def declare(self, d: Declarations, c: Any) -> None:
        from .large_dominoes import declare_pips
        from .large_pieces import declare_cover
        declare_cover(d)  # dominoes are large pieces
        declare_pips(d)

    def pieces_made(self) -> list[PieceDecl]:
        """The dominoes of the set, as Ludii makes them (i from 0, j from i)."""
        top = self.upTo.value if self.upTo is not None else 6
        span = self.span
        return [Domino(span, piece_name=Str(f"Domino{i}{j}", span=span), role=Const("Shared", span=span),
                       value=Int(i, span=span), value2=Int(j, span=span))
                for i in range(top + 1) for j in range(i, top + 1)]


def _dominoes(c: Compiler) -> list[int]:
    """The game's dominoes (the components with two values)."""
    return [comp.index for comp in c.game.components[1:] if any(k == VALUE2 for k, _ in comp.data)]


def _hands(c: Compiler) -> list[int] | None:
    """The first site of each player's hand, or None when Ludii deals nothing (no hand of sites
    for each player, or a shared hand besides)."""
    game = c.game
    from ..engine.handsites import player_hand_size, shared_sites
    if HAND_SITES not in game.arrays or HAND_SHARED in game.arrays or shared_sites(game.arrays):
        return None
    size = player_hand_size(game.arrays, game.num_players)
    from ..engine.decks import players_hand_sites
    return players_hand_sites(game.arrays, c.topo.n, game.num_players, size)


class Deal(Ludeme):
    """Deal dominoes or cards to the players' hands (a start rule, or an effect). Dominoes: as
    Ludii's, twice ``count`` dominoes (1 by default) drawn at random among all of them, to each
    player in turn, into the sites of their hands in order. Cards: ``count`` cards to each
    player's hand, from the top of the deck (``(deck)``), one at a time to each hand in turn
    from ``beginWith:``'s (P1's by default), each on top of the hand's (first) site; nothing
    without a deck or without a hand for each player, as Ludii's (which fails when the deck has
    too few cards).

    Parameters:
        type: Dominoes or Cards
        count: how many each (1 by default)
        beginWith: the player dealt to first (cards)
        then: consequences applied after it

    Examples:
        (deal Dominoes 7)
        (deal Cards 3 beginWith:(mover))
    """

    name = "deal"
    kind = MOVES
    type: Any = Param(DEALABLE)
    count: Any = Param(INT_FN, optional=True, range=(0, 1000))
    beginWith: Any = Param(INT_FN, optional=True, named=True, range=(1, 16))
    then: Any = Param(kind_of(THEN), optional=True)

    def concepts_at(self, where: Any):
        return ("Domino",) if self.type.name == "Dominoes" else ("Card",)

    def where_for(self, param, where):
        return where.as_effect()

    def declare(self, d: Declarations, c: Any) -> None:
        engine_dice.declare_random(d)

    def compile(self, c: Compiler):
        raise BindError("(deal ...) is an effect or a start rule: use it in (then ...) or (start ...)", self.span)

    def compile_effect(self, c: Compiler):
        count = c.int(self.count) if self.count is not None else const_fn(1)
        if self.beginWith is not None:
            c.int(self.beginWith)  # the first player dealt cards to (no deck here: nothing is dealt)
        then = self.then.compile_effect(c) if self.then is not None else None
        if self.type.name == "Cards":
            return self._cards(c, count, then)
        hands = _hands(c) if self.type.name == "Dominoes" else None
        dominoes = _dominoes(c)
        players = c.game.num_players
        salt = salt_of(self)
        draw = engine_dice.draw

        def run(s: State, e: Env) -> None:
            if hands is not None:
                n = count(s, e)
                pool = list(dominoes)
                if len(pool) < n * len(hands):
                    raise BindError("there are not so many dominoes to deal", self.span)
                key = frame_key(e)
                for dealt in range(min(2 * n, len(pool))):  # Ludii deals twice the count
                    what = pool.pop(draw(s, salt, key + dealt, len(pool)))
                    handsites.put(s, hands[dealt % players] + dealt // players, what)
            if then is not None:
                then(s, e)
        return run


    def _cards(self, c: Compiler, count: Any, then: Any):
        """Ludii's deal of cards: from the top of the deck, one card at a time to each hand in
        turn (Ludii's ``Deal.evalCards``)."""
        from ..engine import stacks
        from ..engine.decks import DECK, deck_site, players_hand_sites
        from ..engine.handsites import player_hand_size, shared_sites
        game = c.game
        n = c.topo.n
        size = player_hand_size(game.arrays, game.num_players) if HAND_SITES in game.arrays else 0
        hands = players_hand_sites(game.arrays, n, game.num_players, size) if size else []
        if DECK not in game.arrays or HAND_SHARED in game.arrays or shared_sites(game.arrays):
            hands = []
        begin = c.int(self.beginWith) if self.beginWith is not None else None

        def run(s: State, e: Env) -> None:
            if hands:
                deck = deck_site(s, n)
                total = count(s, e) * len(hands)
                if stacks.size(s, deck) < total:
                    raise BindError("there are not so many cards to deal", self.span)
                hand = begin(s, e) - 1 if begin is not None else 0
                if not 0 <= hand < len(hands):
                    raise BindError(f"no player {hand + 1} to deal to first", self.beginWith.span)
                for _ in range(total):
                    stacks.move_top(s, deck, hands[hand])
                    hand = (hand + 1) % len(hands)
            if then is not None:
                then(s, e)
        return run


class TakeDomino(Ludeme):
    """Effect: the mover takes a domino at random among those on no site, into the first
    empty site of their hand (nothing when none is left or the hand is full).

    Parameters:
        then: consequences applied after it

    Examples:
        (take Domino)
    """

    name = "take Domino"
    kind = MOVES
    concepts = ("Domino",)
    then: Any = Param(kind_of(THEN), optional=True)

    def where_for(self, param, where):
        return where.as_effect()

    def declare(self, d: Declarations, c: Any) -> None:
        engine_dice.declare_random(d)

    def compile(self, c: Compiler):
        raise BindError("(take Domino) is an effect: use it in (then ...)", self.span)

    def compile_effect(self, c: Compiler):
        then = self.then.compile_effect(c) if self.then is not None else None
        dominoes = _dominoes(c)
        game = c.game
        salt = salt_of(self)
        draw = engine_dice.draw

        def run(s: State, e: Env) -> None:
            hand = handsites.hand_sites_of(s, s.mover)
            free = next((x for x in hand if not handsites.what_at(s, x)), None)
            placed = set(s.what) | set(s.arrays.get(HAND_SITES, ()))
            left = [w for w in dominoes if w not in placed]
            if free is not None and left and HAND_SITES in game.arrays:
                handsites.put(s, free, left[draw(s, salt, frame_key(e), len(left))])
            if then is not None:
                then(s, e)
        return run


def dominoes_left(c: Compiler):
    """How many dominoes are on no site (Ludii's ``(count Pieces "Bag")``: its remaining
    dominoes, those neither dealt nor placed)."""
    dominoes = _dominoes(c)

    def left(s: State, e: Env) -> int:
        placed = set(s.what) | set(s.arrays.get(HAND_SITES, ()))
        return sum(1 for w in dominoes if w not in placed)
    return left


__all__ = ["Domino", "Dominoes", "Deal", "TakeDomino", "VALUE2", "dominoes_left"]
