"""Race and escape games' vocabulary as Ludii's Java reads it, in small inline games (session 37,
Ludii's board/race/escape files): ``(forEach Piece container:... top:True)`` moves only the top
piece of a hand's stack (Ludii's ForEachPiece skips a piece whose stack is not one level above it,
in whatever container it walks: Lange Puff and Kawade Kelia enter from a stacked hand)."""

from __future__ import annotations

from interpreter import load
from interpreter.engine import dice


def hand_game(top: str, piece_from: str = "(from)") -> str:
    return f"""(game "T" (players 2)
    (equipment {{
        (board (rectangle 1 6) {{ (track "Track1" "6,0,E" P1 directed:True) (track "Track2" "7,5,W" P2 directed:True) }})
        (dice d:2 from:1 num:1)
        (hand Each)
        (piece "Disc" Each (move (from {piece_from}) (to (trackSite Move steps:(count Pips)))))
    }})
    (rules
        (start {{ (place Stack "Disc1" (handSite P1) count:3) (place Stack "Disc2" (handSite P2) count:3) }})
        (play (do (roll) next:(forEach Piece container:(mover){top})))
        (end (if (no Pieces Mover) (result Mover Win)))
    )
)"""


def first_moves(text: str) -> list[str]:
    state = load(text).initial_state()
    with dice.given(state, [0]):  # the die shows 1
        return [m.text for m in state.legal_moves()]


def test_top_moves_only_the_top_piece_of_a_hands_stack():
    # Ludii's Kawade Kelia: (forEach Piece container:(mover) top:True), a piece moving from its level
    assert first_moves(hand_game(" top:True", "(from) level:(level)")) == ["Hand1/2-A1"]


def test_top_with_pieces_moving_from_the_site():
    # Ludii's Lange Puff: the piece's move names no level; top:True still makes it once, not per piece
    assert first_moves(hand_game(" top:True")) == ["Hand1-A1"]


def test_without_top_every_piece_of_the_hands_stack_moves():
    # Ludii's Romavoa: (forEach Piece container:(mover)) walks each level of the hand's stack
    assert first_moves(hand_game("", "(from) level:(level)")) == ["Hand1/0-A1", "Hand1/1-A1", "Hand1/2-A1"]
    assert len(first_moves(hand_game(""))) == 3  # the same move from each piece: Ludii lists it thrice


def test_top_false_is_every_piece():
    assert len(first_moves(hand_game(" top:False", "(from) level:(level)"))) == 3


# --- (if C <int> Off): Ludii's int constants as a branch of an int (if ...) -----------------------------
def go_back(branch: str) -> str:
    return f"""(game "T" (players 2)
    (equipment {{ (board (rectangle 1 4)) (piece "Disc" Each) }})
    (rules
        (start {{ (place "Disc1" 0) }})
        (play (move Add (piece (id "Disc" Mover)) (to (sites {{ {branch} }}) if:(is Empty (to)))))
        (end (if (is Full) (result Mover Draw)))
    )
)"""


def test_off_as_the_else_branch_of_an_int_if():
    # Ludii's Todas Tablas: (if (...) (regionSite ...) Off), Off being -1: no site
    assert moves(go_back("(if (is Empty 1) 1 Off)")) == ["B1"]
    assert moves(go_back("(if (is Empty 0) 1 Off)")) == []  # Off: no site, no placement


def test_an_int_constant_as_the_then_branch():
    assert moves(go_back("(if (is Empty 0) Off 2)")) == ["C1"]
    assert moves(go_back("(if (is Empty 1) Off 2)")) == []


def moves(text: str) -> list[str]:
    """The legal moves' texts, a placement by its site (``1@B1`` reads ``B1``), a forced pass left out."""
    return [m.text.split("@")[-1] for m in load(text).initial_state().legal_moves() if m.text != "pass"]
