"""Text pictures of positions: the board as :mod:`.picture` lays it out, with a symbol per
piece: ``x`` for P1, ``o`` for P2, ``+`` P3, ``*`` P4..., ``N`` a neutral piece; ``.`` is an
empty site (``_`` on a one-row board). When a player has several kinds of piece, the symbol
also says which: ``x1``, ``x2``, ``o3`` (the piece's value, or its rank among its owner's
kinds)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .arrays import COUNT
from .picture import draw

if TYPE_CHECKING:
    from .game import Game
    from .state import State

SYMBOLS = "Nxo+*#@%&$ABCDEFG"  # index = player; 0: a neutral piece (owned by nobody)
EMPTY_GRID = "."
EMPTY_ROW = "_"


def symbol(player: int, what: int) -> str:
    """The character of a piece of ``player`` (``.`` when ``what`` is no piece)."""
    if not what:
        return EMPTY_GRID
    return SYMBOLS[player] if player < len(SYMBOLS) else "?"


def piece_symbols(game: Game) -> tuple[list[str], int]:
    """(symbol per component, width): one character per player when no player has several
    kinds of piece; else the player's character and the kind, ``x2`` (the piece's value when it
    has one from 1 to 9, else its rank among its owner's kinds: 1, 2...), width 2 (more from
    ten kinds on)."""
    comps = game.components
    if max(game.kinds_of, default=0) <= 1:
        return [symbol(c.owner, c.index) for c in comps], 1
    rank: dict[int, int] = {}
    out = [EMPTY_GRID]
    for c in comps[1:]:
        rank[c.owner] = rank.get(c.owner, 0) + 1
        tag = c.value if 1 <= c.value <= 9 and _values_differ(game, c.owner) else rank[c.owner]
        out.append(symbol(c.owner, c.index) + str(tag))
    return out, max(len(token) for token in out)


def _values_differ(game: Game, owner: int) -> bool:
    values = [c.value for c in game.components[1:] if c.owner == owner]
    return len(set(values)) == len(values)


def render_text(state: State) -> str:
    """The board as text (see :mod:`.picture` for the layouts). In a game that counts the pieces
    on each site (mancala), each site shows its count, and a line gives each hand's."""
    game = state.game
    data = state.arrays.get(COUNT)
    if data is not None:
        n = game.topology.n
        symbols = [str(data[s] or 1) if state.what[s] else EMPTY_GRID for s in range(n)]
        width = max((len(x) for x in symbols), default=1)
        text = draw(game.topology, symbols, EMPTY_GRID, EMPTY_ROW, width)
        if len(data) > n:
            from .handsites import hand_players
            owners = hand_players(game.arrays, game.num_players)
            text += "\nhands: " + ", ".join(f"P{p} {data[n + k]}" for k, p in enumerate(owners) if n + k < len(data))
        return text
    table, width = piece_symbols(game)
    symbols = [table[w] if w else EMPTY_GRID for w in state.what]
    text = draw(game.topology, symbols, EMPTY_GRID, EMPTY_ROW, width)
    if game.stacking:  # the stacks of several pieces, bottom first, after the board (its tops)
        from .stacks import levels
        labels = game.topology.labels
        shown = [f"{labels[site]} " + " ".join(table[level[0]] for level in levels(state, site))
                 for site in range(game.topology.n) if len(levels(state, site)) > 1]
        if shown:
            text += "\nstacks (bottom first): " + ", ".join(shown)
    return text
