"""Effects: what moves do to the position besides moving a piece (captures, scores, placing,
moving again). Used in ``(then ...)``, in ``(start ...)`` and inside other effects."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import ontrack
from ..engine.arrays import HAND, HAND_SITE_COUNT, HAND_SITES
from ..engine.env import Env
from ..engine.movegen import FnGen, MoveGen
from ..engine.values import const_fn, constant
from ..errors import BindError
from ..syntax.nodes import Bool, Const, Int, Str
from .base import (
    ANY_INT,
    BOOL_FN,
    DIRS,
    INT,
    INT_FN,
    MOVES,
    MOVES_T,
    PIECES,
    PLAYER,
    REGION_FN,
    START_RULE,
    STR_LIT,
    THEN,
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
from .functions import INT_MAX, INT_MIN, SITE_TYPE, Site, out_of_range
from .sitetypes import site_type_param

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State
    from ..native.emit import Emitter, Made

TO_CLEAR = "to_clear"  # the state array of flags: the site's piece goes when the turn ends
# Ludii's WhenType: when a removal happens (only EndOfTurn puts it off)
WHEN = Enum(("StartOfMove", "EndOfMove", "StartOfTurn", "EndOfTurn", "StartOfRound", "EndOfRound", "StartOfPhase",
             "EndOfPhase", "StartOfGame", "EndOfGame", "StartOfMatch", "EndOfMatch", "StartOfSession", "EndOfSession"),
            "when")


def placed_where(sites: Any) -> str:
    """Where a start rule puts pieces, as Ludii tells it: on the board, or outside it (a hand)."""
    off = isinstance(sites, Ludeme) and any(n.name in ("handSite", "sites Hand") for n in sites.walk())
    return "PiecesPlacedOutsideBoard" if off else "PiecesPlacedOnBoard"


def ludii_sites(*given: Any) -> Any:
    """The one of a start rule's sites Ludii reads (``PlaceItem``, ``SetSite``): a list of
    labels, else a region, else a site or a list of sites (None when none is given)."""
    given = tuple(x for x in given if x is not None)

    def labels(x: Any) -> bool:
        return isinstance(x, BoundArray) and bool(x.items) and all(isinstance(i, Str) for i in x.items)

    def listed(x: Any) -> bool:
        return isinstance(x, (BoundArray, Int)) or getattr(x, "kind", None) == INT
    for pick in (labels, lambda x: not labels(x) and not listed(x), listed):
        found = next((x for x in given if pick(x)), None)
        if found is not None:
            return found
    return None


class _Effect(Ludeme):
    kind = MOVES

    def where_for(self, param, where):
        return where.as_effect()  # what an effect uses happens as its consequence

    def compile(self, c: Compiler):
        raise BindError(f"({self.name} ...) is an effect: use it in (then ...), not as a move", self.span)


class Apply(_Effect):
    """The effect applied to each site of a ``between`` (e.g. removing the captured pieces), or
    to the site a move goes to. With ``if:``, in the ``(to ...)`` of a step or of a move from a
    site to another, whether the effect happens there (Ludii's Step and FromTo make the move
    either way); in a hop's or a slide's, where the piece may stop (a capture).

    Parameters:
        if: in a ``(to ...)``: the condition for the effect (a hop's, a slide's: for stopping)
        effect: the effect applied to the site

    Examples:
        (apply (remove (between)))
        (apply if:(is Empty (to)))
    """

    name = "apply"
    kind = "apply"
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    effect: Any = Param(MOVES_T, optional=True)

    def validate(self) -> None:
        if self.condition is None and self.effect is None:
            raise BindError("(apply) needs an effect or a condition", self.span)

    @property
    def always_a_move(self) -> bool:
        """As Ludii's Apply.eval: its effect's moves (effect_moves), when no condition is asked."""
        return self.condition is None and getattr(self.effect, "always_a_move", False)

    def move_guard(self, c: Compiler) -> Any:
        guard = getattr(self.effect, "move_guard", None)
        return guard(c) if guard is not None else None

    def compile(self, c: Compiler) -> MoveGen:
        """As moves (``(forEach Site R (apply if:C E))``): as Ludii's Apply.eval, the moves of
        the effect where the condition holds, none elsewhere."""
        if self.effect is None:
            raise BindError("(apply if:...) without an effect makes no moves", self.span)
        inner = c.moves(self.effect)
        if self.condition is None:
            return inner
        cond = c.bool(self.condition)
        return FnGen(lambda s, e: inner.moves(s, e) if cond(s, e) else [])

    def compile_effect(self, c: Compiler):
        if self.effect is None:
            return None
        return c.effect(self.effect)

    def kernel_effect(self, k: Emitter) -> None:
        if self.effect is not None:
            k.effect(self.effect)


class Remove(_Effect):
    """Remove the pieces on a site or a region (Ludii's effect ``remove``; its graph operator of
    the same name takes sites off a board).

    The region is worked out before any piece goes, so the pieces of a region chosen by a
    condition are removed all at once (the condition looks at one position for every site).

    In a stacking game a removal takes the top piece of each site (or the piece at ``level:``),
    ``count:`` times (at least once); elsewhere a removal empties the site, even a pit that counts
    several pieces (as Ludii's removal from a flat site).

    Parameters:
        type: the kind of site (the board's own when left out)
        sites: the site or region whose pieces are removed
        level: in a stacking game, the level of the piece removed (the top when left out)
        at: ``EndOfTurn``: the pieces stay, marked (``sites ToClear``), until the turn ends
        count: how many pieces are removed from each site (1 when left out)
        then: consequences applied after each site's removal (as Ludii's, which makes one move
            per occupied site, each with them; none when no site is occupied); where a player
            chooses, each of those moves is a decision of its own

    Examples:
        (remove (between))
        (remove (sites Flanked of:Mover by:Next))
        (remove (forEach (sites Occupied by:All) if:(is Within "3Dot" in:(sites Around (site)))))
        (remove (to) count:(size Stack at:(to)))
        (remove (last From) level:(level))
    """

    name = "remove"
    overload = True

    def concepts_at(self, where):
        out = where.either("RemoveDecision", "RemoveEffect")
        # Ludii's remove at: a time (EndOfTurn) is a capture sequence
        return out + ("CaptureSequence",) if self.at is not None else out

    def where_for(self, param, where):
        return where.as_effect().as_capture() if param.name == "sites" else where.as_effect()
    type: Any = Param(SITE_TYPE, optional=True)
    sites: Any = Param(REGION_FN)
    level: Any = Param(INT_FN, optional=True, named=True, range=(0, 1000))
    at: Any = Param(WHEN, optional=True, named=True, doc="EndOfTurn: the pieces stay, marked (sites ToClear), until the turn ends; any other time: now, as Ludii's")
    count: Any = Param(INT_FN, optional=True, named=True, range=(0, 1_000_000))
    then: Any = Param(kind_of(THEN), optional=True)

    def at_end_of_turn(self) -> bool:
        """Removed when the turn ends (Ludii's ``at:EndOfTurn``; any other time is now)."""
        return self.at is not None and self.at.name == "EndOfTurn"

    def declare(self, d: Declarations, c: Any) -> None:
        from .other_sites import declare_pieces, other_kind
        sited = other_kind(c, self.type)
        if sited is not None:
            declare_pieces(d, c, sited)
        if self.at_end_of_turn():
            declare_to_clear(d)

    def _sited(self, c: Compiler) -> str | None:
        """The kind of site named when not the board's own (its pieces are then in their own
        arrays, :mod:`..engine.multisite`)."""
        from .other_sites import other_kind
        kind = other_kind(c, self.type)
        if kind is not None and self.at is not None:
            raise BindError(f"(remove {kind} ... at:) is not supported yet", self.at.span)
        return kind

    def compile(self, c: Compiler) -> MoveGen:
        """As a move (Ludii's Remove is one): as Ludii's eval, one move per occupied site of the
        region, each taking that site's piece, with the consequences (``move Remove``'s moves)."""
        from .war import removal_moves
        return removal_moves(self, c)

    def kernel_moves(self, k: Emitter) -> Made:
        from .war import removal_kernel
        return removal_kernel(self, k)

    def compile_effect(self, c: Compiler):
        from .moves_then import run_planned
        return run_planned(self.plan_effect(c))

    def plan_effect(self, c: Compiler):
        """plan(state, env) -> the removal worked out in that position (None: no site is
        occupied): as Ludii's Remove, which makes its moves first (in an ``(and ...)``, before any
        part applies): the sites of the region occupied then, the level and the count; each
        removal then takes what is on its site when it applies."""
        sited = self._sited(c)
        if sited is not None:  # as on the board's own sites, in the arrays of that kind
            then = self.then.compile_effect(c) if self.then is not None else None
            return _removal_of_pieces(c, c.region(self.sites), self.level, self.count, then, sited)
        from .measures import check_site_type
        check_site_type(c, self, self.type)
        region = c.region(self.sites)
        n = c.topo.n
        hands = HAND_SITES in c.game.arrays
        then = self.then.compile_effect(c) if self.then is not None else None
        if not self.at_end_of_turn() and (c.game.stacking or self.level is not None or self.count is not None):
            return _removal_of_pieces(c, region, self.level, self.count, then)
        if self.at_end_of_turn():  # marked now, removed when the turn ends
            return _marked_to_clear(region, then)

        def occupied(s: State, site: int) -> bool:
            if 0 <= site < n:
                return bool(s.what[site])
            return site >= n and hands and bool(s.arrays[HAND_SITES][site - n])  # a site of Ludii's hands

        def plan(s: State, e: Env) -> Any:
            sites = [x for x in region(s, e) if occupied(s, x)]
            if not sites:
                return None

            def run(s: State, e: Env) -> None:
                for site in sites:
                    if site < n:
                        if s.what[site]:
                            s.clear(site)
                    elif s.arrays[HAND_SITES][site - n]:
                        s.set_item(s.arrays[HAND_SITES], site - n, 0)
                    if then is not None:
                        then(s, e)
            return run
        return plan

    def _kernel_region(self, k: Emitter) -> Any:
        """The region of a removal the kernel makes (the plain one: no at:, level:, count: or then)."""
        from ..native.emit import NoKernel
        if self.at is not None:
            raise NoKernel("(remove at:...)")
        if self.level is not None or self.count is not None:
            raise NoKernel("(remove level:/count:)")
        if self.then is not None:
            raise NoKernel("(remove ... (then ...))", "consequences after each site")
        if self.type is not None and self.type.name != k.topo.use:
            raise NoKernel(f"(remove {self.type.name} ...)", "pieces on another kind of site than the board's")
        return k.region(self.sites, hands=True)

    def _kernel_take(self, k: Emitter, region: Any) -> None:
        """Emit the removal of the pieces on the region's sites (those occupied when it runs)."""
        x = k.temp("x")
        with region.loop(k, x):
            with k.indented(f"if 0 <= {x} < N and {k.what(x)} != 0:"):
                k.place(x, "0")
            if k.layout.hand_sites:  # a site of one of Ludii's hands: its piece goes (no count)
                with k.indented(f"elif {x} >= N and {k.what(x)} != 0:"):
                    k.line(f"{k.what(x)} = 0")
                    k.line(f"{k.who(x)} = 0")

    def kernel_effect(self, k: Emitter) -> None:
        from ..native.emit import Buffered, Listed
        region = self._kernel_region(k)
        if not isinstance(region, Listed) and not hasattr(region, "site"):
            buf, count = region.fill(k)  # the region worked out before any piece goes
            region = Buffered(buf, count)
        self._kernel_take(k, region)

    def kernel_plan(self, k: Emitter) -> Any:
        """Emit now the sites of the region occupied now (as :meth:`plan_effect`); return what
        emits their removal."""
        from ..native.emit import Buffered
        region = self._kernel_region(k)
        buf, count, x = k.buffer(), k.temp("c"), k.temp("x")
        k.line(f"{count} = 0")
        with region.loop(k, x):
            test = f"0 <= {x} < N" + (f" or {x} >= N" if k.layout.hand_sites else "")
            with k.indented(f"if ({test}) and {k.what(x)} != 0:"):
                k.line(f"{buf}[{count}] = {x}")
                k.line(f"{count} += 1")
        if x in k.hand_vars:  # the buffer holds sites of hands too
            k.hand_vars.add(buf)
        return lambda: self._kernel_take(k, Buffered(buf, count))


def _marked_to_clear(region: Any, then: Any) -> Any:
    """``(remove ... at:EndOfTurn)``, planned: the sites of the region occupied now, marked
    when it applies (their pieces go when the turn ends), each with the consequences."""
    def plan(s: State, e: Env) -> Any:
        sites = [x for x in region(s, e) if x >= 0 and s.what[x]]
        if not sites:
            return None

        def mark(s: State, e: Env) -> None:
            flags = s.arrays[TO_CLEAR]
            for site in sites:
                if not flags[site]:
                    s.set_item(flags, site, 1)
                if then is not None:
                    then(s, e)
        return mark
    return plan


def _removal_of_pieces(c: Compiler, region: Any, level: Any, count: Any, then: Any, kind: str | None = None) -> Any:
    """``(remove ... level:... count:...)``, planned: as Ludii, ``count`` pieces (worked out once)
    from each site of the region occupied now; in a stacking game the top piece each time, or
    the piece at ``level`` (the top when that is the top now, or when the stack no longer goes
    above it), at least once; otherwise the site is emptied, whatever its count (Ludii's removal
    from a flat site clears it). ``kind``: from the elements of that kind, not the board's own
    (:class:`..engine.multisite.KindView`: their pieces stack alike)."""
    from ..engine import stacks
    from ..engine.multisite import KindView
    from .other_sites import sited_count
    stacking = c.game.stacking
    level_fn = c.int(level) if level is not None else None
    count_fn = c.int(count) if count is not None else const_fn(1)
    n = c.topo.n if kind is None else sited_count(c, kind)
    hands = kind is None and stacking  # a hand's stack too (Ludii's containers stack alike)

    def plan(s: State, e: Env) -> Any:
        number = count_fn(s, e)
        v: Any = s if kind is None else KindView(s, kind)
        # the moves, made first
        sites = [x for x in region(s, e) if 0 <= x < n and v.what[x] or hands and x >= n and stacks.size(s, x)]
        if not sites:
            return None
        levels = []
        for site in sites:  # Ludii's level: none (the top when applied) when it is the top now
            if not stacking:
                levels.append(-1)
                continue
            size = stacks.size(v, site)
            lv = max(level_fn(s, e) if level_fn is not None else size - 1, 0)
            levels.append(-1 if lv == size - 1 else lv)

        def run(s: State, e: Env) -> None:
            v: Any = s if kind is None else KindView(s, kind)
            for site, lv in zip(sites, levels):
                if stacking:
                    for _ in range(max(number, 1)):  # Ludii's first removal is made whatever the count
                        if lv == -1 or lv >= stacks.size(v, site) - 1:
                            taken = stacks.pop(v, site)
                        else:
                            taken = stacks.remove_level(v, site, lv)
                        if taken is not None and v.game.on_track is not None:
                            ontrack.removed(s, taken[0], site)
                else:  # Ludii's flat site: each removal empties it, however many pieces it counts
                    v.clear(site)
                if then is not None:
                    then(s, e)
        return run
    return plan


def _clear_marked(s: State) -> None:
    """When the turn ends: the pieces marked to go are taken off (an engine hook)."""
    flags = s.arrays[TO_CLEAR]
    for site, flag in enumerate(flags):
        if flag:
            s.clear(site)
            s.set_item(flags, site, 0)


def declare_to_clear(d: Declarations) -> None:
    """The ``to_clear`` array (a flag per site: its piece goes when the turn ends) and the end
    of turn hook that takes those pieces off (declared once)."""
    if TO_CLEAR in d.arrays:
        return
    d.array(TO_CLEAR, [0] * d.num_sites)
    d.turn_end.append(_clear_marked)


class SitesToClear(Ludeme):
    """The sites whose pieces are to be removed when the turn ends (``(remove ...
    at:EndOfTurn)``): a piece jumped in a capture sequence, which may not be jumped again.
    Ludii's signature takes a site type, which its ``SitesToClear`` does not read: accepted
    and unused here too.

    Parameters:
        type: unused (Ludii's signature)

    Examples:
        (sites ToClear)
    """

    name = "sites ToClear"
    kind = "region"
    type: Any = site_type_param()

    def declare(self, d: Declarations, c: Any) -> None:
        declare_to_clear(d)

    def compile(self, c: Compiler):
        return lambda s, e: [site for site, flag in enumerate(s.arrays[TO_CLEAR]) if flag]

    def membership(self, c: Compiler) -> Callable[[State, int], bool]:
        """inside(state, site): whether the site is marked (``is In`` asks this of each site a
        capture sequence passes, without listing the marked ones)."""
        return lambda s, x: x < len(flags := s.arrays[TO_CLEAR]) and bool(flags[x])


class _ScoreEffect(_Effect):
    """A change to a player's score.

    Parameters:
        player: whose score changes (``Each``: everybody's)
        amount: the number of points
        then: consequences, after the score of each player changed (as Ludii's: once per player)
    """

    player: Any = Param(PLAYER)
    amount: Any = Param(INT_FN, range=ANY_INT)
    then: Any = Param(kind_of(THEN), optional=True)
    concepts = ("Scoring",)
    always_a_move = True  # as Ludii's AddScore/SetScore.eval: a move whatever the score (effect_moves)

    def concepts_at(self, where):
        return ("InitialScore",) if where.start else self.concepts

    def declare(self, d: Declarations, c: Any) -> None:
        d.hash_scores = True  # Ludii's HashScores: a situation holds the scores (engine.repetition)

    @staticmethod
    def update(old: int, amount: int) -> int:
        raise NotImplementedError

    def pairs(self, c: Compiler) -> list[tuple[Any, Any]]:
        """(players, amount) functions, one pair per player written (Ludii's arrays: the i-th
        player gets the i-th amount; the shorter array says how many)."""
        players = self.player.items if isinstance(self.player, BoundArray) else [self.player]
        amounts = self.amount.items if isinstance(self.amount, BoundArray) else [self.amount]
        return [(c.players(p), c.int(a)) for p, a in zip(players, amounts)]

    def compile_effect(self, c: Compiler):
        plan = self.plan_effect(c)
        return lambda s, e: plan(s, e)(s, e)

    def plan_effect(self, c: Compiler):
        """plan(state, env) -> the effect, every amount and player worked out in that position
        (Ludii's moves are made first: in an ``(and ...)``, before any part applies)."""
        pairs = self.pairs(c)
        update = self.update
        then = self.then.compile_effect(c) if self.then is not None else None

        def plan(s: State, e: Env):
            changes = [(p, amount(s, e)) for players, amount in pairs for p in players(s, e)]

            def run(s: State, e: Env) -> None:
                for p, n in changes:
                    value = update(s.scores[p], n)
                    if not INT_MIN <= value <= INT_MAX:
                        raise out_of_range(value, self, f"the score of P{p}")
                    s.set_score(p, value)
                    if then is not None:
                        then(s, e)
            return run
        return plan

    def move_parts(self, c: Compiler):
        """Where a player chooses: as Ludii's eval, one move per player whose score changes
        (``Each``: one per player), each changing that score, then the ``then``
        (:class:`~interpreter.compile.effect_moves.PartMoves`)."""
        pairs = self.pairs(c)
        update = self.update
        then = self.then.compile_effect(c) if self.then is not None else None

        def part(amount: Any, p: int) -> Any:
            def run(s: State, e: Env) -> None:
                value = update(s.scores[p], amount(s, e))  # worked out on the position it was listed in
                if not INT_MIN <= value <= INT_MAX:
                    raise out_of_range(value, self, f"the score of P{p}")
                s.set_score(p, value)
            return run
        rules = [[c.rule(before=part(amount, p), after=then) for p in range(c.num_players + 1)]
                 for _, amount in pairs]

        def parts(s: State, e: Env) -> list[tuple[int, tuple[int, ...]]]:
            return [(-1, rules[i][p]) for i, (players, _) in enumerate(pairs) for p in players(s, e)
                    if 0 <= p < len(rules[i])]
        return parts


class AddScore(_ScoreEffect):
    """Add to a player's score (``Each``: every player's), or to several players' scores: the
    i-th amount to the i-th player.

    Parameters:
        player: whose score changes (``Each``: everybody's), or ``{...}`` of players
        amount: the number of points, or ``{...}`` of them (one per player)

    Examples:
        (addScore Mover 1)
        (addScore {P1 P2} {50 10})
        (addScore (player (mover)) 2 (then (moveAgain)))
    """

    name = "addScore"
    player: Any = Param(Either((PLAYER, ArrayOf(PLAYER, single=False))))
    amount: Any = Param(Either((INT_FN, ArrayOf(INT_FN, single=False))), range=ANY_INT)
    then: Any = Param(kind_of(THEN), optional=True)

    @staticmethod
    def update(old: int, amount: int) -> int:
        return old + amount

    def kernel_effect(self, k: Emitter) -> Any:
        from ..native.kernels.placement import _score_effect
        return _score_effect(self, k, True)

    def kernel_plan(self, k: Emitter) -> Any:
        from ..native.kernels.placement import _score_plan
        return _score_plan(self, k, True)


class SetScore(_ScoreEffect):
    """Set a player's score (``Each`` for everybody; as a start rule, Ludii's player may be left
    out: everybody's).

    Parameters:
        player: whose score (``Each``: everybody's; every player's when left out)
        amount: the score
        then: consequences, after

    Examples:
        (set Score Each 0)
        (set Score (player 1) (count Pieces P1) (then (moveAgain)))
        (set Score 5)
    """

    name = "set Score"
    player: Any = Param(PLAYER, optional=True)
    amount: Any = Param(INT_FN, optional=True, range=ANY_INT)
    then: Any = Param(kind_of(THEN), optional=True)

    def validate(self) -> None:
        if self.amount is None:  # (set Score 5): the one number given is the score
            if self.player is None or isinstance(self.player, Const):
                raise BindError("set Score needs a score", self.span, hint="(set Score Each 0)")
            self.player, self.amount = None, self.player
        if self.player is None:
            self.player = Const("Each", span=self.span)
        super().validate()

    @staticmethod
    def update(old: int, amount: int) -> int:
        return amount

    def kernel_effect(self, k: Emitter) -> Any:
        from ..native.kernels.placement import _score_effect
        return _score_effect(self, k, False)

    def kernel_plan(self, k: Emitter) -> Any:
        from ..native.kernels.placement import _score_plan
        return _score_plan(self, k, False)


class MoveAgain(_Effect):
    """The mover moves again: the next ply is theirs too.

    Parameters:
        then: consequences, after

    Examples:
        (moveAgain)
        (moveAgain (then (set Counter)))
    """

    name = "moveAgain"
    always_a_move = True  # as Ludii's MoveAgain.eval: its move always (effect_moves)
    concepts = ("MoveAgain",)
    then: Any = Param(kind_of(THEN), optional=True)

    def compile_effect(self, c: Compiler):
        from .moves_then import and_then, then_of
        from .turnstate import again
        return and_then(lambda s, e: again(s), then_of(c, self.then))

    def kernel_effect(self, k: Emitter) -> None:
        from ..native import abi
        k.line(f"{k.st}[{abi.MOVE_AGAIN}] = 1")
        if self.then is not None:
            k.effect(self.then)


def _give_state(s: State, site: int, value: int) -> None:
    """The local state a start rule gives the piece it puts on a board site (Ludii's ActionAdd;
    0 and Undefined (-1) give none)."""
    from .variables import PIECE_STATES
    states = s.arrays[PIECE_STATES]
    if value not in (0, -1) and site < len(states):
        s.set_item(states, site, value)


class Place(Ludeme):
    """Start rule: put pieces of a kind on sites, or ``count:`` pieces of it in a player's hand
    (``(handSite P1)``, with ``(hand Each)`` in the equipment) or on each site (a pit's seeds).
    A site that already has a piece keeps it (as Ludii's: the first start rule to place a piece
    there wins).

    Which sites, as Ludii's: a hand named (``"Hand"``: each player's hand, ``"Hand2"``: one
    player's; a site given beside a hand is not read, as Ludii's; another name is read as a
    site's label), else ``coord:``, else one site, a list of sites, a region or a list of
    labels; when several of these are given, as Ludii's, only the labels count, else the
    region, else the sites. Nothing is placed when no site is given (as Ludii's).

    Parameters:
        piece: the kind of piece placed, with its owner (``"Disc1"``)
        container: the hand the piece goes in (``"Hand"``, ``"Hand1"``...)
        type: the kind of site (the board's own kind when left out; another kind: its elements,
            by number, :mod:`.other_sites`)
        sites: where the pieces go (a site, a list of sites, a region or a list of labels)
        region: where the pieces go (Ludii's region after its list of sites)
        coords: where the pieces go, by their labels (Ludii's list after its region)
        coord: one site by its label, instead of a region
        count: how many pieces go on the site (a hand, a pit)
        counts: with a region, how many pieces go on each site: as Ludii's, the first number
            for every site
        state: the local state of each piece placed (``(state at:...)``; 0 when left out)
        rotation: the rotation of each piece placed on the board (``(rotation at:...)``, see
            :mod:`.rotations`; 0 when left out)
        value: the value of each piece placed (``(value Piece at:...)``; its kind's when left out)

    Examples:
        (place "Disc1" {"A1" "B1"})
        (place "Arrow1" coord:"C3" rotation:2)
        (place "Disc1" Cell (sites Bottom) value:3)
        (place "Disc1" Edge (sites {0 1 2}))
        (place "Seed" (sites Bottom) counts:{4})
        (place "Rook1" {"A1" "H1"} state:1)
        (place "Disc2" (sites Top))
        (place "1Dot1" (handSite P1) count:5)
        (place "Disc1" coord:"A1")
        (place "Marker" "Hand" count:3)
    """

    name = "place"
    concepts = ("PiecesPlacedOnBoard",)
    kind = START_RULE
    piece: Any = Param(STR_LIT)
    container: Any = Param(STR_LIT, optional=True)
    type: Any = Param(SITE_TYPE, optional=True)
    sites: Any = Param(REGION_FN, optional=True)
    region: Any = Param(REGION_FN, optional=True)
    coords: Any = Param(ArrayOf(STR_LIT), optional=True)
    coord: Any = Param(STR_LIT, optional=True, named=True)
    count: Any = Param(INT_FN, optional=True, named=True, range=PIECES)
    counts: Any = Param(ArrayOf(INT_FN), optional=True, named=True, range=PIECES)
    state: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)
    rotation: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)
    value: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)

    def concepts_at(self, where):
        if self.nowhere:  # Ludii's: only what its numbers say
            out = ["PieceValue"] if self.value is not None else []
            if isinstance(self.count, Int) and self.count.value > 1:
                out.append("PieceCount")
            return tuple(out)
        if isinstance(self.sites, Str) and not self.sites.value.startswith("Hand"):
            return ("PieceValue",) if self.value is not None else ()  # coord: Ludii reads no site
        out = ["PiecesPlacedOutsideBoard" if isinstance(self.sites, Str) else placed_where(self.sites)]
        if isinstance(self.count, Int) and self.count.value > 1:
            out.append("PieceCount")  # several pieces on one site
        if self.value is not None:
            out.append("PieceValue")
        if self.state is not None and not (isinstance(self.state, Int) and self.state.value < 0):
            out.append("SiteState")  # Ludii's PlaceItem: a state above Undefined
        return out

    def validate(self) -> None:
        self.sites = self._where()
        self.nowhere = self.sites is None
        self.counted_each = self.counts is not None  # Ludii's counts: the fill of several sites
        if self.counts is not None:
            if self.count is not None:
                raise BindError("place takes count: or counts:, not both", self.counts.span)
            items = self.counts.items if isinstance(self.counts, BoundArray) else [self.counts]
            self.count = items[0]  # Ludii's counts: its first number, on every site

    def _where(self) -> Any:
        """The one place Ludii reads: a container, else ``coord:``, else the labels, the
        region, the sites (the first given of them); None when none is given."""
        if self.container is not None:
            name = self.container.value
            if name.startswith("Hand"):
                return self.container  # a hand's site given beside it is not read (Ludii's)
            if self.coord is None:
                return self.container  # no hand: read as a site's label (Ludii's other containers: dice, decks)
        if self.coord is not None:
            return self.coord
        return ludii_sites(self.sites, self.region, self.coords)

    def _check_count(self) -> None:
        if self.count is not None and isinstance(self.sites, BoundArray) and not self.counted_each:
            # Ludii's count: is of a placement on one site (its fill of several takes counts:)
            raise BindError("count: places pieces on one site, not on a list of sites", self.count.span,
                            hint=f'(place "{self.piece.value}" (handSite P1) count:5)')

    def _counted_on_board(self) -> bool:
        """``count:`` pieces on board sites (Ludii's count of a site: a pit's seeds)."""
        return self.count is not None and not hasattr(self.sites, "fill")

    def declare(self, d: Declarations, c: Any) -> None:
        from .other_sites import declare_pieces, other_kind
        sited = other_kind(c, self.type)
        if sited is not None and not self.nowhere:
            declare_pieces(d, c, sited)
            return
        if hasattr(self.sites, "fill") and any(x is not None for x in (self.state, self.value, self.rotation)):
            from ..engine.handsites import hands_of_sites
            hands_of_sites(d)  # a piece with its own state in a hand: Ludii's hand of one site
        # a site given by its number may be a hand's (Geister's (place "GhostGood1" 36 count:4))
        in_hand = isinstance(self.sites, Int) and self.sites.value >= d.num_sites and HAND_SITES in d.arrays
        # a container named ((place "Rabbit" "Hand" count:8)): count: pieces on one site of each hand
        in_hand = in_hand or (isinstance(self.sites, Str) and self.sites.value.startswith("Hand")
                              and c.topo.site(self.sites.value) < 0)
        if self._counted_on_board() and not in_hand:
            from .sowing import declare_counts
            declare_counts(d)
        if self.count is not None and (hasattr(self.sites, "fill") or in_hand) \
                and HAND_SITES in d.arrays and HAND_SITE_COUNT not in d.arrays:  # several pieces on a site of a hand
            d.array(HAND_SITE_COUNT, [0] * len(d.arrays[HAND_SITES]))
        if self.state is not None:
            from .variables import piece_states
            piece_states(d)
        if self.value is not None:
            from .variables import piece_values
            piece_values(d)
        if self.rotation is not None:
            from .rotations import declare_rotation
            declare_rotation(d)

    def compile_effect(self, c: Compiler):
        from .other_sites import other_kind
        sited = other_kind(c, self.type)
        if self.nowhere:
            return lambda s, e: None  # no site given: Ludii places nothing
        if sited is not None:
            return self._on_other_kind(c, sited)
        from .board_sites import check_type
        check_type(self, c)
        placed = self._compile_placing(c)
        hand_sites = hasattr(self.sites, "fill") and HAND_SITES in c.game.arrays  # set by _compile_placing
        if self.rotation is not None and not hand_sites and (
                hasattr(self.sites, "fill") or self._hand_site_number(c) is not None
                or isinstance(self.sites, Str) and self.sites.value.startswith("Hand") and c.topo.site(self.sites.value) < 0):
            raise BindError("rotation: of pieces placed in hands without sites is not supported", self.rotation.span,
                            hint="give the hands sites: (hand Each size:N)")
        if self.value is None:
            return placed
        if isinstance(self.sites, Str) and self.sites.value.startswith("Hand") and c.topo.site(self.sites.value) < 0:
            if HAND_SITES in c.game.arrays:
                return placed  # the hand's site chosen is given its value there (_in_hands)
            raise BindError("value: of pieces placed in hands is not supported", self.value.span,
                            hint="give the hands sites: (hand Each size:N)")
        from ..engine.handsites import what_at
        from .variables import PIECE_VALUED, PIECE_VALUES
        value = c.int(self.value)
        numbered = self._hand_site_number(c)
        if numbered is not None:  # a hand's site by number
            hand_site = (numbered,)  # (L'attaque's (place "Marshal1" 84 value:10))
            region: Any = lambda s, e: hand_site  # noqa: E731
        else:
            region = c.region(self.sites)

        def valued(s: State, e: Env) -> None:
            placed(s, e)
            v = value(s, e)
            values, flags = s.arrays[PIECE_VALUES], s.arrays[PIECE_VALUED]
            for site in region(s, e):
                if 0 <= site < len(values) and what_at(s, site):
                    s.set_item(values, site, v)
                    if not flags[site]:
                        s.set_item(flags, site, 1)
        return valued

    def _on_other_kind(self, c: Compiler, kind: str):
        """The pieces put on elements of another kind than the board's (Ludii's numbers of them,
        :mod:`.other_sites`); an element that has a piece keeps it (Ludii's)."""
        for name in ("count", "state", "rotation", "value"):
            given = getattr(self, name)
            if given is not None:
                raise BindError(f"place ... {kind} {name}: is not supported yet", given.span)
        if isinstance(self.sites, Str):
            raise BindError(f"place ... {kind}: the elements are given by number", self.sites.span)
        found = c.components_named(self.piece.value, self.piece)
        if len(found) != 1:
            raise BindError(f"'{self.piece.value}' names several pieces", self.piece.span,
                            hint="name one, e.g. with its player number")
        from ..engine.multisite import pieces_array
        from .sitetypes import other_kind_region
        elements, what, name = other_kind_region(c, self.sites, kind), found[0], pieces_array(kind)

        def run(s: State, e: Env) -> None:
            data = s.arrays[name]
            for x in elements(s, e):
                if 0 <= x < len(data) and not data[x]:
                    s.set_item(data, x, what)
        return run

    def _compile_placing(self, c: Compiler):
        self._check_count()
        if isinstance(self.sites, Str) and self.sites.value.startswith("Hand") and c.topo.site(self.sites.value) < 0:
            return self._in_hands(c)
        if self._hand_site_number(c) is not None:
            return self._on_hand_site(c)
        found = c.components_named(self.piece.value, self.piece)
        if len(found) != 1:
            names = ", ".join(c.game.components[i].name for i in found)
            raise BindError(f"'{self.piece.value}' names several pieces ({names})", self.piece.span,
                            hint="name one, e.g. with its player number")
        what = found[0]
        if hasattr(self.sites, "fill"):  # (handSite P1): pieces in a hand
            filled = self.sites.fill(c, what, self.count)
            if HAND_SITES not in c.game.arrays:
                for given in (self.state, self.value):
                    if given is not None:  # a hand without sites holds pieces by kind, not one by one
                        raise BindError("a state or value for a piece in a hand without sites is not supported",
                                        given.span, hint="give the hands sites: (hand Each size:N)")
                return filled
            return self._local_in_hand(c, filled)
        if self.count is not None:  # several pieces on each site (Ludii's count)
            return self._counted(c, what)
        region = c.region(self.sites)
        state = c.int(self.state) if self.state is not None else None
        rotation = c.int(self.rotation) if self.rotation is not None else None
        from .rotations import set_rotation

        def run(s: State, e: Env) -> None:
            what_at = s.what
            for site in region(s, e):
                if not what_at[site]:  # an occupied site keeps its piece (Ludii's ActionAdd)
                    s.place(site, what)
                    ontrack.added(s, what, site)  # (nothing without tracks passing a site twice)
                    if state is not None:
                        _give_state(s, site, state(s, e))
                    if rotation is not None:
                        set_rotation(s, site, rotation(s, e))
        return run

    def _local_in_hand(self, c: Compiler, filled: Any):
        """The pieces put on a hand's site with their state and rotation (Ludii's ActionAdd
        gives them to the site of any container; the value is given by compile_effect)."""
        if self.state is None and self.rotation is None:
            return filled
        from .rotations import set_rotation
        from .variables import PIECE_STATES
        site = self.sites.compile(c)
        state = c.int(self.state) if self.state is not None else None
        rotation = c.int(self.rotation) if self.rotation is not None else None

        def run(s: State, e: Env) -> None:
            filled(s, e)
            x = site(s, e)
            if state is not None:
                v = state(s, e)
                states = s.arrays[PIECE_STATES]
                if v >= 0 and 0 <= x < len(states) and states[x] != v:  # Ludii's Undefined (-1) sets none
                    s.set_item(states, x, v)
            if rotation is not None:
                set_rotation(s, x, rotation(s, e))
        return run

    def _counted(self, c: Compiler, what: int):
        """``count:`` pieces ``what`` on each site (Ludii's count), turned by ``rotation:``,
        with the local state ``state:`` (Ludii's PlaceItem gives the count and the state to
        each site alike: Musoro Tsoro's musoro holes, ``counts:{3} state:1``)."""
        from ..engine.counts import set_pieces
        from .rotations import set_rotation
        number = c.int(self.count)
        sites = c.region(self.sites)
        rotated = c.int(self.rotation) if self.rotation is not None else None
        state = c.int(self.state) if self.state is not None else None

        def counted(s: State, e: Env) -> None:
            n = number(s, e)
            for site in sites(s, e):
                set_pieces(s, site, n, what)
                if rotated is not None:
                    set_rotation(s, site, rotated(s, e))
                if state is not None and n > 0:
                    _give_state(s, site, state(s, e))
        return counted

    def _hand_site_number(self, c: Compiler) -> int | None:
        """The site given, when it is one number known before play past the board's sites: a
        hand's (``84``, Minesweeper's ``(^ <size> 2)``); else None."""
        if isinstance(self.sites, Int):
            site = self.sites.value
        elif isinstance(self.sites, Ludeme) and self.sites.kind == "int" and not hasattr(self.sites, "fill"):
            # (a (handSite P1) fills its hand itself)
            site = constant(c.int(self.sites))
            if not isinstance(site, int):
                return None
        else:
            return None
        return site if site >= c.topo.n else None

    def _on_hand_site(self, c: Compiler):
        """A site numbered after the board's: a hand's (Ludii numbers the hands' sites next),
        which takes ``count:`` pieces (one by default)."""
        from ..engine.counts import add_pieces
        from ..engine.sites import container_sites, hand_layout
        site = self._hand_site_number(c)
        assert site is not None
        per_hand, hands = hand_layout(c.game)
        shared = container_sites(c.game, hands // per_hand + 1 if per_hand else 1)  # after the players'
        if not (c.topo.n <= site < c.topo.n + hands or site in shared):
            raise BindError(f"site {site} is neither on the board (0 to {c.topo.n - 1}) nor in a hand",
                            self.sites.span)
        found = c.components_named(self.piece.value, self.piece)
        if len(found) != 1:
            raise BindError(f"'{self.piece.value}' names several pieces", self.piece.span)
        what = found[0]
        number = c.int(self.count) if self.count is not None else const_fn(1)
        return lambda s, e: add_pieces(s, site, number(s, e), what)

    def _in_hand_sites(self, c: Compiler, placed: list[tuple[int, int]], number: Any):
        """Ludii's PlaceItem in hands of sites: the first empty site of each player's hand takes
        count: pieces (Start.placePieces), with the value: given."""
        game = c.game
        from ..engine.handsites import player_hand_size
        size = player_hand_size(game.arrays, game.num_players)
        from ..engine.decks import hands_first
        first = hands_first(game.arrays)  # after a deck declared before the hands

        from ..engine.handsites import hand_slot, set_count
        hand_of = {p: hand_slot(game.arrays, game.num_players, p) for p, _ in placed}
        value = c.int(self.value) if self.value is not None else None
        from .variables import PIECE_VALUED, PIECE_VALUES

        def in_sites(s: State, e: Env) -> None:
            # Ludii's PlaceItem: the first empty site of each player's hand takes count:
            # pieces (Start.placePieces), and the value: given
            slots = s.arrays[HAND_SITES]
            count = number(s, e)
            n = len(s.what)
            for p, what in placed:
                k0 = first + hand_of[p] * size
                free = [k for k in range(k0, k0 + size) if not slots[k]] if hand_of[p] >= 0 else []
                if not free:
                    continue
                site = n + free[0]
                set_count(s, site, what, count)
                if value is not None and slots[free[0]]:
                    values, flags = s.arrays[PIECE_VALUES], s.arrays[PIECE_VALUED]
                    if site < len(values):
                        s.set_item(values, site, value(s, e))
                        if not flags[site]:
                            s.set_item(flags, site, 1)
        return in_sites

    def _in_hands(self, c: Compiler):
        """Ludii's placement in a container named: ``"Hand"`` with a piece name without a
        number, each player's piece in their own hand (``"Marker"``: Marker1 in P1's...);
        ``"Hand2"``, the piece named in P2's hand; ``count:`` pieces each (one by default)."""
        from ..engine.counts import add_pieces
        game = c.game
        name = self.sites.value
        if not (HAND in game.arrays or HAND_SITES in game.arrays):
            raise BindError(f'no container "{name}": the game has no hands', self.sites.span,
                            hint="add (hand Each) to the equipment")
        if name == "Hand" and not any(ch.isdigit() for ch in self.piece.value):
            pairs = [(p, f"{self.piece.value}{p}") for p in range(1, game.num_players + 1)]
        elif name[4:].isdigit() and 1 <= int(name[4:]) <= game.num_players:
            pairs = [(int(name[4:]), self.piece.value)]
        else:
            raise BindError(f'no container "{name}": hands are "Hand1", "Hand2" ... or "Hand" for each',
                            self.sites.span)
        placed = []
        for p, piece in pairs:
            if piece not in game.component_index:
                raise BindError(f"no piece '{piece}' to place in hand {p}", self.piece.span)
            placed.append((p, game.component_index[piece]))
        number = c.int(self.count) if self.count is not None else const_fn(1)
        if HAND_SITES in game.arrays:
            return self._in_hand_sites(c, placed, number)

        from ..engine.counts import hand_site
        sites_of = {p: hand_site(game, p) for p, _ in placed}

        def in_hands(s: State, e: Env) -> None:
            count = number(s, e)
            for p, what in placed:
                if sites_of[p] >= 0:
                    add_pieces(s, sites_of[p], count, what)
                    ontrack.added(s, what, sites_of[p], count)  # Ludii's ActionAdd: a track may start in a hand
        return in_hands


class Custodial(_Effect):
    """Custodial capture: from a site (the last move's by default), along each direction, a run
    of sites satisfying the between condition, closed by a site satisfying the to condition.
    As Ludii's Custodial, the between range gives only the run's limit, its greatest length
    (``(exact 2)``, ``(max 2)`` and ``(range 2 3)`` all let a single site be enclosed too; a
    condition on the closing site, such as its distance ``(count Steps ...)``, asks for more):
    the walk takes at most that many sites satisfying the between condition, stopping at the
    first that does not, and the site after them closes the run when the to condition holds of
    it, whatever it holds. With a limit above 1 that condition is asked past the board's edge
    too, ``(to)`` being -1 there; with a limit of 1 a run needs a site after it. The between
    effect is applied to every site of each such run, each site followed by the ``then``
    consequences (Ludii makes one move per enclosed site, each with them).

    Left out as in Ludii: the between condition is ``(is Enemy (between))`` and the to condition
    ``(is Friend (to))`` (Ludii's defaults, which read the site's number as a player's), the
    between effect ``(remove (between))``.

    Parameters:
        from: the site the captures start from (the last move's when left out)
        directions: the directions searched (``Adjacent`` when left out)
        between: what the enclosed sites must be, how many of them, and what happens to them
        to: what the site closing the run must hold (a piece of the mover, usually)
        then: consequences applied after each enclosed site's effect

    Examples:
        (custodial (from (last To)) All (between (exact 2) if:(is Next (who at:(between))) (apply (remove (between)))) (to if:(is Mover (who at:(to)))))
        (custodial (from (last To)) Orthogonal (between (max 1) if:(is Enemy (who at:(between)))) (to if:(is Friend (who at:(to)))))
    """

    name = "custodial"
    default_directions = "Adjacent"

    def concepts_at(self, where):
        # a custodial capture when the enclosed pieces are taken off the board; Ludii's defaults
        # bring the concepts of the rules they stand for
        from .concepts import captures
        between = self.between
        out = ["IsEnemy"] if between is None or between.condition is None else []
        if self.to is None or self.to.condition is None:
            out.append("IsFriend")
        if between is None or between.apply is None:
            return (*out, "RemoveEffect", "CustodialCapture")
        return (*out, "CustodialCapture") if captures(where, between.apply) else tuple(out)

    def where_for(self, param, where):
        # Ludii's custodial capture says nothing of its directions
        return None if param.name == "directions" else super().where_for(param, where)
    source: Any = Param(Instance("from"), optional=True, key="from")
    directions: Any = Param(DIRS, optional=True)
    between: Any = Param(Instance("between"), optional=True)
    to: Any = Param(Instance("to"), optional=True)
    then: Any = Param(kind_of(THEN), optional=True)

    def compile_effect(self, c: Compiler):
        frm = self.source
        origin = c.site(frm.sites) if frm is not None and frm.sites is not None else (lambda s, e: s.last_to)
        dirs = c.directions(self.directions, "Adjacent")
        rays_at = c.topo.rays_for(dirs)
        between = self.between
        hi = 1 << 30  # Ludii's limit: the range's maximum (its minimum is never read)
        if between is not None and between.length is not None:
            hi = between.length.bounds(c)[1]
        game = c.game
        if between is not None and between.condition is not None:
            b_cond = c.bool(between.condition)
        else:  # Ludii's (is Enemy (between)): the site's number read as a player's
            b_cond = lambda s, e: e.between != 0 and not _friend_number(game, e.between, s.mover)  # noqa: E731
        same_owner = between is not None and between.sameOwner is not None and between.sameOwner.value
        if between is not None and between.apply is not None:
            b_effect = between.apply.compile_effect(c)
        else:  # Ludii's (remove (between))
            def b_effect(s: State, e: Env) -> None:
                if 0 <= e.between < len(s.what) and s.what[e.between]:
                    s.clear(e.between)
        if self.to is not None and self.to.condition is not None:
            to_cond = c.bool(self.to.condition)
        else:  # Ludii's (is Friend (to)): the site's number read as a player's
            to_cond = lambda s, e: _friend_number(game, e.to, s.mover)  # noqa: E731
        then = self.then.compile_effect(c) if self.then is not None else None
        # Ludii's longSandwich (a limit other than 1) asks the to condition of the site past a
        # run that reaches the board's edge too, as Constants.OFF: (to) is -1 there (Ludii's
        # default, (is Friend (to)), never holds of it)
        off_cond = c.off_board("to", lambda: c.bool(self.to.condition)) \
            if hi != 1 and self.to is not None and self.to.condition is not None else None

        enclosed = _enclosed_runs(rays_at, hi, b_cond, same_owner, to_cond, off_cond)

        def run(s: State, e: Env) -> None:
            start = origin(s, e)
            if start < 0:
                return
            frame = e.child()
            for line in enclosed(s, frame, start):
                for b in line:
                    frame.between = b
                    b_effect(s, frame)
                    if then is not None:
                        then(s, e)
        return run

    def kernel_effect(self, k: Emitter) -> None:
        from ..native import abi
        from ..native.emit import INFINITY, NoKernel
        from ..native.kernels.capture import bounds, rays_table
        from ..native.kernels.placement import _directions
        frm = self.source
        if frm is not None and (frm.condition is not None or frm.level is not None):
            raise NoKernel("(custodial (from ... if:...))")
        between = self.between
        if between is None or between.condition is None or between.apply is None or \
                self.to is None or self.to.condition is None:
            raise NoKernel("(custodial ...) with Ludii's default between or to")
        origin = k.site(frm.sites) if frm is not None and frm.sites is not None else k.var(abi.LAST_TO)
        rays, lengths, counts = rays_table(k, _directions(k, self.directions, "Adjacent"))
        if between.before is not None or between.after is not None:
            raise NoKernel("(custodial (between before:/after:))")
        hi = INFINITY  # Ludii's limit: the range's maximum (its minimum is never read)
        if between.length is not None:
            hi = bounds(k, between.length)[1]
        if hi != 1 and not _never_past_the_edge(k.game, self.to.condition):
            # Ludii's longSandwich asks it of the site past a run reaching the edge (to -1)
            raise NoKernel("(custodial ... (to if:...))", "a to condition asked past the board's edge")
        same = between.sameOwner is not None and between.sameOwner.value
        st = k.st
        start = k.temp("o")
        k.line(f"{start} = {origin}")
        with k.indented(f"if {start} >= 0:"):
            found = k.scratch(2 * 64)  # the captures (ray, length) found before any is made
            nfound = k.temp("nf")
            k.line(f"{nfound} = 0")
            d, j, end, b = k.temp("d"), k.temp("j"), k.temp("e"), k.temp("b")
            with k.indented(f"for {d} in range({counts}[{start}]):"):
                k.line(f"{end} = min({lengths}[{start}, {d}], {max(min(hi, INFINITY), 0)})")
                k.line(f"{j} = 0")
                if between.condition is not None:
                    with k.indented(f"while {j} < {end}:"):
                        k.line(f"{b} = {rays}[{start}, {d}, {j}]")
                        with k.bind(between=b):
                            cond = k.bool(between.condition)
                        k.line(f"if not ({cond}):")
                        k.line("    break")
                        k.line(f"{j} += 1")
                else:
                    k.line(f"{j} = {end}")
                k.line(f"if {j} == 0 or {j} >= {lengths}[{start}, {d}]:")
                k.line("    continue")
                if same:
                    first, same_v, i = k.temp("f"), k.temp("same"), k.temp("i")
                    k.line(f"{first} = {st}[WHO + {rays}[{start}, {d}, 0]]")
                    k.line(f"{same_v} = True")
                    with k.indented(f"for {i} in range(1, {j}):"):
                        k.line(f"if {st}[WHO + {rays}[{start}, {d}, {i}]] != {first}:")
                        k.line(f"    {same_v} = False")
                        k.line("    break")
                    k.line(f"if not {same_v}:")
                    k.line("    continue")
                to = k.temp("to")
                k.line(f"{to} = {rays}[{start}, {d}, {j}]")
                with k.bind(to=to):
                    cond = k.bool(self.to.condition) if self.to.condition is not None else "True"
                with k.indented(f"if {cond}:"):
                    k.line(f"{found}[2 * {nfound}] = {d}")
                    k.line(f"{found}[2 * {nfound} + 1] = {j}")
                    k.line(f"{nfound} += 1")
            c, i = k.temp("c"), k.temp("i")
            with k.indented(f"for {c} in range({nfound}):"):
                k.line(f"{d} = {found}[2 * {c}]")
                with k.indented(f"for {i} in range({found}[2 * {c} + 1]):"):
                    k.line(f"{b} = {rays}[{start}, {d}, {i}]")
                    with k.bind(between=b):
                        k.effect(between.apply)
                    if self.then is not None:  # Ludii: one move per enclosed site, each with the then
                        k.effect(self.then)
                    k.line("pass")


def _never_past_the_edge(game: Any, cond: Any) -> bool:
    """Whether a custodial capture's to condition never holds of the site past the board's edge
    ((to) -1, where no one's piece stands): a test of the player of ``(who at:(to))`` that no
    player's relation to player 0 satisfies (``(is Mover (who at:(to)))``); a kernel skips
    such runs, as the compiled rules then do. An ``(and ...)`` of conditions never holds there
    when one of its parts never does (Ludii's Pente: a count of steps and ``(is Mover ...)``)."""
    from .base import BOOL as BOOL_KIND
    from .conditions import _PlayerTest
    from .functions import To, Who
    from .logic import And
    if isinstance(cond, And) and cond.kind == BOOL_KIND:
        return any(_never_past_the_edge(game, part) for part in cond.items.items)
    if not isinstance(cond, _PlayerTest) or not isinstance(cond.player, Who):
        return False
    who = cond.player
    if who.level is not None or who.type is not None or not isinstance(who.at, To) or \
            any(getattr(who.at, p.name) is not None for p in who.at.params):
        return False
    related = cond.relation(game)
    return not any(related(0, mover) for mover in range(1, game.num_players + 1))


def _friend_number(game: Any, p: int, mover: int) -> bool:
    """Ludii's ``(is Friend p)`` for any number (a site's, in custodial's defaults): the mover or
    a teammate; never a number that is no player's."""
    return 0 < p < len(game.team_of) and game.friends(p, mover)


def _enclosed_runs(rays_at: Any, hi: int, b_cond: Any, same_owner: bool, to_cond: Any,
                   off_cond: Any = None) -> Any:
    """``enclosed(state, frame, start)``: the runs a custodial capture from ``start`` encloses,
    one per direction at most, all found before any is captured (``frame`` is the rule's own:
    (between) and (to) are bound there). Along each ray, up to ``hi`` sites satisfying the
    between condition, at least one, then the site after them, whatever it holds (Ludii's
    longSandwich). With ``off_cond``, a run reaching the board's edge is closed when it holds
    of the site past it, (to) being -1."""
    limit = max(hi, 0)

    def enclosed(s: State, frame: Env, start: int) -> list[tuple[int, ...]]:
        captures = []
        for ray in rays_at[start]:
            size = len(ray)
            end = size if size < limit else limit
            if b_cond is None:
                k = end
            else:  # the sites satisfying the between condition in a row (each bound as (between))
                k = 0
                while k < end:
                    frame.between = ray[k]
                    if not b_cond(s, frame):
                        break
                    k += 1
            edge = k >= size
            if k == 0 or (edge and off_cond is None):
                continue
            line = ray[:k]
            if same_owner and len({s.who[b] for b in line}) != 1:
                continue
            frame.to = -1 if edge else ray[k]
            if edge:
                if off_cond(s, frame):
                    captures.append(line)
            elif to_cond is None or to_cond(s, frame):
                captures.append(line)
        return captures
    return enclosed


SITE_AND_TO = ("site", "to")  # Ludii's forEach Site binds (to) as well as (site)


def _site_guard(effect: Any) -> tuple[Any, Any] | None:
    """The condition and the effect of a site's effect that is made only where a condition
    holds (``(if C E)`` without an else, Ludii's moves ``(apply if:C E)``); None otherwise."""
    name = getattr(effect, "name", "")
    if name == "if" and getattr(effect, "else_branch", None) is None:
        return effect.condition, effect.then_branch
    if name == "apply" and getattr(effect, "condition", None) is not None:
        return effect.condition, effect.effect
    return None


class ForEachSite(_Effect):
    """Apply an effect at every site of a region (``(site)`` and ``(to)`` are the site visited); as moves,
    the moves of every site, together. As Ludii's, a condition of each site's effect (``(if C E)``,
    ``(apply if:C E)``) is tested at every site first, on the position before any acts; so are
    the branches of ``(if C E1 E2)``, and the moves a placement there makes (its piece, its sites).

    Parameters:
        region: the sites visited
        effect: the effect (or moves) at each site, ``(site)`` being the site
        noMoveYet: the moves made (or effect applied) instead when no site gives any
        then: consequences of each site's move, after it

    Examples:
        (forEach Site (sites Occupied by:Next) (remove (site)))
        (forEach Site (sites Occupied by:Mover) (move Step (from (site)) (to if:(is Empty (to)))))
    """

    name = "forEach Site"
    concepts = ("ControlFlowStatement",)

    def where_for(self, param, where):
        # its moves are what they are where the loop stands: a player's choice in the play
        # rules (Ludii's (move ...) are decisions), consequences in a then
        return where
    region: Any = Param(REGION_FN)
    effect: Any = Param(kind_of(MOVES, "apply"))  # Ludii's Apply is moves too: (apply if:C E)
    noMoveYet: Any = Param(MOVES_T, optional=True, named=True)
    then: Any = Param(kind_of(THEN), optional=True)

    def compile(self, c: Compiler) -> MoveGen:
        region = c.sites_in_order(self.region)  # Ludii's Region: each site once, in order
        moves = c.moves(self.effect)
        otherwise = c.moves(self.noMoveYet) if self.noMoveYet is not None else None
        then = c.rule(after=self.then.compile_effect(c)) if self.then is not None else ()
        # as Ludii, whose moves carry their effects worked out where the loop stood: a move's
        # own effects (a slide's (apply (set Var "X" (site))), a do's prior) read the loop's
        # (site) when it is applied, unless an inner loop bound its own
        reads_site = any(isinstance(node, Site) for node in self.effect.walk())

        def gen(s: State, e: Env) -> list:
            frame = e.child()
            out = []
            for site in list(region(s, e)):
                frame.site = frame.to = site  # Ludii's forEach Site binds (to) as well
                made = moves.moves(s, frame)
                if reads_site:
                    made = [m if any(name == "site" for name, _ in m.bound) else m.with_bound("site", site)
                            for m in made]
                out.extend(made)
            if not out and otherwise is not None:
                return list(otherwise.moves(s, e))  # as Ludii: without the then
            if then:
                return [m.with_rules(m.rules + then) for m in out]
            return out
        return FnGen(gen)

    def compile_effect(self, c: Compiler):
        from .logic import _is_planned
        region = c.sites_in_order(self.region)  # Ludii's Region: each site once, in order
        guard = _site_guard(self.effect)
        if getattr(self.effect, "plan_effect", None) is not None or (guard is None and _is_planned(self.effect)):
            # (if C E1 E2) too: as Ludii, every site's moves are generated on the position
            # before any acts (Bide's push reads (who at:(site)) before the pieces move)
            return self._planned(c, region)
        if guard is not None:
            # (forEach Site R (if C E)) or (apply if:C E): as in Ludii, which works out the moves
            # of every site before applying them, the condition is tested at every site first, on
            # the position before any of the effects (removing one piece does not save its neighbour)
            chosen = c.filter(region, c.bool(guard[0]), bind=SITE_AND_TO)
            body = c.effect(guard[1]) if guard[1] is not None else None
        else:
            chosen, body = region, c.effect(self.effect)
        if self.noMoveYet is None and self.then is None:
            return c.each(chosen, body, bind=SITE_AND_TO) if body is not None else None
        return self._with_then(c, chosen, body)

    def _with_then(self, c: Compiler, chosen: Any, body: Any):
        """As Ludii's effect: each site's move applied with the ``then`` after it; the
        ``noMoveYet`` effect (without the ``then``) when no site makes any."""
        then = self.then.compile_effect(c) if self.then is not None else None
        otherwise = c.effect(self.noMoveYet) if self.noMoveYet is not None else None

        def run(s: State, e: Env) -> None:
            sites = tuple(chosen(s, e))
            if not sites:
                if otherwise is not None:
                    otherwise(s, e)
                return
            frame = e.child()
            for site in sites:
                frame.site = frame.to = site
                if body is not None:
                    body(s, frame)
                if then is not None:
                    then(s, e)
        return run

    def _planned(self, c: Compiler, region: Any):
        """An effect that works out part of itself first (``forEach Level``'s levels, a removal's
        sites): as Ludii, worked out at every site on the position before any acts, then acting
        site by site, each with the ``then`` after it; the ``noMoveYet`` effect when no site
        makes any."""
        from .moves_then import run_planned
        return run_planned(self.plan_effect(c, region))

    def plan_effect(self, c: Compiler, region: Any = None):
        """plan(state, env) -> the effect of every site worked out in that position (each
        site's condition, ``if`` branch and moves), None when no site makes any and there is
        no ``noMoveYet``. As Ludii's forEach Site among the parts of an ``(and ...)``, whose
        moves are all made before any applies: a row shifted by removing its pieces and adding
        each one a site further reads every piece before the first removal."""
        from .logic import _plan
        from .moves_then import run_steps
        region = region if region is not None else c.sites_in_order(self.region)
        guard = _site_guard(self.effect)
        cond = c.bool(guard[0]) if guard is not None else None
        body = guard[1] if guard is not None else self.effect
        inner = _plan(c, body) if body is not None else None
        then = self.then.compile_effect(c) if self.then is not None else None
        otherwise = _plan(c, self.noMoveYet) if self.noMoveYet is not None else None

        def plan(s: State, e: Env) -> Any:
            steps = []
            for site in list(region(s, e)):
                frame = e.child()
                frame.site = frame.to = site
                if cond is not None and not cond(s, frame):
                    continue
                effect = inner(s, frame) if inner is not None else None
                if effect is not None:
                    steps.append((effect, frame))
            if not steps:
                return otherwise(s, e) if otherwise is not None else None
            return run_steps(steps, then, each=True)
        return plan

    def kernel_moves(self, k: Emitter) -> Made:
        """The moves of every site of the region, together (two sites may make the same move)."""
        from ..native.emit import Made, NoKernel, in_order
        if self.noMoveYet is not None or self.then is not None:
            raise NoKernel("(forEach Site ... noMoveYet: / then)")
        region = in_order(k, k.region(self.region))  # as the reference: each site once, in order
        x = k.temp("x")
        with region.loop(k, x):
            with k.bind(site=x, to=x):
                made = k.moves(self.effect)
            k.line("pass")
        return Made(False, made.kinds)

    def kernel_effect(self, k: Emitter) -> None:
        from ..native.emit import Buffered, Listed, NoKernel, in_order
        if self.noMoveYet is not None or self.then is not None:
            raise NoKernel("(forEach Site ... noMoveYet: / then)")
        region = in_order(k, k.region(self.region))  # as Ludii's Region: each site once, in order
        if not isinstance(region, Listed):  # the sites worked out before any effect changes them
            region = Buffered(*region.fill(k))
        rule = self.effect
        x = k.temp("x")
        guard = _site_guard(rule)
        from .logic import _is_if_effect
        if guard is None and _is_if_effect(rule):
            raise NoKernel("(forEach Site R (if C E1 E2))", "every site's branch chosen before any acts")
        if guard is not None:
            # (forEach Site R (if C E)): C at every site first, on the position before any E
            chosen, count = k.scratch(k.n), k.temp("c")
            k.line(f"{count} = 0")
            with region.loop(k, x):
                with k.bind(site=x, to=x):
                    k.line(f"if {k.bool(guard[0])}:")
                k.line(f"    {chosen}[{count}] = {x}")
                k.line(f"    {count} += 1")
            region, rule = Buffered(chosen, count), guard[1]
            if rule is None:
                return
        with region.loop(k, x):
            with k.bind(site=x, to=x):
                k.effect(rule)
            k.line("pass")


class ClaimPieces(_Effect):
    """Claim the pieces on a region for a player, to be taken together with every other claim
    of the same move by ``(resolve Claims)``. This is how simultaneous captures by several
    players are settled (Ludii's ``claim`` is another ludeme: it claims a site by putting a
    piece there).

    Parameters:
        sites: the sites whose pieces are claimed
        by: the player who claims them

    Examples:
        (claim Pieces (between) by:Mover)
    """

    name = "claim Pieces"
    concepts = ("RemoveEffect", "ClaimCapture")

    def where_for(self, param, where):
        return where.as_effect().as_capture() if param.name == "sites" else where.as_effect()
    sites: Any = Param(REGION_FN)
    by: Any = Param(PLAYER, named=True)

    def compile_effect(self, c: Compiler):
        region = c.region(self.sites)
        by = c.player(self.by)

        def run(s: State, e: Env) -> None:
            p = by(s, e)
            for site in region(s, e):
                if site >= 0 and s.what[site]:
                    s.claims.setdefault(site, set()).add(p)
        return run

    def kernel_effect(self, k: Emitter) -> None:
        from ..native.kernels.capture import _claims
        claims = _claims(k)
        p = k.temp("p")
        k.line(f"{p} = {k.player(self.by)}")
        region = k.region(self.sites)
        x = k.temp("x")
        with region.loop(k, x):
            with k.indented(f"if {x} >= 0 and {k.what(x)} != 0:"):
                k.line(f"if {claims}[{x}] == 0:")
                k.line(f"    {claims}[N + {claims}[2 * N]] = {x}")
                k.line(f"    {claims}[2 * N] += 1")
                k.line(f"{claims}[{x}] |= 1 << {p}")


class ResolveClaims(_Effect):
    """Take every claimed piece off the board. A piece claimed by one player scores one point
    for that player, unless it is their own or a teammate's; a piece claimed by several players
    is removed and scores for nobody. ``score:False`` removes without scoring.

    Parameters:
        score: False: the claimed pieces go without scoring

    Examples:
        (resolve Claims)
    """

    name = "resolve Claims"

    def concepts_at(self, where):
        if isinstance(self.score, Bool) and not self.score.value:
            return ("RemoveEffect",)
        return ("RemoveEffect", "CaptureScore", "Scoring")
    score: Any = Param(Kind(("boolean",), literals=(Bool,)), optional=True, named=True)

    def compile_effect(self, c: Compiler):
        game = c.game
        scoring = not (isinstance(self.score, Bool) and not self.score.value)

        def run(s: State, e: Env) -> None:
            if not s.claims:
                return
            claims, s.claims = s.claims, {}
            gains: dict[int, int] = {}
            for site, claimants in sorted(claims.items()):
                owner = s.who[site]
                if len(claimants) == 1:
                    (p,) = claimants
                    if scoring and not game.friends(p, owner):
                        gains[p] = gains.get(p, 0) + 1
                s.clear(site)
            for p, n in sorted(gains.items()):
                if s.scores[p] + n > INT_MAX:
                    raise out_of_range(s.scores[p] + n, self, f"the score of P{p}")
                s.set_score(p, s.scores[p] + n)
        return run

    def kernel_effect(self, k: Emitter) -> None:
        from ..native import abi
        from ..native.kernels.capture import _claims
        from ..native.kernels.core import _friends
        claims = _claims(k)
        scoring = not (isinstance(self.score, Bool) and not self.score.value)
        st = k.st
        i, x, m, p, q = k.temp("i"), k.temp("x"), k.temp("m"), k.temp("p"), k.temp("q")
        gains = k.scratch(k.players + 1)
        k.line(f"for {p} in range({k.players + 1}):")
        k.line(f"    {gains}[{p}] = 0")
        with k.indented(f"for {i} in range({claims}[2 * N]):"):
            k.line(f"{x} = {claims}[N + {i}]")
            k.line(f"{m} = {claims}[{x}]")
            k.line(f"{claims}[{x}] = 0")
            if scoring:
                with k.indented(f"if {m} & ({m} - 1) == 0:"):  # one claimant
                    k.line(f"{p} = 0")
                    k.line(f"while (1 << {p}) != {m}:")
                    k.line(f"    {p} += 1")
                    k.line(f"{q} = {st}[WHO + {x}]")
                    k.line(f"if not {_friends(k, p, q)}:")
                    k.line(f"    {gains}[{p}] += 1")
            with k.indented(f"if {k.what(x)} != 0:"):
                k.place(x, "0")
        k.line(f"{claims}[2 * N] = 0")
        if scoring:
            with k.indented(f"for {p} in range(1, {k.players + 1}):"):
                with k.indented(f"if {gains}[{p}] != 0:"):
                    k.line(f"{st}[SCORES + {p}] += {gains}[{p}]")
                    k.line(f"if {st}[SCORES + {p}] > 2147483647:")
                    k.line(f"    {st}[{abi.ERROR}] = {abi.ERR_RANGE}")


class SwapPlayers(_Effect):
    """Two players exchange seats, as Ludii's SwapPlayers (its ActionSwap and an
    ActionSetNextPlayer of the mover): the one who played the first player now plays the
    second and the other way round (:attr:`State.seats`, Ludii's player order), and the
    mover's player moves next, now played by the other seat. Nothing else changes: the pieces,
    scores and results stay with the players (``P1`` is still the first player, the mover
    still the mover); only who plays them does.

    Parameters:
        first: one of the players
        second: the other
        then: consequences, after

    Examples:
        (swap Players P1 P2)
        (swap Players 1 2 (then (note "swapped")))
    """

    name = "swap Players"
    always_a_move = True  # as Ludii's SwapPlayers.eval: its move always (effect_moves)

    def concepts_at(self, where):
        return where.either("SwapPlayersDecision", "SwapPlayersEffect")
    first: Any = Param(PLAYER)
    second: Any = Param(PLAYER)
    then: Any = Param(kind_of(THEN), optional=True)

    def compile_effect(self, c: Compiler):
        from .moves_then import and_then, then_of
        from .turn_moves import swap_players
        a_fn, b_fn = c.player(self.first), c.player(self.second)
        return and_then(lambda s, e: swap_players(a_fn(s, e), b_fn(s, e), s), then_of(c, self.then))

    def kernel_effect(self, k: Emitter) -> None:
        from ..native import abi
        a, b, v = k.temp("a"), k.temp("b"), k.temp("v")
        st = k.st
        k.line(f"{a} = {k.player(self.first)}")
        k.line(f"{b} = {k.player(self.second)}")
        with k.indented(f"if {a} != {b} and 0 < {a} <= {k.players} and 0 < {b} <= {k.players}:"):
            k.line(f"{v} = {st}[SEATS + {a}]")
            k.line(f"{st}[SEATS + {a}] = {st}[SEATS + {b}]")
            k.line(f"{st}[SEATS + {b}] = {v}")
        k.line(f"{st}[{abi.MOVE_AGAIN}] = 1")
        if self.then is not None:
            k.effect(self.then)


class ForEachPlayer(_Effect):
    """For every player in turn order (``Player`` names the one visited): in ``end``, every
    player for whom the rule gives a result gets it together (shared victories); as an effect,
    the effect is applied for each player.

    Parameters:
        if: with a result: the condition tested for each player (Ludii's end ``forEach``)
        rule: the moves, effect or end rule applied for each player, ``Player`` being the player
        then: as an effect: consequences, after the effect of each player (Ludii adds them to
            every move the effect makes)

    Examples:
        (forEach Player (if (>= (score Player) 10) (result Player Win)))
        (forEach Player if:(>= (score Player) 10) (result Player Win))
        (forEach Player (addScore Player 1) (then (moveAgain)))
    """

    name = "forEach Player"
    concepts = ("ControlFlowStatement",)
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    rule: Any = Param(Kind(("moves", "end rule", "result")))
    then: Any = Param(kind_of(THEN), optional=True)

    def validate(self) -> None:
        if self.then is not None and self.rule.kind != MOVES:
            raise BindError("(forEach Player ... (then ...)): consequences follow moves, not an end rule", self.span)
        self.kind = self.rule.kind  # type: ignore[misc]  # an instance's kind: its rule's
        if self.condition is not None or self.kind == "result":
            if self.condition is None or self.kind != "result":
                raise BindError("(forEach Player if:C (result ...)): a condition and a result", self.span)
            self.kind = "end rule"  # type: ignore[misc]  # Ludii's end forEach over every player

    def concepts_at(self, where):
        # with if: it is Ludii's end forEach, which brings no ControlFlowStatement of its own
        return () if self.condition is not None else self.concepts

    def end_rule(self):
        if self.condition is None:
            return None
        return self.condition, [self.rule]

    def compile(self, c: Compiler) -> MoveGen:
        """As moves (Ludii's ForEachPlayer operator): the moves of the rule for each player in
        turn order, ``(player)`` being that player."""
        if self.kind != MOVES:
            return super().compile(c)
        if self.then is not None:  # Ludii adds them to the moves the rule itself holds (none)
            raise BindError("(forEach Player <moves> (then ...)) as moves is not supported: Ludii adds "
                            "those consequences to no move made here", self.then.span)
        moves = c.moves(self.rule)
        n = c.game.num_players

        def gen(s: State, e: Env) -> list:
            frame = e.child()
            out: list = []
            for p in range(1, n + 1):
                frame.player = p
                out.extend(moves.moves(s, frame))
            return out
        return FnGen(gen)

    def compile_effect(self, c: Compiler):
        from .moves_then import run_planned
        return run_planned(self.plan_effect(c))

    def plan_effect(self, c: Compiler):
        """plan(state, env) -> the effect of every player worked out in that position, as
        Ludii's ForEachPlayer.eval lists the moves of every player before any is applied (a
        score set from a variable that an earlier player's part sets reads it as it was); then
        applied in turn order, each followed by the ``then`` (None when no player makes any)."""
        from .logic import _plan
        from .moves_then import plan_frames, then_of
        inner = _plan(c, self.rule)
        then = then_of(c, self.then)
        everyone = tuple(range(1, c.game.num_players + 1))

        def frames(e: Env) -> Any:
            for p in everyone:
                frame = e.child()
                frame.player = p
                yield frame
        return lambda s, e: plan_frames(inner, s, frames(e), then)

    def compile_end(self, c: Compiler):
        if self.condition is not None:  # Ludii's end forEach: each player's result in turn
            from .foreach import ForEachEnd
            return ForEachEnd.each_player_end(c, self.condition, self.rule)
        rule = self.rule.compile_end(c)
        n = c.game.num_players

        def end(s: State, e: Env) -> Any:
            frame = e.child()
            winners: list[int] = []
            losers: list[int] = []
            draw = False
            hit = False
            for p in range(1, n + 1):
                frame.player = p
                outcome = rule(s, frame)
                if outcome is not None:
                    hit = True
                    winners.extend(outcome[0])
                    losers.extend(outcome[1])
                    draw = draw or outcome[2]
            if not hit:
                return None
            return (tuple(winners), tuple(x for x in losers if x not in winners), draw and not winners)
        return end

    def kernel_effect(self, k: Emitter) -> None:
        self.kernel_plan(k)()

    def kernel_plan(self, k: Emitter) -> Any:
        """As the reference: every player's effect worked out now (its ifs' branches, a score's
        amount), before any acts, also before the parts of an ``(and ...)`` ahead of it act;
        returns what applies each in turn order with the ``then`` after it."""
        from ..native.emit import NoKernel
        from ..native.kernels.structure import _planned
        if self.then is not None and not isinstance(self.rule, _ScoreEffect):
            raise NoKernel("(forEach Player <effect> (then ...))", "the consequences of the players that make a move")
        if getattr(self.rule, "plan_effect", None) is not None and getattr(self.rule, "kernel_plan", None) is None:
            raise NoKernel(f"(forEach Player ({self.rule.name} ...))", "every player's moves worked out before any acts")
        emits = []
        for p in range(1, k.players + 1):
            with k.bind(player=str(p)):
                emits.append(_planned(self.rule, k))

        def emit_all() -> None:
            for p, emit in enumerate(emits, 1):
                with k.bind(player=str(p)):
                    emit()
                if self.then is not None:
                    k.effect(self.then)
        return emit_all

    def kernel_end(self, k: Emitter) -> None:
        from ..native.emit import NoKernel, kernel_of
        from ..native.kernels.structure import _end_vars, end_rule
        if self.condition is not None:
            raise NoKernel("(forEach Player if:...)")
        if k.notes.get("end_vars") is None:
            end_rule(self, k)
            return
        p = k.temp("pl")
        with k.indented(f"for {p} in range(1, {k.players + 1}):"):
            with k.bind(player=p):
                kernel_of(self.rule, "end")(self.rule, k)
            k.line("pass")
        k.line(f"{_end_vars(k)[4]} = 0")  # shared results: no one player's rank (the game ends)
