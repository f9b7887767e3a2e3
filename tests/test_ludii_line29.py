"""Forms of Ludii's morris and alignment games (board/space/line: Gurgaldaj, Marelle Triple,
Niranchy, Nerenchi Keliya, Nine Holes) checked on small positions by their meaning in Ludii's
Java (issue 24, session 37): which pieces a line lets a player take, a line made by a move or
by a placement, a line of one role's pieces, and the end of a blocked player."""

from __future__ import annotations

from interpreter import load


def _play(state, *texts: str) -> None:
    for text in texts:
        assert not state.is_over()
        state.apply(next(m for m in state.legal_moves() if m.text == text))


def _texts(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


# --- removal after a line: any enemy piece not itself in a line (Gurgaldaj's define) ----------
# (is Line 3 Orthogonal through:(site)) reads the line of the piece on that site (IsLine: the
# kinds are the one on the pivot), so an enemy piece standing in its own line of 3 is safe.
NOT_IN_LINE = '''(game "T" (players 2)
 (equipment {(board (square 3) use:Vertex) (hand Each)
  (piece "Marker" Each (move Step (to if:(is Empty (to))) (then (if (is Line 3 Orthogonal) (moveAgain)))))})
 (rules (start (place "Marker" "Hand" count:5))
  (play (if (is Prev Mover)
    (move Remove (forEach (sites Occupied by:Enemy container:"Board") if:(not (is Line 3 Orthogonal through:(site)))))
    (or (move (from (handSite Mover)) (to (sites Empty)) (then (if (is Line 3 Orthogonal) (moveAgain))))
        (forEach Piece))))
  (end (if (no Pieces Next) (result Mover Win)))))'''


def test_a_line_lets_the_mover_take_any_enemy_piece_outside_a_line():
    s = load(NOT_IN_LINE).initial_state()
    _play(s, "Hand1-A1", "Hand2-C1", "Hand1-A2", "Hand2-C2", "Hand1-B1", "Hand2-C3")
    assert s.mover == 2 and _texts(s) == ["xA1", "xA2", "xB1"]  # A1-B1 is no line: C1 is P2's
    _play(s, "xB1", "Hand1-B3", "Hand2-B2", "Hand1-A3")  # P1's column A: P2's column C is safe
    assert s.mover == 1 and _texts(s) == ["xB2"]


def test_a_line_with_every_enemy_piece_in_a_line_leaves_only_a_pass():
    s = load(NOT_IN_LINE).initial_state()
    _play(s, "Hand1-A1", "Hand2-C1", "Hand1-A2", "Hand2-C2", "Hand1-B2", "Hand2-C3", "xB2", "Hand1-A3")
    assert s.mover == 1 and [m.text for m in s.legal_moves()] == ["pass"]


def test_a_line_made_by_moving_a_piece_also_lets_the_mover_remove():
    s = load(NOT_IN_LINE).initial_state()
    _play(s, "Hand1-A1", "Hand2-C1", "Hand1-A2", "Hand2-C2", "Hand1-B3", "Hand2-B1",
          "Hand1-C3", "Hand2-B2")
    assert s.mover == 1
    _play(s, "B3-A3")  # a step forms column A
    assert s.mover == 1 and _texts(s) == ["xB1", "xB2", "xC1", "xC2"]


# --- (is Line 3 N exact:True): one axis, exactly three (Marelle Triple) ------------------------
# IsLine walks the pivot's radials in the direction, then their opposites: from a site on the top
# edge there is no radial north, so Marelle Triple asks N, S, E and W. A diagonal is none of them.
AXIS_LINE = '''(game "T" (players 2)
 (equipment {(board (square 3 diagonals:Alternating) use:Vertex) (hand Each)})
 (rules (start (place "Disc" "Hand" count:5))
  (play (if (is Prev Mover) (move Remove (sites Occupied by:Next container:"Board"))
   (move (from (handSite Mover)) (to (sites Empty))
    (then (if (or {(is Line 3 N exact:True) (is Line 3 S exact:True) (is Line 3 E exact:True) (is Line 3 W exact:True)}) (moveAgain))))))
  (end (if (no Pieces Next) (result Mover Win)))))'''.replace('(hand Each)})', '(hand Each) (piece "Disc" Each)})')


def test_a_line_from_the_edge_needs_the_direction_that_leaves_it():
    game = AXIS_LINE.replace("(or {(is Line 3 N exact:True) (is Line 3 S exact:True) (is Line 3 E exact:True) (is Line 3 W exact:True)})",
                             "(is Line 3 N)")
    s = load(game).initial_state()
    _play(s, "Hand1-A1", "Hand2-C1", "Hand1-A2", "Hand2-C2", "Hand1-A3")  # A3: no step north
    assert s.mover == 2
    s = load(game).initial_state()
    _play(s, "Hand1-A1", "Hand2-C1", "Hand1-A3", "Hand2-C2", "Hand1-A2")  # A2: north then south
    assert s.mover == 1


def test_a_line_along_north_south_counts_and_a_diagonal_does_not():
    s = load(AXIS_LINE).initial_state()
    _play(s, "Hand1-A1", "Hand2-C1", "Hand1-B2", "Hand2-A2", "Hand1-C3")  # the diagonal A1-B2-C3
    assert s.mover == 2
    s2 = load(AXIS_LINE).initial_state()
    _play(s2, "Hand1-A1", "Hand2-C1", "Hand1-A2", "Hand2-C2", "Hand1-A3")  # column A: north-south
    assert s2.mover == 1 and _texts(s2) == ["xC1", "xC2"]


# --- (is Line 3 <role>): only that role's lines (Niranchy) -------------------------------------
ROLE_LINE = '''(game "T" (players 2)
 (equipment {(board (square 3) use:Vertex) (hand Each) (piece "Marker" Each (move Step (to if:(is Empty (to)))))})
 (rules (start (place "Marker" "Hand" count:5))
  (play (move (from (handSite Mover)) (to (sites Empty))))
  (end {(if (no Moves P2) (result P1 Win)) (if (is Line 3 P2) (result P2 Win))})))'''


def test_a_line_of_another_role_does_not_end_the_game():
    s = load(ROLE_LINE).initial_state()
    _play(s, "Hand1-A1", "Hand2-C1", "Hand1-A2", "Hand2-C2", "Hand1-A3")
    assert not s.is_over()  # P1's column: (is Line 3 P2) reads P2's pieces only
    _play(s, "Hand2-C3")
    assert s.is_over() and s.result().winners == [2]


def test_a_blocked_player_loses_once_it_has_had_to_pass():
    # (no Moves P2) is Ludii's stalemated flag of P2: set when P2's own turn finds no move
    s = load(ROLE_LINE).initial_state()
    _play(s, "Hand1-A1", "Hand2-B1", "Hand1-C1", "Hand2-A2", "Hand1-B2", "Hand2-C2",
          "Hand1-B3", "Hand2-A3")
    assert not s.is_over() and s.mover == 1
    _play(s, "Hand1-C3")  # the board is full: P2 has not yet found itself without a move
    assert not s.is_over() and s.mover == 2 and [m.text for m in s.legal_moves()] == ["pass"]
    _play(s, "pass")
    assert s.is_over() and s.result().winners == [1]


# --- nextPhase Mover (is Line 3) "Capture" after a step (Nerenchi Keliya) ----------------------
PHASE_CAPTURE = '''(game "T" (players 2)
 (equipment {(board (square 3) use:Vertex) (hand Each)
  (piece "Marker" Each (move Step (to if:(is Empty (to))) (then (if (is Line 3) (moveAgain)))))})
 (rules (start (place "Marker" "Hand" count:3))
  phases:{
  (phase "Placement" (play (move (from (handSite Mover)) (to (sites Empty))))
   (nextPhase (and (all Sites (sites Hand P1) if:(= 0 (count Cell at:(site))))
                    (all Sites (sites Hand P2) if:(= 0 (count Cell at:(site))))) "Movement"))
  (phase "Movement" (play (forEach Piece)) (nextPhase Mover (is Line 3) "Capture"))
  (phase "Capture" (play (move Remove (sites Occupied by:Enemy container:"Board") (then (moveAgain))))
   (nextPhase Mover "Movement"))}
  (end (if (<= (count Pieces Next) 1) (result Mover Win)))))'''


def test_a_line_made_by_a_step_gives_the_mover_a_capture_then_another_move():
    s = load(PHASE_CAPTURE).initial_state()
    _play(s, "Hand1-A1", "Hand2-C1", "Hand1-A2", "Hand2-C2", "Hand1-B3", "Hand2-B1")
    assert s.mover == 1 and "B3-A3" in _texts(s)
    _play(s, "B3-A3")
    assert s.mover == 1 and _texts(s) == ["xB1", "xC1", "xC2"]
    _play(s, "xC2")
    assert s.mover == 1 and all("-" in t for t in _texts(s))  # the Movement phase again, same player

