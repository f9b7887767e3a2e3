"""Text pictures of positions: the board as :mod:`.picture` lays it out, with a symbol per
piece: ``x`` for P1, ``o`` for P2, ``+`` P3, ``*`` P4..., ``N`` a neutral piece; ``.`` is an
empty site (``_`` on a one-row board)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .picture import draw

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


def render_text(state: "State") -> str:
    """The board as text (see :mod:`.picture` for the layouts)."""
    symbols = [symbol(o, w) for o, w in zip(state.who, state.what)]
    return draw(state.game.topology, symbols, EMPTY_GRID, EMPTY_ROW)
