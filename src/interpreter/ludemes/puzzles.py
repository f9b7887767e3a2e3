"""Ludii's deduction puzzles (Magic Square, Sudoku...): every site of the board is a variable
whose value lies in a range (``(board (square 3) (values Cell (range 1 9)))``); the player
sets variables (``satisfy``'s moves) so that constraints hold (``all Different``, ``is Sum``,
``is Count``), and the puzzle is solved when every variable is set and every constraint holds
(``is Solved``).

As in Ludii, each site keeps the set of values still possible for it (a bit per value, in the
state array ``puzzle``): a site is *resolved* when one value is left. A move either sets a
site to a value (``A1=5``: only that value left; offered when the constraints still hold
after it) or toggles one value of a site (``A1^5``). The constraints read resolved sites only.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ..engine.arrays import PUZZLE, resolved, value_of  # per site: the bit mask of the values still possible
from ..engine.env import Env
from ..engine.move import CHOICE, Move
from ..engine.movegen import FnGen
from ..errors import BindError
from .base import (
    ANY_INT,
    BOOL,
    BOOL_FN,
    INT_FN,
    MOVES,
    RANGE,
    STR_LIT,
    ArrayOf,
    BoundArray,
    Enum,
    Kind,
    Ludeme,
    Param,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State

DOMAIN = "puzzle_domain"  # [least value, greatest value]
AREAS = "puzzle_regions"  # the constraint regions of the game's (regions ...), each a tuple of sites
_SITE_TYPE = Enum(("Vertex", "Cell", "Edge"), "site type")
_REGION = Kind(("region",), "region")  # a region ludeme: a number here is the result, not a site


class ValuesSites(Ludeme):
    """The values each site of a kind may take, in a deduction puzzle (Ludii's util ``values``,
    ``(values Cell (range 1 9))`` in the board): the puzzle's variables are the board's sites
    of that kind.

    Parameters:
        type: the kind of site whose values these are (the board's own kind: the puzzle's
            variables are its sites)
        range: the values a site may take

    Examples:
        (values Cell (range 1 9))
    """

    name = "values"
    kind = "values"
    type: Any = Param(_SITE_TYPE)
    range: Any = Param(Kind((RANGE,), "range"))

    def declare(self, d: Declarations, c: Any) -> None:
        from .board_sites import check_type
        check_type(self, c)
        lo, hi = self.range.bounds(c)
        if hi > 60:
            raise BindError(f"a puzzle's values go up to 60, not {hi}", self.range.span)
        mask = sum(1 << v for v in range(lo, hi + 1))
        d.array(PUZZLE, [mask] * d.num_sites)
        d.array(DOMAIN, [lo, hi])


def static_region_lists(kind: str, topo: Any) -> list[tuple[int, ...]]:
    """The site lists of one of Ludii's static region types on this board: each row, each
    column, each sub-grid (a Sudoku's 3 x 3 blocks), the two long diagonals, or all the sites
    (the types without a meaning here give none)."""
    n = topo.n
    if kind == "AllSites":
        return [tuple(range(n))]
    if kind in ("Rows", "Columns"):
        index = topo.rows if kind == "Rows" else topo.columns
        out: dict[int, list[int]] = {}
        for site in range(n):
            out.setdefault(index[site], []).append(site)
        return [tuple(sites) for _, sites in sorted(out.items())]
    if kind == "SubGrids":  # Ludii's: k x k blocks of k x k sites, k the 4th root of the sites' number
        k = int(math.sqrt(math.sqrt(n)))
        rows, cols = topo.rows, topo.columns
        return [tuple(x for x in range(n) if r * k <= rows[x] < (r + 1) * k and q * k <= cols[x] < (q + 1) * k)
                for r in range(k) for q in range(k)]
    if kind == "Diagonals":
        rows, cols = topo.rows, topo.columns
        size = len(set(rows))
        first = tuple(x for x in range(n) if rows[x] == cols[x])
        second = tuple(x for x in range(n) if rows[x] + cols[x] == size - 1)
        return [d for d in (first, second) if d]
    return []


def declare_regions(d: Declarations, lists: list[tuple[int, ...]]) -> None:
    """Add constraint regions to the game's list (read by all Different, is Sum...)."""
    d.array(AREAS, [])
    for sites in lists:
        if sites not in d.arrays[AREAS]:
            d.arrays[AREAS].append(sites)


def _areas(c: Compiler, region: Any) -> list:
    """The site lists a constraint reads: the region given (as one list, read in play), or the
    game's constraint regions."""
    if region is not None:
        fn = c.region(region)
        return [fn]
    fixed = [tuple(sites) for sites in c.game.arrays.get(AREAS, ())]
    return [(lambda s, e, sites=sites: sites) for sites in fixed]


def _puzzle(c: Compiler, where: Ludeme) -> None:
    if PUZZLE not in c.game.arrays:
        raise BindError(f"({where.name} ...) is for deduction puzzles: the board needs (values Cell (range ...))",
                        where.span)


class AllDifferent(Ludeme):
    """Constraint of a deduction puzzle: the resolved sites of each region (the region given,
    else each of the game's regions) have different values; a resolved 0 fails, unless it is
    an exception (``except:``, ``excepts:``, values that may repeat).

    With ``if:`` (Ludii's other ``all Different``, for any game): each site of the region, in
    turn ``(site)``, meets the condition, and no two of them hold the same kind of piece (two
    empty sites are alike too).

    Parameters:
        type: the kind of site (the board's own kind when left out)
        region: the region checked (each of the game's regions when left out)
        except: a value that may repeat
        excepts: values that may repeat
        if_: the condition on each site (the form for any game: the region is then required)

    Examples:
        (all Different)
        (all Different (sites Board))
        (all Different (sites Occupied by:Mover) if:(is Occupied (site)))
    """

    name = "all Different"
    kind = BOOL
    concepts = ("DeductionPuzzle",)
    type: Any = Param(_SITE_TYPE, optional=True)
    region: Any = Param(_REGION, optional=True)
    exception: Any = Param(INT_FN, optional=True, named=True, key="except", range=ANY_INT)
    exceptions: Any = Param(ArrayOf(INT_FN), optional=True, named=True, key="excepts", range=ANY_INT)
    if_: Any = Param(BOOL_FN, optional=True, named=True, key="if")

    def validate(self) -> None:
        if self.if_ is not None and (self.region is None or self.type is not None or self.exception is not None
                                     or self.exceptions is not None):
            raise BindError("all Different with if: takes a region and the condition only", self.if_.span,
                            hint="(all Different <region> if:<condition>)")

    def concepts_at(self, where):
        return () if self.if_ is not None else self.concepts  # Ludii's form with if: is no puzzle's

    def compile(self, c: Compiler):
        if self.if_ is not None:
            return _all_sites_different(c, self.region, self.if_)
        _puzzle(c, self)
        areas = _areas(c, self.region)
        items = [self.exception] if self.exception is not None else \
            (list(self.exceptions.items) if isinstance(self.exceptions, BoundArray) else
             [self.exceptions] if self.exceptions is not None else [])
        excepts = [c.int(x) for x in items]

        def area_ok(s: State, e: Env, sites: Any) -> bool:
            masks = s.arrays[PUZZLE]
            free = {f(s, e) for f in excepts}
            seen: set[int] = set()
            n = len(masks)
            for site in sites:
                mask = masks[site] if 0 <= site < n else 0
                if not mask or mask & (mask - 1):  # not resolved (see resolved, value_of)
                    continue
                v = mask.bit_length() - 1
                if v in free:
                    continue
                if v == 0 or v in seen:
                    return False
                seen.add(v)
            return True

        if self.region is None:  # the game's regions: a move on a site changes only its own
            return _ByRegions([tuple(a) for a in c.game.arrays.get(AREAS, ())], area_ok)

        def different(s: State, e: Env) -> bool:
            return all(area_ok(s, e, area(s, e)) for area in areas)
        return different


class _ByRegions:
    """A constraint holding when it holds on each of the game's regions: setting one site can
    only change the regions of that site (read by ``satisfy``'s moves)."""

    def __init__(self, regions: list[tuple[int, ...]], area_ok: Any):
        self.regions = regions
        self.area_ok = area_ok
        self.of_site: dict[int, frozenset[int]] = {}
        for i, sites in enumerate(regions):
            for x in sites:
                self.of_site[x] = self.of_site.get(x, frozenset()) | {i}

    def __call__(self, s: State, e: Env) -> bool:
        return all(self.area_ok(s, e, sites) for sites in self.regions)

    def failing(self, s: State, e: Env) -> set[int]:
        """The regions where it fails now."""
        return {i for i, sites in enumerate(self.regions) if not self.area_ok(s, e, sites)}

    def holds_after(self, s: State, e: Env, site: int, failing: set[int]) -> bool:
        """Whether it holds once ``site`` is changed, ``failing`` the regions failing before."""
        mine = self.of_site.get(site, frozenset())
        return failing <= mine and all(self.area_ok(s, e, self.regions[i]) for i in mine)


def _all_sites_different(c: Compiler, region: Any, cond: Any):
    """Ludii's ``AllDifferent`` of ``booleans.all.sites``: every site meets the condition (as
    ``(site)``) and holds another kind of piece than the sites before it."""
    sites, test = c.region(region), c.bool(cond)

    def different(s: State, e: Env) -> bool:
        frame = e.child()
        seen: set[int] = set()
        what = s.what
        for site in sites(s, e):
            frame.site = site
            if not test(s, frame):
                return False
            kind = what[site] if 0 <= site < len(what) else 0
            if kind in seen:
                return False
            seen.add(kind)
        return True
    return different


class _RegionResult(Ludeme):
    """A constraint on a result computed over each region (see ``is Sum`` and ``is Count``).

    Parameters:
        type: the kind of site (the board's own kind when left out)
        region: the region checked (each of the game's regions when left out)
        of: the value counted (``is Count``)
        nameRegion: only the game's regions whose name contains this
        result: the result each region must have
    """

    kind = BOOL
    concepts = ("DeductionPuzzle",)
    type: Any = Param(_SITE_TYPE, optional=True)
    region: Any = Param(_REGION, optional=True)
    of: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)
    nameRegion: Any = Param(STR_LIT, optional=True)
    result: Any = Param(INT_FN, range=ANY_INT)

    def measure(self, values: list[int], of: int) -> int:
        raise NotImplementedError

    def compile(self, c: Compiler):
        _puzzle(c, self)
        areas = _areas(c, self.region)
        result = c.int(self.result)
        of = c.int(self.of) if self.of is not None else (lambda s, e: 1)

        def holds(s: State, e: Env) -> bool:
            masks = s.arrays[PUZZLE]
            want, counted = result(s, e), of(s, e)
            for area in areas:
                values, complete = [], True
                for site in area(s, e):
                    mask = masks[site] if 0 <= site < len(masks) else 0
                    if resolved(mask):
                        values.append(value_of(mask))
                    else:
                        complete = False
                got = self.measure(values, counted)
                if (complete and got != want) or got > want:
                    return False
            return True
        return holds


class IsSum(_RegionResult):
    """Constraint of a deduction puzzle: the values of each region's resolved sites add up to
    at most the result, and to exactly it once all are resolved.

    Examples:
        (is Sum 15)
        (is Sum (sites Row 0) 15)
    """

    name = "is Sum"

    def measure(self, values: list[int], of: int) -> int:
        return sum(values)


class IsCount(_RegionResult):
    """Constraint of a deduction puzzle: the resolved sites of each region having the value
    ``of:`` (1 by default) are at most the result, and exactly it once all are resolved.

    Examples:
        (is Count (sites Row 0) of:1 2)
    """

    name = "is Count"

    def measure(self, values: list[int], of: int) -> int:
        return values.count(of)


class Satisfy(Ludeme):
    """The moves of a deduction puzzle: for each variable site (a site of a constraint
    region), for each value of its range, setting the site to it (``A1=5``) when every
    constraint still holds after, and toggling that value of the site (``A1^5``) unless it is
    the site's only value left.

    Parameters:
        constraints: the constraints of the puzzle

    Examples:
        (satisfy (all Different))
        (satisfy {(all Different (sites Board)) (is Sum 15)})
    """

    name = "satisfy"
    kind = MOVES
    concepts = ("DeductionPuzzle", "CopyContext")
    constraints: Any = Param(ArrayOf(BOOL_FN))

    def declare(self, d: Declarations, c: Any) -> None:
        if DOMAIN not in d.arrays:
            return
        lo, hi = d.arrays[DOMAIN]
        labels = c.topo.labels
        for site in range(d.num_sites):
            for v in range(lo, hi + 1):
                d.word(f"{labels[site]}={v}")
                d.word(f"{labels[site]}^{v}")

    def constraint_fns(self, c: Compiler) -> list:
        items = self.constraints.items if isinstance(self.constraints, BoundArray) else [self.constraints]
        return [c.bool(item) for item in items]

    def compile(self, c: Compiler):
        _puzzle(c, self)
        game = c.game
        lo, hi = game.arrays[DOMAIN]
        checks = self.constraint_fns(c)
        variables = sorted({x for sites in game.arrays.get(AREAS, ()) for x in sites}) or list(range(c.topo.n))
        labels = c.topo.labels

        def set_value(s: State, e: Env) -> None:
            s.set_item(s.arrays[PUZZLE], e.to, 1 << e.value)

        def toggle(s: State, e: Env) -> None:
            masks = s.arrays[PUZZLE]
            s.set_item(masks, e.to, masks[e.to] ^ (1 << e.value))
        setting, toggling = c.rule(before=set_value), c.rule(before=toggle)
        moves = {(x, v, kind): Move(CHOICE, frm=x, to=x, word=f"{labels[x]}{'=' if kind else '^'}{v}",
                                    game_id=game.uid, rules=setting if kind else toggling, bound=(("value", v),))
                 for x in variables for v in range(lo, hi + 1) for kind in (True, False)}

        by_regions = [check for check in checks if isinstance(check, _ByRegions)]
        others = [check for check in checks if not isinstance(check, _ByRegions)]

        def gen(s: State, e: Env) -> list[Move]:
            masks = s.arrays[PUZZLE]
            failing = [(check, check.failing(s, e)) for check in by_regions]
            judges = [_judge(check, s, e) for check in others]
            out = []
            for x in variables:
                for v in range(lo, hi + 1):
                    old = masks[x]
                    masks[x] = 1 << v  # tried in place, put back at once
                    ok = all(check.holds_after(s, e, x, bad) for check, bad in failing) and \
                        all(judge(x) for judge in judges)
                    masks[x] = old
                    if ok:
                        out.append(moves[x, v, True])
                    if not (resolved(old) and old >> v & 1):
                        out.append(moves[x, v, False])
            return out
        return _PuzzleMoves(gen, checks)


class _Written(Exception):
    """A constraint changed the values while judged (it is then tried afresh each time)."""


class _Reads(list):
    """A copy of the puzzle's masks noting the sites read (any other read: ``everything``)."""

    def __init__(self, masks: list[int]):
        super().__init__(masks)
        self.read: set[int] = set()
        self.everything = False

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, int):
            self.read.add(i if i >= 0 else i + len(self))
        else:
            self.everything = True
        return super().__getitem__(i)

    def _all(self, name: str) -> Any:
        self.everything = True
        return getattr(super(), name)

    def __iter__(self) -> Any:
        return self._all("__iter__")()

    def __reversed__(self) -> Any:
        return self._all("__reversed__")()

    def __contains__(self, value: Any) -> bool:
        return self._all("__contains__")(value)

    def __eq__(self, other: Any) -> bool:
        return self._all("__eq__")(other)

    __hash__ = None  # type: ignore[assignment]

    def index(self, *args: Any) -> int:
        return self._all("index")(*args)

    def count(self, value: Any) -> int:
        return self._all("count")(value)

    def copy(self) -> list[int]:
        return self._all("copy")()

    def __setitem__(self, i: Any, value: Any) -> None:
        raise _Written()


def _judge(check: Any, s: State, e: Env) -> Callable[[int], bool]:
    """``judge(x)``: whether ``check`` holds once site ``x`` alone got another value (the values
    being changed in place before asking), worked out from the position before: a constraint
    is a function of the position, so one that read no value of ``x`` is as it was. An
    ``all Sites`` constraint (its ``parts``) is judged site by site: only the sites whose test
    read ``x`` are tested again."""
    masks = s.arrays[PUZZLE]
    every = getattr(check, "parts", None)
    afresh = lambda x: check(s, e)  # noqa: E731
    reads = s.arrays[PUZZLE] = _Reads(masks)
    try:
        if every is None:
            held = bool(check(s, e))
        else:
            region, cond = every
            sites = list(region(s, e))
            around, reads.read = reads.read, set()
            frame = e.child()
            tests = []
            for y in sites:
                frame.site = y
                tests.append((y, bool(cond(s, frame)), reads.read))
                reads.read = set()
    except Exception:  # noqa: BLE001  # a constraint that writes, or fails on a site it would not reach: as before
        return afresh
    finally:
        s.arrays[PUZZLE] = masks
    if reads.everything:
        return afresh
    if every is None:
        read = reads.read
        return lambda x: check(s, e) if x in read else held
    failing = {i for i, (_, ok, _) in enumerate(tests) if not ok}
    touched: dict[int, list[int]] = {}
    for i, (_, _, read) in enumerate(tests):
        for x in read:
            touched.setdefault(x, []).append(i)
    frame = e.child()

    def judge(x: int) -> bool:
        if x in around:  # the region itself may change
            return check(s, e)
        again = touched.get(x, ())
        if not failing.issubset(again):
            return False
        for i in again:
            frame.site = tests[i][0]
            if not cond(s, frame):
                return False
        return True
    return judge


class _PuzzleMoves(FnGen):
    """The moves of ``satisfy``, with its constraints (read by ``is Solved``)."""

    def __init__(self, fn: Any, checks: list):
        super().__init__(fn, unique=True)
        self.checks = tuple(checks)


class IsSolved(Ludeme):
    """The deduction puzzle is solved: every variable site is resolved and every constraint of
    the play's ``satisfy`` holds (a site not yet resolved counts as 0).

    Examples:
        (is Solved)
    """

    name = "is Solved"
    kind = BOOL
    concepts = ("DeductionPuzzle", "SolvedEnd")

    def compile(self, c: Compiler):
        _puzzle(c, self)
        holder: dict[str, Any] = {}

        def solved(s: State, e: Env) -> bool:
            checks = holder.get("checks")
            if checks is None:
                play = s.game.phases[0].play
                holder["checks"] = checks = play.checks if isinstance(play, _PuzzleMoves) else ()
            masks = s.arrays[PUZZLE]
            variables = holder.setdefault("vars", sorted({x for a in s.game.arrays.get(AREAS, ()) for x in a})
                                          or list(range(len(masks))))
            unset = [(x, masks[x]) for x in variables if not resolved(masks[x])]
            for x, _ in unset:  # as Ludii, a site not resolved counts as the value 0
                masks[x] = 1
            try:
                return all(check(s, e) for check in checks)
            finally:
                for x, old in unset:
                    masks[x] = old
        return solved


__all__ = ["ValuesSites", "AllDifferent", "IsSum", "IsCount", "Satisfy", "IsSolved",
           "PUZZLE", "AREAS", "static_region_lists", "declare_regions"]
