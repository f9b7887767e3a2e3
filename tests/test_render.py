"""SVG pictures of every bundled game (start, middle, end) and of every kind of board: well-formed,
one piece element per piece, coordinates, the last move marked."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from interpreter import load
from interpreter.cli import main
from interpreter.render import render_svg, svg_to_png
from interpreter.render.svg import PNGUnavailable, coordinate_labels
from interpreter.resources import bundled_descriptions

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def pieces(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == "piece"]


def of_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def check(state) -> ET.Element:
    root = parse(render_svg(state))
    drawn = pieces(root)
    on_board = [(state.game.topology.labels[s], w) for s, w in enumerate(state.what) if w]
    assert len(drawn) == len(on_board)
    assert {g.get("data-site") for g in drawn} == {label for label, _ in on_board}
    for g in drawn:
        site = state.game.topology.site(g.get("data-site"))
        assert int(g.get("data-owner")) == state.who[site]
        assert g.get("data-piece") == state.game.components[state.what[site]].name
    return root


def positions(name: str, seed: int = 1):
    """Start, middle and end of a random game."""
    game = load(name)
    state = game.initial_state()
    rng = random.Random(seed)
    moves = []
    while not state.is_over():
        moves.append(rng.choice(state.legal_moves()))
        state.apply(moves[-1])
    states = [game.initial_state()]
    middle = game.initial_state()
    for move in moves[: len(moves) // 2]:
        middle.apply(str(move))
    return [states[0], middle, state]


@pytest.mark.parametrize("name", sorted(bundled_descriptions()))
def test_every_bundled_game_renders_start_middle_and_end(name):
    start, middle, end = positions(name)
    for state in (start, middle, end):
        root = check(state)
        assert of_class(root, "board"), "the board is drawn"
        caption = of_class(root, "caption")[0].text
        assert state.game.name in caption
    assert not of_class(parse(render_svg(start)), "last-move")
    last = end.history[-1]
    marks = of_class(parse(render_svg(end)), "last-move")
    if last.to >= 0:
        assert marks and of_class(marks[0], "to")
    assert "WIN" in of_class(parse(render_svg(end)), "caption")[0].text or end.result().draw


def test_square_grid_cells_and_coordinates():
    state = load("tic-tac-toe").initial_state()
    state.apply("B2")
    root = check(state)
    assert len(of_class(root, "cell")) == 9
    texts = sorted(t.text for t in of_class(root, "coordinates")[0])
    assert texts == ["1", "2", "3", "A", "B", "C"]
    ring = of_class(root, "to")[0]
    piece = pieces(root)[0].find(f"{SVG}circle")
    assert (ring.get("cx"), ring.get("cy")) == (piece.get("cx"), piece.get("cy"))


def test_intersections_are_lines_and_coordinates_sit_outside():
    game = load("pente", options=["Board Size/9x9"])
    state = game.initial_state()
    for move in ("E5", "D4", "F6"):
        state.apply(move)
    root = check(state)
    lines = [e for e in of_class(root, "lines")[0]]
    assert len(lines) == 2 * 9 * 8  # 9 rows and 9 columns of 8 segments
    assert not of_class(root, "cell")
    labels = {text: (x, y) for x, y, text in coordinate_labels(game.topology)}
    assert labels["A"][1] < 0 and labels["1"][0] < 0  # below the first row, left of the first column


def test_hexagonal_cells_and_owned_sides():
    game = load("hex", options=["Board Size/5x5"])
    state = game.initial_state()
    state.apply("C3")
    root = check(state)
    cells = of_class(root, "cell")
    assert len(cells) == 25 and all(len(c.get("points").split()) == 6 for c in cells)
    assert {g.get("data-owner") for g in of_class(root, "side")} == {"1", "2"}


def test_triangular_lattice_points():
    game = load("gomoku-tri")
    state = game.initial_state()
    state.apply(str(state.legal_moves()[0]))
    root = check(state)
    assert len(of_class(root, "lines")[0]) == len(game.topology.lines)


def test_one_row_board_labels_each_slot():
    root = check(load("alak").initial_state())
    texts = [t.text for t in of_class(root, "coordinates")[0]]
    assert texts == [str(i) for i in range(1, 12)]
    assert len(pieces(root)) == 8


GRAPH = """(game "G" (players 2)
    (equipment {(board (graph vertices:{{0 0} {2 0} {1 1.5} {3 1.5} {0 3} {2 3}}
                                edges:{{0 1} {0 2} {1 2} {1 3} {2 3} {2 4} {2 5} {3 5} {4 5}}) USE)
                (piece "Disc" Each) (piece "Cross" Shared)})
    (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))"""


@pytest.mark.parametrize("use", ["use:Vertex", "", ])
def test_a_board_given_as_a_graph(use):
    game = load(GRAPH.replace("USE", use))
    state = game.initial_state()
    state.apply(str(state.legal_moves()[0]))
    root = check(state)
    if use:
        assert len(of_class(root, "lines")[0]) == 9
    else:
        assert of_class(root, "cell")
    # a skewed grid keeps coordinates on its edges; irregular labels go on the empty sites
    assert of_class(root, "coordinates" if use else "site-labels")


def test_a_semi_regular_tiling_and_triangle_cells():
    for board in ("(tiling T33434 2)", "(tri Hexagon 3)"):
        game = load(GRAPH.replace("(graph vertices:{{0 0} {2 0} {1 1.5} {3 1.5} {0 3} {2 3}}\n"
                                  "                                edges:{{0 1} {0 2} {1 2} {1 3} {2 3} {2 4} "
                                  "{2 5} {3 5} {4 5}}) USE)", board + ")"))
        state = game.initial_state()
        rng = random.Random(3)
        for _ in range(6):
            state.apply(rng.choice(state.legal_moves()))
        root = check(state)
        assert len(of_class(root, "cell")) == game.topology.n


def test_piece_values_and_shapes_come_from_the_components():
    # a valued piece (Game.components carries the value)
    game = load(GRAPH.replace("USE", "use:Vertex").replace('(piece "Cross" Shared)', '(piece "Cross" Shared value:7)'))
    state = game.initial_state()
    cross = game.component_index["Cross"]
    assert game.components[cross].value == 7
    state.place(0, cross)
    root = check(state)
    piece = pieces(root)[0]
    assert piece.get("data-owner") == "0"
    assert piece.find(f"{SVG}path") is not None  # a cross, not a disc
    assert piece.find(f"{SVG}text").text == "7"


def test_escaping_and_well_formed_with_odd_names():
    text = GRAPH.replace('"G"', '"A <b> & \\"c\\""').replace("USE", "")
    root = check(load(text).initial_state())
    assert root.find(f"{SVG}title").text == 'A <b> & "c"'


def test_png_needs_cairosvg():
    state = load("tic-tac-toe").initial_state()
    try:
        data = svg_to_png(render_svg(state))
    except PNGUnavailable as err:
        assert "pip install 'ludeme-interpreter[png]'" in str(err)
    else:
        assert data[:8] == b"\x89PNG\r\n\x1a\n"


def test_render_command(capsys, tmp_path):
    out_file = tmp_path / "board.svg"
    code = main(["render", "pente", "--option", "Board Size/9x9", "--moves", "E5 D4", "-o", str(out_file)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "2 pieces" in out
    root = ET.parse(out_file).getroot()
    assert len(pieces(root)) == 2 and of_class(root, "last-move")
    position = tmp_path / "pos.yaml"
    position.write_text("board: |\n  3 . o .\n  2 . x .\n  1 x . .\nmover: 2\n", encoding="utf-8")
    code = main(["render", "tic-tac-toe", "--position", str(position), "-o", str(out_file)])
    capsys.readouterr()
    assert code == 0 and len(pieces(ET.parse(out_file).getroot())) == 3
    for args, message in [
        (["render", "alak", "-o", str(tmp_path / "x.gif")], "ends in .svg or .png"),
        (["render", "alak", "--moves", "1-9", "-o", str(out_file)], "move 1 of 1, '1-9'"),
        (["render", "alak", "-o", str(tmp_path / "no" / "dir.svg")], "cannot write"),
    ]:
        code = main(args)
        _, err = capsys.readouterr()
        assert code == 2 and message in err, (args, err)


def test_players_colours_come_from_the_descriptions_graphics_metadata():
    """Loophole's Black moves first: its metadata says P1 is black, so P1's stones are drawn
    black (Ludii's ``(player Colour P1 (colour Black))``); pieces without a value carry no text."""
    state = load("loophole").initial_state()
    root = check(state)
    fills = {g.get("data-owner"): g.find(f"{SVG}circle").get("fill") for g in pieces(root)}
    assert fills == {"1": "#000000", "2": "#ffffff"}
    assert all(g.find(f"{SVG}text") is None for g in pieces(root))
    rgb = load("(game \"G\" (players 2) (equipment {(board (square 3)) (piece \"Disc\" Each)}) "
               "(rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Draw)))))"
               "(metadata (graphics {(player Colour P2 (colour 255 0 0)) (player Colour P1 (colour Mauve))}))")
    assert rgb.info.colours == {2: "#ff0000"}  # an unknown name keeps the default picture colour
    state = rgb.initial_state()
    state.apply("A1")
    state.apply("B1")
    fills = {g.get("data-owner"): g.find(f"{SVG}circle").get("fill") for g in pieces(check(state))}
    assert fills["2"] == "#ff0000" and fills["1"] != "#ff0000"
