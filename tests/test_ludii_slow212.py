"""The meanings behind the faster threat tests and legal lists of session 40 (second round), each
on a small game: a threat test skips an enemy piece only when its moves can never end on the
site asked about (a slide's least and most distance, a hop's landing, a leap's walk count as
Ludii's moves do), pieces standing on another kind of site still move in it, a ``do ...
next:`` rule threatens with its next moves after its prior effect, and a move listed many times
is numbered after the first each time (``A1/2``, ``A1/3``...)."""

from __future__ import annotations

from interpreter import load

THREAT = '''(game "T" (players {(player N) (player S)})
 (equipment {(board (square 6))
  (piece "Disc" Shared)
  (piece "King" Each (move Step (to if:(not (is Friend (who at:(to)))) (apply (remove (to))))))
  (piece "Rook" Each (move Slide Orthogonal (between (max 2))
      (to if:(is Enemy (who at:(to))) (apply (remove (to))))))
  (piece "Cannon" Each (move Slide Orthogonal (between (range 2 3))
      (to if:(is Enemy (who at:(to))) (apply (remove (to))))))
  (piece "Hopper" Each (move Hop Orthogonal (between (exact 1) if:True)
      (to if:(not (is Friend (who at:(to)))) (apply (remove (to))))))
  (piece "Knight" Each (move Leap {{F F R F} {F F L F}}
      (to if:(not (is Friend (who at:(to)))) (apply (remove (to))))))})
 (rules (start {START})
  (play PLAY)
  (end (if (no Moves Next) (result Mover Win)))))'''

CHECKED = '(do (forEach Piece) ifAfterwards:(not (is Threatened (id "King" Mover))))'


def _king_moves(start: str, play: str = CHECKED, king: str = "A1") -> list[str]:
    text = THREAT.replace("START", f'(place "King1" coord:"{king}") (place "King2" coord:"F6") ' + start)
    state = load(text.replace("PLAY", play)).initial_state()
    return sorted(str(m) for m in state.legal_moves() if str(m).startswith(king))


def test_a_slide_of_at_most_two_threatens_two_sites_away_not_three():
    # Rook2 on A4 slides down to A3 and A2: A2 is threatened
    assert _king_moves('(place "Rook2" coord:"A4")') == ["A1-B1", "A1-B2"]
    # from A5 it reaches A4 and A3 only: A2 is safe
    assert _king_moves('(place "Rook2" coord:"A5")') == ["A1-A2", "A1-B1", "A1-B2"]


def test_a_slide_of_two_or_three_threatens_neither_the_next_site_nor_the_fourth():
    # Cannon2 on A4 stops two or three sites down (A2, A1), never on A3 next to it
    assert _king_moves('(place "Cannon2" coord:"A4")', king="A2") == ["A2-A3", "A2-B1", "A2-B2", "A2-B3"]
    # from A5 it stops on A3 (two down) or A2 (three), never on A1 (four down)
    assert _king_moves('(place "Cannon2" coord:"A5")', king="A2") == ["A2-A1", "A2-B1", "A2-B2", "A2-B3"]


def test_a_hop_threatens_where_it_lands_not_the_site_it_jumps():
    # Hopper2 on C2 lands on A2 over B2; B2 next to it is never a landing
    assert _king_moves('(place "Hopper2" coord:"C2")') == ["A1-B1", "A1-B2"]


def test_a_leap_threatens_the_ends_of_its_walks():
    # Knight2 on C3 leaps onto B1 and A2 (and others), not onto B2
    assert _king_moves('(place "Knight2" coord:"C3")') == ["A1-B2"]


def test_pieces_on_another_kind_of_site_leave_the_threats_of_the_board_as_they_are():
    # a shared disc on an edge: the board's pieces are asked as without it
    start = '(place "Disc" Edge (sites {0 5})) (place "Rook2" coord:"A4")'
    assert _king_moves(start) == ["A1-B1", "A1-B2"]
    assert _king_moves('(place "Disc" Edge (sites {0 5})) (place "Rook2" coord:"A5")') == ["A1-A2", "A1-B1", "A1-B2"]


def test_a_do_next_rule_threatens_with_its_next_moves():
    # each side's play sets a variable first, then moves a piece: the enemy's rook threatens
    # through that rule as through forEach Piece itself
    play = ('(do (set Var "Turns" (+ (var "Turns") 1)) next:(do (forEach Piece) '
            'ifAfterwards:(not (is Threatened (id "King" Mover)))))')
    assert _king_moves('(place "Rook2" coord:"A4")', play) == ["A1-B1", "A1-B2"]
    assert _king_moves('(place "Knight2" coord:"C3")', play) == ["A1-B2"]


def test_a_move_listed_many_times_is_numbered_after_the_first_each_time():
    add = "(move Add (to (sites {0})))"
    game = load(f'''(game "R" (players 2) (equipment {{(board (square 2)) (piece "Disc" Each)}})
        (rules (play (or {{{add} {add} (move Pass) {add} (move Pass) {add}}}))
        (end (if (is Full) (result Mover Win)))))''')
    assert [str(m) for m in game.initial_state().legal_moves()] == ["A1", "A1/2", "pass", "A1/3", "pass/2", "A1/4"]
