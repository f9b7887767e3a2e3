"""Forms Ludii's production files of the families board/race, board/sow and board/hunt use beyond
the sample (issue 24, the third held-out probe, session 33). Each on a small position, by its
meaning in Ludii's Java."""

from __future__ import annotations

from interpreter import load

# --- (no Pieces All ...): Ludii's All takes in the pieces of no player ---------------------------
# Ludii's NoPieces asks PlayersIndices.getIdPlayers, whose All (the default role) runs over every
# owner from 0 on: a mancala's shared seeds count. Gabata's "OnlyPiecesInMarked" is
# (no Pieces All in:<the holes not marked>): with seeds in them, it is false.
SEEDS = '''(game "T" (players 2)
 (equipment {(mancalaBoard 2 2 store:None (track "Track" "0,E,N,W" loop:True))
  (regions P1 (sites Bottom)) (regions P2 (sites Top)) (piece "Seed" Shared)})
 (rules (start (set Count 2 to:(sites Bottom)))
  (play (move Select (from (sites Mover) if:(< 0 (count at:(from)))) (then (sow))))
  (end {(if (no Pieces All in:(sites Top)) (result P2 Win))
        (if (no Pieces All in:(sites Bottom)) (result P1 Win))})))'''


def test_no_pieces_all_counts_shared_seeds():
    g = load(SEEDS)
    s = g.initial_state()
    assert not s.is_over()
    # P1 sows the 2 seeds of site 0 into sites 1 and 3: the top row holds a seed now, and the
    # bottom row still holds seeds (site 1), so neither end condition holds
    move = next(m for m in s.legal_moves() if m.text == "A1")
    s.apply(move)
    assert not s.is_over()


def test_no_pieces_all_is_true_on_empty_holes_only():
    g = load(SEEDS.replace("(sites Top)) (result P2 Win))", "(sites {1})) (result P2 Win))"))
    s = g.initial_state()
    # site 1 holds 2 seeds at the start: (no Pieces All in:(sites {1})) is false
    assert not s.is_over()
    s.apply(next(m for m in s.legal_moves() if m.text == "B1"))  # site 1 is sown: empty now
    assert s.is_over() and s.outcome().winners == (2,)


def test_no_pieces_of_a_player_leaves_shared_seeds_out():
    # a player's own pieces: the shared seeds are no one's, as in Ludii (owner 0 is not P1)
    g = load(SEEDS.replace("(no Pieces All in:(sites Top))", "(no Pieces P1 in:(sites Bottom))"))
    s = g.initial_state()
    s.apply(s.legal_moves()[0])  # Ludii tests the end after a move
    assert s.is_over() and s.outcome().winners == (2,)


# --- (who at:<a hand's site>): Ludii's hands are containers ---------------------------------------
# Knossos Game asks (who at:(handSite P1)) after a round: the owner of what the hand holds, 0 when
# it holds nothing (the engine read past the board's sites before).
HAND_OWNER = '''(game "T" (players 2) (equipment {(board (square 2)) (piece "Disc" Each) (hand Each)})
 (rules (start (place "Disc1" (handSite P1) count:2))
  (play (move (from (handSite Mover)) (to (sites Empty))))
  (end {(if (= 1 (who at:(handSite P1))) (result P1 Win))})))'''


def test_who_at_a_hand_site_is_the_owner_of_what_it_holds():
    for text in ("(= 1 (who at:(handSite P1)))",  # P1's hand holds P1's other disc
                 "(= 0 (who at:(handSite P2)))"):  # P2's hand holds nothing: no one's
        s = load(HAND_OWNER.replace("(= 1 (who at:(handSite P1)))", text)).initial_state()
        s.apply(s.legal_moves()[0])
        assert s.is_over() and s.outcome().winners == (1,)
    s = load(HAND_OWNER.replace("(= 1 (who at:(handSite P1)))", "(= 2 (who at:(handSite P2)))")).initial_state()
    s.apply(s.legal_moves()[0])
    assert not s.is_over()


# --- (place "X" <number of a hand's site> count:N) --------------------------------------------------
# Ludii's sites are numbered across containers: Geister places 4 ghosts on site 36, the first
# site of P1's hand (a 6x6 board), as (handSite P1) would; the site then counts 4 pieces.
HAND_BY_NUMBER = '''(game "T" (players 2) (equipment {(board (square 3)) (hand Each size:2) (piece "Disc" Each)})
 (rules (start {(place "Disc1" 9 count:3) (place "Disc2" (handSite P2) count:2)})
  (play (move (from (sites Occupied by:Mover container:(mover))) (to (sites Empty))))
  (end (if (no Moves Mover) (result Mover Loss)))))'''


def test_a_hand_site_given_by_its_number_counts_pieces():
    s = load(HAND_BY_NUMBER).initial_state()
    for ply in range(5):  # P1 takes its three discs one by one from its first hand site
        moves = s.legal_moves()
        if ply % 2 == 0:
            assert {m.frm for m in moves} == {9}
        s.apply(moves[0])
    assert [m.text for m in s.legal_moves()] == ["pass"]  # P2 has placed its two


# --- (and <effects>): Ludii evaluates every part before it applies any ------------------------------
# Ludii's And.eval lists the moves of each part in the same context: a fromTo's sites and count,
# a remembered value, are worked out before the first part moves a piece. Gabata (Aksum) fills
# the leftmost empty hole with 2 seeds of the mover's and 1 of the opponent's, each fromTo to
# "LeftMostEmpty": both go to the same hole, which is then remembered.
PARTS = '''(game "T" (players 2) (equipment {(board (rectangle 1 3)) (piece "Seed" Shared)})
 (rules (start (set Count 3 at:0))
  (play (move Select (from 0 if:(< 0 (count at:0)))
   (then (and {(fromTo (from 0) (to (if (is Empty 1) 1 2)) count:2)
               (fromTo (from 0) (to (if (is Empty 1) 1 2)) count:1)
               (remember Value (if (is Empty 1) 1 2))}))))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_the_parts_of_an_and_are_worked_out_before_any_applies():
    s = load(PARTS).initial_state()
    s.apply(s.legal_moves()[0])
    assert s.array("count")[:3] == [0, 3, 0]  # both fromTo to site 1, empty when they were listed
    assert s.array("remembered")[0] == (1,)
