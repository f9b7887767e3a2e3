"""Concepts declared by the ludemes: a walk over a bound game that knows where each ludeme stands.

A ludeme says which concepts it implies (Ludii's names, listed in the concept catalogue,
``interpreter/concept/catalogue.yaml``):

- ``concepts = ("Line",)`` on the class, when they are always the same;
- ``concepts_at(where)``, when they depend on where the ludeme stands or on its arguments: a
  ``(move Add ...)`` chosen by a player is ``AddDecision``, the same ludeme in a ``(then ...)``
  is ``AddEffect``; a ``(remove ...)`` of a flanked run is a custodial capture;
- ``where_for(param, where)``, when its arguments stand elsewhere than itself: the consequences
  of a move (``then``) are effects, the rules of ``(end ...)`` are end rules, a removed region
  is a capture...; None when the argument brings no concepts of its own (as in Ludii, the
  numbers giving a board's size say nothing of the game's arithmetic);
- ``end_rule()``, for an end rule: its condition and its results. The end concepts (``LineWin``,
  ``ConnectionLoss``, ``ScoringDraw``...) follow from the condition's concepts and the result,
  as in Ludii's EndConcepts: a condition using ``Line`` with ``(result Mover Win)`` is a line win.

:func:`declared_concepts` walks a bound game and gathers them; a new ludeme brings its concepts
with it by declaring them. Parents (``LineWin`` → ``LineEnd`` → ``SpaceEnd`` → ``End``...),
facts about the whole game (players, board) and numbers are added by :mod:`interpreter.concept`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..syntax.nodes import Const
from .base import BoundArray, Ludeme

if TYPE_CHECKING:
    pass

# direction words -> Ludii's direction concepts
DIRECTION_CONCEPTS = {
    "All": "AllDirections", "Adjacent": "AdjacentDirection", "Orthogonal": "OrthogonalDirection",
    "Diagonal": "DiagonalDirection", "OffDiagonal": "OffDiagonalDirection", "Forward": "ForwardDirection",
    "Backward": "BackwardDirection", "Forwards": "ForwardsDirection", "Backwards": "BackwardsDirection",
    "Leftward": "LeftwardDirection", "Rightward": "RightwardDirection", "Leftwards": "LeftwardsDirection",
    "Rightwards": "RightwardsDirection", "FL": "ForwardLeftDirection", "FR": "ForwardRightDirection",
    "BL": "BackwardLeftDirection", "BR": "BackwardRightDirection", "SameDirection": "SameDirection",
    "OppositeDirection": "OppositeDirection", "Rotational": "RotationalDirection", "SameLayer": "SameLayerDirection",
}

@dataclass(frozen=True)
class Where:
    """Where a ludeme stands in a game, for its concepts.

    ``effect``: a consequence (in ``then``, ``apply``, an effect's argument, the start rules),
    not a decision a player makes; ``start``: in the start rules; ``end``: in the end rules;
    ``capture``: the region of a removal or a claim (what is taken off the board);
    ``players``: the number of players. ``concepts_of(node)`` gives the concepts of a subtree
    standing here (for ludemes whose concepts depend on their arguments')."""

    players: int = 2
    effect: bool = False
    start: bool = False
    end: bool = False
    capture: bool = False
    walker: Callable[[Any, Where], set[str]] | None = None
    piece_moves: tuple[Any, ...] = ()  # the moves the pieces declare (what (forEach Piece) plays)
    static_int: Callable[[Any], int] | None = None  # a number known before play (board sizes)
    # what a walk works out once for all the places it stands (shared by every Where made from
    # this one): the concepts of the pieces' own moves
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def decision(self) -> bool:
        """A move a player chooses (in the play rules, not a consequence)."""
        return not self.effect

    def as_effect(self) -> Where:
        return replace(self, effect=True)

    def as_start(self) -> Where:
        return replace(self, effect=True, start=True)

    def as_end(self) -> Where:
        return replace(self, end=True)

    def as_capture(self) -> Where:
        return replace(self, capture=True)

    def concepts_of(self, node: Any) -> set[str]:
        """The concepts of ``node`` (a ludeme, a literal or None) standing here."""
        if node is None or self.walker is None:
            return set()
        return self.walker(node, self)

    def pieces_concepts(self) -> set[str]:
        """The concepts of every piece's own moves, as decisions (Ludii counts them where
        ``(forEach Piece)`` plays them, not where the pieces are declared)."""
        known = self.memo.get("pieces")
        if known is not None and known[0] is self.piece_moves:  # the same at every (forEach Piece)
            return set(known[1])
        inner = replace(self, effect=False, start=False, end=False, capture=False, piece_moves=())
        out: set[str] = set()
        for moves in self.piece_moves:
            out |= inner.concepts_of(moves)
        self.memo["pieces"] = (self.piece_moves, frozenset(out))
        return out

    def either(self, decision: str, effect: str) -> tuple[str, ...]:
        """``decision`` for a decision, ``effect`` for an effect."""
        return (effect,) if self.effect else (decision,)


SITE_TYPES = ("Cell", "Vertex", "Edge")

# condition concept -> (end, win, loss, draw): Ludii's EndConcepts, as data; a family whose
# condition is more than one concept is decided by END_TESTS
END_FAMILIES = {
    "NoMoves": ("NoMovesEnd", "NoMovesWin", "NoMovesLoss", "NoMovesDraw"),
    "ProgressCheck": ("NoProgressEnd", "NoProgressWin", "NoProgressLoss", "NoProgressDraw"),
    "Scoring": ("ScoringEnd", "ScoringWin", "ScoringLoss", "ScoringDraw"),
    "NoPieceMover": ("NoOwnPiecesEnd", "NoOwnPiecesWin", "NoOwnPiecesLoss", "NoOwnPiecesDraw"),
    "Fill": ("FillEnd", "FillWin", "FillLoss", "FillDraw"),
    "Contains": ("ReachEnd", "ReachWin", "ReachLoss", "ReachDraw"),
    "Checkmate": ("Checkmate", "CheckmateWin", "CheckmateLoss", "CheckmateDraw"),
    "NoTargetPiece": ("NoTargetPieceEnd", "NoTargetPieceWin", "NoTargetPieceLoss", "NoTargetPieceDraw"),
    "EliminatePieces": ("EliminatePiecesEnd", "EliminatePiecesWin", "EliminatePiecesLoss", "EliminatePiecesDraw"),
    "Line": ("LineEnd", "LineWin", "LineLoss", "LineDraw"),
    "Connection": ("ConnectionEnd", "ConnectionWin", "ConnectionLoss", "ConnectionDraw"),
    "Group": ("GroupEnd", "GroupWin", "GroupLoss", "GroupDraw"),
    "Loop": ("LoopEnd", "LoopWin", "LoopLoss", "LoopDraw"),
    "Pattern": ("PatternEnd", "PatternWin", "PatternLoss", "PatternDraw"),
    "Territory": ("TerritoryEnd", "TerritoryWin", "TerritoryLoss", "TerritoryDraw"),
    "PathExtent": ("PathExtentEnd", "PathExtentWin", "PathExtentLoss", "PathExtentDraw"),
}

# the families whose condition is not one concept of the same name (Ludii's EndConcepts)
END_TESTS: dict[str, Callable[[set[str]], bool]] = {
    "Checkmate": lambda c: "CanNotMove" in c and "Threat" in c,
    "EliminatePieces": lambda c: ("NoPieceNext" in c or "CountPiecesNextComparison" in c
                                  or ("NoPiece" in c and "NoPieceMover" not in c)),
}


# families whose win (loss) is any named player's but Next's: Ludii 1.3.13 gives FillWin to
# Rock-Paper-Scissors' (result P1 Win) over a fill condition (its Line, Group, NoMoves... ends
# with (result P1 Win), e.g. Three Musketeers', get no such win), unlike its later sources'
# EndConcepts, which test Mover there too
ANY_NAMED_WINNER = ("Fill",)


def end_concepts(condition: set[str], role: str | None, outcome: str | None, players: int,
                 result: Iterable[str] = ()) -> set[str]:
    """The end concepts of an end rule whose condition has the concepts ``condition`` and
    whose result is ``(result ROLE OUTCOME)`` (Ludii's EndConcepts; ``result``: the result's own
    concepts): a Mover win of a line condition is ``LineWin``, a Next win in a two-player game
    is the mover's loss, a draw is a draw whoever it names; a result naming another player
    (P1, All...) or none (``byScore``) says only how the game ends. A win of the next player or
    a loss of the mover is ``Misere``."""
    out: set[str] = set()
    mover = role == "Mover"
    other = role == "Next" and players == 2
    for family, (end, win, loss, draw) in END_FAMILIES.items():
        test = END_TESTS.get(family)
        if not (test(condition) if test is not None else family in condition):
            continue
        out.add(end)
        own = mover or (family in ANY_NAMED_WINNER and role is not None and role != "Next")
        if outcome == "Draw" and role is not None:
            out.add(draw)
        elif outcome == "Win":
            if own:
                out.add(win)
            elif other:
                out.add(loss)
        elif outcome == "Loss":
            if own:
                out.add(loss)
            elif other:
                out.add(win)
        if family == "NoPieceMover" and "Scoring" in result:
            out.add(win)
    if players == 2 and ((outcome == "Win" and role == "Next") or (outcome == "Loss" and role == "Mover")):
        out.add("Misere")
    if outcome == "Draw":
        out.add("Draw")
    return out


def moved_to(kind: str, where: Where, rule: Any, effect: Any, rule_concepts: set[str] | None = None) -> set[str]:
    """The concepts of a move of ``kind`` (Step, Leap, Slide, FromTo) as Ludii gives them: a
    decision or an effect; for a decision, where it may go by the concepts of its rule
    (``rule``, the to's condition, or ``rule_concepts`` when given): to an empty site, a
    friend, an enemy (a rule ``True`` says nothing: in Ludii 1.3.13 a literal ``True`` is a
    plain constant, never the ``TrueConstant`` its move classes test for); a capture by
    replacement when what happens at the site (``effect``) removes or moves a piece."""
    if where.effect:
        out = {kind + "Effect"}
    else:
        out = {kind + "Decision"}
        found = where.concepts_of(rule) if rule_concepts is None else rule_concepts
        for test, onto in (("IsEmpty", "ToEmpty"), ("IsFriend", "ToFriend"), ("IsEnemy", "ToEnemy")):
            if test in found:
                out.add(f"{kind}Decision{onto}")
    done = where.concepts_of(effect)
    if "RemoveEffect" in done or "FromToEffect" in done:
        out.add("ReplacementCapture")
    return out


def captures(where: Where, *effects: Any) -> bool:
    """Whether effects (``apply`` of a between or a to) take pieces: remove them or move them
    away, which makes a custodial, surround... rule a capture (Ludii's test)."""
    done: set[str] = set()
    for effect in effects:
        done |= where.as_effect().concepts_of(effect)
    return "RemoveEffect" in done or "FromToEffect" in done


def _children(value: Any) -> Iterable[Any]:
    if isinstance(value, BoundArray):
        for item in value.items:
            yield from _children(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _children(item)
    elif value is not None:
        yield value


def _direction_concepts(value: Any) -> set[str]:
    out = set()
    for item in _children(value):
        if isinstance(item, Const) and item.name in DIRECTION_CONCEPTS:
            out.add(DIRECTION_CONCEPTS[item.name])
    return out


def is_decision_form(node: Any) -> bool:
    """Whether a ludeme is one of Ludii's ``(move ...)`` constructors, whose moves are
    decisions wherever they stand (Ludii's Move constructors set the decision flag: a
    ``(move Hop ...)`` tested by ``(can Move ...)`` in a ``then``, a ``(move (from) (to))``
    applied by ``forEach Direction``, are decisions); the effect forms (``step``, ``hop``,
    ``fromTo``...) are decisions only where they stand as one."""
    name = getattr(node, "name", "")
    return name == "move" or name.startswith("move ")


def concepts_of(node: Any, where: Where) -> set[str]:
    """The concepts a ludeme (and everything under it) implies, standing at ``where``."""
    if not isinstance(node, Ludeme):
        return set()
    if where.walker is None:
        where = replace(where, walker=concepts_of)
    if where.effect and is_decision_form(node):
        where = replace(where, effect=False)
    out = set(node.concepts_at(where))
    rule = node.end_rule() if where.end else None
    if rule is not None:
        condition, results = rule
        found = concepts_of(condition, where)
        out |= found
        for result in results:
            own = concepts_of(result, where)
            out |= own
            role, outcome = result.outcome_of()
            out |= end_concepts(found, role, outcome, where.players, own)
        if not results:  # Ludii's end concepts of a condition without a result of its own
            out |= end_concepts(found, None, None, where.players)
        for sub in getattr(node, "end_subrules", lambda: [])():
            out |= concepts_of(sub, where)
        return out
    for param in node.params:
        value = getattr(node, param.name)
        inner = node.where_for(param, where)
        if inner is None:  # the ludeme's own concepts say all there is to say of this argument
            continue
        if param.name == "directions":
            given = _direction_concepts(value)
            default: str = getattr(node, "default_directions", "")  # declared by ludemes that have one
            if not given and value is None and default:
                given = {DIRECTION_CONCEPTS[default]}
            out |= given
        if param.name == "type" and isinstance(value, Const) and value.name in SITE_TYPES:
            out.add(value.name)  # a kind of site named (Ludii's SiteType concepts)
        for child in _children(value):
            if isinstance(child, Ludeme):
                out |= concepts_of(child, inner)
    return out


def declared_concepts(game: Ludeme, players: int,
                      static_int: Callable[[Any], int] | None = None) -> frozenset[str]:
    """The concepts the ludemes of a bound game declare where they stand (no parents, no facts
    about the whole game: see :func:`interpreter.concept.concepts`); ``static_int`` evaluates
    the numbers known before play (a board's sizes given as expressions), literals only
    without it."""
    piece_moves = tuple(moves for n in game.walk()
                        if n.name == "piece" and (moves := getattr(n, "moves", None)) is not None)
    # a game of no players (Ludii's simulation) decides nothing: its play rule's effects stand as
    # effects (Ludii's Game of Life: AddEffect, RemoveEffect), only (move ...) forms decide
    where = Where(players=players, effect=players == 0, walker=concepts_of, piece_moves=piece_moves,
                  static_int=static_int)
    return frozenset(concepts_of(game, where))


__all__ = ["Where", "END_FAMILIES", "END_TESTS", "moved_to", "captures", "DIRECTION_CONCEPTS", "end_concepts", "concepts_of", "declared_concepts"]
