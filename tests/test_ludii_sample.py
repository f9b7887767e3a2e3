"""Sample files that did not load or agree with Ludii (issue 24): the general meanings they
needed, each on a small position whose answer follows from Ludii's classes."""

from __future__ import annotations

from interpreter import load

PIT = '(board (square 3)) (piece "Seed" Shared)'


def game(rules: str, equipment: str = PIT, players: int = 2):
    return load(f'(game "T" (players {players}) (equipment {{{equipment}}}) (rules {rules}))')


# --- removal from a site counting several pieces (Spreta) ----------------------------------------
def test_move_remove_with_count_empties_a_pit_as_ludiis_flat_site():
    # Ludii's Remove makes `count` ActionRemoves; on a flat (non-stacking) site the first one
    # empties it (ContainerFlatState.remove sets count 0), whatever the count asked
    g = game('(start (set Count 5 to:(sites {0 4}))) (play (move Remove (sites Occupied by:Shared) count:2))')
    s = g.initial_state()
    assert sorted(m.text for m in s.legal_moves()) == ["xA1", "xB2"]
    s.apply(next(m for m in s.legal_moves() if m.text == "xA1"))
    assert s.what[0] == 0 and s.arrays["count"][0] == 0 and s.arrays["count"][4] == 5


def test_remove_effect_with_count_empties_a_pit():
    g = game('(start (set Count 5 to:(sites {0 4}))) (play (move Select (from (sites Occupied by:Shared)) '
             '(then (remove (last From) count:1))))')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.what[0] == 0 and s.arrays["count"][0] == 0 and s.arrays["count"][4] == 5


# --- a piece given by number in add (MensaSpiel) ---------------------------------------------------
def test_add_a_piece_given_by_number_worked_out_each_time():
    # Ludii's Add evaluates its piece's IntFunction when it makes the moves: (id "Disc" Next) is
    # the next player's Disc, whoever moves
    g = game('(play (move Add (piece (id "Disc" Next)) (to (sites Empty))))', '(board (square 2)) (piece "Disc" Each)')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.who[0] == 2
    s.apply(s.legal_moves()[0])
    assert s.who[1] == 1


def test_add_a_piece_given_by_a_number_that_is_no_piece_adds_nothing():
    g = game('(play (or (move Add (piece (+ 5 (mover))) (to (sites Empty))) (move Pass)))',
             '(board (square 2)) (piece "Disc" Each)')
    assert [m.text for m in g.initial_state().legal_moves()] == ["pass"]


# --- a hand's site holding several pieces (Unachess) ------------------------------------------------
HANDS = '(board (square 3)) (piece "Disc" Each) (piece "Cross" Each) (hand Each size:2)'


def test_a_hands_site_counts_the_pieces_placed_there_and_a_move_takes_one():
    # Ludii's (place "Disc1" (handSite P1 0) count:3): one site holding 3 Discs; a piece moved
    # off it leaves the others (its count goes down), the last one empties it
    g = game('(start {(place "Disc1" (handSite P1 0) count:3) (place "Cross1" (handSite P1 1))}) '
             '(play (move (from (sites Occupied by:Mover container:"Hand")) (to (sites Empty))))', HANDS)
    s = g.initial_state()
    texts = [m.text for m in s.legal_moves()]
    assert "Hand1_1-A1" in texts and "Hand1_2-A1" in texts
    for to in ("A1", "B1", "C1"):
        s.apply(next(m for m in s.legal_moves() if m.text == f"Hand1_1-{to}"))
        s.apply(s.legal_moves()[0])  # P2: no piece, a pass
    assert [s.what[0], s.what[1], s.what[2]] == [1, 1, 1]  # three Discs of P1's
    assert s.arrays["hand_sites"][0] == 0 and s.arrays["hand_sites"][1] != 0
    assert not any(m.text.startswith("Hand1_1") for m in s.legal_moves())


def test_count_at_a_hands_site_reads_its_pieces():
    g = game('(start (place "Disc1" (handSite P1 1) count:4)) '
             '(play (if (= 4 (count at:(handSite P1 1))) (move Pass) (move Add (to (sites Empty)))))', HANDS)
    assert [m.text for m in g.initial_state().legal_moves()] == ["pass"]


# --- Ludii's Add tests no site; a placement with effects listed twice without a move cache ---------
def _texts(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


def test_move_add_lists_occupied_sites_of_its_region_with_a_capture_by_placement():
    # (to (sites Occupied by:Next) (apply (remove (to)))): Ludii's Add takes every site of the
    # region; the apply empties it before the piece comes
    g = game('(start (place "Disc2" {"A1" "B1"})) '
             '(play (move Add (to (sites Occupied by:Next) (apply (remove (to))))))',
             '(board (square 2)) (piece "Disc" Each)')
    s = g.initial_state()
    assert _texts(s) == ["A1", "B1"]
    s.apply(s.legal_moves()[0])
    assert s.who[0] == 1 and s.who[1] == 2


def test_move_add_on_an_occupied_site_keeps_the_piece_there():
    # Ludii's ActionAdd on an occupied site of a game without stacks or counts leaves the piece
    g = game('(start (place "Disc2" "A1")) (play (move Add (to (sites Board))))',
             '(board (square 2)) (piece "Disc" Each)')
    s = g.initial_state()
    assert "A1" in _texts(s)
    s.apply(next(m for m in s.legal_moves() if m.text == "A1"))
    assert s.who[0] == 2


def test_the_add_effect_on_an_occupied_site_keeps_the_piece_there():
    # the effect (add ...) is Ludii's same Add: its region's sites are not tested either
    g = game('(start (place "Disc2" "A1")) (play (move Pass (then (add (piece "Disc1") (to (sites Board))))))',
             '(board (square 2)) (piece "Disc" Each)')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.who == [2, 1, 1, 1]


def test_the_compiled_tier_lists_and_keeps_occupied_placements_as_the_reference():
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    g = load('(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) '
             '(rules (play (move Add (to (sites Board) if:(!= (to) 4)))) '
             '(end (if (is Line 3) (result Mover Win)))))')
    compiled = native_game(g)
    assert compiled is not None, why_not(g)
    for seed in range(5):
        assert compare_game(g, compiled, seed) is None


def test_a_placement_with_effects_is_listed_twice_inside_a_generator_with_then():
    # Ludii disables the Add's move cache below an (or ... (then ...)) (Game.checkAddMoveCaches);
    # its eval then adds a placement whose to applies effects twice
    rules = ('(play (or {{(move Pass) (move Add (to (sites Empty) (apply (set Var "y" 1))))}}{}))')
    equipment = '(board (square 1)) (piece "Disc" Each)'
    with_then = _texts(game(rules.format(' (then (set Var "x" 1))'), equipment).initial_state())
    without = _texts(game(rules.format(''), equipment).initial_state())
    assert with_then.count("A1") + with_then.count("A1/2") == 2
    assert without.count("A1") == 1 and "A1/2" not in without


def test_no_moves_sees_no_placement_on_a_full_board():
    # (sites Empty) holds no occupied site: a full board leaves no placement (can Move / no Moves)
    g = game('(play (move Add (to (sites Empty)))) (end (if (no Moves Next) (result Mover Win)))',
             '(board (square 1)) (piece "Disc" Each)')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.is_over() and s.result().winners == [1]


# --- pieces on another kind of site than the board's (Maze) ------------------------------------------
def test_set_shared_on_edges_of_a_board_of_cells_and_sites_occupied_there():
    # Ludii's (set Shared Edge ...): the shared piece on each edge given; (sites Occupied
    # by:Shared on:Edge) reads them, in Ludii's numbering of the edges; the cells stay empty
    g = load('(game "T" (players 1) (equipment {(board (square 2)) (piece "Wall" Shared) (piece "Disc" P1)}) '
             '(rules (start (set Shared Edge (sites {0 3 5}))) '
             '(play (if (= 3 (count Sites in:(sites Occupied by:Shared on:Edge))) (move Pass))) '
             '(end (if (no Moves Mover) (result Mover Loss)))))')
    s = g.initial_state()
    assert [m.text for m in s.legal_moves()] == ["pass"]
    assert not any(s.what)
    assert [x for x, w in enumerate(s.arrays["pieces@Edge"]) if w] == [0, 3, 5]


def test_sites_occupied_on_a_kind_nothing_is_put_on_is_empty():
    g = load('(game "T" (players 1) (equipment {(board (square 2)) (piece "Disc" P1)}) '
             '(rules (play (if (= 0 (count Sites in:(sites Occupied by:All on:Vertex))) (move Pass))) '
             '(end (if (no Moves Mover) (result Mover Loss)))))')
    assert [m.text for m in g.initial_state().legal_moves()] == ["pass"]


# --- a stack placed in a hand (Puluc) ----------------------------------------------------------------
def test_place_stack_in_a_hand_holds_that_many_pieces():
    # (place Stack "Marker1" (handSite P1) count:3): identical pieces without state, counted in the hand
    g = load('(game "T" (players 2) (equipment {(board (square 2)) (piece "Marker" Each) (hand Each)}) '
             '(rules (start {(place Stack "Marker1" (handSite P1) count:3) (place Stack "Marker2" 0)}) '
             '(play (if (= 3 (count Cell at:(handSite P1))) (move Pass))) '
             '(end (if (no Moves Mover) (result Mover Loss)))))')
    s = g.initial_state()
    assert [m.text for m in s.legal_moves()] == ["pass"]
