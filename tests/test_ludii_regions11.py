"""Regions as Ludii's, and pieces on a board's second kind of site (issue 24).

- Ludii's ``Region`` is a bit set: ``(sites To <moves>)`` and ``(sites From <moves>)``
  (SitesTo/SitesFrom build a Region of the moves' sites) and ``(sites {..})`` hold each site
  once, in the order of their numbers; a placement's from is its to (Add sets both).
- A region's numbers are sites of the kind they are used with: ``(to Edge (sites {11}))`` on a
  board of 2x2 cells is edge 11 (it has 12 edges), checked against the edges.
- Ludii's ActionMove carries the piece's local state: a piece moved between edges, between
  vertices, or from a cell to an edge keeps it.
- Ludii's Add tests nothing of the site (its ``(to ...)`` has no default condition), so a
  placement on occupied sites is a move: ``(can Move (add (to (sites Occupied by:All))))``.
- ``fromTo`` with ``if:`` on its sites (FromTo.eval: no move, nor consequences, where a
  condition fails) together with ``copy:``, levels or a whole stack.
"""

from __future__ import annotations

import pytest

from interpreter import LudError, load
from interpreter.native.api import native_game
from interpreter.native.conformance import compare_game

SCORED = """(game "G" (players 2)
  (equipment {{(board (square 3)) (piece "I" Each)}})
  (rules {start}
   (play (move Add (to (sites Empty)) (then (set Score Mover {read}))))
   (end (if (= (score P1) 99) (result P1 Win)))))"""


def scored(read: str, start: str = "") -> int:
    """P1's score after its first placement, set to ``read``."""
    g = load(SCORED.format(read=read, start=start))
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    return s.scores[1]


# --- regions are sets of sites in the order of their numbers ----------------------------------------------

@pytest.mark.parametrize(("read", "expected"), [
    ("(regionSite (sites To (move Add (to (sites {7 2 5})))) index:0)", 2),
    ("(regionSite (sites To (move Add (to (sites {7 2 5})))) index:2)", 7),
    ("(regionSite (sites From (move Add (to (sites {7 2 5})))) index:1)", 5),  # a placement's from is its to
    ("(count Sites in:(sites To (or (move Add (to (sites {4}))) (move Add (to (sites {4}))))))", 1),
    ("(count Sites in:(sites From (move Add (to (sites {3 4})))))", 2),
    ("(regionSite (sites {8 1 4}) index:0)", 1),
    ("(count Sites in:(sites {4 4 1}))", 2),
])
def test_a_region_holds_each_site_once_in_order(read, expected):
    assert scored(read) == expected


def test_sites_to_of_steps_are_ordered_by_site():
    # after P1's placement on B1 (site 1) its pieces on A1, B1 and C3 step to 3, 4; 2, 3, 4, 5;
    # 4, 5, 7: Ludii's region is 2, 3, 4, 5, 7
    read = "(regionSite (sites To (forEach Piece (move Step (to if:(is Empty (to)))))) index:0)"
    start = '(start {(place "I1" 8) (place "I1" 0)})'
    assert scored(read, start) == 2


@pytest.mark.parametrize("play", [
    "(forEach Site (sites To (move Add (to (sites {7 2 5 2})))) (move Add (to (site))))",
    "(move Add (to (sites To (forEach Piece (move Step (to if:(is Empty (to))))))))",
    "(move Add (to (sites Empty)) (then (set Score Mover (count Sites in:(sites From (move Add (to (sites Empty))))))))",
])
def test_both_tiers_agree_on_the_sites_of_moves(play):
    g = load(f"""(game "G" (players 2)
      (equipment {{(board (square 3)) (piece "I" Each)}})
      (rules (start (place "I1" 0)) (play {play})
        (end (if (>= (count Moves) 4) (result Mover Win)))))""")
    compiled = native_game(g)
    assert compiled is not None
    for seed in (1, 2, 3):
        assert compare_game(g, compiled, seed) is None


def test_the_sites_of_moves_are_listed_in_order():
    g = load("""(game "G" (players 2)
      (equipment {(board (square 3)) (piece "I" Each)})
      (rules (play (forEach Site (sites To (move Add (to (sites {7 2 5 2})))) (move Add (to (site)))))
        (end (if (>= (count Moves) 4) (result Mover Win)))))""")
    assert [m.to for m in g.initial_state().legal_moves()] == [2, 5, 7]
    compiled = native_game(g)
    assert compiled is not None
    st = compiled.from_state(g.initial_state())
    assert len(compiled.legal(st)) == 3


# --- literal sites of another kind --------------------------------------------------------------------------

EDGES = """(game "G" (players 2)
  (equipment {{(board (square 2)) (piece "I" Each)}})
  (rules (play {play})
    (end (if (= (score P1) 99) (result P1 Win)))))"""


@pytest.mark.parametrize(("play", "expected"), [
    ("(move Add (to Edge (sites {11})))", ["Edge 11"]),
    ("(move Add (to Edge 9))", ["Edge 9"]),
    ("(move Add (to Vertex (sites {8 5})))", ["Vertex 5", "Vertex 8"]),
])
def test_literal_sites_are_elements_of_the_kind_they_are_used_with(play, expected):
    s = load(EDGES.format(play=play)).initial_state()
    assert sorted(m.text for m in s.legal_moves()) == expected


def test_a_number_past_that_kind_is_refused_with_its_place():
    with pytest.raises(LudError, match="edge 12 is not on this board"):
        load(EDGES.format(play="(move Add (to Edge (sites {12})))"))
    with pytest.raises(LudError, match="site 5 is not on this board"):
        load(EDGES.format(play="(move Add (to (sites {5})))"))


# --- a moved piece keeps its local state --------------------------------------------------------------------

CARRIED = """(game "G" (players 2)
  (equipment {(board (square 2)) (piece "I" Each) (piece "J" Each)})
  (rules
   (play (or {(move Add (piece (id "I" Mover)) (to Edge (sites {5})) (then (set State Edge at:(last To) 3)))
              (move Add (piece (id "J" Mover)) (to Vertex (sites {7})) (then (set State Vertex at:(last To) 4)))
              (move Add (piece (id "J" Mover)) (to (sites {0})) (then (set State at:(last To) 2)))
              (move (from Edge (sites Occupied by:Mover on:Edge)) (to Edge (sites {9}))
                    (then (set Score Mover (state Edge at:9))))
              (move (from Vertex (sites Occupied by:Mover on:Vertex)) (to Vertex (sites {8}))
                    (then (set Score Mover (state Vertex at:8))))
              (move (from (sites Occupied by:Mover)) (to Edge (sites {10}))
                    (then (set Score Mover (state Edge at:10))))}))
    (end (if (= (score P1) 99) (result P1 Win)))))"""


@pytest.mark.parametrize(("placed", "moved", "state"), [
    ("I1@Edge 5", "Edge 5-Edge 9", 3),
    ("J1@Vertex 7", "Vertex 7-Vertex 8", 4),
    ("J1@A1", "A1-Edge 10", 2),
])
def test_a_piece_moved_between_elements_keeps_its_state(placed, moved, state):
    s = load(CARRIED).initial_state()
    s.apply(s.parse_move(placed))
    s.apply(s.parse_move("J2@A1"))
    s.apply(s.parse_move(moved))
    assert s.scores[1] == state
    s.undo()
    assert s.scores[1] == 0


def test_the_state_set_on_an_edge_numbered_past_the_cells():
    s = load(CARRIED).initial_state()
    s.apply(s.parse_move("I1@Edge 5"))
    assert s.arrays["piece_states@Edge"][5] == 3


# --- a placement tests nothing of its site ------------------------------------------------------------------

def test_can_move_a_placement_on_occupied_sites():
    game = """(game "G" (players 2)
      (equipment {(board (square 2)) (piece "I" Each)})
      (rules (start (place "I1" 0))
       (play (if (can Move (add (to (sites Occupied by:All)))) (move Add (to (sites Empty))) (move Pass)))
       (end (if (= (score P1) 99) (result P1 Win)))))"""
    assert [m.text for m in load(game).initial_state().legal_moves()] == ["B1", "A2", "B2"]
    empty = game.replace('(start (place "I1" 0))', "")
    assert [m.text for m in load(empty).initial_state().legal_moves()] == ["pass"]


# --- fromTo with conditions and a copy, a level or a whole stack --------------------------------------------

COPY = """(game "G" (players 2)
  (equipment {{(board (square 3)) (piece "I" Each)}})
  (rules (start (place "I{owner}" 0))
   (play (move Add (to (sites Empty))
           (then (fromTo (from 0 if:(is Mover (who at:(from)))) (to 8) copy:True (then (set Score Mover 5))))))
    (end (if (= (score P1) 99) (result P1 Win)))))"""


@pytest.mark.parametrize(("owner", "copied"), [(1, True), (2, False)])
def test_a_copy_is_made_where_the_from_s_condition_holds(owner, copied):
    s = load(COPY.format(owner=owner)).initial_state()
    s.apply(s.parse_move("B1"))
    assert (s.who[8] == owner) is copied and s.who[0] == owner
    assert s.scores[1] == (5 if copied else 0)  # no move, no consequences


STACKED = """(game "G" (players 2)
  (equipment {{(board (square 3)) (piece "I" Each)}})
  (rules (start {{(place Stack "I1" 0) (place Stack "I2" 0) (place Stack "I1" 1)}})
   (play (move Add (to (sites Empty)) stack:True (then {effect})))
    (end (if (= (score P1) 99) (result P1 Win)))))"""


@pytest.mark.parametrize(("effect", "moved_from"), [
    ("(fromTo (from 0 if:(is Mover (who at:(from)))) (to 7) stack:True)", None),  # P2's on top of 0
    ("(fromTo (from 1 if:(is Mover (who at:(from)))) (to 7) stack:True)", 1),
    ("(fromTo (from 0 level:0 if:(is Mover (who at:(from)))) (to 7))", None),
    ("(fromTo (from 1 level:0) (to 7 if:(is Empty (to))))", 1),
    ("(fromTo (from 1 level:0) (to 8 if:(is Empty (to))))", None),  # C3 is where P1 put its piece
])
def test_a_stacked_fromto_with_conditions(effect, moved_from):
    s = load(STACKED.format(effect=effect)).initial_state()
    s.apply(s.parse_move("C3"))
    if moved_from is None:
        assert s.who[7] == 0 and s.who[1] == 1
    else:
        assert s.who[7] == 1 and s.who[moved_from] == 0


def test_a_conditioned_copy_between_regions_is_still_refused():
    with pytest.raises(LudError, match="not supported yet"):
        load(COPY.format(owner=1).replace("(to 8)", "(to (sites Empty))"))
