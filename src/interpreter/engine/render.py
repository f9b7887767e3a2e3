"""Text pictures of positions. A one-row board prints as a string of slots (``xxxx___oooo``);
a grid prints with column letters and row numbers, the top row first."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import State

SYMBOLS = "Nxo+*#@%&$ABCDEFG"  # index = player; 0: a neutral piece (owned by nobody)
EMPTY_GRID = "."
EMPTY_ROW = "_"


def symbol(player: int, what: int) -> str:
    """The character of a piece of ``player`` (``.`` when ``what`` is no piece)."""
    if not what:
        return EMPTY_GRID
    return SYMBOLS[player] if player < len(SYMBOLS) else "?"


def render_row(state: "State") -> str:
    """A one-row board as a string of slots: ``xxxx___oooo``."""
    return "".join(symbol(o, w) if w else EMPTY_ROW for o, w in zip(state.who, state.what))


def render_text(state: "State") -> str:
    """The board as text: a grid with column letters and row numbers, the top row first."""
    topo = state.game.topology
    if topo.rows == 1:
        return render_row(state)
    by_coord = {coord: i for i, coord in enumerate(topo.coords)}
    from .topology import column_letters
    width = max(len(str(topo.rows)), 2)
    header = " " * (width + 1) + " ".join(column_letters(c) for c in range(topo.cols))
    lines = [header]
    for r in range(topo.rows - 1, -1, -1):
        cells = []
        for col in range(topo.cols):
            i = by_coord.get((r, col))
            cells.append(" " if i is None else symbol(state.who[i], state.what[i]))
        lines.append(f"{r + 1:>{width}} " + " ".join(cells) + f" {r + 1}")
    lines.append(header)
    return "\n".join(lines)
