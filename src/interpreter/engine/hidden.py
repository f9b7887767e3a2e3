"""Hidden information (Ludii's ``hidden``, ``hiddenWhat``, ``hiddenWho``... of a container
state): what each player may not see of each site.

Ludii keeps, per player and per site, seven flags: the site is invisible (``hidden``: all its
properties), or one property is hidden: the kind of piece (What), its owner (Who), its local
state (State), its count (Count), its rotation (Rotation), its value (Value). Here each flag is
a state array (written through the journal, so undo takes it back) with one entry per site of
the board and of the hands, a bit mask of the players it is hidden to (bit ``p`` for player
``p``). Ludii's flags belong to the site: a piece added or removed leaves them as they are; a
piece that moves takes its site's flags along (the site it leaves, once empty, shows all).
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


def is_hidden(state: State, data: str | None, player: int, site: int) -> bool:
    """Whether ``data`` (None: the whole site) of ``site`` is hidden to ``player``."""
    flags = state.arrays.get(ARRAYS[data])
    return flags is not None and 0 <= site < len(flags) and bool(flags[site] >> player & 1)


def set_hidden(state: State, data: str | None, player: int, site: int, on: bool) -> None:
    """Hide ``data`` (None: the whole site) of ``site`` from ``player``, or show it."""
    flags = state.arrays[ARRAYS[data]]
    if not 0 <= site < len(flags):
        return
    old = flags[site]
    new = old | (1 << player) if on else old & ~(1 << player)
    if new != old:
        state.set_item(flags, site, new)


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
    if is_hidden(state, None, player, site):
        return "?" * width
    hide_what, hide_who = is_hidden(state, "What", player, site), is_hidden(state, "Who", player, site)
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


__all__ = ["INVISIBLE", "DATA", "ARRAYS", "NAMES", "total_sites", "declare", "is_hidden", "set_hidden", "carry",
           "has_hidden", "hidden_sites", "observation"]
