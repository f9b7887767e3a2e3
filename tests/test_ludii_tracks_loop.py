"""Tracks that pass a site twice (Ludii's internal loops, ``OnTrackIndices``): descriptions
written for the test, in Ludii's words.

On such a track a site alone does not say how far along a piece is; Ludii keeps counts per track,
kind of piece and element of the track, changed by placements, moves and removals, and
``(trackSite Move ...)`` and ``(count StepsOnTrack ...)`` read a piece's element from them."""

from __future__ import annotations

from interpreter import load
from interpreter.engine import ontrack
from interpreter.native.api import compiled_form
from interpreter.native.emit import NoKernel

# sites A1..F1 are 0..5; the track goes 0 1 2 3 and back to 1 (its elements 1 and 4), then 4 5
LOOP = """
(game "Loop"
    (players 1)
    (equipment {
        (board (rectangle 1 6) { (track "Track" {0 1 2 3 1 4 5} P1 directed:True) })
        (piece "Disc" P1 (move (from (from)) (to (trackSite Move steps:#STEPS))
            (then (set Score Mover (count StepsOnTrack (last To) 5)))))
    })
    (rules
        (start (#PLACE "Disc1" #AT))
        (play (forEach Piece))
        (end (if (is In 5 (sites Occupied by:P1)) (result P1 Win)))
    )
)
"""


def _loop(steps: int = 1, place: str = "place", at: str = "0"):
    return load(LOOP.replace("#STEPS", str(steps)).replace("#PLACE", place).replace("#AT", at))


def _walk(game, plies: int = 10) -> list[tuple[str, int]]:
    """The moves of a game with one move at a time, with the score after each."""
    state = game.initial_state()
    out = []
    for _ in range(plies):
        if state.is_over():
            break
        moves = state.legal_moves()
        assert len(moves) == 1, [m.text for m in moves]
        state.apply(moves[0])
        out.append((moves[0].text, state.scores[1]))
    return out


def test_a_piece_goes_on_round_the_loop_not_back_to_the_sites_first_place():
    # at B1 the second time (element 4), one step on is E1 (element 5), not C1 (element 2)
    assert [m for m, _ in _walk(_loop())] == ["A1-B1", "B1-C1", "C1-D1", "D1-B1", "B1-E1", "E1-F1"]


def test_steps_on_track_count_from_where_the_piece_is():
    # (count StepsOnTrack (last To) 5): from B1 the first time 5 steps to F1, the second time 2
    assert [score for _, score in _walk(_loop())] == [5, 4, 3, 2, 1, 0]


def test_longer_steps_follow_the_loop_too():
    # two steps: A1 -> C1 -> B1 (element 4) -> F1 (element 6)
    assert [m for m, _ in _walk(_loop(steps=2))] == ["A1-C1", "C1-B1", "B1-F1"]


def test_a_piece_placed_on_a_site_met_twice_starts_at_its_first_element():
    # placed on B1 (Ludii's ActionAdd counts it at the site's first element, 1)
    assert [m for m, _ in _walk(_loop(at="1"))] == ["B1-C1", "C1-D1", "D1-B1", "B1-E1", "E1-F1"]


def test_counts_follow_ludiis_actions():
    game = _loop()
    state = game.initial_state()
    what = game.component_index["Disc1"]
    assert ontrack.index_on(state, 0, what, 0) == 0  # placed on A1: element 0
    for _ in range(4):
        state.apply(state.legal_moves()[0])
    assert ontrack.index_on(state, 0, what, 1) == 4  # A1 B1 C1 D1 B1: element 4
    # a removal takes one off every element of the site: element 1, never reached, goes below 0
    ontrack.removed(state, what, 1)
    data = state.arrays[ontrack.ON_TRACK]
    lay = game.on_track
    assert data[lay.slot(0, what, 4)] == 0 and data[lay.slot(0, what, 1)] == -1
    assert ontrack.index_on(state, 0, what, 1) == -1
    # a piece of that kind coming onto B1 from D1 goes to element 4 (after D1's 3): counted 1 there
    ontrack.added(state, what, 3)
    ontrack.moved(state, what, 3, 1)
    assert ontrack.index_on(state, 0, what, 1) == 4


def test_undo_restores_the_counts():
    game = _loop()
    state = game.initial_state()
    before = list(state.arrays[ontrack.ON_TRACK])
    for _ in range(5):
        state.apply(state.legal_moves()[0])
    assert state.arrays[ontrack.ON_TRACK] != before
    for _ in range(5):
        state.undo()
    assert state.arrays[ontrack.ON_TRACK] == before


def test_a_stacking_placement_counts_twice():
    # Ludii's ActionAdd adds its count in its stacking branch and again in its common tail: the
    # piece moved on leaves one behind on its first site
    game = _loop(place="place Stack")
    state = game.initial_state()
    what = game.component_index["Disc1"]
    lay = game.on_track
    assert state.arrays[ontrack.ON_TRACK][lay.slot(0, what, 0)] == 2
    state.apply(state.legal_moves()[0])
    assert state.arrays[ontrack.ON_TRACK][lay.slot(0, what, 0)] == 1
    assert state.arrays[ontrack.ON_TRACK][lay.slot(0, what, 1)] == 1


PLAIN = """
(game "Plain"
    (players 1)
    (equipment {
        (board (rectangle 1 6) { (track "Track" {#SITES} P1 #LOOP) })
        (piece "Disc" P1 (move (from (from)) (to (trackSite Move steps:1))))
    })
    (rules (start (place "Disc1" 0)) (play (forEach Piece)) (end (if (is In 5 (sites Occupied by:P1)) (result P1 Win))))
)
"""


def test_no_counts_unless_a_track_passes_a_site_twice_and_is_not_looped():
    def game(sites: str, loop: str = "directed:True"):
        return load(PLAIN.replace("#SITES", sites).replace("#LOOP", loop))
    assert game("0 1 2 3 4 5").on_track is None  # no site met twice
    assert game("0 1 1 2 3 1 4 5").on_track is None  # with a bump (a site twice in a row): none
    assert game("0 1 2 3 1 4 5", "loop:True").on_track is None  # looped: Ludii never reads them
    assert game("0 1 2 3 1 4 5").on_track is not None


def test_the_compiled_tier_leaves_such_games_to_the_reference():
    form = compiled_form(_loop())
    assert isinstance(form, NoKernel) and "OnTrackIndices" in str(form), form
