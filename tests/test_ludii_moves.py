"""Ludii's move ludemes of the ``moves`` family that were missing (issue 24): ``pass``,
``select``, ``seq``, ``while``, ``max Captures``, ``max Distance``, ``push``, ``shoot``,
``flip``, ``avoidStoredState``, ``remember State``, ``attract``... Each test is a small
position whose answer follows from Ludii's class (Core/src/game/rules/play/moves/...)."""

from __future__ import annotations

import pytest

from interpreter import LudError, load

BOARD = '''(game "T" (players 2) (equipment {{(board (square {n})) {extra}}})
 (rules {start} (play {play}) (end (if (no Moves Next) (result Mover Loss)))))'''


def game(play: str, n: int = 3, extra: str = '(piece "Disc" Each)', start: str = ""):
    return load(BOARD.format(play=play, n=n, extra=extra, start=start))


def texts(state) -> list[str]:
    return [m.text for m in state.legal_moves()]


def position(g, pieces: dict[str, str], mover: int = 1):
    text = f"mover: {mover}\npieces: {{{', '.join(f'{k}: {v}' for k, v in pieces.items())}}}\n"
    return g.state_from_text(text)


# --- pass, select ---------------------------------------------------------------------------------
def test_pass_is_a_pass_the_player_may_choose():
    state = game("(or (move Add (to (sites Empty))) (pass))").initial_state()
    assert texts(state)[-1] == "pass" and len(texts(state)) == 10
    state.apply("pass")
    decision = game("(or (move Add (to (sites Empty))) (move Pass))").initial_state()
    decision.apply("pass")
    assert state.result() == decision.result()  # as move Pass: the same pass


def test_pass_with_then_runs_its_consequences():
    state = game("(pass (then (addScore Mover 3)))").initial_state()
    state.apply("pass")
    assert state.scores[1] == 3


def test_select_chooses_a_site_its_consequences_act():
    state = game("(select (from (sites Empty)) (then (add (to (last To)))))").initial_state()
    assert texts(state)[:3] == ["A1", "B1", "C1"]
    state.apply("B1")
    assert state.what[state.game.topology.site("B1")] != 0


# --- seq, while -------------------------------------------------------------------------------------
def test_seq_applies_its_moves_one_after_the_other():
    # the second addScore reads the score the first one left
    state = game("(move Add (to (sites Empty)) (then (seq {(addScore Mover 1) (addScore Mover (score Mover))})))") \
        .initial_state()
    state.apply("A1")
    assert state.scores[1] == 2


def test_while_repeats_until_the_condition_fails():
    state = game("(move Add (to (sites Empty)) (then (while (< (score Mover) 5) (addScore Mover 2))))").initial_state()
    state.apply("A1")
    assert state.scores[1] == 6  # 0 -> 2 -> 4 -> 6


def test_while_then_follows_each_move_and_is_not_seen_by_the_condition():
    # the rounds are counted on a copy without then (3 rounds), then each is applied with then
    state = game("(move Add (to (sites Empty)) (then (while (< (score Mover) 5) (addScore Mover 2) "
                 "(then (addScore Mover 10)))))").initial_state()
    state.apply("A1")
    assert state.scores[1] == 36


def test_while_that_never_ends_is_an_error():
    state = game("(move Add (to (sites Empty)) (then (while (< (score Mover) 5) (addScore Mover 0))))").initial_state()
    with pytest.raises(LudError, match="goes on for ever"):
        state.apply("A1")


def test_while_of_moves_as_a_decision_lists_every_round():
    # each round removes the piece at the lowest occupied site; the rounds' moves are the moves
    state = position(game("(while (< (count Pieces P1) 3) (move Add (to (min (array (sites Empty))))))"),
                     {"C3": "Disc1"})
    assert texts(state) == ["A1", "B1"]


# --- max Captures, max Distance ---------------------------------------------------------------------
HOPS = ('(piece "Disc" Each (or (move Hop Orthogonal (between if:(is Enemy (who at:(between))) '
        '(apply (remove (between)))) (to if:(is Empty (to)))) (move Step Orthogonal (to if:(is Empty (to))))))')


def test_max_captures_keeps_the_moves_taking_the_most_pieces():
    # A1 may take B1 (one piece, to C1) or step; A3 may take A4 and then a second one
    g = load(BOARD.format(play="(max Captures (or (forEach Piece) (move Add (to (sites Empty)) "
                               "(then (remove (sites Around (last To) Orthogonal if:(is Enemy (who at:(to)))))))))",
                          n=5, extra=HOPS, start=""))
    state = position(g, {"A1": "Disc1", "B1": "Disc2", "D4": "Disc2", "D2": "Disc2", "E3": "Disc1"})
    # placing on D3 takes D4 and D2 (two pieces): more than any hop (one)
    assert texts(state) == ["D3"]


def test_max_captures_without_captures_keeps_every_move():
    g = load(BOARD.format(play="(max Captures (forEach Piece))", n=4, extra=HOPS, start=""))
    state = position(g, {"A1": "Disc1", "D4": "Disc2"})
    assert sorted(texts(state)) == ["A1-A2", "A1-B1"]


def test_max_captures_a_hop_counts_the_piece_it_jumps_not_its_own_departure():
    g = load(BOARD.format(play="(max Captures (forEach Piece))", n=4, extra=HOPS, start=""))
    state = position(g, {"A1": "Disc1", "B1": "Disc2", "D4": "Disc2"})
    assert texts(state) == ["A1-C1"]


def test_max_captures_with_value_sums_the_values_set_on_the_sites():
    start = ('(start {(place "Disc1" "A1") (place "Disc2" {"B1" "A2" "D4"}) '
             '(set Value at:(coord "B1") 1) (set Value at:(coord "A2") 5)})')
    by_value = load(BOARD.format(play="(max Captures withValue:True (forEach Piece))", n=4, extra=HOPS, start=start))
    assert texts(by_value.initial_state()) == ["A1-A3"]  # A2 is worth 5, B1 1
    by_number = load(BOARD.format(play="(max Captures (forEach Piece))", n=4, extra=HOPS, start=start))
    assert sorted(texts(by_number.initial_state())) == ["A1-A3", "A1-C1"]


TRACKED = '''(game "T" (players 2) (equipment {(board (square 4) (track "Track" "0,E,N1,W,N1,E,N1,W" directed:True))
 (piece "Disc" Each (move (from) (to (trackSite Move steps:1))))})
 (rules (play %s) (end (if (no Moves Next) (result Mover Loss)))))'''


def test_max_distance_as_ludii_returns_the_moves_unfiltered_when_the_track_exists():
    inner = load(TRACKED % "(forEach Piece)")
    state = position(inner, {"A1": "Disc1", "C2": "Disc1"})
    expected = sorted(texts(state))
    assert len(expected) == 2
    g = load(TRACKED % '(max Distance "Track" (forEach Piece))')
    assert sorted(texts(position(g, {"A1": "Disc1", "C2": "Disc1"}))) == expected
    assert sorted(texts(position(load(TRACKED % "(max Distance (forEach Piece))"),
                                 {"A1": "Disc1", "C2": "Disc1"}))) == expected


def test_max_distance_of_a_track_that_does_not_exist_gives_no_moves():
    g = load(TRACKED % '(or (max Distance "Other" (forEach Piece)) (move Pass))')
    assert texts(position(g, {"A1": "Disc1"})) == ["pass"]


# --- push, attract, shoot ---------------------------------------------------------------------------
def board_of(state) -> dict[str, str]:
    g = state.game
    return {g.topology.labels[i]: g.components[w].name for i, w in enumerate(state.what) if w}


def test_push_shifts_the_line_up_to_the_first_empty_site():
    g = game("(move Add (to (sites Empty)) (then (push (from (last To)) E)))", n=5)
    state = position(g, {"B1": "Disc2", "C1": "Disc1", "E1": "Disc2"})
    state.apply("A1")
    # A1's new piece goes to B1, B1's to C1, C1's to D1 (empty: the push stops); E1 stays
    assert board_of(state) == {"B1": "Disc1", "C1": "Disc2", "D1": "Disc1", "E1": "Disc2"}


def test_push_with_no_empty_site_pushes_the_last_piece_off_the_board():
    g = game("(move Add (to (sites Empty)) (then (push (from (last To)) E)))", n=3)
    state = position(g, {"B1": "Disc2", "C1": "Disc2"})
    state.apply("A1")
    assert board_of(state) == {"B1": "Disc1", "C1": "Disc2"}


def test_push_then_follows_each_action():
    # pushing A1's piece into empty B1: two actions (take off A1, put on B1), so then runs twice
    g = game("(move Add (to (sites Empty)) (then (push (from (last To)) E (then (addScore Mover 1)))))", n=3)
    state = g.initial_state()
    state.apply("A1")
    assert board_of(state) == {"B1": "Disc1"} and state.scores[1] == 2


def test_attract_draws_each_line_to_the_site():
    g = game("(move Add (to (sites Empty)) (then (attract (from (last To)) Orthogonal)))", n=5)
    state = position(g, {"D1": "Disc2", "E1": "Disc1", "A4": "Disc2", "C5": "Disc2"})
    state.apply("A1")
    assert board_of(state) == {"A1": "Disc1", "B1": "Disc2", "C1": "Disc1", "A2": "Disc2", "C5": "Disc2"}


AMAZONS = '''(game "T" (players 2) (equipment {(board (square 4)) (piece "Queen" Each) (piece "Dot" Neutral)})
 (rules (play %s) (end (if (no Moves Next) (result Mover Loss)))))'''


def test_move_shoot_places_the_piece_on_every_site_in_sight():
    g = load(AMAZONS % '(move Shoot (piece "Dot0") (from 0))')
    state = position(g, {"A1": "Queen1", "C1": "Queen2", "A3": "Dot0"})
    found = sorted(m.to for m in state.legal_moves())
    # east stops at C1, north at A3; diagonally B2, C3, D4
    expected = sorted(g.topology.site(x) for x in ("B1", "A2", "B2", "C3", "D4"))
    assert found == expected
    move = next(m for m in state.legal_moves() if m.to == g.topology.site("C3"))
    assert move.between == (g.topology.site("B2"),)
    state.apply(move)
    assert board_of(state)["C3"] == "Dot0"


def test_shoot_from_last_to_with_a_to_condition_and_direction():
    g = load(AMAZONS % '(move Add (piece "Queen1") (to (sites Empty)) (then (shoot (piece "Dot0") Orthogonal '
                       '(to if:(is Empty (to))))))')
    state = g.initial_state()
    state.apply(next(m for m in state.legal_moves() if m.to == g.topology.site("B2")))
    placed = board_of(state)
    # as an effect, every shot is made: the whole row and column of B2
    assert sorted(k for k, v in placed.items() if v == "Dot0") == ["A2", "B1", "B3", "B4", "C2", "D2"]


# --- flip, flips ------------------------------------------------------------------------------------
FLIPS = '(piece "Disc" Each (flips 1 2))'


def test_flip_turns_the_piece_over_between_its_two_states():
    g = game('(move Add (to (sites Empty)) (then (and (set State at:(last To) 1) (flip (last To)))))', extra=FLIPS)
    state = g.initial_state()
    state.apply("A1")
    assert state.arrays["piece_states"][0] == 2  # set to 1, flipped to 2


def test_flip_defaults_to_the_to_site_and_leaves_other_states():
    g = game('(move Add (to (sites Empty)) (then (flip (last To))))', extra=FLIPS)
    state = g.initial_state()
    state.apply("A1")
    assert state.arrays["piece_states"][0] == 0  # state 0 is neither side: unchanged
    g = game('(move Add (to (sites Empty) (apply (flip))))', extra=FLIPS)  # (to) of the placement
    state = g.initial_state()
    state.apply("B1")
    assert state.arrays["piece_states"][1] == 0


def test_flip_without_flips_is_an_error():
    with pytest.raises(LudError, match="no piece declares its flips"):
        game('(move Add (to (sites Empty)) (then (flip (last To))))')


def test_flip_of_a_piece_without_flips_does_nothing_and_skips_then():
    extra = '(piece "Disc" P1 (flips 1 2)) (piece "Disc" P2)'
    g = game('(move Add (to (sites Empty)) (then (flip (last To) (then (addScore Mover 1)))))', extra=extra)
    state = g.initial_state()
    state.apply("A1")
    assert state.scores[1] == 1  # P1's disc has flips: the flip is made, then follows
    state.apply("B1")
    assert state.scores[2] == 0  # P2's has none: no flip, no then


# --- remember State, avoidStoredState -----------------------------------------------------------------
SLIDER = '(piece "Disc" Each (move Step Orthogonal (to if:(is Empty (to)))))'


def test_avoid_stored_state_refuses_the_moves_that_bring_the_remembered_position_back():
    # each turn: remember the position, step a piece, then step again (moveAgain once);
    # the second step may not undo the first
    play = ('(if (is Prev Mover) (avoidStoredState (forEach Piece)) '
            '(forEach Piece (then (and (moveAgain) ))))')
    g = game(play, n=3, extra=SLIDER,
             start='(start (place "Disc1" "A1"))')
    g2 = game('(if (is Prev Mover) (avoidStoredState (forEach Piece)) '
              '(do (remember State) next:(forEach Piece (then (moveAgain)))))', n=3, extra=SLIDER,
              start='(start (place "Disc1" "A1"))')
    state = g2.initial_state()
    assert sorted(texts(state)) == ["A1-A2", "A1-B1"]
    state.apply("A1-B1")
    # back to A1 would be the position remembered before the turn
    assert sorted(texts(state)) == ["B1-B2", "B1-C1"]
    plain = g.initial_state()
    plain.apply("A1-B1")
    assert "B1-A1" in texts(plain)  # nothing remembered: nothing refused


def test_remember_state_keeps_the_last_position_only():
    g = game('(move Add (to (sites Empty)) (then (remember State)))')
    state = g.initial_state()
    state.apply("A1")
    first = state.arrays["stored_state"][0]
    state.apply("B1")
    assert state.arrays["stored_state"][0] != first


# --- allCombinations, append ------------------------------------------------------------------------
def test_all_combinations_applies_every_pair_each_followed_by_then():
    g = game('(move Add (to (sites {"C3"})) (then (allCombinations (add (piece "Disc1") (to (sites {"A1" "B1"}))) '
             '(addScore Mover 1) (then (addScore Mover 10)))))')
    state = g.initial_state()
    state.apply("C3")
    assert set(board_of(state)) == {"A1", "B1", "C3"} and state.scores[1] == 22


def test_append_applies_all_the_moves_then_once():
    g = game('(move Add (to (sites {"C3"})) (then (append (add (piece "Disc1") (to (sites {"A1" "B1"}))) '
             '(then (addScore Mover 1)))))')
    state = g.initial_state()
    state.apply("C3")
    assert set(board_of(state)) == {"A1", "B1", "C3"} and state.scores[1] == 1


def test_append_of_no_moves_does_nothing_not_even_then():
    g = game('(move Add (to (sites {"C3"})) (then (append (add (piece "Disc1") (to (sites Occupied by:Next))) '
             '(then (addScore Mover 1)))))')
    state = g.initial_state()
    state.apply("C3")
    assert state.scores[1] == 0


def test_combined_moves_as_a_decision_are_refused_with_a_located_error():
    with pytest.raises(LudError, match="not supported yet"):
        game('(allCombinations (move Add (to (sites Empty))) (move Add (to (sites Empty))))')


def test_flip_turns_a_stack_over_whole():
    from interpreter.engine import stacks
    g = game('(move Add (to (sites {"A1"})) stack:True (then (if (= 2 (size Stack at:(last To))) '
             '(flip (last To)))))', extra=FLIPS)
    state = g.initial_state()
    state.apply(state.legal_moves()[0])  # P1's disc
    state.apply(state.legal_moves()[0])  # P2's on top: the stack of two is turned over
    owners = [g.components[stacks.entry(state, 0, level)[0]].owner for level in range(stacks.size(state, 0))]
    assert owners == [2, 1]  # bottom first: P2's disc now at the bottom
