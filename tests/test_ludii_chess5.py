"""Forms Ludii's chess-like and replacement-capture war games use (board/war/replacement:
checkmate, eliminate, stalemate; the held-out probe lud5chess), each on a small position, by its
meaning in Ludii."""

from __future__ import annotations

from interpreter import load

# --- a player the game lacks, named in the metadata ---------------------------------------------
# Ludii's PlayerColour keeps its role and matches it against the players when drawing: Ploy's
# metadata dresses P3 and P4 for its four-player versions, and its two-player default loads.
DRESSED = '''(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Draw)))))
(metadata (graphics {(player Colour P1 (colour Green)) (player Colour P3 (colour Yellow))
 (player Colour P4 (colour Blue))}))'''


def test_a_player_the_game_lacks_in_the_metadata_is_passed_over():
    game = load(DRESSED)
    assert game.num_players == 2
    assert len(game.initial_state().legal_moves()) == 9
