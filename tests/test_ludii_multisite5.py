"""Pieces that stand and move on more than one kind of site of one board, as Ludii's state keeps
a container state per site type (cells, vertices, edges): a piece on a cell of a board of
vertices steps among the cells (Ludii's Step with ``(from Cell)``), moves between kinds
(``(move (from Cell) (to Vertex ...))``), is found by ``(forEach Piece)`` (on every kind, or on
the kind ``on:`` names), is placed by its label among the elements of its kind; ``(centrePoint
Vertex)`` is the centre vertex of a board of cells; the metadata may dress a player that only
another option has."""

from __future__ import annotations

import pickle

from interpreter import load
from interpreter.engine.move import MOVE
from interpreter.engine.multisite import SitedMove

GAME = """(game "G" (players 2) (equipment {{(board {board}) {pieces}}})
  (rules {start} (play {play}) (end (if {end} (result Mover Win)))))"""

CELL_STEP = ('(piece "Disc" Each (move Step (from Cell) {dirs} (to Cell if:(is Empty Cell (to)))))')


def game(play: str = "(forEach Piece)", board: str = "(square 3) use:Vertex", end: str = "(no Moves Next)",
         start: str = "", pieces: str = CELL_STEP.format(dirs="Orthogonal"), metadata: str = ""):
    return load(GAME.format(board=board, play=play, end=end, start=start, pieces=pieces) + metadata)


def texts(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


# --- a piece on a cell of a board of vertices ---------------------------------------------------------------

def test_a_piece_placed_on_a_cell_by_its_label_among_the_cells():
    """(place "Disc1" Cell {"B2"}) on a board of 3x3 vertices: B2 is the cell in column B,
    row 2 (cell 3 of the 2x2 cells), not the vertex B2 (vertex 4)."""
    g = game(start='(start (place "Disc1" Cell {"B2"}))')
    s = g.initial_state()
    cells = s.arrays["pieces@Cell"]
    assert [x for x in range(4) if cells[x]] == [3]
    assert not any(s.what)  # the vertices are empty


def test_a_piece_on_a_cell_steps_among_the_cells_in_the_directions_given():
    """Ludii's Step from a cell: the neighbours of that cell among the cells (Orthogonal: the
    two cells sharing a side with the corner cell A1; Diagonal: the cell B2)."""
    start = '(start (place "Disc1" Cell 0))'
    s = game(start=start).initial_state()
    assert texts(s) == ["Cell 0-Cell 1", "Cell 0-Cell 2"]
    s = game(start=start, pieces=CELL_STEP.format(dirs="Diagonal")).initial_state()
    assert texts(s) == ["Cell 0-Cell 3"]


def test_a_step_between_cells_moves_the_piece_there_and_undoes():
    g = game(start='(start {(place "Disc1" Cell 0) (place "Disc2" Cell 3)})')
    s = g.initial_state()
    cells = s.arrays["pieces@Cell"]
    s.apply(s.parse_move("Cell 0-Cell 1"))
    assert not cells[0] and g.owner_of[cells[1]] == 1 and s.mover == 2
    assert texts(s) == ["Cell 3-Cell 2"]  # P2's piece: cell 1 is taken now
    s.undo()
    assert cells[0] and not cells[1]


def test_a_step_from_a_cell_without_condition_goes_anywhere_as_ludii_s_step():
    """Ludii's Step reads only the to's if: (none: every neighbour, even an occupied one)."""
    pieces = '(piece "Disc" Each (move Step (from Cell) Orthogonal (to Cell)))'
    s = game(start='(start {(place "Disc1" Cell 0) (place "Disc1" Cell 1)})', pieces=pieces).initial_state()
    assert texts(s) == ["Cell 0-Cell 1", "Cell 0-Cell 2", "Cell 1-Cell 0", "Cell 1-Cell 3"]


def test_a_move_names_the_kind_of_both_its_ends():
    g = game()
    move = SitedMove(MOVE, 0, 1, 1, game_id=g.uid, on="Cell", frm_on="Cell")
    assert move != SitedMove(MOVE, 0, 1, 1, game_id=g.uid, on="Cell")
    assert move.text == "Cell 0-Cell 1"
    assert pickle.loads(pickle.dumps(move)) == move and move.with_word("").frm_on == "Cell"


# --- moves between kinds ------------------------------------------------------------------------------------

BETWEEN = """(piece "Disc" Each (or
    (move (from Cell) (to Vertex (intersection (sites Empty Vertex) (sites Incident Vertex of:Cell at:(from)))))
    (move (from Vertex) (to Cell (intersection (sites Empty Cell) (sites Incident Cell of:Vertex at:(from)))))))"""


def test_a_piece_moves_from_a_cell_to_its_vertices_and_back():
    """Triple Tangle's moves: from cell 0 of a 3x3-vertex board to its four corners (vertices
    0, 1, 3, 4), which are the board's own sites; then from the vertex into an empty cell."""
    g = game(start='(start (place "Disc1" Cell 0))', pieces=BETWEEN)
    s = g.initial_state()
    assert texts(s) == ["Cell 0-A1", "Cell 0-A2", "Cell 0-B1", "Cell 0-B2"]
    s.apply(s.parse_move("Cell 0-B2"))
    assert s.who[4] == 1 and s.counts[1] == 1 and not s.arrays["pieces@Cell"][0]
    assert s.over and s.winners == (1,)  # P2 has no piece to move
    s.undo()
    assert not s.what[4] and s.arrays["pieces@Cell"][0]


def test_from_a_vertex_into_the_cells_it_is_a_corner_of():
    g = game(start='(start (place "Disc1" (sites {4})))', pieces=BETWEEN)
    s = g.initial_state()
    assert texts(s) == ["B2-Cell 0", "B2-Cell 1", "B2-Cell 2", "B2-Cell 3"]


def test_a_move_from_the_last_cell_reached():
    """(move (from Cell (last To)) (to Cell ...)): the piece that just arrived on a cell moves on."""
    play = """(if (is Prev Mover)
        (move (from Cell (last To)) (to Cell (sites Around Cell (from) Orthogonal) if:(is Empty Cell (to))))
        (forEach Piece))"""
    pieces = '(piece "Disc" Each (move Step (from Cell) Diagonal (to Cell if:(is Empty Cell (to))) (then (moveAgain))))'
    g = game(play=play, start='(start (place "Disc1" Cell 0))', pieces=pieces)
    s = g.initial_state()
    s.apply(s.parse_move("Cell 0-Cell 3"))
    assert s.mover == 1 and texts(s) == ["Cell 3-Cell 1", "Cell 3-Cell 2"]


# --- forEach Piece over the kinds ---------------------------------------------------------------------------

def test_for_each_piece_finds_the_pieces_of_every_kind_or_of_the_kind_named():
    start = '(start {(place "Disc1" Cell 0) (place "Disc1" (sites {8}))})'
    assert texts(game(start=start, pieces=BETWEEN).initial_state()) == [
        "C3-Cell 3", "Cell 0-A1", "Cell 0-A2", "Cell 0-B1", "Cell 0-B2"]
    assert texts(game(play="(forEach Piece on:Cell)", start=start, pieces=BETWEEN).initial_state()) == [
        "Cell 0-A1", "Cell 0-A2", "Cell 0-B1", "Cell 0-B2"]
    assert texts(game(play="(forEach Piece on:Vertex)", start=start, pieces=BETWEEN).initial_state()) == [
        "C3-Cell 3"]


def test_for_each_piece_without_on_reads_elements_numbered_below_the_board_s_count():
    """Ludii's ForEachPiece walks the pieces' locations below the count of the default kind's
    elements: on a board of one cell, a piece on vertex 3 is not found without on:Vertex."""
    pieces = '(piece "Disc" Each (move Step (from Vertex) Orthogonal (to Vertex if:(is Empty Vertex (to)))))'
    start = '(start (place "Disc1" Vertex (sites {3})))'
    s = game(board="(square 1)", start=start, pieces=pieces, play="(or (forEach Piece) (move Pass))").initial_state()
    assert texts(s) == ["pass"]
    s = game(board="(square 1)", start=start, pieces=pieces, play="(forEach Piece on:Vertex)").initial_state()
    assert texts(s) == ["Vertex 3-Vertex 1", "Vertex 3-Vertex 2"]


# --- a board of cells, played on its vertices too -------------------------------------------------------------

def test_centre_point_of_another_kind_is_the_centre_of_those_elements():
    """(centrePoint Vertex) on a board of 2x2 cells: its middle vertex (4), as Ludii's
    graph.centre(Vertex); the cells' centre stays the board's own."""
    g = game(board="(square 2)", pieces='(piece "Disc" Each)', start="",
             play="(move Add (to Vertex (sites {(centrePoint Vertex)})))")
    s = g.initial_state()
    assert [(m.to, m.on) for m in s.legal_moves()] == [(4, "Vertex")]


def test_claiming_a_cell_when_its_corners_are_the_mover_s():
    """ConHex's rule: a cell whose vertices the mover holds is claimed (its rectangle on the
    cell), read from the pieces on the vertices."""
    play = """(move Add (to Vertex (sites Empty Vertex))
        (then (forEach Site (sites Incident Cell of:Vertex at:(last To))
            (if (= 4 (count Sites in:(intersection (sites Incident Vertex of:Cell at:(site))
                                                   (sites Occupied by:Mover on:Vertex))))
                (claim (piece (id "Rect" Mover)) (to Cell (site)))))))"""
    g = game(board="(square 2)", pieces='(piece "Marker" Each) (piece "Rect" Each)', play=play,
             end="(is Mover (who Cell at:0))")
    s = g.initial_state()
    for v in ("Vertex 0", "Vertex 8", "Vertex 1", "Vertex 7", "Vertex 3"):
        s.apply(next(m for m in s.legal_moves() if m.text.endswith(v)))
    assert not s.over and not s.what[0]
    s.apply(next(m for m in s.legal_moves() if m.text.endswith("Vertex 5")))  # P2
    s.apply(next(m for m in s.legal_moves() if m.text.endswith("Vertex 4")))  # P1 holds 0 1 3 4
    assert s.who[0] == 1 and s.over and s.winners == (1,)


# --- the metadata ---------------------------------------------------------------------------------------------

def test_the_metadata_may_dress_a_player_of_another_option():
    """Ludii loads a file for 2 or 3 players whose graphics colour P3, played by 2."""
    g = game(metadata="\n(metadata (graphics {(player Colour P3 (colour Grey))}))")
    assert g.num_players == 2


# --- Guerrilla Checkers' rules: counters on the cells, stones on the vertices --------------------------------

GUERRILLA = """(game "G" (players 2) (equipment {(board (square 4) use:Vertex) (piece "Marker" P1)
  (piece "Counter" P2 (move Step (from Cell) Diagonal (to Cell if:(is Empty Cell (to)))
     (then (forEach Site (intersection (sites Incident Vertex of:Cell at:(last From))
                                       (sites Incident Vertex of:Cell at:(last To)))
        (if (is Enemy (who at:(site))) (remove (site)))))))})
  (rules (start {(place "Counter2" Cell 0) (place "Marker1" (sites {START}))})
   (play (if (is Mover P1)
     (move Add (to (sites Empty))
       (then (forEach Site (forEach (sites Occupied by:P2 on:Cell)
                              if:(= 0 (count Sites in:(intersection (sites Empty)
                                                                    (sites Incident Vertex of:Cell at:(site))))))
               (remove Cell (site)))))
     (forEach Piece)))
   (end (if (no Moves Next) (result Mover Win)))))"""


def test_a_counter_jumping_diagonally_over_a_vertex_takes_the_stone_there():
    """A counter on cell A1 of a 4x4-vertex board steps diagonally to cell B2 (cell 4), over
    vertex B2 (5): the stone there is removed; the stones beside it stay."""
    s = load(GUERRILLA.replace("START", "5 6 9 10")).initial_state()
    s.apply(s.parse_move("A1"))
    assert s.mover == 2 and texts(s) == ["Cell 0-Cell 4"]
    s.apply(s.parse_move("Cell 0-Cell 4"))
    assert [x for x in range(16) if s.what[x]] == [0, 6, 9, 10]
    cells = s.arrays["pieces@Cell"]
    assert [x for x in range(9) if cells[x]] == [4]


def test_a_counter_whose_four_corners_hold_stones_is_removed():
    s = load(GUERRILLA.replace("START", "0 1 4")).initial_state()
    assert s.arrays["pieces@Cell"][0]
    s.apply(s.parse_move("B2"))  # the fourth corner of cell A1
    assert not s.arrays["pieces@Cell"][0]
    assert s.over and s.winners == (1,)  # P2 has no piece left to move


def test_sites_occupied_on_another_kind_in_the_board_s_own_container():
    """(sites Occupied by:P1 container:"Board" on:Cell): the board is the container of its
    cells, vertices and edges alike (Triple Tangle's rule for three players)."""
    g = game(start='(start {(place "Disc1" Cell 2) (place "Disc1" (sites {0}))})',
             end='(= 1 (count Sites in:(sites Occupied by:P1 container:"Board" on:Cell)))')
    s = g.initial_state()
    s.apply(s.parse_move("Cell 2-Cell 3"))
    assert s.over and s.winners == (1,)
