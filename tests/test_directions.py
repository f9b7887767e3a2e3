"""Directions as Ludii takes them, per tiling and site type, on irregular, rotated and vertex
boards (issue 24): a relation (``Adjacent``, ``Orthogonal``...) is walked as the relation's own
steps and radials, not as the compass directions its steps use somewhere on the board; relative
directions (``FR``, ``Forwards``...) are read among the directions the board supports for the
``Adjacent`` relation (``of:`` another); a line is a radial with its opposite.

The expected sets come from Ludii's sources (``Vertex.stepsTo``/``Face.stepsTo`` give the steps
and their relations, ``Topology.computeSupportedDirection`` the supported directions,
``RelativeDirection`` the turns, ``Radials``/``IsLine`` the lines) and from Ludii's own random
games in ``../shared/ludii-traces/sample`` (one per file), replayed here ply by ply.
"""

from __future__ import annotations

import json
import math

import pytest

from interpreter import LudError, load
from interpreter.engine.facing import relative
from test_ludii_traces import SAMPLE, TRACES, ludii_texts  # tests/ is on the path

GAME = '''(game "B" (players {{(player N) (player S)}})
    (equipment {{(board {board}{use}) (piece "Disc" Each {moves})}})
    (rules {start} (play {play}) (end {end})))'''


def game_on(board: str, use: str = "", moves: str = "", play: str = "(move Add (to (sites Empty)))",
            end: str = "(if (is Full) (result All Draw))", start: str = ""):
    return load(GAME.format(board=board, use=f" use:{use}" if use else "", moves=moves, play=play, end=end,
                            start=start))


def labels(topo, sites) -> set[str]:
    return {topo.labels[s] for s in sites}


# --- relative directions (RelativeDirection) -----------------------------------------------------------
def test_relative_directions_turn_to_the_first_supported_direction():
    square_vertices = ("N", "E", "S", "W")  # the Adjacent directions of a board of vertices
    assert relative("FR", "N", square_vertices) == ("E",)
    assert relative("FL", "N", square_vertices) == ("W",)
    assert relative("Forward", "N", square_vertices) == ("N",)
    assert relative("Forwards", "N", square_vertices) == ("N",)
    eight = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
    assert relative("FR", "N", eight) == ("NE",) and relative("FL", "N", eight) == ("NW",)
    # Ludii's BL/BR turn from the opposite of the facing: BR of North is South-West
    assert relative("BR", "N", eight) == ("SW",) and relative("BL", "N", eight) == ("SE",)
    assert relative("FRR", "N", eight) == ("NE",)
    # on sixteen points FR is the next one clockwise that the board has
    assert relative("FR", "N", ("N", "NNE", "NE", "S")) == ("NNE",)
    # a lone axis: FR turns all the way round to the back
    assert relative("FR", "N", ("N", "S")) == ("S",)
    assert relative("Forward", "E", ("N", "S")) == ()


def test_vertex_rectangle_has_no_diagonal_fr_fl():
    """Xarajlt's ``(rectangle 5 3) use:Vertex``: its vertices have diagonal steps (across each
    square, Diagonal and All), but the Adjacent steps are the lines only, so FR/FL of a piece
    facing North are East and West; ``of:All`` makes them the diagonals."""
    game = game_on("(rectangle 5 3)", "Vertex")
    topo = game.topology
    assert topo.relation_directions["Adjacent"] == ("N", "E", "S", "W")
    assert topo.relation_directions["Diagonal"] == ("NE", "SE", "SW", "NW")
    assert labels(topo, topo.neighbours["Diagonal"][topo.site("B2")]) == {"A1", "A3", "C1", "C3"}
    start = '(start (place "Disc1" "B2"))'
    for of, moves in (("", ["B2-A2", "B2-C2"]), (" of:All", ["B2-A3", "B2-C3"])):
        steps = game_on("(rectangle 5 3)", "Vertex", play="(forEach Piece)", start=start,
                        moves=f"(move Step (directions {{FR FL}}{of}) (to if:(is Empty (to))))")
        assert sorted(m.text for m in steps.initial_state().legal_moves()) == moves


def test_rotated_hex_forwards_are_three_adjacent_cells():
    """Dodo's ``(rotate 30 (hex 4))``: every cell's steps (cells, and its corners and edges)
    collide on eight points, so all are named on sixteen; the Adjacent ones are N, ENE, ESE,
    S, WSW, WNW and the hexagonal diagonals (All only) the six between. Forwards for North
    is WNW, N, ENE: three cells, never a diagonal two rows up."""
    game = load(SAMPLE / "board__space__blocking__Dodo.lud") if SAMPLE.is_dir() else None
    if game is None:
        pytest.skip(f"{SAMPLE} not present")
    topo = game.topology
    assert topo.relation_directions["Adjacent"] == ("N", "ENE", "ESE", "S", "WSW", "WNW")
    assert topo.relation_directions["Diagonal"] == ("NNE", "E", "SSE", "SSW", "W", "NNW")
    assert relative("Forwards", "N", topo.relation_directions["Adjacent"]) == ("N", "ENE", "WNW")
    assert relative("Forwards", "S", topo.relation_directions["Adjacent"]) == ("ESE", "S", "WSW")
    d4 = topo.site("D4")
    assert labels(topo, topo.neighbours["Adjacent"][d4]) == {"E5", "E4", "D3", "C3", "C4", "D5"}
    assert labels(topo, topo.neighbours["Diagonal"][d4]) == {"F5", "E3", "C2", "B3", "C5", "E6"}


# --- relations walked as relations ---------------------------------------------------------------------
def test_graph_board_steps_follow_the_relation_not_its_compass_labels():
    """Felli's graph: D4 (3,3) is joined to E5, C3 and C4 and has the diagonal C5 across the
    square C4-D4-E5-C5. North-west is an Adjacent direction elsewhere (C3-B4), but from D4 it
    is the diagonal: an Adjacent step or slide from D4 never reaches C5 (Ludii's trace, ply
    32, lists D4-B2, D4-C3, D4-E5 and no D4-C5)."""
    if not SAMPLE.is_dir():
        pytest.skip(f"{SAMPLE} not present")
    game = load(SAMPLE / "board__war__leaping__lines__Felli.lud")
    topo = game.topology
    d4 = topo.site("D4")
    assert labels(topo, topo.neighbours["Adjacent"][d4]) == {"E5", "C3", "C4"}
    assert labels(topo, topo.neighbours["Diagonal"][d4]) == {"C5"}
    assert "NW" in topo.relation_directions["Adjacent"]
    assert labels(topo, topo.steps_of("NW")[d4]) == {"C5"}  # the compass direction has it
    assert labels(topo, topo.neighbours_of(d4, topo.keys(["Adjacent"]))) == {"E5", "C3", "C4"}
    rays = {tuple(topo.labels[x] for x in r) for r in topo.rays_for(topo.keys(["Adjacent"]))[d4]}
    assert rays == {("E5",), ("C3", "B2", "A1"), ("C4", "B4")}


def test_pentagon_lines_stop_where_the_relation_bends():
    """Flowers' ``(dual (tiling T33336 3))``: C1, C2, C3 run straight (each orthogonal step at
    120 degrees) and C5 lies on the same heading from C3, but as a diagonal of C3: C3 has no
    orthogonal step that way, so the orthogonal line through C1 ends at C3 and four pieces on
    C1 C2 C3 C5 are no line of four (``is Line 4 Orthogonal``)."""
    if not SAMPLE.is_dir():
        pytest.skip(f"{SAMPLE} not present")
    game = load(SAMPLE / "experimental__Flowers.lud")
    topo = game.topology
    c3 = topo.site("C3")
    assert labels(topo, topo.neighbours["Orthogonal"][c3]) == {"D4", "D3", "C2", "B3"}
    assert labels(topo, topo.neighbours["Diagonal"][c3]) == {"E4", "C5"}
    lines = topo.axes_for(topo.keys(["Orthogonal"]))[topo.site("C1")]
    assert {tuple(topo.labels[x] for x in fwd + back) for fwd, back in lines} == {("C2", "C3"), ("D1",)}
    state = game.initial_state()
    for p1, p2 in (("C1", "J9"), ("C2", "J10"), ("C5", "K10")):
        state.apply(p1)
        state.apply(p2)
    state.apply("C3")
    assert not state.is_over()


def test_hex_lines_default_to_adjacent_cells():
    """YavaGo's ``(rotate 90 (hex 5))`` and ``(is Line 4)``: Ludii's lines are Adjacent by
    default, so the hexagonal diagonals (cells two rows apart, All only) make no line."""
    game = game_on("(rotate 90 (hex 5))", end="(if (is Line 4) (result Mover Win))")
    topo = game.topology
    e1 = topo.site("E1")
    lines = topo.axes_for(topo.keys(["Adjacent"]))[e1]
    assert len(lines) == 3  # the three axes of the hexagons, one side each from a corner
    diagonal = [x for x in topo.neighbours["Diagonal"][e1]]
    assert diagonal and all(x not in topo.neighbours["Adjacent"][e1] for x in diagonal)
    # four along a diagonal ray: no line; four along an axis: a line
    along = next(d for d in topo.directions if topo.steps_of(d)[e1] and topo.steps_of(d)[e1][0] in diagonal)
    ray = topo.ray(e1, along)
    assert len(ray) >= 3
    state = game.initial_state()
    far = [s for s in range(topo.n) if s not in (e1, *ray)]
    for a, b in zip((e1, *ray[:2]), far):
        state.apply(topo.labels[a])
        state.apply(topo.labels[b])
    state.apply(topo.labels[ray[2]])
    assert not state.is_over()
    fwd, back = lines[0]
    axis = list(fwd + back)[:4]
    state = game.initial_state()
    far = [s for s in range(topo.n) if s not in (e1, *axis)]
    for a, b in zip(axis[:3], far):
        state.apply(topo.labels[a])
        state.apply(topo.labels[b])
    state.apply(topo.labels[axis[3]])
    assert state.is_over() and state.result().winners == [1]


def test_a_square_board_keeps_its_axes():
    """On a regular board a relation's lines are the compass axes, as before."""
    topo = game_on("(square 5)").topology
    centre = topo.site("C3")
    lines = topo.axes_for(topo.keys(["Adjacent"]))[centre]
    assert [(topo.labels[f[0]], topo.labels[b[0]]) for f, b in lines] == \
        [("C4", "C2"), ("D4", "B2"), ("D3", "B3"), ("D2", "B4")]
    assert topo.axes_for(topo.keys(["Adjacent"])) == topo.axes_for(topo.expand_directions(["Adjacent"]))
    vertices = game_on("(square 5)", "Vertex").topology
    assert len(vertices.axes_for(vertices.keys(["Adjacent"]))[centre]) == 2  # the lines only
    assert len(vertices.axes_for(vertices.keys(["All"]))[centre]) == 4


# --- circular directions (Trajectories.setCircularDirections) ---------------------------------------------
def _at(topo, x: float, y: float) -> int:
    """The site at (x, y)."""
    return min(range(topo.n), key=lambda s: abs(topo.positions[s][0] - x) + abs(topo.positions[s][1] - y))


def _circular(topo, site: int) -> dict[str, set[int]]:
    return {d: set(topo.steps_of(d)[site]) for d in ("In", "Out", "CW", "CCW", "Rotational")}


def test_concentric_points_turn_about_the_centre():
    """(concentric {1 8 8 8}) on vertices: every step from the centre (the pivot) is Out; from a
    point of a ring, In is the point towards the centre, Out the one away, CW and CCW the
    neighbours along the ring (clockwise is to the right seen from the centre); the diagonal
    steps across the cells between rings have no circular direction."""
    topo = game_on("(concentric {1 8 8 8})", use="Vertex").topology
    centre = _at(topo, 0, 0)
    ring1 = {_at(topo, math.cos(a), math.sin(a)) for a in (k * math.pi / 4 for k in range(8))}
    assert _circular(topo, centre) == {"In": set(), "Out": ring1, "CW": set(), "CCW": set(),
                                       "Rotational": ring1}
    top = _at(topo, 0, 2)  # ring 2, at the top
    r = 2 * math.sqrt(0.5)
    found = _circular(topo, top)
    assert found["In"] == {_at(topo, 0, 1)} and found["Out"] == {_at(topo, 0, 3)}
    assert found["CW"] == {_at(topo, r, r)} and found["CCW"] == {_at(topo, -r, r)}
    assert found["Rotational"] == found["In"] | found["Out"] | found["CW"] | found["CCW"]
    assert set(topo.neighbours["Diagonal"][top]).isdisjoint(found["Rotational"])


def test_concentric_radials_follow_the_ring_and_cross_the_centre():
    """A CW radial runs round its ring until it comes back; a Rotational radial inwards goes on
    straight through the centre (the centre's steps are all Rotational), so an In radial that
    stops at the centre is dropped as a prefix of it."""
    topo = game_on("(concentric {1 8 8 8})", use="Vertex").topology
    top = _at(topo, 0, 1)
    (cw,) = topo.radials_of("CW")[top]
    assert len(cw) == 7 and topo.positions[cw[0]][0] > 0 and topo.positions[cw[-1]][0] < 0
    assert topo.radials_of("In")[top] == ((_at(topo, 0, 0),),)
    through = [(_at(topo, 0, 0), _at(topo, 0, -1), _at(topo, 0, -2), _at(topo, 0, -3))]
    rotational = topo.radials_of("Rotational")[top]
    assert through[0] in rotational and (_at(topo, 0, 0),) not in rotational
    assert (_at(topo, 0, 2), _at(topo, 0, 3)) in rotational and cw in rotational


def test_concentric_points_without_a_centre_turn_about_the_point_inside():
    """(concentric {8 8 8}): no centre point; each point's pivot is the point inside it on its
    spoke. A point that is some point's pivot has all its steps Out, as in Ludii; the outer
    ring steps In towards its pivot and round the ring."""
    topo = game_on("(concentric {8 8 8})", use="Vertex").topology
    inner = _at(topo, 0, 1)
    assert _circular(topo, inner)["Out"] == set(topo.neighbours["All"][inner])
    outer = _at(topo, 0, 3)
    found = _circular(topo, outer)
    assert found["In"] == {_at(topo, 0, 2)} and found["Out"] == set()
    assert len(found["CW"]) == len(found["CCW"]) == 1


def test_concentric_cells_step_in_and_out_between_rings():
    """Cells of (concentric {0 0 16 16}): the cell next in towards the centre is In, the one out
    Out; a square board has no circular directions (a rule naming one does not load)."""
    topo = game_on("(concentric {0 0 16 16})").topology
    top_in, top_out = _at(topo, 0, 2), _at(topo, 0, 3)
    assert set(topo.steps_of("In")[top_out]) == {top_in}
    assert set(topo.steps_of("Out")[top_in]) == {top_out}
    with pytest.raises(LudError, match="CW"):
        game_on("(square 3)", moves="(move Step CW)", play="(forEach Piece)",
                start="(start (place \"Disc1\" 0))")


# --- Ludii's games ---------------------------------------------------------------------------------------
REPLAYS = {  # sample trace -> plies that agree (the rest differ by a rule, not a direction)
    # circular directions: Rotational hops and steps, (if C CW CCW) on a concentric board of cells
    "board__war__leaping__lines__Bara Guti (Bihar)_seed101.json": None,
    "board__war__leaping__lines__Gol Ekuish_seed101.json": None,
    "board__war__replacement__checkmate__chaturanga__Shatranj ar-Rumiya_seed101.json": None,
    "board__war__leaping__lines__Felli_seed101.json": None,
    "board__war__leaping__orthogonal__Xarajlt_seed101.json": None,
    "experimental__Flowers_seed101.json": None,
    "experimental__YavaGo_seed101.json": None,
    # ply 70: Ludii goes on where (no Moves Mover) ends ours, a rule of the end, not a direction
    "board__space__blocking__Dodo_seed101.json": 70,
}


@pytest.mark.parametrize("name", sorted(REPLAYS))
def test_ludii_games_on_these_boards_agree(name):
    path = TRACES / "sample" / name
    if not path.exists():
        pytest.skip(f"{path} not present")
    trace = json.loads(path.read_text(encoding="utf-8"))
    plies = trace["plies"] if REPLAYS[name] is None else trace["plies"][:REPLAYS[name]]
    state = load(SAMPLE / trace["sample_file"], options=trace["options"]).initial_state()
    for ply, step in enumerate(plies):
        assert not state.is_over(), f"ply {ply}: our game is over"
        assert state.mover == step["mover"], f"ply {ply}: mover"
        legal = state.legal_moves()
        ours = ludii_texts(state, legal)
        assert sorted(ours) == sorted(step["legal"]), f"ply {ply}: legal moves differ"
        state.apply(legal[ours.index(step["move"])])
    if REPLAYS[name] is None:
        assert state.is_over() == trace["result"]["over"]
        assert sorted(state.result().winners) == sorted(trace["result"]["winners"])


# --- every sample board: the relations' sizes are Ludii's -------------------------------------------
CONCEPTS = SAMPLE.parent / "ludii-concepts-sample.tsv"
RELATION_CONCEPTS = {"All": "NumDirections", "Orthogonal": "NumOrthogonalDirections",
                     "Diagonal": "NumDiagonalDirections", "Adjacent": "NumAdjacentDirections",
                     "OffDiagonal": "NumOffDiagonalDirections"}
# Wagner's graph crosses its own edges: Ludii traces other faces there, so other vertex diagonals
# (1 a vertex, ours 2); its rules step along Adjacent lines only, which agree
UNEXPLAINED = {"math__graph__Wagner.lud": {"Diagonal"}}


def _ludii_values() -> dict[str, dict[str, float]]:
    out = {}
    for line in CONCEPTS.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if line.startswith(("#", "file\t")) or len(parts) < 4 or parts[1]:
            continue
        out[parts[0]] = {k: float(v) for k, v in (x.split("=", 1) for x in parts[3].split() if "=" in x)
                         if k in RELATION_CONCEPTS.values()}
    return out


def test_every_sample_board_has_ludiis_relations():
    """Ludii's concepts NumDirections, NumOrthogonalDirections... are the mean number of
    neighbours a site has under each relation (``Topology.computeRelation``): ours agree on
    every sample file that loads (rounded as Ludii prints them, to two places)."""
    from interpreter import LudError
    if not CONCEPTS.exists():
        pytest.skip(f"{CONCEPTS} not present")
    checked, parted = 0, []
    for name, values in sorted(_ludii_values().items()):
        try:
            topo = load(SAMPLE / name).topology
        except LudError:
            continue
        checked += 1
        for relation, concept in RELATION_CONCEPTS.items():
            mean = sum(len(x) for x in topo.neighbours[relation]) / topo.n
            if abs(mean - values[concept]) > 0.0051 and relation not in UNEXPLAINED.get(name, ()):
                parted.append((name, relation, round(mean, 3), values[concept]))
    assert parted == [] and checked >= 80, (checked, parted)
