"""Forms of Ludii's line games (board/space/line, the part after "Splice") met in session 37
(issue 24): Teeko's hands of several sites filled by ``(place "Marker" "Hand" count:8)``.
Each on a small position, by its meaning in Ludii's Java."""

from __future__ import annotations

from interpreter import load

# --- (place "Marker" "Hand" count:N) with (hand Each size:M) ----------------------------------------
# Ludii's PlaceItem, for a piece name without a number in the container "Hand": for each player,
# all ``count`` pieces go on the first empty site of that player's hand (Start.placePieces with
# the count), not one piece. Teeko places its 8 markers so, then takes them off that one site
# one by one ((from (sites Occupied by:Mover container:(mover)))).
HANDS = '''(game "T" (players 2)
 (equipment {(board (square 3)) (hand Each size:3) (piece "Marker" Each (move Step (to if:(is Empty (to)))))})
 (rules (start (place "Marker" "Hand" count:%d))
  phases:{
  (phase "Placement" (play (move (from (sites Occupied by:Mover container:(mover))) (to (sites Empty))))
     (nextPhase (all Sites (sites Hand P2) if:(= 0 (count Cell at:(site)))) "Movement"))
  (phase "Movement" (play (forEach Piece)))}
  (end (if (is Line 3) (result Mover Win)))))'''


def _play_first(state, plies: int) -> list[int]:
    counts = []
    for _ in range(plies):
        legal = state.legal_moves()
        counts.append(len(legal))
        state.apply(sorted(legal, key=str)[0])
    return counts


def test_place_count_in_hand_of_sites_puts_every_piece_on_its_first_site():
    s = load(HANDS % 2).initial_state()
    # two pieces each: each player places twice (9, 8, 7, 6 empty sites), then moves
    assert _play_first(s, 4) == [9, 8, 7, 6]
    assert s.phase == 1  # both hands empty: Movement
    assert s.result().over is False


def test_place_count_in_hand_of_sites_one_piece_by_default():
    s = load(HANDS.replace(" count:%d", "")).initial_state()
    assert _play_first(s, 2) == [9, 8]
    assert s.phase == 1  # one piece each


def test_place_count_in_hand_of_sites_leaves_the_other_sites_empty():
    s = load(HANDS % 3).initial_state()
    legal = s.legal_moves()
    # every placement comes from the one site holding P1's three markers
    assert len({str(m).split("-")[0] for m in legal}) == 1
    assert _play_first(s, 6) == [9, 8, 7, 6, 5, 4]
    assert s.phase == 1
