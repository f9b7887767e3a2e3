"""Surround captures and liberties, as in Go (Ludii's ``enclose``, ``count Liberties``), and
events a rule raises for a player and another reads (``trigger``, ``is Triggered``).

Groups come from :mod:`interpreter.engine.groups`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..engine.arrays import TRIGGERED
from ..engine.env import Env
from ..engine.groups import group_at
from ..engine.result import Termination
from ..errors import BindError
from .base import (
    BOOL,
    BOOL_FN,
    DIRS,
    DISTANCE,
    INT,
    INT_FN,
    MOVES,
    PLAYER,
    SITE_FN,
    STR_LIT,
    THEN,
    Instance,
    Ludeme,
    Param,
    kind_of,
)
from .measures import SITE_TYPE, check_site_type

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.game import Declarations
    from ..engine.state import State


class Enclose(Ludeme):
    """Surround capture, as Ludii's ``Enclose``: each group of sites next to a site (the last
    move's by default) that meet the between condition (an enemy piece by default), joined
    along the directions (``Adjacent`` by default), that has no liberty (an empty site next to
    it; the board's edge closes) gets the between effect at each of its sites (removal by
    default). Every enclosed group is found before any effect is applied.

    ``numException:`` lets a group keep that many empty sites (they join it, and take the
    effect too). When the between condition may take empty sites (it asks ``is Empty``), as
    Ludii's, a group is enclosed when no site next to it meets the condition and the sites
    next to it (the enclosing pieces) form one chain, each next to the previous one.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        from: the site the search starts from (the last move's when left out)
        directions: how sites join into a group (``Adjacent`` when left out)
        between: what the enclosed sites must be, and what happens to them (removal when left out)
        numException: empty sites a group may hold and still be enclosed (0 when left out)
        then: consequences applied after the effect at each enclosed site (Ludii adds them to
            each move its effect makes)

    Examples:
        (enclose (from (last To)) Orthogonal (between if:(is Enemy (who at:(between))) (apply (remove (between)))))
        (enclose Orthogonal)
        (enclose Orthogonal numException:1)
    """

    name = "enclose"

    def concepts_at(self, where):
        from .concepts import captures
        return ("EncloseCapture",) if captures(where, getattr(self.between, "apply", None)) else ()
    kind = MOVES
    type: Any = Param(SITE_TYPE, optional=True)
    source: Any = Param(Instance("from"), optional=True, key="from")
    directions: Any = Param(DIRS, optional=True)
    between: Any = Param(Instance("between"), optional=True)
    numException: Any = Param(INT_FN, optional=True, named=True, range=DISTANCE)
    then: Any = Param(kind_of("then"), optional=True)

    def where_for(self, param, where):
        return where.as_effect()

    def compile(self, c: Compiler):
        raise BindError("(enclose ...) is an effect: use it in (then ...), not as a move", self.span)

    def _takes_empty(self) -> bool:
        """Whether the between condition may take empty sites (Ludii: it has the IsEmpty concept)."""
        between = self.between
        return between is not None and between.condition is not None and \
            any(getattr(n, "name", "") == "is Empty" for n in between.condition.walk())

    def _between(self, c: Compiler) -> tuple[Any, Any]:
        """(cond, effect): what an enclosed site must be (an enemy piece by default) and what
        happens to it (removal by default), both with the site as ``(between)``."""
        between = self.between
        game = c.game
        if between is not None and between.condition is not None:
            cond = c.bool(between.condition)
        else:
            def cond(s: State, e: Env) -> bool:
                owner = s.who[e.between]
                return owner != 0 and not game.friends(owner, s.mover)
        if between is not None and between.apply is not None:
            effect = between.apply.compile_effect(c)
        else:
            def effect(s: State, e: Env) -> None:
                s.clear(e.between)
        return cond, effect

    def _groups(self, c: Compiler) -> Any:
        """fn(s, e) -> (frame, groups): the groups enclosed now (Ludii's Enclose.eval, before any
        effect), with the child frame whose ``between`` the search used."""
        check_site_type(c, self, self.type)
        frm = self.source
        origin = c.site(frm.sites) if frm is not None and frm.sites is not None else (lambda s, e: s.last_to)
        table = c.adjacency(self.directions)
        chain_table = c.adjacency(None, "All")  # Ludii's test of a single enclosing chain
        cond, _ = self._between(c)
        exceptions = c.int(self.numException) if self.numException is not None else (lambda s, e: 0)
        takes_empty = self._takes_empty()
        n = c.topo.n

        def groups(s: State, e: Env) -> tuple[Env, list[list[int]]]:
            frame = e.child()  # (between) at each site tested, then at each site enclosed
            start = origin(s, e)
            if not 0 <= start < n or not s.what[start]:
                return frame, []

            def target(x: int) -> bool:
                frame.between = x
                return bool(cond(s, frame))
            what = s.what
            allowed = exceptions(s, e)
            around: list[int] = []
            for x in table[start]:
                if x not in around and (target(x) or (allowed > 0 and not what[x])):
                    around.append(x)
            checked = [False] * n
            return frame, [g for first in around if not checked[first]
                           if (g := _enclosed_group(first, table, chain_table, target, what, allowed,
                                                    takes_empty, checked)) is not None]
        return groups

    def compile_effect(self, c: Compiler):
        groups = self._groups(c)
        _, effect = self._between(c)
        then = self.then.compile_effect(c) if self.then is not None else None

        def run(s: State, e: Env) -> None:
            frame, enclosed = groups(s, e)
            for group in enclosed:
                for x in group:
                    frame.between = x
                    effect(s, frame)
                    if then is not None:  # Ludii adds the consequences to each effect move
                        then(s, frame)
        return run

    def compile_exists(self, c: Compiler) -> Any:
        """fn(s, e) -> whether Ludii's Enclose, as moves, would list one now (``(can Move
        (enclose ...))``): whether a group is enclosed (each enclosed group makes its moves)."""
        groups = self._groups(c)
        return lambda s, e: bool(groups(s, e)[1])


def _enclosed_group(first: int, table: Any, chain_table: Any, target: Any, what: Any, allowed: int,
                    takes_empty: bool, checked: list[bool]) -> list[int] | None:
    """The group grown from ``first`` when it is enclosed (Ludii's Enclose.eval, for one site
    next to the origin); None when it has a liberty. Sites whose neighbours were all looked at
    are marked in ``checked``."""
    left = allowed - 1 if allowed > 0 and not what[first] else allowed
    members = {first}
    group = [first]
    i = 0
    while i < len(group):
        site = group[i]
        for x in table[site]:
            if x in members:
                continue
            if target(x):
                members.add(x)
                group.append(x)
            elif not what[x]:
                if left <= 0:
                    return None  # a liberty
                members.add(x)
                group.append(x)
                left -= 1
        checked[site] = True
        i += 1
    enclosing: list[int] = []
    for site in group:
        for x in table[site]:
            if x not in members and x not in enclosing:
                if (target(x) if takes_empty else not what[x]):
                    return None  # a liberty
                enclosing.append(x)
    if takes_empty:  # the enclosing sites must make one chain (Ludii walks it site by site)
        if not enclosing:
            return None
        current = enclosing[0]
        while len(enclosing) != 1:
            step = next((x for x in chain_table[current] if x in enclosing), None)
            if step is None:
                return None
            enclosing.remove(current)
            current = step
    return group


class CountLiberties(Ludeme):
    """The number of empty sites next to the group of the piece on a site (the last move's by
    default), as Ludii's: the group is the site and the sites joined to it along the directions
    (``Adjacent`` by default) holding the same piece as it, and, with ``if:``, meeting the
    condition (``(to)`` being the site tested, ``(from)`` the first site; the first site itself
    only when it meets it, tested before ``(from)`` is set to it).

    Parameters:
        type: the kind of site (the board's own kind when left out)
        at: the site whose group is counted (the last move's when left out)
        directions: how pieces join into the group (``Adjacent`` when left out)
        if: the condition the sites of the group must meet

    Examples:
        (count Liberties Orthogonal)
        (count Liberties at:(last To) Orthogonal)
        (count Liberties at:(to) Orthogonal if:(= (mover) (who at:(to))))
    """

    name = "count Liberties"
    kind = INT
    default_directions = "Adjacent"  # Ludii's directions concepts, as given or this default
    type: Any = Param(SITE_TYPE, optional=True)
    at: Any = Param(SITE_FN, optional=True, named=True)
    directions: Any = Param(DIRS, optional=True)
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")

    def compile(self, c: Compiler):
        check_site_type(c, self, self.type)
        at = c.site(self.at) if self.at is not None else (lambda s, e: s.last_to)
        table = c.adjacency(self.directions)
        cond = c.bool(self.condition) if self.condition is not None else None
        n = c.topo.n

        def liberties(s: State, e: Env) -> int:
            x = at(s, e)
            if not 0 <= x < n:
                return 0
            what = s.what
            kind = what[x]
            if cond is None:
                if not kind:  # the empty sites joined to it: no empty site is left beside them
                    return 0
                group = group_at(x, table, lambda t: what[t] == kind)
            else:
                frame = e.child()
                frame.to = x  # the site tested before (from) is set to it, as Ludii's
                if not cond(s, frame):
                    return 0
                frame.frm = x

                def member(t: int) -> bool:
                    if t == x:
                        return True
                    frame.to = t
                    return what[t] == kind and bool(cond(s, frame))
                group = group_at(x, table, member)
            inside = set(group)
            return len({t for y in group for t in table[y] if not what[t] and t not in inside})
        return liberties


def _trigger_array(event) -> str:
    """The name of the state array of an event: one flag per player."""
    return TRIGGERED + re.sub(r"\W", "_", event.value)


def _declare_trigger(d: Declarations, event) -> None:
    """The state array of an event (declared once)."""
    d.array(_trigger_array(event), [0] * (d.num_players + 1))


class Trigger(Ludeme):
    """Effect: raise an event for a player (``(is Triggered "Name" P)`` reads it). The event
    stays raised for the rest of the game.

    Parameters:
        event: the event's name
        role: the player it is raised for
        then: taken as Ludii's grammar takes it, and never applied, as in Ludii (its Trigger
            makes its move without the consequences)

    Examples:
        (trigger "CaptureMade" Next)
        (trigger "Moved" (player (mover)))
    """

    name = "trigger"
    always_a_move = True  # as Ludii's Trigger.eval: its move always (effect_moves)
    concepts = ("Trigger",)
    kind = MOVES
    event: Any = Param(STR_LIT)
    role: Any = Param(PLAYER)
    then: Any = Param(kind_of(THEN), optional=True)

    def compile(self, c: Compiler):
        raise BindError("(trigger ...) is an effect: use it in (then ...), not as a move", self.span)

    def declare(self, d: Declarations, c: Any) -> None:
        _declare_trigger(d, self.event)

    def compile_effect(self, c: Compiler):
        name = _trigger_array(self.event)
        who = c.player(self.role)

        def run(s: State, e: Env) -> None:
            flags = s.arrays[name]
            p = who(s, e)
            if not flags[p]:
                s.set_item(flags, p, 1)
        return run


class IsTriggered(Ludeme):
    """An event was raised for a player (by ``trigger``).

    Parameters:
        event: the event's name
        role: the player it was raised for

    Examples:
        (is Triggered "CaptureMade" Next)
    """

    name = "is Triggered"

    def words(self, w):
        return f'"{self.event.value}" was triggered for {w.of(self.role)}'
    termination = Termination.CAPTURE
    kind = BOOL
    event: Any = Param(STR_LIT)
    role: Any = Param(PLAYER)

    def declare(self, d: Declarations, c: Any) -> None:
        _declare_trigger(d, self.event)

    def compile(self, c: Compiler):
        name = _trigger_array(self.event)
        who = c.player(self.role)
        return lambda s, e: bool(s.arrays[name][who(s, e)])
