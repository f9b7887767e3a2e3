"""Ludii's mancala files, unmodified: the board (Ludii's site order and stores), tracks, counts
of seeds per pit, move Select and sow with its options (captures, backtracking, origin, turns
that go on from the last hole sown), hands as sites, maps of stores.

Each expectation was worked out by hand from the file's rules and Ludii's Sow/Track/TrackSite
classes (``Core/src/game/rules/play/moves/nonDecision/effect/Sow.java``...)."""

from __future__ import annotations

import random

import pytest
import yaml

from conftest import LUDII_SAMPLE
from interpreter import load

pytestmark = pytest.mark.skipif(not LUDII_SAMPLE.is_dir(), reason=f"{LUDII_SAMPLE} not present")


def game_of(name: str):
    return load(str(LUDII_SAMPLE / name))


def position(game, mover: int, seeds: dict[int, int]):
    """A position of ``game`` with ``seeds[site]`` seeds per site (hands included), ``mover``
    to move, written in the position format and read back."""
    start = game.initial_state()
    data = yaml.safe_load(start.to_text())
    labels = game.topology.labels
    seed = next(c.name for c in game.components[1:] if c.owner == 0)
    counts = [0] * len(data["vars"]["count"])
    for site, n in seeds.items():
        counts[site] = n
    data["mover"] = mover
    data["pieces"] = {labels[s]: seed for s, n in seeds.items() if n and s < game.topology.n}
    data.pop("board", None)
    data["vars"]["count"] = counts
    return game.state_from_text(yaml.safe_dump(data))


WARI = "board__sow__two_rows__Wari.lud"


def test_mancala_board_has_ludiis_site_order_stores_and_track():
    game = game_of(WARI)
    topo = game.topology
    assert topo.n == 14  # left store, 6 + 6 pits, right store
    assert topo.labels[0] == "A1" and topo.labels[13] == "H1"
    assert [t.name for t in game.tracks] == ["Track"]
    # "1,E,N,W": the bottom row left to right, then the top row right to left, round again
    assert game.tracks[0].sites == (1, 2, 3, 4, 5, 6, 12, 11, 10, 9, 8, 7)
    assert game.tracks[0].looped
    state = game.initial_state()
    assert state.arrays["count"][:14] == [0] + [4] * 12 + [0]  # (set Count 4 to:(sites Track))
    assert [m.text for m in state.legal_moves()] == ["B1", "C1", "D1", "E1", "F1", "G1"]  # (sites Mover)


def test_wari_sows_counterclockwise_and_round_the_end():
    state = game_of(WARI).initial_state()
    state.apply("G1")  # 4 seeds from site 6: into 12, 11, 10, 9
    assert state.arrays["count"][:14] == [0, 4, 4, 4, 4, 4, 0, 4, 4, 5, 5, 5, 5, 0]
    assert state.mover == 2
    state.apply("B2")  # site 7, the last of the track: its seeds go round to 1, 2, 3, 4
    assert state.arrays["count"][:14] == [0, 5, 5, 5, 5, 4, 0, 0, 4, 5, 5, 5, 5, 0]
    state.undo()
    assert state.arrays["count"][:14] == [0, 4, 4, 4, 4, 4, 0, 4, 4, 5, 5, 5, 5, 0]


def test_wari_takes_a_pit_of_six_into_the_movers_store():
    game = game_of(WARI)
    seeds = {site: 1 for site in range(1, 13)}
    seeds.update({6: 1, 12: 5})
    state = position(game, 1, seeds)
    state.apply("G1")  # the seed of 6 makes 6 in pit 12: all six go to P1's store (FirstSite)
    assert state.arrays["count"][12] == 0 and state.arrays["count"][0] == 6
    assert state.arrays["count"][6] == 0


def test_capture_into_the_hand_and_the_final_score():
    # Wore: a sowing ending on 2, 4 or 6 takes them into the mover's hand (site after the board)
    game = game_of("board__sow__two_rows__Wore.lud")
    n = game.topology.n
    state = position(game, 1, {0: 1, 1: 1, 6: 1})
    state.apply("A1")  # one seed from pit 0 into pit 1: two there, taken into P1's hand
    assert state.arrays["count"][1] == 0 and state.arrays["count"][n] == 2 and state.arrays["count"][n + 1] == 0
    # P1 has no seeds left, but (no Moves Mover) is Ludii's stalemated flag of the mover, set
    # when they pass with no move to make: the game goes on until then
    assert not state.is_over()
    state.apply("C2")  # P2's last seed into B2
    assert [str(m) for m in state.legal_moves()] == ["pass"]
    state.apply("pass")
    # P1, the mover, passed with no move: ("MancalaByScoreWhen" (no Moves Mover)) scores the
    # seeds in each hand (P1 2, P2 0), and the best score wins
    result = state.result()
    assert result.over and result.winners == [1]
    assert result.scores == {1: 2, 2: 0}


def test_a_turn_goes_on_from_the_last_hole_sown():
    # Altiev: a last seed that lands on seeds sows again from there ((is Prev Mover), LastHoleSowed)
    state = game_of("board__sow__two_rows__Altiev.lud").initial_state()
    state.apply("C1")  # three seeds into D1, E1, F1: F1 now holds 4
    assert state.mover == 1
    assert [m.text for m in state.legal_moves()] == ["F1"]
    state.apply("F1")  # 4 seeds from F1 go on round the track: F2, E2, D2, C2 (4 each)
    assert state.arrays["count"][:12] == [3, 3, 0, 4, 4, 0, 3, 3, 4, 4, 4, 4]
    assert state.mover == 1 and [m.text for m in state.legal_moves()] == ["C2"]


def test_two_tracks_from_one_pit_are_two_moves():
    # Um el Tuweisat: the centre pit may be sown either way; both are legal moves
    state = game_of("board__sow__two_rows__Um el Tuweisat.lud").initial_state()
    assert sorted(m.text for m in state.legal_moves()) == ["A1", "B1", "B1/2", "C1"]
    ccw = state.clone()
    ccw.apply("B1")  # TrackCCW "0,E,N,W": from 1 to 2, 5, 4
    assert ccw.arrays["count"][:6] == [3, 0, 4, 3, 4, 4]
    state.apply("B1/2")  # TrackCW "2,W,N,E": from 1 to 0, 3, 4
    assert state.arrays["count"][:6] == [4, 0, 3, 4, 4, 3]


def test_origin_first_and_owned_tracks():
    # Kisolo: each player sows along their own track; origin:True drops the first seed back
    game = game_of("board__sow__four_rows__Kisolo (Lali).lud")
    assert [(t.name, t.owner) for t in game.tracks] == [("Track1", 1), ("Track2", 2)]
    state = game.initial_state()
    state.apply("B2")  # site 9, 4 seeds: one stays, then 8, 0, 1
    assert [state.arrays["count"][s] for s in (9, 8, 0, 1)] == [1, 5, 1, 1]
    assert state.mover == 2  # the last seed fell in an empty pit


def test_positions_of_counted_pieces_read_back():
    game = game_of(WARI)
    state = game.initial_state()
    state.apply("D1")
    again = game.state_from_text(state.to_text())
    assert again.arrays["count"] == state.arrays["count"] and again.what == state.what
    assert [m.text for m in again.legal_moves()] == [m.text for m in state.legal_moves()]


@pytest.mark.parametrize("name", [
    WARI, "board__sow__two_rows__Kapana Bona.lud", "board__sow__two_rows__Meusueb.lud",
    "board__sow__four_rows__Hawalis.lud",
])
def test_random_games_end_and_undo(name):
    game = game_of(name)
    rng = random.Random(7)
    state = game.initial_state()
    first = state.snapshot()
    plies = 0
    while not state.is_over():
        state.apply(rng.choice(state.legal_moves()))
        plies += 1
        seeds = sum(state.arrays["count"])
        assert seeds == sum(game.initial_state().arrays["count"])  # seeds are never made or lost
    assert plies <= game.turn_limit
    for _ in range(plies):
        state.undo()
    assert state.snapshot() == first


def test_diagonals_scores_a_diagonal_it_fills():
    # Diagonals: a stone that fills its NE-SW diagonal scores the mover's stones on it
    # ((sites Direction from:(last To) NE included:True) and SW, (all Sites ... if:(is Occupied (site))))
    game = game_of("board__race__score__Diagonals.lud")
    diagonal = ["B2", "C3", "D4", "E5", "F6", "G7", "H8"]
    pieces = {label: ("Ball1" if i % 2 == 0 else "Ball2") for i, label in enumerate(diagonal)}
    pieces["B1"] = "Ball2"  # one more stone, so that P1 is to move (7 vs 7... P1 moves when equal)
    text = yaml.safe_dump({"game": "Diagonals", "mover": 1, "pieces": pieces})
    state = game.state_from_text(text)
    state.apply("A1")  # fills A1..H8: P1 has A1, B2, D4, F6, H8
    assert state.scores[1] == 5
    state.apply("A2")  # P2's A2: its SE-NW diagonal is A2-B1, full: one stone of P2's (A2 itself, B1)
    assert state.scores[2] == 2


# --- work bounded by the board, whatever the number of seeds ------------------------------------------
WARI = "board__sow__two_rows__Wari.lud"


def _wari_with(seeds: int, walk: bool = False):
    text = (LUDII_SAMPLE / WARI).read_text(encoding="utf-8").replace("(set Count 4 ", f"(set Count {seeds} ")
    if walk:  # skipIf: that never skips makes the sowing walk seed by seed: the reference
        text = text.replace("(sow", "(sow skipIf:False", 1)
    # a text has no folder to find Ludii's library beside: name it (an installed package too)
    return load(text, defines=[str(LUDII_SAMPLE.parent / "ludii-defines")])


@pytest.mark.parametrize("seeds", [5, 13, 97])
def test_sowing_many_laps_at_once_is_the_walk_seed_by_seed(seeds):
    games = [_wari_with(seeds), _wari_with(seeds, walk=True)]
    states = [g.initial_state() for g in games]
    rng = random.Random(seeds)
    for _ in range(60):
        if states[0].is_over():
            break
        move = rng.choice(states[0].legal_moves())
        for state in states:
            state.apply(str(move))
        assert states[0].snapshot() == states[1].snapshot()
    assert states[0].ply > 10


def test_a_sowing_of_a_million_seeds_changes_each_pit_once_or_twice():
    game = _wari_with(1_000_000)
    state = game.initial_state()
    for move in ("B1", "C2", "D1"):
        before = len(state._log)
        state.apply(move)
        # the undo journal holds what changed: a few entries per pit, not one per seed
        assert len(state._log) - before < 20 * game.topology.n
    assert sum(state.arrays["count"]) == 12 * 1_000_000  # every seed still somewhere (none captured: no pit of 6)
    while state.history:
        state.undo()
    assert state.snapshot() == game.initial_state().snapshot()
