"""Forms Ludii's line and connection games (board/space/line, board/space/connection) use beyond
the sample (issue 24, session 36). Each on a small position, by its meaning in Ludii's Java."""

from __future__ import annotations

import pytest

from interpreter import load


def _play(state, *texts: str) -> None:
    for text in texts:
        assert not state.is_over()
        state.apply(next(m for m in state.legal_moves() if m.text == text))


def _compare_tiers(game, seeds: int = 3) -> None:
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    compiled = native_game(game)
    assert compiled is not None, why_not(game)
    assert [compare_game(game, compiled, seed) for seed in range(seeds)] == [None] * seeds


# --- (is Connected <role>) and another player's piece ---------------------------------------------
# Ludii's IsConnected floods the group from the site only when the piece there is the role's
# (``cs.who(from) == playerRegion``); another's piece counts its own site alone. Chameleon, where
# either player places either colour, ends with (is Connected Mover) then (is Connected Next):
# a P2 stone that joins P1's sides does not win for P1, it wins for P2 when it joins P2's.
CONNECT_ANY_COLOUR = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 3)) (piece "Disc" Each)
  (regions P1 {(sites {0}) (sites {2})}) (regions P2 {(sites {1})})})
 (rules (play %s)
  (end {(if (is Connected Mover) (result Mover Win)) (if (is Connected Next) (result Next Win))})))'''
ADD_P2 = '(move Add (piece (id "Disc" P2)) (to (sites Empty)))'


def test_is_connected_of_a_role_ignores_the_group_of_another_players_piece():
    s = load(CONNECT_ANY_COLOUR % ADD_P2).initial_state()
    _play(s, "2@A1", "2@C1")
    assert not s.is_over()
    _play(s, "2@B1")  # P1 joins 0-1-2 with P2's discs: P1's regions are not P1's win
    assert s.is_over() and s.result().winners == [2]  # the group is P2's and touches P2's region


def test_is_connected_of_a_role_still_counts_the_site_of_another_players_piece():
    one_region = CONNECT_ANY_COLOUR.replace("(regions P1 {(sites {0}) (sites {2})})", "(regions P1 {(sites {0})})")
    s = load(one_region % ADD_P2).initial_state()
    _play(s, "2@A1")  # the site itself is in P1's only region: connected for P1 (Ludii's first loop)
    assert s.is_over() and s.result().winners == [1]


@pytest.mark.parametrize("play", [ADD_P2, f"(or {ADD_P2} (move Remove (sites Occupied by:All)))"])
def test_is_connected_of_another_players_piece_in_the_compiled_tier(play):
    # pieces only added: the union-find kernel; a removal among the moves: the flooding kernel
    _compare_tiers(load(CONNECT_ANY_COLOUR % play))


# --- (count Rows) on a pyramid ---------------------------------------------------------------------
# Ludii's Topology.computeRows on a 3D board keeps the ground's rows only (the sites above join
# the rows they stand over). Splade's line length (- (count Rows) (layer of:(last To))) is 4 on
# the ground of (square 4 pyramidal:True): with 7 rows its ground lines could never be made.
PYRAMID = '''(game "T" (players 2)
 (equipment {(board (square 4 pyramidal:True) use:Vertex) (piece "Ball" Each)})
 (rules (play (move Add (to (sites Empty) if:(is Flat))))
  (end (if %s (result Mover Win)))))'''


def test_count_rows_and_columns_of_a_pyramid_are_the_grounds():
    # a game that reads (layer of:...) is 3D in Ludii (GameType.ThreeDimensions): only then are
    # the rows the ground's (test_ludii_stack7 has the board's own rows without it)
    s = load(PYRAMID % "(and (= (count Rows) (+ 4 (layer of:0))) (= (count Columns) 4))").initial_state()
    _play(s, s.legal_moves()[0].text)
    assert s.is_over() and s.result().winners == [1]


def test_a_ground_line_as_long_as_the_rows_on_a_pyramid():
    game = load(PYRAMID % "(is Line (- (count Rows) (layer of:(last To))) SameLayer)")
    s = game.initial_state()
    ground = [game.topology.labels[x] for x in range(game.topology.n) if game.topology.layers[x] == 0]
    bottom = ground[:4]  # the first row of the ground
    other = ground[4:]
    _play(s, bottom[0], other[0], bottom[1], other[1], bottom[2], other[3])
    assert not s.is_over()
    _play(s, bottom[3])
    assert s.is_over() and s.result().winners == [1]


def test_count_rows_of_a_flat_board_is_unchanged():
    s = load(PYRAMID.replace(" pyramidal:True", "") % "(= (count Rows) 4)").initial_state()
    _play(s, s.legal_moves()[0].text)
    assert s.is_over() and s.result().winners == [1]


# --- (count SitesPlatformBelow who:/what:/whats:) and a shared hand's site by number --------------
# Ludii's CountSitesPlatformBelow takes who: (a role, named), what: or whats: (kinds of piece);
# Spire counts (count SitesPlatformBelow who:Mover) and places its neutral balls with
# (place "Ball0" 32 count:16): 32 is the shared hand's site, after the board's 30 and the two
# players' hands (Ludii numbers the containers' sites in order).
PLATFORM = '''(game "T" (players 2)
 (equipment {(board (square 2 pyramidal:True) use:Vertex) (piece "Ball" Each) (piece "Ball" Neutral)
  (hand Each) (hand Shared)})
 (rules (start {(place "Ball" "Hand" count:4) (place "Ball0" 7 count:4)})
  (play (or (move (from (handSite Mover)) (to (sites Empty) if:(is Flat)))
            (move (from (handSite Shared)) (to (sites Empty) if:(is Flat)))))
  (end (if (and (= (layer of:(last To)) 1) %s) (result Mover Win)))))'''


@pytest.mark.parametrize("count, wins", [
    ("(= 2 (count SitesPlatformBelow (last To) who:P1))", True),
    ("(= 1 (count SitesPlatformBelow (last To) who:P2))", True),
    ("(= 1 (count SitesPlatformBelow (last To) who:Neutral))", True),
    ('(= 3 (count SitesPlatformBelow (last To) whats:{(id "Ball" P1) (id "Ball0")}))', True),
    ('(= 2 (count SitesPlatformBelow (last To) what:(id "Ball" P1)))', True),
    ("(= 3 (count SitesPlatformBelow (last To) who:P1))", False),
])
def test_count_sites_platform_below_by_owner_or_kind(count, wins):
    game = load(PLATFORM % count)
    s = game.initial_state()
    assert len(s.legal_moves()) == 8  # four ground sites, from P1's hand or from the shared one
    _play(s, "Hand1-A1/0", "Hand2-C1/0", "Hand1-A3/0", "HandShared-C3/0")
    assert not s.is_over()
    _play(s, "Hand1-B2/1")  # the apex, on P1's two, P2's one and a neutral ball
    assert s.is_over() == wins


def test_count_sites_platform_below_needs_whose_pieces():
    from interpreter import LudError
    with pytest.raises(LudError, match="who:, what: and whats:"):
        load(PLATFORM % "(= 0 (count SitesPlatformBelow (last To)))")


# --- (sites Playable) on a boardless table after the start rules ----------------------------------
# Ludii's SitesPlayable reads a boardless table's playable cells, which its container state keeps
# as pieces come and go (ContainerFlatState.setSite): the centre at first, then the empty cells
# next to a piece, the start rules' pieces included. Andantino and Bravalath start with two tiles
# and offered the centre (occupied) as their only first move.
BOARDLESS = '''(game "T" (players 2)
 (equipment {(boardless Hexagonal) (piece "Disc" Each)})
 (rules %s
  (play (move Add (to (sites Playable) if:(<= %d (count Sites in:(sites Around (to) NotEmpty))))))
  (end (if (is Line 3) (result Mover Win)))))'''
TWO_TILES = '(start {(place "Disc1" (centrePoint)) (place "Disc2" (ahead (centrePoint) E))})'


@pytest.mark.parametrize("start, touching, first", [
    (TWO_TILES, 1, 8),  # the eight cells around the two tiles
    (TWO_TILES, 2, 2),  # the two cells touching both
    ("", 0, 1),  # an empty table: its centre
])
def test_sites_playable_on_a_boardless_table_counts_the_start_pieces(start, touching, first):
    game = load(BOARDLESS % (start, touching))
    s = game.initial_state()
    legal = s.legal_moves()
    assert len(legal) == first
    occupied = {x for x in range(game.topology.n) if s.what[x]}
    s.apply(legal[0])
    assert s.last_to not in occupied
