"""The picture of a comparison (needs matplotlib: ``pip install '.[plot]'``).

Left, the concept matrix as a heat map: one row per concept on which the games differ, one
column per game; a boolean concept is dark when the game uses it, a number is shaded from the
smallest value among the games (light) to the largest (dark). Right, the games' similarity: a
dendrogram of the distance matrix (average linkage: two clusters are joined at the mean distance
between their games).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from .comparison import Comparison


class PlotUnavailable(RuntimeError):
    """matplotlib is not installed."""


def linkage(distance: Sequence[Sequence[float]]) -> list[tuple[int, int, float, int]]:
    """Average-linkage clustering: merges (a, b, height, size), clusters numbered as scipy does
    (the games 0..n-1, then each merge n, n+1, ...)."""
    n = len(distance)
    members = {i: [i] for i in range(n)}
    merges = []
    next_id = n
    while len(members) > 1:
        best: tuple[int, int, float] | None = None
        keys = sorted(members)
        for x in range(len(keys)):
            for y in range(x + 1, len(keys)):
                a, b = keys[x], keys[y]
                d = sum(distance[i][j] for i in members[a] for j in members[b]) / (len(members[a]) * len(members[b]))
                if best is None or d < best[2] - 1e-12:
                    best = (a, b, d)
        assert best is not None  # two clusters at least
        a, b, d = best
        members[next_id] = members.pop(a) + members.pop(b)
        merges.append((a, b, d, len(members[next_id])))
        next_id += 1
    return merges


def _leaf_order(merges, n: int) -> list[int]:
    if not merges:
        return list(range(n))
    children = {n + k: (a, b) for k, (a, b, _, _) in enumerate(merges)}

    def leaves(node: int) -> list[int]:
        if node < n:
            return [node]
        a, b = children[node]
        return leaves(a) + leaves(b)
    return leaves(n + len(merges) - 1)


def _normalised(values: list) -> list[float]:
    if all(isinstance(v, bool) or v is None for v in values):
        return [1.0 if v else 0.0 for v in values]
    numbers = [float(v) for v in values if isinstance(v, (int, float)) and not isinstance(v, bool)]
    lo, hi = (min(numbers), max(numbers)) if numbers else (0.0, 0.0)
    return [float("nan") if not isinstance(v, (int, float)) else (float(v) - lo) / (hi - lo) if hi > lo else 0.5
            for v in values]


def plot(comparison: Comparison, path: str | Path) -> Path:
    """Draw the comparison into ``path`` (.png or .svg). Rows where every game agrees are left
    out of the heat map (the table keeps them)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as err:  # an optional extra
        raise PlotUnavailable("plots need matplotlib: pip install 'ludeme-interpreter[plot]'") from err
    path = Path(path)
    if path.suffix.lower() not in (".png", ".svg"):
        raise ValueError(f"plots are .png or .svg files, not {path.name!r}")
    c = comparison.differences()
    games = list(c.games)
    n = len(games)
    merges = linkage(c.distance) if n > 1 else []
    order = _leaf_order(merges, n)
    rows = c.rows or []
    matrix = [[_normalised(r.values)[j] for j in order] for r in rows]
    labels = [f"{r.concept}{'*' if r.ours else ''}  [{r.group}]" for r in rows]
    height = max(4.0, 0.19 * len(rows) + 2.5)
    name_len = max([len(g) for g in games] + [4])
    width = 5.0 + 0.55 * n + 3.5
    fig = plt.figure(figsize=(width, height))
    grid = fig.add_gridspec(1, 2, width_ratios=[max(1.0, 0.55 * n), 2.5], wspace=0.45)
    ax = fig.add_subplot(grid[0, 0])
    if rows:
        image = ax.imshow(matrix, aspect="auto", cmap="Blues", vmin=0.0, vmax=1.0, interpolation="nearest")
        ax.set_yticks(range(len(rows)))
        ax.set_yticklabels(labels, fontsize=7)
        cbar = fig.colorbar(image, ax=ax, fraction=0.04, pad=0.02)
        cbar.ax.tick_params(labelsize=7)
        cbar.set_label("uses it / largest among the games", fontsize=7)
    else:
        ax.text(0.5, 0.5, "every game agrees", ha="center", va="center")
        ax.set_yticks([])
    ax.set_xticks(range(n))
    ax.set_xticklabels([games[j] for j in order], rotation=40, ha="right", fontsize=8)
    ax.set_title(f"Concepts that differ ({len(rows)} of {len(rows) + c.folded})", fontsize=10)
    side = fig.add_subplot(grid[0, 1])
    _dendrogram(side, merges, order, games)
    side.set_title("Similarity (average linkage)", fontsize=10)
    note = f"distance: {c.distance_name}"
    if c.playouts:
        note = f"{c.playouts} playouts per game, seed {c.seed}; " + note
    fig.text(0.01, 0.005, note, fontsize=6, wrap=True)
    fig.subplots_adjust(left=min(0.6, 0.011 * max(len(label) for label in labels) + 0.05) if rows else 0.1,
                        right=0.97 - 0.004 * name_len, top=1 - 0.6 / height, bottom=1.4 / height)
    try:
        fig.savefig(path, dpi=150)
    finally:
        plt.close(fig)
    return path


def _dendrogram(ax, merges, order: list[int], games: list[str]) -> None:
    n = len(games)
    y: dict[int, float] = {leaf: k for k, leaf in enumerate(order)}
    x = {leaf: 0.0 for leaf in order}
    for k, (a, b, d, _) in enumerate(merges):
        node = n + k
        for child in (a, b):
            ax.plot([x[child], d], [y[child], y[child]], color="#1f4e79", lw=1.5)
        ax.plot([d, d], [y[a], y[b]], color="#1f4e79", lw=1.5)
        x[node], y[node] = d, (y[a] + y[b]) / 2
    ax.set_yticks(range(n))
    ax.set_yticklabels([games[i] for i in order], fontsize=8)
    ax.yaxis.tick_right()
    ax.set_ylim(-0.5, n - 0.5)
    ax.invert_yaxis()
    top = max([d for _, _, d, _ in merges] + [0.1])
    ax.set_xlim(top * 1.05, 0)  # the leaves on the right, next to their names
    ax.set_xlabel("distance", fontsize=8)
    ax.tick_params(axis="x", labelsize=7)
    for spine in ("top", "left"):
        ax.spines[spine].set_visible(False)


__all__ = ["plot", "linkage", "PlotUnavailable"]
