"""Forms Ludii's production files of board/race (a second batch: tables, pachisi-likes, stick-dice
reach games) use beyond the sample (issue 24, session 35). Each on a small position, by its meaning
in Ludii's Java."""

from __future__ import annotations

from interpreter import load


def _play_passes(state, n: int) -> None:
    for _ in range(n):
        assert not state.is_over()
        state.apply(next(m for m in state.legal_moves() if m.text == "pass"))


# --- team roles name every member: (no Pieces TeamMover) -----------------------------------------
# Ludii's NoPieces asks PlayersIndices.getIdPlayers: TeamMover is every player of the mover's team
# (the mover alone in a game without teams), TeamN that team's members, Ally the mover's
# teammates. Nebakuthana's teams share one stick owned by their first player: the second player
# of a team has no piece of its own, and the game ended at its first move.
TEAMS = '''(game "T" (players 4)
 (equipment {(board (rectangle 1 5)) (piece "Disc" P1) (piece "Disc" P3)})
 (rules (start {(set Team 1 {P1 P2}) (set Team 2 {P3 P4}) (place "Disc1" 0) %s})
  (play (move Pass))
  (end (if (no Pieces %s) (result TeamMover Win)))))'''


def test_no_pieces_team_mover_asks_the_whole_team():
    s = load(TEAMS % ('(place "Disc3" 4)', "TeamMover")).initial_state()
    _play_passes(s, 3)  # P2 owns no piece: its teammate's count
    assert not s.is_over()


def test_no_pieces_team_mover_ends_when_the_team_has_none():
    s = load(TEAMS % ("", "TeamMover")).initial_state()
    _play_passes(s, 3)  # P3's team has no piece: it wins (the role's result goes to the team)
    assert s.is_over() and sorted(s.result().winners) == [3, 4]


def test_no_pieces_of_a_numbered_team_and_of_the_allies():
    s = load(TEAMS % ('(place "Disc3" 4)', "Team2")).initial_state()
    _play_passes(s, 3)  # P4 owns no piece, P3 does
    assert not s.is_over()
    s = load(TEAMS % ('(place "Disc3" 4)', "Ally")).initial_state()
    _play_passes(s, 1)  # P1's ally P2 has no piece
    assert s.is_over() and sorted(s.result().winners) == [1, 2]


# --- (state at:<a hand's site>) is 0 --------------------------------------------------------------
# Ludii's hands are containers whose sites hold a local state like the board's (0 unless set).
# Ghingskoot's pieces, entered from the hand, ask (state at:(from)) (the track they chose): a hand
# counted by kind kept no states and the look-up crashed.
HAND_STATE = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 4))
  (piece "Disc" Each (if (= (state at:(from)) 0) (move (from) (to (sites Empty)) (then (set State at:(last To) 1)))))
  (hand Each)})
 (rules (start (place "Disc" "Hand" count:2))
  (play (or (forEach Piece) (forEach Piece container:(mover))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_the_state_of_a_piece_in_a_hand_is_zero():
    s = load(HAND_STATE).initial_state()
    assert len(s.legal_moves()) == 4  # the piece in hand (state 0) enters anywhere
    s.apply(s.legal_moves()[0])
    s.apply(s.legal_moves()[0])
    assert sorted(m.to for m in s.legal_moves()) == [2, 3]  # the board's pieces have state 1 now
