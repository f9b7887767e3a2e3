"""How the players take their moves: Ludii's ``(mode ...)`` (``game.mode.Mode``, ``ModeType``).

``Alternating`` (the default): the players move in turn. ``Simultaneous``: every player
chooses a move of their own, then all the chosen moves are applied together as one (Rock,
Paper, Scissors; the iterated prisoner's dilemma): see :mod:`interpreter.engine.simultaneous`.
"""

from __future__ import annotations

from typing import Any

from .base import Enum, Ludeme, Param

MODE = "mode"
MODE_TYPES = ("Alternating", "Simultaneous", "Simulation")


class Mode(Ludeme):
    """How the players move: ``Alternating`` (in turn, the default), or ``Simultaneous``: each
    turn every player still in the game chooses one of their own moves (the moves a rule gives
    them by name, ``(move ... P2)``; a player without any passes), and the chosen moves are
    applied together, in player order, as one move; consequences marked
    ``applyAfterAllMoves:True`` run once all of them were applied. The legal moves of a
    position are the moves of every player who has not chosen yet (Ludii's list), and the
    player to move is the first of them.

    Parameters:
        mode: Alternating, Simultaneous, or Simulation: nobody moves; each move is all the
            moves the rules make, applied at once (engine.simulation; a game of ``(players 0)`` is
            one whatever its mode, a game of one player always alternates, as in Ludii)

    Examples:
        (mode Simultaneous)
        (mode Alternating)
        (mode Simulation)
    """

    name = "mode"
    kind = MODE
    mode: Any = Param(Enum(MODE_TYPES, "Alternating | Simultaneous | Simulation"))

    def declare(self, d: Any, c: Any) -> None:
        d.mode = self.mode.name
        if d.mode == "Simultaneous":
            from ..engine.simultaneous import declare
            declare(d)


__all__ = ["Mode", "MODE", "MODE_TYPES"]
