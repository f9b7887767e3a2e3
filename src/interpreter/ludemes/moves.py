"""Move generators: add, step, hop, pass; per-piece moves; combinations (priority, do)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ..engine import stacks, turns
from ..engine.arrays import COUNT, HAND
from ..engine.env import Env
from ..engine.move import ADD, CHOICE, MOVE, PASS, Move
from ..engine.movegen import Filtered, FirstOf, FnGen, MoveGen, site_bits, with_rules
from ..engine.multisite import PREFIX as PIECES, SitedMove
from ..engine.values import const_fn, constant
from ..errors import BindError
from ..syntax.nodes import Const, Int
from .base import (
    BOOL_FN,
    BOOL_LIT,
    DIRS,
    INT,
    INT_FN,
    MOVES,
    MOVES_T,
    PLAYER,
    STR_LIT,
    THEN,
    ArrayOf,
    BoundArray,
    Either,
    Instance,
    Kind,
    Ludeme,
    Param,
    kind_of,
    uses_facing,
)
from .concepts import moved_to
from .functions import SITE_TYPE
from .stacks import stack_flag, with_levels

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Game
    from ..engine.state import State
    from ..native.emit import Emitter, Made

_TO = Instance("to")
_FROM = Instance("from")
_BETWEEN = Instance("between")
_THEN = kind_of(THEN)
_PIECE = Instance("piece")


def _then(c: Compiler, then: Any) -> Any:
    """The effect of a ``(then ...)`` (None when there is none)."""
    return then.compile_effect(c) if then is not None else None


def _to_spec(c: Compiler, to: Any) -> tuple:
    """(region function or None, condition or None) of a ``(to ...)``."""
    region = c.region(to.sites) if to.sites is not None else None
    test = to.condition
    cond = c.bool(test) if test is not None else None
    if cond is None or constant(cond) is True:
        return region, None  # no condition: skip calling one per site
    return region, cond


def _to_rule(c: Compiler, to: Any) -> tuple:
    """(region or None, condition or None, effect or None) of a ``(to ...)``: where a move may
    go, and what happens there before the piece arrives (``(apply ...)``; its ``if:`` is part of
    the condition, as in Ludii)."""
    region, cond = _to_spec(c, to) if to is not None else (None, None)
    apply = getattr(to, "apply", None)
    if apply is None:
        return region, cond, None
    effect = apply.compile_effect(c)
    if apply.condition is not None:
        extra = c.bool(apply.condition)
        if constant(extra) is not True:
            first = cond
            cond = extra if first is None else (lambda s, e: first(s, e) and extra(s, e))
    return region, cond, effect


def _gated_to(c: Compiler, to: Any) -> tuple:
    """(condition or None, effect or None) of a step's ``(to ...)``, as Ludii's Step: the
    apply's ``if:`` only says whether its effect happens (Apply.eval gives no moves where it
    fails, and MoveUtilities.chainRuleWithAction keeps the step as it is), not whether the piece
    may go. An apply with a condition and no effect stays a condition (Ludii has no effect to
    run there)."""
    apply = getattr(to, "apply", None)
    if apply is None or apply.condition is None or apply.effect is None:
        _, cond, plain = _to_rule(c, to)
        return cond, plain
    _, cond = _to_spec(c, to)
    guard, inner = c.bool(apply.condition), apply.compile_effect(c)

    def gated(s: State, e: Env) -> None:
        if guard(s, e):
            inner(s, e)
    return cond, gated


def _chain(*effects: Any) -> Any:
    """Effects run one after the other (None for none)."""
    present = [effect for effect in effects if effect is not None]
    if not present:
        return None
    if len(present) == 1:
        return present[0]

    def run(s: State, e: Env) -> None:
        for effect in present:
            effect(s, e)
    return run


def _bound_from(s: State, e: Env) -> tuple[int, ...]:
    """The site of the piece whose moves these are: the frame's (from)."""
    return (e.frm,)


def _from_sites(c: Compiler, frm: Any) -> Any:
    """Sites a move starts from: the ``(from ...)`` region, else the frame's (from); with
    ``if:``, only those where the condition holds (``(from)`` being the site tested)."""
    sites = _bound_from if frm is None or frm.sites is None else c.region(frm.sites)
    if frm is None or frm.condition is None:
        return sites
    on_board = lambda s, e: [x for x in sites(s, e) if x >= 0]  # noqa: E731
    return c.filter(on_board, c.bool(frm.condition), bind="frm")


def pieces_per_player(piece: Any, game: Game, named: Callable[[str], list[int]]) -> dict[int, tuple[int, ...]]:
    """The components each player may place with ``piece`` (a piece name or names; None: any
    piece): one per name (their own, or a neutral one, or the only piece of that name);
    ``named`` gives the components of a name. Shared by ``move Add`` and ``add``, on both tiers."""
    if piece is not None:
        choices = [named(name) for name in piece.names_listed()]
    else:
        choices = [[comp.index for comp in game.components[1:]]]
    per_player: dict[int, tuple[int, ...]] = {}
    first = 0 if getattr(game, "simulation", False) else 1  # nobody (0) places a simulation's pieces
    for p in range(first, game.num_players + 1):
        kinds: list[int] = []
        for options in choices:
            if len(options) == 1:
                kinds.append(options[0])  # one piece named in full: whoever owns it
                continue
            mine = [i for i in options if game.owner_of[i] == p] or \
                [i for i in options if game.owner_of[i] == 0]
            if mine:
                kinds.append(mine[0])
        per_player[p] = tuple(dict.fromkeys(kinds))
    return per_player


class _AtLevel(MoveGen):
    """Placements put at a level of the site's stack (Ludii's Add with ``(to ... level:)``,
    an ActionInsert): the level is worked out for each site, ``(to)`` being the site; the
    pieces from there up go up one level (on top when the level is the stack's size or more)."""

    def __init__(self, placements: MoveGen, level: Any):
        self.placements, self.level = placements, level
        self.unique = placements.unique

    def moves(self, s: State, e: Env) -> list[Move]:
        frame = e.child()
        out = []
        for move in self.placements.moves(s, e):
            frame.to = move.to
            out.append(move.with_levels((-1, self.level(s, frame), False)))
        return out


class _Placements(MoveGen):
    """The moves of ``move Add`` (and ``claim``): each of the mover's kinds of piece (those left
    in their hand, with hands) on each site of the region that passes the condition (``(to)``
    being the site), empty or not (Ludii's Add and Claim test no site: an occupied one keeps
    its piece). One move per piece and site: never a duplicate."""

    unique = True
    by_number: Any = None  # the piece as a number worked out each time (Ludii's (piece <int>)), or None
    twice = False  # each placement listed twice (Ludii's Add with effects and no move cache)

    def __init__(self, region: Any, cond: Any, per_player: dict[int, tuple[int, ...]],
                 moves_of: Callable[[int], list[Move]], anywhere_empty: bool, hand: bool,
                 owner_of: tuple[int, ...], n: int):
        self.region = region
        self.cond = cond
        self.per_player = per_player
        self.moves_of = moves_of
        self.anywhere_empty = anywhere_empty
        self.hand = hand
        self.owned = [bool(hand and o) for o in owner_of]  # placements limited by a hand
        self.n = n
        if anywhere_empty and not hand and all(len(k) <= 1 for k in per_player.values()):
            self.space = n  # one candidate per site
            self.kinds = frozenset({ADD})

    def _kinds(self, s: State, e: Env) -> tuple[int, ...]:
        kinds = self.per_player.get(s.mover, ())
        if self.by_number is not None:  # Ludii's Add skips a number that is no component
            what = self.by_number(s, e)
            if isinstance(what, tuple):  # Ludii's (piece {1 2}): each in turn
                kinds = tuple(w for w in what if w in kinds)
            else:
                kinds = (what,) if what in kinds else ()
        if self.hand:
            held, owned = s.arrays[HAND], self.owned
            kinds = tuple(w for w in kinds if not owned[w] or held[w] > 0)
        return kinds

    def _sites(self, s: State, e: Env) -> list[int]:
        occupied = s.what
        cond = self.cond
        if cond is None:
            if self.anywhere_empty:
                return [site for site, w in enumerate(occupied) if not w]
            return [x for x in dict.fromkeys(self.region(s, e)) if x >= 0]  # each site once, on the board
        out = []
        frame = e.child()
        for site in dict.fromkeys(self.region(s, e)):
            if site < 0:
                continue
            frame.to = site
            if cond(s, frame):
                out.append(site)
        return out

    def moves(self, s: State, e: Env) -> list[Move]:
        if self.twice:
            return [m for m in self._listed(s, e) for _ in (0, 1)]
        return self._listed(s, e)

    def _listed(self, s: State, e: Env) -> list[Move]:
        kinds = self._kinds(s, e)
        if not kinds:
            return []
        if len(kinds) == 1:
            table = self.moves_of(kinds[0])
            if self.cond is None and self.anywhere_empty:
                return [m for m, w in zip(table, s.what) if not w]
            return [table[site] for site in self._sites(s, e)]
        targets = self._sites(s, e)
        return [table[site] for table in map(self.moves_of, kinds) for site in targets]

    def first(self, s: State, e: Env) -> Move | None:
        # the first move, without making the others: (can Move ...) asks
        kinds = self._kinds(s, e)
        if not kinds:
            return None
        occupied = s.what
        cond = self.cond
        frame = e.child()
        skip_occupied = self.anywhere_empty  # (sites Empty) holds no occupied site
        for site in range(self.n) if self.anywhere_empty else self.region(s, e):  # no list made
            if site >= 0 and not (skip_occupied and occupied[site]):
                if cond is not None:
                    frame.to = site
                    if not cond(s, frame):
                        continue
                return self.moves_of(kinds[0])[site]
        return None

    def draw(self, s: State, e: Env, rng: Any) -> Move | None:
        # one site out of all: the placement there when it is legal (turns.random_move)
        kinds = self.per_player.get(s.mover, ()) if self.by_number is None else self._kinds(s, e)
        site = rng.randrange(self.n)
        if not kinds or s.what[site]:
            return None
        if self.cond is not None and not self.cond(s, e.bound(to=site)):
            return None
        return self.moves_of(kinds[0])[site]


class MoveAdd(Ludeme):
    """Place a piece on a site. Without ``(piece ...)`` the mover's own kind of piece is used
    and the move's text is the site (``J10``); a piece named in full (``(piece "Ball2")``) may
    belong to anyone, and the text names it before the site (``2@J10``). ``(piece {"A" "B"})``
    lets the mover choose among several kinds (their own piece of each).

    As Ludii's Add, the sites of the region are not tested: a placement on an occupied site
    keeps the piece there (one more piece in a game that counts them; a state given is set),
    after what the to's ``(apply ...)`` did (a capture by placement: ``(apply (remove (to)))``).
    Write ``(sites Empty)`` or ``if:(is Empty (to))`` for empty sites only. Where Ludii keeps no
    move cache for it (inside a move generator with ``then``), a placement whose
    ``(to ... (apply ...))`` has effects is listed twice, as Ludii's legal moves list it.

    A placement names its piece whenever the piece's owner has several kinds of piece
    (``2Dot1@C3``: P1's "2Dot"). As Ludii's Add, a placement makes a new piece: it never takes
    one from a hand, even in a game with hands. On a site of a hand
    (``(move Add (to (handSite Mover)))``) the piece joins the hand (one more there).

    ``fromHand:True`` (not Ludii's: this engine's own, for supplies of pieces) makes the
    placement draw from the counted hands (``(hand Each)`` without ``size:``): a player's piece
    can be placed only while its owner's hand holds one, and placing it takes it from there.

    With ``(to ... level:N)`` (a stacking game) the piece goes in at that level of the site's
    stack, the pieces from there up going up one (Ludii's Insert; on top when N is the stack's
    size or more); N is worked out for each site, ``(to)`` being the site; the text says the
    level (``1@B2/0``).

    Parameters:
        piece: the piece placed (the mover's own kind when left out)
        to: the sites it may go to, their condition and what happens there
        count: how many pieces are placed at once (1 when left out): on top of each other in a
            stacking game, else counted on the site (a game that counts pieces, as Ludii's)
        stack: True: the piece goes on top of the pieces of the site (a stacking game)
        fromHand: True: a player's piece comes from its owner's counted hand (not Ludii's)
        then: consequences applied after the placement (captures, scores, moving again)

    Examples:
        (move Add (to (sites Empty)))
        (move Add (piece "Ball") (to (sites Empty) if:(not (is In (to) (sites Centre)))) (then (moveAgain)))
        (move Add (piece {"1Dot" "2Dot" "3Dot"}) (to (sites Empty)))
        (move Add (piece {"1Dot" "2Dot" "3Dot"}) (to (sites Empty)) fromHand:True)
        (move Add (to (sites Occupied by:Next) level:0) stack:True)
    """

    name = "move Add"
    keeps_add_cache = True  # Ludii's action cache (ludemes/action_cache.py)
    add_cache_disabled = False  # set where Ludii disables it: a placement with effects is listed twice
    lists_applied_twice = True  # Ludii's Add lists a placement with effects twice without its cache

    def concepts_at(self, where):
        return where.either("AddDecision", "AddEffect")
    kind = MOVES
    piece: Any = Param(_PIECE, optional=True)
    to: Any = Param(_TO)
    count: Any = Param(INT_FN, optional=True, named=True, range=(0, 1_000_000))
    stack: Any = Param(BOOL_LIT, optional=True, named=True)
    from_hand: Any = Param(BOOL_LIT, optional=True, named=True, key="fromHand")
    then: Any = Param(_THEN, optional=True)

    honours_to_type = True  # (to Edge ...) on a board of cells: pieces on its edges (.other_sites)

    def declare(self, d: Any, c: Any) -> None:
        from .other_sites import declare_pieces, other_kind
        sited = other_kind(c, self.to.type)
        if sited is not None:
            declare_pieces(d, c, sited)
        if stack_flag(self.stack) or self.to.level is not None:
            stacks.declare(d)  # Ludii's stack:True (and a to's level) make a stacking game
        elif self.count is not None and not (isinstance(self.count, Int) and self.count.value == 1):
            from ..engine import counts
            counts.declare(d)  # Ludii's Add of a count other than 1: a game that counts pieces (GameType.Count)
        if self._state() is not None:
            from .variables import piece_states
            piece_states(d)
        if isinstance(self.to.sites, Ludeme) and self.to.sites.kind == INT:  # one site: a hand's, maybe
            d.late.append(_count_hand_sites)

    def _state(self) -> Any:
        """The local state the placed piece's site gets (Ludii's ``(piece ... state:)``)."""
        return getattr(self.piece, "state", None)

    def _draws_from_hand(self, game: Any) -> bool:
        """Whether a placement takes its piece from its owner's counted hand: only with
        ``fromHand:True`` (Ludii's Add never does; this engine's supplies of pieces do)."""
        wanted = stack_flag(getattr(self, "from_hand", None))
        if wanted and HAND not in game.arrays:
            raise BindError("fromHand:True needs counted hands", self.from_hand.span,
                            hint="add (hand Each) (without size:) to the equipment")
        return wanted

    def _sited(self, c: Compiler) -> str | None:
        """The kind of site the ``to`` names when not the board's own (None otherwise): the
        pieces go there, on top of those there in a stacking game (engine.multisite)."""
        from .other_sites import other_kind
        sited = other_kind(c, self.to.type)
        if sited is not None and not self._a_hands_cell(c, sited):
            for given in (self.count, self.to.level, self._state()):
                if given is not None:
                    raise BindError(f"{self.name}: count:, a level or a state: of pieces put on "
                                    f"{sited.lower()}s are not supported yet", given.span)
        return sited

    def _a_hands_cell(self, c: Compiler, sited: str) -> bool:
        """Whether the ``to`` is one site known before play that is a hand's, past the board's
        (Ludii's ``(to Cell (handSite Shared))`` on a board of vertices): the pieces go into
        that hand as onto any hand's site, ``count:`` and all."""
        if sited != "Cell" or not isinstance(self.to.sites, Ludeme) or self.to.sites.kind != INT:
            return False
        site = constant(c.int(self.to.sites))
        return isinstance(site, int) and site >= c.topo.n

    def _with_state(self, c: Compiler, then: Any) -> tuple[Any, Any]:
        """(an effect to run before the action, ``then`` preceded by setting the placed piece's
        local state) (Ludii's ActionAdd with a state): Ludii evaluates the state as the move
        is made, before anything it does, so one worked out in play (``state:(mover)``) is
        read before the action and given to the piece after it."""
        state = self._state()
        if state is None:
            return None, then
        if c.game.stacking and (self.to.level is not None or self.count is not None):
            # on top of a stack the placed piece is the site's top: its state is the site's
            raise BindError("a placed piece's state: inserted in a stack or with count: is not supported yet",
                            state.span)
        from .variables import PIECE_STATES
        fn = c.int(state)
        value = constant(fn)
        if value is not None:
            def set_state(s: State, e: Env) -> None:
                if value >= 0:  # Ludii's Undefined (-1) leaves the site's state alone
                    s.set_item(s.arrays[PIECE_STATES], e.to, value)
            return None, _chain(set_state, then)
        read: list[int] = []  # the values read before actions not yet finished (acts nest)

        def note(s: State, e: Env) -> None:
            read.append(fn(s, e))

        def give(s: State, e: Env) -> None:
            v = read.pop()
            if v >= 0:
                s.set_item(s.arrays[PIECE_STATES], e.to, v)
        return note, _chain(give, then)

    def compile(self, c: Compiler) -> MoveGen:
        region, cond, to_effect = _to_rule(c, self.to)
        if region is None:
            raise BindError("move Add needs a region: (to (sites Empty))", self.to.span)
        region = _with_counted_hands(c, self.to.sites, region)
        noted, then = self._with_state(c, _then(c, self.then))
        to_effect = _chain(noted, to_effect)
        game = c.game
        level = c.int(self.to.level) if self.to.level is not None else None  # Ludii's ActionInsert
        by_number = self.piece.index_of(c, many=True) if self.piece is not None and self.piece.index is not None \
            else None
        if by_number is not None:  # (piece (id "Name" Next)): Ludii's component worked out each time
            per_player = {p: tuple(range(1, len(game.components))) for p in range(game.num_players + 1)}
        else:
            per_player = pieces_per_player(self.piece, game, lambda name: c.components_named(name, self.piece))
        if not any(per_player.values()):
            raise BindError("no piece to add", self.span, hint='declare one with (piece "Name" Each)')
        hand = self._draws_from_hand(game)  # pieces come from their owner's hand (fromHand:True)
        from ..engine.handsites import hand_owner_of
        owner_of = hand_owner_of(game)  # the owner of each kind of piece, 0 when they have no hand

        def taken_from_hand(what: int) -> Any:
            def take(s: State, e: Env) -> None:
                data = s.arrays[HAND]
                s.set_item(data, what, data[what] - 1)
            return take
        # a piece of a player's comes from its owner's hand when the game has hands (after the
        # to's own effect, (apply ...), which comes first, as in Ludii)
        from .other_sites import sited_count
        from .regions import SitesEmpty
        sited = self._sited(c)  # (to Edge ...): elements of another kind than the board's
        # (sites Empty): one pass over the board, no list of the region
        anywhere_empty = isinstance(self.to.sites, SitesEmpty) and self.to.sites._board_only() and sited is None
        # Ludii's ActionAdd keeps the piece of an occupied site (_kept_piece)
        keep, put_back = (None, None) if anywhere_empty or game.stacking or sited else _kept_piece()
        after = _chain(put_back, then)
        plain = c.rule(_chain(to_effect, keep), after)
        rules = [c.rule(_chain(to_effect, taken_from_hand(w), keep), after) if hand and owner_of[w] else plain
                 for w in range(len(game.components))]
        if self.count is not None and game.stacking:  # the pieces besides the one the action puts, of its kind
            rules = [c.rule(_chain(to_effect, _more_pieces(c, self.count, w),
                                   taken_from_hand(w) if hand and owner_of[w] else None), then)
                     for w in range(len(game.components))]
        elif self.count is not None:  # Ludii's further ActionAdds of one piece each: the site counts them
            rules = [c.rule(_chain(to_effect, taken_from_hand(w) if hand and owner_of[w] else None, keep),
                            _chain(put_back, _more_counted(c, self.count, w), then))
                     for w in range(len(game.components))]
        made: dict[int, list[Move]] = {}  # moves are values: each (piece, site) is made once
        from ..engine.arrays import HAND_SITES
        from ..engine.counts import hand_sites as counted_hand_sites
        # the hands' sites take placements too (Ludii's ActionAdd in any container): a site per
        # piece with hands of sites, a site per hand with counted ones
        hand_sites = len(game.arrays[HAND_SITES]) if HAND_SITES in game.arrays else counted_hand_sites(game)

        def moves_of(what: int) -> list[Move]:
            if what not in made:
                tag = game.piece_tag(what) if self.piece is not None or game.names_piece(what) else ""
                if sited is not None:
                    made[what] = [SitedMove(ADD, to=site, what=what, prefix=tag, game_id=game.uid, rules=rules[what],
                                            on=sited) for site in range(size)]
                    if sited == "Cell" and hand_sites and size <= c.topo.n:
                        # Ludii's (to Cell <site>) past the board's sites is a hand's site (its
                        # containerId of the site): Loop Xiangqi's captured pieces, on a board of vertices
                        gap: list[Any] = [None] * (c.topo.n - size)  # cells the board lacks
                        made[what] += gap + [
                            Move(ADD, to=site, what=what, prefix=tag, game_id=game.uid, rules=rules[what])
                            for site in range(c.topo.n, c.topo.n + hand_sites)]
                else:
                    made[what] = [Move(ADD, to=site, what=what, prefix=tag, game_id=game.uid, rules=rules[what])
                                  for site in range(c.topo.n + hand_sites)]  # a hand's sites too
            return made[what]
        size = c.topo.n if sited is None else sited_count(c, sited)
        # in a stacking game pieces go on top of the pieces there (Ludii's Add tests no site)
        placements = _Placements(region, cond, per_player, moves_of, anywhere_empty, hand, owner_of, size)
        placements.by_number = by_number
        placements.twice = self.lists_applied_twice and self.add_cache_disabled and self.to.apply is not None
        if placements.twice:
            placements.unique = False
        if level is not None:
            return _AtLevel(placements, level)
        return self._large_placements(c, placements, region, per_player)

    def _large_placements(self, c: Compiler, placements: Any, region: Any,
                          per_player: dict[int, tuple[int, ...]]) -> Any:
        """The placements of large pieces, when the game has them among the pieces added
        (Ludii's Add.evalLargePiece), else the plain ``placements``."""
        game = c.game
        from .large_pieces import LargePlacements, cover_rules, has_cover, large_walks
        walks = large_walks(c) if has_cover(game) else {}
        if walks and any(w in walks for kinds in per_player.values() for w in kinds):
            state = self._state()  # Ludii's evalLargePiece: only that state, no to's test, no then
            fixed = c.static_int(state) if state is not None else None
            if state is not None and fixed is None:
                raise BindError("a large piece's state: is a number known before play here", state.span)
            most = 4 * max(len(x) for x in walks.values())
            large_rules = [c.rule(before, after) for before, after in cover_rules(c, walks, most, False)]

            def tag(what: int) -> str:
                return game.piece_tag(what) if self.piece is not None or game.names_piece(what) else ""
            return LargePlacements(placements, region, walks, fixed, large_rules, c.topo, game.uid, tag)
        return placements

    def kernel_moves(self, k: Emitter) -> Made:
        if self.count is not None or stack_flag(self.stack) or self.to.level is not None:
            from ..native.emit import NoKernel as _NoKernel
            raise _NoKernel("(add count:/stack:/(to level:))", "pieces put on stacks")
        _no_sited_kernel(self, k)
        if self._state() is not None:
            from ..native.emit import NoKernel as _NoKernel
            raise _NoKernel("(piece ... state:)", "a placed piece's local state")
        from ..engine.move import MoveKind
        from ..native.emit import Buffered, Made, NoKernel
        from ..native.kernels.placement import _add_setup, _conjunction, _nothing, only_empty_sites
        from . import regions
        if self.lists_applied_twice and self.add_cache_disabled and self.to.apply is not None:
            raise NoKernel("(move Add (to ... (apply ...)))", "listed twice, as Ludii's Add without its cache")
        sites, conds, rule, kinds, _, limited = _add_setup(self, k)
        empty_only = only_empty_sites(self.to)  # else an occupied site is a placement too
        region = k.region(sites)
        p = k.temp("p")
        k.line(f"{p} = {k.mover}")
        to = k.temp("to")
        with region.loop(k, to):
            if to in k.hand_vars:
                raise NoKernel("(move Add ...)", "to a site of a hand")
            if empty_only and not (isinstance(sites, regions.SitesEmpty) and sites._board_only()):
                k.line(f"if {k.what(to)} != 0:")
                k.line("    continue")
            elif not empty_only:
                k.line(f"if {to} < 0:")
                k.line("    continue")
            with k.bind(to=to):
                cond = _conjunction(k, conds)
            with k.indented(f"if {cond}:") if cond != "True" else _nothing():
                j = k.temp("j")
                with k.indented(f"for {j} in range({kinds}[{p}, 0]):"):
                    w = k.temp("w")
                    k.line(f"{w} = {kinds}[{p}, 1 + {j}]")
                    if limited is not None:
                        flags = k.table(limited)
                        k.line(f"if {flags}[{w}] != 0 and {k.st}[HAND + {w}] <= 0:")
                        k.line("    continue")
                    k.move(rule, MoveKind.ADD, to=to, what=w)
        return Made(not isinstance(region, Buffered), frozenset({int(MoveKind.ADD)}))

    def kernel_draw(self, k: Emitter) -> str:
        if self.count is not None or stack_flag(self.stack):
            from ..native.emit import NoKernel as _NoKernel
            raise _NoKernel("(add count:/stack:)", "pieces put on stacks")
        _no_sited_kernel(self, k)
        if self._state() is not None:
            from ..native.emit import NoKernel as _NoKernel
            raise _NoKernel("(piece ... state:)", "a placed piece's local state")
        import numpy as np

        from ..engine.move import MoveKind
        from ..native import abi
        from ..native.emit import Everywhere, Listed, NoKernel
        from ..native.kernels.placement import _add_setup, _conjunction, only_empty_sites
        if not only_empty_sites(self.to):
            raise NoKernel("(move Add ...)", "drawn from a region that may hold occupied sites")
        sites, conds, rule, kinds, width, limited = _add_setup(self, k)
        if width > 1 or limited is not None:
            raise NoKernel("(move Add ...)", "drawn: several pieces, or hands")
        region = k.region(sites)
        if isinstance(region, Everywhere):
            space, pick = "N", None
        elif isinstance(region, Listed):
            if not region.sites:
                k.line("return -1")
                return "0"
            pick = k.table(np.array(region.sites, dtype=np.int64))
            space = f"{pick}.shape[0]"
        else:
            raise NoKernel("(move Add ...)", "drawn from a region known only during play")
        to = k.temp("to")
        k.line(f"{to} = rng_below(rs, {space})" if pick is None else f"{to} = {pick}[rng_below(rs, {space})]")
        test = f"{k.what(to)} != 0"
        if isinstance(region, Everywhere) and region.pred is not None:
            test = f"{test} or not ({region.pred(to)})"
        k.line(f"if {test}:")
        k.line("    return -1")
        p = k.temp("p")
        k.line(f"{p} = {k.mover}")
        k.line(f"if {kinds}[{p}, 0] == 0:")
        k.line("    return -1")
        with k.bind(to=to):
            cond = _conjunction(k, conds)
        if cond != "True":
            k.line(f"if not ({cond}):")
            k.line("    return -1")
        w = k.temp("w")
        k.line(f"{w} = {kinds}[{p}, 1]")
        code = (f"{rule} | ({int(MoveKind.ADD)} << {abi.KIND_SHIFT}) | (({to} + 1) << {abi.TO_SHIFT}) | "
                f"({w} << {abi.WHAT_SHIFT})")
        k.accept(code)
        return space


def _no_sited_kernel(ludeme: Any, k: Any) -> None:
    """The compiled tier holds pieces on the board's own kind of site only."""
    to_type = getattr(getattr(ludeme, "to", None), "type", None)
    if to_type is not None and to_type.name != k.topo.use:
        from ..native.emit import NoKernel
        raise NoKernel(f"(to {to_type.name} ...)", "pieces on another kind of site than the board's")


def _with_counted_hands(c: Compiler, sites: Any, region: Any) -> Any:
    """The region of a placement on one site worked out in play (``(to (handSite Mover))``):
    in a game with counted hands (``(hand Each)`` without sites) the hands' sites, numbered
    after the board's, are places too (Ludii's ActionAdd adds to any container), so such a site
    is kept, not read as off the board."""
    from ..engine.arrays import HAND_SITES
    from ..engine.counts import hand_sites
    if not (isinstance(sites, Ludeme) and sites.kind == INT) or HAND_SITES in c.game.arrays \
            or not hand_sites(c.game) or constant(region) is not None:
        return region
    site = c.int(sites)
    last = c.topo.n + hand_sites(c.game)
    return lambda s, e: (x,) if 0 <= (x := site(s, e)) < last else ()


def _count_hand_sites(d: Any, c: Any) -> None:
    """A placement on a site worked out in play may go to a hand's site, where Ludii's ActionAdd
    counts one more piece when the site holds one: the game counts the pieces of its hands'
    sites (:data:`~..engine.arrays.HAND_SITE_COUNT`)."""
    from ..engine.arrays import HAND_SITE_COUNT, HAND_SITES
    if HAND_SITES in d.arrays and HAND_SITE_COUNT not in d.arrays:
        d.array(HAND_SITE_COUNT, [0] * len(d.arrays[HAND_SITES]))


def _kept_piece() -> tuple[Any, Any]:
    """(before, after): what Ludii's ActionAdd does on an occupied site of a game without
    stacks: the piece there stays (its local state too; one more piece where the game counts
    them). ``before`` notes the piece just before the action (after the to's effects), ``after``
    puts it back over the one the action placed."""
    kept: list[Any] = [None]

    def before(s: State, e: Env) -> None:
        x = e.to
        if 0 <= x < len(s.what) and s.what[x]:
            arrays = s.arrays
            kept[0] = (x, s.what[x], [(name, arrays[name][x]) for name in s.game.piece_arrays])
        else:
            kept[0] = None

    def after(s: State, e: Env) -> None:
        held = kept[0]
        if held is None:
            return
        kept[0] = None
        x, what, values = held
        s.place(x, what)
        arrays = s.arrays
        for name, value in values:
            if name == COUNT:
                value = (value or 1) + 1  # Ludii's count: one more piece
            if arrays[name][x] != value:
                s.set_item(arrays[name], x, value)
    return before, after


def _more_pieces(c: Compiler, count: Any, what: int) -> Any:
    """What a placement of ``count`` pieces (Ludii's ``count:``) does besides the one its action
    puts, in a stacking game: the others, of the same kind, on top of the site; None for one."""
    if count is None:
        return None
    number = c.int(count)

    def more(s: State, e: Env) -> None:
        for _ in range(number(s, e) - 1):
            stacks.push(s, e.to, stacks.new_entry(s, what))
    return more


def _more_counted(c: Compiler, count: Any, what: int) -> Any:
    """What a placement of ``count`` pieces does besides the one its action puts, in a game
    without stacks: Ludii's further ActionAdds, one piece each, which the site counts (the kind
    already there stays)."""
    from ..engine import counts
    number = c.int(count)

    def more(s: State, e: Env) -> None:
        counts.add_pieces(s, e.to, number(s, e) - 1, what)
    return more


class Add(MoveAdd):
    """Place a piece as ``move Add`` does, most often as a consequence (Ludii's effect ``add``;
    its graph operator of the same name adds to a board): as an effect, every placement the
    rule would list is made (on an occupied site the piece there stays, as with ``move Add``).

    Parameters:
        piece: the piece placed (the mover's own kind when left out)
        to: where it is placed, its condition and what happens there
        count: how many pieces are placed at once (1 when left out): on top of each other in a
            stacking game, else counted on the site (a game that counts pieces, as Ludii's)
        stack: True: the piece goes on top of the pieces of the site (a stacking game)
        then: consequences applied after the placement

    Examples:
        (add (piece "Disc1") (to (sites Empty)))
        (add (to (last To)))
    """

    name = "add"
    overload = True
    from_hand = None  # Ludii's add: a new piece, never one from a hand

    def concepts_at(self, where):
        return ("AddEffect",)

    def kernel_effect(self, k: Emitter) -> None:
        if self.count is not None or stack_flag(self.stack):
            from ..native.emit import NoKernel as _NoKernel
            raise _NoKernel("(add count:/stack:)", "pieces put on stacks")
        _no_sited_kernel(self, k)
        if self._state() is not None:
            from ..native.emit import NoKernel as _NoKernel
            raise _NoKernel("(piece ... state:)", "a placed piece's local state")
        """As a consequence: the placements move Add would list, all made (the reference
        applies the moves of its generator). Refused when a placement has effects of its own (a
        to's apply, a piece taken from a hand: the reference runs them in the frame of the
        placement), has consequences, or lets the mover choose among kinds."""
        import numpy as np

        from ..native.emit import NoKernel
        from ..native.kernels.placement import _conjunction, _placed_kinds, _to_rule
        if self.then is not None:
            raise NoKernel("(add ... (then ...))", "consequences of a placement made as a consequence")
        sites, conds, to_effect = _to_rule(k, self.to)
        if sites is None:
            raise NoKernel("(add ...)", "no region")
        if to_effect is not None:
            raise NoKernel("(add (to ... (apply ...)))", "a placement's own effects, as a consequence")
        per_player = _placed_kinds(k, self)
        if any(len(kinds) > 1 for kinds in per_player.values()):
            raise NoKernel("(add (piece {...}) ...)", "several kinds of piece to place")
        game = k.game
        if "hand" in k.layout.arrays and any(game.owner_of[w] for kinds in per_player.values() for w in kinds):
            raise NoKernel("(add ...)", "a player's pieces placed in a game with counted hands, as a consequence")
        if k.notes.get("union_find") is not None:
            raise NoKernel("(add ...)", "placements besides the moves' in a game keeping its groups")
        from ..native.kernels.placement import only_empty_sites
        if k.layout.piece_arrays and not only_empty_sites(self.to):  # an occupied site's piece arrays change
            raise NoKernel("(add ...)", "a region that may hold occupied sites, with piece arrays")
        table = np.zeros(k.players + 1, dtype=np.int64)
        for p, kinds in per_player.items():
            table[p] = kinds[0] if kinds else 0
        w = k.temp("w")
        k.line(f"{w} = {k.table(table)}[{k.mover}]")
        # the sites first (empty, meeting the conditions), then every placement (an occupied
        # site keeps its piece, as Ludii's ActionAdd: nothing changes there)
        buf, count, to = k.buffer(), k.temp("c"), k.temp("to")
        k.line(f"{count} = 0")
        with k.region(sites).loop(k, to):
            if to in k.hand_vars:
                raise NoKernel("(add ...)", "to a site of a hand")
            k.line(f"if {to} < 0 or {k.what(to)} != 0:")
            k.line("    continue")
            with k.bind(to=to):
                cond = _conjunction(k, conds)
            with k.indented(f"if {cond}:"):
                k.line(f"{buf}[{count}] = {to}")
                k.line(f"{count} += 1")
        i = k.temp("i")
        with k.indented(f"if {w} != 0:"):
            with k.indented(f"for {i} in range({count}):"):
                k.place(f"{buf}[{i}]", w)


class Claim(MoveAdd):
    """Claim sites by putting a piece there (Ludii's ``claim``, for graph games): the mover's
    own kind of piece, or the piece given, on each site of the ``to`` region where its
    condition holds, whether or not the site is empty (as Ludii's ActionAdd, a piece there
    stays).

    Parameters:
        piece: the piece put on the site (the mover's own kind when left out)
        to: the sites that may be claimed, and their condition
        count: how many pieces are put at once (in a stacking game; 1 when left out)
        stack: True: the piece goes on top of the pieces of the site (a stacking game)
        then: consequences applied after the claim

    Examples:
        (claim (to (sites Empty)))
        (claim (to (sites Board) if:(is Empty (to))) (then (addScore Mover 1)))
    """

    name = "claim"
    lists_applied_twice = False  # Ludii's Claim reads no (apply ...)
    from_hand = None  # Ludii's claim: a new piece, never one from a hand

    def concepts_at(self, where):
        # Ludii's Claim.concepts (rules/play/moves/nonDecision/effect) sets none of its own
        # (no AddDecision nor AddEffect): only its kind of site's and its arguments'
        return ()

    def kernel_moves(self, k: Emitter) -> Made:
        from ..native.emit import NoKernel
        raise NoKernel("(claim ...)", "a claim of an occupied site")

    def kernel_draw(self, k: Emitter) -> str:
        from ..native.emit import NoKernel
        raise NoKernel("(claim ...)", "a claim of an occupied site")


class MoveStep(Ludeme):
    """Move a piece to a neighbouring site. With a relation (``Orthogonal``, ``Diagonal``,
    ``All``...) the neighbours are the board's own under that relation (on any tiling, an
    explicit graph included); with compass directions, the next site in each direction.

    Parameters:
        from: the sites a piece steps from (left out: the piece whose moves these are, ``(from)``)
        directions: the directions of the step (``Adjacent`` when left out)
        to: the condition of the target site and what happens there
        stack: True: the whole stack moves (in a stacking game; the top piece when left out)
        then: consequences applied after the step

    Examples:
        (move Step Orthogonal (to if:(is Empty (to))))
        (move Step (from (sites Occupied by:Mover) if:(= 0 (state at:(from)))) All (to if:(is Empty (to))))
    """

    name = "move Step"
    default_directions = "Adjacent"
    turns_by_origin = True  # relative directions: by the piece at the origin (Compiler.moves_facing)

    def concepts_at(self, where):
        to = self.to
        return moved_to("Step", where, getattr(to, "condition", None), getattr(to, "apply", None))
    kind = MOVES
    source: Any = Param(_FROM, optional=True, key="from")
    directions: Any = Param(DIRS, optional=True)
    to: Any = Param(_TO)
    stack: Any = Param(BOOL_LIT, optional=True, named=True)
    then: Any = Param(_THEN, optional=True)

    honours_from_type = True  # (from Cell) on a board of vertices: a piece on a cell steps (.other_sites)
    honours_to_type = True  # as Ludii's Step, the to's own type is not read: the from's is both ends'

    def declare(self, d: Any, c: Any) -> None:
        if stack_flag(self.stack):
            stacks.declare(d)  # Ludii's stack:True makes a stacking game
        from .other_sites import declare_pieces, other_kind
        kind = other_kind(c, getattr(self.source, "type", None))
        if kind is not None:
            declare_pieces(d, c, kind)

    def compile(self, c: Compiler):
        from .other_sites import other_kind
        kind = other_kind(c, getattr(self.source, "type", None))
        if kind is not None:
            return self._compile_sited(c, kind)
        sources = _from_sites(c, self.source)
        cond, effect = _gated_to(c, self.to)
        then = _then(c, self.then)
        relation = self.directions.name if isinstance(self.directions, Const) else \
            "Adjacent" if self.directions is None else None
        if relation in c.topo.neighbours:
            return with_levels(c, _step_moves(c, sources, c.topo.neighbours[relation], cond, then, effect),
                               self.source, self.to, self.stack)
        dirs = c.directions(self.directions, "Adjacent")
        # a step is a hop over nothing
        return with_levels(c, _line_moves(c, sources, dirs, (0, 0), None, None, cond, then, effect),
                           self.source, self.to, self.stack)

    def _compile_sited(self, c: Compiler, kind: str) -> MoveGen:
        """A step of a piece on an element of another kind than the board's (Ludii's Step with
        ``(from Cell)``: its from's type is the type of both ends, the to's own type is not
        read): to each neighbour of that element among the elements of its kind, in the
        directions given (``Diagonal``: the cells' diagonal neighbours on a board of vertices),
        if the to's condition holds (no condition: any, as Ludii's Step)."""
        if c.game.stacking or self.stack is not None:
            raise BindError(f"move Step: stacks on {kind.lower()}s are not supported yet", self.span)
        topo = c.topo.of_kind(kind)
        names = [self.directions] if not isinstance(self.directions, BoundArray) else self.directions.items
        if self.directions is None:
            names = []
        tables = []
        for name in names:
            word = getattr(name, "name", None)
            if word in topo.neighbours:
                tables.append(topo.neighbours[word])
            elif word in topo.step:
                tables.append(tuple((t,) if t >= 0 else () for t in topo.step[word]))
            else:
                raise BindError(f"move Step: the direction {word or name} from {kind.lower()}s is not "
                                "supported yet", getattr(name, "span", self.span))
        if not tables:
            tables.append(topo.neighbours["Adjacent"])
        sources = _from_sites(c, self.source)
        cond, effect = _gated_to(c, self.to)
        rules = c.rule(effect, _then(c, self.then))
        uid = c.game.uid
        from ..engine.multisite import piece_at

        def gen(s: State, e: Env) -> list[Move]:
            out: list[Move] = []
            frame = e.child()
            for frm in sources(s, e):
                w = piece_at(s, kind, frm) if frm >= 0 else 0
                if not w:
                    continue
                frame.frm = frm
                seen = set()
                for table in tables:
                    for to in table[frm] if frm < len(table) else ():
                        if to in seen:
                            continue  # Ludii's alreadyCompute: one move per (from, to)
                        frame.to = to
                        if cond is None or cond(s, frame):
                            seen.add(to)
                            out.append(SitedMove(MOVE, frm, to, w, game_id=uid, rules=rules, on=kind, frm_on=kind))
            return out
        return FnGen(gen)

    def kernel_moves(self, k: Emitter) -> Made:
        from ..engine.move import MoveKind
        from ..native.emit import Made, NoKernel
        from ..native.kernels.moves import moves_to_table, step_table
        if stack_flag(self.stack):
            raise NoKernel("(move Step stack:True)")
        from .other_sites import no_sited_kernel
        no_sited_kernel(self, k, getattr(self.source, "type", None))
        _no_kernel_by_origin(k, self)
        apply = getattr(self.to, "apply", None)
        if apply is not None and apply.condition is not None and apply.effect is not None:
            raise NoKernel("(move Step (to ... (apply if:... <effect>)))", "an effect under a condition")
        from ..native.kernels.placement import _to_rule
        _, conds, to_effect = _to_rule(k, self.to)
        nbrs, distinct = step_table(k, self.directions)
        sources_once = moves_to_table(self, k, nbrs, conds, to_effect)
        return Made(distinct and sources_once, frozenset({int(MoveKind.MOVE)}))


def _no_kernel_by_origin(k: Emitter, move: Any) -> None:
    """A step, hop or slide whose relative directions turn by the piece at its origin
    (Compiler.moves_facing, pieces facing otherwise than their owners) is left to the reference."""
    if k.notes.get("by_origin") and move.directions is not None and uses_facing(move.directions):
        from ..native.emit import NoKernel
        raise NoKernel(f"({move.name} ...)", "relative directions turned by the piece at the origin")


def _step_moves(c: Compiler, sources: Any, neighbours: Any, to_cond: Any, then: Any,
                to_effect: Any = None) -> MoveGen:
    """Moves of one step from each source site to its neighbours (a neighbour table of the
    board's relations), if ``to_cond`` holds there; ``to_effect`` happens at the site reached
    before the piece arrives."""
    uid = c.game.uid
    rules = c.rule(to_effect, then)
    made: dict[tuple[int, int], Move] = {}  # moves are values: each is made once

    def gen(s: State, e: Env, site: int = -1) -> list[Move]:
        """The moves (those onto ``site`` only, when one is given: what a threat test asks)."""
        out = []
        frame = e.child()
        for frm in sources(s, e):
            if not 0 <= frm < len(neighbours):  # as Ludii's: whatever is there, from an empty site too;
                continue  # a hand's site has no neighbours on the board
            frame.frm = frm
            for to in neighbours[frm]:
                if site >= 0 and to != site:
                    continue
                frame.to = to
                if to_cond is None or to_cond(s, frame):
                    move = made.get((frm, to))
                    if move is None:
                        move = made[frm, to] = Move(MOVE, frm, to, game_id=uid, rules=rules)
                    out.append(move)
        return out
    # from the piece's own site, a step ends on one of its neighbours
    bound = (lambda frm: site_bits(neighbours[frm]) if 0 <= frm < len(neighbours) else 0) \
        if sources is _bound_from else None
    return FnGen(gen, unique=True, reach=gen, bound=bound)  # one move per source and neighbour


class MoveHop(Ludeme):
    """Jump along a line over a run of sites (the *between* sites, whose length is in the given
    range and which all satisfy the between condition) and land on the first site after them,
    if the to condition holds there. As Ludii's Hop, the run starts next to the origin and is
    as long as the sites allow (up to the range's maximum); the hop may land after each length
    of it from the range's minimum (a shorter one lands on a site of the run), and with a range
    from 0 the piece may also step to the next site (twice when that site is also of a run). With ``(range 0 Infinity)`` and ``if:(is Occupied
    (between))`` the piece goes to the first empty site in that direction, jumping over every
    piece on the way (the Alak move).

    Parameters:
        from: the sites a piece hops from (left out: the piece whose moves these are, ``(from)``)
        directions: the directions of the hop (``Adjacent`` when left out)
        between: what the sites jumped over must be, how many, and what happens to them
        to: the condition of the landing site and what happens there
        stack: True: the whole stack hops (in a stacking game; the top piece when left out)
        then: consequences applied after the hop

    Examples:
        (move Hop Orthogonal (between (range 0 Infinity) if:(is Occupied (between))) (to if:(is Empty (to))))
        (move Hop (between if:(is Enemy (who at:(between))) (apply (remove (between)))) (to if:(is Empty (to))))
    """

    name = "move Hop"
    turns_by_origin = True  # relative directions: by the piece at the origin (Compiler.moves_facing)
    default_directions = "Adjacent"

    def concepts_at(self, where):
        between = self.between
        effect = where.concepts_of(between.apply if between is not None else None)
        out = ["HopEffect"] if where.effect else ["HopDecision"]
        if "RemoveEffect" in effect or "FromToEffect" in effect:
            out.append("HopCapture")
        to_effect = where.concepts_of(getattr(self.to, "apply", None))
        if "RemoveEffect" in to_effect or "FromToEffect" in to_effect:
            out.append("ReplacementCapture")
        # of the to, Ludii's hop keeps its condition's concepts, never its effect's (the
        # effect only tells a capture by replacement)
        go = set()
        for part in (getattr(self.to, "sites", None), getattr(self.to, "condition", None),
                     getattr(self.to, "level", None)):
            go |= where.concepts_of(part)
        out.extend(go)
        if where.effect:
            return out
        length = between.length if between is not None else None
        if length is not None and _longest(length) != 1:
            out.append("HopDecisionMoreThanOne")  # the pieces jumped may be more than one
            if "HopCapture" in out:
                out.append("HopCaptureMoreThanOne")
        for gap in (getattr(between, "before", None), getattr(between, "after", None)):
            if gap is not None and not (isinstance(gap, Int) and gap.value <= 1):
                out.append("HopDecisionMoreThanOne")  # may land (or start) further than one site away
        hurdle = where.concepts_of(between.condition if between is not None else None)
        for over, onto, concept in (("IsEnemy", "IsEmpty", "HopDecisionEnemyToEmpty"),
                                    ("IsFriend", "IsEmpty", "HopDecisionFriendToEmpty"),
                                    ("IsEnemy", "IsFriend", "HopDecisionEnemyToFriend"),
                                    ("IsFriend", "IsFriend", "HopDecisionFriendToFriend"),
                                    ("IsEnemy", "IsEnemy", "HopDecisionEnemyToEnemy"),
                                    ("IsFriend", "IsEnemy", "HopDecisionFriendToEnemy")):
            if over in hurdle and onto in go:
                out.append(concept)
        return out

    def where_for(self, param, where):
        return None if param.name == "to" else where  # the to's concepts: see concepts_at
    kind = MOVES
    source: Any = Param(_FROM, optional=True, key="from")
    directions: Any = Param(DIRS, optional=True)
    between: Any = Param(_BETWEEN, optional=True)
    to: Any = Param(_TO)
    stack: Any = Param(BOOL_LIT, optional=True, named=True)
    then: Any = Param(_THEN, optional=True)

    def declare(self, d: Any, c: Any) -> None:
        if stack_flag(self.stack):
            stacks.declare(d)  # Ludii's stack:True makes a stacking game

    def compile(self, c: Compiler):
        return with_levels(c, self._hops(c), self.source, self.to, self.stack)

    def _hops(self, c: Compiler):
        if self.between is not None and (self.between.before is not None or self.between.after is not None):
            return _distance_hop(c, self)
        sources = _from_sites(c, self.source)
        dirs = c.directions(self.directions, "Adjacent")
        _, to_cond, to_effect = _to_rule(c, self.to)
        between = self.between
        lo, hi = (1, 1)
        between_cond = None
        between_effect = None
        length: Any = (lo, hi)
        if between is not None:
            if between.length is not None:
                from .functions import range_bounds
                length = range_bounds(c, between.length)  # a function when known only during play
            if between.condition is not None:
                between_cond = c.bool(between.condition)
            if between.apply is not None:
                between_effect = between.apply.compile_effect(c)
        return _line_moves(c, sources, dirs, length, between_cond, between_effect, to_cond,
                           _then(c, self.then), to_effect)

    def kernel_moves(self, k: Emitter) -> Made:
        from ..native.emit import NoKernel as _NoKernel
        if stack_flag(self.stack):
            raise _NoKernel("(move Hop stack:True)")
        _no_kernel_by_origin(k, self)
        return self._kernel_hops(k)

    def _kernel_hops(self, k: Emitter) -> Made:
        from ..engine.move import MoveKind
        from ..native import abi
        from ..native.emit import Made, NoKernel
        from ..native.kernels.capture import bounds, rays_table
        from ..native.kernels.moves import _Sourced
        from ..native.kernels.placement import _conjunction, _directions, _to_rule
        between = self.between
        if between is not None and (between.before is not None or between.after is not None):
            raise NoKernel("(move Hop (between before:/after:))", "a hop at a distance")
        if between is not None and between.sameOwner is not None:
            raise NoKernel("(move Hop (between sameOwner:...))")
        if between is not None and between.apply is not None and between.apply.condition is not None:
            raise NoKernel("(move Hop (between (apply if:...)))")
        _, conds, to_effect = _to_rule(k, self.to)
        dirs = _directions(k, self.directions, "Adjacent")
        rays, lengths, counts = rays_table(k, dirs)
        rays_at = k.topo.rays_for(dirs)
        if max((len(r) for r in rays_at), default=0) > abi.MAX_AUX:
            raise NoKernel("(move Hop ...)", f"more than {abi.MAX_AUX} directions from a site")
        # no two rays of a site meet: one source makes each move once
        distinct = all(len({x for ray in r for x in ray}) == sum(len(ray) for ray in r) for r in rays_at)
        lo, hi = (1, 1)
        if between is not None and between.length is not None:
            lo, hi = bounds(k, between.length)
        hurdle = between.condition if between is not None else None
        if lo == 0 and not _never_both(hurdle, self.to.condition):
            # the compiled tier's duplicates are removed: the step Ludii lists twice is not
            raise NoKernel("(move Hop (between (range 0 ...)))", "a step that may be listed twice")
        jumped = between.apply.effect if between is not None and between.apply is not None else None
        then = k.then_of(self.then)
        before = []
        if to_effect is not None:
            before.append(lambda e: e.effect(to_effect))
        if jumped is not None:
            def over(e: Emitter) -> None:
                # the sites jumped: the ray of the move's direction (aux) up to where it lands (the
                # tables named again: this is written in another function than the moves)
                rays_here, lengths_here, _ = rays_table(e, dirs)
                i, b = e.temp("i"), e.temp("b")
                with e.indented(f"for {i} in range({lengths_here}[frm, aux]):"):
                    e.line(f"{b} = {rays_here}[frm, aux, {i}]")
                    e.line(f"if {b} == to:")
                    e.line("    break")
                    with e.bind(between=b):
                        e.effect(jumped)
                    e.line("pass")
            before.append(over)
        rule = k.rule(self, before=before, after=[then] if then else [])
        d, j, end, b, to = k.temp("d"), k.temp("j"), k.temp("e"), k.temp("b"), k.temp("to")
        with _Sourced(k, self.source) as frm:
            with k.indented(f"for {d} in range({counts}[{frm}]):"):
                k.line(f"{end} = min({lengths}[{frm}, {d}], {hi})")
                k.line(f"{j} = 0")
                if hurdle is not None:
                    with k.indented(f"while {j} < {end}:"):
                        k.line(f"{b} = {rays}[{frm}, {d}, {j}]")
                        with k.bind(between=b):
                            k.line(f"if not ({k.bool(hurdle)}):")
                        k.line("    break")
                        k.line(f"{j} += 1")
                else:
                    k.line(f"{j} = {end}")
                # Ludii's Hop (as _hop_lengths): a landing after each length of the run the
                # range allows; with a range from 0, the step first (again when the run is not
                # empty: index -1 below stands for it)
                first, last, n = k.temp("lo"), k.temp("hi"), k.temp("n")
                if lo == 0:
                    k.line(f"{first} = -1 if {j} > 0 else 0")
                    k.line(f"{last} = {j}")
                else:
                    k.line(f"{first} = {lo}")
                    k.line(f"{last} = {j} if {j} > 0 else -1")
                with k.indented(f"for {n} in range({first}, {last} + 1):"):
                    k.line(f"if {n} >= {lengths}[{frm}, {d}]:")
                    k.line("    break")
                    k.line(f"{to} = {rays}[{frm}, {d}, max({n}, 0)]")
                    with k.bind(to=to):
                        cond = _conjunction(k, conds)
                    with k.indented(f"if {cond}:"):
                        k.move(rule, MoveKind.MOVE, frm=frm, to=to, aux=d if jumped is not None else "0")
        sources_once = self.source is None or self.source.sites is None
        return Made(distinct and sources_once, frozenset({int(MoveKind.MOVE)}))


def _never_both(hurdle: Any, go: Any) -> bool:
    """Whether no site can be both jumped over (``hurdle``: the between condition) and landed
    on (``go``: the to condition): an occupied site is jumped, an empty one landed on."""
    def named(cond: Any, name: str) -> bool:
        what = getattr(cond, "name", None)
        if what == name:
            return True
        if what != "and":
            return False
        items = cond.items.items if isinstance(cond.items, BoundArray) else [cond.items]
        return any(named(part, name) for part in items)

    return named(hurdle, "is Occupied") and named(go, "is Empty")


def _distance_hop(c: Compiler, hop: MoveHop) -> MoveGen:
    """A hop over a hurdle at a distance (Ludii's Hop with ``before:``/``after:``): along each
    line, up to ``before`` sites for which the to condition holds (empty ones), then a run of
    hurdle sites (the between condition; its length in the between range, 1 by default), then a
    landing site, and with ``after:`` the next ones too while the to condition holds. The between
    effect is applied to the hurdle. A landing site where the to condition fails but the to's
    ``(apply if:...)`` holds ends the line with a capture there (its apply effect)."""
    between = hop.between
    sources = _from_sites(c, hop.source)
    rays_at = c.topo.rays_for(c.directions(hop.directions, "Adjacent"))
    lo, hi = between.length.bounds(c) if between.length is not None else (1, 1)
    if lo < 0:  # (range 0 N): as Ludii's Hop, the first hurdle site itself is a landing too
        raise BindError("a hop at a distance jumps no fewer than zero sites", between.length.span)
    before = c.int(between.before) if between.before is not None else const_fn(0)
    after = c.int(between.after) if between.after is not None else const_fn(0)
    hurdle = c.bool(between.condition) if between.condition is not None else None
    hurdle_effect = between.apply.compile_effect(c) if between.apply is not None else None
    go = c.bool(hop.to.condition) if hop.to.condition is not None else None
    apply = hop.to.apply
    stop = c.bool(apply.condition) if apply is not None and apply.condition is not None else None
    stop_effect = apply.compile_effect(c) if apply is not None else None
    then = _then(c, hop.then)
    uid = c.game.uid
    # a capture at the landing site does the to's effect only; a hop, the hurdles' too
    rules = {True: c.rule(stop_effect, then), False: c.rule(c.move_effects(stop_effect, hurdle_effect), then)}
    made: dict[tuple, Move] = {}

    def move_of(frm: int, to: int, jumped: tuple[int, ...], capture: bool) -> Move:
        key = (frm, to, jumped, capture)
        move = made.get(key)
        if move is None:
            move = made[key] = Move(MOVE, frm, to, game_id=uid, rules=rules[capture], between=jumped)
        return move

    def gen(s: State, e: Env) -> list[Move]:
        out: list[Move] = []
        frame = e.child()
        for frm in sources(s, e):
            if not 0 <= frm < len(rays_at):  # as Ludii's: whatever is there, from an empty site too
                continue
            frame.frm = frm
            reach, beyond = before(s, frame), after(s, frame)
            for ray in rays_at[frm]:
                _hops_along(s, frame, frm, ray, reach, beyond, out)
        return out

    def _hops_along(s: State, frame: Env, frm: int, ray: tuple[int, ...], reach: int, beyond: int,
                    out: list[Move]) -> None:
        """The hops of one line from ``frm``: past empty sites up to the hurdle, over it, and on."""
        for idx, site in enumerate(ray):
            frame.between = site
            if hurdle is None or hurdle(s, frame):
                run, j, wrong = _hurdle_run(s, frame, ray, idx, hurdle, hi)
                if len(run) < lo or (wrong and len(run) == hi):
                    return
                for short in range(len(run) - lo, -1, -1):
                    jumped = tuple(run[:len(run) - short])
                    for to, capture in _landings(s, frame, ray, j - short, j, beyond - short, go, stop):
                        out.append(move_of(frm, to, jumped, capture))
                return
            frame.to = site
            if idx + 1 > reach or (go is not None and not go(s, frame)):
                return
    return FnGen(gen)



def _hurdle_run(s: State, frame: Env, ray: tuple[int, ...], idx: int, hurdle: Any,
                hi: int) -> tuple[list[int], int, bool]:
    """The hurdle sites from ``ray[idx]`` on (at most ``hi``): the run, the index after it, and
    whether a site that is no hurdle ended it."""
    run = [ray[idx]]
    j = idx + 1
    while j < len(ray) and len(run) < hi:
        frame.between = ray[j]
        if hurdle is not None and not hurdle(s, frame):
            return run, j, True
        run.append(ray[j])
        j += 1
    return run, j, False


def _landings(s: State, frame: Env, ray: tuple[int, ...], a: int, after_run: int, beyond: int, go: Any,
              stop: Any) -> list[tuple[int, bool]]:
    """Where a hop over the hurdles before ``ray[a]`` may land: ``ray[a]``, then the next sites
    while the to condition (``go``) holds, up to ``beyond`` past ``ray[after_run]``; each with
    True for a capture there (the first site where ``go`` fails but the apply's if: ``stop``
    holds)."""
    out: list[tuple[int, bool]] = []
    while a < len(ray):
        frame.to = ray[a]
        if go is not None and not go(s, frame):
            if stop is not None and stop(s, frame):
                out.append((ray[a], True))
            break
        if stop is None:
            out.append((ray[a], False))
        if a - after_run + 1 > beyond:
            break
        a += 1
    return out

def _longest(length) -> int | None:
    """The most sites a ``(between (range ...))`` allows, when written as numbers; else None."""
    from ..syntax.nodes import Int
    if length.name == "min":  # Ludii's range (min N): from N up, no upper bound
        return None
    bound = length.max if length.name == "range" and length.max is not None else getattr(length, "min", None) \
        if length.name == "range" else length.n
    return bound.value if isinstance(bound, Int) else None


def _line_moves(c: Compiler, sources: Any, dirs: Any, length: tuple[int, int], between_cond: Any,
                between_effect: Any, to_cond: Any, then: Any, to_effect: Any = None) -> MoveGen:
    """Moves along lines from each source site: over a run of ``length`` (min, max) sites that
    satisfy ``between_cond``, to the first site after it, if ``to_cond`` holds there; the
    between effect is applied to the run, and ``to_effect`` to the site reached, when the move
    is played. Steps and hops alike, along the board's rays (the one shared walk). ``length``:
    (low, high), or a function of (state, env) giving them (known only during play)."""
    dynamic = length if callable(length) else None
    lo, hi = (0, 0) if dynamic is not None else length
    rays_at = c.topo.rays_for(dirs)
    uid = c.game.uid
    # a move over nothing (a step) has no sites to apply the between effect to
    rules = c.rule(c.move_effects(to_effect, between_effect), then)
    made: dict[tuple[int, int, int], Move] = {}  # moves are values: each is made once

    def move_of(frm: int, d: int, ray: tuple[int, ...], k: int) -> Move:
        key = (frm, d, k)
        move = made.get(key)
        if move is None:
            move = made[key] = Move(MOVE, frm, ray[k], game_id=uid, rules=rules, between=ray[:k])
        return move

    def walk(s: State, e: Env, site: int = -1) -> list[Move]:
        """The moves onto ``site`` (every move for -1): the lines not through it are skipped
        (a line's moves depend on its own sites only)."""
        out = []
        frame = e.child()
        for frm in sources(s, e):
            if not 0 <= frm < len(rays_at):  # as Ludii's: whatever is there, from an empty site too
                continue
            frame.frm = frm
            low, high = dynamic(s, frame) if dynamic is not None else (lo, hi)  # (from) bound
            for d, ray in enumerate(rays_at[frm]):
                if site >= 0 and site not in ray:
                    continue
                k, end = 0, min(len(ray), high)
                if between_cond is not None:
                    while k < end:
                        frame.between = ray[k]
                        if not between_cond(s, frame):
                            break
                        k += 1
                else:
                    k = end
                for n in _hop_lengths(k, low):
                    if n >= len(ray):
                        break
                    if site >= 0 and ray[n] != site:
                        continue
                    frame.to = ray[n]
                    if to_cond is None or to_cond(s, frame):
                        out.append(move_of(frm, d, ray, n))
        return out
    # from the piece's own site, a move lands within the longest run (anywhere on its lines
    # when the range is known only in play)
    bound = _lines_bound(rays_at, (0, None) if dynamic is not None else (lo, hi + 1))
    return FnGen(walk, reach=walk, bound=bound if sources is _bound_from else None)


def _lines_bound(rays_at: Sequence[Sequence[tuple[int, ...]]], span: tuple[int, int | None]) -> Callable[[int], int]:
    """:meth:`MoveGen.bound` of moves along the lines from a piece's site (``rays_at``, per
    site): the sites at the positions ``span`` (first, end; None: to the end) of its lines."""
    first, last = span

    def bound(frm: int) -> int:
        if not 0 <= frm < len(rays_at):
            return 0
        return site_bits(x for ray in rays_at[frm] for x in ray[first:last])
    return bound


def _hop_lengths(run: int, low: int) -> Sequence[int]:
    """The numbers of sites jumped by Ludii's Hop along a line whose run of sites meeting the
    between condition (from the one next to the origin, at most the range's maximum) is
    ``run`` long: with a range from 0 the step (0) first, then, when the run is not empty, a
    landing after each length from the range's minimum up to the run (0 again: Ludii lists
    that step twice). A range, not a list, on the hot path (a minimum of 1 or more)."""
    if low > 0:
        return range(low, run + 1)  # empty when the run is
    return (0, *range(0, run + 1)) if run > 0 else (0,)


class _Passing(MoveGen):
    """The one pass move (drawn as the only candidate)."""

    unique = True
    space = 1
    kinds = frozenset({PASS})

    def __init__(self, move: Move):
        self.move = move

    def moves(self, s: State, e: Env) -> list[Move]:
        return [self.move]

    def draw(self, s: State, e: Env, rng: Any) -> Move:
        return self.move


class MovePass(Ludeme):
    """Pass the turn.

    Parameters:
        then: consequences of the pass

    Examples:
        (move Pass)
    """

    name = "move Pass"

    def concepts_at(self, where):
        return where.either("PassDecision", "PassEffect")
    kind = MOVES
    then: Any = Param(_THEN, optional=True)

    def declare(self, d: Any, c: Any) -> None:
        """In a game of one player, passing does not end the game (Ludii's NotAllPass)."""
        if d.num_players == 1:
            d.not_all_pass = True

    def compile(self, c: Compiler) -> MoveGen:
        return _Passing(Move(PASS, game_id=c.game.uid, rules=c.rule(after=_then(c, self.then))))

    def kernel_moves(self, k: Emitter) -> Made:
        from ..engine.move import MoveKind
        from ..native.emit import Made
        rule = k.rule(self, after=[t] if (t := k.then_of(self.then)) else [])
        k.move(rule, MoveKind.PASS)
        return Made(True, frozenset({int(MoveKind.PASS)}))

    def kernel_draw(self, k: Emitter) -> str:
        from ..engine.move import MoveKind
        from ..native import abi
        rule = k.rule(self, after=[t] if (t := k.then_of(self.then)) else [])
        k.accept(f"{rule} | ({int(MoveKind.PASS)} << {abi.KIND_SHIFT})")
        return "1"


def _sited_pieces(s: State, frame: Env, kinds: tuple[str, ...], limit: int, owner_of: Any, gens: list,
                  out: list[Move]) -> None:
    """The moves of the mover's pieces on elements of other kinds than the board's (those
    numbered below ``limit``), ``(from)`` bound to each element (see ForEachPiece._kinds)."""
    for kind in kinds:
        pieces = s.arrays[PIECES + kind]
        for site in range(min(limit, len(pieces))):
            w = pieces[site]
            if w and owner_of[w] == s.mover and gens[w] is not None:
                frame.frm = site
                out.extend(gens[w](s, frame))


class ForEachPiece(Ludeme):
    """The moves of every piece of the mover on the board (each piece's own moves, declared in
    its ``(piece ...)``), or of the named kinds only; with moves given, those moves from every
    such piece (``(from)`` being its site). With a player (``Next``), that player's pieces and
    moves, as if it were their turn (a king's escapes from check, say).

    In a stacking game, as in Ludii, every piece of a stack makes its moves, ``(level)`` being
    its level (the same moves from several pieces of one stack are one move here); with
    ``top:True`` only the top piece of each stack.

    Parameters:
        on: only the pieces standing on this kind of site (left out: on every kind, those
            numbered below the count of the board's own kind of sites, as Ludii's)
        pieces: only these kinds of piece (every kind when left out)
        container: the pieces in that container instead of the board's: a number (0 the board,
            1, 2 ... the players' hands) or a name (``"Hand1"``)
        container_name: the container by its name, written after the pieces' names (Ludii's
            positional ``containerName``: ``(forEach Piece "Seed" "Hand1")``)
        moves: the moves from every such piece, instead of each piece's own
        player: whose pieces (the mover's when left out)
        top: True: only the pieces on top of their stacks (in a stacking game)
        then: consequences of each move

    Examples:
        (forEach Piece)
        (forEach Piece "Counter")
        (forEach Piece Next)
        (forEach Piece "Pawn" (move Step Forward (to if:(is Empty (to)))))
        (forEach Piece container:(mover))
        (forEach Piece top:True)
        (forEach Piece on:Cell "Pawn" (player (next)))
    """

    name = "forEach Piece"
    concepts = ("ForEachPiece", "ControlFlowStatement")
    kind = MOVES
    on: Any = Param(SITE_TYPE, optional=True, named=True)
    pieces: Any = Param(ArrayOf(STR_LIT), optional=True)
    container: Any = Param(Either((INT_FN, STR_LIT)), optional=True, named=True, range=(0, 64))
    container_name: Any = Param(STR_LIT, optional=True)
    moves: Any = Param(MOVES_T, optional=True)
    player: Any = Param(PLAYER, optional=True)
    top: Any = Param(BOOL_FN, optional=True, named=True)
    then: Any = Param(_THEN, optional=True)

    def concepts_at(self, where):
        if self.moves is not None:
            return self.concepts
        return set(self.concepts) | where.pieces_concepts()  # every piece's own moves, as Ludii

    def declare(self, d: Any, c: Any) -> None:
        if self.top is not None:
            stacks.declare(d)  # Ludii's top: makes a stacking game

    def validate(self) -> None:
        if self.container is not None and self.container_name is not None:
            raise BindError("(forEach Piece ...): a container by number (container:) or by name, not both", self.span)
        if self.container_name is not None:  # Ludii's containerName: the same as container:"Name"
            self.container = self.container_name

    def _kinds(self, c: Compiler) -> tuple[bool, tuple[str, ...], int]:
        """(whether the board's own kind of site is walked, the other kinds walked, the count
        of elements below which pieces are found), as Ludii's ForEachPiece: the pieces on
        every kind of site (only on the kind on: names), those numbered below the count of
        that kind's elements (the board's own kind without on:)."""
        from ..engine.multisite import kinds_held
        from .measures import check_site_type
        from .other_sites import other_kind, sited_count
        held = kinds_held(c.game.arrays)  # the other kinds of site this game puts pieces on
        wanted = other_kind(c, self.on)
        if wanted is None or wanted not in held:
            check_site_type(c, self, self.on)
        others = tuple(kind for kind in held if kind == wanted or self.on is None)
        return wanted is None, others, sited_count(c, wanted) if wanted is not None else c.topo.n

    def compile(self, c: Compiler):
        on_board, others, limit = self._kinds(c)
        game = c.game
        comps = game.components
        kinds = None
        if self.pieces is not None:
            items = self.pieces.items if isinstance(self.pieces, BoundArray) else [self.pieces]
            kinds = frozenset(k for item in items for k in c.components_named(item.value, item))
        table: list[MoveGen | None]  # per component: the moves it makes here
        if self.moves is not None:
            table = self._given_moves(c, kinds)
        else:
            table = [None, *[c.piece_moves[comp.index] if kinds is None or comp.index in kinds else None
                              for comp in comps[1:]]]
            if not any(table):
                raise BindError("(forEach Piece) but no piece declares moves", self.span,
                                hint='write (piece "Name" Each (move ...))')
        gens = [g.moves if g is not None else None for g in table]  # each kind's moves, looked up once
        if isinstance(self.player, Const) and self.player.name in ("Shared", "Neutral"):
            return with_rules(FnGen(self._unowned(c, gens)), c.rule(after=_then(c, self.then)))
        player = c.player(self.player) if self.player is not None else None
        if self.container is not None:
            return with_rules(self._in_hand(c, table, player), c.rule(after=_then(c, self.then)))
        if c.game.stacking:
            top = c.bool(self.top) if self.top is not None else None
            return with_rules(FnGen(_stacked_pieces(table, player, top)), c.rule(after=_then(c, self.then)))

        owner_of = game.owner_of

        def own_pieces(s: State, e: Env) -> list[Move]:
            out: list[Move] = []
            frame = e.child()
            mover, what = s.mover, s.what
            if on_board:
                for site, owner in enumerate(s.who):
                    if owner == mover:
                        moves = gens[what[site]]
                        if moves is not None:
                            frame.frm = site
                            out.extend(moves(s, frame))
            if sited is not None:
                sited(s, frame, out)
            return out

        # the mover's pieces on other kinds of site than the board's (see _kinds)
        sited = (lambda s, frame, out: _sited_pieces(s, frame, others, limit, owner_of, gens, out)) if others else None
        reach = _as_player(player, _pieces_reaching(table, sited)) if on_board else None
        return with_rules(FnGen(_as_player(player, own_pieces), reach=reach), c.rule(after=_then(c, self.then)))

    def _unowned(self, c: Compiler, gens: list) -> Any:
        """The moves of the pieces no player owns (Ludii's ``Shared`` or ``Neutral`` role: its
        forEach Piece keeps the mover as it is for them), from each of their sites on the board."""
        if self.container is not None:
            raise BindError("(forEach Piece ... Shared) in a hand is not supported yet", self.player.span)
        top = c.bool(self.top) if self.top is not None else None
        stacking = c.game.stacking
        from .functions import shared_or_neutral
        # Ludii's Shared role is a player of its own: its pieces only, the neutral ones for Neutral
        kinds = shared_or_neutral(c.game, self.player)

        def gen(s: State, e: Env) -> list[Move]:
            out: list[Move] = []
            frame = e.child()
            for site, level, w in _each_piece(s, 0, stacking, top is not None and top(s, e)):
                moves = gens[w]
                if w and moves is not None and (kinds is None or w in kinds):
                    frame.frm = site
                    if level >= 0:
                        frame.level = level
                    out.extend(moves(s, frame))
            return out
        return gen

    def _given_moves(self, c: Compiler, kinds: Any) -> list:
        """The moves given, per component. Directions relative to a facing (Forward, FR...) are
        Ludii's turned by the facing of the piece at (from) (Directions: the component's dirn),
        not by the mover's: with such directions, the moves are compiled once per facing of
        the pieces (a draughts man declared ``(piece "Counter" P2 S)`` steps South)."""
        comps = c.game.components
        wanted = [comp for comp in comps[1:] if kinds is None or comp.index in kinds]
        if c.facing is None or not c.uses_facing(self.moves):
            own = c.moves(self.moves)
            return [None, *[own if kinds is None or comp.index in kinds else None for comp in comps[1:]]]
        saved, by_origin, made = c.facing, c.facing_by_origin, {}
        c.facing_by_origin = None  # the piece at (from) is one of these: its facing is known
        try:
            for comp in wanted:
                if comp.facing not in made:
                    c.facing = comp.facing
                    made[comp.facing] = c.moves(self.moves)
        finally:
            c.facing, c.facing_by_origin = saved, by_origin
        return [None, *[made[comp.facing] if kinds is None or comp.index in kinds else None for comp in comps[1:]]]

    def compile_effect(self, c: Compiler):
        from .moves_then import run_planned
        return run_planned(self.plan_effect(c))

    def plan_effect(self, c: Compiler):
        """plan(state, env) -> the effect as a consequence, worked out in that position (None:
        no move). With moves given, on the board: the effect of those moves from each of the
        player's pieces (``(from)`` its site, ``(level)`` its level in a stack), worked out in
        the position before any acts, then applied in turn, each followed by the ``then`` (Ludii
        adds it to every move made); Goldilocks Stones marks its stones with
        ``(forEach Piece (if ... (set State at:(from) 1) (set State at:(from) 0)))``. Moves given
        that are moves (``(and (remove ...) (addScore Mover (count Pieces Next)))``) are worked
        out the same way, each piece's on the position before any acts (ForEachPiece.eval lists
        every piece's moves, an amount read when listed), unless their directions turn with
        each piece's facing or the pieces are nobody's. Otherwise the moves made (all worked
        out first), applied. In an ``(and ...)``, all this before any part acts."""
        unowned = isinstance(self.player, Const) and self.player.name in ("Shared", "Neutral")
        effects = self.moves is not None and self.container is None and not unowned and not (
            c.facing is not None and c.uses_facing(self.moves))
        from .logic import _plan, _plan_moves
        if not effects:
            return _plan_moves(c, self, c.moves(self))
        from .measures import check_site_type
        from .moves_then import plan_frames
        check_site_type(c, self, self.on)
        kinds = None
        if self.pieces is not None:
            items = self.pieces.items if isinstance(self.pieces, BoundArray) else [self.pieces]
            kinds = frozenset(k for item in items for k in c.components_named(item.value, item))
        plan = _plan(c, self.moves)
        then = _then(c, self.then)
        player = c.player(self.player) if self.player is not None else None

        top = c.bool(self.top) if self.top is not None else None
        stacking = c.game.stacking

        def frames(s: State, e: Env) -> Any:
            mover = player(s, e) if player is not None else s.mover
            for site, level, w in _each_piece(s, mover, stacking, top is not None and top(s, e)):
                if kinds is None or w in kinds:
                    frame = e.child()
                    frame.frm = site
                    if level >= 0:
                        frame.level = level
                    yield frame
        # the pieces found before any effect acts (a removal does not hide a piece visited later)
        return lambda s, e: plan_frames(plan, s, list(frames(s, e)), then)

    def _container_index(self, c: Compiler) -> Any:
        """The container walked, as a function: 0 the board, 1, 2 ... the players' hands in
        turn (a name: ``"Board"``, or ``"Hand"`` and the hand's owner)."""
        from ..syntax.nodes import Str
        if not isinstance(self.container, Str):
            return c.int(self.container)
        name = self.container.value
        if name == "Board":
            return const_fn(0)
        if name.startswith("Hand") and name[4:].isdigit():  # Ludii's name: Hand + its owner
            from ..engine.handsites import hand_slot
            return const_fn(hand_slot(c.game.arrays, c.game.num_players, int(name[4:])) + 1)
        raise BindError(f'no container "{name}": containers are "Board", "Hand1", "Hand2" ...',
                        self.container.span)

    def _in_hand(self, c: Compiler, table: list, player: Any) -> MoveGen:
        """The moves of the player's pieces in a container (Ludii's ``container:``: 0 the
        board, 1, 2 ... the players' hands in turn, or a hand's name, ``"Hand2"``): each
        piece's moves from its hand's site, ``(from)`` being that site. With ``top:True``, as
        Ludii's ForEachPiece in any container, only the top piece of a hand's stack moves."""
        from ..engine.counts import kind_at, pieces_at
        from ..engine.sites import hand_layout
        game = c.game
        n = game.topology.n
        which = self._container_index(c)
        from ..engine.arrays import HAND_SITES
        stacked_hands = game.stacking and HAND_SITES in game.arrays  # (a counted hand holds no stack)
        top = c.bool(self.top) if self.top is not None else None

        def gen(s: State, e: Env) -> list[Move]:
            cid = which(s, e)
            only_top = top is not None and top(s, e)
            saved = s.mover
            mover = saved if player is None else player(s, e)
            per_hand, hands = hand_layout(game)
            if cid == 0:
                sites = [x for x, owner in enumerate(s.who) if owner == mover]
            elif 1 <= cid and cid * per_hand <= hands:
                sites = list(range(n + (cid - 1) * per_hand, n + cid * per_hand))
            else:
                return []
            out = []
            s.mover = mover
            frame = e.child()
            try:
                for site in sites:
                    if site >= n and stacked_hands:  # a hand's stack: each piece at its level
                        levels = stacks.levels(s, site)
                        for level, piece in enumerate(levels):
                            if only_top and level != len(levels) - 1:
                                continue  # Ludii's top: the stack's size must be its level plus one
                            moves = table[piece[0]] if game.owner_of[piece[0]] == mover else None
                            if moves is not None:
                                frame.frm, frame.level = site, level
                                out.extend(moves.moves(s, frame))
                        continue
                    if site >= n:
                        if not pieces_at(s, site):
                            continue
                        w = kind_at(s, site, 0)
                        if not w or game.owner_of[w] != mover:
                            continue
                    else:
                        w = s.what[site]
                    moves = table[w] if 0 < w < len(table) else None
                    if moves is not None:
                        frame.frm = site
                        out.extend(moves.moves(s, frame))
            finally:
                s.mover = saved
            return out
        return FnGen(gen)

    def kernel_moves(self, k: Emitter) -> Made:
        import numpy as np

        from ..engine.move import MoveKind
        from ..native.emit import Made, NoKernel
        from ..native.kernels.core import _components_named
        from ..native.kernels.moves import _reads_facing, piece_moves
        if self.top is not None:
            raise NoKernel("(forEach Piece top:...)", "stacks")
        if self.player is not None:
            raise NoKernel("(forEach Piece <player>)", "another player's moves")
        if self.container is not None:
            raise NoKernel("(forEach Piece container:...)", "pieces in a hand")
        game = k.game
        from ..engine.multisite import kinds_held
        if kinds_held(game.arrays):
            raise NoKernel("(forEach Piece)", "pieces on another kind of site than the board's")
        kinds = None
        if self.pieces is not None:
            items = self.pieces.items if isinstance(self.pieces, BoundArray) else [self.pieces]
            kinds = {i for item in items for i in _components_named(k, item.value)}
        own = piece_moves(k)
        # the components that share a generator (a piece declared for each player) are one branch,
        # or one per facing when the generator reads it (Forward...: the reference's build compiles
        # a piece's moves once per facing)
        branches: dict[tuple[int, Any], tuple[Any, list[int]]] = {}
        for comp in game.components[1:]:
            if kinds is not None and comp.index not in kinds:
                continue
            gen = self.moves if self.moves is not None else own[comp.index]
            if gen is None:
                continue
            # (moves given here too: Ludii turns them by the facing of the piece at (from))
            facing = comp.facing if _reads_facing(gen) else k.notes.get("facing")
            branches.setdefault((id(gen), facing), (gen, []))[1].append(comp.index)
        if self.moves is None and not any(own[1:]):
            raise NoKernel("(forEach Piece)", "no piece declares moves")
        made: list[Made] = []
        frm = k.temp("f")
        with k.then(self.then):
            with k.indented(f"for {frm} in range(N):"):
                k.line(f"if {k.who(frm)} != {k.mover}:")
                k.line("    continue")
                first = True
                for (_, facing), (gen, comps) in branches.items():
                    mask = np.zeros(len(game.components), dtype=np.int64)
                    mask[comps] = 1
                    table = k.table(mask)
                    with k.indented(f"{'if' if first else 'elif'} {table}[{k.what(frm)}] != 0:"):
                        outer, k.notes["facing"] = k.notes.get("facing"), facing
                        by_origin, k.notes["by_origin"] = k.notes.get("by_origin"), False  # known here
                        try:
                            with k.bind(frm=frm):
                                made.append(k.moves(gen))
                        finally:
                            k.notes["facing"] = outer
                            k.notes["by_origin"] = by_origin
                        k.line("pass")
                    first = False
        kinds_made = frozenset().union(*(m.kinds for m in made)) if made else frozenset()
        # moves of different pieces start from different sites: only moves of pieces are unique
        unique = all(m.unique for m in made) and kinds_made <= {int(MoveKind.MOVE)}
        return Made(unique, kinds_made)


def _each_stacked_piece(s: State, mover: int, only_top: bool) -> Iterator[tuple[int, int, int]]:
    """(site, level, kind) of every piece of ``mover`` in a stacking game, as Ludii's owned lists
    give them to forEach Piece: each piece of each stack (or only the top ones), then the
    positions those lists keep where no such piece is (its promotion of a lone piece)."""
    owner_of = s.game.owner_of
    for site, w in enumerate(s.what):
        if not w:
            continue
        pieces = stacks.levels(s, site)
        last = len(pieces) - 1
        for level, piece in enumerate(pieces):
            if owner_of[piece[0]] == mover and not (only_top and level != last):
                yield site, level, piece[0]
    for w, site, level in stacks.ghosts(s):
        if owner_of[w] == mover and not (only_top and stacks.size(s, site) != level + 1):
            yield site, level, w


def _each_piece(s: State, mover: int, stacking: bool, only_top: bool) -> list[tuple[int, int, int]]:
    """(site, level, kind) of every piece of ``mover`` on the board (level -1 without stacks)."""
    if stacking:
        return list(_each_stacked_piece(s, mover, only_top))
    return [(site, -1, s.what[site]) for site, owner in enumerate(s.who) if owner == mover]


def _stacked_pieces(table: list, player: Any, top: Any) -> Any:
    """The moves of every piece of a player in a stacking game (Ludii's forEach Piece): each
    piece of each stack (or only the top ones), ``(from)`` its site and ``(level)`` its level."""

    def gen(s: State, e: Env) -> list[Move]:
        out: list[Move] = []
        saved = s.mover
        mover = saved if player is None else player(s, e)
        only_top = top is not None and top(s, e)
        s.mover = mover  # the moves of that player, as if it were their turn
        frame = e.child()
        try:
            for site, level, w in list(_each_stacked_piece(s, mover, only_top)):
                moves = table[w]
                if moves is not None:
                    frame.frm = site
                    frame.level = level
                    out.extend(moves.moves(s, frame))
        finally:
            s.mover = saved
        return out
    return gen


def _pieces_reaching(table: list[MoveGen | None], sited: Any) -> Any:
    """forEach Piece's moves onto a site (what a threat test asks): each of the mover's pieces
    on the board asked for its moves onto it only, unless its moves can never end there from
    its site (:meth:`MoveGen.bound`, worked out once per kind and site); then those of its
    pieces on other kinds of site (``sited(state, frame, out)`` lists them), kept when onto it."""
    bounds: list[list[int | None] | None] = [None] * len(table)  # per kind, per site (-1: anywhere)

    def reaching(s: State, e: Env, target: int) -> list[Move]:
        out: list[Move] = []
        frame = e.child()
        mover, what, who = s.mover, s.what, s.who
        site = -1
        while True:  # the mover's sites in order, each found by the list's own search
            try:
                site = who.index(mover, site + 1)
            except ValueError:
                break
            w = what[site]
            moves = table[w]
            if moves is None:
                continue
            row = bounds[w]
            if row is None:
                row = bounds[w] = [None] * len(who)
            bound = row[site]
            if bound is None:
                found = moves.bound(site)
                bound = row[site] = -1 if found is None else found
            if bound >> target & 1:  # else that piece there can never move onto the target
                frame.frm = site
                out.extend(moves.reaching(s, frame, target))
        if sited is not None:
            elsewhere: list[Move] = []
            sited(s, frame, elsewhere)
            out.extend(m for m in elsewhere if m.to == target)
        return out
    return reaching


def _as_player(player: Any, pieces: Any) -> Any:
    """``pieces`` worked out as if it were ``player``'s turn (``pieces`` itself for no player)."""
    if player is None:
        return pieces

    def of_player(s: State, e: Env, *target: int) -> list[Move]:
        saved = s.mover
        s.mover = player(s, e)  # the moves of that player, as if it were their turn
        try:
            return pieces(s, e, *target)
        finally:
            s.mover = saved
    return of_player


class Priority(Ludeme):
    """The moves of the first generator that has any.

    With ``then``, the move chosen has that consequence too, after its own.

    Parameters:
        moves: the move generators, in order of priority
        then: consequences of each move

    Examples:
        (priority {(move Add (to (sites Centre))) (move Add (to (sites Empty)))})
        (priority {(move Add (to (sites Centre))) (move Pass)} (then (addScore Mover 1)))
    """

    name = "priority"
    concepts = ("Priority",)
    kind = MOVES
    moves: Any = Param(ArrayOf(MOVES_T), many=True)
    then: Any = Param(_THEN, optional=True)

    def compile(self, c: Compiler):
        gens = [c.moves(m) for m in self.moves.items]
        return FirstOf(gens, c.rule(after=_then(c, self.then)))

    def compile_effect(self, c: Compiler):
        """As a consequence: the first effect that makes a move (Ludii applies the first list of
        effect moves that is not empty): one that makes its move whatever it changes (``set
        Var``, ``addScore``...: Compiler.listed_when) once its eval's test holds, any other
        when it changes the position (a capture that captures nothing makes none)."""
        effects = [(c.effect(m), c.listed_when(m)) for m in self.moves.items]
        then = _then(c, self.then)

        def run(s: State, e: Env) -> None:
            for effect, listed in effects:
                if listed is not None:
                    if listed(s, e):
                        effect(s, e)
                        break
                    continue
                before = s.mark()
                effect(s, e)
                if s.mark() != before:
                    break
            else:
                return
            if then is not None:
                then(s, e)
        return run

    def kernel_moves(self, k: Emitter) -> Made:
        from ..native.emit import Made
        from ..native.kernels.structure import _items
        start = k.temp("n")
        k.line(f"{start} = n")
        parts = []
        with k.then(self.then):
            opened = 0
            for i, item in enumerate(_items(self.moves)):
                if i:
                    k.line(f"if n == {start}:")
                    k.depth += 1
                    opened += 1
                parts.append(k.moves(item))
            k.depth -= opened
        return Made.either(parts)


class Do(Ludeme):
    """Only the moves after which a condition holds (the move and its consequences are tried,
    the condition checked with the same mover, then everything is taken back). With ``next:``
    (Ludii's), the first argument is an effect done first (Ludii's prior moves, e.g. ``(roll)``):
    the moves of ``next:`` are worked out in the position it makes, and each of them does the
    effect again when played, before its own action, while the previous move is still the last
    one (``(last To afterConsequence:True)`` included): what Ludii resolved as it listed the
    move. Both ``next:`` and ``ifAfterwards:`` may be given.

    Parameters:
        moves: the moves tried (with ``next:``, the effect done first)
        next: the moves worked out after the first effect
        ifAfterwards: the condition that must hold after the move and its consequences
        then: consequences of the moves kept (after their own; not tried by ifAfterwards)

    Examples:
        (do (move Add (to (sites Empty))) ifAfterwards:(not (is Line 6)))
        (do (roll) next:(move Add (to (sites Empty))))
        (do (forEach Site (sites Occupied by:Mover) (set State at:(site) 1)) next:(move Pass))
    """

    name = "do"
    concepts = ("DoLudeme", "CopyContext")  # the moves are tried on a copy of the position
    kind = MOVES
    moves: Any = Param(MOVES_T)
    next: Any = Param(MOVES_T, optional=True, named=True)
    ifAfterwards: Any = Param(BOOL_FN, optional=True, named=True)
    then: Any = Param(_THEN, optional=True)

    def validate(self) -> None:
        if self.next is None and self.ifAfterwards is None:
            raise BindError("do needs next: or ifAfterwards: (or both)", self.span)

    def compile(self, c: Compiler) -> MoveGen:
        gen = self._compile_next(c) if self.next is not None else c.moves(self.moves)
        if self.ifAfterwards is not None:
            cond = c.bool(self.ifAfterwards)
            # the moves after which the condition holds (each tried, then taken back)
            gen = Filtered(gen, lambda s, e, m: turns.holds_after(s, m, cond, e))
        # the then follows the moves kept (Ludii's: not part of what ifAfterwards tries)
        return with_rules(gen, c.rule(after=_then(c, self.then)))

    def compile_effect(self, c: Compiler):
        """As a consequence (in a then), with effects on both sides: the first effect, then the
        next one (Ludii applies both, in order); its then after. A first part made of moves
        ((add ...), Ludii's moves) has all of them applied first, as Ludii's pre-moves."""
        from .effects import _Effect
        if self.next is None and self.ifAfterwards is not None and isinstance(self.moves, _Effect):
            return self._effect_if_afterwards(c)
        effects = self.next is not None and hasattr(self.next, "compile_effect")
        if self.ifAfterwards is not None or not effects:
            gen = self.compile(c)  # a decision: its moves all applied (as any moves used as an effect)

            def run_all(s: State, e: Env) -> None:
                for m in gen.moves(s, e):
                    turns.act(s, m, as_last=False, outer=e)
            return run_all
        first, nxt = c.effect(self.moves), c.effect(self.next)
        then = _then(c, self.then)

        def run(s: State, e: Env) -> None:
            first(s, e)
            nxt(s, e)
            if then is not None:
                then(s, e)
        return run

    def _effect_if_afterwards(self, c: Compiler):
        """An effect kept only if the condition holds after it (A K'aak'il's
        ``(do (remember Value ...) ifAfterwards:...)`` in a then): Ludii's Do lists the effect's
        one move, tries it on a copy (as holds_after does a move), and the consequence applies
        it only when the condition held there; its then follows."""
        effect = c.effect(self.moves)
        cond = c.bool(self.ifAfterwards)
        then = _then(c, self.then)

        def run(s: State, e: Env) -> None:
            if turns.holds_after_doing(s, lambda: effect(s, e), cond, e, listed=True):
                effect(s, e)
                if then is not None:
                    then(s, e)
        return run

    def _compile_next(self, c: Compiler) -> MoveGen:
        # Ludii's prior is any moves: all of them are applied (Do.generateAndApplyPreMoves),
        # a decision's as much as an effect's (Bide's (do (add ...) next:(move Pass)))
        prior = c.effect(self.moves)  # it reads the pending values as listed (State.listed_ply)
        nxt = c.moves(self.next)
        first = c.rule(before=prior)  # each move does the prior effect again, before its own
        # in a game with dice, when no move is left the player passes, and the pass does the
        # prior effect too (Ludii's: the roll is part of every move, the pass included)
        passing = [Move(PASS, game_id=c.game.uid, rules=first)] if c.game.dice else []

        def gen(s: State, e: Env, site: int = -1) -> list[Move]:
            """The moves (those onto ``site`` only, when one is given: what a threat test asks)."""
            mark, uncounted = s.mark(), s._uncounted
            try:
                # as when the move is played: the effect sees the ply it will see then, where
                # (count Moves) leaves the move out (Ludii lists the prior before the move counts)
                s.ply += 1
                s._uncounted = uncounted + 1
                prior(s, e)
                s.ply -= 1
                s._uncounted = uncounted
                found = nxt.moves(s, e) if site < 0 else nxt.reaching(s, e, site)
            finally:
                s._uncounted = uncounted
                s.rollback(mark)
            if not found:
                if site < 0:
                    return list(passing)
                # the pass is made only when there is no move at all
                return [m for m in gen(s, e) if m.to == site] if any(p.to == site for p in passing) else []
            return [m.with_rules(first + m.rules) for m in found]
        return FnGen(gen, unique=nxt.unique, reach=gen)

    def kernel_moves(self, k: Emitter) -> Made:
        from ..native import abi
        from ..native.emit import NoKernel
        from ..native.kernels.decisions import _copy_state, _do_next, _needs_act, _next_as_tried
        if self.then is not None:
            raise NoKernel("(do ... (then ...))")
        if self.ifAfterwards is None:
            return _do_next(self, k)
        _needs_act(k, "(do ... ifAfterwards:...)")
        tried = k.scratch(k.layout.size)  # a table: no allocation per call (draws try many)
        outer = k.sinks[-1] if k.sinks else None
        base = k.st  # the position the moves are tried from (next: works its moves out on a copy)

        def keep_if_after(e: Emitter, code: str) -> None:
            c = e.temp("m")
            e.line(f"{c} = {code}")
            prev = e.temp("pv")
            with e.on_state(base):
                _copy_state(e, tried)
                e.line(f"{prev} = {e.prev_player()}")
            e.line(f"{tried}[{abi.PLY}] += 1")
            e.line(f"act({tried}, T, {c}, True)")
            _next_as_tried(e, prev, tried)
            with e.on_state(tried):
                cond = e.bool(self.ifAfterwards)
            with e.indented(f"if {cond}:"):
                if outer is not None:
                    outer(e, c)
                else:
                    e.put(c)
        with k.sink(keep_if_after):
            made = _do_next(self, k)
        return made

    def kernel_draw(self, k: Emitter) -> str:
        """A candidate of the inner rule, kept when the condition holds after it."""
        from ..native import abi
        from ..native.emit import NoKernel
        from ..native.kernels.decisions import _copy_state, _needs_act, _next_as_tried
        if self.next is not None:
            raise NoKernel("(do ... next:...)", "drawn: prior effects")
        if self.then is not None:
            raise NoKernel("(do ... (then ...))")
        _needs_act(k, "(do ... ifAfterwards:...)")
        tried = k.scratch(k.layout.size)  # a table: no allocation per call (draws try many)

        def test(e: Emitter, code: str) -> None:
            c = e.temp("m")
            e.line(f"{c} = {code}")
            _copy_state(e, tried)
            prev = e.temp("pv")
            e.line(f"{prev} = {e.prev_player()}")
            e.line(f"{tried}[{abi.PLY}] += 1")
            e.line(f"act({tried}, T, {c}, True)")
            _next_as_tried(e, prev, tried)
            with e.on_state(tried):
                cond = e.bool(self.ifAfterwards)
            e.line(f"if not ({cond}):")
            e.line("    return -1")
            e.accept(c)
        with k.accepting(test):
            return k.draw(self.moves)


class Then(Ludeme):
    """Consequences of a move, applied right after it (captures, scores, moving again).

    Parameters:
        effects: the effects applied, in order
        applyAfterAllMoves: in a game of simultaneous moves, True: applied once every player's
            chosen move was applied (in the order of the players' moves), not right after this one

    Examples:
        (then (custodial (from (last To)) All (between (exact 2) if:(is Next (who at:(between))) (apply (remove (between)))) (to if:(is Mover (who at:(to))))))
        (then (addScore Mover 1) applyAfterAllMoves:True)
    """

    name = "then"
    concepts = ("Then",)

    def where_for(self, param, where):
        return where.as_effect()
    kind = THEN
    effects: Any = Param(ArrayOf(Kind((MOVES, "nextPhase"), "moves")), many=True)
    applyAfterAllMoves: Any = Param(BOOL_LIT, optional=True, named=True)

    def compile_effect(self, c: Compiler):
        effects = [c.effect(item) for item in self.effects.items]
        if len(effects) == 1:
            run = effects[0]
        else:
            def run(s: State, e: Env) -> None:
                for effect in effects:
                    effect(s, e)
        if self.applyAfterAllMoves is not None and self.applyAfterAllMoves.value:
            from ..engine.simultaneous import after_all_moves
            return after_all_moves(run)
        return run

    def kernel_effect(self, k: Emitter) -> None:
        if self.applyAfterAllMoves is not None and self.applyAfterAllMoves.value:
            from ..native.emit import NoKernel
            raise NoKernel("(then ... applyAfterAllMoves:True)", "consequences of simultaneous moves")
        for item in self.effects.items:
            k.effect(item)


class MoveChoose(Ludeme):
    """A decision that is neither a placement nor a piece move, such as choosing a colour. Its
    text is ``choose-`` and the word (``choose-white``); its consequences say what it does.

    Parameters:
        word: the word the move's text ends with (``choose-white``)
        then: consequences of the choice

    Examples:
        (move Choose "white" (then (swap Players P1 P2)))
    """

    name = "move Choose"

    def concepts_at(self, where):
        return () if where.effect else ("ChoiceDecision",)
    kind = MOVES
    word: Any = Param(STR_LIT)
    then: Any = Param(_THEN, optional=True)

    def validate(self) -> None:
        word = self.word.value
        if not word or any(ch.isspace() or ch in "@-" for ch in word):
            raise BindError("a choice is one word without spaces, '@' or '-'", self.word.span)

    def declare(self, d: Any, c: Any) -> None:
        d.word("choose-" + self.word.value)

    def compile(self, c: Compiler) -> MoveGen:
        choice = [Move(CHOICE, word="choose-" + self.word.value, game_id=c.game.uid,
                       rules=c.rule(after=_then(c, self.then)))]
        return FnGen(lambda s, e: list(choice), unique=True)

    def kernel_moves(self, k: Emitter) -> Made:
        from ..engine.move import MoveKind
        from ..native.emit import Made, NoKernel
        word = "choose-" + self.word.value
        words = k.notes["words"]
        if word not in words:
            raise NoKernel(f"(move Choose \"{self.word.value}\")", "a word the game does not list")
        rule = k.rule(self, after=[t] if (t := k.then_of(self.then)) else [])
        k.move(rule, MoveKind.CHOICE, what=str(words.index(word)))
        return Made(True, frozenset({int(MoveKind.CHOICE)}))

    def kernel_draw(self, k: Emitter) -> str:
        from ..engine.move import MoveKind
        from ..native import abi
        word = "choose-" + self.word.value
        index = k.notes["words"].index(word)
        rule = k.rule(self, after=[t] if (t := k.then_of(self.then)) else [])
        k.accept(f"{rule} | ({int(MoveKind.CHOICE)} << {abi.KIND_SHIFT}) | ({index} << {abi.WHAT_SHIFT})")
        return "1"


