"""Options sweep, pass 2 leftovers: Ludii's Remove takes from a site of a hand as from a board's
(Remove.eval reads the site's container), SitesAround of a site off the board is empty (it
skips a site beyond the board's elements), the classes Axial and Angled of Ludii's
AbsoluteDirection, and a direction the board lacks giving no step (as Ludii's radials) instead
of an error; ``is In (sites ToClear)`` answers for one site without listing the marked ones."""

from __future__ import annotations

import random

from interpreter import load
from interpreter.engine import stacks


def _game(board: str, equipment: str, start: str, play: str, end: str = "(if (no Moves Next) (result Mover Win))"):
    return load(f"""(game "T" (players 2) (equipment {{ (board {board}) {equipment} }})
        (rules (start {{ {start} }}) (play {play}) (end {end})))""")


def _texts(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


# --- Remove from a hand's site -----------------------------------------------------------------
STACKED_HAND = '(piece "Disc" Each) (hand P1)'


def test_move_remove_takes_the_top_piece_of_a_hands_stack():
    # Lifeline's komi: (move Remove (handSite P2)) takes one piece of the stack in the hand
    g = _game("(square 3)", STACKED_HAND, '(place Stack "Disc1" (handSite P1) count:3)',
              "(or (move Remove (handSite Mover)) (move Pass))")
    s = g.initial_state()
    hand = g.topology.n
    assert stacks.size(s, hand) == 3
    removal = [m for m in s.legal_moves() if str(m) != "pass"]
    assert len(removal) == 1 and str(removal[0]).startswith("x")
    s.apply(removal[0])
    assert stacks.size(s, hand) == 2
    s.undo()
    assert stacks.size(s, hand) == 3


def test_move_remove_of_an_empty_hand_site_is_no_move():
    g = _game("(square 3)", STACKED_HAND, '(place Stack "Disc1" (handSite P1) count:1)',
              "(or (move Remove (handSite Mover)) (move Pass))")
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if str(m) != "pass"))  # the only piece goes
    s.apply(next(m for m in s.legal_moves() if str(m) == "pass"))  # P2 (no hand) passes
    assert _texts(s) == ["pass"]


def test_move_remove_from_a_hand_site_of_a_flat_hand():
    # hands of sites (size:1) without stacks: the site's piece goes
    g = _game("(square 3)", '(piece "Disc" Each) (hand Each size:1)', '(place "Disc1" (handSite P1))',
              "(or (move Remove (handSite Mover)) (move Pass))")
    s = g.initial_state()
    removal = [m for m in s.legal_moves() if str(m) != "pass"]
    assert len(removal) == 1
    s.apply(removal[0])
    s.apply(next(m for m in s.legal_moves() if str(m) == "pass"))
    assert _texts(s) == ["pass"]  # nothing left to take


# --- sites Around a site off the board ----------------------------------------------------------
def test_sites_around_a_hand_site_is_empty():
    # Archworm: (sites Occupied by:Mover) lists the hand's site too; SitesAround skips it
    g = _game("(square 3)", '(piece "Disc" Each) (hand Each size:1)', '(place "Disc1" (handSite P1))',
              "(move Add (to (sites Empty)) (then (set Score Mover (+ 1 (count Sites in:(forEach (sites Occupied by:Mover) "
              "if:(< 0 (count Sites in:(sites Around (site) Orthogonal)))))))))")
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if str(m) == "A1"))
    # A1 has neighbours, the hand's site none: only A1 counts
    assert s.scores[1] == 2


def test_count_of_own_pieces_around_a_hand_site_is_zero():
    g = _game("(square 3)", '(piece "Disc" Each) (hand Each size:1)', '(place "Disc1" (handSite P1))',
              "(move Add (to (sites Empty)) (then (set Score Mover (+ 1 (count Sites in:(sites Around (handSite Mover) Own))))))")
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.scores[1] == 1


# --- Axial and Angled -----------------------------------------------------------------------------
def _steps(direction: str, board: str = "(square 3)") -> list[str]:
    g = _game(board, '(piece "Disc" Each)', '(place "Disc1" (centrePoint))',
              f'(forEach Piece "Disc" (move Step {direction} (to if:(is Empty (to)))))')
    return _texts(g.initial_state())


def test_axial_is_north_east_south_west():
    assert _steps("Axial") == ["B2-A2", "B2-B1", "B2-B3", "B2-C2"]
    assert _steps("Axial") == _steps("Orthogonal")


def test_angled_is_the_diagonals_of_a_square_board():
    assert _steps("Angled") == ["B2-A1", "B2-A3", "B2-C1", "B2-C3"]


def test_custodial_axial_captures_along_rows_and_columns_only():
    # Boseog Gonu's "No diagonal capture": (custodial ... Axial ...)
    def after(to: str) -> int:
        g = _game("(square 3)", '(piece "Disc" Each)',
                  '(place "Disc1" {"A1" "C3"}) (place "Disc2" {"B2" "A2"})',
                  """(move Add (to (sites Empty)) (then (custodial (from (last To)) Axial
                        (between (max 1) if:(is Enemy (who at:(between))) (apply (remove (between))))
                        (to if:(is Friend (who at:(to)))))))""")
        s = g.initial_state()
        s.apply(next(m for m in s.legal_moves() if str(m) == to))
        return sum(1 for x in range(g.topology.n) if s.who[x] == 2)
    assert after("A3") == 1  # A1 (A2) A3: the column flanks A2
    assert after("B3") == 2  # no axial line through B2 to a friend


# --- directions the board lacks: no step, as Ludii -----------------------------------------------
def test_forward_missing_on_a_hex_board_gives_no_step():
    # Breakthrough on Board/Hexagon: P1 faces N, which a hex cell's adjacent directions lack
    g = _game("(hex 3)", '(piece "Disc" Each (or (move Step Forward (to if:(is Empty (to)))) '
              '(move Step (directions {FR FL}) (to if:(is Empty (to))))))',
              '(place "Disc1" (centrePoint))', "(forEach Piece)")
    s = g.initial_state()
    assert len(s.legal_moves()) == 2  # FR and FL turn to the nearest directions the cell has


def test_a_compass_direction_the_board_lacks_gives_no_step():
    # Chase with one row: NE does not exist on a board of one row
    g = _game("(rectangle 1 4)", '(piece "Disc" Each)', '(place "Disc1" 1)',
              '(or (forEach Piece "Disc" (move Step NE (to if:(is Empty (to))))) (move Pass))')
    assert _texts(g.initial_state()) == ["pass"]


def test_ahead_in_a_missing_direction_is_the_site_itself():
    g = _game("(rectangle 1 4)", '(piece "Disc" Each)', '(place "Disc1" 1)',
              "(move Add (to (sites Empty)) (then (set Score Mover (+ 1 (ahead (last To) NE)))))")
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if str(m) == "C1"))
    assert s.scores[1] == 3  # C1 is site 2: ahead NE of it is itself


# --- is In (sites ToClear) ------------------------------------------------------------------------
def test_a_marked_piece_is_not_jumped_again_in_a_sequence():
    # a capture sequence (remove at:EndOfTurn) that may not jump a marked piece twice
    hop = """(move Hop (from #1) Orthogonal
                (between if:(and (is Enemy (who at:(between))) (not (is In (between) (sites ToClear))))
                    (apply (remove (between) at:EndOfTurn)))
                (to if:(is Empty (to)))
                (then (if (can Move (move Hop (from (last To)) Orthogonal
                    (between if:(and (is Enemy (who at:(between))) (not (is In (between) (sites ToClear)))))
                    (to if:(is Empty (to))))) (moveAgain))))"""
    g = load(f"""(game "T" (players 2) (equipment {{ (board (square 5)) (piece "Disc" Each) }})
        (define "Hop" {hop})
        (rules (start {{ (place "Disc1" "A1") (place "Disc2" {{"A2" "B3"}}) }})
        (play (if (is Prev Mover) ("Hop" (last To)) (forEach Piece "Disc" ("Hop" (from)))))
        (end (if (no Moves Next) (result Mover Win)))))""")
    s = g.initial_state()
    assert _texts(s) == ["A1-A3"]
    s.apply(s.legal_moves()[0])
    assert _texts(s) == ["A3-C3"]  # back over A2 is not offered: it is marked
    s.apply(s.legal_moves()[0])
    assert sum(1 for x in range(g.topology.n) if s.who[x] == 2) == 0


def test_random_games_with_hands_and_missing_directions_end_or_run():
    # the two shapes of the sweep's failures play through without a traceback
    g = _game("(rectangle 2 4)", '(piece "Disc" Each) (hand Each size:1)', '(place "Disc1" (handSite P1))',
              '(or {(move Remove (sites Occupied by:Mover)) (forEach Piece "Disc" (move Step NE (to if:(is Empty (to))))) '
              '(move Add (to (sites Empty) if:(= 0 (count Sites in:(sites Around (to) Own)))))})')
    rng = random.Random(7)
    s = g.initial_state()
    for _ in range(20):
        legal = s.legal_moves()
        if s.is_over() or not legal:
            break
        s.apply(rng.choice(legal))
