"""The ``ludeme`` command on the unusual families of Ludii's files, as a new user runs it: seats
beyond P4 (``--p5`` .. ``--p16``, ``play --agents``), a match's position (the game in play's,
with where the match stands), a deduction puzzle's values in its pictures, the colours of Shared
and Neutral pieces, a ruleset among ``compare``'s options, stacks and dice at the prompt."""

from __future__ import annotations

import io
import json
import re
import sys

import pytest

from interpreter import LudError, load
from interpreter.cli import main
from interpreter.engine.dice import to_play
from interpreter.engine.matchplay import NEXT_INSTANCE

# five players fill a row of six slots; the player who fills the last one wins
FIVE = """
(game "Five"
    (players 5)
    (equipment { (board (rectangle 1 6)) (piece "Disc" Each) })
    (rules
        (play (move Add (to (sites Empty))))
        (end (if (is Full) (result Mover Win)))
    )
)
"""


def _write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_every_seat_up_to_sixteen_takes_its_own_flag(tmp_path, capsys):
    game = _write(tmp_path, "five.lud", FIVE)
    assert main(["trace", game, "--seed", "1", "--p5", "flat:iterations=2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["agents"] == {"1": "random", "2": "random", "3": "random", "4": "random",
                              "5": "flat:iterations=2"}
    assert main(["run", game, "-n", "1", "--p6", "random"]) == 2
    assert "--p6 given but the game has 5 players" in capsys.readouterr().err
    assert main(["run", game, "-n", "2", "--agents", "random", "--p5", "random", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["playouts"] == 2


def test_help_names_the_seats_beyond_the_fourth(capsys):
    assert main(["run", "--help"]) == 0
    assert "--p5 .. --p16 likewise" in " ".join(capsys.readouterr().out.split())
    assert main(["play", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "--agents SPECS" in out and "--p5 .. --p16 likewise" in out


def test_play_seats_everyone_with_agents(tmp_path, capsys, monkeypatch):
    game = _write(tmp_path, "five.lud", FIVE)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", game, "--agents", "random", "--seed", "2"]) == 0  # nobody human: played out
    out = capsys.readouterr().out
    assert "P1 random vs P2 random vs P3 random vs P4 random vs P5 random" in out
    assert "WINS" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("A1\nquit\n"))
    assert main(["play", game, "--p1", "random", "--p5", "human", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "P5 human" in out and "P5>" in out


# --- a match's position ----------------------------------------------------------------------------
LINE = """(game "{name}" (players 2) (equipment {{(board (square 3)) (piece "Disc" Each)}})
  (rules (play (move Add (to (sites Empty))))
    (end {{(if (is Line 3) (result Mover Win)) (if (is Full) (result Mover Draw))}})))"""

MATCH = """(match "Best of three" (players 2)
  (games {(subgame "Lines" next:1) (subgame "Rows" next:0)})
  (end {(if (>= (matchScore P1) 2) (result P1 Win)) (if (>= (matchScore P2) 2) (result P2 Win))}))"""


@pytest.fixture
def match(tmp_path):
    _write(tmp_path, "Lines.lud", LINE.format(name="Lines"))
    _write(tmp_path, "Rows.lud", LINE.format(name="Rows"))
    return _write(tmp_path, "Best.lud", MATCH)


def _second_game(path: str):
    state = load(path).initial_state()
    for cell in ("A1", "A2", "B1", "B2", "C1"):  # P1 wins the first game
        state.apply(cell)
    state.apply(NEXT_INSTANCE)
    state.apply("B2")
    return state


def test_a_match_position_is_its_game_in_play_and_where_the_match_stands(match):
    state = _second_game(match)
    text = state.to_text()
    assert "game: Rows" in text and "instance: Rows" in text and "scores: {1: 1, 2: 0}" in text
    again = load(match).state_from_text(text)
    assert again.game.name == "Rows" and again.match_scores[1:] == [1, 0] and again.trials_done == 1
    assert again.ply == state.ply and again.mover == state.mover
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in state.legal_moves()]
    assert again.to_text() == text
    for cell in ("A1", "A3", "C1", "C3"):  # no line yet: the game plays on from the position
        again.apply(cell)
    assert not again.sub.is_over() and again.match_scores[1:] == [1, 0]


def test_a_finished_match_reads_back_finished(match):
    state = _second_game(match)
    for cell in ("A1", "A3", "B1", "C1"):  # P1 (B2 already) takes A3 B2 C1: two games won
        state.apply(cell)
    state.apply(NEXT_INSTANCE)
    assert state.is_over()
    again = load(match).state_from_text(state.to_text())
    assert again.is_over() and again.result().winners == state.result().winners
    assert again.ply == state.ply and again.legal_moves() == ()


def test_a_match_refuses_a_games_position_and_a_game_reads_its_own_from_a_matchs(match, tmp_path):
    game_position = load(_write(tmp_path, "Solo.lud", LINE.format(name="Lines"))).initial_state().to_text()
    with pytest.raises(LudError, match="under 'match:'"):
        load(match).state_from_text(game_position)
    match_position = _second_game(match).to_text()
    assert match_position.startswith("# Best of three: game 2 (Rows), match scores P1 1, P2 0\n")
    alone = load(str(tmp_path / "Rows.lud")).state_from_text(match_position)  # the game in play's
    assert alone.game.name == "Rows" and "match:" not in alone.to_text()
    with pytest.raises(LudError, match="has no game 'Nowhere'"):
        load(match).state_from_text(match_position.replace("instance: Rows", "instance: Nowhere"))


def test_the_command_line_saves_and_loads_a_match_position(match, tmp_path, capsys):
    saved = str(tmp_path / "pos.yaml")
    assert main(["apply", match, "-m", f"A1 A2 B1 B2 C1 {NEXT_INSTANCE} B2", "--save-position", saved]) == 0
    first = capsys.readouterr().out
    assert main(["apply", match, "--position", saved]) == 0
    out = capsys.readouterr().out
    assert "game 2 (Rows), match scores P1 1, P2 0" in out
    assert out.split("legal")[1] == first.split("legal")[1]
    assert main(["info", match, "--position", saved]) == 0
    assert "Rows" in capsys.readouterr().out


# --- pictures ------------------------------------------------------------------------------------
LATIN = """
(game "Tiny Latin"
    (players 1)
    (equipment { (board (square 3) (values Cell (range 1 3))) (regions {Columns Rows}) })
    (rules
        (start (set { {0 1} {4 2} }))
        (play (satisfy { (all Different) }))
        (end (if (is Solved) (result P1 Win)))
    )
)
"""


def test_a_puzzles_givens_and_values_are_drawn(tmp_path, capsys):
    game = _write(tmp_path, "latin.lud", LATIN)
    assert main(["apply", game, "-m", "C1=3"]) == 0
    out = capsys.readouterr().out
    assert " 2 . 2 . 2\n" in out and " 1 1 . 3 1\n" in out  # the givens A1=1, B2=2 and the value set
    picture = tmp_path / "latin.svg"
    assert main(["render", game, "-m", "C1=3", "-o", str(picture)]) == 0
    assert "3 of 9 values known" in capsys.readouterr().out
    svg = picture.read_text(encoding="utf-8")
    values = dict(re.findall(r'<text data-site="(\w+)"[^>]*>(\d+)</text>', svg))
    assert values == {"A1": "1", "C1": "3", "B2": "2"}


STICKS = """
(game "Sticks"
    (players 2)
    (equipment { (board (square 2) use:Edge) (piece "Marker" Each) (piece "Disc" Shared) (piece "Cross" Neutral) })
    (rules
        (start { (set Shared Edge (sites {0 1})) (set Neutral Edge (sites {2})) (set P1 Edge (sites {3})) })
        (play (move Remove (sites Occupied by:Shared)))
        (end (if (no Moves Next) (result Mover Win)))
    )
)
(metadata (graphics {
    (player Colour Shared (colour 0 200 0)) (player Colour Neutral (colour 0 0 0))
    (player Colour P1 (colour 200 0 0))
}))
"""


def test_shared_and_neutral_pieces_take_their_roles_colours(tmp_path):
    game = load(_write(tmp_path, "sticks.lud", STICKS))
    assert game.info.colours == {1: "#c80000", 0: "#000000", 3: "#00c800"}  # Shared: P(players + 1)
    from interpreter.render import render_svg
    svg = render_svg(game.initial_state())

    def stroke(site: str) -> str:
        found = re.search(rf'<g class="piece" data-site="{site}"[^>]*>.*?stroke="[^"]+".*?stroke="([^"]+)"', svg)
        assert found is not None
        return found.group(1)
    assert stroke("0") == stroke("1") == "#00c800"
    assert stroke("2") == "#000000" and stroke("3") == "#c80000"


RULESETS = """
(game "Two Boards"
    (players 2)
    (equipment { (board <Board>) (piece "Disc" Each) })
    (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Draw))))
)
(option "Board" <Board> { (item "Square" <(square 3)> "") (item "Hex" <(hex 2)> "") })
(rulesets {
    (ruleset "Ruleset/Square (Described)" { "Board/Square" })
    (ruleset "Ruleset/Hex (Described)" { "Board/Hex" })
})
"""


def test_compare_takes_a_ruleset_among_a_games_options(tmp_path, capsys):
    game = _write(tmp_path, "two.lud", RULESETS)
    assert main(["compare", f"{game}:Ruleset/Hex (Described)", game, "-f", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rows = {r["concept"] if "concept" in r else r["name"]: r for r in data["rows"]}
    hex_row = rows["HexTiling"]
    assert [bool(v) for v in hex_row["values"]] == [True, False]
    assert main(["compare", f"{game}:Ruleset/Hex (Described),Ruleset/Square (Described)", game]) == 2
    assert "one ruleset at a time" in capsys.readouterr().err


TOWERS = """
(game "Towers"
    (players 2)
    (equipment { (board (square 2)) (piece "Disc" Each (move Step (to if:True))) })
    (rules
        (start { (place Stack "Disc1" 0 count:3) (place Stack "Disc2" 3 count:2) })
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"""


def test_stacks_are_shown_at_the_prompt_and_by_apply(tmp_path, capsys, monkeypatch):
    game = _write(tmp_path, "towers.lud", TOWERS)
    assert main(["apply", game]) == 0
    out = capsys.readouterr().out
    assert " 2 . o 2\n 1 x . 1\n" in out and "stacks (bottom first): A1 x x x, B2 o o" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", game, "--seed", "1"]) == 0
    assert "stacks (bottom first): A1 x x x, B2 o o" in capsys.readouterr().out


def test_the_dice_of_the_turn_are_shown_before_the_move(tmp_path, capsys):
    game = load(_write(tmp_path, "dice.lud", """
(game "Pips"
    (players 2)
    (equipment { (board (rectangle 1 30)) (dice d:6 num:2) (piece "Disc" Each) })
    (rules
        (start { (place "Disc1" 0) })
        (play (do (roll) next:(move Add (to (sites {(count Pips)})))))
        (end (if (is Full) (result Mover Win)))
    )
)
"""))
    state = game.initial_state()
    (values,) = to_play(state)  # the roll the moves are listed with, before it is made
    (move,) = state.legal_moves()
    assert game.topology.site(str(move)) == sum(values)
    assert list(state.arrays["dice"]) == [1, 1]  # (the dice at rest: not what the mover plays with)
    path = str(tmp_path / "dice.lud")
    assert main(["apply", path]) == 0
    out = capsys.readouterr().out
    shown = re.search(r"dice: (\d) (\d)\nlegal \(1\): (\S+)", out)
    assert shown is not None
    assert game.topology.site(shown.group(3)) == int(shown.group(1)) + int(shown.group(2))


# lines drawn on the edges of a board of cells (Dots and Boxes's moves: ``Edge 3``)
EDGES = """
(game "Edge Lines"
    (players 2)
    (equipment { (board (square 2)) (piece "Marker" Each) })
    (rules
        (play (move Add (to Edge (sites Empty Edge))))
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"""


def test_moves_written_with_a_space_are_taken_whole(tmp_path, capsys):
    game = _write(tmp_path, "edges.lud", EDGES)
    assert main(["apply", game, "-m", "Edge 3 Edge 5"]) == 0
    out = capsys.readouterr().out
    assert "on edges: 3 x, 5 o" in out and "legal (10): Edge 0 Edge 1 Edge 2 Edge 4 Edge 6" in out
    assert main(["apply", game, "-m", "Edge 3 Edge 3"]) == 2
    assert "(move 2 of 4; 1 applied)" in capsys.readouterr().out


def test_pieces_on_the_edges_of_a_board_of_cells_are_drawn(tmp_path, capsys):
    game = _write(tmp_path, "edges.lud", EDGES)
    picture = tmp_path / "edges.svg"
    assert main(["render", game, "-m", "Edge 3 Edge 5", "-o", str(picture)]) == 0
    assert "ply 2, 2 pieces" in capsys.readouterr().out
    svg = picture.read_text(encoding="utf-8")
    drawn = re.findall(r'<g class="piece" data-kind="Edge" data-site="(\d+)" data-owner="(\d)"', svg)
    assert drawn == [("3", "1"), ("5", "2")]
    assert re.search(r'<line class="last-move" x1=', svg)  # the last move's edge, not a cell's ring
    assert '<circle class="to"' not in svg


def test_a_player_alone_is_asked_each_move_plainly(tmp_path, capsys, monkeypatch):
    game = _write(tmp_path, "latin.lud", LATIN)
    monkeypatch.setattr(sys, "stdin", io.StringIO("C1=3\nquit\n"))
    assert main(["play", game, "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("P1> ") == 2 and "second move" not in out
    assert " 1 1 . 3 1\n" in out or " 1 1 .(3)1\n" in out  # the value just set, on the board
