"""Ludii's piece rotations and tiles: the rotation of the piece on a site (``rotations``, ``(to
... (rotations ...))``, ``set Rotation``, ``move Set Rotation``, ``place ... rotation:``,
relative directions turned by it, ``directions ... bySite:``), tiles (``tile``, ``path``,
``is SidesMatch``, ``pathExtent``, ``is Loop path:True``) and a shared hand of sites, on small
positions whose answers follow from Ludii's classes (``Rotations``, ``SetRotation``,
``IsSidesMatch``, ``PathExtent``, ``IsLoop.evalTilePath``). Trax's replay against Ludii's trace is
in ``test_ludii_traces``."""

from __future__ import annotations

from collections import Counter

import pytest

from interpreter import LudError, load
from interpreter.bind import bind
from interpreter.compile.compiler import Compiler
from interpreter.engine.env import Env
from interpreter.syntax.parser import parse


def evaluate(game, state, text: str, **bound):
    """The value of a ludeme written ``text`` in ``state`` (variables of the frame ``bound``)."""
    ludeme = bind(parse(text).forms[0])
    return ludeme.compile(Compiler(game))(state, Env(**bound))


def game(equipment: str, play: str, start: str = "", board: str = "(board (square 5))"):
    return load(f'''(game "R" (players 2) (equipment {{{board} {equipment}}})
        (rules {f"(start {{{start}}})" if start else ""} (play {play})
        (end (if (is Full) (result Mover Win)))))''')


def texts(state) -> Counter:
    return Counter(m.text for m in state.legal_moves())


# --- rotations ---------------------------------------------------------------------------------------
def test_rotations_are_compass_indices_over_the_board_ratio():
    g = game('(piece "Disc" Each)', "(move Add (to (sites Empty)))")
    s = g.initial_state()
    # a square board: 8 supported directions, 4 sides, so N 0, E 2, S 4, W 6
    assert evaluate(g, s, "(rotations {N E})") == (0, 2)
    assert evaluate(g, s, "(rotations Orthogonal)") == (0, 2, 4, 6)
    assert evaluate(g, s, "(rotations {E Orthogonal})") == (2, 0, 4, 6)
    assert evaluate(g, s, "(rotations Diagonal)") == (1, 3, 5, 7)


def test_a_move_to_a_site_is_one_move_per_rotation_and_turns_the_piece():
    g = game('(piece "Disc" Each) (hand Each size:1)',
             "(move (from (handSite Mover)) (to (sites Empty) (rotations {N E})) copy:True)",
             start='(place "Disc1" (handSite P1)) (place "Disc2" (handSite P2))')
    s = g.initial_state()
    counted = Counter(m.to for m in s.legal_moves())
    assert len(counted) == 25 and set(counted.values()) == {2}
    a1 = [m for m in s.legal_moves() if m.to == g.topology.site("A1")]
    s.apply(a1[1])
    assert evaluate(g, s, '(rotation at:(coord "A1"))') == 2
    s2 = g.initial_state()
    s2.apply(a1[0])
    assert evaluate(g, s2, '(rotation at:(coord "A1"))') == 0


def test_a_rotation_moves_with_its_piece_and_is_gone_when_the_piece_is():
    g = game('(piece "Disc" Each (move Step (to if:(is Empty (to)))))', "(forEach Piece)",
             start='(place "Disc1" coord:"C3" rotation:4)')
    s = g.initial_state()
    assert evaluate(g, s, '(rotation at:(coord "C3"))') == 4
    s.apply("C3-C4")
    assert evaluate(g, s, '(rotation at:(coord "C4"))') == 4
    assert evaluate(g, s, '(rotation at:(coord "C3"))') == 0


def test_set_rotation_turns_back_and_on_among_the_board_rotations():
    g = game('(piece "Arrow" Each (move Set Rotation))', "(forEach Piece)", start='(place "Arrow1" coord:"C3")')
    s = g.initial_state()
    moves = s.legal_moves()
    assert len(moves) == 2  # previous (0 goes round to 7) and next (1)
    turned = []
    for m in moves:
        s.apply(m)
        turned.append(evaluate(g, s, '(rotation at:(coord "C3"))'))
        s.undo()
    assert sorted(turned) == [1, 7]


def test_set_rotation_given_rotations_then_previous_and_next_unless_refused():
    g = game('(piece "Arrow" Each (move Set Rotation (to (from)) {2 4} next:False))', "(forEach Piece)",
             start='(place "Arrow1" coord:"C3")')
    s = g.initial_state()
    turned = set()
    for m in s.legal_moves():
        s.apply(m)
        turned.add(evaluate(g, s, '(rotation at:(coord "C3"))'))
        s.undo()
    assert turned == {2, 4, 7}  # the two given, and the previous of 0


def test_set_rotation_as_an_effect_applies_each_of_its_moves_in_turn():
    g = game('(piece "Disc" Each)',
             "(move Add (to (sites Empty)) (then (set Rotation (to (last To)) 3 previous:False)))")
    s = g.initial_state()
    s.apply("A1")
    # 3, then the next of the rotation it had when listed (0): 1
    assert evaluate(g, s, '(rotation at:(coord "A1"))') == 1


def test_relative_directions_turn_with_the_piece():
    g = game('(piece "Arrow" Each (move Step Forward (to if:(is Empty (to)))))', "(forEach Piece)",
             start='(place "Arrow1" coord:"C3" rotation:2)')
    s = g.initial_state()
    assert texts(s) == Counter({"C3-D3": 1})  # facing North, turned twice (a quarter): East


def test_directions_by_site_are_the_site_own():
    g = game('(piece "Arrow" Each (move Step (directions Forwards of:All bySite:True) (to if:(is Empty (to)))))',
             "(forEach Piece)", start='(place "Arrow1" coord:"A1")', board="(board (square 3))")
    assert texts(g.initial_state()) == Counter({"A1-A2": 1, "A1-B2": 1})


def test_place_rotation_in_a_hand_is_kept_on_its_one_site():
    # Ludii's (hand Each) is a container of one site, which keeps its piece's rotation
    g = game('(piece "Disc" Each) (hand Each)', "(move Add (to (sites Empty)))",
             start='(place "Disc1" (handSite P1) rotation:2)')
    s = g.initial_state()
    assert s.arrays["rotation"][g.topology.n] == 2


def test_sites_distance_new_rotation_with_absolute_steps():
    g = game('(piece "Disc" Each)', "(move Add (to (sites Empty)))")
    s = g.initial_state()
    c3 = g.topology.site("C3")
    plain = evaluate(g, s, "(sites Distance (step Orthogonal (to if:(is Empty (to)))) from:(from) (range 1 1))", frm=c3)
    turned = evaluate(g, s, "(sites Distance (step Orthogonal (to if:(is Empty (to)))) newRotation:(+ (value) 2) "
                            "from:(from) (range 1 1))", frm=c3)
    assert sorted(plain) == sorted(turned) and len(plain) == 4
    with pytest.raises(LudError, match="relative directions"):
        evaluate(g, s, "(sites Distance (step Forward (to if:(is Empty (to)))) newRotation:(+ (value) 2) "
                       "from:(from) (range 1 1))", frm=c3)


# --- tiles ---------------------------------------------------------------------------------------------
TILES = '''(tile "TileX" numSides:4 {(path from:0 to:2 colour:1) (path from:1 to:3 colour:2)})
           (tile "TileCurved" numSides:4 {(path from:0 to:1 colour:1) (path from:2 to:3 colour:2)})'''


def tiles(start: str):
    return game(TILES, "(move Add (piece \"TileX\") (to (sites Empty)))", start=start)


def test_sides_match_compares_the_touching_sides_turned():
    # TileX unturned: N and S colour 1, E and W colour 2
    g = tiles('(place "TileX" coord:"C3") (place "TileX" coord:"D3")')
    s = g.initial_state()
    assert evaluate(g, s, '(is SidesMatch (coord "C3"))') is True
    g = tiles('(place "TileX" coord:"C3") (place "TileX" coord:"D3" rotation:2)')  # a quarter turn: W is 1
    s = g.initial_state()
    assert evaluate(g, s, '(is SidesMatch (coord "C3"))') is False
    assert evaluate(g, s, '(is SidesMatch (coord "A1"))') is False  # no tile there


def test_path_extent_follows_a_colour_through_the_tiles():
    # a line of colour 1 going north from C1 through C2 and C3 (TileX unturned joins N and S)
    g = tiles('(place "TileX" {"C1" "C2" "C3"})')
    s = g.initial_state()
    c1 = g.topology.site("C1")
    assert evaluate(g, s, f"(pathExtent 1 {c1})") == 3  # C4, the site it leads to, is 3 rows up
    assert evaluate(g, s, f"(pathExtent 2 {c1})") == 1  # colour 2 goes east-west: B1 and D1
    assert evaluate(g, s, '(pathExtent 1 (coord "E5"))') == 0  # no tile there


def test_a_loop_of_a_tile_path():
    # four curves round B2-C2-C3-B3: colour 1 joins sides 0 and 1 (N and E) unturned, each turn
    # (2 rotations) moves it a side on clockwise: B2 N-E, C2 W-N, C3 S-W, B3 E-S close a ring
    ring = ('(place "TileCurved" coord:"B2") (place "TileCurved" coord:"C2" rotation:6) '
            '(place "TileCurved" coord:"C3" rotation:4) (place "TileCurved" coord:"B3" rotation:2)')
    g = tiles(ring)
    s = g.initial_state()
    b2 = g.topology.site("B2")
    assert evaluate(g, s, f"(is Loop 1 {b2} path:True)") is True
    assert evaluate(g, s, f"(is Loop 2 {b2} path:True)") is False


def test_a_tile_is_shared_unless_owned():
    g = tiles("")
    assert g.components[g.component_index["TileX"]].owner == 0


# --- a shared hand of sites ------------------------------------------------------------------------------
def test_a_shared_hand_of_sites_holds_one_piece_a_site():
    g = game('(hand Shared size:2) (piece "Disc" Shared)',
             "(move (from (sites {(handSite Shared) (handSite Shared 1)})) (to (sites Empty)) copy:True)",
             start='(place "Disc" (handSite Shared 1))')
    s = g.initial_state()
    second = evaluate(g, s, "(handSite Shared 1)")
    assert second == evaluate(g, s, "(handSite Shared)") + 1
    assert evaluate(g, s, "(what at:(handSite Shared 1))") == g.component_index["Disc"]
    assert evaluate(g, s, "(what at:(handSite Shared))") == 0
    assert len(s.legal_moves()) == 25  # from the second site only


# --- directions Random ----------------------------------------------------------------------------------
def test_directions_random_draws_num_distinct_directions_of_the_site():
    g = game('(piece "Disc" Each (move Step (directions Random Orthogonal num:2) (to if:(is Empty (to)))))',
             "(forEach Piece)", start='(place "Disc1" coord:"C3") (place "Disc2" coord:"A1")')
    s = g.initial_state()
    drawn = set()
    for _ in range(12):
        moves = s.legal_moves()
        if s.mover == 1:
            assert len(moves) <= 2  # two of the site's orthogonal directions (fewer where blocked)
            drawn.update(m.text for m in moves)
        again = s.legal_moves()
        assert [m.text for m in again] == [m.text for m in moves]  # the same position draws alike
        s.apply(moves[0])
    assert len(drawn) > 2  # other positions draw other directions
    corner = game('(piece "Disc" Each (move Step (directions Random Orthogonal num:3) (to if:(is Empty (to)))))',
                  "(forEach Piece)", start='(place "Disc1" coord:"A1")')
    # A1 has two orthogonal directions: both, whatever is drawn
    assert sorted(m.text for m in corner.initial_state().legal_moves()) == ["A1-A2", "A1-B1"]
