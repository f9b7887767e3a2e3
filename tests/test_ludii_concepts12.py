"""Compilation concepts of ludemes that no file of Ludii's sample uses, as Ludii's own classes
declare them (each test names the Java class it follows).

Small inline games: a 3x3 board where players add discs, with one ludeme changed each time.
"""

from __future__ import annotations

import pytest

from interpreter import load
from interpreter.concept.detect import boolean_concepts, numeric_concepts

GAME = """(game "T" (players 2) (equipment {{ {board} (piece "Disc" Each) }})
 (rules {start} (play {play}) (end {end})))"""
ADD = "(move Add (to (sites Empty)))"


def concepts_of(play: str = ADD, end: str = "(if (is Full) (result Mover Win))",
                board: str = "(board (square 3))", start: str = "") -> frozenset[str]:
    return boolean_concepts(load(GAME.format(play=play, end=end, board=board, start=start)))


# --- propose / vote: Ludii's Propose.java and Vote.java (rules/play/moves/nonDecision/effect) set
# ProposeDecision / VoteDecision when the move is a decision, and nothing as an effect


@pytest.mark.parametrize("action", ["Propose", "Vote"])
def test_a_proposal_or_a_vote_chosen_by_a_player_is_a_decision(action):
    found = concepts_of(f'(or {ADD} (move {action} "End"))')
    assert f"{action}Decision" in found and f"{action}Effect" not in found


@pytest.mark.parametrize("action", ["propose", "vote"])
def test_a_proposal_or_a_vote_made_as_a_consequence_has_no_concept_of_its_own(action):
    found = concepts_of(f'(move Add (to (sites Empty)) (then ({action} "End")))')
    word = action.capitalize()
    assert not {f"{word}Decision", f"{word}Effect"} & found


def test_a_plain_proposal_in_the_play_rules_is_a_decision():
    # where an effect form stands as the move a player chooses (as step, hop... do)
    assert "ProposeDecision" in concepts_of(f'(or {ADD} (propose "End"))')


# --- graph operators: Ludii's Renumber, Scale and Skew (functions/graph/operators) have their
# board's concepts (concepts.or(graphFn.concepts(game))); Clip and Keep have none (commented out
# there: "we can not conclude about the tiling")

SQUARE = {"SquareTiling", "SquareShape", "RegularShape", "PolygonShape"}


@pytest.mark.parametrize("board", [
    "(board (renumber (square 4)))",
    "(board (renumber Cell (rotate 90 (square 4))))",
    "(board (scale 1 0.5 (square 4)))",
    "(board (skew 0.5 (square 4)))",
    "(board (skew 0.5 (scale 1 0.5 (square 4))))",
])
def test_renumbering_scaling_or_skewing_a_board_keeps_its_tiling_and_shape(board):
    assert SQUARE <= concepts_of(board=board)


@pytest.mark.parametrize("board", [
    "(board (clip (square 5) (poly {{0 0} {3 0} {3 3}})))",
])
def test_clipping_a_board_keeps_none_of_its_tiling_or_shape(board):
    assert not SQUARE & concepts_of(board=board)


def test_a_quadhex_board_is_a_quadhex_tiling_of_hexagonal_polygon_shape():
    # Ludii's Quadhex.concepts: QuadHexTiling, HexShape, PolygonShape (not RegularShape)
    found = concepts_of(board="(board (quadhex 3))")
    assert {"QuadHexTiling", "HexShape", "PolygonShape"} <= found
    assert not {"RegularShape", "HexTiling"} & found


# --- forms checked and found to agree with Ludii's classes (kept so that they stay so)


def test_swap_players_is_a_decision_or_an_effect_where_it_stands():
    # SwapPlayers.java (effect/state/swap/players): SwapPlayersDecision else SwapPlayersEffect
    assert "SwapPlayersEffect" in concepts_of(f"{ADD[:-1]} (then (swap Players 1 2)))")
    assert "SwapPlayersDecision" in concepts_of(f"(or {ADD} (swap Players 1 2))")


def test_swap_pieces_as_an_effect_has_no_concept_of_its_own():
    # SwapPieces.java (effect/state/swap/sites): SwapPiecesDecision only when a decision
    found = concepts_of(f"{ADD[:-1]} (then (swap Pieces 0 1)))")
    assert not {"SwapPiecesDecision", "SwapPiecesEffect"} & found


@pytest.mark.parametrize("condition", ["(was Pass)", "(is Cycle)"])
def test_was_pass_and_is_cycle_bring_no_concept(condition):
    # WasPass.java (functions/booleans/was) and IsCycle.java (is/simple): an empty BitSet
    with_it = concepts_of(end=f"(if (or (is Full) {condition}) (result Mover Win))")
    assert with_it == concepts_of(end="(if (or (is Full) (is Full)) (result Mover Win))")


@pytest.mark.parametrize("rule", ["(no Repeat PositionalInTurn)", "(no Repeat Situational)"])
def test_every_kind_of_no_repeat_is_a_positional_superko(rule):
    # NoRepeat.java (rules/meta/no/repeat) sets PositionalSuperko whatever its type
    found = concepts_of(start=f"(meta {rule})")
    assert "PositionalSuperko" in found and not {"TurnKo", "SituationalSuperko", "SituationalTurnKo"} & found


def test_a_random_placement_of_a_stack_counts_its_pieces():
    # PlaceRandom.java (rules/start/place/random): InitialRandomPlacement, Stochastic, and
    # PieceCount (its count is above Undefined)
    found = concepts_of(start='(start (place Random {"Disc1" "Disc2"} count:{2 3} 4))')
    assert {"InitialRandomPlacement", "Stochastic", "PieceCount"} <= found


def test_the_numbers_of_a_renumbered_board_are_its_boards():
    game = load(GAME.format(play=ADD, end="(if (is Full) (result Mover Win))",
                            board="(board (renumber (square 4)))", start=""))
    numbers = numeric_concepts(game)
    assert numbers["NumPlayableSitesOnBoard"] == 16 and numbers["NumRows"] == 4


# --- claim: Ludii's Claim.concepts (rules/play/moves/nonDecision/effect) sets nothing of its own
# (its kind of site's and its arguments' only): a claim is neither an AddDecision nor an AddEffect


@pytest.mark.parametrize("play", [
    "(move Claim (to (sites Empty)))",
    "(claim (to (sites Empty)))",
    f"{ADD[:-1]} (then (claim (to (sites Empty)))))",
])
def test_a_claim_is_not_an_add(play):
    found = concepts_of(play)
    assert "AddEffect" not in found
    assert ("AddDecision" in found) == play.startswith(ADD[:-1])  # only the (move Add ...)'s
