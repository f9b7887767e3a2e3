"""The pips of dominoes on the board (Ludii's ``valueCell`` of the cells a domino covers,
``(is PipsMatch)``).

A domino covers eight cells (two by four: see :mod:`.large`): as Ludii's ``ActionAdd`` and
``ActionMove`` write them, the first four cells its walk reaches carry its first value, the
other four its second (:data:`PIPS`). The count Ludii gives each covered cell (1, or the
domino's number when it comes into a line of play) is the cover of :mod:`.large_pieces`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import BOOL, INT_FN, SITE_NUMBER, Ludeme, Param
from .large import locs, walks_of
from .large_pieces import COVER, _state_at
from .rotations import supported

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.game import Declarations, Game
    from ..engine.state import State
    from ..engine.topology import Topology

PIPS = "large.pips"  # the pips written on each cell a domino covers


def declare_pips(d: Declarations) -> None:
    d.array(PIPS, [0] * d.num_sites)


PLAYABLE = "large.playable"  # the cells of a boardless table where a domino may be played


def dominoes_of(game: Game) -> dict[int, tuple[int, int]]:
    """The game's dominoes by component number, with their two values."""
    out = {}
    for comp in game.components[1:]:
        data = dict(comp.data)
        if "value2" in data and walks_of(comp) is not None:
            out[comp.index] = (comp.value, data["value2"])
    return out


def declare_playable(d: Declarations, centre: list[int]) -> None:
    """A boardless table's playable cells (Ludii's ``playable``): the centre at the start."""
    d.array(PLAYABLE, [1 if x in centre else 0 for x in range(d.num_sites)], hashed=True)


# the direction of the line of play at each side of a domino (West, North, East, South of its
# first state), turned by its state (Ludii's getDirnDomino)
_ORTH = ("N", "E", "S", "W")
_SIDE = (3, 0, 1, 2)


def _side_dirn(side: int, state: int) -> str:
    return _ORTH[(_SIDE[side] + state) % 4]


def domino_landed(s: State, topo: Topology, walks: tuple[tuple[str, ...], ...], what: int,
                  values: tuple[int, int], cells: list[int], moving: bool) -> None:
    """What Ludii's actions write when a domino comes onto the board: its cells covered (by
    its number, moved into a line of play; else 1), its pips on them (always when placed;
    moved, in a line of play), and a boardless table's playable cells: none under it when
    placed; moved, worked out again from every domino on the table."""
    line = PLAYABLE in s.arrays
    cover = s.arrays[COVER]
    count = what if moving and line else 1
    for x in cells:
        if cover[x] != count:
            s.set_item(cover, x, count)
    if not moving or line:
        write_pips(s, cells, values[0], values[1])
    if not line:
        return
    playable = s.arrays[PLAYABLE]
    if not moving:
        for x in cells[:8]:
            if playable[x]:
                s.set_item(playable, x, 0)
        return
    for x in range(len(playable)):
        if playable[x]:
            s.set_item(playable, x, 0)
    components = s.game.components
    for x, w in enumerate(s.what):
        if not w:
            continue
        state = _state_at(s, x)
        at = locs(topo, walks, x, state)
        if len(at) < 8:
            continue
        _line(s, topo, at[0], at[1], _side_dirn(0, state), False, True)
        _line(s, topo, at[7], at[6], _side_dirn(2, state), False, False)
        if components[w].value == dict(components[w].data).get("value2"):  # a double
            _line(s, topo, at[2], at[5], _side_dirn(1, state), True, True)
            _line(s, topo, at[3], at[4], _side_dirn(3, state), True, True)


def _free(s: State, x: int) -> bool:
    return not s.what[x] and not s.arrays[COVER][x]


def _line(s: State, topo: Topology, c1: int, c2: int, dirn: str, double: bool, left: bool) -> None:
    """Ludii's lineOfPlayDominoes: the cells beyond one side of a domino become playable, up
    to four along the line while both rows are empty, and beside its end for the first two."""
    step = topo.step
    playable = s.arrays[PLAYABLE]

    def ray(x: int) -> list[int]:
        out = []
        y = step[dirn][x]
        while y >= 0:
            out.append(y)
            y = step[dirn][y]
        return out
    r1, r2 = ray(c1), ray(c2)
    if len(r1) < 2 or len(r2) < 2 or not _free(s, r1[0]) or not _free(s, r2[0]):
        return
    i = _ORTH.index(dirn)
    lhs, rhs = _ORTH[(i - 1) % 4], _ORTH[(i + 1) % 4]
    for k in range(min(len(r1), len(r2), 4)):
        a, b = r1[k], r2[k]
        if not (_free(s, a) and _free(s, b)):
            return
        for x in (a, b):
            if not playable[x]:
                s.set_item(playable, x, 1)
        if not double and k < 2:
            for cell, d in ((c1, lhs), (c2, rhs)) if left else ((c1, rhs), (c2, lhs)):
                y = step[d][cell]
                if y >= 0 and _free(s, y) and not playable[y]:
                    s.set_item(playable, y, 1)


def write_pips(s: State, cells: list[int], value: int, value2: int) -> None:
    """A domino's pips on the cells it covers (its first four cells: ``value``, the next four:
    ``value2``)."""
    pips = s.arrays[PIPS]
    for i, x in enumerate(cells[:8]):
        v = value if i < 4 else value2
        if pips[x] != v:
            s.set_item(pips, x, v)


def _count(s: State, x: int) -> int:
    """Ludii's count of a board cell: a covered cell's cover, else 1 for a piece, else 0."""
    k = s.arrays[COVER][x]
    return k if k else (1 if s.what[x] else 0)


class IsPipsMatch(Ludeme):
    """Whether the domino on a site matches its neighbours (Ludii's ``IsPipsMatch``): true on
    an empty site or a piece that is no domino; else every occupied cell next to the domino
    must carry the pips of the domino's cell beside it, and after the first move, the domino
    must touch the line of play once, by the end of one domino (the occupied cells beside it,
    looked at along each orthogonal line, are two cells of one domino).

    Parameters:
        site: the site of the domino [(last To)]

    Examples:
        (is PipsMatch)
        (is PipsMatch (last To))
    """

    name = "is PipsMatch"
    kind = BOOL
    concepts = ("Domino",)
    site: Any = Param(INT_FN, optional=True, range=SITE_NUMBER)

    def compile(self, c: Compiler):
        at = c.int(self.site) if self.site is not None else (lambda s, e: s.last_to)
        topo = c.topo
        dominoes = {w: walks_of(c.game.components[w]) for w in dominoes_of(c.game)}
        if PIPS not in c.game.arrays:
            return lambda s, e: True  # no dominoes: no domino anywhere

        def holds(s: State, e: Env) -> bool:
            site = at(s, e)
            walks = dominoes.get(s.what[site]) if 0 <= site < topo.n else None
            return walks is None or pips_match(s, topo, walks, site)
        return holds


def _ray(topo: Topology, x: int, d: str) -> list[int]:
    out = []
    y = topo.step[d][x]
    while y >= 0:
        out.append(y)
        y = topo.step[d][y]
    return out


def pips_match(s: State, topo: Topology, walks: tuple[tuple[str, ...], ...], site: int) -> bool:
    """Ludii's ``IsPipsMatch`` for the domino on ``site``."""
    dirs = supported(topo, "Orthogonal")
    step = topo.step
    cells = locs(topo, walks, site, _state_at(s, site))
    pips = s.arrays[PIPS]
    around: list[int] = []
    for x in cells:
        for d in dirs:
            y = step[d][x]
            if y < 0 or y in cells or not (_count(s, y) or s.what[y]):
                continue
            if pips[y] != pips[x]:
                return False
            around.append(y)
    if s.ply <= 1:  # Ludii's moveNumber: not for the first domino
        return True
    ok = False
    for x in around:
        nbors = [x]
        for d in dirs:
            nbors.extend(y for y in _ray(topo, x, d) if y in around)
            if len(nbors) > 2:
                return False
            if len(nbors) == 2:
                ok = _count(s, nbors[0]) == _count(s, nbors[1])
    return ok


__all__ = ["PIPS", "PLAYABLE", "declare_pips", "declare_playable", "dominoes_of", "domino_landed", "write_pips", "pips_match", "IsPipsMatch"]
