"""Pieces that stack and have a local state on a second kind of site of one board, as Ludii's
ContainerStateStacks keeps its per level arrays (piece, owner, state) for each site type: a
stacking game on a board of cells puts pieces on top of each other on its edges or vertices,
``(set State Edge ...)`` sets the state of the piece there (the top one, or the level given),
``(state Edge ...)``, ``(who Edge ...)``, ``(what Edge ...)`` and ``(sites Occupied ... on:Edge)``
read them as they do the board's own sites, and ``(remove Edge ... count:)`` takes pieces off
the top as on a cell. The compiled tier leaves such games to the reference tier."""

from __future__ import annotations

import pytest

from interpreter import load

STACKED = """(game "G" (players 2)
  (equipment {{(board (square 2)) (piece "I" Each) (piece "Ball" Each)}})
  (rules (play (or
      (move Add (piece (id "I" Mover)) (to {kind} (sites {{0 1}})) stack:True
        (then (set State {kind} at:(last To) (+ 1 (mover)) (then (set Score Mover {read})))))
      (move Add (piece (id "Ball" Mover)) (to (sites Empty)) (then {effect}))))
    (end (if (= (score P1) 99) (result P1 Win)))))"""


def game(read: str = "0", kind: str = "Edge", effect: str = "(set Score Mover 0)"):
    return load(STACKED.format(read=read, kind=kind, effect=effect))


def play(state, *texts: str):
    for text in texts:
        state.apply(state.parse_move(text))
    return state


def two_on_zero(g, kind: str = "Edge"):
    """P1's I then P2's I on element 0 of ``kind``: a stack of two."""
    s = g.initial_state()
    return play(s, f"I1@{kind} 0", f"I2@{kind} 0")


def test_pieces_added_onto_an_edge_stack_with_their_own_states():
    g = game()
    s = two_on_zero(g)
    i1, i2 = (g.component_index[f"I{p}"] for p in (1, 2))
    assert s.arrays["pieces@Edge"][0] == i2  # the top
    assert s.arrays["stack@Edge"][0] == ((i1, 2),)  # P1's piece below, its state 2 kept
    assert s.arrays["piece_states@Edge"][0] == 3  # the top piece's state
    assert not any(s.what)  # the cells hold nothing
    s.undo()
    assert s.arrays["pieces@Edge"][0] == i1 and s.arrays["stack@Edge"][0] == ()
    assert s.arrays["piece_states@Edge"][0] == 2


@pytest.mark.parametrize(("read", "expected"), [
    ("(who Edge at:0)", 2),  # the top piece's owner
    ("(who Edge at:0 level:0)", 1),
    ("(what Edge at:0 level:1)", "I2"),
    ("(what Edge at:0)", "I1"),  # Ludii's What reads level 0 in a stacking game
    ("(state Edge at:0)", 3),  # the top piece's state
    ("(state Edge at:0 level:0)", 2),
    ('(count Sites in:(sites Occupied by:P1 component:"I" on:Edge))', 0),  # its top piece is P2's
    ('(count Sites in:(sites Occupied by:P1 component:"I" on:Edge top:False))', 1),
    ('(count Sites in:(sites Occupied by:P2 component:"I" on:Edge))', 1),
    ("(count Sites in:(sites State Edge 3))", 1),
    ("(count Sites in:(sites State Edge 2))", 0),  # a covered piece's state is its own
])
def test_the_readers_of_an_edge_s_stack(read, expected):
    g = game(read)
    s = two_on_zero(g)
    if isinstance(expected, str):
        expected = g.component_index[expected]
    assert s.scores[2] == expected


def test_removing_from_an_edge_takes_the_top_piece_and_uncovers_the_one_below_with_its_state():
    g = game(effect="(remove Edge 0)")
    s = play(two_on_zero(g), "Ball1@A1")  # P1's ball, then the removal
    i1 = g.component_index["I1"]
    assert s.arrays["pieces@Edge"][0] == i1 and s.arrays["stack@Edge"][0] == ()
    assert s.arrays["piece_states@Edge"][0] == 2


def test_removing_a_count_from_an_edge_takes_that_many_pieces_off_its_stack():
    g = game(effect="(remove Edge 0 count:2)")
    s = play(two_on_zero(g), "Ball1@A1")
    assert s.arrays["pieces@Edge"][0] == 0 and s.arrays["stack@Edge"][0] == ()
    assert s.arrays["piece_states@Edge"][0] == 0
    s.undo()
    assert s.arrays["pieces@Edge"][0] and len(s.arrays["stack@Edge"][0]) == 1


def test_a_removal_from_an_edge_at_a_level_takes_that_piece():
    g = game(effect="(remove Edge 0 level:0)")
    s = play(two_on_zero(g), "Ball1@A1")
    assert s.arrays["pieces@Edge"][0] == g.component_index["I2"] and s.arrays["stack@Edge"][0] == ()
    assert s.arrays["piece_states@Edge"][0] == 3


def test_pieces_stack_on_the_vertices_of_a_board_of_cells_alike():
    g = game("(who Vertex at:0 level:0)", kind="Vertex")
    s = two_on_zero(g, "Vertex")
    assert s.scores[2] == 1 and len(s.arrays["stack@Vertex"][0]) == 1
    assert "pieces@Edge" not in g.arrays


def test_the_legal_moves_read_the_states_of_the_edges():
    """Placements onto the edges whose state is the mover's number: (sites State Edge (mover))."""
    g = load("""(game "G" (players 2)
      (equipment {(board (square 2)) (piece "I" Each)})
      (rules (play (or
          (move Add (piece (id "I" Mover)) (to Edge (sites State Edge (mover))) stack:True)
          (move Add (piece (id "I" Mover)) (to Edge (sites {2})) stack:True
             (then (set State Edge at:(last To) (next))))))
        (end (if (= (count Moves) 20) (result P1 Win)))))""")
    s = g.initial_state()
    assert sorted(m.text for m in s.legal_moves()) == ["1@Edge 2"]
    play(s, "1@Edge 2")  # P1's piece on edge 2, its state 2: P2 may stack on it by the first rule too
    assert s.arrays["piece_states@Edge"][2] == 2
    assert [m.text for m in s.legal_moves()] == ["2@Edge 2", "2@Edge 2/2"]
    s.apply(s.legal_moves()[0])  # the first: no state set, the new top's is 0
    assert s.arrays["piece_states@Edge"][2] == 0 and s.arrays["stack@Edge"][2][0][1] == 2
    assert [m.text for m in s.legal_moves()] == ["1@Edge 2"]


def test_the_state_of_an_edge_in_a_game_whose_pieces_do_not_stack():
    g = load("""(game "G" (players 2)
      (equipment {(board (square 2)) (piece "I" Each)})
      (rules (play (move Add (piece (id "I" Mover)) (to Edge (sites Empty Edge))
          (then (set State Edge at:(last To) (mover)))))
        (end (if (= 2 (count Sites in:(sites State Edge 2))) (result P2 Win)))))""")
    s = play(g.initial_state(), "1@Edge 0", "2@Edge 1", "1@Edge 2")
    assert [s.arrays["piece_states@Edge"][x] for x in range(4)] == [1, 2, 1, 0]
    assert not s.over
    play(s, "2@Edge 3")
    assert s.over and list(s.winners) == [2]


def test_a_state_or_count_given_to_a_piece_put_on_an_edge_is_refused_with_a_located_error():
    from interpreter.errors import LudError
    with pytest.raises(LudError, match="not supported yet"):
        load("""(game "G" (players 2) (equipment {(board (square 2)) (piece "I" Each)})
          (rules (play (move Add (piece "I1" state:2) (to Edge (sites Empty Edge)))) (end (if (no Moves Next) (result Mover Win)))))""")


def test_the_compiled_tier_leaves_stacks_and_states_on_edges_to_the_reference_tier():
    from interpreter.native.api import compiled_form
    from interpreter.native.emit import NoKernel
    assert isinstance(compiled_form(game("(state Edge at:0)")), NoKernel)


def test_counted_pieces_put_on_a_hands_cell_of_a_board_of_vertices():
    # Ludii's (to Cell (handSite Shared)) on a mancala board of vertices is the shared hand's
    # site, past the board's: count: puts that many pieces there (Chiana wa Kunja's captures)
    g = load('''(game "T" (players 2)
      (equipment {(mancalaBoard 2 4 store:None (track "Track" "1,E,N,W" loop:True))
                  (piece "Seed" Each) (hand Shared)})
      (rules (start (set Count 2 to:(sites Track)))
        (play (move Select (from (sites Board) if:(> (count at:(from)) 0))
          (then (add (piece (id "Seed" Mover)) (to Cell (handSite Shared)) count:(count at:(last To))))))
        (end (if (no Moves Next) (result Mover Win)))))''')
    s = g.initial_state()
    s.apply("B1")
    assert s.arrays["count"][8] == 2  # the shared hand's site holds B1's two
