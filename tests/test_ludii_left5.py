"""Leftovers where our meaning differed from Ludii's (session 35).

- Piece names with spaces (Ludii's "Deputy General"): looked up by name, written in move texts
  with ``_`` (``Deputy_General1@A1``).
- ``(hand P1 size:1)``: one player's hand of one site (Ludii's container); a site given by a
  number known before play (``(^ 3 2)``) past the board is a hand's.
- ``(and ...)`` as a consequence: Ludii's And.eval makes the moves of every part on the position
  before any part applies; ``remove`` (the sites occupied then), ``set State`` and ``set Value``
  (their site and value) are worked out there too. As Ludii's SetState/SetValue, a state or a
  piece's value below 0 makes no move (nor its consequences).
- ``(forEach Site R <planned effect> (then ...))``: each site's move is worked out first, then
  applied with the then after it; ``noMoveYet`` when no site makes any.
- ``(move Promote ...)`` / ``(promote ...)``: Ludii's default site is ``(to)`` (the frame's, none
  at the top of the play rules) and the site is not tested (an empty site gets the piece).
- ``(place Stack ... state:)`` gives the pieces their local state.
"""

from __future__ import annotations

import pytest

from interpreter import load

# --- piece names with spaces ---------------------------------------------------------------------------

SPACED = '''(game "Spaced" (players 2)
  (equipment {(board (square 3)) (piece "Deputy General" Each) (piece "Disc" Each)})
  (rules (start (place "Deputy General2" coord:"C3"))
    (play (or (move Add (piece "Deputy General1") (to (sites Empty))) (move Add (piece "Disc1") (to (sites Empty)))))
    (end (if (= (what at:0) (id "Deputy General" P1)) (result Mover Win)))))'''


def test_a_piece_name_with_a_space_is_looked_up_and_written_with_an_underscore():
    g = load(SPACED)
    s = g.initial_state()
    assert s.what[8] == g.component_index["Deputy General2"]
    texts = {str(m) for m in s.legal_moves()}
    assert "Deputy_General1@A1" in texts and "Disc1@A1" in texts
    assert len(texts) == 16  # two kinds on the 8 empty sites
    s.apply("Deputy_General1@A1")  # the text reads back
    assert s.what[0] == g.component_index["Deputy General1"]
    assert s.is_over() and s.result().winners == [1]  # (id "Deputy General" P1)


# --- one player's hand of one site ---------------------------------------------------------------------

FLAG = '''(game "Flag" (players 1)
  (equipment {(board (square 3)) (piece "Flag" P1) (piece "Bomb" P1) (hand P1 size:1)})
  (rules (start {(place "Flag" (^ 3 2)) (place "Bomb" 4)})
    (play (or (move (from (sites Hand Mover)) (to (sites Empty)) copy:True) (move Select (from (sites Board)))))
    (end (if (= (count Pieces P1 in:(sites Board)) 3) (result Mover Win)))))'''


def test_one_players_hand_of_one_site_holds_what_is_placed_on_the_site_after_the_board():
    g = load(FLAG)
    s = g.initial_state()
    legal = sorted(str(m) for m in s.legal_moves())
    # 8 copies of the flag from the hand (site 9, Ludii's first site after the board) and 9 selections
    assert len(legal) == 17 and "Hand1-A1" in legal and "Hand1-E5" not in legal
    s.apply("Hand1-A1")
    assert s.what[0] == g.component_index["Flag1"]
    s.apply("Hand1-B1")  # a copy: the flag stays in the hand
    assert s.is_over() and s.result().winners == [1]


def test_one_players_hand_of_several_sites_follows_the_board():
    # (hand P1 size:2): Ludii's container of two sites, numbered 9 and 10 after the board
    g = load(FLAG.replace("(hand P1 size:1)", "(hand P1 size:2)").replace(
        "(place \"Flag\" (^ 3 2))", "(place \"Flag\" (handSite P1 1))"))
    s = g.initial_state()
    assert s.arrays["hand_sites"] == [0, 1]  # the flag on the hand's second site
    # copied from there to the 8 empty sites, or a site of the board selected
    assert len(s.legal_moves()) == 8 + 9


# --- (and ...): every part worked out before any part applies ------------------------------------------

PLAN = '''(game "Plan" (players 2) (equipment {{(board (square 3)) (piece "Disc" Each)}})
  (rules (start {{(place "Disc2" {{0 1 2}})}})
    (play (move Add (to (sites Empty)) (then (and {{{parts}}}))))
    (end (if {end} (result Mover Win)))))'''


def _after(parts: str, end: str = "(is Full)"):
    g = load(PLAN.format(parts=parts, end=end))
    s = g.initial_state()
    s.apply("A2")
    return g, s


def test_a_removal_takes_the_sites_occupied_before_any_part_applies():
    # Ludii: Remove.eval lists the sites occupied by P2 before the add applies: the added piece stays
    _, s = _after('(add (piece "Disc2") (to 8)) (remove (sites Occupied by:Next))')
    assert s.who[:9] == [0, 0, 0, 1, 0, 0, 0, 0, 2]


def test_a_removal_after_another_removes_what_is_on_its_sites_when_it_applies():
    # both parts list A1 (occupied before either applies); the second finds it empty and does nothing
    _, s = _after("(remove 0) (remove 0 (then (addScore Mover 1)))")
    assert s.who[0] == 0 and s.scores[1] == 1  # its move was made (A1 was occupied then): its then runs


def test_set_state_after_a_removal_reads_the_position_before_it():
    _, s = _after("(remove (sites Occupied by:Next)) (set State at:(last To) (count Pieces Next))",
                  "(= (state at:(last To)) 3)")
    assert s.is_over() and s.result().winners == [1]


def test_set_value_of_a_piece_after_a_removal_reads_the_position_before_it():
    _, s = _after("(remove (sites Occupied by:Next)) (set Value at:(last To) (count Pieces Next))",
                  "(= (value Piece at:(last To)) 3)")
    assert s.is_over() and s.result().winners == [1]


def test_set_value_of_a_player_after_a_removal_reads_the_position_before_it():
    _, s = _after("(remove (sites Occupied by:Next)) (set Value Mover (count Pieces Next))",
                  "(= (value Player Mover) 3)")
    assert s.is_over() and s.result().winners == [1]


def test_a_state_below_zero_makes_no_move_nor_its_consequences():
    _, s = _after("(set State at:(last To) -1 (then (addScore Mover 5))) (set Score P2 2)")
    assert s.scores[1] == 0 and s.scores[2] == 2


# --- forEach Site of a removal: its then, its noMoveYet ----------------------------------------------

SITES = '''(game "Sites" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
  (rules (start {(place "Disc2" {0 1})})
    (play (move Add (to (sites Empty))
      (then (forEach Site (sites Row 0) (remove (site)) noMoveYet:(addScore Mover 10) (then (addScore Mover 1))))))
    (end (if (is Full) (result Mover Win)))))'''


def test_for_each_site_of_a_removal_runs_the_then_after_each_sites_move():
    g = load(SITES)
    s = g.initial_state()
    s.apply("A3")
    assert s.scores[1] == 2 and s.who[:3] == [0, 0, 0]  # two occupied sites of row 0: two moves


def test_for_each_site_of_a_removal_runs_no_move_yet_when_no_site_makes_one():
    g = load(SITES.replace('(place "Disc2" {0 1})', '(place "Disc2" {4})'))
    s = g.initial_state()
    s.apply("A3")
    assert s.scores[1] == 10


# --- promote: the frame's (to), the site not tested ----------------------------------------------------

PROMOTE = '''(game "Promote" (players 2)
  (equipment {(board (square 3)) (piece "Pawn" Each) (piece "Queen" Each)})
  (rules (start {(place "Pawn1" 0) (place "Pawn2" 8)})
    (play %s)
    (end (if (= (count Pieces Mover) 9) (result Mover Win)))))'''


def test_move_promote_without_a_site_is_of_the_frames_to_none_at_the_top_of_the_play_rules():
    play = ('(or (move (from (sites Occupied by:Mover)) (to (sites Empty))) '
            '(move Promote (piece "Queen") Mover))')
    s = load(PROMOTE % play).initial_state()
    assert len(s.legal_moves()) == 7  # the 7 moves of the pawn; no promotion (Ludii's context has no to)


def test_promote_of_an_empty_site_puts_the_new_piece_there():
    play = '(move (from (sites Occupied by:Mover)) (to (sites Empty)) (then (promote (last From) (piece "Queen") Mover)))'
    g = load(PROMOTE % play)
    s = g.initial_state()
    s.apply("A1-B1")
    assert s.what[0] == g.component_index["Queen1"] and s.what[1] == g.component_index["Pawn1"]


def test_move_promote_of_a_site_given_is_offered_empty_or_not():
    play = '(or (move Pass) (move Promote 4 (piece "Queen") Mover))'
    g = load(PROMOTE % play)
    s = g.initial_state()
    assert sorted(str(m) for m in s.legal_moves()) == ["Queen1@B2", "pass"]
    s.apply("Queen1@B2")
    assert s.what[4] == g.component_index["Queen1"]


# --- place Stack state: --------------------------------------------------------------------------------

def test_place_stack_gives_its_pieces_their_state():
    g = load('''(game "Stacked" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
      (rules (start (place Stack "Disc1" 0 state:2))
        (play (move (from (sites Occupied by:Mover)) (to (sites Empty)) stack:True))
        (end (if (= (state at:(last To)) 2) (result Mover Win)))))''')
    s = g.initial_state()
    s.apply("A1-B1^")  # the whole stack goes, its pieces with their state
    assert s.is_over() and s.result().winners == [1]


# --- the compiled tier plans as the reference ------------------------------------------------------------

@pytest.mark.heavy
def test_the_compiled_tier_plans_a_removal_as_the_reference():
    from interpreter.native import api as native
    from interpreter.native.conformance import compare_game
    g = load(PLAN.format(parts='(set Score Mover (count Pieces Next)) (remove (sites Occupied by:Next))',
                         end="(is Full)"))
    ng = native.native_game(g)
    assert ng is not None, native.why_not(g)
    assert [compare_game(g, ng, seed) for seed in range(3)] == [None] * 3
