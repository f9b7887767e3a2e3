"""Ludii's Add and hands (Core/src/game/rules/play/moves/nonDecision/effect/Add.java,
Core/src/other/action/move/ActionAdd.java): a placement makes a new piece and never takes one from
a hand, whatever the hand holds; a placement on a hand's site (``(handSite Mover)``) puts the piece
there, one more where the hand holds some. This engine's supply of pieces (a placement drawing from
its owner's counted hand) is written out: ``(move Add ... fromHand:True)``.

The hands here are counted (``(hand Each)`` without ``size:``): on a 3x3 board P1's hand is site 9,
P2's site 10 (Ludii numbers the hands' sites after the board's). Each test is a small position whose
answer follows from Ludii's classes."""

from __future__ import annotations

import pytest

from interpreter import LudError, load
from interpreter.bind import bind
from interpreter.compile.compiler import Compiler
from interpreter.engine.env import Env
from interpreter.syntax.parser import parse

HAND1, HAND2 = 9, 10


def game(start: str, play: str, extra: str = "", pieces: str = '(piece "Disc" Each)'):
    return load(f'''(game "A" (players 2) (equipment {{(board (square 3)) {pieces} (hand Each) {extra}}})
        (rules (start {{{start}}}) (play {play}) (end (if (is Full) (result Mover Draw)))))''')


def held(state, name: str) -> int:
    """How many pieces of that kind its owner's hand holds."""
    return state.arrays["hand"][next(c.index for c in state.game.components if c.name == name)]


def evaluate(state, text: str) -> int:
    return bind(parse(text).forms[0]).compile(Compiler(state.game))(state, Env())


# --- a placement never draws from a hand ------------------------------------------------------------
def test_a_placement_is_not_limited_by_an_empty_hand():
    # Ludii's Add.eval lists the component on every site of the region: no hand is read
    g = game("", "(move Add (to (sites Empty)))")
    s = g.initial_state()
    assert held(s, "Disc1") == 0
    assert len(s.legal_moves()) == 9
    s.apply("A1")
    assert s.what[0] and held(s, "Disc1") == 0


def test_a_placement_takes_nothing_from_a_filled_hand():
    g = game('(place "Disc1" (handSite P1) count:2)', "(move Add (to (sites Empty)))")
    s = g.initial_state()
    s.apply("A1")
    s.apply("B1")
    s.apply("C1")
    assert held(s, "Disc1") == 2 and held(s, "Disc2") == 0
    assert evaluate(s, "(count Cell at:(handSite P1))") == 2


def test_a_consequence_placing_the_movers_piece_needs_no_hand():
    # Quixo's (add (piece (mover)) (to (last To))) with empty hands: the piece appears
    g = game("", '(move Select (from (sites Empty)) (then (add (piece (mover)) (to (last To)))))')
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.what[0] == 1 and held(s, "Disc1") == 0


# --- a placement on a hand's site puts the piece there ---------------------------------------------
def test_an_add_to_an_empty_hand_puts_the_piece_there():
    # Puluc's rebirth: (add (piece (id "Marker" Mover)) (to (handSite Mover))) with the hand empty
    g = game("", '(move Add (to (sites Empty)) (then (add (piece (id "Disc" Mover)) (to (handSite Mover)))))')
    s = g.initial_state()
    s.apply("A1")
    assert held(s, "Disc1") == 1 and held(s, "Disc2") == 0
    assert evaluate(s, "(is Occupied (handSite P1))") and not evaluate(s, "(is Occupied (handSite P2))")
    assert evaluate(s, "(count Cell at:(handSite P1))") == 1


def test_an_add_to_a_hand_holding_pieces_counts_one_more():
    g = game('(place "Disc1" (handSite P1) count:2)',
             '(move Add (to (sites Empty)) (then (add (piece (id "Disc" Mover)) (to (handSite Mover)))))')
    s = g.initial_state()
    s.apply("A1")
    assert held(s, "Disc1") == 3 and s.what[0] == 1


def test_an_add_of_several_pieces_to_a_hand_puts_them_all_there():
    # Gioco dell'Orso: (add (piece "Human2") (to (handSite P2)) count:3); Ludii's further
    # ActionAdds of one piece each, which a game that counts pieces counts on the site
    g = game("", '(move Add (to (sites Empty)) (then (add (piece "Disc2") (to (handSite P2)) count:3)))')
    s = g.initial_state()
    s.apply("A1")
    assert held(s, "Disc2") == 3 and held(s, "Disc1") == 0
    assert evaluate(s, "(count Cell at:(handSite P2))") == 3


def test_pieces_added_to_a_hand_can_be_moved_from_it():
    play = ('(if (is Occupied (handSite Mover)) (move (from (handSite Mover)) (to (sites Empty))) '
            '(move Add (to (sites Empty)) (then (add (piece "Disc2") (to (handSite P2)) count:2))))')
    g = game("", play)
    s = g.initial_state()
    s.apply("A1")  # P1 places; P2's hand gets two pieces
    assert s.mover == 2 and {m.frm for m in s.legal_moves()} == {HAND2}
    s.apply(s.legal_moves()[0])
    assert held(s, "Disc2") == 1


def test_a_placement_decision_on_a_hands_site():
    # (move Add (to (handSite Mover))): one move, which puts one more piece in the mover's hand
    g = game('(place "Disc1" (handSite P1) count:1)', "(move Add (to (handSite Mover)))")
    s = g.initial_state()
    moves = s.legal_moves()
    assert [m.to for m in moves] == [HAND1]
    s.apply(moves[0])
    assert held(s, "Disc1") == 2 and not any(s.what)


def test_an_add_to_a_stack_in_a_hand_puts_one_more_there():
    # a stacking game (Puluc: (place Stack "Marker1" (handSite P1) count:5)): one more in the hand
    g = game('(place Stack "Disc1" (handSite P1) count:2)',
             '(move Add (to (sites Empty)) (then (add (piece (id "Disc" Mover)) (to (handSite Mover)))))')
    assert g.stacking  # Ludii's hand of a stacking game holds a stack on its site
    s = g.initial_state()
    assert evaluate(s, "(size Stack at:(handSite P1))") == 2
    s.apply("A1")
    assert evaluate(s, "(size Stack at:(handSite P1))") == 3


# --- the engine's supply of pieces: fromHand:True ---------------------------------------------------
def test_from_hand_draws_each_placement_from_the_owners_hand():
    g = game('(place "Disc1" (handSite P1) count:1) (place "Disc2" (handSite P2) count:2)',
             "(move Add (to (sites Empty)) fromHand:True)")
    s = g.initial_state()
    s.apply("A1")
    assert held(s, "Disc1") == 0
    s.apply("B1")
    assert held(s, "Disc2") == 1
    assert s.legal_moves() == [] or all(str(m) == "pass" for m in s.legal_moves())  # P1's hand is empty


def test_from_hand_lists_only_the_kinds_the_hand_holds():
    g = game('(place "Big1" (handSite P1) count:1)', '(move Add (piece {"Small" "Big"}) (to (sites Empty)) fromHand:True)',
             pieces='(piece "Small" Each) (piece "Big" Each)')
    s = g.initial_state()
    assert {str(m).split("@")[0] for m in s.legal_moves()} == {"Big1"}


def test_from_hand_needs_counted_hands():
    with pytest.raises(LudError, match="fromHand:True needs counted hands") as info:
        load('''(game "A" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
            (rules (play (move Add (to (sites Empty)) fromHand:True)) (end (if (is Full) (result Mover Draw)))))''')
    assert "^" in info.value.render()


@pytest.mark.parametrize("rule", ['(move Select (from (sites Empty)) (then (add (to (last To)) fromHand:True)))',
                                  "(claim (to (sites Empty)) fromHand:True)"])
def test_ludiis_add_effect_and_claim_take_no_from_hand(rule):
    # only the decision (move Add) has the engine's supply; Ludii's add and claim make new pieces
    with pytest.raises(LudError):
        game('(place "Disc1" (handSite P1) count:1)', rule)


# --- the compiled tier --------------------------------------------------------------------------------
def test_the_kernels_place_without_drawing_and_draw_with_from_hand():
    from interpreter.native.api import compiled_form
    from interpreter.native.emit import NoKernel
    for play in ("(move Add (to (sites Empty)))", "(move Add (to (sites Empty)) fromHand:True)"):
        form = compiled_form(game('(place "Disc1" (handSite P1) count:2) (place "Disc2" (handSite P2) count:2)', play))
        assert not isinstance(form, NoKernel), form


@pytest.mark.heavy
@pytest.mark.parametrize("play", ["(move Add (to (sites Empty)))", "(move Add (to (sites Empty)) fromHand:True)"])
def test_the_tiers_agree_on_placements_in_a_game_with_hands(play):
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    g = game('(place "Disc1" (handSite P1) count:2) (place "Disc2" (handSite P2) count:3)', play)
    compiled = native_game(g)
    assert compiled is not None, why_not(g)
    for seed in range(3):
        assert compare_game(g, compiled, seed) is None, f"seed {seed}"
