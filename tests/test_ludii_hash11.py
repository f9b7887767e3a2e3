"""What Ludii's repetition rules compare (issue 24): ``(no Repeat)`` / ``(is Repeat)`` of the
positional kinds compare ``State.stateHash``, the situational kinds ``State.fullHash``.

Ludii's position hash holds the pieces (with their states, values, rotations, counts, stacks,
hands, the faces the dice rest on and what is hidden from whom), who plays which side, the
unnamed variable (``(set Var v)``: ``State.setTemp``), and the sites visited in the turn
(remembered before the move's sites are added). It does not hold the named variables, the
remembered values, the counter or the phases (``phaseHashes`` exist only under a game flag that no
ludeme raises). Its situation adds the movers, the passes, the values pending... and the scores
only when moves set them (``set Score`` / ``addScore`` raise HashScores); never the amounts
(nothing raises HashAmounts, so ``amountHash`` stays 0)."""

from __future__ import annotations

from interpreter import load
from test_ludii_groups11 import BACK_AND_FORTH, STEPS as SITUATIONAL_STEPS, play, texts  # tests/ is on the path

# P1 on A1, P2 on D1, one step a turn; THEN: the steps' consequences; KIND: the repetition's
STEPS = SITUATIONAL_STEPS.replace("(no Repeat Situational)", "(no Repeat KIND)")

# after these, P2's C1-D1 brings back the start's pieces
AROUND = ("A1-B1", "D1-C1", "B1-A1")


def positional(then: str = "") -> list[str]:
    game = load(STEPS.replace("KIND", "Positional").replace("THEN", then))
    return texts(play(game.initial_state(), *AROUND))


def test_the_same_pieces_are_the_same_position():
    assert positional() == ["C1-B1", "pass"]


def test_the_unnamed_variable_is_part_of_the_position():
    # Ludii's (set Var v) sets State.temp, which its position hash holds
    assert positional("(then (set Var (count Moves)))") == ["C1-B1", "C1-D1", "pass"]


def test_the_unnamed_variable_back_at_a_value_seen_is_the_same_position():
    assert positional("(then (set Var -1))") == ["C1-B1", "pass"]


def test_named_variables_are_not_part_of_the_position():
    assert positional('(then (set Var "Moves" (count Moves)))') == ["C1-B1", "pass"]


def test_remembered_values_are_not_part_of_the_position():
    assert positional("(then (remember Value (count Moves)))") == ["C1-B1", "pass"]


def test_the_counter_is_not_part_of_the_position():
    # the counter grows with every move; a (var) copy of it would tell the positions apart
    assert positional("(then (set Var \"C\" (counter)))") == ["C1-B1", "pass"]


def test_what_is_hidden_is_part_of_the_position():
    hiding = "(then (set Hidden What at:(to) to:Next))"
    assert positional(hiding) == ["C1-B1", "C1-D1", "pass"]


def test_the_phases_are_not_part_of_the_position():
    # the phase changes after every move: P2's C1-D1 is made in phase B, the start was in A
    game = load(STEPS.replace("KIND", "Positional").replace("THEN", "").replace(
        "(play (or (forEach Piece) (move Pass)))",
        'phases:{(phase "A" (play (or (forEach Piece) (move Pass))) (nextPhase "B")) '
        '(phase "B" (play (or (forEach Piece) (move Pass))) (nextPhase "A"))}'))
    s = play(game.initial_state(), *AROUND)
    assert texts(s) == ["C1-B1", "pass"]


def test_is_repeat_sees_the_unnamed_variable():
    ending = STEPS.replace("(meta (no Repeat KIND)) ", "").replace(
        "(if (all Passed) (result Mover Draw))", "(if (is Repeat) (result Mover Draw))")
    s = play(load(ending.replace("THEN", "")).initial_state(), *AROUND, "C1-D1")
    assert s.is_over()  # the start's pieces again
    game = load(ending.replace("THEN", "(then (set Var (count Moves)))"))
    s = play(game.initial_state(), *AROUND, "C1-D1")
    assert not s.is_over()


# BACK_AND_FORTH: after these, P2's D1-C1 would bring back the situation after its first move
def situational(then: str) -> list[str]:
    game = load(STEPS.replace("KIND", "Situational").replace("THEN", then))
    return texts(play(game.initial_state(), *BACK_AND_FORTH))


def test_scores_that_moves_set_are_part_of_the_situation():
    assert situational("") == ["pass"]
    assert situational("(then (addScore Mover 1))") == ["D1-C1", "pass"]
    assert situational("(then (set Score Mover (count Moves)))") == ["D1-C1", "pass"]


def test_scores_set_back_to_a_value_seen_are_the_same_situation():
    assert situational("(then (set Score Mover 2))") == ["pass"]


def test_amounts_are_not_part_of_the_situation():
    # Ludii's amountHash is kept only under its HashAmounts flag, which no ludeme raises: P1 bets
    # instead of stepping, and P2's D1-C1 then brings back the situation after its first move
    # whatever P1's amount; so does P2's own bet (the situation after its C1-D1)
    betting = STEPS.replace("KIND", "Situational").replace("THEN", "").replace(
        "(move Pass)", "(move Bet Mover (range AMOUNT AMOUNT))")
    moves = ("A1-B1", "D1-C1", "Bet/AMOUNT", "C1-D1", "Bet/AMOUNT")
    for amount in ("0", "3"):
        game = load(betting.replace("AMOUNT", amount))
        s = play(game.initial_state(), *(m.replace("AMOUNT", amount) for m in moves))
        assert texts(s) == ["pass"]  # no move left: the forced pass


def test_the_unnamed_variable_is_part_of_the_situation():
    assert situational("(then (set Var (count Moves)))") == ["D1-C1", "pass"]
    assert situational('(then (set Var "V" (count Moves)))') == ["pass"]


# P1 on A1, P2 on E1; a turn is two steps; (is Visited) makes the game keep the sites visited
VISITS = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 5)) (piece "Disc" Each (move Step (to if:(is Empty (to)))))})
 (rules (meta (no Repeat)) (start {(place "Disc1" "A1") (place "Disc2" "E1")})
  (play (or (forEach Piece (then (if (= 0 (count MovesThisTurn)) (moveAgain)))) (move Pass)))
  (end (if (and (all Passed) VISITED) (result Mover Draw)))))'''


def test_the_sites_visited_in_the_turn_are_part_of_the_position():
    # without them, B1-A1 brings back the start; with them, the second step of a turn sees A1 and
    # B1 visited, while the positions were remembered with nothing visited (Ludii remembers a
    # position before it adds the move's sites)
    s = play(load(VISITS.replace("VISITED", "(= 1 1)")).initial_state(), "A1-B1")
    assert texts(s) == ["B1-C1", "pass"]
    s = play(load(VISITS.replace("VISITED", '(is Visited (coord "C1"))')).initial_state(), "A1-B1")
    assert texts(s) == ["B1-A1", "B1-C1", "pass"]
    # a turn's first move sees nothing visited: C1-B1 brings back the position after P1's first
    # move, remembered with nothing visited
    play(s, "B1-C1", "E1-D1", "D1-E1")
    assert texts(s) == ["C1-D1", "pass"]
