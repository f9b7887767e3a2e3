"""Ludii's puzzles and mathematical games (issue 24, held-out probe of session 36): the general
meanings they needed, each on a small description whose answer follows from Ludii's classes
(Regions' ``Integer[] sites``, MapEntry's lookup, CountSizeBiggestGroup's ``throughAny``)."""

from __future__ import annotations

import pytest

from interpreter import LudError, load


def words(state) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def play(state, word: str) -> None:
    (move,) = [m for m in state.legal_moves() if str(m) == word]
    state.apply(move)


# --- (regions {0 1 2}) is ONE region (Ludii's Regions with Integer[] sites) ------------------------
# Samurai Sudoku, Hoshi, Tridoku list each constraint region as an array of sites: all Different
# must read the array as one region, not as a region per site.
LINE = """
(game "L" (players 1)
  (equipment {(board (square 3) (values Cell (range 1 3))) (regions {0 1 2})})
  (rules (play (satisfy (all Different))) (end (if (is Solved) (result P1 Win)))))
"""


def test_a_region_written_as_an_array_of_sites_is_one_constraint_region():
    s = load(LINE).initial_state()
    # the variables are the region's sites: A1, B1, C1, each set or toggled to 1, 2 or 3
    assert len(s.legal_moves()) == 3 * 3 * 2
    play(s, "A1=1")
    legal = words(s)
    assert "B1=1" not in legal and "C1=1" not in legal  # A1's 1 is taken in the region
    assert {"B1=2", "B1=3", "C1=2", "C1=3"} <= legal


def test_the_puzzle_is_solved_once_the_array_region_holds_different_values():
    s = load(LINE).initial_state()
    for word in ("A1=1", "B1=2", "C1=3"):
        play(s, word)
    assert s.is_over() and s.result().winners == [1]


def test_several_arrays_are_several_regions():
    two = LINE.replace("(regions {0 1 2})", "(regions {0 1}) (regions {1 2})")
    s = load(two).initial_state()
    play(s, "B1=2")
    legal = words(s)
    assert "A1=2" not in legal and "C1=2" not in legal
    play(s, "A1=1")
    assert "C1=1" in words(s)  # A1 and C1 share no region


# --- mapEntry with a name no map has: the key itself (Ludii's MapEntry) ---------------------------
# Shogi Puzzle's knight reads (mapEntry "Where" ...) where its map is "where".
MAPS = """
(game "M" (players 2)
  (equipment {(board (square 4)) (piece "Disc" Each)
              (map "where" {(pair 1 5) (pair 2 6)})})
  (rules (play (move Add (to (sites {(mapEntry #NAME (mover))}) if:(is Empty (to)))))
         (end (if (is Full) (result Mover Win)))))
"""


def test_map_entry_reads_the_named_map():
    s = load(MAPS.replace("#NAME", '"where"')).initial_state()
    assert words(s) == {"B2"}  # P1 -> site 5


def test_map_entry_of_a_name_no_map_has_is_the_key_itself():
    s = load(MAPS.replace("#NAME", '"Where"')).initial_state()
    assert words(s) == {"B1"}  # no map "Where": the key, P1's 1


# --- count SizeBiggestGroup throughAny: groups start only from those sites (Spuzzle) ---------------
GROUPS = """
(game "G" (players 1)
  (equipment {(board (rectangle 1 7)) (piece "Disc" P1)})
  (rules (start (place "Disc1" {0 1 2 4}))
         (play (move Add (to (sites {6}))))
         (end (if (= (count SizeBiggestGroup Orthogonal #THROUGH) #SIZE) (result P1 Win)))))
"""


def biggest_is(through: str, size: int) -> bool:
    s = load(GROUPS.replace("#THROUGH", through).replace("#SIZE", str(size))).initial_state()
    play(s, "G1")
    return s.is_over()


@pytest.mark.parametrize("through, size", [("", 3), ("(sites {4})", 1), ("(sites {4 2})", 3),
                                           ("(sites {6})", 1), ("(sites {3 5})", 0)])
def test_size_biggest_group_through_any_starts_groups_at_those_sites(through, size):
    # the groups: {A1 B1 C1}, {E1} and {G1}; a group started at a site of throughAny grows over
    # the board, an empty site starts none
    assert biggest_is(through, size)
    assert not biggest_is(through, size + 1)


def test_size_biggest_group_through_any_with_a_condition_on_the_site_tested():
    # Spuzzle's (count SizeBiggestGroup (sites Around (to)) if:...): (to) is each site tested
    assert biggest_is("(sites Around 3) if:(is Occupied (to))", 3)
    assert biggest_is("(sites Around 5) if:(is Occupied (to))", 1)


# --- a literal site past the board: a site of Ludii's hands of sites --------------------------------
HANDS = """
(game "H" (players 2)
  (equipment {(board (square 2)) (piece "Disc" Each) (#HAND)})
  (rules (start (place "Disc1" (handSite P1)))
         (play (move (from (sites Occupied by:Mover container:"Hand")) (to (sites Empty))))
         (end (if (and (is Empty #SITE) (= 0 (what at:#SITE))) (result Next Win)))))
"""


def test_a_literal_site_after_the_board_reads_a_site_of_the_hands():
    # the board's sites 0 to 3, then P1's hand sites 4 and 5, then P2's 6 and 7
    s = load(HANDS.replace("#HAND", "hand Each size:2").replace("#SITE", "4")).initial_state()
    assert not s.is_over()
    play(s, sorted(words(s))[0])
    assert s.is_over() and s.result().winners == [2]


def test_a_literal_site_past_every_container_is_a_located_error():
    with pytest.raises(LudError, match="not on this board"):
        load(HANDS.replace("#HAND", "hand Each size:2").replace("#SITE", "8"))


def test_a_literal_site_of_a_counted_hand_reads_that_hand():
    # a hand without size: is one site (Ludii's): P1's is site 4, P2's site 5
    s = load(HANDS.replace("#HAND", "hand Each").replace("#SITE", "4")).initial_state()
    assert not s.is_over()
    play(s, sorted(words(s))[0])
    assert s.is_over() and s.result().winners == [2]


# --- SubGrids: Ludii's k x k blocks of k x k sites (Sudoku X, Anti-Knight Sudoku) -----------------
BLOCKS = """
(game "B" (players 1)
  (equipment {(board (square 4) (values Cell (range 1 4))) (regions {SubGrids})})
  (rules (play (satisfy (all Different))) (end (if (is Solved) (result P1 Win)))))
"""


def test_sub_grids_are_the_blocks_of_the_board():
    s = load(BLOCKS).initial_state()
    assert len(s.legal_moves()) == 16 * 4 * 2  # every site is in a block
    play(s, "A1=1")
    legal = words(s)
    assert "B2=1" not in legal and "A2=1" not in legal  # A1's block: A1 B1 A2 B2
    assert "C1=1" in legal and "A3=1" in legal  # other blocks, and no row or column region


# --- a setting is offered only when every constraint holds after it, elsewhere too ----------------
CLASH = """
(game "C" (players 1)
  (equipment {(board (square 2) (values Cell (range 1 2))) (regions {0 1}) (regions {2 3})})
  (rules (start (set {{0 1} {1 1}})) (play (satisfy (all Different)))
         (end (if (is Solved) (result P1 Win)))))
"""


def test_a_setting_elsewhere_is_refused_while_another_region_clashes():
    s = load(CLASH).initial_state()
    sets = {w for w in words(s) if "=" in w}
    # A1 and B1 both hold 1: only a setting that ends the clash keeps every region different
    assert sets == {"A1=2", "B1=2"}


# --- (what at:) in a deduction puzzle: the value of a resolved site, else 0 (Sudoku Mine) ---------
WHAT = """
(game "W" (players 1)
  (equipment {(board (square 2) (values Cell (range 0 2))) (regions {Rows})})
  (rules (play (satisfy {(all Different except:0) (= (what at:0) 0)}))
         (end (if (is Solved) (result P1 Win)))))
"""


def test_what_reads_a_puzzle_value_once_the_site_is_resolved():
    s = load(WHAT).initial_state()
    sets = {w for w in words(s) if "=" in w}
    assert {"A1=1", "A1=2"} & sets == set()  # A1 must stay 0
    assert {"A1=0", "B1=1", "B1=2", "A2=2"} <= sets  # unresolved A1 reads 0: the others are free
