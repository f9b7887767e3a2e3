"""The compiled tier against the reference engine on pieces that move: slides (a range, a
capture ending the line), leaps (turtle walks, forward only), steps in directions relative to
each player's facing (Forward, FR/FL), moves from a site to a region (copies too), placements,
promotions, surrounded and intervened captures as consequences, ``no Pieces`` (a kind, an in: region), ``where``, unions and players' regions
(``(sites Mover)``, compared as sets). One small game uses them all (one module to
compile, in the heavy run); the parameters the kernels do not honour must leave a game to the
reference engine.
"""

from __future__ import annotations

import random

import pytest

from interpreter import load
from interpreter.native.api import compiled_form, native_game, why_not
from interpreter.native.conformance import compare_game
from interpreter.native.emit import NoKernel
from test_native_coverage import drawn_game  # tests/ is on the path (no package)

PIECES = """
(game "Kernels"
    (players {(player N) (player S)})
    (equipment {
        (board (square 5))
        (piece "Rook" Each (move Slide Orthogonal (between (max 2))
            (to if:(and (is Enemy (who at:(to))) (!= (to) (where "Knight" Next))) (apply (remove (to))))))
        (piece "Knight" Each (move Leap {{F F R F} {F F L F}} forward:True
            (to if:(not (is Friend (who at:(to)))) (apply (remove (to))))
            (then (and (surround (from (last To)) Orthogonal) (intervene (from (last To)) Diagonal)))))
        (piece "Pawn" Each (or (move Step Forward (to if:(is Empty (to))))
            (move Step (directions {FR FL}) (to if:(is Enemy (who at:(to))) (apply (remove (to)))))
            (then (if (is In (last To) (union (sites Left) (sites Right))) (promote (last To) (piece "Rook") Mover)))))
        (piece "Blob" Each (or (move (from) (to (sites Around (from)) if:(is Empty (to))) copy:True)
            (move (from) (to (union (sites Left) (sites Right)) if:(is Empty (to))))
            (then (forEach Site (intersection (sites Around (last To)) (sites Occupied by:Next))
                (and (remove (site)) (add (piece (id "Blob" Mover)) (to (site))))))))
        (regions P1 (sites Top))
        (regions P2 (sites Bottom))
    })
    (rules
        (start {(place "Rook1" {"A1" "E1"}) (place "Knight1" "C1") (place "Pawn1" {"B2" "C2" "D2"}) (place "Blob1" "A3")
                (place "Rook2" {"A5" "E5"}) (place "Knight2" "C5") (place "Pawn2" {"B4" "C4" "D4"}) (place "Blob2" "E3")})
        (play (forEach Piece))
        (end {
            (if (no Pieces Next "Knight") (result Mover Win))
            (if (no Pieces Enemy in:(sites Board)) (result Mover Win))
            (if (= (sites Occupied by:Mover) (sites Mover)) (result Mover Win))
            (if (is In (last To) (sites Mover)) (result Mover Win))
        })
    )
)
"""


@pytest.mark.heavy  # its module is the costliest compile of all (the default run compiles Alak's hops)
def test_moving_pieces_agree_ply_by_ply() -> None:
    game = load(PIECES)
    compiled = native_game(game)
    assert compiled is not None, why_not(game)
    reasons = set()
    for seed in range(6):
        assert compare_game(game, compiled, seed) is None, f"seed {seed}"
        rng = random.Random(seed)
        state = game.initial_state()
        while not state.over:
            state.apply(rng.choice(state.legal_moves()))
        reasons.add(state.reason)
    # the games exercised both kinds of ending (a kind of piece gone, a region reached)
    assert any(r.endswith(" has no Knight pieces") for r in reasons), reasons  # (no Pieces Next "Knight")
    assert any(r.startswith("the last move's site is in P") for r in reasons), reasons  # (is In (last To) (sites Mover))
    assert drawn_game(game, compiled, 17) > 0


FACING_PLAY = ('(game "F" (players {(player N) (player S)}) (equipment {(board (square 4)) (piece "Disc" Each)}) '
               '(rules (start {(place "Disc1" {"A1" "B1"}) (place "Disc2" {"C4" "D4"})}) '
               '(play (forEach Piece "Disc" (move Step (directions {Forward FR}) (to if:(not (is Friend (who at:(to)))) '
               '(apply (remove (to))))))) (end (if (no Moves Next) (result Mover Win)))))')


def test_a_play_rule_with_relative_directions_compiles() -> None:
    """Directions relative to a facing in the play rule: the rule is written once per player,
    with their facing (North without one), as the reference compiles it."""
    form = compiled_form(load(FACING_PLAY))
    assert not isinstance(form, NoKernel), form


@pytest.mark.heavy
def test_a_play_rule_with_relative_directions_agrees() -> None:
    game = load(FACING_PLAY)
    compiled = native_game(game)
    for seed in range(4):
        assert compare_game(game, compiled, seed) is None, f"seed {seed}"


def test_the_facing_of_each_player_turns_their_moves() -> None:
    """P1 faces north, P2 south: their pawns' and knights' first moves go opposite ways."""
    game = load(PIECES)
    first = {m.text for m in game.initial_state().legal_moves()}
    assert {"C2-C3", "C1-B3", "C1-D3"} <= first and not any(t.startswith("C5") for t in first)


REFUSED = [
    # a range of surrounded pieces (the reference reads none)
    ('(play (move Add (to (sites Empty)) (then (surround (between (max 2))))))', "surround"),
    # effects on the sites a slide passes over
    ('(play (forEach Piece "Disc" (move Slide (between (apply (remove (between)))))))', "between"),
]


@pytest.mark.parametrize("rules,word", REFUSED, ids=["surround-range", "slide-between-effect"])
def test_what_the_kernels_cannot_honour_leaves_the_game_to_the_reference(rules: str, word: str) -> None:
    end = "" if "(end" in rules else " (end (if (is Full) (result All Draw)))"
    text = ('(game "R" (players 2) (equipment {(board (square 4)) (piece "Disc" Each)}) '
            f'(rules (start (place "Disc1" {{"A1" "B1"}})) {rules}{end}))')
    form = compiled_form(load(text))
    assert isinstance(form, NoKernel) and word in str(form), form
