"""Loops and values of groups, on boards other than Loupe's: ``is Loop``, ``sites Loop`` (and
its ``inside:``), ``values Group``, ``(+ <values>)`` and ``byValues``; and the shortest-loop
search checked against every cycle of random groups (networkx enumerates them)."""

from __future__ import annotations

import random

import networkx as nx

from interpreter import load
from interpreter.engine.groups import groups
from interpreter.engine.loops import LoopFinder


def square_game(play: str, end: str = "", size: int = 5) -> str:
    return (f'(game "T" (players 2) (equipment {{(board (square {size})) (piece "Disc" Each)}}) '
            f'(rules (play {play}) {end}))')


RING8 = """\
mover: 1
board: |
  5 . . . . .
  4 . x x x .
  3 . x . x .
  2 . x x x .
  1 . . . . .
"""


def test_is_loop_ends_a_game_when_the_last_stone_closes_a_ring():
    game = load(square_game("(move Add (to (sites Empty)))",
                            "(end (if (is Loop) (result Mover Win)))"))
    open_ring = RING8.replace("4 . x x x .", "4 . x . x .")
    state = game.state_from_text(open_ring)
    state.apply("C4")
    assert state.is_over() and state.result().winners == [1]
    assert state.result().termination.value == "loop"
    # Ludii's is Loop walks the ring along its directions: the four stones next to C3 only
    # touch diagonally, so with Orthogonal this ring closes nothing (IsLoop's own reading)
    game = load(square_game("(move Add (to (sites Empty)))",
                            "(end (if (is Loop Orthogonal) (result Mover Win)))"))
    state = game.state_from_text(open_ring)
    state.apply("C4")
    assert not state.is_over()


def test_sites_loop_and_inside_on_a_square_board():
    # the shortest orthogonal ring around C3 is the eight stones; inside it, C3
    game = load(square_game('(move Add (to (sites Loop inside:True Orthogonal "B2")))'))
    state = game.state_from_text(RING8)
    assert [str(m) for m in state.legal_moves()] == ["C3"]
    game = load(square_game('(move Add (to (sites Empty) if:(= 8 (count Sites in:(sites Loop Orthogonal "B2")))))'))
    assert len(game.state_from_text(RING8).legal_moves()) == 17
    # the edge of the board closes nothing: a wall across a corner is no loop
    wall = RING8.replace("3 . x . x .", "3 x x . x .").replace("4 . x x x .", "4 . x . x .")
    game = load(square_game('(move Add (to (sites Empty) if:(is Loop Orthogonal "B2")))'))
    assert [str(m) for m in game.state_from_text(wall).legal_moves()] == ["pass"]


def test_values_of_groups_and_their_sum():
    # group sizes of the mover: 8 (the ring) and 1 (E1), so (+ ...) is 9 (and 9 + 1 with a 1)
    values = "(values Group Orthogonal if:(is Mover (who at:(to))) (count Sites in:(sites)))"
    picture = RING8.replace("1 . . . . .", "1 . . . . x")
    for total, legal in [(9, 16), (10, 16), (8, 0)]:
        extra = " 1" if total == 10 else ""
        game = load(square_game(f"(move Add (to (sites Empty) if:(= {total} (+ {values}{extra}))))"))
        moves = [str(m) for m in game.state_from_text(picture).legal_moves()]
        assert len(moves) == legal or moves == ["pass"] and legal == 0


def test_by_values_compares_from_the_best_value_down():
    values = "(values Group Orthogonal if:(= (who at:(to)) Player) (count Sites in:(sites)))"
    game = load(square_game("(move Pass)", f"(end (if (all Passed) (byValues {values})))"))
    # P1 groups 3 and 1; P2 groups 3 and 2: equal first values, P2 better second
    state = game.state_from_text("board: |\n  5 x x x . .\n  4 . . . . x\n  3 o o o . .\n  2 . . . . .\n  1 o o . . .\n")
    state.apply("pass")
    state.apply("pass")
    result = state.result()
    assert result.winners == [2] and result.reason.endswith("values P1: 3 1; P2: 3 2")
    assert game.explain(state) == ["P1 values 3 1: 3 (3 stones from A5), 1 (1 stone from E4)",
                                   "P2 values 3 2: 3 (3 stones from A3), 2 (2 stones from A1)"]


def test_by_values_with_one_number_sets_the_scores():
    values = "(+ (values Group Orthogonal if:(= (who at:(to)) Player) (count Sites in:(sites))))"
    game = load(square_game("(move Pass)", f"(end (if (all Passed) (byValues {values})))"))
    state = game.state_from_text("board: |\n  5 x x x . .\n  4 . . . . x\n  3 o o o . .\n  2 . . . . .\n  1 o o . . .\n")
    state.apply("pass")
    state.apply("pass")
    result = state.result()
    assert result.winners == [2] and result.scores == {1: 4, 2: 5}
    state.undo()
    assert state.scores == [0, 0, 0] and not state.is_over()


# --- the search, checked by brute force ----------------------------------------------------------

def brute_force(topo, group: list[int], bound: int) -> int:
    """The length of the shortest cycle of the group (up to ``bound``) with a site outside the
    group strictly inside it, by enumerating every cycle; 0 if none."""
    from interpreter.engine.loops import _inside
    nb = topo.neighbours["Adjacent"]
    inside_group = set(group)
    graph = nx.Graph((v, u) for v in group for u in nb[v] if u in inside_group)
    best = 0
    for cycle in nx.simple_cycles(graph, length_bound=bound):
        if len(cycle) < 3 or (best and len(cycle) >= best):
            continue
        polygon = [topo.positions[s] for s in cycle]
        if any(_inside(*topo.positions[s], polygon) for s in range(topo.n) if s not in inside_group):
            best = len(cycle)
    return best


def test_shortest_loops_agree_with_every_cycle():
    topo = load('(game "T" (players 2) (equipment {(board (tri Hexagon 7) use:Vertex) (piece "Disc" Each)}) '
                '(rules (play (move Add (to (sites Empty))))))').topology
    nb = topo.neighbours["Adjacent"]
    finder = LoopFinder(nb, topo.positions, topo.perimeter)
    rng = random.Random(11)
    bound = 10
    found = set()
    for _ in range(25):
        density = rng.uniform(0.35, 0.6)
        stones = {s for s in range(topo.n) if rng.random() < density}
        for group in groups(range(topo.n), nb, lambda s: s in stones):
            if len(group) < 6:
                continue
            loop = finder.shortest(group)
            expected = brute_force(topo, group, bound)
            if expected:
                assert len(loop) == expected, [topo.labels[s] for s in group]
            else:
                assert not loop or len(loop) > bound
            if loop:  # a cycle of the group, each site next to the following one
                assert len(set(loop)) == len(loop) and set(loop) <= set(group)
                assert all(loop[i - 1] in nb[loop[i]] for i in range(len(loop)))
            found.add(len(loop))
    assert {0, 6, 8} <= found  # no loop, single holes and longer loops were all met
