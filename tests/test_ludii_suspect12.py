"""Ludii files whose play was suspected to differ (issue 24, session 40): meanings read from
Ludii's Java, each on a small inline position."""

from __future__ import annotations

from interpreter import load


def _at(state, label: str) -> int:
    """The number of the piece on a site of the board (0: empty)."""
    return state.what[state.game.topology.labels.index(label)]


def _play(state, *texts: str) -> None:
    for text in texts:
        assert not state.is_over()
        state.apply(next(m for m in state.legal_moves() if m.text == text))


# --- (what at:(handSite ...)) in a game of hands without sites ------------------------------------
# Ludii's hand is a container whose site holds a piece, whatever its owner: a neutral piece taken
# into a player's hand (Quixo takes a blank cube off the edge) is what (what at:(handSite Mover))
# reads there, and so is the player's own piece. Quixo then puts the mover's piece back on the
# board when the cube taken was blank or theirs, the next player's otherwise.
TAKE_INTO_HAND = '''(game "T" (players 2)
 (equipment {(board (square 3)) (piece "Disc" P1) (piece "Cross" P2) (piece "Square" Neutral) (hand Each)})
 (rules (start {(place "Square0" (sites {"A1" "B1"})) (place "Disc1" "C1") (place "Cross2" "A3")})
  (play (if (is Prev Mover)
    (move Select (from (sites {"B2"}))
     (then (and
      (if (or (= (what at:(handSite Mover)) (id "Square0")) (= (what at:(handSite Mover)) (mover)))
        (add (piece (mover)) (to (last To)))
        (add (piece (next)) (to (last To))))
      (remove (handSite Mover)))))
    (move Select (from (sites Occupied by:All))
     (then (and (fromTo (from (last To)) (to (handSite Mover))) (moveAgain))))))
  (end (if (is Full) (result Mover Win)))))'''


def test_a_neutral_piece_taken_into_a_hand_is_what_its_site_holds():
    g = load(TAKE_INTO_HAND)
    s = g.initial_state()
    _play(s, "A1", "B2")  # P1 takes the blank cube: their own piece goes down
    assert _at(s, "B2") == g.component_index["Disc1"]
    assert _at(s, "A1") == 0


def test_a_players_own_piece_taken_into_their_hand_is_what_its_site_holds():
    g = load(TAKE_INTO_HAND)
    s = g.initial_state()
    _play(s, "C1", "B2")  # P1 takes their own disc back
    assert _at(s, "B2") == g.component_index["Disc1"]


def test_another_players_piece_taken_into_a_hand_gives_the_next_players_piece():
    g = load(TAKE_INTO_HAND)
    s = g.initial_state()
    _play(s, "A3", "B2")  # P1 takes P2's cross: the rule puts P2's piece down
    assert _at(s, "B2") == g.component_index["Cross2"]
