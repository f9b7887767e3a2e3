"""Ludii's start rules, end rules, meta rules, phases and directions (issue 24, session 30): each
form with Ludii's signature, its meaning tested on a small position."""

from __future__ import annotations

import pytest

from interpreter import LudError, load


def game(rules: str, equipment: str = '(board (square 3)) (piece "Disc" Each)', players: int = 2):
    return load(f'(game "T" (players {players}) (equipment {{{equipment}}}) (rules {rules}))')


def texts(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


PLAY = '(play (move Add (to (sites Empty)))) (end (if (is Full) (result All Draw)))'


# --- start ------------------------------------------------------------------------------------------
def test_set_count_takes_the_site_type_after_the_count():
    g = game(f'(start (set Count 3 Cell to:(sites {{0 1}}))) {PLAY}',
             '(board (square 3)) (piece "Seed" Shared)')
    s = g.initial_state()
    from interpreter.engine.counts import pieces_at
    assert [pieces_at(s, x) for x in range(3)] == [3, 3, 0]


def test_set_count_refuses_another_kind_of_site():
    with pytest.raises(LudError):
        game(f'(start (set Count 3 Vertex to:(sites {{0 1}}))) {PLAY}', '(board (square 3)) (piece "Seed" Shared)')


def test_set_score_with_and_without_a_player():
    s = game(f'(start {{(set Score 5) (set Score P2 7)}}) {PLAY}').initial_state()
    assert s.scores[1:3] == [5, 7]
    s = game(f'(start (set Score Each 2)) {PLAY}').initial_state()
    assert s.scores[1:3] == [2, 2]



def test_start_foreach_site_with_a_condition_places_where_it_holds():
    s = game(f'(start (forEach Site (sites Bottom) if:(!= (site) 1) (place "Disc1" (site)))) {PLAY}').initial_state()
    assert [s.what[x] for x in range(3)] == [1, 0, 1]


def test_start_foreach_site_sees_what_it_did_at_the_sites_before():
    # one site after the other: a site sees the piece placed at the site before it
    s = game(f'(start (forEach Site (sites Bottom) if:(or (= (site) 0) (is Occupied (- (site) 1))) '
             f'(place "Disc1" (site)))) {PLAY}').initial_state()
    assert [s.what[x] for x in range(3)] == [1, 1, 1]


def test_start_foreach_site_still_takes_an_effect_as_before():
    s = game(f'(start (forEach Site (sites Bottom) (set Count 2 at:(site)))) {PLAY}',
             '(board (square 3)) (piece "Seed" Shared)').initial_state()
    from interpreter.engine.counts import pieces_at
    assert [pieces_at(s, x) for x in range(4)] == [2, 2, 2, 0]


def test_start_foreach_player_and_over_a_list_of_players():
    s = game(f'(start (forEach Player (set Score Player (+ 10 (player))))) {PLAY}').initial_state()
    assert s.scores[1:3] == [11, 12]
    s = game(f'(start (forEach (players All) (set Score Player 3))) {PLAY}').initial_state()
    assert s.scores[1:3] == [3, 3]


# --- end ----------------------------------------------------------------------------------------------
def test_byscore_misere_gives_the_victory_to_the_lowest_score():
    rules = ('(play (move Add (to (sites Empty)) (then (addScore Mover 1)))) '
             '(end (if (= (count Moves) 3) (byScore{})))')
    for misere, winner in (("", 1), (" misere:True", 2), (" misere:False", 1)):
        s = game(rules.format(misere)).initial_state()
        for move in ("A1", "A2", "A3"):
            s.apply(move)
        assert s.is_over() and s.result().winners == [winner], misere


def test_end_if_with_sub_conditions_and_a_default_result():
    # Ludii's (if C {(if C1 R1) (if C2 R2)} R): the first sub-condition that holds decides, else R
    rules = ('(play (move Add (to (sites Empty)))) '
             '(end (if (= (count Moves) 2) {(if (is Occupied 8) (result P2 Win)) '
             '(if (is Occupied 7) (result P1 Win))} (result All Draw)))')
    for moves, winners in ((("A1", "C3"), [2]), (("A1", "B3"), [1]), (("A1", "A2"), [])):
        s = game(rules).initial_state()
        for move in moves:
            s.apply(move)
        assert s.is_over() and s.result().winners == winners, moves


def test_end_if_with_one_sub_condition_that_holds_without_a_result_decides_nothing():
    rules = ('(play (move Add (to (sites Empty)))) '
             '(end {(if (= (count Moves) 2) (if (is Occupied 0)) (result P2 Win)) '
             '(if (= (count Moves) 3) (result P1 Win))})')
    s = game(rules).initial_state()
    for move in ("A1", "B1"):
        s.apply(move)
    assert not s.is_over()  # the sub-condition held: no result, and not the default one
    s.apply("C1")
    assert s.result().winners == [1]
    s = game(rules).initial_state()
    for move in ("B1", "C1"):
        s.apply(move)
    assert s.result().winners == [2]  # no sub-condition held: the default result


def test_end_if_without_a_result_never_ends_the_game():
    s = game('(play (move Add (to (sites Empty)))) (end {(if (is Occupied 0)) (if (is Full) (result All Draw))})'
             ).initial_state()
    s.apply("A1")
    assert not s.is_over()


# --- meta -----------------------------------------------------------------------------------------------
def test_no_suicide_forbids_a_move_that_makes_the_mover_lose():
    rules = ('{} (play (move Add (to (sites Empty)))) '
             '(end (if (is Line 3) (result Mover Loss)))')
    s = game(rules.format('')).initial_state()
    for move in ("A1", "C3", "A2", "C2"):
        s.apply(move)
    assert "A3" in texts(s)  # without the rule: a line of three, which loses
    s = game(rules.format('(meta (no Suicide))')).initial_state()
    for move in ("A1", "C3", "A2", "C2"):
        s.apply(move)
    assert "A3" not in texts(s) and "B1" in texts(s)


def test_no_suicide_allows_a_move_that_wins_or_draws():
    rules = ('(meta (no Suicide)) (play (move Add (to (sites Empty)))) '
             '(end (if (is Line 3) (result Mover Win)))')
    s = game(rules).initial_state()
    for move in ("A1", "C3", "A2", "C2"):
        s.apply(move)
    assert "A3" in texts(s)


def test_pass_end_no_end_lets_the_game_go_on_when_all_pass():
    rules = '{} (play (move Pass)) (end (if (= (count Moves) 5) (result P1 Win)))'
    for meta, draw in (('', True), ('(meta (passEnd Draw))', True), ('(meta (passEnd NoEnd))', False)):
        s = game(rules.format(meta)).initial_state()
        while not s.is_over():
            s.apply("pass")
        assert s.result().draw is draw, meta
        assert (s.ply == 5) is not draw  # with NoEnd, only the rules end it: P1 wins at move 5


# --- directions -------------------------------------------------------------------------------------------
def test_directions_without_names_is_the_forward_direction():
    rules = ('(play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))')
    eq = ('(board (square 3)) (piece "Disc" P1 N (move Step (directions) (to if:(is Empty (to))))) '
          '(piece "Disc" P2 S (move Step (directions) (to if:(is Empty (to)))))')
    g = load(f'(game "T" (players {{(player N) (player S)}}) (equipment {{{eq}}}) '
             f'(rules (start {{(place "Disc1" "B1") (place "Disc2" "B3")}}) {rules}))')
    s = g.initial_state()
    assert texts(s) == ["B1-B2"]


# --- phases ---------------------------------------------------------------------------------------------
PHASES = ('(phase "Place" {} (play (move Add (to (sites Empty)))) (nextPhase {} (>= (count Moves) 2) "Pass")) '
          '(phase "Pass" (play (move Pass)))')


def phased(mode: str, who: str):
    return game("phases:{" + PHASES.format(mode, who) + "} (end (if (is Full) (result All Draw)))")


def test_phase_takes_the_games_mode_and_refuses_another():
    s = phased("(mode Alternating)", "").initial_state()
    assert len(texts(s)) == 9
    with pytest.raises(LudError, match="mode"):
        phased("(mode Simultaneous)", "")


def test_next_phase_of_one_player_named_by_number():
    s = phased("", "(player 2)").initial_state()
    s.apply("A1")
    s.apply("A2")
    assert texts(s)[0] == "A3"  # P1 is still placing: only P2 went on to passing
    s.apply("A3")
    assert texts(s) == ["pass"]


# --- place ------------------------------------------------------------------------------------------------
def test_place_with_the_site_type_a_value_and_counts():
    g = game('(start {(place "Disc1" Cell (sites {0 1}) value:3) (place "Disc2" 2)}) '
             '(play (move Add (to (sites Empty)))) (end (if (= (value Piece at:0) 3) (result Mover Win)))',
             '(board (square 3)) (piece "Disc" Each value:1)')
    s = g.initial_state()
    from interpreter.ludemes.variables import PIECE_VALUES
    assert [s.what[x] for x in range(3)] == [1, 1, 2]
    assert s.arrays[PIECE_VALUES][:3] == [3, 3, 0]
    s.apply("A2")
    assert s.is_over() and s.result().winners == [1]  # (value Piece at:0): the value placed
    # on a board of cells, pieces placed on its vertices are held there (Ludii's state per site type)
    from interpreter.ludemes.other_sites import pieces_array
    s = game(f'(start (place "Disc1" Vertex (sites {{0 1}}))) {PLAY}').initial_state()
    assert s.arrays[pieces_array("Vertex")][:3] == [1, 1, 0] and not any(s.what)


def test_place_counts_puts_the_first_number_on_every_site():
    s = game(f'(start (place "Seed" (sites {{0 1 2}}) counts:{{4 5 6}})) {PLAY}',
             '(board (square 3)) (piece "Seed" Shared)').initial_state()
    from interpreter.engine.counts import pieces_at
    assert [pieces_at(s, x) for x in range(4)] == [4, 4, 4, 0]


# --- set ----------------------------------------------------------------------------------------------------
def test_set_a_role_puts_the_piece_numbered_as_the_player():
    # Ludii's Id of P2 is 2: the second piece declared (here P1's Cross), not P2's first piece
    eq = '(board (square 3)) (piece "Disc" P1) (piece "Cross" P1) (piece "Disc" P2)'
    s = game(f'(start {{(set P2 Cell 4) (set P1 coord:"A1") (set P1 (sites {{1 2}}))}}) {PLAY}', eq).initial_state()
    names = [s.game.components[s.what[x]].name if s.what[x] else "" for x in range(5)]
    assert names == ["Disc1", "Disc1", "Disc1", "", "Cross1"]


def test_set_a_role_without_sites_sets_nothing():
    s = game(f'(start (set P1)) {PLAY}').initial_state()
    assert not any(s.what)


def test_set_the_variables_of_a_deduction_puzzle():
    g = load('(game "P" (players 1) (equipment {(board (square 2) (values Cell (range 1 4)))}) '
             '(rules (start (set {{0 1} {3 4}})) (play (satisfy (all Different (sites Board)))) (end (if (is Solved) (result P1 Win)))))')
    s = g.initial_state()
    from interpreter.ludemes.puzzles import PUZZLE
    assert s.arrays[PUZZLE][0] == 1 << 1 and s.arrays[PUZZLE][3] == 1 << 4
    assert "B1=1" not in texts(s) and "B1=2" in texts(s)  # all different: A1 holds 1


def test_payoffs_rank_the_players_by_their_payoff():
    rules = '(play (move Pass)) (end (if (= (count Moves) 1) (payoffs {{(payoff P1 {}) (payoff P2 {})}})))'
    for p1, p2, winners, draw in (("5.5", "1.2", [1], False), ("0.5", "(+ 1 1)", [2], False), ("3", "3.0", [], True)):
        s = game(rules.format(p1, p2)).initial_state()
        s.apply("pass")
        assert s.is_over() and s.result().winners == winners and s.result().draw is draw, (p1, p2)
    one = '(play (move Pass)) (end (if (= (count Moves) 1) (payoffs {{(payoff P1 {})}})))'
    for value, winners in (("0.5", [1]), ("0", [])):
        s = game(one.format(value), players=1).initial_state()
        s.apply("pass")
        assert s.is_over() and s.result().winners == winners, value


def test_foreach_of_players_as_moves_binds_each_player():
    s = game('(start {(place "Disc1" 0) (place "Disc2" 8)}) '
             '(play (forEach (players Enemy) (move Remove (sites Occupied by:Player)) (then (addScore Mover 1)))) '
             '(end (if (= (score P1) 1) (result P1 Win)))').initial_state()
    assert texts(s) == ["xC3"]  # P2, the enemy: its piece only
    s.apply(s.legal_moves()[0])
    assert s.what[8] == 0 and s.is_over() and s.result().winners == [1]


def test_automove_makes_the_moves_forced_after_a_move():
    # a 1x3 board: after P1 places at A1, P1's only moves go to B1 and C1 (one move each): both
    # are forced, and made with the move
    rules = '{} (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Win)))'
    eq = '(board (rectangle 1 3)) (piece "Disc" Each)'
    s = game(rules.format('(meta (automove))'), eq).initial_state()
    assert texts(s) == ["A1", "B1", "C1"]
    s.apply("A1")
    assert [s.what[x] for x in range(3)] == [1, 1, 1] and s.is_over() and s.result().winners == [1]
    s = game(rules.format(''), eq).initial_state()
    s.apply("A1")
    assert [s.what[x] for x in range(3)] == [1, 0, 0]


def test_automove_leaves_sites_that_several_moves_go_to():
    # two kinds of piece may go to each empty site: no move is forced
    eq = '(board (rectangle 1 3)) (piece "Disc" Each) (piece "Cross" Each)'
    rules = ('(meta (automove)) (play (or (move Add (piece "Disc1") (to (sites Empty))) '
             '(move Add (piece "Cross1") (to (sites Empty))))) (end (if (is Full) (result Mover Win)))')
    s = game(rules, eq).initial_state()
    s.apply(s.legal_moves()[0])
    assert sum(1 for x in range(3) if s.what[x]) == 1


def test_place_random_puts_pieces_on_empty_sites_drawn_at_random():
    s = game(f'(start {{(place "Disc1" 0) (place Random (sites Bottom) {{"Disc1" "Disc2"}} count:2)}}) {PLAY}'
             ).initial_state()
    bottom = [s.what[x] for x in range(3)]
    assert bottom == [1, 1, 1]  # A1 taken, two Disc1 fill the rest: the Disc2 find no empty site
    assert not any(s.what[x] for x in range(3, 9))
    s = game(f'(start (place Random {{"Disc1"}} count:3 value:7)) {PLAY}').initial_state()
    placed = [x for x in range(9) if s.what[x]]
    from interpreter.ludemes.variables import PIECE_VALUES
    assert len(placed) == 3 and all(s.arrays[PIECE_VALUES][x] == 7 for x in placed)
    again = game(f'(start (place Random {{"Disc1"}} count:3 value:7)) {PLAY}').initial_state()
    assert [x for x in range(9) if again.what[x]] == placed  # the state's random sequence decides


def test_an_end_if_used_as_moves_is_an_error():
    with pytest.raises(LudError, match="end rule"):
        game('(play (if (is Empty 0))) (end (if (is Full) (result All Draw)))')


def test_place_random_of_a_stack_puts_every_piece_on_the_site_in_a_random_order():
    from interpreter.engine import stacks
    s = game(f'(start (place Random {{"Disc1" "Disc2"}} count:{{2 3}} 4)) {PLAY}').initial_state()
    assert stacks.size(s, 4) == 5
    names = [s.game.components[stacks.what_at(s, 4, level)].name for level in range(5)]
    assert sorted(names) == ["Disc1", "Disc1", "Disc2", "Disc2", "Disc2"]
