"""Ludii's files loaded with their other options and rulesets (issue 24).

- ``(sites (player N))`` with N beyond the game's players: Ludii's SitesEquipmentRegion keeps
  the regions declared for that index (``(regions "Home" P4 ...)`` in a three-player option
  of a six-player board), so a map from players to homes may name one of those; a player
  beyond the count that owns nothing has the empty region.
"""

from __future__ import annotations

import pytest

from interpreter import load
from interpreter.native.api import native_game
from interpreter.native.conformance import compare_game

HOMES = """(game "Homes"
  (players <Players:num>)
  (equipment {
    (board (square 4))
    (piece "Disc" Each)
    (regions "Home" P1 (sites {0 1}))
    (regions "Home" P2 (sites {14 15}))
    (regions "Home" P3 (sites {5 6}))
    (map {(pair 1 3) (pair 2 <Players:target>) (pair 3 1)})
  })
  (rules
    (play (move Add (to (intersection (sites Empty) (sites (player (mapEntry (mover))))))))
    (end (if (no Moves Next) (result Mover Win)))))
(option "Players" <Players> args:{<num> <target>} {
  (item "2" <2> <3> "Two players; P2's target is the home of P3, a player the game lacks.")**
  (item "3" <3> <1> "Three players.")
  (item "2b" <2> <7> "Two players; P2's target is P7, who owns nothing.")
})"""


def first_moves(options: list[str]) -> list[list[int]]:
    """The sites each of the first three movers may place on, one move each (the first)."""
    game = load(HOMES, options=options)
    state = game.initial_state()
    seen = []
    for _ in range(3):
        legal = state.legal_moves()
        seen.append(sorted(m.to for m in legal))
        if not legal:
            break
        state.apply(legal[0])
    return seen


def test_a_map_may_name_the_home_of_a_player_the_option_left_out():
    # P1 -> P3's home {5 6} (P3 exists only in the declaration), P2 -> P3's home too
    # (5 taken, then 6): P1 again finds its home full
    assert first_moves([]) == [[5, 6], [6], []]


def test_with_the_player_present_the_same_regions_are_read():
    # P2 -> P1's home {0 1}, P3 -> P1's home with 0 taken
    assert first_moves(["Players/3"]) == [[5, 6], [0, 1], [1]]


def test_a_player_beyond_the_count_who_owns_nothing_has_the_empty_region():
    assert first_moves(["Players/2b"]) == [[5, 6], []]


NEXT_HOME = """(game "G" (players 2)
  (equipment {(board (square 4)) (piece "Disc" Each)
    (regions P1 (sites {0 1})) (regions P2 (sites {2 3})) %s})
  (rules (play (move Add (to (sites Empty) if:(is In (to) (sites (player (+ 1 (mover))))))))
    (end (if (no Moves Next) (result Mover Win)))))"""


def test_the_next_players_home_of_the_last_player_is_a_region_declared_beyond_the_count():
    game = load(NEXT_HOME % "(regions P3 (sites {5 6}))")
    state = game.initial_state()
    assert sorted(m.to for m in state.legal_moves()) == [2, 3]
    state.apply(state.legal_moves()[0])
    assert sorted(m.to for m in state.legal_moves()) == [5, 6]  # P2 reads P3's region
    _tiers_agree(game)


def _tiers_agree(game) -> None:
    compiled = native_game(game)
    assert compiled is not None
    for seed in range(3):
        assert compare_game(game, compiled, seed, max_plies=6) is None


def test_without_regions_beyond_the_count_the_region_is_empty():
    game = load(NEXT_HOME % "")
    state = game.initial_state()
    state.apply(state.legal_moves()[0])
    assert state.is_over() and state.result().winners == [1]  # P3 owns nothing: P2 cannot move
    _tiers_agree(game)


# --- an option item left empty inside (if C (or {...})) ----------------------------------------------------

CASTLING = """(game "G" (players 2)
  (equipment {(board (square 3)) (piece "D" Each)})
  (rules (play (or (move Add (to (sites {0 1}) if:(is Empty (to))))
                   (if (is Empty 4) (or {<Castling>}))))
    (end (if (no Moves Next) (result Mover Win)))))
(option "Castling Rule" <Castling> args:{<moves>} {
  (item "No castling" <> "No extra move.")
  (item "Centre" <(move Add (to 4))> "A placement on the centre too.")**
})"""


@pytest.mark.parametrize(("options", "sites"), [
    (["Castling Rule/No castling"], [0, 1]),  # (if C (or {})) is no moves: Ludii's grammar reads it as moves there
    ([], [0, 1, 4]),
])
def test_an_if_whose_branch_is_an_empty_or_takes_the_kind_of_its_place(options, sites):
    game = load(CASTLING, options=options)
    assert sorted(m.to for m in game.initial_state().legal_moves()) == sites
