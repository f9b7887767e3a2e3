"""Templates of the compiled loops every game's module gets: random playouts (and the search
agents', below), written once, calling the game's own ``legal`` and ``apply``."""

TEMPLATES = '''
@njit(cache=True)
def playouts(st0, T, count, seed, cap, res, full):
    """Play ``count`` random games from ``st0``; game g is seeded by (seed, g), so results do not
    depend on how games are split between calls. res[g] = (plies played, winners mask, draw,
    termination, reason, legal moves summed over the plies, error). Moves are drawn without
    listing them where the rules allow it, unless ``full`` (which counts the legal moves)."""
    st = np.empty(st0.shape[0], np.int64)  # (no slices: numba compiles them slowly)
    out = np.empty(cap, np.int64)
    rs = np.empty(1, np.uint64)
    for g in range(count):
        seed_rng(rs, seed * 1000003 + g)
        for i in range(st0.shape[0]):
            st[i] = st0[i]
        plies = 0
        total = 0
        while st[9] == 0:
            code = -1
            if not full:
                for attempt in range(64):
                    code = draw(st, T, rs)
                    if code != -1:
                        break
            if code < 0:
                n = legal(st, T, out)
                if st[15] != 0:
                    break
                total += n
                code = out[rng_below(rs, n)]
            apply(st, T, code)
            plies += 1
            if st[15] != 0:
                break
        res[g, 0] = plies
        res[g, 1] = st[10]
        res[g, 2] = st[12]
        res[g, 3] = st[13]
        res[g, 4] = st[14]
        res[g, 5] = total
        res[g, 6] = st[15]
'''
