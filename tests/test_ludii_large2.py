"""Large pieces cover their cells (Ludii's Add/FromTo ``evalLargePiece``, ``ActionAdd``'s
``applyLargePiece``): placements in each rotation cover Ludii's cells, an overlapping placement
is not listed, a moved piece uncovers its old cells."""

from __future__ import annotations

from interpreter import load
from interpreter.ludemes.large_pieces import COVER

DOMINEERING = """(game "D" (players 2)
  (equipment {(board (square 4)) (tile "Horz" P1 {R F} numSides:4) (tile "Vert" P2 {F} numSides:4)})
  (rules (play (move Add (piece (mover) state:0) (to (sites Empty)))) (end (if (no Moves Next) (result Next Loss)))))"""

ROTATING = """(game "R" (players 2)
  (equipment {(board (square 3)) (tile "L" Each {{L F R F F} {R F L F F}})})
  (rules (play (move Add (to (sites Empty)))) (end (if (no Moves Next) (result Next Loss)))))"""

LGAME = """(game "L" (players 2)
  (equipment {(board (square 4)) (tile "L" Each {{L F R F F} {R F L F F}})})
  (rules (start {(place "L1" coord:"C1" state:0) (place "L2" coord:"B4" state:2)})
    (play (move (from (sites Occupied by:Mover)) (to (union (sites Empty) (sites Occupied by:Mover)))))
    (end (if (no Moves Next) (result Next Loss)))))"""


def _covered(state) -> list[str]:
    labels = state.game.topology.labels
    return [labels[x] for x, k in enumerate(state.arrays[COVER]) if k]


def test_a_placement_covers_the_walks_cells_and_overlaps_are_not_listed():
    s = load(DOMINEERING).initial_state()
    moves = [m.text for m in s.legal_moves()]
    assert len(moves) == 12 and "1@A1=0" in moves and "1@D1=0" not in moves  # R F: the cell East
    s.apply("1@A1=0")
    assert _covered(s) == ["A1", "B1"]
    moves = [m.text for m in s.legal_moves()]
    assert len(moves) == 12 - 2 and "2@A1=0" not in moves and "2@B1=0" not in moves and "2@C1=0" in moves
    s.apply("2@C1=0")
    assert _covered(s) == ["A1", "B1", "C1", "C2"]
    assert not [m for m in s.legal_moves() if m.to in (0, 1, 2, 6)]  # (sites Empty) holds no covered cell


def test_every_rotation_of_a_placement_is_a_move_with_its_state():
    s = load(ROTATING).initial_state()
    moves = [m.text for m in s.legal_moves()]
    # at B2 (the centre) no state fits (the long leg leaves the 3x3 board); at A1: states 1 (E) of walk 1
    # ({L F R F F} facing East: North then East East) and 4 (N) of walk 2 (East then North North)
    at_a1 = sorted(t for t in moves if t.startswith("A1="))
    assert at_a1 == ["A1=1", "A1=4"]
    s.apply("A1=1")
    assert _covered(s) == ["A1", "A2", "B2", "C2"]


def test_a_large_piece_moves_to_each_shape_among_the_sites_given():
    s = load(LGAME).initial_state()
    assert _covered(s) == ["B1", "C1", "B2", "C2", "B3", "C3", "B4", "C4"]
    # to the region's sites, then the L's own cells; turning in place (C1-C1=4) is a move, staying is not
    assert sorted(m.text for m in s.legal_moves()) == ["C1-A1=4", "C1-A2=5", "C1-A3=2", "C1-B1=0", "C1-B2=0",
                                                       "C1-B2=5", "C1-B3=6", "C1-C1=4", "C1-D2=3"]
    s.apply("C1-A1=4")
    assert _covered(s) == ["A1", "B1", "B2", "C2", "B3", "C3", "B4", "C4"]


DOMINOES = """(game "Dm" (players 2)
  (equipment {(board (rectangle 2 8)) (domino "Domino00" Shared value:0 value2:0)
              (domino "Domino01" Shared value:0 value2:1)})
  (rules (play (move Add (piece {"Domino00" "Domino01"}) (to (sites Empty))))
    (end (if (is PipsMatch) (result Mover Win)))))"""


def _placed(state, label: str, name: str, rotation: int):
    game = state.game
    site, what = game.topology.site(label), next(c.index for c in game.components if c.name == name)
    return next(m for m in state.legal_moves() if m.to == site and m.what == what and m.word == f"={rotation}")


def test_a_domino_covers_its_eight_cells_with_its_pips():
    from interpreter.ludemes.large_dominoes import PIPS
    s = load(DOMINOES).initial_state()
    s.apply(_placed(s, "E1", "Domino01", 0))  # two cells by four, East of E1: E, F carry 0, G, H carry 1
    assert _covered(s) == ["E1", "F1", "G1", "H1", "E2", "F2", "G2", "H2"]
    assert [s.arrays[PIPS][s.game.topology.site(x)] for x in ("E1", "F2", "G1", "H2")] == [0, 0, 1, 1]


def test_pips_match_beside_the_line_and_not_otherwise():
    s = load(DOMINOES).initial_state()
    s.apply(_placed(s, "A1", "Domino00", 0))  # the first domino: nothing to match
    assert s.is_over() and s.result().winners == [1]
    later = DOMINOES.replace("(if (is PipsMatch)", "(if (and (= 2 (count Moves)) (is PipsMatch))")
    for label, rotation, match in [("E1", 0, True), ("H2", 2, False)]:
        s = load(later).initial_state()
        s.apply(_placed(s, "A1", "Domino00", 0))
        assert not s.is_over()
        # E1 facing North: its 0 half (E, F) beside the 0s of Domino00; H2 facing South: its 1 half there
        s.apply(_placed(s, label, "Domino01", rotation))
        assert s.is_over() is match, (label, rotation)


def test_pieces_given_by_number():
    game = """(game "P" (players 2) (equipment {(board (square 2)) (piece "A" Each) (piece "B" Each)})
      (rules (play (move Add (piece {2 1}) (to (sites Empty)))) (end (if (no Moves Next) (result Next Loss)))))"""
    s = load(game).initial_state()
    # Ludii's (piece {2 1}): component 2 (A2) on each site, then component 1 (A1)
    assert [m.text for m in s.legal_moves()] == ["A2@A1", "A2@B1", "A2@A2", "A2@B2", "A1@A1", "A1@B1", "A1@A2",
                                                 "A1@B2"]


def test_the_compiled_tier_leaves_large_pieces_to_the_reference_engine():
    import pytest

    from interpreter.native.codegen import generate
    from interpreter.native.emit import NoKernel
    with pytest.raises(NoKernel):
        generate(load(DOMINEERING))
