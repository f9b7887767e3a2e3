"""Forms Ludii's experimental files (Common/res/lud/experimental, A to M: Equi, Hops-a-Daisy,
Conflagration, Don't Mosey, Astralesce, Allemande; session 38) use beyond the sample (issue 24).
Each on a small position, by its meaning in Ludii's Java."""

from __future__ import annotations

import pytest

from interpreter import LudError, load


def _targets(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


# --- a define's name given as an argument, then called: (#1 args) ----------------------------
# Ludii's expander substitutes a define's arguments as text and expands what results: with
# (define "HopChange" (#1 (from) #2)), ("HopChange" "Morph" "Sites") is ("Morph" (from) "Sites"),
# a use of the define "Morph" with those two arguments (Equi, Hops-a-Daisy).
PASSED = '''(define "AddAt" (move Add (to (sites {#1}))))
(define "Apply" (#1 #2))
(define "Twice" ("Apply" #1 #2))
(define "Where" (sites {2}))
(define "Put" (move Add (to #1)))
(game "T" (players 2)
 (equipment {(board (rectangle 1 7)) (piece "Disc" Each)})
 (rules (play (or {("Apply" "AddAt" 3) ("Twice" "AddAt" 5) ("Put" "Where")}))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_define_passed_by_name_is_called_with_the_arguments_its_user_gives():
    # "AddAt" at 3 through Apply, at 5 through Twice then Apply; "Where" (no arguments) as before
    assert _targets(load(PASSED).initial_state()) == ["C1", "D1", "F1"]


# --- (sites Distance <relation> <step> from:... <range>): the step's own directions ------------
# Ludii's SitesDistance takes a relation and a step; with a step it walks the step's directions
# (the step's default is Adjacent) and never reads the relation (Conflagration, Don't Mosey).
DISTANCE = '''(game "T" (players 2)
 (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Distance %s (step (to if:(is Empty (to)))) from:4 (exact 1)))))
  (end (if (no Moves Next) (result Mover Win)))))'''


@pytest.mark.parametrize("relation", ["Orthogonal", "Diagonal", ""])
def test_sites_distance_with_a_step_walks_the_steps_directions_not_the_relation(relation):
    # from the centre, one Adjacent step: all eight neighbours, whatever relation is written
    assert len(_targets(load(DISTANCE % relation).initial_state())) == 8


def test_sites_distance_with_a_step_stops_at_what_the_step_may_not_enter():
    g = DISTANCE.replace('(piece "Disc" Each)})', '(piece "Disc" Each)})').replace(
        "(rules (play", "(rules (start (place \"Disc1\" {0 1 2 3 5 6 7})) (play").replace("(exact 1)", "(range 1 Infinity)")
    # only 8 is empty around the centre; from 8 only 4, where the walk began: 8 alone
    assert _targets(load(g % "Orthogonal").initial_state()) == ["C3"]


# --- (move Hop ... (between (min 0) if:...)): a hop over none or more sites ------------------
# Ludii's Hop with a least length 0 both steps (to a neighbour where the to's condition holds)
# and hops over a run of sites meeting the between's condition to the first site after it,
# which must meet the to's (Astralesce's "FirstFriend": the first friend along each line).
FIRST = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 7)) (piece "Disc" Each)})
 (rules (start {(place "Disc1" %s) (place "Disc2" 2)})
  (play (move Add (to (sites To (move Hop (from 0) Orthogonal
      (between (min 0) if:(or (is Next (who at:(between))) (is Empty (between))))
      (to if:(is Mover (who at:(to)))))))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_hop_of_least_length_zero_reaches_the_first_friend_past_enemies_and_empty_sites():
    assert _targets(load(FIRST % "{0 4 5}").initial_state()) == ["E1"]  # over 1, 2 (enemy), 3


def test_hop_of_least_length_zero_steps_to_a_friend_next_to_it():
    assert _targets(load(FIRST % "{0 1 4}").initial_state()) == ["B1"]  # the neighbour; no further


# --- (move Select (from Edge ...)) on a board of cells ----------------------------------------
# Ludii's Select chooses a site of the from's type: an edge of a board played on its cells; the
# choice puts nothing there, (last From) is the edge (Allemande: a domino placed by its edge).
EDGES = '''(game "T" (players 2)
 (equipment {(board (square 2) use:Cell) (piece "Disc" Each)})
 (rules (play (move Select (from Edge %s if:(no Pieces All in:(sites Incident Cell of:Edge at:(from))))
    (then (forEach Site (sites Incident Cell of:Edge at:(last From))
       (add (piece (id "Disc" Mover)) (to (site)))))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_select_of_an_edge_on_a_board_of_cells():
    s = load(EDGES % "(sites Board Edge)").initial_state()
    assert len(s.legal_moves()) == 12  # every edge of a 2x2 board of cells: none touches a piece


def test_the_edge_chosen_is_the_last_from_and_the_cells_beside_it_are_filled():
    g = EDGES % "(sites Board Edge)"
    first = g.replace("(from Edge (sites Board Edge) if:",
                      "(from Edge (sites Incident Edge of:Cell at:0) if:(and (is In 1 (sites Incident Cell of:Edge at:(from))) ")
    first = first.replace("at:(from))))\n    (then", "at:(from)))))\n    (then")
    s = load(first).initial_state()
    moves = s.legal_moves()
    assert len(moves) == 1  # the edge between A1 and B1
    s.apply(moves[0])
    assert s.is_over()  # P2 has no such edge: both its cells are full
    s = load(g).initial_state()
    between = [m for m in s.legal_moves()]
    # choosing each edge in turn: an inner edge fills two cells, an outer one a single cell
    filled = []
    for m in between:
        t = load(g).initial_state()
        t.apply(next(x for x in t.legal_moves() if x.text == m.text))
        filled.append(sum(1 for w in t.what[:4] if w))
    assert sorted(filled) == [1] * 8 + [2] * 4
    t = load(g).initial_state()
    inner = next(m for m, n in zip(between, filled) if n == 2)
    t.apply(next(x for x in t.legal_moves() if x.text == inner.text))
    assert len(t.legal_moves()) == 5  # the edges that touch only the two empty cells


def test_select_of_an_edge_with_a_to_is_refused_with_a_located_error():
    g = EDGES.replace("if:(no Pieces", "(to (sites Empty)) if:(no Pieces")
    bad = g % "(sites Board Edge)"
    bad = bad.replace("at:(from))))\n", "at:(from)))) (to (sites Empty))\n").replace("(to (sites Empty)) if:", "if:")
    with pytest.raises(LudError, match="not supported yet"):
        load(bad)
