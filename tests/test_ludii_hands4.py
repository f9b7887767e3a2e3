"""Ludii's hands as containers (Core/src/game/equipment/container/other/Hand.java,
Core/src/game/equipment/Equipment.java, Core/src/game/functions/ints/board/HandSite.java): a hand
is a container of sites (one without ``size:``), numbered after the board's in the order the
hands are declared, whose sites hold what a board's do: a stack in a stacking game, a piece
with its local state and value.

- hands for some players only (``(hand P1) (hand P3)``): P1's hand is the first container after
  the board, P3's the next; ``(handSite P2)`` is Off (-1); their names are Hand + the owner;
- a stacking game's hands hold stacks: a move from a hand takes its top piece, each piece of a
  hand's stack moves from its level (``forEach Piece container:``), the pieces under the top
  count as the player's;
- a piece placed in a hand with a state or a value keeps them there and takes them onto the
  board (Ludii's ActionMove copies them).

Each test is a small position whose answer follows from Ludii's classes."""

from __future__ import annotations

import pytest

from interpreter import load
from interpreter.bind import bind
from interpreter.compile.compiler import Compiler
from interpreter.engine import stacks
from interpreter.engine.env import Env
from interpreter.engine.sites import site_label, site_of_label
from interpreter.syntax.parser import parse


def evaluate(state, text: str):
    return bind(parse(text).forms[0]).compile(Compiler(state.game))(state, Env())


def four_players(hands: str, start: str = "", play: str = "(move Add (to (sites Empty)))"):
    return load(f'''(game "H" (players 4) (equipment {{(board (square 3)) (piece "Disc" Each) (piece "Marker" Neutral)
        {hands}}}) (rules (start {{{start}}}) (play {play}) (end (if (is Full) (result Mover Draw)))))''')


# --- hands for some players ---------------------------------------------------------------------------
def test_hands_declared_for_some_players_are_numbered_in_the_order_declared():
    # Equipment.createItems: containers in declaration order; HandSite: sitesFrom of the player's hand
    g = four_players("(hand P1) (hand P3)")
    s = g.initial_state()
    assert evaluate(s, "(handSite P1)") == 9
    assert evaluate(s, "(handSite P3)") == 10
    assert evaluate(s, "(handSite P2)") == -1  # no hand: Off
    assert [site_label(g, 9), site_label(g, 10)] == ["Hand1", "Hand3"]  # Hand + its owner
    assert site_of_label(g, "Hand3") == 10 and site_of_label(g, "Hand2") == -1


def test_a_hand_for_a_later_player_alone_is_the_first_site_after_the_board():
    g = four_players("(hand P2)")
    s = g.initial_state()
    assert evaluate(s, "(handSite P2)") == 9
    assert evaluate(s, "(handSite P1)") == -1
    assert list(evaluate(s, "(sites Hand P2)")) == [9]
    assert list(evaluate(s, "(sites Hand P1)")) == []


def test_pieces_move_between_the_hands_of_some_players():
    # Zohn Ahl's scoring sticks: neutral pieces counted in P1's and P3's hands
    g = four_players("(hand P1) (hand P3)", '(place "Marker0" (handSite P1) count:3) (place "Marker0" (handSite P3) count:2)',
                     "(move Add (to (sites Empty)) (then (fromTo (from (handSite 1)) (to (handSite 3)))))")
    s = g.initial_state()
    assert evaluate(s, "(count Cell at:(handSite P1))") == 3
    assert evaluate(s, "(count Cell at:(handSite P3))") == 2
    s.apply("A1")
    assert evaluate(s, "(count Cell at:(handSite P1))") == 2
    assert evaluate(s, "(count Cell at:(handSite P3))") == 3


def test_the_counts_declared_before_the_hands_cover_their_sites():
    # (dice ...) and the rules may count pieces before a later (hand P1) is declared
    g = load('''(game "H" (players 2) (equipment {(board (square 2)) (piece "Disc" Each) (piece "Marker" Neutral)
        (hand P2)}) (rules (start (place "Marker0" (handSite P2) count:4))
        (play (move (from (handSite P2)) (to (sites Empty)) count:1))
        (end (if (is Full) (result Mover Draw)))))''')
    s = g.initial_state()
    assert evaluate(s, "(count Cell at:(handSite P2))") == 4


# --- stacks in hands ----------------------------------------------------------------------------------
STACKED = '''(game "S" (players 2) (equipment {(board (square 3)) (hand Each)
    (piece "Disc" Each (move (from (from) level:(level)) (to (sites Empty))))})
    (rules (start {START}) (play (forEach Piece container:(mover)))
    (end (if (no Pieces Next) (result Next Loss)))))'''


def stacked(start: str):
    return load(STACKED.replace("START", start))


def test_a_stack_in_a_hand_site():
    # a stacking game's hand holds a stack (Ludii's ContainerStateStacks in every container)
    g = stacked('(place Stack items:{"Disc2" "Disc1" "Disc1"} (handSite P1))')
    assert g.stacking
    s = g.initial_state()
    assert evaluate(s, "(size Stack at:(handSite P1))") == 3
    assert evaluate(s, "(what at:(handSite P1) level:0)") == g.component_index["Disc2"]
    assert evaluate(s, "(who at:(handSite P1) level:2)") == 1


def test_each_piece_of_a_hands_stack_moves_from_its_level():
    # forEach Piece container:1: P1's pieces at levels 1 and 2 of its hand, 9 empty sites each
    g = stacked('(place Stack items:{"Disc2" "Disc1" "Disc1"} (handSite P1))')
    s = g.initial_state()
    moves = [str(m) for m in s.legal_moves()]
    assert len(moves) == 18
    assert all(m.startswith(("Hand1/1-", "Hand1/2-")) for m in moves)
    s.apply(next(m for m in s.legal_moves() if str(m) == "Hand1/1-A1"))
    assert evaluate(s, "(size Stack at:(handSite P1))") == 2  # one piece left: the others stay
    assert [p[0] for p in stacks.levels(s, 9)] == [g.component_index["Disc2"], g.component_index["Disc1"]]


def test_a_move_from_a_hands_stack_takes_its_top_piece():
    g = load('''(game "S" (players 2) (equipment {(board (square 3)) (hand Each) (piece "Disc" Each)})
        (rules (start (place Stack "Disc1" (handSite P1) count:3))
        (play (move (from (handSite Mover)) (to (sites Empty))))
        (end (if (no Moves Next) (result Mover Win)))))''')
    s = g.initial_state()
    s.apply("Hand1-A1")
    assert evaluate(s, "(size Stack at:(handSite P1))") == 2
    assert evaluate(s, "(size Stack at:0)") == 1


def test_the_pieces_under_a_hands_top_are_the_players():
    # no Pieces P2: P2's piece is under P1's in P1's hand (Ludii counts every container, every level)
    g = stacked('(place Stack items:{"Disc2" "Disc1"} (handSite P1))')
    s = g.initial_state()
    assert evaluate(s, "(no Pieces P2)") is False
    assert evaluate(s, "(no Pieces P1)") is False


def test_a_removal_from_a_hands_stack_takes_its_top():
    g = load('''(game "S" (players 2) (equipment {(board (square 3)) (hand Each) (piece "Disc" Each)})
        (rules (start (place Stack "Disc1" (handSite P1) count:3))
        (play (move Add (to (sites Empty)) (then (remove (handSite Mover)))))
        (end (if (no Moves Next) (result Mover Win)))))''')
    s = g.initial_state()
    s.apply("A1")
    assert evaluate(s, "(size Stack at:(handSite P1))") == 2


def test_place_stack_gives_each_piece_its_value():
    # Thaayam's (place Stack "Counter1" (handSite P1) count:4 value:1): each level has value 1
    g = load('''(game "S" (players 2) (equipment {(board (square 3)) (hand Each) (piece "Disc" Each value:5)})
        (rules (start {(place Stack "Disc1" (handSite P1) count:2 value:1) (place Stack "Disc2" 0 count:2)})
        (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Draw)))))''')
    s = g.initial_state()
    assert evaluate(s, "(value Piece at:(handSite P1))") == 1
    assert evaluate(s, "(value Piece at:(handSite P1) level:0)") == 1
    assert evaluate(s, "(value Piece at:0 level:1)") == 5  # no value of its own: its kind's


# --- the state of a piece in a hand -------------------------------------------------------------------
TANKS = '''(game "T" (players 2) (equipment {(board (rectangle 2 3)) (hand Each)
    (piece "Tank" Each (move Step (to if:(is Empty (to)))) maxState:100)})
    (rules (start {(place "Tank1" (handSite P1) state:2 value:3) (place "Tank2" (handSite P2) state:4 value:1)})
    (play (or (move (from (handSite Mover)) (to (sites Empty))) (forEach Piece)))
    (end (if (no Moves Next) (result Mover Win)))))'''


def test_the_state_and_value_of_a_piece_in_a_hand():
    # Tank Tactics: (hand Each) is a container of one site, keeping the piece's state and value
    g = load(TANKS)
    s = g.initial_state()
    assert evaluate(s, "(state at:(handSite P1))") == 2
    assert evaluate(s, "(value Piece at:(handSite P1))") == 3
    assert evaluate(s, "(state at:(handSite P2))") == 4
    assert evaluate(s, "(what at:(handSite P2))") == g.component_index["Tank2"]


def test_a_piece_leaving_a_hand_takes_its_state_and_value():
    # Ludii's ActionMove copies the state and value of the site moved from
    g = load(TANKS)
    s = g.initial_state()
    s.apply("Hand1-A1")
    assert evaluate(s, "(state at:0)") == 2 and evaluate(s, "(value Piece at:0)") == 3
    assert evaluate(s, "(what at:(handSite P1))") == 0
    s.apply("Hand2-C2")
    assert s.what[5] == g.component_index["Tank2"]
    assert evaluate(s, "(state at:5)") == 4 and evaluate(s, "(value Piece at:5)") == 1


# --- the compiled tier ---------------------------------------------------------------------------------
def test_the_compiled_tier_falls_back_where_the_hands_are_containers():
    from interpreter.native.api import compiled_form
    from interpreter.native.emit import NoKernel
    for g in (four_players("(hand P1) (hand P3)"), load(TANKS),
              stacked('(place Stack items:{"Disc2" "Disc1"} (handSite P1))')):
        assert isinstance(compiled_form(g), NoKernel)


@pytest.mark.parametrize("test, found", [("is Occupied", 2), ("is Empty", 1)])
def test_a_frame_site_on_a_hand_is_read_as_a_hand_site(test, found):
    """(is Occupied (site)) over (sites Hand Mover): the (site) is a hand's (So Long Sucker);
    it was read as a board site past the board's end."""
    g = load(f'''(game "HandSites" (players 2)
        (equipment {{(board (square 2)) (piece "Disc" Each) (hand Each size:3)}})
        (rules (start {{(place "Disc1" (handSite P1)) (place "Disc1" (handSite P1 2))}})
            (play (move Add (to (sites Empty))
                (then (set Var (count Sites in:(forEach (sites Hand Mover) if:({test} (site))))))))
            (end (if (= (var) {found}) (result Mover Win)))))''')
    s = g.initial_state()
    s.apply("A1")
    assert s.is_over() and s.result().winners == [1]  # two of P1's three hand sites hold a piece
