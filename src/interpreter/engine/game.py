"""A compiled game: board tables, components, phases of compiled rules, end rules.

The game is built by :mod:`interpreter.engine.compiler` from bound ludemes; here is only the
turn machinery every game shares:

1. the mover's legal moves come from the current phase's play rule (a forced ``pass`` when
   there are none, as in Ludii);
2. applying a move runs its action, then its consequences (``then``);
3. the end rules are checked (``Mover`` is the player who just moved);
4. the phase may change (``nextPhase``), then the turn passes on, unless the move asked to
   move again (``moveAgain``);
5. every player passing in a row ends the game as a draw, and so does the turn limit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from .move import ADD, MOVE, PASS, Move
from .state import State
from .topology import Topology

Gen = Callable[[State], list[Move]]
Cond = Callable[[State], bool]
MAX_NESTED_MOVES = 4  # (no Moves ...) evaluated while computing moves, at most this deep

EndRule = Callable[[State], Optional[tuple[tuple[int, ...], tuple[int, ...], bool]]]


@dataclass
class Component:
    index: int
    name: str  # full name, e.g. "Ball1"
    base: str  # name as written, e.g. "Ball"
    owner: int  # 0 = neutral
    moves: Optional[Gen] = None  # the piece's own moves (for forEach Piece)


@dataclass
class Phase:
    name: str
    play: Gen
    next: list[tuple[Optional[Cond], int]] = field(default_factory=list)  # (condition, target phase)


class Game:
    def __init__(self, name: str, topology: Topology, num_players: int, components: list[Component]):
        self.name = name
        self.topology = topology
        self.num_players = num_players
        self.components = components  # index 0 is the empty placeholder
        self.owner_of = [c.owner for c in components]
        self.component_index = {c.name: c.index for c in components}
        self.phases: list[Phase] = []
        self.end_rules: list[EndRule] = []
        self.start: list[Callable[[State], None]] = []
        self.turn_limit = max(3 * topology.n, 300)
        self.extra_vars: tuple[str, ...] = ()
        self.options: list[str] = []
        self.info: dict[str, str] = {}
        self.description: Any = None  # the Expanded source
        self.ludemes: Any = None  # the bound (game ...) ludeme
        self.concepts: set[str] = set()
        self.team_of = list(range(num_players + 1))  # each player is their own team by default
        from .notation import Notation
        self.notation = Notation(self)

    # --- players ------------------------------------------------------------------------------------
    def next_of(self, player: int) -> int:
        return player % self.num_players + 1

    def prev_of(self, player: int) -> int:
        return (player - 2) % self.num_players + 1

    def friends(self, a: int, b: int) -> bool:
        """Same player or teammates."""
        return a != 0 and b != 0 and self.team_of[a] == self.team_of[b]

    def team(self, player: int) -> tuple[int, ...]:
        return tuple(p for p in range(1, self.num_players + 1) if self.team_of[p] == self.team_of[player])

    # --- states -------------------------------------------------------------------------------------
    def initial_state(self) -> State:
        state = State(self)
        for rule in self.start:
            rule(state)
        state._log.clear()
        state._marks.clear()
        state._legal = None
        return state

    def state_from_text(self, text: str) -> State:
        from .position import read_position
        return read_position(self, text)

    def legal_moves(self, state: State) -> list[Move]:
        if state.over:
            return []
        phase = self.phases[state.phase]
        play = phase.play
        moves = play(state)
        if not moves:
            return [Move(PASS)]
        if getattr(play, "unique", False):
            return moves  # a single generator that never repeats itself nor clashes
        seen: set = set()
        unique = []
        adds: dict[int, int] = {}
        clash = False
        for m in moves:
            k = m.key()
            if k not in seen:
                seen.add(k)
                unique.append(m)
                if m.kind == ADD:
                    if adds.setdefault(m.to, m.what) != m.what:
                        clash = True
        if clash:
            # several pieces could go on one site: the piece becomes part of the text (2@C3);
            # copies, since rules may share their move objects between positions
            unique = [m.with_prefix(self.piece_tag(m.what)) if m.kind == ADD else m for m in unique]
        return unique

    def piece_tag(self, what: int) -> str:
        """How a placement names its piece when that is a choice: the owner's number for
        pieces declared for Each player, else the piece's name."""
        comp = self.components[what]
        if comp.owner and comp.name == f"{comp.base}{comp.owner}":
            return str(comp.owner)
        return comp.name

    def act(self, state: State, move: Move, as_last: bool = True) -> None:
        """A move's own action, then its consequences (journaled; the turn does not change).
        ``as_last``: the move becomes ``(last From)``/``(last To)`` (not for moves produced by a
        rule used as an effect, which are part of another move)."""
        kind = move.kind
        if kind != PASS and as_last:
            state.set_var("last_from", move.frm)
            state.set_var("last_to", move.to)
        if kind == ADD:
            state.place(move.to, move.what)
        elif kind == MOVE:
            what = state.what[move.frm]
            state.clear(move.frm)
            state.place(move.to, what)
        if move.effect is not None:
            state.c_from, state.c_to = move.frm, move.to
            move.effect(state)
        if move.then is not None:
            state.c_from, state.c_to = move.frm, move.to
            move.then(state)

    def holds_after(self, state: State, move: Move, cond: Cond) -> bool:
        """Try ``move`` (action and consequences, same mover), test ``cond``, take it back."""
        mark = len(state._log)
        saved = (state.c_to, state.c_from, state.c_between, state.c_site, state.c_player)
        self.act(state, move)
        ok = bool(cond(state))
        state.rollback(mark)
        state.c_to, state.c_from, state.c_between, state.c_site, state.c_player = saved
        return ok

    def real_moves_for(self, state: State, player: int) -> list[Move]:
        """The moves ``player`` would have now (no forced pass), without changing the state."""
        if state._nested >= MAX_NESTED_MOVES:
            from ..errors import LudError
            raise LudError("the rules look for legal moves inside the legal moves too deeply "
                           f"(more than {MAX_NESTED_MOVES} levels)",
                           hint="a (no Moves ...) inside (play ...) asks for the moves it is computing")
        state._nested += 1
        saved = state.mover
        saved_ctx = (state.c_to, state.c_from, state.c_between, state.c_site, state.c_player)
        state.mover = player
        try:
            return self.phases[state.phase].play(state)
        finally:
            state._nested -= 1
            state.mover = saved
            state.c_to, state.c_from, state.c_between, state.c_site, state.c_player = saved_ctx

    def play_move(self, state: State, move: Move) -> None:
        """Apply a legal move and everything that follows from it (journaled for undo)."""
        state._marks.append((len(state._log), move, state._legal))  # undo restores the moves too
        state._legal = None
        mover = state.mover
        state.set_var("last_mover", mover)
        phase_before = state.phase
        if move.kind == PASS:
            state.set_var("passes", state.passes + 1)
        elif state.passes:
            state.set_var("passes", 0)
        self.act(state, move)
        state.set_var("ply", state.ply + 1)
        self._check_end(state)
        if not state.over:
            if state.phase == phase_before:  # an effect may already have chosen the next phase
                self._next_phase(state, mover)
            again = state.move_again
            if again:
                state.set_var("move_again", False)
            else:
                state.set_var("mover", self.next_of(mover))

    def _check_end(self, state: State) -> None:
        for rule in self.end_rules:
            outcome = rule(state)
            if outcome is not None:
                winners, losers, draw = outcome
                self.finish(state, winners, losers, draw, "rule")
                return
        if state.passes >= self.num_players:
            self.finish(state, (), (), True, "all players passed")
        elif state.ply >= self.turn_limit:
            self.finish(state, (), (), True, "turn limit")

    def finish(self, state: State, winners, losers, draw: bool, reason: str) -> None:
        # a player's victory (or defeat) is their team's
        winners = {q for p in winners for q in self.team(p)}
        losers = {q for p in losers for q in self.team(p)} - winners
        state.set_var("over", True)
        state.set_var("winners", tuple(sorted(set(winners))))
        state.set_var("losers", tuple(sorted(set(losers))))
        state.set_var("draw", bool(draw) or not winners)
        state.set_var("reason", reason)

    def _next_phase(self, state: State, mover: int) -> None:
        phase = self.phases[state.phase]
        for cond, target in phase.next:
            if cond is None or cond(state):
                if target != state.phase:
                    state.set_var("phase", target)
                return

    # --- display --------------------------------------------------------------------------------------
    def render(self, state: State) -> str:
        from .render import render_text
        return render_text(state)

    def __repr__(self) -> str:
        return f"<Game {self.name!r} {self.num_players}p {self.topology.n} sites>"
