"""Ludii's effect ludemes with their full signatures (issue 24, family ``moves``): each effect's
own ``then`` (Ludii adds it to every move the effect makes), ``(player <int>)`` where a player is
taken, scores of several players, ``set Count``'s ``level:``... Each on a small position whose
answer follows from Ludii's classes (Core/src/game/rules/play/moves/nonDecision/effect/...)."""

from __future__ import annotations

import pytest

from interpreter import load


def game(rules: str, equipment: str = '(board (square 3)) (piece "Disc" Each)', players: int = 2):
    return load(f'(game "T" (players {players}) (equipment {{{equipment}}}) (rules {rules}))')


def texts(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


def played(rules: str, players: int = 2, equipment: str = '(board (square 3)) (piece "Disc" Each)'):
    """The state after the first legal move of a game of these rules."""
    g = game(rules, equipment, players)
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    return s


# --- scores ----------------------------------------------------------------------------------------
def test_add_score_of_several_players_each_its_own_amount_worked_out_first():
    # Ludii's (addScore {P1 P2} {50 10}): the i-th amount to the i-th player; every amount is
    # worked out before any score changes
    s = played('(play (move Add (to (sites Empty)) (then (addScore {P1 P2} {3 (count Sites in:(sites Empty))}))))')
    assert s.scores[1:] == [3, 8]


def test_an_effects_then_runs_after_each_move_it_makes():
    # (addScore Each 1 (then ...)): one move per player, each with the consequences
    s = played('(play (move Add (to (sites Empty)) (then (addScore Each 1 (then (set Var "n" (+ (var "n") 1)))))))',
               players=3)
    assert s.scores[1:] == [1, 1, 1]
    assert s.arrays["var:n"] == [-1 + 3]
    s = played('(play (move Add (to (sites Empty)) (then (addScore Mover 2 (then (set Var "n" (score Mover)))))))')
    assert s.arrays["var:n"] == [2]  # the then sees the score already changed


def test_set_score_of_a_player_by_number_then_its_consequences():
    s = played('(play (move Add (to (sites Empty)) (then (set Score (player (mover)) 5 (then (moveAgain))))))')
    assert s.scores[1:] == [5, 0] and s.mover == 1


def test_roles_and_players_by_number_in_score_arrays():
    s = played('(play (move Add (to (sites Empty)) (then (addScore {(mover) 2} {1 4}))))')
    assert s.scores[1:] == [1, 4]


# --- variables, counters, counts: then ----------------------------------------------------------------
def test_set_var_then_set_counter_then_move_again_chain():
    s = played('(play (move Add (to (sites Empty)) (then (set Var "x" 4 (then (set Counter 7 (then (moveAgain '
               '(then (set Score Mover (var "x")))))))))))')
    assert s.arrays["var:x"] == [4] and s.scores[1] == 4 and s.mover == 1
    assert s.arrays["counter"] == [8]  # 7, counted on when the turn ended


def test_set_count_takes_level_as_ludii_does_and_runs_its_then():
    # Ludii's (set Count at:... level:... N): the level is read and not used (a count is the site's)
    eq = '(board (square 3)) (piece "Seed" Shared)'
    g = game('(start (set Count 2 at:0)) (play (move Select (from (sites Occupied by:Shared)) (then (set Count at:(last From) '
             'level:0 5 (then (addScore Mover (count at:(last From)))))))) (end (if (= 0 1) (result Mover Win)))',
             equipment=eq)
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert s.scores[1] == 5


# --- swap, trigger, forEach Player --------------------------------------------------------------------
def test_swap_players_then():
    s = played('(play (move Add (to (sites Empty)) (then (swap Players P1 P2 (then (addScore P1 1))))))')
    # as Ludii's: the players exchange seats, the disc and the score stay P1's, P1 moves again
    # (now played by the second seat); the then comes after the swap
    assert s.counts[1:] == [1, 0] and s.scores[1:] == [1, 0]
    assert s.seats[1:] == (2, 1) and s.mover == 1


def test_trigger_takes_a_then_and_never_applies_it_as_ludii():
    # Ludii's Trigger makes its move without its then (its eval adds no consequences)
    s = played('(play (move Add (to (sites Empty)) (then (trigger "Moved" (player (mover)) (then (addScore Mover 1))))))'
               ' (end (if (is Triggered "Moved" P1) (result P1 Win)))')
    assert s.scores[1] == 0 and s.result().winners == [1]


def test_for_each_player_then_after_each_players_effect():
    s = played('(play (move Add (to (sites Empty)) (then (forEach Player (addScore Player (player)) '
               '(then (set Var "n" (+ (var "n") 10)))))))', players=3)
    assert s.scores[1:] == [1, 2, 3] and s.arrays["var:n"] == [29]


def test_for_each_player_then_is_refused_on_an_end_rule():
    with pytest.raises(Exception, match="consequences follow moves"):
        game('(play (move Add (to (sites Empty)))) (end (forEach Player (if (is Full) (result Player Win)) '
             '(then (moveAgain))))')


# --- forEach Piece ---------------------------------------------------------------------------------
STEPPER = '(board (square 3)) (piece "Disc" Each (move Step (to if:(is Empty (to))))) (piece "Pawn" Each)'


def test_for_each_piece_on_the_boards_kind_of_site_and_of_a_player_by_number():
    g = game('(start {(place "Disc1" 0) (place "Disc2" 8)}) (play (forEach Piece on:Cell "Disc" (player (mover))))',
             equipment=STEPPER)
    assert texts(g.initial_state()) == ["A1-A2", "A1-B1", "A1-B2"]
    with pytest.raises(Exception, match="plays on its cells, not on vertices"):
        game('(start (place "Disc1" 0)) (play (forEach Piece on:Vertex))', equipment=STEPPER)


def test_for_each_piece_container_by_name_written_after_the_pieces():
    # Ludii's positional containerName: (forEach Piece "Disc" "Hand1") is container:"Hand1"
    g = game('(start (place "Disc1" (handSite P1) count:1)) (play (forEach Piece "Disc" "Hand1" '
             '(move (from (from)) (to (sites Empty)))))',
             equipment='(board (square 2)) (piece "Disc" Each) (hand Each)')
    s = g.initial_state()
    assert len(s.legal_moves()) == 4


# --- forEach over an array of players ------------------------------------------------------------------
def test_for_each_player_of_an_array_as_an_effect_with_its_then():
    s = played('(play (move Add (to (sites Empty)) (then (forEach (players All) (addScore (player (player)) (player)) '
               '(then (set Var "n" (+ (var "n") 1)))))))', players=3)
    assert s.scores[1:] == [1, 2, 3] and s.arrays["var:n"] == [2]


def test_for_each_player_of_an_array_as_moves():
    # the moves of each player of the array, (player) bound while they are made and when applied
    g = game('(play (forEach (players All) (move Add (to (sites {(player)})) (then (addScore (player (player)) 5)))))')
    s = g.initial_state()
    assert texts(s) == ["B1", "C1"]  # sites 1 and 2
    s.apply("C1")
    assert s.scores[1:] == [0, 5]


# --- forEach Group ----------------------------------------------------------------------------------
def test_for_each_group_with_the_boards_site_type_and_a_then_after_each_group():
    g = game('(start {(place "Disc1" {0 1 8})}) (play (move Add (to (sites Empty)) (then (forEach Group Cell Orthogonal '
             'if:(is Mover (who at:(to))) (addScore Mover (count Sites in:(sites))) (then (set Var "n" (+ (var "n") 1)))))))')
    s = g.initial_state()
    s.apply("B3")  # site 7, beside 8: P1's groups are {0 1} and {7 8}
    assert s.scores[1] == 4 and s.arrays["var:n"] == [-1 + 2]
    with pytest.raises(Exception, match="not on vertices"):
        game('(play (move Add (to (sites Empty)) (then (forEach Group Vertex (addScore Mover 1)))))')


def test_the_compiled_tier_runs_effects_then_as_the_reference_does():
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    g = game('(play (move Add (to (sites Empty)) (then (forEach Group Orthogonal if:(is Mover (who at:(to))) '
             '(forEach Site (sites) (addScore Mover 1)) (then (swap Players P1 P2 (then (moveAgain (then (forEach Player '
             '(addScore Player 1) (then (addScore Each 1))))))))))))  (end (if (is Full) (result Mover Win)))')
    # (an effect worked out per group before any applies, as an addScore's amount, is the reference's only)
    compiled = native_game(g)
    assert compiled is not None, why_not(g)
    assert [compare_game(g, compiled, seed) for seed in range(2)] == [None, None]


# --- promote -----------------------------------------------------------------------------------------
PIECES = '(board (square 3)) (piece "Disc" Each) (piece "Queen" Each) (piece "Rook" Each)'


def test_promote_with_site_type_a_player_by_number_and_then():
    g = game('(play (move Add (piece "Disc") (to (sites Empty)) (then (promote Cell (last To) (piece "Queen") '
             '(player 2) (then (addScore Mover 1)))))) (end (if (is Full) (result Mover Win)))', equipment=PIECES)
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    comp = g.components[s.what[s.last_to]]
    assert (comp.name, comp.owner, s.scores[1]) == ("Queen2", 2, 1)


def test_promote_to_several_kinds_promotes_to_each_in_turn_as_ludiis_effect():
    # Ludii's effect makes one promotion per kind, all applied: the last kind stays, the then
    # follows each
    s = played('(play (move Add (piece "Disc") (to (sites Empty)) (then (promote (last To) (piece {"Queen" "Rook"}) '
               '(then (addScore Mover 1))))))', equipment=PIECES)
    assert s.scores[1] == 2
    assert "Rook" in [c.name for c in s.game.components if c.index == s.what[s.last_to]][0]


def test_move_promote_takes_the_boards_site_type():
    g = game('(play (if (is Mover (who at:(last To))) (move Promote Cell (last To) (piece {"Queen" "Rook"}) Mover) '
             '(move Add (piece "Disc") (to (sites Empty)) (then (moveAgain)))))', equipment=PIECES)
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    assert texts(s) == ["Queen1@A1", "Rook1@A1"]


# --- fromTo copy:, mover ---------------------------------------------------------------------------------
def test_from_to_copy_puts_a_copy_and_the_piece_stays():
    s = played('(start (place "Disc1" 0)) (play (move Add (to (sites Empty)) (then (fromTo (from 0) (to 8) copy:True '
               '(then (addScore Mover 1))))))')
    assert s.who[0] == 1 and s.who[8] == 1 and s.scores[1] == 1
    # without copy the piece goes
    s = played('(start (place "Disc1" 0)) (play (move Add (to (sites Empty)) (then (fromTo (from 0) (to 8) copy:False))))')
    assert s.who[0] == 0 and s.who[8] == 1


def test_from_to_copy_of_an_empty_site_makes_no_move_and_no_consequences():
    s = played('(play (move Add (to 4) (then (fromTo (from 0) (to 8) copy:True (then (addScore Mover 1))))))')
    assert s.who[8] == 0 and s.scores[1] == 0


def test_from_to_copy_in_a_stacking_game_puts_the_copy_on_top():
    s = played('(start (place "Disc1" 0)) (play (move Add (to 8) stack:True (then (fromTo (from 0) (to 8) copy:True))))')
    from interpreter.engine import stacks
    assert stacks.size(s, 8) == 2 and stacks.size(s, 0) == 1


def test_from_to_takes_a_mover_role():
    s = played('(start (place "Disc1" 0)) (play (move Add (to (sites Empty)) (then (fromTo (from 0) (to 8) P2))))')
    assert s.who[8] == 1


# --- custodial: Ludii's defaults, then per enclosed site ----------------------------------------------
def test_custodial_then_follows_each_enclosed_site():
    # Ludii makes one move per enclosed site, each with the consequences: a pair scores 2
    g = game('(start {(place "Disc2" {1 2}) (place "Disc1" 3)}) (play (move Add (to (sites Empty)) (then (custodial '
             '(from (last To)) Orthogonal (between if:(is Next (who at:(between))) (apply (remove (between)))) '
             '(to if:(is Mover (who at:(to)))) (then (addScore Mover 1))))))', equipment='(board (rectangle 1 4)) (piece "Disc" Each)')
    s = g.initial_state()
    s.apply("A1")
    assert s.scores[1] == 2 and s.who[1] == s.who[2] == 0


def test_custodial_without_between_and_to_takes_ludiis_defaults():
    # Ludii's defaults: between (is Enemy (between)), to (is Friend (to)), both reading the
    # SITE's number as a player's, and (remove (between)): on a row of 4 with the mover P1,
    # site 2 is "an enemy" (player 2) and site 1 "a friend" (player 1)
    g = game('(start {(place "Disc2" 2)}) (play (move Add (to (sites Empty)) (then (custodial))))',
             equipment='(board (rectangle 1 4)) (piece "Disc" Each)')
    s = g.initial_state()
    s.apply("D1")  # from site 3: site 2 is an enemy number, site 1 a friend number: 2 is removed
    assert s.who[2] == 0 and s.who[3] == 1


# --- remove: then per site, at: any time ---------------------------------------------------------------
def test_remove_runs_its_then_after_each_occupied_site_and_never_when_none_is():
    s = played('(start (place "Disc2" {1 2})) (play (move Add (to 4) (then (remove (sites {1 2 3}) '
               '(then (addScore Mover 1))))))')
    assert s.scores[1] == 2 and s.who[1] == s.who[2] == 0
    s = played('(play (move Add (to 4) (then (remove (sites {1 2 3}) (then (addScore Mover 1))))))')
    assert s.scores[1] == 0


def test_remove_at_a_time_other_than_the_end_of_turn_removes_now():
    s = played('(start (place "Disc2" 1)) (play (move Add (to 4) (then (remove 1 at:EndOfMove))))')
    assert s.who[1] == 0
    s = played('(start (place "Disc2" 1)) (play (move Add (to 4) (then (remove 1 at:EndOfTurn (then (moveAgain))))))')
    assert s.who[1] == 2  # marked: it goes when the turn ends (the mover moves again)


# --- surround: with:, then ----------------------------------------------------------------------------
SURROUND = ('(start {(place "Disc2" 4) (place "Disc1" {1 3 5}) (place "King1" 8)}) (play (move Add (to 7) '
            '(then (surround (from (last To)) Orthogonal WITH (then (addScore Mover 1))))))')
KINGS = '(board (square 3)) (piece "Disc" Each) (piece "King" Each)'


def test_surround_with_a_piece_by_number_needs_it_around():
    # site 4 is closed in on all four sides (1 3 5 and the new 7)
    s = played(SURROUND.replace('WITH', 'with:(piece (id "King" Mover))'), equipment=KINGS)
    assert s.who[4] == 2  # no King beside site 4: no capture
    s = played(SURROUND.replace('WITH', 'with:(piece (id "Disc" Mover))'), equipment=KINGS)
    assert s.who[4] == 0
    s = played(SURROUND.replace('WITH', 'with:(piece "King")'), equipment=KINGS)
    assert s.who[4] == 0  # as Ludii: a piece given by name sets no need


def test_surround_takes_a_then_and_never_applies_it_as_ludii():
    s = played(SURROUND.replace('WITH', ''), equipment=KINGS)
    assert s.who[4] == 0 and s.scores[1] == 0


# --- swap Pieces, move Swap Pieces ------------------------------------------------------------------
def test_swap_pieces_of_two_sites_then_consequences():
    s = played('(start {(place "Disc2" 8)}) (play (move Add (to 0) (then (swap Pieces 0 8 (then (addScore Mover 1))))))')
    assert (s.who[0], s.who[8], s.scores[1]) == (2, 1, 1)


def test_move_swap_pieces_is_a_move_of_the_first_piece_onto_the_second():
    g = game('(start {(place "Disc1" 0) (place "Disc2" 8)}) (play (move Swap Pieces 0 8))')
    s = g.initial_state()
    assert texts(s) == ["A1-C3"]
    s.apply("A1-C3")
    assert (s.who[0], s.who[8]) == (2, 1)


def test_set_next_player_takes_a_then_and_never_applies_it_as_ludii():
    s = played('(play (move Add (to (sites Empty)) (then (set NextPlayer (player 2) (then (addScore Mover 1))))))')
    assert s.scores[1] == 0 and s.mover == 2


def test_move_claim_is_claim_as_a_decision_count_and_stack_unread_as_ludii():
    g = game('(play (move Claim (to (sites Board) if:(is Empty (to))) count:2 stack:True (then (addScore Mover 1))))')
    assert not g.stacking  # Ludii's Move gives its Claim neither count: nor stack:
    s = g.initial_state()
    assert len(s.legal_moves()) == 9
    s.apply(s.legal_moves()[0])
    assert s.scores[1] == 1 and sum(1 for w in s.who if w) == 1


# --- Ludii's own files of this family, replayed against Ludii's traces ----------------------------------
TRACES = __import__("pathlib").Path(__file__).resolve().parents[1].parent / "shared" / "ludii-traces" / "sample"
SAMPLE = TRACES.parent.parent / "ludii-sample"
FAMILY_FILES = [  # custodial with a then (Pente's scores count stones), surround, scores, moveAgain
    "board__space__line__Pente", "board__space__line__Keryo-Pente", "board__space__pattern__Hexade",
    "board__space__blocking__Susan",
]


@pytest.mark.parametrize("name", FAMILY_FILES)
def test_family_sample_files_agree_with_ludiis_traces(name):
    import json

    from interpreter.ludii import traces
    path = TRACES / f"{name}_seed101.json"
    if not path.exists():
        pytest.skip(f"{path} not present")
    trace = json.loads(path.read_text(encoding="utf-8"))
    found = traces.replay(trace, load(SAMPLE / trace["sample_file"], options=trace["options"]))
    assert found.agree, str(found)
