"""Ludii's group ludemes parameter by parameter (issue 24): ``forEach Group`` (ForEachGroup),
``sites Group`` (SitesGroup), ``size Group`` (SizeGroup), ``count Liberties`` (CountLiberties),
``count Groups`` (CountGroups), on small positions, by their meaning in Ludii's Java."""

from __future__ import annotations

import random

from interpreter import load


def _targets(state) -> list[str]:
    return sorted(m.text for m in state.legal_moves())


def _play(state, text: str) -> None:
    state.apply(next(m for m in state.legal_moves() if m.text == text))


# --- forEach Group if:...: grown only from sites holding a piece ---------------------------------
# ForEachGroup.eval takes its sites to check from the owned lists of every player (0 to Shared):
# the groups start at pieces only. A group of empty sites meeting if: is never visited; one that
# joins a piece is, empty sites and all.
EMPTY = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 5)) (piece "Disc" Each)})
 (rules
  (play (or (forEach Group Orthogonal if:(%s)
               (move Select (from (min (array (sites)))) (to (max (array (sites))))))
            (move Add (to (sites {4}) if:(is Empty (to))))))
  (end (if (= 0 (count Sites in:(sites Empty))) (result Mover Win)))))'''


def test_a_group_of_empty_sites_only_is_never_visited():
    s = load(EMPTY % "is Empty (to)").initial_state()
    assert _targets(s) == ["E1"]  # the empty row meets if: but holds no piece: no group


def test_a_group_with_a_piece_and_empty_sites_is_found_from_its_piece():
    s = load(EMPTY % "or (is Empty (to)) (= 1 (who at:(to)))").initial_state()
    assert _targets(s) == ["E1"]  # no piece yet: nothing visited
    _play(s, "E1")  # P1's disc on E1: the group is every site (A1..E1, grown from E1)
    assert _targets(s) == ["A1-E1"]


# --- forEach Group: (from) is the site the group grew from ----------------------------------------
# ForEachGroup sets (from) to the start site before growing the group and keeps it while the rule
# is evaluated: a condition and a rule reading (from) see it.
FROM = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 5)) (piece "Disc" Each)})
 (rules (start {(place "Disc1" {1 2}) (place "Disc2" 4)})
  (play (or (forEach Group Orthogonal if:(is Occupied (to))
               (move Select (from (from)) (to (max (array (sites))))))
            (pass)))
  (end (if (is Mover P2) (result Mover Win)))))'''


def test_the_rule_reads_from_as_the_site_the_group_grew_from():
    s = load(FROM).initial_state()
    # groups B1-C1 (from B1) and E1 (from E1)
    assert _targets(s) == ["B1-C1", "E1-E1", "pass"]


FROM_IF = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 6)) (piece "Disc" Each)})
 (rules (start {(place "Disc1" {0 1 2}) (place "Disc2" {4 5})})
  (play (or (forEach Group Orthogonal if:(and (is Occupied (to)) (= (who at:(to)) (who at:(from))))
               (move Select (from (min (array (sites)))) (to (max (array (sites))))))
            (pass)))
  (end (if (is Mover P2) (result Mover Win)))))'''


def test_the_condition_reads_from_as_the_site_the_group_grew_from():
    s = load(FROM_IF).initial_state()
    # the owner-ordered pieces: P1's from A1 (A1-C1), then P2's from E1 (E1-F1)
    assert _targets(s) == ["A1-C1", "E1-F1", "pass"]


# --- forEach Group: the groups player by player, each player's by site -----------------------------
# Ludii visits the owned lists player by player; with a rule whose effects do not commute the
# order shows: the last group's (set Score) stays.
ORDER = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 5)) (piece "Disc" Each)})
 (rules (start {(place "Disc2" 0) (place "Disc1" 4)})
  (play (move Add (to (sites {2}) if:(is Empty (to)))
     (then (forEach Group Orthogonal if:(is Occupied (to))
              (set Score Mover (+ 1 (min (array (sites)))))))))
  (end (if (is Full) (result Mover Win)))))'''


def test_groups_are_visited_owner_by_owner():
    s = load(ORDER).initial_state()
    _play(s, "C1")
    # P1's on E1 (4) first, then P2's on A1 (0): P2's group sets the score last
    assert s.scores[1] == 1


# --- sites Group / size Group / count Liberties: the first site tested before (from) is set ------
# SitesGroup, SizeGroup and CountLiberties evaluate if: at the first site with (to) the site and
# (from) still the caller's, then set (from) to the first site for the others. With
# if:(!= (from) 2) and the group at C1 (2): from A1 the first site joins, the others not (their
# (from) is 2): the group is C1 alone; from C1 the first site fails: no group.
FIRST = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 5)) (piece "Disc" Each)})
 (rules (start {(place "Disc1" {0 2})})
  (play (forEach Piece (move Select (from) (to (sites {4}) if:(= %s)))))
  (end (if (is Mover P2) (result Mover Win)))))'''


def test_sites_group_tests_its_first_site_before_from_is_set():
    s = load(FIRST % "1 (count Sites in:(sites Group at:2 Orthogonal if:(!= (from) 2)))").initial_state()
    assert _targets(s) == ["A1-E1"]


def test_size_group_tests_its_first_site_before_from_is_set():
    s = load(FIRST % "1 (size Group at:2 Orthogonal if:(!= (from) 2))").initial_state()
    assert _targets(s) == ["A1-E1"]


def test_count_liberties_tests_its_first_site_before_from_is_set():
    # the group C1 alone: its liberties B1 and D1
    s = load(FIRST % "2 (count Liberties at:2 Orthogonal if:(!= (from) 2))").initial_state()
    assert _targets(s) == ["A1-E1"]


# --- count Groups: every group meeting if:, empty sites included ----------------------------------
# CountGroups tests every site (no owned lists): groups of empty sites count; min: the least size.
COUNT = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 7)) (piece "Disc" Each)})
 (rules (start {(place "Disc1" {1 4})})
  (play (move Add (to (sites Empty)) (then (set Score Mover %s))))
  (end (if (is Full) (result Mover Win)))))'''


def test_count_groups_counts_groups_of_empty_sites():
    s = load(COUNT % "(count Groups Orthogonal if:(is Empty (to)))").initial_state()
    _play(s, "G1")  # empty: A1 | C1 D1 | F1
    assert s.scores[1] == 3


def test_count_groups_min_leaves_out_smaller_groups():
    s = load(COUNT % "(count Groups Orthogonal if:(is Empty (to)) min:2)").initial_state()
    _play(s, "G1")
    assert s.scores[1] == 1


def test_random_games_end_with_groups():
    for text in (EMPTY % "or (is Empty (to)) (= 1 (who at:(to)))", FROM, ORDER):
        game = load(text)
        s = game.initial_state()
        rng = random.Random(3)
        for _ in range(30):
            if s.is_over() or not s.legal_moves():
                break
            s.apply(rng.choice(s.legal_moves()))


# --- the compiled tier: the same groups, in the same order, with the same (from) -----------------
SCORED = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 7)) (piece "Disc" Each)})
 (rules
  (play (move Add (to (sites Empty))
     (then (forEach Group Orthogonal if:(or (is Empty (to)) (is Mover (who at:(to))))
              (%s)))))
  (end (if (is Full) (byScore)))))'''


def test_scores_from_groups_grown_from_the_movers_pieces():
    s = load(SCORED % "addScore Mover (count Sites in:(sites))").initial_state()
    _play(s, "A1")  # P1's A1 and every empty site: one group of 7
    assert s.scores[1] == 7
    _play(s, "G1")  # B1..G1
    assert s.scores[2] == 6
    _play(s, "C1")  # A1..F1
    assert s.scores[1] == 13
    _play(s, "E1")  # D1..G1; B1, empty between P1's A1 and C1, is never visited
    assert s.scores[2] == 10


def test_the_compiled_tier_agrees_on_groups_from_pieces():
    from interpreter.native.api import native_game
    from interpreter.native.conformance import compare_game
    for rule in ("addScore Mover (count Sites in:(sites))", "set Score Mover (+ (from) (count Sites in:(sites)))",
                 "addScore Mover (from)"):
        game = load(SCORED % rule)
        compiled = native_game(game)
        assert compiled is not None, rule
        for seed in range(3):
            assert compare_game(game, compiled, seed) is None, (rule, seed)
    game = load(ORDER)
    compiled = native_game(game)
    assert compiled is not None
    assert all(compare_game(game, compiled, seed) is None for seed in range(3))
