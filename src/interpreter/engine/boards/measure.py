"""Measures of a board graph as Ludii's ``MeasureGraph`` takes them: the row, column and
coordinate label of each site (the perimeter and the named regions are in ``regions``).

Rows and columns: Ludii sorts the sites by their distance from a reference line below the
board (for rows) or left of it (for columns), and starts a new row or column whenever a site is
more than 0.6 "units" from the mean of the current one. It tries row lines at 0, 15, 30, 45 and
60 degrees and column lines 90, 105 and 120 degrees further round, keeping the angle whose
clusters are tightest. Labels are the column letter(s) and the row number from 1 (``A1``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .polygon import Point, bounds, distance_to_line

# ---------------------------------------------------------------------- rows, columns, labels

def rows_and_columns(points: Sequence[Point], thetas: tuple[float, float] | None = None
                     ) -> tuple[list[int], list[int]]:
    """Row and column index of each point, clustered as Ludii's ``clusterByRowAndColumn``
    (with ``thetas``, along those angles of rows and columns instead of the best ones: Ludii
    clusters a board's edges along the angles found best for its vertices)."""
    n = len(points)
    if n == 0:
        return [], []
    _x0, _y0, w, h = bounds(points)
    unit = (w + h) / 2 / math.sqrt(n)
    if thetas is not None:
        return _cluster(points, "row", unit, thetas[0])[0], _cluster(points, "column", unit, thetas[1])[0]
    row_theta, col_theta = best_thetas(points)
    return _cluster(points, "row", unit, row_theta)[0], _cluster(points, "column", unit, col_theta)[0]


def best_thetas(points: Sequence[Point]) -> tuple[float, float]:
    """The angles of the rows and of the columns whose clusters are tightest (Ludii's search:
    rows at 0 to 60 degrees, columns 90 to 120 degrees further round; (0, 0.5) for no point,
    as Ludii starts)."""
    n = len(points)
    if n == 0:
        return 0.0, 0.5
    _x0, _y0, w, h = bounds(points)
    unit = (w + h) / 2 / math.sqrt(n)

    best_error, row_theta = 1000.0, 0.0
    for angle in range(0, 61, 15):
        theta = angle / 180.0 * math.pi
        _, error = _cluster(points, "row", unit, theta)
        if error < best_error:
            best_error, row_theta = error, theta
            if error < 0.01:
                break

    best_error, col_theta = 1000.0, 0.0
    for angle in range(90, 121, 15):
        theta = row_theta + angle / 180.0 * math.pi
        _, error = _cluster(points, "column", unit, theta)
        if error < best_error:
            best_error, col_theta = error, theta
            if error < 0.01:
                break
    return row_theta, col_theta


def _cluster(points: Sequence[Point], kind: str, unit: float, theta: float
             ) -> tuple[list[int], float]:
    """Ludii's ``clusterByDimension``: bucket the points by distance from a base line."""
    x0, y0, w, h = bounds(points)
    if kind == "row":
        ref_a = (x0 + w / 2, y0 - h)
    else:
        ref_a = (x0 - w, y0 + h / 2)
    ref_b = (ref_a[0] + w * math.cos(theta), ref_a[1] + w * math.sin(theta))
    rank = sorted(((distance_to_line(p, ref_a, ref_b), i) for i, p in enumerate(points)),
                  key=lambda item: item[0])
    margin = 0.6 * unit
    buckets: list[list[float]] = []  # per bucket: [total, count, last score]
    members: list[list[int]] = []
    for dist, i in rank:
        if not buckets or abs(dist - buckets[-1][0] / buckets[-1][1]) > margin:
            buckets.append([0.0, 0, 0.0])
            members.append([])
        bucket = buckets[-1]
        bucket[0] += dist
        bucket[1] += 1
        bucket[2] = dist
        members[-1].append(i)
    index = [0] * len(points)
    for b, ids in enumerate(members):
        for i in ids:
            index[i] = b
    error = 0.0
    for total, count, last in buckets:
        mean = total / count
        error += (mean - last) * (mean - last) / count  # Ludii keeps only the last item's error
    error += 0.01 * len(buckets)
    return index, error


def layers(points: Sequence[Point], heights: Sequence[float]) -> list[int]:
    """The layer of each point (Ludii's ``clusterByDimension`` on z): sorted by height, a new
    layer whenever a point is more than 0.6 units above the mean of the current one (the unit
    as for rows and columns). All 0 on a flat board."""
    if not heights or not any(heights):
        return [0] * len(points)
    _x0, _y0, w, h = bounds(points)
    margin = 0.6 * (w + h) / 2 / math.sqrt(len(points))
    index = [0] * len(points)
    total, count = 0.0, 0
    layer = -1
    for z, i in sorted(((z, i) for i, z in enumerate(heights)), key=lambda item: item[0]):
        if count == 0 or abs(z - total / count) > margin:
            layer, total, count = layer + 1, 0.0, 0
        total += z
        count += 1
        index[i] = layer
    return index


def layered(labels: Sequence[str], layer: Sequence[int]) -> list[str]:
    """Ludii's labels on a board of several layers: ``A1/0``, ``B2/1``... (unchanged when every
    site is on one layer)."""
    if len(set(layer)) < 2:
        return list(labels)
    return [f"{text}/{k}" for text, k in zip(labels, layer)]


def label(row: int, column: int) -> str:
    """Ludii's coordinate label: column letters (A..Z, then AA...) and row number from 1."""
    text = chr(ord("A") + column % 26)
    while column >= 26:
        column //= 26
        text = chr(ord("A") + column % 26 - 1) + text
    return f"{text}{row + 1}"


def rows_and_columns_by_value(points: Sequence[Point]) -> tuple[list[int], list[int]]:
    """Ludii's fallback when clustered labels collide (``Topology.computeRows`` and
    ``computeColumns`` on a graph with duplicate coordinates): a row per distinct y, a column
    per distinct x (within 0.001), each numbered upwards from the smallest."""
    return _by_value([p[1] for p in points]), _by_value([p[0] for p in points])


def _by_value(values: Sequence[float]) -> list[int]:
    centres: list[float] = []
    for v in values:
        if not any(abs(v - c) < 0.001 for c in centres):
            centres.append(v)
    centres.sort()
    index = [0] * len(values)
    for i, c in enumerate(centres):
        for n, v in enumerate(values):
            if abs(v - c) < 0.001:
                index[n] = i
    return index


def fallback_label(row: int, column: int) -> str:
    """Ludii's ``Topology.computeCoordinates`` label (used after the fallback above)."""
    text = chr(ord("A") + column // 26 - 1) if column >= 26 else ""
    return f"{text}{chr(ord('A') + column % 26)}{row + 1}"
