"""Ludii's bookkeeping of stacks, as its forEach Piece and its actions see it (small stacked
positions whose answer follows from Ludii's classes): the positions its owned lists keep after a
promotion (Owned, ActionPromote), the per level values its stacks leave above their top
(ContainerStateStacks, ActionMoveTopPiece), forEach Level's levels worked out before any acts,
and count Pieces over every level of a stack."""

from __future__ import annotations

from collections import Counter

from interpreter import load
from interpreter.engine import stacks
from interpreter.engine.counts import pieces_at
from interpreter.ludii.traces import ludii_texts

PROMOTING = """
(game "Promoting" (players 2)
  (equipment {(board (rectangle 1 5))
    (piece "Pawn" Each (move Step (directions {E W}) (to if:(is Empty (to)))
                         (then (promote (last To) (piece "King") Mover))))
    (piece "King" Each (move Step (directions {E W}) (to if:(is Empty (to)))))})
  (rules (start {(place Stack "Pawn1" 0) (place Stack "Pawn2" 4)})
    (play (forEach Piece top:True))
    (end (if (no Moves Next) (result Mover Win)))))
"""


def texts(state) -> Counter:
    """The legal moves as Ludii's traces write them (a move listed twice, twice)."""
    return Counter(ludii_texts(state, state.legal_moves()))


def play(state, text: str) -> None:
    state.apply(next(m for m in state.legal_moves() if m.text == text))


def test_promoting_a_lone_piece_leaves_it_in_ludiis_owned_lists():
    game = load(PROMOTING)
    s = game.initial_state()
    assert texts(s) == Counter({"A1-B1": 1})
    play(s, "A1-B1")  # the lone Pawn becomes a King: Ludii's owned lists keep the Pawn at B1/0
    assert [(game.components[w].name, x, lv) for w, x, lv in stacks.ghosts(s)] == [("Pawn1", 1, 0)]
    play(s, "E1-D1")
    # the King's steps, and the same steps of the Pawn Ludii still lists there (top: the stack
    # of B1 has one piece, the level of that position plus one)
    assert texts(s) == Counter({"B1-A1": 2, "B1-C1": 2})


def test_a_stale_position_gives_no_moves_once_its_level_is_not_the_top():
    game = load(PROMOTING)
    s = game.initial_state()
    play(s, "A1-B1")
    play(s, "E1-D1")
    play(s, "B1-A1")  # the King leaves B1: Ludii removes the King's position only
    assert [(game.components[w].name, x, lv) for w, x, lv in stacks.ghosts(s)] == [("Pawn1", 1, 0), ("Pawn2", 3, 0)]
    play(s, "D1-C1")
    assert texts(s) == Counter({"A1-B1": 1})  # B1 is empty: the Pawn's old position is no top


def test_promoting_a_piece_on_others_leaves_nothing():
    game = load(PROMOTING)
    s = game.initial_state()
    pawn = s.what[0]
    king = next(c.index for c in game.components[1:] if c.name == "King1")
    stacks.push(s, 0, stacks.new_entry(s, pawn))  # two Pawns on A1
    stacks.promote(s, 0, king)
    assert stacks.ghosts(s) == ()
    assert [e[0] for e in stacks.levels(s, 0)] == [pawn, king]


def test_a_removal_of_that_piece_there_takes_the_stale_position_out():
    game = load(PROMOTING)
    s = game.initial_state()
    pawn = s.what[0]
    king = next(c.index for c in game.components[1:] if c.name == "King1")
    stacks.promote(s, 0, king)
    assert stacks.ghosts(s) == ((pawn, 0, 0),)
    stacks.pop(s, 0)  # the King goes: Ludii removes a King's position, the Pawn's stays
    assert stacks.ghosts(s) == ((pawn, 0, 0),)
    stacks.push(s, 0, stacks.new_entry(s, pawn))
    stacks.pop(s, 0)  # a Pawn taken off A1 at level 0: every such position goes
    assert stacks.ghosts(s) == ()


STATES = """
(game "States" (players 2)
  (equipment {(board (rectangle 1 5)) (hand Each)
    (piece "Marker" Each (move (from (from) level:(level)) (to (ahead (from) E))
                            (then (set State at:(last To) level:(topLevel at:(last To)) 1))))})
  (rules (start {(place Stack "Marker1" 0) (place Stack "Marker2" 4) (place Stack "Marker1" (handSite P1) count:2)})
    (play (or (move (from (handSite Mover)) (to (sites Board))) (forEach Piece)))
    (end (if (no Moves Next) (result Mover Win)))))
"""


def test_a_level_taken_out_of_a_stack_leaves_its_values_for_a_piece_moved_on_top():
    game = load(STATES)
    s = game.initial_state()
    m1 = s.what[0]
    states = game.piece_arrays.index("piece_states") + 1
    for value in (1, 2, 3):  # three pieces on C1, their local states 1, 2, 3
        stacks.push(s, 2, (m1,) + tuple(value if i + 1 == states else 0 for i in range(len(game.piece_arrays))))
    stacks.remove_level(s, 2, 0)  # the others go down; Ludii's old top level keeps the state 3
    assert [e[states] for e in stacks.levels(s, 2)] == [2, 3]
    stacks.move_top(s, 0, 2)  # Ludii's ActionMoveTopPiece: the piece takes the state of that level
    assert [e[states] for e in stacks.levels(s, 2)] == [2, 3, 3]
    stacks.pop(s, 2)  # a removal of the top piece clears its level
    stacks.push(s, 2, stacks.new_entry(s, m1), revive=True)
    assert [e[states] for e in stacks.levels(s, 2)] == [2, 3, 0]


def test_a_piece_from_a_hand_goes_on_the_stack_as_a_level_of_its_own():
    game = load(STATES)
    s = game.initial_state()
    hand = game.topology.n
    s.apply(next(m for m in s.legal_moves() if m.frm == hand and m.to == 0))
    assert [game.components[e[0]].name for e in stacks.levels(s, 0)] == ["Marker1", "Marker1"]
    assert pieces_at(s, hand) == 1


FOLLOW = """
(game "Follow" (players 2)
  (equipment {(board (rectangle 1 5))
    (piece "Marker" Each (move (from (from) level:(level)) (to (ahead (from) E))
      (then (and
        (forEach Level (last From) FromTop
          (if (is Enemy (who at:(last From) level:(level))) (fromTo (from (last From) level:(level)) (to (last To)))))
        (forEach Level (last From) FromTop
          (if (is Friend (who at:(last From) level:(level))) (set State at:(last From) level:(level) 1)))))))})
  (rules (start {(place Stack "Marker2" 0) (place Stack "Marker1" 0) (place Stack "Marker1" 0) (place Stack "Marker1" 0)})
    (play (forEach Piece top:True))
    (end (if (no Moves Next) (result Mover Win)))))
"""


def test_forEach_Level_in_and_works_out_its_levels_before_any_acts():
    """As Ludii's And: both forEach Level are worked out on A1 as the move leaves it (the enemy at
    level 0, friends at levels 1 and 2), then act: the enemy follows, the friends go down a level,
    and the states meant for levels 2 and 1 fall on level 1 (level 2 is no more: nothing)."""
    game = load(FOLLOW)
    s = game.initial_state()
    states = game.piece_arrays.index("piece_states") + 1
    s.apply(s.legal_moves()[0])
    assert [(game.components[e[0]].name, e[states]) for e in stacks.levels(s, 0)] == [("Marker1", 0), ("Marker1", 1)]
    assert [game.components[e[0]].name for e in stacks.levels(s, 1)] == ["Marker1", "Marker2"]


COUNTING = """
(game "Counting" (players 2)
  (equipment {(board (rectangle 1 5)) (piece "Marker" Each (move Step E (to if:(is Empty (to)))))})
  (rules (start {(place Stack "Marker1" 0 count:3) (place Stack "Marker2" 0) (place Stack "Marker1" 2)})
    (play (forEach Piece top:True))
    (end (if (>= (count Pieces P1 in:(sites {0 1})) 3) (result P1 Win)))))
"""


def test_count_pieces_in_a_region_counts_every_level_of_its_stacks():
    game = load(COUNTING)
    s = game.initial_state()
    assert not s.is_over()  # the end is checked after a move
    s.apply(s.legal_moves()[0])
    assert s.is_over() and s.result().winners == [1]


SHIFT = """
(game "Shift" (players 2)
  (equipment {(board (rectangle 1 5)) (piece "Marker" Each)})
  (rules (start {(place Stack "Marker1" 0 state:1) (place Stack "Marker1" 1 state:1)})
    (play (move Pass (then
      (forEach Site (sites Occupied by:Mover top:False)
        (forEach Level (site)
          (if (= 1 (state at:(site) level:(level)))
            (fromTo (from (site) level:(level)) (to (+ (site) 1)))))))))
    (end (if (no Moves Next) (result Mover Win)))))
"""


def test_forEach_Site_works_out_every_site_before_any_acts():
    """As Ludii's ForEachSite: the levels of every site are worked out on the position before
    any piece moves (B1 has one), so the piece A1 sends to B1 is not sent on again from there:
    one piece on B1, one on C1 (not both on C1)."""
    game = load(SHIFT)
    s = game.initial_state()
    s.apply(s.legal_moves()[0])
    assert [(x, len(stacks.levels(s, x))) for x in range(5) if stacks.levels(s, x)] == [(1, 1), (2, 1)]
