"""Ludii's ``(is Line ...)`` with its whole signature (``game.functions.booleans.is.line.IsLine``):
the general reading, used when a call or a game needs more than the quick test of
:class:`.conditions.IsLine` (which reads owners, the same thing when each player has one kind of
piece).

Ludii looks for a line of one set of *kinds of pieces* (``whats``): by default the kind on the
pivot site, with a role the kinds that player owns, or the kinds ``what:``/``whats:`` name. From
each pivot (``through:``, by default the last move's site, or each site of ``throughAny:``) it
walks each radial of the directions, then each opposite radial, counting the sites that hold one
of those kinds (and where ``if:`` holds with the site as ``(to)``): without ``exact:`` a count
reaching the length is a line; with it, the whole count must equal it. ``contiguous:False``
counts such sites past gaps. ``throughHowMuch:`` asks the line's sites to hold that many
different kinds (the kinds seen are gathered over the pivot's radials, as in Ludii).

A deduction puzzle reads the sites' resolved values (Ludii's ``evalDeductionPuzzle``: an
unresolved site ends a radial). A stacking game reads stacks (Ludii's ``evalStack``): a site counts when any piece of its stack
(``top:True``: its top piece) is of those kinds; ``byLevel:True`` looks for lines in the stack
itself, along a level, and on rising or falling levels (Connect Four's), with Ludii's quirks kept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..engine import stacks
from ..engine.env import Env
from ..engine.groups import HIDDEN_BY_NEXT

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State
    from .conditions import IsLine

Fn = Callable[["State", Env], Any]
Radial = tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]  # a radial's sites and its opposites'



def radials(axes: Sequence[tuple[tuple[int, ...], tuple[int, ...]]]) -> list[Radial]:
    """Ludii's radials of a site in the directions (``distinctInDirection``), each with its
    opposite radials, from the site's axes (a radial and an opposite each; a radial with
    several opposites appears in several axes, one after another)."""
    out: list[Radial] = []
    for fwd, back in axes:
        if out and out[-1][0] == fwd:
            out[-1] = (fwd, out[-1][1] + ((back,) if back else ()))
        else:
            out.append((fwd, (back,) if back else ()))
    return out


def _hidden(s: State, site: int) -> bool:
    """Ludii's isVisible:True of IsLine: our boards have no upward steps, so this is all it can change."""
    return site in HIDDEN_BY_NEXT and site + 1 < len(s.what) and s.what[site + 1] != 0


class _Line:
    """One ``(is Line ...)`` call compiled: its functions, and Ludii's readings of them."""

    def __init__(self, c: Compiler, line: IsLine, length: Fn):
        from .graphs import role_number
        from .logic import value_fn
        game = c.game
        self.table = [radials(axes) for axes in c.topo.axes_for(c.directions(line.directions, "Adjacent"))]
        self.n = c.topo.n
        self.owner_of = game.owner_of
        self.shared = game.num_players + 1  # Ludii's owner of Shared pieces: ours have owner 0
        self.length = length
        self.through = c.site(line.through) if line.through is not None else _last_to
        self.through_any = c.region(line.through_any) if line.through_any is not None else None
        self.whats: list[Fn] | None = None
        if line.whats is not None:
            self.whats = [c.int(x) for x in line.whats.items]
        elif line.what is not None:
            self.whats = [c.int(line.what)]
        self.who: Fn | None = None
        if line.role is not None:
            self.who = role_number(c, line.role)
        elif line.who is not None:
            self.who = value_fn(c, line.who)
        self.exact = _flag(c, line.exact, False)
        self.contiguous = _flag(c, line.contiguous, True)
        self.cond = c.bool(line.if_) if line.if_ is not None else None
        self.by_level = _flag(c, line.by_level, False)
        self.top = _flag(c, line.top, False)
        self.how_much = c.int(line.through_how_much) if line.through_how_much is not None else (lambda s, e: 1)
        self.visible = _flag(c, line.is_visible, False)
        from ..engine.groups import upward_steps
        self.upward = upward_steps(c.topo) if line.is_visible is not None else ()
        self.opposites = _flag(c, line.use_opposites, True)

    def kinds(self, s: State, e: Env, at: int) -> set[int]:
        """Ludii's ``whats``: the kinds of piece the line is made of."""
        if self.whats is not None:
            return {f(s, e) for f in self.whats}
        if self.who is not None:
            p = self.who(s, e)
            p = 0 if p == self.shared else p
            return {k for k in range(1, len(self.owner_of)) if self.owner_of[k] == p}
        return {s.what[at] if 0 <= at < len(s.what) else 0}

    # --- a game without stacks -------------------------------------------------------------
    def flat(self, s: State, e: Env) -> bool:
        frame = e.child()
        if self.through_any is not None:
            pivots = list(self.through_any(s, e))
            if self.whats is not None:
                named = {f(s, e) for f in self.whats}
                pivots = [x for x in pivots if 0 <= x < len(s.what) and s.what[x] in named]
        else:
            pivots = [self.through(s, e)]
        for locn in pivots:
            if locn < 0:
                return False
            frame.to = locn
            if self.cond is not None and not self.cond(s, frame):
                return False
            if locn >= self.n:
                return False
            if self.pivot(s, e, frame, locn):
                return True
        return False

    def pivot(self, s: State, e: Env, frame: Env, locn: int) -> bool:
        """Whether a line runs through the pivot ``locn`` (bound as ``(to)`` in ``frame``)."""
        hide = self.visible(s, frame)
        if hide and _hidden(s, locn):
            return False
        kinds = self.kinds(s, frame, locn)
        if s.what[locn] not in kinds:
            return False
        walk = _Walk(self, s, frame, kinds, [s.what[locn]], hide)
        use_opposites = self.opposites(s, e)
        for fwd, backs in self.table[locn]:
            count, found = walk.run(fwd, 1)
            if found:
                return True
            if backs and use_opposites:
                for back in backs:
                    total, found = walk.run(back, count)
                    if found or walk.line(total):
                        return True
            elif walk.line(count):
                return True
        return False

    # --- a deduction puzzle (Ludii's evalDeductionPuzzle) -------------------------------------
    def puzzle(self, s: State, e: Env) -> bool:
        from .puzzles import PUZZLE, resolved, value_of
        masks = s.arrays[PUZZLE]

        def value(x: int) -> int:
            return value_of(masks[x]) if resolved(masks[x]) else 0
        if self.through_any is not None:
            pivots = list(self.through_any(s, e))
            if self.whats is not None:
                named = {f(s, e) for f in self.whats}
                pivots = [x for x in pivots if 0 <= x < self.n and value(x) in named]
        else:
            pivots = [self.through(s, e)]
        frame = e.child()
        for locn in pivots:
            if locn == -1:
                return False
            frame.to = locn
            if self.cond is not None and not self.cond(s, frame):
                return False
            if not 0 <= locn < self.n or not resolved(masks[locn]):
                return False
            here = value(locn)
            kinds = {f(s, frame) for f in self.whats} if self.whats is not None else {here}
            if here not in kinds:
                return False
            if self.puzzle_pivot(s, frame, locn, kinds, value, resolved, masks):
                return True
        return False

    def puzzle_pivot(self, s: State, frame: Env, locn: int, kinds: set[int], value: Callable[[int], int],
                     resolved: Callable[[int], bool], masks: Sequence[int]) -> bool:
        """Ludii's count along each radial of a puzzle: unresolved sites end a radial, and with
        ``what:``/``whats:`` the site ``(from)`` does not count."""
        size, strict, gaps = self.length(s, frame), self.exact(s, frame), not self.contiguous(s, frame)
        skip = frame.frm if self.whats is not None else None

        def walk(sites: tuple[int, ...], count: int) -> tuple[int, bool]:
            for x in sites:
                if not resolved(masks[x]):
                    break
                frame.to = x
                if value(x) in kinds and x != skip and (self.cond is None or self.cond(s, frame)):
                    count += 1
                    if not strict and count == size:
                        return count, True
                elif not gaps:
                    break
            return count, False
        for fwd, backs in self.table[locn]:
            count, found = walk(fwd, 1)
            if found:
                return True
            for back in backs:
                total, found = walk(back, count)
                if found or total == size:
                    return True
            if not backs and count == size:
                return True
        return False

    # --- a stacking game (Ludii's evalStack) -------------------------------------------------
    def stacked(self, s: State, e: Env) -> bool:
        locn = self.through(s, e)
        if locn < 0:
            return False
        only_top = self.top(s, e)
        kinds = self.kinds(s, e, locn)
        size = self.length(s, e)
        if size == 1:
            return True
        strict = self.exact(s, e)
        if self.by_level(s, e):
            return _Levels(self.table[locn], s, kinds, size, strict).holds(locn)
        if not _found(s, locn, kinds, only_top):
            return False
        frame = e.child()

        def walk(sites: tuple[int, ...], count: int) -> tuple[int, bool]:
            for x in sites:
                frame.to = x
                if not (_found(s, x, kinds, only_top) and (self.cond is None or self.cond(s, frame))):
                    break
                count += 1
                if not strict and count == size:
                    return count, True
            return count, False
        for fwd, backs in self.table[locn]:
            count, found = walk(fwd, 1)
            if found:
                return True
            for back in backs:
                total, found = walk(back, count)
                if found or total == size:
                    return True
            if not backs and count == size:
                return True
        return False


class _Walk:
    """Counting along the radials of one pivot of a game without stacks."""

    def __init__(self, line: _Line, s: State, frame: Env, kinds: set[int], seen: list[int], hide: bool):
        self.s, self.frame, self.kinds, self.seen, self.hide = s, frame, kinds, seen, hide
        self.cond = line.cond
        self.upward = line.upward
        self.size = line.length(s, frame)
        self.strict = line.exact(s, frame)
        self.gaps = not line.contiguous(s, frame)
        self.need = line.how_much(s, frame)

    def line(self, count: int) -> bool:
        """The count is a line: the length, with enough kinds of piece met (Ludii's whoNumber,
        gathered over the pivot's radials)."""
        return count == self.size and self.need <= len(self.seen)

    def run(self, sites: tuple[int, ...], count: int) -> tuple[int, bool]:
        """Count along one radial from ``count``: (the count, whether a line was met on the way).
        With isVisible:True, as Ludii's IsLine: a site is hidden when the occupied sites one step
        up from it and from the last site counted (the pivot's not kept: none for the first
        site of a radial) have two or more in common, the ball covered along their edge."""
        s, frame, what = self.s, self.frame, self.s.what
        last: list[int] = []  # Ludii's locnUpwards: occupied sites above the last site counted
        above: list[int] = []  # its indexUpwards: those above the sites met since
        for x in sites:
            frame.to = x
            visible = True
            if self.hide:
                if _hidden(s, x):
                    break
                above.extend(y for y in self.upward[x] if what[y])
                visible = sum(1 for y in last if y in above) < 2
            if visible and what[x] in self.kinds and (self.cond is None or self.cond(s, frame)):
                last, above = above, []
                count += 1
                if what[x] not in self.seen:
                    self.seen.append(what[x])
                if not self.strict and self.line(count):
                    return count, True
            elif not self.gaps:
                break
        return count, False


class _Levels:
    """Ludii's ``byLevel:True`` reading of a stacking game from the pivot's radials."""

    def __init__(self, radials: list[Radial], s: State, kinds: set[int], size: int, strict: bool):
        self.radials, self.s, self.kinds, self.size, self.strict = radials, s, kinds, size, strict

    def ok(self, site: int, level: int) -> bool:
        return stacks.size(self.s, site) > level and stacks.what_at(self.s, site, level) in self.kinds

    def holds(self, locn: int) -> bool:
        size, strict = self.size, self.strict
        height = stacks.size(self.s, locn)
        if height >= size:  # a line up the stack itself (a piece added on top: Connect Four)
            count = 1
            for i in range(size - 1):
                if stacks.what_at(self.s, locn, height - 2 - i) not in self.kinds:
                    break
                count += 1
                if not strict and count == size:
                    return True
            if count == size:
                return True
        origin = height - 1
        if origin < 0:
            return False
        for fwd, backs in self.radials:
            path = (locn,) + fwd
            if self.level(path, backs, origin):
                return True
            # falling along the radial, rising along its opposites (Ludii then tests the
            # radial's count, not the total, after each opposite)
            if self.slope(path, backs, origin, -1, total_checked=False):
                return True
            if self.slope(path, backs, origin, 1, total_checked=True):  # rising, then falling
                return True
        return False

    def level(self, path: tuple[int, ...], backs: tuple[tuple[int, ...], ...], origin: int) -> bool:
        """A line along the pivot's level."""
        count = 0
        for x in path:
            if not self.ok(x, origin):
                break
            count += 1
            if not self.strict and count == self.size:
                return True
        if not backs:
            return count == self.size
        for back in backs:
            total = count
            for x in back:
                if not self.ok(x, origin):
                    break
                total += 1
                if not self.strict and total == self.size:
                    return True
            if total == self.size:
                return True
        return False

    def slope(self, path: tuple[int, ...], backs: tuple[tuple[int, ...], ...], origin: int, step: int,
              total_checked: bool) -> bool:
        """A line one level further at each site (``step`` -1: falling along the radial)."""
        count, diff = 0, 0
        for x in path:
            level = origin + step * diff
            if level == -1:
                continue  # as Ludii: the level stays -1, every further site is skipped
            if not self.ok(x, level):
                break
            count += 1
            diff += 1
            if not self.strict and count == self.size:
                return True
        if not backs:
            return count == self.size
        diff = 1  # shared by the opposites, as in Ludii
        for back in backs:
            total = count
            for x in back:
                level = origin - step * diff
                if level == -1:
                    continue
                if not self.ok(x, level):
                    break
                total += 1
                diff += 1
                if not self.strict and total == self.size:
                    return True
            if (total if total_checked else count) == self.size:
                return True
        return False


def _last_to(s: State, e: Env) -> int:
    return s.last_to


def _flag(c: Compiler, value: Any, default: bool) -> Fn:
    return c.bool(value) if value is not None else (lambda s, e: default)


def _found(s: State, site: int, kinds: set[int], only_top: bool) -> bool:
    """A piece of those kinds on the site: its top piece, or any piece of its stack."""
    if only_top:
        return s.what[site] in kinds
    return any(entry[0] in kinds for entry in stacks.levels(s, site))


def compile_line(c: Compiler, line: IsLine, length: Fn) -> Fn:
    """fn(s, e) -> Ludii's answer to the ``(is Line ...)`` call ``line``."""
    from .puzzles import PUZZLE
    reader = _Line(c, line, length)
    if c.game.stacking:
        return reader.stacked
    return reader.puzzle if PUZZLE in c.game.arrays else reader.flat


__all__ = ["compile_line", "radials"]
