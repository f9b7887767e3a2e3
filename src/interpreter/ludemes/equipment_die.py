"""Ludii's ``die`` (``game.equipment.component.Die``): one die used as a piece, outside any
dice container: it is never rolled (``roll`` and ``forEach Die`` read the ``dice``
containers), it is turned by setting its local state."""

from __future__ import annotations

from typing import Any

from ..engine.facing import FACINGS
from ..errors import BindError
from .base import INT_LIT, MOVES_T, ROLE, STR_LIT, Enum, Param
from .structure import PieceDecl


class Die(PieceDecl):
    """A die used as a piece (Ludii's ``die``): a kind of piece with a number of faces, placed
    and moved as pieces are, never rolled (Ludii's dice that roll are a ``dice`` container's).
    Owned by ``All`` or ``Shared``: one piece named as written, which belongs to nobody.

    Parameters:
        piece_name: its name
        role: its owner (``Each``: one per player, named with their number)
        numFaces: its number of faces
        facing: the direction it faces (what ``Forward`` means for it)
        moves: its own moves (used by ``forEach Piece``)

    Examples:
        (die "Die6" All numFaces:6)
        (die "D4" Each numFaces:4)
    """

    name = "die"
    overload = False
    concepts = ("Dice",)  # Ludii's Die.concepts: not Piece's (a Piece's own)
    piece_name: Any = Param(STR_LIT)
    role: Any = Param(ROLE)
    numFaces: Any = Param(INT_LIT, named=True, range=(1, 1 << 20))
    facing: Any = Param(Enum(FACINGS, "direction"), optional=True)
    moves: Any = Param(MOVES_T, optional=True)
    flips = None
    value = None
    state = None
    maxState = None
    maxCount = None
    maxValue = None

    def validate(self) -> None:
        super().validate()
        if self.role is not None and self.role.name not in ("Each", "All", "Shared", "Neutral") and \
                not (self.role.name.startswith("P") and self.role.name[1:].isdigit()):
            raise BindError(f"a die belongs to a player, Each, All, Shared or Neutral, not {self.role.name}",
                            self.role.span)

    def owners(self, num_players: int) -> list[int]:
        if self.role is not None and self.role.name == "All":
            return [0]  # one die for everybody, as a Shared piece
        return super().owners(num_players)

    def component_data(self) -> tuple[tuple[str, int], ...]:
        return (("numFaces", self.numFaces.value),)


__all__ = ["Die"]
