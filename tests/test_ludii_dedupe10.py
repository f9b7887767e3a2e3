"""Repeated moves in the legal list, as Ludii keeps them (issue 24). Ludii's ``Game.moves`` and
``Trial.setLegalMoves`` drop no move for being a repeat (only the meta rules' no-repeat and
no-suicide filters remove moves), ``Or.eval`` / ``And.eval`` add up their parts' moves as they
come and ``ForEachDie.eval`` adds each die's moves: so ``(or X X)`` lists X twice, two dice of
one value list each move once per die, and a named decision made twice is listed twice, whether
or not the two do the same thing. The legal-move count at every ply is Ludii's. The repeats are
numbered after the first (``B2``, ``B2/2``). A region, on the other hand, is a set of sites in
Ludii (``Region`` is a bit set): a placement on the union of overlapping regions, or on
``(sites {..})`` naming a site twice, is made once per site. Both tiers agree."""

from __future__ import annotations

from interpreter import load
from interpreter.engine import dice
from interpreter.engine.move import Move
from interpreter.native.api import native_game
from interpreter.native.conformance import compare_game


def _game(play: str, start: str = "", equipment: str = ""):
    starts = f"(start {{{start}}})" if start else ""
    return load(f'''(game "T" (players 2)
 (equipment {{(board (square 3)) (piece "Disc" Each) {equipment}}})
 (rules {starts}
  (play {play})
  (end (if (>= (count Moves) 6) (result Mover Win)))))''')


def _texts(s) -> list[str]:
    return [m.text for m in s.legal_moves()]


ADD_TWICE = "(or (move Add (to (sites Empty))) (move Add (to (sites Empty))))"
STEP_TWICE = ("(or (forEach Piece (move Step Orthogonal (to if:(is Empty (to))))) "
              "(forEach Piece (move Step Orthogonal (to if:(is Empty (to))))))")
TWO_PIECES = '(place "Disc1" 0) (place "Disc1" 2) (place "Disc2" 8)'


# --- (or X X): X twice ---------------------------------------------------------------------------
def test_or_of_one_placement_twice_lists_every_site_twice():
    s = _game(ADD_TWICE).initial_state()
    texts = _texts(s)
    assert len(texts) == 18  # Ludii's Or.eval: the first part's 9 moves, then the second's 9
    assert texts[:9] == ["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"]
    assert texts[9:] == [t + "/2" for t in texts[:9]]
    s.apply("B2/2")
    assert s.what[4] == 1 and s.mover == 2


def test_or_of_two_overlapping_placements_lists_the_overlap_twice():
    s = _game("(or (move Add (to (sites Row 0) if:(is Empty (to)))) "
              "(move Add (to (sites Column 0) if:(is Empty (to)))))").initial_state()
    assert _texts(s) == ["A1", "B1", "C1", "A1/2", "A2", "A3"]


def test_or_of_one_step_twice_lists_every_step_twice():
    s = _game(STEP_TWICE, TWO_PIECES).initial_state()
    assert _texts(s) == ["A1-A2", "A1-B1", "C1-C2", "C1-B1",
                         "A1-A2/2", "A1-B1/2", "C1-C2/2", "C1-B1/2"]


def test_or_of_pass_twice_is_two_passes():
    s = _game("(or (move Pass) (move Pass))", TWO_PIECES).initial_state()
    assert _texts(s) == ["pass", "pass/2"]
    s.apply("pass/2")
    assert s.mover == 2


def test_or_of_one_choice_of_site_twice_keeps_both():
    # two choices of one site doing the same thing: Ludii lists both (no move is dropped)
    s = _game("(or (move Select (from (sites Row 0))) (move Select (from (sites Column 0))))").initial_state()
    assert _texts(s) == ["A1", "B1", "C1", "A1/2", "A2", "A3"]
    s.apply("A1/2")
    assert s.mover == 2


def test_or_of_one_named_decision_twice_keeps_both():
    s = _game('(or (move Propose "Draw") (move Propose "Draw"))', TWO_PIECES).initial_state()
    assert _texts(s) == ["Propose/Draw", "Propose/Draw/2"]
    s.apply("Propose/Draw/2")
    assert s.mover == 2
    s = _game("(or (move Set NextPlayer (player 1)) (move Set NextPlayer (player 1)))", TWO_PIECES).initial_state()
    assert len(s.legal_moves()) == 2


def test_or_of_one_removal_twice_keeps_both():
    s = _game("(or (move Remove (sites Occupied by:Next)) (move Remove (sites Occupied by:Next)))",
              TWO_PIECES).initial_state()
    assert _texts(s) == ["xC3", "xC3/2"]
    s.apply("xC3/2")
    assert s.what[8] == 0


# --- regions are sets: one move per site ---------------------------------------------------------
def test_placement_on_a_union_of_overlapping_regions_is_once_per_site():
    s = _game("(move Add (to (union (sites Row 0) (sites Column 0))))").initial_state()
    assert sorted(_texts(s)) == ["A1", "A2", "A3", "B1", "C1"]


def test_placement_on_sites_naming_a_site_twice_is_once_per_site():
    s = _game("(move Add (to (sites {0 0 1})))").initial_state()
    assert _texts(s) == ["A1", "B1"]


# --- forEach Piece: moves from two pieces to one site are two moves ------------------------------
def test_two_pieces_reaching_one_site_are_two_moves_of_their_own():
    s = _game("(forEach Piece (move Step Orthogonal (to if:(is Empty (to)))))", TWO_PIECES).initial_state()
    texts = _texts(s)
    assert texts == ["A1-A2", "A1-B1", "C1-C2", "C1-B1"]  # B1 from A1 and from C1
    assert not any("/" in t for t in texts)


# --- two dice of one value: each die's moves --------------------------------------------------------
LINE = '(board (rectangle 1 12) (track "Track" "0,E" directed:True)) (piece "Disc" Each) (dice d:6 num:2)'


def _dice_game(play: str):
    return load(f"""(game "T" (players 2) (equipment {{ {LINE} }})
        (rules (start (place "Disc1" 0)) (play {play}) (end (if (no Moves Next) (result Mover Win)))))""")


def test_two_dice_of_one_value_list_a_pass_per_die():
    s = _dice_game("(forEach Die (move Pass))").initial_state()
    with dice.given(s, (2, 2)):  # a double 3
        assert _texts(s) == ["pass", "pass/2"]
    with dice.given(s, (1, 2)):  # 2 and 3
        assert _texts(s) == ["pass", "pass/2"]


def test_two_dice_of_one_value_list_a_placement_per_die():
    s = _dice_game("(forEach Die if:(!= (pips) 0) (move Add (to (sites Empty))))").initial_state()
    with dice.given(s, (0, 0)):
        texts = _texts(s)
        assert len(texts) == 22 and texts.count("B1") == 1 and texts.count("B1/2") == 1


# --- the compiled tier lists the repeats too ------------------------------------------------------
def test_the_compiled_tier_keeps_the_repeats():
    for play, start in ((ADD_TWICE, ""), (STEP_TWICE, TWO_PIECES), ("(or (move Pass) (move Pass))", TWO_PIECES)):
        game = _game(play, start)
        compiled = native_game(game)
        assert compiled is not None
        st = compiled.from_state(game.initial_state())
        assert len(compiled.legal(st)) == len(game.initial_state().legal_moves())
        for seed in range(2):
            assert compare_game(game, compiled, seed) is None, (play, seed)


def test_a_repeated_named_decision_reads_back_from_its_text():
    game = _game('(or (move Propose "Draw") (move Propose "Draw"))', TWO_PIECES)
    s = game.initial_state()
    second = Move.from_text("Propose/Draw/2", game)
    assert second.key() == s.legal_moves()[1].key()
    s.apply(second)
    assert s.mover == 2
