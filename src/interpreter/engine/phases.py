"""Phases per player (Ludii's): each player is in a phase of their own, the one whose moves
they play. A player starts in the first phase that is theirs or names no player; after every
move, for each player in turn, the first ``nextPhase`` of their phase that concerns them (it
names them, or no one) and whose condition holds sends them to its phase. The state keeps
each player's phase in the array ``player_phases`` (entry 0: the phase the last move was
played in, for that phase's end rules), and ``State.phase`` is the phase of the player to move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .env import ROOT

if TYPE_CHECKING:
    from .state import State

PLAYER_PHASES = "player_phases"
# a phase's ways out: (who: fn giving the player concerned, or None for every player;
# condition or None; target: fn of the current phase giving the phase gone to)
NextOf = tuple[Callable[["State", Any], int] | None, Callable[["State", Any], Any] | None, Callable[[int], int]]

_EVERYONE = ("Shared", "All", "Each")


def first_phases(roles: Sequence[str | None], num_players: int) -> list[int]:
    """Per player (index 0 unused), the first phase that is theirs or names no player."""
    out = [0]
    for p in range(1, num_players + 1):
        found = next((i for i, role in enumerate(roles)
                      if role is None or role in _EVERYONE or role == f"P{p}"), 0)
        out.append(found)
    return out


def phase_hooks(holder: Any) -> tuple[Callable[[State], None], Callable[[State], None]]:
    """The engine hooks of phases per player: at the start, the phase of the first player to
    move; after every move, each player's ways out tried (``holder.phase_nexts``, per phase:
    its :data:`NextOf`, filled when the rules are compiled), then the phase of the player who
    moves next."""
    def start(s: State) -> None:
        s.phase = s.arrays[PLAYER_PHASES][s.mover]

    def after(s: State) -> None:
        from .turns import next_active
        table: list[list[NextOf]] = holder.phase_nexts
        phases = s.arrays[PLAYER_PHASES]
        mover = s.mover
        if phases[0] != phases[mover]:
            s.set_item(phases, 0, phases[mover])
        for p in range(1, s.game.num_players + 1):
            current = phases[p]
            for who, cond, target in table[current]:
                if who is not None and who(s, ROOT) != p:
                    continue
                if cond is None or cond(s, ROOT):
                    goes = target(current)
                    if goes != current:
                        s.set_item(phases, p, goes)
                    break
        nxt = mover if s.move_again else next_active(s, mover)
        if s.phase != phases[nxt]:
            s.set_var("phase", phases[nxt])
    return start, after


__all__ = ["PLAYER_PHASES", "first_phases", "phase_hooks"]
