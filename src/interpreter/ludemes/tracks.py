"""Sites of tracks and moves along them (Ludii's ``trackSite FirstSite``, ``trackSite EndSite``,
``count StepsOnTrack``, ``firstMoveOnTrack``; ``trackSite Move`` and ``sites Track`` are with
the tracks' other ludemes).

Each of Ludii's track ludemes chooses its track its own way (by name, owner, or the first
one); each is written here as Ludii's does it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import ontrack
from ..engine.env import Env
from ..engine.movegen import FnGen, MoveGen
from ..engine.values import const_fn
from ..errors import BindError
from .base import (
    ANY_INT,
    BOOL_FN,
    INT,
    INT_FN,
    MOVES,
    MOVES_T,
    ROLE,
    SITE_NUMBER,
    STR_LIT,
    THEN,
    Either,
    Instance,
    Ludeme,
    Param,
    kind_of,
)
from .containers import owner_fn

if TYPE_CHECKING:
    from ..compile.compiler import Compiler
    from ..engine.move import Move
    from ..engine.state import State
    from ..engine.tracks import Track

UNDEFINED = -1


def _tracks(c: Compiler, where: Ludeme) -> tuple:
    tracks = tuple(c.tracks)
    if not tracks:
        raise BindError(f"({where.name} ...) but the board has no tracks", where.span)
    return tracks


def _players(c: Compiler) -> range:
    """Every owner number a role may give: nobody, the players, Shared."""
    return range(0, c.game.num_players + 2)


def end_track(tracks: tuple, title: str | None, player: int) -> Track:
    """Ludii's choice of ``trackSite FirstSite`` and ``EndSite``: with a name and no player, the
    first track whose name contains it; with both, the first such track of that player; with
    neither, the first track of that player or of nobody; else the board's first track."""
    for t in tracks:
        if title is not None and player == 0:
            if title in t.name:
                return t
        elif title is not None:
            if title in t.name and t.owner == player:
                return t
        elif t.owner in (player, 0):
            return t
    return tracks[0]


def step_track(tracks: tuple, title: str | None, player: int) -> Track | None:
    """Ludii's choice of ``count StepsOnTrack``: the first track of the player whose name
    contains the name, else the player's first track, else the first track of nobody."""
    if title is not None:
        for t in tracks:
            if title in t.name and t.owner == player:
                return t
    for t in tracks:
        if t.owner == player:
            return t
    for t in tracks:
        if t.owner == 0:
            return t
    return None


class TrackSiteFirstSite(Ludeme):
    """The first site of a track (from the site given, going round) where the condition holds
    (``(to)`` being the site tried): the first site itself without a condition; -1 when no site
    does, or when the site given is not on the track (a ``from:`` that comes to no site, -1, looks
    from the track's first site, as Ludii's). The track: with a name, the first whose
    name contains it (of the player given, if one is); else the first of the player or of
    nobody; else the board's first.

    Parameters:
        role: the player whose track it is
        title: the track's name, or part of it
        from: the site to look from (the track's first when left out)
        if: the condition the site must meet

    Examples:
        (trackSite FirstSite)
        (trackSite FirstSite from:(mapEntry "LeftMost" Mover) if:(is Empty (to)))
    """

    name = "trackSite FirstSite"
    kind = INT
    role: Any = Param(Either((ROLE, Instance("player"))), optional=True)
    title: Any = Param(STR_LIT, optional=True)
    frm: Any = Param(INT_FN, optional=True, named=True, key="from", range=SITE_NUMBER)
    condition: Any = Param(BOOL_FN, optional=True, named=True, key="if")

    def compile(self, c: Compiler):
        tracks = _tracks(c, self)
        title = self.title.value if self.title is not None else None
        who = owner_fn(c, self.role) if self.role is not None else const_fn(0)
        table = {p: end_track(tracks, title, p) for p in _players(c)}
        frm = c.int(self.frm) if self.frm is not None else None
        cond = c.bool(self.condition) if self.condition is not None else None

        def first(s: State, e: Env) -> int:
            track = table.get(who(s, e))
            if track is None:
                return UNDEFINED
            sites = track.sites
            start = 0
            site = frm(s, e) if frm is not None else UNDEFINED
            if site != UNDEFINED:  # a from: that names no site looks from the track's first, as Ludii's
                start = track.index_of(site)
                if start < 0:
                    return UNDEFINED
            if cond is None:
                return sites[start]
            frame = e.child()
            n = len(sites)
            for j in range(start, start + n):
                frame.to = sites[j % n]
                if cond(s, frame):
                    return frame.to
            return UNDEFINED
        return first


class TrackSiteEndSite(Ludeme):
    """The last site of a track (its End when it has one: -2), chosen as ``trackSite FirstSite``
    chooses.

    Parameters:
        role: the player whose track it is
        title: the track's name, or part of it

    Examples:
        (trackSite EndSite)
        (trackSite EndSite Mover "Track")
    """

    name = "trackSite EndSite"
    kind = INT
    role: Any = Param(Either((ROLE, Instance("player"))), optional=True)
    title: Any = Param(STR_LIT, optional=True)

    def compile(self, c: Compiler):
        tracks = _tracks(c, self)
        title = self.title.value if self.title is not None else None
        table = {p: end_track(tracks, title, p).sites[-1] for p in _players(c)}
        if self.role is None:
            return const_fn(table[0])
        who = owner_fn(c, self.role)
        return lambda s, e: table.get(who(s, e), UNDEFINED)


class CountStepsOnTrack(Ludeme):
    """The number of steps along a track from one site to another (going round to the track's
    start when the second comes before the first); -1 when the second is not on the track.
    The track: the first of the player (the mover by default) whose name contains the name,
    else the player's first, else the first of nobody. When a track passes a site twice, the
    count starts where the piece on the first site was brought along it (Ludii's
    OnTrackIndices).

    Parameters:
        role: the player whose track it is (the mover when left out)
        title: the track's name, or part of it
        site1: the site counted from
        site2: the site counted to

    Examples:
        (count StepsOnTrack (from) (to))
        (count StepsOnTrack P1 "Track" (last From) (last To))
    """

    name = "count StepsOnTrack"
    kind = INT
    role: Any = Param(Either((ROLE, Instance("player"))), optional=True)
    title: Any = Param(STR_LIT, optional=True)
    site1: Any = Param(INT_FN, optional=True, range=ANY_INT)
    site2: Any = Param(INT_FN, optional=True, range=ANY_INT)

    def compile(self, c: Compiler):
        tracks = _tracks(c, self)
        title = self.title.value if self.title is not None else None
        who = owner_fn(c, self.role) if self.role is not None else (lambda s, e: s.mover)
        table = {p: step_track(tracks, title, p) for p in _players(c)}
        # (Ludii requires both sites; without one, no site: -1)
        one = c.int(self.site1) if self.site1 is not None else const_fn(-1)
        two = c.int(self.site2) if self.site2 is not None else const_fn(-1)
        forward_only = any(t.internal_loop for t in tracks)
        counted = c.game.on_track is not None  # a track passes a site twice: where pieces are is kept
        number = {id(t): k for k, t in enumerate(c.game.tracks)}

        def steps(s: State, e: Env) -> int:
            player = who(s, e)
            track = table.get(player)
            if track is None:
                return -1
            sites = track.sites
            n = len(sites)
            start = ontrack.start_index(s, track, number[id(track)], player, one(s, e), counted)
            if start < 0:
                return -1
            target = two(s, e)
            count = 0
            for i in range(start, n):
                if sites[i] == target:
                    return count
                count += 1
            if forward_only and not track.looped:
                return -1  # Ludii's tracks with an internal loop are not walked round
            for i in range(min(start, n)):
                if sites[i] == target:
                    return count
                count += 1
            return -1
        return steps


class FirstMoveOnTrack(Ludeme):
    """The moves of the first site along a track that has any (``(site)`` being the site
    tried; the track's End is skipped): the first track (without a name), the track of that
    exact name (without an owner), or the owner's first track whose name contains it. As in
    Ludii, ``then`` is not added to the moves, and a track that does not exist gives no moves.

    Parameters:
        title: the track's name, or part of it
        role: the owner of the track
        moves: the moves tried at each site
        then: consequences (not used, as in Ludii)

    Examples:
        (firstMoveOnTrack (forEach Piece))
        (firstMoveOnTrack "Track" Mover (if (is Friend (who at:(site))) (move Remove (site))))
    """

    name = "firstMoveOnTrack"
    kind = MOVES
    title: Any = Param(STR_LIT, optional=True)
    role: Any = Param(Either((ROLE, Instance("player"))), optional=True)
    moves: Any = Param(MOVES_T)
    then: Any = Param(kind_of(THEN), optional=True)

    def compile(self, c: Compiler) -> MoveGen:
        tracks = _tracks(c, self)
        title = self.title.value if self.title is not None else None
        inner = c.moves(self.moves)
        if title is None:
            table = {p: tracks[0] for p in _players(c)}
            who = const_fn(0)
        elif self.role is None:
            named = next((t for t in tracks if t.name == title), None)
            table = {p: named for p in _players(c)}
            who = const_fn(0)
        else:
            who = owner_fn(c, self.role)
            table = {p: next((t for t in tracks if t.owner == p and title in t.name), None) for p in _players(c)}

        def gen(s: State, e: Env) -> list[Move]:
            track = table.get(who(s, e))
            if track is None:
                return []
            frame = e.child()
            for site in track.sites:
                if site < 0:
                    continue
                frame.site = site
                found = inner.moves(s, frame)
                if found:
                    return list(found)
            return []
        return FnGen(gen)


__all__ = ["TrackSiteFirstSite", "TrackSiteEndSite", "CountStepsOnTrack", "FirstMoveOnTrack", "end_track",
           "step_track"]


class TrackIterator(Ludeme):
    """The index of the track an end rule's ``(forEach Track if:... ...)`` is testing (Ludii's
    ``(track)``, the context's track value): the board's tracks are tested in their order,
    from 0; -1 (Off) anywhere else.

    Examples:
        (track)
    """

    name = "track"
    overload = True
    bare = True  # written (track): this one, not the equipment
    kind = INT

    def words(self, w):
        return "the track tested"

    def compile(self, c: Compiler):
        return lambda s, e: e.track


__all__ += ["TrackIterator"]
