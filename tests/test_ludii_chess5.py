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


# --- a step or slide from an empty site -----------------------------------------------------------
# Ludii's Step and Slide take their (from) as given and move whatever is there: no piece is needed
# (Slide.eval and Step.eval only refuse Off). Shogun finds where a piece may go by sliding again
# from each site a first slide reaches: (sites To (forEach Site (sites To (slide ...)) (slide
# (from (site)) ...))), sites the piece itself has not reached.
FROM_EMPTY = '''(define "Slides" (slide (from #1) Orthogonal (between (range 1 2) if:(is Empty (between)))))
(game "T" (players 2) (equipment {(board (square 5)) (piece "Pawn" Each PIECE)})
 (rules (start {(place "Pawn1" coord:"A1") (place "Pawn2" coord:"E5")})
 (play PLAY) (end (if (no Moves Next) (result Mover Win)))))'''


def _moves(piece: str = "", play: str = "(forEach Piece)") -> list[str]:
    state = load(FROM_EMPTY.replace("PIECE", piece).replace("PLAY", play)).initial_state()
    return sorted(str(m) for m in state.legal_moves())


def test_a_slide_from_an_empty_site_reaches_its_sites_in_sites_to():
    two = '(move (from (from)) (to (sites To (forEach Site (sites To ("Slides" ~)) ("Slides" (site))))))'
    # first slides from A1: A2 A3 B1 C1; from each, again one or two sites, never through A1
    # (the piece is still there): A2 reaches A3 A4 B2 C2; A3 A4 A5 A2 B3 C3; B1 B2 B3 C1 D1;
    # C1 C2 C3 D1 E1 B1
    reached = ["A2", "A3", "A4", "A5", "B1", "B2", "B3", "C1", "C2", "C3", "D1", "E1"]
    assert _moves(piece=two) == ["A1-" + x for x in reached]


def test_a_step_and_a_slide_from_an_empty_site_are_moves_as_in_ludii():
    assert _moves(play='(move Step (from (coord "C3")) Orthogonal (to if:(is Empty (to))))') == [
        "C3-B3", "C3-C2", "C3-C4", "C3-D3"]
    assert _moves(play='(move Slide (from (coord "B2")) (directions {N E}))') == [
        "B2-B3", "B2-B4", "B2-B5", "B2-C2", "B2-D2", "B2-E2"]


def test_a_move_from_an_empty_site_moves_nothing_as_ludiis_action_move():
    # ActionMove.apply: "If the origin is empty we do not apply this action"; the turn passes on
    game = load(FROM_EMPTY.replace("PIECE", "").replace(
        "PLAY", '(move Step (from (coord "C3")) Orthogonal (to if:(is Empty (to))))'))
    state = game.initial_state()
    before = sorted((i, w) for i, w in enumerate(state.what) if w)
    state.apply(state.legal_moves()[0])
    assert sorted((i, w) for i, w in enumerate(state.what) if w) == before
    assert state.mover == 2
