"""Forms Ludii's production files of the family board/war use beyond the sample (issue 24, the
held-out probe lud4war). Each on a small position, by its meaning in Ludii."""

from __future__ import annotations

from interpreter import load

# --- (do <effect> ifAfterwards:...) as a consequence (A K'aak'il's throws) ---------------------------
# Ludii's Do lists the effect's one move, tries it on a copy and keeps it only when the condition
# holds there; in a then, the kept move is applied. Here a value is remembered only while fewer
# than two are remembered: the third move remembers nothing.
DO_EFFECT = '''(game "T" (players 1) (equipment {(board (square 4)) (piece "A" P1)})
 (rules (play (move Add (to (sites Empty))
   (then (do (remember Value (last To)) ifAfterwards:(<= (size Array (values Remembered)) 2)))))
 (end (if (is Full) (result Mover Win)))))'''


def test_do_an_effect_if_afterwards_in_a_then_keeps_it_only_when_the_condition_holds():
    g = load(DO_EFFECT)
    s = g.initial_state()
    for site in (0, 5, 9):
        m = next(m for m in s.legal_moves() if m.to == site)
        s.apply(m)
    assert s.arrays["remembered"][0] == (0, 5)  # the third value was tried, and taken back


# --- (count Pieces <player>) counts the pieces in hand too (Poprad Game's end) --------------------------
# Ludii's CountPieces without in: visits every position the player owns, their hand's sites with
# their counts too: P2 holding 3 pieces in hand and none on the board has 3 pieces.
def _count_game(hand: str, place: str) -> str:
    return f'''(game "T" (players 2) (equipment {{(board (square 3)) (piece "Disc" Each) {hand}}})
 (rules (start {{{place}}})
 (play (move Add (to (sites Empty))))
 (end {{(if (= (count Pieces P2) 3) (result P1 Win)) (if (= (count Pieces P2) 0) (result P2 Win))}})))'''


def test_count_pieces_counts_a_counted_hand():
    g = load(_count_game("(hand Each)", '(place "Disc2" "Hand2" count:3)'))
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.is_over() and list(s.winners) == [1]


def test_count_pieces_counts_a_hand_site_with_its_count():
    g = load(_count_game("(hand Each size:2)", '(place "Disc2" (handSite P2) count:3)'))
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.is_over() and list(s.winners) == [1]


def test_count_pieces_in_a_region_does_not_count_the_hand():
    g = load(_count_game("(hand Each)", '(place "Disc2" "Hand2" count:3)').replace(
        "(count Pieces P2)", "(count Pieces P2 in:(sites Board))"))
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.is_over() and list(s.winners) == [2]


# --- moves given to (forEach Piece ...) turn by the facing of the piece at (from) ----------------------
# Ludii's Directions turn FR/FL by the dirn of the component at the site: draughts men declared
# (piece "Counter" P1 N) (piece "Counter" P2 S) step South for P2 even though the players have no
# direction (English Draughts, Shashki, Brazilian Draughts: P2 had no move at all).
FACING = '''(game "T" (players 2) (equipment {(board (square 4)) (piece "C" P1 N) (piece "C" P2 S)})
 (rules (start {(place "C1" 5) (place "C2" 10)})
 (play (forEach Piece "C" (move Step (directions {FR FL}) (to if:(is Empty (to))))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_moves_given_to_for_each_piece_turn_by_the_pieces_facing():
    g = load(FACING)
    s = g.initial_state()
    assert sorted(m.to for m in s.legal_moves()) == [8]  # B2 (5) to A3 (8); C3 (10) is taken
    s.apply(s.legal_moves()[0])
    assert sorted(m.to for m in s.legal_moves()) == [5, 7]  # C3 (10) South: B2, D2


def test_the_compiled_tier_turns_given_moves_by_the_pieces_facing_too():
    from interpreter.native.api import native_game
    from interpreter.native.conformance import compare_game
    g = load(FACING.replace("(square 4)", "(square 6)").replace('(place "C2" 10)', '(place "C2" 28)'))
    compiled = native_game(g)
    for seed in range(3):
        assert compare_game(g, compiled, seed) is None, f"seed {seed}"


# --- (place "X" <hand site number> value:N) and (fromTo (from) (to ...)) (L'attaque) -------------------
# A site numbered after the board's is a hand's site (Ludii's containers share the numbering);
# a value placed there follows the piece to the board. FromTo's sites default to the frame's
# (from) and (to) (Ludii's From and To), in a game without stacks too.
HAND_VALUE = '''(game "T" (players 2) (equipment {(board (square 2)) (hand Each size:1)
   (piece "A" Each (move Step (to if:(is Enemy (who at:(to)))
      (apply (fromTo (from) (to (handSite Next))))))) (piece "B" Each)})
 (rules (start {(place "A1" 4 value:7) (place "B2" 3)})
 (play (or (move (from (handSite Mover)) (to (sites Empty))) (forEach Piece)))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_value_placed_on_a_hand_site_by_number_follows_the_piece():
    from interpreter.engine.handsites import what_at
    from interpreter.ludemes.variables import PIECE_VALUES
    g = load(HAND_VALUE)
    s = g.initial_state()
    assert what_at(s, 4) == g.component_index["A1"] and s.arrays[PIECE_VALUES][4] == 7
    m = next(m for m in s.legal_moves() if m.to == 2)
    s.apply(m)
    assert s.what[2] == g.component_index["A1"] and s.arrays[PIECE_VALUES][2] == 7


FROM_TO_FRAME = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "A" Each)})
 (rules (start {(place "A1" {0 1})})
 (play (move Pass (then (forEach Piece (fromTo (from) (to (ahead (from) N)))))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_from_to_without_its_from_site_moves_the_piece_of_the_frames_from():
    g = load(FROM_TO_FRAME)
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    a1 = g.component_index["A1"]
    assert [s.what[x] for x in range(9)] == [0, 0, 0, a1, a1, 0, 0, 0, 0]


# --- a move whose origin a capture's apply emptied does nothing (Ludii's ActionMove) -------------------
# L'attaque's stronger attacker: the apply sends the defender to its hand, then moves the attacker
# itself onto (to) with (fromTo (from) (to)); the step's own move then finds its origin empty and,
# as Ludii's ActionMove ("if the origin is empty we do not apply this action"), does nothing: the
# attacker stays on (to), with its value.
ATTACK = '''(game "T" (players 2) (equipment {(board (square 3)) (hand Each size:1)
   (piece "A" Each (move Step (to if:(is Enemy (who at:(to)))
      (apply (and (fromTo (from (to)) (to (handSite Next))) (fromTo (from) (to)))))))})
 (rules (start {(place "A1" 0 value:5) (place "A2" 1 value:3)})
 (play (forEach Piece))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_move_whose_origin_its_apply_emptied_leaves_the_attacker_on_its_target():
    from interpreter.engine.handsites import what_at
    from interpreter.ludemes.variables import PIECE_VALUES
    g = load(ATTACK)
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == 1))
    a1, a2 = g.component_index["A1"], g.component_index["A2"]
    assert s.what[0] == 0 and s.what[1] == a1 and s.arrays[PIECE_VALUES][1] == 5
    assert what_at(s, 10) == a2  # P2's hand site (9 board sites, P1's hand 9, P2's 10)


# --- a step outside forEach Piece turns by the piece at its origin (Dama (Italy)'s continuation) -------
# Ludii's Directions turn FR/FL by the facing of the piece at the step's origin: the second step of
# P2's man (its (from (last To)), in the same turn) goes South too, though P2 has no direction.
AGAIN = '''(game "T" (players 2) (equipment {(board (square 5)) (piece "C" P1 N) (piece "C" P2 S)})
 (rules (start {(place "C1" 2) (place "C2" 22)})
 (play (if (is Prev Mover)
   (move Step (from (last To)) (directions {FR FL}) (to if:(is Empty (to))))
   (forEach Piece "C" (move Step (directions {FR FL}) (to if:(is Empty (to))) (then (moveAgain))))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_step_from_the_last_site_turns_by_the_piece_there():
    g = load(AGAIN)
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == 6))  # P1: C1 (2) to B2 (6)
    assert sorted(m.to for m in s.legal_moves()) == [10, 12]  # P1 again, North: A3, C3
    s.apply(next(m for m in s.legal_moves() if m.to == 12))
    s.apply(next(m for m in s.legal_moves() if m.to == 18))  # P2: C5 (22) to D4 (18)
    assert sorted(m.to for m in s.legal_moves()) == [14]  # P2 again, South from D4: E3 (C3 is taken)


def test_the_compiled_tier_leaves_steps_turned_by_their_origin_to_the_reference():
    from interpreter.native.api import native_game, why_not
    g = load(AGAIN)
    assert native_game(g) is None and "origin" in str(why_not(g))
