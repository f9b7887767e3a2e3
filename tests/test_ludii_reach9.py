"""Forms of Ludii's race games that reach a goal (board/race/reach: Arimaa, Ashere, A'imé,
There and Back), each on a small position, by their meaning in Ludii's Java: PlaceItem in a
container named "Hand" (count: pieces with their value: on the first empty site of each
player's hand), SetHidden/IsHidden of type Cell on a board of vertices (a hand's cells), and a
region owned by a player the game's options leave out (Regions, (sites P3) in two players)."""

from __future__ import annotations

from interpreter import load
from interpreter.engine import hidden as engine_hidden


def _moves(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


def _play(state, text: str) -> None:
    state.apply(next(m for m in state.legal_moves() if m.text == text))


# --- Arimaa: (place "Rabbit" "Hand" count:8 value:1) with hands of sites --------------------------
# Ludii's PlaceItem puts count: pieces on the first empty site of each player's hand (one site
# per kind), each with the value given; a piece moved off such a site leaves the others there and
# takes its value along (ActionMove).
PLACED = '''(game "P" (players 2)
 (equipment {(board (square 3)) (hand Each size:3) (piece "Rabbit" Each) (piece "Cat" Each)})
 (rules (start {(place "Rabbit" "Hand" count:3 value:1) (place "Cat" "Hand" count:2 value:2)})
  (play (move (from (sites Occupied by:Mover container:(mover))) (to (sites Empty))))
  (end (if (= (value Piece at:(last To)) 2) (result Mover Win)))))'''


def test_hand_named_placement_puts_count_pieces_on_one_site_each():
    state = load(PLACED).initial_state()
    # two sites of P1's hand hold pieces (rabbits, cats), each may go to any of 9 empty sites
    assert len(state.legal_moves()) == 2 * 9
    assert {m.text.split("-")[0] for m in state.legal_moves()} == {"Hand1_1", "Hand1_2"}
    _play(state, "Hand1_1-A1")  # a rabbit: two are left on its site
    assert {m.text.split("-")[0] for m in state.legal_moves()} == {"Hand2_1", "Hand2_2"}
    _play(state, "Hand2_1-B1")
    _play(state, "Hand1_1-C1")
    _play(state, "Hand2_1-A2")
    _play(state, "Hand1_1-B2")  # P1's third and last rabbit: only the cats are left
    assert {m.text.split("-")[0] for m in state.legal_moves()} == {"Hand2_1", "Hand2_2"}
    _play(state, "Hand2_1-C2")
    assert {m.text.split("-")[0] for m in state.legal_moves()} == {"Hand1_2"}
    assert not state.is_over()  # a rabbit's value is 1


def test_hand_named_placement_gives_its_value_to_the_piece_moved():
    state = load(PLACED).initial_state()
    _play(state, "Hand1_2-B2")  # a cat (value 2) reaches the board
    assert state.is_over() and state.winners == (1,)


# --- Ashere / A'imé: (set Hidden Cell at:(last To) to:Next) on a board of vertices ---------------
# Ludii's hands are containers of cells numbered after the board's sites: Cell names them on any
# board, so the stick added to a hand's cell is hidden to the next player there.
HIDING = '''(game "H" (players 2)
 (equipment {(board (square 2) use:Vertex) (hand Each size:2) (piece "Stick" Shared) (piece "Marker" Each)})
 (rules (start (place "Marker1" 0))
  (play (if (is Empty (handSite Mover 0))
   (move Add (piece (id "Stick" Shared)) (to Cell (sites Hand Mover))
    (then (set Hidden Cell at:(last To) to:Next)))
   (move Select (from Cell (sites Hand Mover) if:(is Hidden Cell at:(from) to:Next)))))
  (end (if (= 1 0) (result Mover Win)))))'''


def test_set_hidden_cell_on_a_vertex_board_hides_a_hand_site():
    game = load(HIDING)
    state = game.initial_state()
    n = len(state.what)
    assert _moves(state) == ["Stick@Hand1_1", "Stick@Hand1_2"]
    _play(state, "Stick@Hand1_2")
    assert engine_hidden.is_hidden(state, None, 2, n + 1)  # P1's second cell, hidden to P2
    assert not engine_hidden.is_hidden(state, None, 1, n + 1)
    assert not engine_hidden.is_hidden(state, None, 2, n)


def test_is_hidden_cell_reads_a_hand_site_of_a_vertex_board():
    state = load(HIDING).initial_state()
    _play(state, "Stick@Hand1_1")
    _play(state, "Stick@Hand2_2")
    # P1's first cell is occupied, so P1 now selects among its cells hidden to P2: the one hidden
    assert _moves(state) == ["Hand1_1"]


# --- There and Back: (regions P3 ...) in its two-player options ---------------------------------
# Ludii keeps a region of a player the game does not have; (sites P3) is that region.
BEYOND = '''(game "B" (players 2)
 (equipment {(board (square 3)) (piece "Disc" Each)
  (regions P1 (sites {0})) (regions P2 (sites {8})) (regions P3 (sites {#SITES}))})
 (rules (start {(place "Disc1" (sites P1)) (place "Disc2" (sites P2)) (place "Disc2" (sites P3))})
  (play (move Add (to (sites Empty))))
  (end (if (is Full) (result Mover Win)))))'''


def test_region_of_a_player_beyond_the_count_is_empty_when_declared_empty():
    state = load(BEYOND.replace("#SITES", "")).initial_state()
    assert len(state.legal_moves()) == 7  # 9 sites, P1's and P2's discs placed, nothing for P3


def test_region_of_a_player_beyond_the_count_holds_its_sites():
    state = load(BEYOND.replace("#SITES", "4")).initial_state()
    assert len(state.legal_moves()) == 6
    assert state.who[4] == 2
