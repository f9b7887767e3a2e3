"""Ludii's matches, ``while`` and ``add`` checked against Ludii's Java (session 40).

Matches (Match.java, Context.advanceInstance, End.evalMatch, CountTrials, MatchScore): between
two games the only legal move is ``NextInstance``, made by the game's last mover and counted as
a ply; each game starts afresh (P1 first); the finished game's ``result:`` is evaluated in that
game (its ``Mover`` is its last mover) for each of its winners; in a game of more than two
players each winner scores 1; ``(count Trials)`` read inside a game is the match's count of
games finished (Ludii's CountTrials asks the parent context); the match's scores carry over.

``while`` (While.java): each round's moves are worked out and applied on a copy while the
condition holds, and all of them are then applied; the colon forms ``(while: ...)``,
``(where: ...)``, ``(if: ...)`` read as the plain calls. ``add`` on an occupied site
(ActionAdd.apply, no stacks): the piece there stays.
"""

from __future__ import annotations

import random

import yaml

from interpreter import load
from interpreter.engine.matchplay import NEXT_INSTANCE

LINE = """(game "{name}" (players 2) (equipment {{(board (square 3)) (piece "Disc" Each)}})
  (rules (play (move Add (to (sites Empty)) (then (addScore Mover 1))))
    (end {{{end}}})))"""

WIN = "(if (is Line 3) (result Mover Win)) (if (is Full) (result Mover Draw))"


def _match(tmp_path, end: str, games: str, sub_end: str = WIN, players: int = 2, sub: str = LINE):
    (tmp_path / "Lines.lud").write_text(sub.format(name="Lines", end=sub_end))
    path = tmp_path / "M.lud"
    path.write_text(f'(match "M" (players {players}) (games {games}) (end {end}))')
    return load(path)


def play(state, cells) -> None:
    for cell in cells:
        state.apply(cell)


def test_next_instance_is_the_last_movers_ply_and_the_next_game_starts_with_p1(tmp_path):
    """Match.moves: the one move NextInstance, its mover the finished game's mover; it is a
    ply of the match; the next game is a new trial, P1 first (Ludii's Tavli trace: P2 wins,
    P2 plays NextInstance, P1 moves next)."""
    match = _match(tmp_path, "(if (>= (matchScore P2) 2) (result P2 Win))", '(subgame "Lines")')
    state = match.initial_state()
    play(state, ("A1", "A2", "B1", "B2", "A3", "C2"))  # P2 takes the middle row
    assert state.sub.result().winners == [2]
    assert [m.text for m in state.legal_moves()] == [NEXT_INSTANCE] and state.mover == 2
    assert state.ply == 6
    state.apply(NEXT_INSTANCE)
    assert state.ply == 7 and state.mover == 1 and len(state.legal_moves()) == 9
    assert state.match_scores[1:] == [0, 1] and state.trials_done == 1
    assert state.sub.scores[1:] == [0, 0]  # a game's own scores start afresh


def test_the_winners_result_is_read_in_the_game_with_its_last_mover(tmp_path):
    """advanceInstance: result.eval(subcontext) for each winner: (score Mover) is the score of
    the game's last mover, here the loser of a misère game (3 stones placed)."""
    match = _match(tmp_path, "(if (>= (count Trials) 1) (result P1 Win))",
                   '(subgame "Lines" result:(+ 10 (score Mover)))', sub_end="(if (is Line 3) (result Mover Loss))")
    state = match.initial_state()
    play(state, ("A1", "A2", "B1", "B3", "C1"))  # P1 completes a line and loses
    assert state.sub.result().winners == [2] and state.mover == 1
    state.apply(NEXT_INSTANCE)
    assert state.match_scores[1:] == [0, 13]  # P2 scores 10 + P1's 3, P1 (not a winner) 2 - rank 2 = 0


def test_count_trials_inside_a_game_is_the_matchs(tmp_path):
    """CountTrials.eval: from a game's context, the parent's completed trials."""
    match = _match(tmp_path, "(if (>= (matchScore P1) 2) (result P1 Win))", '(subgame "Lines")',
                   sub_end=WIN + " (if (>= (count Trials) 1) (result Mover Win))")
    state = match.initial_state()
    play(state, ("A1", "A2"))
    assert not state.sub.is_over()  # no game finished yet: 0
    play(state, ("B1", "B2", "C1"))
    state.apply(NEXT_INSTANCE)
    state.apply("B2")  # one game finished: the first move of the second game wins it
    assert state.sub.is_over() and state.sub.result().winners == [1]
    state.apply(NEXT_INSTANCE)
    assert state.is_over() and state.result().winners == [1] and state.ply == 8


def test_three_players_each_winner_scores_one(tmp_path):
    """More than two players: each of the game's winners scores 1, the others 0. Two losses
    (ranked from the bottom) leave P3, who wins (End.applyResult: the one left is a winner)."""
    sub = """(game "{name}" (players 3) (equipment {{(board (square 3)) (piece "Disc" Each)}})
      (rules (play (move Add (to (sites Empty)))) (end {{{end}}})))"""
    match = _match(tmp_path, "(if (>= (count Trials) 2) (result P2 Win))", '(subgame "Lines")',
                   sub_end="(if (<= (count Sites in:(sites Empty)) 5) (result Mover Loss))", players=3, sub=sub)
    state = match.initial_state()
    play(state, ("A1", "A2", "A3", "B1"))  # P1's fourth piece of the board: P1 loses, the others play on
    assert not state.sub.is_over() and state.mover == 2
    state.apply("B2")  # P2 loses too: P3 is left and wins
    assert state.sub.result().winners == [3] and state.mover == 2
    state.apply(NEXT_INSTANCE)
    assert state.match_scores[1:] == [0, 0, 1] and state.mover == 1
    play(state, ("A1", "A2", "A3", "B1", "B2"))
    state.apply(NEXT_INSTANCE)
    result = state.result()
    assert result.over and result.winners == [2] and result.ranking == {1: 3, 2: 1, 3: 3}
    assert result.scores == {1: 0, 2: 0, 3: 2}


def test_a_match_position_is_its_games_under_a_heading(tmp_path):
    match = _match(tmp_path, "(if (>= (matchScore P1) 2) (result P1 Win))", '(subgame "Lines")')
    state = match.initial_state()
    play(state, ("A1", "A2", "B1", "B2", "C1"))
    state.apply(NEXT_INSTANCE)
    state.apply("B2")
    text = state.to_text()
    assert text.startswith("# M: game 2 (Lines), match scores P1 1, P2 0\n")
    again = state.sub.game.state_from_text(text)  # the game's reader reads it back
    assert again.to_text() == state.sub.to_text()


def test_random_matches_keep_the_ply_count_of_their_games(tmp_path):
    match = _match(tmp_path, "(if (>= (matchScore P1) 3) (result P1 Win)) (if (>= (matchScore P2) 3) (result P2 Win))",
                   '(subgame "Lines")')
    state = match.initial_state()
    rng = random.Random(40)
    plies, games = 0, []
    while not state.is_over():
        if state.legal_moves()[0].text == NEXT_INSTANCE:
            games.append(state.sub.ply)
        state.play_random(rng)
        plies += 1
    assert plies == state.ply == sum(games) + len(games)  # each game's plies and its NextInstance
    assert max(state.match_scores[1:]) >= 3


SLIDE = """(game "Slide" (players 2)
  (equipment {(board (rectangle 1 7)) (piece "Disc" Each (move Step E (to if:(is Empty (to)))
     (then (and (set Var "Left" 2)
        (add (piece (id "Dot" Mover)) (to (last From))
          (then (while: (> (var "Left") 0)
            (and (set Var "Left" (add (var "Left") -1))
                 (fromTo (from (where: "Disc" Mover)) (to (ahead (where: "Disc" Mover) E) if:(is Empty (to))))))))))))
     (piece "Dot" Each)})
  (rules (start {(place "Disc1" 0) (place "Disc2" 6)})
    (play (forEach Piece))
    (end (if: (no Moves Next) (result Mover Win)))))"""


def test_while_runs_its_rounds_after_the_step_as_ludiis(tmp_path):
    """Vanguard's pattern: (set Var 2), then the add's consequence (while: Left > 0 ...) moves
    the piece on twice (each round: Left - 1 and one step), the colon forms read as calls."""
    state = load(SLIDE).initial_state()
    assert [m.text for m in state.legal_moves()] == ["A1-B1"]
    state.apply("A1-B1")
    pieces = yaml.safe_load(state.to_text())["pieces"]
    assert pieces == {"A1": "Dot1", "D1": "Disc1", "G1": "Disc2"}
    assert state.is_over() and state.result().winners == [1]  # (if: ...) ended it


def test_while_stops_where_its_moves_cannot_go(tmp_path):
    state = load(SLIDE.replace('(place "Disc2" 6)', '(place "Disc2" 3)')).initial_state()
    state.apply("A1-B1")  # one round moves it to C1, the next finds D1 taken: Left still counts down
    pieces = yaml.safe_load(state.to_text())["pieces"]
    assert pieces == {"A1": "Dot1", "C1": "Disc1", "D1": "Disc2"}


ADD = """(game "Trail" (players 2)
  (equipment {(board (rectangle 1 5)) (piece "Disc" Each (move Step E (to if:(is Empty (to)))
     (then (and (add (piece (id "Dot" Mover)) (to (last To))) (add (piece (id "Dot" Mover)) (to (last From)))))))
     (piece "Dot" Each)})
  (rules (start {(place "Disc1" 0) (place "Disc2" 4)}) (play (forEach Piece))
    (end (if (no Moves Next) (result Mover Win)))))"""


def test_add_on_an_occupied_site_leaves_its_piece():
    """ActionAdd.apply without stacks: on an occupied site the piece there stays (its what and
    who are kept); the empty site the piece left gets the dot."""
    state = load(ADD).initial_state()
    state.apply("A1-B1")
    pieces = yaml.safe_load(state.to_text())["pieces"]
    assert pieces == {"A1": "Dot1", "B1": "Disc1", "E1": "Disc2"}
    assert state.is_over() and state.result().winners == [1]  # P2 cannot step off the board
