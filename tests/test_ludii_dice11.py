"""Dice as pieces, as Ludii's Game.start places them (each die of a ``dice`` container is a piece
``Die<i>``, owned by the dice's owner, on its site of the container), and the position text
written in time proportional to it (a game's arrays can have tens of thousands of entries)."""

from __future__ import annotations

import random

import yaml

from interpreter import load
from interpreter.engine import dice, position as P

LINE = '(board (rectangle 1 12) (track "Track" "0,E" directed:True)) (piece "Disc" Each)'


def game_of(equipment: str, play: str, players: int = 2):
    return load(f"""(game "T" (players {players}) (equipment {{ {equipment} }})
        (rules (play {play}) (end (if (no Moves Next) (result Mover Win)))))""")


def score_after_add(test: str, equipment: str = f"{LINE} (dice d:4 num:2)", site: str = "(sites Empty)") -> int:
    """P1's score after placing a Disc, when the test set it to 7."""
    g = game_of(equipment, f"(move Add (to {site}) (then (if {test} (set Score Mover 7))))")
    s = g.initial_state()
    s.apply(s.legal_moves()[0])
    return s.scores[1]


# --- a die's site holds the die ----------------------------------------------------------------
def test_a_dies_site_is_occupied_not_empty():
    # 12 board sites, then the two dice's (12 and 13): Ludii reads the die placed there
    assert score_after_add("(is Occupied 12)") == 7
    assert score_after_add("(is Occupied 13)") == 7
    assert score_after_add("(is Empty 13)") == 0
    assert score_after_add("(is Empty 11)") == 7  # the board's sites as before


def test_a_die_belongs_to_the_dices_owner():
    # Shared dice (Ludii's default): the Shared role, one after the players
    assert score_after_add("(= (who at:12) 3)") == 7
    assert score_after_add("(= (who at:13) 1)", equipment=f"{LINE} (dice d:4 num:2 P1)") == 7


def test_a_die_is_a_piece_that_no_piece_is():
    # what: a piece there (not 0), never one of the pieces declared (Ludii numbers its dice
    # before them, so (id ...) never names a die)
    assert score_after_add("(!= (what at:12) 0)") == 7
    assert score_after_add('(or (= (what at:12) (id "Disc" P1)) (= (what at:12) (id "Disc" P2)))') == 0
    assert score_after_add("(!= (what at:12) (what at:13))") == 7  # two dice, two pieces


def test_a_dies_state_is_the_face_it_rests_on():
    g = game_of(f"{LINE} (dice d:6 num:2)",
                "(do (roll) next:(move Add (to (sites Empty)) (then (set Score Mover (+ (* 10 (state at:12)) "
                "(state at:13))))))")
    s = g.initial_state()
    with dice.given(s, (2, 5)):  # faces 3 and 6: the faces' indices are the dice's states
        s.apply(s.legal_moves()[0])
    assert s.scores[1] == 25


def test_occupied_sites_hold_the_dice_of_the_players_asked():
    assert score_after_add("(= (count Sites in:(sites Occupied by:Shared)) 2)") == 7
    assert score_after_add("(is In 13 (sites Occupied by:All))") == 7
    assert score_after_add("(is In 13 (sites Occupied))") == 7
    assert score_after_add("(= (count Sites in:(sites Occupied by:All)) 3)") == 7  # the Disc and the dice
    assert score_after_add("(= (count Sites in:(sites Occupied by:Mover)) 1)") == 7  # P1's Disc only
    assert score_after_add("(= (count Sites in:(sites Occupied by:P1)) 3)", f"{LINE} (dice d:4 num:2 P1)") == 7
    assert score_after_add('(is In 12 (sites Occupied by:All container:"Board"))') == 0


def test_the_dice_are_sites_of_cells_only():
    # on a board of vertices, Ludii keeps the occupied sites of the board's kind: the dice's
    # sites, cells of their container, are not among them
    vertices = '(board (rectangle 1 12) use:Vertex) (piece "Disc" Each) (dice d:4 num:2)'
    assert score_after_add("(= (count Sites in:(sites Occupied by:All)) 1)", vertices) == 7


def test_counted_pieces_hold_the_dice_of_the_players_asked():
    assert score_after_add("(= (count Pieces Shared) 2)") == 7
    assert score_after_add("(= (count Pieces All) 3)") == 7
    assert score_after_add("(= (count Pieces) 3)") == 7
    assert score_after_add("(= (count Pieces Mover) 1)") == 7
    assert score_after_add("(= (count Pieces All in:(sites Board)) 1)") == 7  # a region without the dice
    assert score_after_add("(= (count Pieces All in:(sites {12})) 1)") == 7  # one die's site
    assert score_after_add("(= (count Pieces P1) 3)", f"{LINE} (dice d:4 num:2 P1)") == 7
    assert score_after_add("(= (count Pieces P2) 0)", f"{LINE} (dice d:4 num:2 P1)") == 7


def test_dice_games_reading_the_board_play_as_before():
    # a race reading pips and the board's sites only: the dice's sites change nothing
    g = game_of(f"{LINE} (dice d:2 from:0 num:4)",
                "(do (roll) next:(or (forEach Piece (move Slide (from) \"Track\" (between (exact (count Pips))))) "
                "(move Add (to (sites Empty) if:(is Empty (to))))))")
    s = g.initial_state()
    with dice.given(s, (1, 1, 0, 0)):
        assert len(s.legal_moves()) == 12


# --- the position text --------------------------------------------------------------------------
def _yaml_vars(arrays: dict[str, list[int]]) -> str:
    return yaml.safe_dump({"vars": arrays}, sort_keys=False, default_flow_style=None, width=100)


def test_whole_numbers_are_written_as_yaml_writes_them():
    rng = random.Random(11)
    for _ in range(300):
        name = rng.choice(["x", "on_track", "a" * rng.randint(1, 60), "player_values"])
        values = [rng.choice([0, 1, -1, rng.randint(-10 ** 9, 10 ** 9), rng.randint(0, 99)])
                  for _ in range(rng.randint(0, 300))]
        head = "  " + name + ": "
        assert "vars:\n" + head + P._flow_ints(values, len(head), 4) + "\n" == _yaml_vars({name: values})


def test_a_position_with_long_arrays_is_yaml_and_reads_back():
    g = game_of('(board (square 40)) (piece "Disc" Each) (dice d:6 num:3)',
                "(do (roll) next:(move Add (to (sites Empty)) (then (set State at:(last To) (count Pips)))))")
    s = g.initial_state()
    rng = random.Random(3)
    for _ in range(6):
        s.apply(rng.choice(s.legal_moves()))
    text = s.to_text()
    tail = text.partition("vars:\n")[2]
    data = yaml.safe_load(text)
    assert "vars:\n" + tail == _yaml_vars(data["vars"])  # the same text as YAML's own
    assert max(len(v) for v in data["vars"].values()) >= 1600
    back = g.state_from_text(text)
    assert back.snapshot() == s.snapshot()
