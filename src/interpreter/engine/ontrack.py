"""Where each piece is along tracks that pass a site more than once (Ludii's ``OnTrackIndices``).

On a track with an internal loop (a site met twice, not in a row: Pachisi's central row, an Ur
variant), a site alone does not say how far along the track a piece is. Ludii keeps, per track,
per kind of piece and per element of the track, a count of the pieces of that kind brought to
that element, and ``(trackSite Move ...)`` and ``(count StepsOnTrack ...)`` find a piece's
element from it: the first element on its site whose count is positive.

The counts change as Ludii's actions change them, quirks included:

- a placement (Ludii's ActionAdd) adds its count at the first element of its site on each
  track, twice in a stacking game (its stacking branch and its common tail both add);
- a move of one piece of kind ``what`` (ActionMove...) takes one off the first element of the
  from site where ``what`` counts, and puts it on the first element of the to site after that
  one (else the first element of the to site): a move round the loop goes on along the track;
  a piece coming from off the track goes to the to site's first element;
- a whole stack moved (ActionMoveStacking) changes nothing (Ludii's apply does not update them);
- a removal (ActionRemove) takes one off every element of its site, so counts can go below
  zero (Ludii's): a count is only ever asked whether it is positive.

The counts live in the state's array :data:`ON_TRACK` (journaled like every array), declared only
when the game has a track with an internal loop (Ludii's ``hasInternalLoopInTrack``) and a track
that is not looped (Ludii reads them for such a track only); otherwise :func:`layout` is None and
every function here returns at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import State

ON_TRACK = "on_track"  # the counts: one int per (track, kind of piece, element of the track)


@dataclass(frozen=True)
class Layout:
    """Where each track's counts are in :data:`ON_TRACK`, and each site's elements per track."""

    base: tuple[int, ...]  # per track: where its counts start
    length: tuple[int, ...]  # per track: its number of elements
    at: tuple[dict[int, tuple[int, ...]], ...]  # per track: site -> its elements, in order
    size: int  # the whole array's length

    def slot(self, track: int, what: int, index: int) -> int:
        """Where the count of kind ``what`` at element ``index`` of ``track`` is."""
        return self.base[track] + what * self.length[track] + index


def has_internal_loop(track: Any) -> bool:
    """Ludii's ``Track.hasInternalLoop``: a site met twice on a track with no site repeated in
    a row (a track with "bumps" never counts as one)."""
    return bool(track.internal_loop) and not track.bumps


def layout(tracks: Sequence[Any], kinds: int) -> Layout | None:
    """The counts' layout for a game's tracks and ``kinds`` kinds of piece (with the empty one),
    or None when no track has an internal loop (Ludii keeps no counts then), or when every track
    is looped (Ludii reads the counts only for a track that is not: they would change nothing)."""
    if not any(has_internal_loop(t) for t in tracks) or all(t.looped for t in tracks):
        return None
    base, length, at = [], [], []
    size = 0
    for t in tracks:
        base.append(size)
        length.append(len(t.sites))
        size += kinds * len(t.sites)
        where: dict[int, list[int]] = {}
        for i, site in enumerate(t.sites):
            where.setdefault(site, []).append(i)
        at.append({site: tuple(v) for site, v in where.items()})
    return Layout(tuple(base), tuple(length), tuple(at), size)


def _add(state: State, slot: int, count: int) -> None:
    data = state.arrays[ON_TRACK]
    state.set_item(data, slot, data[slot] + count)


def added(state: State, what: int, site: int, count: int = 1) -> None:
    """A placement of ``count`` pieces of kind ``what`` on ``site`` (Ludii's ActionAdd)."""
    lay = state.game.on_track
    if lay is None or what <= 0:
        return
    times = 2 if state.game.stacking else 1  # Ludii's ActionAdd adds twice in a stacking game
    for t, where in enumerate(lay.at):
        indices = where.get(site)
        if indices:
            _add(state, lay.slot(t, what, indices[0]), times * count)


def removed(state: State, what: int, site: int) -> None:
    """A removal of a piece of kind ``what`` from ``site`` (Ludii's ActionRemove: one less at
    every element of the site)."""
    lay = state.game.on_track
    if lay is None or what <= 0:
        return
    for t, where in enumerate(lay.at):
        for index in where.get(site, ()):
            _add(state, lay.slot(t, what, index), -1)


def moved(state: State, what: int, frm: int, to: int, count: int = 1) -> None:
    """A move of ``count`` pieces of kind ``what`` from ``frm`` to ``to`` (Ludii's
    ``updateOnTrackIndices`` of its move actions)."""
    lay = state.game.on_track
    if lay is None or what <= 0:
        return
    data = state.arrays[ON_TRACK]
    for t, where in enumerate(lay.at):
        here = where.get(frm, ())
        targets = where.get(to, ())
        if not here:  # coming onto the track
            if targets:
                _add(state, lay.slot(t, what, targets[0]), count)
            continue
        for index in here:
            slot = lay.slot(t, what, index)
            if data[slot] > 0:
                _add(state, slot, -count)
                later = [i for i in targets if i > index]
                if later or targets:
                    _add(state, lay.slot(t, what, (later or targets)[0]), count)
                break


def index_on(state: State, track_index: int, what: int, site: int) -> int:
    """The first element of ``site`` on the track where pieces of kind ``what`` count (-1: none)."""
    lay = state.game.on_track
    if lay is None:
        return -1
    data = state.arrays[ON_TRACK]
    for index in lay.at[track_index].get(site, ()):
        if data[lay.slot(track_index, what, index)] > 0:
            return index
    return -1


def piece_index(state: State, track: Any, track_index: int, player: int, site: int) -> int:
    """Where a piece on ``site`` is along ``track`` as Ludii's ``trackSite Move`` and ``count
    StepsOnTrack`` find it in a game with an internal loop: the kind of piece is the site's top
    one, or in a stack the lowest one of ``player`` (the track's player); its element is the
    first of the site where that kind counts (the track's length when none does); with no piece
    there, the site's first element (the length when the track does not pass there)."""
    from .stacks import levels
    n = len(track.sites)
    what = _top_what(state, site)
    if state.game.stacking:
        for entry in levels(state, site):
            if state.game.owner_of[entry[0]] == player:
                what = entry[0]
                break
    if what:
        index = index_on(state, track_index, what, site)
        return n if index < 0 else index
    index = track.index_of(site)
    return n if index < 0 else index


def start_index(state: State, track: Any, track_index: int, player: int, site: int, counted: bool) -> int:
    """Where a piece on ``site`` starts along ``track``: its kept index (``piece_index``) when the
    game keeps them (``counted``) and the track is not a loop, else the site's first element (the
    track's length when it does not pass there); -1 for no site in a counted game."""
    if counted and not track.looped:
        return -1 if site < 0 else piece_index(state, track, track_index, player, site)
    index = track.index_of(site)
    return len(track.sites) if index < 0 else index


def _top_what(state: State, site: int) -> int:
    if 0 <= site < len(state.what):
        return state.what[site]
    from .handsites import what_at
    return what_at(state, site)


__all__ = ["ON_TRACK", "Layout", "has_internal_loop", "layout", "added", "removed", "moved", "index_on",
           "piece_index"]
