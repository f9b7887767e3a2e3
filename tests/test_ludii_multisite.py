"""Pieces on more than one kind of site of one board (Ludii's state keeps pieces per site type:
cells, vertices and edges each have their own): moves naming their site type (``(to Edge
...)``, written ``Edge 12`` as Ludii writes a typed site), regions and conditions reading the
pieces of another kind, and their effects (``remove Edge``), as Ludii means them."""

from __future__ import annotations

import pickle

from interpreter import load
from interpreter.engine.move import ADD, Move
from interpreter.engine.multisite import LAST_KIND, SitedMove

GAME = """(game "G" (players 2) (equipment {{(board {board}) (piece "Disc" Each) {pieces}}})
  (rules {start} (play {play}) (end (if {end} (result Mover Win)))))"""

BOTH = "(or (move Add (to (sites Empty))) (move Add (to Edge (sites Empty Edge))))"


def game(play: str = BOTH, board: str = "(square 2)", end: str = "(no Moves Next)", start: str = "",
         pieces: str = ""):
    return load(GAME.format(board=board, play=play, end=end, start=start, pieces=pieces))


def texts(state) -> list[str]:
    return [m.text for m in state.legal_moves()]


def play(state, *moves: str) -> None:
    for text in moves:
        state.apply(state.parse_move(text))


# --- cells and edges at once --------------------------------------------------------------------------------

def test_a_board_of_cells_holds_pieces_on_its_cells_and_its_edges_at_once():
    """(square 2): 4 cells and 12 edges, each kind with its own pieces; a cell and the edge of
    the same number are different sites."""
    g = game()
    s = g.initial_state()
    assert len(s.legal_moves()) == 4 + 12
    assert texts(s)[:5] == ["A1", "B1", "A2", "B2", "Edge 0"]
    play(s, "A1", "Edge 0")
    assert s.what[0] and s.who[0] == 1  # the cell
    assert s.arrays["pieces@Edge"][0] and g.owner_of[s.arrays["pieces@Edge"][0]] == 2  # the edge
    assert "A1" not in texts(s) and "Edge 0" not in texts(s) and len(s.legal_moves()) == 14
    assert s.counts[1] == 1 and s.counts[2] == 0  # counts are of the board's own kind
    s.undo()
    assert not s.arrays["pieces@Edge"][0] and len(s.legal_moves()) == 15
    s.undo()
    assert not s.what[0] and len(s.legal_moves()) == 16


def test_a_move_to_an_edge_is_a_value_of_its_own():
    """A placement on edge 3 is not a placement on cell 3: equal only to the same typed move,
    and a value that survives pickling."""
    g = game()
    edge = SitedMove(ADD, to=3, what=1, game_id=g.uid, on="Edge")
    assert edge != Move(ADD, to=3, what=1, game_id=g.uid)
    assert edge == SitedMove(ADD, to=3, what=1, game_id=g.uid, on="Edge")
    assert edge.text == "Edge 3" and edge.with_word("").on == "Edge"
    assert pickle.loads(pickle.dumps(edge)) == edge


def test_is_last_to_reads_the_kind_of_the_last_move_s_site():
    g = game(end="(is LastTo Edge)")
    s = g.initial_state()
    play(s, "B2")
    assert not s.over and s.arrays[LAST_KIND] == [0]
    play(s, "Edge 5")
    assert s.over and s.winners == (2,)


# --- regions and conditions on edges of a board of cells ----------------------------------------------------

def test_regions_and_conditions_read_the_pieces_on_edges():
    """(sites Occupied ... on:Edge), (is Occupied Edge ...), (who Edge at:...), (what Edge
    at:...): the pieces on the edges, in a game played on cells."""
    g = game(play="(move Add (to Edge (sites Empty Edge) if:(is Empty Edge (to))))",
             end="(= 2 (count Sites in:(sites Occupied by:Mover on:Edge)))")
    s = g.initial_state()
    play(s, "Edge 4", "Edge 7")
    assert not s.over
    play(s, "Edge 1")
    assert s.over and s.winners == (1,)  # P1 holds edges 4 and 1
    probe = game(play="(move Add (to Edge (sites Empty Edge)))",
                 end="(and {(is Occupied Edge 4) (= (who Edge at:4) 1) (= (what Edge at:4) (id \"Disc\" P1))})")
    s = probe.initial_state()
    play(s, "Edge 4")
    assert s.over and s.winners == (1,)


def test_sites_incident_with_an_owner_reads_edges():
    """(sites Incident Edge of:Cell at:0 Mover): the edges of cell 0 holding the mover's pieces."""
    g = game(play="(move Add (to Edge (sites Empty Edge)))",
             end="(= 2 (count Sites in:(sites Incident Edge of:Cell at:0 Mover)))")
    s = g.initial_state()
    sides = g.topology.elements.cell_edges[0]
    other = next(x for x in range(12) if x not in sides)
    play(s, f"Edge {sides[0]}", f"Edge {other}")
    assert not s.over
    play(s, f"Edge {sides[1]}")
    assert s.over and s.winners == (1,)


def test_remove_edge_takes_the_pieces_off_those_edges():
    """(remove Edge ...) as an effect: the start rules' walls come off the edges of the cell
    played (LastEdge's rule)."""
    g = game(play="(move Add (to (sites Empty)) (then (remove Edge (sites Incident Edge of:Cell at:(last To)))))",
             start="(start (set Shared Edge (sites Board Edge)))", pieces='(piece "Wall" Shared)',
             end="(= 0 (count Sites in:(sites Occupied by:Shared on:Edge)))")
    s = g.initial_state()
    walls = s.arrays["pieces@Edge"]
    assert all(walls) and len(walls) == 12
    play(s, "A1")
    gone = set(g.topology.elements.cell_edges[0])
    assert [x for x in range(12) if not walls[x]] == sorted(gone) and not s.over
    play(s, "B2")
    assert not s.over and sum(1 for w in walls if w) == 4
    play(s, "A2", "B1")
    assert s.over and s.winners == (2,)
    s.undo()
    assert sum(1 for w in walls if w) > 0


# --- Dots and Boxes: a cell completed by its four edges --------------------------------------------------------

DOTS = """(game "Dots" (players 2) (equipment {(board (square 2))})
  (rules (play (move Add (to Edge (sites Empty Edge))
    (then (forEach Site (sites Incident Cell of:Edge at:(last To))
      (if (= 0 (count Sites in:(intersection (sites Incident Edge of:Cell at:(site)) (sites Empty Edge))))
          (claim (to Cell (site)) (then (and (addScore Mover 1) (moveAgain)))))))))
  (end (if (> (score Mover) 2) (result Mover Win)))))"""


def test_dots_and_boxes_completing_a_cell_by_its_four_edges_claims_it_and_moves_again():
    g = load(DOTS)
    s = g.initial_state()
    sides = g.topology.elements.cell_edges[0]
    assert len(sides) == 4 and len(s.legal_moves()) == 12
    for side in sides[:3]:
        play(s, f"Edge {side}")
    assert s.mover == 2 and s.scores == [0, 0, 0] and not s.what[0]
    play(s, f"Edge {sides[3]}")  # P2 draws the fourth side of cell 0
    assert s.scores == [0, 0, 1] and s.who[0] == 2
    assert s.mover == 2  # and moves again
    assert len(s.legal_moves()) == 8


def test_an_edge_shared_by_two_cells_completes_both():
    g = load(DOTS)
    s = g.initial_state()
    els = g.topology.elements
    shared = next(e for e in els.cell_edges[0] if len(els.edge_cells[e]) == 2)
    left, right = els.edge_cells[shared]
    for side in sorted((set(els.cell_edges[left]) | set(els.cell_edges[right])) - {shared}):
        play(s, f"Edge {side}")
    mover = s.mover
    play(s, f"Edge {shared}")
    assert s.scores[mover] == 2 and s.who[left] == s.who[right] == mover


# --- a piece from a hand onto an edge (Quoridor's walls) -----------------------------------------------------

WALLS = """(game "Walls" (players 2)
  (equipment {(board (square 3))
    (piece "Pawn" Each (move Step Orthogonal (to if:(and (is Empty (to))
      (= 0 (count Sites in:(intersection (sites Occupied by:Shared on:Edge)
        (intersection (sites Incident Edge of:Cell at:(from)) (sites Incident Edge of:Cell at:(to))))))))))
    (piece "Wall" Shared) (hand Each)})
  (rules (start {(place "Wall" (handSite P1) count:2) (place "Wall" (handSite P2) count:2)
                 (place "Pawn1" 0) (place "Pawn2" 8)})
    (play (or (if (is Occupied (handSite Mover))
                  (move (from (handSite Mover)) (to Edge (difference (sites Empty Edge) (sites Outer Edge)))))
              (forEach Piece)))
    (end (if (is LastTo Cell) (result Mover Win)))))"""


def test_a_wall_from_a_hand_onto_an_edge_blocks_a_step_across_it():
    g = load(WALLS)
    s = g.initial_state()
    n = g.topology.n
    els = g.topology.elements
    between = (set(els.cell_edges[0]) & set(els.cell_edges[1])).pop()  # A1 | B1
    inner = [x for x in range(len(els.edges)) if len(els.edge_cells[x]) == 2]
    assert sorted(texts(s)) == sorted(["A1-A2", "A1-B1"] + [f"Hand1-Edge {x}" for x in inner])
    play(s, f"Hand1-Edge {between}")
    from interpreter.engine.counts import pieces_at
    assert pieces_at(s, n) == 1 and s.arrays["pieces@Edge"][between] and not s.over
    play(s, f"Hand2-Edge {(set(els.cell_edges[8]) & set(els.cell_edges[7])).pop()}")
    assert [t for t in texts(s) if not t.startswith("Hand")] == ["A1-A2"]  # the wall stands between A1 and B1
    play(s, "A1-A2")
    assert s.over and s.winners == (1,)


def test_the_trace_texts_of_moves_to_edges_are_ludii_s_typed_sites():
    """A placement on edge 2 of a board of 4 cells is not written as cell 2's label."""
    from interpreter.ludii.traces import ludii_texts
    s = game().initial_state()
    written = ludii_texts(s, s.legal_moves())
    assert written[:4] == ["A1", "B1", "A2", "B2"] and written[4:7] == ["Edge 0", "Edge 1", "Edge 2"]


def test_move_remove_and_count_pieces_on_edges():
    """(move Remove Edge ...) takes a piece off an edge (``xEdge 3``); (count Pieces Edge ...)
    counts the pieces on the edges, the board's cells apart."""
    g = game(play="(or (move Add (to Edge (sites Empty Edge))) (move Remove Edge (sites Occupied by:Next on:Edge)))",
             end="(= 2 (count Pieces Edge Mover))")
    s = g.initial_state()
    play(s, "Edge 3")
    assert "xEdge 3" in texts(s) and len(s.legal_moves()) == 11 + 1
    play(s, "xEdge 3")
    assert not s.arrays["pieces@Edge"][3] and s.mover == 1
    play(s, "Edge 1", "Edge 2", "Edge 5")
    assert s.over and s.winners == (1,)


def test_add_as_an_effect_puts_pieces_on_edges_and_keeps_an_occupied_edge_s_piece():
    """(add (to Edge ...)) in a consequence: the four sides of the cell played get the mover's
    pieces; as Ludii's Add, an edge already holding a piece keeps it."""
    g = game(play="(move Add (to (sites Empty)) (then (add (to Edge (sites Incident Edge of:Cell at:(last To))))))",
             end="(= 5 (count Pieces Edge All))")
    s = g.initial_state()
    sides = g.topology.elements.cell_edges
    play(s, "A1")
    edges = s.arrays["pieces@Edge"]
    assert [x for x in range(12) if edges[x]] == sorted(sides[0]) and not s.over
    play(s, "B1")  # B1 shares a side with A1: that side keeps P1's piece
    common = (set(sides[0]) & set(sides[1])).pop()
    assert g.owner_of[edges[common]] == 1
    assert sum(1 for w in edges if w) == 7 and not s.over


def test_place_on_edges_at_the_start():
    """(place "Disc1" Edge ...): start pieces on edges of a board of cells, beside its cells."""
    g = game(start='(start {(place "Disc1" Edge (sites {0 11})) (place "Disc2" 0)})',
             end="(= 2 (count Pieces Edge P1))")
    s = g.initial_state()
    edges = s.arrays["pieces@Edge"]
    assert g.owner_of[edges[0]] == 1 and g.owner_of[edges[11]] == 1 and sum(1 for w in edges if w) == 2
    assert s.who[0] == 2 and "Edge 0" not in texts(s) and len(s.legal_moves()) == 3 + 10
