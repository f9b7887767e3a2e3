"""Forms Ludii's production files of math/, puzzle/, experimental/ and the other top-level
folders use beyond the sample (issue 24, the third held-out probe, misc part). Each on a small
position, by its meaning in Ludii."""

from __future__ import annotations

from interpreter import load
from interpreter.engine.notation import read_move

# --- Ludii's class name of an aliased ludeme: (pow a b) is (^ a b) ------------------------------
# Ludii's compiler finds a call by its class name first (Pow), then by its alias (^): Omega's
# end rule compares (pow (count Players) 2) with the empty sites.
POW_BY_CLASS_NAME = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty))))
 (end (if (and (> (pow (count Players) 2) (count Sites in:(sites Empty))) (le 1 (mod 7 3)))
  (result Mover Win)))))'''


def _play(game, n):
    s = game.initial_state()
    for _ in range(n):
        s.apply(s.legal_moves()[0])
    return s


def test_pow_and_other_class_names_mean_their_alias():
    g = load(POW_BY_CLASS_NAME)
    # 2^2 = 4 > empty sites once 6 of 9 are filled (3 empty)
    assert not _play(g, 5).is_over()
    assert _play(g, 6).is_over()


# --- pieces named by numbers; (place Random {"Name"}) by the name a piece was declared with -----
# N Puzzles names its tiles "1", "2"...; Chase places (piece "Human" P1) as {"Human"}: Ludii's
# PlaceRandom finds the piece with game.getComponent, by the name written in the description.
NUMBERED = '''(game "T" (players 1) (equipment {(board (square 2))
 (piece "1" P1 (move Step Orthogonal (to if:(is Empty (to)))))
 (piece "2" P1 (move Step Orthogonal (to if:(is Empty (to)))))
 (piece "Human" P1)})
 (rules (start {(place Random {"1" "2"}) (place Random {"Human"})}) (play (forEach Piece))
 (end (if (is Target {1 2 0 3}) (result P1 Win)))))'''


def test_pieces_may_be_named_by_numbers_and_placed_at_random_by_their_declared_names():
    g = load(NUMBERED)
    assert [c.name for c in g.components[1:]] == ["11", "21", "Human1"]
    s = g.initial_state()
    assert sorted(s.what) == [0, 1, 2, 3]  # one of each, one site left empty
    # a placement names such a piece in full, never by its owner's number
    assert g.piece_tag(1) == "11" and g.piece_tag(3) == "Human1"


ADD_NUMBERED = '''(game "T" (players 2) (equipment {(board (square 2)) (piece "1" Each)})
 (rules (play (move Add (to (sites Empty)))) (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_player_whose_only_piece_is_named_by_a_number_places_it_by_its_full_name():
    g = load(ADD_NUMBERED)
    s = g.initial_state()
    assert [m.text for m in s.legal_moves()][:1] == ["A1"]
    # a player's one kind of piece is named by the owner's number; its full name reads too
    assert g.piece_tag(1) == "1" and g.piece_tag(2) == "2"
    assert read_move(g, "1@B2").what == read_move(g, "11@B2").what == 1
    assert read_move(g, "12@B2").what == 2


# --- (sites Cell "E4") on a board of vertices: Ludii's number of the cell of that label ----------
# Kensington plays on the vertices of a tiling and names its hexagons by their cells' labels.
CELL_LABELS_ON_VERTICES = '''(game "T" (players 2) (equipment {(board (square 3) use:Vertex) (piece "Disc" Each)
 (regions "Home" P1 (sites Cell "B2")) (regions "Corner" P2 (sites Cell {"A1" "B1"}))})
 (rules (play (move Add (to (sites Incident Vertex of:Cell at:(regionSite (sites P1 "Home") index:0)))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_cell_labels_on_a_board_of_vertices_name_ludiis_cell_numbers():
    g = load(CELL_LABELS_ON_VERTICES)
    assert g.owned_regions[(1, "Home")] == (3,)
    assert g.owned_regions[(2, "Corner")] == (0, 1)
    # the vertices of cell B2 (the top right square): B2 C2 B3 C3
    assert sorted(m.text for m in g.initial_state().legal_moves()) == ["B2", "B3", "C2", "C3"]


# --- (is Path Edge ...) on a board of vertices: the pieces added to its edges ----------------------
# MaxMatch adds each player's pieces to the edges of a graph played on its vertices and scores an
# edge that touches none of the mover's other edges: a path of exactly one edge.
PATH_ON_EDGES = '''(game "T" (players 2)
 (equipment {(board (graph vertices:{{0 0} {1 0} {2 0} {3 0} {4 0} {5 0}}
   edges:{{0 1} {1 2} {2 3} {3 4} {4 5}}) use:Vertex)})
 (rules (play (move Add (to Edge (sites Empty Edge))
  (then (if (is Path Edge Mover length:(exact 1)) (addScore Mover 1)))))
 (end (if (no Moves Mover) (byScore)))))'''


def _by_text(s, text):
    return next(m for m in s.legal_moves() if m.text == text)


def test_a_path_of_pieces_on_the_edges_of_a_board_of_vertices():
    g = load(PATH_ON_EDGES)
    s = g.initial_state()
    for text in ("Edge 0", "Edge 4", "Edge 2", "Edge 1"):  # P1, P2, P1, P2
        s.apply(_by_text(s, text))
    # P1's Edge 0 and Edge 2 touch no other edge of P1's: one point each; P2's Edge 4 scores,
    # its Edge 1 (between P1's edges) is a path of one edge of P2's too
    assert s.scores[1:3] == [2, 2]
    s.apply(_by_text(s, "Edge 3"))  # P1's Edge 3 joins its Edge 2: a path of two edges
    assert s.scores[1] == 2


# --- two options of one tag with args of their own -------------------------------------------------
# Theseus and the Minotaur declares <Minotaur> twice: args:{<move>} in "Play", args:{<threat>} in
# "End"; Ludii replaces each <Tag:arg> with its own option's value.
SHARED_TAG = '''(game "T" (players 2) (equipment {(board (square <Size:n>)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty)))) (end (if (= (count Moves) <Size:moves>) (result Mover Win)))))
(option "Board" <Size> args:{<n>} {(item "3" <3> "")* (item "4" <4> "")})
(option "Length" <Size> args:{<moves>} {(item "Two" <2> "")* (item "Five" <5> "")})'''


def test_two_options_may_share_a_tag_when_their_args_differ():
    g = load(SHARED_TAG, options=["Board/4", "Length/Two"])
    assert g.topology.n == 16
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert not s.is_over()
    s.apply(s.legal_moves()[0])
    assert s.is_over()


# --- an equipment region made by a region function that walks (sites Direction ...) -----------------
# Ludii evaluates an equipment region once, in a context of no move yet: Sudoku X's diagonals are
# (sites Direction from:(intersection (sites Left) (sites Bottom)) NE included:True).
DIAGONAL_REGION = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)
 (regions "Diag" P1 (sites Direction from:(intersection (sites Left) (sites Bottom)) NE included:True))
 (regions "Anti" P2 (sites Direction from:(intersection (sites Right) (sites Bottom)) NW included:True))})
 (rules (play (move Add (to (sites Mover "Diag")))) (end (if (no Moves Next) (result Mover Win)))))'''

DIAGONAL_PUZZLE = '''(game "T" (players 1) (equipment {(board (square 3) (values Cell (range 1 3)))
 (regions (sites Direction from:(intersection (sites Left) (sites Bottom)) NE included:True))})
 (rules (play (satisfy (all Different))) (end (if (is Solved) (result P1 Win)))))'''


def test_an_equipment_region_may_walk_a_direction():
    g = load(DIAGONAL_REGION)
    assert g.owned_regions[(1, "Diag")] == (0, 4, 8)
    assert g.owned_regions[(2, "Anti")] == (2, 4, 6)
    assert load(DIAGONAL_PUZZLE).initial_state().legal_moves()


# --- (remove BOARD cells:{...}) with numbers worked out before play: Ludii's dim[] -----------------
# Allemande takes the four corners off a board of (+ 2 "Order") squares a side.
REMOVE_CORNERS = '''(define "Order" 2)
(game "T" (players 2) (equipment {(board (remove (square (+ 2 "Order"))
  cells:{0 (+ "Order" 1) (* (+ "Order" 2) (+ "Order" 1)) (- (^ (+ "Order" 2) 2) 1)}))
  (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty)))) (end (if (no Moves Next) (result Mover Win)))))'''


def test_cells_removed_may_be_numbers_worked_out_before_play():
    g = load(REMOVE_CORNERS)
    assert g.topology.n == 12  # 16 cells, the 4 corners off
    assert "A1" not in g.topology.labels and "D4" not in g.topology.labels


# --- (max <array>) / (min <array>) of an empty array: Ludii's Undefined (-1) ----------------------
# Watershed scores (max (sizes Group ... Mover)) before the mover has a piece on the board.
EMPTY_EXTREMES = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty))
  (then (and (set Score P1 (max (sizes Group P2))) (set Score P2 (min (sizes Group P2)))))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_the_greatest_and_least_of_an_empty_array_are_undefined():
    g = load(EMPTY_EXTREMES)
    s = g.initial_state()
    s.apply(s.legal_moves()[0])  # P1 plays: P2 has no group yet
    assert s.scores[1:3] == [-1, -1]
    s.apply(s.legal_moves()[-1])  # P2 plays: one group of one piece
    assert s.scores[1:3] == [1, 1]


# --- (forEach Level at:...) as a region: the levels of a stack -------------------------------------
# Ludii's region ForEachLevel looks at the levels from the top down (FromTop by default), or from
# the bottom up, from startAt:, keeping those where if: holds; a region lists them in increasing order.
LEVELS = '''(game "T" (players 2) (equipment {(board (square 2)) (piece "Disc" Each)})
 (rules (start {(place Stack items:{"Disc1" "Disc2" "Disc1"} 0)})
 (play (move Add (to (sites Empty))
  (then (and
   (set Score P1 (+ {(* 100 (count Sites in:(forEach Level at:0)))
                      (* 10 (regionSite (forEach Level at:0) index:0))
                      (count Sites in:(forEach Level at:0 FromBottom if:(= 1 (who at:0 level:(level)))))}))
   (set Score P2 (+ (* 10 (regionSite (forEach Level at:0 FromBottom startAt:1) index:0))
                    (regionSite (forEach Level at:0 startAt:1) index:1)))))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_the_levels_of_a_stack_as_a_region():
    s = load(LEVELS).initial_state()
    s.apply(s.legal_moves()[0])
    # 3 levels, listed in increasing order as every Ludii region (a set); P1's at levels 0 and 2
    assert s.scores[1] == 302
    # from the bottom starting at 1: {1 2}; from the top starting at 1: {0 1}
    assert s.scores[2] == 11


# --- (forEach Player <moves>): the moves of the rule for each player --------------------------------
# So Long Sucker lets the mover give the turn to any player: (forEach Player (move Set NextPlayer
# (player (player)))), (player) being each player in turn.
EACH_PLAYER_MOVES = '''(game "T" (players 3) (equipment {(board (square 2)) (piece "Disc" Each)})
 (rules (play (forEach Player (if (not (is Mover Player)) (move Set NextPlayer (player (player))))))
 (end (if (= (count Moves) 4) (result Mover Win)))))'''


def test_for_each_player_as_moves_gives_each_players_moves():
    s = load(EACH_PLAYER_MOVES).initial_state()
    moves = s.legal_moves()
    assert len(moves) == 2  # P1 may give the turn to P2 or P3
    s.apply(moves[1])
    assert s.mover == 3


# --- (is Path ... length:(exact <worked out in play>)) ------------------------------------------------
# Icosian asks for a path as long as the moves made so far: Ludii evaluates the range each time.
PATH_OF_DYNAMIC_LENGTH = PATH_ON_EDGES.replace("length:(exact 1)", "length:(exact (+ 1 (score Next)))")


def test_a_path_length_may_be_worked_out_in_play():
    g = load(PATH_OF_DYNAMIC_LENGTH)
    s = g.initial_state()
    s.apply(_by_text(s, "Edge 0"))  # P1: P2's score 0, a path of exactly 1 edge: scores
    s.apply(_by_text(s, "Edge 4"))  # P2: P1's score 1, a path of 2 edges wanted: no
    assert s.scores[1:3] == [1, 0]


# --- (forEach Piece <effects>) as a consequence --------------------------------------------------------
# Goldilocks Stones marks each of the mover's stones by its friendly neighbours after a placement:
# the effect of each piece's (if ...), (from) being its site, then the forEach's own then.
MARK_PIECES = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (start {(place "Disc1" {"A1" "B1"}) (place "Disc2" {"A3"})})
 (play (move Add (to (sites Empty))
  (then (forEach Piece
   (if (= 1 (count Pieces Mover in:(sites Around (from) Orthogonal))) (set State at:(from) 1) (set State at:(from) 0))
   (then (set Score Mover (count Sites in:(intersection (sites Occupied by:Mover) (sites State 1)))))))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_for_each_piece_applies_its_effects_from_each_piece():
    g = load(MARK_PIECES)
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.text == "C1"))  # A1 B1 C1: A1 and C1 have one friend
    assert s.scores[1] == 2
    states = s.arrays["piece_states"]  # the local state of the piece on each site
    assert {g.topology.labels[x]: states[x] for x in range(9) if s.who[x] == 1} == {"A1": 1, "B1": 0, "C1": 1}


# --- (place Stack <piece> (handSite P) count:N) in a game of stacks ----------------------------------
# So Long Sucker starts each player with 7 chips stacked on their hand's first site.
STACK_IN_HAND = '''(game "T" (players 2) (equipment {(board (rectangle 2 2)) (hand Each size:2) (piece "Marker" Each)})
 (rules (start {(place Stack "Marker1" (handSite P1) count:7) (place Stack "Marker2" 0 count:2)})
 (play (move (from (sites Occupied by:Mover container:(mover))) (to (sites Empty))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_stack_placed_on_a_hands_site_counts_its_pieces():
    # a stacking game's hand holds a stack (Ludii's containers stack alike): 7 levels
    from interpreter.engine.handsites import what_at
    from interpreter.engine.stacks import size
    g = load(STACK_IN_HAND)
    s = g.initial_state()
    hand = g.topology.n  # P1's hand's first site comes after the board's
    assert what_at(s, hand) == g.component_index["Marker1"] and size(s, hand) == 7
    s.apply(s.legal_moves()[0])  # one piece leaves the hand's stack
    assert size(s, hand) == 6


# --- (is Empty (handSite P)) in a game whose hands have sites ---------------------------------------------
# Watershed adds a captured piece to a hand's site only when (is Empty (handSite #3)).
EMPTY_HAND_SITE = '''(game "T" (players 2) (equipment {(board (square 2)) (hand Each size:1) (piece "Disc" Each)})
 (rules (start (place "Disc1" (handSite P1)))
 (play (move Add (to (sites Empty))
  (then (and (set Score P1 (if (is Empty (handSite P1)) 1 2)) (set Score P2 (if (is Occupied (handSite P2)) 1 2))))))
 (end (if (no Moves Next) (result Mover Win)))))'''


def test_is_empty_reads_a_hands_site():
    s = load(EMPTY_HAND_SITE).initial_state()
    s.apply(s.legal_moves()[0])
    assert s.scores[1:3] == [2, 2]  # P1's hand's site holds a disc, P2's holds none
