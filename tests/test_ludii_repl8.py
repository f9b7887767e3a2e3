"""Forms Ludii's production files of board/war/replacement (chess, shogi and xiangqi variants,
session 36, second batch) use beyond the sample (issue 24). Each on a small position, by its
meaning in Ludii's Java."""

from __future__ import annotations

from interpreter import load


def _targets(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


# --- (is Threatened): the enemy's moves are those of the enemy's own phase ------------------------
# Ludii's IsThreatened lists each enemy's moves with the rules of
# phases()[state.currentPhase(enemyId)]: with phases per player, the enemy's phase, not the
# mover's. Here P1 adds (its phase) and P2 steps and captures (its own phase): a disc added next
# to P2's disc is threatened by P2's step. Read with P1's phase (an Add, which cannot reach an
# occupied site) nothing would ever be threatened.
PHASES = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 5)) (piece "Disc" Each)})
 (rules (start (place "Disc2" 2))
  phases:{
   (phase "Add" P1 (play (move Add (to (sites Empty) if:(not (is Threatened (id "Disc" P1) at:(to)))))))
   (phase "Hit" P2 (play (move Step (from (sites Occupied by:Mover)) Adjacent
      (to if:(is Enemy (who at:(to))) (apply (remove (to)))))))}
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_threat_lists_the_enemy_moves_of_the_enemy_phase():
    s = load(PHASES).initial_state()
    assert len(s.legal_moves()) == 2  # cells 0 and 4: cells 1 and 3 are next to P2's disc


# --- (is Threatened) with no piece named: Next is the threatened piece's owner ------------------
# Ludii's no-`what` branch sets Next to the owner of the piece tested (setNext(ownerWhat)) while
# the enemies' moves are listed; with a piece named, Next stays what it was (the player after the
# mover). Three players on a line: P2 on cell 2, P3 on cell 5; P2 and P3 step onto a piece of
# the player (next).
THREE = '''(game "T" (players 3)
 (equipment {(board (rectangle 1 6)) (piece "Disc" Each)})
 (rules (start {(place "Disc2" 2) (place "Disc3" 5)})
  (play (if (is Mover P1) %s
   (move Step (from (sites Occupied by:Mover)) Adjacent
      (to if:(= (who at:(to)) (next)) (apply (remove (to)))))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_threat_without_a_piece_named_sets_next_to_its_owner():
    play = "(do (move Add (to (sites Empty))) ifAfterwards:(not (is Threatened)))"
    s = load(THREE % play).initial_state()
    # Next is P1 for both enemies: cells 1, 3 (next to P2) and 4 (next to P3) are threatened
    assert len(s.legal_moves()) == 1


def test_threat_with_a_piece_named_keeps_next():
    play = "(move Add (to (sites Empty) if:(not (is Threatened (id \"Disc\" P1) at:(to)))))"
    s = load(THREE % play).initial_state()
    # Next stays P2 (the player after the mover): no enemy steps onto P1's disc
    assert len(s.legal_moves()) == 4


# --- (is Threatened) with no piece named and no next player: false ------------------------------
# Ludii returns false when Next is 0 ("to avoid the infinite call of this ludeme"): on the game's
# first move, a move that moves again is judged by ifAfterwards with Next the previous player,
# no one yet. The next move of the same turn has Next the mover itself, and the test is made.
AGAIN = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 5)) (piece "Disc" Each)})
 (rules (start (place "Disc2" 2))
  (play (if (is Mover P1)
   (do (move Add (to (sites Empty)) (then (moveAgain))) ifAfterwards:(not (is Threatened)))
   (move Step (from (sites Occupied by:Mover)) Adjacent
      (to if:(is Enemy (who at:(to))) (apply (remove (to)))))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_threat_without_a_piece_named_is_false_with_no_next_player():
    s = load(AGAIN).initial_state()
    assert len(s.legal_moves()) == 4  # Next is 0 on the first move: nothing is threatened
    s.apply(next(m for m in s.legal_moves() if m.to == 0))
    assert s.mover == 1
    assert [m.to for m in s.legal_moves()] == [4]  # now Next is P1: cells 1 and 3 are threatened


# --- move Hop over a run longer than the range's minimum: a landing after each length ---------
# Ludii's Hop takes the run of sites meeting the between condition (from the one next to the
# origin, up to the range's maximum) and lands after each length from the range's minimum to
# the run's (for fromMinHurdle = length - min .. 0), where the to condition holds. Shafran
# Chess's pawns hop (between (range 1 2) if:(is Empty (between))) two or three sites forward.
HOP = '''(game "T" (players {(player N) (player S)})
 (equipment {(board (square 5)) (piece "Pawn" Each) (piece "Rook" Each)})
 (rules (start {(place "Pawn1" coord:"A1") %s})
  (play (forEach Piece "Pawn"
     (move Hop (from) Forward (between (range 1 2) if:%s) (to if:(is Empty (to))))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_hop_lands_after_each_length_of_the_run():
    s = load(HOP % ("", "(is Empty (between))")).initial_state()
    assert _targets(s) == ["A1-A3", "A1-A4"]


def test_hop_a_shorter_landing_when_the_longest_is_blocked():
    s = load(HOP % ('(place "Rook2" coord:"A4")', "True")).initial_state()
    assert _targets(s) == ["A1-A3"]  # over A2 (and A3 in the run): A4 is taken, A3 is free


def test_hop_from_zero_steps_and_lists_the_step_again_over_a_run():
    # (range 0 1) if:True: Ludii's step to A2, then over the run {A2}: a hop over no site (A2
    # again) and over A2 (A3)
    game = HOP.replace("(range 1 2)", "(range 0 1)")
    s = load(game % ("", "True")).initial_state()
    assert _targets(s) == ["A1-A2", "A1-A2/2", "A1-A3"]


def test_compiled_tier_agrees_on_hops_over_longer_runs():
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    for text in (HOP % ("", "(is Empty (between))"), HOP % ('(place "Rook2" coord:"A4")', "True")):
        game = load(text)
        compiled = native_game(game)
        assert compiled is not None, why_not(game)
        assert all(compare_game(game, compiled, seed) is None for seed in range(3))
    # a step that may be listed twice: the compiled tier refuses the game
    game = load(HOP.replace("(range 1 2)", "(range 0 1)") % ("", "True"))
    assert native_game(game) is None and "listed twice" in why_not(game)
