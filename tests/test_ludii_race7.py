"""Race and escape games' vocabulary as Ludii's Java reads it, in small inline games: a track owned
by a player the game does not have (Ludii's Container gives each player the tracks whose owner is
that player, and keeps the others), and ``(no Pieces ... in:REGION)`` over a region holding a
hand's sites (Ludii's NoPieces looks at every site its players own pieces on, in any container)."""

from __future__ import annotations

import random

from interpreter import load


def moves(text: str) -> list[str]:
    """The legal moves' texts (a placement of a named piece, ``1@D1``, by its site)."""
    return [m.text.split("@")[-1] for m in load(text).initial_state().legal_moves()]


# --- a track owned by a player the game does not have -------------------------------------------------
TRACKS = """(game "T" (players 2)
    (equipment {
        (board (rectangle 2 5)
            {
            (track "Track1" "0,E" 1 directed:True)
            (track "Track2" "4,W" 2 directed:True)
            (track "Track3" "0,N1,E" 3 directed:True)
            (track "Track4" "4,N1,W" P4 directed:True)
            }
        )
        (piece "Disc" Each (move (from) (to (trackSite Move steps:2) if:(is Empty (to)))))
    })
    (rules
        (start { (place "Disc1" 0) (place "Disc2" 4) })
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))
    )
)"""


def test_tracks_of_players_the_game_does_not_have_load_and_are_no_ones():
    # Ludii's Ashtapada lays four players' tracks and plays with two by default
    assert moves(TRACKS) == ["A1-C1"]  # P1 walks its own track, not the third player's (to B2)


def test_the_players_own_tracks_still_lead_them():
    state = load(TRACKS).initial_state()
    state.apply(state.legal_moves()[0])
    # C1 is taken by P1 after its move: P2's two steps west along its own track end there
    assert not state.legal_moves()
    assert state.is_over() and state.result().winners == [1]


# --- (no Pieces ... in:REGION) with a hand's sites in the region ----------------------------------------
def hand_game(start: str, region: str) -> str:
    return f"""(game "T" (players 2)
    (equipment {{ (board (rectangle 1 4)) (piece "Disc" Each) (hand Each) }})
    (rules
        (start {{ {start} }})
        (play (if (no Pieces Mover in:{region})
            (move Add (piece (id "Disc" Mover)) (to (sites {{0}})))
            (move Add (piece (id "Disc" Mover)) (to (sites {{3}})))))
        (end (if (is Full) (result Mover Draw)))
    )
)"""


def test_pieces_in_a_stacked_hand_are_in_a_region_holding_the_hand():
    # Ludii's El Mundo: (no Pieces Mover in:(union (sites Hand Mover) (difference (sites Board) ...)))
    text = hand_game('(place Stack "Disc1" (handSite P1) count:3)', "(sites Hand Mover)")
    assert moves(text) == ["D1"]  # three pieces in P1's hand: some pieces there
    text = hand_game('(place Stack "Disc2" (handSite P2) count:3)', "(sites Hand Mover)")
    assert moves(text) == ["A1"]  # only P2's hand is full: P1 has none in its own


def test_a_region_of_a_hand_and_board_sites():
    region = "(union (sites Hand Mover) (sites {1 2}))"
    assert moves(hand_game('(place "Disc1" 1)', region)) == ["D1"]  # on the board part
    assert moves(hand_game('(place "Disc1" 3)', region)) == ["A1"]  # outside the region
    assert moves(hand_game('(place "Disc1" (handSite P1) count:2)', region)) == ["D1"]


def test_a_hand_with_no_piece_in_the_region_is_no_piece():
    text = hand_game('(place "Disc1" (handSite P1) count:1)', "(sites Hand Next)")
    assert moves(text) == ["A1"]  # the next player's hand is empty, whatever the mover holds


def test_random_games_with_hand_regions_end_without_error():
    text = hand_game('(place Stack "Disc1" (handSite P1) count:2) (place Stack "Disc2" (handSite P2) count:2)',
                     "(union (sites Hand Mover) (sites {1 2}))")
    game = load(text)
    rng = random.Random(7)
    for _ in range(3):
        state = game.initial_state()
        while not state.is_over():
            state.apply(rng.choice(state.legal_moves()))
        assert state.result().over


# --- (move Slide (to SITES (apply if:...))): Ludii's Slide reads no sites from its to -------------------
def slide_game(to: str) -> str:
    return f"""(game "T" (players 2)
    (equipment {{ (board (rectangle 1 6)) (piece "Disc" Each (move Slide E {to})) }})
    (rules
        (start {{ (place "Disc1" 0) (place "Disc2" 5) }})
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))
    )
)"""


def test_a_slides_to_sites_are_ignored_and_its_apply_condition_filters_the_stops():
    # Ludii's Neutron: (move Slide (to (sites Empty) (apply if:<the next site is taken>)))
    assert moves(slide_game("(to (sites {1}) (apply if:(= (to) 3)))")) == ["A1-D1"]
    blocked = "(to (sites Empty) (apply if:(is Occupied (ahead (to) E))))"
    assert moves(slide_game(blocked)) == ["A1-E1"]  # only as far as it goes


def test_a_slide_without_an_apply_condition_stops_anywhere_along_its_line():
    assert moves(slide_game("(to (sites {1}))")) == ["A1-B1", "A1-C1", "A1-D1", "A1-E1"]
