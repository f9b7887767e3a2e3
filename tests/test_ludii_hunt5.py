"""Forms Ludii's hunt games and territory/pattern games use beyond the sample (issue 24, the fifth
probe of board/hunt and board/space/territory|pattern). Each on a small position, by its meaning
in Ludii's Java."""

from __future__ import annotations

import random

from interpreter import load
from interpreter.ludemes.areas import ludii_territory


def labels(game, state, player):
    return sorted(game.topology.labels[i] for i in range(game.topology.n) if state.who[i] == player)


# --- (noRepeat): Ludii's older spelling of (no Repeat) (game.rules.meta.NoRepeat) ----------------
# Positional by default: no move may bring back a position seen before; passing is allowed.
NO_REPEAT = '''(game "T" (players 2) (equipment {(board (rectangle 1 4)) (piece "Disc" Each (move Step (to if:(is Empty (to)))))})
 (rules (meta (noRepeat)) (start {(place "Disc1" "A1") (place "Disc2" "D1")})
 (play (or (forEach Piece) (move Pass))) (end (if (all Passed) (result Mover Draw)))))'''


def test_no_repeat_meta_forbids_a_position_seen_before():
    g = load(NO_REPEAT)
    s = g.initial_state()
    for move in ("A1-B1", "D1-C1", "B1-A1"):
        s.apply(move)
    # C1-D1 would bring back the starting position: forbidden; passing stays allowed
    assert sorted(m.text for m in s.legal_moves()) == ["C1-B1", "pass"]


def test_no_repeat_meta_takes_a_repetition_type():
    g = load(NO_REPEAT.replace("(noRepeat)", "(noRepeat PositionalInTurn)"))
    s = g.initial_state()
    for move in ("A1-B1", "D1-C1", "B1-A1"):
        s.apply(move)
    # only the positions of the current turn are looked at
    assert sorted(m.text for m in s.legal_moves()) == ["C1-B1", "C1-D1", "pass"]


# --- (size Territory P): Ludii's SizeTerritory, as Ludii computes it --------------------------------
# Its union-find gathers the neighbours of every empty site seen so far (the list is never emptied),
# so an empty site joins each lower empty site among them, and an area's frontier is all of them.
def territory_game(sites1, sites2, size=5):
    return load(f'''(game "T" (players 2) (equipment {{(board (square {size}) use:Vertex) (piece "Disc" Each)}})
 (rules (start {{(place "Disc1" {{{" ".join(f'"{x}"' for x in sites1)}}}) (place "Disc2" {{{" ".join(f'"{x}"' for x in sites2)}}})}})
 (play (move Add (to (sites Empty))))
 (end (if (is Full) (byScore {{(score P1 (size Territory P1)) (score P2 (size Territory P2))}})))))''')


def territory(g, player):
    s = g.initial_state()
    board = g.topology
    around = [sum(1 << y for y in board.neighbours["Orthogonal"][x]) for x in range(board.n)]
    return ludii_territory(s.who, around, player)


def test_size_territory_counts_a_corner_enclosed_by_one_player():
    # P1 walls off A1 (B1, A2), P2 elsewhere: A1 is the first empty site, alone: 1 for P1
    g = territory_game(["B1", "A2"], ["E5"])
    assert territory(g, 1) == 1
    assert territory(g, 2) == 0


def test_size_territory_joins_empty_sites_as_ludii_does():
    # 3x3: P1 on B1 A2 C2, P2 on C3; empty A1 C1 B2 A3 B3. A1 and C1 join nothing (no empty site
    # before them is among the neighbours gathered); B3 joins B2 and A3 (empty, lower, gathered):
    # that area's frontier holds C3 (P2's). P1's territory: A1 and C1, as the textbook count too
    g = territory_game(["B1", "A2", "C2"], ["C3"], size=3)
    assert territory(g, 1) == 2
    assert territory(g, 2) == 0
    # 3x3: P1 on B1 A2, P2 on C3. The textbook count: one area (C1 B2 C2 A3 B3) touching both,
    # and A1 P1's: 1. Ludii's: C1 (its neighbours B1 C2 gathered, with A1's) joins nothing, but its
    # frontier only has P1 and empty sites: P1 gets A1 and C1... and C2 joins C1 (C1 empty, lower,
    # among C2's gathered neighbours), its frontier then holding C3: so only A1 counts
    g = territory_game(["B1", "A2"], ["C3"], size=3)
    assert territory(g, 1) == _replayed(g, 1) == 1
    assert territory(g, 2) == _replayed(g, 2) == 0


def _replayed(g, player):
    """A literal replay of Ludii's SizeTerritory.eval (lists, not bit masks)."""
    s = g.initial_state()
    who = s.who
    adjacency = g.topology.neighbours["Orthogonal"]
    n = len(who)
    parent = [-1] * n
    rank = [0] * n
    items: list[set[int]] = [set() for _ in range(n)]
    gathered: list[int] = []

    def find(p):
        q = parent[p]
        return p if q in (-1, p) else find(q)
    for k in range(n):
        if who[k] != 0:
            continue
        parent[k] = k
        items[k].add(k)
        gathered.extend(adjacency[k])
        items[k].update(gathered)
        for i, ni in enumerate(gathered):
            if who[ni] == 0 and ni < k:
                if any(who[nj] == 0 and find(ni) == find(nj) for nj in gathered[i + 1:]):
                    continue
                rp, rq = find(ni), find(k)
                if rank[rp] < rank[rq]:
                    parent[rp] = rq
                    items[rq] |= items[rp]
                else:
                    parent[rq] = rp
                    items[rp] |= items[rq]
                    if rank[rp] == rank[rq]:
                        rank[rp] += 1
    total = 0
    for i in range(n):
        if parent[i] == i and all(who[j] in (0, player) for j in items[i]):
            total += sum(1 for j in items[i] if who[j] == 0)
    return total


def test_size_territory_agrees_with_a_literal_replay_of_ludii_on_random_positions():
    base = load('''(game "T" (players 2) (equipment {(board (square 6) use:Vertex) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Win)))))''')
    rng = random.Random(7)
    for _ in range(60):
        s = base.initial_state()
        for _ in range(rng.randrange(0, 30)):
            moves = s.legal_moves()
            s.apply(rng.choice(moves))
        board = base.topology
        around = [sum(1 << y for y in board.neighbours["Orthogonal"][x]) for x in range(board.n)]

        class Snapshot:
            def initial_state(self, s=s):
                return s
            topology = board
        for p in (1, 2):
            assert ludii_territory(s.who, around, p) == _replayed(Snapshot(), p)


def test_size_territory_in_an_end_rule():
    # the game ends when full... here, scored at once by a rule reading it
    g = load('''(game "T" (players 2) (equipment {(board (square 3) use:Vertex) (piece "Disc" Each)})
 (rules (start {(place "Disc1" {"B1" "A2" "C2"}) (place "Disc2" {"C3"})}) (play (move Add (to (sites Empty))))
 (end (if (= (size Territory P1) 2) (result P1 Win)))))''')
    s = g.initial_state()
    s.apply("B2")  # P1: empty A1 C1 A3 B3; A1, C1 alone (P1's); A3 joins B3 which touches C3
    assert s.is_over() and s.result().winners == [1]


# --- (intervene ...): Ludii's Intervene -----------------------------------------------------------
# (Ludii's shortSandwich, as read, would apply the effect to the site beyond a lone enemy too; the
# sample's Maak Yek trace shows Ludii does not: only sandwiched enemies are taken.)
INTERVENE = '''(game "T" (players 2) (equipment {(board (square 5) use:Vertex)
 (piece "Disc" Each (move Step (to if:(is Empty (to))) (then (intervene (from (last To)) Orthogonal %s))))})
 (rules (start {(place "Disc1" {%s}) (place "Disc2" {%s})}) (play (forEach Piece))
 (end (if (no Pieces Next) (result Mover Win)))))'''


def test_intervene_takes_the_enemies_on_both_sides():
    g = load(INTERVENE % ("", '"C1"', '"B2" "D2" "A5"'))
    s = g.initial_state()
    s.apply("C1-C2")
    assert labels(g, s, 2) == ["A5"]


def test_intervene_against_the_board_edge_does_nothing():
    # no site on the other side (no opposite radial): nothing
    g = load(INTERVENE % ("", '"B2" "E3"', '"A1" "A5"'))
    s = g.initial_state()
    s.apply("B2-A2")  # A1 south, A3 north (empty), no site west
    assert labels(g, s, 1) == ["A2", "E3"]
    assert labels(g, s, 2) == ["A1", "A5"]


def test_intervene_with_a_longer_range_takes_whole_runs():
    g = load(INTERVENE.replace("Orthogonal %s", "Orthogonal (between (range 1 2))") % ('"C1"', '"A2" "B2" "D2" "A5"'))
    s = g.initial_state()
    s.apply("C1-C2")
    assert labels(g, s, 2) == ["A5"]
    g = load(INTERVENE.replace("Orthogonal %s", "Orthogonal (between (range 1 2))") % ('"C1" "E2"', '"B2" "A5"'))
    s = g.initial_state()
    s.apply("C1-C2")  # one enemy west, none east: nothing
    assert labels(g, s, 1) == ["C2", "E2"]
    assert labels(g, s, 2) == ["A5", "B2"]


# --- (enclose ... (then ...)): the consequences follow the effect at each enclosed site ----------
def test_enclose_then_follows_each_enclosed_site():
    g2 = load('''(game "T" (players 2) (equipment {(board (square 4) use:Vertex) (piece "Marker" Each)})
 (rules (start {(place "Marker1" {"C1" "A3"}) (place "Marker2" {"A1" "B1" "A2"})})
 (play (move Add (to (sites Empty)) (then (enclose (from (last To)) Orthogonal (then (addScore Mover 1))))))
 (end (if (is Full) (result Mover Win)))))''')
    s = g2.initial_state()
    s.apply("B2")  # the three P2 stones lose their last liberty: one point per stone taken
    assert labels(g2, s, 2) == []
    assert s.scores[1] == 3


def test_intervene_leaves_a_lone_enemy_and_the_friend_beyond_it():
    # a lone enemy on one side, a friend on the other: nothing happens (Maak Yek's trace)
    g = load(INTERVENE % ("", '"C1" "D2" "A1"', '"B2" "A5"'))
    s = g.initial_state()
    s.apply("C1-C2")
    assert labels(g, s, 1) == ["A1", "C2", "D2"]
    assert labels(g, s, 2) == ["A5", "B2"]
