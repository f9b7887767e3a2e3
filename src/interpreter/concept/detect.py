"""Compilation concepts of a game: what its rules use (boolean) and its numbers.

The ludemes declare their concepts where they stand (:mod:`interpreter.ludemes.concepts`, kept
in ``game.concepts``); this module adds what only the whole game tells (as Ludii's
``Game.computeBooleanConcepts``): the number of players, the time model, several phases, the
kind of sites played on, the pieces' looks; then every boolean parent of a concept; and the
numeric concepts of the board and the equipment (``Game.computeNonBooleanConcepts``).
"""

from __future__ import annotations

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


def game_facts(game: "Game") -> set[str]:
    """Boolean concepts of the game as a whole (not of one ludeme)."""
    out = {"Discrete", "Alternating"}
    n = game.num_players
    out.add("Solitaire" if n == 1 else "TwoPlayer" if n == 2 else "Multiplayer")
    if n == 1:
        out.add("PlanningPuzzle")
    if len(game.phases) > 1:
        out.add("Phase")
    out.add("Vertex" if game.topology.use == "Vertex" else "Cell")
    for comp in game.components[1:]:
        style = PIECE_STYLES.get(comp.base.lower())
        if style:
            out.add(style)
    return out


def boolean_concepts(game: "Game") -> frozenset[str]:
    """Every boolean compilation concept of ``game``: the ludemes' own, the game's, and their
    parents."""
    return frozenset(catalogue().with_parents(set(game.concepts) | game_facts(game)))


def _mean(values: list[float]) -> float:
    return round(sum(values) / len(values), 2) if values else 0.0


def _board_graph(game: "Game") -> Any:
    """The board's whole graph (vertices, edges, faces), rebuilt from the game's description;
    None when there is no description to rebuild it from."""
    description = getattr(game.info, "description", None)
    if description is None:
        return None
    from ..bind import bind
    from ..compile.compiler import Compiler
    bound = bind(description.game)
    return bound.equipment.board.whole_graph(Compiler(None).static_int)


def numeric_concepts(game: "Game") -> dict[str, float]:
    """The numeric compilation concepts (Ludii's): players, sites, rows and columns, the board's
    regions and directions, the pieces, the phases."""
    topo = game.topology
    regions = topo.regions
    n = topo.n
    out: dict[str, float] = {
        "NumPlayers": game.num_players,
        "NumPlayableSites": n,
        "NumPlayableSitesOnBoard": n,
        "NumContainers": 1,
        "NumRows": len(set(topo.rows)),
        "NumColumns": len(set(topo.columns)),
        "NumCorners": len(regions.get("Corners", ())),
        "NumOuterSites": len(regions.get("Outer", ())),
        "NumInnerSites": len(regions.get("Inner", ())),
        "NumPerimeterSites": len(regions.get("Perimeter", ())),
        "NumTopSites": len(regions.get("Top", ())),
        "NumBottomSites": len(regions.get("Bottom", ())),
        "NumLeftSites": len(regions.get("Left", ())),
        "NumRightSites": len(regions.get("Right", ())),
        "NumCentreSites": len(regions.get("Centre", ())),
        "NumLayers": 1,
    }
    relations = {"NumDirections": "All", "NumOrthogonalDirections": "Orthogonal",
                 "NumDiagonalDirections": "Diagonal", "NumAdjacentDirections": "Adjacent",
                 "NumOffDiagonalDirections": "OffDiagonal"}
    for name, relation in relations.items():
        table = topo.neighbours.get(relation)
        out[name] = _mean([len(t) for t in table]) if table is not None else 0.0
    graph = _board_graph(game)
    if graph is not None:
        out["NumVertices"] = len(graph.vertices)
        out["NumEdges"] = len(graph.edges)
        out["NumCells"] = len(graph.faces)
    pieces = game.components[1:]
    out["NumComponentsType"] = len(pieces)
    owned = sum(1 for c in pieces if 1 <= c.owner <= game.num_players)
    out["NumComponentsTypePerPlayer"] = round(owned / game.num_players, 2) if game.num_players else 0.0
    out["NumPlayPhase"] = len(game.phases)
    out["NumDice"] = 0
    return out


__all__ = ["game_facts", "boolean_concepts", "numeric_concepts", "PIECE_STYLES"]
