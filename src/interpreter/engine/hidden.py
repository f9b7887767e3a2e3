"""Hidden information (Ludii's ``hidden``, ``hiddenWhat``, ``hiddenWho``... of a container
state): what each player may not see of each site.

Ludii keeps, per player and per site, seven flags: the site is invisible (``hidden``: all its
properties), or one property is hidden: the kind of piece (What), its owner (Who), its local
state (State), its count (Count), its rotation (Rotation), its value (Value). Here each flag is
a state array (written through the journal, so undo takes it back) with one entry per site of
the board and of the hands, a bit mask of the players it is hidden to (bit ``p`` for player
``p``). Ludii's flags belong to the site: a piece added or removed leaves them as they are; a
piece that moves takes its site's flags along (the site it leaves, once empty, shows all).

In a stacking game (:mod:`.stacks`) Ludii keeps the flags per level of each site's stack (its
ChunkStack: one flag per player and level): a level is read or written only while the stack
reaches it (a level at or above the stack's size reads as shown, and setting it does nothing);
the flags belong to the level, not to the piece: a piece moved, added or removed, and the
levels that shift down or up with it, leave every level's flags where they are (Ludii's
stacking moves carry no hidden information). Level 0 is kept in the site's arrays above, the
levels above it in the arrays of :data:`LEVELS` (declared only by a game naming a ``level:``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .arrays import COUNT, HAND, HAND_SHARED, HAND_SITES

if TYPE_CHECKING:
    from .game import Declarations, Game
    from .state import State

INVISIBLE = "hidden"
DATA = ("What", "Who", "State", "Count", "Rotation", "Value")  # Ludii's HiddenData, in order
ARRAYS: dict[str | None, str] = {None: INVISIBLE}
ARRAYS.update({name: f"hidden_{name.lower()}" for name in DATA})
NAMES = tuple(ARRAYS.values())
# per data type, the array of the levels above 0 of each site's stack: a tuple of player masks
# for levels 1, 2...
LEVELS: dict[str | None, str] = {data: f"{name}_levels" for data, name in ARRAYS.items()}


def total_sites(d: Declarations) -> int:
    """The sites a flag is kept for: the board's, then the hands' (the equipment is declared
    before the rules, so the hands are known)."""
    arrays = d.arrays
    from .handsites import hand_players
    players = len(hand_players(arrays, d.num_players))
    hands = len(arrays[HAND_SITES]) if HAND_SITES in arrays else (players if HAND in arrays else 0)
    return d.num_sites + hands + (1 if HAND_SHARED in arrays else 0)


def declare(d: Declarations) -> None:
    """Declare the flags (once): nothing hidden at the start."""
    size = total_sites(d)
    for name in NAMES:
        d.array(name, [0] * size)


def declare_levels(d: Declarations) -> None:
    """Declare the flags of the levels above 0 (once; a ludeme naming a ``level:`` calls this)."""
    size = total_sites(d)
    for name in LEVELS.values():
        d.array(name, [()] * size)


def _outside(state: State, site: int, level: int) -> bool:
    """Whether ``level`` of ``site`` has no flags: a level under 0, or in a stacking game a level
    the site's stack does not reach (Ludii's ChunkStack reads and writes only below its size)."""
    if not state.game.stacking:
        return False
    from .stacks import size
    return level < 0 or level >= size(state, site)


def _mask(state: State, data: str | None, site: int, level: int) -> int:
    """The players ``data`` of ``level`` of ``site`` is hidden to (a bit mask)."""
    if level and state.game.stacking:
        ups = state.arrays.get(LEVELS[data])
        if ups is None or not 0 <= site < len(ups):
            return 0
        masks: tuple[int, ...] = ups[site]
        return masks[level - 1] if level - 1 < len(masks) else 0
    flags = state.arrays.get(ARRAYS[data])
    return flags[site] if flags is not None and 0 <= site < len(flags) else 0


def is_hidden(state: State, data: str | None, player: int, site: int, level: int = 0) -> bool:
    """Whether ``data`` (None: the whole site) of ``site`` is hidden to ``player``; in a stacking
    game, of the piece at ``level`` of its stack (in a game of one piece per site, the site's
    whatever the level, as Ludii's flat containers)."""
    return not _outside(state, site, level) and bool(_mask(state, data, site, level) >> player & 1)


def set_hidden(state: State, data: str | None, player: int, site: int, on: bool, level: int = 0) -> None:
    """Hide ``data`` (None: the whole site) of ``site`` (in a stacking game, of ``level`` of its
    stack) from ``player``, or show it."""
    if _outside(state, site, level):
        return
    old = _mask(state, data, site, level)
    new = old | (1 << player) if on else old & ~(1 << player)
    if new == old:
        return
    if level and state.game.stacking:
        ups = state.arrays.get(LEVELS[data])
        if ups is None or not 0 <= site < len(ups):
            return
        masks = ups[site] + (0,) * max(0, level - len(ups[site]))
        state.set_item(ups, site, masks[:level - 1] + (new,) + masks[level:])
        return
    flags = state.arrays[ARRAYS[data]]
    if 0 <= site < len(flags):
        state.set_item(flags, site, new)


def shown_level(state: State, site: int) -> int:
    """The level whose flags say what a player sees of ``site``: its top piece's (0 but in a
    stacking game)."""
    if not state.game.stacking:
        return 0
    from .stacks import top_level
    return top_level(state, site)


def carry(state: State, frm: int, to: int) -> None:
    """A piece moved from ``frm`` to ``to`` (Ludii's ActionMove): ``to`` takes ``frm``'s flags;
    ``frm``, when left empty, hides nothing any more."""
    from .handsites import what_at
    emptied = not what_at(state, frm)
    for name in NAMES:
        flags = state.arrays[name]
        if not (0 <= frm < len(flags) and 0 <= to < len(flags)):
            continue
        if flags[to] != flags[frm]:
            state.set_item(flags, to, flags[frm])
        if emptied and flags[frm]:
            state.set_item(flags, frm, 0)


def has_hidden(game: Game) -> bool:
    """Whether the game keeps hidden information."""
    return INVISIBLE in game.arrays


def hidden_sites(state: State, player: int) -> dict[int, tuple[str, ...]]:
    """The sites with something hidden to ``player``: site -> what is hidden (``All`` for an
    invisible site, else the HiddenData names)."""
    out: dict[int, tuple[str, ...]] = {}
    for data, name in ARRAYS.items():
        flags = state.arrays.get(name)
        if flags is None:
            continue
        for site, mask in enumerate(flags):
            if mask >> player & 1:
                out[site] = out.get(site, ()) + (data or "All",)
    return out


def _seen(state: State, player: int, site: int, what: int, who: int, table: list[str], width: int) -> str:
    """The symbol of a site's piece as ``player`` sees it (``?`` for what is hidden)."""
    from .render import EMPTY_GRID, SYMBOLS
    if not what:
        return EMPTY_GRID
    level = shown_level(state, site)
    if is_hidden(state, None, player, site, level):
        return "?" * width
    hide_what, hide_who = is_hidden(state, "What", player, site, level), is_hidden(state, "Who", player, site, level)
    if hide_what and hide_who:
        return "?" * width
    token = table[what]
    if hide_who:
        return "?" + token[1:]
    if hide_what:
        return (SYMBOLS[who] if who < len(SYMBOLS) else "?").ljust(width, "?")
    return token


def observation(state: State, player: int) -> str:
    """The position as ``player`` may see it: the board's text (:func:`.render.render_text`)
    where a site hidden to them shows ``?`` (its piece's kind hidden: its owner's symbol and
    ``?``; its owner hidden: ``?`` and the kind), then the pieces of the hands' sites, hidden
    ones as ``?``. A piece invisible to them shows as ``?`` (they know something is there, not
    what nor whose). In a game counting the pieces of each site, a site shows its count, ``?``
    when its count is hidden."""
    from .render import piece_symbols, render_text
    if not has_hidden(state.game):
        return render_text(state)
    from .handsites import what_at
    from .picture import draw
    from .render import EMPTY_GRID, EMPTY_ROW
    from .sites import site_label
    game = state.game
    table, width = piece_symbols(game)
    n = game.topology.n
    counts = state.arrays.get(COUNT)
    if counts is not None:  # a game counting pieces per site (mancala) shows each site's count
        def counted(x: int) -> str:
            if not state.what[x]:
                return EMPTY_GRID
            hide = is_hidden(state, None, player, x) or is_hidden(state, "Count", player, x)
            return "?" if hide else str(counts[x] or 1)
        symbols = [counted(x) for x in range(n)]
        width = max((len(x) for x in symbols), default=1)
    else:
        symbols = [_seen(state, player, x, state.what[x], state.who[x], table, width) for x in range(n)]
    text = draw(game.topology, symbols, EMPTY_GRID, EMPTY_ROW, width)
    held = []
    for x in range(n, len(state.arrays[INVISIBLE])):
        what = what_at(state, x)
        if what:
            seen = _seen(state, player, x, what, game.owner_of[what], table, width)
            held.append(f"{site_label(game, x)} {seen if '?' in seen else game.components[what].name}")
    if held:
        text += "\nhands: " + ", ".join(held)
    return text


__all__ = ["INVISIBLE", "DATA", "ARRAYS", "NAMES", "LEVELS", "total_sites", "declare", "declare_levels", "is_hidden",
           "set_hidden", "shown_level", "carry",
           "has_hidden", "hidden_sites", "observation"]
