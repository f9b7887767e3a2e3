"""Ludii's teams, turn moves, puzzle hints and costs (issue 24, part "teams"): forEach Team in its
three families with the (team) it binds, the decisions move Set NextPlayer, move Swap Players
and move Remove at:, bet, ... each on a small position where Ludii's meaning gives the answer."""

from __future__ import annotations

import pytest

from interpreter import load
from interpreter.errors import BindError


def game(rules: str, equipment: str = '(board (square 3)) (piece "Disc" Each)', players: int = 2):
    return load(f'(game "T" (players {players}) (equipment {{{equipment}}}) (rules {rules}))')


def texts(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


END = '(end (if (is Full) (result All Draw)))'
TEAMS = '(set Team 1 {P1 P3}) (set Team 2 {P2 P4})'


# --- forEach Team -------------------------------------------------------------------------------------
def test_foreach_team_start_rule_binds_each_teams_players():
    g = game(f'(start {{{TEAMS} (forEach Team (forEach (team) (set Score (player (player)) (+ 10 (player)))))}}) '
             f'(play (move Add (to (sites Empty)))) {END}', players=4)
    s = g.initial_state()
    assert [s.scores[p] for p in range(1, 5)] == [11, 12, 13, 14]


def test_foreach_team_region_is_the_union_over_the_teams():
    # the first team's first player's pieces, then the second team's: sites of P1 and P2
    g = game(f'(start {{{TEAMS} (place "Disc1" "A1") (place "Disc2" "B1") (place "Disc3" "C1")}}) '
             '(play (move Remove (forEach Team (sites Occupied by:(player (arrayValue (team) index:0)))))) '
             f'{END}', players=4)
    s = g.initial_state()
    assert texts(s) == ["xA1", "xB1"]


def test_foreach_team_moves_are_every_teams_moves():
    g = game(f'(start {{{TEAMS}}}) (play (forEach Team (move Add (to (sites {{(size Array (team))}}))))) {END}',
             players=4)
    s = g.initial_state()
    # each team has two players: site 2, once per team (listed twice, as Ludii lists it)
    assert [m.to for m in s.legal_moves()] == [2, 2]


def test_players_not_in_a_team_are_each_their_own_team():
    g = game('(start {(set Team 2 {P1 P3}) (forEach Team (forEach (team) (addScore (player (player)) (size Array (team)))))}) '
             f'(play (move Add (to (sites Empty)))) {END}', players=4)
    s = g.initial_state()
    # teams by number: 2 = {P1 P2 P3} (P2 keeps its own number 2), 4 = {P4}
    assert [s.scores[p] for p in range(1, 5)] == [3, 3, 3, 1]


def test_no_teams_declared_visits_nothing_and_team_is_empty_outside():
    g = game('(start (forEach Team (forEach (team) (set Score (player (player)) 7)))) '
             f'(play (move Add (to (sites Empty)))) {END}')
    s = g.initial_state()
    assert [s.scores[p] for p in (1, 2)] == [0, 0]
    g = game(f'(play (move Add (to (sites {{(size Array (team))}})))) {END}')
    assert texts(g.initial_state()) == ["A1"]


# --- move Remove at: ----------------------------------------------------------------------------------
def test_move_remove_at_end_of_turn_marks_the_piece_until_the_turn_ends():
    g = game('(start {(place "Disc2" {"A1" "B1"})}) '
             '(play (or (move Remove (difference (sites Occupied by:Next) (sites ToClear)) at:EndOfTurn '
             '(then (if (< (count MovesThisTurn) 1) (moveAgain)))) (move Pass))) '
             '(end (if (no Pieces P2) (result P1 Win)))')
    s = g.initial_state()
    assert texts(s) == ["pass", "xA1...", "xB1..."]
    s.apply("xA1...")  # marked, still there; P1 moves again, A1 no longer offered
    assert s.mover == 1 and s.what[0] != 0
    assert texts(s) == ["pass", "xB1..."]
    s.apply("xB1...")  # the turn ends: both pieces go
    assert s.what[0] == 0 and s.what[1] == 0
    assert s.is_over() and s.result().winners == [1]


def test_move_remove_at_another_time_is_now():
    g = game('(start {(place "Disc2" {"A1"})}) (play (move Remove (sites Occupied by:Next) at:EndOfMove)) '
             '(end (if (no Pieces Next) (result Mover Win)))')
    s = g.initial_state()
    assert texts(s) == ["xA1"]
    s.apply("xA1")
    assert s.what[0] == 0 and s.is_over()


# --- move Set NextPlayer, move Swap Players, bet ------------------------------------------------------
def test_move_set_next_player_is_one_decision_per_player():
    g = game(f'(play (if (is Even (count Moves)) (move Add (to (sites Empty))) (move Set NextPlayer (players All)))) {END}',
             players=3)
    s = g.initial_state()
    s.apply("A1")  # P1 places; P2 decides who moves next
    assert s.mover == 2
    assert texts(s) == ["Next/P1", "Next/P2", "Next/P3"]
    s.apply("Next/P1")
    assert s.mover == 1
    s.apply("B1")
    s.apply("Next/P2")  # P2 chooses themselves: P2 moves again
    assert s.mover == 2


def test_move_set_next_player_of_no_player_gives_no_move():
    g = game(f'(play (or (move Set NextPlayer (player 7)) (move Set NextPlayer (player (next))))) {END}')
    assert texts(g.initial_state()) == ["Next/P2"]


def test_move_swap_players_exchanges_seats_and_the_mover_moves_again():
    g = game('(play (if (= (count Moves) 1) (move Swap Players P1 P2) (move Add (to (sites Empty))))) '
             f'{END}')
    s = g.initial_state()
    s.apply("A1")
    assert texts(s) == ["swap"]
    s.apply("swap")
    assert s.seats[1:] == (2, 1)  # P1's pieces are now played by the second seat
    assert s.mover == 2  # the mover's player moves again, played by the other seat


def test_bet_is_the_effect_form_of_move_bet():
    g = game(f'(play (or (bet P1 (range 1 3)) (move Pass))) {END}')
    s = g.initial_state()
    assert texts(s) == ["Bet/1", "Bet/2", "Bet/3", "pass"]
    s.apply("Bet/2")
    assert s.arrays["amounts"][1] == 2
    g = game(f'(play (move Add (to (sites Empty)) (then (bet Mover (range 1 3))))) {END}')
    s = g.initial_state()
    s.apply("A1")  # as an effect, every amount in turn: the last stays
    assert s.arrays["amounts"][1] == 3


# --- sites Loop (Ludii's reading; ours with a region or a label is in tests/test_loops.py) -------------
RING = """\
mover: 1
board: |
  5 . . . . .
  4 . x . x .
  3 . x {centre} x .
  2 . x x x .
  1 . . . . .
"""


@pytest.mark.parametrize("cond, centre, holds", [
    # from C4, the first neighbour grown (C3) is ringed by C4 D3 C2 B3, which Ludii's walk
    # closes along Adjacent (diagonal steps) and its filter keeps whole: four sites
    ('(= (sites Loop) (sites {"C4" "D3" "C2" "B3"}))', ".", True),
    ('(= (sites Loop inside:True) (sites {"C3"}))', ".", True),
    ('(= (sites Loop inside:(is Empty (centrePoint))) (sites {"C3"}))', ".", True),
    ('(= 0 (count Sites in:(sites Loop Orthogonal)))', ".", True),  # the four touch only diagonally
    ('(= 0 (count Sites in:(sites Loop surround:Next)))', ".", True),  # nothing of P2's inside
    ('(= (sites Loop inside:True surround:Next) (sites {"C3"}))', "o", True),
    ('(= (sites Loop inside:True {Next Neutral}) (sites {"C3"}))', ".", True),
    ('(= 0 (count Sites in:(sites Loop (next))))', ".", True),  # the ring is not P2's
    ('(= (sites Loop Cell Adjacent (mover) (last To)) (sites {"C4" "D3" "C2" "B3"}))', ".", True),
    ('(= 0 (count Sites in:(sites Loop (mover) (centrePoint))))', ".", True),  # from an empty site: none
])
def test_sites_loop_as_ludii_reads_it(cond, centre, holds):
    g = load('(game "T" (players 2) (equipment {(board (square 5)) (piece "Disc" Each)}) '
             f'(rules (play (move Add (to (sites Empty)) (then (if {cond} (addScore Mover 1))))) '
             '(end (if (is Full) (result All Draw)))))')
    state = g.state_from_text(RING.format(centre=centre))
    state.apply("C4")  # the consequence reads the loop from the last move's site, C4
    assert (state.scores[1] == 1) == holds


def test_sites_loop_filter_is_ludiis():
    # Ludii's filterWinningSites: from the last site back, a site goes when the others, walked
    # from their first one step by step, are all reached and the last reached touches the first
    from interpreter.ludemes.booleans_loop import _fewest
    along = [[1, 3, 2], [0, 2], [1, 3, 0], [2, 0]]
    assert _fewest([0, 1, 2, 3], along) == [0, 1]
    square = [[1, 3], [0, 2], [1, 3], [2, 0]]  # a cycle of four: each is needed
    assert _fewest([0, 1, 2, 3], square) == [0, 1, 2, 3]


def test_sites_loop_takes_a_start_or_a_region_not_both():
    with pytest.raises(BindError):
        load('(game "T" (players 2) (equipment {(board (square 5)) (piece "Disc" Each)}) '
             '(rules (play (move Add (to (sites Loop (mover) (last To) (sites Empty))))) (end (if (is Full) (result All Draw)))))')


# --- hints: forAll Hint, (hint), (sites Hint) -----------------------------------------------------------
PUZZLE = ('(game "P" (players 1) (equipment {(board (rectangle 1 3) (values Cell (range 1 3))) '
          '(hints {(hint {0 1} 4) (hint {2} 2)})}) (rules (play (satisfy {RULE})) '
          '(end (if (is Solved) (result P1 Win)))))')


def values_offered(state) -> list[str]:
    return [m.text for m in state.legal_moves() if "=" in m.text]


def test_forall_hint_binds_each_hints_value_and_sites():
    g = load(PUZZLE.replace("RULE", '(forAll Hint (is Sum (sites Hint) (hint)))'))
    s = g.initial_state()
    assert "C1=1" not in values_offered(s) and "C1=2" in values_offered(s)  # the hint {2} sums to 2
    s.apply("A1=1")
    assert [t for t in values_offered(s) if t.startswith("B1")] == ["B1=3"]  # 1 + 3 = 4


def test_forall_hint_binds_from_and_to_as_the_first_two_sites():
    # the first hint's sites are A1 and B1: (from) and (to); the second's only C1: (from)
    g = load(PUZZLE.replace("RULE", '(forAll Hint (or (= (hint) 2) (= (- (to) (from)) 1)))'))
    assert len(values_offered(g.initial_state())) == 9


def test_hint_at_a_site_and_outside_forall():
    g = load(PUZZLE.replace("RULE", '(forAll Cell (if (= (from) 2) (= 2 (hint Cell at:(from))) (!= (hint) 4)))'))
    assert len(values_offered(g.initial_state())) == 9  # (hint) is -1 outside forAll Hint
    g = load(PUZZLE.replace("RULE", '(forAll Cell (= -1 (hint at:1)))'))  # no hint starts at B1
    assert len(values_offered(g.initial_state())) == 9
    g = load(PUZZLE.replace("RULE", '(forAll Cell (= 0 (count Sites in:(sites Hint))))'))  # none outside
    assert len(values_offered(g.initial_state())) == 9


# --- set Cost, cost, set Phase -------------------------------------------------------------------------
def test_set_cost_at_the_start_and_cost_reads_it():
    g = game('(start {(set Cost 3 at:4) (set Cost 2 to:(sites {0 1}))}) '
             f'(play (move Add (to (sites Empty) if:(> (cost at:(to)) 0)))) {END}')
    s = g.initial_state()
    assert texts(s) == ["A1", "B1", "B2"]
    g = game('(start {(set Cost 3 at:4) (set Cost 2 to:(sites {0 1}))}) '
             f'(play (if (= 7 (cost in:(sites Board))) (move Add (to (sites {{8}}))))) {END}')
    assert texts(g.initial_state()) == ["C3"]


def test_cost_reads_cells_unless_told():
    # on a board of vertices, set Cost sets the board's own kind; cost reads cells by default (Ludii's)
    g = game('(start {(set Cost 4 to:(sites Board))}) '
             f'(play (move Add (to (sites Empty) if:(= (cost Vertex at:(to)) (+ 4 (cost at:0)))))) {END}',
             equipment='(board (square 2) use:Vertex) (piece "Disc" Each)')
    assert len(g.initial_state().legal_moves()) == 4
    g = game('(start {(set Cost 1 Edge at:3) (set Cost 2 Edge at:5)}) '
             f'(play (if (= 3 (cost Edge in:(sites {{3 4 5}}))) (move Add (to (sites Empty))))) {END}')
    assert len(g.initial_state().legal_moves()) == 9


def test_set_phase_changes_what_sites_phase_and_phase_of_read():
    g = game('(start {(set Phase 5 to:(sites Top)) (set Phase 1 at:0)}) '
             '(play (move Add (to (sites Empty) if:(or (= 5 (phase of:(to))) (is In (to) (sites Phase 1)))))) '
             f'{END}')
    # A1 now in phase 1 with the board's own phase-1 sites B1 A2 C2; the top row in phase 5
    assert texts(g.initial_state()) == ["A1", "A2", "A3", "B1", "B3", "C2", "C3"]
    g = game(f'(play (move Add (to (sites Phase 1)))) {END}')
    assert texts(g.initial_state()) == ["A2", "B1", "B3", "C2"]  # the board's own phases without set Phase


def test_foreach_team_start_overload_places_for_each_team():
    g = game(f'(start {{{TEAMS} (forEach Team (place "Disc1" (arrayValue (team) index:1)))}}) '
             f'(play (move Add (to (sites Empty)))) {END}', players=4)
    s = g.initial_state()
    assert [x for x, w in enumerate(s.what) if w] == [3, 4]  # sites 3 and 4: each team's second player
