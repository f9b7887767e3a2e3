"""Ludii's IsLine reads an empty site as it is (``game.functions.booleans.is.line.IsLine``): the
line's kinds of piece are the site's own kind (0 for an empty site: a line of empty sites), the
kinds a role owns, or the kinds ``what:``/``whats:`` name; the site's own kind must be one of them.
No piece is supposed placed on an empty ``through:`` site, in either tier."""

from __future__ import annotations

import pytest

from interpreter import load


def game(condition: str) -> str:
    return f"""
(game "Lines"
    (players 2)
    (equipment {{(board (square 3)) (piece "Disc" Each)}})
    (rules
        (start {{(place "Disc1" 4) (place "Disc2" 0)}})
        (play (move Add (to (sites Empty) if:{condition})))
        (end (if (is Full) (result All Draw)))
    )
)
"""


def legal_sites(condition: str) -> list[int]:
    state = load(game(condition)).initial_state()
    return sorted(m.to for m in state.legal_moves() if m.to >= 0)  # -1: the pass when none is legal


def test_an_empty_through_site_with_nobody_named_is_a_line_of_empty_sites():
    # P1 on the centre (4), P2 on a corner (0): a site has no empty row or column of 3 only on
    # 1 (row 0 holds P2, column 1 holds P1) and 3 (row 1 holds P1, column 0 holds P2)
    assert legal_sites("(not (is Line 3 Orthogonal through:(to)))") == [1, 3]
    assert legal_sites("(is Line 3 Orthogonal through:(to))") == [2, 5, 6, 7, 8]


@pytest.mark.parametrize("named", ["who:Mover", "Mover", "what:(id \"Disc\" Mover)", "whats:{1 2}"])
def test_an_empty_through_site_is_no_line_of_a_named_player_or_kind(named):
    # the empty site's kind (0) is none of theirs: no line, even of length 1 (no stone is
    # supposed placed there, so a site beside P1's centre stone makes no line of 2 either)
    assert legal_sites(f"(is Line 1 through:(to) {named})") == []
    assert legal_sites(f"(is Line 2 Orthogonal through:(to) {named})") == []


def test_kind_zero_named_makes_the_empty_site_count():
    # whats:{0 1}: the empty site is of the kinds, and so are P1's stones; with if: only P1's
    # stones beside it count: a line of 2 through an empty site beside P1's centre stone
    forall = ("(forEach (sites Empty) if:(is Line 2 Orthogonal through:(site) whats:{0 1} "
              "if:(or (= (to) (site)) (= 1 (who at:(to))))))")
    state = load(game("True").replace("(sites Empty)", forall)).initial_state()
    assert sorted(m.to for m in state.legal_moves()) == [1, 3, 5, 7]


def test_sites_of_a_placement_line_in_ludii_words():
    # the mover's stones next to (to) in a row, counted with sites Direction (a placement's
    # line, as Ludii would say it): P1 to move, only the sites beside the centre qualify
    cond = ("(<= 1 (+ (count Sites in:(sites Direction from:(to) N stop:(not (is Mover (who at:(to)))))) "
            "(count Sites in:(sites Direction from:(to) S stop:(not (is Mover (who at:(to))))))))")
    assert legal_sites(cond) == [1, 7]


def test_compiled_tier_agrees_on_empty_through_sites():
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    for cond in ("(not (is Line 3 Orthogonal through:(to)))", "(not (is Line 2 Orthogonal through:(to) who:Mover))"):
        text = game(cond).replace("(is Full)", "(is Line 3)")
        g = load(text)
        compiled = native_game(g)
        assert compiled is not None, why_not(g)
        assert all(compare_game(g, compiled, seed) is None for seed in range(3))


def run_game(condition: str, size: int = 5, start: str = '(place "Disc1" {6 7 8 12 16 17 18}) (place "Disc2" 11)') -> str:
    return f"""
(game "Runs"
    (players 2)
    (equipment {{(board (square {size})) (piece "Disc" Each)}})
    (rules
        (start {{{start}}})
        (play (move Add (to (sites Empty) if:{condition})))
        (end (if (is Full) (result All Draw)))
    )
)
"""


# 5x5: P1 on 6 7 8 12 16 17 18, P2 on 11 (the centre 12 is P1's)
@pytest.mark.parametrize("region", [
    "(sites Direction from:(to) N stop:(not (is Mover (who at:(to)))))",
    "(sites Direction from:(to) (directions {N S}) stop:(is Next (who at:(to))) stopIncluded:True)",
    "(sites Direction from:(to) All included:True distance:2 stop:(is Empty (to)))",
    "(sites Direction from:(to) Orthogonal distance:1)",
])
def test_count_sites_of_a_direction_walk_is_the_size_of_the_region(region):
    # counting the sites walked (no region made) gives the size of the region made (a union
    # with no site makes it): the same legal sites for each count
    found = []
    for n in range(5):
        counted = legal_sites_of(run_game(f"(= {n} (count Sites in:{region}))"))
        assert counted == legal_sites_of(run_game(f"(= {n} (count Sites in:(union {region} (sites {{}}))))"))
        found += counted
    assert found


def legal_sites_of(text: str) -> list[int]:
    state = load(text).initial_state()
    return sorted(m.to for m in state.legal_moves() if m.to >= 0)


def test_mover_runs_from_an_empty_site():
    # P1 to move on the 5x5 board: P1's stones next to an empty site in a row, N then S
    cond = "(<= 2 (count Sites in:(sites Direction from:(to) (directions {N S}) stop:(not (is Mover (who at:(to)))))))"
    # column 1 holds 6 16 (P1) around 11 (P2); column 2: 7 12 17; column 3: 8 18 with 13 empty
    assert legal_sites_of(run_game(cond)) == [2, 13, 22]


def test_compiled_tier_counts_direction_walks_as_the_reference():
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    for region in ("(sites Direction from:(to) (directions {N S}) stop:(not (is Mover (who at:(to)))))",
                   "(sites Direction from:(to) All included:True distance:2 stop:(is Empty (to)) stopIncluded:True)"):
        text = run_game(f"(> 3 (count Sites in:{region}))").replace("(is Full)", "(is Line 4)")
        g = load(text)
        compiled = native_game(g)
        assert compiled is not None, why_not(g)
        assert all(compare_game(g, compiled, seed) is None for seed in range(3))


def test_a_line_of_a_named_kind_is_a_line_of_its_owner_pieces():
    # what: names a kind: the line is of its pieces only (P1's Disc1 on the centre and 3, P2's on 0)
    start = '(place "Disc1" {4 3}) (place "Disc2" 0)'
    text = game("True").replace('(place "Disc1" 4) (place "Disc2" 0)', start)
    for what, holds in (('(id "Disc" P1)', True), ('(id "Disc" P2)', False)):
        state = load(text.replace("(sites Empty) if:True",
                                  f"(sites Empty) if:(is Line 2 Orthogonal through:4 what:{what})")).initial_state()
        assert bool([m for m in state.legal_moves() if m.to >= 0]) is holds


def test_compiled_tier_reads_what_as_the_kind_owner():
    from interpreter.native.api import native_game, why_not
    from interpreter.native.conformance import compare_game
    for what in ('(id "Disc" Mover)', '(id "Disc" P2)'):
        text = game("True").replace("(is Full)", f"(is Line 3 what:{what})")
        g = load(text)
        compiled = native_game(g)
        assert compiled is not None, why_not(g)
        assert all(compare_game(g, compiled, seed) is None for seed in range(4))
