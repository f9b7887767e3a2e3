"""Two meanings as Ludii's Java gives them (issue 24), on small inline games:

- ``custodial``'s between range gives only the walk's limit (Custodial.java reads
  ``between.range().maxFn()``): at most that many sites satisfying the between condition, at
  least one, then the site after them closes the run when the to condition holds of it, whatever
  it holds. ``(exact 2)`` and ``(range 2 3)`` capture a single flanked piece too; a distance in
  the to condition asks for more (Ludii's Pente).
- ``is Line`` through an empty site with nobody named (IsLine.java: the kinds are the one on the
  pivot, 0 when it is empty) looks for a line of empty sites."""

from __future__ import annotations

from interpreter import load


def position(g, pieces: dict[str, str], mover: int = 1):
    text = f"mover: {mover}\npieces: {{{', '.join(f'{k}: {v}' for k, v in pieces.items())}}}\n"
    return g.state_from_text(text)


# --- custodial: the range's maximum is the limit, its minimum is never read --------------------
CUSTODIAL = '''(game "T" (players 2)
 (equipment {(board (rectangle 1 6) use:Vertex) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty))
   (then (custodial (from (last To)) All
     (between #RANGE if:(is Next (who at:(between))) (apply (remove (between))))
     (to if:#TO)))))
  (end (if (no Moves Next) (result Mover Win)))))'''
MOVER_TO = "(is Mover (who at:(to)))"


def _after(rng: str, to: str, pieces: dict[str, str], site: str):
    g = load(CUSTODIAL.replace("#RANGE", rng).replace("#TO", to))
    s = position(g, pieces)
    s.apply(site)
    return s


def test_exact_two_captures_a_single_flanked_piece():
    s = _after("(exact 2)", MOVER_TO, {"A1": "Disc1", "B1": "Disc2"}, "C1")
    assert s.counts[2] == 0


def test_exact_two_captures_a_pair():
    s = _after("(exact 2)", MOVER_TO, {"A1": "Disc1", "B1": "Disc2", "C1": "Disc2"}, "D1")
    assert s.counts[2] == 0


def test_exact_two_does_not_reach_past_its_limit():
    # the walk stops after two enemies; the third is no mover's piece: nothing is closed
    s = _after("(exact 2)", MOVER_TO, {"A1": "Disc1", "B1": "Disc2", "C1": "Disc2", "D1": "Disc2"}, "E1")
    assert s.counts[2] == 3


def test_a_range_minimum_is_not_read():
    s = _after("(range 2 3)", MOVER_TO, {"A1": "Disc1", "B1": "Disc2"}, "C1")
    assert s.counts[2] == 0
    s = _after("(max 3)", MOVER_TO, {"A1": "Disc1", "B1": "Disc2"}, "C1")
    assert s.counts[2] == 0


def test_a_distance_in_the_to_condition_asks_for_a_pair():
    # Ludii's Pente: the closing stone three steps from the placed one
    to = f"(and {MOVER_TO} (= 3 (count Steps All (last To) (to))))"
    s = _after("(max 2)", to, {"A1": "Disc1", "B1": "Disc2"}, "C1")
    assert s.counts[2] == 1
    s = _after("(max 2)", to, {"A1": "Disc1", "B1": "Disc2", "C1": "Disc2"}, "D1")
    assert s.counts[2] == 0


def test_the_site_after_the_limit_closes_whatever_it_holds():
    # with limit 2, the third enemy is the closing site: a to condition true of it closes the run
    s = _after("(exact 2)", "(is Occupied (to))", {"B1": "Disc2", "C1": "Disc2", "D1": "Disc2"}, "A1")
    assert s.who[s.game.topology.site("D1")] == 2
    assert s.counts[2] == 1  # B1 and C1 taken, D1 closed the run


def test_the_compiled_tier_agrees_on_the_limit():
    from interpreter.native.api import native_game
    from interpreter.native.conformance import compare_game
    for rng in ("(exact 2)", "(range 2 3)", "(max 1)"):
        g = load(CUSTODIAL.replace("#RANGE", rng).replace("#TO", MOVER_TO).replace("(rectangle 1 6)", "(square 5)"))
        compiled = native_game(g)
        assert compiled is not None
        for seed in range(4):
            assert compare_game(g, compiled, seed) is None, f"{rng} seed {seed}"


# --- is Line through an empty site: a line of empty sites ----------------------------------------
# The placed piece is taken off at once, so the last move's site is empty when the end is checked.
LINE = '''(game "T" (players 2)
 (equipment {(board (square 4) use:Vertex) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty)) (then (if (= (count Moves) 4) (remove (last To))))))
  (end (if #LINE (result Mover Win)))))'''


def _play(line: str, sites: list[str]):
    s = load(LINE.replace("#LINE", line)).initial_state()
    for site in sites:
        s.apply(site)
    return s


def test_is_line_through_an_empty_site_finds_a_line_of_empty_sites():
    # plies 0-2 place on A1, D4, A2 (no line of 4); ply 3 places on C1 and removes it: the row
    # above is empty, and so is column C through C1
    s = _play("(is Line 4 All)", ["A1", "D4", "A2", "C1"])
    assert s.is_over() and s.result().winners == [2]


def test_is_line_of_a_named_player_through_an_empty_site_is_none():
    s = _play("(is Line 4 All Mover)", ["A1", "D4", "A2", "C1"])
    assert not s.is_over()
    s = _play("(and (is Occupied (last To)) (is Line 4 All))", ["A1", "D4", "A2", "C1"])
    assert not s.is_over()


def test_a_line_of_empty_sites_must_be_long_enough():
    # A1, B1 and C2 taken, C1 emptied: through C1, row 1 is C1 D1, column C is C1 alone, the
    # diagonal C1 B2 A3 three sites, the other C1 D2
    s = _play("(is Line 3 All)", ["A1", "C2", "B1", "C1"])
    assert s.is_over() and s.result().winners == [2]
    s = _play("(is Line 4 All)", ["A1", "C2", "B1", "C1"])
    assert not s.is_over()


def test_the_compiled_tier_agrees_on_a_line_of_empty_sites():
    from interpreter.native.api import native_game
    from interpreter.native.conformance import compare_game
    g = load(LINE.replace("#LINE", "(is Line 3 All)").replace("(= (count Moves) 4)", "(is Even (count Moves))"))
    compiled = native_game(g)
    assert compiled is not None
    for seed in range(4):
        assert compare_game(g, compiled, seed) is None, f"seed {seed}"
