"""Ludii's swap of players (issue 24): the effect ``(swap Players A B)``, the decision ``(move
Swap Players A B)`` and the swap rule ``(meta (swap))`` all make Ludii's SwapPlayers move (its
class game/rules/play/moves/nonDecision/effect/state/swap/players/SwapPlayers.java): an
ActionSwap, which exchanges the two players' places in the order of play (State.swapPlayerOrder:
only which agent plays which player), and an ActionSetNextPlayer of the mover. So afterwards the
pieces, scores, ``Mover``, ``P1`` and the results stay with the players (roles); the mover's
player moves next, played by the other seat; only ``State.seats`` (who plays each player)
changes, and the winners are reported by player, the winning seats through ``seats``."""

from __future__ import annotations

from interpreter import load

EQUIPMENT = '(board (square 3)) (piece "Disc" Each)'


def game(rules: str, players: int = 2, meta: str = ""):
    return load(f'(game "T" (players {players}) (equipment {{{EQUIPMENT}}}) (rules {meta} {rules}))')


def play(state, *texts: str):
    for text in texts:
        state.apply(next(m for m in state.legal_moves() if m.text == text))
    return state


def owners(state) -> list[int]:
    return [state.game.components[w].owner if w else 0 for w in state.what]


# --- the effect ----------------------------------------------------------------------------------
def test_the_effect_exchanges_seats_only_and_the_mover_moves_again():
    g = game('(play (move Add (to (sites Empty)) (then (if (= (last To) 1) (swap Players P1 P2 '
             '(then (addScore Mover 1))))))) (end (if (is Full) (result Mover Win)))')
    s = play(g.initial_state(), "A1")
    assert s.mover == 2 and s.seats[1:] == (1, 2)
    play(s, "B1")  # P2's move on B1 (site 1): the swap
    # the disc on B1 is still P2's, the score P2's (Mover is the player, not the seat)
    assert owners(s)[:2] == [1, 2] and s.scores[1:] == [0, 1]
    assert s.seats[1:] == (2, 1)  # the first seat now plays P2, the second P1
    assert s.mover == 2  # P2 moves again (Ludii's ActionSetNextPlayer of the mover)
    play(s, "C1")
    assert owners(s)[2] == 2 and s.mover == 1


def test_a_next_player_set_after_the_swap_decides_who_moves():
    # Tumbleweed's form: (do (swap Players 1 2) next:(set NextPlayer (player 1)))
    g = game('(play (move Add (to (sites Empty)) (then (if (= (last To) 1) (do (swap Players 1 2) '
             'next:(set NextPlayer (player 1))))))) (end (if (is Full) (result Mover Win)))')
    s = play(g.initial_state(), "A1", "B1")
    assert s.seats[1:] == (2, 1) and s.mover == 1


def test_results_stay_with_the_players_and_the_winning_seat_follows_the_swap():
    # P1 swaps with P2 on their first move, then P1 (played by the second seat) completes a row
    g = game('(play (move Add (to (sites Empty)) (then (if (= (last To) 0) (swap Players P1 P2)))))'
             ' (end (if (is Line 3) (result Mover Win)))')
    s = play(g.initial_state(), "A1")
    assert s.mover == 1 and s.seats[1:] == (2, 1)
    play(s, "B1", "A2", "C1")  # A1 B1 C1: P1's row
    r = s.result()
    assert r.over and r.winners == [1] and r.winning_seats == [2]


def test_swapping_twice_gives_the_seats_back_and_a_player_with_itself_changes_no_seat():
    g = game('(play (move Add (to (sites Empty)) (then (and (swap Players P1 P2) (swap Players 2 1)))))'
             ' (end (if (is Full) (result Mover Win)))')
    s = play(g.initial_state(), "A1")
    assert s.seats[1:] == (1, 2) and s.mover == 1
    g = game('(play (move Add (to (sites Empty)) (then (swap Players Mover Mover))))'
             ' (end (if (is Full) (result Mover Win)))')
    s = play(g.initial_state(), "A1")
    assert s.seats[1:] == (1, 2) and s.mover == 1


def test_three_players_only_the_two_named_exchange_seats():
    g = game('(play (move Add (to (sites Empty)) (then (if (= (last To) 0) (swap Players P1 P3)))))'
             ' (end (if (is Full) (result Mover Win)))', players=3)
    s = play(g.initial_state(), "A1")
    assert s.seats[1:] == (3, 2, 1) and s.mover == 1
    play(s, "B1")
    assert s.mover == 2


# --- the decision and the swap rule make the same move --------------------------------------------
def test_the_decision_swaps_seats_and_the_mover_moves_again():
    g = game('(play (or (move Add (to (sites Empty))) (if (= 1 (count Moves)) (move Swap Players P1 P2))))'
             ' (end (if (is Full) (result Mover Win)))')
    s = play(g.initial_state(), "A1", "swap")
    assert s.seats[1:] == (2, 1) and s.mover == 2 and owners(s)[0] == 1


def test_the_swap_rule_offers_the_swap_on_the_second_players_first_turn():
    g = game('(play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Win)))',
             meta="(meta (swap))")
    s = g.initial_state()
    assert "swap" not in [m.text for m in s.legal_moves()]
    play(s, "A1")
    assert len(s.legal_moves()) == 8 + 1 and "swap" in [m.text for m in s.legal_moves()]
    play(s, "swap")
    # the disc stays P1's; P2 moves, now played by the first seat, and the swap is offered no more
    assert owners(s)[0] == 1 and s.seats[1:] == (2, 1) and s.mover == 2
    assert "swap" not in [m.text for m in s.legal_moves()]
    play(s, "B1")
    assert s.mover == 1 and owners(s)[1] == 2


# --- the compiled tier agrees --------------------------------------------------------------------
def test_the_compiled_tier_swaps_seats_as_the_reference():
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    g = game('(play (move Add (to (sites Empty)) (then (if (= 1 (% (last To) 3)) (swap Players P1 P2 '
             '(then (addScore Mover 1)))))))'
             ' (end {(if (is Line 3) (result Mover Win)) (if (is Full) (result Mover Draw))})')
    compiled = native_game(g)
    assert compiled is not None, why_not(g)
    assert [compare_game(g, compiled, seed) for seed in range(4)] == [None] * 4
