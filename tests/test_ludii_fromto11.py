"""``fromTo`` where moves are listed, by its meaning in Ludii: FromTo is one class, written
``(fromTo ...)`` or ``(move (from ...) (to ...))``, and its eval lists one move per from site
holding a piece and per to site, each with its from and to. So ``(sites To (fromTo ...))`` (Ludii's
SitesTo: the ``to`` of every move it is given) holds the fromTo's destination, ``(sites From
...)`` its origin, and a fromTo a player chooses is written ``FROM-TO`` like any move between
sites. Grande Acedrex's Aanca (board/war/replacement/checkmate/chess) steps one diagonal with a
fromTo inside ``(sites To (or (fromTo ...) (slide ...)))``: without it, two first moves were lost.
The sites of other moves read by ``sites To`` (a select with a to region, a slide passing over
anything) are checked against their Java classes too."""

from __future__ import annotations

from interpreter import load


def _game(play: str, start: str = '(place "Eagle1" 0)', size: int = 4) -> str:
    return (f'(game "T" (players 2) (equipment {{(board (square {size})) (piece "Eagle" Each)}})'
            f' (rules (start {{{start}}}) (play {play}) (end (if False (result Mover Win)))))')


def _legal(description: str) -> list[str]:
    return sorted(m.text for m in load(description).initial_state().legal_moves())


def test_sites_to_holds_the_destination_of_a_fromto():
    # the eagle on A1: the fromTo's destination is B2 (one step NE)
    play = '(forEach Piece (move (from) (to (sites To (fromTo (from) (to (ahead (from) NE)))))))'
    assert _legal(_game(play)) == ["A1-B2"]


def test_sites_to_of_a_fromto_beside_a_slide():
    # Grande Acedrex's Aanca: a diagonal step (fromTo), or on from there by a slide north
    moves = ('(if (is Empty (ahead (from) NE)) (or (fromTo (from) (to (ahead (from) NE)))'
             ' (slide (from (ahead (from) NE)) N)))')
    play = f'(forEach Piece (move (from) (to (sites To {moves}))))'
    assert _legal(_game(play)) == ["A1-B2", "A1-B3", "A1-B4"]


def test_sites_from_holds_the_origin_of_a_fromto():
    # the fromTo from the sites A1 and B2: only A1 holds a piece, so A1 is the one site of
    # (sites From ...), where the removal may take a piece
    play = '(move Remove (sites From (fromTo (from (sites {0 5})) (to 10))))'
    assert _legal(_game(play)) == ["xA1"]


def test_a_fromto_chosen_by_a_player_is_one_move_per_pair_of_sites():
    # as Ludii's FromTo.eval: each site of the from region holding a piece (A1, B1; C1 is
    # empty) to each site of the to region, each written FROM-TO
    play = '(fromTo (from (sites {0 1 2})) (to (sites {8 9})))'
    start = '(place "Eagle1" 0) (place "Eagle2" 1)'
    assert _legal(_game(play, start)) == ["A1-A3", "A1-B3", "B1-A3", "B1-B3"]


def test_a_fromto_chosen_moves_the_piece_and_runs_its_consequences():
    play = '(fromTo (from 0) (to 5) (then (add (piece "Eagle2") (to 15))))'
    state = load(_game(play)).initial_state()
    (move,) = state.legal_moves()
    assert move.text == "A1-B2"
    state.apply(move)
    assert [site for site in range(16) if state.what[site]] == [5, 15]
    assert (state.last_from, state.last_to) == (0, 5)


def test_a_fromto_from_an_empty_site_is_no_move():
    # Ludii makes no move from a site without a piece: the player can only pass
    assert _legal(_game('(fromTo (from 3) (to 5))')) == ["pass"]


def test_sites_to_of_a_select_reads_its_from_in_the_to_region():
    # Ludii's Select.eval works the to region out with (from) the site selected: from A1 and
    # E1 (two steps from the disc on C1, and empty) the site between is B1, D1 (Equi's rule)
    select = ('(select (from (sites Distance from:(site) (exact 2)) if:(is Empty (from)))'
              ' (to (sites Between from:(from) to:(site))))')
    play = f'(move Add (to (sites To (forEach Site (sites Occupied by:All) {select}))))'
    description = ('(game "T" (players 2) (equipment {(board (rectangle 1 5)) (piece "Disc" Each)})'
                   ' (rules (start {(place "Disc1" 2)}) (play ' + play + ')'
                   ' (end (if False (result Mover Win)))))')
    assert _legal(description) == ["B1", "D1"]


def test_sites_to_of_a_slide_passing_over_anything():
    # Ludii's Slide with (between if:True) goes on to the edge whatever it meets: every site
    # of the lines from C3, the friend on C1 and the enemy on E3 included (Level Chess's rule)
    play = '(forEach Piece (if (= (from) 12) (move (from) (to (sites To (slide (between if:True)))))))'
    start = '(place "Eagle1" 12) (place "Eagle2" 14) (place "Eagle1" 2)'
    assert _legal(_game(play, start, size=5)) == [
        "C3-A1", "C3-A3", "C3-A5", "C3-B2", "C3-B3", "C3-B4", "C3-C1", "C3-C2", "C3-C4", "C3-C5",
        "C3-D2", "C3-D3", "C3-D4", "C3-E1", "C3-E3", "C3-E5"]
