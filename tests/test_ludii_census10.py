"""Forms found by the session-38 census of Ludii's files not yet probed (issue 24): each on a
small position, by its meaning in Ludii's Java."""

from __future__ import annotations

from interpreter import load


def _texts(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


def _play(state, text: str) -> None:
    state.apply(next(m for m in state.legal_moves() if m.text == text))


# --- (promote ... Shared): the new piece is the players' shared kind ------------------------------
# Ludii's Promote with a role looks for the piece whose name holds the name and whose owner is
# that role's id; Shared is a player of its own (one after the players), the owner of the kinds
# declared (piece "..." Shared). Traffic Lights: a shared Square becomes a shared Triangle, then
# a shared Disc, whoever moves; a line of three of one kind wins for the mover.
LIGHTS = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 4)) (piece "Square" Shared) (piece "Triangle" Shared)
   (piece "Disc" Shared)})
 (rules (play (or {
   (move Add (piece "Square") (to (sites Empty)))
   (move Select (from (sites Occupied by:Shared component:"Square"))
     (then (promote (last To) (piece {"Triangle"}) Shared)))
   (move Select (from (sites Occupied by:Shared component:"Triangle"))
     (then (promote (last To) (piece {"Disc"}) Shared)))}))
  (end (if (is Line 3) (result Mover Win)))))'''


def _kind(game, state, site: int) -> str:
    return game.components[state.what[site]].name


def test_promote_to_a_shared_kind_whoever_moves():
    game = load(LIGHTS)
    s = game.initial_state()
    _play(s, "Square@A1")
    assert _texts(s) == ["A1", "Square@B1", "Square@C1", "Square@D1"]  # P2 may promote it
    _play(s, "A1")
    assert _kind(game, s, 0) == "Triangle" and s.who[0] == 0  # shared: nobody's own piece
    _play(s, "A1")
    assert _kind(game, s, 0) == "Disc"
    assert _texts(s) == ["Square@B1", "Square@C1", "Square@D1"]  # a Disc goes no further


def test_a_line_of_one_shared_kind_wins_for_the_mover():
    game = load(LIGHTS)
    s = game.initial_state()
    for text in ("Square@A1", "Square@B1", "A1"):
        _play(s, text)
    _play(s, "Square@C1")  # Triangle Square Square: no line of one kind
    assert not s.is_over()
    _play(s, "A1")  # P1: Disc Square Square
    _play(s, "Square@D1")  # P2: Square Square Square on B1 C1 D1
    assert s.is_over() and s.result().winners == [2]


MOVE_PROMOTE = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 3)) (piece "Square" Shared) (piece "Light" Shared)
   (piece "Disc" Each)})
 (rules (start (place "Square" 0))
  (play (move Promote 0 (piece %s) %s))
  (end (if (is Full) (result Mover Draw)))))'''


def test_move_promote_to_a_shared_kind():
    game = load(MOVE_PROMOTE % ('"Light"', "Shared"))
    s = game.initial_state()
    moves = s.legal_moves()
    assert len(moves) == 1
    s.apply(moves[0])
    assert s.who[0] == 0 and game.components[s.what[0]].name == "Light"  # the shared Light


def test_move_promote_to_a_players_kind_still_its_own():
    game = load(MOVE_PROMOTE % ('"Disc"', "Mover"))
    s = game.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.who[0] == 1 and game.components[s.what[0]].name == "Disc1"
