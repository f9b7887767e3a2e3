"""Forms Ludii's chess variants use (board/war/replacement/checkmate/chess; the held-out probe
lud7chess), each on a small position, by its meaning in Ludii: the check of ``is Threatened``
through lines (a threat test asks each piece only for its moves onto the tested site), the
castling slide whose ``(to if:True)`` does not end the line before its least distance, and a
promotion by a piece's number."""

from __future__ import annotations

from interpreter import load

# --- check through lines: a pinned piece, a king kept off a line --------------------------------
# Ludii's IsThreatened tries the enemy's moves onto the king's site; a slide threatens along a
# line up to its first piece, a piece between shields the king, a king may not step into a line.
CHECK = '''(game "T" (players {(player N) (player S)})
 (equipment {(board (square 5))
  (piece "King" Each (move Step (to if:(not (is Friend (who at:(to)))) (apply (remove (to))))))
  (piece "Rook" Each (move Slide Orthogonal (to if:(is Enemy (who at:(to))) (apply (remove (to))))))
  (piece "Bishop" Each (move Slide Diagonal (to if:(is Enemy (who at:(to))) (apply (remove (to))))))})
 (rules (start {START})
  (play (do (forEach Piece) ifAfterwards:(not (is Threatened (id "King" Mover)))))
  (end (if (and (is Threatened (id "King" Next))
                (not (can Move (do (forEach Piece Next) ifAfterwards:(not (is Threatened (id "King" Next)))))))
       (result Mover Win)))))'''


def _state(start: str):
    return load(CHECK.replace("START", start)).initial_state()


def _moves(start: str) -> list[str]:
    return sorted(str(m) for m in _state(start).legal_moves())


def test_a_pinned_piece_moves_only_along_the_pin():
    # King1 A1, Rook1 A2, Rook2 A5: the rook shields the king, so it moves along the A file only
    moves = _moves('(place "King1" coord:"A1") (place "Rook1" coord:"A2") (place "Rook2" coord:"A5") '
                   '(place "King2" coord:"E5")')
    assert [m for m in moves if m.startswith("A2")] == ["A2-A3", "A2-A4", "A2-A5"]
    assert [m for m in moves if m.startswith("A1")] == ["A1-B1", "A1-B2"]


def test_a_king_may_not_step_into_a_line_a_piece_no_longer_shields():
    # Rook2 on B5 sweeps the B file down to B1; the bishop on D4 sees A1 only over C3 and B2
    moves = _moves('(place "King1" coord:"A1") (place "Rook2" coord:"B5") (place "Bishop2" coord:"E5") '
                   '(place "King2" coord:"E1")')
    assert moves == ["A1-A2"]


def test_a_piece_between_keeps_the_line_closed_and_a_capture_opens_it():
    start = ('(place "King1" coord:"C1") (place "Bishop1" coord:"C3") (place "Rook2" coord:"C5") '
             '(place "King2" coord:"A5")')
    moves = _moves(start)
    # the bishop may not leave the C file: it shields its king from the rook
    assert not [m for m in moves if m.startswith("C3")]
    # C2 too: the bishop still closes the line below it
    assert sorted(m for m in moves if m.startswith("C1")) == ["C1-B1", "C1-B2", "C1-C2", "C1-D1", "C1-D2"]


def test_a_mate_along_two_lines_ends_the_game_for_the_mover():
    # Rook1 D3-D1 checks along row 1; the other rook holds row 2: the king on A1 has no way out
    state = _state('(place "King1" coord:"E5") (place "Rook1" coord:"E2") (place "Rook1" coord:"D3") '
                   '(place "King2" coord:"A1")')
    mate = [m for m in state.legal_moves() if str(m) == "D3-D1"]
    state.apply(mate[0])
    assert state.is_over() and state.result().winners == [1]


def test_a_check_that_can_be_answered_does_not_end_the_game():
    state = _state('(place "King1" coord:"E5") (place "Rook1" coord:"D3") (place "King2" coord:"A1")')
    state.apply([m for m in state.legal_moves() if str(m) == "D3-D1"][0])
    assert not state.is_over()
    assert sorted(str(m) for m in state.legal_moves()) == ["A1-A2", "A1-B2"]


# --- castling: a slide whose to if:True stops only from its least distance ----------------------
# Ludii's Slide: a stop condition holding before the least distance does not end the line (the
# break is inside "if (min <= toIdx)"), so the rook's castling slide of exactly 3 (to if:True)
# passes over the sites before, ignores its between condition on its landing site, and lands
# there even when the king stands on it (Official Football Chess: the king on D1).
CASTLE = '''(game "T" (players {(player N) (player S)})
 (equipment {(board (square 8))
  (piece "King" Each (move Step (to if:(is Empty (to)))))
  (piece "Rook" Each)})
 (rules (start {(place "King1" coord:"KING" state:1) (place "Rook1" coord:"A1" state:1)
                (place "King2" coord:"H8")})
  (play (if (can Move (slide (from (coord "A1")) E (between (exact 3) if:(is Empty (to)))
                             (to if:True (apply (set State at:(from) 0)))))
            (move Slide (from (coord "KING")) W (between (exact 2) if:(is Empty (to)))
                  (to if:True (apply (set State at:(from) 0)))
                  (then (slide (from (coord "A1")) E (between (exact 3) if:True)
                               (to if:True (apply (set State at:(from) 0))))))
            (forEach Piece)))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_the_castling_rook_lands_over_the_sites_before_whatever_stands_on_its_landing():
    state = load(CASTLE.replace("KING", "D1")).initial_state()
    assert sorted(str(m) for m in state.legal_moves()) == ["D1-B1"]
    state.apply(state.legal_moves()[0])
    text = state.to_text()
    assert "B1: King1" in text and "D1: Rook1" in text


def test_the_castling_rook_is_stopped_by_a_piece_before_its_landing():
    # the king on C1 stands before the rook's landing: the between condition (is Empty (to))
    # fails there, the slide makes no move, so no castling: the plain king steps instead
    state = load(CASTLE.replace("KING", "C1")).initial_state()
    assert sorted(str(m) for m in state.legal_moves()) == ["C1-B1", "C1-B2", "C1-C2", "C1-D1", "C1-D2"]


# --- promotion to a kind given by its number ------------------------------------------------------
# Lombard Chess and the Assizes promote with (promote (last To) (piece (id "Queen" Mover))): the
# piece named by its component number, the mover's queen.
PROMOTE = '''(game "T" (players {(player N) (player S)})
 (equipment {(board (square 4))
  (piece "Pawn" Each (move Step Forward (to if:(is Empty (to)))
     (then (if (is In (last To) (sites Mover "Promotion"))
               (and (promote (last To) (piece (id "Queen" Mover))) (set State at:(last To) 1))))))
  (piece "Queen" Each (move Step Diagonal (to if:(is Empty (to)))))
  (regions "Promotion" P1 (sites Top)) (regions "Promotion" P2 (sites Bottom))})
 (rules (start {(place "Pawn1" coord:"A3") (place "Pawn2" coord:"D2")})
  (play (forEach Piece))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_promotion_by_number_gives_the_movers_queen_and_the_state_is_set():
    state = load(PROMOTE).initial_state()
    assert [str(m) for m in state.legal_moves()] == ["A3-A4"]
    state.apply(state.legal_moves()[0])
    text = state.to_text()
    assert "A4: Queen1" in text
    assert [str(m) for m in state.legal_moves()] == ["D2-D1"]
    state.apply(state.legal_moves()[0])
    assert "D1: Queen2" in state.to_text()
