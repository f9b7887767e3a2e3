"""The order of a region's sites as Ludii's (issue 24).

Every region function of Ludii returns a ``Region`` (util/equipment/Region.java), held as a
bitset (ChunkSet): its sites come each once, in increasing order, whatever made it (``union``,
``difference``, ``intersection``, ``sites Around``, ``sites Direction``, ``expand``, ``(sites
{..})`` of numbers worked out, a region ``forEach``...). The order shows where a region is read
in turn: ``(regionSite R index:N)`` (``sites()[N]``), ``forEach Site`` (ForEachSite.eval walks
``nextSetBit``: a later site's effect acts after an earlier one's), ``(array R)`` and the start
rules ``forEach Site`` and ``set RememberValue``. Both tiers read regions so.
"""

from __future__ import annotations

import pytest

from interpreter import load
from interpreter.native.api import native_game
from interpreter.native.conformance import compare_game

# a 3x3 board:  6 7 8 / 3 4 5 / 0 1 2
SCORED = """(game "G" (players 2)
  (equipment {{(board (square 3)) (piece "I" Each)}})
  (rules {start}
   (play (move Add (to (sites Empty)) (then (set Score Mover {read}))))
   (end (if (= (score P1) 99) (result P1 Win)))))"""


def scored(read: str, start: str = "", at: int = 0) -> int:
    """P1's score after its placement on site ``at``, set to ``read``."""
    g = load(SCORED.format(read=read, start=start))
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == at))
    return s.scores[1]


# --- regionSite: the N-th site in increasing order -----------------------------------------------------

@pytest.mark.parametrize(("read", "expected"), [
    ("(regionSite (union (sites {7}) (sites {2 5})) index:0)", 2),
    ("(regionSite (union (sites {7}) (sites {2 5})) index:2)", 7),
    ("(regionSite (union (sites Direction from:8 W) (sites {0})) index:1)", 6),
    ("(regionSite (sites Around 4) index:0)", 0),
    ("(regionSite (sites Around 4) index:7)", 8),
    ("(regionSite (sites Around (last To) Orthogonal) index:0)", 1),  # placed on 4
    ("(regionSite (sites Around (sites {5 0}) Orthogonal) index:0)", 1),
    ("(regionSite (sites Direction from:8 W) index:0)", 6),
    ("(regionSite (sites Direction from:(last To) S) index:0)", 1),  # 4 then 1
    ("(regionSite (difference (union (sites {8}) (sites {0 3})) (sites {0})) index:0)", 3),
    ("(regionSite (intersection (union (sites {8}) (sites {0 3})) (sites Board)) index:1)", 3),
    ("(regionSite (forEach (union (sites {7}) (sites {0 1 2})) if:(> (site) 0)) index:0)", 1),
    ("(regionSite (expand (sites {8})) index:0)", 4),
    ("(regionSite (sites {(+ 6 1) 3 (+ 1 1)}) index:0)", 2),
])
def test_region_site_counts_the_sites_in_increasing_order(read, expected):
    assert scored(read, at=4) == expected


@pytest.mark.parametrize(("read", "expected"), [
    ("(count Sites in:(sites {(last To) 4 (+ 2 2)}))", 1),  # sites worked out: each once
    ("(count Sites in:(sites {(last To) 0}))", 2),
    ("(size Array (array (union (sites {1 2}) (sites {2 1}))))", 2),
    ("(arrayValue (array (union (sites {7}) (sites {2 5}))) index:0)", 2),
])
def test_a_region_holds_each_site_once(read, expected):
    assert scored(read, at=4) == expected


# --- forEach Site: the sites in increasing order, each site's effect after the one before -------------------

FOR_EACH = """(game "G" (players 2)
  (equipment {{(board (square 3)) (piece "I" Each)}})
  (rules (play (move Add (to (sites Empty)) (then (forEach Site {region} (set Score Mover (site))))))
   (end (if (= (score Mover) {last}) (result Mover Win)))))"""


@pytest.mark.parametrize(("region", "last"), [
    ("(union (sites {7}) (sites {2 5}))", 7),
    ("(sites Around (last To))", 8),
    ("(sites Around (last To) Orthogonal)", 7),
    ("(sites Direction from:(last To) W)", 3),
    ("(sites {(last To) 0})", 4),
    ("(union (sites {(last To)}) (sites {0}))", 4),
])
def test_for_each_site_acts_site_after_site_in_increasing_order(region, last):
    # P1 places on 4 (the centre): the last site visited sets the score
    g = load(FOR_EACH.format(region=region, last=last))
    s = g.initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == 4))
    assert s.scores[1] == last


@pytest.mark.parametrize("region", [
    "(union (sites {7}) (sites {2 5}))",
    "(sites Around (last To))",
    "(sites {(last To) 0})",
    "(sites Direction from:(last To) W)",
    "(union (sites Around (last To) Orthogonal) (sites {0 (last To)}))",
])
def test_both_tiers_visit_a_region_in_the_same_order(region):
    g = load(FOR_EACH.format(region=region, last=99))
    compiled = native_game(g)
    assert compiled is not None
    for seed in (1, 2, 3):
        assert compare_game(g, compiled, seed) is None


def test_the_moves_of_for_each_site_come_site_after_site():
    g = load("""(game "G" (players 2)
      (equipment {(board (square 3)) (piece "I" Each)})
      (rules (play (forEach Site (union (sites {7 1}) (sites {5 1})) (move Add (to (site)))))
        (end (if (>= (count Moves) 4) (result Mover Win)))))""")
    assert [m.to for m in g.initial_state().legal_moves()] == [1, 5, 7]
    compiled = native_game(g)
    assert compiled is not None
    assert len(compiled.legal(compiled.from_state(g.initial_state()))) == 3


# --- start rules read a region in order too ------------------------------------------------------------------

def test_remembered_sites_of_a_region_are_in_increasing_order():
    read = "(arrayValue (values Remembered) index:0)"
    start = "(start (set RememberValue (union (sites {7}) (sites {2 5}))))"
    assert scored(read, start) == 2


def test_the_start_for_each_site_visits_in_increasing_order():
    # each site sees what the sites before it did: 0 first (nothing beside it: placed), then 1
    # (beside 0: skipped), then 5 (nothing beside it: placed)
    start = ("(start (forEach Site (union {(sites {5}) (sites {1}) (sites {0})}) "
             "if:(= 0 (count Sites in:(forEach (sites Around (site) Orthogonal) if:(is Occupied (site))))) "
             "(place \"I1\" (site))))")
    g = load(SCORED.format(read="0", start=start))
    s = g.initial_state()
    assert [x for x in range(9) if s.what[x]] == [0, 5]
