"""Pieces that move: players' facings, slides along lines, leaps along turtle walks.

Directions relative to a facing (``Forward``, ``FL``, ``Rightwards``...; :mod:`..engine.facing`)
are resolved when a piece's moves are compiled, once per facing: a piece faces the direction of
its declaration, else its owner's ``(player D)``, else North.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import stacks
from ..engine.env import NO_SITE, Env
from ..engine.facing import FACINGS
from ..engine.handsites import what_at
from ..engine.move import ADD, MOVE, Move
from ..engine.movegen import FnGen, MoveGen
from ..engine.values import const_fn, constant
from ..errors import BindError
from ..syntax.nodes import Const
from .base import (
    ANY_INT,
    BOOL,
    BOOL_FN,
    BOOL_LIT,
    DIRS,
    DISTANCE,
    INT,
    INT_FN,
    MOVES,
    ROLE,
    SITE_FN,
    STR_LIT,
    BoundArray,
    Enum,
    Instance,
    Ludeme,
    Param,
    PType,
)
from .concepts import moved_to
from .moves import _THEN, MoveHop, MoveStep, _bound_from, _from_sites, _lines_bound, _step_moves, _then, _to_rule
from .sowing import move_owner
from .stacks import stack_flag, with_levels

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State
    from ..native.emit import Emitter, Made, Region
    from .functions import Bounds


class PlayerLudeme(Ludeme):
    """A player, in ``(players {...})``, with the direction their pieces face (``N``, ``S``...:
    what ``Forward`` means for them).

    Parameters:
        facing: the direction the player's pieces face (``N`` when left out)

    Examples:
        (player N)
    """

    name = "player"
    kind = "player"
    concepts = ("PlayersWithDirections",)
    facing: Any = Param(Enum(FACINGS, "direction"), optional=True)

    def facing_name(self) -> str | None:
        return self.facing.name if self.facing is not None else None


class MoveSlide(Ludeme):
    """Slide a piece along a line in each direction (``Adjacent`` by default): over sites for
    which the between condition holds (empty sites by default), as far as ``(between (range
    ...))`` allows, stopping on any of them. A site where the ``(to if:...)`` condition holds
    (an enemy to capture, say) ends the line, once the least distance is reached: the piece may
    stop there, then the slide goes no further. The to effect (``(apply (remove (to)))``) happens where the piece stops, before it
    arrives. (Ludii's Slide, without stacks.)

    Given a track's name, the piece slides along that track instead (from each place the track
    passes its site), as Ludii's ``slideByTrack``: ``"AllTracks"`` takes every track of the
    board, and then the piece may stop only once it has turned a corner of the track (a site
    the track gives twice in a row: a Surakarta loop), on an empty site or where the ``(to
    if:...)`` condition holds (the to effect applies there only).

    Parameters:
        from: the sites a piece slides from (left out: the piece whose moves these are, ``(from)``)
        track: the name of a track to slide along, or ``"AllTracks"``
        directions: the directions of the slide (``Adjacent`` when left out)
        between: what the sites passed over must be (empty when left out), and how far the slide
            goes
        to: the condition that ends a line on a site (an enemy to capture) and what happens there;
            the apply's ``if:`` says on which of the sites reached the piece may stop (sites given
            to the to are not read, as in Ludii)
        stack: True: the whole stack slides (in a stacking game; the top piece when left out)
        then: consequences applied after the slide

    Examples:
        (move Slide Orthogonal)
        (move Slide (between (max 2)) (to if:(is Enemy (who at:(to))) (apply (remove (to)))))
        (move Slide "AllTracks" (to if:(is Enemy (who at:(to))) (apply (remove (to)))))
    """

    name = "move Slide"
    turns_by_origin = True  # relative directions: by the piece at the origin (Compiler.moves_facing)
    default_directions = "Adjacent"
    kind = MOVES

    def concepts_at(self, where):
        # a slide goes through the sites its between condition allows, in sight along its line
        # (Ludii says where it goes by that condition, not by where it stops)
        between = getattr(self.between, "condition", None)
        through = where.concepts_of(between) if between is not None else set()
        # (Ludii's slide also declares Contains, whatever its rules)
        return {"LineOfSight", "Contains"} | moved_to("Slide", where, None, getattr(self.to, "apply", None),
                                                      rule_concepts=through)

    source: Any = Param(Instance("from"), optional=True, key="from")
    track: Any = Param(STR_LIT, optional=True)
    directions: Any = Param(DIRS, optional=True)
    between: Any = Param(Instance("between"), optional=True)
    to: Any = Param(Instance("to"), optional=True)
    stack: Any = Param(BOOL_LIT, optional=True, named=True)
    then: Any = Param(_THEN, optional=True)

    def declare(self, d: Any, c: Any) -> None:
        if stack_flag(self.stack):
            stacks.declare(d)  # Ludii's stack:True makes a stacking game

    def compile(self, c: Compiler) -> MoveGen:
        if self.track is not None:
            return _slide_by_track(c, self)
        sources = _from_sites(c, self.source)
        dirs = c.directions(self.directions, "Adjacent")
        rays_at = c.topo.rays_for(dirs)
        # Ludii's Slide reads only the to's if: and its apply (the apply's if: and effect):
        # sites given to the to (Neutron's (to (sites Empty) (apply if:...))) say nothing
        _, stop_cond, to_effect = _to_rule(c, self.to)
        bounds, go, between_effect = _between_rule(c, self.between)
        dynamic = bounds if callable(bounds) else None
        lo, hi = bounds if not callable(bounds) else (1, 1 << 30)
        # the apply's if: (Ludii's toRule) only filters; the stop condition is the to's if:
        apply = getattr(self.to, "apply", None)
        stop = c.bool(self.to.condition) if self.to is not None and self.to.condition is not None else None
        extra = c.bool(apply.condition) if apply is not None and apply.condition is not None else None
        if extra is not None and constant(extra) is True:
            extra = None
        line = _SlideLine(lo, hi, stop, go, extra)
        uid = c.game.uid
        # the to's effect where the line stops (a capture: as Ludii, not on the empty sites
        # before it), then the between effect on each site passed
        then = _then(c, self.then)
        before, before_go = c.move_effects(to_effect, between_effect), c.move_effects(None, between_effect)
        trail = getattr(self.between, "trail", None)
        if trail is not None:  # Ludii's between trail: (the piece left on the sites slid over)
            remember, then = _trail_rules(c, trail, then)
            before, before_go = _first(remember, before), _first(remember, before_go)
        rules = c.rule(before, then)
        rules_go = c.rule(before_go, then)
        made: dict[tuple[int, int, bool], Move] = {}

        def move_of(frm: int, ray: tuple[int, ...], k: int, stopped: bool) -> Move:
            key = (frm, ray[k], stopped)
            move = made.get(key)
            if move is None:
                move = made[key] = Move(MOVE, frm, ray[k], game_id=uid, rules=rules if stopped else rules_go,
                                        between=ray[:k])
            return move

        def gen(s: State, e: Env) -> list[Move]:
            out: list[Move] = []
            frame = e.child()
            for frm in sources(s, e):
                if not 0 <= frm < len(rays_at):  # Ludii's slide moves whatever is there, from an empty site too
                    continue
                frame.frm = frm
                along = line if dynamic is None else _SlideLine(*dynamic(s, frame), stop, go, extra)
                for ray in rays_at[frm]:
                    out.extend(move_of(frm, ray, k, stopped) for k, stopped in along.stops(s, frame, ray))
            return out

        reach = _slide_reach(sources, rays_at, line, dynamic, move_of)
        # from the piece's own site, a slide stops on its lines from the least distance to the
        # most (anywhere on them when the distances are known only in play)
        bound = _lines_bound(rays_at, (0, None) if dynamic is not None else (max(lo - 1, 0), hi))
        return with_levels(c, FnGen(gen, reach=reach, bound=bound if sources is _bound_from else None),
                           self.source, self.to, self.stack)

    def kernel_moves(self, k: Emitter) -> Made:
        from .moves import _no_kernel_by_origin
        _no_kernel_by_origin(k, self)
        from ..engine.move import MoveKind
        from ..native.emit import INFINITY, Made, NoKernel
        from ..native.kernels.capture import bounds, rays_table
        from ..native.kernels.moves import _Sourced
        from ..native.kernels.placement import _directions
        from ..syntax.nodes import Bool
        if self.track is not None or (self.stack is not None and self.stack.value):
            raise NoKernel("(move Slide track:/stack:)")
        between = self.between
        if between is not None and (between.before is not None or between.after is not None
                                    or between.sameOwner is not None):
            raise NoKernel("(move Slide (between before:/after:/sameOwner:))")
        if between is not None and between.apply is not None:
            raise NoKernel("(move Slide (between (apply ...)))", "effects on the sites passed over")
        if between is not None and between.trail is not None:
            raise NoKernel("(move Slide (between trail:))", "pieces left on the sites passed over")
        if self.to is not None and self.to.sites is not None:
            raise NoKernel("(move Slide (to <sites>))")
        if self.to is not None and self.to.level is not None:
            raise NoKernel("(to level:...)")
        apply = self.to.apply if self.to is not None else None
        stop = self.to.condition if self.to is not None else None
        extra = apply.condition if apply is not None else None
        if isinstance(extra, Bool) and extra.value:
            extra = None
        to_effect = apply.effect if apply is not None else None
        dirs = _directions(k, self.directions, "Adjacent")
        rays, lengths, counts = rays_table(k, dirs)
        rays_at = k.topo.rays_for(dirs)
        lo, hi = 1, INFINITY
        if between is not None and between.length is not None:
            lo, hi = bounds(k, between.length)
        go = between.condition if between is not None else None
        then = k.then_of(self.then)
        rule = k.rule(self, before=[lambda e: e.effect(to_effect)] if to_effect is not None else [],
                      after=[then] if then else [])
        # the to's effect only where the line stops (as Ludii), not on the empty sites before
        # (its own id: rules are known by their owner, here the slide's (to ...))
        rule_go = k.rule(self.to, after=[then] if then else []) if to_effect is not None else rule
        # no two rays of a site meet: one source makes each move once
        distinct = all(len({x for ray in r for x in ray}) == sum(len(ray) for ray in r) for r in rays_at)
        d, j, to = k.temp("d"), k.temp("j"), k.temp("to")
        with _Sourced(k, self.source) as frm:
            with k.indented(f"for {d} in range({counts}[{frm}]):"):
                with k.indented(f"for {j} in range(min({lengths}[{frm}, {d}], {hi})):"):
                    k.line(f"{to} = {rays}[{frm}, {d}, {j}]")
                    with k.bind(to=to):
                        if stop is not None:  # a site that ends the line, once the least distance is reached
                            with k.indented(f"if {j} + 1 >= {lo} and {k.bool(stop)}:"):
                                with k.indented(f"if {k.bool(extra) if extra is not None else 'True'}:"):
                                    k.move(rule, MoveKind.MOVE, frm=frm, to=to)
                                k.line("break")
                        with k.bind(between=to):
                            if go is None:
                                k.line(f"if {k.what(to)} != 0:")
                            else:
                                k.line(f"if not ({k.bool(go)}):")
                            k.line("    break")
                            with k.indented(f"if {j} + 1 >= {lo}:"):
                                with k.indented(f"if {k.bool(extra) if extra is not None else 'True'}:"):
                                    k.move(rule_go, MoveKind.MOVE, frm=frm, to=to)
        sources_once = self.source is None or self.source.sites is None
        return Made(distinct and sources_once, frozenset({int(MoveKind.MOVE)}))


def _slide_reach(sources: Any, rays_at: Any, line: _SlideLine, dynamic: Any, move_of: Any) -> Any:
    """A slide's moves onto a site (what a threat test asks): only the lines through it, each
    followed up to it (a line goes the same way whatever lies beyond), the same moves as
    listing them all and keeping those onto the site."""
    def reach(s: State, e: Env, site: int) -> list[Move]:
        out: list[Move] = []
        frame = e.child()
        for frm in sources(s, e):
            if not 0 <= frm < len(rays_at):
                continue
            frame.frm = frm
            along = None
            for ray in rays_at[frm]:
                if site not in ray:
                    continue
                if along is None and dynamic is not None:  # the bounds known only in play
                    lo, hi = dynamic(s, frame)
                    along = _SlideLine(lo, hi, line.stop, line.go, line.extra)
                along = along or line
                upto = ray[:len(ray) - ray[::-1].index(site)]  # up to its last visit (a looped board)
                out.extend(move_of(frm, ray, k, stopped) for k, stopped in along.stops(s, frame, upto)
                           if ray[k] == site)
        return out
    return reach


def _between_rule(c: Compiler, between: Any) -> tuple[Bounds, Any, Any]:
    """A slide's ``(between ...)``: ((least, most) distance, the condition of the sites passed
    over, None for empty ones; the effect on them, or None)."""
    if between is None:
        return (1, 1 << 30), None, None
    if between.length is not None:
        from .functions import range_bounds
        bounds: Bounds = range_bounds(c, between.length)  # a function of (state, env) when known only in play
    else:
        bounds = (1, 1 << 30)
    go = c.bool(between.condition) if between.condition is not None else None
    effect = between.apply.compile_effect(c) if between.apply is not None else None
    return bounds, go, effect


def _first(first: Any, effect: Any) -> Any:
    """``first``, then ``effect`` (when there is one)."""
    if effect is None:
        return first

    def run(s: State, e: Env) -> None:
        first(s, e)
        effect(s, e)
    return run


def _trail_rules(c: Compiler, trail: Any, then: Any) -> tuple[Any, Any]:
    """Ludii's ``(between trail:PIECE)`` of a slide, as (an effect run before the move, one
    run after it): PIECE is worked out before the piece moves (Ludii: as the move is made);
    once it has moved, that piece is added on the site left and on each site slid over (on top
    of a stack in a stacking game); then the slide's own consequences."""
    what = c.int(trail)
    stacking = c.game.stacking
    known = [0]  # the piece worked out before this move (moves are applied one at a time)

    def remember(s: State, e: Env) -> None:
        known[0] = what(s, e)

    def run(s: State, e: Env) -> None:
        piece = known[0]
        for site in (e.frm, *e.path):
            if not 0 < piece < len(c.game.components):
                continue
            if stacking:
                stacks.push(s, site, stacks.new_entry(s, piece))
            else:
                s.place(site, piece)
        if then is not None:
            then(s, e)
    return remember, run


def _slide_by_track(c: Compiler, slide: MoveSlide) -> MoveGen:
    """Ludii's ``Slide.slideByTrack``: from each element of the tracks named (every board track
    for ``"AllTracks"``) on the piece's site, along the track: each next site where the piece
    may stop is a move (with ``"AllTracks"``, only once a corner has been passed: the bumps so
    far, the starting element's included); the line ends after a stop on a ``(to if:...)`` site
    (where the to effect applies), or on a site the between condition (empty by default) does
    not allow, or after as many sites as the track has or ``(between (max N))`` allows."""
    name = slide.track.value
    every = name == "AllTracks"
    tracks = [t for t in c.game.tracks if every or t.name == name]
    if not tracks:
        raise BindError(f'no track named "{name}" on this board', slide.track.span)
    sources = _from_sites(c, slide.source)
    bounds, go, _ = _between_rule(c, slide.between)  # Ludii's track slide has no between effect
    dynamic = bounds if callable(bounds) else None
    fixed = bounds if not callable(bounds) else (1, 1 << 30)
    apply = getattr(slide.to, "apply", None)
    stop = c.bool(slide.to.condition) if slide.to is not None and slide.to.condition is not None else None
    to_rule = c.bool(apply.condition) if apply is not None and apply.condition is not None else None
    to_effect = apply.compile_effect(c) if apply is not None else None
    then = _then(c, slide.then)
    rules_stop = c.rule(to_effect, then)
    rules_go = c.rule(None, then)
    uid = c.game.uid

    def gen(s: State, e: Env) -> list[Move]:
        out: list[Move] = []
        frame = e.child()
        what = s.what
        for frm in sources(s, e):
            if frm < 0:  # Ludii's slide moves whatever is there, from an empty site too
                continue
            frame.frm = frm
            lo, hi = fixed if dynamic is None else dynamic(s, frame)
            for track in tracks:
                elems = track.sites
                for start, site in enumerate(elems):
                    if site != frm:
                        continue
                    index, bumps, count = start, track.bump(start), 1
                    while track.next_index[index] >= 0 and count < len(elems) and count <= hi:
                        to = elems[track.next_index[index]]
                        frame.to = to
                        if bumps > 0 or not every:
                            if stop is not None and stop(s, frame):
                                if lo <= count:
                                    out.append(Move(MOVE, frm, to, game_id=uid, rules=rules_stop))
                                    break
                            elif lo <= count and (to_rule is None or to_rule(s, frame)):
                                out.append(Move(MOVE, frm, to, game_id=uid, rules=rules_go))
                        count += 1
                        frame.between = to
                        if not (what[to] == 0 if go is None else go(s, frame)):
                            break
                        index = track.next_index[index]
                        bumps += track.bump(index)
        return out
    return FnGen(gen)


class _SlideLine:
    """How far a slide goes along one line: over sites where ``go`` holds (empty ones when it
    is None), from ``lo`` to ``hi`` sites; a site where ``stop`` holds ends the line once the
    least distance is reached (the piece may stop there, a capture); ``extra`` (the apply's
    ``if:``) only filters where it stops."""

    def __init__(self, lo: int, hi: int, stop: Any, go: Any, extra: Any):
        self.lo, self.hi, self.stop, self.go, self.extra = lo, hi, stop, go, extra

    def stops(self, s: State, frame: Env, ray: tuple[int, ...]) -> list[tuple[int, bool]]:
        """The indices along ``ray`` where the piece may stop ((to) and (between) bound in
        ``frame``, the rule's own), each with True for the site that ended the line (where the
        to's effect applies)."""
        lo, hi, stop, go, extra = self.lo, self.hi, self.stop, self.go, self.extra
        what = s.what
        out = []
        for k, to in enumerate(ray):
            if k >= hi:
                break
            frame.to = to
            if stop is not None and stop(s, frame) and k + 1 >= lo:
                # a stop before the least distance does not end the line (as Ludii)
                if extra is None or extra(s, frame):
                    out.append((k, True))
                break
            frame.between = to
            if go is None:
                if what[to]:
                    break
            elif not go(s, frame):
                break
            if k + 1 >= lo and (extra is None or extra(s, frame)):
                out.append((k, False))
        return out


class Walk(PType):
    """A turtle walk: ``{F F R F}`` (forward, turn right, turn left, ...), or several."""

    label = "{{F|B|L|R ...} ...}"

    def accepts(self, value: Any) -> bool:
        if not isinstance(value, BoundArray):
            return False
        items = value.items
        if items and all(isinstance(i, BoundArray) for i in items):
            return all(self._steps(i) for i in items)
        return self._steps(value)

    @staticmethod
    def _steps(value: Any) -> bool:
        return isinstance(value, BoundArray) and bool(value.items) and all(
            isinstance(i, Const) and i.name in ("F", "B", "L", "R") for i in value.items)


def walks_of(value: BoundArray) -> list[list[str]]:
    items = value.items
    if all(isinstance(i, BoundArray) for i in items):
        return [[step.name for step in walk.items] for walk in items]
    return [[step.name for step in items]]


def walk_targets(topo, walks: list[list[str]], rotations: bool) -> list[tuple[int, ...]]:
    """Per site, the sites where each walk ends, from each starting direction (the board's
    orthogonal directions, or only the first without rotations), as Ludii's turtle walks:
    ``F`` steps on, ``R``/``L`` turn to the next orthogonal direction, ``B`` steps back."""
    ortho = [d for d in topo.expand_directions(["Orthogonal"])]
    from ..engine.boards.trajectories import COMPASS
    ortho.sort(key=COMPASS.index)
    starts = ortho if rotations else ortho[:1]
    out = []
    for site in range(topo.n):
        found: list[int] = []
        for start in starts:
            for walk in walks:
                at, d = site, ortho.index(start)
                for step in walk:
                    if step == "F" or step == "B":
                        direction = ortho[d] if step == "F" else topo.opposite.get(ortho[d], "")
                        at = topo.step[direction][at] if direction in topo.step else -1
                        if at < 0:
                            break
                    elif step == "R":
                        d = (d + 1) % len(ortho)
                    else:
                        d = (d - 1) % len(ortho)
                if at >= 0 and at not in found:
                    found.append(at)
        out.append(tuple(found))
    return out


class MoveLeap(Ludeme):
    """Leap a piece to the sites a turtle walk reaches from it, whatever lies between (a Chess
    knight: ``{{F F R F} {F F L F}}``). Each walk starts in each orthogonal direction of the
    board (``rotations:False``: only the first); ``forward:True`` keeps the landing sites ahead
    of the piece (by rows and columns, as its facing says). The to effect happens where the
    piece lands, before it arrives.

    Parameters:
        from: the sites a piece leaps from (left out: the piece whose moves these are, ``(from)``)
        steps: the turtle walks: ``F`` forward, ``B`` back, ``L`` and ``R`` turns
        forward: True: only landing sites ahead of the piece
        rotations: False: the walks start in the board's first direction only, not in each
        to: the sites it may land on, their condition and what happens there
        then: consequences applied after the leap

    Examples:
        (move Leap {{F F R F} {F F L F}} (to if:(not (is Friend (who at:(to)))) (apply (remove (to)))))
    """

    name = "move Leap"
    kind = MOVES

    def concepts_at(self, where):
        to = self.to
        return moved_to("Leap", where, getattr(to, "condition", None), getattr(to, "apply", None))

    source: Any = Param(Instance("from"), optional=True, key="from")
    steps: Any = Param(Walk())
    forward: Any = Param(BOOL_FN, optional=True, named=True)
    rotations: Any = Param(BOOL_FN, optional=True, named=True)
    to: Any = Param(Instance("to"))
    then: Any = Param(_THEN, optional=True)

    @property
    def needs_facing(self) -> bool:
        """Forward leaps depend on the way the piece faces."""
        return self.forward is not None

    def compile(self, c: Compiler):
        sources = _from_sites(c, self.source)
        rotations = True if self.rotations is None else constant(c.bool(self.rotations))
        forward = False if self.forward is None else constant(c.bool(self.forward))
        if rotations is None or forward is None:
            raise BindError("rotations: and forward: must be known before play",
                            (self.rotations or self.forward).span)
        topo = c.topo
        targets = walk_targets(topo, walks_of(self.steps), rotations)
        if forward:
            facing = c.facing or "N"  # a piece's own moves, or the play rule per player, set it
            targets = [tuple(t for t in ts if _ahead(topo, facing, site, t)) for site, ts in enumerate(targets)]
        _, cond, effect = _to_rule(c, self.to)
        # a leap is a step to each of the sites its walks reach
        return _step_moves(c, sources, targets, cond, _then(c, self.then), effect)

    def kernel_moves(self, k: Emitter) -> Made:
        from ..engine.move import MoveKind
        from ..native.emit import Made, NoKernel
        from ..native.kernels.moves import moves_to_table
        from ..native.kernels.placement import _to_rule
        from ..native.kernels.regions import padded
        from ..syntax.nodes import Bool
        from . import movement
        def known(value: Any, default: bool, word: str) -> bool:
            if value is None:
                return default
            if not isinstance(value, Bool):
                raise NoKernel(f"(move Leap {word}:...)", "known only during play")
            return bool(value.value)
        rotations = known(self.rotations, True, "rotations")
        forward = known(self.forward, False, "forward")
        if self.to.sites is not None:
            raise NoKernel("(move Leap (to <sites>))")
        _, conds, to_effect = _to_rule(k, self.to)
        # a leap is a step to each site its walks reach
        topo = k.topo
        reached = movement.walk_targets(topo, movement.walks_of(self.steps), rotations)
        if forward:  # only ahead of the piece, by the facing of the piece whose moves these are
            facing = k.notes.get("facing")
            if facing is None:
                raise NoKernel("(move Leap forward:True)", "a facing known only in a piece's own moves")
            reached = [tuple(t for t in ts if movement._ahead(topo, facing, site, t)) for site, ts in enumerate(reached)]
        # each row lists a site once (walk_targets): the moves are unique when the sources are
        sources_once = moves_to_table(self, k, padded(k, reached), conds, to_effect)
        return Made(sources_once, frozenset({int(MoveKind.MOVE)}))


def _ahead(topo, facing: str, frm: int, to: int) -> bool:
    """``to`` lies ahead of ``frm`` for a piece facing ``facing`` (by rows and columns, as
    Ludii's forward leaps)."""
    dr = topo.rows[to] - topo.rows[frm]
    dc = topo.columns[to] - topo.columns[frm]
    tests = {"N": dr > 0, "S": dr < 0, "E": dc > 0, "W": dc < 0, "NE": dr > 0 and dc > 0,
             "NW": dr > 0 and dc < 0, "SE": dr < 0 and dc > 0, "SW": dr < 0 and dc < 0}
    return tests.get(facing, False)


class Ahead(Ludeme):
    """The site a number of steps (1 by default) from a site in one direction (``Forward`` by
    default: the way the piece whose moves these are faces); the site itself when the board
    ends before.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        site: the site the steps start from
        steps: how many steps
        directions: the direction of the steps (``Forward`` of the moving piece when left out)

    Examples:
        (ahead (last To) Backward)
        (ahead (from) steps:2 N)
    """

    name = "ahead"
    kind = "int"
    type: Any = Param(Enum(("Vertex", "Cell", "Edge"), "site type"), optional=True)
    site: Any = Param(SITE_FN)
    steps: Any = Param(INT_FN, optional=True, named=True, range=DISTANCE)
    directions: Any = Param(DIRS, optional=True)

    @property
    def needs_facing(self) -> bool:
        """Without a direction, ahead is forward: the way the piece faces."""
        return self.directions is None

    def compile(self, c: Compiler):
        from .measures import check_site_type
        check_site_type(c, self, self.type)
        if isinstance(self.directions, Const) and self.directions.name in ("SameDirection", "OppositeDirection"):
            return self._compile_relative(c, self.directions.name == "SameDirection")
        dirs = c.directions(self.directions) if self.directions is not None else \
            c.direction_names(["Forward"], self)
        if not dirs:  # no such direction here (the board lacks it): the site itself, as Ludii's Ahead
            return c.site(self.site)
        if len(dirs) != 1:
            raise BindError("ahead needs one direction", self.directions.span if self.directions is not None
                            else self.span, hint="e.g. N, or Forward in a piece's moves")
        rays = [c.topo.ray(x, dirs[0]) for x in range(c.topo.n)]
        site = c.site(self.site)
        steps = c.int(self.steps) if self.steps is not None else const_fn(1)

        def ahead(s: State, e: Env) -> int:
            x = site(s, e)
            if x < 0:
                return -1
            k = steps(s, e)
            ray = rays[x]
            return ray[k - 1] if 0 < k <= len(ray) else x
        return ahead

    def _compile_relative(self, c: Compiler, same: bool):
        """Ludii's ahead in the direction from (from) to (to) (``SameDirection``; the last move's
        sites when they are not bound) or back (``OppositeDirection``): the first compass
        direction whose line from one reaches the other; the site itself when none does."""
        topo = c.topo
        order = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")
        keys = [k for k in order if k in topo.step]
        rays = {k: [topo.ray(x, k) for x in range(topo.n)] for k in keys}
        site = c.site(self.site)
        steps = c.int(self.steps) if self.steps is not None else const_fn(1)
        n = topo.n

        def ahead(s: State, e: Env) -> int:
            x = site(s, e)
            if x < 0:
                return -1
            a = e.frm if e.frm >= 0 else s.last_from
            b = e.to if e.to >= 0 else s.last_to
            if not same:
                a, b = b, a
            if not (0 <= a < n):
                return x
            for key in keys:
                if b in rays[key][a]:
                    k, ray = steps(s, e), rays[key][x]
                    return ray[k - 1] if 0 < k <= len(ray) else x
            return x
        return ahead

    def kernel_int(self, k: Emitter) -> str:
        import numpy as np

        from ..native.emit import NoKernel
        from ..native.kernels.placement import _direction_names, _directions
        if isinstance(self.directions, Const) and self.directions.name in ("SameDirection", "OppositeDirection"):
            raise NoKernel("(ahead ... SameDirection)")
        dirs = _directions(k, self.directions, "Adjacent") if self.directions is not None else \
            _direction_names(k, ["Forward"])
        if len(dirs) != 1:
            raise NoKernel("(ahead ...)", "not one direction")
        rays = [k.topo.ray(x, dirs[0]) for x in range(k.n)]
        depth = max((len(r) for r in rays), default=0)
        table = np.full((k.n, max(depth, 1)), -1, dtype=np.int64)
        for site, ray in enumerate(rays):
            table[site, :len(ray)] = ray
        name = k.table(table)
        lengths = k.table(np.array([len(r) for r in rays], dtype=np.int64))
        x, n, out = k.temp("x"), k.temp("n"), k.temp("a")
        k.line(f"{x} = {k.site(self.site)}")
        k.line(f"{out} = -1")
        with k.indented(f"if {x} >= 0:"):
            k.line(f"{n} = {k.int(self.steps) if self.steps is not None else '1'}")
            # the site itself when the board ends before
            k.line(f"{out} = {name}[{x}, {n} - 1] if 0 < {n} <= {lengths}[{x}] else {x}")
        return out


class SitesStart(Ludeme):
    """The sites where pieces of a kind stand at the start of the game (after the start
    rules): ``(sites Start (piece (what at:(from))))`` is where the piece on (from) began.

    Parameters:
        piece: the kind of piece, as ``(piece ...)`` or its number

    Examples:
        (sites Start (piece (what at:(from))))
    """

    name = "sites Start"
    kind = "region"
    piece: Any = Param(Instance("piece"))

    def compile(self, c: Compiler):
        game = c.game
        kind = self.piece.index_of(c)
        table: list[tuple[int, ...]] = []

        def starts(s: State, e: Env) -> tuple[int, ...]:
            if not table:  # the start position, worked out once, in play: the game's start rules
                first = s.game.initial_state()  # are not compiled yet when constants are folded
                per: list[list[int]] = [[] for _ in game.components]
                for site, w in enumerate(first.what):
                    per[w].append(site)
                table.extend(tuple(p) for p in per)
            w = kind(s, e)
            return table[w] if 0 < w < len(table) else ()
        return starts

    def kernel_region(self, k: Emitter) -> Region:
        from ..native.emit import NoKernel
        from ..native.kernels.core import _components_named
        from ..native.kernels.placement import _ByPlayer
        game = k.game
        first, again = game.initial_state(), game.initial_state()
        if list(first.what) != list(again.what):
            raise NoKernel("(sites Start ...)", "a start position drawn at random")
        rows: list[list[int]] = [[] for _ in game.components]
        for site, w in enumerate(first.what):
            if w:
                if site >= k.n:
                    raise NoKernel("(sites Start ...)", "pieces that start in a hand")
                rows[w].append(site)
        piece = self.piece
        w = k.temp("w")
        number = piece.number_read()
        if number is not None:
            k.line(f"{w} = {k.int(number)}")
            k.line(f"if {w} <= 0 or {w} >= {len(rows)}:")  # no such piece: no sites (row 0 is empty)
            k.line(f"    {w} = 0")
        else:
            kinds = _components_named(k, piece.piece_name)
            if len(kinds) != 1:
                raise NoKernel("(sites Start (piece ...))", "a name for several pieces")
            k.line(f"{w} = {kinds[0]}")
        return _ByPlayer([tuple(r) for r in rows], w)


__all__ = ["PlayerLudeme", "MoveSlide", "MoveLeap", "Walk", "MoveFromTo", "Ahead", "SitesStart"]


def _names_hand_site(node: Ludeme) -> bool:
    """Whether a site argument can be a hand's site: it names one (``handSite``, ``sites
    Hand``) other than inside a condition (``(if (= (from) (handSite Mover)) ...)`` asks about
    a hand's site but gives a board's)."""
    if node.name in ("handSite", "sites Hand"):
        return True
    return any(isinstance(child, Ludeme) and child.kind != BOOL and _names_hand_site(child)
               for child in node.children())


def _move_sub_stack(s: State, a: int, b: int, count: int) -> None:
    """The top ``count`` pieces of the stack on ``a`` onto the top of ``b``, in their order, as
    fresh pieces of their kinds (Ludii's ActionStackMove: nothing when the stack is shorter)."""
    from ..engine import stacks
    if count <= 0 or stacks.size(s, a) < count:
        return
    taken = [stacks.pop(s, a) for _ in range(count)]
    for piece in reversed(taken):
        if piece is not None:
            stacks.push(s, b, stacks.new_entry(s, piece[0]))


class MoveFromTo(Ludeme):
    """Move a piece from a site to another (Ludii's ``(move (from ...) (to ...))``): from each
    occupied site of the from region (the piece's own site, ``(from)``, by default) to each site
    of the to region where the to condition holds. The to effect happens before the piece
    arrives. With ``copy:True`` the piece stays and a piece of its kind is placed (the move
    still reads from-to, ``A1-A2``, as Ludii's: from two pieces, two moves place the same piece).
    A piece may come from a site of a hand (``(hand Each size:N)``):
    ``(move (from (sites Hand Mover)) (to (sites Empty)))``.

    With ``count:``, or from or to a hand's site (``(handSite Mover)``), it moves that many
    pieces (one by default; as many as there are when fewer) from a site holding several (a
    pit, a hand): a choice of the two sites, written ``A1-Hand1``.

    Parameters:
        from: the sites a piece moves from
        to: the sites it may go to, their condition and what happens there
        count: how many pieces move (from a site holding several; in a stacking game, that
            many off the top of the stack, in their order, and none when it is shorter)
        copy: True: the piece stays and a piece of its kind is placed on the target
        stack: True: the whole stack moves (in a stacking game; the top piece when left out)
        role: whose move it is (the mover's when left out; in a game of simultaneous moves,
            the player who may choose it)
        then: consequences applied after the move

    Examples:
        (move (from) (to (sites LineOfSight Farthest at:(from))))
        (move (from (handSite Mover)) (to (sites Empty)) count:2)
        (move (from (sites Occupied by:Mover)) (to (sites Empty)))
        (move (from (sites Occupied by:P1)) (to 0) P1)
    """

    name = "move"
    kind = MOVES

    def concepts_at(self, where):
        # Ludii's fromTo: where the piece may go by the to's condition (anywhere without one),
        # a capture by replacement when the to's effect removes or moves a piece
        to = self.to
        out = moved_to("FromTo", where, getattr(to, "condition", None), getattr(to, "apply", None))
        out = {c.replace("DecisionTo", "Decision") for c in out}
        # the to's condition only says where the piece may go: Ludii keeps none of its concepts
        for part in (getattr(to, "sites", None), getattr(to, "apply", None), getattr(to, "level", None)):
            out |= where.concepts_of(part)
        return out

    def where_for(self, param, where):
        return None if param.name == "to" else where

    source: Any = Param(Instance("from"), key="from")
    to: Any = Param(Instance("to"))
    count: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)
    copy: Any = Param(BOOL_LIT, optional=True, named=True)
    stack: Any = Param(BOOL_LIT, optional=True, named=True)
    role: Any = Param(ROLE, optional=True)
    then: Any = Param(_THEN, optional=True)

    def validate(self) -> None:
        if isinstance(self.source.sites, Ludeme) and self.source.sites.kind == "hand":
            raise BindError("moving a piece from a hand is not supported yet", self.source.sites.span)
        if self.count is not None and self.copy is not None and self.copy.value:
            raise BindError("copy:True places one piece: not with count:", self.copy.span)

    def counted(self) -> bool:
        """Whether pieces are moved by number (``count:``, or from or to a hand's site): Ludii's
        move of several pieces from a site holding them (a pit, a hand)."""
        if self.count is not None:
            return True
        return any(isinstance(part, Ludeme) and _names_hand_site(part) for part in (self.source.sites, self.to.sites))

    honours_to_type = True  # (to Edge ...) on a board of cells: a piece onto an edge (.other_sites)

    def _of_stacks(self, arrays: Any) -> bool:
        """Whether the hands' sites hold stacks (beside a deck, or in a stacking game: Ludii's
        containers stack alike): a piece moved from or to one is its top piece, as on the
        board (Ludii's move in a stacking container), unless ``count:`` is given."""
        from ..engine.arrays import HAND_SITES
        from ..engine.decks import DECK
        return self.count is None and (DECK in arrays or stacks.STACK in arrays and HAND_SITES in arrays)

    def declare(self, d: Any, c: Any) -> None:
        from .other_sites import declare_pieces
        for sited in self._other_kinds(c):
            if sited is not None:
                declare_pieces(d, c, sited)
        if self.counted() and not self._of_stacks(d.arrays):
            from .sowing import declare_counts
            declare_counts(d)
        if stack_flag(self.stack):
            stacks.declare(d)  # Ludii's stack:True makes a stacking game
        self.declare_rotations(d)

    def _other_kinds(self, c: Any) -> tuple[str | None, str | None]:
        """The kinds of site the to and the from name when not the board's own (None each
        otherwise). A hand's site has no kind: ``(from Cell (handSite Mover))`` on a board of
        vertices is the hand's site, as Ludii finds a site past the board's in its container."""
        from .other_sites import other_kind

        def kind(part: Any) -> str | None:
            sites = part.sites
            if isinstance(sites, Ludeme) and _names_hand_site(sites):
                return None
            return other_kind(c, part.type)
        return kind(self.to), kind(self.source)

    def _compile_special(self, c: Compiler) -> MoveGen | None:
        """Moves onto another kind of site, or of counted pieces; None for the general case."""
        sited, frm_kind = self._other_kinds(c)
        if sited is not None or frm_kind is not None:
            return self._compile_sited(c, sited, frm_kind)
        copy = self.copy is not None and self.copy.value
        from .large_pieces import has_cover
        large_game = has_cover(c.game) and self.count is None  # a large piece moves from a hand too
        # (a copy places one piece of the kind its from site holds)
        if self.counted() and not copy and not large_game and not self._of_stacks(c.game.arrays):
            return self._compile_counted(c)
        return None

    def compile(self, c: Compiler) -> MoveGen:
        special = self._compile_special(c)
        if special is not None:
            return special
        copy = self.copy is not None and self.copy.value
        sources = _from_sites(c, self.source)
        region, cond, effect = self._to_parts(c)
        rules = c.rule(effect, _then(c, self.then))
        game = c.game
        turned = self._rotations(c)
        from ..engine.counts import kind_at, pieces_at
        move_of = self._move_maker(c, rules)
        whose = move_owner(c, self.role)

        # a piece moving from a hand's site (its (from) there): moved as pieces by number
        from ..engine.sites import hand_layout
        from_hand = self._counted_choice(c) if hand_layout(game)[1] and not copy and not self._of_stacks(game.arrays) \
            else None
        count_of = self._count_of(c)
        from .sowing import seed_kind
        seed = seed_kind(game) if copy else 0
        large = self._large(c, effect) if not copy else None
        from .level_context import level_keeper
        keep_level = level_keeper(self._level_left(c) if turned is None else None)
        # the moves onto one site skip the others' tests, unless each move leaves a level behind
        focused = keep_level is level_keeper(None)

        # the region asked for one site only, where it can answer that (regions.with_site_test)
        at_site = getattr(region, "at_site", None) if focused else None

        def gen(s: State, e: Env, site: int = -1) -> list[Move]:
            """The moves (those onto ``site`` only, when one is given: what a threat test asks)."""
            out = []
            one = at_site is not None and site >= 0
            frame = e.child()
            what = s.what
            n = len(what)
            p = whose(s, e)
            for frm in sources(s, e):
                if large is not None and frm >= 0 and (what[frm] if frm < n else what_at(s, frm)) in large[0]:
                    frame.frm = frm  # Ludii's FromTo.evalLargePiece: no to's test
                    out.extend(large[1](s, frm, list(region(s, frame)), p))
                    continue
                if frm >= n:
                    if from_hand is not None and not what_at(s, frm) and pieces_at(s, frm):  # counted pieces in a hand
                        frame.frm = frm
                        frame.to = e.to  # the to sites and count: are read with the enclosing (to)
                        number = count_of(s, frame)
                        for to in region(s, frame):
                            frame.to = to
                            if to >= 0 and to != frm and (cond is None or cond(s, frame)):
                                out.append(from_hand(frm, to, number))
                        continue
                w = what[frm] if 0 <= frm < n else what_at(s, frm)  # a hand's site of one piece, too
                if copy and frm >= n and not w and pieces_at(s, frm):  # a copy of a hand's counted pieces
                    w = kind_at(s, frm, seed)
                if frm < 0 or not w:
                    continue
                frame.frm = frm
                for to in (at_site(s, frame, site) if one else region(s, frame)):  # type: ignore[misc]
                    if to < 0 or to == frm or (focused and 0 <= site != to):
                        continue
                    frame.to = to
                    if cond is None or cond(s, frame):
                        if turned is None:
                            out.append(move_of(frm, to, w, p))
                            keep_level(s, frame, e)  # the (level) its apply leaves (level_context)
                        else:  # one move per rotation (Ludii's: without the to's effect)
                            plain = move_of(frm, to, w, p)
                            out.extend(plain.with_rules(r) for r in turned)
            return out if site < 0 else [m for m in out if m.to == site]
        return with_levels(c, FnGen(gen, reach=gen), self.source, self.to, self.stack)

    def _level_left(self, c: Compiler) -> Any:
        """The level the to's ``(apply ...)`` leaves in Ludii's context, where its apply's
        ``if:`` holds (see :mod:`.level_context`: Ludii works the effect out as it makes the
        move), or None when it leaves the level as it was."""
        apply = getattr(self.to, "apply", None)
        if apply is None or apply.effect is None:
            return None
        from .level_context import level_left
        left = level_left(c, apply.effect)
        if left is None or apply.condition is None:
            return left
        guard = c.bool(apply.condition)
        return lambda s, e: left(s, e) if guard(s, e) else None

    def _large(self, c: Compiler, effect: Any) -> Any:
        """(the large pieces' walks, ``moves(s, frm, targets, player)``) in a game with large
        pieces (see :mod:`.large_pieces`), else None."""
        from .large_pieces import cover_rules, has_cover, large_moves, large_walks
        walks = large_walks(c) if has_cover(c.game) else {}
        if not walks:
            return None
        then = _then(c, self.then)
        most = 4 * max(len(x) for x in walks.values())
        rules = [c.rule(_chain_effects(before, effect), _chain_effects(after, then))
                 for before, after in cover_rules(c, walks, most, True)]
        topo, uid = c.topo, c.game.uid

        from .large_dominoes import dominoes_of
        dominoes = dominoes_of(c.game)
        n = topo.n

        def moves(s: State, frm: int, targets: list[int], p: int) -> list[Move]:
            w = s.what[frm] if frm < n else what_at(s, frm)
            return large_moves(topo, walks[w], s, frm, targets, rules, uid, p, w in dominoes)
        return walks, moves

    honours_from_type = True  # (from Cell ...) on a board of vertices: a piece off a cell (.other_sites)

    def _compile_sited(self, c: Compiler, kind: str | None, frm_kind: str | None = None) -> MoveGen:
        """A piece from a site of the board's kind (or a hand's) onto an element of another
        kind (Ludii's ``(move (from (handSite Mover)) (to Edge (sites Empty Edge)))``: a wall
        onto an edge): one piece, the top one of a site holding several. Or a piece on an
        element of another kind (``frm_kind``: ``(move (from Cell (last To)) (to Cell ...))``
        on a board of vertices) to an element of the to's kind (None: the board's own)."""
        where = (kind or c.topo.use).lower()
        for name in ("count", "copy", "stack"):
            given = getattr(self, name)
            if given is not None:
                raise BindError(f"move ... {name}: to {where}s is not supported yet", given.span)
        if getattr(self.to, "rotations", None) is not None or self.to.level is not None or c.game.stacking:
            raise BindError(f"move: rotations, levels or stacks onto {where}s are not supported yet",
                            self.to.span)
        sites = self.source.sites
        if frm_kind is not None:
            return self._from_other_kind(c, kind, frm_kind)
        assert kind is not None
        if isinstance(sites, Ludeme) and sites.kind == INT:  # one site, maybe a hand's ((handSite Mover))
            from .sowing import any_site
            one = any_site(c, sites)
            from_cond = c.bool(self.source.condition) if self.source.condition is not None else None
            sources = (lambda s, e: (one(s, e),)) if from_cond is None else \
                c.filter(lambda s, e: (one(s, e),), from_cond, bind="frm")
        else:
            sources = _from_sites(c, self.source)
        region, cond, effect = self._to_parts(c)
        rules = c.rule(effect, _then(c, self.then))
        uid = c.game.uid
        whose = move_owner(c, self.role)
        from ..engine.counts import kind_at, pieces_at
        from ..engine.multisite import SitedMove
        from .sowing import seed_kind
        seed = seed_kind(c.game)  # the kind counted pieces in a hand stand for

        def gen(s: State, e: Env) -> list[Move]:
            out: list[Move] = []
            frame = e.child()
            p = whose(s, e)
            for frm in sources(s, e):
                if frm < 0 or not pieces_at(s, frm):
                    continue
                w = kind_at(s, frm, what_at(s, frm) or seed)
                if not w:
                    continue
                frame.frm = frm
                for to in region(s, frame):
                    frame.to = to
                    if to >= 0 and (cond is None or cond(s, frame)):
                        out.append(SitedMove(MOVE, frm, to, w, game_id=uid, rules=rules, mover=p, on=kind))
            return out
        return FnGen(gen)

    def _from_other_kind(self, c: Compiler, kind: str | None, frm_kind: str) -> MoveGen:
        """Moves of the piece on each element of ``frm_kind`` the from gives (the frame's
        ``(from)`` when it gives none) to each element of the to's region where its condition
        holds (Ludii's FromTo between typed sites: ``(from Cell (last To)) (to Cell ...)``)."""
        sources = _from_sites(c, self.source)
        region, cond, effect = self._to_parts(c)
        rules = c.rule(effect, _then(c, self.then))
        uid = c.game.uid
        whose = move_owner(c, self.role)
        on = kind or ""
        from ..engine.multisite import SitedMove, piece_at

        def gen(s: State, e: Env) -> list[Move]:
            out: list[Move] = []
            frame = e.child()
            p = whose(s, e)
            for frm in sources(s, e):
                w = piece_at(s, frm_kind, frm) if frm >= 0 else 0
                if not w:
                    continue
                frame.frm = frm
                for to in region(s, frame):
                    if to < 0 or (to == frm and on == frm_kind):
                        continue
                    frame.to = to
                    if cond is None or cond(s, frame):
                        out.append(SitedMove(MOVE, frm, to, w, game_id=uid, rules=rules, mover=p, on=on,
                                             frm_on=frm_kind))
            return out
        return FnGen(gen)

    def _rotations(self, c: Compiler) -> list[tuple[int, ...]] | None:
        """With ``(to ... (rotations ...))``: the consequences of the move for each rotation
        (the piece turned to it on its target, then the move's ``then``), None without."""
        rotations = getattr(self.to, "rotations", None)
        if rotations is None:
            return None
        from .rotations import rotation_rules
        return list(rotation_rules(c, rotations.values(c.topo), _then(c, self.then)).values())

    def declare_rotations(self, d: Any) -> None:
        if getattr(self.to, "rotations", None) is not None:
            from .rotations import declare_rotation
            declare_rotation(d)

    def _to_parts(self, c: Compiler) -> tuple[Any, Any, Any]:
        """(the sites to go to, their condition, the to's effect): as Ludii's fromTo, the apply's
        if: only says whether its effect happens (a capture if an enemy is there), not whether
        the piece may go; no sites: the (to) of the rule it stands in (forEach Direction's)."""
        region, cond, effect = _to_rule(c, self.to)
        apply = getattr(self.to, "apply", None)
        if apply is not None and apply.condition is not None:
            from .moves import _to_spec
            region, cond = _to_spec(c, self.to)
            guard, inner = c.bool(apply.condition), apply.compile_effect(c)

            def effect(s: State, e: Env) -> None:
                if inner is not None and guard(s, e):
                    inner(s, e)
        if region is None:
            region = lambda s, e: (e.to,)  # noqa: E731
        return region, cond, effect

    def _move_maker(self, c: Compiler, rules: tuple[int, ...]) -> Any:
        """``move_of(frm, to, what, player)``: the move from ``frm`` to ``to`` (made once, then
        reused); with copy:True the piece stays and one of its kind is placed, a move from-to
        (Ludii's)."""
        uid = c.game.uid
        copy = self.copy is not None and self.copy.value
        made: dict[tuple[int, ...], Move] = {}

        def move_of(frm: int, to: int, w: int, p: int) -> Move:
            if copy:
                move = made.get((frm, to, w, p))
                if move is None:
                    move = made[frm, to, w, p] = Move(ADD, frm, to, what=w, game_id=uid, rules=rules, mover=p)
                return move
            move = made.get((frm, to, p))
            if move is None:
                move = made[frm, to, p] = Move(MOVE, frm, to, game_id=uid, rules=rules, mover=p)
            return move
        return move_of

    def _counted_choice(self, c: Compiler):
        """The move of pieces by number between two sites: ``choice(frm, to, count)`` gives the
        choice of the two sites (``A1-Hand1``), whose consequence moves ``count`` pieces (worked
        out when the move is made: :meth:`_count_of`), after the to's effect: when the site
        holds fewer, it is emptied and the target still gains the count (Ludii's ActionMoveN)."""
        from ..engine import counts, handsites, ontrack, stacks
        from ..engine.move import CHOICE
        from ..engine.sites import site_label
        from .sowing import _note_effect_to, seed_kind
        game = c.game
        _, _, effect = self._to_parts(c)  # the apply's if: says whether its effect happens
        seed = seed_kind(game)
        take, add = counts.take_pieces, counts.add_pieces
        # in a stacking game the pieces go onto the target's stack, one level each, stack:True or
        # not (Ludii's stacking board keeps one piece a level: it never counts pieces on a level)
        stacked = game.stacking
        board = game.topology.n

        def transfer(s: State, e: Env) -> None:
            if effect is not None:
                effect(s, e)  # what happens at the target, before the pieces come
            a, b = e.frm, e.to
            if stacked and 0 <= a < board and 0 <= b < board:  # Ludii's ActionStackMove
                _move_sub_stack(s, a, b, e.carried)
                return
            what = counts.kind_at(s, a, seed)
            local = handsites.carried(s, a)  # the piece's state, value, rotation (Ludii's ActionMove)
            wanted = e.carried
            moved = take(s, a, wanted)
            if moved and wanted > moved and not stacked:
                moved = wanted  # Ludii's ActionMoveN: the target gains the count asked for
            if moved:
                if stacked and (0 <= b < board or b < len(s.arrays.get(stacks.STACK, ()))):  # a hand's too
                    for _ in range(moved):  # each as Ludii's ActionMoveTopPiece: see stacks.REST
                        stacks.push(s, b, stacks.new_entry(s, what), revive=True)
                else:
                    add(s, b, moved, what)
                    handsites.give(s, b, local)
                _note_effect_to(s, b, a)
                if s.game.on_track is not None:  # Ludii's ActionMoveN keeps the tracks' counts
                    ontrack.moved(s, what, a, b, moved)
        rules = c.rule(transfer, _then(c, self.then))
        uid = game.uid
        made: dict[tuple[int, int, int], Move] = {}

        def choice(frm: int, to: int, count: int) -> Move:
            move = made.get((frm, to, count))
            if move is None:
                word = f"{site_label(game, frm)}-{site_label(game, to)}"
                move = made[frm, to, count] = Move(CHOICE, frm, to, word=word, game_id=uid, rules=rules,
                                                   bound=(("carried", count),))
            return move
        return choice

    def _count_of(self, c: Compiler):
        """count(state, frame) -> how many pieces a counted move from ``frame.frm`` carries (one
        when ``count:`` is left out). As Ludii's FromTo, it is worked out when the move is made,
        with ``(from)`` the site the pieces leave and ``(to)`` still the enclosing rule's (the
        site a sowing captures at, in ``(move (from (to)) (to (handSite Mover)) count:(count
        at:(to)))``), not the site the pieces go to."""
        return c.int(self.count) if self.count is not None else const_fn(1)

    def _compile_counted(self, c: Compiler) -> MoveGen:
        """Moves of ``count:`` pieces from a site holding some (a board's or a hand's) to
        another (see :meth:`_counted_choice`)."""
        from ..engine import counts
        from .sowing import any_site
        sites = self.source.sites
        if sites is None:
            sources = lambda s, e: (e.frm,)  # noqa: E731  (the piece whose moves these are)
        elif isinstance(sites, Ludeme) and sites.kind == INT:
            one = any_site(c, sites)
            sources = lambda s, e: (one(s, e),)  # noqa: E731
        else:
            sources = c.region(sites)
        from_cond = c.bool(self.source.condition) if self.source.condition is not None else None
        target = self.to.sites
        if isinstance(target, Ludeme) and target.kind == INT:
            one_to = any_site(c, target)
            region = lambda s, e: (one_to(s, e),)  # noqa: E731
        else:
            region = c.region(target)
        _, cond, _ = self._to_parts(c)  # (an apply's if: does not stop the move: Ludii's FromTo)
        choice = self._counted_choice(c)
        count_of = self._count_of(c)
        pieces_at = counts.pieces_at

        def gen(s: State, e: Env) -> list[Move]:
            out = []
            frame = e.child()
            for frm in sources(s, e):
                if frm < 0 or not pieces_at(s, frm):
                    continue
                frame.frm = frm
                frame.to = e.to  # the to sites and count: are read with the enclosing (to)
                if from_cond is not None and not from_cond(s, frame):
                    continue
                number = count_of(s, frame)
                for to in region(s, frame):
                    if to < 0 or to == frm:
                        continue
                    frame.to = to
                    if cond is None or cond(s, frame):
                        out.append(choice(frm, to, number))
            if out and e.site != NO_SITE:
                # a loop's (site) (Isolo's (forEach Site R (move (from (site)) (to X) ...))) stays
                # bound for the move's effects when it is applied
                out = [m.with_bound("site", e.site) for m in out]
            return out
        return FnGen(gen)

    def kernel_moves(self, k: Emitter) -> Made:
        from ..engine.move import MoveKind
        from ..native.emit import Made, NoKernel
        from ..native.kernels.moves import _sources
        from ..native.kernels.placement import _conjunction, _to_rule
        if self.to.type is not None and self.to.type.name != k.topo.use:
            raise NoKernel(f"(move ... (to {self.to.type.name} ...))", "pieces on another kind of site than the board's")
        if self.source.type is not None and self.source.type.name != k.topo.use:
            raise NoKernel(f"(move (from {self.source.type.name} ...) ...)",
                           "pieces on another kind of site than the board's")
        if self.counted():
            raise NoKernel("(move ... count:)", "pieces moved by number, or from or to a hand")
        if getattr(self.to, "rotations", None) is not None:
            raise NoKernel("(move ... (to ... (rotations ...)))", "a move per rotation of the piece")
        if self.stack is not None and self.stack.value:
            raise NoKernel("(move stack:True)")
        if self.role is not None and self.role.name != "Mover":
            raise NoKernel("(move ... <role>)", "a move given to a named player")
        copy = self.copy is not None and self.copy.value
        if copy and k.layout.piece_arrays:
            raise NoKernel("(move ... copy:True)", "the copy takes the piece's state, value or rotation")
        if self.to.sites is None:
            raise NoKernel("(move (from) (to ...))", "the (to) of an enclosing rule")
        if getattr(self.to, "apply", None) is not None and self.to.apply.condition is not None:
            raise NoKernel("(move ... (to (apply if:...)))", "an effect under a condition")
        region_of_sources, source_cond = _sources(k, self.source)
        sites, conds, to_effect = _to_rule(k, self.to)
        then = k.then_of(self.then)
        rule = k.rule(self, before=[lambda e: e.effect(to_effect)] if to_effect is not None else [],
                      after=[then] if then else [])
        frm, to = k.temp("f"), k.temp("to")
        # any piece moves (the mover's or not), as the reference's: sources that hold one
        with region_of_sources.loop(k, frm):
            if frm in k.hand_vars:
                raise NoKernel("(move (from ...))", "a move from a site of a hand")
            k.line(f"if {frm} < 0:")
            k.line("    continue")
            with k.bind(frm=frm):
                if source_cond is not None:
                    k.line(f"if not ({k.bool(source_cond)}):")
                    k.line("    continue")
                k.line(f"if {k.what(frm)} == 0:")
                k.line("    continue")
                with k.region(sites).loop(k, to):
                    if to in k.hand_vars:
                        raise NoKernel("(move (to ...))", "a move to a site of a hand")
                    k.line(f"if {to} < 0 or {to} == {frm}:")
                    k.line("    continue")
                    with k.bind(to=to):
                        cond = _conjunction(k, conds)
                    with k.indented(f"if {cond}:"):
                        if copy:  # the piece stays, and one of its kind is placed: from-to
                            k.move(rule, MoveKind.ADD, frm=frm, to=to, what=k.what(frm))
                        else:
                            k.move(rule, MoveKind.MOVE, frm=frm, to=to)
                k.line("pass")
        return Made(False, frozenset({int(MoveKind.ADD if copy else MoveKind.MOVE)}))


class HopEffect(MoveHop):
    """``(hop ...)``: the same as ``move Hop`` (Ludii's effect form).

    Examples:
        (hop (between if:(is Enemy (who at:(between)))) (to if:(is Empty (to))))
    """

    name = "hop"


class SlideEffect(MoveSlide):
    """``(slide ...)``: the same as ``move Slide`` (Ludii's effect form).

    Examples:
        (slide Orthogonal)
    """

    name = "slide"


class StepEffect(MoveStep):
    """``(step ...)``: the same as ``move Step`` (Ludii's effect form).

    Examples:
        (step Orthogonal (to if:(is Empty (to))))
    """

    name = "step"


class LeapEffect(MoveLeap):
    """``(leap ...)``: the same as ``move Leap`` (Ludii's effect form).

    Examples:
        (leap {{F F R F} {F F L F}} (to if:(is Empty (to))))
    """

    name = "leap"




class PlayerIndex(Ludeme):
    """A player by number (Ludii's ``(player 1)``, where a rule takes a player as well as a
    role): the number itself.

    Parameters:
        index: the player's number

    Examples:
        (player 1)
        (player (mover))
    """

    name = "player"
    overload = True
    kind = INT
    index: Any = Param(INT_FN, range=(0, 17))

    def compile(self, c: Compiler):
        return c.int(self.index)

    def kernel_int(self, k: Emitter) -> str:
        return k.int(self.index)


def _chain_effects(first: Any, second: Any) -> Any:
    """Two effects one after the other (either may be None)."""
    if first is None or second is None:
        return first if second is None else second

    def both(s: State, e: Env) -> None:
        first(s, e)
        second(s, e)
    return both
