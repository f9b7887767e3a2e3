"""Boards of layers as Ludii builds them, and the rules that use their layers: ``(square N
pyramidal:True)`` (Ludii's ``RectangleOnSquare``: site order, labels ``A1/0``, the directions
between layers), ``layers``, ``recoordinate``, ``is Flat``, ``layer``, ``sites Layer``, the meta
rules ``gravity``, ``pin``, ``noStackOn`` and ``count SitesPlatformBelow``; and Upper Hand,
Ludii's own file, against Ludii's trace ply by ply."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter import LudError, load
from interpreter.engine.boards.square import square
from interpreter.engine.topology import build
from interpreter.ludii import traces

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def pyramid(n: int = 5):
    return build(lambda: square(n, use="Vertex", pyramidal=True), "Vertex")


def game(rules: str, board: str = "(square 3 pyramidal:True)", pieces: str = '(piece "Ball" Each)'):
    return load(f"""(game "G" (players 2)
      (equipment {{(board {board} use:Vertex) {pieces}}})
      (rules {rules}))""")


def play(state, label: str, kind: str | None = None) -> None:
    """Play the legal move to (or, for a step, from-to) the site with this label."""
    topo = state.game.topology
    if "-" in label:
        frm, to = (topo.site(x) for x in label.split("-"))
        move = next(m for m in state.legal_moves() if m.frm == frm and m.to == to)
    else:
        move = next(m for m in state.legal_moves() if m.to == topo.site(label))
    state.apply(move)


def pieces(state) -> dict[str, int]:
    topo = state.game.topology
    return {topo.labels[s]: state.what[s] for s in range(topo.n) if state.what[s]}


# --- the pyramid --------------------------------------------------------------------------------------------
def test_pyramid_sites_in_ludiis_order_and_labels():
    topo = pyramid(5)
    assert topo.n == 25 + 16 + 9 + 4 + 1
    # sorted by y * 100 + x: a point of a layer above comes after the one under it at the same place
    assert topo.labels[:12] == ["A1/0", "C1/0", "E1/0", "G1/0", "I1/0", "B2/1", "D2/1", "F2/1", "H2/1",
                                "A3/0", "C3/0", "C3/2"]
    assert [topo.labels[s] for s in topo.regions["Centre"]] == ["E5/0", "E5/2", "E5/4"]
    assert topo.layers.count(0) == 25 and topo.layers.count(4) == 1


def test_pyramid_directions_between_layers():
    topo = pyramid(5)

    def names(site: str, direction: str) -> list[str]:
        return [topo.labels[t] for t in topo.steps_of(direction)[topo.site(site)]]
    assert names("A1/0", "UNE") == ["B2/1"] and names("A1/0", "Upward") == ["B2/1"]
    assert names("B2/1", "Downward") == ["C3/0", "C1/0", "A1/0", "A3/0"]  # clockwise from north
    assert names("B2/1", "UNE") == ["C3/2"] and names("B2/1", "N") == ["B4/1"]
    assert names("B2/1", "SameLayer") == ["B4/1", "D4/1", "D2/1"]
    assert "B2/1" in names("A1/0", "Orthogonal")  # a line of the pyramid is an edge like any other
    assert topo.opposite["UNE"] == "DSW"


def test_pyramidal_concept_and_either_or():
    found = game("(play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Win)))").concepts
    assert "SquarePyramidalShape" in found and "SquareShape" not in found
    with pytest.raises(LudError, match="diagonals: or pyramidal:"):
        game("(play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Win)))",
             board="(square 3 diagonals:Solid pyramidal:False)")


# --- is Flat, layer, sites Layer --------------------------------------------------------------------------------
def test_is_flat_needs_the_four_sites_below():
    g = game("(play (move Add (to (sites Empty) if:(is Flat)))) (end (if (is Full) (result Mover Win)))")
    s = g.initial_state()
    assert len(s.legal_moves()) == 9  # the bottom layer only
    for label in ("A1/0", "C1/0", "A3/0"):
        play(s, label)
    assert "B2/1" not in {s.game.topology.labels[m.to] for m in s.legal_moves()}
    play(s, "C3/0")
    assert "B2/1" in {s.game.topology.labels[m.to] for m in s.legal_moves()}


def test_layer_and_sites_layer():
    g = game("(play (move Add (to (sites Layer 1)))) (end (if (= (layer of:(last To)) 1) (result Mover Win)))")
    s = g.initial_state()
    assert sorted(s.game.topology.labels[m.to] for m in s.legal_moves()) == ["B2/1", "B4/1", "D2/1", "D4/1"]
    play(s, "D4/1")
    assert s.over and 1 in s.winners


# --- the meta rules ---------------------------------------------------------------------------------------------
def test_gravity_drops_onto_the_first_empty_site_below():
    g = game("(meta (gravity)) (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Win)))")
    s = g.initial_state()
    play(s, "B2/1")  # nothing below: it drops to the first empty site below, clockwise from north
    assert pieces(s) == {"C3/0": 1}
    play(s, "C3/2")  # falls to D4/1, then on to its first empty site below (E5/0)
    assert pieces(s) == {"C3/0": 1, "E5/0": 2}


def test_pin_keeps_a_piece_held_by_two_above():
    g = game("""(meta (pin SupportMultiple))
                (start {(place "Ball1" (sites Layer 0)) (place "Ball2" {"B2/1" "D2/1"})})
                (play (move Remove (sites Occupied by:Mover)))
                (end (if (no Moves Next) (result Mover Win)))""")
    s = g.initial_state()
    removable = {s.game.topology.labels[m.to] for m in s.legal_moves()}
    assert "C1/0" not in removable and "C3/0" not in removable  # under both B2/1 and D2/1
    assert {"A1/0", "E1/0", "A3/0"} <= removable  # under one


def test_no_stack_on_forbids_moving_up_a_line_from_the_origin():
    g = game("""(meta (noStackOn Fallen))
                (start {(place "Ball1" (sites Layer 0)) (place "Ball2" "B2/1")})
                (play (move Step (from (sites Occupied by:Mover)) All (to if:(is Empty (to)))))
                (end (if (no Moves Next) (result Mover Win)))""",
             pieces='(piece "Ball" Each)')
    s = g.initial_state()
    topo = s.game.topology
    moves = {(topo.labels[m.frm], topo.labels[m.to]) for m in s.legal_moves()}
    assert ("C3/0", "D4/1") not in moves  # straight up from C3/0
    assert ("C1/0", "D2/1") not in moves


def test_count_sites_platform_below():
    g = game("""(start {(place "Ball1" {"A1/0" "C1/0" "A3/0"}) (place "Ball2" "C3/0")})
                (play (move Add (to (sites Empty) if:(= 3 (count SitesPlatformBelow who:P1)))))
                (end (if (is Full) (result Mover Win)))""")
    s = g.initial_state()
    assert [s.game.topology.labels[m.to] for m in s.legal_moves()] == ["B2/1"]


# --- layers and recoordinate ------------------------------------------------------------------------------------
def test_layers_stack_copies_joined_up_and_down():
    g = game("(play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Win)))",
             board="(layers 3 (square 3))")
    topo = g.topology
    assert topo.n == 27 and topo.labels[:4] == ["A1/0", "A1/1", "A1/2", "B1/0"]
    b2 = topo.site("B2/1")
    assert [topo.labels[t] for t in topo.steps_of("U")[b2]] == ["B2/2"]
    assert [topo.labels[t] for t in topo.steps_of("D")[b2]] == ["B2/0"]
    assert len(topo.steps_of("SameLayer")[b2]) == 8


def test_recoordinate_keeps_the_board():
    g = game("(play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Win)))",
             board="(recoordinate Vertex (merge (rectangle 2 5) (square 5)))")
    h = game("(play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Win)))",
             board="(merge (rectangle 2 5) (square 5))")
    assert g.topology.labels == h.topology.labels


# --- Upper Hand, Ludii's file, against its trace ------------------------------------------------------------
def test_upper_hand_agrees_with_ludiis_trace():
    path = SHARED / "ludii-traces" / "sample" / "board__space__pattern__Upper Hand_seed101.json"
    if not path.exists():
        pytest.skip(f"{path} not present")
    trace = json.loads(path.read_text(encoding="utf-8"))
    found = traces.replay(trace, load(SHARED / "ludii-sample" / trace["sample_file"]))
    assert found.agree and found.plies == 28, str(found)


def test_graph_vertices_with_a_height():
    g = game("(play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Win)))",
             board="(graph vertices:{{0 0} {1 0} {0.5 0.5 0.7}} edges:{{0 1} {0 2} {1 2}})")
    topo = g.topology
    assert topo.layers == (0, 0, 1) and topo.labels[2].endswith("/1")
    assert [topo.labels[t] for t in topo.steps_of("Upward")[0]] == [topo.labels[2]]


def test_is_pyramid_corners_finds_a_pyramid_of_any_size():
    rules = """(start {{(place "Ball1" {{{ones}}}) (place "Ball2" {{{twos}}})}})
               (play (move Add (to (sites Empty))))
               (end (if (is PyramidCorners froms:(sites Occupied by:P1)) (result P1 Win)))"""
    big = game(rules.format(ones='"C3/2" "A5/0" "E5/0" "A1/0" "E1/0"', twos='"B4/1"'))
    assert big.initial_state().legal_moves()  # the end is tested after a move
    s = big.initial_state()
    play(s, "C1/0")
    assert s.over and 1 in s.winners  # the layer under the apex is broken, the one below is whole
    small = game(rules.format(ones='"C3/2" "B4/1" "D4/1" "B2/1"', twos='"D2/1"'))
    s = small.initial_state()
    play(s, "C1/0")
    assert not s.over


def test_sites_support_holds_up_a_piece():
    g = game("""(start {(place "Ball1" (sites Layer 0)) (place "Ball2" "B2/1")})
                (play (move Remove (sites Support)))
                (end (if (no Moves Next) (result Mover Win)))""")
    s = g.initial_state()
    assert sorted(s.game.topology.labels[m.to] for m in s.legal_moves()) == ["A1/0", "A3/0", "C1/0", "C3/0"]
