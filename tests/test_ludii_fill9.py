"""Forms of Ludii's race games that fill a region (board/race/fill: Chinese Checkers, Halma,
Grasshopper, Conspirateurs, Salta, Camelot, Suffragetto), each on a small position, by its meaning
in Ludii's Java: ``can Move`` in a game that keeps visited sites looks at the moves as if the last
move's from and to sites were visited already (CanMove.eval, TempContext), so a hop sequence does not
go on just because a hop back to where it began would be possible; a region owned by ``Shared``
belongs to no one player and is found by its name (Regions, Item.setRole)."""

from __future__ import annotations

from interpreter import load

# A hop over any piece to an empty site not visited in this turn; the hop goes on (moveAgain) when
# another such hop from where it landed is possible, as Ludii's Halma and Chinese Checkers write it.
HOP = ("(move Hop (from #F) (between if:(is Occupied (between))) "
       "(to if:(and (is Empty (to)) (not (is Visited (to))))) #T)")
SEQUENCE = HOP.replace("#T", "(then (if (can Move " + HOP.replace("#F", "(last To)").replace(" #T", "")
                       + ") (moveAgain)))")

HOPPERS = f'''(game "H" (players 2)
 (equipment {{(board (rectangle 1 7)) (piece "Disc" Each)}})
 (rules (start {{(place "Disc1" {{#P1}}) (place "Disc2" {{#P2}})}})
  (play (if (is Prev Mover)
   (or {SEQUENCE.replace("#F", "(last To)")} (move Pass))
   (forEach Piece {SEQUENCE.replace("#F", "(from)")})))
  (end (if (no Moves Mover) (result Mover Loss)))))'''


def _moves(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


def _play(state, text: str) -> None:
    state.apply(next(m for m in state.legal_moves() if m.text == text))


def _hoppers(p1: str, p2: str):
    return load(HOPPERS.replace("#P1", p1).replace("#P2", p2)).initial_state()


def test_a_hop_back_to_where_the_hop_began_does_not_continue_the_turn() -> None:
    # A1 hops over B1 to C1; from C1 the only hop is back over B1 to A1, which Ludii's can Move
    # sees as visited (the last move's from): no moveAgain, the turn passes to P2.
    state = _hoppers("0", "1")
    assert "A1-C1" in _moves(state)
    _play(state, "A1-C1")
    assert state.mover == 2


def test_a_hop_that_can_go_on_elsewhere_continues_the_turn() -> None:
    # A1 hops to C1; from C1 a hop over D1 to E1 is possible: moveAgain, and the mover may go on
    # or pass (the hop back to A1 is not offered: A1 is visited).
    state = _hoppers("0", "1 3")
    _play(state, "A1-C1")
    assert state.mover == 1
    assert _moves(state) == ["C1-E1", "pass"]
    _play(state, "C1-E1")
    assert state.mover == 2  # from E1 the only hop is back over D1 to C1, visited


SHARED = '''(game "S" (players 2)
 (equipment {(board (square 3)) (piece "Disc" Each)
  (regions "Zone" Shared (sites {"A1" "B1"})) (regions "Camp" P2 (sites {"C3"}))})
 (rules (play (move Add (to (union (sites "Zone") (sites P2)) if:(is Empty (to)))))
  (end (if (is Full) (result Mover Draw)))))'''


def test_a_shared_region_belongs_to_no_player_and_is_found_by_name() -> None:
    state = load(SHARED).initial_state()
    assert _moves(state) == ["A1", "B1", "C3"]
    _play(state, "A1")
    assert _moves(state) == ["B1", "C3"]
