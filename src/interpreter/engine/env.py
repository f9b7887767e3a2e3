"""Where a rule is evaluated: the sites and player a rule refers to, passed as an argument.

Every compiled rule is a function ``fn(state, env)``. The :class:`Env` says what ``(to)``,
``(from)``, ``(between)``, ``(site)``, ``(player)``, ``(value)`` and ``(sites)`` (a group visited
by ``forEach Group``) mean where the rule is evaluated. Nothing shared is written and restored:
a rule that visits sites (a filter, a loop, a move generator) makes its own child frame once
(:meth:`Env.child`) and sets the variable it binds there, so the frame it was given, and every
outer frame, stays as it was.

The root frame :data:`ROOT` (nothing bound) is where the turn machinery starts; applying a move
evaluates its consequences in :meth:`Env.of_move` (its sites bound).
"""

from __future__ import annotations

from typing import Any

NO_SITE = -1


class Env:
    """The variables of one evaluation frame (:data:`FIELDS`). Frames are cheap copies: a rule
    that binds a variable for the sites it visits writes only into a frame it made itself."""

    FIELDS = ("to", "frm", "between", "site", "player", "value", "region", "path", "pips", "level", "track", "edge",
              "team", "hint", "hint_region", "carried")
    __slots__ = FIELDS

    to: int  # (to): the site a move goes to, or the site a (to ...) condition tests
    frm: int  # (from): the site a move comes from
    between: int  # (between): a site jumped over or enclosed
    site: int  # (site): the site visited by forEach Site
    player: int  # (player): the player visited by forEach Player
    value: int  # (value): the value visited by forEach Value
    region: tuple[int, ...]  # (sites): the group visited by forEach Group
    path: tuple[int, ...]  # the sites a move passed over (its between sites), while it is applied
    pips: int  # (pips): the value of the die visited by forEach Die (-1, Ludii's Off, elsewhere)
    level: int  # (level): the level of a stack visited (forEach Level, forEach Piece), 0 by default
    track: int  # (track): the index of the track visited by an end rule's forEach Track (-1, Off, elsewhere)
    edge: int  # (edge): the edge count a deduction puzzle's forAll Hint binds for each hint (-1, Off, elsewhere)
    team: tuple[int, ...]  # (team): the players of the team visited by forEach Team (none elsewhere)
    hint: int  # (hint): the value of the puzzle hint visited by forAll Hint (-1, Ludii's Off, elsewhere)
    hint_region: tuple[int, ...]  # (sites Hint): the sites of that hint (none elsewhere)
    carried: int  # the number of pieces a counted move carries, worked out when it was made (-1: none)

    def __init__(self, to: int = NO_SITE, frm: int = NO_SITE, between: int = NO_SITE, site: int = NO_SITE,
                 player: int = 0, value: int = 0, region: tuple[int, ...] = (), path: tuple[int, ...] = (),
                 pips: int = -1, level: int = 0, track: int = -1, edge: int = -1,
                 team: tuple[int, ...] = (), hint: int = -1, hint_region: tuple[int, ...] = (), carried: int = -1):
        self.to = to
        self.frm = frm
        self.between = between
        self.site = site
        self.player = player
        self.value = value
        self.region = region
        self.path = path
        self.pips = pips
        self.level = level
        self.track = track
        self.edge = edge
        self.team = team
        self.hint = hint
        self.hint_region = hint_region
        self.carried = carried

    def child(self) -> Env:
        """A copy to bind variables in (the caller owns it; this frame is unchanged)."""
        other = Env.__new__(Env)
        other.to = self.to
        other.frm = self.frm
        other.between = self.between
        other.site = self.site
        other.player = self.player
        other.value = self.value
        other.region = self.region
        other.path = self.path
        other.pips = self.pips
        other.level = self.level
        other.track = self.track
        other.edge = self.edge
        other.team = self.team
        other.hint = self.hint
        other.hint_region = self.hint_region
        other.carried = self.carried
        return other

    def bound(self, **values: Any) -> Env:
        """A copy with some variables bound (``env.bound(to=12)``)."""
        other = self.child()
        for name, value in values.items():
            setattr(other, name, value)
        return other

    @staticmethod
    def of_move(move: Any, outer: Env | None = None) -> Env:
        """The frame a move's own effects and consequences see: its sites as ``(from)`` and
        ``(to)``, the sites it passed over as its path (the rest from ``outer``, if given)."""
        env = outer.child() if outer is not None else Env()
        env.frm = move.frm
        env.to = move.to
        env.path = move.between
        env.carried = -1  # a count belongs to the move that carries it, not to an enclosing one
        for name, value in move.bound:  # what a loop bound when the move was made
            setattr(env, name, value)
        return env

    def __repr__(self) -> str:
        shown = [f"{name}={getattr(self, name)!r}" for name in Env.FIELDS
                 if getattr(self, name) not in (NO_SITE, 0, ())]
        return f"Env({', '.join(shown)})"


ROOT = Env()  #: nothing bound: where the turn machinery evaluates rules (never written to)

__all__ = ["Env", "ROOT", "NO_SITE"]
