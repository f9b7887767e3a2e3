"""Graph searches compiled once for every game (numba): the shortest loop of a group (as
:mod:`interpreter.engine.loops` finds it) and the loops through passages (as
:mod:`interpreter.engine.passages` counts them), with the tables they read, made from a board
before play (:func:`loop_tables`, :func:`passage_tables`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
from numba import njit

from ..engine.loops import _RAY_ANGLES


# --- tables made before play ---------------------------------------------------------------------------
def loop_tables(positions: Sequence[tuple[float, float]], nbrs: np.ndarray,
                perimeter: Sequence[int]) -> tuple[np.ndarray, ...]:
    """What :func:`shortest_loop` reads of a board: per site t, the edges (of the neighbour
    table ``nbrs``, -1 padded) crossed by a ray from t that passes through no site, each as
    (a, slot of b in a's row, b, slot of a in b's row); their number per site; the sites on
    the perimeter; the positions (scaled to integers) and the reach of the longest edge."""
    n = len(positions)
    xs = np.array([p[0] for p in positions], dtype=float)
    ys = np.array([p[1] for p in positions], dtype=float)
    edges = [(a, ja, int(b)) for a in range(n) for ja, b in enumerate(nbrs[a]) if b > a]
    slot = {(a, int(b)): j for a in range(n) for j, b in enumerate(nbrs[a]) if b >= 0}
    ea = np.array([e[0] for e in edges], dtype=np.int64)
    eb = np.array([e[2] for e in edges], dtype=np.int64)
    rows: list[list[tuple[int, int, int, int]]] = []
    scale = max((math.hypot(xs[a] - xs[b], ys[a] - ys[b]) for a, _, b in edges), default=1.0) or 1.0
    eps = 1e-9 * scale
    for t in range(n):
        others = np.arange(n) != t
        chosen = None
        for angle in _RAY_ANGLES:
            dx, dy = math.cos(angle), math.sin(angle)
            sx, sy = xs - xs[t], ys - ys[t]
            side = dx * sy - dy * sx
            ahead = sx * dx + sy * dy
            if np.any(others & (np.abs(side) < eps) & (ahead > 0)):
                continue  # the ray passes through a site
            ca, cb = side[ea], side[eb]
            straddle = (ca > 0) != (cb > 0)
            with np.errstate(divide="ignore", invalid="ignore"):
                k = ca / (ca - cb)
            mx = sx[ea] + (sx[eb] - sx[ea]) * k
            my = sy[ea] + (sy[eb] - sy[ea]) * k
            hit = straddle & ((mx * dx + my * dy) > 0)
            chosen = [(int(ea[i]), slot[int(ea[i]), int(eb[i])], int(eb[i]), slot[int(eb[i]), int(ea[i])])
                      for i in np.nonzero(hit)[0]]
            break
        if chosen is None:
            raise ValueError("no ray from a site avoids the other sites")
        rows.append(chosen)
    width = max((len(r) for r in rows), default=0)
    cross = np.full((n, max(width, 1), 4), -1, dtype=np.int64)
    counts = np.zeros(n, dtype=np.int64)
    for t, row in enumerate(rows):
        counts[t] = len(row)
        for i, item in enumerate(row):
            cross[t, i] = item
    perim = np.zeros(n, dtype=np.int64)
    perim[list(perimeter)] = 1
    unit = 1 << 20  # positions as integers, in units of 1/2^20 of the longest edge
    pos = np.array([[round(x / scale * unit), round(y / scale * unit)] for x, y in zip(xs, ys)], dtype=np.int64)
    return cross, counts, perim, pos, np.array([unit], dtype=np.int64)


def passage_tables(passages: dict[int, Sequence[Any]], players: int, n: int) -> tuple[np.ndarray, ...]:
    """Per player, the rims of their passages (one node per distinct rim, as PassageGraph
    makes them: sites -1 padded) and each passage's two rim numbers."""
    graphs = []
    for p in range(players + 1):
        rims: dict[tuple[int, ...], int] = {}
        ends = []
        for passage in passages.get(p, ()) if p else ():
            a = rims.setdefault(tuple(sorted(set(passage.rim_a))), len(rims))
            b = rims.setdefault(tuple(sorted(set(passage.rim_b))), len(rims))
            ends.append((a, b))
        graphs.append((list(rims), ends))
    nrims = max(1, max(len(r) for r, _ in graphs))
    width = max(1, max((len(rim) for r, _ in graphs for rim in r), default=1))
    nends = max(1, max(len(e) for _, e in graphs))
    rim_sites = np.full((players + 1, nrims, width), -1, dtype=np.int64)
    rim_count = np.zeros(players + 1, dtype=np.int64)
    end_rims = np.zeros((players + 1, nends, 2), dtype=np.int64)
    end_count = np.zeros(players + 1, dtype=np.int64)
    for p, (rim_list, pairs) in enumerate(graphs):
        rim_count[p] = len(rim_list)
        end_count[p] = len(pairs)
        for r, rim in enumerate(rim_list):
            rim_sites[p, r, :len(rim)] = rim
        for e, (a, b) in enumerate(pairs):
            end_rims[p, e] = (a, b)
    return rim_sites, rim_count, end_rims, end_count


# --- shortest loops ----------------------------------------------------------------------------------------
@njit(cache=True)
def shortest_loop(group, g0, g1, nbrs, cross, ncross, perim, pos, unit):
    """The number of sites of the shortest loop of the group ``group[g0:g1]`` (0 for none):
    the shortest cycle of its sites (each next to the following one in ``nbrs``) around a
    hole, a piece of the board outside the group that does not reach the perimeter. As
    engine.loops: the group's 2-core; its holes; around a site t of each hole, the shortest
    closed walk crossing a ray from t an odd number of times, by breadth-first search over
    (site, parity) from each end of the edges the ray crosses, among the sites near t."""
    n = nbrs.shape[0]
    width = nbrs.shape[1]
    inside = np.zeros(n, np.int64)  # 1: the group's, 2: its 2-core
    core = _two_core(group, g0, g1, nbrs, inside)
    if core < 3:
        return 0
    holes = np.empty(n, np.int64)
    nholes = _holes(group, g0, g1, nbrs, perim, inside, holes)
    if nholes == 0:
        return 0
    best = core + 1  # loops shorter than this are looked for
    near = np.zeros(n, np.int64)
    blocked = np.zeros(n, np.int64)
    flip = np.zeros(n * width, np.int64)
    seen = np.zeros(2 * n, np.int64)
    depth = np.zeros(2 * n, np.int64)
    bfs = np.empty(2 * n, np.int64)
    starts = np.empty(cross.shape[1], np.int64)
    stamp = 0
    for h in range(nholes):
        t = holes[h]
        # a cycle of L sites around t stays within (L - 1) / 2 edges' reach of it
        radius = (best - 1) / 2.0 * unit[0] + 1.0 + 1e-6 * unit[0]
        r2 = radius * radius
        for i in range(g0, g1):
            v = group[i]
            dx = float(pos[v, 0] - pos[t, 0])
            dy = float(pos[v, 1] - pos[t, 1])
            near[v] = 1 if (inside[v] == 2 and dx * dx + dy * dy <= r2) else 0
            blocked[v] = 0
        nstarts = _ray_starts(t, width, cross, ncross, near, flip, starts)
        for q in range(nstarts):
            u = starts[q]
            stamp += 1
            best = _shorter_loop_from(u, best, stamp, nbrs, near, blocked, flip, seen, depth, bfs)
            blocked[u] = 1
        for c in range(ncross[t]):
            flip[cross[t, c, 0] * width + cross[t, c, 1]] = 0
            flip[cross[t, c, 2] * width + cross[t, c, 3]] = 0
    return best if best <= core else 0


@njit(cache=True)
def _two_core(group, g0, g1, nbrs, inside):
    """Mark the sites of ``group[g0:g1]`` in ``inside`` (all 0 before): 2 for those of its
    2-core (sites with fewer than two neighbours in the group removed, again and again), 1 for
    the others; returns the size of the 2-core."""
    width = nbrs.shape[1]
    size = g1 - g0
    for i in range(g0, g1):
        inside[group[i]] = 1
    degree = np.zeros(nbrs.shape[0], np.int64)
    stack = np.empty(size + 1, np.int64)
    top = 0
    for i in range(g0, g1):
        v = group[i]
        d = 0
        for j in range(width):
            u = nbrs[v, j]
            if u < 0:
                break
            if inside[u] != 0:
                d += 1
        degree[v] = d
        inside[v] = 2
        if d < 2:
            stack[top] = v
            top += 1
    core = size
    while top > 0:
        top -= 1
        v = stack[top]
        if inside[v] != 2:
            continue
        inside[v] = 1
        core -= 1
        for j in range(width):
            u = nbrs[v, j]
            if u < 0:
                break
            if inside[u] == 2:
                degree[u] -= 1
                if degree[u] < 2:
                    stack[top] = u
                    top += 1
    return core


@njit(cache=True)
def _holes(group, g0, g1, nbrs, perim, inside, holes):
    """The holes of the group: one site (in ``holes``) of each piece of the board outside the
    group, next to it, that never reaches the perimeter; returns how many."""
    n = nbrs.shape[0]
    width = nbrs.shape[1]
    piece = np.zeros(n, np.int64)
    queue = np.empty(n, np.int64)
    nholes = 0
    for i in range(g0, g1):
        s = group[i]
        for j in range(width):
            t = nbrs[s, j]
            if t < 0:
                break
            if inside[t] != 0 or piece[t] != 0:
                continue
            piece[t] = 1
            queue[0] = t
            head, tail = 0, 1
            edge = False
            while head < tail:
                x = queue[head]
                head += 1
                if perim[x] != 0:
                    edge = True
                for jj in range(width):
                    y = nbrs[x, jj]
                    if y < 0:
                        break
                    if inside[y] == 0 and piece[y] == 0:
                        piece[y] = 1
                        queue[tail] = y
                        tail += 1
            if not edge:
                holes[nholes] = t
                nholes += 1
    return nholes


@njit(cache=True)
def _ray_starts(t, width, cross, ncross, near, flip, starts):
    """The edges near t that the ray from t crosses: marked in ``flip`` (at both ends), their
    lower ends put in ``starts``, once each and in increasing order (as the reference tries
    them: the length found is the same); returns how many."""
    nstarts = 0
    for c in range(ncross[t]):
        a, ja, b, jb = cross[t, c, 0], cross[t, c, 1], cross[t, c, 2], cross[t, c, 3]
        if near[a] != 0 and near[b] != 0:
            flip[a * width + ja] = 1
            flip[b * width + jb] = 1
            u = a if a < b else b
            dup = False
            for q in range(nstarts):
                if starts[q] == u:
                    dup = True
            if not dup:
                starts[nstarts] = u
                nstarts += 1
    for q in range(1, nstarts):
        x = starts[q]
        r = q - 1
        while r >= 0 and starts[r] > x:
            starts[r + 1] = starts[r]
            r -= 1
        starts[r + 1] = x
    return nstarts


@njit(cache=True)
def _shorter_loop_from(u, best, stamp, nbrs, near, blocked, flip, seen, depth, bfs):
    """The length of the shortest closed walk from ``u`` among the near, unblocked sites that
    crosses the ray an odd number of times, when shorter than ``best``; else ``best``. A
    breadth-first search over (site, parity); ``stamp`` marks the nodes it has seen."""
    width = nbrs.shape[1]
    seen[2 * u] = stamp
    depth[2 * u] = 0
    bfs[0] = 2 * u
    head, tail = 0, 1
    while head < tail:
        node = bfs[head]
        head += 1
        d = depth[node]
        if d + 1 >= best:
            break
        v = node >> 1
        p = node & 1
        for j in range(width):
            w = nbrs[v, j]
            if w < 0:
                break
            if near[w] == 0 or blocked[w] != 0:
                continue
            nxt = 2 * w + (p ^ flip[v * width + j])
            if seen[nxt] == stamp:
                continue
            seen[nxt] = stamp
            depth[nxt] = d + 1
            if nxt == 2 * u + 1:
                return d + 1
            bfs[tail] = nxt
            tail += 1
    return best


# --- loops through passages ---------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _find(work, at, x):
    """The root of x in the union-find forest ``work[at:]``."""
    while work[at + x] != x:
        work[at + x] = work[at + work[at + x]]
        x = work[at + x]
    return x


@njit(cache=True)
def count_loops(st, who_at, nbrs, player, rim_sites, rim_count, ends, end_count, work):
    """The number of distinct loops of ``player`` through their passages (as
    PassageGraph.loops counts them): the player's groups joined with the rims they touch are
    the nodes, each passage an edge between the nodes of its rims; a loop is a non-empty set
    of passages forming a connected circuit with every node of even degree. ``work`` (3n + 2
    rims + 1 ints, all 0 but its last) is the caller's own and is left as it was found."""
    n = nbrs.shape[0]
    nr = rim_count[player]
    ne = end_count[player]
    if ne == 0:
        return 0
    # work: the group of each site (0: none), the sites reached (to clear them afterwards),
    # per group the first rim it touches (+1), then two union-find forests over the rims
    parent = 3 * n
    comp = 3 * n + nr
    _join_rims(st, who_at, nbrs, player, rim_sites, nr, work)
    # the passages' nodes, then every set of passages that is a connected even circuit
    loops = 0
    for mask in range(1, 1 << ne):
        if _is_loop(mask, ends, player, ne, nr, work, parent, comp):
            loops += 1
    return loops


@njit(cache=True)
def _join_rims(st, who_at, nbrs, player, rim_sites, nr, work):
    """Join (in the union-find forest ``work[3n:]``) the rims a group of ``player`` touches
    together; the rest of ``work`` is left as it was found."""
    n = nbrs.shape[0]
    width = nbrs.shape[1]
    group = 0
    queue = n
    first = 2 * n
    parent = 3 * n
    for r in range(nr):
        work[parent + r] = r
    count = 0
    tail = 0
    for r in range(nr):
        for i in range(rim_sites.shape[2]):
            site = rim_sites[player, r, i]
            if site < 0:
                break
            if st[who_at + site] != player:
                continue
            if work[group + site] == 0:
                count += 1
                work[group + site] = count
                work[first + count - 1] = 0
                head = tail
                work[queue + tail] = site
                tail += 1
                while head < tail:
                    x = work[queue + head]
                    head += 1
                    for j in range(width):
                        y = nbrs[x, j]
                        if y < 0:
                            break
                        if work[group + y] == 0 and st[who_at + y] == player:
                            work[group + y] = count
                            work[queue + tail] = y
                            tail += 1
            g = work[group + site] - 1
            if work[first + g] == 0:
                work[first + g] = r + 1
            else:
                a = _find(work, parent, work[first + g] - 1)
                b = _find(work, parent, r)
                if a != b:
                    work[parent + b] = a
    for i in range(tail):
        work[group + work[queue + i]] = 0


@njit(cache=True)
def _is_loop(mask, ends, player, ne, nr, work, parent, comp):
    """Whether the passages in ``mask`` make a loop: every node of even degree, all joined."""
    parity = 0
    for e in range(ne):
        if mask >> e & 1:
            parity ^= (1 << _find(work, parent, ends[player, e, 0])) ^ (1 << _find(work, parent, ends[player, e, 1]))
    if parity != 0:
        return False
    for x in range(nr):
        work[comp + x] = x
    root = -1
    for e in range(ne):
        if mask >> e & 1:
            a = _find(work, comp, _find(work, parent, ends[player, e, 0]))
            b = _find(work, comp, _find(work, parent, ends[player, e, 1]))
            if a != b:
                work[comp + b] = a
            if root < 0:
                root = a
    r0 = _find(work, comp, root)
    for e in range(ne):
        if mask >> e & 1 and _find(work, comp, _find(work, parent, ends[player, e, 0])) != r0:
            return False
    return True
