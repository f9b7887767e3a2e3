"""Small leftovers of Ludii's vocabulary (issue 24, session 39): forms and meanings read from
Ludii's Java, each on a small inline position."""

from __future__ import annotations

import pytest

from interpreter import LudError, load


def _play(state, *texts: str) -> None:
    for text in texts:
        assert not state.is_over()
        state.apply(next(m for m in state.legal_moves() if m.text == text))


# --- (count SitesPlatformBelow [<site>] <roleType>) -----------------------------------------------
# Ludii's CountSitesPlatformBelow has had two constructors: (site, RoleType who), the player a
# plain role after the optional site, and the later (type, site, who:|what:|whats:). Both count
# the sites under the site (its Downward steps) holding a piece of the player (Neutral: empty).
PLATFORM_TO = '''(game "T" (players 2)
 (equipment {(board (square 2 pyramidal:True) use:Vertex) (piece "Ball" Each)})
 (rules (start {(place "Ball1" {"A1/0" "C1/0" "A3/0"}) (place "Ball2" "C3/0")})
  (play (move Add (to (sites Empty) if:%s)))
  (end (if (is Full) (result Mover Win)))))'''


@pytest.mark.parametrize("count, wins", [
    ("(= 3 (count SitesPlatformBelow (last To) P1))", True),
    ("(= 1 (count SitesPlatformBelow (last To) P2))", True),
    ("(= 3 (count SitesPlatformBelow (last To) Mover))", True),
    ("(= 1 (count SitesPlatformBelow (last To) Next))", True),
    ("(= 2 (count SitesPlatformBelow (last To) P1))", False),
])
def test_count_sites_platform_below_by_a_plain_role(count, wins):
    text = PLATFORM_TO.replace("(is Full)", f"(and (= (layer of:(last To)) 1) {count})") % "True"
    s = load(text).initial_state()
    _play(s, "B2/1")  # the apex, on P1's three and P2's one
    assert s.is_over() == wins


@pytest.mark.parametrize("test, where", [
    ("(= 3 (count SitesPlatformBelow P1))", ["B2/1"]),  # the site is (to) when left out
    ("(= 1 (count SitesPlatformBelow P2))", ["B2/1"]),
    ("(= 3 (count SitesPlatformBelow Mover))", ["B2/1"]),
    ("(= 0 (count SitesPlatformBelow Next))", []),  # P2 holds one of the four
])
def test_count_sites_platform_below_of_the_site_moved_to(test, where):
    s = load(PLATFORM_TO % test).initial_state()
    topo = s.game.topology
    assert [topo.labels[m.to] for m in s.legal_moves() if m.to >= 0] == where


def test_count_sites_platform_below_takes_one_owner():
    with pytest.raises(LudError, match="give one of a role, who:"):
        load(PLATFORM_TO % "(= 0 (count SitesPlatformBelow P1 who:P2))")


# --- (and {(apply if:C E) ...}) among moves -------------------------------------------------------
# Ludii's Apply.eval gives E's moves where C holds and none elsewhere; its And, as a consequence,
# evaluates every part (each condition read) before any of their moves is applied. So C reads
# the position before the parts before it act.
APPLY_IF = '''(game "T" (players 2)
 (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty))
   (then (and {(addScore Mover 1) (apply if:(= (score Mover) 1) (addScore Mover 5))}))))
  (end (if (is Full) (result Mover Win)))))'''


def test_apply_if_in_an_and_reads_the_position_before_the_parts_act():
    s = load(APPLY_IF).initial_state()
    _play(s, "A1")
    assert s.scores[1:] == [1, 0]  # the condition read a score of 0
    _play(s, "B1")
    assert s.scores[1:] == [1, 1]
    _play(s, "C1")
    assert s.scores[1:] == [7, 1]  # read 1: both parts
    _play(s, "A2")
    assert s.scores[1:] == [7, 7]
    _play(s, "B2")
    assert s.scores[1:] == [8, 7]


APPLY_IF_MOVES = '''(game "T" (players 2)
 (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (and {(apply if:(is Mover P1) (move Add (to (sites Bottom) if:(is Empty (to)))))
                    (move Add (to (sites Top) if:(is Empty (to))))}))
  (end (if (is Full) (result Mover Win)))))'''


def test_apply_if_in_an_and_of_moves_offers_its_moves_where_the_condition_holds():
    s = load(APPLY_IF_MOVES).initial_state()
    assert sorted(m.text for m in s.legal_moves()) == ["A1", "A3", "B1", "B3", "C1", "C3"]
    _play(s, "A1")
    assert sorted(m.text for m in s.legal_moves()) == ["A3", "B3", "C3"]  # P2: the top only


def test_apply_if_without_an_effect_in_an_and_is_refused():
    with pytest.raises(LudError, match="needs an effect"):
        load(APPLY_IF.replace("(apply if:(= (score Mover) 1) (addScore Mover 5))", "(apply if:(= (score Mover) 1))"))


def _compare_tiers(game, seeds: int = 3) -> None:
    from interpreter.native.api import native_game
    from interpreter.native.conformance import compare_game
    compiled = native_game(game)
    if compiled is not None:  # where the compiled tier takes the game, it plays as the reference
        assert [compare_game(game, compiled, seed) for seed in range(seeds)] == [None] * seeds


@pytest.mark.parametrize("text", [APPLY_IF, APPLY_IF_MOVES])
def test_apply_if_in_an_and_compiled_tier_agrees(text):
    _compare_tiers(load(text))


# --- an empty (and {}) among moves ----------------------------------------------------------------
# An option's item left empty leaves (and {}) in a list of effects (Mini Wars' fog of war when
# it is off): Ludii reads it where moves are expected as its And of no moves, nothing to apply.
EMPTY_AND = '''(game "T" (players 2)
 (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty) if:(and {(is Empty (to)) (and {})}))
   (then (and {(addScore Mover 1) (and {})}))))
  (end (if (is Full) (result Mover Win)))))'''


def test_an_empty_and_among_effects_is_no_effect():
    s = load(EMPTY_AND).initial_state()
    assert len(s.legal_moves()) == 9  # among conditions it holds, as Ludii's And of none
    _play(s, "A1")
    assert s.scores[1:] == [1, 0]


# --- a shared hand's site holding several pieces ---------------------------------------------------
# Ludii's (place "X0" (handSite Shared i) count:N) puts N pieces on that site of the shared hand
# (its container state counts them); a move from there takes one, and (count at:) reads N.
SHARED_COUNT = '''(game "T" (players 2)
 (equipment {(board (square 3)) (hand Shared size:2) (piece "Disc" Each) (piece "Disc" Neutral)})
 (rules (start {(place "Disc0" (handSite Shared 0) count:3) (place "Disc0" (handSite Shared 1) count:1)})
  (play (forEach Site (sites Occupied by:Neutral container:1)
    (move (from (site)) (to (sites Empty) if:(= 3 (count at:(site)))) copy:True)))
  (end (if (no Moves Next) (result Mover Win)))))'''


def test_a_shared_hand_site_holds_several_pieces():
    s = load(SHARED_COUNT).initial_state()
    moves = s.legal_moves()
    assert len(moves) == 9 and {m.frm for m in moves} == {s.game.topology.n}  # only the site of 3


# --- (add {...}): the sum by its class's name --------------------------------------------------------
# Ludii's int function Add (alias +) is written (add {...}) in Ludii's Aj Sakakil (its teams'
# pieces counted); the placement (add (piece ...) (to ...)) keeps its own meaning.
ADD_SUM = '''(game "T" (players 2)
 (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (start (place "Disc1" {"A1" "B1"}))
  (play (add (piece (id "Disc" Mover)) (to (sites Empty))))
  (end (if (= 4 (add {(count Pieces P1) (count Pieces P2)})) (result Mover Win)))))'''


@pytest.mark.parametrize("total", ["(add {(count Pieces P1) (count Pieces P2)})",
                                   "(add (count Pieces P1) (count Pieces P2))"])
def test_add_of_numbers_is_their_sum_beside_the_placement(total):
    s = load(ADD_SUM.replace("(add {(count Pieces P1) (count Pieces P2)})", total)).initial_state()
    assert len(s.legal_moves()) == 7
    _play(s, "1@C1")
    assert not s.is_over()
    _play(s, "2@C2")  # P1's two, the one P1 placed, P2's: 4
    assert s.is_over() and s.result().winners == [2]


# --- (fromTo (from ... if:C) (to ... if:C)) as a consequence ----------------------------------------
# Ludii's FromTo makes its move only from a site meeting the from's condition and to one meeting
# the to's ((from) and (to) bound to them), as Vanguard's consequences write it.
FROMTO_IF = '''(game "T" (players 2)
 (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (start (place "Disc2" "C2"))
  (play (move Add (to (sites Empty))
    (then (fromTo (from (last To) if:(is In (from) (sites Bottom)))
                  (to (ahead (last To) N) if:(is Empty (to)))))))
  (end (if (is Full) (result Mover Win)))))'''


@pytest.mark.parametrize("placed, where", [
    ("A1", "A2"),  # from the bottom row to the empty site ahead
    ("B2", "B2"),  # not from the bottom row: it stays
    ("C1", "C1"),  # the site ahead is taken: it stays
])
def test_from_to_with_conditions_moves_only_where_they_hold(placed, where):
    s = load(FROMTO_IF).initial_state()
    topo = s.game.topology
    _play(s, placed)
    assert [topo.labels[x] for x in range(topo.n) if s.who[x] == 1] == [where]
