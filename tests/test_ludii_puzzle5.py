"""Ludii's puzzles, mathematical games and blocking/line games (issue 24, held-out probe of
session 35): the general meanings they needed, each on a small description whose answer follows
from Ludii's classes (option reading, the metadata's roles, SitesOccupied's Shared role)."""

from __future__ import annotations

import pytest

import interpreter
from interpreter import load

# --- an option's arg may start with a digit (3D Tic-Tac-Toe's <3dSites>) -------------------------
OPTION_GAME = """
(game "T" (players 2)
  (equipment {(board (square <Board:size>)) (piece "Disc" Each)})
  (rules (start (place "Disc1" <Board:3dSites>))
         (play (move Add (to (sites Empty))))
         (end (if (is Line 3) (result Mover Win)))))
(option "Board Size" <Board> args:{ <size> <3dSites>} {
    (item "3x3" <3> <(sites {0 4})> "")*
    (item "4x4" <4> <(sites {0 5 10})> "")
})
"""


def test_an_option_arg_named_from_a_digit_is_read_as_ludii_reads_it():
    # Ludii's Option takes whatever word stands between < and > in args:{...}
    s = load(OPTION_GAME).initial_state()
    assert [x for x, w in enumerate(s.what) if w] == [0, 4]
    assert len(s.legal_moves()) == 9 - 2


def test_an_option_arg_named_from_a_digit_follows_the_chosen_item():
    s = load(OPTION_GAME, options=["Board Size/4x4"]).initial_state()
    assert [x for x, w in enumerate(s.what) if w] == [0, 5, 10]
    assert len(s.legal_moves()) == 16 - 3


# --- the metadata may name a role the game does not have (Tower of Hanoi colours P2) ----------------
SOLO = ('(game "T" (players 1) (equipment {(board (square 2)) (piece "Disc" P1)}) '
        '(rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result P1 Win)))))')


def test_metadata_naming_a_player_the_game_lacks_is_left_unread():
    # Ludii compiles the metadata's roles without the player count: the file loads, P2's colour
    # is simply never used
    game = load(SOLO + ' (metadata (graphics {(player Colour P1 (colour Red)) '
                       '(player Colour P2 (colour Brown))}))')
    assert set(game.info.colours) == {1}
    assert len(game.initial_state().legal_moves()) == 4


def test_metadata_naming_a_role_beyond_ludiis_sixteen_players_is_an_error():
    text = SOLO + ' (metadata (graphics {(player Colour P17 (colour Brown))}))'
    with pytest.raises(interpreter.LudError) as info:
        load(text)
    assert "P17 is not a player of any game" in info.value.message


# --- (sites Occupied by:Shared) and by:Neutral are two roles (Hackenbush) ---------------------------
# Ludii's Shared role is a player of its own (the player count + 1) and Neutral is 0:
# PlayersIndices.getIdPlayers gives each only its own id, so neither finds the other's pieces.
EDGES = """
(game "T" (players 2)
  (equipment {(board (graph vertices:{{0 0} {2 0} {4 0} {4 2} {4 4}} edges:{{0 1} {1 2} {2 3} {3 4}}) use:Edge)
              (piece "Disc" Shared) (piece "Cross" Neutral)})
  (rules (start {(set Neutral Edge (sites Bottom)) (set Shared Edge (sites {2 3}))})
         (play (move Remove (sites Occupied by:%s)))
         (end (if (no Moves Mover) (result Next Win)))))
"""


def test_sites_occupied_by_shared_leaves_the_neutral_pieces_out():
    s = load(EDGES % "Shared").initial_state()
    assert sorted(m.to for m in s.legal_moves()) == [2, 3]


def test_sites_occupied_by_neutral_leaves_the_shared_pieces_out():
    s = load(EDGES % "Neutral").initial_state()
    assert sorted(m.to for m in s.legal_moves()) == [0, 1]


def test_sites_occupied_by_all_finds_shared_and_neutral_pieces():
    s = load(EDGES % "All").initial_state()
    assert sorted(m.to for m in s.legal_moves()) == [0, 1, 2, 3]


def test_sites_occupied_by_non_mover_finds_neutral_pieces_and_not_shared_ones():
    # Ludii's NonMover: every id from 0 (Neutral) to the player count but the mover's
    s = load(EDGES % "NonMover").initial_state()
    assert sorted(m.to for m in s.legal_moves()) == [0, 1]


def test_hackenbush_removes_shared_edges_only_and_what_falls_with_them():
    # the ground edges are neutral: only the shared ones may be cut; cutting the edge that
    # holds another to the ground drops it too (sites Group ... not connected to the ground)
    text = EDGES % "Shared"
    text = text.replace("(play (move Remove (sites Occupied by:Shared)))", """
         (play (move Remove (sites Occupied by:Shared)
                 (then (forEach Site (sites Incident Edge of:Edge at:(last To))
                   (if (= 0 (count Sites in:(intersection (sites Bottom)
                                  (sites Group Edge at:(site) if:(not (is Empty (to)))))))
                       (forEach Site (sites Group Edge at:(site)) (remove Edge (site))))))))""")
    s = load(text).initial_state()
    left = []
    for move in s.legal_moves():
        after = s.clone()
        after.apply(move)
        left.append(sorted(x for x, w in enumerate(after.what) if w))
    # cutting the lower shared edge drops the upper one with it; cutting the upper one drops nothing
    assert sorted(len(sites) for sites in left) == [2, 3]
    assert [0, 1] in left
