"""The positions a game remembers, as Ludii's trial does (``Trial.previousState`` and
``previousStateWithinATurn``), for ``(meta (no Repeat ...))`` and ``(is Repeat ...)``.

What is remembered (``Game.start`` and ``Game.applyInternal``): the kinds of repetition the
game's ludemes ask for decide it (Ludii's game flags: any ``no Repeat`` or ``is Repeat`` of that
kind).

- ``Positional``: the position (:func:`position`, Ludii's ``State.stateHash``) at the start, then
  after each move whose mover is not the mover of the move before it (the first move of a turn):
  the position after a turn's later moves is not remembered.
- ``Situational``: the same moves' situations (:func:`situation`, Ludii's ``State.fullHash``:
  the position and who moves, plus the players out of the game, the events raised, the players
  stalemated, the values pending, the passes, and the scores if moves set them); not the
  start's.
- ``PositionalInTurn`` / ``SituationalInTurn``: the turn's list, emptied by the first move of a
  turn, then the position (situation) after each move of the turn; the start's position for
  ``PositionalInTurn``. So the first move of a turn is judged against the previous turn's list.

A move is remembered once the end rules and the phases are done, before the next mover is
chosen (:data:`HISTORY` is updated by the game's ``after_end`` hook); no position once the game
is over. ``(no Repeat)`` (:func:`allowed`) tries each move that is not a pass (its consequences
included, not the end rules) and forbids it when the position (situation) it leaves is in the
list; when no move is left, the engine's forced pass is the move (Ludii's ``Trial.setLegalMoves``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import hidden, turns
from .arrays import PENDING, PENDING_SITES, RANKS, TRIGGERED
from .dice import DICE_FACE, TEMP
from .move import PASS, Move

if TYPE_CHECKING:
    from .game import Declarations
    from .state import State

# the state array: [the game's list, the turn's list, the consecutive passes after the latest move
# (Ludii's numConsecutivePasses before the next one), the kinds remembered]
HISTORY = "repetition"
KINDS = ("Positional", "Situational", "PositionalInTurn", "SituationalInTurn")

# the arrays of a state that Ludii's position hash (State.stateHash) holds: what its container
# states hash (pieces, counts, stacks, piece states, values and rotations, hands, the faces the
# dice rest on, what is hidden from whom) and the state's value ``temp`` (the unnamed ``(var)``,
# State.setTemp); besides them, the arrays the rules declare hashed (Game.hashed: the sites
# visited in a turn, the playable cells of a table)
_HASHED = ("count", "stack", "stack_rest", "piece_states", "piece_values", "rotation", "hand",
           "hand_sites", "hand_site_count", "hand_shared_sites", DICE_FACE, TEMP,
           *hidden.NAMES, *hidden.LEVELS.values())


def declare(d: Declarations, kind: str) -> None:
    """The game remembers positions of ``kind`` (one of :data:`KINDS`); the first call adds the
    state array and the hooks that fill it."""
    if HISTORY not in d.arrays:
        d.array(HISTORY, [(), (), 0, ()])
        d.start.append(_start)
        # first: Ludii remembers the position before it updates the sites visited
        d.after_end.insert(0, _record)
    kinds = d.arrays[HISTORY][3]
    if kind.startswith("Situational") and not any(k.startswith("Situational") for k in kinds):
        d.late.append(_every_pending)
    if kind not in kinds:
        d.arrays[HISTORY][3] = (*kinds, kind)


def position(s: State) -> int:
    """Ludii's ``State.stateHash``: the pieces of every container (what and who on each site,
    counts, stacks, states, values, rotations, hands, pieces on other kinds of site, the dice's
    faces, the hidden flags), who plays which side (a swap of players changes it), the unnamed
    variable (``temp``), the sites visited in the turn and a table's playable cells.

    Not in it, as in Ludii: the mover, the scores, the named variables (``set Var "x"``), the
    counter, the phases (Ludii hashes them only under a flag no ludeme raises), the amounts, the
    remembered values, the values pending, the players' values, the trump suit, the dice's
    current values and sum, the votes, the pot. The teams are in Ludii's hash but set once by the
    start rules here, so they never tell two positions apart."""
    from .multisite import kinds_held, pieces_array
    arrays = s.arrays
    parts: list[Any] = [tuple(s.what), tuple(s.who), s.seats]
    parts.extend(tuple(arrays[name]) for name in _HASHED if name in arrays)
    parts.extend(tuple(arrays[name]) for name in s.game.hashed)
    parts.extend(tuple(arrays[pieces_array(kind)]) for kind in kinds_held(arrays))
    return hash(tuple(parts))


def _every_pending(d: Declarations, c: Any) -> None:
    """A game that sets values pending keeps all of them (Ludii's set of pending values, which
    its situation holds), not only the one ``(value Pending)`` reads."""
    if PENDING in d.arrays:
        d.array(PENDING_SITES, [(), -1])


def _flags(s: State) -> tuple[Any, ...]:
    """What Ludii's ``State.fullHash`` holds besides the position, the movers, the scores and the
    passes: the players no longer active (``activeHash``: those ranked out), the players an
    event was raised for (``checkmatedHash``: Ludii keeps one flag per player, whatever the
    event), the players stalemated (``stalematedHash``) and the values the move set pending
    (``pendingHash``). Not the amounts: Ludii's ``amountHash`` stays 0 (its amounts are hashed
    only under a flag no ludeme raises)."""
    arrays = s.arrays
    ranks = arrays.get(RANKS)
    out = tuple(p for p, rank in enumerate(ranks) if rank) if ranks is not None else ()
    raised = 0
    for name, flags in arrays.items():
        if name.startswith(TRIGGERED):
            raised |= sum(1 << p for p, flag in enumerate(flags) if flag)
    held = arrays.get(PENDING_SITES)
    if held is not None:
        pending = frozenset(held[0]) if held[1] == s.ply else frozenset()
    else:
        one = arrays.get(PENDING)
        pending = frozenset((one[0],)) if one is not None and one[1] == s.ply else frozenset()
    return out, raised, s.stalemated, pending


def situation(s: State, passes: int) -> int:
    """Ludii's ``State.fullHash`` while a move of the mover's is made: the position, the mover,
    the next player, the previous mover, the moves already made in the turn, the consecutive
    passes before the move (``passes``), the players out, the events raised, the players
    stalemated and the values pending (:func:`_flags`); the scores when the moves set them
    (Ludii's ``scoreHash``, kept only under its HashScores flag: ``set Score``, ``addScore``)."""
    chosen = s.arrays.get("next_player")
    if s.move_again:
        nxt = s.mover
    elif chosen is not None and chosen[0]:
        nxt = chosen[0]
    else:
        nxt = turns.next_active(s, s.mover)
    scores = tuple(s.scores) if s.game.hash_scores else ()
    return hash((position(s), s.mover, nxt, s.prev, s.turn_moves, scores, passes, _flags(s)))


def _key(s: State, kind: str, passes: int) -> int:
    return situation(s, passes) if kind.startswith("Situational") else position(s)


def _start(s: State) -> None:
    """Ludii's Game.start: the position after the start rules, for the positional kinds."""
    data = s.arrays[HISTORY]
    kinds = data[3]
    now = position(s)
    data[0] = (now,) if "Positional" in kinds else ()
    data[1] = (now,) if "PositionalInTurn" in kinds else ()
    data[2] = s.passes


def _record(s: State) -> None:
    """Ludii's Game.applyInternal once the end rules ran and the game goes on: the move's
    position (situation)."""
    data = s.arrays[HISTORY]
    kinds = data[3]
    passes = data[2]
    first = s.mover != s.prev  # the first move of a turn (Ludii's mover != prev)
    game_list, turn_list = data[0], data[1]
    for kind in KINDS:
        if kind not in kinds:
            continue
        key = _key(s, kind, passes)
        if not kind.endswith("InTurn"):
            if first:
                game_list += (key,)
        elif first:
            turn_list = (key,)
        else:
            turn_list += (key,)
    if game_list is not data[0]:
        s.set_item(data, 0, game_list)
    if turn_list is not data[1]:
        s.set_item(data, 1, turn_list)
    if s.passes != passes:
        s.set_item(data, 2, s.passes)


def seen(s: State, kind: str) -> bool:
    """Ludii's ``is Repeat``: the position (situation) now is in the list of ``kind``."""
    data = s.arrays[HISTORY]
    listed = data[1] if kind.endswith("InTurn") else data[0]
    return _key(s, kind, data[2]) in listed


def allowed(s: State, moves: list[Move], kind: str) -> list[Move]:
    """Ludii's ``NoRepeat.apply`` over the legal moves: each move but a pass is tried (with its
    consequences), and kept when the position (situation) it leaves is not in the list."""
    data = s.arrays[HISTORY]
    listed = data[1] if kind.endswith("InTurn") else data[0]
    if not listed:
        return moves
    passes = s.passes
    kept = []
    for m in moves:
        if m.kind is PASS:
            kept.append(m)
            continue
        mark = s.mark()
        try:
            s.ply += 1
            turns.act(s, m)
            fresh = _key(s, kind, passes) not in listed
        finally:
            s.rollback(mark)
        if fresh:
            kept.append(m)
    return kept
