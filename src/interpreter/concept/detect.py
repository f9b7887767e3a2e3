"""Compilation concepts of a game: what its rules use (boolean) and its numbers.

The ludemes declare their concepts where they stand (:mod:`interpreter.ludemes.concepts`, kept
in ``game.concepts``); this module adds what only the whole game tells, as Ludii's
``Game.computeBooleanConcepts`` does: the number of players and the time model, several phases,
the kind of sites played on, the pieces' kinds and looks, whether the players' pieces differ;
then every boolean parent of a concept; then what Ludii adds without parents: the boards its
library names (the *ludemeplexes*: a game using the library's ``"AlquerqueBoard"`` has an
Alquerque board) and the metadata's looks (``(board Style Chess)``). The numbers follow
``Game.computeNonBooleanConcepts``: the board's sites, rows, regions and directions, the
containers (board, hands, dice), the pieces, the phases.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .catalogue import catalogue

if TYPE_CHECKING:
    from ..engine.game import Game

# a piece's name (lower case) -> Ludii's style concept for it
PIECE_STYLES = {
    "ball": "BallComponent", "disc": "DiscComponent", "marker": "MarkerComponent", "king": "KingComponent",
    "king_nocross": "KingComponent", "knight": "KnightComponent", "queen": "QueenComponent",
    "bishop": "BishopComponent", "bishop_nocross": "BishopComponent", "rook": "RookComponent",
    "pawn": "PawnComponent",
}

# a board define of Ludii's library -> the concepts its use implies (Ludii's ludemeplexes)
LUDEMEPLEXES: dict[str, tuple[str, ...]] = {
    "AlquerqueBoard": ("AlquerqueBoard",),
    "AlquerqueGraph": ("AlquerqueBoard",),
    "AlquerqueBoardWithBottomAndTopTriangles": ("AlquerqueBoard", "AlquerqueBoardWithTwoTriangles"),
    "AlquerqueGraphWithBottomAndTopTriangles": ("AlquerqueBoard", "AlquerqueBoardWithTwoTriangles"),
    "AlquerqueBoardWithBottomTriangle": ("AlquerqueBoard", "AlquerqueBoardWithOneTriangle"),
    "AlquerqueGraphWithBottomTriangle": ("AlquerqueBoard", "AlquerqueBoardWithOneTriangle"),
    "AlquerqueBoardWithFourTriangles": ("AlquerqueBoard", "AlquerqueBoardWithFourTriangles"),
    "AlquerqueGraphWithFourTriangles": ("AlquerqueBoard", "AlquerqueBoardWithFourTriangles"),
    "AlquerqueBoardWithEightTriangles": ("AlquerqueBoard", "AlquerqueBoardWithEightTriangles"),
    "ThreeMensMorrisBoard": ("ThreeMensMorrisBoard",),
    "ThreeMensMorrisBoardWithLeftAndRightTriangles": ("ThreeMensMorrisBoard", "ThreeMensMorrisBoardWithTwoTriangles"),
    "ThreeMensMorrisGraphWithLeftAndRightTriangles": ("ThreeMensMorrisBoard", "ThreeMensMorrisBoardWithTwoTriangles"),
    "NineMensMorrisBoard": ("NineMensMorrisBoard",),
    "StarBoard": ("StarBoard",),
    "CrossBoard": ("CrossBoard",),
    "CrossGraph": ("CrossBoard",),
    "KintsBoard": ("KintsBoard",),
    "PachisiBoard": ("PachisiBoard",),
    "FortyStonesWithFourGapsBoard": ("FortyStonesWithFourGapsBoard",),
}

# (board Style X) in the metadata -> its concept
BOARD_STYLES = {
    "Chess": "ChessStyle", "Go": "GoStyle", "Mancala": "MancalaStyle", "PenAndPaper": "PenAndPaperStyle",
    "Shibumi": "ShibumiStyle", "Backgammon": "BackgammonStyle", "Janggi": "JanggiStyle", "Xiangqi": "XiangqiStyle",
    "Shogi": "ShogiStyle", "Table": "TableStyle", "Surakarta": "SurakartaStyle", "Tafl": "TaflStyle",
    "Graph": "GraphStyle",
}
# the counts of pieces placed at the start, which Ludii's match gives as 0
MATCH_START_COUNTS = ("NumStartComponentsBoard", "NumStartComponentsHand", "NumStartComponents",
                      "NumStartComponentsBoardPerPlayer", "NumStartComponentsHandPerPlayer",
                      "NumStartComponentsPerPlayer")
# piece stack looks that make a stack
_STACKS = ("Backgammon", "Default", "None", "Reverse")


@dataclass(frozen=True)
class Equipment:
    """What the game's equipment holds, for the concepts: the board's kind of site, the
    containers besides the board (sites of each) and the pieces (with the dice)."""

    use: str
    extra_containers: tuple[int, ...]  # the sites of each hand and set of dice
    dice: int  # how many dice
    mancala_rows: int | None  # the rows of a mancala board, None for another board
    mancala_stores: bool


_BOUND: dict[int, tuple[Any, Any]] = {}  # id(description) -> (description, its bound tree): the last few


def _bound(game: Game) -> Any:
    """The game's bound description (None when it has none), bound once for the several
    concepts that read it."""
    description = getattr(game.info, "description", None)
    if description is None:
        return None
    kept = _BOUND.get(id(description))
    if kept is not None and kept[0] is description:
        return kept[1]
    from ..bind import bind
    bound = bind(description.game)
    if len(_BOUND) >= 8:
        _BOUND.pop(next(iter(_BOUND)))
    _BOUND[id(description)] = (description, bound)
    return bound


def _items(value: Any) -> list[Any]:
    return list(getattr(value, "items", value if isinstance(value, (list, tuple)) else [value]))


def equipment_of(game: Game, bound: Any = None) -> Equipment:
    """The containers and dice of ``game`` (from its description)."""
    bound = _bound(game) if bound is None else bound
    extra: list[int] = []
    dice = 0
    rows: int | None = None
    stores = False
    items = _items(bound.equipment.items) if bound is not None else []
    for item in items:
        if item is None:
            continue
        if item.name == "hand":
            size = getattr(item.size, "value", 1) if item.size is not None else 1
            shared = getattr(item.role, "name", "") == "Shared"  # one hand for all
            extra.extend([size] * (1 if shared else game.num_players))
        elif item.name == "dice":
            count = item.num.value
            extra.append(count)
            dice += count
        elif item.name == "mancalaBoard":
            rows = getattr(item.rows, "value", None)
            store = getattr(getattr(item, "store", None), "name", None)
            stores = store != "None"
    return Equipment(game.topology.use, tuple(extra), dice, rows, stores)


def declared(game: Game) -> frozenset[str]:
    """The concepts the game's ludemes declare, walked again from its description with the
    numbers known before play evaluated (a board's sizes given as expressions); the game's
    own (``game.concepts``, literals only) when it has no description."""
    bound = _bound(game)
    if bound is None:
        return frozenset(game.concepts)
    from ..compile.compiler import Compiler
    from ..ludemes.concepts import declared_concepts
    return declared_concepts(bound, game.num_players, Compiler(None).static_int)


def _player_facts(n: int, found: frozenset[str]) -> set[str]:
    """The concepts of the number of players (none for a simulation's 0)."""
    if n == 1:
        return {"Solitaire"} if "DeductionPuzzle" in found else {"Solitaire", "PlanningPuzzle"}
    if n == 2:
        return {"TwoPlayer"}
    return {"Multiplayer"} if n > 2 else set()


def game_facts(game: Game, found: frozenset[str] | None = None) -> set[str]:
    """Boolean concepts of the game as a whole (not of one ludeme), as Ludii's
    ``computeBooleanConcepts`` (``found``: the ludemes' concepts, the game's when not given)."""
    found = frozenset(game.concepts) if found is None else found
    out = {"Discrete", "Simultaneous" if getattr(game, "simultaneous", False) else "Alternating", "End"}
    if getattr(game, "simulation", False):  # nobody moves: Ludii's Simulation mode runs in real time
        out = {"Realtime", "Simulation", "End"}
    out |= _player_facts(game.num_players, found)
    if len(game.phases) > 1:
        out.add("Phase")
    use = game.topology.use
    out.add(use)
    if use in ("Vertex", "Edge"):
        out.add("GraphStyle")  # Ludii draws a board played on its points as a graph
    if "Piece" not in found and any(c.name == f"Ball{c.owner}" and c.base == "Ball" for c in game.components[1:]):
        out |= {"Component", "Piece"}  # Ludii's default pieces: a ball per player when none is declared
    for comp in game.components[1:]:
        style = PIECE_STYLES.get(comp.base.lower())
        if style:
            out.add(style)
    if _asymmetric_pieces(game):
        out.add("AsymmetricPiecesType")
    if getattr(game, "stacking", False):  # Ludii's stacking games: their state holds stacks
        out.update(("StackState", "StackType"))
    every = set(found) | out
    if {"Dice", "Domino", "Card"} & every:
        out.add("Stochastic")
    if {"Dice", "LargePiece"} & every:
        out.add("SiteState")
    if "Domino" in every:
        out.add("PieceCount")
    return out


def _asymmetric_pieces(game: Game) -> bool:
    """Player 1 has a kind of piece that another player has not (by name, its number left
    out), as Ludii checks."""
    n = game.num_players
    if n < 2:  # one player, or none (a simulation)
        return False
    owned: list[set[str]] = [set() for _ in range(n + 1)]
    for comp in game.components[1:]:
        if 1 <= comp.owner <= n:
            owned[comp.owner].add(comp.base)
    return any(name not in owned[p] for name in owned[1] for p in range(2, n + 1))


def ludemeplex_concepts(game: Game) -> set[str]:
    """The concepts of the library's board defines the description uses (Ludii's
    ludemeplexes): a define of the library, not one of the description's own."""
    description = getattr(game.info, "description", None)
    if description is None:
        return set()
    own = getattr(description.defines, "maps", [{}])[0]
    used = set()
    for node in description.game.walk():
        for via in node.span.via:
            used.add(via.name)
    out: set[str] = set()
    for name in used:
        if name in LUDEMEPLEXES and name not in own:
            out.update(LUDEMEPLEXES[name])
    return out


def _calls(node: Any) -> Iterable[Any]:
    from ..syntax.nodes import Call
    for n in node.walk():
        if isinstance(n, Call):
            yield n


def _words(call: Any) -> list[str]:
    from ..syntax.nodes import Const
    return [a.name for a in call.args if isinstance(a, Const)]


def metadata_concepts(game: Game, found: set[str], equipment: Equipment | None = None) -> set[str]:
    """The concepts of the metadata's graphics (Ludii's ``Metadata.concepts``), added without
    their parents as Ludii adds them: board styles, symbols, pieces' values shown, stack looks,
    no board."""
    description = getattr(game.info, "description", None)
    metadata = getattr(description, "metadata", None)
    if metadata is None:
        return set()
    out: set[str] = set()
    for call in _calls(metadata):
        words = _words(call)
        if call.name == "board" and words[:1] == ["Style"] and len(words) > 1:
            style = words[1]
            concept = BOARD_STYLES.get(style[:1].upper() + style[1:])
            if concept:
                out.add(concept)
            if concept == "MancalaStyle":
                out.update(_mancala_style(game, found, equipment))
        elif call.name == "show" and words[:1] == ["Symbol"]:
            out.add("Symbols")
        elif call.name == "show" and words[:2] == ["Piece", "Value"]:
            out.add("ShowPieceValue")  # Ludii's ShowPieceValue metadata
        elif call.name == "stackType":
            out.add("StackType")
            kind = next((w for w in words if w[:1].isupper()), "Default")
            if kind in _STACKS:
                out.add("Stack")
        elif call.name == "no" and words[:1] == ["Board"]:
            out.add("NoBoard")
        elif call.name == "piece" and words[:1] == ["Families"]:
            from ..syntax.nodes import Str
            if any(isinstance(n, Str) and n.value == "Abstract" for n in call.walk()):
                out.add("MarkerComponent")  # abstract pieces are drawn as markers
    return out


def _mancala_style(game: Game, found: set[str], equipment: Equipment | None) -> set[str]:
    equipment = equipment_of(game) if equipment is None else equipment
    out = {"MancalaBoard"}
    if equipment.mancala_rows is not None:
        if equipment.mancala_stores:
            out.add("MancalaStores")
        rows = {2: "MancalaTwoRows", 3: "MancalaThreeRows", 4: "MancalaFourRows", 6: "MancalaSixRows"}
        if equipment.mancala_rows in rows:
            out.add(rows[equipment.mancala_rows])
        out.add("Sow")
    elif "CircleTiling" in found:
        out.add("MancalaCircular")
    return out


def sowing_sense(game: Game) -> set[str]:
    """Which way a mancala's tracks turn, as Ludii reads it from each track's first step: the
    direction leading from the track's first site to its next, ``N`` or ``E`` anticlockwise
    (``SowCCW``), ``S`` or ``W`` clockwise (``SowCW``), any other direction (``NE``, ``ENE``...)
    nothing. A first step along no direction of the board (a round board, where Ludii steps
    ``CW``/``CCW``) turns by the way it goes about the board's centre."""
    topology = game.topology
    positions = topology.positions
    if not positions:
        return set()
    cx = sum(x for x, _ in positions) / len(positions)
    cy = sum(y for _, y in positions) / len(positions)
    out: set[str] = set()
    for track in getattr(game, "tracks", ()):
        if len(track.sites) < 2:
            continue
        first, nxt = track.sites[0], track.sites[1]
        along = [d for d in topology.step if nxt in topology.steps_of(d)[first]]
        if along:
            if any(d in ("N", "E") for d in along):
                out.add("SowCCW")
            if any(d in ("S", "W") for d in along):
                out.add("SowCW")
            continue
        (x0, y0), (x1, y1) = positions[first], positions[nxt]
        turn = (x0 - cx) * (y1 - y0) - (y0 - cy) * (x1 - x0)
        if abs(turn) > 1e-6:
            out.add("SowCCW" if turn > 0 else "SowCW")
    return out


def boolean_concepts(game: Game) -> frozenset[str]:
    """Every boolean compilation concept of ``game``: the ludemes' own, the game's, and their
    parents; then the library boards' and the metadata's (Ludii adds those without parents).
    A match's are its first game's (the one Ludii compiles first), its end rules' and Match."""
    if getattr(game, "is_match", False) is True:
        return _match_concepts(game)
    found = computed_concepts(game)
    found |= metadata_concepts(game, found)
    if "MancalaBoard" in found and "Track" in found:
        found |= sowing_sense(game)  # as Ludii, once the metadata has said it is a mancala
    return frozenset(found)


def computed_concepts(game: Game) -> set[str]:
    """The concepts of the game's rules and equipment (Ludii's ``computeBooleanConcepts``): the
    ludemes' own, the game's, their parents and the library boards'; not the metadata's, which
    Ludii adds only to the game loaded from a file (so a match's game has none)."""
    own = declared(game)
    found = catalogue().with_parents(set(own) | game_facts(game, own))
    found |= ludemeplex_concepts(game)
    return found


def _match_concepts(match: Any) -> frozenset[str]:
    """A match's boolean concepts (Ludii's ``Match.computeBooleanConcepts``): its first game's
    as computed from its rules (the game's own metadata left out: its board's look, its stacks'),
    its end rules', Match; then the match's own metadata's."""
    from ..bind import bind
    from ..compile.compiler import Compiler
    from ..ludemes.concepts import declared_concepts
    found = computed_concepts(match.instances[0].game)
    description = getattr(match.info, "description", None)
    if description is not None:
        end = bind(description.game).end
        found |= catalogue().with_parents(set(declared_concepts(end, match.num_players, Compiler(None).static_int)))
    found.add("Match")
    found |= metadata_concepts(match, found)
    return frozenset(found)


def _mean(values: list[float]) -> float:
    return round(sum(values) / len(values), 2) if values else 0.0


def _board_graph(game: Game, bound: Any = None) -> Any:
    """The board's whole graph (vertices, edges, faces), rebuilt from the game's description;
    None when there is no description to rebuild it from."""
    bound = _bound(game) if bound is None else bound
    if bound is None:
        return None
    from ..compile.compiler import Compiler
    return bound.equipment.board.whole_graph(Compiler(None).static_int)


def numeric_concepts(game: Game, boolean: frozenset[str] | None = None) -> dict[str, float]:
    """The numeric compilation concepts (Ludii's): players, sites, rows and columns, the board's
    regions and directions, the containers, the pieces, the phases. The sites played on count
    the board's cells, vertices and edges that the rules use (``boolean``: the game's boolean
    concepts, computed when not given). A match's are its first game's (Ludii averages the
    games it has compiled: the first one, until the others are played)."""
    from ..engine.matchplay import is_match
    if is_match(game):
        first = numeric_concepts(game.instances[0].game)
        # Ludii's match gives the pieces placed at the start as 0 (counted in no game it plays)
        first.update({name: 0.0 for name in MATCH_START_COUNTS})
        return first
    topo = game.topology
    regions = topo.regions
    n = topo.n
    bound = _bound(game)
    equipment = equipment_of(game, bound)
    graph = _board_graph(game, bound) if bound is not None else None
    out: dict[str, float] = {
        "NumPlayers": game.num_players,
        "NumRows": len(set(topo.rows)),
        "NumColumns": len(set(topo.columns)),
        "NumCorners": len(regions.get("Corners", ())),
        "NumConvexCorners": len(regions.get("CornersConvex", ())),
        "NumConcaveCorners": len(regions.get("CornersConcave", ())),
        "NumOuterSites": len(regions.get("Outer", ())),
        # the sites not outer (Ludii's measure; a board may name other sites Inner, a mancala's rows)
        "NumInnerSites": n - len(regions.get("Outer", ())),
        "NumPerimeterSites": len(regions.get("Perimeter", ())),
        "NumTopSites": len(regions.get("Top", ())),
        "NumBottomSites": len(regions.get("Bottom", ())),
        "NumLeftSites": len(regions.get("Left", ())),
        "NumRightSites": len(regions.get("Right", ())),
        "NumCentreSites": len(regions.get("Centre", ())),
        "NumPhasesBoard": sum(1 for name, sites in regions.items() if name.startswith("Phase") and sites),
        # a board of layers (a pyramid) has several; Ludii's boardless table has none computed (0)
        "NumLayers": 0 if getattr(getattr(getattr(bound, "equipment", None), "board", None), "name", "") == "boardless"
        else len(set(topo.layers)) if topo.layers else 1,
    }
    relations = {"NumDirections": "All", "NumOrthogonalDirections": "Orthogonal",
                 "NumDiagonalDirections": "Diagonal", "NumAdjacentDirections": "Adjacent",
                 "NumOffDiagonalDirections": "OffDiagonal"}
    orthogonal = topo.neighbours.get("Orthogonal")
    for name, relation in relations.items():
        table = topo.neighbours.get(relation)
        if table is None:
            out[name] = 0.0
        elif relation == "Diagonal" and orthogonal is not None:
            # a diagonal neighbour is one that is not also orthogonal (on a graph whose lines
            # cross, a site may be both here; Ludii counts it once, as orthogonal)
            out[name] = _mean([len(set(d) - set(o)) for d, o in zip(table, orthogonal)])
        else:
            out[name] = _mean([len(t) for t in table])
    on_board = n
    if graph is not None:
        out["NumVertices"] = len(graph.vertices)
        out["NumEdges"] = len(graph.edges)
        out["NumCells"] = len(graph.faces)
        boolean = boolean_concepts(game) if boolean is None else boolean
        counts = {"Cell": len(graph.faces), "Vertex": len(graph.vertices), "Edge": len(graph.edges)}
        on_board = sum(count for kind, count in counts.items() if kind in boolean)
    out["NumPlayableSitesOnBoard"] = on_board
    out["NumPlayableSites"] = on_board + sum(equipment.extra_containers)
    out["NumContainers"] = 1 + len(equipment.extra_containers)
    pieces = game.components[1:]
    out["NumComponentsType"] = len(pieces) + equipment.dice
    owned = sum(1 for c in pieces if 1 <= c.owner <= game.num_players)
    out["NumComponentsTypePerPlayer"] = round(owned / game.num_players, 2) if game.num_players else 0.0
    out["NumPlayPhase"] = len(game.phases)
    out["NumDice"] = equipment.dice
    return out


__all__ = ["declared", "game_facts", "computed_concepts", "boolean_concepts", "numeric_concepts", "metadata_concepts", "ludemeplex_concepts", "sowing_sense",
           "equipment_of", "PIECE_STYLES", "LUDEMEPLEXES", "BOARD_STYLES"]
