"""Every ludeme compiles in every parent kind the binder accepts it in, or is refused there with
a located error: never an internal error.

Generated from the registry: each docstring example that binds on its own is put, by the kind of
value it gives, in each place that kind may stand (moves in ``play``, in ``or``/``and``/
``priority``/``if``/``forEach Site``/``do``, in a ``(then ...)`` and in the same combinations
there, in ``start``; conditions in ``end``, ``play`` and ``then``; numbers and regions where
rules read them), loaded, and played a few random moves with a fixed seed.
"""

from __future__ import annotations

import random

import pytest

import interpreter.ludemes  # noqa: F401  (registers the vocabulary)
from conftest import bound_examples
from interpreter import LudError, MoveError, load
from interpreter.ludemes.base import BOOL, INT, MOVES, REGION

GAME = """(game "G" (players 2)
  (equipment {{(board (square 4)) (piece "Disc" Each (move Step (to if:(is Empty (to))))) (piece "Marker" Each)}})
  (rules (start {START}) (play {PLAY}) (end {{{END} (if (is Full) (result All Draw))}})))"""
DEFAULT = {"START": '(place "Disc1" 0)', "PLAY": "(move Add (to (sites Empty)))", "END": "(if False (result Mover Win))"}
ADD = "(move Add (to (sites Empty))"
EVEN = "(is Even (count Moves))"
PLACES = {
    MOVES: [("PLAY", "{X}"), ("PLAY", "(or {X} (move Pass))"), ("PLAY", "(and {X} (move Pass))"),
            ("PLAY", "(priority {X} (move Pass))"), ("PLAY", f"(if {EVEN} {{X}} (move Pass))"),
            ("PLAY", "(forEach Site (sites Board) {X})"), ("PLAY", "(do {X} ifAfterwards:True)"),
            ("PLAY", ADD + " (then {X}))"), ("PLAY", ADD + " (then (and {X} (addScore Mover 0))))"),
            ("PLAY", ADD + " (then (or {X} (addScore Mover 0))))"),
            ("PLAY", ADD + " (then (priority {X} (addScore Mover 0))))"),
            ("PLAY", ADD + f" (then (if {EVEN} {{X}})))"),
            ("PLAY", ADD + " (then (forEach Site (sites Board) {X})))"),
            ("START", "{X}")],
    BOOL: [("END", "(if {X} (result Mover Win))"), ("PLAY", "(if {X} (move Pass) " + ADD + "))"),
           ("PLAY", ADD[:-1] + " if:{X}))"), ("PLAY", ADD + " (then (if {X} (addScore Mover 1))))")],
    INT: [("END", "(if (= {X} 7) (result Mover Win))"), ("PLAY", ADD + " (then (addScore Mover {X})))")],
    REGION: [("PLAY", "(move Add (to {X}))"), ("END", "(if (= (count Sites in:{X}) 3) (result Mover Win))")],
}


EXAMPLES = [(cls.name, example, node.kind) for cls, example, node in bound_examples()
            if getattr(node, "kind", None) in PLACES]


def test_the_examples_reach_every_kind_of_place():
    kinds = {kind for _, _, kind in EXAMPLES}
    assert kinds == set(PLACES)
    assert len(EXAMPLES) > 150


@pytest.mark.parametrize("name, example, kind", EXAMPLES, ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(EXAMPLES)])
def test_every_ludeme_compiles_where_the_binder_accepts_it_or_is_refused_with_a_location(name, example, kind):
    for slot, place in PLACES[kind]:
        parts = dict(DEFAULT)
        parts[slot] = place.replace("{X}", example)
        text = GAME.format(**parts)
        try:
            game = load(text)
            state = game.initial_state()
            rng = random.Random(0)
            for _ in range(4):
                if state.is_over():
                    break
                state.apply(rng.choice(state.legal_moves()))
        except LudError as err:
            # a description error says where; only a value that outgrows 32 bits during play may
            # come without a place in the text (it has one anyway: the ludeme that computed it)
            assert err.span is not None, f"{name} in {place}: {err.message} (no location)\n{text}"
        except MoveError:
            pass
        except Exception as err:  # noqa: BLE001 - an internal error is what this test is for
            pytest.fail(f"{name} in {place}: {type(err).__name__}: {err}\n{text}")


def test_an_effect_where_moves_are_chosen_is_a_decision_of_its_own():
    # Ludii's effects are moves: (or (set Counter) (move Pass)) lists the move of (set Counter)
    text = GAME.format(**{**DEFAULT, "PLAY": "(or (set Counter) (move Pass))"})
    assert [m.text for m in load(text).initial_state().legal_moves()] == ["set-Counter", "pass"]


def test_priority_as_a_consequence_applies_the_first_effect_that_changes_something():
    """Susan's rule: after each move, a surrounded piece of the mover's own counts first, else
    one of the opponent's; (priority ...) in a (then ...) picks the first effect that does
    something, as Ludii applies the first non-empty list of effect moves."""
    surround = "(surround (from (last To)) Orthogonal (between if:(is {who} (who at:(between))) (apply (trigger \"S\" {p}))) (to if:(is Occupied (to))))"
    play = (ADD + " (then (priority {" + surround.format(who="Friend", p="Mover") + " "
            + surround.format(who="Enemy", p="Next") + "})))")
    end = '(if (is Triggered "S" P1) (result P2 Win)) (if (is Triggered "S" P2) (result P1 Win))'
    game = load(GAME.format(START="(place \"Disc1\" 15)", PLAY=play, END=end))
    state = game.initial_state()
    # a P2 piece on B1 (site 1) with A1, C1 and B2 around it: P1 fills them, the last closes it
    for move in ["A1", "B1", "C1", "D3", "B2"]:
        state.apply(move)
    assert state.is_over() and state.result().winners == [1]
