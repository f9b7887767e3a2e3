"""Forms Ludii's production files of board/space (blocking, connection, group, pattern,
territory) use beyond the sample and the earlier probes (issue 24, the third held-out probe of
board/space). Each on a small position, by its meaning in Ludii."""

from __future__ import annotations

from interpreter import load

# --- (forEach Site <region> <moves> noMoveYet: then) as a consequence --------------------------
# Ludii's ForEachSite is an Effect: in a (then ...) it lists a move for every site (worked out on
# the position before any), adds its then to each, and each is applied with its then after it;
# with no move at all, noMoveYet: is applied instead (without the then).
THEN_EACH = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty))
   (then (forEach Site (sites Row 0) (if (is Empty (site)) (add (to (site))))
     noMoveYet:(set Var "N" 9) (then (set Var "N" (+ (var "N") 1)))))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_for_each_site_consequence_applies_its_then_after_every_site():
    g = load(THEN_EACH)
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == 1))
    # sites 0 and 2 of the bottom row were empty: two moves, each followed by the then
    assert {x for x in range(3) if s.who[x] == 1} == {0, 1, 2}
    assert s.arrays["var:N"] == [-1 + 2]  # unset is -1


def test_a_for_each_site_consequence_without_any_move_applies_no_move_yet():
    g = load(THEN_EACH)
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == 1))   # fills the bottom row (N = 2)
    s.apply(next(m for m in s.legal_moves() if m.to == 4))   # P2: no empty site left in row 0
    assert s.arrays["var:N"] == [9]  # noMoveYet:, without the then


# --- (forEach Site <region> (apply if:<cond> <effect>)): Ludii's Apply is moves too -------------
# Apply.eval gives the effect's moves where the condition holds, none elsewhere; in forEach Site
# the conditions are all tested first, on the position before any removal.
APPLY_EACH = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (start {(place "Disc2" {0 1}) (place "Disc1" {3 4})})
 (play (move Add (to (sites Empty))
   (then (forEach Site (sites Board)
     (apply if:(and (is Next (who at:(site))) (is Friend (who at:(ahead (site) N))))
       (remove (site)))))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_apply_with_a_condition_in_for_each_site_acts_where_it_holds():
    g = load(APPLY_EACH)
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == 8))
    # P2's discs at 0 and 1 each have a P1 disc above them (3, 4): both go
    assert s.who[0] == 0 and s.who[1] == 0
    assert s.who[3] == 1 and s.who[4] == 1


# --- (max <array>) and (min <array>) of nothing: Ludii's Constants.UNDEFINED (-1) --------------
EMPTY_EXTREMES = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty))
   (then (and (set Var "Hi" (+ 10 (max (sizes Group Next)))) (set Var "Lo" (+ 10 (min (array (sites Occupied by:Next)))))))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_max_and_min_of_an_empty_array_are_undefined():
    g = load(EMPTY_EXTREMES)
    s = g.initial_state()
    s.apply(s.legal_moves()[0])  # P2 has no piece: no group, no site
    assert s.arrays["var:Hi"] == [9] and s.arrays["var:Lo"] == [9]
    s.apply(next(m for m in s.legal_moves() if m.to == 4))
    assert s.arrays["var:Hi"] == [11] and s.arrays["var:Lo"] == [10]  # P1's single disc at site 0


def test_the_compiled_tier_tests_the_condition_of_apply_too():
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    g = load(APPLY_EACH)
    compiled = native_game(g)
    assert compiled is not None, why_not(g)
    assert [compare_game(g, compiled, seed) for seed in range(3)] == [None, None, None]


def test_the_compiled_tier_agrees_on_empty_extremes():
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    g = load(EMPTY_EXTREMES.replace('(set Var "Hi" (+ 10 (max (sizes Group Next))))', "")
             .replace('(set Var "Lo"', "(set Score P1"))
    compiled = native_game(g)  # (min <array>) has a kernel: -1 there too
    assert compiled is not None, why_not(g)
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.scores[1] == 9
    assert [compare_game(g, compiled, seed) for seed in range(2)] == [None, None]


# --- a region named like a board's own region, with the same sites --------------------------------
# Abak declares (regions "Centre" (sites Centre)): Ludii's (sites "Centre") is the equipment's
# region, (sites Centre) the board's centre; being the same sites, both read the same here.
CENTRE = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)
 (regions "Centre" (sites Centre)) (regions "Ring" (difference (expand (sites Centre)) (sites Centre)))})
 (rules (play (move Add (to (union (sites "Centre") (sites "Ring")) if:(is Empty (to)))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_region_may_repeat_a_board_region_with_the_same_sites():
    g = load(CENTRE)
    assert sorted(m.to for m in g.initial_state().legal_moves()) == list(range(9))


def test_a_region_hiding_a_board_region_with_other_sites_is_still_refused():
    import pytest

    from interpreter import LudError
    with pytest.raises(LudError, match="region of every board"):
        load(CENTRE.replace('(regions "Centre" (sites Centre))', '(regions "Centre" (sites {0}))'))


# --- (do <moves> next:<effect>) as a consequence, the first part being moves ---------------------
# Ludii's Do applies every move of the prior part (here (add ...), Ludii's moves) to the position,
# then works the next part out there: Symple's (do ("ReplaceAllGrey") next:("UpdateScore")).
DO_ADD = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty))
   (then (do (add (to (sites {0 1}) if:(is Empty (to))))
     next:(set Score Mover (count Sites in:(sites Occupied by:Mover)))))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_do_as_a_consequence_applies_moves_first_then_the_next_effect():
    g = load(DO_ADD)
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == 8))
    assert s.who[0] == 1 and s.who[1] == 1 and s.who[8] == 1
    assert s.scores[1] == 3  # worked out after the additions


# --- (hex Prism A B): Ludii's DiamondOnHex with two dimensions --------------------------------------
# The rhombus of side A + B - 1 keeping the cells (row, col) with |row - col| < A: (hex Prism 2) is a
# hexagon of 7 cells, (hex Prism 3 2) 14 cells, Meridians' (hex Prism 7 6) 114.
def _board(board: str, use: str = "Cell"):
    return load(f'''(game "T" (players 2) (equipment {{(board {board} use:{use}) (piece "Disc" Each)}})
     (rules (play (move Add (to (sites Empty)))) (end (if (no Moves Next) (result Mover Win)))))''')


def test_a_hex_prism_keeps_the_cells_near_the_long_diagonal():
    assert _board("(hex Prism 2)").topology.n == 7
    assert _board("(hex Prism 3 2)").topology.n == 14
    assert _board("(hex Prism 7 6)").topology.n == 114
    assert _board("(hex Prism 2)", "Vertex").topology.n == 24  # the corners of a hexagon of 7 cells
    g = _board("(hex Prism 2)")
    s = g.initial_state()
    assert sorted(len(x) for x in g.topology.neighbours["Adjacent"]) == [3, 3, 3, 3, 3, 3, 6]
    assert len(s.legal_moves()) == 7


# --- (sites Group at:X if:(not (is In (to) (sites Group at:(last To))))): Gyre's, Omny's cuts -----
# The group of X under if: gathers every site reached from X (empty or not) outside the last move's
# group: on a row of 5 with the last move's group at 1-2, the cut from 4 is {3, 4}, from 0 {0}.
CUT = '''(game "T" (players 2) (equipment {(board (rectangle 1 5)) (piece "Disc" Each)})
 (rules (start (place "Disc1" 1))
 (play (move Add (to (sites Empty))
   (then (and (set Score P1 (count Sites in:(sites Group at:4 if:(not (is In (to) (sites Group at:(last To)))))))
              (set Score P2 (count Sites in:(sites Group at:0 if:(not (is In (to) (sites Group at:(last To)))))))))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_group_cut_by_the_last_moves_group():
    g = load(CUT)
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == 2))  # P1's group: 1-2
    assert s.scores[1:] == [2, 1]
    s.apply(next(m for m in s.legal_moves() if m.to == 3))  # P2's group at last To: just 3
    assert s.scores[1:] == [1, 3]  # from 4: {4}; from 0: {0, 1, 2}


def test_a_region_reading_the_site_tested_is_worked_out_at_every_site():
    # (sites {(to)}) reads the site tested: not kept from one test to the next
    g = load(CUT.replace("(sites Group at:(last To))", "(sites {(to)})", 1))
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == 2))
    assert s.scores[1] == 0  # (is In (to) (sites {(to)})) always holds: no site is kept
