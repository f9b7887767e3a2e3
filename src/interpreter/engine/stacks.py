"""Stacks of pieces on a site (Ludii's stacking containers): several pieces, one on another.

A game whose rules stack pieces (Ludii's *stacking* games: ``(place Stack ...)``, a move with
``stack:True``, ``(level)``, ``(size Stack ...)``...) keeps, besides the board's ``what`` and
``who`` (which always say the TOP piece of each site, so every rule that reads them keeps
working), the levels below the top in the state array ``stack`` (:data:`STACK`): per board
site a tuple of levels, bottom first, each level a tuple ``(what, v1, v2...)`` of the piece and
the values its piece arrays (its local state...) had when it was covered. Level 0 is the
bottom of a stack; the top is level ``size - 1``.

Every change goes through the functions here (:func:`push`, :func:`pop`, :func:`remove_level`,
:func:`insert`, :func:`move_top`, :func:`move_stack`, :func:`move_level`), which keep the top
piece, the levels below it and the players' counts (``state.counts``: every piece on the board,
at any level) together, each change journaled (undo restores everything). A game without stacks
has no such array and pays nothing.

As in Ludii, in a stacking game a piece moved or placed onto an occupied site goes on top of the
pieces there (nothing is captured unless a rule removes it), and a removal takes the top piece
(or the level asked for).

The sites after the board's (the hands' and a deck's, :mod:`.handsites`, :mod:`.decks`) hold
stacks too, as Ludii's stacking containers: their top piece is the one
:data:`~.arrays.HAND_SITES` holds, the levels below it are in ``stack`` after the board's
sites; a piece there keeps the piece arrays that cover the hands' sites (its local state and
value, :func:`.handsites.spread_piece_arrays`), and the players' counts are the board's only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ontrack

if TYPE_CHECKING:
    from .game import Declarations
    from .move import Move
    from .state import State

STACK = "stack"  # the state array: per board site, the levels below the top piece, bottom first
# the state array of what Ludii's stacks leave above their top: per board site, the values (a
# level's without its piece) of the levels from the stack's size up, as a level taken out of
# the middle of a stack left them (Ludii's ContainerStateStacks keeps per level arrays: removing
# a level shifts those above down and clears only the piece of the old top level, so its local
# state, rotation and value stay there; a piece moved on top of the stack without its values,
# Ludii's ActionMoveTopPiece, takes them)
REST = "stack_rest"
# the state array (one item) of the positions Ludii's owned lists keep where no such piece is:
# a tuple of (piece, site, level). Ludii's forEach Piece iterates its owned lists (Owned:
# per player and kind, the (site, level) of each piece), which its actions keep up to date one
# by one; its promotion of the lone piece of a stack (ActionPromote, stacking) adds the new
# piece's position but leaves the old one's, so forEach Piece makes that old piece's moves
# from there too, until a removal of that kind of piece at that site and level takes it out
# (Owned.remove(player, piece, site, level): every such position; the levels above at that
# site go down one)
GHOSTS = "owned_ghosts"
# the piece arrays that are Ludii's per level arrays (the others, a count, go with the piece)
SLOT_ARRAYS = frozenset(("piece_states", "rotation", "piece_values", "piece_valued"))

Entry = tuple[int, ...]  # one level: (what, value of each piece array...)


def declare(d: Declarations) -> None:
    """Make the game a stacking game (once; a ludeme that uses stacks calls this from its
    ``declare``): the ``stack`` array, one empty tuple per board site and per site after the
    board's (:func:`cover`)."""
    d.stacking = True
    d.array(STACK, [()] * d.num_sites)
    d.array(REST, [()] * d.num_sites)
    d.array(GHOSTS, [()])
    from .handsites import hands_of_sites
    hands_of_sites(d)  # Ludii's hands in a stacking game hold stacks on their sites
    cover(d)


def cover(d: Declarations) -> None:
    """Make the ``stack`` array, if declared, cover the sites after the board's declared so far
    (a hand or a deck declaring its sites calls this too)."""
    from .arrays import HAND_SITES
    data = d.arrays.get(STACK)
    if data is not None:
        data.extend([()] * (d.num_sites + len(d.arrays.get(HAND_SITES, ())) - len(data)))


def _top(state: State, site: int) -> int:
    """The top piece of any site (the board's or one after it; 0: none)."""
    if 0 <= site < len(state.what):
        return state.what[site]
    from .handsites import what_at
    return what_at(state, site)


def _place(state: State, site: int, what: int) -> None:
    """Make ``what`` (0: none) the top piece of any site."""
    if site < len(state.what):
        state.place(site, what)
    else:
        from .handsites import put
        put(state, site, what)


# --- reading ---------------------------------------------------------------------------------------
def below(state: State, site: int) -> tuple[Entry, ...]:
    """The levels under the top piece of ``site``, bottom first (none for a site off the board)."""
    data = state.arrays.get(STACK)
    if data is None or not 0 <= site < len(data):
        return ()
    under: tuple[Entry, ...] = data[site]
    return under


def size(state: State, site: int) -> int:
    """How many pieces are stacked on ``site`` (Ludii's ``(size Stack at:site)``)."""
    if site < 0 or not _top(state, site):
        return 0
    return len(below(state, site)) + 1


def top_level(state: State, site: int) -> int:
    """The level of the top piece of ``site`` (Ludii's ``(topLevel at:site)``: 0 when empty)."""
    n = size(state, site)
    return n - 1 if n else 0


def top_entry(state: State, site: int) -> Entry:
    """The top piece of ``site`` as a level: (what, its piece arrays' values...)."""
    arrays = state.arrays
    if site >= len(state.what):  # a site after the board's: the piece arrays that cover it
        return (_top(state, site),) + tuple(_off_board(arrays[name], name, site) for name in state.game.piece_arrays)
    return (state.what[site],) + tuple(arrays[name][site] for name in state.game.piece_arrays)


def _off_board(data: list[int], name: str, site: int) -> int:
    """The value of a piece array at a site after the board's: the local state, value or
    rotation of the piece there when the array covers the hands' sites (Ludii's containers
    each keep them, :func:`.handsites.spread_piece_arrays`); a count is the board's only."""
    return data[site] if name != "count" and site < len(data) else 0


def entry(state: State, site: int, level: int) -> Entry | None:
    """The piece at ``level`` of ``site`` (None when there is none)."""
    if site < 0 or level < 0 or not _top(state, site):
        return None
    under = below(state, site)
    if level < len(under):
        return under[level]
    if level == len(under):
        return top_entry(state, site)
    return None


def levels(state: State, site: int) -> list[Entry]:
    """Every piece stacked on ``site``, bottom first."""
    if site < 0 or not _top(state, site):
        return []
    return list(below(state, site)) + [top_entry(state, site)]


def what_at(state: State, site: int, level: int) -> int:
    """The piece at ``level`` of ``site`` (0 for none)."""
    found = entry(state, site, level)
    return found[0] if found is not None else 0


def who_at(state: State, site: int, level: int) -> int:
    """The owner of the piece at ``level`` of ``site`` (0 for none)."""
    return state.game.owner_of[what_at(state, site, level)]


def value_at(state: State, site: int, level: int, name: str) -> int:
    """The value of the piece array ``name`` (its local state...) of the piece at ``level``."""
    found = entry(state, site, level)
    if found is None:
        return 0
    index = state.game.piece_arrays.index(name)
    return found[1 + index] if 1 + index < len(found) else 0


def owners(state: State, site: int) -> list[int]:
    """The owners of the pieces of ``site``, bottom first."""
    owner_of = state.game.owner_of
    return [owner_of[level[0]] for level in levels(state, site)]


# --- changing ----------------------------------------------------------------------------------------
def _count(state: State, site: int, owner: int, delta: int) -> None:
    if owner and site < len(state.what):  # the players' counts are the board's pieces
        state.set_item(state.counts, owner, state.counts[owner] + delta)


def _set_top(state: State, site: int, level: Entry) -> None:
    """Make ``level`` the top piece of ``site`` (the board's what/who and the piece arrays)."""
    if site >= len(state.what):  # a site after the board's: its piece and the arrays covering it
        _place(state, site, level[0])
        for name, value in zip(state.game.piece_arrays, level[1:]):
            data = state.arrays[name]
            if name != "count" and site < len(data) and data[site] != value:
                state.set_item(data, site, value)
        return
    state.place(site, level[0])
    arrays = state.arrays
    for name, value in zip(state.game.piece_arrays, level[1:]):
        if value and arrays[name][site] != value:
            state.set_item(arrays[name], site, value)


def _set_below(state: State, site: int, under: tuple[Entry, ...]) -> None:
    state.set_item(state.arrays[STACK], site, under)


def new_entry(state: State, what: int) -> Entry:
    """A fresh piece of kind ``what`` as a level (its piece arrays at 0)."""
    return (what,) + (0,) * len(state.game.piece_arrays)


def _rest(state: State, site: int) -> tuple[tuple[int, ...], ...]:
    data = state.arrays.get(REST)
    if data is None or not 0 <= site < len(data):
        return ()
    rest: tuple[tuple[int, ...], ...] = data[site]
    return rest


def _set_rest(state: State, site: int, rest: tuple[tuple[int, ...], ...]) -> None:
    data = state.arrays.get(REST)
    if data is not None and 0 <= site < len(data) and data[site] != rest:
        state.set_item(data, site, rest)


def _left(state: State, site: int, values: tuple[int, ...]) -> None:
    """The level just above the top of ``site`` now holds ``values`` (what a level taken off
    leaves there: zeros for Ludii's removal of the top piece, the old top's values for its
    removal of a level)."""
    rest = _rest(state, site)
    if rest or any(values):
        _set_rest(state, site, (values,) + rest)


def _revived(state: State, site: int, level: Entry) -> Entry:
    """``level`` with the values Ludii's stack keeps at the level it goes to on top of ``site``
    (its per level local state, rotation and value: :data:`REST`)."""
    rest = _rest(state, site)
    old = rest[0] if rest else ()
    names = state.game.piece_arrays
    values = tuple((old[i] if i < len(old) else 0) if name in SLOT_ARRAYS else v
                   for i, (name, v) in enumerate(zip(names, level[1:])))
    return (level[0],) + values


def ghosts(state: State) -> tuple[tuple[int, int, int], ...]:
    """The positions (piece, site, level) Ludii's owned lists keep where no such piece is
    (:data:`GHOSTS`), in the order they were left."""
    data = state.arrays.get(GHOSTS)
    if data is None:
        return ()
    found: tuple[tuple[int, int, int], ...] = data[0]
    return found


def _owned_removed(state: State, what: int, site: int, level: int) -> None:
    """Ludii's Owned.remove(owner, what, site, level) for the positions no piece is at: those
    of that piece, site and level go; those above at that site go down one level."""
    data = state.arrays.get(GHOSTS)
    if data is None or not data[0]:
        return
    kept = tuple((w, x, lv - 1 if x == site and lv > level else lv) for w, x, lv in data[0]
                 if not (w == what and x == site and lv == level))
    if kept != data[0]:
        state.set_item(data, 0, kept)


def promote(state: State, site: int, what: int) -> None:
    """Ludii's promotion of the top piece of ``site`` into ``what`` (ActionPromote, stacking):
    when it is the lone piece of its stack, the old piece stays in Ludii's owned lists
    (:data:`GHOSTS`); its local state goes (a new piece)."""
    old = state.what[site]
    if not old or old == what:
        if old:
            state.place(site, what)
        return
    data = state.arrays.get(GHOSTS)
    if data is not None and not below(state, site) and state.game.owner_of[old]:
        state.set_item(data, 0, data[0] + ((old, site, 0),))
    state.place(site, what)


def push(state: State, site: int, level: Entry | None, revive: bool = False) -> None:
    """Put a piece on top of ``site`` (nothing for None: what :func:`pop` gives for an empty site);
    ``revive``: it takes the values Ludii's stack kept at that level (a piece moved on top
    without its values, Ludii's ActionMoveTopPiece), instead of its own."""
    if level is None or not level[0]:
        return
    from .arrays import HAND, HAND_SITES
    if site >= len(state.what) and HAND_SITES not in state.arrays and HAND in state.arrays:
        hand = state.arrays[HAND]  # a plain hand (pieces counted by kind): one more of its kind
        state.set_item(hand, level[0], hand[level[0]] + 1)
        return
    rest = _rest(state, site)
    if rest:
        if revive:
            level = _revived(state, site, level)
        _set_rest(state, site, rest[1:])
    elif revive:
        level = _revived(state, site, level)
    if _top(state, site):
        covered = top_entry(state, site)
        _set_below(state, site, below(state, site) + (covered,))
        _count(state, site, state.game.owner_of[covered[0]], +1)  # still on the board, under the new top
    _set_top(state, site, level)


def pop(state: State, site: int) -> Entry | None:
    """Take the top piece off ``site`` (the one below becomes the top); returns it. Its level
    is cleared (Ludii's removal of the top piece)."""
    if not _top(state, site):
        return None
    taken = top_entry(state, site)
    _left(state, site, (0,) * (len(taken) - 1))
    _owned_removed(state, taken[0], site, len(below(state, site)))
    under = below(state, site)
    if under:
        uncovered = under[-1]
        _set_below(state, site, under[:-1])
        _set_top(state, site, uncovered)
        _count(state, site, state.game.owner_of[uncovered[0]], -1)  # counted already, as a covered piece
    else:
        _place(state, site, 0)
    return taken


def remove_level(state: State, site: int, level: int) -> Entry | None:
    """Take the piece at ``level`` off ``site`` (those above go down one level); returns it."""
    under = below(state, site)
    if not _top(state, site) or level < 0:
        return None
    if level >= len(under):
        taken = pop(state, site)
        if taken is not None:  # as Ludii's removal of a level: the old top level keeps its values
            _set_rest(state, site, (taken[1:],) + _rest(state, site)[1:])
        return taken
    top = top_entry(state, site)
    taken = under[level]
    _owned_removed(state, taken[0], site, level)
    _set_below(state, site, under[:level] + under[level + 1:])
    _count(state, site, state.game.owner_of[taken[0]], -1)
    _left(state, site, top[1:])  # the levels above shift down; the old top level keeps its values
    return taken


def insert(state: State, site: int, level: int, piece: Entry) -> None:
    """Put a piece at ``level`` of ``site`` (those from there up go up one level); on top when
    ``level`` is the stack's size or more, or negative."""
    if not piece[0]:
        return
    n = size(state, site)
    if level < 0 or level >= n:
        push(state, site, piece)
        return
    rest = _rest(state, site)
    if rest:  # the levels from there up shift up: the first level above the top is written
        _set_rest(state, site, rest[1:])
    under = below(state, site)
    _set_below(state, site, under[:level] + (piece,) + under[level:])
    _count(state, site, state.game.owner_of[piece[0]], +1)


def take_all(state: State, site: int) -> list[Entry]:
    """Take every piece off ``site``; returns them, bottom first."""
    taken = levels(state, site)
    _set_rest(state, site, ())  # Ludii's removal of a whole stack forgets its levels
    if taken:
        for level in taken[:-1]:
            _count(state, site, state.game.owner_of[level[0]], -1)
        if below(state, site):
            _set_below(state, site, ())
        _place(state, site, 0)
    return taken


def move_top(state: State, frm: int, to: int, level_to: int = -1) -> None:
    """Move the top piece of ``frm`` onto ``to`` (at ``level_to`` when given). On top of ``to``,
    it takes the values Ludii's stack kept at that level (Ludii's ActionMoveTopPiece moves the
    piece alone, not its local state, rotation or value: see :data:`REST`)."""
    if frm == to:
        return
    piece = pop(state, frm)
    if piece is not None:
        if level_to < 0 or level_to >= size(state, to):
            push(state, to, piece, revive=True)
        else:
            insert(state, to, level_to, piece)
        if state.game.on_track is not None:
            ontrack.moved(state, piece[0], frm, to)


def move_stack(state: State, frm: int, to: int, level_to: int = -1) -> None:
    """Move the whole stack of ``frm`` onto ``to`` (in order; inserted from ``level_to`` up when
    given)."""
    if frm == to:
        return
    pieces = take_all(state, frm)
    for k, piece in enumerate(pieces):
        insert(state, to, level_to + k if level_to >= 0 else -1, piece)
    # (Ludii's ActionMoveStacking leaves the tracks' counts as they are: engine.ontrack)


def move_level(state: State, frm: int, level: int, to: int, level_to: int = -1) -> None:
    """Move the piece at ``level`` of ``frm`` onto ``to`` (at ``level_to`` when given)."""
    if frm == to:
        return
    piece = remove_level(state, frm, level)
    if piece is not None:
        insert(state, to, level_to, piece)
        if state.game.on_track is not None:
            ontrack.moved(state, piece[0], frm, to)


def set_value(state: State, site: int, level: int, name: str, value: int) -> None:
    """Set the piece array ``name`` (local state...) of the piece at ``level`` of ``site``;
    nothing for a level above the top (Ludii's ActionSetState: only a level of the stack)."""
    under = below(state, site)
    if not _top(state, site) or level < 0 or level > len(under):
        return
    if level >= len(under):
        if site >= len(state.what):  # a site after the board's keeps no piece arrays
            return
        data = state.arrays[name]
        if data[site] != value:
            state.set_item(data, site, value)
        return
    index = 1 + state.game.piece_arrays.index(name)
    old = under[level]
    changed = old[:index] + (value,) + old[index + 1:]
    _set_below(state, site, under[:level] + (changed,) + under[level + 1:])


# --- the actions of moves in a stacking game ----------------------------------------------------------
def act_add(state: State, move: Move) -> None:
    """A placement: the piece goes on top of the site (at the move's level when it says one)."""
    levels_ = move.levels
    insert(state, move.to, levels_[1] if levels_ else -1, new_entry(state, move.what))
    if state.game.on_track is not None:
        ontrack.added(state, move.what, move.to)


def act_move(state: State, move: Move) -> None:
    """A move between sites: the top piece, a given level, or the whole stack (``stack:True``)."""
    levels_ = move.levels
    if levels_ is None:
        move_top(state, move.frm, move.to)
        return
    level, level_to, whole = levels_
    if whole:
        move_stack(state, move.frm, move.to, level_to)
    elif level >= 0:
        move_level(state, move.frm, level, move.to, level_to)
    else:
        move_top(state, move.frm, move.to, level_to)


def act_remove(state: State, move: Move) -> None:
    """A removal: the top piece of the site, or the level the move says (nothing now for a
    removal applied later: its rule marks the site)."""
    from .move import LATER
    if move.word == LATER:
        return
    levels_ = move.levels
    if levels_ is not None and levels_[0] >= 0:
        taken = remove_level(state, move.to, levels_[0])
    else:
        taken = pop(state, move.to)
    if taken is not None and state.game.on_track is not None:
        ontrack.removed(state, taken[0], move.to)


__all__ = ["STACK", "REST", "SLOT_ARRAYS", "GHOSTS", "ghosts", "promote", "declare", "cover", "below", "size", "top_level", "top_entry", "entry", "levels", "what_at",
           "who_at", "value_at", "owners", "new_entry", "push", "pop", "remove_level", "insert", "take_all",
           "move_top", "move_stack", "move_level", "set_value", "act_add", "act_move", "act_remove"]
