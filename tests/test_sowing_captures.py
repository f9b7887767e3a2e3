"""The meaning of a sowing's captures and of the players' values, as Ludii's.

Ludii's Sow lists its captures on a copy of the position the sowing left (Sow.eval: a
TempContext, each capture's actions appended to the move with getActionsWithConsequences, which
applies them to yet another copy): every ``if:``/``backtracking:``/``forward:`` condition is asked
of that position, before any capture. Ludii's state starts every player's value Undefined (-1)."""

from __future__ import annotations

from interpreter import load

BACKTRACK = """(game "Backtrack" (players 2)
 (equipment {(mancalaBoard 2 4 store:None (track "Track" "0,E,N,W" loop:True))
   (piece "Seed" Shared) (hand Each) (regions P1 (sites Bottom)) (regions P2 (sites Top))})
 (rules (start (set Count 2 to:(sites Track)))
   (play (move Select (from (sites Mover) if:(< 0 (count at:(from))))
     (then (sow if:(is Odd (count at:(to)))
                apply:(fromTo (from (to)) (to (handSite Mover)) count:(count at:(to)))
                backtracking:(is Odd (count at:(to)))))))
   (end (if (no Moves Next) (result Mover Win)))))"""


def test_backtracking_condition_sees_the_seeds_before_the_capture():
    state = load(BACKTRACK).initial_state()
    assert [m.text for m in state.legal_moves()] == ["A1", "B1", "C1", "D1"]
    state.apply("A1")  # B1 and C1 get 3 each: C1 captured, and (3 still odd there) B1 too
    assert state.arrays["count"] == [0, 0, 0, 2, 2, 2, 2, 2, 6, 0]
    state.undo()
    assert state.arrays["count"] == [2] * 8 + [0, 0]


def test_backtracking_stops_at_the_starting_site():
    state = load(BACKTRACK).initial_state()
    state.apply("A1")
    state.apply("A2")  # A2 (site 4) sows into A1 and B1 (1 each): both taken, then A2, the start
    assert state.arrays["count"] == [0, 0, 0, 2, 0, 2, 2, 2, 6, 2]


VALUES = """(game "Values" (players 2)
 (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules
   (play (if (= (value Player Mover) Undefined)
             (move Add (to (sites Empty)) (then (set Value Mover 0)))
             (move Add (to (sites Empty)) (then (set Value Mover (+ 1 (value Player Mover)))))))
   (end (if (is Full) (result Mover Draw)))))"""


def test_a_players_value_is_undefined_until_set():
    state = load(VALUES).initial_state()
    assert state.arrays["player_values"] == [-1, -1, -1]
    state.apply(state.legal_moves()[0])
    assert state.arrays["player_values"] == [-1, 0, -1]
    state.apply(state.legal_moves()[0])
    state.apply(state.legal_moves()[0])
    assert state.arrays["player_values"] == [-1, 1, 0]


HANDS = """(game "Hands" (players 2)
 (equipment {(mancalaBoard 2 4 store:None (track "Track" "0,E,N,W" loop:True))
   (piece "Seed" Shared) (hand Each) (regions P1 (sites Bottom)) (regions P2 (sites Top))})
 (rules (start {(set Count 2 at:(handSite P1)) (set Count 1 to:(sites Track))})
   (play (if (is Occupied (handSite Mover))
             (move (from (handSite Mover)) (to (sites Mover)) count:1)
             (move Select (from (sites Mover) if:(is Occupied (from))) (then (sow)))))
   (end (if (no Moves Next) (result Mover Win)))))"""


def test_a_hand_of_counted_seeds_is_occupied_while_it_holds_one():
    state = load(HANDS).initial_state()
    assert state.arrays["count"][8:] == [2, 0]
    assert len(state.legal_moves()) == 4  # from P1's hand (occupied) to each of P1's pits
    state.apply(state.legal_moves()[0])
    assert state.mover == 2 and len(state.legal_moves()) == 4  # P2's hand is empty: a sowing from a pit


PRIOR = """(game "Prior" (players 2)
 (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules
   (play (do (set Var "Last" (last To)) next:(move Add (to (sites Empty)))))
   (end (if (is Full) (result Mover Draw)))))"""


def test_a_prior_effect_sees_the_previous_move_as_the_last():
    """Ludii works out (do prior next:...)'s prior as it lists the moves: (last To) there is the
    previous move's site, also when the move is played."""
    state = load(PRIOR).initial_state()
    state.apply("A1")
    state.apply("B2")
    name = next(n for n in state.array_names() if n.startswith("var"))
    assert state.arrays[name] == [0]  # A1's site, not B2's
