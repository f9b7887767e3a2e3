"""The core's design, held by tests: moves are values, the game is read-only once built, the
state's legal moves cannot be changed from outside, rules take their frame as an argument,
outcomes are values, and a few names are Ludii's (issue 20)."""

from __future__ import annotations

import pickle
import random

import pytest

from interpreter import Move, load
from interpreter.bind import bind
from interpreter.engine.env import ROOT, Env
from interpreter.engine.move import MoveKind
from interpreter.engine.movegen import MoveGen
from interpreter.engine.result import Outcome, Termination
from interpreter.errors import IllegalMoveError, InvalidMoveError
from interpreter.ludemes.base import OVERLOADS
from interpreter.syntax.parser import parse


def _bound(text: str):
    return bind(parse(text, "<test>").forms[0])


# --- the public API -------------------------------------------------------------------------------
def test_legal_moves_are_a_tuple_the_caller_cannot_change():
    state = load("tic-tac-toe").initial_state()
    legal = state.legal_moves()
    assert isinstance(legal, tuple) and len(legal) == 9
    with pytest.raises(AttributeError):
        legal.clear()  # type: ignore[attr-defined]
    assert state.apply("B2").text == "B2"  # the state's own list was never touched


def test_a_move_is_a_value_with_no_rule_inside():
    game = load("alak")
    state = game.initial_state()
    move = state.legal_moves()[0]
    assert move.game_id == game.uid and isinstance(move.rules, tuple)
    assert all(isinstance(r, int) for r in move.rules)
    assert not any(callable(getattr(move, name)) for name in Move.__slots__ if name != "_text")
    again = pickle.loads(pickle.dumps(move))
    assert again == move and again.rules == move.rules and again.text == move.text
    with pytest.raises(AttributeError):
        move.to = 3  # type: ignore[misc]


def test_a_move_read_from_its_text_needs_no_position():
    game = load("pente", options=["Board Size/9x9"])
    move = Move.from_text("E5", game)
    assert (move.kind, move.to, move.what) == (MoveKind.ADD, game.topology.site("E5"), 0)
    state = game.initial_state()
    played = state.apply(move)  # the legal move it names: the centre placement of P1's stone
    assert played.text == "E5" and played.what == 1 and state.what[game.topology.site("E5")] == 1
    with pytest.raises(IllegalMoveError):
        state.apply(Move.from_text("E5", game))  # occupied now
    with pytest.raises(InvalidMoveError):
        Move.from_text("Z99", game)
    assert Move.from_text("pass", game).kind is MoveKind.PASS


def test_a_move_of_another_game_is_refused():
    other = load("tic-tac-toe").initial_state().legal_moves()[0]
    state = load("gomoku").initial_state()
    with pytest.raises(IllegalMoveError, match="another game"):
        state.apply(other)


def test_the_outcome_is_a_frozen_value_and_returns_follow_it():
    state = load("tic-tac-toe").initial_state()
    assert state.outcome() is None and state.returns() == (0.0, 0.0)
    for text in ["A1", "A2", "B1", "B2", "C1"]:
        state.apply(text)
    outcome = state.outcome()
    assert isinstance(outcome, Outcome)
    assert (outcome.winners, outcome.losers, outcome.draw, outcome.winner) == ((1,), (2,), False, 1)
    assert outcome.termination is Termination.LINE and outcome.reason == "a line of 3 pieces"
    assert outcome.rank(1) == 1 and outcome.rank(2) == 2 and dict(outcome.scores) == {1: 0, 2: 0}
    assert state.returns() == (1.0, -1.0)
    with pytest.raises(AttributeError):
        outcome.draw = True  # type: ignore[misc]


def test_a_draw_returns_nothing_to_anyone():
    state = load("tic-tac-toe").initial_state()
    for text in ["A1", "B2", "C3", "B1", "B3", "A3", "C1", "C2", "A2"]:
        state.apply(text)
    assert state.outcome().draw and state.returns() == (0.0, 0.0)


def test_ranked_players_return_ludiis_utilities():
    """Pente with three players ranks them one by one: first 1, last -1, the middle 0."""
    game = load("pente", options=["Board Size/9x9", "Players/3"])
    rng = random.Random(4)
    state = game.initial_state()
    while not state.is_over():
        state.play_random(rng)
    ranks = state.result().ranking
    expected = tuple(1.0 - 2.0 * (ranks[p] - 1) / 2 for p in (1, 2, 3))
    assert state.returns() == expected and max(expected) == 1.0


def test_reasons_are_words_with_the_players_of_the_end():
    state = load("alak").initial_state()
    rng = random.Random(3)
    while not state.is_over():
        state.play_random(rng)
    loser = state.result().losers[0] if state.result().losers else 3 - state.result().winners[0]
    assert state.result().reason == f"P{loser} has at most 1 piece"


# --- the game is built once ------------------------------------------------------------------------
def test_a_game_is_read_only_once_built():
    game = load("alak")
    with pytest.raises(AttributeError):
        game.turn_limit = 5
    with pytest.raises(AttributeError):
        game.words = ("x",)
    with pytest.raises(TypeError):
        game.arrays["hand"] = (0,)  # type: ignore[index]
    assert isinstance(game.phases, tuple) and isinstance(game.components, tuple)
    shorter = game.with_turn_limit(10)  # a copy
    assert shorter.turn_limit == 10 and game.turn_limit != 10


def test_declared_arrays_make_the_state_layout():
    game = load("double-run-stone")
    assert "hand" in game.arrays
    state = game.initial_state()
    assert set(state.arrays) == set(game.arrays)
    assert state.array("hand") is state.arrays["hand"] and state.array("what") is state.what


def test_phases_play_with_move_generators():
    game = load("pente", options=["Board Size/9x9"])
    play = game.phases[0].play
    assert isinstance(play, MoveGen)
    state = game.initial_state()
    assert play.first(state, ROOT) == state.legal_moves()[0]


# --- the frame is an argument --------------------------------------------------------------------------
def test_a_rule_binds_sites_in_a_frame_of_its_own():
    """A filter of a region by a condition on (to) leaves the frame it was given unchanged."""
    game = load("tic-tac-toe")
    state = game.initial_state()
    outer = Env(to=7, site=3)
    moves = game.phases[0].play.moves(state, outer)
    assert len(moves) == 9 and (outer.to, outer.site) == (7, 3)
    assert (ROOT.to, ROOT.frm, ROOT.site) == (-1, -1, -1)


# --- names as Ludii's ------------------------------------------------------------------------------------
def test_an_overloaded_name_binds_by_its_arguments():
    assert len(OVERLOADS["remove"]) == 2 and len(OVERLOADS["add"]) == 3  # add: a placement, a board, a sum
    effect = _bound("(remove (last To))")
    board = _bound('(remove (square 5) cells:{"C3"})')
    assert type(effect) is not type(board)
    assert (effect.kind, board.kind) == ("moves", "board shape")
    assert _bound('(add (piece "Disc1") (to (sites Empty)))').kind == "moves"
    assert _bound("(add (square 2) edges:{{0 4}})").kind == "board shape"


def test_set_takes_a_role():
    bound = _bound("(set P2 (sites {0 1}))")
    assert bound.name == "set" and bound.role.name == "P2"
    game = load('(game "S" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) '
                '(rules (start (set P2 (sites {0 1}))) (play (move Add (to (sites Empty)))) '
                '(end (if (is Full) (result All Draw)))))')
    assert game.initial_state().who[:3] == [2, 2, 0]


def test_ludiis_claim_puts_a_piece_on_any_site_of_its_region():
    game = load('(game "C" (players 2) (equipment {(board (square 2)) (piece "Disc" Each)}) '
                '(rules (play (claim (to (sites Board) if:(!= (who at:(to)) Mover)))) '
                '(end (if (is Full) (result All Draw)))))')
    state = game.initial_state()
    state.apply("A1")
    assert len(state.legal_moves()) == 4  # P2 may claim P1's site too
    state.apply("A1")
    assert state.who[0] == 1  # Ludii's ActionAdd on an occupied site keeps the piece there
    assert _bound("(claim Pieces (between) by:Mover)").name == "claim Pieces"
