"""Small numba functions every compiled game may call: random numbers (the same on every
machine), lines through a site, groups of pieces."""

from __future__ import annotations

import numpy as np
from numba import njit


# --- random numbers (the same on every machine: xorshift64*) ---------------------------------------
@njit(cache=True, error_model="numpy")
def seed_rng(rs, seed):
    """Start the generator ``rs`` (a uint64 array of one) from ``seed`` (splitmix64 of it)."""
    z = np.uint64(seed) + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    if z == np.uint64(0):
        z = np.uint64(1)
    rs[0] = z


@njit(cache=True, error_model="numpy")
def rng_below(rs, n):
    """A random int in [0, n)."""
    x = rs[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rs[0] = x
    return np.int64(((x * np.uint64(2685821657736338717)) >> np.uint64(11)) % np.uint64(n))


@njit(cache=True, error_model="numpy")
def rng_unit(rs):
    """A random float in [0, 1)."""
    return rng_below(rs, 1 << 53) / float(1 << 53)


# --- lines ------------------------------------------------------------------------------------------
@njit(cache=True, error_model="numpy")
def line_through(st, who_at, axes, site, p, length, exact, gaps):
    """Whether a line of ``p``'s pieces through ``site`` has ``length`` pieces (at least, unless
    ``exact``), along one of the axes of ``axes`` (per site, axis, side: the sites beyond, -1
    padded); ``site`` itself counts as ``p``'s. With ``gaps``, every piece of ``p`` on the axis
    counts (Ludii's contiguous:False)."""
    naxes = axes.shape[1]
    depth = axes.shape[3]
    for a in range(naxes):
        count = 1
        for side in range(2):
            for j in range(depth):
                x = axes[site, a, side, j]
                if x < 0:
                    break
                if st[who_at + x] == p:
                    count += 1
                elif not gaps:
                    break
        if count == length or (count > length and not exact):
            return True
    return False


@njit(cache=True, error_model="numpy")
def count_lines(st, who_at, n, axes, p, length):
    """The number of maximal lines of at least ``length`` pieces of ``p`` (each counted once,
    from its first site along each axis)."""
    total = 0
    naxes = axes.shape[1]
    depth = axes.shape[3]
    for site in range(n):
        if st[who_at + site] != p:
            continue
        for a in range(naxes):
            back = axes[site, a, 1, 0]
            if back >= 0 and st[who_at + back] == p:
                continue
            run = 1
            for j in range(depth):
                x = axes[site, a, 0, j]
                if x < 0 or st[who_at + x] != p:
                    break
                run += 1
            if run >= length:
                total += 1
    return total


# --- groups -------------------------------------------------------------------------------------------
@njit(cache=True, error_model="numpy")
def group_of(st, who_at, nbrs, site, owner, mark, stamp, queue):
    """The sites joined to ``site`` through sites of ``owner`` (``nbrs``: per site, its
    neighbours, -1 padded), written into ``queue``; returns how many. ``mark`` remembers the
    sites seen (equal to ``stamp``), so the caller can test membership without clearing."""
    head = 0
    tail = 1
    queue[0] = site
    mark[site] = stamp
    while head < tail:
        s = queue[head]
        head += 1
        for j in range(nbrs.shape[1]):
            t = nbrs[s, j]
            if t < 0:
                break
            if mark[t] != stamp and st[who_at + t] == owner:
                mark[t] = stamp
                queue[tail] = t
                tail += 1
    return tail


@njit(cache=True, error_model="numpy")
def connected(st, who_at, nbrs, site, masks, regions, need, every, work):
    """Whether the group of the piece on ``site`` touches every one of ``regions`` regions
    (``masks[r, s]``: site s in region r), or, unless ``every``, at least ``need`` of them.
    ``work`` (2n + regions + 2 ints) is this caller's own: a stamp marks the sites seen, so
    nothing is cleared between calls."""
    n = nbrs.shape[0]
    owner = st[who_at + site]
    stamp = work[-1] + 1  # work[-1]: the last stamp (tables start with distinct values there)
    if stamp > (1 << 60):
        stamp = 1
        for i in range(n):
            work[i] = 0
    work[-1] = stamp
    queue = n  # work[n:2n] is the queue; work[2n:2n+regions] marks the regions touched
    head, tail = 0, 1
    work[queue] = site
    work[site] = stamp
    hits = 0
    while head < tail:
        s = work[queue + head]
        head += 1
        for r in range(regions):
            if work[2 * n + r] != stamp and masks[r, s] != 0:
                work[2 * n + r] = stamp
                hits += 1
        if every and hits == regions:
            return True
        for j in range(nbrs.shape[1]):
            t = nbrs[s, j]
            if t < 0:
                break
            if work[t] != stamp and st[who_at + t] == owner:
                work[t] = stamp
                work[queue + tail] = t
                tail += 1
    if every:
        return hits == regions
    return hits >= need


@njit(cache=True, error_model="numpy")
def put(out, n, code):
    """Append a move to the list (its length says it overflowed: the caller checks)."""
    if n < out.shape[0]:
        out[n] = code
    return n + 1


@njit(cache=True, error_model="numpy")
def java_div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


@njit(cache=True, error_model="numpy")
def java_mod(a, b):
    r = abs(a) % abs(b)
    return r if a >= 0 else -r


# --- connectivity kept up to date (games whose pieces are only ever added) --------------------------
@njit(cache=True, error_model="numpy")
def uf_find(st, uf_at, x):
    """The root of ``x``'s group in the union-find at ``uf_at`` (parents, then each root's mask
    of the regions its group touches), halving the path as it goes."""
    while st[uf_at + x] != x:
        st[uf_at + x] = st[uf_at + st[uf_at + x]]
        x = st[uf_at + x]
    return x


@njit(cache=True, error_model="numpy")
def uf_add(st, who_at, uf_at, n, nbrs, site, bits):
    """A piece was added on ``site``: it joins the groups of its owner's neighbouring pieces, and
    their root's mask takes the regions ``bits`` of the site."""
    owner = st[who_at + site]
    st[uf_at + site] = site
    st[uf_at + n + site] = bits
    root = site
    for j in range(nbrs.shape[1]):
        t = nbrs[site, j]
        if t < 0:
            break
        if st[who_at + t] == owner:
            other = uf_find(st, uf_at, t)
            if other != root:
                st[uf_at + other] = root
                st[uf_at + n + root] |= st[uf_at + n + other]
