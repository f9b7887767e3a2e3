"""Work done once instead of per call, with the same meaning (session 39's speed work): the
board's distances kept per relation (count Steps, sites Distance), a custodial capture's run
read in one loop, the facing-free parts of a rule turned by its step compiled once however
deeply it is nested (a shogi knight's leap: a step, then FL or FR relative to it), and the
concepts of the pieces' own moves worked out once for every (forEach Piece)."""

from __future__ import annotations

import random

from interpreter import load
from interpreter.engine import topology as topology_module


def _texts(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


def _play(state, text: str) -> None:
    state.apply(next(m for m in state.legal_moves() if m.text == text))


# --- count Steps: the board's distances, shared and bounded -------------------------------------------
# Ludii's CountSteps with a relation: the fewest steps along it from the site to the region
# (All on a square board: the king's distance; Orthogonal: the rook's, step by step). A placement
# is allowed only at exactly two king steps from the last one, and the score of P1 counts the
# orthogonal steps from the last placement to the nearer of A1 and E1: two relations asked.
STEPS = '''(game "T" (players 2)
 (equipment {(board (square 5) use:Vertex) (piece "Ball" Each)})
 (rules
  (start (set Score Each 0))
  (play (if (= 0 (count Moves))
    (move Add (to (sites {"C3"})))
    (move Add (to (sites Empty) if:(= 2 (count Steps All (last To) (to))))
      (then (set Score P1 (count Steps Orthogonal (last To) (sites {"A1" "E1"})))))))
  (end (if (= (count Moves) 3) (result Mover Win)))))'''


def _two_king_steps_from(label: str) -> list[str]:
    col, row = ord(label[0]) - ord("A"), int(label[1:]) - 1
    out = []
    for c in range(5):
        for r in range(5):
            if max(abs(c - col), abs(r - row)) == 2:
                out.append(f"{chr(ord('A') + c)}{r + 1}")
    return out


def test_count_steps_by_relation_from_the_last_placement():
    game = load(STEPS)
    s = game.initial_state()
    _play(s, s.legal_moves()[0].text)  # C3
    sites = {m.to for m in s.legal_moves()}
    labels = sorted(game.topology.labels[x] for x in sites)
    assert labels == sorted(_two_king_steps_from("C3"))  # the ring of sixteen around C3
    _play(s, next(m.text for m in s.legal_moves() if game.topology.labels[m.to] == "E5"))
    assert s.scores[1] == 4  # E5 to E1 four steps (to A1 eight): the nearer counts
    labels = sorted(game.topology.labels[m.to] for m in s.legal_moves())
    assert labels == sorted(x for x in _two_king_steps_from("E5") if x != "C3")  # C3 is taken


def test_distances_kept_are_the_same_when_the_cache_starts_again(monkeypatch):
    # a cache of two origins: asking a third starts it again, and every answer stays right
    game = load(STEPS)
    monkeypatch.setattr(topology_module, "DISTANCE_CACHE_SITES", 2 * game.topology.n)
    topo = game.topology
    for origin in (0, 12, 24, 3, 12, 0):
        assert list(topo.distances_from(origin, ("All",))) == topo.distances(origin, ("All",))
        assert len(topo._distance_cache[("All",)]) <= 2
    rng = random.Random(3)
    for _ in range(5):  # play goes on as before with the small cache
        s = game.initial_state()
        while not s.over:
            s.play_random(rng)
        assert s.over


# --- sites Distance reads the same kept distances -----------------------------------------------------
DISTANCE = '''(game "T" (players 2)
 (equipment {(board (square 7) use:Vertex) (piece "Ball" Each)})
 (rules
  (play (if (= 0 (count Moves))
    (move Add (to (sites Centre)))
    (move Add (to (intersection (sites Empty)
      (sites Distance Orthogonal from:(sites Occupied by:All) (exact 3)))))))
  (end (if (= (count Moves) 2) (result Mover Win)))))'''


def test_sites_distance_orthogonal_from_the_centre():
    game = load(DISTANCE)
    s = game.initial_state()
    _play(s, s.legal_moves()[0].text)
    labels = sorted(game.topology.labels[m.to] for m in s.legal_moves())
    # three orthogonal steps from D4 on a 7x7 board: |dc| + |dr| = 3
    want = sorted(f"{chr(ord('A') + c)}{r + 1}" for c in range(7) for r in range(7)
                  if abs(c - 3) + abs(r - 3) == 3)
    assert labels == want


# --- custodial with a limit: a pair, not three -----------------------------------------------------
# Ludii's Custodial reads at most the range's maximum of enclosed pieces: with (max 2), a pair of
# enemy stones closed by the mover's stone is taken, three in a row are not.
PAIRS = '''(game "T" (players 2)
 (equipment {(board (square 7) use:Vertex) (piece "Ball" Each)})
 (rules
  (start {(place "Ball1" {"A1" "A7"}) (place "Ball2" {"B1" "C1" "B7" "C7" "D7"})})
  (play (move Add (to (sites Empty))
    (then (custodial (from (last To)) All
      (between (max 2) if:(is Enemy (who at:(between))) (apply (remove (between))))
      (to if:(is Friend (who at:(to))))))))
  (end (if (= (count Moves) 5) (result Mover Win)))))'''


def test_custodial_takes_a_pair_not_three():
    game = load(PAIRS)
    s = game.initial_state()
    _play(s, next(m.text for m in s.legal_moves() if game.topology.labels[m.to] == "D1"))
    labels = {game.topology.labels[x] for x in range(game.topology.n) if s.what[x]}
    assert "B1" not in labels and "C1" not in labels  # the pair is taken
    s2 = game.initial_state()
    _play(s2, next(m.text for m in s2.legal_moves() if game.topology.labels[m.to] == "E7"))
    labels = {game.topology.labels[x] for x in range(game.topology.n) if s2.what[x]}
    assert {"B7", "C7", "D7"} <= labels  # three in a row are more than the limit


# --- a leap of two turned steps, nested rules turned by their step ------------------------------------
# A shogi knight: one step Forward, then FL or FR relative to that step (Ludii's forEach Direction
# turns the inner directions by the step from (from) to (to)); each player faces their own way.
# The leap sits in the play rule and, tested only, in the end rule (no moves for the next player).
KNIGHT = '''(game "T" (players {(player N) (player S)})
 (equipment {(board (square 5)) (piece "Knight" Each)})
 (rules
  (start {(place "Knight1" "C1") (place "Knight2" "C5")})
  (play (forEach Piece "Knight"
    (forEach Direction Forward
      (to if:True (apply (forEach Direction (from (to)) (directions {FL FR})
        (if (is Empty (to)) (move (from) (to)))))))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_knight_leaps_turned_by_the_first_step_for_each_facing():
    game = load(KNIGHT)
    s = game.initial_state()
    assert _texts(s) == ["C1-B3", "C1-D3"]  # north, then north-west or north-east
    _play(s, "C1-B3")
    assert _texts(s) == ["C5-D3"]  # south, then south-west (B3 is taken) or south-east... as P2 faces
    _play(s, "C5-D3")
    assert _texts(s) == ["B3-A5", "B3-C5"]


def test_knight_leaps_end_when_the_next_player_has_none():
    game = load(KNIGHT)
    rng = random.Random(5)
    s = game.initial_state()
    while not s.over:  # knights leap towards the far side and run out of leaps
        s.play_random(rng)
    assert s.over and s.result is not None
