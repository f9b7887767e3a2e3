"""The board at a terminal prompt: the position's text picture with what a player needs to
type a move, and the last move marked.

The position format's picture (``str(state)``) reads back as a position, so it stays as it is;
this one is for reading only. It adds:

- on a one-row board (Alak), each slot's number under it;
- on shifted rows (hexagons, triangles: Hex, Loupe, Loophole), each column's letter and each
  row's number past the ends of its line, where the SVG pictures put them
  (:func:`~.svg.coordinate_labels`: one source of truth for where coordinates go);
- the last move's site between brackets, ``(x)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..engine.arrays import COUNT
from ..engine.move import MoveKind
from ..engine.picture import Layout, draw, layout
from ..engine.render import EMPTY_GRID, EMPTY_ROW, others_line, site_symbols, stacks_line
from .svg import coordinate_labels

if TYPE_CHECKING:
    from ..engine.state import State
    from ..engine.topology import Topology


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def turn_ply(state: State) -> str:
    """Which ply of a turn of several the mover is at, in words (``second stone``: Loupe's
    turn of two stones, when every legal move places the same kind of piece; else ``second
    move``); '' on a turn's first ply."""
    ply = state.turn_moves
    if not ply or state.is_over() or state.game.num_players == 1:  # (alone, every move is one more)
        return ""
    nth = ORDINALS[ply] if ply < len(ORDINALS) else f"number {ply + 1}"
    legal = state.legal_moves()
    bases = {state.game.components[m.what].base for m in legal if m.kind == MoveKind.ADD and m.what}
    word = bases.pop().lower() if len(bases) == 1 and all(m.kind == MoveKind.ADD for m in legal) else "move"
    return f"{nth} {word or 'move'}"


def guided_board(state: State, last: int | None = None) -> str:
    """The board as text for a player (see the module docs); ``last`` is the site to mark
    (default: the last move's destination, or its origin for a move off the board). In a
    stacking game, a line gives the stacks of several pieces."""
    return _guided(state, last) + stacks_line(state) + others_line(state)


def _guided(state: State, last: int | None) -> str:
    game = state.game
    topo = game.topology
    if COUNT in state.arrays and not game.stacking:  # counted pieces: the usual picture says it all
        return str(state)
    symbols, width = site_symbols(state)
    if last is None:
        last = state.last_to if state.last_to >= 0 else state.last_from
    shape = layout(topo)
    if shape.kind == "row":
        return _row(topo, symbols, shape.lines[0], last)
    if shape.kind == "shifted" and coordinate_labels(topo, 0.85):
        return _shifted(topo, symbols, width, last)
    picture = draw(topo, symbols, EMPTY_GRID, EMPTY_ROW, width)
    if shape.kind in ("grid", "shifted") and 0 <= last < topo.n:
        return _mark(shape, picture, width, last)
    return picture


def _row(topo: Topology, symbols: list[str], order: list[int], last: int) -> str:
    """A row of slots with each slot's label under it: ``x x _ o`` over ``1 2 3 4``."""
    size = max(max(len(topo.labels[s]) for s in order), max(len(symbols[s]) for s in order))
    top, bottom = [], []
    for s in order:
        sym = symbols[s] if symbols[s] != EMPTY_GRID else EMPTY_ROW
        mark = ("(", ")") if s == last else (" ", " ")
        top.append(" " * (size - len(sym)) + mark[0] + sym + mark[1])
        bottom.append(" " + topo.labels[s].rjust(size) + " ")
    return "".join(top).rstrip() + "\n" + "".join(bottom).rstrip()


def _mark(shape: Layout, picture: str, width: int, last: int) -> str:
    """Brackets around the last move's site in the position's picture (as ``draw`` lays it)."""
    lines = picture.split("\n")
    row = next(i for i, line in enumerate(shape.lines) if last in line) + (1 if shape.header else 0)
    numbered = any(n is not None for n in shape.numbers)
    margin = max((len(str(n)) for n in shape.numbers if n is not None), default=0) + 1 if numbered else 0
    grid = shape.kind == "grid"
    if grid:
        margin = max(margin, 3)
    if width == 1:
        col = margin + shape.column[last]
    else:
        col = margin + (shape.column[last] // 2 * (width + 1) if grid else shape.column[last] * width)
    return "\n".join(_bracket(line, col, width) if i == row else line for i, line in enumerate(lines))


def _bracket(line: str, col: int, width: int) -> str:
    chars = list(line.ljust(col + width + 1))
    if col > 0 and chars[col - 1] == " " and chars[col + width] == " ":
        chars[col - 1], chars[col + width] = "(", ")"
    return "".join(chars).rstrip()


def _shifted(topo: Topology, symbols: list[str], width: int, last: int) -> str:
    """Shifted rows, each site at its place, with the coordinates where the SVG puts them."""
    shape = layout(topo)
    unit = width if width > 1 else 1
    cells: dict[tuple[int, int], str] = {}
    where: dict[int, tuple[int, int]] = {}
    for row, line in enumerate(shape.lines):
        for s in line:
            col = shape.column[s] * unit
            where[s] = (row, col)
            for i, ch in enumerate(symbols[s].ljust(width)):
                cells[(row, col + i)] = ch
    if 0 <= last < topo.n:
        row, col = where[last]
        for c, ch in ((col - 1, "("), (col + width, ")")):
            if (row, c) not in cells:
                cells[(row, c)] = ch
    fit = _fit(topo, where)
    if fit is not None:
        centre = sum(c for _, c in where.values()) / len(where)
        for x, y, text in coordinate_labels(topo, 0.85):
            row, col = fit(x, y)
            if col < centre - 1:
                start = col - len(text) + 1
            elif col > centre + 1:
                start = col
            else:
                start = col - (len(text) - 1) // 2
            span = [(row, c) for c in range(start - 1, start + len(text) + 1)]
            if any(cell in cells for cell in span[1:-1]):
                continue
            for i, ch in enumerate(text):
                cells[(row, start + i)] = ch
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    rows = max(r for r, _ in cells) - top + 1
    out = [[" "] * (max(c for _, c in cells) - left + 1) for _ in range(rows)]
    for (r, c), ch in cells.items():
        out[r - top][c - left] = ch
    return "\n".join("".join(line).rstrip() for line in out)


def _fit(topo: Topology, where: dict[int, tuple[int, int]]) -> Callable[[float, float], tuple[int, int]] | None:
    """Board coordinates to (row, column) of the text, fitted on the sites (rows follow y and
    columns x, each by a straight line); None when the sites do not tell."""
    pos = topo.positions
    ys = sorted({round(pos[s][1], 6) for s in where})
    xs = sorted({round(pos[s][0], 6) for s in where})
    if len(ys) < 2 or len(xs) < 2:
        return None

    def line(pairs: list[tuple[float, float]]) -> Callable[[float], float]:
        n = len(pairs)
        mx = sum(a for a, _ in pairs) / n
        my = sum(b for _, b in pairs) / n
        var = sum((a - mx) ** 2 for a, _ in pairs)
        slope = sum((a - mx) * (b - my) for a, b in pairs) / var
        return lambda v: my + slope * (v - mx)
    row_of = line([(pos[s][1], r) for s, (r, _) in where.items()])
    col_of = line([(pos[s][0], c) for s, (_, c) in where.items()])
    return lambda x, y: (round(row_of(y)), round(col_of(x)))
