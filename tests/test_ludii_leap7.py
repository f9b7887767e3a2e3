"""Forms Ludii's leaping-capture war games (board/war/leaping: diagonal, lines, orthogonal) use
beyond the sample (issue 24, session 36). Each on a small position, by its meaning in Ludii's
Java."""

from __future__ import annotations

from interpreter import load
from interpreter.engine.counts import pieces_at


def _play(state, text: str) -> None:
    state.apply(next(m for m in state.legal_moves() if m.text == text))


# --- a move from a site holding several pieces takes one: Ludii's ActionMove --------------------
# In a game that counts pieces (without stacks), ActionMove.apply leaves count - 1 pieces on the
# origin when it held more than one, and the piece joins the pieces of its kind on the site it
# reaches (count + 1 there). T'oki puts two pieces at once on a square from the hand, then moves
# one piece from a square at a time; ours moved the whole square.
COUNTED = '''(game "C" (players 2)
 (equipment {(board (square 3))
  (piece "Disc" Each (move Step Orthogonal (to if:(not (is Enemy (who at:(to)))))))})
 (rules (start {(place "Disc1" 0 count:2) (place "Disc1" 2) (place "Disc2" 8)})
  (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_move_from_a_counted_site_takes_one_piece():
    s = load(COUNTED).initial_state()
    assert sorted(m.text for m in s.legal_moves()) == ["A1-A2", "A1-B1", "C1-B1", "C1-C2"]
    _play(s, "A1-B1")
    assert [pieces_at(s, x) for x in (0, 1, 2)] == [1, 1, 1]
    assert s.what[0] == s.what[1] != 0  # the piece left behind is still the mover's
    _play(s, "C3-C2")
    # both pieces move on: the one left on A1 and the one that went to B1
    assert {"A1-A2", "A1-B1", "B1-A1", "B1-B2", "B1-C1"} <= {m.text for m in s.legal_moves()}


def test_a_piece_joins_the_pieces_of_its_kind():
    s = load(COUNTED).initial_state()
    _play(s, "A1-B1")
    _play(s, "C3-C2")
    _play(s, "A1-B1")  # the last piece of A1 joins the one on B1
    assert [pieces_at(s, x) for x in (0, 1, 2)] == [0, 2, 1]
    assert s.what[0] == 0
    _play(s, "C2-C3")
    _play(s, "B1-A1")  # and one of the two leaves again
    assert [pieces_at(s, x) for x in (0, 1, 2)] == [1, 1, 1]


def test_a_lone_piece_moves_as_before():
    s = load(COUNTED).initial_state()
    _play(s, "C1-C2")
    assert [pieces_at(s, x) for x in (0, 2, 5)] == [2, 0, 1]


def test_the_compiled_tier_moves_one_piece_too():
    from interpreter.native.api import native_game
    from interpreter.native.conformance import compare_game
    game = load(COUNTED)
    native = native_game(game)
    assert native is not None
    for seed in range(10):
        assert compare_game(game, native, seed) is None


# --- (sites Occupied component:...) in a stacking game: the kind at any level -------------------
# Ludii's SitesOccupied takes the owned sites of the component (the owned lists hold every level
# of a stack), then, unless top:False, keeps those whose top piece the player owns. Seesaw
# deploys around (sites Occupied by:Mover component:"Hex" top:False): a disc moved off its hex
# leaves the hex, and the disc's new site (no hex under it) is no deployment base.
STACKED = '''(game "S" (players 2)
 (equipment {(board (rectangle 1 5)) (piece "Disc" Each) (piece "Square" Each)})
 (rules (start {(place Stack "Square1" 0) (place Stack "Disc1" 0) (place Stack "Disc1" 1)
   (place Stack "Square1" 2) (place Stack "Disc2" 2) (place Stack "Square1" 3)})
  (play (move Select (from (sites Occupied by:Mover component:"Square" %s))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_component_at_any_level_with_top_false():
    s = load(STACKED % "top:False").initial_state()
    assert sorted(m.text for m in s.legal_moves()) == ["A1", "C1", "D1"]


def test_a_component_below_the_top_when_the_top_is_the_players():
    for top in ("", "top:True"):
        s = load(STACKED % top).initial_state()
        # A1: the square under the mover's disc; C1's square is under an enemy disc
        assert sorted(m.text for m in s.legal_moves()) == ["A1", "D1"]
