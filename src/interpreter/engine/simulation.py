"""Simulations (Ludii's ``(players 0)``, ``ModeType.Simulation``): nobody moves; every move the
rules make applies at once.

As Ludii's ``Game.moves`` in simulation mode, a position has one legal move at most: all the
moves the play rule (the first phase's) makes, computed on the position before any of them
applies, merged into one (:data:`STEP_WORD`, written ``step``). Applying it applies each of those
moves in the order the rules made them: their own effects and actions, then the consequences
(``then``) of the first one (Ludii's merged move copies the first move and adds only the
actions of the others). So ``(forEach Site (sites Board) ...)`` judges every site on the
position before the step: a generation of Conway's Game of Life.

The mover is 0 (Ludii's mover of a simulation) and stays 0: no turn passes, so Ludii's limit of
turns does not apply; the game's ply limit (10,000 moves unless ``(turnLimit N)``) still does.
When the rules make no move the position can never change again: Ludii's trial stops there
with no legal move and the game not over; here the game ends (:attr:`Termination.NO_MOVES`,
no winner: there is nobody), so that every loop over the moves stops.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .env import ROOT, Env
from .move import CHOICE, Move

if TYPE_CHECKING:
    from .state import State

STEP_WORD = "step"  # the word of a simulation's one move
STOPPED = "the simulation stopped: its rules make no move"


def parts(state: State) -> list[Move]:
    """The moves the play rule makes now, in its order, each to apply in the next step (the
    first phase's: Ludii reads phase 0; meta rules that forbid moves apply)."""
    game = state.game
    moves = list(game.phases[0].play.moves(state, ROOT))
    for allowed in game.move_filters:
        moves = list(allowed(state, moves))
    return moves


def legal_moves(state: State) -> list[Move]:
    """The step (one move made of every move of the rules), or none when the rules make none."""
    if not parts(state):
        return []
    return [Move(CHOICE, word=STEP_WORD, game_id=state.game.uid)]


def act(state: State) -> None:
    """Apply the step: each move of the rules as made on the position before it, with its own
    effects (``before``) and action, in order; then the first one's consequences (``after``)."""
    moves = parts(state)
    game = state.game
    table = game.consequences
    first_env: Env | None = None
    for i, move in enumerate(moves):
        env = Env.of_move(move) if move.rules else None
        if i == 0:
            first_env = env
        if env is not None:
            state._uncounted += 1  # worked out as Ludii lists the step: (count Moves) leaves it out
            try:
                for r in move.rules:
                    before = table[r].before
                    if before is not None:
                        before(state, env)
            finally:
                state._uncounted -= 1
        game.actions[move.kind](state, move)
        if i == 0 and move.kind is not CHOICE:
            state.last_from, state.last_to = (move.frm if move.frm >= 0 else move.to), move.to
    if moves and first_env is not None:
        for r in moves[0].rules:
            after = table[r].after
            if after is not None:
                after(state, first_env)


def action_names(state: State) -> list[str]:
    """Ludii's names of the actions of the step (``Add``, ``Remove``, ``Move``...), in order:
    how Ludii writes a simulation's move (its trace texts join them, ``Add,_Remove``)."""
    from .move import ADD, MOVE, PASS, REMOVE
    names = {ADD: "Add", REMOVE: "Remove", MOVE: "Move", PASS: "Pass", CHOICE: "Select"}
    return [names[m.kind] for m in parts(state)]




def stop_if_stuck(state: State) -> None:
    """End the simulation when its rules make no move (nothing can change any more)."""
    from .result import Termination
    from .turns import finish
    if not state.over and not parts(state):
        finish(state, (), (), True, STOPPED, Termination.NO_MOVES)


__all__ = ["STEP_WORD", "STOPPED", "parts", "legal_moves", "act", "action_names", "stop_if_stuck"]
