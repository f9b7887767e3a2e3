"""A move made inside ``forEach Site`` keeps the loop's ``(site)`` for its own effects, by its
meaning in Ludii (ForEachSite's moves are generated where the loop stands, their side effects
worked out there): a slide's ``(to ... (apply (set Var "X" (site))))`` and a ``do``'s prior
``(set Var "X" (site))`` store the visited site, which the move's consequences then read. This
is how Fischer Random Chess (board/war/replacement/checkmate/chess) remembers which rook
castles: without it the rook stayed where it was and a second rook was added."""

from __future__ import annotations

from interpreter import load

GAME = '''(game "T" (players 2) (equipment {(board (square 4)) (piece "Rook" Each)})
 (rules (start {(place "Rook1" 0) (place "Rook2" 15)})
  (play (or
   (forEach Site (sites {5 6})
    (move Slide (from 0) E (between (exact 2)) (to if:True (apply (set Var "X" (site))))
     (then (add (piece (id "Rook" Mover)) (to (+ 8 (var "X")))))))
   (forEach Site (sites {3})
    (do (set Var "Y" (site)) next:(move Select (from 0))
     (then (add (piece (id "Rook" Mover)) (to (var "Y"))))))))
  (end (if False (result Mover Win)))))'''


def _after_each_move() -> dict[str, list[int]]:
    game = load(GAME)
    out = {}
    for move in game.initial_state().legal_moves():
        state = game.initial_state()
        state.apply(move)
        out[str(move)] = [site for site in range(16) if state.what[site]]
    return out


def test_slide_apply_reads_the_loop_site():
    # the slide from A1 is made twice, once at each site of the loop: each stores its own
    # (site) in X, so its consequence adds a rook at 8 + that site (13, then 14)
    after = _after_each_move()
    assert after["A1-C1"] == [2, 13, 15]
    assert after["A1-C1/2"] == [2, 14, 15]


def test_do_prior_reads_the_loop_site():
    # the do's prior sets Y to the loop's site (3), read by the select's consequence
    assert _after_each_move()["A1"] == [0, 3, 15]


CASTLE = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 6)) (piece "King" Each) (piece "Rook" Each)})
 (rules (start {(place "Rook1" 0) (place "King1" 1) (place "Rook2" 5)})
  (play (forEach Site (sites Occupied by:Mover component:"Rook")
   (move Slide (from (where "King" Mover)) E (between (exact 1))
    (to if:True (apply (set Var "RookToMove" (site))))
    (then (if (= (what at:(var "RookToMove")) (id "Rook" Mover))
      (fromTo (from (var "RookToMove")) (to 1))
      (add (piece (id "Rook" Mover)) (to 1)))))))
  (end (if False (result Mover Win)))))'''


def test_castling_moves_the_rook_the_loop_visited():
    # the king steps from B1 to C1 in the loop over the mover's rooks (one: A1); the slide's
    # apply stores that rook's site, and the consequence moves that rook onto B1: one rook
    game = load(CASTLE)
    state = game.initial_state()
    (move,) = state.legal_moves()
    state.apply(move)
    assert [state.what[site] for site in range(6)].count(state.what[1]) == 1
    assert state.what[0] == 0 and state.what[1] != 0 and state.what[2] != 0
