"""Ludii's evaluate-then-apply model of compound effects.

In Ludii an effect is a ``Moves``: a consequence is run by ``Move.apply``, which evaluates the
consequence (``consequent.eval(context)``) into a list of moves on the position left by the
move's actions, then applies those moves in order, each followed by its own ``then``
(``other/move/Move.java``). A compound lists the moves of all its parts first:
``And.eval`` adds every part's ``eval`` moves, and adds its own ``then`` to every one of those
moves (``moves.get(j).then().add(then().moves())``); ``ForEachSite.eval`` evaluates the
generator at every site of the region (``(site)`` and ``(to)`` bound) before returning, its
``then`` added to every move; ``ForEachPiece``, ``ForEachPlayer`` and ``ForEachValue`` do the
same per piece, per player, per value. So an amount, a count, a condition or a variable read
by a later part is read on the position before any part acts; a part's own ``(then ...)``
runs right after that part, before the next part's (already worked out) moves.
"""

from __future__ import annotations

import pytest

from interpreter import load

# P2 holds the bottom row; P1 places at A2 (site 3), then the consequence runs.
GAME = '''(game "Snapshot" (players 2) (equipment {{(board (square 3)) (piece "Disc" Each)}})
  (rules (start {{(place "Disc2" {{0 1 2}} {state})}})
    (play (move Add (to (sites Empty)) (then {then})))
    (end (if (is Full) (result Mover Win)))))'''


def played(then: str, state: str = "") -> tuple[list[int], list[int]]:
    """(owners of the nine sites, scores) after P1 places at A2 with the consequence ``then``."""
    s = load(GAME.format(then=then, state=state)).initial_state()
    s.apply("A2")
    return s.who[:9], s.scores[1:]


# --- And.eval: every part's moves made first, the and's then added to each part's move ---------

def test_a_score_set_from_the_variable_reads_it_before_the_part_that_sets_it():
    # (var) is Ludii's temp variable, Undefined (-1) until set: SetScore.eval reads it when the
    # and is evaluated, before (set Var 1) is applied
    assert played("(and (set Var 1) (set Score Mover (+ 5 (var))))")[1] == [4, 0]


def test_an_add_to_the_empty_sites_takes_them_before_the_removal():
    # Add.eval lists one move per site of (sites Empty) as it is before the removal
    who, _ = played('(and (remove (sites Occupied by:Next)) (add (piece "Disc1") (to (sites Empty))))')
    assert who == [0, 0, 0, 1, 1, 1, 1, 1, 1]


def test_the_and_then_follows_every_part_that_makes_a_move():
    # And.eval adds its then to the move of each part: two removals, two points
    assert played("(and (remove 0) (remove 1) (then (addScore Mover 1)))") == ([0, 0, 2, 1, 0, 0, 0, 0, 0], [2, 0])


def test_the_and_then_does_not_follow_a_part_that_makes_no_move():
    # (remove 5) of an empty site makes no move (Remove.eval), so nothing carries the then
    assert played("(and (remove 5) (addScore P2 1) (then (addScore Mover 1)))")[1] == [1, 1]


def test_a_parts_own_then_runs_right_after_that_part():
    # the first part's then sees the variable it set; the second part read it before
    assert played("(and (set Var 2 (then (set Score P2 (var)))) (set Score P1 (var)))")[1] == [-1, 2]


# --- forEach Site: every site's moves made on the position before any acts ----------------------

def test_every_site_reads_its_neighbours_state_before_any_is_set():
    # row 0 has states 1 1 1; each becomes 1 + the state East of it (C1's is itself: Ludii's
    # ahead stays on the site when nothing lies that way): 2 2 2, not 3 2 2
    then = ('(forEach Site (sites Row 0) (set State at:(site) (+ 1 (state at:(ahead (site) E))))'
            ' (then (set Score P1 (+ (* 100 (state at:0)) (+ (* 10 (state at:1)) (state at:2))))))')
    assert played(then, state="state:1")[1] == [222, 0]


def test_an_and_reads_the_states_before_its_forEach_part_sets_them():
    then = ('(and (forEach Site (sites Row 0) (set State at:(site) (+ 1 (state at:(ahead (site) E)))))'
            ' (set Score P1 (+ (* 100 (state at:0)) (+ (* 10 (state at:1)) (state at:2)))))')
    assert played(then, state="state:1")[1] == [111, 0]


def test_each_sites_count_is_read_before_any_removal():
    then = "(forEach Site (sites Occupied by:Next) (and (remove (site)) (addScore Mover (count Pieces Next))))"
    assert played(then) == ([0, 0, 0, 1, 0, 0, 0, 0, 0], [9, 0])


# --- forEach Piece / forEach Player as effects ----------------------------------------------------

def test_forEach_piece_works_out_each_pieces_moves_before_any_acts():
    # ForEachPiece.eval lists the moves of P1's piece (at A2): the count of P2's pieces is read
    # before the removal in the same moves
    then = "(forEach Piece (if (= (from) 3) (and (remove 0) (addScore Mover (count Pieces Next)))))"
    assert played(then) == ([0, 2, 2, 1, 0, 0, 0, 0, 0], [3, 0])


def test_forEach_piece_in_an_and_is_worked_out_before_the_parts_before_it_act():
    then = "(and (remove 0) (forEach Piece (addScore Mover (count Pieces Next))))"
    assert played(then)[1] == [3, 0]


def test_forEach_player_works_out_every_players_moves_before_any_acts():
    # ForEachPlayer.eval: P1's and P2's moves both listed before the variable is set
    assert played("(forEach Player (and (set Var (+ (var) 10)) (addScore Player (var))))")[1] == [-1, -1]


def test_forEach_player_reads_the_position_before_an_earlier_players_removal():
    # Next is P2 for both (the mover's next): three pieces counted for each player
    assert played("(forEach Player (and (remove 0) (addScore Player (count Pieces Next))))")[1] == [3, 3]


def test_forEach_player_then_follows_each_players_move():
    assert played("(forEach Player (addScore Player 1) (then (addScore P1 10)))")[1] == [21, 1]


# --- the compiled tier: the same, or the reference engine -----------------------------------------

@pytest.mark.heavy
@pytest.mark.parametrize("then", [
    "(and (remove (last To)) (addScore Mover 1) (then (addScore Next 1)))",
    "(forEach Player (addScore Player (count Pieces Player)))",
    "(and (remove (sites Occupied by:Next)) (forEach Piece (addScore Mover (count Pieces Next))))",
])
def test_the_compiled_tier_agrees_or_leaves_the_game_to_the_reference(then):
    from interpreter.native import api as native
    from interpreter.native.conformance import compare_game
    g = load(GAME.format(then=then, state=""))
    ng = native.native_game(g)
    if ng is not None:
        assert [compare_game(g, ng, seed) for seed in range(3)] == [None] * 3
