"""Surround captures and liberties, as in Go (Ludii's ``enclose``, ``count Liberties``), and
events a rule raises for a player and another reads (``trigger``, ``is Triggered``).

Groups come from :mod:`interpreter.engine.groups`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

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
    """Surround capture: each group of sites next to a site (the last move's by default)
    that meet the between condition (an enemy piece by default), joined along the
    directions (``Adjacent`` by default), that has no empty neighbour (a liberty; the board's
    edge closes) gets the between effect at each of its sites (removal by default). Every
    enclosed group is found before any effect is applied.

    Parameters:
        type: the kind of site (the board's own kind when left out)
        from: the site the search starts from (the last move's when left out)
        directions: how sites join into a group (``Adjacent`` when left out)
        between: what the enclosed sites must be, and what happens to them (removal when left out)
        numException: liberties a group may keep and still be enclosed
        then: consequences applied after the capture

    Examples:
        (enclose (from (last To)) Orthogonal (between if:(is Enemy (who at:(between))) (apply (remove (between)))))
        (enclose Orthogonal)
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

    def _check(self, c: Compiler) -> None:
        """Refuse what is not supported yet."""
        check_site_type(c, self, self.type)
        if self.numException is not None:
            raise BindError("enclose: numException: (liberties allowed) is not supported yet", self.numException.span)
        between = self.between
        if between is not None and between.condition is not None and \
                any(getattr(n, "name", "") == "is Empty" for n in between.condition.walk()):
            raise BindError("enclose: a between condition that takes empty sites is not supported yet",
                            between.condition.span)

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

    def compile_effect(self, c: Compiler):
        self._check(c)
        frm = self.source
        origin = c.site(frm.sites) if frm is not None and frm.sites is not None else (lambda s, e: s.last_to)
        table = c.adjacency(self.directions)
        cond, effect = self._between(c)
        then = self.then.compile_effect(c) if self.then is not None else None

        def run(s: State, e: Env) -> None:
            start = origin(s, e)
            if start < 0 or not s.what[start]:
                return
            frame = e.child()  # (between) at each site tested, then at each site enclosed

            def target(x: int) -> bool:
                frame.between = x
                return bool(cond(s, frame))
            what = s.what
            enclosed: list[list[int]] = []
            seen: set[int] = set()
            for first in table[start]:
                if first in seen or not target(first):
                    continue
                group = group_at(first, table, target)
                seen.update(group)
                members = set(group)
                if not any(not what[t] and t not in members for x in group for t in table[x]):
                    enclosed.append(group)
            for group in enclosed:
                for x in group:
                    frame.between = x
                    effect(s, frame)
                if then is not None:
                    then(s, frame)
        return run


class CountLiberties(Ludeme):
    """The number of empty sites next to the group of the piece on a site (the last move's by
    default), as Ludii's: the group is the site and the sites joined to it along the directions
    (``Adjacent`` by default) holding the same piece as it, and, with ``if:``, meeting the
    condition (``(to)`` being the site tested, ``(from)`` the first site; the first site itself
    only when it meets it).

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
                frame.frm = x

                def member(t: int) -> bool:
                    frame.to = t
                    return what[t] == kind and bool(cond(s, frame))
                group = group_at(x, table, member)
            inside = set(group)
            return len({t for y in group for t in table[y] if not what[t] and t not in inside})
        return liberties


def _trigger_array(event) -> str:
    """The name of the state array of an event: one flag per player."""
    return "triggered_" + re.sub(r"\W", "_", event.value)


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
