"""Ludii's repetition rules (issue 24): ``(meta (no Repeat ...))`` and ``(is Repeat ...)`` read the
positions Ludii's trial remembers (``Trial.previousState`` / ``previousStateWithinATurn``, filled by
``Game.start`` and ``Game.applyInternal``; ``NoRepeat.apply``). Positional: the start's position and
the position after the first move of each turn (not after a turn's later moves); Situational: those
moves' situations (mover, next, previous mover...), not the start's; ...InTurn: the latest turn's
positions, emptied by a turn's first move. A pass is never forbidden; the state hash holds the
pieces and who plays which side, not the scores."""

from __future__ import annotations

from interpreter import load


def texts(state):
    return sorted(m.text for m in state.legal_moves())


def play(state, *moves):
    for move in moves:
        state.apply(move)
    return state


# P1 on A1, P2 on E1; a turn is two steps (the first move of a turn asks to move again)
TWO_STEPS = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 5)) (piece "Disc" Each (move Step (to if:(is Empty (to)))))})
 (rules (meta (no Repeat KIND)) (start {(place "Disc1" "A1") (place "Disc2" "E1")})
  (play (or (forEach Piece (then (if (= 0 (count MovesThisTurn)) (moveAgain)))) (move Pass)))
  (end (if (all Passed) (result Mover Draw)))))'''


def test_positional_remembers_the_position_after_a_turns_first_move_only():
    s = load(TWO_STEPS.replace("KIND", "Positional")).initial_state()
    play(s, "A1-B1", "B1-C1", "E1-D1")
    # D1-E1 brings back the position after P1's second step: not remembered, so allowed
    assert texts(s) == ["D1-E1", "pass"]
    play(s, "D1-E1")
    # C1-B1 brings back the position after P1's first step (B1, E1): forbidden
    assert texts(s) == ["C1-D1", "pass"]


def test_positional_in_turn_forgets_the_turns_start_position():
    s = load(TWO_STEPS.replace("KIND", "PositionalInTurn")).initial_state()
    play(s, "A1-B1")
    # the list was emptied by the turn's first move: back to A1 is allowed
    assert texts(s) == ["B1-A1", "B1-C1", "pass"]


def test_positional_forbids_the_start_position_but_situational_does_not_remember_it():
    one_step = TWO_STEPS.replace(" (then (if (= 0 (count MovesThisTurn)) (moveAgain)))", "")
    one_step = one_step.replace("(rectangle 1 5)", "(rectangle 1 3)").replace('"E1"', '"C1"')
    s = play(load(one_step.replace("KIND", "Positional")).initial_state(), "A1-B1", "pass")
    assert texts(s) == ["pass"]  # B1-A1 would bring back the start
    s = play(load(one_step.replace("KIND", "Situational")).initial_state(), "A1-B1", "pass")
    assert texts(s) == ["B1-A1", "pass"]


def test_situational_compares_mover_next_and_previous_mover_too():
    one_step = TWO_STEPS.replace(" (then (if (= 0 (count MovesThisTurn)) (moveAgain)))", "")
    one_step = one_step.replace("(rectangle 1 5)", "(rectangle 1 4)").replace('"E1"', '"D1"')
    s = load(one_step.replace("KIND", "Situational")).initial_state()
    play(s, "A1-B1", "D1-C1", "B1-A1")
    assert texts(s) == ["C1-B1", "C1-D1", "pass"]  # the start's situation is not remembered
    play(s, "C1-D1")
    # the position after P1's first move, but then no one had moved before it: allowed
    assert texts(s) == ["A1-B1", "pass"]
    play(s, "A1-B1")
    assert texts(s) == ["pass"]  # D1-C1: the same position, mover, next and previous mover


# a turn is two placements; a proposal leaves the position as it is
PROPOSE = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (meta (no Repeat))
  (play (or (move Add (to (sites Empty)) (then (if (= 0 (count MovesThisTurn)) (moveAgain))))
            (move Propose "Keep")))
  (end (if (is Full) (result Mover Draw)))))'''


def test_a_move_that_leaves_a_remembered_position_is_forbidden_an_unremembered_one_is_not():
    s = load(PROPOSE).initial_state()
    assert not any("Keep" in t for t in texts(s))  # the start is remembered
    play(s, "A1")
    assert not any("Keep" in t for t in texts(s))  # so is the position after a turn's first move
    play(s, "B1")
    # P2: the position after P1's second placement was not remembered (Ludii's Faraday pie offer)
    assert any("Keep" in t for t in texts(s))


def test_a_swap_of_sides_is_a_new_position():
    g = load('''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
     (rules (meta {(swap) (no Repeat)}) (play (move Add (to (sites Empty))))
      (end (if (is Full) (result Mover Draw)))))''')
    s = play(g.initial_state(), "A1")
    assert len(s.legal_moves()) == 9  # 8 placements and the swap (the sides are in the state)


def test_ko_cannot_be_retaken_at_once():
    g = load('''(game "T" (players 2) (equipment {(board (rectangle 3 4) use:Vertex) (piece "Marker" Each)})
     (rules (meta (no Repeat))
      (start {(place "Marker1" {"B1" "B3" "A2"}) (place "Marker2" {"C1" "C3" "D2" "B2"})})
      (play (or (move Add (to (sites Empty))
                  (then (enclose (from (last To)) Orthogonal
                          (between if:(is Enemy (who at:(between))) (apply (and (addScore Mover 1) (remove (between))))))))
                (move Pass)))
      (end (if (all Passed) (result Mover Draw)))))''')
    s = play(g.initial_state(), "C2")  # takes B2
    assert s.who[g.topology.labels.index("B2")] == 0
    assert "B2" not in texts(s)  # retaking brings back the start
    play(s, "D1")
    play(s, "A1")
    assert "B2" in texts(s)  # the threat changed the position: the ko may be taken back


def test_is_repeat_in_the_end_rules_does_not_see_the_move_just_made():
    g = load('''(game "T" (players 2)
     (equipment {(board (rectangle 1 4)) (piece "Disc" Each (move Step (to if:(is Empty (to)))))})
     (rules (start {(place "Disc1" "A1") (place "Disc2" "D1")}) (play (forEach Piece))
      (end (if (is Repeat PositionalInTurn) (result Mover Win)))))''')
    s = play(g.initial_state(), "A1-B1", "D1-C1", "B1-A1", "C1-D1")
    assert not s.is_over()  # the turn's list held only the position after B1-A1
