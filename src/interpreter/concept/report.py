"""Text forms of concepts and comparisons: an aligned table, CSV, JSON and YAML."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import yaml

from .comparison import Comparison, GameConcepts

FORMATS = ("table", "csv", "json", "yaml")
MAX_WIDTH = 120  # beyond this a table numbers its columns and names the games below


def cell(value: Any, spread: Any = None) -> str:
    """A value as the table shows it: x (true), . (false), - (not measured), numbers."""
    if value is None:
        return "-"
    if value is True:
        return "x"
    if value is False:
        return "."
    if isinstance(value, int):
        text = str(value)
    else:
        text = f"{value:.4g}"
    if spread is not None:
        text += f" ±{spread:.3g}"
    return text


def _header(c: Comparison) -> str:
    if c.playouts:
        agents = ",".join(c.agents)
        return f"{c.playouts} playouts per game, seed {c.seed}, agents {agents}"
    return "compilation concepts only (no playouts)"


def render_table(c: Comparison) -> str:
    """An aligned text table: concepts grouped by taxonomy, games as columns, then distances."""
    cells = [[cell(v, r.spreads[i] if r.spreads else None) for i, v in enumerate(r.values)] for r in c.rows]
    name_width = max([len(r.concept) + 4 for r in c.rows] + [len(g) + 2 for g, _ in c.groups()] + [10])
    tax_width = max([len(r.taxonomy) for r in c.rows] + [8]) + 1
    widths = [max([len(g) for g in [label]] + [len(line[i]) for line in cells] + [5])
              for i, label in enumerate(c.games)]
    numbered = name_width + tax_width + sum(w + 2 for w in widths) > MAX_WIDTH and len(c.games) > 1
    labels = [f"[{i + 1}]" for i in range(len(c.games))] if numbered else list(c.games)
    if numbered:
        widths = [max([len(labels[i])] + [len(line[i]) for line in cells] + [5]) for i in range(len(c.games))]
    lines = [_header(c)]
    if c.folded:
        lines.append(f"{c.folded} rows where every game agrees are left out")
    lines.append("")
    lines.append(" " * (name_width + tax_width + 1) + "  ".join(label.rjust(w) for label, w in zip(labels, widths)))
    index = {id(r): k for k, r in enumerate(c.rows)}
    for group, rows in c.groups():
        lines.append(group)
        for r in rows:
            mark = "*" if r.ours else " "
            values = "  ".join(v.rjust(w) for v, w in zip(cells[index[id(r)]], widths))
            lines.append(f"  {r.concept}{mark}".ljust(name_width) + " " + r.taxonomy.ljust(tax_width) + values)
    if any(r.ours for r in c.rows):
        lines.append("(* our concept, not Ludii's)")
    if numbered:
        lines.append("")
        lines.extend(f"{labels[i]} {g}" for i, g in enumerate(c.games))
    if len(c.games) > 1:
        lines.append("")
        lines.append("distance: " + c.distance_name)
        width = max(max(len(label) for label in labels), 6)
        lines.append(" " * (width + 1) + " ".join(label.rjust(width) for label in labels))
        for label, line in zip(labels, c.distance):
            lines.append(label.ljust(width) + " " + " ".join(f"{d:.3f}".rjust(width) for d in line))
    return "\n".join(lines) + "\n"


def render_csv(c: Comparison) -> str:
    """CSV: one row per concept, one column per game (and per game's spread, with playouts)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    spreads = any(r.spreads for r in c.rows)
    header = ["concept", "id", "taxonomy", "group", "type", "computation", "ours"] + list(c.games)
    if spreads:
        header += [f"{g} spread" for g in c.games]
    writer.writerow(header)
    for r in c.rows:
        values = ["" if v is None else int(v) if isinstance(v, bool) else v for v in r.values]
        line = [r.concept, r.id, r.taxonomy, r.group, r.type, r.computation, int(r.ours)] + values
        if spreads:
            line += ["" if s is None else s for s in (r.spreads or [None] * len(c.games))]
        writer.writerow(line)
    return out.getvalue()


def render(data: Comparison | GameConcepts, fmt: str) -> str:
    """``data`` in one of :data:`FORMATS` (a single game's concepts as a one-column table)."""
    if fmt in ("json", "yaml"):
        obj = data.to_dict()
        if fmt == "json":
            return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"
        return yaml.safe_dump(obj, sort_keys=False, allow_unicode=True)
    if isinstance(data, GameConcepts):
        from .comparison import table
        data = table([data])
    if fmt == "csv":
        return render_csv(data)
    if fmt == "table":
        return render_table(data)
    raise ValueError(f"unknown format {fmt!r} (formats: {', '.join(FORMATS)})")


__all__ = ["FORMATS", "render", "render_table", "render_csv", "cell"]
