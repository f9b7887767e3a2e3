"""Passages and loops: ways through a board's holes, and the circuits a player's pieces make
round them (Loophole's windows).

``(passage "W1" P1 RIM RIM)`` declares, as equipment, a passage of P1 between two regions, its
*rims* (the stones above and below a hole, or two opposite edges of the board for its outer
border). ``(count Loops P1)`` counts the distinct sets of P1's passages that P1's groups close
into circuits (see :mod:`interpreter.engine.passages` for the graph this reads): a group joining
the two rims of one passage is a loop; groups joining the rims of several passages in a ring
make one loop of all of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.passages import Passage, PassageGraph
from ..engine.result import Termination
from ..errors import BindError
from .base import DIRS, EQUIPMENT_ITEM, INT, PLAYER, REGION_FN, ROLE, STR_LIT, Ludeme, Param

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.env import Env
    from ..engine.game import Declarations
    from ..engine.state import State
    from ..native.emit import Emitter

MAX_PASSAGES = 16  # per player: loops are counted over combinations of a player's circuits

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


class PassageDecl(Ludeme):
    """A passage of a player (or of ``Each`` player): a named way through the board, between
    two regions, its rims. A group of the player's pieces touching both rims goes round it (a
    loop, for ``count Loops``). Rims are fixed regions: the pieces on either side of a hole, or
    two opposite edges of the board for the way round its outer border. Passages of different
    players may share a name: loops are told apart by the names of their passages.

    Parameters:
        title: the passage's name
        role: the player whose passage it is (``Each``: every player's)
        rim_a: the region on one side of the passage
        rim_b: the region on the other side

    Examples:
        (passage "W1" P1 (sites {"M4" "N4" "O4"}) (sites {"M8" "N8" "O8"}))
        (passage "W0" P2 (sites "West") (sites "East"))
    """

    name = "passage"
    kind = EQUIPMENT_ITEM
    title: Any = Param(STR_LIT)
    role: Any = Param(ROLE)
    rim_a: Any = Param(REGION_FN)
    rim_b: Any = Param(REGION_FN)

    def validate(self) -> None:
        if not self.title.value or any(ch.isspace() or ch in "{},:" for ch in self.title.value):
            raise BindError(f"passage name {self.title.value!r}: use a word such as W1", self.title.span,
                            hint="the name is how results list loops, e.g. {W0,W1}")

    def declare(self, d: Declarations, c: Any) -> None:
        """Add this passage to the game's passages of each of its players."""
        rims = []
        for part in (self.rim_a, self.rim_b):
            try:
                sites = tuple(dict.fromkeys(c.region(part)(None, None)))
            except (AttributeError, TypeError):
                raise BindError("a rim must be a fixed list of sites", part.span) from None
            if not sites:
                raise BindError("this rim has no sites", part.span)
            rims.append(sites)
        if set(rims[0]) == set(rims[1]):
            raise BindError("the two rims of a passage are the same sites", self.rim_b.span,
                            hint="a passage goes from one side of a hole to the other")
        for player in _players(self.role, d.num_players):
            mine = d.passages.setdefault(player, [])
            if any(p.name == self.title.value for p in mine):
                raise BindError(f'P{player} has two passages named "{self.title.value}"', self.title.span)
            if len(mine) >= MAX_PASSAGES:
                raise BindError(f"P{player} has more than {MAX_PASSAGES} passages", self.span)
            mine.append(Passage(self.title.value, rims[0], rims[1]))


def _players(role: Any, num: int) -> list[int]:
    name = role.name
    if name in ("Each", "All"):
        return list(range(1, num + 1))
    if name.startswith("P") and name[1:].isdigit() and 1 <= int(name[1:]) <= num:
        return [int(name[1:])]
    raise BindError(f"{name} is not a player of this game: a passage belongs to P1, P2 ... or Each", role.span)


class CountLoops(Ludeme):
    """The number of distinct loops a player (the mover by default) has through their passages
    (``(passage ...)``). The player's groups (joined under the directions, ``Adjacent`` by
    default) are joined with the rims they touch; each passage joins the groups holding its two
    rims. A set of passages is a loop when they, and only they, make a closed circuit: one
    passage whose rims are joined, two whose rims are joined crosswise, a ring of three...
    Loops differ when their sets of passages differ, so two ways round one hole are one loop.
    In an end rule, the reason the game ended lists the loops: ``two loops: {W0} {W1}``; e.g.
    Loophole's ``(if (>= (count Loops Mover) 2) (result Mover Win))``.

    Parameters:
        directions: how pieces join (``Adjacent`` when left out)
        player: whose loops (the mover's when left out)

    Examples:
        (count Loops)
        (count Loops P1)
        (count Loops Orthogonal Mover)
    """

    name = "count Loops"

    def words(self, w):
        return f"the number of loops of {w.of(self.player) if self.player is not None else '{Mover}'}"

    def counted(self, w) -> tuple[str, str]:
        """(whose, what): ("{Mover}", "loop"), for "P1 has at least 2 loops"."""
        return (w.of(self.player) if self.player is not None else "{Mover}"), "loop"
    kind = INT
    termination = Termination.LOOP
    directions: Any = Param(DIRS, optional=True)
    player: Any = Param(PLAYER, optional=True)
    concepts = ("Loop", "LoopThroughPassage")

    def _graphs(self, c: Compiler):
        passages = c.game.passages
        if not any(passages.values()):
            raise BindError("no passages to make loops through: declare them with (passage ...)", self.span,
                            hint='e.g. (passage "W1" P1 (sites {"A1"}) (sites {"C3"}))')
        adjacency = c.adjacency(self.directions)
        n = c.topo.n
        graphs = {p: PassageGraph(mine, adjacency, n) for p, mine in passages.items() if mine}
        player = c.player(self.player) if self.player is not None else (lambda s, e: s.mover)
        return graphs, player

    def compile(self, c: Compiler):
        graphs, player = self._graphs(c)

        def count(s: State, e: Env) -> int:
            graph = graphs.get(player(s, e))
            return len(graph.loops(s.who, player(s, e))) if graph is not None else 0
        return count

    def compile_describe(self, c: Compiler):
        """Why the rule held, in words: the player's loops (``two loops: {W0} {W1}``)."""
        graphs, player = self._graphs(c)

        def explain(s: State, e: Env) -> str:
            p = player(s, e)
            graph = graphs.get(p)
            loops = graph.loops(s.who, p) if graph is not None else []
            count = len(loops)
            word = _WORDS[count] if count < len(_WORDS) else str(count)
            sets = " ".join("{" + ",".join(graph.names(mask)) + "}" for mask in loops)
            return f"{word} loop{'' if count == 1 else 's'}" + (f": {sets}" if sets else "")
        return explain

    def kernel_int(self, k: Emitter) -> str:
        from ..native.emit import NoKernel
        from ..native.graphs import passage_tables
        from ..native.kernels.passages import MAX_COMPILED_PASSAGES
        from ..native.kernels.placement import neighbour_table
        mine = k.game.passages
        if any(len(v) > MAX_COMPILED_PASSAGES for v in mine.values()):
            raise NoKernel("(count Loops ...)", f"more than {MAX_COMPILED_PASSAGES} passages of a player")
        nbrs = neighbour_table(k, self.directions)
        rims, nrims, ends, nends = (k.table(t) for t in passage_tables(mine, k.players, k.n))
        player = k.player(self.player) if self.player is not None else k.mover
        nr = max(len(v) for v in mine.values()) * 2 if mine else 1
        work = k.scratch(3 * k.n + 2 * nr)
        k.runtime("interpreter.native.graphs", "count_loops")
        return f"count_loops({k.st}, WHO, {nbrs}, {player}, {rims}, {nrims}, {ends}, {nends}, {work})"
