"""Ludii's shatranj family (chaturanga folder, second half): the ludemes its files lean on.

Shatranj Diwana Shah chooses the piece a pawn becomes with an int ``(if ...)`` whose last branch
is Ludii's ``Undefined`` (no such piece: the pawn may not go to the last row).
"""

from __future__ import annotations

import random

from interpreter import load

ADD_WHERE = """
(game "T"
    (players 2)
    (equipment {(board (square 3)) (piece "Disc" Each)})
    (rules
        (play (move Add (to (sites Empty) if:(!= Undefined %s))))
        (end (if (is Full) (result Mover Draw)))
    )
)
"""


def _moves(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


def test_if_with_undefined_in_its_else_branch_is_an_int():
    # Ludii's ints If: Undefined (-1) is an int like any other, in either branch
    game = load(ADD_WHERE % "(if (is In (to) (sites Bottom)) 1 Undefined)")
    assert _moves(game.initial_state()) == ["A1", "B1", "C1"]


def test_if_with_undefined_in_its_then_branch_is_an_int():
    game = load(ADD_WHERE % "(if (is In (to) (sites Top)) Undefined 1)")
    assert _moves(game.initial_state()) == ["A1", "A2", "B1", "B2", "C1", "C2"]


def test_nested_int_ifs_ending_in_undefined():
    game = load(ADD_WHERE % "(if (is In (to) (sites Left)) 4 (if (is In (to) (sites Right)) 5 Undefined))")
    assert _moves(game.initial_state()) == ["A1", "A2", "A3", "C1", "C2", "C3"]


PROMOTE_BY_COLUMN = """
(define "PromotedPiece"
    (if (= (column of:(last To)) 0) (id "Rook" Mover) Undefined)
)
(game "Promote by column"
    (players 2)
    (equipment {
        (board (square 4))
        (piece "Pawn" Each
            (do (move Step Forward (to if:(is Empty (to))))
                ifAfterwards:(if (is In (last To) (sites Top)) (!= Undefined ("PromotedPiece")) True)
                (then
                    (if (is In (last To) (sites Top))
                        (promote (last To) (piece ("PromotedPiece")))
                    )
                )
            )
        )
        (piece "Rook" Each (move Slide Orthogonal))
    })
    (rules
        (start {(place "Pawn1" (sites {"A3" "B3"})) (place "Pawn2" coord:"D1")})
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"""


def test_a_pawn_may_reach_the_last_row_only_where_a_piece_is_chosen():
    # as Shatranj Diwana Shah: the column picks the piece; Undefined forbids the move
    state = load(PROMOTE_BY_COLUMN).initial_state()
    assert _moves(state) == ["A3-A4"]
    state.apply(state.legal_moves()[0])
    assert "A4: Rook1" in state.to_text()


def test_random_games_of_the_promotion_end_or_stop_cleanly():
    game = load(PROMOTE_BY_COLUMN)
    for seed in range(3):
        state, rng = game.initial_state(), random.Random(seed)
        for _ in range(30):
            if state.is_over() or not state.legal_moves():
                break
            state.apply(rng.choice(state.legal_moves()))
