"""The cells a large piece covers (Ludii's ``ContainerState`` for large pieces, ``Add`` and
``FromTo``'s ``evalLargePiece``).

A large piece (a component with a walk: a ``tile`` with steps, a domino) stands on one site,
where its component and its local state (which walk, which way it faces: see :mod:`.large`)
are kept; as in Ludii, the other cells its walk covers hold no component but are no longer
empty (Ludii takes them out of its set of empty sites and gives them a count of 1). Here a
board array (:data:`COVER`) marks every cell a large piece covers, its own site too, and the
empty sites (``sites Empty``, ``is Empty``) are those with no component and no cover.

Placing one (Ludii's ``Add.evalLargePiece``): for each site of the region, in increasing order,
each state from 0 to four times its number of walks (or only the state given), the cells of its
walk from the site must all be on the board and empty; the move carries the state (its text
ends ``=<state>``). Moving one (``FromTo.evalLargePiece``): the sites to go to are the region's
and then the cells the piece covers besides its site; from each, each state whose cells all
are among those sites (or its own site) is a move, except staying as it is. Ludii attaches no
``then`` to the placement of a large piece; it does to the move of one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..engine.move import ADD, MOVE, Move
from ..engine.movegen import MoveGen
from .large import locs, walks_of

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations, Game
    from ..engine.state import State
    from ..engine.topology import Topology

COVER = "large.cover"  # 1 on every cell a large piece covers (its own site too)


def declare_cover(d: Declarations) -> None:
    """Declare the array of covered cells (a game with large pieces), and the local states
    that say their shapes."""
    from .variables import piece_states
    if COVER not in d.arrays:
        d.start.append(cover_start)
    d.array(COVER, [0] * d.num_sites)
    piece_states(d)


def cover_start(s: State) -> None:
    """Once the start rules ran: the cells of the large pieces they placed (Ludii's ActionAdd
    covers them as it places each)."""
    walks = {comp.index: w for comp in s.game.components[1:] if (w := walks_of(comp)) is not None}
    topo = s.game.topology
    for x, what in enumerate(s.what):
        if what in walks:
            _cover(s, locs(topo, walks[what], x, _state_at(s, x)), 1)


def has_cover(game: Game) -> bool:
    return COVER in game.arrays


def free(s: State, x: int) -> bool:
    """Whether a board site is empty: no piece, and no large piece covering it."""
    return not s.what[x] and not s.arrays[COVER][x]


def large_walks(c: Compiler) -> dict[int, tuple[tuple[str, ...], ...]]:
    """The game's large pieces by component number, with their walks."""
    out = {}
    for comp in c.game.components[1:]:
        walks = walks_of(comp)
        if walks is not None:
            out[comp.index] = walks
    return out


def _state_at(s: State, x: int) -> int:
    from .variables import PIECE_STATES
    return s.arrays[PIECE_STATES][x]


def _cover(s: State, cells: list[int], value: int) -> None:
    cover = s.arrays[COVER]
    for x in cells:
        if cover[x] != value:
            s.set_item(cover, x, value)


def cover_rules(c: Compiler, walks: dict[int, tuple[tuple[str, ...], ...]], states: int,
                moving: bool) -> list[Any]:
    """For each state: (before, after) of a large piece's placement (or move) with that state:
    before, a moving piece's cells are uncovered; after, the piece on ``(to)`` takes the
    state and covers its cells."""
    from .large_dominoes import domino_landed, dominoes_of
    from .variables import PIECE_STATES
    topo: Topology = c.topo
    n = topo.n
    dominoes = dominoes_of(c.game)

    def uncover(s: State, e: Env) -> None:
        if 0 <= e.frm < n:
            w = s.what[e.frm]
            if w in walks:
                _cover(s, locs(topo, walks[w], e.frm, _state_at(s, e.frm)), 0)

    def covering(state: int) -> Any:
        def cover(s: State, e: Env) -> None:
            x = e.to
            if not 0 <= x < n:
                return
            s.set_item(s.arrays[PIECE_STATES], x, state)
            w = s.what[x]
            if w in walks:
                cells = locs(topo, walks[w], x, state)
                if w in dominoes:
                    domino_landed(s, topo, walks[w], w, dominoes[w], cells, moving)
                else:
                    _cover(s, cells, 1)
        return cover
    return [(uncover if moving else None, covering(k)) for k in range(states)]


class LargePlacements(MoveGen):
    """``move Add`` of a game with large pieces: Ludii's ``evalLargePiece`` for each large
    piece among the mover's kinds, the plain placements (``inner``) for the others."""

    unique = True

    def __init__(self, inner: Any, region: Any, walks: dict[int, tuple[tuple[str, ...], ...]], state: int | None,
                 rules: list[tuple[int, ...]], topo: Topology, uid: str, tag: Any):
        self.inner = inner
        self.region = region
        self.walks = walks
        self.state = state
        self.rules = rules
        self.topo = topo
        self.uid = uid
        self.tag = tag
        self.made: dict[tuple[int, int, int], Move] = {}

    def _move(self, site: int, what: int, state: int) -> Move:
        key = (site, what, state)
        move = self.made.get(key)
        if move is None:
            move = self.made[key] = Move(ADD, to=site, what=what, word=f"={state}", prefix=self.tag(what),
                                         game_id=self.uid, rules=self.rules[state])
        return move

    def moves(self, s: State, e: Env) -> list[Move]:
        out: list[Move] = []
        kinds = self.inner._kinds(s, e)
        if any(w not in self.walks for w in kinds):
            plain = [m for m in self.inner.moves(s, e) if m.what not in self.walks]
        else:
            plain = []
        n = self.topo.n
        for w in kinds:
            walks = self.walks.get(w)
            if walks is None:
                out.extend(m for m in plain if m.what == w)
                continue
            sites = sorted({x for x in self.region(s, e) if 0 <= x < n})
            for site in sites:
                for state in range(len(walks) * 4):
                    if self.state is not None and self.state >= 0 and state != self.state:
                        continue
                    cells = locs(self.topo, walks, site, state)
                    if cells and all(free(s, x) for x in cells):
                        out.append(self._move(site, w, state))
        return out

    def first(self, s: State, e: Env) -> Move | None:
        found = self.moves(s, e)
        return found[0] if found else None

    def reaching(self, s: State, e: Env, site: int) -> list[Move]:
        return [m for m in self.moves(s, e) if m.to == site]


def large_moves(topo: Topology, walks: tuple[tuple[str, ...], ...], s: State, frm: int, targets: list[int],
                rules: list[tuple[int, ...]], uid: str, mover: int, domino: bool) -> list[Move]:
    """The moves of the large piece on ``frm`` (a board's or a hand's site) to ``targets``
    (Ludii's ``FromTo.evalLargePiece``): a domino's cells must be playable after the first
    move (on a boardless table; anywhere on a board), another piece's among the sites."""
    from .large_dominoes import PLAYABLE
    on_board = 0 <= frm < topo.n
    current = _state_at(s, frm) if on_board else 0
    here = locs(topo, walks, frm, current)
    sites = list(targets) + here[1:]
    allowed = set(sites)
    playable = s.arrays.get(PLAYABLE) if domino and s.ply > 0 else None
    out = []
    for to in sites:
        for state in range(len(walks) * 4):
            cells = locs(topo, walks, to, state)
            if not cells:
                continue
            if domino:
                fits = playable is None or all(playable[x] for x in cells)
            else:
                fits = all(x in allowed or x == frm for x in cells)
            if fits and (frm != to or state != current):
                out.append(Move(MOVE, frm, to, word=f"={state}", game_id=uid, rules=rules[state], mover=mover))
    return out


__all__ = ["COVER", "declare_cover", "has_cover", "free", "large_walks", "cover_rules", "LargePlacements",
           "large_moves"]
