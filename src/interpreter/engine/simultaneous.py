"""Simultaneous moves (Ludii's ``(mode Simultaneous)``): every player chooses, then all the
chosen moves apply together.

A turn of a simultaneous game is a *step*. Its moves are computed once from the position, as
Ludii's ``Game.moves`` does: the play rule's moves (with the step's mover as ``Mover``), each
belonging to the player a rule names (``(move ... P2)``, :attr:`Move.mover`) or else to the
step's mover; a player still in the game with none gets a forced pass. The position's legal
moves are those of every player who has not chosen yet, in player order (Ludii's list), and
:attr:`State.mover` is the first such player (the one an agent chooses for). Applying one of
them records that player's choice (nothing moves yet); when the last player has chosen, the
choices apply as one move (Ludii's ``SimultaneousMove.applyCombinedMove``): each player's move
in player order with its consequences, except those marked ``applyAfterAllMoves:True``, which
run after all of them; then the turn ends as any other (end rules with the step's mover as
``Mover``, the next phase, the turn passing on), and the next step starts.

The choices made so far are the state array :data:`JOINT` (undo and copies keep them): its
first entry is the step's mover, then each player's choice (the index of their move in the
step's list; -1 while they have not chosen). Alternating games never reach this module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .env import ROOT, Env
from .move import CHOICE, PASS, Move

if TYPE_CHECKING:
    from .game import Declarations, Game
    from .state import State

JOINT = "joint"  # [the step's mover, the choice of P1, ..., of Pn]; -1: not chosen yet
JOINT_WORD = "simultaneous"  # the word of the move that applies every player's choice

Effect = Callable[["State", Env], None]
_deferred: dict[int, list[tuple[Effect, Env]]] = {}  # state id -> consequences waiting (one step)


def declare(d: Declarations) -> None:
    """The state array of the choices of a step (the mode declares it)."""
    d.array(JOINT, [1] + [-1] * d.num_players)


def after_all_moves(effect: Effect) -> Effect:
    """A consequence marked ``applyAfterAllMoves:True``: while the players' moves of a step
    are being applied, it waits until all of them were; otherwise it runs at once."""
    def run(s: State, e: Env) -> None:
        waiting = _deferred.get(id(s))
        if waiting is None:
            effect(s, e)
        else:
            waiting.append((effect, e))
    return run


def _active(state: State, player: int) -> bool:
    """Whether a player still plays (players ranked out of a game of several do not)."""
    return not (state.game.ranked and state.arrays["ranks"][player])


def moves_by_player(state: State) -> list[list[Move]]:
    """Per player (index 1...), their moves of the current step (a forced pass for a player
    still in the game who has none)."""
    from . import turns
    game = state.game
    joint = state.arrays[JOINT]
    step_mover = joint[0]
    saved = state.mover
    state.mover = step_mover
    state._moving.append(step_mover)
    try:
        moves = game.phases[state.phase].play.moves(state, ROOT)
        for extra in game.meta_moves:
            moves = moves + extra.moves(state, ROOT)
        for allowed in game.move_filters:
            moves = allowed(state, moves)
        moves = turns._distinct(state, list(moves))
    finally:
        state._moving.pop()
        state.mover = saved
    per: list[list[Move]] = [[] for _ in range(game.num_players + 1)]
    for m in moves:
        owner = m.mover or step_mover
        if 1 <= owner <= game.num_players:
            per[owner].append(m)
    for p in range(1, game.num_players + 1):
        if not per[p] and _active(state, p):
            per[p].append(Move(PASS, game_id=game.uid, mover=p))
    return _told_apart(per)


def _told_apart(per: list[list[Move]]) -> list[list[Move]]:
    """The step's moves with every text that several players' moves share written with its
    player, as a named player's pass is (``Bet/3-P1``, ``Bet/3-P2``): each legal move of a
    position has its own text (records, prompts), though the players choose among the same
    forms."""
    owners: dict[str, set[int]] = {}
    for p, moves in enumerate(per):
        for m in moves:
            owners.setdefault(m.text, set()).add(p)
    if all(len(players) == 1 for players in owners.values()):
        return per
    return [[m.written(f"{m.text}-P{p}") if len(owners[m.text]) > 1 else m for m in moves]
            for p, moves in enumerate(per)]


def pending(state: State) -> list[int]:
    """The players still to choose in this step, in order."""
    joint = state.arrays[JOINT]
    return [p for p in range(1, state.game.num_players + 1) if joint[p] < 0 and _active(state, p)]


def legal_moves(state: State) -> list[Move]:
    """The moves of every player who has not chosen yet, in player order."""
    if state.over:
        return []
    per = moves_by_player(state)
    return [m for p in pending(state) for m in per[p]]


def choices(state: State) -> tuple[Move, ...]:
    """The legal moves of the player to move (:attr:`State.mover`): all of them in a game of
    alternating moves; in a step of simultaneous moves, the mover's own (what an agent playing
    that player chooses among)."""
    legal = state.legal_moves()
    if not state.game.simultaneous:
        return legal
    return tuple(m for m in legal if owner(state, m) == state.mover)


def owner(state: State, move: Move) -> int:
    """The player a move of this step belongs to."""
    return move.mover or state.arrays[JOINT][0]


def play(state: State, move: Move) -> None:
    """Record a player's choice; once every player chose, apply them all (see the module docs)."""
    from . import turns
    game = state.game
    per = moves_by_player(state)
    player = owner(state, move)
    state._marks.append((state.mark(), move, state._legal))  # undo takes the choice back
    state._legal = None
    joint = state.arrays[JOINT]
    state.set_item(joint, player, per[player].index(move))
    waiting = pending(state)
    if waiting:
        state.mover = waiting[0]
        return
    state.mover = joint[0]  # the step's mover: Ludii's Mover in the consequences and end rules
    turns.turn(state, Move(CHOICE, word=JOINT_WORD, game_id=game.uid, rules=(joint_rule(game),)))
    if not state.over:
        state.set_item(joint, 0, state.mover)
        for p in range(1, game.num_players + 1):
            if joint[p] != -1:
                state.set_item(joint, p, -1)
        first = pending(state)
        state.mover = first[0] if first else state.mover


def apply_choices(state: State, e: Env) -> None:
    """The players' chosen moves, in player order, as one move (the consequence of the step's
    last choice): each with its consequences, those marked ``applyAfterAllMoves`` once all
    were applied."""
    from . import turns
    joint = state.arrays[JOINT]
    saved = state.mover
    state.mover = joint[0]
    per = moves_by_player(state)
    key = id(state)
    _deferred[key] = []
    try:
        for p in range(1, state.game.num_players + 1):
            if joint[p] >= 0:
                sub = per[p][joint[p]]
                if sub.kind is not PASS or sub.rules:  # a rule's pass has its consequences
                    turns.act(state, sub)
        waiting = _deferred.pop(key)
        for effect, frame in waiting:
            effect(state, frame)
    finally:
        _deferred.pop(key, None)
        state.mover = saved


def joint_rule(game: Game) -> int:
    """The index of the consequence that applies the players' choices (registered when the
    game was built)."""
    for index, rule in enumerate(game.consequences):
        if rule.after is apply_choices:
            return index
    raise LookupError("this game was built without simultaneous moves")


__all__ = ["JOINT", "declare", "after_all_moves", "moves_by_player", "pending", "legal_moves", "choices", "owner",
           "play", "apply_choices", "joint_rule"]
