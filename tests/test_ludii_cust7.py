"""Custodial and surround captures as Ludii's Java makes them (``Surround.java``,
``Custodial.java``), on small inline games; tafl-style rules (a king taken by a trigger, an
empty throne and corner fortresses that close a capture, a throne that may be passed over but
not landed on) worked out by hand from the classes."""

from __future__ import annotations

from interpreter import load


def position(g, pieces: dict[str, str], mover: int = 1):
    text = f"mover: {mover}\npieces: {{{', '.join(f'{k}: {v}' for k, v in pieces.items())}}}\n"
    return g.state_from_text(text)


def moves(state) -> set[str]:
    return {m.text for m in state.legal_moves()}


# --- Surround: the site it starts from closes its side ---------------------------------------------
# Ludii's Surround counts a neighbour of the surrounded site as closed when it is the site the
# capture starts from (``friendPieceSite == from``), whatever the to condition says of it: here
# the capture starts from the site just left, now empty.
LEFT = '''(game "T" (players 2) (equipment {(board (square 3))
   (piece "Disc" Each (move Step Orthogonal (to if:(is Empty (to)))
      (then (surround (from (last From)) Orthogonal #TO))))})
 (rules (start {(place "Disc1" {"B1" "A2" "C2" "B3"}) (place "Disc2" {"B2"})})
 (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))'''


def test_surround_counts_the_site_it_starts_from_as_closed():
    g = load(LEFT.replace("#TO", ""))
    s = g.initial_state()
    s.apply("B3-A3")  # B2's neighbours: B1, A2, C2 friends, B3 the (now empty) start
    assert s.counts[2] == 0
    g = load(LEFT.replace("#TO", "(to if:(is Friend (who at:(to))))"))
    s = g.initial_state()
    s.apply("B3-C3")
    assert s.counts[2] == 0


def test_surround_from_a_site_that_is_no_neighbour_needs_every_side():
    # from B3 after a step to A3: (last To) A3 is no neighbour of B2, so B3 is open
    g = load(LEFT.replace("(last From)", "(last To)").replace("#TO", ""))
    s = g.initial_state()
    s.apply("B3-A3")
    assert s.counts[2] == 1


def test_the_compiled_tier_agrees_on_the_start_closing_its_side():
    from interpreter.native.api import native_game
    from interpreter.native.conformance import compare_game
    g = load(LEFT.replace("#TO", ""))
    compiled = native_game(g)
    assert compiled is not None
    for seed in range(3):
        assert compare_game(g, compiled, seed) is None, f"seed {seed}"


# --- Tafl: a throne and fortresses that close captures, a king taken by a trigger -------------------
TAFL = '''(define "Custodial" (custodial (from (last To)) Orthogonal
    (between (max 1) if:(= (what at:(between)) (id #1)) (apply (remove (between))))
    (to if:(or {(is Friend (who at:(to))) (is In (to) (sites "Fortresses"))
                (and (is In (to) (sites Centre)) (is Empty (to)))}))))
(define "NearCentre" (is In (between) (expand origin:(centrePoint) Orthogonal)))
(game "T" (players 2) (equipment {(board (square 7)) (regions "Fortresses" (sites Corners))
   (piece "Thrall" P1 (move Slide Orthogonal
      (to (apply if:(not (is In (to) (union (sites Centre) (sites "Fortresses"))))))
      (then (or {("Custodial" "Thrall2")
         (surround (from (last To)) Orthogonal
            (between if:(and (= (what at:(between)) (id "Jarl2")) "NearCentre") (apply (trigger "Surrounded" P2)))
            (to if:(or (is Friend (who at:(to))) (is In (to) (sites Centre)))))
         (custodial (from (last To)) Orthogonal
            (between (max 1) if:(and (= (what at:(between)) (id "Jarl2")) (not "NearCentre")) (apply (trigger "Surrounded" P2)))
            (to if:(is Friend (who at:(to)))))}))))
   (piece "Thrall" P2 (move Slide Orthogonal
      (to (apply if:(not (is In (to) (union (sites Centre) (sites "Fortresses"))))))
      (then ("Custodial" "Thrall1"))))
   (piece "Jarl" P2 (move Slide Orthogonal (to (apply if:(!= (to) (centrePoint))))
      (then ("Custodial" "Thrall1"))))})
 (rules (start {(place "Thrall1" {"D1" "D2" "A4" "B4" "F4" "G4" "D6" "D7"})
                (place "Thrall2" {"D3" "C4" "E4" "D5"}) (place "Jarl2" (centrePoint))})
  (play (forEach Piece))
  (end {(if (is Within (id "Jarl2") in:(sites "Fortresses")) (result P2 Win))
        (if (is Triggered "Surrounded" P2) (result P1 Win))})))'''


def test_tafl_first_ply_no_piece_lands_on_a_corner():
    g = load(TAFL)
    s = g.initial_state()
    # D1, D7, A4, G4: two sites each way but the corner; D2, D6, B4, F4: three each way
    assert len(s.legal_moves()) == 40
    assert not any(m.text.endswith(("A1", "G1", "A7", "G7")) for m in s.legal_moves())


def test_tafl_the_empty_throne_may_be_passed_over_but_not_landed_on():
    g = load(TAFL)
    s = position(g, {"D2": "Thrall1", "A2": "Thrall2", "F6": "Jarl2"})
    got = {m for m in moves(s) if m.startswith("D2-")}
    assert {"D2-D3", "D2-D5", "D2-D7"} <= got and "D2-D4" not in got


def test_tafl_an_empty_throne_and_a_corner_close_a_capture():
    g = load(TAFL)
    s = position(g, {"D5": "Thrall2", "E6": "Thrall1", "B3": "Jarl2"})
    s.apply("E6-D6")  # D5 between D6 and the empty throne D4
    assert s.counts[2] == 1 and not s.is_over()
    s = position(g, {"B1": "Thrall2", "C3": "Thrall1", "E5": "Jarl2"})
    s.apply("C3-C1")  # B1 between C1 and the corner A1
    assert s.counts[2] == 1


def test_tafl_the_king_is_flanked_away_from_the_throne_and_surrounded_next_to_it():
    g = load(TAFL)
    s = position(g, {"B6": "Jarl2", "A6": "Thrall1", "C5": "Thrall1", "G2": "Thrall2"})
    s.apply("C5-C6")
    assert s.is_over() and s.result().winners == [1]
    # next to the throne: three thralls and the throne
    s = position(g, {"D5": "Jarl2", "C5": "Thrall1", "E5": "Thrall1", "F6": "Thrall1", "A2": "Thrall2"})
    s.apply("F6-D6")
    assert s.is_over() and s.result().winners == [1]
    s = position(g, {"D5": "Jarl2", "C5": "Thrall1", "F6": "Thrall1", "A2": "Thrall2"})
    s.apply("F6-D6")  # flanked by D6 and the throne, but next to it the king must be surrounded
    assert not s.is_over()


def test_tafl_the_king_wins_on_a_corner():
    g = load(TAFL)
    s = position(g, {"B6": "Jarl2", "A2": "Thrall1", "G2": "Thrall2"}, mover=2)
    s.apply("B6-A6")
    s.apply("A2-A3")
    s.apply("A6-A7")
    assert s.is_over() and s.result().winners == [2]


# --- Castello: a castle surrounded on three sides (except:1) is stored in a hand --------------------
# Ludii's ActionMove in a game that requires no counts (no placement or removal of several pieces):
# a piece moved onto a site holding its kind leaves the count at 1, so a second castle stored on
# the same site of the hand is no second piece there.
CASTLES = '''(game "T" (players 2) (equipment {(board (square 5)) (hand Each size:2)
   (piece "Pawn" Each (move Step Orthogonal (to if:(is Empty (to)))
      (then (surround (from (last To)) Orthogonal
         (between if:(= (what at:(between)) (id "Castle0")) (apply (fromTo (from (between)) (to (handSite Mover)))))
         (to if:(is Friend (who at:(to)))) except:1))))
   (piece "Castle" Neutral)})
 (rules (start {(place "Castle0" {"B2" "D4"}) (place "Pawn1" {"A2" "B1" "C1" "D5" "E4" "C5"}) (place "Pawn2" {"E1"})})
  (play (forEach Piece))
  (end {(if (= (count Cell at:(handSite P1)) 2) (result P2 Win))
        (if (> (count in:(sites Hand P1)) 1) (result P2 Win))})))'''


def test_surround_with_one_exception_takes_a_castle_on_three_sides():
    g = load(CASTLES)
    s = g.initial_state()
    s.apply("C1-C2")  # B2: A2, B1, C2 pawns, B3 empty (the one exception)
    assert s.what[g.topology.site("B2")] == 0
    from interpreter.engine.handsites import what_at
    stored = what_at(s, g.topology.n)  # P1's first hand site, numbered after the board's
    assert g.components[stored].name == "Castle0"
    assert not s.is_over()


def test_a_second_castle_stored_on_the_same_hand_site_leaves_one_there():
    g = load(CASTLES)
    s = g.initial_state()
    s.apply("C1-C2")
    s.apply("E1-E2")
    s.apply("C5-C4")  # D4: C4, D5, E4 pawns, D3 empty: the second castle to the same site
    from interpreter.engine.handsites import count_at, what_at
    assert s.what[g.topology.site("D4")] == 0
    assert g.components[what_at(s, g.topology.n)].name == "Castle0" and count_at(s, g.topology.n) == 1
    assert not s.is_over()  # one piece counted on the site, one in the whole hand
