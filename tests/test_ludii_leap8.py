"""Forms of a second batch of Ludii's leaping-capture war games (board/war/leaping: Dama (Kenya),
Zuz Mel, Laram Wali, Pam Pait, Tuknanavuhpi, Cage), each on a small position, by its meaning in
Ludii's Java (Hop.eval: the hurdle run, the landing sites, the side effect on every site jumped;
directions relative to the last move; graph operators; sites Around by who is there)."""

from __future__ import annotations

from interpreter import load


def _moves(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


def _play(state, text: str) -> None:
    state.apply(next(m for m in state.legal_moves() if m.text == text))


def _pieces(state) -> str:
    return state.to_text().split("pieces:")[1].split("vars:")[0].strip()


# --- Dama (Kenya): an orthogonal long king and men promoted by a consequence ---------------------
# The king hops at a distance (before:/after:), then goes on without turning back
# ((difference Orthogonal OppositeDirection): the last move's direction reversed is left out);
# max Moves keeps the sequences that capture most. A man that ends its sequence on the far row is
# promoted by (move Promote ...) written as a consequence.
KENYA = '''(game "K" (players 2)
 (equipment {(board (square 8)) (piece "Counter" P1 N) (piece "Counter" P2 S)
  (piece "DoubleCounter" Each) (regions P1 (sites Bottom)) (regions P2 (sites Top))})
 (rules (start {#START})
  (play (if (is Prev Mover)
   (if (= (what at:(last To)) (id "Counter" Mover))
    (max Moves (move Hop (from (last To)) (directions {Forward Rightward Leftward})
     (between if:(is Enemy (who at:(between))) (apply (remove (between)))) (to if:(is Empty (to)))
     (then (if (can Move (move Hop (from (last To)) (directions {Forward Rightward Leftward})
       (between if:(is Enemy (who at:(between)))) (to if:(is Empty (to)))))
      (moveAgain)
      (if (is In (last To) (sites Next)) (move Promote (last To) (piece "DoubleCounter") Mover))))))
    (max Moves (move Hop (from (last To)) (difference Orthogonal OppositeDirection)
     (between before:(count Rows) after:(count Rows) if:(is Enemy (who at:(between)))
      (apply (remove (between))))
     (to if:(is Empty (to)))
     (then (if (can Move (hop (from (last To)) (difference Orthogonal OppositeDirection)
       (between before:(count Rows) after:(count Rows) if:(is Enemy (who at:(between))))
       (to if:(is Empty (to))))) (moveAgain))))))
   (priority {
    (max Moves (or
     (forEach Piece "DoubleCounter" (move Hop Orthogonal
      (between before:(count Rows) after:(count Rows) if:(is Enemy (who at:(between)))
       (apply (remove (between))))
      (to if:(is Empty (to)))
      (then (if (can Move (hop (from (last To)) (difference Orthogonal OppositeDirection)
        (between before:(count Rows) after:(count Rows) if:(is Enemy (who at:(between))))
        (to if:(is Empty (to))))) (moveAgain)))))
     (forEach Piece "Counter" (move Hop (directions {Forward Rightward Leftward})
      (between if:(is Enemy (who at:(between))) (apply (remove (between)))) (to if:(is Empty (to)))
      (then (if (can Move (move Hop (from (last To)) (directions {Forward Rightward Leftward})
        (between if:(is Enemy (who at:(between)))) (to if:(is Empty (to)))))
       (moveAgain)
       (if (is In (last To) (sites Next)) (move Promote (last To) (piece "DoubleCounter") Mover))))))))
    (or (forEach Piece "Counter" (move Step (directions {Forward Rightward Leftward}) (to if:(is Empty (to)))))
     (forEach Piece "DoubleCounter" (move Slide Orthogonal)))})))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_long_king_keeps_the_longest_sequence_and_never_turns_back():
    s = load(KENYA.replace("#START", '(place "DoubleCounter1" (sites {"A1"}))'
                                     ' (place "Counter2" (sites {"A3" "C5" "F5" "H8"}))')).initial_state()
    # over A3 it may land on A4..A8, but only from A5 does the sequence go on (C5, then F5)
    assert _moves(s) == ["A1-A5"]
    _play(s, "A1-A5")
    # east, landing before or after the empty E5 (both go on over F5); never back south
    assert _moves(s) == ["A5-D5", "A5-E5"]
    _play(s, "A5-E5")
    assert _moves(s) == ["E5-G5", "E5-H5"]
    _play(s, "E5-H5")
    assert "C5" not in _pieces(s) and "F5" not in _pieces(s) and "A3" not in _pieces(s)
    assert s.mover == 2


def test_a_man_is_promoted_where_its_sequence_ends_on_the_far_row():
    s = load(KENYA.replace("#START", '(place "Counter1" (sites {"B4"}))'
                                     ' (place "Counter2" (sites {"B5" "B7" "C8" "H1"}))')).initial_state()
    _play(s, "B4-B6")
    _play(s, "B6-B8")
    # on the far row with a capture left (sideways, over C8): no promotion yet
    assert _moves(s) == ["B8-D8"] and "B8: Counter1" in _pieces(s)
    _play(s, "B8-D8")
    assert "D8: DoubleCounter1" in _pieces(s)
    # the other player's man, facing south on its far row: sideways only (its Rightward is west)
    assert s.mover == 2 and _moves(s) == ["H1-G1"]


# --- Zuz Mel: a sequence begun orthogonally goes on over any adjacent piece, or stops ----------
ZUZ = '''(game "Z" (players 2)
 (equipment {(board (square 5)) (piece "Marker" Each (or
  (move Hop Orthogonal (between if:(is Enemy (who at:(between))) (apply (remove (between))))
   (to if:(is Empty (to)))
   (then (if (can Move (hop (from (last To)) Orthogonal
     (between if:(and (not (is In (between) (sites ToClear))) (is Enemy (who at:(between)))))
     (to if:(is Empty (to))))) (moveAgain))))
  (move Slide Orthogonal)))})
 (rules (start {(place "Marker1" (sites {"A1"})) (place "Marker2" (sites {"A2" "B4" "B3" "E5"}))})
  (play (if (is Prev Mover)
   (or (move Hop (from (last To))
     (between if:(and (not (is In (between) (sites ToClear))) (is Enemy (who at:(between))))
      (apply (remove (between))))
     (to if:(is Empty (to))))
    (move Pass))
   (forEach Piece)))
  (end (if (no Pieces Next) (result Next Loss)))))'''


def test_an_adjacent_continuation_hops_diagonally_too_or_passes():
    s = load(ZUZ).initial_state()
    assert _moves(s) == ["A1-A3", "A1-B1", "A1-C1", "A1-D1", "A1-E1"]
    _play(s, "A1-A3")
    # the continuation's hop is Adjacent (a square's cells: diagonals too): over B3, over B4
    assert s.mover == 1 and _moves(s) == ["A3-C3", "A3-C5", "pass"]


# --- Laram Wali: a hop over a run of enemies (between (range 1 N)) ------------------------------
RUN = '''(game "R" (players 2)
 (equipment {(board (square 6)) (piece "Disc" Each (move Hop Orthogonal
  (between (range 1 3) if:(is Enemy (who at:(between))) (apply (remove (between))))
  (to if:(is Empty (to)))))})
 (rules (start {(place "Disc1" (sites {"A1"})) (place "Disc2" (sites {"B1" "C1" "A2" "A3" "A4" "A5"}))})
  (play (forEach Piece)) (end (if (no Pieces Next) (result Mover Win)))))'''


def test_a_hop_takes_a_whole_run_of_enemies_up_to_its_length():
    s = load(RUN).initial_state()
    # two enemies east then D1 empty: one hop over both; four north is longer than 3: none
    assert _moves(s) == ["A1-D1"]
    _play(s, "A1-D1")
    assert _pieces(s) == "{D1: Disc1, A2: Disc2, A3: Disc2, A4: Disc2, A5: Disc2}"


# --- Pam Pait: points removed from a merged board, lines drawn again across them ---------------
# (remove ... vertices:) numbers the points left in order (the square's first), so the edges
# added by number join the ends of the rows whose middle points were removed; a hop follows
# such a line straight over the point it reaches.
LINES = '''(game "P" (players 2)
 (equipment {(board (add (remove (merge {(square 5 diagonals:Alternating)
     (shift 0 4 (rotate 180 (wedge 3))) (shift 0 -2 (wedge 3))}) vertices:{1 11 21 23 13 3})
    edges:{{0 1} {1 2} {8 9} {9 10} {16 17} {17 18}}) use:Vertex)
  (piece "Marker" Each (or
   (move Hop (between if:(is Enemy (who at:(between))) (apply (remove (between)))) (to if:(is Empty (to))))
   (move Step (to if:(is Empty (to))))))})
 (rules (start {(place "Marker1" (sites {"A3"})) (place "Marker2" (sites {"C3"}))})
  (play (forEach Piece)) (end (if (no Pieces Next) (result Mover Win)))))'''


def test_added_lines_join_the_points_left_across_removed_ones():
    s = load(LINES).initial_state()
    # A3 is the square's corner: up, diagonally up, and along the added line over C3 to E3
    assert _moves(s) == ["A3-A4", "A3-B4", "A3-E3"]
    _play(s, "A3-E3")
    assert _pieces(s).startswith("{E3: Marker1}")
    assert s.result().winners == [1]


# --- Tuknanavuhpi: both diagonals of every square meet at a new point ---------------------------
SOLID = '''(game "S" (players 2)
 (equipment {(board (square 4 diagonals:Solid) use:Vertex) (piece "Marker" Each (or
  (move Hop (between if:(is Enemy (who at:(between))) (apply (remove (between)))) (to if:(is Empty (to))))
  (move Step (to if:(is Empty (to))))))})
 (rules (start {(place "Marker1" (sites {"B2" "A1"})) (place "Marker2" (sites {"C3" "E5"}))})
  (play (forEach Piece)) (end (if (no Pieces Next) (result Mover Win)))))'''


def test_solid_diagonals_add_labelled_points_at_the_squares_centres():
    s = load(SOLID).initial_state()
    # 4 x 4 points and 3 x 3 centres: columns A..G and rows 1..7 at half steps; a centre
    # (B2) is joined to its square's corners only, a corner (A1) to its neighbours and centre
    assert _moves(s) == ["A1-A3", "A1-C1", "B2-A3", "B2-C1", "B2-D4"]
    _play(s, "B2-D4")
    assert _moves(s) == ["E5-C3", "E5-C5", "E5-D6", "E5-E3", "E5-E7", "E5-F4", "E5-F6", "E5-G5"]


# --- Cage: the sites around a site holding the mover's (or the enemy's) pieces -------------------
AROUND = '''(game "A" (players 2) (equipment {(board (square 4)) (piece "Disc" Each)})
 (rules (start {(place "Disc1" (sites {"B2" "C2"})) (place "Disc2" (sites {"B3" "A2"}))})
  (play (forEach Piece (move Step (to if:(and (is Empty (to))
   (= #N (count Sites in:(sites Around (to) #WHO Orthogonal))))))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_sites_around_count_the_movers_or_the_enemys_pieces():
    def moves(who: str, n: int) -> list[str]:
        return _moves(load(AROUND.replace("#WHO", who).replace("#N", str(n))).initial_state())
    # the moving piece still stands on its site while its destination is judged
    assert moves("Own", 1) == ["B2-B1", "B2-C1", "B2-C3", "C2-B1", "C2-C1", "C2-C3", "C2-D2"]
    assert moves("Enemy", 1) == ["B2-A1", "B2-C3", "C2-C3"]
    assert moves("Enemy", 2) == ["B2-A3"]
    assert moves("NotEmpty", 2) == ["B2-A3", "B2-C3", "C2-C3"]
