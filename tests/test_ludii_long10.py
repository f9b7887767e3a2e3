"""Forms of Ludii's last long production files (tables and race games with dice, mancala, hunt
games; issue 24), each on a small description, by its meaning in Ludii."""

from __future__ import annotations

from interpreter import load
from interpreter.syntax.expand import expand
from interpreter.syntax.format import format_inline
from interpreter.syntax.parser import parse


def _game(text: str, *options: str) -> str:
    return format_inline(expand(parse(text, "t.lud"), options=list(options)).game)


# --- two options of one tag, both giving a value to the same <Tag:arg> -------------------------------
# Ludii's Expander.realiseOptions expands the options in their order, each replacing the markers
# its chosen item has a value for: where two options give <Row:size> (Ceelkoqyuqkoqiji's "Board
# Size" and "Play Rules"), the first one's value is used, and the second expands nothing.
SHARED_ARG = '''(game "G" (f <Row:size> <Row:tracks>) (g <Row>))
(option "Board Size" <Row> args:{<size> <tracks>} {(item "5" <5> <T5>)* (item "7" <7> <T7>)})
(option "Play Rules" <Row> args:{<size>} {(item "5" <50>) (item "7" <70>)*})'''


def test_the_first_option_of_a_shared_tag_gives_its_markers_their_value():
    assert _game(SHARED_ARG) == '(game "G" (f 5 T5) (g 5))'
    assert _game(SHARED_ARG, "Board Size/7", "Play Rules/5") == '(game "G" (f 7 T7) (g 7))'


def test_a_later_option_of_a_shared_tag_gives_the_args_the_first_lacks():
    text = '''(game "G" (f <Row:size> <Row:price>))
(option "Board Size" <Row> args:{<size>} {(item "5" <5>)*})
(option "Price" <Row> args:{<size> <price>} {(item "Cheap" <50> <1>)*})'''
    assert _game(text) == '(game "G" (f 5 1))'


def test_a_description_whose_options_share_a_tag_loads_and_plays():
    text = '''(game "G" (players 2) (equipment {(board (square <Row:size>)) (piece "Disc" Each)})
 (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Draw)))))
(option "Board Size" <Row> args:{<size>} {(item "3" <3>)* (item "4" <4>)})
(option "Play Rules" <Row> args:{<size>} {(item "5" <5>) (item "7" <7>)*})'''
    g = load(text)
    assert g.topology.n == 9
    assert len(g.initial_state().legal_moves()) == 9
