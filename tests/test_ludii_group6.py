"""Forms Ludii's group games use beyond the sample (issue 24, the probe of board/space/group).
Each on a small position, by its meaning in Ludii's Java."""

from __future__ import annotations

from interpreter import load


# --- (piece 1): Ludii's util Piece takes an IntFunction, the component's number -----------------
def test_piece_given_by_a_number_places_that_component():
    g = load('''(game "T" (players 2) (equipment {(board (square 3)) (piece "Ball" Each)})
 (rules (play (move Add (piece 2) (to (sites Empty)))) (end (if (is Full) (result Mover Draw)))))''')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    # P1 moved, but component 2 (P2's ball, the second declared) is what went down
    assert [s.who[i] for i in range(g.topology.n) if s.what[i]] == [2]


# --- Prev before the first move: Ludii's State.initialise sets prev to 0 ----------------------------
PREV = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Ball" Each)})
 (rules (play (if (is Prev Next) (move Pass) (move Add (to (sites Empty)))))
 (end (if (is Full) (result Mover Draw)))))'''


def test_prev_is_no_one_before_the_first_move():
    g = load(PREV)
    s = g.initial_state()
    # prev 0, next 2: (is Prev Next) is false, so P1 places
    assert len(s.legal_moves()) == 9
    s.apply(s.legal_moves()[0])
    # now P2 moves, prev is P1 and next is P1: only the pass
    assert [m.text for m in s.legal_moves()] == ["pass"]


def test_prev_player_is_zero_before_the_first_move():
    g = load(PREV.replace("(is Prev Next)", "(= (prev) 0)"))
    s = g.initial_state()
    assert [m.text for m in s.legal_moves()] == ["pass"]


# --- (count SizeBiggestGroup): Ludii's CountSizeBiggestGroup, numbers and all ------------------------
def biggest(extra: str = "", p2: str = "9 15") -> int:
    g = load(f'''(game "T" (players 2) (equipment {{(board (square 5)) (piece "Disc" Each)}})
 (rules (start {{(place "Disc1" (sites {{3 8 13 14 19}})) (place "Disc2" (sites {{{p2}}}))}})
 (play (move Pass (then (set Score P1 (count SizeBiggestGroup Orthogonal if:(= (who at:(to)) P1) {extra})))))
 (end (if (all Passed) (byScore)))))''')
    s = g.initial_state()
    s.apply("pass")
    return s.scores[1]


def test_size_biggest_group_sites_8_and_14_join_nothing_while_9_and_15_are_occupied():
    # P1's chain 3-8-13-14-19 (orthogonal) is one group of 5, but Ludii's fixed test keeps 8 (9
    # occupied) and 14 (15 occupied) from joining from a neighbour: the group grown from 8 is
    # {8 3 13}, the one from 14 is {14 13 19}
    assert biggest() == 3


def test_size_biggest_group_counts_the_whole_chain_when_9_and_15_are_empty():
    assert biggest(p2="0 24") == 5


def test_size_biggest_group_is_visible_on_a_flat_board_skips_hidden_starts_only():
    # isVisible:True: 8 and 14 start no group either; nothing is above any site of a flat board
    assert biggest("isVisible:True") == 1


# --- (forEach Group): Ludii's ForEachGroup ------------------------------------------------------
def group_game(rule: str) -> object:
    return load(f'''(game "T" (players 2) (equipment {{(board (rectangle 1 5)) (piece "Disc" Each)}})
 (rules (start {{(place "Disc1" {{"A1" "B1" "D1"}}) (place "Disc2" "C1")}})
 (play (move Pass (then {rule})))
 (end (if (all Passed) (byScore)))))''')


def test_for_each_group_without_if_takes_the_mover_groups():
    # P1's groups are {A1 B1} and {D1}; P2's C1 joins none of them (Ludii: who == mover)
    g = group_game("(forEach Group (addScore Mover (* (count Sites in:(sites)) (count Sites in:(sites)))))")
    s = g.initial_state()
    s.apply("pass")
    assert s.scores[1] == 4 + 1


def test_for_each_group_works_out_every_group_before_any_applies():
    # both groups see P1's 3 pieces, so both go; one after the other, the second would see 1 or 2
    g = group_game("(forEach Group if:(is Mover (who at:(to))) (if (= 3 (count Pieces Mover)) (remove (sites))))")
    s = g.initial_state()
    s.apply("pass")
    assert [s.who[i] for i in range(g.topology.n)] == [0, 0, 2, 0, 0]


# --- (sizes Group ... isVisible:True): Ludii's SizesGroup on a pyramid board -------------------------
def pyramid_sizes(p1: str, p2: str, visible: bool) -> list:
    g = load(f'''(game "T" (players 2) (equipment {{(board (square 4 pyramidal:True) use:Vertex) (piece "Ball" Each)}})
 (rules (start {{(place "Ball1" (sites {{{p1}}})) (place "Ball2" (sites {{{p2}}}))}})
 (play (move Pass (then (set Score P1 (* 10 (max (sizes Group P1{" isVisible:True" if visible else ""})))))))
 (end (if (all Passed) (byScore)))))''')
    s = g.initial_state()
    s.apply("pass")
    return [s.scores[1]]


def test_sizes_group_is_visible_leaves_out_a_covered_site():
    # site 8 (bottom layer, at (1 1)) lies under site 9 (two layers up, same place): while 9 is
    # occupied, 8 is in no group, so P1's 7 and 8 make no group of two
    assert pyramid_sizes("7 8", "9", visible=False) == [20]
    assert pyramid_sizes("7 8", "9", visible=True) == [10]


def test_sizes_group_is_visible_cuts_two_sites_under_the_same_two_balls():
    # 1 and 8 are neighbours; both lie under 4 and 5: with both occupied they do not join
    assert pyramid_sizes("1 8", "4 5", visible=False) == [20]
    assert pyramid_sizes("1 8", "4 5", visible=True) == [10]
    assert pyramid_sizes("1 8", "4", visible=True) == [20]
