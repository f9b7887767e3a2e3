"""Speed-ups that must not change a legal move: a threat test (Ludii's IsThreatened, the enemy's
moves tried onto one site) asks steps, hops, slides, ``(move (from) (to ...))`` and ``(and ...)``
of moves for the moves onto that site only, which are the moves listed and kept when onto it;
``intersection`` keeps the first region's order; the occupied sites of another kind of site
(walls on edges) follow the position; the position text is the same whichever YAML emitter
writes it."""

from __future__ import annotations

import random

import pytest

from interpreter import load
from interpreter.engine import position
from interpreter.engine.env import ROOT


def _moves(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


# The king (A1) may not step where an enemy piece of each kind of move would take it: a step
# piece (and of two steps), a hop over a hurdle, a piece moving (from) to any occupied-by-enemy
# site, a slide. #ENEMY is the attacker's moves, #AT where it stands.
CHECK = '''(game "C" (players 2)
 (equipment {(board (square 5))
  (piece "King" Each (move Step Adjacent (to if:(not (is Friend (who at:(to)))) (apply (remove (to))))))
  (piece "Foe" Each #ENEMY)
  (piece "Stone" Each)})
 (rules (start {(place "King1" "A1") (place "Foe2" #AT) (place "King2" "E5") (place "Stone1" "C3")})
  (play (do (forEach Piece) ifAfterwards:(not (is Threatened (id "King" Mover) at:(where "King" Mover)))))
  (end (if (no Moves Next) (result Mover Win)))))'''

TAKE = "(to if:(not (is Friend (who at:(to)))))"
STEP = f"(and (move Step N {TAKE}) (move Step W {TAKE}))"
HOP = f"(move Hop Orthogonal (between if:True) {TAKE})"
FROMTO = "(move (from) (to (sites Around (from) Diagonal) if:(not (is Friend (who at:(to))))))"
SLIDE = "(move Slide Orthogonal (to if:(is Enemy (who at:(to)))))"


@pytest.mark.parametrize(("enemy", "at", "kings"), [
    (STEP, '"C2"', ["A1-A2", "A1-B1"]),  # W onto B2 (N onto C3: a friend of the king's there)
    (STEP, '"C1"', ["A1-A2", "A1-B2"]),  # W onto B1
    (HOP, '"B4"', ["A1-A2", "A1-B1"]),  # over B3 onto B2
    (HOP, '"C2"', ["A1-B1", "A1-B2"]),  # over B2 onto A2
    (HOP, '"D3"', ["A1-A2", "A1-B1", "A1-B2"]),  # over C3 onto B3: not next to A1
    (FROMTO, '"C1"', ["A1-A2", "A1-B1"]),  # diagonally onto B2
    (FROMTO, '"B3"', ["A1-B1", "A1-B2"]),  # diagonally onto A2
    (SLIDE, '"B4"', ["A1-A2"]),  # along the B file
    (SLIDE, '"C2"', ["A1-B1"]),  # along the second row
])
def test_the_king_stays_off_every_attacked_site(enemy, at, kings):
    state = load(CHECK.replace("#ENEMY", enemy).replace("#AT", at)).initial_state()
    assert [m for m in _moves(state) if m.startswith("A1-")] == kings


@pytest.mark.parametrize("enemy", [STEP, HOP, FROMTO, SLIDE])
def test_the_moves_onto_a_site_are_the_moves_kept_when_onto_it(enemy):
    game = load(CHECK.replace("#ENEMY", enemy).replace("#AT", '"C2"'))
    gen = game.phases[0].play
    rng = random.Random(3)
    state = game.initial_state()
    for _ in range(12):
        if state.is_over() or not state.legal_moves():
            break
        everything = gen.moves(state, ROOT)
        for site in range(25):
            assert list(gen.reaching(state, ROOT, site)) == [m for m in everything if m.to == site]
        state.apply(rng.choice(state.legal_moves()))


ORDER = '''(game "O" (players 1)
 (equipment {(board (square 3)) (piece "Disc" P1)})
 (rules (play (move Add (to #REGION))) (end (if (is Full) (result Mover Win)))))'''


@pytest.mark.parametrize(("region", "sites"), [
    ("(intersection (sites {5 1 3 7}) (sites {7 5}))", [5, 7]),
    ("(intersection (sites {5 1 3 7}) (sites {}))", []),
    ("(intersection (sites {}) (sites {1 2}))", []),
    ("(intersection {(sites {8 2 4 6}) (sites {6 4 0}) (sites {4 6 1})})", [4, 6]),
])
def test_intersection_keeps_the_first_regions_order(region, sites):
    state = load(ORDER.replace("#REGION", region)).initial_state()
    assert [m.to for m in state.legal_moves() if m.to >= 0] == sites  # none: a forced pass


# Walls on the edges of a board of cells (Quoridor's): the count of the occupied edges follows
# every placement (the sites found are remembered for one position only).
WALLS = '''(game "W" (players 2)
 (equipment {(board (square 3)) (piece "Wall" Shared)})
 (rules (play (move Add (piece "Wall0") (to Edge (sites Empty Edge))))
  (end (if (= (count Sites in:(sites Occupied by:Shared on:Edge)) 3) (result Mover Win)))))'''


def test_occupied_edges_follow_the_position():
    state = load(WALLS).initial_state()
    counts = []
    while not state.is_over():
        counts.append(len(state.legal_moves()))
        state.apply(state.legal_moves()[0])
    assert counts == [24, 23, 22] and state.ply == 3 and state.result().winners == [1]


def test_the_position_text_is_the_same_from_either_emitter(monkeypatch):
    for name in ("Plain", "Tr\u00e8s long " * 20):
        game = load(WALLS.replace('"W"', '"' + name + '"'))
        state = game.initial_state()
        state.apply(state.legal_moves()[1])
        fast = state.to_text()
        monkeypatch.setattr(position, "_FAST_DUMPER", None)
        assert state.to_text() == fast
        monkeypatch.undo()
