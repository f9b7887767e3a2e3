"""Patterns: a walk of steps and turns from a site over pieces of one kind (Ludii's
``is Pattern``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.result import Termination
from ..errors import BindError
from .base import BOOL, INT_FN, PIECE_NUMBER, SITE_FN, ArrayOf, Enum, Ludeme, Param
from .measures import SITE_TYPE, check_site_type

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.state import State
    from ..native.emit import Emitter

_COMPASS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")
STEP = Enum(("F", "L", "R"), "step")


#: Ludii's SpatialDirection.right() (3D boards: Shibumi's up and down steps); left() is its inverse
_SPATIAL_RIGHT = {
    "D": "D", "DN": "DNE", "DNE": "DE", "DE": "DSE", "DSE": "DS", "DS": "DSW", "DSW": "DW", "DW": "DNW",
    "DNW": "DN", "U": "U", "UN": "UNE", "UNE": "UE", "UE": "USE", "USE": "US", "US": "USW", "USW": "UW",
    "UW": "UNW", "UNW": "UN"}
_SPATIAL_LEFT = {v: k for k, v in _SPATIAL_RIGHT.items()}


def _turn(direction: str, right: bool, supported: set[str]) -> str:
    """Ludii's turn in a walk: the next direction to the right (or left) of the facing, again
    until the board supports it (compass directions turn through the 16 points of the compass,
    3D ones through Ludii's SpatialDirection tables)."""
    while True:
        if direction in _SPATIAL_RIGHT:
            direction = (_SPATIAL_RIGHT if right else _SPATIAL_LEFT)[direction]
        else:
            i = _COMPASS.index(direction)
            direction = _COMPASS[(i + (1 if right else -1)) % len(_COMPASS)]
        if direction in supported:
            return direction


def walk_paths(topo: Any, walk: list[str]) -> list[list[tuple[int, ...] | None]]:
    """Per starting site and facing (each of the board's orthogonal directions: a right turn is
    the next one clockwise the board supports), the sites a walk goes over, the start first
    (None when it leaves the board)."""
    supported = set(topo.expand_directions(["Orthogonal"]))
    dirs = sorted(supported, key=lambda d: (0, _COMPASS.index(d)) if d in _COMPASS else (1, d))
    index = {d: i for i, d in enumerate(dirs)}
    steps = [topo.step[d] for d in dirs]
    k = len(dirs)
    right_of = [index[_turn(d, True, supported)] for d in dirs]
    left_of = [index[_turn(d, False, supported)] for d in dirs]
    paths: list[list[tuple[int, ...] | None]] = []
    for start in range(topo.n):
        per_facing: list[tuple[int, ...] | None] = []
        for facing in range(k):
            site, d, path = start, facing, [start]
            for step in walk:
                if step == "F":
                    site = steps[d][site]
                    if site < 0:
                        break
                    path.append(site)
                else:
                    d = right_of[d] if step == "R" else left_of[d]
            per_facing.append(tuple(path) if site >= 0 else None)
        paths.append(per_facing)
    return paths


class PatternWalk(Ludeme):
    """What Ludii's pattern ludemes share (``is Pattern``, ``sites Pattern``): a walk of steps
    and turns from a site over the pieces wanted."""

    pattern: Any = Param(ArrayOf(STEP))
    type: Any = Param(SITE_TYPE, optional=True)
    origin: Any = Param(SITE_FN, optional=True, named=True, key="from")
    what: Any = Param(INT_FN, optional=True, named=True, range=PIECE_NUMBER)
    whats: Any = Param(ArrayOf(INT_FN), optional=True, named=True, range=PIECE_NUMBER)

    def validate(self) -> None:
        if self.what is not None and self.whats is not None:
            raise BindError(f"{self.name} takes what: or whats:, not both", self.span)

    def walks(self, c: Compiler) -> tuple[Any, Any, list[list[tuple[int, ...] | None]]]:
        """(the starting site, the pieces wanted from a start, the walks per start and facing)."""
        check_site_type(c, self, self.type)
        walk = [x.name for x in (self.pattern.items if hasattr(self.pattern, "items") else [self.pattern])]
        origin = c.site(self.origin) if self.origin is not None else (lambda s, e: s.last_to)
        fns = [c.int(w) for w in self.whats.items] if self.whats is not None else \
            [c.int(self.what)] if self.what is not None else None

        def wanted(s: State, e: Env, start: int) -> list[int]:
            return [f(s, e) for f in fns] if fns is not None else [s.what[start]]
        return origin, wanted, walk_paths(c.topo, walk)


def walked(what: Any, path: tuple[int, ...] | None, wanted: list[int]) -> bool:
    """Whether a walk's sites hold the pieces wanted, in turn."""
    m = len(wanted)
    return path is not None and all(what[x] == wanted[i % m] for i, x in enumerate(path))


class IsPattern(PatternWalk):
    """A walk from a site (the last move's by default) goes over pieces of one kind only: the
    piece on the site (or ``what:``; with ``whats:``, the pieces in turn; a kind given as 0
    asks for empty sites, as Ludii's IsPattern; an empty starting site makes no pattern
    otherwise). ``F`` steps forward,
    ``R`` and ``L`` turn right and left to the next of the board's orthogonal directions; the
    walk is tried facing each of them. Hexade's hexagon is ``{F R F R F R F R F}``.

    Parameters:
        pattern: the walk: ``F`` a step forward, ``L`` and ``R`` turns
        type: the kind of site (the board's own kind when left out)
        from: the site the walk starts from (the last move's when left out)
        what: the kind of piece walked over (the starting site's when left out)
        whats: the kinds of piece, one per step in turn

    Examples:
        (is Pattern {F R F R F R F R F})
        (is Pattern {F F R R F F R R F} from:(last To))
    """

    name = "is Pattern"

    def words(self, w):
        return "the pattern is made"
    concepts = ("Pattern",)
    termination = Termination.LINE
    kind = BOOL

    def compile(self, c: Compiler):
        origin, wanted_from, paths = self.walks(c)
        n = c.topo.n
        given = self.what is not None or self.whats is not None  # empty sites may be asked for by number

        def holds(s: State, e: Env) -> bool:
            start = origin(s, e)
            if not 0 <= start < n:
                return False
            what = s.what
            wanted = wanted_from(s, e, start)
            if not (wanted[0] or given) or what[start] != wanted[0]:
                return False
            return any(walked(what, path, wanted) for path in paths[start])
        return holds

    def kernel_bool(self, k: Emitter) -> str:
        import numpy as np

        from ..native import abi
        from ..native.emit import NoKernel
        from . import patterns
        topo = k.topo
        walk = [x.name for x in (self.pattern.items if hasattr(self.pattern, "items") else [self.pattern])]
        # the board's orthogonal directions, clockwise; the walk tried facing each: its sites per start
        dirs = sorted(set(topo.expand_directions(["Orthogonal"])), key=patterns._COMPASS.index)
        steps = walk.count("F")
        if not dirs or not steps:
            raise NoKernel("(is Pattern ...)", "no steps to walk")
        paths = np.full((k.n, len(dirs), steps), -1, dtype=np.int64)
        for start in range(k.n):
            for facing in range(len(dirs)):
                site, d, m = start, facing, 0
                for step in walk:
                    if step == "F":
                        site = topo.step[dirs[d]][site]
                        if site < 0:
                            break
                        paths[start, facing, m] = site
                        m += 1
                    else:
                        d = (d + 1) % len(dirs) if step == "R" else (d - 1) % len(dirs)
        table = k.table(paths)
        x = k.temp("x")
        k.line(f"{x} = {k.site(self.origin) if self.origin is not None else k.var(abi.LAST_TO)}")
        found = k.temp("b")
        k.line(f"{found} = False")
        with k.indented(f"if 0 <= {x} < N:"):
            if self.whats is not None:
                wanted = [k.temp("w") for _ in self.whats.items]
                for name, value in zip(wanted, self.whats.items):
                    k.line(f"{name} = {k.int(value)}")
            else:
                wanted = [k.temp("w")]
                k.line(f"{wanted[0]} = {k.int(self.what) if self.what is not None else k.what(x)}")
            f, y, ok = k.temp("f"), k.temp("y"), k.temp("ok")
            given = self.what is not None or self.whats is not None  # what:0 walks over empty sites
            with k.indented(f"if {'True' if given else f'{wanted[0]} != 0'} and {k.what(x)} == {wanted[0]}:"):
                with k.indented(f"for {f} in range({table}.shape[1]):"):
                    k.line(f"{ok} = True")
                    for m in range(steps):  # the m-th step forward must find the next kind in turn
                        k.line(f"{y} = {table}[{x}, {f}, {m}]")
                        with k.indented(f"if {y} < 0 or {k.what(y)} != {wanted[(m + 1) % len(wanted)]}:"):
                            k.line(f"{ok} = False")
                        if m + 1 < steps:
                            k.line(f"if {ok}:")
                            k.depth += 1
                    k.depth -= steps - 1
                    with k.indented(f"if {ok}:"):
                        k.line(f"{found} = True")
                        k.line("break")
        return found
