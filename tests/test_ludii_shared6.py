"""Ludii's Shared, Neutral and All roles as values (issue 24, held-out probe of session 35: Qi
Guo Xiangxi's ``(!= (who at:X) Shared)``). In Ludii a piece declared ``(piece "X" Shared)`` is
owned by the Shared role, one after the players (``Id``, ``RoleType.toIntFunction``), Neutral is
0: so ``(who at:X)`` of a Shared piece is players + 1, which ``(is Enemy ...)`` finds an enemy
(IsEnemy: not 0 and not the mover) and ``(is Friend ...)`` no friend; ``count Pieces`` of the
Shared role counts the Shared pieces, of All every piece (PlayersIndices: ids 0 to players + 1),
and a site holding a number of pieces counts them all (CountPieces: ``cs.count``)."""

from __future__ import annotations

import pytest

from interpreter import load

# a 2-player board of 3x3: a Shared rock on B2 (site 4) and a neutral ball on B1 (site 1)
BOARD = """
(game "T" (players 2)
  (equipment {{(board (square 3)) (piece "Rock" Shared) (piece "Ball" Neutral)
               (piece "Disc" Each (move Step Orthogonal (to if:{to} (apply (remove (to))))))}})
  (rules (start {{(place "Rock" 4) (place "Ball0" 1) (place "Disc1" 3) (place "Disc2" 8)}})
         (play {play})
         (end (if {end} (result P1 Win)))))
"""


def game(to: str = "(is Empty (to))", play: str = "(forEach Piece)", end: str = "(no Moves Next)"):
    return load(BOARD.format(to=to, play=play, end=end))


def moves(g) -> list[str]:
    return sorted(str(m) for m in g.initial_state().legal_moves())


# --- (who at:X) of a Shared piece is the Shared role, players + 1 -------------------------------------

@pytest.mark.parametrize("site, value, holds", [
    (4, "Shared", True), (4, "3", True), (4, "0", False), (4, "Neutral", False),  # the rock
    (1, "Neutral", True), (1, "0", True), (1, "Shared", False),  # the ball
    (3, "P1", True), (3, "Shared", False),  # P1's disc
])
def test_who_of_a_shared_piece_is_one_after_the_players(site, value, holds):
    play = f"(or (move Add (piece \"Disc1\") (to (sites Empty) if:(= (who at:{site}) {value}))) (move Pass))"
    # the 5 empty sites and the pass, or the pass alone
    assert len(moves(game(play=play))) == (6 if holds else 1)


def test_a_shared_piece_is_an_enemy_and_a_neutral_one_is_not():
    # IsEnemy: the Shared role is not 0 and not the mover; the neutral ball (0) is no one's enemy
    got = moves(game(to="(or (is Empty (to)) (is Enemy (who at:(to))))"))
    assert got == ["A2-A1", "A2-A3", "A2-B2"]  # onto the rock, not onto the ball (B1 is not next)
    got = moves(game(to="(is Enemy (who at:(to)))"))
    assert got == ["A2-B2"]


def test_a_shared_piece_is_no_friend_of_the_mover():
    # IsFriend: the Shared role is never the mover; nor is it the mover (IsMover)
    assert moves(game(to="(is Friend (who at:(to)))")) == ["pass"]  # no move: the pass alone
    assert moves(game(to="(or (is Empty (to)) (is Mover (who at:(to))))")) == ["A2-A1", "A2-A3"]


def test_a_piece_that_is_not_the_shared_one_as_qi_guo_xiangxi_says():
    # (!= (who at:(to)) Shared): every site but the rock's
    got = moves(game(to="(!= (who at:(to)) Shared)"))
    assert got == ["A2-A1", "A2-A3"]


# --- counts of the roles: Shared, Neutral, All -------------------------------------------------------

@pytest.mark.parametrize("count, value", [
    ("(count Pieces Shared)", 1), ("(count Pieces Neutral)", 1), ("(count Pieces All)", 4),
    ("(count Pieces)", 4), ("(count Pieces P1)", 1), ("(count Pieces Shared in:(sites {4 5}))", 1),
    ("(count Pieces Neutral in:(sites {4 5}))", 0), ("(count Pieces All in:(sites {0 1 3}))", 2),
])
def test_the_pieces_of_each_role_are_counted_as_ludii_counts_them(count, value):
    # the end is tested after the first move (the rock, ball and discs are all still there)
    g = game(end=f"(= {count} {value})")
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if str(m) == "A2-A1"))
    assert s.is_over() and s.result().winners == [1]


def test_id_of_the_shared_role_is_one_after_the_players():
    play = "(or (move Add (piece \"Disc1\") (to (sites Empty) if:(= (id Shared) 3))) (move Pass))"
    assert len(moves(game(play=play))) == 6


# --- a site holding a number of pieces: every one counts (a mancala's seeds) -------------------------
SOWING = """
(game "T" (players 2)
  (equipment {{(mancalaBoard 2 3 store:None (track "Track" "0,E,N,W" loop:True)) (piece "Seed" Shared)
               (regions P1 (sites Bottom)) (regions P2 (sites Top))}})
  (rules (start (set Count 4 to:(sites Board)))
         (play (move Select (from (sites Mover) if:(> (count at:(from)) 0)) (then (sow))))
         (end (if (= {count} {value}) (result Mover Win)))))
"""


@pytest.mark.parametrize("count, value", [
    ("(count Pieces All in:(sites Board))", 24), ("(count Pieces All)", 24), ("(count Pieces)", 24),
    ("(count Pieces Shared)", 24), ("(count Pieces Shared in:(sites Bottom))", 10),
    ("(count Pieces Neutral)", 0), ("(count Pieces P1)", 0),
])
def test_the_seeds_on_the_sites_are_each_counted(count, value):
    # after sowing A1's 4 seeds on B1 C1 C2 B2, 24 seeds remain on the board, 10 on its bottom row
    s = load(SOWING.format(count=count, value=value)).initial_state()
    s.apply(s.legal_moves()[0])
    assert s.is_over()


def test_the_sites_are_not_counted_in_place_of_their_seeds():
    s = load(SOWING.format(count="(count Pieces All in:(sites Board))", value=5)).initial_state()
    s.apply(s.legal_moves()[0])  # 5 sites hold seeds: not what is counted
    assert not s.is_over()


# --- the compiled tier agrees ----------------------------------------------------------------------------

@pytest.mark.heavy
def test_the_compiled_tier_reads_the_shared_role_as_the_reference():
    from interpreter.native import api as native
    from interpreter.native.conformance import compare_game
    g = game(to="(and (or (is Empty (to)) (is Enemy (who at:(to)))) (!= (who at:(to)) Neutral))",
             end="(= (count Pieces Shared) 0)")
    ng = native.native_game(g)
    assert ng is not None, native.why_not(g)
    assert [compare_game(g, ng, seed) for seed in range(3)] == [None] * 3


# --- forEach Piece of the Shared or the Neutral role: that role's pieces only ------------------------
MOVERS = """
(game "T" (players 2)
  (equipment {{(board (square 3)) (piece "Rock" Shared (move Step Orthogonal (to if:(is Empty (to)))))
               (piece "Ball" Neutral (move Step Diagonal (to if:(is Empty (to)))))}})
  (rules (start {{(place "Rock" 1) (place "Ball0" 0)}})
         (play (forEach Piece {role}))
         (end (if (no Moves Next) (result Mover Win)))))
"""


@pytest.mark.parametrize("role, expected", [
    ("Shared", ["B1-B2", "B1-C1"]),  # the rock's orthogonal steps from B1 (A1 is the ball's)
    ("Neutral", ["A1-B2"]),  # the ball's one diagonal step from A1
])
def test_for_each_piece_of_a_role_moves_that_roles_pieces(role, expected):
    # ForEachPiece: the pieces of the player the role names (the Shared role: players + 1)
    assert moves(load(MOVERS.format(role=role))) == expected
