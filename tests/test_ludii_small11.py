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
PLATFORM = '''(game "T" (players 2)
 (equipment {(board (square 2 pyramidal:True) use:Vertex) (piece "Ball" Each) (piece "Ball" Neutral)
  (hand Each) (hand Shared)})
 (rules (start {(place "Ball" "Hand" count:4) (place "Ball0" 7 count:4)})
  (play (or (move (from (handSite Mover)) (to (sites Empty) if:(is Flat)))
            (move (from (handSite Shared)) (to (sites Empty) if:(is Flat)))))
  (end (if (and (= (layer of:(last To)) 1) %s) (result Mover Win)))))'''


@pytest.mark.parametrize("count, wins", [
    ("(= 2 (count SitesPlatformBelow (last To) P1))", True),
    ("(= 1 (count SitesPlatformBelow (last To) P2))", True),
    ("(= 2 (count SitesPlatformBelow (last To) Mover))", True),
    ("(= 1 (count SitesPlatformBelow (last To) Next))", True),
    ("(= 3 (count SitesPlatformBelow (last To) P1))", False),
])
def test_count_sites_platform_below_by_a_plain_role(count, wins):
    s = load(PLATFORM % count).initial_state()
    _play(s, "Hand1-A1/0", "Hand2-C1/0", "Hand1-A3/0", "HandShared-C3/0")
    assert not s.is_over()
    _play(s, "Hand1-B2/1")  # the apex, on P1's two, P2's one and a neutral ball
    assert s.is_over() == wins


PLATFORM_TO = '''(game "T" (players 2)
 (equipment {(board (square 2 pyramidal:True) use:Vertex) (piece "Ball" Each)})
 (rules (start {(place "Ball1" {"A1/0" "C1/0" "A3/0"}) (place "Ball2" "C3/0")})
  (play (move Add (to (sites Empty) if:%s)))
  (end (if (is Full) (result Mover Win)))))'''


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
