"""Small positions pinning rules whose meaning once parted from Ludii's on a sample file
(Trax's end, Morpharaoh's diagonal control, ...): each worked out from Ludii's classes."""

from __future__ import annotations

from interpreter import load

# Morpharaoh's order-1 board: the Cairo (pentagonal) tiling, 48 cells
CAIRO = ("(remove (dual (tiling T33434 5)) cells: {0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 20 21 24 27 28 29 35 "
         "36 39 40 44 45 46 47 53 54 55 59 60 64 65 71 72 76 79 85 90 93 94 95 96 97 98 99})")


def _region_game(board: str, origin: str, directions: str):
    """A game whose moves are placements on (sites Direction from:origin directions distance:1)."""
    return load(f"""(game "T" (players 2) (equipment {{ (board {board} use:Cell) (piece "Disc" Each) }})
      (rules (play (move Add (to (sites Direction from:(coord "{origin}") {directions} distance:1))))
             (end (if (no Moves Next) (result Mover Win)))))""")


def _sites(game) -> list[str]:
    return sorted(m.text.split("@")[-1] for m in game.initial_state().legal_moves())


# --- directions read on each site (Ludii's Union/Difference.convertToAbsolute) ---------------------------------
NOT_ORTHOGONAL = "(difference (difference (difference (difference Diagonal N) S) E) W)"


def test_difference_of_a_relation_is_read_on_each_site_of_a_cairo_board():
    # Ludii's Difference turns Diagonal into the site's own diagonal steps' compass directions
    # (element.supportedDirections(Diagonal)), then takes N S E W out: at C5 its diagonals go NNE
    # (D6), E (D4) and SSE (B4), so NNE and SSE are left; the orthogonal steps that other sites'
    # diagonals share a compass direction with (C5's ENE to D5...) are not among them
    assert _sites(_region_game(CAIRO, "C5", NOT_ORTHOGONAL)) == ["B4", "D6"]
    # B5's diagonals: N (C6), ENE (C4), WNW (A6)
    assert _sites(_region_game(CAIRO, "B5", NOT_ORTHOGONAL)) == ["A6", "C4"]


def test_union_and_difference_read_on_each_site_of_a_cairo_board():
    # Adjacent but Diagonal: the site's own orthogonal steps
    assert _sites(_region_game(CAIRO, "B5", "(difference Adjacent Diagonal)")) == ["A4", "A5", "B4", "B6", "C5"]
    # Orthogonal and N: at B5, N is a diagonal step (to C6), added to the five orthogonal ones
    assert _sites(_region_game(CAIRO, "B5", "(union Orthogonal (directions {N}))")) == [
        "A4", "A5", "B4", "B6", "C5", "C6"]
    # at C5 no step goes N
    assert _sites(_region_game(CAIRO, "C5", "(union Orthogonal (directions {N}))")) == ["B5", "B6", "C4", "C6", "D5"]


def test_difference_on_a_square_board_is_unchanged():
    assert _sites(_region_game("(square 5)", "C3", "(difference Diagonal NE)")) == ["B2", "B4", "D2"]
    assert _sites(_region_game("(square 5)", "A1", "(difference Adjacent (directions {N S}))")) == ["B1", "B2"]


# --- (sites Occupied by:All) counts a shared hand's sites (Ludii's owned positions of every player) -------------
def test_occupied_sites_of_all_include_a_shared_hand():
    # Trax's draw: (count Sites in:(sites Occupied by:All)) reaches 64 with 62 tiles on the board,
    # as Ludii's SitesOccupied lists every player's owned cells, the shared hand's among them
    game = load("""(game "T" (players 2)
      (equipment { (board (square 3)) (hand Shared size:2) (piece "Disc" Shared) })
      (rules (start { (place "Disc" (handSite Shared)) (place "Disc" (handSite Shared 1)) })
        (play (move (from (handSite Shared)) (to (sites Empty)) copy:True))
        (end (if (>= (count Sites in:(sites Occupied by:All)) 4) (result Mover Draw)))))""")
    state = game.initial_state()
    state.apply(state.legal_moves()[0])
    assert not state.is_over()  # one disc on the board, two in the hand: 3
    state.apply(state.legal_moves()[0])
    assert state.is_over() and state.result().draw  # two on the board, two in the hand


# --- end concepts of a fill condition won by a named player (Ludii 1.3.13's, as Rock-Paper-Scissors') -----------
def _end_concepts(end: str) -> set[str]:
    return load(f"""(game "T" (players 2) (equipment {{ (board (square 3)) (piece "Disc" Each) }})
      (rules (play (move Add (to (sites Empty)))) (end {end})))""").concepts


def test_a_fill_condition_won_by_a_named_player_is_a_fill_win():
    # (and ...) of (= (what at:..) (id ...)) tests is Ludii's Fill; its win by P1 is FillWin
    fill = '(and (= (what at:0) (id "Disc1")) (= (what at:1) (id "Disc2")))'
    assert {"FillEnd", "FillWin"} <= _end_concepts(f"(if {fill} (result P1 Win))")
    assert "FillLoss" in _end_concepts(f"(if {fill} (result Next Win))")
    # other families keep Ludii's Mover test: a line won by P1 is no LineWin
    line = _end_concepts("(if (is Line 3) (result P1 Win))")
    assert "LineEnd" in line and "LineWin" not in line
