"""Templates of the compiled loops every game's module gets: random playouts (and the search
agents', below), written once, calling the game's own ``legal`` and ``apply``."""

TEMPLATES = '''
@njit(cache=True)
def playouts(st0, T, count, seed, first, cap, res, full):
    """Play ``count`` random games from ``st0``, numbered from ``first``; game g is seeded by
    (seed, g), so results do not depend on how games are split between calls or processes. res[g] = (plies played, winners mask, draw,
    termination, reason, legal moves summed over the plies, error, the winners' seats mask). Moves are drawn without
    listing them where the rules allow it, unless ``full`` (which counts the legal moves)."""
    st = np.empty(st0.shape[0], np.int64)  # (no slices: numba compiles them slowly)
    out = np.empty(cap, np.int64)
    rs = np.empty(1, np.uint64)
    for g in range(count):
        seed_rng(rs, seed * 1000003 + first + g)
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
        seats = 0
        for p in range(1, T[0][1] + 1):
            if (st[10] >> p) & 1:
                seats |= 1 << st[T[0][6] + p]
        res[g, 7] = seats
'''

SEARCH = '''
@njit(cache=True)
def random_move(st, T, rs, out):
    """One uniformly random legal move (drawn without listing where the rules allow it)."""
    for attempt in range(64):
        code = draw(st, T, rs)
        if code >= 0:
            return code
        if code == -2:
            break
    n = legal(st, T, out)
    return out[rng_below(rs, n)]


@njit(cache=True)
def copy_state(dst, src):
    for i in range(src.shape[0]):
        dst[i] = src[i]


@njit(cache=True)
def reward_of(st, player):
    """1 for a win, 0 for a loss (someone else's win), 0.5 for a draw or an unfinished game."""
    if st[9] == 0 or st[12] != 0 or st[10] == 0:
        return 0.5
    return 1.0 if (st[10] >> player) & 1 else 0.0


@njit(cache=True)
def winning_move(root, T, cap):
    """A legal move after which the game is over with the mover among the winners, or -1."""
    out = np.empty(cap, np.int64)
    work = np.empty(root.shape[0], np.int64)
    n = legal(root, T, out)
    mover = root[0]
    for i in range(n):
        copy_state(work, root)
        apply(work, T, out[i])
        if work[9] != 0 and (work[10] >> mover) & 1:
            return out[i]
    return -1


@njit(cache=True)
def mcts(root, T, cap, c, playout, seed, iterations, nodes, values, used):
    """UCT from ``root`` for ``iterations`` more simulations (the tree persists between calls:
    ``nodes[i]`` = parent, move, mover, first child, next sibling, children, legal moves (-1:
    not listed yet), shuffle seed; ``values[i]`` = visits, score; ``used[0]`` nodes in use).
    Each node scores for the player who made its move (Ludii's UCT); unfinished playouts count
    as draws. Returns the simulations done (fewer when the tree is full)."""
    out = np.empty(cap, np.int64)
    work = np.empty(root.shape[0], np.int64)
    rs = np.empty(1, np.uint64)
    seed_rng(rs, seed)
    order = np.empty(1, np.uint64)
    done = 0
    while done < iterations:
        if used[0] >= nodes.shape[0]:
            break
        copy_state(work, root)
        node = 0
        # selection: down through nodes whose moves all have children
        while nodes[node, 6] >= 0 and nodes[node, 5] == nodes[node, 6] and nodes[node, 5] > 0 and work[9] == 0:
            log_n = np.log(values[node, 0])
            best = -1
            best_value = -1e300
            child = nodes[node, 3]
            while child >= 0:
                v = values[child, 1] / values[child, 0] + c * np.sqrt(log_n / values[child, 0])
                if v > best_value:
                    best_value = v
                    best = child
                child = nodes[child, 4]
            node = best
            apply(work, T, nodes[node, 1])
        # expansion: one new child, the next of the node's moves in a shuffled order
        if work[9] == 0:
            n = legal(work, T, out)
            if nodes[node, 6] < 0:
                nodes[node, 6] = n
                nodes[node, 7] = rng_below(rs, 1 << 62)
            k = nodes[node, 5]
            if k < n:
                seed_rng(order, nodes[node, 7])
                for i in range(n - 1, 0, -1):  # Fisher-Yates, the same for every visit
                    j = rng_below(order, i + 1)
                    out[i], out[j] = out[j], out[i]
                move = out[n - 1 - k]
                mover = work[0]
                apply(work, T, move)
                child = used[0]
                used[0] += 1
                nodes[child, 0] = node
                nodes[child, 1] = move
                nodes[child, 2] = mover
                nodes[child, 3] = -1
                nodes[child, 4] = nodes[node, 3]
                nodes[child, 5] = 0
                nodes[child, 6] = -1
                nodes[child, 7] = 0
                values[child, 0] = 0.0
                values[child, 1] = 0.0
                nodes[node, 3] = child
                nodes[node, 5] = k + 1
                node = child
        plies = 0
        while plies < playout and work[9] == 0:
            apply(work, T, random_move(work, T, rs, out))
            plies += 1
        while node >= 0:
            values[node, 0] += 1.0
            if nodes[node, 2] != 0:
                values[node, 1] += reward_of(work, nodes[node, 2])
            node = nodes[node, 0]
        done += 1
    return done


@njit(cache=True)
def flat(root, T, cap, playout, seed, first, iterations, moves, totals, counts):
    """Flat Monte Carlo: ``iterations`` playouts shared round-robin among ``moves`` (the legal
    moves, shuffled by the caller), from playout number ``first``; results summed for the mover
    into totals/counts."""
    out = np.empty(cap, np.int64)
    work = np.empty(root.shape[0], np.int64)
    rs = np.empty(1, np.uint64)
    seed_rng(rs, seed)
    mover = root[0]
    for it in range(first, first + iterations):
        i = it % moves.shape[0]
        copy_state(work, root)
        apply(work, T, moves[i])
        plies = 0
        while plies < playout and work[9] == 0:
            apply(work, T, random_move(work, T, rs, out))
            plies += 1
        totals[i] += reward_of(work, mover)
        counts[i] += 1
    return iterations
'''

MEASURED = '''
@njit(cache=True)
def measured(st0, T, count, seed, first, cap, res):
    """Random games measured as the playout metrics measure them (concept.metrics.play_one):
    res[g] = moves, turns, legal moves summed, moves with a choice, moves that removed pieces,
    pieces removed, sites ever occupied, best minus second score summed, winners mask, draw,
    termination, error."""
    L = T[0]
    n_sites = L[0]
    players = L[1]
    what = L[2]
    counts = L[4]
    scores = L[5]
    st = np.empty(st0.shape[0], np.int64)
    out = np.empty(cap, np.int64)
    seen = np.zeros(n_sites, np.int8)
    rs = np.empty(1, np.uint64)
    for g in range(count):
        seed_rng(rs, seed * 1000003 + first + g)
        copy_state(st, st0)
        covered = 0
        for i in range(n_sites):
            seen[i] = 0
            if st[what + i] != 0:
                seen[i] = 1
                covered += 1
        moves = turns = legal_sum = decisions = removal_moves = removed = diff = 0
        last_mover = -1
        while st[9] == 0 and st[15] == 0:
            n = legal(st, T, out)
            if st[15] != 0:
                break
            legal_sum += n
            if n > 1:
                decisions += 1
            mover = st[0]
            if mover != last_mover:
                turns += 1
                last_mover = mover
            code = out[rng_below(rs, n)]
            kind = (code >> 10) & 7
            to = ((code >> 29) & 65535) - 1
            before = 0
            for p in range(1, players + 1):
                before += st[counts + p]
            apply(st, T, code)
            moves += 1
            after = 0
            for p in range(1, players + 1):
                after += st[counts + p]
            taken = before + (1 if kind == 0 else 0) - after
            if taken > 0:
                removal_moves += 1
                removed += taken
            if taken != 0 or kind != 0:
                for i in range(n_sites):
                    if seen[i] == 0 and st[what + i] != 0:
                        seen[i] = 1
                        covered += 1
            elif to >= 0 and to < n_sites and seen[to] == 0 and st[what + to] != 0:
                seen[to] = 1
                covered += 1
            if players > 1:
                best = -(1 << 62)
                second = -(1 << 62)
                for p in range(1, players + 1):
                    s = st[scores + p]
                    if s > best:
                        second = best
                        best = s
                    elif s > second:
                        second = s
                diff += best - second
        res[g, 0] = moves
        res[g, 1] = turns
        res[g, 2] = legal_sum
        res[g, 3] = decisions
        res[g, 4] = removal_moves
        res[g, 5] = removed
        res[g, 6] = covered
        res[g, 7] = diff
        res[g, 8] = st[10]
        res[g, 9] = st[12]
        res[g, 10] = st[13]
        res[g, 11] = st[15]
'''
