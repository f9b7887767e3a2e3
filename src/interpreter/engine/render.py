"""Text pictures of positions: the board as :mod:`.picture` lays it out, with a symbol per
piece: ``x`` for P1, ``o`` for P2, ``+`` P3, ``*`` P4..., ``N`` a neutral piece; ``.`` is an
empty site (``_`` on a one-row board). When a player has several kinds of piece, the symbol
also says which: ``x1``, ``x2``, ``o3`` (the piece's value, or its rank among its owner's
kinds)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .arrays import COUNT, puzzle_values
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
    on each site (mancala), each site shows its count (after its owner's symbol: ``x3``), and a
    line gives each hand's; in a
    deduction puzzle (Sudoku), each site its value once it is known."""
    game = state.game
    data = state.arrays.get(COUNT)
    if data is not None and not game.stacking:  # (a stacking game's pieces are its stacks' levels)
        n = game.topology.n
        # a player's pieces say whose they are (x3: three of P1's); seeds of nobody, their count
        symbols = [(symbol(state.who[s], 1) if state.who[s] else "") + str(data[s] or 1) if state.what[s]
                   else EMPTY_GRID for s in range(n)]
        width = max((len(x) for x in symbols), default=1)
        text = draw(game.topology, symbols, EMPTY_GRID, EMPTY_ROW, width)
        if len(data) > n:
            from .handsites import hand_players
            owners = hand_players(game.arrays, game.num_players)
            text += "\nhands: " + ", ".join(f"P{p} {data[n + k]}" for k, p in enumerate(owners) if n + k < len(data))
        return text
    symbols, width = site_symbols(state)
    return draw(game.topology, symbols, EMPTY_GRID, EMPTY_ROW, width) + stacks_line(state) + others_line(state)


def others_line(state: State) -> str:
    """A line after the board for each other kind of element holding pieces (Dots and Boxes's
    edges on a board of cells): ``on edges: 15 x, 3 o``; '' when there is none."""
    from .multisite import KINDS, pieces_array
    game = state.game
    table, _ = piece_symbols(game)
    lines = []
    for kind in KINDS:
        data = state.arrays.get(pieces_array(kind))
        if data is None or kind == game.topology.use:
            continue
        held = [f"{site} {table[what]}" for site, what in enumerate(data) if what]
        if held:
            lines.append(f"\non {kind.lower()}s: " + ", ".join(held))
    return "".join(lines)


def site_symbols(state: State) -> tuple[list[str], int]:
    """(symbol per site of the board, width): each piece's (:func:`piece_symbols`), or in a
    deduction puzzle each site's value once it is known (Sudoku's digits)."""
    table, width = piece_symbols(state.game)
    values = puzzle_values(state.arrays, state.game.topology.n)
    if values is not None:
        symbols = [EMPTY_GRID if v is None else str(v) for v in values]
        return symbols, max(width, *(len(x) for x in symbols))
    return [table[w] if w else EMPTY_GRID for w in state.what], width


def stacks_line(state: State) -> str:
    """In a stacking game, a line after the board (which shows the stacks' tops) with each
    stack of several pieces, bottom first; '' when there is none."""
    game = state.game
    if not game.stacking:
        return ""
    from .stacks import levels
    table, _ = piece_symbols(game)
    labels = game.topology.labels
    shown = [f"{labels[site]} " + " ".join(table[level[0]] for level in levels(state, site))
             for site in range(game.topology.n) if len(levels(state, site)) > 1]
    return "\nstacks (bottom first): " + ", ".join(shown) if shown else ""
