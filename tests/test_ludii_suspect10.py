"""Suspected differences from Ludii, settled by its Java (issue 24): what ``fromTo ... count:``
does onto another kind of piece, when ``(counter)`` and ``(count Turns)`` count the move being
applied, which way pieces face with ``(players 2)``. Each on a small game, by its meaning."""

from __future__ import annotations

from interpreter import load
from interpreter.engine.counts import pieces_at


def _play(s, text: str) -> None:
    s.apply(next(m for m in s.legal_moves() if m.text == text))


def _texts(s) -> list[str]:
    return sorted(m.text for m in s.legal_moves())


# --- fromTo count:N onto a site holding another kind of piece -----------------------------------
# Ludii's FromTo with count: (not stacking) is an ActionMoveN: the from site loses the count (is
# emptied when it holds no more), the to site gains it when empty or holding the same kind, and
# is left as it was when it holds another kind: the pieces go nowhere. Without count: it is an
# ActionMove, which replaces the piece there.
MOVE_N = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 4)) (piece "Counter" Each)})
 (rules (start {(place "Counter1" 0 count:3) (place "Counter2" 2 count:2) (place "Counter1" 3 count:1)})
  (play (move Select (from (sites {0})) (to (sites {%d}))
    (then (fromTo (from (last From)) (to (last To)) %s))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def _sites(s) -> list[tuple[int, int]]:
    return [(pieces_at(s, i), s.what[i]) for i in range(4)]


def test_move_n_onto_another_kind_leaves_it_and_loses_the_pieces():
    s = load(MOVE_N % (2, "count:2")).initial_state()
    _play(s, "A1-C1")
    assert _sites(s) == [(1, 1), (0, 0), (2, 2), (1, 1)]  # 3 - 2 on A1; C1's two pieces stay


def test_move_n_onto_an_empty_site_or_the_same_kind_adds_them():
    s = load(MOVE_N % (1, "count:2")).initial_state()
    _play(s, "A1-B1")
    assert _sites(s)[:2] == [(1, 1), (2, 1)]
    s = load(MOVE_N % (3, "count:2")).initial_state()
    _play(s, "A1-D1")
    assert _sites(s)[0] == (1, 1) and _sites(s)[3] == (3, 1)


def test_move_without_count_replaces_another_kind():
    s = load(MOVE_N % (2, "")).initial_state()
    _play(s, "A1-C1")
    assert _sites(s)[2] == (1, 1)  # Ludii's ActionMove: the piece there is replaced


# --- (counter): -1 at the start, counted after the end rules and phases --------------------------
# Ludii's State.counter starts at -1 (Constants.UNDEFINED); Game.applyInternal increments it
# after the end rules and the phase change: the consequences of the k-th move read k - 2.
COUNTER = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 6)) (piece "Disc" Each)})
 (rules
  (play (move Add (to (sites Empty)) (then (if (= %d (counter)) (addScore Mover 5)))))
  (end (if (is Full) (result Mover Win)))))'''


def test_counter_in_consequences_counts_the_moves_before_minus_one():
    s = load(COUNTER % 1).initial_state()
    for text, scores in (("A1", [0, 0]), ("B1", [0, 0]), ("C1", [5, 0]), ("D1", [5, 0])):
        _play(s, text)
        assert s.scores[1:] == scores


def test_counter_on_the_first_move_is_minus_one():
    s = load(COUNTER % -1).initial_state()
    _play(s, "A1")
    assert s.scores[1:] == [5, 0]


# --- (count Turns) in nextPhase: the turn of the move just made ---------------------------------
# Ludii's numTurn is 1 at the start and goes up in State.reinitNumTurnSamePlayer, which
# Game.applyInternal calls after the end rules, the phase change and incrCounter, when the mover
# changes: a nextPhase after the last move of turn t reads t. A move again stays in the turn.
PHASES = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 8)) (piece "Disc" Each)})
 (rules
  phases:{
   (phase "A" (play (move Add (to (sites {0 1 2 3}) if:(is Empty (to))) %s))
     (nextPhase (= 2 (count Turns)) "B"))
   (phase "B" (play (move Add (to (sites {4 5 6 7}) if:(is Empty (to))))))}
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_count_turns_in_next_phase_reads_the_turn_just_played():
    s = load(PHASES % "").initial_state()
    _play(s, "A1")  # turn 1: stays in A
    assert _texts(s) == ["B1", "C1", "D1"]
    _play(s, "B1")  # turn 2 ends: B
    assert _texts(s) == ["E1", "F1", "G1", "H1"]


def test_count_turns_stays_while_the_mover_moves_again():
    s = load(PHASES % "(then (if (= 0 (count MovesThisTurn)) (moveAgain)))").initial_state()
    _play(s, "A1")
    _play(s, "B1")  # P1's second move of turn 1: still A
    assert s.mover == 2 and _texts(s) == ["C1", "D1"]
    _play(s, "C1")  # P2's first move, in turn 2: B
    assert s.mover == 2 and _texts(s) == ["E1", "F1", "G1", "H1"]


# --- the facing of pieces with (players 2) ------------------------------------------------------
# Ludii's (players 2) makes players with no direction, so the pieces have none (Component.dirn
# null) and Directions.convertToAbsolute takes North for them: Forward is North for P2 too.
FACING = '''(game "T" (players 2)
 (equipment {(board (square 3)) (piece "Pawn" Each (move Step Forward (to if:(is Empty (to)))))})
 (rules (start {(place "Pawn1" 0) (place "Pawn2" 4)})
  (play (forEach Piece))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_forward_is_north_for_both_players_without_directions():
    s = load(FACING).initial_state()
    assert _texts(s) == ["A1-A2"]
    _play(s, "A1-A2")
    assert _texts(s) == ["B2-B3"]  # P2's pawn goes North too


def test_forward_of_player_two_with_a_direction_is_its_own():
    s = load(FACING.replace("(players 2)", "(players {(player N) (player S)})")).initial_state()
    _play(s, "A1-A2")
    assert _texts(s) == ["B2-B1"]
