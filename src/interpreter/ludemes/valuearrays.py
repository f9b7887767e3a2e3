"""More of Ludii's arrays of ints (its IntArrayFunctions): the sizes of the groups of pieces
(``sizes Group``), the values of a function from sites to sites (``results``) and an array
without some values (``difference`` of arrays).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.env import Env
from ..engine.groups import grown
from ..errors import BindError
from ..syntax.nodes import Const
from .base import (
    ANY_INT,
    BOOL_FN,
    DIRS,
    INT,
    INT_FN,
    INTS,
    REGION_FN,
    ROLE,
    SITE_NUMBER,
    ArrayOf,
    Either,
    Kind,
    Ludeme,
    Param,
)
from .measures import SITE_TYPE, check_site_type

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.state import State

_INTS = Kind((INTS,), "ints")


def _site_or_region(c: Compiler, value: Any):
    """fn(state, env) -> the sites of a region in increasing order, or the one number given (as
    Ludii's IntArrayFromRegion)."""
    if isinstance(value, Ludeme) and value.kind == INT:
        one = c.int(value)
        return lambda s, e: (one(s, e),)
    region = c.region(value)
    return lambda s, e: sorted(set(region(s, e)))


class SizesGroup(Ludeme):
    """The size of each group of pieces (pieces next to each other along the directions,
    ``Adjacent`` by default): the groups of a player's pieces (``Mover``, ``of:``), of the sites
    meeting a condition (``if:``, ``(to)`` being the site tested, ``(from)`` the group's first
    site), or of any pieces (no player, or ``All`` or ``Shared``); groups smaller than
    ``min:`` are left out. The groups are found from the players' pieces, player by player, in
    increasing order of their sites.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        directions: how pieces join into a group (``Adjacent`` when left out)
        role: the player whose pieces make the groups
        of: the player whose pieces make the groups, by number
        if: the condition a site must meet to be in a group
        min: the smallest size counted (0 when left out)
        isVisible: Ludii's test for pyramid boards: when true, a site under an occupied site
            (one of a higher number at the same place) is in no group, and a site joins none
            while it shares two or more occupied sites above with the site it grows from

    Examples:
        (sizes Group Mover)
        (sizes Group Orthogonal P1)
    """

    name = "sizes Group"
    kind = INTS
    concepts = ("Group",)
    default_directions = "Adjacent"  # Ludii's directions concepts, as given or this default
    type: Any = Param(SITE_TYPE, optional=True)
    directions: Any = Param(DIRS, optional=True)
    role: Any = Param(ROLE, optional=True)
    of: Any = Param(INT_FN, optional=True, named=True, range=(0, 16))
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    min: Any = Param(INT_FN, optional=True, named=True, range=ANY_INT)
    isVisible: Any = Param(BOOL_FN, optional=True, named=True)

    def validate(self) -> None:
        if sum(x is not None for x in (self.role, self.of, self.condition)) > 1:
            raise BindError("sizes Group takes one of a role, of: and if:", self.span)

    def _hidden(self, c: Compiler):
        """hidden(state, env) -> None, or with isVisible true (Ludii's test for pyramid boards) a
        test (site, neighbour) of what the group cannot take: the neighbour under an occupied
        site (one of a higher number at the same place), or sharing two occupied sites above
        with the site; with the neighbour -1, whether the site itself is under one."""
        if self.isVisible is None:
            return None
        from ..engine.groups import shares_two_above, upward_steps
        visible = c.bool(self.isVisible)
        places = c.topo.positions
        n = c.topo.n
        under = tuple(tuple(y for y in range(x + 1, n) if places[y] == places[x]) for x in range(n))
        upward = upward_steps(c.topo)

        def hidden(s: State, e: Env):
            if not visible(s, e):
                return None
            what = s.what

            def test(site: int, y: int) -> bool:
                if y < 0:
                    return any(what[t] for t in under[site])
                return any(what[t] for t in under[y]) or shares_two_above(upward, what, site, y)
            return test
        return hidden

    def _whose(self, c: Compiler):
        """(all pieces?, the player's number as a function, or None)."""
        all_pieces = (self.role is None and self.of is None and self.condition is None) or \
            (isinstance(self.role, Const) and self.role.name in ("All", "Shared"))
        if all_pieces:
            return True, None
        return False, c.int(self.of) if self.of is not None else (c.player(self.role) if self.role is not None else None)

    def compile(self, c: Compiler):
        check_site_type(c, self, self.type)
        adjacency = c.adjacency(self.directions)
        n_players = c.game.num_players
        all_pieces, who = self._whose(c)
        cond = c.bool(self.condition) if self.condition is not None else None
        least = c.int(self.min) if self.min is not None else (lambda s, e: 0)
        hiding = self._hidden(c)

        def sizes(s: State, e: Env) -> list[int]:
            owners = s.who
            player = who(s, e) if who is not None else -1
            if all_pieces:
                starts = [x for p in range(1, n_players + 1) for x, o in enumerate(owners) if o == p]
            else:
                starts = [x for x, o in enumerate(owners) if o == player]
            frame = e.child()

            def joins(x: int) -> bool:
                if cond is not None:
                    frame.to = x
                    return bool(cond(s, frame))
                if player == owners[x]:
                    return True
                return all_pieces and s.what[x] != 0
            low = least(s, e)
            checked: set[int] = set()
            out = []
            hidden = hiding(s, frame) if hiding is not None else None

            def takes(site: int, y: int) -> bool:
                return not (hidden is not None and hidden(site, y)) and joins(y)
            for start in starts:
                if start in checked:
                    continue
                frame.frm = start
                if cond is not None:
                    ok = bool(cond(s, frame))
                else:
                    ok = player == owners[start] or (all_pieces and s.what[start] != 0)
                if not ok or hidden is not None and hidden(start, -1):
                    continue
                group = grown(start, adjacency, takes)
                if len(group) >= low:
                    out.append(len(group))
                checked.update(group)
            return out
        return sizes


class Results(Ludeme):
    """The value of a function for each site ``from:`` and each site ``to:`` (``(from)`` and
    ``(to)`` bound to them), in that order: the sites of a region in increasing order, or one
    site.

    Parameters:
        from: the sites (or the site) the function starts from
        to: the sites (or the site) it goes to, worked out for each site from
        value: the function, ``(from)`` and ``(to)`` being the sites

    Examples:
        (results from:(last To) to:(sites Around (last To)) (count Steps (from) (to)))
    """

    name = "results"
    kind = INTS
    frm: Any = Param(Either((INT_FN, REGION_FN)), named=True, key="from", range=SITE_NUMBER)
    to: Any = Param(Either((INT_FN, REGION_FN)), named=True, range=SITE_NUMBER)
    value: Any = Param(INT_FN, range=ANY_INT)

    def compile(self, c: Compiler):
        sources, targets, value = _site_or_region(c, self.frm), _site_or_region(c, self.to), c.int(self.value)

        def results(s: State, e: Env) -> list[int]:
            frame = e.child()
            out = []
            for x in sources(s, e):
                frame.frm = x
                for y in targets(s, frame):
                    frame.to = y
                    out.append(value(s, frame))
            return out
        return results


class DifferenceInts(Ludeme):
    """An array without some values: without every value of another array, or without the
    first occurrence of one value (Ludii's ``difference`` of arrays).

    Parameters:
        source: the array
        minus: the array whose values are all taken out, or the value taken out once

    Examples:
        (difference (values Remembered) 2)
        (difference (sizes Group Mover) (max (sizes Group Mover)))
    """

    name = "difference"
    overload = True
    kind = INTS
    source: Any = Param(_INTS)
    minus: Any = Param(Either((_INTS, INT_FN)), range=ANY_INT)

    def compile(self, c: Compiler):
        source = self.source.compile(c)
        if isinstance(self.minus, Ludeme) and self.minus.kind == INTS:
            minus = c.ints(self.minus)

            def without_all(s: State, e: Env) -> list[int]:
                gone = set(minus(s, e))
                return [v for v in source(s, e) if v not in gone]
            return without_all
        one = c.int(self.minus)

        def without_one(s: State, e: Env) -> list[int]:
            values = list(source(s, e))
            v = one(s, e)
            if v in values:
                values.remove(v)
            return values
        return without_one


class IntersectionInts(Ludeme):
    """The values of one array that are in every other (Ludii's ``intersection`` of arrays of
    ints): of two arrays, the second's values found in the first, in the second's order; of
    ``{...}`` arrays, the first's values found in all the others, in the first's order (a
    repeated value is kept as often as it is there).

    Parameters:
        arrays: two arrays, or ``{...}`` several

    Examples:
        (intersection (array (sites Empty)) (array (sites Centre)))
        (intersection {(array (sites Empty)) (array (sites Top)) (array (sites Left))})
    """

    name = "intersection"
    overload = True
    kind = INTS
    arrays: Any = Param(ArrayOf(_INTS), many=True)

    def compile(self, c: Compiler):
        fns = [c.ints(a) for a in self.arrays.items]
        if len(fns) == 2 and not self._braced():
            first, second = fns

            def of_two(s: State, e: Env) -> list[int]:
                keep = set(first(s, e))
                return [v for v in second(s, e) if v in keep]
            return of_two

        def of_many(s: State, e: Env) -> list[int]:
            if not fns:
                return []
            values = list(fns[0](s, e))
            for fn in fns[1:]:
                keep = set(fn(s, e))
                values = [v for v in values if v in keep]
            return values
        return of_many

    def _braced(self) -> bool:
        """Whether the arrays were given as one ``{...}`` (else as arguments one by one, the
        first's span being the whole list's)."""
        items = self.arrays.items
        return not items or getattr(items[0], "span", None) != self.arrays.span


__all__ = ["SizesGroup", "Results", "DifferenceInts", "IntersectionInts", "PLAYER_KINDS"]


# --- players of a kind (Ludii's intArray players) ------------------------------------------------------
def _players_of(kind: str):
    """test(game, state, of, p) -> whether player p is of this kind for player ``of``."""
    if kind == "All":
        return lambda g, s, of, p: True
    if kind == "NonMover":
        return lambda g, s, of, p: p != s.mover
    if kind == "Enemy":
        return lambda g, s, of, p: p != of and not g.friends(p, of)
    if kind in ("Friend", "Ally"):
        return lambda g, s, of, p: g.friends(p, of) and (kind == "Friend" or p != of)
    team = int(kind[4:])  # TeamN
    return lambda g, s, of, p: g.team_of[p] == 100 + team


class _Players(Ludeme):
    """Players of a kind, in turn order, as an array (Ludii's ``players``): with ``if:``, only
    those for whom the condition holds (``Player`` being the player tested); ``of:`` is the
    player the kind is relative to (``Enemy``, ``Friend``: the mover when left out).

    Parameters:
        of: the player the kind is relative to (the mover when left out)
        if: the condition a player must meet, ``Player`` being the player
    """

    kind = INTS
    of: Any = Param(INT_FN, optional=True, named=True, range=(0, 16))
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")
    role = "All"

    def compile(self, c: Compiler):
        game = c.game
        test = _players_of(self.role)
        of = c.int(self.of) if self.of is not None else (lambda s, e: s.mover)
        cond = c.bool(self.condition) if self.condition is not None else None
        n = game.num_players

        def players(s: State, e: Env) -> list[int]:
            who = of(s, e)
            frame = e.child()
            out = []
            for p in range(1, n + 1):
                if not test(game, s, who, p):
                    continue
                if cond is not None:
                    frame.player = p
                    if not cond(s, frame):
                        continue
                out.append(p)
            return out
        return players


def _players_class(role: str) -> type:
    doc = (f"The players that are {role} (see Ludii's ``players``), in turn order, as an array.\n\n"
           "    Parameters:\n        of: the player the kind is relative to (the mover when left out)\n"
           "        if: the condition a player must meet, ``Player`` being the player\n\n"
           f"    Examples:\n        (players {role})\n        (players {role} if:(> (score Player) 0))\n    ")
    return type(f"Players{role}", (_Players,), {"__doc__": doc, "name": f"players {role}", "role": role,
                                                "__module__": __name__})


PLAYER_KINDS = ["All", "NonMover", "Enemy", "Friend", "Ally"] + [f"Team{i}" for i in range(1, 17)]
for _role in PLAYER_KINDS:
    globals()[f"Players{_role}"] = _players_class(_role)




class UnionInts(Ludeme):
    """Arrays of ints merged into one (Ludii's ``union`` of arrays): the first array as it is,
    then each value of the next arrays, in their order, that is not in it yet (so a value
    repeated in the first array stays repeated; one repeated in a later array is added once).

    Parameters:
        arrays: two arrays, or ``{...}`` several

    Examples:
        (union (array (sites Top)) (array (sites Left)))
        (union {(array (sites Top)) (array (sites Left)) (array (sites Bottom))})
    """

    name = "union"
    overload = True
    kind = INTS
    concepts = ("Union",)
    arrays: Any = Param(ArrayOf(_INTS), many=True)

    def compile(self, c: Compiler):
        fns = [c.ints(a) for a in self.arrays.items]

        def merged(s: State, e: Env) -> list[int]:
            if not fns:
                return []
            values = list(fns[0](s, e))
            seen = set(values)
            for fn in fns[1:]:
                for v in fn(s, e):
                    if v not in seen:
                        seen.add(v)
                        values.append(v)
            return values
        return merged


__all__ += ["UnionInts"]
