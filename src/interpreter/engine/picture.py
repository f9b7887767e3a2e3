"""Text pictures of boards, drawn from the sites' positions, and read back.

Four layouts, chosen from the geometry, never from the game:

- ``row``: a board of one row of squares prints as a string of slots (``xxxx___oooo``);
- ``grid``: a square grid prints with column letters and row numbers, the top row first;
- ``shifted``: any board whose sites lie on horizontal lines at regular steps (hexagons,
  triangles, rhombuses) prints one line per row of sites, each shifted as on the board, with
  the row number at both ends when the labels give one, and the column letters above the top
  row and below the bottom row when each of those rows has every column (a rhombus);
- ``list``: any other board (an explicit or edited graph, a semi-regular tiling) prints as one
  line per site: its label, its piece and its neighbours.

A picture whose first line starts with more spaces than the others (a hexagon's top row) needs
YAML's indentation indicator in a position: ``board: |2``.

A picture reads back (:func:`read_picture`) as the symbols of its sites, so positions can be
written as pictures for every board.

A symbol is one character (``x``), or, for games whose players have several kinds of piece,
a token of ``width`` characters (``x2``: P1's piece worth 2); the sites are then spread out so
that tokens stay apart, and a picture is read token by token.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .topology import Topology

_ROW_NUMBER = re.compile(r"(\d+)$")


@dataclass
class Layout:
    """Where each site goes in a picture: ``lines`` of sites, top first, left to right; the
    ``number`` printed at both ends of each line (or None); ``column[s]``: the character
    column of site ``s``; the column letters printed above (``header``) and below (``footer``,
    the header again when empty)."""

    kind: str
    lines: list[list[int]]
    numbers: list[int | None]
    column: dict[int, int]
    header: str = ""
    footer: str = ""


def layout(topo: Topology) -> Layout:
    """The layout of a board's pictures (computed once per board)."""
    cached: Layout | None = topo.__dict__.get("_layout")  # kept as a cached_property keeps its value
    if cached is None:
        cached = topo.__dict__["_layout"] = _square_layout(topo) or _shifted_layout(topo) or _list_layout(topo)
    return cached


def _square_layout(topo: Topology) -> Layout | None:
    if topo.tiling != "square":
        return None
    if topo.is_row:
        order = sorted(range(topo.n), key=lambda s: topo.columns[s])
        return Layout("row", [order], [None], {s: i for i, s in enumerate(order)})
    from .topology import column_letters
    rows = sorted(set(topo.rows), reverse=True)
    columns = max(topo.columns) + 1
    lines = [sorted((s for s in range(topo.n) if topo.rows[s] == r), key=lambda s: topo.columns[s])
             for r in rows]
    header = " ".join(column_letters(c) for c in range(columns))
    return Layout("grid", lines, [r + 1 for r in rows], {s: 2 * topo.columns[s] for s in range(topo.n)},
                  header)


def _shifted_layout(topo: Topology) -> Layout | None:
    if topo.tiling in ("square", "graph") or topo.n < 2:
        return None  # an explicit graph prints as a list, whatever its shape
    spacing = topo.spacing
    eps = 0.1 * spacing
    if _long_edges(topo, 1.5 * spacing):
        return None  # neighbours far apart (an icosahedron drawn flat): a list shows them
    ys: list[float] = []
    line_of: dict[int, int] = {}
    for s in sorted(range(topo.n), key=lambda s: -topo.positions[s][1]):
        y = topo.positions[s][1]
        if not ys or abs(ys[-1] - y) > eps:
            ys.append(y)
        line_of[s] = len(ys) - 1
    lines: list[list[int]] = [[] for _ in ys]
    for s in sorted(range(topo.n), key=lambda s: topo.positions[s][0]):
        lines[line_of[s]].append(s)
    gaps = [topo.positions[b][0] - topo.positions[a][0] for line in lines for a, b in zip(line, line[1:])]
    if not gaps or min(gaps) < eps:
        return None
    half = min(gaps) / 2
    x0 = min(p[0] for p in topo.positions)
    column: dict[int, int] = {}
    for s in range(topo.n):
        steps = (topo.positions[s][0] - x0) / half
        if abs(steps - round(steps)) > 0.1 or steps > 400:
            return None  # not on a regular lattice: a list reads better
        column[s] = round(steps)
    numbers = [_line_number(topo, line) for line in lines]
    if any(n is None for n in numbers) or len(set(numbers)) != len(numbers):
        return Layout("shifted", lines, [None] * len(lines), column)
    header, footer = _letters(topo, lines[0], column), _letters(topo, lines[-1], column)
    if not header or not footer:
        header = footer = ""
    return Layout("shifted", lines, numbers, column, header, footer)


def _long_edges(topo: Topology, limit: float) -> bool:
    """True when two orthogonal neighbours lie further apart than ``limit``."""
    pos = topo.positions
    for s, near in enumerate(topo.neighbours.get("Orthogonal", ())):
        for t in near:
            if math.dist(pos[s], pos[t]) > limit:
                return True
    return False


def _line_number(topo: Topology, line: list[int]) -> int | None:
    found = {m.group(1) for s in line if (m := _ROW_NUMBER.search(topo.labels[s]))}
    if len(found) != 1 or any(not _ROW_NUMBER.search(topo.labels[s]) for s in line):
        return None
    return int(found.pop())


_COLUMN_LETTER = re.compile(r"([A-Za-z])\d+$")


def _letters(topo: Topology, line: list[int], column: dict[int, int]) -> str:
    """The column letters of a row's sites at their places (``A B C``), when the row has one
    site in every column of the board (labels such as ``C7``), else ''."""
    letters = [m.group(1).upper() if (m := _COLUMN_LETTER.match(topo.labels[s])) else "" for s in line]
    every = {m.group(1).upper() for label in topo.labels if (m := _COLUMN_LETTER.match(label))}
    if not all(letters) or len(set(letters)) != len(letters) or set(letters) != every:
        return ""
    first = min(column[s] for s in line)
    text = [" "] * (max(column[s] for s in line) - first + 1)
    for s, letter in zip(line, letters):
        text[column[s] - first] = letter
    return " " * first + "".join(text)


def _list_layout(topo: Topology) -> Layout:
    return Layout("list", [[s] for s in range(topo.n)], [None] * topo.n, {s: 0 for s in range(topo.n)})


# --- drawing --------------------------------------------------------------------------------------------
def draw(topo: Topology, symbols: list[str], empty: str, row_empty: str, width: int = 1) -> str:
    """The picture of a board whose site ``s`` shows ``symbols[s]`` (``empty`` for nothing;
    ``row_empty`` on a one-row board); symbols of ``width`` characters (see the module docs)."""
    shape = layout(topo)
    if width > 1:
        return _draw_tokens(topo, shape, symbols, width, empty, row_empty)
    if shape.kind == "row":
        return "".join(symbols[s] if symbols[s] != empty else row_empty for s in shape.lines[0])
    if shape.kind == "list":
        width = max(len(label) for label in topo.labels)
        orth = topo.neighbours.get("Orthogonal", ())
        out = []
        for s in range(topo.n):
            near = " ".join(topo.labels[t] for t in orth[s]) if orth else ""
            out.append(f"{topo.labels[s]:<{width}} {symbols[s]}  ({near})")
        return "\n".join(out)
    numbered = any(n is not None for n in shape.numbers)
    width = max((len(str(n)) for n in shape.numbers if n is not None), default=0) + 1 if numbered else 0
    width = max(width, 3) if shape.kind == "grid" else width
    out = []
    if shape.header:
        out.append(" " * width + shape.header)
    last = max(shape.column.values())
    for line, number in zip(shape.lines, shape.numbers):
        cells = [" "] * (last + 1)
        for s in line:
            cells[shape.column[s]] = symbols[s]
        body = "".join(cells) if shape.kind == "grid" else "".join(cells).rstrip()
        left = f"{number:>{width - 1}} " if number is not None else " " * width
        right = f" {number}" if number is not None else ""
        out.append((left + body + right).rstrip())
    if shape.header:
        out.append(" " * width + (shape.footer or shape.header))
    return "\n".join(out)


def _draw_tokens(topo: Topology, shape: Layout, symbols: list[str], width: int, empty: str,
                 row_empty: str) -> str:
    """``draw`` for symbols of several characters: each site's column spread out by ``width``
    (grids: one space between tokens), a symbol padded to ``width``."""
    if shape.kind == "row":
        return " ".join(symbols[s] if symbols[s] != empty else row_empty for s in shape.lines[0])
    if shape.kind == "list":
        return draw(topo, symbols, empty, row_empty)
    tokens = [sym.ljust(width) for sym in symbols]
    scale = width + 1 if shape.kind == "grid" else width
    numbered = any(n is not None for n in shape.numbers)
    margin = max((len(str(n)) for n in shape.numbers if n is not None), default=0) + 1 if numbered else 0
    margin = max(margin, 3) if shape.kind == "grid" else margin
    last = max(shape.column.values())
    out = []
    header = ""
    if shape.header:
        header = " " * margin + " ".join(letter.ljust(width) for letter in shape.header.split()).rstrip()
        out.append(header)
    for line, number in zip(shape.lines, shape.numbers):
        cells = [" "] * ((last // (2 if shape.kind == "grid" else 1)) * scale + width)
        for s in line:
            column = shape.column[s] // (2 if shape.kind == "grid" else 1) * scale
            cells[column:column + width] = tokens[s]
        body = "".join(cells).rstrip()
        left = f"{number:>{margin - 1}} " if number is not None else " " * margin
        right = f" {number}" if number is not None else ""
        out.append((left + body + right).rstrip())
    if header:
        out.append(header)
    return "\n".join(out)


# --- reading back ----------------------------------------------------------------------------------------
class PictureError(ValueError):
    """A picture that does not fit the board (the message says where)."""


def read_picture(topo: Topology, picture: str, width: int = 1) -> list[tuple[int, str]]:
    """The (site, symbol) pairs a picture shows, for every site of the board (symbols of one
    character, or tokens apart from each other when ``width`` is over 1)."""
    shape = layout(topo)
    lines = [line for line in picture.splitlines() if line.strip()]
    if shape.kind == "row":
        if len(lines) != 1:
            raise PictureError(f"a one-row board is one line of {topo.n} slots, not {len(lines)} lines")
        cells = lines[0].split() if width > 1 else list("".join(lines[0].split()))
        if len(cells) != topo.n:
            raise PictureError(f"{len(cells)} symbols where the board has {topo.n} sites")
        return list(zip(shape.lines[0], cells))
    if shape.kind == "list":
        return _read_list(topo, lines)
    return _read_lines(topo, shape, lines, width)


def _read_list(topo: Topology, lines: list[str]) -> list[tuple[int, str]]:
    found: dict[int, str] = {}
    for line in lines:
        parts = line.split()
        if len(parts) < 2:
            raise PictureError(f"{line.strip()!r} is not 'LABEL SYMBOL'")
        site = topo.site(parts[0])
        if site < 0:
            raise PictureError(f"no site {parts[0]!r} on this board")
        if site in found:
            raise PictureError(f"site {topo.labels[site]} is given twice")
        found[site] = parts[1]
    missing = [topo.labels[s] for s in range(topo.n) if s not in found]
    if missing:
        raise PictureError(f"site {missing[0]} is missing (one line per site: 'LABEL SYMBOL')")
    return sorted(found.items())


def _read_lines(topo: Topology, shape: Layout, lines: list[str], width: int = 1) -> list[tuple[int, str]]:
    numbered = all(n is not None for n in shape.numbers)
    header = set(shape.header.split()) | set(shape.footer.split())
    rows: list[tuple[int | None, list[str]]] = []
    for line in lines:
        parts = line.split()
        if header and all(p.upper() in header for p in parts):
            continue  # a line of column letters
        number = None
        if parts and parts[0].isdigit():
            number = int(parts[0]) if len(parts[0]) < 10 else -1
            parts = parts[1:]
            if parts and parts[-1] == str(number):
                parts = parts[:-1]  # the number repeated at the end, as printed
        elif numbered:
            raise PictureError(f"{line.strip()!r} is not a row of the board (each row starts with its "
                               "number, e.g. '3 . x .')")
        rows.append((number, parts if width > 1 else list("".join(parts))))
    if numbered:
        index = {n: k for k, n in enumerate(shape.numbers)}
        by_line: dict[int, list[str]] = {}
        for number, cells in rows:
            if number not in index:
                numbers = [n for n in shape.numbers if n is not None]
                low, high = min(numbers), max(numbers)
                raise PictureError(f"there is no row {number} (rows {low} to {high})")
            if index[number] in by_line:
                raise PictureError(f"row {number} is given twice")
            by_line[index[number]] = cells
        missing = [shape.numbers[k] for k in range(len(shape.lines)) if k not in by_line]
        if missing:
            raise PictureError(f"row {missing[-1]} is missing (the board has {len(shape.lines)} rows)")
    else:
        if len(rows) != len(shape.lines):
            raise PictureError(f"{len(rows)} rows where the board has {len(shape.lines)}")
        by_line = {k: cells for k, (_, cells) in enumerate(rows)}
    out: list[tuple[int, str]] = []
    for k, sites in enumerate(shape.lines):
        cells = by_line[k]
        if len(cells) != len(sites):
            where = f"row {shape.numbers[k]}" if shape.numbers[k] is not None else f"line {k + 1}"
            raise PictureError(f"{len(cells)} symbols where {where} has {len(sites)} sites: "
                               f"{('' if width == 1 else ' ').join(cells)!r}")
        out.extend(zip(sites, cells))
    return out
