"""The local state of pieces in hands (Ludii's ContainerState keeps state, value and rotation per
site in every container, hands included), carried by moves as Ludii's ActionMove and ActionCopy
carry them; Ludii's ActionAdd on a hand's site; ``append`` as a decision (Ludii's Append.eval);
map pairs worked out before play (Ludii's Pair of IntFunctions); containers numbered as Ludii's.
Each test is a small position whose answer follows from Ludii's classes."""

from __future__ import annotations

from interpreter import load
from interpreter.bind import bind
from interpreter.compile.compiler import Compiler
from interpreter.engine.env import Env
from interpreter.syntax.parser import parse


def evaluate(game, state, text: str, **bound):
    """The value of a ludeme written ``text`` in ``state`` (variables of the frame ``bound``)."""
    return bind(parse(text).forms[0]).compile(Compiler(game))(state, Env(**bound))


def hands_game(start: str, play: str = "(move (from (sites Occupied by:Mover container:\"Hand\")) (to (sites Empty)))",
               extra: str = "", board: str = "(board (square 3))"):
    return load(f'''(game "H" (players 2) (equipment {{{board} (piece "Disc" Each) (piece "Cross" Each)
        (hand Each size:3) {extra}}})
        (rules (start {{{start}}}) (play {play}) (end (if (is Full) (result Mover Draw)))))''')


HAND1 = 9  # P1's first hand site on a 3x3 board (Ludii numbers the hands' sites after the board's)


def at(state, text: str, site: int) -> int:
    return evaluate(state.game, state, text, site=site)


# --- state and value of a piece placed in a hand -----------------------------------------------------
def test_a_piece_placed_in_a_hand_with_a_state_reads_it_back():
    g = hands_game('(place "Disc1" (handSite P1) state:1) (place "Cross1" (handSite P1 1) state:2)')
    s = g.initial_state()
    assert [at(s, "(state at:(site))", HAND1 + k) for k in range(3)] == [1, 2, 0]


def test_a_piece_placed_in_a_hand_with_a_value_reads_it_back():
    g = hands_game('(place "Disc1" (handSite P1) value:5) (place "Cross1" (handSite P1 1))')
    s = g.initial_state()
    assert at(s, "(value Piece at:(site))", HAND1) == 5
    assert at(s, "(value Piece at:(site))", HAND1 + 1) == 0  # no value given: the piece's own (none)


def test_moved_from_the_hand_to_the_board_the_piece_keeps_its_state_and_value():
    # Ludii's ActionMove copies the state, rotation and value of the site moved from
    g = hands_game('(place "Disc1" (handSite P1) state:1 value:7)')
    s = g.initial_state()
    s.apply("Hand1_1-B2")
    b2 = g.topology.site("B2")
    assert at(s, "(state at:(site))", b2) == 1 and at(s, "(value Piece at:(site))", b2) == 7
    assert at(s, "(state at:(site))", HAND1) == 0  # the emptied site keeps nothing


def test_a_site_of_several_pieces_keeps_its_state_for_those_left():
    # Ludii's ActionMove from a site counting several: its count goes down, its state stays
    g = hands_game('(place "Disc1" (handSite P1) count:2 state:3)')
    s = g.initial_state()
    s.apply("Hand1_1-A1")
    assert at(s, "(count Cell at:(site))", HAND1) == 1
    assert at(s, "(state at:(site))", HAND1) == 3
    assert at(s, "(state at:(site))", 0) == 3


def test_a_piece_captured_into_a_hand_takes_its_state_with_it():
    g = hands_game('(place "Disc1" coord:"A1" state:4)',
                   play='(move (from (sites Occupied by:Mover container:"Board")) (to (handSite Mover 2)))')
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == HAND1 + 2))
    assert at(s, "(state at:(site))", HAND1 + 2) == 4 and at(s, "(state at:(site))", 0) == 0


def test_a_copy_from_a_hand_keeps_the_original_and_gives_the_copy_its_state():
    # Ludii's ActionCopy: the site copied from keeps its piece and its state
    g = hands_game('(place "Disc1" (handSite P1) state:2)',
                   play='(move (from (sites Occupied by:Mover container:"Hand")) (to (sites Empty)) copy:True)')
    s = g.initial_state()
    s.apply("Hand1_1-C3")
    c3 = g.topology.site("C3")
    assert at(s, "(state at:(site))", c3) == 2 and at(s, "(state at:(site))", HAND1) == 2
    assert at(s, "(count Cell at:(site))", HAND1) == 1


def test_state_matters_in_play_the_placed_state_is_read_on_the_board():
    g = hands_game('(place "Disc1" (handSite P1) state:1) (place "Disc1" (handSite P1 1))',
                   play='(move (from (sites Occupied by:Mover container:"Hand")) (to (sites Empty)) '
                        '(then (if (= 1 (state at:(last To))) (addScore Mover 10))))')
    s = g.initial_state()
    s.apply("Hand1_1-A1")
    assert s.scores[1] == 10
    s2 = g.initial_state()
    s2.apply("Hand1_2-A1")
    assert s2.scores[1] == 0


def test_a_state_in_a_hand_without_size_is_kept_on_its_one_site():
    # Ludii's (hand Each) is a container of one site, which keeps its piece's state
    g = load('''(game "H" (players 2) (equipment {(board (square 3)) (piece "Disc" Each) (hand Each)})
        (rules (start (place "Disc1" (handSite P1) state:1)) (play (move Add (to (sites Empty))))
        (end (if (no Moves Mover) (result Mover Loss)))))''')
    s = g.initial_state()
    assert evaluate(g, s, "(state at:(handSite P1))") == 1


# --- containers numbered as Ludii's ------------------------------------------------------------------
def test_sites_occupied_of_a_container_number_worked_out_in_play():
    g = hands_game('(place "Disc1" (handSite P1)) (place "Disc2" (handSite P2 1))')
    s = g.initial_state()
    assert list(evaluate(g, s, "(sites Occupied by:Mover container:(mover))")) == [HAND1]
    assert list(evaluate(g, s, "(sites Occupied by:P2 container:2)")) == [HAND1 + 4]
    assert list(evaluate(g, s, "(sites Occupied by:Mover container:2)")) == []


def test_the_shared_hand_is_the_container_after_the_players_hands():
    g = load('''(game "Q" (players 2) (equipment {(board (square 2)) (piece "Disc" Each) (hand Shared size:2)})
        (rules (start {(place "Disc1" (handSite Shared 0))})
        (play (move Select (from (difference (sites Hand Shared) (sites Empty 1)))))
        (end (if (no Moves Mover) (result Mover Loss)))))''')
    s = g.initial_state()
    assert list(evaluate(g, s, "(sites Empty 1)")) == [5]  # its second site; the first holds a disc
    assert len(s.legal_moves()) == 1


def test_no_pieces_counts_the_pieces_in_hands_of_sites():
    g = hands_game('(place "Disc2" (handSite P2))')
    s = g.initial_state()
    assert evaluate(g, s, "(no Pieces P2)") is False and evaluate(g, s, "(no Pieces P1)") is True


# --- placements on a hand's site ---------------------------------------------------------------------
def test_a_placement_on_a_hands_site_counts_one_more_piece_there():
    # Ludii's ActionAdd: an empty site takes the piece, an occupied one counts one more
    g = hands_game('(place "Disc1" coord:"A1") (place "Disc1" coord:"B1")',
                   play='(move (from (sites Occupied by:Mover container:"Board")) (to (sites Empty)) '
                        '(then (and (remove (last To)) (add (piece "Cross1") (to (handSite Mover 1))))))')
    s = g.initial_state()
    s.apply("A1-A2")
    assert at(s, "(count Cell at:(site))", HAND1 + 1) == 1
    s.apply(s.legal_moves()[0])  # P2 has no piece: passes
    s.apply("B1-B2")
    assert at(s, "(count Cell at:(site))", HAND1 + 1) == 2


# --- map pairs worked out before play --------------------------------------------------------------------
def test_pairs_of_functions_are_evaluated_once_the_layout_is_known():
    g = hands_game("", extra='(map "Where" {(pair (id "Disc" P1) (handSite P2 1)) (pair (id "Cross" P2) 3)})')
    disc1, cross2 = g.component_index["Disc1"], g.component_index["Cross2"]
    assert dict(g.maps["Where"]) == {disc1: 9 + 3 + 1, cross2: 3}


# --- append as a decision, a placed piece's state worked out in play -------------------------------------
REVERSI = '''(game "R" (players 2) (equipment {(board (square 4)) (piece "Disc" Neutral (flips 1 2))})
    (rules (start {(place "Disc0" {"B2" "C3"} state:1) (place "Disc0" {"C2" "B3"} state:2)})
    (play (forEach Site (sites Empty)
        (append (custodial (from (site)) (between if:(is Enemy (state at:(between)))
            (apply (allCombinations (add (piece "Disc0" state:(mover)) (to (site))) (flip (between)))))
            (to if:(is Friend (state at:(to)))))
            (then (set Score Mover (count Sites in:(sites State (mover))))))))
    (end (if (no Moves Mover) (result Mover Loss)))))'''


def test_append_as_a_decision_is_one_move_per_site_that_brackets():
    g = load(REVERSI)
    s = g.initial_state()
    assert sorted(m.text for m in s.legal_moves()) == ["A3", "B4", "C1", "D2"]  # Reversi's opening
    s.apply("C1")
    site = g.topology.site
    assert at(s, "(state at:(site))", site("C1")) == 1 and at(s, "(state at:(site))", site("C2")) == 1
    assert s.scores[1] == 4  # the then: once, after all the parts


def test_append_of_an_effect_that_does_nothing_is_no_move():
    g = load(REVERSI)
    s = g.initial_state()
    assert all(m.to in {g.topology.site(x) for x in ("A3", "B4", "C1", "D2")} for m in s.legal_moves())


def test_a_placed_piece_state_worked_out_in_play_is_the_movers():
    g = load('''(game "S" (players 2) (equipment {(board (square 2)) (piece "Disc" Neutral)})
        (rules (play (move Add (piece "Disc0" state:(mover)) (to (sites Empty))))
        (end (if (no Moves Mover) (result Mover Loss)))))''')
    s = g.initial_state()
    s.apply("A1")
    s.apply("B1")
    assert at(s, "(state at:(site))", 0) == 1 and at(s, "(state at:(site))", 1) == 2


def test_a_piece_placed_in_a_hand_with_a_rotation_keeps_it_on_the_board():
    g = hands_game('(place "Disc1" (handSite P1) rotation:2)')
    s = g.initial_state()
    assert at(s, "(rotation at:(site))", HAND1) == 2
    s.apply("Hand1_1-C1")
    assert at(s, "(rotation at:(site))", g.topology.site("C1")) == 2 and at(s, "(rotation at:(site))", HAND1) == 0
